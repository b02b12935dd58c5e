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

One game's table keeps its own page and API (:mod:`service.play`, ``play.GAME``); its
URLs under ``/v1/play/<game>…`` are aliases of them. The tables live in the same database
(:mod:`service.playstore`), under the same quotas, gate and time to live.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request
from marshmallow import Schema, ValidationError

from advisor.errors import AdvisorError
from advisor.games.browser import Browser, GameTable, browser, read_seed
from advisor.games.endpoints import endpoints_of
from advisor.games.records import RESULT_KEYS
from advisor.games.review_page import chart
from advisor.games.spec import AnySpec
from advisor.registry import DEFAULT, GAMES, game, names
from service import play, playstore, quota
from service.gate import client_address, ticket
from service.openapi import document
from service.play import _DB, TABLE_PROBLEMS, TableSchema
from service.positions import AdviceQuery, read_json
from service.problems import Problem, validation
from service.review import ReviewSchema, reviewed
from service.schemas import flatten_errors
from service.table_schemas import (
    GameActionSchema,
    GameHintSchema,
    GameTableSchema,
    HintQuerySchema,
    NewGameTableSchema,
)

bp = Blueprint("tables", __name__)

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_GAMES = f"any({','.join(names())})"
"""The route converter of a game's name: the registry's games."""
_PAGES = f"any({','.join(g.name for g in GAMES if browser(g.name) is not None)})"
"""The route converter of a game whose table is this page (its browser declaration)."""
_HINT = endpoints_of(DEFAULT).schemas["advice"].result
"""The hint's answer as the default game's table gives it (``/v1/play…``)."""


# --- the pages -------------------------------------------------------------------------


@bp.after_request
def _private(resp: Response) -> Response:
    """A table, its record and the pages are one player's: no cache keeps them."""
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/play")
def lobby() -> str:
    """The lobby: every game. ``/play?seed=N`` (the old address of the page of the game
    with its own, ``play.GAME``) is that game's table with that practice seed; any other
    query (what browsers and links add) is the lobby."""
    if "seed" in request.args:
        return play.page()
    games = [{"name": g.name, "title": g.title, "players": g.players,
              "subtitle": (b.subtitle if (b := browser(g.name)) else play.SUBTITLE)}
             for g in GAMES]
    return render_template("lobby.html", games=games, own=play.GAME.name)


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
             "record_format": spec.record_format}
    return render_template("table.html", setup=setup, title=spec.title,
                           subtitle=look.subtitle, practice=practice, refused=refused)


def _opponent_choices(spec: AnySpec) -> list[str]:
    return ["greedy", *(["greedy+"] if spec.strong is not None else []), "advisor"]


# --- the API ---------------------------------------------------------------------------


_STALE = ("the table has changed since `version` (sent twice, or from another tab), or no "
          "decision of the player's is pending")


@bp.post(f"/v1/play/<{_GAMES}:name>")
@document((GameTableSchema, TableSchema), body=NewGameTableSchema,
          status=201, problems={503: _DB}, example={"players": 3,
                                                    "opponents": ["greedy", "advisor"]},
          throttled="the client, or the whole service, has dealt as many tables as it may")
def create(name: str) -> Any:
    """Deal a new table of the game: the player at seat 0, bots at the others.

    The bots play up to the player's first decision (forced moves are played for
    everyone). The answer is the table as the player sees it, with its `id` (keep it: it
    is the only key to the table); `Location` is its URL. `players` is within the game's
    table sizes (`GET /v1/meta`), `opponents` one per other seat. Quotas as
    `POST /v1/play`: past them, 429 with `Retry-After`. `OWN` is `POST /v1/play` (its
    body: `opponents`, three; `rules`; `seed`).
    """
    if name == play.GAME.name:
        return play.create()
    spec, look = _game(name)
    body = _load(NewGameTableSchema(), read_json())
    if "rules" in body:
        raise Problem(422, "validation", "Invalid body", f"rules: {spec.title} has no rules "
                      f"profiles at the table ({play.GAME.title}'s only)", field="rules")
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
    except AdvisorError as err:
        raise Problem.from_advisor(err) from None
    quota.new_table()  # 429 past the client's or the database's quota of tables
    with play.bots_turn(opponents):
        try:
            t = GameTable.new(spec, players=players, seed=seed, opponents=opponents)
        except AdvisorError as err:
            raise Problem.from_advisor(err) from None
    store = playstore.store()
    sid = store.create(t.to_json())
    return (_table_json(sid, 1, t, store.ttl_s), 201,
            {"Location": f"/v1/play/{name}/{sid}"})


@bp.get(f"/v1/play/<{_GAMES}:name>/<table>")
@document((GameTableSchema, TableSchema), problems=TABLE_PROBLEMS)
def show(name: str, table: str) -> Any:
    """The table as the player sees it: the VIEW, what the page draws of it, the legal
    actions in words, the log; every hand once the deal is over."""
    if name == play.GAME.name:
        return play.show(table)
    row, t = _find(name, table)
    return _table_json(row.id, row.version, t, _expires_in(row))


@bp.post(f"/v1/play/<{_GAMES}:name>/<table>/action")
@document((GameTableSchema, TableSchema), body=GameActionSchema,
          example={"do": "pass", "version": 1}, problems={**TABLE_PROBLEMS, 409: _STALE})
