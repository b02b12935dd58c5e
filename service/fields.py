"""The JSON field types of the service's request schemas: those the endpoints made from
a game's declarations (:mod:`service.generated`) build from each
:class:`~advisor.games.faces.Field`'s kind, and that the games' own schemas use too.

Each checks a JSON type only (the library checks the values and names the field);
``json_schema`` is how the OpenAPI document describes it (:mod:`service.openapi`).

>>> Cards().deserialize("2v 2v"), StrictInteger().deserialize(3)
('2v 2v', 3)
>>> Numbers().deserialize([3, 5])
[3, 5]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import ValidationError, fields


class Cards(fields.Raw):
    """Cards as JSON: a string of cards (``"2v 2v 3s"``) or a list of strings
    (``["2v", "2v", "3s"]``). The cards themselves are parsed by the library."""

    message = "Not a string of cards or a list of card codes."
    #: How the OpenAPI document describes the field (see :mod:`service.openapi`).
    json_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str | list[str]:
        if isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return value
        raise ValidationError(self.message)


class StrictBoolean(fields.Raw):
    """JSON ``true`` or ``false`` only (marshmallow's Boolean also takes ``"yes"``, 1 …)."""

    message = "Not a boolean (true or false)."

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if isinstance(value, bool):
            return value
        raise ValidationError(self.message)


class StrictInteger(fields.Raw):
    """A JSON integer (not a float, a string or a boolean)."""

    message = "Not an integer."

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ValidationError(self.message)


class Flags(fields.Raw):
    """An object of named booleans (profile options, ``{"ga": true}``); a wrong value is
    reported under its own name (``options.ga``)."""

    message = "Not an object of booleans."
    json_schema: ClassVar[dict[str, Any]] = {
        "type": "object", "additionalProperties": {"type": "boolean"}}

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, bool]:
        if not isinstance(value, dict):
            raise ValidationError(self.message)
        bad = {k: ["Not a boolean (true or false)."] for k, v in value.items()
               if not isinstance(v, bool)}
        if bad:
            raise ValidationError(bad)
        return value


class Numbers(fields.Raw):
    """Integers: a JSON list of them, or a string of them (``"3,5"``) as a command line
    spells them; the library reads either."""

    message = "Not a list of integers or a string of them."
    too_large = "A number beyond 64 bits (-2^63 … 2^63-1)."
    json_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "integer"}}]}

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> str | list[int]:
        if isinstance(value, str):
            if _LONG.search(value):
                raise ValidationError(self.too_large)
            return value
        if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                           for v in value):
            return value
        raise ValidationError(self.message)


_LONG = re.compile(r"\d{20}")
"""A number of 20 digits or more (beyond 64 bits) in a string of numbers."""


__all__ = ["Cards", "Flags", "Numbers", "StrictBoolean", "StrictInteger"]
