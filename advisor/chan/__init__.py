"""Chắn: cards, pairing, waits, scoring (rules: docs/rules/chan.md).

The names most callers need, in one place:

>>> from advisor.chan import Position, analyze, score
>>> hand = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"
>>> score(Position.build(hand=hand, winning_card="8m", win_by="own_door")).points
5
>>> analyze(Position.build(hand=hand)).waits[0].face.code
'8v'
"""

from advisor.chan.analysis import Analysis, analyze, discard_table
from advisor.chan.cards import FACES, Counts, Face, counts_of, format_cards, parse_cards, parse_face
from advisor.chan.pairing import (
    Exposed,
    Meld,
    distance,
    is_win,
    pairing,
    useful_faces,
    wait_faces,
    waits,
)
from advisor.chan.position import Position
from advisor.chan.scoring import ScoreResult, score, settlement

__all__ = [
    "FACES", "Analysis", "Counts", "Exposed", "Face", "Meld", "Position", "ScoreResult",
    "analyze", "counts_of", "discard_table", "distance", "format_cards", "is_win", "pairing",
    "parse_cards", "parse_face", "score", "settlement", "useful_faces", "wait_faces", "waits",
]
