"""What a game declares for the web service beside its verbs (``advisor.<game>.endpoints``,
named by its spec's ``endpoints``): its own, more precise marshmallow schemas for some
verbs, its rules profiles as ``GET /v1/meta`` lists them, the server's budget of one of
its advices when the server fixes one, and the cost of its cheap verbs; with the building
blocks those schemas share — the request fields' JSON types, every game's advice answer,
a record prefix.

The service alone imports these modules (through :func:`endpoints_of`): the rest of the
library never does, so that it needs no marshmallow.

>>> from advisor.registry import game
>>> endpoints_of(game("khanhoo")).server_budget_ms
100.0
>>> [p.name for p in endpoints_of(game("chan")).rules()]
['house', 'cvv']
>>> endpoints_of(game("ming")).costs_ms
{'trick': 0.1}
>>> Cards().deserialize("2v 2v"), StrictInteger().deserialize(3)
('2v 2v', 3)
>>> Numbers().deserialize([3, 5])
[3, 5]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, ClassVar

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from advisor.games.spec import AnySpec

# --- the request fields' JSON types --------------------------------------------------------
# Each checks a JSON type only (the library checks the values and names the field);
# ``json_schema`` is how the OpenAPI document describes it.


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


# --- what every game's advice answers (advisor.games.answer) ------------------------------
# Strict types (StrictInteger, StrictBoolean) so that a test can load the library's output
# with these schemas and fail on any drift between the two.


class JudgedSchema(Schema):
    """One legal action in every game's advice (``advisor.games.answer``): a game's schema
    adds its ``action`` and its own fields."""

    class Meta:
        unknown = RAISE

    text = fields.String(required=True, metadata={"description": "the action in words"})
    win = fields.Float(required=True, allow_none=True, validate=validate.Range(0, 1), metadata={
        "description": "the chance the seat wins the deal as its game defines it; null when "
                       "not judged"})
    win_se = fields.Float(required=True, allow_none=True, validate=validate.Range(min=0),
                          metadata={"description": "standard error of `win` (0 when certain; "
                                                   "null when it cannot be stated)"})
    win_interval = fields.List(fields.Float(validate=validate.Range(0, 1)), required=True,
                               allow_none=True, validate=validate.Length(equal=2), metadata={
        "description": "a 95 % interval of `win`, within [0, 1] (the point when certain)"})
    expected = fields.Float(required=True, allow_none=True, metadata={
        "description": "the expected settlement for the seat; null when not stated"})
    expected_se = fields.Float(required=True, allow_none=True, validate=validate.Range(min=0),
                               metadata={"description": "standard error of `expected`"})
    certain = StrictBoolean(required=True, metadata={"description": "the numbers are exact"})
    method = fields.String(required=True, metadata={
        "description": "how the action was judged (the game's methods); `not-judged`: its "
                       "numbers are null"})


class WorkSchema(Schema):
    """What an advice's budget bought."""

    class Meta:
        unknown = RAISE

    unit = fields.String(required=True, metadata={
        "description": "what is counted: `worlds`, `playouts`, `actions` …"})
    done = StrictInteger(required=True, validate=validate.Range(min=0))
    asked = StrictInteger(required=True, allow_none=True, validate=validate.Range(min=0))


class AnswerSchema(Schema):
    """Every game's advice (``advisor.games.answer``): a game's schema adds its ``best``,
    its ``actions`` and its own fields."""

    class Meta:
        unknown = RAISE

    game = fields.String(required=True)
    seat = StrictInteger(required=True, validate=validate.Range(min=0))
    ranked_by = fields.String(required=True, validate=validate.OneOf(["win", "expected"]),
                              metadata={"description": "the key ordering `actions`, best "
                                                       "first (the not-judged ones last)"})
    method = fields.String(required=True)
    work = fields.Nested(WorkSchema, required=True)
    ms = fields.Float(required=True, validate=validate.Range(min=0), metadata={
        "description": "the time the advice took, in milliseconds"})
    budget_ms = fields.Float(required=True, allow_none=True)
    seed = StrictInteger(required=True, allow_none=True)
    notes = fields.List(fields.String(), required=True)


