"""Play many deals between bots: win shares and settlements with confidence intervals.

With ``duplicate``, each deal is played four times with the players rotated one seat
each time, so every player gets every hand: luck of the deal cancels out of the
comparison.

>>> from advisor.registry import game
>>> s = game("chan").simulate(["greedy", "random", "random", "random"], games=4, seed=1)
>>> s.deals, len(s.players)
(4, 4)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.chan.game import SEATS, Game
from advisor.chan.profiles import PROFILES
from advisor.errors import AdvisorError
from advisor.games.simulate import PlayerStats, RunSummary, latency_summary, rotations
from advisor.games.spec import Run


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


def games_of(*, games: int, seed: int = 0, duplicate: bool = False, rules: str = "house",
             first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run (:func:`advisor.games.simulate.rotations`): deal k is dealt from
    ``random.Random(f"{seed}:{k}")``.

    >>> [(r, g.dealer) for r, g in games_of(games=1, seed=1, duplicate=True)][:2]
    [(0, 0), (1, 0)]
    """

    def deal(k: int) -> Game:
        return Game.from_deal(rng=random.Random(f"{seed}:{k}"), rules=rules)

    def again(d: Game) -> Game:
        return Game([d.hand(s) for s in range(SEATS)], d.initial_stock, d.dealer, rules=rules)

    return rotations(deal, again, players=SEATS, games=games, first=first,
                     duplicate=duplicate)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement and whether it won (Chắn scores only the winner's hand)."""
    result = game.result
    assert result is not None
    return [(result.payments[s], result.winner == s, 0) for s in range(SEATS)]


def start(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
          rules: str = "house") -> Run[Game]:
    """A run under the rules profile ``rules``."""
    if rules not in PROFILES:
        raise AdvisorError(f"rules: '{rules}' is not one of {', '.join(PROFILES)}",
                           field="rules", token=rules)
    summary = Summary(list(specs), seed, duplicate, rules,
                      [PlayerStats(p, s) for p, s in enumerate(specs)])
    return Run(summary, games_of(games=games, seed=seed, duplicate=duplicate, rules=rules,
                                 first=first))


__all__ = ["PlayerStats", "Summary", "games_of", "latency_summary", "outcome", "start"]
