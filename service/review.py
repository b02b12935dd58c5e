"""The review of a finished deal as a service (:mod:`advisor.games.review`):

* ``POST /v1/<game>/review`` — the body is one record of the game; ``?seat=`` (default:
  every seat), ``?budget_ms=`` (per decision, capped by ``MAX_ADVICE_BUDGET_MS``),
  ``?seed=`` and ``?exact=true`` (the game's exact figures, when it states them: a
  deal its exact judge solves, ``GameSpec.exact_review`` — seconds of work, so asked for,
  and stopped at ``EXACT_REVIEW_S`` seconds, and at the latest at the request's deadline,
  ``ADVICE_DEADLINE_S``, less the advice's share: the figures then stop where the search
  did, and a note says so). It
  answers the review's JSON, the one ``advisor GAME review --json`` prints. It goes
  through the advice gate (503 with ``Retry-After`` when busy) and its whole work is
  capped: a record whose decisions × budget exceed ``MAX_REVIEW_MS`` is 413.
* ``GET /review`` — a page that takes a record file of any game (its ``format`` names
  it) and, posted, shows its review with the chart (:mod:`advisor.games.review_page`).
"""

from __future__ import annotations

from typing import Any, cast

from flask import Blueprint, Response, current_app, render_template, request
from marshmallow import RAISE, Schema, fields, validate

from advisor.errors import AdvisorError
from advisor.games.review import Review, check_format, replay_steps, review
from advisor.games.review_page import page
from advisor.games.spec import AnySpec
from advisor.registry import GAMES
from service.gate import ticket
from service.openapi import document
from service.pool import compute, pool_of
from service.pool import reviewed as in_pool
from service.positions import BadJSON, decode_json, read_json, read_query
from service.problems import Problem

bp = Blueprint("review", __name__)

MAX_REVIEW_MS = 8000.0
"""The default of ``MAX_REVIEW_MS``: a review's decisions × budget, in milliseconds (under
the advice deadline, ``ADVICE_DEADLINE_S``)."""


class ReviewQuerySchema(Schema):
    """The query parameters of a review: the seat, the budget of each decision, the seed
    and whether to add the game's exact figures."""

    class Meta:
        unknown = RAISE

    seat = fields.Integer(validate=validate.Range(min=0), strict=False,
                         metadata={"description": "The seat to review (default: every seat)."})
    budget_ms = fields.Float(
        validate=validate.Range(min=0, min_inclusive=False),
        metadata={"exclusiveMinimum": 0,
                  "description": "Advice per decision, in milliseconds (default: the game's; "
                                 "capped at MAX_ADVICE_BUDGET_MS)."})
    seed = fields.Integer(metadata={"description": "Seed: seat s draws its decisions' seeds "
                                                   "from seed·1009+s (default 0)."})
    exact = fields.Boolean(metadata={"description": "Add the game's exact figures when it "
                                                  "states them (default false)."})


class ReviewRecordSchema(Schema):
    """A finished deal's record (or a prefix of it: its decisions are reviewed and the
    answer says so); its checks are the library's."""

    format = fields.String(required=True, metadata={"description": "the record format"})

    class Meta:
        unknown = "include"


class ReviewSchema(Schema):
    """A review: ``game``, ``record`` (its header), ``seats``, ``decisions`` (``move``,
    ``seat``, ``played``, ``best``, ``played_win``, ``best_win``, ``loss_win``,
    ``played_expected``, ``best_expected``, ``loss_expected``, ``certain``, ``class``,
    ``why``), ``summary`` by seat, ``ms``, ``budget_ms``, ``seed``, ``complete``,
    ``notes``, and ``exact`` when asked and stated (docs/review.md)."""

    class Meta:
        unknown = "include"


