"""Analysis of a position: the declaration if the hand is complete, else its distance,
the cards that would lower it (at rest) or the discard table (owing a card).

>>> from advisor.khanhoo.position import Position
>>> a = analyze(Position.build(hand="Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"))
>>> a.out, a.distance, [u.card.code for u in a.useful]
(False, 1, ['2c', 'Jk'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from advisor.errors import HandSizeError
from advisor.games.analysis import HandAnalysis
from advisor.khanhoo.cards import format_cards
from advisor.khanhoo.melds import (
    DiscardRow,
    Useful,
    discard_table,
    distance,
    unseen_counts,
    useful_cards,
)
from advisor.khanhoo.position import Position
from advisor.khanhoo.scoring import ScoreResult, score


@dataclass(frozen=True)
class Analysis(HandAnalysis[Position, ScoreResult, Useful, DiscardRow]):
    """What a seat's cards are worth now and what they wait for."""

    @property
    def out(self) -> bool:
        return self.score.out

    @property
    def at_rest(self) -> bool:
        return self.position.total == self.position.target

    def head(self) -> dict[str, Any]:
        pos = self.position
        out: dict[str, Any] = {
            **pos.rules.to_json(), "cards": pos.total, "target": pos.target,
            "hand": format_cards(pos.hand), "melds": [m.codes for m in pos.melds],
            "out": self.out, "distance": self.distance,
        }
        if self.out:
            out["score"] = self.score.to_json()
        return out


def analyze(pos: Position) -> Analysis:
    """Analyze 15 cards (hand + melds, at rest: the useful cards) or 16 (owing a card:
    the discard table); 6 or 7 for the orphan."""
    if pos.total not in (pos.target, pos.target + 1):
        raise HandSizeError(
            f"hand: hand + melds make {pos.total} cards; an analysis needs {pos.target} (at "
            f"rest) or {pos.target + 1} (owing a discard) (K4, K6)", field="hand")
    result = score(pos)
    target = pos.concealed_target
    d = 0 if result.out else distance(pos.hand, pos.rules, target, pos.own)
    useful: tuple[Useful, ...] = ()
    table: tuple[DiscardRow, ...] = ()
    if pos.total == pos.target:
        if not result.out:
            unseen = unseen_counts(pos.own, pos.seen, pos.rules)
            useful = tuple(Useful(c, unseen[c.index])
                           for c in useful_cards(pos.hand, pos.rules, target, pos.own))
    else:
        table = tuple(discard_table(pos.hand, pos.rules, target, pos.own, pos.seen))
        if result.out:  # a row going out gives the deal's score, as the score does (K8)
            best = max(r.points or 0 for r in table if r.out)
            table = tuple(replace(r, points=(r.points or 0) + result.points - best)
                          if r.out else r for r in table)
    return Analysis(pos, result, d, useful, table)


__all__ = ["Analysis", "analyze"]
