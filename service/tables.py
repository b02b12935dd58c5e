"""Every game at the browser table: the lobby ``GET /play``, the one table page
``GET /play/<game>`` and its JSON API ``/v1/play/<game>…``, made from the game's contract
(:class:`advisor.games.spec.GameSpec`) and its browser declaration
(:mod:`advisor.games.browser`).

* ``POST /v1/play/<game>`` deals a table (``players``, ``opponents``, a practice
  ``seed``) and plays the bots up to the player's first decision (201);
* ``GET /v1/play/<game>/<table>`` is the table as the player sees it;
* ``POST /v1/play/<game>/<table>/action`` plays one of the player's legal actions (with
  the table's ``version``: another is 409), then the bots;
* ``POST /v1/play/<game>/<table>/hint?version=N`` ranks the player's legal actions (the
  game's advisor, the common answer), for the version the page shows (another is 409);
* ``GET /v1/play/<game>/<table>/record`` is the finished deal as the game's record;
* ``POST /v1/play/<game>/<table>/review`` reviews the finished deal for the player's seat
  (0): the review's JSON (:mod:`service.review`, the same gate and review budget) with
  its chart, the SVG the review's page draws.

A game may declare options a table is dealt with (``POST /v1/play/<game>`` takes them
by name: Chắn's ``rules``); a hint takes ``samples`` where the game's advice takes playout
worlds. The game with no name in its address (``advisor.registry.DEFAULT``) is also played
at ``/v1/play…``, the aliases of ``/v1/play/<DEFAULT>…``: they take what they took before
and answer in the shape the game declares for them (its ``table_alias``), so that older
clients keep their fields. The tables live in one database (:mod:`service.playstore`),
under the same quotas, gate and time to live; a table stored in a format the game still
reads is read through its converter.

The engine checks every action on the server; an illegal one is a 422 problem naming its
rule. Nothing hidden leaves the server while the deal is played: a table is answered as
the player's VIEW, the legal actions and the public log — never another seat's hand, the
stock or a practice deal's seed — and the record, which shows every hand, only once the
deal is over.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request
from flask.blueprints import BlueprintSetupState
from marshmallow import Schema, ValidationError
from werkzeug.routing import BaseConverter

from advisor.errors import AdvisorError, IllegalActionError
from advisor.games.browser import (
    Browser,
    GameTable,
    browser,
    read_options,
    read_seed,
    stored_table,
)
from advisor.games.endpoints import TableAlias, endpoints_of
from advisor.games.faces import Context, Verb
from advisor.games.records import RESULT_KEYS
from advisor.games.review_page import chart
from advisor.games.spec import AnySpec
from advisor.registry import DEFAULT, GAMES, game, names
from service import playstore, quota
from service.gate import client_address, ticket
from service.meta import register_rules
from service.openapi import document
from service.positions import AdviceQuery, read_json
from service.problems import UNKNOWN_FIELD, Problem, validation
from service.review import ReviewSchema, reviewed
from service.schemas import flatten_errors
from service.table_schemas import (
    BudgetSearchHintQuerySchema,
    GameActionSchema,
    GameHintSchema,
    GameTableSchema,
    HintQuerySchema,
    NewGameTableSchema,
    SamplesHintQuerySchema,
    SearchHintQuerySchema,
)

bp = Blueprint("tables", __name__)

_DB = "the tables' database does not answer (in time): nothing was changed"
_GONE = "no table has this id (never made, or expired)"
#: The problems every table endpoint may answer besides validation (OpenAPI).
TABLE_PROBLEMS = {404: _GONE, 503: _DB}


class TableId(BaseConverter):
    """A table's id in the default game's URLs ``/v1/play/<table>…``: never a game's
    name, which is that game's table (``/v1/play/<game>…``)."""

    regex = rf"(?!(?:{'|'.join(map(re.escape, names()))})$)[^/]+"


@bp.record_once
def _table_ids(state: BlueprintSetupState) -> None:
    state.app.url_map.converters.setdefault("table", TableId)

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_GAMES = f"any({','.join(names())})"
"""The route converter of a game's name: the registry's games."""
_PAGES = f"any({','.join(g.name for g in GAMES if browser(g.name) is not None)})"
"""The route converter of a game whose table is this page (its browser declaration)."""
_HINT = endpoints_of(DEFAULT).schemas["advice"].result
"""The hint's answer as the default game's table gives it."""
_ALIAS: TableAlias | None = (lambda made: made() if made else None)(
    endpoints_of(DEFAULT).table_alias)
