"""marshmallow schemas at the edge: the shape and JSON types of a position (rules §8.1).

The schema only checks structure — known fields, JSON types. Card-level checks (unknown
card, fifth copy, meld shape, rules profile and its options, card counts) are the
library's, in :meth:`advisor.chan.position.Position.from_json`, which the service calls
on the original object once the schema has accepted it.

>>> PositionSchema().validate({"hand": "2v 2v", "melds": [["3s", "3s"]]})
{}
>>> PositionSchema().validate({"hand": 5, "colour": "red"})
{'hand': ['Not a string of cards or a list of card codes.'], 'colour': ['Unknown field.']}
>>> flatten_errors({"context": {"stock_revealed": ["Not an integer."]}, "melds": {1: ["x"]}})
{'context.stock_revealed': ['Not an integer.'], 'melds[1]': ['x']}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate


class Cards(fields.Raw):
    """Cards as JSON: a string of cards (``"2v 2v 3s"``) or a list of strings
    (``["2v", "2v", "3s"]``). The cards themselves are parsed by the library."""

    message = "Not a string of cards or a list of card codes."

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


class ContextSchema(Schema):
    """``context``: facts about the deal used by some bonuses (thong, dia_u)."""

    class Meta:
        unknown = RAISE

    won_previous_deal = StrictBoolean()
    stock_revealed = StrictInteger(allow_none=True)


class PositionSchema(Schema):
    """A position (rules §8.1). ``null`` for an optional field means "not given", as in
    the library; ``hand`` is required."""

    class Meta:
        unknown = RAISE

    rules = fields.String()
    hand = Cards(required=True)
    melds = fields.List(Cards(), allow_none=True)
    winning_card = fields.String(allow_none=True)
    win_by = fields.String(allow_none=True)
    dealt_fours = Cards(allow_none=True)
    options = Flags(allow_none=True)
    context = fields.Nested(ContextSchema, allow_none=True)
    seen = Cards(allow_none=True)


class OfferSchema(Schema):
    """The card on offer in a VIEW (§8.3)."""

    class Meta:
        unknown = RAISE

    card = fields.String(required=True)
    source = fields.String(required=True, validate=validate.OneOf(["discard", "stock", "return"]))
    door = StrictInteger(required=True, validate=validate.Range(0, 3))
    to = StrictInteger(validate=validate.Range(0, 3))
    claims_open = StrictBoolean()


class SeatTableSchema(Schema):
    """What the table shows of one seat."""

    class Meta:
        unknown = RAISE

    melds = fields.List(fields.List(fields.String()), required=True)
    discards = fields.List(fields.String(), required=True)
    passed = fields.List(fields.String(), required=True)
    dead = StrictBoolean(required=True)


class MemorySchema(Schema):
    """The seat's own history that R3, R4 and R7 depend on."""

    class Meta:
        unknown = RAISE

    discarded = fields.List(fields.String(), required=True)
    refused = fields.List(fields.String(), required=True)
    laid_in_ca = fields.List(fields.String(), required=True)
    ate_ca = StrictBoolean(required=True)


class ChiuSchema(Schema):
    class Meta:
        unknown = RAISE

    card = fields.String(required=True)
    return_to = StrictInteger(allow_none=True, validate=validate.Range(0, 3))


class ViewSchema(Schema):
    """A seat's VIEW (rules §8.3), the input of the advisor."""

    class Meta:
        unknown = RAISE

    rules = fields.String()
    options = Flags(allow_none=True)
    seat = StrictInteger(required=True, validate=validate.Range(0, 3))
    dealer = StrictInteger(required=True, validate=validate.Range(0, 3))
    phase = fields.String(required=True,
                          validate=validate.OneOf(["start", "offer", "discard", "claim"]))
    to_act = StrictInteger(validate=validate.Range(0, 3))
    hand = fields.List(fields.String(), required=True)
    stock_left = StrictInteger(required=True, validate=validate.Range(0, 23))
    offer = fields.Nested(OfferSchema, allow_none=True)
    table = fields.List(fields.Nested(SeatTableSchema), required=True,
                        validate=validate.Length(equal=4))
    memory = fields.Nested(MemorySchema)
    chiu = fields.Nested(ChiuSchema, allow_none=True)
    is_partial = StrictBoolean(data_key="partial")  # `partial` is a Schema attribute


def flatten_errors(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested error messages as ``{"context.stock_revealed": [...]}``, with
    list items as ``melds[1]`` and whole-object errors under the object's name (``$`` at
    the top), the way the library names fields."""
    out: dict[str, list[str]] = {}
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == "_schema":
                path = prefix
            elif isinstance(key, int):
                path = f"{prefix}[{key}]"
            else:
                path = f"{prefix}.{key}" if prefix else str(key)
            for name, msgs in flatten_errors(value, path).items():
                out.setdefault(name, []).extend(msgs)
    elif isinstance(messages, list | tuple):
        for item in messages:
            for name, msgs in flatten_errors(item, prefix).items():
                out.setdefault(name, []).extend(msgs)
    else:
        out.setdefault(prefix or "$", []).append(str(messages))
    return out
