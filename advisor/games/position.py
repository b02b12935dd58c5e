"""What a position holds in every game that counts its cards (Khanhoo, Qing): the
concealed hand, the groups the seat has laid or exposed, the cards seen elsewhere — count
vectors in the game's own kind order — and the rules in force. A game's ``Position``
subclasses it with its own fields, its reader and its checks.

>>> p = CountedPosition("rules", (1, 0, 2), ("a group",), meld_counts=(0, 1, 0))
>>> p.hand_size, p.total, p.own, p.seen
(3, 4, (1, 1, 2), (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from advisor.counts import Counts, add
from advisor.errors import AdvisorError, DuplicateCardError, PositionError

C = TypeVar("C")
R = TypeVar("R")
M = TypeVar("M")


@dataclass(frozen=True)
class CountedPosition(Generic[R, M]):
    """Concealed hand, laid or exposed groups, cards seen elsewhere, and the rules (the
    counts not given are zeros)."""

    rules: R
    hand: Counts
    melds: tuple[M, ...] = ()
    seen: Counts = ()
    meld_counts: Counts = field(default=(), repr=False)  # the melds' cards, counted

    def __post_init__(self) -> None:
        zeros = (0,) * len(self.hand)
        for name in ("seen", "meld_counts"):
            if not getattr(self, name):
                object.__setattr__(self, name, zeros)

    @property
    def hand_size(self) -> int:
        return sum(self.hand)

    @property
    def meld_size(self) -> int:
        return sum(self.meld_counts)

    @property
    def total(self) -> int:
        """Concealed and laid cards: what the seat holds."""
        return self.hand_size + self.meld_size

    @property
    def own(self) -> Counts:
        """Every card the seat holds or has laid."""
        return add(self.hand, self.meld_counts)

    def offered(self, text: object, parse: Callable[[str], C],
                recount: Callable[[C, Counts], object], pack: Counts) -> C:
        """The discard on offer (the field ``offer``), read with ``parse``: a copy the
        seat neither holds nor has seen — ``recount(card, left)`` raises the game's
        :class:`~advisor.errors.DuplicateCardError` when none of the ``pack`` is left.
        Errors name the field.

        >>> def recount(card, left):
        ...     if not left["ab".index(card)]:
        ...         raise DuplicateCardError(f"a copy too many of {card}")
        >>> p = CountedPosition("rules", (1, 0), seen=(0, 1))
        >>> p.offered("a", str, recount, (2, 1))
        'a'
        >>> p.offered("b", str, recount, (2, 1))
        Traceback (most recent call last):
        ...
        advisor.errors.DuplicateCardError: offer: a copy too many of b, counting the hand, ...
        """
        if not isinstance(text, str):
            raise PositionError("offer: the discard on offer, as a card code", field="offer")
        try:
            card = parse(text)
        except AdvisorError as err:
            raise PositionError(f"offer: {err.message}", field="offer",
                                token=err.token) from None
        left = tuple(p - a - b for p, a, b in zip(pack, self.own, self.seen))
        try:
            recount(card, left)
        except DuplicateCardError as err:
            raise DuplicateCardError(f"offer: {err.message}, counting the hand, melds and seen "
                                     "cards", field="offer", token=text) from None
        return card


__all__ = ["CountedPosition"]