"""How the default game's table answers at ``/v1/play…`` (None: as at its own URLs)."""

_look = browser(DEFAULT.name)
if _look is not None and any(o.name == "rules" for o in _look.options):
    _rules = endpoints_of(DEFAULT).rules
    register_rules(bp, "play", lambda: [
        {"name": p.name, "description": p.description, "options": dict(p.options)}
        for p in (_rules() if _rules else [])])


# --- the pages -------------------------------------------------------------------------


@bp.after_request
def _private(resp: Response) -> Response:
    """A table, its record and the pages are one player's: no cache keeps them."""
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/play")
def lobby() -> str:
    """The lobby: every game. ``/play?seed=N`` (the old address of the default game's
    page) is that game's table with that practice seed; any other query (what browsers
    and links add) is the lobby."""
    if "seed" in request.args:
        return table_page(DEFAULT.name)
    games = [{"name": g.name, "title": g.title, "players": g.players,
              "subtitle": b.subtitle if (b := browser(g.name)) else ""}
             for g in GAMES]
    return render_template("lobby.html", games=games, own=DEFAULT.name)


@bp.get(f"/play/<{_PAGES}:name>")
def table_page(name: str) -> str:
    """One game's table (service/templates/table.html, service/static/table.js)."""
    spec, look = _game(name)
    seed = request.args.get("seed")
    practice, refused = None, None
    if seed is not None:
        try:
            practice = str(read_seed(seed))
        except AdvisorError as err:
            refused = err.message
    low, high = spec.players
    setup = {"game": spec.name, "title": spec.title, "players": list(range(low, high + 1)),
             "default_players": look.default_players, "opponents": _opponent_choices(spec),
             "faces": look.faces_json(), "tap": list(look.tap),
             "record_format": spec.record_format, "dealer": look.dealer,
             "options": [o.to_json() for o in look.options],
             "samples": _takes_samples(spec)}
    return render_template("table.html", setup=setup, title=spec.title,
                           subtitle=look.subtitle, practice=practice, refused=refused)


def _opponent_choices(spec: AnySpec) -> list[str]:
    return ["greedy", *(["greedy+"] if spec.strong is not None else []), "advisor"]


def _advice_verb(spec: AnySpec) -> Verb | None:
    """The game's advice verb, when it declares one (what its hint may take: ``samples``,
    ``search``)."""
    return next((v for v in spec.faces.verbs if v.name == "advice"), None)


def _takes_samples(spec: AnySpec) -> bool:
    """Whether the game's advice takes playout worlds (its hint then takes ``samples``)."""
    verb = _advice_verb(spec)
    return verb is not None and verb.samples


# --- the API ---------------------------------------------------------------------------


_STALE = ("the table has changed since `version` (sent twice, or from another tab), or no "
          "decision of the player's is pending")


@bp.post(f"/v1/play/<{_GAMES}:name>")
@document(GameTableSchema, body=NewGameTableSchema,
          status=201, problems={503: _DB}, example={"players": 3,
                                                    "opponents": ["greedy", "advisor"]},
          throttled="the client, or the whole service, has dealt as many tables as it may")
def create(name: str) -> Any:
    """Deal a new table of the game: the player at seat 0, bots at the others.

    The bots play up to the player's first decision (forced moves are played for
    everyone). The answer is the table as the player sees it, with its `id` (keep it: it
    is the only key to the table); `Location` is its URL. `players` is within the game's
    table sizes (`GET /v1/meta`), `opponents` one per other seat; any other field is one
    of the game's table options (Chắn's `rules`: its rules profile), and one the game does
    not have is 422 naming it. A client may deal `TABLES_PER_CLIENT` tables in
    `TABLES_WINDOW_S` seconds, and the database holds at most `MAX_TABLES`: past either,
    429 with `Retry-After`.
    """
    t, sid, ttl = _create(name)
    return (_table_json(sid, 1, t, ttl), 201, {"Location": f"/v1/play/{name}/{sid}"})


