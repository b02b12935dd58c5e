"""Count vectors, for every game: a hand or a pack as the number of copies of each kind
(a tuple indexed by the game's own card order). Tuples, so that they hash and memoise.

>>> c = (2, 0, 1)
>>> plus(c, 1), minus(c, 0), minus(c, 0, 2), add(c, c), sub(c, (1, 0, 1)), size(c)
((2, 1, 1), (1, 0, 1), (0, 0, 1), (4, 0, 2), (1, 0, 0), 3)
>>> replace(c, 2, 4)
(2, 0, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

Counts = tuple[int, ...]
T = TypeVar("T")


def add(a: Counts, b: Counts) -> Counts:
    """Element-wise sum of two count vectors."""
    return tuple(x + y for x, y in zip(a, b))


def sub(a: Counts, b: Counts) -> Counts:
    """Element-wise difference (``a - b``); the caller guarantees ``b <= a``."""
    return tuple(x - y for x, y in zip(a, b))


def add_all(vectors: Iterable[Sequence[int]]) -> Counts:
    """Element-wise sum of some count vectors (at least one).

    >>> add_all([(1, 0), [2, 1], (0, 3)])
    (3, 4)
    """
    return tuple(map(sum, zip(*vectors)))


def plus(c: Counts, i: int, n: int = 1) -> Counts:
    """``c`` with ``n`` more copies of kind ``i``."""
    return c[:i] + (c[i] + n,) + c[i + 1 :]


def minus(c: Counts, i: int, n: int = 1) -> Counts:
    """``c`` with ``n`` fewer copies of kind ``i``; the caller guarantees ``c[i] >= n``."""
    return c[:i] + (c[i] - n,) + c[i + 1 :]


def replace(c: Counts, i: int, value: int) -> Counts:
    """``c`` with exactly ``value`` copies of kind ``i``."""
    return c[:i] + (value,) + c[i + 1 :]


def size(c: Counts) -> int:
    """Number of cards in a count vector."""
    return sum(c)


def tally(indices: Iterable[int], kinds: int) -> Counts:
    """The count vector of some card indices, over ``kinds`` kinds.

    >>> tally([0, 2, 0], 3)
    (2, 0, 1)
    """
    c = [0] * kinds
    for i in indices:
        c[i] += 1
    return tuple(c)


class Indexed(Protocol):
    """A card of a game: its index in the game's own kind order."""

    @property
    def index(self) -> int: ...


C = TypeVar("C", bound=Indexed)


def card_counts(cards: Sequence[C]) -> tuple[Callable[[Iterable[C]], Counts],
                                             Callable[[Counts], list[C]]]:
    """A game's two conversions over its pack's kinds (``cards``, in kind order): some
    cards to their count vector (``counts_of``), and a count vector to its cards in
    kind order, each repeated by its count (``cards_of``).

    >>> from collections import namedtuple
    >>> Card = namedtuple("Card", "code index")
    >>> counts_of, cards_of = card_counts([Card("a", 0), Card("b", 1)])
    >>> counts_of([Card("b", 1), Card("b", 1)]), [c.code for c in cards_of((1, 2))]
    ((0, 2), ['a', 'b', 'b'])
    """

    def counts_of(some: Iterable[C]) -> Counts:
        """The count vector of some cards."""
        return tally((c.index for c in some), len(cards))

    def cards_of(counts: Counts) -> list[C]:
        """The cards of a count vector, in kind order, each repeated by its count."""
        return expand(counts, cards)

    return counts_of, cards_of


def expand(counts: Counts, items: Sequence[T]) -> list[T]:
    """The items of a count vector, in order, each repeated by its count.

    >>> expand((2, 0, 1), "abc")
    ['a', 'a', 'c']
    """
    return [x for x, n in zip(items, counts) if n for _ in range(n)]


__all__ = ["Counts", "add", "expand", "minus", "plus", "replace", "size", "sub", "tally"]
