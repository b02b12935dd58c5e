"""A seat's cards as a position: its concealed hand, its exposed groups (discards taken,
Q7), the cards it has seen elsewhere, and the options in force. Parsed and validated in
one place, for the command line's flags and files and the service's requests.

>>> p = Position.from_json({"hand": "9c 1s 1m 2c 3c", "melds": ["5s 6s 7s"],
...                         "eye6": "wilkinson"})
>>> p.total, [g.name for g in p.melds], p.rules.eye6
(8, ['sequence'], 'wilkinson')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import HandSizeError, MeldError, PositionError
from advisor.forms import split_melds
from advisor.games.fields import CardFields, in_field
from advisor.qing.cards import (
    EMPTY,
    PACK,
    Card,
    Counts,
    add,
    counts_of,
    format_cards,
    parse_cards,
    sub,
)
from advisor.qing.rules import OPTIONS, Rules, identify
from advisor.qing.solver import HAND_SIZE, Group, group_of

FIELDS = ("eye6", "extras_replace", "options", "hand", "melds", "seen")


def meld_of(cards: Sequence[Card], rules: Rules, exposed: bool = True) -> Group:
    """The eye or boy that an exposed group's cards make (Q7: a taken discard is shown in
    an eye or a boy); a :class:`MeldError` when they make none.

    >>> from advisor.qing.cards import parse_cards
    >>> meld_of(parse_cards("5c 5s 5c"), Rules()).name
    'triplet'
    >>> meld_of(parse_cards("5c 6c RF"), Rules(extras_replace=True)).to_json()["flowers_as"]
    ['4c']
    """
    real: dict[int, int] = {}
    for c in cards:
        real[c.index] = real.get(c.index, 0) + 1
    p = identify(real, 0, rules)
    flowers = [c for c in cards if c.flower]
    if p is None and flowers and rules.extras_replace:
        numerals = {k: n for k, n in real.items() if not (k >= 27)}
        p = identify(numerals, len(flowers), rules)
        if p is not None:
            return group_of(p, numerals, flowers, exposed)
    if p is None:
        text = format_cards(cards)
        raise MeldError(f"'{text}' is not an eye or a boy (Q2, Q3, Q7)", token=text)
    return group_of(p, real, (), exposed)


@dataclass(frozen=True)
class Position:
    """Concealed hand, exposed groups, cards seen elsewhere, and the rules."""

    rules: Rules
    hand: Counts
    melds: tuple[Group, ...] = ()
    seen: Counts = EMPTY
    meld_counts: Counts = field(default=EMPTY, repr=False)

    @property
    def hand_size(self) -> int:
        return sum(self.hand)

    @property
    def total(self) -> int:
        """Concealed and exposed cards: 14 at rest, 15 when the seat wins or discards."""
        return self.hand_size + sum(self.meld_counts)

    @property
    def target(self) -> int:
        """Concealed cards the seat wins with (15 less its exposed cards)."""
        return HAND_SIZE - sum(self.meld_counts)

    @property
    def own(self) -> Counts:
        return add(self.hand, self.meld_counts)

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
        if not isinstance(melds, (list, tuple)):
            raise PositionError("melds: expected a list of groups", field="melds")
        if all(isinstance(m, str) for m in melds):  # "2c 3c 4c; 9c 1s 1m" typed in one field
            melds = split_melds(melds)
        laid = []
        for n, m in enumerate(melds):
            cards = fields.take(f"melds[{n}]", m)
            laid.append(in_field(f"melds[{n}]", lambda: meld_of(cards, rules)))  # noqa: B023
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
        if not isinstance(obj, dict):
            raise PositionError("a position must be a JSON object", field="$")
        unknown = sorted(set(obj) - set(FIELDS))
        if unknown:
            raise PositionError(f"{unknown[0]}: unknown field (known: {', '.join(FIELDS)})",
                                field=unknown[0])
        if obj.get("hand") is None:
            raise PositionError("hand: missing (the concealed cards)", field="hand")
        options = obj.get("options") or {}
        if not isinstance(options, dict):
            raise PositionError("options: expected an object", field="options")
        opts = {**options, **{k: obj[k] for k in OPTIONS if obj.get(k) is not None}}
        rules = Rules.from_json(opts)
        melds = obj.get("melds")
        seen = obj.get("seen")
        return cls.build(hand=obj["hand"], melds=[] if melds is None else melds,
                         seen=[] if seen is None else seen, rules=rules)

    def to_json(self) -> dict[str, Any]:
        """The JSON object (round-trips with :meth:`from_json`)."""
        out: dict[str, Any] = {**self.rules.to_json(), "hand": format_cards(self.hand),
                               "melds": [" ".join(g.codes) for g in self.melds]}
        if any(self.seen):
            out["seen"] = format_cards(self.seen)
        return out


__all__ = ["FIELDS", "Position", "meld_of"]