def _create(name: str) -> tuple[GameTable, str, float]:
    spec, look = _game(name)
    body = _load(NewGameTableSchema(), read_json())
    options = {k: v for k, v in body.items() if k not in NewGameTableSchema().fields}
    unknown = [k for k in options if k not in {o.name for o in look.options}]
    if unknown:  # named in `field` and `errors` only, cut (service.problems.validation)
        raise validation("Invalid body", {k: [UNKNOWN_FIELD] for k in unknown})
    players = body.get("players", look.default_players)
    low, high = spec.players
    if not low <= players <= high:
        raise Problem(422, "validation", "Invalid body",
                      f"players: a table of {spec.title} has {low} to {high} players, not "
                      f"{players}", field="players", token=str(players))
    opponents = body.get("opponents", ["greedy"] * (players - 1))
    if len(opponents) != players - 1:
        raise Problem(422, "validation", "Invalid body",
                      f"opponents: {players} players need {players - 1} opponents, not "
                      f"{len(opponents)}", field="opponents")
    opponents = [_opponent(spec, o) for o in opponents]
    seed = None
    try:
        if "seed" in body:  # null is not a seed: left out, the deal is a real one
            seed = read_seed(body["seed"])
        read_options(spec, look, options)
    except AdvisorError as err:
        raise Problem.from_advisor(err) from None
    quota.new_table()  # 429 past the client's or the database's quota of tables
    with bots_turn(opponents):
        try:
            t = GameTable.new(spec, players=players, seed=seed, opponents=opponents,
                              options=options)
        except AdvisorError as err:
            raise Problem.from_advisor(err) from None
    store = playstore.store()
    return t, store.create(t.to_json()), store.ttl_s


@bp.get(f"/v1/play/<{_GAMES}:name>/<table>")
@document(GameTableSchema, problems=TABLE_PROBLEMS)
def show(name: str, table: str) -> Any:
    """The table as the player sees it: the VIEW, what the page draws of it, the legal
    actions in words, the log; every hand once the deal is over."""
    row, t = _find(name, table)
    return _table_json(row.id, row.version, t, _expires_in(row))


@bp.post(f"/v1/play/<{_GAMES}:name>/<table>/action")
@document(GameTableSchema, body=GameActionSchema,
          example={"do": "pass", "version": 1}, problems={**TABLE_PROBLEMS, 409: _STALE})
def act(name: str, table: str) -> Any:
    """Play one of the player's legal actions; the bots then play up to the next decision.

    The action is one of `legal` (the game's action JSON) with the table's `version` it
    was chosen on (required). The engine checks it: an illegal one is 422 with the `rule`
    it breaks and changes nothing; one for a table changed since (sent twice, or from
    another tab) is 409 and changes nothing.
    """
    row, t = _act(name, table)
    return _table_json(row.id, row.version + 1, t, playstore.store().ttl_s)


def _act(name: str, table: str) -> tuple[playstore.Row, GameTable]:
    spec, _ = _game(name)
    raw = read_json()
    if not isinstance(raw, dict):
        raise Problem(422, "validation", "Invalid body", "the body must be a JSON object",
                      field="$")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise Problem(422, "validation", "Invalid body",
                      "version: required, the `version` of the table the action was "
                      "chosen on", field="version")
    try:
        action = spec.read_action({k: v for k, v in raw.items() if k != "version"})
    except AdvisorError as err:
        raise Problem(422, "validation", "Invalid action", err.message, field=err.field,
                      token=err.token) from None
    row, t = _find(name, table)
    play_action(row, t, action, version)
    return row, t


def play_action(row: playstore.Row, t: GameTable, action: Any, version: int) -> None:
    """Play the player's ``action`` on the table ``t`` chosen on ``version``, the bots
    after it, and save it: 409 for a stale version or no decision pending, 422 naming
    the rule for an illegal action (nothing changes), 409 if another request saved first."""
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


@bp.post(f"/v1/play/<{_GAMES}:name>/<table>/hint")
@document((GameHintSchema, *_HINT), query=SearchHintQuerySchema, gated=True,
          throttled="this table's previous hint is still being computed",
          problems={**TABLE_PROBLEMS, 409: "no decision of the player's is pending, or the "
                                            "hint asked for another version of the table"})