def reviewed(spec: AnySpec, rec: object, query: dict[str, Any]) -> Review:
    """The review of ``rec`` as the request asks, within the server's limits: its size
    checked before any advice (413), through the gate (503 when busy or too late)."""
    cfg = current_app.config
    budget = min(float(query.get("budget_ms", spec.default_budget_ms)),
                 cfg["MAX_ADVICE_BUDGET_MS"])
    seat = query.get("seat")
    seats = None if seat is None else [seat]
    with ticket() as passage:
        try:
            checked = check_format(spec, rec, GAMES)
            observed, _, _ = replay_steps(spec, checked, frozenset(), exact=False)
            count = sum(1 for st in observed.steps if seats is None or st.seat in seats)
            total = count * budget
            limit = cfg.get("MAX_REVIEW_MS", MAX_REVIEW_MS)
            if total > limit:
                raise Problem(413, "review-too-long", "Review too long",
                              f"{count} decisions × {budget:g} ms = {total:g} ms of advice; "
                              f"this server reviews at most {limit:g} ms (ask a smaller "
                              "budget_ms or one seat)")
            left = passage.check(total / 1000)
            exact_s = max(0.0, left - total / 1000)  # what the advice leaves of the deadline
            if cfg.get("EXACT_REVIEW_S") is not None:
                exact_s = min(exact_s, float(cfg["EXACT_REVIEW_S"]))
            pool = pool_of(current_app)
            if pool is not None:  # off the request's thread, whole as on it
                return compute(pool, in_pool, spec.name, checked, seats, budget,
                               query.get("seed", 0), bool(query.get("exact", False)),
                               exact_s, limit_s=None)
            return review(spec, checked, seats=seats, budget_ms=budget,
                          seed=query.get("seed", 0), games=GAMES,
                          exact=bool(query.get("exact", False)), exact_s=exact_s)
        except AdvisorError as err:
            raise Problem.from_advisor(err) from None


def _endpoint(spec: AnySpec) -> Any:
    def view() -> Response:
        query = read_query(ReviewQuerySchema())
        rec = read_json()  # 415, 413, 400 (malformed, too deep, a lone surrogate), 422
        if not isinstance(rec, dict):
            raise Problem(422, "invalid-record", "Invalid record",
                          "the body must be one record: a JSON object with its format")
        return cast(Response, current_app.json.response(reviewed(spec, rec, query).to_json()))

    view.__name__ = f"review_{spec.name}"
    view.__doc__ = f"""Review a finished deal of {spec.title}.

    Replays the record; at each decision of the seat (of every seat without ``seat``),
    the advice from that seat's VIEW as it stood, the action played beside the best, and
    what it lost (``loss_win``, ``loss_expected``; classes best, good, inaccuracy,
    mistake, blunder: docs/review.md). A record that does not replay is 422 naming its
    first illegal move and rule; a record of another game is 422 naming that game; a
    record too long for the server's review budget (``MAX_REVIEW_MS``) is 413."""
    return document(ReviewSchema, body=ReviewRecordSchema, query=ReviewQuerySchema,
                    gated=True, example=example_record(spec))(view)


def example_record(spec: AnySpec, moves: int = 6) -> dict[str, Any]:
    """The document's example: the first ``moves`` moves of a greedy deal (a prefix: its
    decisions are reviewed, and the answer says the record stops early)."""
    n = spec.players[0]
    g = spec.deal(n, 1)
    spec.play(g, [spec.make_bot("greedy", seed=s) for s in range(n)])
    rec: dict[str, Any] = g.to_record()
    rec.pop("result", None)
    rec["moves"] = rec["moves"][:moves]
    return rec


for _spec in GAMES:  # one endpoint per registered game, as every verb has
    bp.add_url_rule(f"/v1/{_spec.name}/review", endpoint=f"review_{_spec.name}",
                    view_func=_endpoint(_spec), methods=["POST"])


@bp.route("/review", methods=["GET", "POST"])
def review_page() -> str | tuple[str, int]:
    """A record file of any game in, its review (with the chart) out."""
    if request.method == "GET":
        return render_template("review.html", games=GAMES, error=None)
    upload = request.files.get("record")
    text = upload.read().decode("utf-8", "replace") if upload else request.form.get(
        "text", "")
    try:
        rec = decode_json(text)
    except BadJSON as err:
        return render_template("review.html", games=GAMES,
                               error=f"the file is not one JSON record: {err.message}"), 422
    fmt = rec.get("format") if isinstance(rec, dict) else None
    spec = next((g for g in GAMES if g.reads(fmt)), None)
    if spec is None:
        return render_template("review.html", games=GAMES,
                               error=f"not a record of a game this server knows "
                                     f"(format {fmt!r})"), 422
    query: dict[str, Any] = {}
    seat = request.form.get("seat", "").strip()
    if seat:
        if not seat.isdigit():
            return render_template("review.html", games=GAMES,
                                   error="seat: a seat number"), 422
        query["seat"] = int(seat)
    try:
        r = reviewed(spec, rec, query)
    except Problem as p:
        if p.status in (413, 503):
            raise
        return render_template("review.html", games=GAMES, error=p.detail), p.status
    return page([r], title=f"{spec.title}: deal review")


__all__ = ["MAX_REVIEW_MS", "ReviewQuerySchema", "ReviewSchema", "bp", "reviewed"]
