"""Khanhoo's declarations for the web service (:mod:`advisor.games.endpoints`): the
schemas of its endpoints — the requests (a position, an advice request, a record prefix,
a settlement) and the library's answers —, its rules profiles in ``GET /v1/meta``, the
server's budget of one advice (``KHANHOO_ADVICE_MS``, unless the query asks for less or
more: ``?budget_ms=``, capped at ``MAX_ADVICE_BUDGET_MS``) and the cost of its cheap verbs.

As for Chắn (:mod:`advisor.chan.endpoints`), a request schema checks the shape and the JSON
types only; the cards, the rules and the sizes are the library's to check
(``Position.from_json``, ``GAME.read``, ``Settlement.from_json`` in
:mod:`advisor.khanhoo`), and so are the ranges that ``metadata`` shows in the OpenAPI
document (``sets`` 2–4, ``players`` 2–5 …): their errors cite the rule (K1, K3 …).
The answer schemas describe the library's ``to_json()`` exactly and strictly, so that a
test — and schemathesis — can check each answer against them.

Names start with ``Khanhoo``: the OpenAPI document names its schemas after the classes,
and Chắn has a ``Position`` and an ``Advice`` of its own.

>>> KhanhooPositionSchema().validate({"hand": "Ah 2c 3d", "melds": ["7d 7d Js"]})
{}
>>> KhanhooPositionSchema().validate({"hand": 5, "colour": "red"})
{'hand': ['Not a string of cards or a list of card codes.'], 'colour': ['Unknown field.']}
>>> sorted(KhanhooAdviceRequestSchema().validate({"format": "khanhoo-record/1"}))
['dealer', 'hands', 'moves', 'stock']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from advisor.games.endpoints import (
    AnswerSchema,
    Cards,
    Endpoints,
    Flags,
    JudgedSchema,
    Profile,
    StrictBoolean,
    StrictInteger,
    VerbSchemas,
)
from advisor.khanhoo.advice import METHODS
from advisor.khanhoo.game import DOS, MAX_PLAYERS, MAX_TURNS, MIN_PLAYERS, RECORD_FORMAT
from advisor.khanhoo.record import UPGRADES
from advisor.khanhoo.rules import KINDS as COMBINATIONS
from advisor.khanhoo.rules import MAX_JOKERS, MAX_SETS, OPTION_HELP
from advisor.khanhoo.scoring import MAX_SETTLEMENT_PLAYERS

CARD = r"(?:[A2-9][hcd]|[JQK]s|Jk)"
"""A card code as the library writes it (K1): ``Ah`` … ``9d``, ``Js Qs Ks``, ``Jk``."""


class Options(Flags):
    """The named options of the rules (K-run, K5, K9, K10), each true or false; an
    unknown name is the library's to refuse (422 ``unknown-rules``, ``options.<name>``)."""

    json_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {name: {"type": "boolean", "description": text}
                       for name, text in OPTION_HELP.items()},
        "additionalProperties": False,
    }


OPTIONS_TEXT = "named options, true or false: " + ", ".join(f"`{n}`" for n in OPTION_HELP)


def _card(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(f"^{CARD}$"), **kwargs)


def _cards_text(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(f"^(?:{CARD}(?: {CARD})*)?$"), **kwargs)


def _card_list(**kwargs: Any) -> fields.List[str]:
    return fields.List(_card(), **kwargs)


# --- requests --------------------------------------------------------------------------


class KhanhooPositionSchema(Schema):
    """A Khanhoo position (rules, Interfaces): ``hand`` is required; ``null`` for an
    optional field means "not given"."""

    class Meta:
        unknown = RAISE

    sets = StrictInteger(allow_none=True, metadata={
        "minimum": 2, "maximum": MAX_SETS, "description": "sets of 30 cards (K1; default 2)"})
    jokers = StrictInteger(allow_none=True, metadata={
        "minimum": 0, "maximum": MAX_JOKERS, "description": "Jokers (K1; default 1)"})
    options = Options(allow_none=True, metadata={"description": OPTIONS_TEXT})
    hand = Cards(required=True, metadata={"description": "the concealed cards"})
    melds = fields.List(Cards(), allow_none=True, metadata={
        "description": "combinations laid face up, taken from discards (K5)"})
    seen = Cards(allow_none=True, metadata={
        "description": "cards seen elsewhere (for the unseen counts)"})
    orphan = StrictBoolean(allow_none=True, metadata={
        "description": "the seat is the orphan: 6 cards, 7 owing a discard (K7)"})


