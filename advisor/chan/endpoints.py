"""Chắn's declarations for the web service (:mod:`advisor.games.endpoints`): its own
schemas for ``/score``, ``/analyze`` and ``/advice``, its rules profiles in ``GET /v1/meta``
and the cost of its cheap verbs.

Each endpoint takes a position (rules §8.1) — the advice: a VIEW (§8.3), a typed
decision or a record prefix — or a list of them, and returns exactly the library's JSON:
``score(Position.from_json(obj)).to_json()``, ``analyze(...).to_json()``,
``advise(view, …).to_json()``.

A request schema only checks structure — known fields, JSON types. Card-level checks
(unknown card, fifth copy, meld shape, rules profile and its options, card counts) are
the library's, in :meth:`advisor.chan.position.Position.from_json`, which the service
calls on the original object once the schema has accepted it. The answer schemas
describe the library's ``to_json()`` results; they are not used to serialise (the
service returns the library's JSON as it is) but to document it in the OpenAPI document.

>>> PositionSchema().validate({"hand": "2v 2v", "melds": [["3s", "3s"]]})
{}
>>> PositionSchema().validate({"hand": 5, "colour": "red"})
{'hand': ['Not a string of cards or a list of card codes.'], 'colour': ['Unknown field.']}
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, fields, validate

from advisor.chan.advice import METHODS
from advisor.chan.game import DOS, PHASES, RECORD_FORMAT, SOURCES
from advisor.chan.pairing import GROUP_KINDS
from advisor.chan.position import TYPED_SOURCES
from advisor.chan.profiles import PROFILES
from advisor.chan.session import SESSION_FORMAT, Table
from advisor.games.browser import MAX_SEED, GameTable
from advisor.games.endpoints import (
    AnswerSchema,
    Cards,
    Endpoints,
    Flags,
    JudgedSchema,
    Profile,
    RecordPrefixSchema,
    StrictBoolean,
    StrictInteger,
    TableAlias,
    VerbSchemas,
)

# --- requests --------------------------------------------------------------------------


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
        "description": "share of the worlds the seat won: playouts in worlds dealt from the "
                       "unseen cards (the search's: drawn from what the table shows, every "
                       "seat then playing as `greedy+`), not a calibrated chance"})
    win_se = fields.Float(required=True, allow_none=True, metadata={
        "description": "its standard error (null with fewer than two worlds)"})
    expected = fields.Float(required=True, metadata={"description": "mean settlement"})
    expected_se = fields.Float(required=True, allow_none=True, metadata={
        "description": "its standard error (null with fewer than two worlds)"})


class ActionAdviceSchema(JudgedSchema):
    """One legal action of a Chắn advice, what it leaves, and what it promises."""

    action = fields.Nested(ActionSchema, required=True)
    method = fields.String(
        required=True, validate=validate.OneOf(["certain", "model", "model+look", "model+search"]),
        metadata={"description": "`certain`: both numbers exact (a win now); `model`: the "
                                 "value model's; `model+look`, `model+search`: the model's "
                                 "moved by the playouts of a look or of the search (`search`)"})
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
    """``/advice``: every legal action ranked by `win`, best first (the search's by
    `expected`: `ranked_by`; ``docs/advisor.md``)."""

    best = fields.Nested(ActionSchema, required=True)
    method = fields.String(required=True, validate=validate.OneOf(METHODS))
    phase = fields.String(required=True)
    explanation = fields.String(required=True)
    actions = fields.List(fields.Nested(ActionAdviceSchema), required=True)


def _profiles() -> list[Profile]:
    return [Profile(p.name, p.description, dict(p.options)) for p in PROFILES.values()]


# --- the table at /v1/play… (the aliases of /v1/play/chan…) -----------------------------
# Chắn's table as ``/v1/play…`` answered it before every game's table was one: the answers
# older clients of the game with no name in its address read. The table is every game's
# (advisor.games.browser.GameTable); ``legacy_table`` tells it in the old shape — the
# rules, each event with its phase, the public card it was taken on and the stock card it
# revealed, the showdown's hands and the winner's pairs, the result with its bonuses and
# payments — and ``legacy_hint`` the advice without the table's words. Nothing hidden is
# added: a bot's declined claim is still left out (C5).

Json = dict[str, Any]


class NewTableSchema(Schema):
    """``POST /v1/play``: who plays the three other seats, the rules, and optionally the
    seed of a practice deal (the same seed deals the same cards)."""

    class Meta:
        unknown = RAISE

    opponents = fields.List(fields.String(), validate=validate.Length(equal=3), metadata={
        "description": "seats 1–3: `greedy`, `greedy+`, `advisor` or `advisor:MS` (default: "
                       "three `greedy`); an advisor's budget is capped at "
                       "MAX_ADVICE_BUDGET_MS"})
    rules = fields.String(validate=validate.OneOf(list(PROFILES)),
                          metadata={"description": "rules profile (default `house`)"})
    seed = StrictInteger(validate=validate.Range(0, MAX_SEED), metadata={
        "description": "a practice deal: the same seed deals the same cards to anyone "
                       "(`practice` in the table; its record says so); also its plain "
                       "digits as a string. Without it the cards are shuffled from the "
                       "server's entropy: no seed exists"})


class PlayViewSchema(ViewSchema):
    """The player's VIEW (rules §8.3): everything seat 0 may know, nothing more."""

    phase = fields.String(required=True, validate=validate.OneOf(PHASES))


