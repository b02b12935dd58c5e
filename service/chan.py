"""Chắn's own endpoint, ``POST /v1/chan/advice``, and the schemas it has written for its
other endpoints (``/score``, ``/analyze``: made from the game's declarations,
:mod:`advisor.chan.faces`, :mod:`service.generated`).

Each takes a position (rules §8.1) — the advice: a VIEW (§8.3), a typed decision or a
record prefix — or a list of them, and returns exactly the library's JSON:
``score(Position.from_json(obj)).to_json()``, ``analyze(...).to_json()``,
``advise(view, …).to_json()``. Advice goes through the
worker's gate (:mod:`service.gate`).
"""

from __future__ import annotations

from time import monotonic
from typing import Any, ClassVar

from flask import Blueprint, Response, current_app
from marshmallow import RAISE, Schema, fields, validate

from advisor.chan.advice import DEFAULT_BUDGET_MS, Advice, advice_request, advise
from advisor.chan.game import Action
from advisor.chan.position import TYPED_SOURCES
from advisor.chan.profiles import PROFILES
from advisor.chan.view import View
from advisor.games.holding import shape_of
from service.gate import ticket
from service.generated import RecordPrefixSchema, VerbSchemas
from service.meta import register_rules
from service.openapi import document
from service.positions import AdviceQuery, evaluate
from service.schemas import (
    AdviceQuerySchema,
    AdviceSchema,
    AnalysisSchema,
    Cards,
    NoWinScoreSchema,
    PositionSchema,
    StrictBoolean,
    StrictInteger,
    ViewSchema,
    WinScoreSchema,
)

SCHEMAS = {
    "score": VerbSchemas((PositionSchema,), (WinScoreSchema, NoWinScoreSchema)),
    "analyze": VerbSchemas((PositionSchema,), (AnalysisSchema,)),
}

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


class _HeldSchema(Schema):
    """What a user holds (:func:`advisor.games.holding.shape_of`): a VIEW, a record prefix
    or a typed decision, each checked by its own schema."""

    by_shape: ClassVar[dict[str, Schema]] = {"view": ViewSchema(), "record": RecordPrefixSchema(),
                                             "position": TypedDecisionSchema()}

    def load(self, data: Any, **kwargs: Any) -> Any:
        shape = shape_of(dict(data)) if isinstance(data, dict) else "position"
        return self.by_shape[shape].load(data, **kwargs)


_held_schema = _HeldSchema()
_query_schema = AdviceQuerySchema()

# The VIEW shown in the OpenAPI document (and tried by schemathesis): examples/view.json.
_VIEW_EXAMPLE: dict[str, Any] = {
    "rules": "house", "seat": 2, "dealer": 0, "phase": "offer", "to_act": 2,
    "hand": ["2v", "2v", "3s", "3m", "4s", "4s", "5v", "6v", "6s", "6s", "7m", "8v", "8s",
             "8s", "9s", "9m", "cc"],
    "stock_left": 17,
    "offer": {"card": "5v", "source": "discard", "door": 1, "to": 2, "claims_open": True},
    "table": [
        {"melds": [["6s", "6s"], ["5v", "5m"]], "discards": ["3s", "8v"], "passed": [],
         "dead": False},
        {"melds": [["4v", "4v"], ["7v", "7v"]], "discards": ["2s", "5v"], "passed": [],
         "dead": False},
        {"melds": [["3v", "3v"]], "discards": ["4m"], "passed": ["2v"], "dead": False},
        {"melds": [["9v", "9s"]], "discards": [], "passed": ["7m"], "dead": False},
    ],
    "memory": {"discarded": ["4m"], "refused": ["2v"], "laid_in_ca": [], "ate_ca": False},
}


@document(AdviceSchema, body=(ViewSchema, TypedDecisionSchema, RecordPrefixSchema),
          batch="MAX_ADVICE_BATCH", query=AdviceQuerySchema, gated=True, example=_VIEW_EXAMPLE)
def advice_view() -> Response:
    """Rank every legal action of the seat whose VIEW (rules §8.3) is posted.

    The body is the VIEW the engine sends, a decision typed as the `advise` command's
    flags spell it (`hand`, `offer`, `from`…) or a record prefix (`chan-record/1`).

    The chances come from the value model (a few milliseconds). `samples` adds playouts
    of the leading actions in that many worlds, within `budget_ms` (default 100); both
    are capped by the server whatever the client asks (`GET /v1/meta`). A worker computes one advice
    at a time: a request that finds every slot taken for too long, or that would pass
    its deadline, is answered 503 with `Retry-After`. With `samples`, a VIEW stops
    sampling at the deadline: its `samples` says how many worlds were played, a note
    why.
    """
    cfg = current_app.config
    with ticket() as passage:  # a saturated worker refuses before reading anything
        query = AdviceQuery.read(_query_schema, DEFAULT_BUDGET_MS)
        budget, samples, seed = query.budget_ms, query.samples, query.seed
        # A VIEW with playouts is expected to take its budget; one without, as long as the
        # slowest VIEW of the batch so far (a few milliseconds).
        slowest = budget / 1000 if samples else 0.0

        def compute(held: tuple[View, list[Action]]) -> Advice:
            nonlocal slowest
            left = passage.check(slowest)
            started = monotonic()
            # Even the first VIEW of a batch stops its playouts at the deadline (the
            # answer's `samples` says how many worlds were played).
            view, _ = held  # its legal actions are the engine's again, from the VIEW
            advice = advise(view, budget_ms=budget, samples=samples, seed=seed,
                            limit_ms=left * 1000)
            slowest = max(slowest, monotonic() - started)
            return advice

        return evaluate(_held_schema, advice_request, compute, cfg["MAX_ADVICE_BATCH"])


def extend(bp: Blueprint) -> None:
    """Add Chắn's own endpoint and its rules profiles to its made blueprint."""
    bp.add_url_rule("/advice", view_func=advice_view, methods=["POST"])
    register_rules(bp, "chan", lambda: [
        {"name": p.name, "description": p.description, "options": dict(p.options)}
        for p in PROFILES.values()])


__all__ = ["SCHEMAS", "extend"]
