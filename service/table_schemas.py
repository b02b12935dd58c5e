"""The OpenAPI schemas of every game's table (:mod:`service.tables`): ``/v1/play/<game>…``.

A table is drawn the same way for every game (:mod:`advisor.games.browser`); what is the
game's own — its VIEW, its actions — is the game's JSON, described in words (the game's
`POST /v1/<game>/advice` takes the same VIEW and actions). The default game's aliases
``/v1/play…`` answer in the shape the game declares for them (its ``table_alias``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, fields, validate

from advisor.games.browser import MAX_SEED
from service.fields import StrictBoolean, StrictInteger
from service.schemas import AnswerSchema, JudgedSchema

_GAME_JSON = "the game's own JSON, as its `POST /v1/<game>/advice` reads it"


def _seed() -> fields.Field[Any]:
    """A practice seed: a whole number, or its digits as a string (never rounded)."""
    field: fields.Field[Any] = fields.Raw(metadata={
        "description": "a practice deal: the same seed deals the same cards to anyone "
                       "(`practice` in the table). A whole number from 0 to 2^63 − 1, or its "
                       "plain ASCII digits as a string — a client whose numbers are doubles "
                       "sends the digits, so that a seed above 2^53 is dealt as typed. "
                       "Without it the cards are shuffled from the server's entropy"})
    field.json_schema = {"oneOf": [  # type: ignore[attr-defined]
        {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
        {"type": "string", "pattern": "^[0-9]{1,19}$"}]}
    return field


class NewGameTableSchema(Schema):
    """`POST /v1/play/<game>`: the table's size, who plays the other seats, optionally a
    practice seed, and the game's table options by name (Chắn's `rules`: its rules
    profile, `house` or `cvv`); an option the game does not have is 422 naming it."""

    class Meta:
        unknown = INCLUDE

    players = StrictInteger(validate=validate.Range(2, 8), metadata={
        "description": "the table's size, within the game's (`GET /v1/meta`); default: the "
                       "game's usual table"})
    opponents = fields.List(fields.String(), metadata={
        "description": "the other seats, one each: `greedy`, `greedy+` (a game with a "
                       "stronger greedy player), `advisor` or `advisor:MS` (the budget capped "
                       "at MAX_ADVICE_BUDGET_MS); default: every seat `greedy`"})
    seed = _seed()


class GameActionSchema(Schema):
    """One of the player's legal actions (as listed in `legal`: the game's action JSON),
    with the table's `version` it was chosen on (required): an action for a table changed
    since is 409."""

    class Meta:
        unknown = INCLUDE

    do = fields.String(required=True, metadata={"description": "the action's kind; its "
                                                                "other fields are the game's"})
    version = StrictInteger(required=True, metadata={
        "description": "the `version` of the table this action was chosen on"})


class LegalSchema(Schema):
    class Meta:
        unknown = RAISE

    action = fields.Dict(required=True, metadata={"description": f"the action: {_GAME_JSON}"})
    text = fields.String(required=True, metadata={"description": "the action in words"})


class LoggedMoveSchema(Schema):
    """A move as the player saw it (a move the others cannot see, as they saw it)."""

    class Meta:
        unknown = RAISE

    seat = StrictInteger(required=True)
    action = fields.Dict(required=True)
    text = fields.String(required=True, metadata={"description": "the move in words"})


class DrawnSchema(Schema):
    """What the page draws of the VIEW, as the game declares it
    (:mod:`advisor.games.browser`)."""

    class Meta:
        unknown = RAISE

    groups = fields.List(fields.Dict(), required=True, metadata={
        "description": "the hand grouped: `label`, `cards` (codes), sometimes `note`"})
    middle = fields.Dict(required=True, metadata={
        "description": "the middle of the table: `label` and the `cards` on offer, or the "
                       "`plays` of a trick (`seat`, `cards` or `count`, `shown`)"})
    seats = fields.List(fields.List(fields.Dict()), required=True, metadata={
        "description": "per seat, rows of `label` with `cards`, `groups` or `text`"})


class GroupShownSchema(Schema):
    class Meta:
        unknown = RAISE

    label = fields.String(required=True)
    cards = fields.List(fields.String(), required=True)


class EndSchema(Schema):
    """The end explained: who won and how, the winner's groups, every seat's payment; with
    the shape every game's result has (``winner``, ``how``, ``points``, ``settlement``;
    docs/records.md)."""

    class Meta:
        unknown = RAISE

    winner = StrictInteger(allow_none=True, metadata={
        "description": "the winning seat; null when nobody won"})
    how = fields.String(allow_none=True, metadata={
        "description": "how the deal was won (the game's word); null when nobody won"})
    points = StrictInteger(metadata={"description": "the points the deal was scored at"})
    settlement = fields.List(StrictInteger(), metadata={
        "description": "per seat, what it receives (+) or pays (−)"})
    headline = fields.String(required=True)
    lines = fields.List(fields.String(), required=True)
    groups = fields.List(fields.Nested(GroupShownSchema), required=True)
    payments = fields.List(fields.Integer(), required=True, metadata={
        "description": "per seat, what it is paid (+) or pays (−)"})
    explained = fields.List(fields.Dict(), metadata={
        "description": "the game's own account of the points, line by line: `name`, "
                       "`because`, `points` (Chắn: each bonus and its condition, §7)"})


class GameTableSchema(Schema):
    """A table of any game as the player (seat 0) sees it: nothing hidden leaves
    the server while the deal is played."""

    class Meta:
        unknown = RAISE

    id = fields.String(required=True, metadata={"description": "the table's id (its key: "
                                                               "whoever has it plays it)"})
    game = fields.String(required=True)
    version = StrictInteger(required=True, metadata={
        "description": "1 when dealt, +1 at each of the player's actions"})
    players = StrictInteger(required=True)
    opponents = fields.List(fields.String(), required=True)
    waiting = StrictBoolean(required=True, metadata={
        "description": "the player has a decision to make (`legal` is not empty)"})
    over = StrictBoolean(required=True)
    practice = StrictBoolean(required=True, metadata={
        "description": "dealt from a practice `seed`: the same seed deals the same cards"})
    view = fields.Dict(required=True, metadata={"description": f"the player's VIEW: "
                                                               f"{_GAME_JSON}"})
    table = fields.Nested(DrawnSchema, required=True)
    legal = fields.List(fields.Nested(LegalSchema), required=True)
    log = fields.List(fields.Nested(LoggedMoveSchema), required=True)
    result = fields.Nested(EndSchema, required=True, allow_none=True, metadata={
        "description": "once the deal is over; null while it is played"})
    reveal = fields.List(fields.List(fields.String()), required=True, allow_none=True,
                         metadata={"description": "every seat's concealed cards once the "
                                                  "deal is over; null before"})
    expires_in_s = fields.Float(required=True, metadata={
        "description": "seconds until the table expires if nothing is played"})


class HintQuerySchema(Schema):
    """A hint's query: the advice's budget and seed, and the table's `version`."""

    class Meta:
        unknown = RAISE

    budget_ms = fields.Float(validate=validate.Range(min=0, min_inclusive=False), metadata={
        "exclusiveMinimum": 0, "description": "time for the advisor, in milliseconds "
                                              "(capped at MAX_ADVICE_BUDGET_MS)"})
    seed = fields.Integer(metadata={"description": "seed of what the advisor samples"})
    version = fields.Integer(metadata={
        "description": "the `version` of the table the hint is asked on: a table changed "
                       "since is 409 (stale-version), as for an action"})


