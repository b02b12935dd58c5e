"""The advisor — every registered game — as a JSON web service (Flask).

>>> app = create_app({"TESTING": True})
>>> app.test_client().get("/healthz").get_json()
{'status': 'ok'}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from advisor.games.endpoints import endpoints_of
from advisor.registry import GAMES
from service import gate, headers, playstore, pool, problems, quota

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 256 * 1024,  # bytes; a larger body is 413
    "MAX_BATCH": 1000,  # positions per request; more is 413
    "MAX_ADVICE_BUDGET_MS": 200.0,  # the advisor's time per VIEW, whatever the client asks
    "MAX_ADVICE_SAMPLES": 500,  # sampled worlds per VIEW when the client fixes the number
    "MAX_ADVICE_BATCH": 10,  # VIEWs per advice request (each takes its full budget)
    "MAX_HINT_SAMPLES": 50,  # playout worlds of one hint in the browser game
    # One advice of a game whose server fixes its budget (the request may ask another):
    # <GAME>_ADVICE_MS, as the game declares it (advisor.games.endpoints).
    **{f"{g.name.upper()}_ADVICE_MS": ms for g in GAMES
       if (ms := endpoints_of(g).server_budget_ms) is not None},
    # The gate in front of advice, per worker process (service/gate.py): more is 503.
    "ADVICE_SLOTS": 1,  # advice requests computing at once
    "ADVICE_QUEUE": 4,  # advice requests waiting for a slot
    "ADVICE_QUEUE_WAIT_S": 1.0,  # the longest wait for a slot
    "ADVICE_DEADLINE_S": 10.0,  # no advice request runs past this, waiting included
    "RETRY_AFTER_S": 1,  # the Retry-After of a 503
    # The costly verbs (advice, a gated score or analysis, a review) in a bounded pool of
    # processes per worker (service/pool.py): 0 computes on the request's thread;
    # service.wsgi (gunicorn) makes it 1 unless ADVISOR_POOL_PROCESSES says otherwise.
    "POOL_PROCESSES": 0,
    "POOL_QUEUE": 4,  # pieces of work waiting for a process; one more is 503
    # Bounded work and fairness (service/gate.py, advisor.games.deadline).
    "DEADLINE_S": 5.0,  # a score, analysis, settlement or trick request stops past it: 503
    "GATE_FREE_MS": 20.0,  # such a request costing more (batch x verb's cost) uses the gate
    "VERB_COSTS_MS": None,  # {"game.verb": ms per object} over service.gate.COSTS_MS
    "PROXY_HOPS": 0,  # trusted proxies in front: the client's address from X-Forwarded-For
    # Quotas of the browser game's tables (service/quota.py): past them, 429.
    "TABLES_PER_CLIENT": 60,  # new tables per client address in TABLES_WINDOW_S, per worker
    "TABLES_WINDOW_S": 600.0,
    "MAX_TABLES": 100_000,  # tables alive in the database, every host's
    "TABLES_FULL_RETRY_S": 60.0,  # the Retry-After when the database is full
    "MAX_REVIEW_MS": 8000.0,  # a review's decisions × budget (ms); more is 413
    # The longest a review's exact search (?exact=true) may take, in seconds; it never
    # runs past the request's deadline either. None: the deadline alone.
    "EXACT_REVIEW_S": None,
    # The browser game's tables (service/playstore.py): a database URL that several hosts
    # share (PostgreSQL: ADVISOR_DATABASE_URL=postgresql://USER:PASSWORD@HOST/NAME),
    # else a SQLite file (default: play.sqlite3 in the instance folder); and how long an
    # unplayed table is kept.
    "DATABASE_URL": None,
    "PLAY_DB": None,
    "PLAY_TTL_S": 24 * 3600,
    # How long the tables' PostgreSQL may keep a request waiting (playstore.Limits): past
    # any of these, the answer is 503 /problems/unavailable with Retry-After.
    "DB_STATEMENT_TIMEOUT_MS": 2000,  # a statement in the server
    "DB_LOCK_TIMEOUT_MS": 1000,  # a wait for a lock
    "DB_POOL_SIZE": 4,  # connections per worker process: fewer than its threads
    "DB_POOL_WAIT_S": 1.0,  # the wait for a free connection
    "DB_CONNECT_TIMEOUT_S": 2,  # opening a connection
    "DB_OPERATION_TIMEOUT_S": 3.0,  # one use, whatever happens (a frozen server)
}


class JSONProvider(DefaultJSONProvider):
    """The library's JSON as it is: keys in the library's order, UTF-8 text (Tôm, Ù chì)."""

    sort_keys = False
    ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """JSON text that is sound UTF-8 whatever it carries: a lone surrogate (which no
        request may send, but an answer must never fail on) written as its escape."""
        text = super().dumps(obj, **kwargs)
        if _SURROGATE.search(text):
            text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
        return text


_SURROGATE = re.compile("[\ud800-\udfff]")

_IN_SECONDS = [f"{g.name.upper()}_ADVICE" for g in GAMES
               if endpoints_of(g).server_budget_ms is not None
               and endpoints_of(g).budget_in_seconds]
"""The games' budget keys also read and told in seconds (``<GAME>_ADVICE_SECONDS``)."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: ``DEFAULTS`` overridden by ``config``, one blueprint per game."""
    app = Flask(__name__)
    app.json = JSONProvider(app)
    app.config.from_mapping(DEFAULTS)
    if config is not None:
        app.config.from_mapping(config)
    for key in _IN_SECONDS:
        ms_key, s_key = f"{key}_MS", f"{key}_SECONDS"
        if config is not None and s_key in config and ms_key not in config:
            # the key's name before every budget was in milliseconds: still honoured
            app.config[ms_key] = float(config[s_key]) * 1000
        app.config[s_key] = app.config[ms_key] / 1000

    problems.register(app)
    headers.install(app)
    gate.install(app)
    pool.install(app)
    playstore.install(app)
    quota.install(app)

    from service import analyze_page, generated, meta, review, tables

    app.register_blueprint(meta.bp)
    for game in GAMES:
        # Every game gets its endpoints made from its spec (service.generated), with what
        # it declares beside its verbs: its own schemas, its rules profiles.
        declared = endpoints_of(game)
        app.register_blueprint(generated.blueprint(game, declared.schemas, declared.rules))
    app.register_blueprint(tables.bp)
    app.register_blueprint(analyze_page.bp)
    app.register_blueprint(review.bp)  # /v1/<game>/review and the /review page

    return app


__all__ = ["DEFAULTS", "create_app"]
