"""A seat's cards as a position: its concealed hand, its exposed groups (discards taken,
Q7), the cards it has seen elsewhere, and the options in force. Parsed and validated in
one place, for the command line's flags and files and the service's requests.

>>> p = Position.from_json({"hand": "9c 1s 1m 2c 3c", "melds": ["5s 6s 7s"],
...                         "eye6": "wilkinson"})
>>> p.total, [g.name for g in p.melds], p.rules.eye6
(8, ['sequence'], 'wilkinson')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.errors import HandSizeError, PositionError
from advisor.forms import split_melds
from advisor.games.fields import CardFields, json_fields
from advisor.games.position import CountedPosition
from advisor.qing.cards import (
    PACK,
    Card,
    Counts,
    cards_of,
    counts_of,
    format_cards,
    parse_card,
    parse_cards,
    sub,
)
from advisor.qing.rules import OPTIONS, Rules
from advisor.qing.solver import HAND_SIZE, Group, meld_of
from advisor.qing.view import MAX_PLAYERS, MIN_PLAYERS, View

FIELDS = ("eye6", "extras_replace", "options", "hand", "melds", "seen")


@dataclass(frozen=True)
class Position(CountedPosition[Rules, Group]):
    """Concealed hand, exposed groups, cards seen elsewhere, and the rules. Its ``total``
    is 14 at rest, 15 when the seat wins or discards."""

    @property
    def target(self) -> int:
        """Concealed cards the seat wins with (15 less its exposed cards)."""
        return HAND_SIZE - self.meld_size

    @property
    def eye_exposed(self) -> bool:
        return any(g.kind == "eye" for g in self.melds)

    @property
    def unseen(self) -> Counts:
        """Copies of each kind neither among the seat's own cards nor seen elsewhere."""
        return sub(sub(PACK, self.own), self.seen)

    @classmethod
    def build(cls, *, hand: object, melds: object = (), seen: object = (),
              rules: Rules | None = None) -> Position:
        """Parse and validate each field; errors name the field and the token."""
        rules = rules or Rules()
        fields = CardFields(PACK, lambda text, left: parse_cards(text, limit=left),
                            index=lambda c: c.index,
                            together="the hand, melds and seen cards together")
        hand_cards = fields.take("hand", hand)
        if isinstance(melds, str):
            melds = split_melds(melds)
        if isinstance(melds, (list, tuple)) and all(isinstance(m, str) for m in melds):
            melds = split_melds(melds)  # "2c 3c 4c; 9c 1s 1m" typed in one field
        laid = fields.groups("melds", melds, lambda cards: meld_of(cards, rules), "groups")
        seen_cards = fields.take("seen", seen)
        meld_counts = counts_of(c for g in laid for c in g.cards)
        pos = cls(rules, counts_of(hand_cards), tuple(laid), counts_of(seen_cards), meld_counts)
        if pos.total > HAND_SIZE:
            raise HandSizeError(f"hand: {pos.hand_size} cards in hand and {sum(meld_counts)} "
                                f"exposed make {pos.total}; a seat holds at most {HAND_SIZE} "
                                "(Q5, Q6)", field="hand")
        return pos

    @classmethod
    def from_json(cls, obj: object) -> Position:
        """A position from its JSON object: ``hand`` (a string or a list of codes),
        ``melds`` (a list of groups), ``seen``, ``eye6``, ``extras_replace`` (or the last
        two inside ``options``)."""
        given = json_fields(obj, FIELDS, {"hand": "the concealed cards"},
                            objects=("options",))
        assert isinstance(obj, dict)  # json_fields has checked it
        options = given("options", {})
        opts = {**options, **{k: obj[k] for k in OPTIONS if given(k, None) is not None}}
        return cls.build(hand=given("hand", None), melds=given("melds", []),
                         seen=given("seen", []), rules=Rules.from_json(opts))

    def to_json(self) -> dict[str, Any]:
        """The JSON object (round-trips with :meth:`from_json`)."""
        out: dict[str, Any] = {**self.rules.to_json(), "hand": format_cards(self.hand),
                               "melds": [" ".join(g.codes) for g in self.melds]}
        if any(self.seen):
            out["seen"] = format_cards(self.seen)
        return out


ADVICE_FIELDS = ("offer", "players", "stock_left")
"""What an advice's position says beyond the seat's cards: the table and the decision."""


def view_of_position(obj: object) -> View:
    """The VIEW a typed position spells (seat 0 to act, the dealer): the seat's cards
    (:class:`Position`'s fields) with ``offer`` (the discard on offer from the seat on
    the right: the seat is at rest, 14 cards) or none (the seat holds 15: win or throw),
    ``players`` (default 4) and ``stock_left`` (by default what the cards known leave
    once the other hands are dealt). Errors name the field.

    >>> v = view_of_position({"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF",
    ...                       "offer": "3s"})
    >>> v.phase, v.offer.code, v.offer_by, v.hand_sizes, v.stock_left
    ('offer', '3s', 3, (14, 14, 14, 14), 63)
    """
    if not isinstance(obj, dict):
        raise PositionError("a position must be a JSON object", field="$")
    extra = {k: obj[k] for k in ADVICE_FIELDS if obj.get(k) is not None}
    pos = Position.from_json({k: v for k, v in obj.items() if k not in ADVICE_FIELDS})
    players = extra.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or \
            not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError(f"players: a number from {MIN_PLAYERS} to {MAX_PLAYERS}",
                            field="players")
    offer_text = extra.get("offer")
    want = HAND_SIZE if offer_text is None else HAND_SIZE - 1
    if pos.total != want:
        why = "a turn: win or throw" if offer_text is None else "at rest, a discard on offer"
        raise PositionError(f"hand: hand + melds make {pos.total}; advice needs {want} ({why})",
                            field="hand")
    pile = cards_of(pos.seen)
    offer: Card | None = None
    if offer_text is not None:
        offer = pos.offered(offer_text, parse_card,  # a copy not held nor seen (Q1)
                            lambda c, left: parse_cards([c.code], limit=left), PACK)
        pile.append(offer)
    sizes = [pos.hand_size] + [HAND_SIZE - 1] * (players - 1)
    unknown = sum(PACK) - sum(pos.own) - len(pile)
    room = unknown - sum(sizes[1:])
    stock_left = extra.get("stock_left", room)
    if not isinstance(stock_left, int) or isinstance(stock_left, bool) or \
            not 0 <= stock_left <= room:
        raise PositionError(f"stock_left: from 0 to {room} (the cards not seen less the other "
                            "hands)", field="stock_left")
    melds = tuple(pos.melds if s == 0 else () for s in range(players))
    return View(0, "turn" if offer is None else "offer", players, 0, 0, pos.rules, pos.hand,
                melds, tuple(pile), offer, None if offer is None else players - 1,
                tuple(sizes), stock_left)


__all__ = ["ADVICE_FIELDS", "FIELDS", "Position", "meld_of", "view_of_position"]
