"""Qing Kanhu (the late-Qing draw-and-discard game): cards, the win check and its
decomposition, distance and waits, positions, the engine, records, bots, the advisor
(rules: docs/rules/qing.md, Q1–Q8; docs/qing.md).

The names most callers need, in one place:

>>> from advisor.qing import Position, analyze, score
>>> score(Position.build(hand="9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c")).win
True
>>> analyze(Position.build(hand="9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF")).distance
1
"""

from advisor.qing.analysis import Analysis, DiscardRow, Useful, analyze
from advisor.qing.cards import CARDS, Card, Counts, counts_of, format_cards, parse_cards
from advisor.qing.position import Position
from advisor.qing.rules import Rules
from advisor.qing.scoring import ScoreResult, score, settlement
from advisor.qing.solver import Decomposition, Group, solver

__all__ = [
    "CARDS", "Analysis", "Card", "Counts", "Decomposition", "DiscardRow", "Group", "Position",
    "Rules", "ScoreResult", "Useful", "analyze", "counts_of", "format_cards", "parse_cards",
    "score", "settlement", "solver",
]
