"""The endpoints of a game made from its declarations (:mod:`advisor.games.faces`):
``POST /v1/<game>/<verb>`` for every verb, each in the OpenAPI document and
``GET /v1/meta``. A game with declarations writes no service code.

Each endpoint takes one JSON object or a batch (a list) and answers exactly the library's
JSON. The request's shape is checked by a marshmallow schema made from the verb's fields
(each field's JSON type; an unknown field is 422); cards, sizes and rules are the
library's to check. A verb with a budget (an advice) also accepts a record prefix (an
object with ``format``) and a VIEW as the engine sends it (checked by the library),
reads ``budget_ms`` and ``seed`` (and ``samples``, for a verb that takes playout worlds;
``search``, for one that offers its search)
from the query string (capped by ``MAX_ADVICE_BUDGET_MS`` and ``MAX_ADVICE_SAMPLES``)
and goes through the worker's gate: each object is told the time left before the
request's deadline (``Context.limit_ms``), and one that would pass it is not started.
What passes the gate is computed in the worker's pool of processes when it has one
(:mod:`service.pool`), off the request's thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import replace
from time import monotonic
from typing import Any

from flask import Blueprint, Response, current_app, request
from marshmallow import RAISE, Schema, fields, validate

from advisor.games import deadline
from advisor.games.endpoints import Profile, RecordPrefixSchema, VerbSchemas
from advisor.games.faces import Context, Field, Verb
from advisor.games.holding import shape_of
from advisor.games.spec import AnySpec
from service.fields import Cards, Numbers, StrictBoolean, StrictInteger
from service.gate import Ticket, cost_ms, ticket, turn_away_holders
from service.meta import register_rules
from service.openapi import document
from service.pool import Answered, answer, compute, pool_of
from service.positions import AdviceQuery, evaluate

MIN_OBJECT_BYTES = 2
"""The fewest bytes an object of a batch takes (``{}``): a body's length bounds its
objects, and so its cost, before it is read."""
HARD_STOP_GRACE_S = 1.0
"""How long after its deadline an advice that did not stop by itself is stopped."""


def _field(f: Field) -> fields.Field[Any]:
    meta = {"description": f.help}
    rng = (validate.Range(min=f.minimum, max=f.maximum)
           if f.minimum is not None or f.maximum is not None else None)
    made: fields.Field[Any]
    if f.kind == "flag":
        made = StrictBoolean(required=f.required, metadata=meta)
    elif f.kind == "int":
        made = StrictInteger(required=f.required, metadata=meta,
                             validate=rng if rng else None)
    elif f.kind == "float":
        made = fields.Float(required=f.required, metadata=meta, allow_nan=False, validate=rng)
    elif f.kind == "choice":
        made = fields.String(required=f.required, metadata=meta,
                             validate=validate.OneOf(f.choices))
    elif f.kind == "numbers":
        made = Numbers(required=f.required, metadata=meta)
    elif f.kind in ("many", "arguments"):
        made = fields.List(Cards(), required=f.required, metadata=meta)
    else:
        made = Cards(required=f.required, metadata=meta)
    return made


def _title(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def body_schema(info: AnySpec, verb: Verb) -> type[Schema]:
    """The schema of a verb's JSON object: its fields, their JSON types; nothing else."""
    attrs: dict[str, Any] = {f.name: _field(f) for f in verb.fields}
    attrs["Meta"] = type("Meta", (), {"unknown": RAISE})
    attrs["__doc__"] = f"The object of `POST /v1/{info.name}/{verb.name}`."
    return type(f"{_title(info.name)}{_title(verb.name)}RequestSchema", (Schema,), attrs)


class SeatViewSchema(Schema):
    """A seat's VIEW exactly as the engine sends it to a bot (the ``view`` of a ``decide``
    message): the game's own fields, every one checked by the library (a VIEW that cannot
    be the seat's view of a deal is 422, naming the field)."""

    phase = fields.String(required=True, metadata={"description": "the phase of the deal"})
    to_act = fields.Integer(metadata={"description": "the seat whose decision is pending"})

    class Meta:
        unknown = "include"


class _EitherSchema(Schema):
    """What a user holds (:func:`advisor.games.holding.shape_of`): a verb's object (a
    typed position), a VIEW, or (with ``format``) a record prefix."""

    fields_schema: Schema
    record_schema: Schema = RecordPrefixSchema()
    view_schema: Schema = SeatViewSchema()

    def load(self, data: Any, **kwargs: Any) -> Any:
        shape = shape_of(dict(data)) if isinstance(data, Mapping) else "position"
        if shape == "record":
            return self.record_schema.load(data, **kwargs)
        if shape == "view":
            return self.view_schema.load(data, **kwargs)
        return self.fields_schema.load(data, **kwargs)