def hint(name: str, table: str) -> Any:
    """The game's advisor on the player's decision, best first (every game's answer).

    Each action carries its `label` in the table's words. It sees only the player's VIEW.
    `budget_ms` is capped by the server as for `POST /v1/<game>/advice`; `samples` (a game
    whose advice takes playout worlds: Chắn) adds playouts, capped further by
    `MAX_HINT_SAMPLES`; `search` (Chắn, Qing) asks for the advisor's search instead,
    within the budget. With `version`, a table that has moved on since is 409, as for an
    action. One hint per table is computed at a time: another for the same table
    meanwhile is 429 with `Retry-After`, before it takes a place at the advice gate.
    """
    # The table is the client key: the hints of one player's deal take their turn at the
    # gate beside those of other players (and other addresses) — service/gate.py.
    spec, look = _game(name)
    with _HINTS.only_one(table), ticket(client=(client_address(), table)) as passage:
        verb = _advice_verb(spec)
        own = verb if verb is not None and (verb.samples or verb.search) else None
        schema = (HintQuerySchema if own is None else
                  (SearchHintQuerySchema if own.samples else BudgetSearchHintQuerySchema)
                  if own.search else SamplesHintQuerySchema)
        query = AdviceQuery.read(schema(), spec.default_budget_ms)
        version = request.args.get("version", type=int)
        row, t = _find(name, table)
        if version is not None and version != row.version:
            raise _stale(row.version, version)
        if not t.waiting:
            raise Problem(409, "not-your-turn", "Not your turn",
                          "the deal is over" if t.over else "no decision of yours is pending")
        view = t.view().to_json()
        if own is not None:  # the game's own advice verb: its samples and search
            samples = query.samples
            if samples is not None:
                samples = min(samples, int(current_app.config["MAX_HINT_SAMPLES"]))
            ctx = Context(query.budget_ms, query.seed, samples, search=query.search)
            left = passage.check(query.budget_ms / 1000 if own.expects_budget(ctx) else 0.0)
            try:
                out: dict[str, Any] = own.answer(view,
                                                 replace(ctx, limit_ms=left * 1000)).to_json()
            except AdvisorError as err:  # what was asked (search with samples), not the table
                raise Problem.from_advisor(err) from None
        else:
            left = passage.check(query.budget_ms / 1000)
            budget = min(query.budget_ms, spec.max_budget_ms, left * 1000)
            out = spec.advise(t.view(), t.legal(), budget_ms=budget, seed=query.seed).to_json()
        for entry in out.get("actions", []):
            entry["label"] = look.action_text(entry["action"], view)
        return out


class _RecordSchema(Schema):
    """A finished deal as the game's record (`<game>-record/N`, the game's own JSON: the
    deal, every move and the result); `advisor <game> replay` checks it."""

    class Meta:
        unknown = "include"


@bp.get(f"/v1/play/<{_GAMES}:name>/<table>/record")
@document(_RecordSchema,
          problems={**TABLE_PROBLEMS, 409: "the deal is not over"})
def record(name: str, table: str) -> Any:
    """The finished deal as the game's record, to download.

    It shows every hand, so it exists only once the deal is over (409 before);
    `advisor <game> replay FILE` validates it.
    """
    row, t = _find(name, table)
    if not t.over:
        raise Problem(409, "deal-not-over", "Deal not over",
                      "the record shows every hand: it is available once the deal is over")
    resp = Response(json.dumps(t.record(), ensure_ascii=False, indent=1) + "\n",
                    mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}-{row.id[:8]}.json"'
    return resp


class TableReviewSchema(ReviewSchema):
    """The review of the player's seat (0) at a finished table: the review's JSON
    (``POST /v1/<game>/review``) and ``chart``, the SVG of the seat's stated chance of
    winning over the deal, the decisions marked by class (the review page's chart)."""

    class Meta:
        unknown = "include"


@bp.post(f"/v1/play/<{_GAMES}:name>/<table>/review")
@document(TableReviewSchema, gated=True,
          problems={**TABLE_PROBLEMS, 409: "the deal is not over",
                    413: "the deal's decisions × the game's default budget exceed the "
                         "server's review budget (`MAX_REVIEW_MS`)"})