class KhanhooAdvicePositionSchema(KhanhooPositionSchema):
    """A position to advise on: 16 cards (a turn), or 15 with a discard on ``offer`` and
    who threw it (a claim, K5)."""

    players = StrictInteger(allow_none=True, metadata={
        "minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS, "description": "default 3"})
    offer = fields.String(allow_none=True, metadata={
        "description": "the discard on offer: the seat may take or bump it (K5)"})
    from_ = fields.String(data_key="from", allow_none=True, metadata={
        "enum": ["left", "other", None],
        "description": "who threw the offer: `left` (the seat is the next player, it "
                       "takes) or `other` (it bumps); default `left`"})
    turn = StrictInteger(allow_none=True, metadata={
        "minimum": 0, "maximum": MAX_TURNS,
        "description": "turns each opponent has played (default 0)"})


class KhanhooMoveSchema(Schema):
    """A recorded move: the seat and its action (``card`` or ``with`` as the action needs)."""

    class Meta:
        unknown = RAISE

    seat = StrictInteger(required=True)
    do = fields.String(required=True, metadata={"enum": list(DOS)})
    card = fields.String()
    with_ = Cards(data_key="with")


class KhanhooRecordSchema(Schema):
    """A record prefix (`khanhoo-record/2` or /1, docs/khanhoo.md): the seat to act at its end
    is advised."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True, metadata={"enum": [RECORD_FORMAT, *UPGRADES]})
    sets = StrictInteger(metadata={"minimum": 2, "maximum": MAX_SETS})
    jokers = StrictInteger(metadata={"minimum": 0, "maximum": MAX_JOKERS})
    options = Options(allow_none=True, metadata={"description": OPTIONS_TEXT})
    dealer = StrictInteger(required=True, metadata={"minimum": 0})
    orphan = StrictInteger(allow_none=True, metadata={"minimum": 0})
    max_turns = StrictInteger(metadata={"minimum": 1})
    players = fields.List(fields.String(), allow_none=True)
    hands = fields.List(fields.List(fields.String()), required=True, metadata={
        "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS})
    stock = fields.List(fields.String(), required=True)
    moves = fields.List(fields.Nested(KhanhooMoveSchema), required=True)
    result = fields.Raw(allow_none=True, metadata={
        "description": "a prefix has none: a record with one is a finished deal"})


class KhanhooAdviceRequestSchema(Schema):
    """A position (:class:`KhanhooAdvicePositionSchema`) or a record prefix
    (:class:`KhanhooRecordSchema`), told apart by a ``format`` field."""

    class Meta:
        unknown = INCLUDE

    @validates_schema(pass_original=True)
    def _either(self, data: Any, original: Any, **kwargs: Any) -> None:
        record = isinstance(original, Mapping) and "format" in original
        schema = KhanhooRecordSchema() if record else KhanhooAdvicePositionSchema()
        errors = schema.validate(original)
        if errors:
            raise ValidationError(errors)


class KhanhooSettleSchema(Schema):
    """The players' scores of a match, and optionally their names (A, B, … otherwise)."""

    class Meta:
        unknown = RAISE

    scores = fields.List(StrictInteger(), required=True, metadata={
        "minItems": 2, "maxItems": MAX_SETTLEMENT_PLAYERS})
    names = fields.List(fields.String(), allow_none=True, metadata={
        "description": "one name per score"})


# --- answers ---------------------------------------------------------------------------


class KhanhooCombinationSchema(Schema):
    """A combination of a declaration or a laid meld (K2, K9, K10)."""

    class Meta:
        unknown = RAISE

    code = fields.String(required=True, validate=validate.OneOf(list(COMBINATIONS)))
    cards = _card_list(required=True, metadata={"description": "as held, Jokers as `Jk`"})
    points = StrictInteger(required=True, validate=validate.Range(min=1))
    jokers_as = _card_list(metadata={"description": "the cards the Jokers stand for"})
    laid = StrictBoolean(validate=validate.Equal(True), metadata={
        "description": "laid face up before (a meld of the position)"})


class KhanhooOutScoreSchema(Schema):
    """`/score` of a hand that goes out (K6, K8): the points include the bonus."""

    class Meta:
        unknown = RAISE

    out = StrictBoolean(required=True, validate=validate.Equal(True))
    points = StrictInteger(required=True)
    bonus = StrictInteger(required=True, metadata={"description": "for going out (K8)"})
    discard = _card(required=True, allow_none=True, metadata={
        "description": "the card thrown away, for 16 cards"})
    combinations = fields.List(fields.Nested(KhanhooCombinationSchema), required=True)


class KhanhooNotOutScoreSchema(Schema):
    """`/score` of a hand that cannot go out: a result, not an error."""

    class Meta:
        unknown = RAISE

    out = StrictBoolean(required=True, validate=validate.Equal(False))
    distance = StrictInteger(required=True, allow_none=True, validate=validate.Range(min=1),
                             metadata={"description": "the fewest cards to exchange to go "
                                                      "out; null: never again"})
    cards = StrictInteger(required=True)


class KhanhooUsefulSchema(Schema):
    """A card kind that lowers the distance, with its copies still unseen."""

    class Meta:
        unknown = RAISE

    card = _card(required=True)
    unseen = StrictInteger(required=True, validate=validate.Range(min=0))


class KhanhooDiscardSchema(Schema):
    """One line of the discard table: a discard and the hand it leaves."""

    class Meta:
        unknown = RAISE

    card = _card(required=True)
    out = StrictBoolean(required=True)
    points = StrictInteger(required=True, allow_none=True,
                           metadata={"description": "the declaration's, when it goes out"})
    distance = StrictInteger(required=True, allow_none=True, validate=validate.Range(min=0))
    useful = fields.List(fields.Nested(KhanhooUsefulSchema), required=True)
    useful_unseen = StrictInteger(required=True, validate=validate.Range(min=0))


class KhanhooAnalysisSchema(Schema):
    """`/analyze`: the declaration when the hand is complete, its distance, and the useful
    cards (at rest) or the discard table (owing a card)."""

    class Meta:
        unknown = RAISE

    sets = StrictInteger(required=True)
    jokers = StrictInteger(required=True)
    options = Options(required=True, metadata={"description": "the options that are on"})
    cards = StrictInteger(required=True)
    target = StrictInteger(required=True, metadata={"description": "15, or 6 for the orphan"})
    hand = _cards_text(required=True)
    melds = fields.List(_card_list(), required=True)
    out = StrictBoolean(required=True)
    distance = StrictInteger(required=True, allow_none=True, validate=validate.Range(min=0))
    score = fields.Nested(KhanhooOutScoreSchema, metadata={"description": "when it goes out"})
    useful = fields.List(fields.Nested(KhanhooUsefulSchema),
                         metadata={"description": "at rest"})
    useful_unseen = StrictInteger(validate=validate.Range(min=0))
    discards = fields.List(fields.Nested(KhanhooDiscardSchema),
                           metadata={"description": "owing a card"})


class KhanhooActionSchema(Schema):
    """An action (the bot protocol's ACTION): ``{"do": "discard", "card": "5h"}``,
    ``{"do": "take", "with": ["4h", "6h"]}``, ``{"do": "pass"}`` …"""

    class Meta:
        unknown = RAISE

    do = fields.String(required=True, validate=validate.OneOf(DOS))
    card = _card()
    with_ = _card_list(data_key="with")


class KhanhooAdviceOptionSchema(JudgedSchema):
    """One legal action and what it promises: its chance of going out first (`win`) and
    its expected points, each with its standard error, exact only when certain."""

    @validates_schema
    def _certain_only_when_sure(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("certain") and data.get("win") != 1.0:
            raise ValidationError("a certain option has win 1", "win")
        if data.get("certain") is False and data.get("win") in (0.0, 1.0):
            raise ValidationError("only a certain option states 0 or 1", "win")

    action = fields.Nested(KhanhooActionSchema, required=True)
    method = fields.String(required=True,
                           validate=validate.OneOf([m for m in METHODS if m != "distance"]
                                                   + ["not-judged"]))
    points = fields.Float(required=True, allow_none=True, validate=validate.Range(min=0),
                          metadata={
        "description": "expected deal score (K8): the points of going out when the seat "
                       "goes out first, 0 otherwise; exact when certain"})
    points_se = fields.Float(required=True, allow_none=True, validate=validate.Range(min=0),
                             metadata={
        "description": "standard error of `points` from the fit; 0 when certain"})
    distance = StrictInteger(required=True, allow_none=True, validate=validate.Range(min=0))
    acceptance = StrictInteger(required=True, allow_none=True, validate=validate.Range(min=0),
                               metadata={
        "description": "unseen copies of the cards that lower the distance"})
    claim_risk = fields.Float(required=True, validate=validate.Range(0, 1), metadata={
        "description": "chance an opponent can claim the discard"})
    explanation = fields.String(required=True)


class KhanhooAdviceSchema(AnswerSchema):
    """`/advice`: every legal action of the seat to act, ranked by `win` (going out
    first), best first."""

    best = fields.Nested(KhanhooActionSchema, required=True)
    phase = fields.String(required=True, validate=validate.OneOf(["turn", "claim", "draw"]))
    explanation = fields.String(required=True)
    actions = fields.List(fields.Nested(KhanhooAdviceOptionSchema), required=True,
                          validate=validate.Length(min=1))
    judged = StrictInteger(required=True, validate=validate.Range(min=0), metadata={
        "description": "how many of the actions were judged (the others say not-judged)"})
    budget_spent = StrictBoolean(required=True, metadata={
        "description": "the budget's work (or the time limit) ran out before every "
                       "action was judged: the last ones were not judged"})


class KhanhooPaymentSchema(Schema):
    """One payment of a settlement: the lower score pays the higher the difference."""

    class Meta:
        unknown = RAISE

    from_ = fields.String(data_key="from", required=True)
    to = fields.String(required=True)
    amount = StrictInteger(required=True, validate=validate.Range(min=1))


class KhanhooSettlementSchema(Schema):
    """`/settle`: each player's balance and every payment (as in Skat)."""

    class Meta:
        unknown = RAISE

    scores = fields.List(StrictInteger(), required=True)
    names = fields.List(fields.String(), required=True)
    balances = fields.List(StrictInteger(), required=True)
    payments = fields.List(fields.Nested(KhanhooPaymentSchema), required=True)


def _profiles() -> list[Profile]:
    off = {name: False for name in OPTION_HELP}
    return [Profile("2-set", "2 sets + Jokers, the 2-set table (K1)", off),
            Profile("3-set", "3 sets + 2 Jokers, the variation table (K9)", off)]


ENDPOINTS = Endpoints(
    schemas={
        "score": VerbSchemas((KhanhooPositionSchema,),
                             (KhanhooOutScoreSchema, KhanhooNotOutScoreSchema)),
        "analyze": VerbSchemas((KhanhooPositionSchema,), (KhanhooAnalysisSchema,)),
        "advice": VerbSchemas((KhanhooAdvicePositionSchema, KhanhooRecordSchema),
                              (KhanhooAdviceSchema,), check=KhanhooAdviceRequestSchema),
        "settle": VerbSchemas((KhanhooSettleSchema,), (KhanhooSettlementSchema,)),
    },
    rules=_profiles,
    server_budget_ms=100.0,
    budget_in_seconds=True,
    costs_ms={"score": 20.0, "analyze": 500.0, "settle": 0.1},
)
"""Khanhoo's declarations (its spec's ``endpoints``)."""

__all__ = [
    "ENDPOINTS",
    "KhanhooAdviceOptionSchema", "KhanhooAdvicePositionSchema", "KhanhooAdviceRequestSchema",
    "KhanhooAdviceSchema", "KhanhooAnalysisSchema", "KhanhooCombinationSchema",
    "KhanhooNotOutScoreSchema", "KhanhooOutScoreSchema", "KhanhooPositionSchema",
    "KhanhooRecordSchema", "KhanhooSettleSchema", "KhanhooSettlementSchema", "Options",
]