def result_schema(info: AnySpec, verb: Verb) -> type[Schema]:
    """The answer's schema in the document: the library's JSON object (described by the
    verb's help; its fields are the library's ``to_json``)."""
    return type(f"{_title(info.name)}{_title(verb.name)}ResultSchema", (Schema,), {
        "Meta": type("Meta", (), {"unknown": "include"}),
        "__doc__": f"The answer of `POST /v1/{info.name}/{verb.name}`: the library's JSON."})


def _budget_ms() -> fields.Float:
    """An advice's ``budget_ms`` query parameter."""
    return fields.Float(
        validate=validate.Range(min=0, min_inclusive=False),
        metadata={"exclusiveMinimum": 0,
                  "description": "Time for the advisor per object, in milliseconds "
                                 "(default: the game's default budget; capped at the "
                                 "server's MAX_ADVICE_BUDGET_MS)."})


class BudgetQuerySchema(Schema):
    """The query parameters of an advice: its budget and seed; values above the server's
    limits are lowered to them, whatever the client asks."""

    class Meta:
        unknown = RAISE

    budget_ms = _budget_ms()
    seed = fields.Integer(metadata={"description": "Seed of what the advisor samples "
                                                   "(default 0)."})


class AdviceQuerySchema(Schema):
    """The query parameters of an advice that takes playout worlds (Chắn's, and a hint
    in a game at the table): its budget, worlds and seed."""

    class Meta:
        unknown = RAISE

    budget_ms = _budget_ms()
    samples = fields.Integer(
        validate=validate.Range(min=1),
        metadata={"description": "A fixed number of sampled worlds instead of a time budget: "
                                 "the answer is reproducible (capped at MAX_ADVICE_SAMPLES)."})
    seed = fields.Integer(metadata={"description": "Seed of the sampled worlds (default 0)."})


def _search() -> fields.Boolean:
    return fields.Boolean(metadata={
        "description": "Play every action out, within the budget, in worlds drawn from what "
                       "the table shows, every seat then playing as `greedy+`, each action "
                       "stated against the `greedy+` player's own choice (Chắn's then ranked "
                       "by the expected settlement: `ranked_by`); false: the value model "
                       "alone. Default: the game's (Qing searches, Chắn does not)."})


class SearchQuerySchema(AdviceQuerySchema):
    """The query parameters of an advice that takes playout worlds and also offers its
    search on request (Chắn's): `search` too."""

    search = _search()


class BudgetSearchQuerySchema(BudgetQuerySchema):
    """The query parameters of an advice that offers its search on request but takes no
    playout worlds (Qing's): its budget, seed and `search`."""

    search = _search()