def review(name: str, table: str) -> Any:
    """Review the finished deal for the player's seat (0), as `POST /v1/<game>/review`
    reviews its record with `seat=0` at the game's default budget: every decision of
    the player's, the action played beside the advisor's best and what it lost, with the
    chart of the player's chance of winning over the deal.

    Only a finished deal is reviewed (409 before). It goes through the advice gate (503
    with `Retry-After` when busy) and the server's review budget (413 past it).
    """
    spec = game(name)
    _, t = _find(name, table)
    if not t.over:
        raise Problem(409, "deal-not-over", "Deal not over",
                      "a deal is reviewed once it is over")
    r = reviewed(spec, t.record(), {"seat": 0})
    out: dict[str, Any] = r.to_json()
    out["chart"] = chart(r)
    return out


# --- the default game's table at /v1/play… -------------------------------------------


def _legacy(schema: Callable[[TableAlias], type[Schema]], own: type[Schema]) -> type[Schema]:
    return schema(_ALIAS) if _ALIAS is not None else own


def _as_old(t: GameTable, answer: dict[str, Any]) -> dict[str, Any]:
    return _ALIAS.table_answer(t, answer) if _ALIAS is not None else answer


@bp.post("/v1/play")
@document(_legacy(lambda a: a.table, GameTableSchema),
          body=_legacy(lambda a: a.body, NewGameTableSchema), status=201,
          problems={503: _DB}, example={"opponents": ["greedy", "greedy", "advisor"]},
          throttled="the client, or the whole service, has dealt as many tables as it may")
def old_create() -> Any:
    """Deal a new table of the default game: `POST /v1/play/DEFAULT`, answered as this
    URL always answered.

    The body is `POST /v1/play/DEFAULT`'s (whatever this URL took before is taken). The
    `Location` header is the table's URL here.
    """
    t, sid, ttl = _create(DEFAULT.name)
    return (_as_old(t, _table_json(sid, 1, t, ttl)), 201, {"Location": f"/v1/play/{sid}"})


@bp.get("/v1/play/<table:table>")
@document(_legacy(lambda a: a.table, GameTableSchema), problems=TABLE_PROBLEMS)
def old_show(table: str) -> Any:
    """The default game's table as the player sees it (`GET /v1/play/DEFAULT/<table>`)."""
    row, t = _find(DEFAULT.name, table)
    return _as_old(t, _table_json(row.id, row.version, t, _expires_in(row)))


@bp.post("/v1/play/<table:table>/action")
@document(_legacy(lambda a: a.table, GameTableSchema), body=GameActionSchema,
          example={"do": "pass", "version": 1}, problems={**TABLE_PROBLEMS, 409: _STALE})
def old_act(table: str) -> Any:
    """Play one of the player's legal actions at the default game's table
    (`POST /v1/play/DEFAULT/<table>/action`); an illegal one is 422 with the `rule` it
    breaks, a stale one 409, and neither changes anything."""
    row, t = _act(DEFAULT.name, table)
    return _as_old(t, _table_json(row.id, row.version + 1, t, playstore.store().ttl_s))


@bp.post("/v1/play/<table:table>/hint")
@document(_legacy(lambda a: a.hint, GameHintSchema), query=SamplesHintQuerySchema,
          gated=True, throttled="this table's previous hint is still being computed",
          problems={**TABLE_PROBLEMS, 409: "no decision of the player's is pending, or the "
                                            "hint asked for another version of the table"})
def old_hint(table: str) -> Any:
    """The advisor's ranking of the player's legal actions at the default game's table,
    best first (`POST /v1/play/DEFAULT/<table>/hint`, the same query)."""
    out: dict[str, Any] = hint(DEFAULT.name, table)
    return _ALIAS.hint_answer(out) if _ALIAS is not None else out


@bp.get("/v1/play/<table:table>/record")
@document(_legacy(lambda a: a.record, _RecordSchema),
          problems={**TABLE_PROBLEMS, 409: "the deal is not over"})
def old_record(table: str) -> Any:
    """The finished deal as the default game's record
    (`GET /v1/play/DEFAULT/<table>/record`), to download."""
    return record(DEFAULT.name, table)


for _view in (old_create, old_show, old_act, old_hint, old_record):  # the default, named
    _view.__doc__ = (_view.__doc__ or "").replace("DEFAULT", DEFAULT.name)


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


