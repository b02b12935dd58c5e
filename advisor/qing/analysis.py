"""Analysis of a position: for 14 cards (at rest), the distance and the waits with their
unseen copies; for 15, whether they win and every discard with the distance and waits it
leaves, best first.

>>> from advisor.qing.position import Position
>>> a = analyze(Position.build(hand="9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF"))
>>> a.distance, [(w.card.code, w.unseen) for w in a.waits]
(1, [('1c', 4), ('5c', 4), ('1s', 3), ('4s', 4), ('9s', 4), ('1m', 3), ('RF', 3), ('WF', 4),
     ('OT', 4)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from advisor.errors import HandSizeError
from advisor.games.analysis import HandAnalysis
from advisor.games.useful import Useful as UsefulCard
from advisor.qing.cards import CARDS, Card, Counts, codes, minus
from advisor.qing.position import Position
from advisor.qing.scoring import ScoreResult, score
from advisor.qing.solver import HAND_SIZE, solver

Useful = UsefulCard[Card]
"""A card kind that helps, and how many copies are unseen (every game's ``Useful``)."""


@dataclass(frozen=True)
class DiscardRow:
    """A discard and the hand it leaves: its distance and waits."""

    card: Card
    distance: int
    waits: tuple[Useful, ...]

    @property
    def unseen(self) -> int:
        return sum(w.unseen for w in self.waits)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "distance": self.distance,
                "waits": [w.to_json() for w in self.waits], "waits_unseen": self.unseen}


def waits_of(pos: Position, hand: Counts) -> tuple[Useful, ...]:
    """The waits of a concealed hand one card short (with the seat's exposed groups)."""
    unseen = pos.unseen  # a card the seat throws is seen: it does not come back
    return tuple(Useful(CARDS[k], unseen[k])
                 for k in solver(pos.rules).waits(hand, pos.eye_exposed, pos.own))


def discard_rows(pos: Position) -> tuple[DiscardRow, ...]:
    """Every distinct discard of a 15-card position, best first (smallest distance, then
    most unseen waits)."""
    s = solver(pos.rules)
    rows = []
    for k in range(len(pos.hand)):
        if not pos.hand[k]:
            continue
        after = minus(pos.hand, k)
        d = s.distance(after, eye=pos.eye_exposed, target=pos.target, own=pos.own)
        waits = waits_of(pos, after) if d == 1 else ()
        rows.append(DiscardRow(CARDS[k], d, waits))
    rows.sort(key=lambda r: (r.distance, -r.unseen, -r.card.index))
    return tuple(rows)


@dataclass(frozen=True)
class Analysis(HandAnalysis[Position, ScoreResult, Useful, DiscardRow]):
    """What a seat's cards are worth now and what they wait for (its ``waits``: the
    useful cards of a hand at rest, one card from a win)."""

    useful_key: ClassVar[str] = "waits"

    @property
    def win(self) -> bool:
        return self.score.win

    @property
    def waits(self) -> tuple[Useful, ...]:
        return self.useful

    @property
    def at_rest(self) -> bool:
        return self.position.total == HAND_SIZE - 1

    def head(self) -> dict[str, Any]:
        pos = self.position
        out: dict[str, Any] = {**pos.rules.to_json(), "cards": pos.total,
                               "hand": " ".join(codes(pos.hand)),
                               "melds": [g.codes for g in pos.melds], "win": self.win,
                               "distance": self.distance}
        if self.win:
            out["groups"] = [g.to_json() for g in self.score.groups]
        return out


def analyze(pos: Position) -> Analysis:
    """Analyze 14 cards (the distance and waits) or 15 (the win, and the discards)."""
    if pos.total not in (HAND_SIZE - 1, HAND_SIZE):
        raise HandSizeError(f"hand: hand + melds make {pos.total} cards; an analysis needs "
                            f"{HAND_SIZE - 1} (at rest) or {HAND_SIZE} (to win or discard) "
                            "(Q5, Q6)", field="hand")
    result = score(pos)
    d = 0 if result.win else result.distance
    assert d is not None
    if pos.total == HAND_SIZE - 1:
        waits = waits_of(pos, pos.hand) if d == 1 else ()
        return Analysis(pos, result, d, waits, ())
    return Analysis(pos, result, d, (), discard_rows(pos))


__all__ = ["Analysis", "DiscardRow", "Useful", "analyze", "discard_rows", "waits_of"]