def act(name: str, table: str) -> Any:
    """Play one of the player's legal actions; the bots then play up to the next decision.

    The action is one of `legal` (the game's action JSON) with the table's `version` it
    was chosen on (required). The engine checks it: an illegal one is 422 with the `rule`
    it breaks and changes nothing; one for a table changed since is 409.
    """
    if name == play.GAME.name:
        return play.act(table)
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
    play.play_action(row, t, action, version)
    return _table_json(row.id, row.version + 1, t, playstore.store().ttl_s)


@bp.post(f"/v1/play/<{_GAMES}:name>/<table>/hint")
@document((GameHintSchema, *_HINT), query=HintQuerySchema, gated=True,
          throttled="this table's previous hint is still being computed",
          problems={**TABLE_PROBLEMS, 409: "no decision of the player's is pending, or the "
                                            "hint asked for another version of the table"})
def hint(name: str, table: str) -> Any:
    """The game's advisor on the player's decision, best first (every game's answer).

    Each action carries its `label` in the table's words. With `version`, a table that
    has moved on since is 409, as for an action. One hint per table at a time (429 with
    `Retry-After`). `OWN` is `POST /v1/play/<table>/hint` (its query also takes
    `samples`).
    """
    if name == play.GAME.name:
        return play.hint(table)
    spec, _ = _game(name)
    with play._HINTS.only_one(table), ticket(client=(client_address(), table)) as passage:
        query, version = _hint_query(spec)
        row, t = _find(name, table)
        if version is not None and version != row.version:
            raise play._stale(row.version, version)
        if not t.waiting:
            raise Problem(409, "not-your-turn", "Not your turn",
                          "the deal is over" if t.over else "no decision of yours is pending")
        left = passage.check(query.budget_ms / 1000)
        budget = min(query.budget_ms, spec.max_budget_ms, left * 1000)
        answer = spec.advise(t.view(), t.legal(), budget_ms=budget, seed=query.seed)
        out: dict[str, Any] = answer.to_json()
        look = browser(name)
        view = t.view().to_json()
        if look is not None:
            for entry in out.get("actions", []):
                entry["label"] = look.action_text(entry["action"], view)
        return out


for _view in (create, hint):  # the game with its own table, by its name
    _view.__doc__ = (_view.__doc__ or "").replace("`OWN`", f"`{play.GAME.name}`")


def _hint_query(spec: AnySpec) -> tuple[AdviceQuery, int | None]:
    """The hint's query (HintQuerySchema: unknown parameters are 422), the budget capped."""
    schema = HintQuerySchema()
    errors = schema.validate(request.args)
    if errors:
        key = next(iter(errors))
        raise Problem(422, "validation", "Invalid query", f"{key}: {errors[key]}", field=key)
    data = schema.load(request.args)
    cfg = current_app.config
    budget = min(data.get("budget_ms", spec.default_budget_ms), cfg["MAX_ADVICE_BUDGET_MS"])
    return AdviceQuery(budget, None, data.get("seed", 0)), data.get("version")


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
    if name == play.GAME.name:
        return play.record(table)
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
    if name == play.GAME.name:
        _, own = play._find(table)
        over, rec = own.over, (own.record if own.over else None)
    else:
        _, t = _find(name, table)
        over, rec = t.over, (t.record if t.over else None)
    if not over or rec is None:
        raise Problem(409, "deal-not-over", "Deal not over",
                      "a deal is reviewed once it is over")
    r = reviewed(spec, rec(), {"seat": 0})
    out: dict[str, Any] = r.to_json()
    out["chart"] = chart(r)
    return out


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
        raise Problem(404, "not-found", "Not found", f"{name} has no generic table")
    return spec, look


def _opponent(spec: AnySpec, given: str) -> str:
    """A seat spec the service runs: greedy (greedy+) or advisor, the budget capped."""
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
        raise Problem(422, "validation", "Invalid opponent",
                      f"opponents: '{given}': the budget is a number of ms",
                      field="opponents", token=given) from None
    cap = min(float(current_app.config["MAX_ADVICE_BUDGET_MS"]), spec.max_budget_ms)
    return f"advisor:{min(max(ms, 1.0), cap):g}"


def _find(name: str, sid: str) -> tuple[playstore.Row, GameTable]:
    spec, _ = _game(name)
    row = playstore.store().load(sid) if _ID.fullmatch(sid) else None
    if row is None or row.state.get("game") != name:
        raise Problem(404, "table-not-found", "Table not found",
                      f"no {spec.title} table has this id: it never existed, or it expired "
                      f"after {current_app.config['PLAY_TTL_S']:g} s without play")
    try:
        return row, GameTable.from_json(spec, row.state)
    except (AdvisorError, KeyError, TypeError, ValueError) as err:
        current_app.logger.error("table %s cannot be restored: %s", sid, err)
        raise Problem(500, "internal-error", "Internal server error",
                      "the table cannot be restored; the error has been logged") from None


def _expires_in(row: playstore.Row) -> float:
    return max(0.0, row.touched + float(current_app.config["PLAY_TTL_S"]) - time.time())


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


__all__ = ["bp"]