class PublicOfferSchema(Schema):
    class Meta:
        unknown = RAISE

    card = fields.String(required=True)
    source = fields.String(required=True, validate=validate.OneOf(SOURCES))
    door = StrictInteger(required=True)


class RevealSchema(Schema):
    class Meta:
        unknown = RAISE

    card = fields.String(required=True)
    door = StrictInteger(required=True)


class EventSchema(Schema):
    """One thing the player saw happen: a seat's action, the public card it was taken on
    (`offer`), and the stock card it made a seat reveal (`revealed`). Claims the bots
    declined are not shown: that would tell what they hold (C5)."""

    class Meta:
        unknown = RAISE

    seat = StrictInteger(required=True)
    phase = fields.String(required=True)
    action = fields.Nested(ActionSchema, required=True)
    offer = fields.Nested(PublicOfferSchema)
    revealed = fields.Nested(RevealSchema)


class DealResultSchema(Schema):
    """How the deal ended: the winner with the bonuses and payments, or a draw (T6) — the
    shape every game's result has (``winner``, ``how``, ``points``, ``settlement``;
    docs/records.md), then Chắn's own fields."""

    class Meta:
        unknown = RAISE

    winner = StrictInteger(required=True, allow_none=True)
    how = fields.String(allow_none=True, metadata={
        "description": "how the deal was won (its win_by); null for a draw"})
    win_by = fields.String(allow_none=True)
    winning_card = fields.String(allow_none=True)
    points = StrictInteger(required=True)
    settlement = fields.List(StrictInteger(), metadata={
        "description": "per seat, what it receives (+) or pays (−): the payments"})
    bonuses = fields.List(fields.Nested(BonusSchema), required=True)
    payments = fields.List(StrictInteger(), required=True)


class ShowdownSchema(Schema):
    class Meta:
        unknown = RAISE

    hands = fields.List(fields.List(fields.String()), required=True, metadata={
        "description": "each seat's concealed cards at the end, by seat"})
    pairs = fields.List(fields.List(fields.String()), required=True, metadata={
        "description": "the winner's ten pairs (a Chắn: the same card twice; a Cạ: same rank,"
                       " other suit), exposed melds first; empty for a draw"})


class TableSchema(Schema):
    """A table of Chắn as the player sees it at ``/v1/play…``."""

    class Meta:
        unknown = RAISE

    id = fields.String(required=True, metadata={"description": "the table's id (a secret)"})
    version = StrictInteger(required=True, metadata={
        "description": "1 when dealt, +1 at each of the player's actions"})
    rules = fields.String(required=True)
    opponents = fields.List(fields.String(), required=True)
    waiting = StrictBoolean(required=True, metadata={
        "description": "the player has a decision to make (`legal` is not empty)"})
    over = StrictBoolean(required=True)
    practice = StrictBoolean(required=True, metadata={
        "description": "a practice deal, dealt from the `seed` given at `POST /v1/play`: the "
                       "same seed deals the same cards to anyone. Other tables are shuffled "
                       "from the server's entropy and no seed exists"})
    view = fields.Nested(PlayViewSchema, required=True)
    legal = fields.List(fields.Nested(ActionSchema), required=True)
    log = fields.List(fields.Nested(EventSchema), required=True)
    reveal = fields.Nested(ShowdownSchema, allow_none=True, required=True, metadata={
        "description": "once the deal is over: every seat's hand and the winning pairs; "
                       "null while it is played (nothing hidden leaves the server)"})
    result = fields.Nested(DealResultSchema, required=True, allow_none=True)
    expires_in_s = fields.Float(required=True, metadata={
        "description": "seconds until the table expires if nothing is played"})


