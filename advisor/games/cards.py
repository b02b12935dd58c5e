"""What every game's card is as text: its code, the notation the records, the bot
protocol and the JSON use, as ``str()``; and a ``repr`` that builds it again.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, repr=False)
... class Card(Coded):
...     code: str
>>> c = Card("7c")
>>> str(c), repr(c)
('7c', "card('7c')")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar


class Coded:
    """A card known by its code (``str``); its ``repr`` calls the game's reader, named by
    ``reader``, on that code — an evaluable ``repr``. A game's card is a dataclass made
    with ``repr=False``, so that this ``repr`` is kept."""

    __slots__ = ()
    reader: ClassVar[str] = "card"

    if TYPE_CHECKING:  # every game's card has its code (a field or a property)

        @property
        def code(self) -> str: ...


    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"{self.reader}({self.code!r})"


__all__ = ["Coded"]
