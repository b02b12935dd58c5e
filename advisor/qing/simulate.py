"""Qing Kanhu deals played between bots (see :mod:`advisor.games.simulate` for the run):
win shares and settlements — Q8: the winner takes the pot, +(n−1), each other player
−1, a drawn deal returns the stakes — and how the deals were won.

>>> from advisor.registry import game
>>> s = game("qing").simulate(["greedy", "random"], games=2, seed=1)
>>> s.hows, s.draws
({'draw': 1, 'discard': 1}, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.games.simulate import PlayerStats, RunSummary, add_counts, rotations
from advisor.games.spec import Run
from advisor.qing.game import HOWS, Game
from advisor.qing.rules import Rules


@dataclass
class Summary(RunSummary):
    """What a simulation run measured (``rules``: the :class:`Rules` in force), with how
    the deals were won."""

    hows: dict[str, int] = field(default_factory=dict)

    def merge(self, other: RunSummary) -> None:
        super().merge(other)
        assert isinstance(other, Summary)
        add_counts(self.hows, other.hows)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "options": self.rules.to_json(), "duplicate": self.duplicate,
            "deals": self.deals, "games": self.games, **self.players_json(),
            "wins_by": dict(sorted(self.hows.items())),
            **self.work_json(),
        }


def games_of(players: int, *, games: int, seed: int = 0, duplicate: bool = False,
             rules: Rules | None = None, first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run (:func:`advisor.games.simulate.rotations`): deal k is dealt from
    ``random.Random(f"qing:{seed}:{k}")``.

    >>> [(r, g.dealer) for r, g in games_of(3, games=1, seed=1, duplicate=True)]
    [(0, 2), (1, 2), (2, 2)]
    """
    rules = rules or Rules()

    def deal(k: int) -> Game:
        return Game.from_deal(players, rng=random.Random(f"qing:{seed}:{k}"), rules=rules)

    def again(d: Game) -> Game:
        return Game([s.dealt for s in d.seats], d.initial_stock, d.dealer, rules=rules,
                    cut=d.cut)

    return rotations(deal, again, players=players, games=games, first=first,
                     duplicate=duplicate)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement (Q8) and whether it won."""
    result = game.result
    assert result is not None
    return [(pay, result.winner == s, 0) for s, pay in enumerate(result.settlement)]


def start(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
          eye6: str = "culin", extras_replace: bool = False,
          rules: Rules | None = None) -> Run[Game]:
    """A run under the options ``eye6`` and ``extras_replace`` (or ``rules``), counting
    how the deals were won."""
    rules = rules or Rules(eye6, bool(extras_replace))
    summary = Summary(list(specs), seed, duplicate, rules,
                      [PlayerStats(p, s) for p, s in enumerate(specs)])

    def label(how: str, r: int) -> None:
        summary.hows[how] = summary.hows.get(how, 0) + 1

    def tally(game: Game, r: int) -> None:
        result = game.result
        assert result is not None
        label(result.how or "drawn", r)

    return Run(summary, games_of(len(specs), games=games, seed=seed, duplicate=duplicate,
                                 rules=rules, first=first), tally, label)


__all__ = ["HOWS", "PlayerStats", "Summary", "games_of", "outcome", "start"]
