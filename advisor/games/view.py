"""The typed VIEW's base: what one seat may know of a deal in play, as an immutable
value read and checked once at the edge.

Every game's VIEW is a frozen dataclass with ``seat`` and a ``phase``, made by the engine
(``Game.view(seat)``) or read from JSON (``View.from_json(obj)``, which raises the
library's typed errors naming the field), and written back by ``to_json()`` — the
bot protocol's VIEW object (what an ``exec:`` bot is sent). ``from_json(v.to_json()) == v``
for every VIEW.
"""

from __future__ import annotations

from typing import Any, Protocol


class View(Protocol):
    """A seat's VIEW of a deal (see the module's docstring)."""

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


__all__ = ["View"]
