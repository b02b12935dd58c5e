"""Chắn endpoints: ``POST /v1/chan/score`` and ``POST /v1/chan/analyze``.

Each takes a position (rules §8.1) or a list of them and returns exactly the library's
JSON: ``score(Position.from_json(obj)).to_json()`` / ``analyze(...).to_json()``.
"""

from __future__ import annotations

from flask import Blueprint, Response

from advisor.chan.analysis import analyze
from advisor.chan.position import Position
from advisor.chan.scoring import score
from service.positions import evaluate
from service.schemas import PositionSchema

bp = Blueprint("chan", __name__, url_prefix="/v1/chan")

_schema = PositionSchema()


@bp.post("/score")
def score_view() -> Response:
    """Score a finished hand; a hand that does not win is a result, ``{"win": false}``."""
    return evaluate(_schema, Position.from_json, score)


@bp.post("/analyze")
def analyze_view() -> Response:
    """Analyse a hand of 19 cards (waits) or 20 (the discard table)."""
    return evaluate(_schema, Position.from_json, analyze)