def _game(name: str) -> tuple[AnySpec, Browser]:
    spec, look = game(name), browser(name)
    if look is None:
        raise Problem(404, "not-found", "Not found", f"{name} has no table")
    return spec, look


def _opponent(spec: AnySpec, given: str) -> str:
    """A seat spec the service runs: greedy (greedy+) or advisor, the budget capped (a
    budget of no time, or not a number, refused)."""
    name, _, budget = given.strip().partition(":")
    if name not in _opponent_choices(spec) or (name != "advisor" and budget):
        raise Problem(422, "validation", "Invalid opponent",
                      f"opponents: '{given}' is not one of "
                      f"{', '.join(_opponent_choices(spec))}, advisor:MS",
                      field="opponents", token=given)
    if name != "advisor":
        return name
    try:
        ms = float(budget) if budget else spec.default_budget_ms
    except ValueError:
        ms = float("nan")
    if not ms > 0 or ms == float("inf"):
        raise Problem(422, "validation", "Invalid opponent",
                      f"opponents: '{given}': the budget is a number of ms above 0",
                      field="opponents", token=given) from None
    cap = min(float(current_app.config["MAX_ADVICE_BUDGET_MS"]), spec.max_budget_ms)
    return f"advisor:{min(max(ms, 1.0), cap):g}"


@contextmanager
def bots_turn(opponents: list[str]) -> Iterator[None]:
    """Through the worker's gate when an advisor plays: its turns are advice computations."""
    if not any(s.startswith("advisor") for s in opponents):
        yield
        return
    with ticket() as passage:  # the client's address is its key
        passage.check(0.0)
        yield


def _find(name: str, sid: str) -> tuple[playstore.Row, GameTable]:
    spec, _ = _game(name)
    row = playstore.store().load(sid) if _ID.fullmatch(sid) else None
    state = stored_table(row.state) if row is not None else None
    if row is None or state is None or state.get("game") != name:
        raise Problem(404, "table-not-found", "Table not found",
                      f"no {spec.title} table has this id: it never existed, or it expired "
                      f"after {current_app.config['PLAY_TTL_S']:g} s without play")
    try:
        return row, GameTable.from_json(spec, state)
    except (AdvisorError, KeyError, TypeError, ValueError) as err:
        current_app.logger.error("table %s cannot be restored: %s", sid, err)
        raise Problem(500, "internal-error", "Internal server error",
                      "the table cannot be restored; the error has been logged") from None


def _stale(current: int | None, sent: int) -> Problem:
    now = f" (it is at version {current})" if current is not None else ""
    return Problem(409, "stale-version", "Table changed",
                   f"the action was chosen on version {sent} of the table, which has changed "
                   f"since{now}; reload it")


def _expires_in(row: playstore.Row) -> float:
    """Seconds until the table expires, by the tables' clock (the store's)."""
    return max(0.0, row.touched + float(current_app.config["PLAY_TTL_S"]) - playstore.now())


def _table_json(sid: str, version: int, t: GameTable, expires_in: float) -> dict[str, Any]:
    """The table as the player sees it — nothing hidden: the VIEW, what the page draws of
    it, the legal actions in words, the public log; every hand only once it is over."""
    look = browser(t.spec.name)
    assert look is not None
    view = t.view().to_json()
    return {
        "id": sid, "game": t.spec.name, "version": version, "players": t.players,
        "opponents": list(t.opponents), "waiting": t.waiting, "over": t.over,
        "practice": t.practice, "view": view,
        "table": {"groups": look.groups(view), "middle": look.middle(view),
                  "seats": look.seats(view)},
        "legal": [{"action": a.to_json(), "text": look.action_text(a.to_json(), view)}
                  for a in t.legal()],
        "log": t.public_log(),
        "result": ended(look, t.game) if t.over else None,
        "reveal": t.reveal(),
        "expires_in_s": round(expires_in, 1),
    }


def ended(look: Browser, g: Any) -> dict[str, Any]:
    """A finished deal's end as the page shows it, with the keys every game's result has
    (``winner``, ``how``, ``points``, ``settlement``)."""
    result = g.result.to_json()
    return {**look.result(g), **{k: result[k] for k in RESULT_KEYS}}


__all__ = ["TABLE_PROBLEMS", "bots_turn", "bp", "play_action"]
