"""The rules in force: the pack, the table of combinations and the named options.

A :class:`Rules` is a pack (sets, Jokers) plus boolean options; it is hashable and
selects its table of combinations as data (:attr:`Rules.kinds`, :attr:`Rules.patterns`).
Nothing else in the code asks which table is in force: it reads the patterns.

* Two or four sets: the 2-set table (Aces … Double Khanhoo).
* Three sets (the variation, K9): the single rows plus the *triple* rows; the double
  rows only with ``variation_keeps_doubles``.
* ``trio`` (K10) adds Trio and Quartette, whatever the pack.

A *pattern* is one concrete combination as a multiset of card kinds (a Sequence
``4h 5h 6h``, a Royal group ``Js 7d 7d`` …). A hand's cards form a pattern when their
real cards fit in it and Jokers fill the rest (K2).

>>> r = Rules()
>>> [k.code for k in r.kinds][:4]
['aces', 'sequence', 'triplet', 'courts']
>>> Rules(sets=3, jokers=2).kind("triple_khanhoo").points
25
>>> "double_triplet" in {k.code for k in Rules(sets=3, jokers=2).kinds}
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from advisor.errors import RulesError
from advisor.khanhoo.cards import (
    JS,
    KS,
    QS,
    SET_KINDS,
    Card,
    Pack,
    index_of,
)

MAX_SETS = 4
MAX_JOKERS = 5
SEQUENCE_MAX = 9

H, C, D = 0, 1, 2
AH, C2, D3 = index_of(H, 1), index_of(C, 2), index_of(D, 3)
ROYAL_PARTNER = {JS: index_of(D, 7), QS: index_of(C, 8), KS: index_of(H, 9)}
"""Each court's numeral in a Royal group: 7♦ for J♠, 8♣ for Q♠, 9♥ for K♠."""


@dataclass(frozen=True)
class Kind:
    """A row of a table: code, name, points and the rule that defines it."""

    code: str
    name: str
    points: int
    rule: str

    def __repr__(self) -> str:
        return f"Kind({self.code!r}, {self.points})"


_KIND_LIST = [
    Kind("aces", "Aces", 1, "K2"),
    Kind("sequence", "Sequence", 1, "K-run"),
    Kind("triplet", "Triplet", 2, "K2"),
    Kind("courts", "Courts", 3, "K2"),
    Kind("royal_j", "Royal group of J", 4, "K2"),
    Kind("royal_q", "Royal group of Q", 4, "K2"),
    Kind("royal_k", "Royal group of K", 4, "K2"),
    Kind("khanhoo", "Khanhoo", 5, "K2"),
    Kind("double_triplet", "Double triplet", 10, "K2"),
    Kind("double_courts", "Double courts", 10, "K2"),
    Kind("double_khanhoo", "Double Khanhoo", 15, "K2"),
    Kind("triple_aces", "Triple aces", 6, "K9"),
    Kind("triple_sequence", "Triple sequence", 3, "K9"),
    Kind("triple_triplet", "Triple triplet", 9, "K9"),
    Kind("triple_courts", "Triple courts", 12, "K9"),
    Kind("reverse_j", "Reverse group of J", 4, "K9"),
    Kind("reverse_q", "Reverse group of Q", 4, "K9"),
    Kind("reverse_k", "Reverse group of K", 4, "K9"),
    Kind("triple_royal_j", "Triple group of J", 8, "K9"),
    Kind("triple_royal_q", "Triple group of Q", 8, "K9"),
    Kind("triple_royal_k", "Triple group of K", 8, "K9"),
    Kind("triple_khanhoo", "Triple Khanhoo", 25, "K9"),
    Kind("trio", "Trio", 6, "K10"),
    Kind("quartette", "Quartette", 12, "K10"),
]
KINDS: dict[str, Kind] = {k.code: k for k in _KIND_LIST}
SINGLE = ("aces", "sequence", "triplet", "courts", "royal_j", "royal_q", "royal_k", "khanhoo")
DOUBLE = ("double_triplet", "double_courts", "double_khanhoo")
TRIPLE = ("triple_aces", "triple_sequence", "triple_triplet", "triple_courts", "reverse_j",
          "reverse_q", "reverse_k", "triple_royal_j", "triple_royal_q", "triple_royal_k",
          "triple_khanhoo")
TRIO = ("trio", "quartette")


