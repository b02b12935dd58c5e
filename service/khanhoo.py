"""Khanhoo endpoints: ``POST /v1/khanhoo/score``, ``/analyze``, ``/advice`` and ``/settle``.

Each takes one request object or a list of them and returns exactly the library's JSON:
``score(Position.from_json(obj)).to_json()``, ``analyze(...)``, ``advise_json(obj)`` and
``Settlement.from_json(obj)``. The schemas (:mod:`service.khanhoo_schemas`) check the
shape and the JSON types; the cards, rules and sizes are the library's to check. Advice
goes through the worker's gate (:mod:`service.gate`), at most ``MAX_ADVICE_BATCH``
requests a batch.

>>> from service import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> client.post("/v1/khanhoo/settle", json={"scores": [52, 49, 47, 47]}).get_json()["balances"]
[13, 1, -7, -7]
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app

from advisor.khanhoo.advice import Advice, Budget, advise_json
from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.position import Position
from advisor.khanhoo.rules import OPTION_HELP
from advisor.khanhoo.scoring import Settlement, score
from service.gate import ticket
from service.khanhoo_schemas import (
    KhanhooAdvicePositionSchema,
    KhanhooAdviceRequestSchema,
    KhanhooAdviceSchema,
    KhanhooAnalysisSchema,
    KhanhooNotOutScoreSchema,
    KhanhooOutScoreSchema,
    KhanhooPositionSchema,
    KhanhooRecordSchema,
    KhanhooSettlementSchema,
    KhanhooSettleSchema,
)
from service.meta import register_rules
from service.openapi import document
from service.positions import evaluate

bp = Blueprint("khanhoo", __name__, url_prefix="/v1/khanhoo")
register_rules(bp, "khanhoo", lambda: [
    {"name": "2-set", "description": "2 sets + Jokers, the 2-set table (K1)",
     "options": {name: False for name in OPTION_HELP}},
    {"name": "3-set", "description": "3 sets + 2 Jokers, the variation table (K9)",
     "options": {name: False for name in OPTION_HELP}},
])

# Examples shown in the OpenAPI document (and tried by schemathesis): the rules page's
# best hand, a hand one card from going out, and the settlement of the article.
_BEST = {"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"}
_WAITING = {"hand": "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"}
_CLAIM: dict[str, Any] = {**_WAITING, "offer": "2c", "from": "left", "players": 3}
_SCORES = {"scores": [52, 49, 47, 47], "names": ["A", "B", "C", "D"]}

_position = KhanhooPositionSchema()
_advice_request = KhanhooAdviceRequestSchema()
_settle = KhanhooSettleSchema()


@bp.post("/score")
@document((KhanhooOutScoreSchema, KhanhooNotOutScoreSchema), body=KhanhooPositionSchema,
          batch="MAX_BATCH", example=_BEST)
def score_view() -> Response:
    """Score a complete hand (K6, K8).

    Hand + melds make 15 cards (all in combinations) or 16 (going out with the best card
    to throw away); 6 or 7 for the orphan (K7). A hand that cannot go out is a result,
    `{"out": false, "distance": …}`, not an error.
    """
    return evaluate(_position, Position.from_json, score)


@bp.post("/analyze")
@document(KhanhooAnalysisSchema, body=KhanhooPositionSchema, batch="MAX_BATCH",
          example=_WAITING)
def analyze_view() -> Response:
    """Analyse a hand: its declaration or distance, the useful cards or the discard table.

    15 cards (at rest) get the useful cards (`useful`); 16 (owing a card) the discard
    table (`discards`); 6 and 7 for the orphan.
    """
    return evaluate(_position, Position.from_json, analyze)


@bp.post("/advice")
@document(KhanhooAdviceSchema, body=(KhanhooAdvicePositionSchema, KhanhooRecordSchema),
          batch="MAX_ADVICE_BATCH", gated=True, example=_CLAIM)
def advice_view() -> Response:
    """Rank the legal actions of the seat to act: a position, or a record prefix.

    A position of 16 cards is a turn; of 15 with a discard on `offer`, a claim (K5). A
    record prefix (`"format": "khanhoo-record/1"`) is advised for the seat to act at its
    end. Each advice takes the server's time budget (`KHANHOO_ADVICE_MS`, 100 ms by
    default). Advice shares the worker's gate with the Chắn advisor: a saturated worker,
    or a request that would pass its deadline, is answered 503 with `Retry-After`.
    """
    cfg = current_app.config
    budget = Budget(ms=float(cfg["KHANHOO_ADVICE_MS"]))
    with ticket() as passage:  # a saturated worker refuses before reading anything

        def compute(obj: object) -> Advice:
            passage.check(budget.seconds)
            return advise_json(obj, budget)

        return evaluate(_advice_request, lambda obj: obj, compute, cfg["MAX_ADVICE_BATCH"])


@bp.post("/settle")
@document(KhanhooSettlementSchema, body=KhanhooSettleSchema, batch="MAX_BATCH",
          example=_SCORES)
def settle_view() -> Response:
    """Settle a match from the players' scores (as in Skat).

    Each player pays every player above him the difference of their scores: his balance
    is his score times the number of players less the sum of all scores.
    """
    return evaluate(_settle, Settlement.from_json, lambda s: s)


__all__ = ["bp"]
