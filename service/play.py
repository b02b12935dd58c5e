"""The browser game: ``GET /play`` (the page) and its JSON API under ``/v1/play``.

A table is one deal between the player (seat 0) and three bots
(:class:`advisor.chan.session.Table`), kept on the server (:mod:`service.playstore`):

* ``POST /v1/play`` deals a new table and plays the bots up to the player's first decision;
* ``GET /v1/play/<table>`` is the table as the player sees it;
* ``POST /v1/play/<table>/action`` plays one of the player's legal actions, then the bots;
* ``POST /v1/play/<table>/hint`` ranks the player's legal actions (the advisor);
* ``GET /v1/play/<table>/record`` is the finished deal as a ``chan-record/2``.

The engine checks every action on the server; an illegal one is a 422 problem naming
its rule. Nothing hidden ever leaves the server while the deal is played: a table is
answered as the player's VIEW (rules §8.3), the legal actions and the public log — never
another seat's hand, the stock or the seed — and the record, which shows every hand, only
once the deal is over.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request
from flask.blueprints import BlueprintSetupState
from marshmallow import RAISE, Schema, ValidationError, fields, validate
from werkzeug.routing import BaseConverter

from advisor.chan.advice import DEFAULT_BUDGET_MS, advise
from advisor.chan.cards import FACES
from advisor.chan.endpoints import ActionSchema, AdviceSchema, BonusSchema, ViewSchema
from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import PHASES, RECORD_FORMAT, SOURCES, Action
from advisor.chan.profiles import CONDITIONS, PROFILES
from advisor.chan.session import SESSION_FORMAT, Table, check_opponent
from advisor.errors import AdvisorError, IllegalActionError
from advisor.games.browser import read_seed
from advisor.registry import names
from service import playstore, quota
from service.fields import StrictBoolean, StrictInteger
from service.gate import client_address, ticket
from service.generated import AdviceQuerySchema
from service.meta import register_rules
from service.openapi import document
from service.positions import AdviceQuery, read_json, read_query
from service.problems import Problem, validation
from service.schemas import flatten_errors

bp = Blueprint("play", __name__)

GAME = CHAN
"""The game of this page and API: the one table that keeps its own (its URLs under
``/v1/play/<game>…`` are aliases of ``/v1/play…``)."""
SUBTITLE = "twenty cards in pairs: the Vietnamese game"
"""The game's line in the lobby."""


class TableId(BaseConverter):
    """A table's id in Chắn's URLs ``/v1/play/<table>…``: never a game's name, which is
    the game's table (``/v1/play/<game>…``, service.tables)."""

    regex = rf"(?!(?:{'|'.join(map(re.escape, names()))})$)[^/]+"


@bp.record_once
def _table_ids(state: BlueprintSetupState) -> None:
    state.app.url_map.converters.setdefault("table", TableId)
register_rules(bp, "play", lambda: [
    {"name": p.name, "description": p.description, "options": dict(p.options)}
    for p in PROFILES.values()])

OPPONENTS = ("greedy", "advisor", "advisor:MS")
"""The bots a table may seat: never ``exec:`` (the service starts no process), and an
advisor's budget is lowered to the server's ``MAX_ADVICE_BUDGET_MS``."""

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

_DB = "the tables' database does not answer (in time): nothing was changed"
_GONE = "no table has this id (never made, or expired)"
#: The problems every table endpoint may answer besides validation (OpenAPI).
TABLE_PROBLEMS = {404: _GONE, 503: _DB}


@bp.after_request
def _private(resp: Response) -> Response:
    """A table, its record and the game's page are one player's: no cache keeps them."""
    resp.headers["Cache-Control"] = "no-store"
    return resp


# --- schemas ---------------------------------------------------------------------------


class NewTableSchema(Schema):
    """``POST /v1/play``: who plays the three other seats, the rules, and optionally the
    seed of the deal (the same seed deals the same cards)."""

    class Meta:
        unknown = RAISE

    opponents = fields.List(fields.String(), validate=validate.Length(equal=3), metadata={
        "description": "seats 1–3: `greedy`, `advisor` or `advisor:MS` (default: three "
                       "`greedy`); an advisor's budget is capped at MAX_ADVICE_BUDGET_MS"})
    rules = fields.String(validate=validate.OneOf(list(PROFILES)),
                          metadata={"description": "rules profile (default `house`)"})
    seed = StrictInteger(validate=validate.Range(0, 2**63 - 1), metadata={
        "description": "a practice deal: the same seed deals the same cards to anyone "
                       "(`practice` in the table; its record says so). Without it the "
                       "cards are shuffled from the server's entropy: no seed exists"})


