"""Ming Kanhu deals played between bots (the run and its seats, duplicate deals
included: :mod:`advisor.games.simulate`): deal scores and their settlements (M7), with
each player's tricks won and bonus points.

>>> from advisor.registry import game
>>> s = game("ming").simulate(["greedy", "random"], games=2, seed=1)
>>> s.tricks, s.bonuses
([13, 7], [14, 0])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.games.simulate import PlayerStats, RunSummary, latency_summary, rotations
from advisor.games.spec import Run
from advisor.ming.game import Game


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


def games_of(players: int, *, games: int, seed: int = 0, duplicate: bool = False,
             first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run (:func:`advisor.games.simulate.rotations`): deal k is dealt from
    ``random.Random(f"ming:{seed}:{k}")``.

    >>> [(r, g.eldest) for r, g in games_of(3, games=1, seed=1, duplicate=True)]
    [(0, 1), (1, 1), (2, 1)]
    """
    return rotations(lambda k: Game.from_deal(players, rng=random.Random(f"ming:{seed}:{k}")),
                     lambda d: Game(d.dealt, d.stock, d.dealer), players=players,
                     games=games, first=first, duplicate=duplicate)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement (M7), whether it had the highest score alone, and its
    deal score."""
    r = game.result
    assert r is not None
    return [(r.settlement[s], r.winner == s, r.scores[s]) for s in range(game.players)]


def start(specs: Sequence[str], *, games: int, seed: int, duplicate: bool,
          first: int) -> Run[Game]:
    """A run between the 2 or 3 players named by ``specs`` (M2): tricks and bonuses are
    counted per player besides the settlements."""
    n = len(specs)
    summary = Summary(list(specs), seed, duplicate, {"players": n},
                      [PlayerStats(p, s, scored=True) for p, s in enumerate(specs)],
                      tricks=[0] * n, bonuses=[0] * n)

    def tally(game: Game, r: int) -> None:
        res = game.result
        assert res is not None
        add(res.tricks, res.bonuses, r)

    def add(tricks: Sequence[int], bonuses: Sequence[int], r: int) -> None:
        for s in range(n):
            summary.tricks[(s - r) % n] += tricks[s]
            summary.bonuses[(s - r) % n] += bonuses[s]

    def label(how: str, r: int) -> None:  # a game on the core: "t0 t1 … b0 b1 …"
        counts = list(map(int, how.split()))
        add(counts[:n], counts[n:], r)

    return Run(summary, games_of(n, games=games, seed=seed, duplicate=duplicate, first=first),
               tally, label)


__all__ = ["Summary", "games_of", "outcome", "start"]