class SamplesHintQuerySchema(HintQuerySchema):
    """A hint's query where the game's advice takes playout worlds (Chắn): `samples` too
    (another game refuses it, 422)."""

    samples = fields.Integer(validate=validate.Range(min=1), metadata={
        "description": "a fixed number of playout worlds (capped at MAX_ADVICE_SAMPLES and "
                       "MAX_HINT_SAMPLES): the answer is reproducible for a `seed`"})


def _search() -> fields.Boolean:
    return fields.Boolean(metadata={
        "description": "the advisor's search (true) or the model alone (false), not with "
                       "`samples`: every action played out within the budget, each stated "
                       "against the `greedy+` player's own choice. Default: the game's "
                       "(Qing searches, Chắn does not)"})


class SearchHintQuerySchema(SamplesHintQuerySchema):
    """A hint's query where the game's advice takes playout worlds and also offers its
    search (Chắn): `samples` and `search` too (another game refuses them, 422)."""

    search = _search()


class BudgetSearchHintQuerySchema(HintQuerySchema):
    """A hint's query where the game's advice offers its search but takes no playout
    worlds (Qing): `search` too (`samples` is refused, 422)."""

    search = _search()


class JudgedActionSchema(JudgedSchema):
    """One legal action judged, in the game's advice (its own fields too), with its words."""

    class Meta:
        unknown = INCLUDE

    action = fields.Dict(required=True)
    label = fields.String(required=True, metadata={"description": "the action in the "
                                                                  "table's words"})


class GameHintSchema(AnswerSchema):
    """The game's advice on the player's decision (every game's answer), best first."""

    class Meta:
        unknown = INCLUDE

    best = fields.Dict(required=True, allow_none=True)
    actions = fields.List(fields.Nested(JudgedActionSchema), required=True)


__all__ = ["BudgetSearchHintQuerySchema", "GameActionSchema", "GameHintSchema",
           "GameTableSchema", "HintQuerySchema", "NewGameTableSchema", "SamplesHintQuerySchema",
           "SearchHintQuerySchema"]
