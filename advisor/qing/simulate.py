"""Play many Qing Kanhu deals between bots: win shares and settlements (Q8: the winner
takes the pot, +(n−1); each other player −1; a drawn deal returns the stakes).

A player is a seat spec; player p sits at seat p. With ``duplicate``, each deal is played
once per seat rotation, so every player gets every hand.

>>> s = simulate(["greedy", "random"], games=2, seed=1)
>>> s.deals, [p.deals for p in s.players]
(2, [2, 2])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import AdvisorError
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot
from advisor.games.simulate import PlayerStats, RunSummary, run
from advisor.games.simulate import play as play_deal
from advisor.qing.game import HOWS, MAX_PLAYERS, MIN_PLAYERS, Game
from advisor.qing.rules import Rules
from advisor.qing.seats import make_bot


@dataclass
class Summary(RunSummary):
    """What a simulation run measured (``rules``: the :class:`Rules` in force), with how
    the deals were won."""

    hows: dict[str, int] = field(default_factory=dict)

    def merge(self, other: RunSummary) -> None:
        super().merge(other)
        assert isinstance(other, Summary)
        for how, n in other.hows.items():
            self.hows[how] = self.hows.get(how, 0) + n

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "options": self.rules.to_json(), "duplicate": self.duplicate,
            "deals": self.deals, "games": self.games, **self.players_json(),
            "wins_by": dict(sorted(self.hows.items())),
            **self.work_json(),
        }


def play(game: Game, bots: Sequence[Bot]) -> tuple[int, int]:
    """Play one deal to its end; returns (moves, bot decisions)."""
    return play_deal(game, bots, game.rules.to_json())


def games_of(players: int, *, games: int, seed: int = 0, duplicate: bool = False,
             rules: Rules | None = None, first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run, each with its rotation r: player p sits at seat (p + r) mod
    ``players``. Deal k is dealt from ``random.Random(f"qing:{seed}:{k}")``, k counting from
    ``first``; with ``duplicate`` it is played once per rotation.

    >>> [(r, g.dealer) for r, g in games_of(3, games=1, seed=1, duplicate=True)]
    [(0, 2), (1, 2), (2, 2)]
    """
    rules = rules or Rules()
    for k in range(first, first + games):
        deal = Game.from_deal(players, rng=random.Random(f"qing:{seed}:{k}"), rules=rules)
        hands = [s.dealt for s in deal.seats]
        for r in range(players if duplicate else 1):
            yield r, Game(hands, deal.initial_stock, deal.dealer, rules=rules, cut=deal.cut)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement (Q8) and whether it won."""
    result = game.result
    assert result is not None
    return [(pay, result.winner == s, 0) for s, pay in enumerate(result.settlement)]


def simulate(specs: Sequence[str], *, games: int, seed: int = 0, duplicate: bool = False,
             eye6: str = "culin", extras_replace: bool = False, rules: Rules | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT,
             on_game: Callable[[Game, list[str]], None] | None = None,
             first: int = 0) -> Summary:
    """Play ``games`` deals (each once per rotation with ``duplicate``) between the players
    named by ``specs`` (2–6 of them), under the options ``eye6`` and ``extras_replace``
    (or ``rules``). Deals come from :func:`games_of`, so a run splits into slices
    (``first``) that merge."""
    n = len(specs)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise AdvisorError(f"seats: {n} seat specs given; a table has {MIN_PLAYERS} to "
                           f"{MAX_PLAYERS} players", field="seats")
    if games < 1:
        raise AdvisorError("games: at least one deal", field="games")
    rules = rules or Rules(eye6, bool(extras_replace))
    bots = [make_bot(s, seed=seed * 1009 + p, time_limit=time_limit)
            for p, s in enumerate(specs)]
    summary = Summary(list(specs), seed, duplicate, rules,
                      [PlayerStats(p, s) for p, s in enumerate(specs)])

    def tally(game: Game, r: int) -> None:
        result = game.result
        assert result is not None
        how = result.how or "drawn"
        summary.hows[how] = summary.hows.get(how, 0) + 1

    run(summary, bots, games_of(n, games=games, seed=seed, duplicate=duplicate, rules=rules,
                                first=first),
        rules=rules.to_json(), outcome=outcome, after=tally, on_game=on_game)
    return summary


__all__ = ["HOWS", "PlayerStats", "Summary", "games_of", "outcome", "play", "simulate"]
