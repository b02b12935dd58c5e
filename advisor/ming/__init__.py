"""Ming Kanhu, the trick-taking game of 1613 (rules: docs/rules/ming.md):
cards, plays and tricks, the engine, records, bots, the exact solver and the advisor.

>>> from advisor.ming import trick
>>> trick(["7c 3s 3m", "9c 1s 1m"]).to_json()
{'winner': 1, 'cards': 6, 'bonus': 5}
"""

from advisor.ming.cards import CARDS, Card, format_cards, mask_of, parse_cards
from advisor.ming.plays import Play, TrickResult, beats, read_lead, reading, trick

__all__ = ["CARDS", "Card", "Play", "TrickResult", "beats", "format_cards", "mask_of",
           "parse_cards", "read_lead", "reading", "trick"]
