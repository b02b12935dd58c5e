"""The advice's answer, one shape for every game: each legal action judged (:class:`Judged`)
and the ranked list with how it was made (:class:`Answer`).

Its JSON is the same in every game::

    {"game", "seat", "best", "ranked_by", "method", "work": {"unit", "done", "asked"},
     "ms", "budget_ms", "seed", "notes", …the game's own,
     "actions": [{"action", "text", "win", "win_se", "win_interval", "expected",
                  "expected_se", "certain", "method", …the game's own}]}

``win`` is the chance the seat wins the deal as its game defines it, ``expected`` its
expected settlement; ``ranked_by`` names the one of the two that orders the list, best
first. An action that was not judged says so (``"method": "not-judged"``, its numbers
null): it comes after every judged one. A number a game cannot state is null, never a
placeholder.

>>> a = Judged({"do": "pass"}, "pass", "model", win=0.25, win_se=0.01)
>>> b = Judged.not_judged({"do": "draw"}, "draw")
>>> ans = Answer("demo", 0, "win", (a, b), "model", Work("worlds", 0), 1.5, 100, 0)
>>> ans.best, [x["method"] for x in ans.to_json()["actions"]]
({'do': 'pass'}, ['model', 'not-judged'])
>>> ans.to_json()["actions"][0]["win_interval"]
[0.2304, 0.2696]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

NOT_JUDGED = "not-judged"
"""The method of an action the advisor did not judge: its numbers are null."""
RankedBy = Literal["win", "expected"]
WIN_DIGITS = 4
"""A chance is stated to four places, a settlement to three (the JSON's rounding)."""
EXPECTED_DIGITS = 3
Z95 = 1.96
ACTION_KEYS = ("action", "text", "win", "win_se", "win_interval", "expected", "expected_se",
               "certain", "method")
"""The keys every action of every game's answer has."""
ANSWER_KEYS = ("game", "seat", "best", "ranked_by", "actions", "method", "work", "ms",
               "budget_ms", "seed", "notes")
"""The keys every game's answer has."""

T = TypeVar("T")


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


@dataclass(frozen=True)
class Judged:
    """One legal action as the advisor judged it: the action (its JSON), the action in
    words (``text``), the chance the seat wins the deal (``win``) and its expected
    settlement (``expected``), each with its standard error (null when it cannot be
    stated: fewer than two samples), whether the numbers are exact (``certain``), how it
    was judged (``method``, the game's own names) and the game's own ``extras``."""

    action: Any
    text: str
    method: str
    win: float | None = None
    win_se: float | None = None
    expected: float | None = None
    expected_se: float | None = None
    certain: bool = False
    extras: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        numbers = (self.win, self.win_se, self.expected, self.expected_se)
        if self.method == NOT_JUDGED:
            if any(x is not None for x in numbers) or self.certain:
                raise ValueError("a not-judged action states no number")
        elif self.win is None and self.expected is None:
            raise ValueError(f"{self.text}: a judged action states its win or its expected")
        if self.win is not None and not 0.0 <= self.win <= 1.0:
            raise ValueError(f"{self.text}: win {self.win} is not a chance")
        if self.certain and any(se not in (None, 0.0) for se in (self.win_se, self.expected_se)):
            raise ValueError(f"{self.text}: a certain number has no error")
        clash = set(self.extras) & {*ACTION_KEYS}
        if clash:
            raise ValueError(f"extras: {sorted(clash)} are common keys")

    @classmethod
    def not_judged(cls, action: Any, text: str,
                   extras: Mapping[str, Any] | None = None) -> Judged:
        """An action the advisor did not judge (not reached within the budget, or not
        compared): no numbers."""
        return cls(action, text, NOT_JUDGED, extras=extras or {})

    @property
    def judged(self) -> bool:
        return self.method != NOT_JUDGED

    def interval(self) -> tuple[float, float] | None:
        """A 95 % interval of ``win``, clipped to [0, 1]: the point itself when certain,
        None when the chance or its error is not stated."""
        if self.win is None:
            return None
        if self.certain:
            return self.win, self.win
        if self.win_se is None or math.isnan(self.win_se):
            return None
        half = Z95 * self.win_se
        return max(0.0, self.win - half), min(1.0, self.win + half)

    def key(self, ranked_by: RankedBy) -> float | None:
        """The number the list is ordered by, as the JSON states it."""
        if ranked_by == "win":
            return _round(self.win, WIN_DIGITS)
        return _round(self.expected, EXPECTED_DIGITS)

    def to_json(self) -> dict[str, Any]:
        iv = self.interval()
        return {"action": self.action, "text": self.text,
                "win": _round(self.win, WIN_DIGITS), "win_se": _round(self.win_se, WIN_DIGITS),
                "win_interval": None if iv is None else [round(iv[0], WIN_DIGITS),
                                                         round(iv[1], WIN_DIGITS)],
                "expected": _round(self.expected, EXPECTED_DIGITS),
                "expected_se": _round(self.expected_se, EXPECTED_DIGITS),
                "certain": self.certain, "method": self.method, **self.extras}


@dataclass(frozen=True)
class Work:
    """What the budget bought: ``done`` of ``unit`` (worlds, playouts, actions …), of
    ``asked`` (None when no number was asked for)."""

    unit: str
    done: int
    asked: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "done": self.done, "asked": self.asked}