@dataclass(frozen=True)
class Pattern:
    """One concrete combination: a kind and the card kinds it holds (``need``, sparse:
    ``((index, copies), …)`` in pack order). ``run`` is ``(suit, first, last)`` for a
    Sequence, which K-run compares with the hand's other Sequences."""

    kind: Kind
    need: tuple[tuple[int, int], ...]
    run: tuple[int, int, int] | None = None
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", sum(n for _, n in self.need))

    @property
    def points(self) -> int:
        return self.kind.points

    def cards(self) -> list[Card]:
        """The cards of the pattern, in pack order."""
        from advisor.khanhoo.cards import CARDS

        return [CARDS[i] for i, n in self.need for _ in range(n)]

    def fits(self, real: Mapping[int, int], jokers: int) -> bool:
        """Do these real cards (kind → copies) and Jokers make exactly this pattern?"""
        need = dict(self.need)
        if any(need.get(i, 0) < n for i, n in real.items() if n):
            return False
        return sum(real.values()) + jokers == self.size


def _sparse(indices: Iterable[int]) -> tuple[tuple[int, int], ...]:
    c: dict[int, int] = {}
    for i in indices:
        c[i] = c.get(i, 0) + 1
    return tuple(sorted(c.items()))


def _patterns(codes: set[str]) -> tuple[Pattern, ...]:
    out: list[Pattern] = []

    def add(code: str, indices: Iterable[int], run: tuple[int, int, int] | None = None) -> None:
        if code in codes:
            out.append(Pattern(KINDS[code], _sparse(indices), run))

    for s in (H, C, D):
        for a in range(1, SEQUENCE_MAX - 1):
            for b in range(a + 2, SEQUENCE_MAX + 1):
                add("sequence", (index_of(s, r) for r in range(a, b + 1)), (s, a, b))
    for r in range(1, 10):
        one = [index_of(s, r) for s in (H, C, D)]
        add("triplet", one)
        add("double_triplet", one * 2)
        add("triple_triplet", one * 3)
    for x in (H, C, D):
        for y in (H, C, D):
            if x != y:
                add("aces", [index_of(x, 1)] * 2 + [index_of(y, 1)])
    add("triple_aces", [index_of(s, 1) for s in (H, C, D)] * 3)
    for k, court in enumerate((JS, QS, KS)):
        partner = ROYAL_PARTNER[court]
        letter = "jqk"[k]
        add(f"royal_{letter}", [court, partner, partner])
        add(f"reverse_{letter}", [court, court, partner])
        add(f"triple_royal_{letter}", [court, partner] * 3)
    add("courts", [JS, QS, KS])
    add("double_courts", [JS, QS, KS] * 2)
    add("triple_courts", [JS, QS, KS] * 3)
    add("khanhoo", [AH, C2, D3])
    add("double_khanhoo", [AH, C2, D3] * 2)
    add("triple_khanhoo", [AH, C2, D3] * 3)
    for s in (H, C, D):
        for a in range(1, SEQUENCE_MAX - 1):
            add("triple_sequence", [index_of(s, r) for r in range(a, a + 3)] * 3)
    for i in range(SET_KINDS):
        add("trio", [i] * 3)
        add("quartette", [i] * 4)
    return tuple(out)


@cache
def _table(variation: bool, keeps_doubles: bool, trio: bool) -> tuple[
        tuple[Kind, ...], tuple[Pattern, ...], tuple[tuple[Pattern, ...], ...]]:
    """The rows, the patterns and the patterns holding each card kind, of a table."""
    codes = set(SINGLE)
    if not variation or keeps_doubles:
        codes |= set(DOUBLE)
    if variation:
        codes |= set(TRIPLE)
    if trio:
        codes |= set(TRIO)
    kinds = tuple(k for k in _KIND_LIST if k.code in codes)
    patterns = _patterns(codes)
    containing = tuple(tuple(p for p in patterns if any(i == k for i, _ in p.need))
                       for k in range(SET_KINDS))
    return kinds, patterns, containing


OPTION_HELP = {
    "trio": "K10: Trio (3 identical, 6) and Quartette (4 identical, 12), with the cache",
    "split_sequences": "K-run off: two Sequences of one suit may be adjacent",
    "bump_sequences": "K5: a bump may claim a discard for a Sequence",
    "variation_keeps_doubles": "K9: the 3-set table keeps the Double rows",
    "must_go_out": "K4: a player who can go out must",
}