class PlayActionSchema(ActionSchema):
    """One of the player's legal actions (as listed in `legal`), with the table's
    `version` it answers (required): an action sent twice, or for a table changed since,
    is 409."""

    version = StrictInteger(required=True, metadata={
        "description": "the `version` of the table this action was chosen on"})


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
    declined are not shown: that would tell what they hold."""

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
    """A table as the player sees it."""

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


# --- the API ---------------------------------------------------------------------------


@bp.post("/v1/play")
@document(TableSchema, body=NewTableSchema, status=201, problems={503: _DB}, example={
    "opponents": ["greedy", "greedy", "advisor"], "rules": "house"},
    throttled="the client, or the whole service, has dealt as many tables as it may")
def create() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Deal a new table: the player at seat 0, three bots.

    The bots play up to the player's first decision. The answer is the table as the
    player sees it, with its `id` (keep it: it is the only key to the table); the
    `Location` header is the table's URL. A client may deal `TABLES_PER_CLIENT` tables in
    `TABLES_WINDOW_S` seconds, and the database holds at most `MAX_TABLES`: past either,
    429 with `Retry-After`.
    """
    raw = read_json()
    if isinstance(raw, dict) and isinstance(raw.get("seed"), str):
        try:  # a practice seed as typed: plain digits, never rounded (advisor.games.browser)
            raw = {**raw, "seed": read_seed(raw["seed"])}
        except AdvisorError as err:
            raise Problem.from_advisor(err) from None
    body = _load(NewTableSchema(), raw)
    opponents = [_opponent(s) for s in body.get("opponents", ["greedy"] * 3)]
    quota.new_table()  # 429 past the client's or the database's quota of tables
    with bots_turn(opponents):
        try:
            table = Table.new(seed=body.get("seed"), rules=body.get("rules", "house"),
                              opponents=opponents)
        except AdvisorError as err:
            raise Problem.from_advisor(err) from None
    store = playstore.store()
    sid = store.create(table.to_json())
    return _table_json(sid, 1, table, store.ttl_s), 201, {"Location": f"/v1/play/{sid}"}


@bp.get("/v1/play/<table:table>")
@document(TableSchema, problems=TABLE_PROBLEMS)
def show(table: str) -> dict[str, Any]:
    """The table as the player sees it: VIEW, legal actions, log, result."""
    row, t = _find(table)
    return _table_json(row.id, row.version, t, _expires_in(row))


@bp.post("/v1/play/<table:table>/action")
@document(TableSchema, body=PlayActionSchema, example={"do": "pass", "version": 1},
          problems={**TABLE_PROBLEMS, 409: "the table has changed since `version` (the "
                    "action was sent twice, or from another tab), or no decision of the "
                    "player's is pending"})
def act(table: str) -> dict[str, Any]:
    """Play one of the player's legal actions; the bots then play up to his next decision.

    The engine checks the action: an illegal one is 422 with the `rule` it breaks
    (`type` `/problems/illegal-action`) and changes nothing. `version` (required) is the
    table's version the action was chosen on: an action for a table that has changed
    since (sent twice, or from another tab) is 409 and changes nothing.
    """
    raw = read_json()
    version: int = _load(PlayActionSchema(), raw)["version"]
    try:
        action = Action.from_json({k: v for k, v in raw.items() if k != "version"})
    except AdvisorError as err:
        raise Problem(422, "validation", "Invalid action", err.message, field=err.field,
                      token=err.token) from None
    row, t = _find(table)
    play_action(row, t, action, version)
    return _table_json(row.id, row.version + 1, t, playstore.store().ttl_s)


