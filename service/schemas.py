"""marshmallow schemas at the edge: the shape and JSON types of what the service takes
(a position, rules §8.1; a VIEW, §8.3; the advice query) and of what it answers.

A request schema only checks structure — known fields, JSON types. Card-level checks
(unknown card, fifth copy, meld shape, rules profile and its options, card counts) are
the library's, in :meth:`advisor.chan.position.Position.from_json`, which the service
calls on the original object once the schema has accepted it.

The answer schemas describe the library's ``to_json()`` results; they are not used to
serialise (the service returns the library's JSON as it is) but to document it: the
OpenAPI document (:mod:`service.openapi`) is generated from every schema here.

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

from marshmallow import RAISE, Schema, fields, validate

from advisor.chan.advice import METHODS
from advisor.chan.game import DOS, PHASES, SOURCES
from advisor.chan.pairing import GROUP_KINDS
from service.fields import Cards, Flags, StrictBoolean, StrictInteger


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
    source = fields.String(required=True, validate=validate.OneOf(SOURCES))
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
                          validate=validate.OneOf([p for p in PHASES if p != "over"]))
    to_act = StrictInteger(validate=validate.Range(0, 3))
    hand = fields.List(fields.String(), required=True)
    stock_left = StrictInteger(required=True, validate=validate.Range(0, 23))
    offer = fields.Nested(OfferSchema, allow_none=True)
    table = fields.List(fields.Nested(SeatTableSchema), required=True,
                        validate=validate.Length(equal=4))
    memory = fields.Nested(MemorySchema)
    chiu = fields.Nested(ChiuSchema, allow_none=True)
    is_partial = StrictBoolean(data_key="partial")  # `partial` is a Schema attribute


# --- answers ---------------------------------------------------------------------------
# Strict types (StrictInteger, StrictBoolean) so that a test can load the library's
# output with these schemas and fail on any drift between the two.


class WaitSchema(Schema):
    """A face that would help, with how many copies are still unseen."""

    class Meta:
        unknown = RAISE

    card = fields.String(required=True)
    unseen = StrictInteger(required=True)


class BonusSchema(Schema):
    """One cước of a winning hand."""

    class Meta:
        unknown = RAISE

    code = fields.String(required=True)
    name = fields.String(required=True)
    count = StrictInteger(required=True)
    base = StrictInteger(required=True)
    dich = StrictInteger(required=True)


class WinScoreSchema(Schema):
    """``/score`` of a hand that wins (rules §7, §8.1)."""

    class Meta:
        unknown = RAISE

    win = StrictBoolean(required=True, validate=validate.Equal(True))
    points = StrictInteger(required=True)
    chan = StrictInteger(required=True)
    ca = StrictInteger(required=True)
    main = fields.String(required=True, metadata={"description": "code of the main cước"})
    bonuses = fields.List(fields.Nested(BonusSchema), required=True)
    ga = StrictInteger(metadata={"description": "points of gà, when the option is on"})
    formula = fields.String(required=True)
    pairs = fields.List(fields.List(fields.String()), required=True)


class NoWinScoreSchema(Schema):
    """``/score`` of a hand that does not win: a result, not an error."""

    class Meta:
        unknown = RAISE

    win = StrictBoolean(required=True, validate=validate.Equal(False))
    reason = fields.String(required=True)
    chan = StrictInteger(required=True)
    ca = StrictInteger(required=True)


class GroupSchema(Schema):
    class Meta:
        unknown = RAISE

    kind = fields.String(required=True,
                         validate=validate.OneOf(GROUP_KINDS))
    cards = fields.List(fields.String(), required=True)


class PairingSchema(Schema):
    """The canonical pairing of the concealed cards."""

    class Meta:
        unknown = RAISE

    chan = StrictInteger(required=True)
    ca = StrictInteger(required=True)
    unpaired = StrictInteger(required=True)
    groups = fields.List(fields.Nested(GroupSchema), required=True)


class DiscardSchema(Schema):
    """One line of the discard table."""

    class Meta:
        unknown = RAISE

    card = fields.String(required=True)
    legal = StrictBoolean(required=True)
    rule = fields.String(metadata={"description": "the rule that forbids it, when illegal"})
    unpaired = StrictInteger(required=True)
    distance = StrictInteger(required=True, allow_none=True)
    waits = fields.List(fields.Nested(WaitSchema), required=True)
    useful = fields.List(fields.Nested(WaitSchema), required=True)
    useful_unseen = StrictInteger(required=True)


class AnalysisSchema(Schema):
    """``/analyze``: pairing, distance, waits, useful faces; ``discards`` for 20 cards."""

    class Meta:
        unknown = RAISE

    rules = fields.String(required=True)
    cards = StrictInteger(required=True)
    hand = fields.String(required=True)
    melds = fields.List(fields.List(fields.String()), required=True)
    pairing = fields.Nested(PairingSchema, required=True)
    chan = StrictInteger(required=True)
    ca = StrictInteger(required=True)
    unpaired = StrictInteger(required=True)
    distance = StrictInteger(required=True, allow_none=True)
    win = StrictBoolean(required=True)
    waits = fields.List(fields.Nested(WaitSchema), required=True)
    useful = fields.List(fields.Nested(WaitSchema), required=True)
    discards = fields.List(fields.Nested(DiscardSchema))


class ActionSchema(Schema):
    """An action: ``{"do": "discard", "card": "5v"}``, ``{"do": "eat", "with": "5v"}`` …"""

    class Meta:
        unknown = RAISE

    do = fields.String(required=True, validate=validate.OneOf(DOS))
    card = fields.String()
    with_ = fields.String(data_key="with")


class SampledSchema(Schema):
    """What the playouts of one action gave (``docs/advisor.md``)."""

    class Meta:
        unknown = RAISE

    worlds = StrictInteger(required=True, metadata={"description": "worlds played"})
    win = fields.Float(required=True, metadata={
        "description": "share of the worlds the seat won: playouts against greedy play in "
                       "worlds dealt from the unseen cards, not a calibrated chance"})
    win_se = fields.Float(required=True, allow_none=True, metadata={
        "description": "its standard error (null with fewer than two worlds)"})
    expected = fields.Float(required=True, metadata={"description": "mean settlement"})
    expected_se = fields.Float(required=True, allow_none=True, metadata={
        "description": "its standard error (null with fewer than two worlds)"})


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


class ActionAdviceSchema(JudgedSchema):
    """One legal action of a Chắn advice, what it leaves, and what it promises."""

    action = fields.Nested(ActionSchema, required=True)
    method = fields.String(required=True, validate=validate.OneOf(["certain", "model"]),
                           metadata={"description": "`certain`: both numbers exact (a win "
                                                    "now); `model`: the value model's"})
    distance = StrictInteger(required=True, allow_none=True)
    unpaired = StrictInteger(required=True)
    waits = fields.List(fields.Nested(WaitSchema), required=True)
    useful_unseen = StrictInteger(required=True)
    then = fields.String(required=True, allow_none=True, metadata={
        "description": "the discard an eat or a Chíu is assumed to be followed by (legal)"})
    bonuses = fields.List(fields.String(), metadata={
        "description": "a certain win's bonuses (cước), by name"})
    sampled = fields.Nested(SampledSchema)


class AdviceSchema(AnswerSchema):
    """``/advice``: every legal action ranked by `win`, best first (``docs/advisor.md``)."""

    best = fields.Nested(ActionSchema, required=True)
    method = fields.String(required=True, validate=validate.OneOf(METHODS))
    phase = fields.String(required=True)
    explanation = fields.String(required=True)
    actions = fields.List(fields.Nested(ActionAdviceSchema), required=True)


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


class LimitsSchema(Schema):
    """The limits the server enforces (its ``create_app`` config; ``docs/deploy.md``)."""

    class Meta:
        unknown = RAISE

    max_body_bytes = StrictInteger(required=True, metadata={"description": "MAX_CONTENT_LENGTH"})
    max_batch = StrictInteger(required=True, metadata={"description": "MAX_BATCH"})
    max_advice_batch = StrictInteger(required=True, metadata={"description": "MAX_ADVICE_BATCH"})
    default_advice_budget_ms = fields.Float(required=True)
    max_advice_budget_ms = fields.Float(required=True,
                                        metadata={"description": "MAX_ADVICE_BUDGET_MS"})
    max_advice_samples = StrictInteger(required=True,
                                       metadata={"description": "MAX_ADVICE_SAMPLES"})
    max_hint_samples = StrictInteger(required=True,
                                     metadata={"description": "MAX_HINT_SAMPLES: one hint"})
    khanhoo_advice_ms = fields.Float(
        required=True, metadata={"description": "KHANHOO_ADVICE_MS: one Khanhoo advice"})
    khanhoo_advice_seconds = fields.Float(
        required=True, metadata={"description": "the same in seconds (kept for v1 clients)"})
    advice_slots = StrictInteger(required=True, metadata={"description": "ADVICE_SLOTS"})
    advice_queue = StrictInteger(required=True, metadata={"description": "ADVICE_QUEUE"})
    advice_queue_wait_s = fields.Float(required=True,
                                       metadata={"description": "ADVICE_QUEUE_WAIT_S"})
    advice_deadline_s = fields.Float(required=True, metadata={"description": "ADVICE_DEADLINE_S"})
    max_review_ms = fields.Float(
        required=True, metadata={"description": "MAX_REVIEW_MS: one review's decisions × "
                                                "budget; more is 413"})


class MetaSchema(Schema):
    """``GET /v1/meta``: what this server runs and the limits it enforces."""

    class Meta:
        unknown = RAISE

    name = fields.String(required=True)
    version = fields.String(required=True)
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
