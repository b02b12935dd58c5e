"""Play many deals between bots: win shares and settlements with confidence intervals.

With ``duplicate``, each deal is played four times with the players rotated one seat
each time, so every player gets every hand: luck of the deal cancels out of the
comparison.

>>> s = simulate(["greedy", "random", "random", "random"], games=4, seed=1)
>>> s.deals, len(s.players)
(4, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.chan.game import SEATS, Game
from advisor.chan.seats import make_bot
from advisor.errors import AdvisorError
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot
from advisor.games.simulate import PlayerStats, RunSummary, latency_summary, run
from advisor.games.simulate import play as play_deal


@dataclass
class Summary(RunSummary):
    """What a simulation run measured (``rules``: the profile's name)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "rules": self.rules, "duplicate": self.duplicate,
            "deals": self.deals, "games": self.games, **self.players_json(),
            **self.work_json(per_second_digits=1),
            "advisor_latency_ms": {str(p): latency_summary(v) for p, v in self.latencies.items()},
        }


def play(game: Game, bots: Sequence[Bot]) -> tuple[int, int]:
    """Play one deal to its end; returns (moves, bot decisions). Decisions with a single
    legal action (forced moves) are played without asking the bot."""
    return play_deal(game, bots, game.rules)


def games_of(*, games: int, seed: int = 0, duplicate: bool = False, rules: str = "house",
             first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run, each with its rotation r: player p sits at seat (p + r) mod 4.
    Deal k is dealt from ``random.Random(f"{seed}:{k}")``, k counting from ``first``; with
    ``duplicate`` it is played four times, the players rotated one seat each time,
    otherwise once (r = 0).

    >>> [(r, g.dealer) for r, g in games_of(games=1, seed=1, duplicate=True)][:2]
    [(0, 0), (1, 0)]
    """
    for k in range(first, first + games):
        deal = Game.from_deal(rng=random.Random(f"{seed}:{k}"), rules=rules)
        hands = [deal.hand(s) for s in range(SEATS)]
        for r in range(SEATS if duplicate else 1):
            yield r, Game(hands, deal.initial_stock, deal.dealer, rules=rules)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement and whether it won (Chắn scores only the winner's hand)."""
    result = game.result
    assert result is not None
    return [(result.payments[s], result.winner == s, 0) for s in range(SEATS)]


def simulate(
    specs: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    duplicate: bool = False,
    rules: str = "house",
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_game: Callable[[Game, list[str]], None] | None = None,
    first: int = 0,
) -> Summary:
    """Play ``games`` deals (each four times with ``duplicate``) between the players
    named by ``specs`` (player p sits at seat p, rotated by one seat per replay).
    The deals are those of :func:`games_of`, so a long run can be split into slices
    (``first``) and the slices merged."""
    if len(specs) != SEATS:
        raise AdvisorError(f"seats: {len(specs)} seat specs given; a table has {SEATS}",
                           field="seats")
    if games < 1:
        raise AdvisorError("games: at least one deal", field="games")
    bots = [make_bot(s, seed=seed * 1009 + p, time_limit=time_limit)
            for p, s in enumerate(specs)]
    summary = Summary(list(specs), seed, duplicate, rules,
                      [PlayerStats(p, s) for p, s in enumerate(specs)])
    run(summary, bots, games_of(games=games, seed=seed, duplicate=duplicate, rules=rules,
                                first=first),
        rules=rules, outcome=outcome, on_game=on_game)
    return summary


__all__ = ["PlayerStats", "Summary", "games_of", "latency_summary", "outcome", "play",
           "simulate"]