@dataclass(frozen=True)
class Rules:
    """The pack and the options in force (rules K1, K-run, K5, K9, K10).

    >>> Rules.build(sets=3, jokers=2, options={"trio": True}).describe()
    '3 sets + 2 Jokers (92 cards), 3-set table (K9), options: trio'
    """

    sets: int = 2
    jokers: int = 1
    trio: bool = False
    split_sequences: bool = False
    bump_sequences: bool = False
    variation_keeps_doubles: bool = False
    must_go_out: bool = False

    @classmethod
    def build(cls, sets: object = 2, jokers: object = 1,
              options: Mapping[str, Any] | None = None) -> Rules:
        """Validated rules; errors name the field (``sets``, ``jokers``, ``options.x``)."""
        if not isinstance(sets, int) or isinstance(sets, bool) or not 2 <= sets <= MAX_SETS:
            raise RulesError(f"sets: {sets!r} is not a number of sets from 2 to {MAX_SETS} (K1)",
                             field="sets", token=str(sets))
        if not isinstance(jokers, int) or isinstance(jokers, bool) or \
                not 0 <= jokers <= MAX_JOKERS:
            raise RulesError(f"jokers: {jokers!r} is not a number of Jokers from 0 to "
                             f"{MAX_JOKERS} (K1)", field="jokers", token=str(jokers))
        opts = dict(options or {})
        for name, value in opts.items():
            if name not in OPTION_HELP:
                raise RulesError(f"options.{name}: unknown option (known: "
                                 f"{', '.join(OPTION_HELP)})", field=f"options.{name}",
                                 token=name)
            if not isinstance(value, bool):
                raise RulesError(f"options.{name}: must be true or false",
                                 field=f"options.{name}")
        return cls(sets, jokers, **opts)

    @property
    def pack(self) -> Pack:
        return Pack(self.sets, self.jokers)

    @property
    def variation(self) -> bool:
        """The 3-set game (K9)."""
        return self.sets == 3

    @property
    def options(self) -> dict[str, bool]:
        """The options that differ from their defaults."""
        return {f.name: True for f in fields(self)
                if f.name in OPTION_HELP and getattr(self, f.name)}

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The rows of the table in force."""
        return _table(self.variation, self.variation_keeps_doubles, self.trio)[0]

    @property
    def patterns(self) -> tuple[Pattern, ...]:
        """Every pattern of the table in force."""
        return _table(self.variation, self.variation_keeps_doubles, self.trio)[1]

    @property
    def containing(self) -> tuple[tuple[Pattern, ...], ...]:
        """For each card kind of a set, the patterns that hold it."""
        return _table(self.variation, self.variation_keeps_doubles, self.trio)[2]

    def kind(self, code: str) -> Kind:
        return KINDS[code]

    def identify(self, real: Mapping[int, int], jokers: int) -> list[Pattern]:
        """The patterns these cards make (real kind → copies, plus Jokers), best first."""
        size = sum(real.values()) + jokers
        held = [i for i, n in real.items() if n]
        pool = self.containing[min(held)] if held else self.patterns
        found = [p for p in pool if p.size == size and p.fits(real, jokers)]
        found.sort(key=lambda p: -p.points)
        return found

    def describe(self) -> str:
        table = "3-set table (K9)" if self.variation else "2-set table"
        opts = ", ".join(self.options)
        return f"{self.pack.describe()}, {table}" + (f", options: {opts}" if opts else "")

    def to_json(self) -> dict[str, Any]:
        return {"sets": self.sets, "jokers": self.jokers, "options": self.options}


__all__ = ["KINDS", "OPTION_HELP", "ROYAL_PARTNER", "TABLE_PACKS", "Kind", "Pattern", "Rules",
           "table_pack"]


TABLE_PACKS = {2: (2, 1), 3: (2, 2), 4: (2, 1), 5: (4, 1)}
"""The pack K1 deals to a number of players: (sets, Jokers); 5 to 8 players take 4 sets."""


def table_pack(players: int) -> tuple[int, int]:
    """The (sets, Jokers) K1 deals to ``players``.

    >>> table_pack(3), table_pack(2), table_pack(7)
    ((2, 2), (2, 1), (4, 1))
    """
    return TABLE_PACKS.get(players, (4, 1))
