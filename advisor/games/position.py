"""What a position holds in every game that counts its cards (Khanhoo, Qing): the
concealed hand, the groups the seat has laid or exposed, the cards seen elsewhere — count
vectors in the game's own kind order — and the rules in force. A game's ``Position``
subclasses it with its own fields, its reader and its checks.

>>> p = CountedPosition("rules", (1, 0, 2), ("a group",), meld_counts=(0, 1, 0))
>>> p.hand_size, p.total, p.own, p.seen
(3, 4, (1, 1, 2), (0, 0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from advisor.counts import Counts, add

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


__all__ = ["CountedPosition"]
