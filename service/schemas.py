"""marshmallow schemas at the edge that no game owns: a problem, the health checks and
``GET /v1/meta`` (its limits made from the registry: a game whose server fixes the budget
of its advice has it listed). A game's own schemas are its declarations
(``advisor.<game>.endpoints``, :mod:`advisor.games.endpoints`), with every game's advice
answer (``AnswerSchema``, ``JudgedSchema``, ``WorkSchema``), re-exported here.

They describe what the service answers; they are not used to serialise (the service
returns the library's JSON as it is) but to document it: the OpenAPI document
(:mod:`service.openapi`) is generated from them.

>>> flatten_errors({"context": {"stock_revealed": ["Not an integer."]}, "melds": {1: ["x"]}})
{'context.stock_revealed': ['Not an integer.'], 'melds[1]': ['x']}
>>> ([n for n in LimitsSchema().fields if n.endswith("_advice_ms")]
...  == [f"{g.name}_advice_ms" for g in GAMES if endpoints_of(g).server_budget_ms])
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, fields, validate

from advisor.games.endpoints import AnswerSchema, JudgedSchema, WorkSchema, endpoints_of
from advisor.registry import GAMES
from service.fields import StrictBoolean, StrictInteger


class ProblemSchema(Schema):
    """An RFC 9457 problem: every error the service returns (``service.problems``)."""

    class Meta:
        unknown = RAISE

    type = fields.String(required=True, metadata={
        "description": "`/problems/<kind>`, the kind of problem (docs/api.md lists them)"})
    title = fields.String(required=True, metadata={"description": "the kind, in words"})
    status = StrictInteger(required=True, metadata={"description": "the HTTP status"})
    detail = fields.String(required=True, metadata={
        "description": "what is wrong with this request"})
    field = fields.String(metadata={
        "description": "the offending field: `hand`, `melds[1]`, `context.stock_revealed` …"})
    token = fields.String(metadata={"description": "the offending token: `zz`, `van` …"})
    index = StrictInteger(metadata={"description": "which item of a batch (from 0)"})
    rule = fields.String(metadata={
        "description": "the rule an illegal action breaks: `R3`, `T1` … (docs/rules/)"})
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), metadata={
        "description": "schema errors: failing field → its messages (at most 20; names of "
                       "more than 64 characters cut, ending with `…`)"})
    more_errors = StrictInteger(metadata={
        "description": "how many failing fields `errors` leaves out (it lists 20 at most)"})


class HealthSchema(Schema):
    class Meta:
        unknown = RAISE

    status = fields.String(required=True, validate=validate.Equal("ok"))


class ReadySchema(Schema):
    """The instance is ready: it answers, and so does the tables' database."""

    class Meta:
        unknown = RAISE

    status = fields.String(required=True, validate=validate.Equal("ok"))
    database = fields.String(required=True, validate=validate.Equal("ok"))


class ProfileSchema(Schema):
    """A rules profile a position or VIEW may name in ``rules``."""

    class Meta:
        unknown = RAISE

    name = fields.String(required=True)
    description = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), values=StrictBoolean(), required=True,
                          metadata={"description": "options with their defaults"})


class GameSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True)
    endpoints = fields.List(fields.String(), required=True)
    rules = fields.List(fields.Nested(ProfileSchema), required=True)


def _limits_schema() -> type[Schema]:
    """The limits the server enforces (its ``create_app`` config; ``docs/deploy.md``),
    with each game's budget of one advice where its server fixes it."""
    own: dict[str, Any] = {}
    for g in GAMES:
        declared = endpoints_of(g)
        if declared.server_budget_ms is None:
            continue
        key = f"{g.name.upper()}_ADVICE_MS"
        own[f"{g.name}_advice_ms"] = fields.Float(
            required=True, metadata={"description": f"{key}: one {g.title} advice"})
        if declared.budget_in_seconds:
            own[f"{g.name}_advice_seconds"] = fields.Float(
                required=True, metadata={"description": "the same in seconds (kept for v1 "
                                                        "clients)"})
    attrs: dict[str, Any] = {
        "__doc__": "The limits the server enforces (its ``create_app`` config; "
                   "``docs/deploy.md``).",
        "Meta": type("Meta", (), {"unknown": RAISE}),
        "max_body_bytes": StrictInteger(required=True,
                                        metadata={"description": "MAX_CONTENT_LENGTH"}),
        "max_batch": StrictInteger(required=True, metadata={"description": "MAX_BATCH"}),
        "max_advice_batch": StrictInteger(required=True,
                                          metadata={"description": "MAX_ADVICE_BATCH"}),
        "default_advice_budget_ms": fields.Float(required=True),
        "max_advice_budget_ms": fields.Float(required=True,
                                             metadata={"description": "MAX_ADVICE_BUDGET_MS"}),
        "max_advice_samples": StrictInteger(required=True,
                                            metadata={"description": "MAX_ADVICE_SAMPLES"}),
        "max_hint_samples": StrictInteger(required=True,
                                          metadata={"description": "MAX_HINT_SAMPLES: one hint"}),
        **own,
        "advice_slots": StrictInteger(required=True, metadata={"description": "ADVICE_SLOTS"}),
        "advice_queue": StrictInteger(required=True, metadata={"description": "ADVICE_QUEUE"}),
        "advice_queue_wait_s": fields.Float(required=True,
                                            metadata={"description": "ADVICE_QUEUE_WAIT_S"}),
        "advice_deadline_s": fields.Float(required=True,
                                          metadata={"description": "ADVICE_DEADLINE_S"}),
        "max_review_ms": fields.Float(
            required=True, metadata={"description": "MAX_REVIEW_MS: one review's decisions × "
                                                    "budget; more is 413"}),
    }
    return type("LimitsSchema", (Schema,), attrs)


LimitsSchema = _limits_schema()


class EngineSchema(Schema):
    """Which engines play the games' deals, playouts and simulations: ``core`` (the
    compiled core, ``rust/``) or ``python`` (the Python engines: no core was built, or
    ``ADVISOR_CORE=off``)."""

    class Meta:
        unknown = RAISE

    path = fields.String(required=True, validate=validate.OneOf(["core", "python"]))
    description = fields.String(required=True)


class MetaSchema(Schema):
    """``GET /v1/meta``: what this server runs and the limits it enforces."""

    class Meta:
        unknown = RAISE

    name = fields.String(required=True)
    version = fields.String(required=True)
    engine = fields.Nested(EngineSchema, required=True)
    games = fields.List(fields.Nested(GameSchema), required=True)
    limits = fields.Nested(LimitsSchema, required=True)


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


__all__ = ["AnswerSchema", "GameSchema", "HealthSchema", "JudgedSchema", "LimitsSchema",
           "MetaSchema", "ProblemSchema", "ProfileSchema", "ReadySchema", "WorkSchema",
           "flatten_errors"]
