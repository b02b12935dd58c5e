"""The schemas Khanhoo has written for its endpoints (``/score``, ``/analyze``,
``/advice``, ``/settle``), which are made from the game's declarations
(:mod:`advisor.khanhoo.faces`, :mod:`service.generated`), and its rules profiles.

Each endpoint takes one request object or a list of them and returns exactly the
library's JSON. The schemas (:mod:`service.khanhoo_schemas`) check the shape and the JSON
types; the cards, rules and sizes are the library's to check. Advice goes through the
worker's gate (:mod:`service.gate`), at most ``MAX_ADVICE_BATCH`` requests a batch, each
with the server's budget ``KHANHOO_ADVICE_MS`` unless the query asks for less or more
(``?budget_ms=``, capped at ``MAX_ADVICE_BUDGET_MS``).

>>> from service import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> client.post("/v1/khanhoo/settle", json={"scores": [52, 49, 47, 47]}).get_json()["balances"]
[13, 1, -7, -7]
"""

from __future__ import annotations

from flask import Blueprint

from advisor.khanhoo.rules import OPTION_HELP
from service.generated import VerbSchemas
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

SCHEMAS = {
    "score": VerbSchemas((KhanhooPositionSchema,),
                         (KhanhooOutScoreSchema, KhanhooNotOutScoreSchema)),
    "analyze": VerbSchemas((KhanhooPositionSchema,), (KhanhooAnalysisSchema,)),
    "advice": VerbSchemas((KhanhooAdvicePositionSchema, KhanhooRecordSchema),
                          (KhanhooAdviceSchema,), check=KhanhooAdviceRequestSchema),
    "settle": VerbSchemas((KhanhooSettleSchema,), (KhanhooSettlementSchema,)),
}

def extend(bp: Blueprint) -> None:
    """Add Khanhoo's rules profiles to its made blueprint."""
    register_rules(bp, "khanhoo", lambda: [
        {"name": "2-set", "description": "2 sets + Jokers, the 2-set table (K1)",
         "options": {name: False for name in OPTION_HELP}},
        {"name": "3-set", "description": "3 sets + 2 Jokers, the variation table (K9)",
         "options": {name: False for name in OPTION_HELP}},
    ])


__all__ = ["SCHEMAS", "extend"]
