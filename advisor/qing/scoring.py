"""Scoring a hand (Q5) and settling a deal (Q8).

>>> from advisor.qing.position import Position
>>> r = score(Position.build(hand="9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"))
>>> r.win, [g.name for g in r.groups]
(True, ['Tiger', 'sequence', 'sequence', 'triplet'])
>>> score(Position.build(hand="9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 2s")).to_json()["distance"]
1
>>> settlement(4, 2)
(-1, -1, 3, -1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.errors import HandSizeError
from advisor.qing.position import Position
from advisor.qing.rules import Rules
from advisor.qing.solver import HAND_SIZE, Group, solver


@dataclass(frozen=True)
class ScoreResult:
    """Whether 15 cards win, and one way they do (groups with their extras); otherwise
    the distance (cards to exchange to win)."""

    win: bool
    rules: Rules
    cards: int
    groups: tuple[Group, ...] = ()
    distance: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"win", "groups": [{"kind", "name", "cards", "extras"}], "cards", "options"}``
        with ``distance`` when the hand does not win."""
        out: dict[str, Any] = {"win": self.win, "groups": [g.to_json() for g in self.groups],
                               "cards": self.cards}
        if not self.win:
            out["distance"] = self.distance
        out["options"] = self.rules.to_json()
        return out


def score(pos: Position) -> ScoreResult:
    """Do the 15 cards (concealed and exposed) win (Q5)? A 14-card hand never does; its
    distance is given."""
    if pos.total not in (HAND_SIZE - 1, HAND_SIZE):
        raise HandSizeError(f"hand: hand + melds make {pos.total} cards; a score needs "
                            f"{HAND_SIZE} (or {HAND_SIZE - 1}, at rest) (Q5)", field="hand")
    s = solver(pos.rules)
    if pos.total == HAND_SIZE:
        d = s.decompose(pos.hand, pos.melds)
        if d is not None:
            return ScoreResult(True, pos.rules, pos.total, d.groups, 0)
    dist = s.distance(pos.hand, eye=pos.eye_exposed, target=pos.target, own=pos.own)
    return ScoreResult(False, pos.rules, pos.total, (), dist)


def settlement(players: int, winner: int | None) -> tuple[int, ...]:
    """Q8: each player stakes 1; the winner takes the pot (+(n−1)), each other player
    loses his stake (−1); a drawn deal returns the stakes (all 0).

    >>> settlement(3, None)
    (0, 0, 0)
    """
    if winner is None:
        return (0,) * players
    return tuple(players - 1 if s == winner else -1 for s in range(players))


__all__ = ["ScoreResult", "score", "settlement"]