def play_action(row: playstore.Row, t: Any, action: Any, version: int) -> None:
    """Play the player's ``action`` on the table ``t`` (any game's: it has ``waiting``,
    ``over``, ``opponents``, ``act`` and ``to_json``) chosen on ``version``, the bots
    after it, and save it: 409 for a stale version or no decision pending, 422 naming
    the rule for an illegal action (nothing changes), 409 if another request saved first.
    Every game's table API plays its actions through this."""
    if version != row.version:
        raise _stale(row.version, version)
    if not t.waiting:
        raise Problem(409, "not-your-turn", "Not your turn",
                      "the deal is over" if t.over else "no decision of yours is pending")
    with bots_turn(t.opponents):
        try:
            t.act(action)
        except IllegalActionError as err:
            raise Problem(422, "illegal-action", "Illegal action", err.message,
                          rule=err.rule, field=err.field, token=err.token) from None
    if not playstore.store().save(row.id, t.to_json(), version=row.version):
        raise _stale(None, row.version)


class InFlight:
    """The hints being computed in this worker, by table: one at a time per table, so that
    one player cannot fill the advice gate with the hints of one deal."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tables: set[str] = set()

    @contextmanager
    def only_one(self, table: str) -> Iterator[None]:
        with self.lock:
            if table in self.tables:
                raise Problem(429, "hint-in-progress", "A hint is already being computed",
                              "this table's previous hint is still being computed; ask again "
                              "when it has answered", headers={"Retry-After": "1"})
            self.tables.add(table)
        try:
            yield
        finally:
            with self.lock:
                self.tables.discard(table)


_HINTS = InFlight()


class HintQuerySchema(AdviceQuerySchema):
    """A hint's query: the advice's, and the table's `version` the page shows."""

    version = fields.Integer(metadata={
        "description": "the `version` of the table the hint is asked on: a table changed "
                       "since is 409 (stale-version), as for an action"})


@bp.post("/v1/play/<table:table>/hint")
@document(AdviceSchema, query=HintQuerySchema, gated=True,
          throttled="this table's previous hint is still being computed",
          problems={**TABLE_PROBLEMS, 409: "no decision of the player's is pending, or the "
                                            "hint asked for another version of the table"})
def hint(table: str) -> dict[str, Any]:
    """The advisor's ranking of the player's legal actions, best first.

    It sees only the player's VIEW. `samples` and `budget_ms` add playouts, capped by
    the server as for `POST /v1/chan/advice`, and the playouts further by
    `MAX_HINT_SAMPLES` (a page's hint). One hint per table is computed at a time: another
    for the same table meanwhile is answered 429 with `Retry-After`, before it takes a
    place at the advice gate.
    """
    # The table is the client key: the hints of one player's deal take their turn at the
    # gate beside those of other players (and other addresses) — service/gate.py.
    with _HINTS.only_one(table), ticket(client=(client_address(), table)) as passage:
        query = AdviceQuery.read(HintQuerySchema(), DEFAULT_BUDGET_MS)
        version = read_query(HintQuerySchema()).get("version")
        budget, samples = query.budget_ms, query.samples
        if samples is not None:
            samples = min(samples, int(current_app.config["MAX_HINT_SAMPLES"]))
        row, t = _find(table)
        if version is not None and version != row.version:
            raise _stale(row.version, version)
        if not t.waiting:
            raise Problem(409, "not-your-turn", "Not your turn",
                          "the deal is over" if t.over else "no decision of yours is pending")
        left = passage.check(budget / 1000 if samples else 0.0)
        advice = advise(t.view(), budget_ms=budget, samples=samples,
                        seed=query.seed, legal=t.legal(), limit_ms=left * 1000)
        return advice.to_json()


