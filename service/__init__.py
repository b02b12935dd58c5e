"""The Chắn advisor as a JSON web service (Flask).

>>> app = create_app({"TESTING": True})
>>> app.test_client().get("/healthz").get_json()
{'status': 'ok'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from service import problems

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 256 * 1024,  # bytes; a larger body is 413
    "MAX_BATCH": 1000,  # positions per request; more is 413
    "MAX_ADVICE_BUDGET_MS": 200.0,  # the advisor's time per VIEW, whatever the client asks
    "MAX_ADVICE_SAMPLES": 2000,  # sampled worlds per VIEW when the client fixes the number
    "MAX_ADVICE_BATCH": 10,  # VIEWs per advice request (each takes its full budget)
}


class JSONProvider(DefaultJSONProvider):
    """The library's JSON as it is: keys in the library's order, UTF-8 text (Tôm, Ù chì)."""

    sort_keys = False
    ensure_ascii = False


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: ``DEFAULTS`` overridden by ``config``, one blueprint per game."""
    app = Flask(__name__)
    app.json = JSONProvider(app)
    app.config.from_mapping(DEFAULTS)
    if config is not None:
        app.config.from_mapping(config)

    problems.register(app)

    from service import chan

    app.register_blueprint(chan.bp)

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app


__all__ = ["DEFAULTS", "create_app"]
