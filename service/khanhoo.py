"""Khanhoo endpoints: ``POST /v1/khanhoo/score``, ``/analyze``, ``/advice`` and ``/settle``.

Each takes one request object or a list of them and returns exactly the library's JSON:
``score(Position.from_json(obj)).to_json()``, ``analyze(...)``, ``advise_json(obj)`` and
``Settlement.from_json(obj)``. The schemas below check the shape and JSON types; the
cards, rules and sizes are the library's to check.

>>> from service import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> client.post("/v1/khanhoo/settle", json={"scores": [52, 49, 47, 47]}).get_json()["balances"]
[13, 1, -7, -7]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app
from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validates_schema

from advisor.khanhoo.advice import Advice, Budget, advise_json
from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.position import Position
from advisor.khanhoo.rules import OPTION_HELP
from advisor.khanhoo.scoring import Settlement, score
from service.gate import ticket
from service.meta import register_rules
from service.positions import evaluate
from service.schemas import Cards, Flags, StrictBoolean, StrictInteger

bp = Blueprint("khanhoo", __name__, url_prefix="/v1/khanhoo")
register_rules(bp, "khanhoo", lambda: [
    {"name": "2-set", "description": "2 sets + Jokers, the 2-set table (K1)",
     "options": {name: False for name in OPTION_HELP}},
    {"name": "3-set", "description": "3 sets + 2 Jokers, the variation table (K9)",
     "options": {name: False for name in OPTION_HELP}},
])

ADVICE_SECONDS = 0.5
"""Default time budget of one advice (config ``KHANHOO_ADVICE_SECONDS``)."""


class PositionSchema(Schema):
    """A Khanhoo position (rules page, Interfaces): ``hand`` is required; ``null`` for an
    optional field means "not given"."""

    class Meta:
        unknown = RAISE

    sets = StrictInteger(allow_none=True)
    jokers = StrictInteger(allow_none=True)
    options = Flags(allow_none=True)
    hand = Cards(required=True)
    melds = fields.List(Cards(), allow_none=True)
    seen = Cards(allow_none=True)
    orphan = StrictBoolean(allow_none=True)


class AdvicePositionSchema(PositionSchema):
    """A position to advise on: for a claim, the discard on ``offer`` and who threw it."""

    players = StrictInteger(allow_none=True)
    offer = fields.String(allow_none=True)
    from_ = fields.String(data_key="from", allow_none=True)
    turn = StrictInteger(allow_none=True)


class RecordSchema(Schema):
    """A record prefix (khanhoo-record/1): the seat to act at its end is advised."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True)
    sets = StrictInteger(allow_none=True)
    jokers = StrictInteger(allow_none=True)
    options = Flags(allow_none=True)
    dealer = StrictInteger(required=True)
    orphan = StrictInteger(allow_none=True)
    max_turns = StrictInteger(allow_none=True)
    players = fields.List(fields.String(), allow_none=True)
    hands = fields.List(fields.List(fields.String()), required=True)
    stock = fields.List(fields.String(), required=True)
    moves = fields.List(fields.Dict(), required=True)
    result = fields.Raw(allow_none=True)


class AdviceSchema(Schema):
    """A position (:class:`AdvicePositionSchema`) or a record prefix (:class:`RecordSchema`),
    told apart by a ``format`` field."""

    class Meta:
        unknown = INCLUDE

    @validates_schema(pass_original=True)
    def _either(self, data: Any, original: Any, **kwargs: Any) -> None:
        record = isinstance(original, Mapping) and "format" in original
        errors = (RecordSchema() if record else AdvicePositionSchema()).validate(original)
        if errors:
            raise ValidationError(errors)


class SettleSchema(Schema):
    """``{"scores": [52, 49, 47, 47], "names": ["A", "B", "C", "D"]}`` (names optional)."""

    class Meta:
        unknown = RAISE

    scores = fields.List(StrictInteger(), required=True)
    names = fields.List(fields.String(), allow_none=True)


_position = PositionSchema()


@bp.post("/score")
def score_view() -> Response:
    """Score a complete hand; a hand that cannot go out is a result, ``{"out": false}``."""
    return evaluate(_position, Position.from_json, score)


@bp.post("/analyze")
def analyze_view() -> Response:
    """Analyse 15 cards (the useful cards) or 16 (the discard table)."""
    return evaluate(_position, Position.from_json, analyze)


@bp.post("/advice")
def advice_view() -> Response:
    """Rank the legal actions of the seat to act (a position or a record prefix).

    Advice shares the worker's gate with the Chắn advisor: a saturated worker, or a
    request that would pass its deadline, is answered 503 with ``Retry-After``."""
    budget = Budget(seconds=float(current_app.config.get("KHANHOO_ADVICE_SECONDS",
                                                         ADVICE_SECONDS)))
    with ticket() as passage:  # a saturated worker refuses before reading anything

        def compute(obj: object) -> Advice:
            passage.check(budget.seconds)
            return advise_json(obj, budget)

        return evaluate(AdviceSchema(), lambda obj: obj, compute)


@bp.post("/settle")
def settle_view() -> Response:
    """Settle a match from the players' scores (as in Skat)."""
    return evaluate(SettleSchema(), Settlement.from_json, lambda s: s)


__all__ = ["ADVICE_SECONDS", "AdviceSchema", "PositionSchema", "SettleSchema", "ValidationError",
           "bp"]
