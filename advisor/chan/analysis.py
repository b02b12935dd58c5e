"""Analysis of a position: pairing, distance, waits, useful faces and the discard table.

>>> from advisor.chan.position import Position
>>> a = analyze(Position.build(
...     hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"))
>>> a.distance, [w.face.code for w in a.waits]
(1, ['3v', '3s', '3m'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.chan.cards import format_cards
from advisor.chan.pairing import (
    WIN_SIZE,
    Discard,
    Pairing,
    Wait,
    discard_table,
    distance,
    is_win,
    pairing,
    unseen_counts,
    useful_faces,
    waits,
)
from advisor.chan.position import Position
from advisor.errors import HandSizeError

SIZES = (WIN_SIZE - 1, WIN_SIZE)


@dataclass(frozen=True)
class Analysis:
    """What a seat's cards are worth now and what they wait for."""

    position: Position
    pairing: Pairing
    chan: int
    ca: int
    distance: int | None
    win: bool
    waits: tuple[Wait, ...]
    useful: tuple[Wait, ...]
    discards: tuple[Discard, ...]

    @property
    def cards(self) -> int:
        return self.position.total

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON: one object per position, stable keys."""
        p = self.pairing
        out: dict[str, Any] = {
            "rules": self.position.rules,
            "cards": self.cards,
            "hand": format_cards(self.position.final_hand),
            "melds": [m.codes for m in self.position.exposed.melds],
            "pairing": {
                "chan": p.chan, "ca": p.ca, "unpaired": p.unpaired,
                "groups": [{"kind": g.kind, "cards": [f.code for f in g.faces]} for g in p.groups],
            },
            "chan": self.chan,
            "ca": self.ca,
            "unpaired": p.unpaired,
            "distance": self.distance,
            "win": self.win,
            "waits": [w.to_json() for w in self.waits],
            "useful": [w.to_json() for w in self.useful],
        }
        if self.cards == WIN_SIZE:
            out["discards"] = [d.to_json() for d in self.discards]
        return out


def analyze(pos: Position) -> Analysis:
    """Analyse a hand of 19 cards (hand + melds: waiting for a card) or 20 (owing a
    discard, or complete). A winning card, if given, counts as part of the hand."""
    hand, exposed = pos.final_hand, pos.exposed
    if pos.total not in SIZES:
        raise HandSizeError(
            f"hand: hand + melds make {pos.total} card{'s' * (pos.total != 1)}; analysis needs "
            f"19 (waiting for a "
            f"card) or 20 (owing a discard) (W1)",
            field="hand",
        )
    p = pairing(hand)
    seen = pos.seen
    d = distance(hand, exposed)
    if pos.total == WIN_SIZE:
        win = is_win(hand, exposed, pos.winning_card)
        w: tuple[Wait, ...] = ()
        useful: tuple[Wait, ...] = ()
        table = tuple(discard_table(hand, exposed, seen))
    else:
        win = False
        w = tuple(waits(hand, exposed, seen))
        unseen = unseen_counts(hand, exposed, seen)
        # A waiting hand's useful cards are its waits (W2 included); otherwise, the faces
        # that bring it one card closer.
        useful = w if d == 1 else tuple(
            Wait(f, unseen[f.index]) for f in useful_faces(hand, exposed))
        table = ()
    return Analysis(pos, p, p.chan + exposed.chan, p.ca + exposed.ca, d, win, w, useful, table)
