"""Khanhoo (the English rules of 1891): cards, the table of combinations, the solver,
scoring and settlement (rules: docs/rules/khanhoo.md).

The names most callers need, in one place:

>>> from advisor.khanhoo import Position, analyze, score, settlement
>>> score(Position.build(hand="Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h")).points
34
>>> analyze(Position.build(hand="Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d")).distance
1
>>> settlement([52, 49, 47, 47])
(13, 1, -7, -7)
"""

from advisor.khanhoo.analysis import Analysis, analyze
from advisor.khanhoo.cards import CARDS, Card, Counts, Pack, counts_of, format_cards, parse_cards
from advisor.khanhoo.melds import (
    Combination,
    Declaration,
    best_declaration,
    discard_table,
    distance,
    useful_cards,
)
from advisor.khanhoo.position import Position
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.scoring import ScoreResult, score, settlement

__all__ = [
    "CARDS", "Analysis", "Card", "Combination", "Counts", "Declaration", "Pack", "Position",
    "Rules", "ScoreResult", "analyze", "best_declaration", "counts_of", "discard_table",
    "distance", "format_cards", "parse_cards", "score", "settlement", "useful_cards",
]
