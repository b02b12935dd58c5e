"""Chắn endpoints: ``POST /v1/chan/score``, ``/analyze`` and ``/advice``.

Each takes a position (rules §8.1) or a list of them and returns exactly the library's
JSON: ``score(Position.from_json(obj)).to_json()`` / ``analyze(...).to_json()``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, request

from advisor.chan.advice import DEFAULT_BUDGET_MS, Advice, advise
from advisor.chan.analysis import analyze
from advisor.chan.position import Position
from advisor.chan.scoring import score
from service.positions import evaluate
from service.problems import Problem
from service.schemas import PositionSchema, ViewSchema

bp = Blueprint("chan", __name__, url_prefix="/v1/chan")

_schema = PositionSchema()
_view_schema = ViewSchema()


@bp.post("/score")
def score_view() -> Response:
    """Score a finished hand; a hand that does not win is a result, ``{"win": false}``."""
    return evaluate(_schema, Position.from_json, score)


@bp.post("/analyze")
def analyze_view() -> Response:
    """Analyse a hand of 19 cards (waits) or 20 (the discard table)."""
    return evaluate(_schema, Position.from_json, analyze)


def _number(name: str, default: float, limit: float, kind: type = float) -> Any:
    """A query parameter, capped by the server whatever the client asks."""
    raw = request.args.get(name)
    if raw is None:
        return None if default is None else min(default, limit)
    try:
        value = kind(raw)
    except ValueError:
        raise Problem(422, "validation", "Invalid query parameter",
                      f"{name}: not a number: {raw!r}", field=name) from None
    if value <= 0:
        raise Problem(422, "validation", "Invalid query parameter",
                      f"{name}: must be positive", field=name)
    return min(value, limit)


@bp.post("/advice")
def advice_view() -> Response:
    """Rank every legal action of the seat whose VIEW (rules §8.3) is posted.

    Query parameters: ``budget_ms`` (default DEFAULT_BUDGET_MS, capped at the server's
    ``MAX_ADVICE_BUDGET_MS``), ``samples`` (capped at ``MAX_ADVICE_SAMPLES``), ``seed``.
    """
    cfg = current_app.config
    budget = _number("budget_ms", DEFAULT_BUDGET_MS, cfg["MAX_ADVICE_BUDGET_MS"])
    samples = _number("samples", None, cfg["MAX_ADVICE_SAMPLES"], int)  # type: ignore[arg-type]
    seed = request.args.get("seed", "0")
    if not seed.lstrip("-").isdigit():
        raise Problem(422, "validation", "Invalid query parameter",
                      f"seed: not an integer: {seed!r}", field="seed")

    def compute(view: dict[str, Any]) -> Advice:
        return advise(view, budget_ms=budget, samples=samples, seed=int(seed))

    return evaluate(_view_schema, _as_view, compute, cfg["MAX_ADVICE_BATCH"])


def _as_view(obj: object) -> dict[str, Any]:
    """The schema has checked the shape; the library checks the cards."""
    assert isinstance(obj, dict)
    return obj
