"""The rules in force: the sixth eye and whether the flowers may stand for a card, and the
groups a hand is made of (rules Q2–Q4) as data.

* An **eye** (*ngán*, Q2) is one of seven fixed triplets; the sixth is Culin's (8 Cash,
  3 Strings, 2 Myriads) by default or Tcheng Ki-tong's and Wilkinson's (Red Flower,
  9 Strings, 9 Myriads) with ``eye6="wilkinson"``.
* A **boy** (*pát tsz*, Q3) is a sequence of three or more cards of one suit, or three
  cards of one number in any suits (identical cards allowed).
* The **extras** (Q4) — every 1, Red Flower, White Flower, Old Thousand — may be added
  to any group; with ``extras_replace`` the three flowers may also stand for any card of
  a boy.

>>> r = Rules()
>>> [e.name for e in r.eyes][-2:], [c.code for c in r.eyes[5].cards()]
(['Culin', 'Pangolin'], ['8c', '3s', '2m'])
>>> Rules.from_json({"eye6": "wilkinson"}).eyes[5].codes
['9s', '9m', 'RF']
>>> Rules.from_json({"eye6": "x"})
Traceback (most recent call last):
...
advisor.errors.RulesError: eye6: 'x' is not one of culin, wilkinson (Q2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from advisor.errors import RulesError
from advisor.qing.cards import CARDS, OT, RF, WF, Card, index_of

C, S, M = 0, 1, 2
EYE6 = ("culin", "wilkinson")
OPTIONS = ("eye6", "extras_replace")
OPTION_HELP = {
    "eye6": "Q2: the sixth eye — culin (8 Cash, 3 Strings, 2 Myriads) or wilkinson (Red "
            "Flower, 9 Strings, 9 Myriads)",
    "extras_replace": "Q4: the three flowers may also stand for any card of a boy",
}
SEQUENCE_MAX = 9


def _i(code: str) -> int:
    suit, rank = "csm".index(code[1]), int(code[0])
    return index_of(suit, rank)


_EYES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("1-2-3 Cash", (_i("1c"), _i("2c"), _i("3c"))),
    ("Chariot", (_i("9s"), RF, OT)),
    ("White Flower", (_i("8s"), _i("9m"), WF)),
    ("Tiger", (_i("9c"), _i("1s"), _i("1m"))),
    ("Poverty", (_i("8c"), _i("2s"), _i("2m"))),
    ("Culin", (_i("8c"), _i("3s"), _i("2m"))),
    ("Pangolin", (_i("7c"), _i("3s"), _i("3m"))),
)
_WEALTH = ("Wealth", (_i("9s"), _i("9m"), RF))


@dataclass(frozen=True)
class Pattern:
    """One concrete group: ``kind`` ``eye`` or ``boy``, its ``name`` (an eye's name,
    ``sequence`` or ``triplet``) and its card kinds (``need``: sparse ``((index, copies),
    …)`` in pack order)."""

    kind: str
    name: str
    need: tuple[tuple[int, int], ...]
    number: int = 0  # the eye's number (1–7) in Q2; 0 for a boy
    size: int = field(init=False)
    low: int = field(init=False)  # the lowest card kind it holds

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", sum(n for _, n in self.need))
        object.__setattr__(self, "low", self.need[0][0])

    @property
    def is_eye(self) -> bool:
        return self.kind == "eye"

    def cards(self) -> list[Card]:
        return [CARDS[i] for i, n in self.need for _ in range(n)]

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards()]


def _sparse(indices: Iterable[int]) -> tuple[tuple[int, int], ...]:
    c: dict[int, int] = {}
    for i in indices:
        c[i] = c.get(i, 0) + 1
    return tuple(sorted(c.items()))


@cache
def _boys(longest: int) -> tuple[Pattern, ...]:
    """Every sequence of 3 to ``longest`` cards and every triplet (Q3)."""
    out = []
    for s in (C, S, M):
        for a in range(1, SEQUENCE_MAX - 1):
            for b in range(a + 2, min(SEQUENCE_MAX, a + longest - 1) + 1):
                out.append(Pattern("boy", "sequence",
                                   _sparse(index_of(s, r) for r in range(a, b + 1))))
    for r in range(1, 10):
        kinds = [index_of(s, r) for s in (C, S, M)]
        for x in range(3):
            for y in range(x, 3):
                for z in range(y, 3):
                    out.append(Pattern("boy", "triplet", _sparse((kinds[x], kinds[y],
                                                                  kinds[z]))))
    return tuple(out)


@dataclass(frozen=True)
class Rules:
    """The options in force (Q2's sixth eye, Q4's ``extras_replace``); hashable.

    >>> Rules(extras_replace=True).describe()
    "Culin's sixth eye, flowers stand for any card of a boy"
    """

    eye6: str = "culin"
    extras_replace: bool = False

    def __post_init__(self) -> None:
        if self.eye6 not in EYE6:
            raise RulesError(f"eye6: {self.eye6!r} is not one of {', '.join(EYE6)} (Q2)",
                             field="eye6", token=str(self.eye6))
        if not isinstance(self.extras_replace, bool):
            raise RulesError("extras_replace: must be true or false (Q4)",
                             field="extras_replace")

    @classmethod
    def from_json(cls, obj: object) -> Rules:
        """Rules from ``{"eye6": "culin"|"wilkinson", "extras_replace": bool}`` (either
        may be left out or null); errors name the field."""
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise RulesError("options: expected an object", field="options")
        unknown = sorted(set(obj) - set(OPTIONS))
        if unknown:
            raise RulesError(f"{unknown[0]}: unknown option (known: {', '.join(OPTIONS)})",
                             field=unknown[0], token=unknown[0])
        eye6 = obj.get("eye6")
        if eye6 is not None and not isinstance(eye6, str):
            raise RulesError(f"eye6: {eye6!r} is not one of {', '.join(EYE6)} (Q2)",
                             field="eye6")
        replace = obj.get("extras_replace")
        return cls("culin" if eye6 is None else eye6.lower(),
                   False if replace is None else replace)

    def to_json(self) -> dict[str, Any]:
        return {"eye6": self.eye6, "extras_replace": self.extras_replace}

    @property
    def eyes(self) -> tuple[Pattern, ...]:
        """The seven eyes in force (Q2), numbered 1–7."""
        return _eyes(self.eye6)

    @property
    def boys(self) -> tuple[Pattern, ...]:
        """Every boy (Q3): sequences of 3–9 cards of one suit and triplets."""
        return _boys(SEQUENCE_MAX)

    @property
    def patterns(self) -> tuple[Pattern, ...]:
        return self.eyes + self.boys

    def describe(self) -> str:
        six = "Culin's" if self.eye6 == "culin" else "Wilkinson's"
        flowers = ", flowers stand for any card of a boy" if self.extras_replace else ""
        return f"{six} sixth eye{flowers}"


@cache
def _eyes(eye6: str) -> tuple[Pattern, ...]:
    rows = list(_EYES)
    if eye6 == "wilkinson":
        rows[5] = _WEALTH
    return tuple(Pattern("eye", name, _sparse(kinds), n + 1)
                 for n, (name, kinds) in enumerate(rows))


def identify(real: dict[int, int], flowers_as: int, rules: Rules) -> Pattern | None:
    """The eye or boy that these cards make (real kind → copies), with ``flowers_as``
    flowers standing for missing cards of a boy (``extras_replace``); None if none. An
    eye is preferred to a boy (1-2-3 Cash is both).

    >>> identify({0: 1, 1: 1, 2: 1}, 0, Rules()).name
    '1-2-3 Cash'
    >>> identify({4: 2, 13: 1}, 0, Rules()).name
    'triplet'
    """
    return _identify(tuple(sorted((k, n) for k, n in real.items() if n)), flowers_as, rules)


@cache
def _identify(real_items: tuple[tuple[int, int], ...], flowers_as: int,
              rules: Rules) -> Pattern | None:
    """:func:`identify` on the sparse cards (kind, copies), remembered."""
    real = dict(real_items)
    size = sum(real.values()) + flowers_as
    if flowers_as == 0:
        for p in rules.eyes:
            if p.size == size and dict(p.need) == {k: n for k, n in real.items() if n}:
                return p
    if flowers_as and (not rules.extras_replace or not any(real.values())):
        return None  # a flower stands for a card only in a boy holding a real card
    for p in rules.boys:
        if p.size != size:
            continue
        need = dict(p.need)
        if all(need.get(k, 0) >= n for k, n in real.items() if n):
            return p
    return None


__all__ = ["EYE6", "OPTIONS", "OPTION_HELP", "Pattern", "Rules", "identify"]
