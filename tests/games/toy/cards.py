"""Pairs' 16 cards: ranks 1 to 8 in red and black (``3r``, ``8b``)."""

from __future__ import annotations

from advisor.errors import CardError

CARDS = tuple(f"{rank}{suit}" for rank in range(1, 9) for suit in "rb")


def rank(card: str) -> int:
    return int(card[0])


def parse_cards(value: object, name: str = "hand") -> tuple[str, ...]:
    """Cards from ``"3r 3b"`` or ``["3r", "3b"]``, in pack order; errors name ``name``."""
    codes = value.split() if isinstance(value, str) else value
    if not isinstance(codes, list | tuple) or not all(isinstance(c, str) for c in codes):
        raise CardError(f"{name}: expected cards", field=name)
    for c in codes:
        if c not in CARDS:
            raise CardError(f"{name}: '{c}' is not a card", field=name, token=c)
    if len(set(codes)) != len(codes):
        raise CardError(f"{name}: a card twice", field=name)
    return tuple(sorted(codes, key=CARDS.index))


def score(hand: tuple[str, ...]) -> int:
    """Twice the rank of each pair held (X4).

    >>> score(("3r", "3b", "5r")), score(("1r", "2b"))
    (6, 0)
    """
    ranks = [rank(c) for c in hand]
    return sum(r for r in ranks if ranks.count(r) == 2)
