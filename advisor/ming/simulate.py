"""Play many Ming Kanhu deals between bots: deal scores and settlements (M7).

A player is a seat spec; player p sits at seat p. With ``duplicate``, each deal is played
once per seat rotation, so every player gets every hand: the luck of the deal cancels out
of the comparison.

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
from advisor.games.simulate import PlayerStats, RunSummary, latency_summary, run
from advisor.games.simulate import play as play_deal
from advisor.ming.game import MAX_PLAYERS, MIN_PLAYERS, Game
from advisor.ming.seats import make_bot


@dataclass
class Summary(RunSummary):
    """What a simulation run measured; ``tricks`` and ``bonuses`` per player."""

    tricks: list[int] = field(default_factory=list)
    bonuses: list[int] = field(default_factory=list)

    def merge(self, other: RunSummary) -> None:
        """Add another slice of the same run (same players, other deals)."""
        super().merge(other)
        assert isinstance(other, Summary)
        self.tricks = [a + b for a, b in zip(self.tricks, other.tricks)]
        self.bonuses = [a + b for a, b in zip(self.bonuses, other.bonuses)]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed, "duplicate": self.duplicate, "deals": self.deals,
            "games": self.games, "players": [p.to_json() for p in self.players],
            "tricks": list(self.tricks), "bonuses": list(self.bonuses), "ties": self.draws,
            **self.work_json(),
        }
        if self.latencies:
            out["advisor_latency_ms"] = {str(p): latency_summary(t)
                                         for p, t in sorted(self.latencies.items())}
        return out


def play(game: Game, bots: Sequence[Bot]) -> tuple[int, int]:
    """Play one deal to its end; returns (moves, bot decisions)."""
    return play_deal(game, bots, {"players": game.players})


def games_of(players: int, *, games: int, seed: int = 0, duplicate: bool = False,
             first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run, each with its rotation r: player p sits at seat (p + r) mod
    ``players``. Deal k is dealt from ``random.Random(f"ming:{seed}:{k}")``, k counting
    from ``first``; with ``duplicate`` it is played once per rotation.

    >>> [(r, g.eldest) for r, g in games_of(3, games=1, seed=1, duplicate=True)]
    [(0, 1), (1, 1), (2, 1)]
    """
    for k in range(first, first + games):
        deal = Game.from_deal(players, rng=random.Random(f"ming:{seed}:{k}"))
        for r in range(players if duplicate else 1):
            yield r, Game(deal.dealt, deal.stock, deal.dealer)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement (M7), whether it had the highest score alone, and its
    deal score."""
    r = game.result
    assert r is not None
    return [(r.settlement[s], r.winner == s, r.scores[s]) for s in range(game.players)]


def simulate(
    specs: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    duplicate: bool = False,
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_game: Callable[[Game, list[str]], None] | None = None,
    first: int = 0,
) -> Summary:
    """Play ``games`` deals (each once per rotation with ``duplicate``) between the 2 or
    3 players named by ``specs`` (player p at seat p, rotated per replay)."""
    n = len(specs)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise AdvisorError(f"seats: {n} seat specs given; Ming Kanhu is for 2 or 3 players "
                           "(M2)", field="seats")
    if games < 1:
        raise AdvisorError("games: at least one deal", field="games")
    bots = [make_bot(s, seed=seed * 1009 + p, time_limit=time_limit) for p, s in enumerate(specs)]
    summary = Summary(list(specs), seed, duplicate, {"players": n},
                      [PlayerStats(p, s, scored=True) for p, s in enumerate(specs)],
                      tricks=[0] * n, bonuses=[0] * n)

    def tally(game: Game, r: int) -> None:
        res = game.result
        assert res is not None
        for s in range(n):
            summary.tricks[(s - r) % n] += res.tricks[s]
            summary.bonuses[(s - r) % n] += res.bonuses[s]

    run(summary, bots, games_of(n, games=games, seed=seed, duplicate=duplicate, first=first),
        rules={"players": n}, outcome=outcome, after=tally, on_game=on_game)
    return summary


__all__ = ["Summary", "games_of", "outcome", "play", "simulate"]
