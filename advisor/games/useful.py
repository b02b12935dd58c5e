"""A card that helps a hand — completes it, or brings it closer — with how many copies
are still unseen: the waits and useful cards of every game that counts its cards.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Card:
...     code: str
>>> Useful(Card("2c"), 3).to_json()
{'card': '2c', 'unseen': 3}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar


class Coded(Protocol):
    @property
    def code(self) -> str: ...


C = TypeVar("C", bound=Coded)


@dataclass(frozen=True)
class Useful(Generic[C]):
    """A card kind that helps, and how many copies are unseen."""

    card: C
    unseen: int

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "unseen": self.unseen}


__all__ = ["Useful"]
