"""Analysis of a position: for 14 cards (at rest), the distance and the useful cards
(``waits``: one card from a win, the cards that complete the hand; further, the cards
that, drawn or taken, bring it a card closer) with their unseen copies; for 15, whether
they win and every discard with the distance and useful cards it leaves, best first.

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
from advisor.qing.cards import CARDS, PACK, Card, Counts, codes, minus, plus
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


def useful_of(pos: Position, hand: Counts, distance: int) -> tuple[Useful, ...]:
    """The useful cards of a concealed hand one card short at ``distance``: at 1 its
    waits; further, the kinds that, drawn or taken (and the best card thrown), leave the
    hand a card closer to a win (as mahjong's *ukeire*).

    >>> a = analyze(Position.build(hand="9c 1s 4m 2c 3c 4c 5s 6s 8s 8s 5m 5m 2m 7c"))
    >>> a.distance, [(u.card.code, u.unseen) for u in a.waits]
    (3, [('8c', 4), ('7s', 4), ('8s', 2), ('1m', 4), ('3m', 4), ('8m', 4)])
    """
    if distance <= 0:
        return ()
    if distance == 1:
        return waits_of(pos, hand)
    s = solver(pos.rules)
    unseen = pos.unseen
    return tuple(Useful(CARDS[k], unseen[k]) for k in range(len(hand))
                 if pos.own[k] < PACK[k] and
                 s.distance(plus(hand, k), eye=pos.eye_exposed, target=pos.target,
                            own=plus(pos.own, k)) < distance)


def discard_rows(pos: Position) -> tuple[DiscardRow, ...]:
    """Every distinct discard of a 15-card position, best first (smallest distance, then
    most unseen waits). The waits are counted for a discard one card from a win; further
    out, the useful cards of the hand each discard leaves are one :func:`analyze` away
    (of those 14 cards): counting them for all fifteen would cost a distance a kind and
    a discard, some 0.2 s a hand."""
    s = solver(pos.rules)
    after = {k: minus(pos.hand, k) for k in range(len(pos.hand)) if pos.hand[k]}
    dist = {k: s.distance(h, eye=pos.eye_exposed, target=pos.target, own=pos.own)
            for k, h in after.items()}
    rows = [DiscardRow(CARDS[k], d, waits_of(pos, after[k]) if d == 1 else ())
            for k, d in dist.items()]
    rows.sort(key=lambda r: (r.distance, -r.unseen, -r.card.index))
    return tuple(rows)


@dataclass(frozen=True)
class Analysis(HandAnalysis[Position, ScoreResult, Useful, DiscardRow]):
    """What a seat's cards are worth now and what they wait for (its ``waits``: the
    useful cards of a hand at rest — one card from a win, those that complete it;
    further, those that bring it a card closer)."""

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
        return Analysis(pos, result, d, useful_of(pos, pos.hand, d), ())
    return Analysis(pos, result, d, (), discard_rows(pos))


__all__ = ["Analysis", "DiscardRow", "Useful", "analyze", "discard_rows", "useful_of", "waits_of"]