@dataclass(frozen=True)
class Answer:
    """Every legal action of one decision, judged and ranked by ``ranked_by`` (non-
    increasing, the not-judged ones last), with how: the overall ``method``, the
    ``work`` done, the time it took (``ms``) and had (``budget_ms``), the ``seed``,
    ``notes`` for the player, and the game's own top-level ``extras``."""

    game: str
    seat: int
    ranked_by: RankedBy
    actions: tuple[Judged, ...]
    method: str
    work: Work
    ms: float
    budget_ms: float | None
    seed: int | None
    notes: tuple[str, ...] = ()
    extras: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if not self.actions:
            raise ValueError("an answer ranks at least one action")
        if not in_order(self.actions, self.ranked_by):
            raise ValueError(f"the actions are not ranked by {self.ranked_by}")
        clash = set(self.extras) & {*ANSWER_KEYS}
        if clash:
            raise ValueError(f"extras: {sorted(clash)} are common keys")

    @property
    def best(self) -> Any:
        """The action advised first (its JSON)."""
        return self.actions[0].action

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "best": self.best,
                "ranked_by": self.ranked_by, "method": self.method,
                "work": self.work.to_json(), "ms": round(self.ms, 2),
                "budget_ms": self.budget_ms, "seed": self.seed, "notes": list(self.notes),
                **self.extras, "actions": [a.to_json() for a in self.actions]}


def in_order(actions: Sequence[Judged], ranked_by: RankedBy) -> bool:
    """Whether ``actions`` are ranked by ``ranked_by``: the judged ones first, their key
    (as stated) non-increasing, an action without it after those with it."""
    keys = [(a.judged, a.key(ranked_by)) for a in actions]
    for (j1, k1), (j2, k2) in itertools.pairwise(keys):
        if j2 and not j1:
            return False
        if j1 and j2 and k2 is not None and (k1 is None or k2 > k1):
            return False
    return True


def ranked(items: Sequence[T], key: Callable[[T], float | None]) -> list[T]:
    """``items`` by ``key``, largest first, those without one (None) last; the order
    given breaks ties (a stable sort).

    >>> ranked(["a", "b", "c", "d"], {"a": 0.1, "b": None, "c": 0.3, "d": 0.1}.get)
    ['c', 'a', 'd', 'b']
    """
    def k(item: T) -> tuple[bool, float]:
        x = key(item)
        return (x is None, 0.0 if x is None else -x)
    return sorted(items, key=k)


def standard_error(xs: Sequence[float]) -> float | None:
    """The standard error of the mean of ``xs``; None with fewer than two.

    >>> standard_error([1.0, 3.0]), standard_error([2.0])
    (1.0, None)
    """
    n = len(xs)
    if n < 2:
        return None
    m = sum(xs) / n
    return math.sqrt(max(sum((x - m) ** 2 for x in xs) / (n - 1), 0.0) / n)


class Option(Protocol):
    """One action of a game's ranked advice, as the advice holds it."""

    @property
    def action(self) -> Any: ...


Opt = TypeVar("Opt", bound=Option)


@dataclass(frozen=True)
class Ranked(Generic[Opt]):
    """The base of a game's advice: the seat, its phase and its ``options`` ranked best
    first; the game gives :meth:`answer`, the one shape, whose JSON is the advice's."""

    seat: int
    phase: str
    options: tuple[Opt, ...]

    @property
    def first(self) -> Opt:
        """The option advised first."""
        return self.options[0]

    @property
    def best(self) -> Any:
        """The action advised first: one of the legal actions."""
        return self.options[0].action

    def answer(self) -> Answer:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        return self.answer().to_json()


__all__ = [
    "ACTION_KEYS",
    "ANSWER_KEYS",
    "EXPECTED_DIGITS",
    "NOT_JUDGED",
    "WIN_DIGITS",
    "Answer",
    "Judged",
    "Option",
    "Ranked",
    "RankedBy",
    "Work",
    "in_order",
    "ranked",
    "standard_error",
]
