"""The schemas Chắn has written for its endpoints (``/score``, ``/analyze``, ``/advice``:
made from the game's declarations, :mod:`advisor.chan.faces`, :mod:`service.generated`)
and its rules profiles in ``GET /v1/meta``.

Each endpoint takes a position (rules §8.1) — the advice: a VIEW (§8.3), a typed
decision or a record prefix — or a list of them, and returns exactly the library's JSON:
``score(Position.from_json(obj)).to_json()``, ``analyze(...).to_json()``,
``advise(view, …).to_json()``.
"""

from __future__ import annotations

from flask import Blueprint
from marshmallow import RAISE, Schema, fields, validate

from advisor.chan.position import TYPED_SOURCES
from advisor.chan.profiles import PROFILES
from service.fields import Cards, StrictBoolean, StrictInteger
from service.generated import RecordPrefixSchema, VerbSchemas
from service.meta import register_rules
from service.schemas import (
    AdviceSchema,
    AnalysisSchema,
    NoWinScoreSchema,
    PositionSchema,
    ViewSchema,
    WinScoreSchema,
)


class TypedDecisionSchema(Schema):
    """A decision typed by a player (:func:`advisor.chan.position.view_of_position`): the
    ``advisor chan advise`` command's flags as fields."""

    class Meta:
        unknown = RAISE

    hand = Cards(required=True, metadata={"description": "the concealed cards"})
    melds = fields.List(Cards(), metadata={"description": "the seat's exposed melds"})
    offer = Cards(allow_none=True, metadata={"description": "the card offered to the seat"})
    from_ = fields.String(data_key="from", allow_none=True,
                          validate=validate.OneOf(TYPED_SOURCES),
                          metadata={"description": "where the card on offer comes from"})
    seen = Cards(allow_none=True, metadata={"description": "other cards seen"})
    stock_left = StrictInteger(allow_none=True, validate=validate.Range(0, 23))
    rules = fields.String(allow_none=True, validate=validate.OneOf(list(PROFILES)))
    seat = StrictInteger(allow_none=True, validate=validate.Range(0, 3))
    dealer = StrictInteger(allow_none=True, validate=validate.Range(0, 3))
    discarded = Cards(allow_none=True, metadata={"description": "memory: faces discarded"})
    refused = Cards(allow_none=True, metadata={"description": "memory: faces refused"})
    laid_in_ca = Cards(allow_none=True, metadata={"description": "memory: faces laid in a Cạ"})
    ate_ca = StrictBoolean(allow_none=True, metadata={"description": "memory: ate a Cạ"})


SCHEMAS = {
    "score": VerbSchemas((PositionSchema,), (WinScoreSchema, NoWinScoreSchema)),
    "analyze": VerbSchemas((PositionSchema,), (AnalysisSchema,)),
    "advice": VerbSchemas((ViewSchema, TypedDecisionSchema, RecordPrefixSchema),
                          (AdviceSchema,), check=TypedDecisionSchema, view=ViewSchema,
                          record=RecordPrefixSchema),
}


def extend(bp: Blueprint) -> None:
    """Add Chắn's rules profiles to its made blueprint."""
    register_rules(bp, "chan", lambda: [
        {"name": p.name, "description": p.description, "options": dict(p.options)}
        for p in PROFILES.values()])


__all__ = ["SCHEMAS", "extend"]