# --- a game's declarations -----------------------------------------------------------------


class RecordPrefixSchema(Schema):
    """A game record, or its prefix: the seat to act at its end is advised (the record's
    own checks are the library's)."""

    format = fields.String(required=True, metadata={"description": "the record format"})

    class Meta:
        unknown = "include"


@dataclass(frozen=True)
class VerbSchemas:
    """A game's own schemas for one verb, in place of those made from its fields: ``body``
    validates the request's object (the first of them) and, with the others, describes it
    in the document; ``result`` describes the answer (several: one of them)."""

    body: tuple[type[Schema], ...]
    result: tuple[type[Schema], ...]
    check: type[Schema] | None = None  # validates the object, when not ``body[0]``
    # An advice's: the game's own VIEW schema (default: SeatViewSchema, added to the
    # bodies) and record prefix schema (default: ``check``, which then reads records).
    view: type[Schema] | None = None
    record: type[Schema] | None = None


@dataclass(frozen=True)
class Profile:
    """A rules profile a position or VIEW may name in ``rules``, with its options and their
    defaults, as ``GET /v1/meta`` lists it."""

    name: str
    description: str
    options: Mapping[str, bool]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "options": dict(self.options)}


@dataclass(frozen=True)
class Endpoints:
    """A game's declarations for the web service beyond its verbs (the module's docstring).

    * ``schemas`` — verb → its own schemas, in place of those made from the verb's fields;
    * ``rules`` — its rules profiles (None: one, ``default``, with the game's flags off);
    * ``server_budget_ms`` — the budget of one advice the server fixes when the query
      does not (config ``<GAME>_ADVICE_MS``, listed in ``GET /v1/meta``'s limits as
      ``<game>_advice_ms``); None: the game's default budget, not listed;
    * ``budget_in_seconds`` — the same budget also read and listed in seconds
      (``<GAME>_ADVICE_SECONDS``, ``<game>_advice_seconds``), as older clients know it;
    * ``costs_ms`` — verb → the CPU time of one object of a verb that is not an advice,
      at worst, in milliseconds (the gate's measure; a verb not listed has the default);
    * ``table_alias`` — for the game with no name in its address
      (:data:`advisor.registry.DEFAULT`): how its table answers at ``/v1/play…``, the
      aliases of ``/v1/play/<game>…`` its older clients know (:class:`TableAlias`).
    """

    schemas: Mapping[str, VerbSchemas] = field(default_factory=dict)
    rules: Callable[[], list[Profile]] | None = None
    server_budget_ms: float | None = None
    budget_in_seconds: bool = False
    costs_ms: Mapping[str, float] = field(default_factory=dict)
    table_alias: Callable[[], TableAlias] | None = None


@dataclass(frozen=True)
class TableAlias:
    """How the default game's table answers at ``/v1/play…`` (no game in the path), as its
    clients read it before every game's table was one: the schemas the document shows
    there (the new table's body, the table, its record, the hint) and how every game's
    answer is told in that shape — ``table(game_table, answer)`` and ``hint(answer)``.
    The requests are every game's: whatever the old body took is taken."""

    body: type[Schema]
    table: type[Schema]
    record: type[Schema]
    hint: type[Schema]
    table_answer: Callable[[Any, dict[str, Any]], dict[str, Any]]
    hint_answer: Callable[[dict[str, Any]], dict[str, Any]]


def endpoints_of(spec: AnySpec) -> Endpoints:
    """The game's declarations (its spec's ``endpoints`` module's ``ENDPOINTS``), or none."""
    if spec.endpoints is None:
        return Endpoints()
    found: Endpoints = import_module(spec.endpoints).ENDPOINTS
    return found


__all__ = ["AnswerSchema", "Cards", "Endpoints", "Flags", "JudgedSchema", "Numbers",
           "Profile", "RecordPrefixSchema", "StrictBoolean", "StrictInteger", "TableAlias",
           "VerbSchemas",
           "WorkSchema", "endpoints_of"]