@bp.get("/v1/play/<table:table>/record")
@document(RecordSchema, problems={**TABLE_PROBLEMS, 409: "the deal is not over"})
def record(table: str) -> Response:
    """The finished deal as a game record (`chan-record/2`), to download.

    It shows every hand and the stock, so it exists only once the deal is over (409
    before). `advisor chan replay FILE` validates it.
    """
    row, t = _find(table)
    if not t.over:
        raise Problem(409, "deal-not-over", "Deal not over",
                      "the record shows every hand: it is available once the deal is over")
    resp = Response(json.dumps(t.record(), ensure_ascii=False, indent=1) + "\n",
                    mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="chan-{row.id[:8]}.json"'
    return resp


# --- the pages -------------------------------------------------------------------------


@bp.get("/play/chan")
def page() -> str:
    """The game in the browser (service/templates/play.html, service/static/play.js).
    ``/play/chan?seed=N`` deals practice deals from seed N, and says so (the lobby
    ``/play`` is service.tables')."""
    faces = {f.code: {"vi": f.vi, "red": f.red, "rank": f.rank, "suit": f.suit}
             for f in FACES}
    seed, practice, refused = request.args.get("seed"), None, None
    if seed is not None:
        try:
            practice = str(read_seed(seed))
        except AdvisorError as err:  # not a practice seed ("²", "-1", 2^63): a real deal
            refused = err.message
    rules = [{"name": p.name, "description": p.description} for p in PROFILES.values()]
    return render_template("play.html", faces=faces, rules=rules, practice=practice,
                           refused=refused, conditions=CONDITIONS)


# --- helpers ---------------------------------------------------------------------------


def _load(schema: Schema, body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise Problem(422, "validation", "Invalid body", "the body must be a JSON object",
                      field="$")
    try:
        data: dict[str, Any] = schema.load(body)
    except ValidationError as err:
        raise validation("Invalid body", flatten_errors(err.messages)) from None
    return data


def _opponent(spec: str) -> str:
    """A seat spec the service runs: greedy or advisor, the advisor's budget capped."""
    spec = spec.strip()
    name, _, budget = spec.partition(":")
    if name not in ("greedy", "advisor") or (name == "greedy" and budget):
        raise Problem(422, "validation", "Invalid opponent",
                      f"opponents: '{spec}' is not one of {', '.join(OPPONENTS)}",
                      field="opponents", token=spec)
    try:
        check_opponent(spec)
    except AdvisorError as err:
        raise Problem(422, "validation", "Invalid opponent", f"opponents: {err.message}",
                      field="opponents", token=spec) from None
    if name == "greedy":
        return spec
    cap = float(current_app.config["MAX_ADVICE_BUDGET_MS"])
    ms = min(float(budget) if budget else DEFAULT_BUDGET_MS, cap)
    return f"advisor:{ms:g}"


@contextmanager
def bots_turn(opponents: list[str]) -> Iterator[None]:
    """Through the worker's gate when an advisor plays: its turns are advice computations."""
    if not any(s.startswith("advisor") for s in opponents):
        yield
        return
    with ticket() as passage:  # the client's address is its key
        passage.check(0.0)
        yield


def _find(sid: str) -> tuple[playstore.Row, Table]:
    row = playstore.store().load(sid) if _ID.fullmatch(sid) else None
    if row is None or row.state.get("format") != SESSION_FORMAT:  # another game's table
        raise Problem(404, "table-not-found", "Table not found",
                      "no table has this id: it never existed, or it expired after "
                      f"{current_app.config['PLAY_TTL_S']:g} s without play")
    try:
        return row, Table.from_json(row.state)
    except AdvisorError as err:  # a row written by an incompatible version
        current_app.logger.error("table %s cannot be restored: %s", sid, err.message)
        raise Problem(500, "internal-error", "Internal server error",
                      "the table cannot be restored; the error has been logged") from None


def _stale(current: int | None, sent: int) -> Problem:
    now = f" (it is at version {current})" if current is not None else ""
    return Problem(409, "stale-version", "Table changed",
                   f"the action was chosen on version {sent} of the table, which has changed "
                   f"since{now}; reload it")


def _expires_in(row: playstore.Row) -> float:
    return max(0.0, row.touched + float(current_app.config["PLAY_TTL_S"]) - time.time())


def _table_json(sid: str, version: int, t: Table, expires_in: float) -> dict[str, Any]:
    """The table as the player sees it — and nothing else (see the module's docstring)."""
    result = t.game.result
    return {
        "id": sid,
        "version": version,
        "rules": t.game.rules,
        "opponents": list(t.opponents),
        "waiting": t.waiting,
        "over": t.over,
        "practice": t.practice,
        "view": t.view().to_json(),
        "legal": [a.to_json() for a in t.legal()],
        "log": t.public_log(),
        "result": result.to_json() if result is not None else None,
        "reveal": t.showdown(),
        "expires_in_s": round(expires_in, 1),
    }


__all__ = ["OPPONENTS", "NewTableSchema", "PlayActionSchema", "RecordSchema", "TableSchema",
           "bp"]
