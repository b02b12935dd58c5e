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

from advisor.chan.cards import EMPTY, Counts, Face, format_cards
from advisor.chan.game import SeatState, discard_problem
from advisor.chan.pairing import (
    NO_MELDS,
    WIN_SIZE,
    Discard,
    Exposed,
    Pairing,
    Useful,
    discard_rows,
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


def discard_table(hand: Counts, exposed: Exposed = NO_MELDS, seen: Counts = EMPTY,
                  seat: SeatState | None = None) -> list[Discard]:
    """For a hand that owes a discard (hand + melds = 20): every distinct discard with the
    unpaired count, distance, waits and useful faces it leaves — best first.

    Legality is the engine's (:func:`~advisor.chan.game.discard_problem`): with the seat's
    memory (``seat``, as the engine keeps it) R3 and R7 apply too; without it, only R2 (a
    face held exactly two or four times stays). Illegal discards come last, with the rule.

    >>> from advisor.chan.cards import parse_cards, counts_of
    >>> rows = discard_table(counts_of(parse_cards(
    ...     "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m 8s")))
    >>> rows[0].face.code, [w.face.code for w in rows[0].waits]
    ('7m', ['9v', '9s', '9m'])
    >>> [(r.face.code, r.rule) for r in rows if not r.legal][:2]
    [('7v', 'R2'), ('4v', 'R2')]
    """
    state = seat if seat is not None else SeatState(list(hand), hand)

    def rule_of(f: Face) -> str | None:
        problem = discard_problem(state, f)
        return problem[0] if problem else None

    return discard_rows(hand, exposed, seen, rule_of)


@dataclass(frozen=True)
class Analysis:
    """What a seat's cards are worth now and what they wait for."""

    position: Position
    pairing: Pairing
    chan: int
    ca: int
    distance: int | None
    win: bool
    waits: tuple[Useful, ...]
    useful: tuple[Useful, ...]
    discards: tuple[Discard, ...]

    @property
    def cards(self) -> int:
        return self.position.total

    @property
    def why_not_waiting(self) -> str | None:
        """For 19 cards one card from a set of pairs that no card completes, why (W1, W2);
        None otherwise."""
        if self.cards != 19 or self.distance != 1 or self.waits:
            return None
        if [f.code for f in self.pairing.lone] == ["cc"]:
            return ("a win on Chi chi needs exactly 6 Chắn and 4 Cạ (W2), and pairing this "
                    f"Chi chi would make {self.chan + 1} Chắn")
        return "no card completes a winning set of ten pairs (W1, W2)"

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
    """Analyze a hand of 19 cards (hand + melds: waiting for a card) or 20 (owing a
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
        w: tuple[Useful, ...] = ()
        useful: tuple[Useful, ...] = ()
        table = tuple(discard_table(hand, exposed, seen))
    else:
        win = False
        w = tuple(waits(hand, exposed, seen))
        unseen = unseen_counts(hand, exposed, seen)
        # A waiting hand's useful cards are its waits (W2 included); otherwise, the faces
        # that bring it one card closer.
        useful = w if d == 1 else tuple(
            Useful(f, unseen[f.index]) for f in useful_faces(hand, exposed))
        table = ()
    return Analysis(pos, p, p.chan + exposed.chan, p.ca + exposed.ca, d, win, w, useful, table)
