"""A seat's cards as a position (the rules page's Interfaces section): parsed and
validated in one place, for the CLI's flags and files and the service's requests.

>>> p = Position.from_json({"sets": 2, "jokers": 1, "hand": "Ah 2c 3d", "melds": ["7d 7d Js"]})
>>> p.rules.describe(), p.hand_size, [m.code for m in p.melds], p.total
('2 sets + 1 Joker (61 cards), 2-set table', 3, ['royal_j'], 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.errors import MeldError, PositionError
from advisor.forms import split_melds
from advisor.games.fields import CardFields, json_fields
from advisor.games.position import CountedPosition
from advisor.khanhoo.cards import (
    JOKER,
    Card,
    cards_of,
    counts_of,
    format_cards,
    parse_card,
    parse_cards,
)
from advisor.khanhoo.melds import HAND_SIZE, ORPHAN_SIZE, Combination
from advisor.khanhoo.rules import OPTION_HELP, Rules, table_pack
from advisor.khanhoo.view import MAX_TURNS, Offered, TableSeat, View

FIELDS = ("sets", "jokers", "options", "hand", "melds", "seen", "orphan")


def meld_of(cards: Sequence[Card], rules: Rules) -> Combination:
    """The combination a laid meld makes (its best-scoring reading, K2 for Jokers);
    a :class:`MeldError` when it makes none.

    >>> from advisor.khanhoo.cards import parse_cards
    >>> meld_of(parse_cards("Js Jk 7d"), Rules()).code
    'royal_j'
    """
    real: dict[int, int] = {}
    for c in cards:
        if c.index != JOKER:
            real[c.index] = real.get(c.index, 0) + 1
    jokers = sum(c.index == JOKER for c in cards)
    found = rules.identify(real, jokers)
    if not found:
        codes = format_cards(cards)
        raise MeldError(f"'{codes}' is not a combination of the table in force (K2, K5)",
                        token=codes)
    return Combination.of(found[0], list(cards))


@dataclass(frozen=True)
class Position(CountedPosition[Rules, Combination]):
    """Concealed hand, laid melds (combinations taken from discards, K5), the cards seen
    and the rules; whether the seat is the orphan (K7). Its ``total`` is 15 at rest, 16
    when a card is owed (6 and 7 for the orphan)."""

    orphan: bool = False

    @property
    def target(self) -> int:
        """Cards the seat goes out with: 15, or 6 for the orphan (K6, K7)."""
        return ORPHAN_SIZE if self.orphan else HAND_SIZE

    @property
    def concealed_target(self) -> int:
        """Concealed cards the seat goes out with (the target less its melds)."""
        return self.target - self.meld_size

    @property
    def meld_points(self) -> int:
        return sum(m.points for m in self.melds)

    @classmethod
    def build(cls, *, hand: str | Sequence[str], melds: Sequence[str | Sequence[str]] = (),
              sets: object = 2, jokers: object = 1, options: Mapping[str, Any] | None = None,
              seen: str | Sequence[str] = (), orphan: object = False) -> Position:
        """Parse and validate each field; errors name the field and the token."""
        rules = Rules.build(sets, jokers, options)
        fields = CardFields(rules.pack.counts,
                            lambda text, left: parse_cards(text, limit=left, pack=rules.pack),
                            index=lambda c: c.index,
                            together="the hand, melds and seen cards together")
        take = fields.take
        hand_cards = take("hand", hand)
        laid = fields.groups("melds", melds, lambda cards: meld_of(cards, rules),
                             "combinations")
        seen_cards = take("seen", seen)
        if not isinstance(orphan, bool):
            raise PositionError("orphan: must be true or false", field="orphan")
        pos = cls(rules, counts_of(hand_cards), tuple(laid), counts_of(seen_cards),
                  counts_of(c for m in laid for c in m.cards), orphan)
        if pos.total > pos.target + 1:
            raise PositionError(
                f"hand: {pos.hand_size} cards in hand and {pos.meld_size} in melds make "
                f"{pos.total}; a seat holds at most {pos.target + 1} (K3, K6)", field="hand")
        return pos

    @classmethod
    def from_json(cls, obj: object) -> Position:
        """A position from its JSON object (already decoded)."""
        given = json_fields(obj, FIELDS, {"hand": "the concealed cards"},
                            objects=("options",))
        assert isinstance(obj, dict)  # json_fields has checked it

        options = given("options", {})
        return cls.build(hand=obj["hand"], melds=given("melds", []), sets=given("sets", 2),
                         jokers=given("jokers", 1), options=options, seen=given("seen", []),
                         orphan=given("orphan", False))

    def to_json(self) -> dict[str, Any]:
        """The JSON object (round-trips with :meth:`from_json`)."""
        out: dict[str, Any] = {**self.rules.to_json(), "hand": format_cards(self.hand),
                               "melds": [" ".join(m.codes) for m in self.melds]}
        if any(self.seen):
            out["seen"] = format_cards(self.seen)
        if self.orphan:
            out["orphan"] = True
        return out


def position_from_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """The position object that typed fields spell (the CLI's flags: ``hand``, ``melds``
    separated by ``;`` or ``|``, ``sets``, ``jokers``, ``seen``, ``orphan``, each option of
    the rules as a flag, and any other field as it is), to be validated by
    :meth:`Position.from_json` like a file.

    >>> position_from_fields({"hand": "Ah 2c", "melds": ["3d 3d 3d; 4h 5h 6h"],
    ...                       "jokers": 2, "trio": True, "seen": None})
    {'hand': 'Ah 2c', 'melds': ['3d 3d 3d', '4h 5h 6h'], 'jokers': 2, 'options': {'trio': True}}
    """
    fields = dict(fields)
    obj: dict[str, Any] = {"hand": fields.pop("hand")}
    obj["melds"] = split_melds(fields.pop("melds", ()))
    for name in ("sets", "jokers", "seen", "orphan"):
        value = fields.pop(name, None)
        if value is not None:
            obj[name] = value
    options = {name: True for name in OPTION_HELP if fields.pop(name, None)}
    if options:
        obj["options"] = options
    obj.update({k: v for k, v in fields.items() if v is not None})
    return obj


ADVICE_FIELDS = ("players", "offer", "from", "turn", "stock_left")
"""What an advice's position says beyond the seat's cards: the table and the decision."""


def view_of_position(obj: object) -> View:
    """The VIEW a typed position spells (seat 0 to act): the seat's cards (:class:`Position`'s
    fields) and, for a claim, the discard on offer (``offer``) and who threw it (``from``:
    ``"left"`` — the seat is the next player — or ``"other"``), and optionally ``players``
    (default 3; the pack, unless ``sets`` or ``jokers`` is given, the one K1 deals to
    that many), ``turn`` (turns each opponent has played, default 0; their discards are
    unknown) and ``stock_left`` (by default what the pack holds beyond the hands, the
    melds and the seen cards). ``null`` for any of them means "not given". Errors name
    the field.

    >>> v = view_of_position({"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c"})
    >>> v.phase, v.players, len(v.hand), v.stock_left
    ('turn', 3, 16, 16)
    """
    if not isinstance(obj, dict):
        raise PositionError("a position must be a JSON object", field="$")
    extra = {k: obj[k] for k in ADVICE_FIELDS if obj.get(k) is not None}
    players = extra.get("players", 3)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise PositionError("players: a number of players from 2 to 5", field="players")
    given = {k: v for k, v in obj.items() if k not in ADVICE_FIELDS}
    if given.get("sets") is None and given.get("jokers") is None:  # the table's pack (K1)
        given["sets"], given["jokers"] = table_pack(players)
    pos = Position.from_json(given)
    offer = extra.get("offer")
    relation = extra.get("from", "left")
    if relation not in ("left", "other"):
        raise PositionError("from: 'left' (the seat is the next player) or 'other'",
                            field="from")
    want = pos.target + 1 if offer is None else pos.target
    if pos.total != want:
        why = "a turn: one card to throw" if offer is None else "at rest, a discard on offer"
        raise PositionError(f"hand: hand + melds make {pos.total}; advice needs {want} ({why})",
                            field="hand")
    turn = extra.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn <= MAX_TURNS:
        # the table is built with that many discards per opponent: bounded by a deal's
        raise PositionError(f"turn: the turns each opponent has played, from 0 to "
                            f"{MAX_TURNS} (a deal's limit)", field="turn")
    seat = 0
    melds = tuple(tuple(m.cards) for m in pos.melds)
    table = tuple(TableSeat(melds, False, pos.hand_size, pos.target, ()) if s == seat else
                  TableSeat((), False, HAND_SIZE, HAND_SIZE, (None,) * turn)  # unknown discards
                  for s in range(players))
    pile = list(cards_of(pos.seen))
    offered = None
    if offer is not None:
        x = pos.offered(offer, parse_card,  # a copy not held nor seen (K1)
                        lambda c, left: parse_cards([c.code], limit=left, pack=pos.rules.pack),
                        pos.rules.pack.counts)
        offered = Offered(x, players - 1 if relation == "left" else 1 % players)
        pile.append(x)
    # the stock: what the pack holds beyond the hands, the melds and the pile
    held = sum(t.cards + sum(len(m) for m in t.melds) for t in table)
    room = max(0, pos.rules.pack.size - held - len(pile))
    stock_left = extra.get("stock_left", room)
    if not isinstance(stock_left, int) or isinstance(stock_left, bool) or \
            not 0 <= stock_left <= room:
        raise PositionError(f"stock_left: from 0 to {room} (the cards not seen less the other "
                            "hands)", field="stock_left")
    return View(pos.rules, players, seat, None, None, seat if pos.orphan else None,
                "turn" if offer is None else "claim", seat, tuple(cards_of(pos.hand)), None,
                stock_left, False, 0, 0, MAX_TURNS, tuple(pile), offered, table)


__all__ = ["ADVICE_FIELDS", "FIELDS", "Position", "meld_of", "position_from_fields",
           "view_of_position"]
