"""What the server says about itself: ``GET /healthz`` (liveness: the worker answers; it
never touches the database), ``GET /readyz`` (readiness: the tables' database answers
too), ``GET /v1/meta``
(version, the engines that run — the compiled core or the Python engines —, games,
rules profiles, limits), ``GET /openapi.json`` and ``GET /docs`` (the
same document as a page to read; no external assets, it works offline).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from flask.blueprints import BlueprintSetupState

from advisor import __version__, core
from advisor.games.endpoints import endpoints_of
from advisor.registry import DEFAULT, GAMES
from service.apidocs import render
from service.openapi import document, spec_of
from service.problems import UNKNOWN_FIELD, validation
from service.schemas import HealthSchema, MetaSchema, ReadySchema

bp = Blueprint("meta", __name__)

_RULES = "chan_advisor.rules"


def _limits() -> dict[str, str]:
    """``GET /v1/meta`` ``limits`` member → the config key it reports (a game whose
    server fixes its advice's budget: ``<game>_advice_ms``, and in seconds if declared)."""
    own: dict[str, str] = {}
    for g in GAMES:
        declared = endpoints_of(g)
        if declared.server_budget_ms is not None:
            own[f"{g.name}_advice_ms"] = f"{g.name.upper()}_ADVICE_MS"
            if declared.budget_in_seconds:  # the same, as before (v1 clients)
                own[f"{g.name}_advice_seconds"] = f"{g.name.upper()}_ADVICE_SECONDS"
    return {
        "max_body_bytes": "MAX_CONTENT_LENGTH",
        "max_batch": "MAX_BATCH",
        "max_advice_batch": "MAX_ADVICE_BATCH",
        "max_advice_budget_ms": "MAX_ADVICE_BUDGET_MS",
        "max_advice_samples": "MAX_ADVICE_SAMPLES",
        "max_hint_samples": "MAX_HINT_SAMPLES",
        **own,
        "advice_slots": "ADVICE_SLOTS",
        "advice_queue": "ADVICE_QUEUE",
        "advice_queue_wait_s": "ADVICE_QUEUE_WAIT_S",
        "advice_deadline_s": "ADVICE_DEADLINE_S",
        "max_review_ms": "MAX_REVIEW_MS",
    }


LIMITS = _limits()
"""``GET /v1/meta`` ``limits`` member → the config key it reports."""


def register_rules(game_bp: Blueprint, game: str,
                   profiles: Callable[[], list[dict[str, Any]]]) -> None:
    """List a game's rules profiles in ``GET /v1/meta`` once ``game_bp`` is registered.
    ``profiles()`` gives ``{"name", "description", "options"}`` objects."""

    def record(state: BlueprintSetupState) -> None:
        state.app.extensions.setdefault(_RULES, {})[game] = profiles()

    game_bp.record_once(record)


def describe(app: Flask) -> dict[str, Any]:
    """The ``GET /v1/meta`` object of ``app``: a game is any ``/v1/<game>/…`` path."""
    endpoints: dict[str, list[str]] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        parts = rule.rule.split("/")
        if len(parts) > 3 and parts[1] == "v1":
            endpoints.setdefault(parts[2], []).append(rule.rule)
    rules = app.extensions.get(_RULES, {})
    cfg = app.config
    limits: dict[str, Any] = {name: cfg[key] for name, key in LIMITS.items()}
    limits["default_advice_budget_ms"] = min(DEFAULT.default_budget_ms,
                                             cfg["MAX_ADVICE_BUDGET_MS"])
    return {
        "name": "chan-advisor",
        "version": __version__,
        "engine": {"path": core.path(), "description": core.describe()},
        "games": [{"name": game, "endpoints": paths, "rules": rules.get(game, [])}
                  for game, paths in endpoints.items()],
        "limits": limits,
    }


@bp.before_app_request
def _no_stray_query() -> None:
    """An API endpoint that reads no query parameter refuses one (422, as an advice
    endpoint refuses an unknown one): a misspelt ``?budget_ms`` on the wrong path is
    said, not ignored. The pages and ``/healthz`` take whatever a browser or a load
    balancer adds."""
    if not request.args or not request.path.startswith("/v1/") or request.endpoint is None:
        return
    view = current_app.view_functions.get(request.endpoint)
    doc = getattr(view, "_openapi", None)
    if doc is not None and doc.query is None:
        raise validation("Invalid query parameter",
                         {name: [UNKNOWN_FIELD] for name in request.args})


@bp.get("/healthz")
@document(HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness: the worker answers.

    Cheap and never gated, for a load balancer's health check: it keeps answering while
    the advice endpoints turn requests away with 503.
    """
    return {"status": "ok"}


@bp.get("/readyz")
@document(ReadySchema, problems={503: "the tables' database does not answer (within "
                                      "`DB_OPERATION_TIMEOUT_S`), with Retry-After"})
def readyz() -> dict[str, str]:
    """Readiness: the worker answers and the tables' database with it.

    A load balancer may take the instance out while this is 503 (`/problems/unavailable`,
    with `Retry-After`): the game's tables cannot be played, though the other endpoints
    still answer. It waits for the database at most `DB_OPERATION_TIMEOUT_S`, and not at
    all for `RETRY_AFTER_S` after a failure.
    """
    from service import playstore  # the store needs the app's config

    playstore.store().ping()
    return {"status": "ok", "database": "ok"}


@bp.get("/v1/meta")
@document(MetaSchema)
def meta() -> Response:
    """Version, games with their endpoints and rules profiles, and the server's limits."""
    return jsonify(describe(current_app))


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 document of this server."""
    return jsonify(spec_of(current_app))


@bp.get("/docs")
def docs() -> Response:
    """The OpenAPI document as an HTML page."""
    return Response(render(spec_of(current_app)), mimetype="text/html")