def _endpoint(info: AnySpec, verb: Verb, own: VerbSchemas | None) -> Any:
    plain = ((own.check or own.body[0]) if own else body_schema(info, verb))()
    bodies: tuple[type[Schema], ...] = own.body if own else (type(plain),)
    results: tuple[type[Schema], ...] = own.result if own else (result_schema(info, verb),)
    query_schema: type[Schema] = (
        (SearchQuerySchema if verb.samples else BudgetSearchQuerySchema) if verb.search else
        AdviceQuerySchema if verb.samples else BudgetQuerySchema)
    if verb.budget:
        schema = _EitherSchema()
        schema.fields_schema = plain
        if own:  # the game's own schemas read its positions (and records, unless given)
            schema.record_schema = own.record() if own.record else plain
            if own.view:
                schema.view_schema = own.view()
            else:
                bodies += (SeatViewSchema,)
        else:
            bodies += (SeatViewSchema, RecordPrefixSchema)
        query = query_schema()
        default_key = f"{info.name.upper()}_ADVICE_MS"

        def view() -> Response:
            cfg = current_app.config
            # The advisor's own meter stops at the request's deadline and answers with the
            # work done; a search that does not meter itself is stopped a little later.
            hard_stop = cfg["ADVICE_DEADLINE_S"] + HARD_STOP_GRACE_S
            with ticket() as passage, deadline.within(hard_stop):
                # (a saturated worker refused before reading anything)
                asked = AdviceQuery.read(query, cfg.get(default_key, info.default_budget_ms))
                ctx = Context(asked.budget_ms, asked.seed, asked.samples, search=asked.search)
                # An object is expected to take its budget (Chắn's: only with playouts),
                # then as long as the slowest of the batch so far.
                slowest = asked.budget_ms / 1000 if verb.expects_budget(ctx) else 0.0

                pool = pool_of(current_app)

                def advise(obj: object) -> Any:
                    nonlocal slowest
                    left = passage.check(slowest)
                    started = monotonic()
                    # even the first object of a batch stops at the deadline
                    told = replace(ctx, limit_ms=left * 1000)
                    if pool is None:
                        result = verb.answer(obj, told)
                    else:  # off the request's thread
                        result = Answered(compute(pool, answer, info.name, verb.name, obj,
                                                  told, limit_s=left + HARD_STOP_GRACE_S))
                    slowest = max(slowest, monotonic() - started)
                    return result

                return evaluate(schema, lambda obj: obj, advise, cfg["MAX_ADVICE_BATCH"])
    else:
        def view() -> Response:
            # Bounded everywhere: the whole request within DEADLINE_S (the library's
            # searches check it as they go), and through the gate when it costs more than
            # GATE_FREE_MS by the verb's cost per object.
            cfg = current_app.config
            per_object_ms = cost_ms(info.name, verb.name)
            free_ms = cfg["GATE_FREE_MS"]
            with deadline.within(cfg["DEADLINE_S"]) as limit, ExitStack() as gated:
                # A body that may hold a costly batch, from a client that already holds
                # its share of the gate, is refused before it is read.
                if (request.content_length or 0) / MIN_OBJECT_BYTES * per_object_ms > free_ms:
                    turn_away_holders()
                passage: Ticket | None = None

                def admit(n: int) -> None:
                    nonlocal passage
                    if n * per_object_ms > free_ms:
                        if passage is None:
                            passage = gated.enter_context(ticket(deadline_s=limit.left))
                        passage.check(0.0)

                pool = pool_of(current_app)

                def work(obj: object) -> Any:
                    deadline.check()  # between the objects of a batch
                    if pool is None or passage is None:  # on the thread: cheap, or no pool
                        return verb.answer(obj, Context())
                    return Answered(compute(pool, answer, info.name, verb.name, obj,
                                            Context(), limit_s=limit.left))

                return evaluate(plain, lambda obj: obj, work, admit=admit)

    view.__name__ = f"{verb.name}_view"
    server = (f"\n\nWithout `budget_ms`, the server's budget "
              f"(`{info.name.upper()}_ADVICE_MS`, {info.default_budget_ms:g} ms unless its "
              f"operator set another)." if verb.budget else "")
    if "\n\n" in verb.help:  # a summary, then a description
        view.__doc__ = verb.help + server
    else:
        summary, dot, rest = verb.help.partition(". ")
        view.__doc__ = (f"{summary}.\n\n{rest}" if dot and rest else verb.help) + server
    return document(results, body=bodies,
                    batch="MAX_ADVICE_BATCH" if verb.budget else "MAX_BATCH",
                    query=query_schema if verb.budget else None, gated=verb.budget,
                    example=dict(verb.example) if verb.example is not None else None)(view)


def blueprint(info: AnySpec, schemas: Mapping[str, VerbSchemas] | None = None,
              rules: Callable[[], list[Profile]] | None = None) -> Blueprint:
    """The blueprint of a game with declarations: ``/v1/<game>/<verb>`` for each verb
    (with the game's own ``schemas`` for some verbs, when it has written them), its rules
    profiles listed in ``GET /v1/meta`` (``rules``; by default one, the game's flags off)."""
    bp = Blueprint(info.name, __name__, url_prefix=f"/v1/{info.name}")
    for verb in info.faces.verbs:
        view = _endpoint(info, verb, (schemas or {}).get(verb.name))
        bp.add_url_rule(f"/{verb.name}", endpoint=view.__name__, view_func=view,
                        methods=["POST"])
    if rules is None:
        options = {f.name: False for f in info.faces.simulate_fields if f.kind == "flag"}
        register_rules(bp, info.name, lambda: [
            {"name": "default", "description": f"{info.title}, the rules page's defaults",
             "options": options}])
    else:
        register_rules(bp, info.name, lambda: [p.to_json() for p in rules()])
    return bp


__all__ = ["AdviceQuerySchema", "BudgetQuerySchema", "BudgetSearchQuerySchema",
           "RecordPrefixSchema", "SearchQuerySchema", "SeatViewSchema", "VerbSchemas",
           "blueprint", "body_schema"]
