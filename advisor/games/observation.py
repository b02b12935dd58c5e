"""A game's VIEW as numbers, and its actions numbered, for learning agents
(:mod:`advisor.env`): what every game's encoding shares.

A game declares its :class:`Encoding` in ``advisor.<game>.observation``: a
:class:`Layout` — the observation's named parts, each a run of whole numbers from 0 to
its ``high`` — with ``observe(view)``, which writes a VIEW into that many numbers, and a
:class:`Numbering` of its actions: a fixed table from 0 to ``size − 1``, in named
:class:`Span` s (``discard`` card k, a take showing the k-th set of cards of the game's
table …), with ``index(action)`` and ``action(i, view)``, the game's action that index
names in a position (legal or not: the engine judges it).

The encoding sees only the VIEW, so an observation holds nothing the seat may not know.
Seats are counted from the observing seat: "seat +1" is the next one in the order of
play.

>>> layout = Layout((Part("hand", 3, 4, "copies of each kind in hand"),
...                  Part("phase", 2, 1, "turn, offer (one-hot)")))
>>> layout.size, layout.highs, layout.start("phase"), layout.starts
(5, (4, 4, 4, 1, 1), 3, {'hand': 0, 'phase': 3})
>>> out = layout.zeros()
>>> put(out, layout.start("hand"), (2, 0, 1)); one_hot(out, layout.start("phase"), 1); out
[2, 0, 1, 0, 1]
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from advisor.errors import AdvisorError
from advisor.games.engine import PendingView

V = TypeVar("V")
A = TypeVar("A")


@dataclass(frozen=True)
class Part:
    """A run of ``size`` numbers of the observation, each from 0 to ``high``."""

    name: str
    size: int
    high: int
    help: str


@dataclass(frozen=True)
class Layout:
    """The observation: its parts in order."""

    parts: tuple[Part, ...]
    size: int = field(init=False)
    highs: tuple[int, ...] = field(init=False)
    starts: dict[str, int] = field(init=False, repr=False, compare=False)
    """Where each part starts, by name."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", sum(p.size for p in self.parts))
        object.__setattr__(self, "highs", tuple(p.high for p in self.parts
                                                for _ in range(p.size)))
        object.__setattr__(self, "starts", {p.name: self.start(p.name) for p in self.parts})

    def start(self, name: str) -> int:
        """Where the part called ``name`` starts."""
        at = 0
        for p in self.parts:
            if p.name == name:
                return at
            at += p.size
        raise KeyError(name)

    def zeros(self) -> list[int]:
        return [0] * self.size


def put(out: list[int], at: int, values: Iterable[int]) -> None:
    """Write ``values`` into ``out`` from ``at``."""
    for k, v in enumerate(values, at):
        out[k] = v


def one_hot(out: list[int], at: int, k: int | None) -> None:
    """Mark place ``k`` of the part starting at ``at`` (None: mark nothing)."""
    if k is not None:
        out[at + k] = 1


class Indexed(Protocol):
    """A card or face: its place in the game's order."""

    @property
    def index(self) -> int: ...


def add_counts(out: list[int], at: int, cards: Iterable[Indexed]) -> None:
    """Count each card in the part starting at ``at``: one more at its index."""
    for c in cards:
        out[at + c.index] += 1


def relative(seat: int | None, me: int, players: int) -> int | None:
    """Seat ``seat`` counted from seat ``me`` in the order of play (None stays None).

    >>> relative(0, 2, 3), relative(2, 2, 3), relative(None, 1, 4)
    (1, 0, None)
    """
    return None if seat is None else (seat - me) % players


class Turn(PendingView, Protocol):
    """What every game's VIEW says of the turn: the decision it poses, and the dealer."""

    @property
    def dealer(self) -> int | None: ...


def turn_parts(phases: Sequence[str], seats: int, players: Part | None = None,
               act: str = "act") -> tuple[Part, ...]:
    """The parts every game's observation has on the turn, in this order: the phase
    (one-hot, none once over), ``players`` where the table's size varies, the seat to
    ``act`` and the dealer (seats counted from the observing one).

    >>> [p.help for p in turn_parts(("turn", "offer"), 4)]  # doctest: +NORMALIZE_WHITESPACE
    ['turn, offer (one-hot; none once over)', 'the seat to act, from this one (one-hot)',
     'the dealer, from this seat (one-hot)']
    """
    return (Part("phase", len(phases), 1, f"{', '.join(phases)} (one-hot; none once over)"),
            *((players,) if players else ()),
            Part("to_act", seats, 1, f"the seat to {act}, from this one (one-hot)"),
            Part("dealer", seats, 1, "the dealer, from this seat (one-hot)"))


def put_turn(out: list[int], at: Mapping[str, int], view: Turn, phases: Sequence[str],
             players: int, least: int | None = None) -> Callable[[int | None], int | None]:
    """Write the parts of :func:`turn_parts` (``least``: the fewest players, where the
    table's size varies); return the VIEW's seats counted from its own (:func:`relative`)."""

    def rel(seat: int | None) -> int | None:
        return relative(seat, view.seat, players)

    one_hot(out, at["phase"], phases.index(view.phase) if view.phase in phases else None)
    if least is not None:
        one_hot(out, at["players"], players - least)
    if view.phase != "over":
        one_hot(out, at["to_act"], rel(view.to_act))
    one_hot(out, at["dealer"], rel(view.dealer))
    return rel


@dataclass(frozen=True)
class Span:
    """Indices ``start`` … ``start + count − 1`` of a numbering: one kind of action."""

    name: str
    start: int
    count: int
    help: str


@dataclass(frozen=True)
class Numbering(Generic[V, A]):
    """A game's actions numbered once for all its positions: ``index(action)`` is the
    action's number (two legal actions of one position never share one); ``action(i,
    view)`` the game's action number ``i`` names in the VIEW's position, legal or not,
    for the engine to judge."""

    spans: tuple[Span, ...]
    index: Callable[[A], int]
    action: Callable[[int, V], A]
    size: int = field(init=False)

    def __post_init__(self) -> None:
        at = 0
        for s in self.spans:
            if s.start != at:
                raise ValueError(f"span {s.name} starts at {s.start}, not {at}")
            at += s.count
        object.__setattr__(self, "size", at)

    def span(self, name: str) -> Span:
        return next(s for s in self.spans if s.name == name)

    def check(self, i: object) -> int:
        """``i`` as an index of the numbering; anything else raises
        :class:`~advisor.errors.AdvisorError` naming it."""
        k = None if isinstance(i, bool) else _whole(i)
        if k is None or not 0 <= k < self.size:
            raise AdvisorError(f"action: {i!r} is not an action index (a whole number "
                               f"0–{self.size - 1})", field="action", token=repr(i))
        return k


def _whole(i: object) -> int | None:
    try:
        return operator.index(i)  # type: ignore[arg-type]
    except TypeError:
        return None


def table_index(table: Sequence[tuple[int, ...]]) -> dict[tuple[int, ...], int]:
    """Each entry of a table of card sets → its place."""
    return {t: k for k, t in enumerate(table)}


@dataclass(frozen=True)
class Encoding(Generic[V, A]):
    """A game's observation (``layout``, ``observe``) and numbering of its actions."""

    layout: Layout
    observe: Callable[[V], list[int]]
    numbering: Numbering[V, A]


__all__ = ["Encoding", "Indexed", "Layout", "Numbering", "Part", "Span", "Turn", "add_counts",
           "one_hot", "put", "put_turn", "relative", "table_index", "turn_parts"]