class MoveSchema(Schema):
    class Meta:
        unknown = RAISE

    seat = StrictInteger(required=True)
    do = fields.String(required=True)
    card = fields.String()
    with_ = fields.String(data_key="with")


class PracticeSchema(Schema):
    class Meta:
        unknown = RAISE

    seed = StrictInteger(required=True, metadata={"description": "the seed that deals it"})


class RecordSchema(Schema):
    """A finished deal as a game record (`chan-record/2`, rules §8.2):
    `advisor chan replay` checks it."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True, validate=validate.Equal(RECORD_FORMAT))
    rules = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), values=StrictBoolean())
    dealer = StrictInteger(required=True)
    players = fields.List(fields.String())
    hands = fields.List(fields.List(fields.String()), required=True)
    stock = fields.List(fields.String(), required=True)
    moves = fields.List(fields.Nested(MoveSchema), required=True)
    result = fields.Nested(DealResultSchema, required=True)
    practice = fields.Nested(PracticeSchema, metadata={
        "description": "present for a practice deal only: the seed anyone may deal it from"})


def _session(t: GameTable) -> Table:
    """The table replayed as Chắn's own (:class:`advisor.chan.session.Table`), which
    knows each step's phase, the public card it was taken on and the card it revealed."""
    dealt = t.dealt
    if dealt is None:
        rec = t._deal(t.seed if t.seed is not None else 0).to_record()
        dealt = {k: v for k, v in rec.items() if k not in ("moves", "result")}
    return Table.from_json({"format": SESSION_FORMAT, "seed": t.seed,
                            "opponents": list(t.opponents), "deal": dealt,
                            "steps": [[s, a] for s, a in t.moves]})


def legacy_table(t: GameTable, answer: Json) -> Json:
    """Every game's answer of a Chắn table (``answer``) as ``/v1/play…`` gave it."""
    own = _session(t)
    result = t.game.result
    return {"id": answer["id"], "version": answer["version"], "rules": t.game.rules,
            "opponents": list(t.opponents), "waiting": t.waiting, "over": t.over,
            "practice": t.practice, "view": answer["view"],
            "legal": [entry["action"] for entry in answer["legal"]],
            "log": own.public_log(),
            "result": result.to_json() if result is not None else None,
            "reveal": own.showdown(), "expires_in_s": answer["expires_in_s"]}


def legacy_hint(answer: Json) -> Json:
    """The hint as ``/v1/play/<table>/hint`` gave it: the advice, without the table's
    words of each action."""
    return {**answer, "actions": [{k: v for k, v in e.items() if k != "label"}
                                  for e in answer.get("actions", [])]}


TABLE_ALIAS = TableAlias(NewTableSchema, TableSchema, RecordSchema, AdviceSchema,
                         legacy_table, legacy_hint)
"""Chắn's table at ``/v1/play…`` (:attr:`advisor.games.endpoints.Endpoints.table_alias`)."""


ENDPOINTS = Endpoints(
    schemas={
        "score": VerbSchemas((PositionSchema,), (WinScoreSchema, NoWinScoreSchema)),
        "analyze": VerbSchemas((PositionSchema,), (AnalysisSchema,)),
        "advice": VerbSchemas((ViewSchema, TypedDecisionSchema, RecordPrefixSchema),
                              (AdviceSchema,), check=TypedDecisionSchema, view=ViewSchema,
                              record=RecordPrefixSchema),
    },
    rules=_profiles,
    costs_ms={"score": 0.2, "analyze": 1.0},
    table_alias=lambda: TABLE_ALIAS,
)
"""Chắn's declarations (its spec's ``endpoints``)."""

__all__ = [
    "ENDPOINTS",
    "TABLE_ALIAS",
    "ActionSchema",
    "AdviceSchema",
    "AnalysisSchema",
    "NewTableSchema",
    "NoWinScoreSchema",
    "PositionSchema",
    "RecordSchema",
    "TableSchema",
    "TypedDecisionSchema",
    "ViewSchema",
    "WinScoreSchema",
    "legacy_hint",
    "legacy_table",
]
