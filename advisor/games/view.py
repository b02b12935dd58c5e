"""The typed VIEW's base: what one seat may know of a deal in play, as an immutable
value read and checked once at the edge.

Every game's VIEW is a frozen dataclass with ``seat`` and a ``phase``, made by the engine
(``Game.view(seat)``) or read from JSON (``View.from_json(obj)``, which raises the
library's typed errors naming the field), and written back by ``to_json()`` — the
bot protocol's VIEW object. ``from_json(v.to_json()) == v`` for every VIEW.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

V = TypeVar("V", bound="View")


class View(Protocol):
    """A seat's VIEW of a deal (see the module's docstring)."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


def view_json(view: Any) -> Any:
    """The JSON of a VIEW: ``to_json()`` of a typed VIEW; a plain object as it is."""
    to_json = getattr(view, "to_json", None)
    return to_json() if callable(to_json) else view


__all__ = ["View", "view_json"]
