"""Deals built by hand for the engine tests: chosen hands, the rest of the pack as the
stock."""

from __future__ import annotations

from advisor.qing.cards import PACK, Card, cards_of, counts_of, parse_cards
from advisor.qing.game import Game
from advisor.qing.rules import Rules


def deal(hands: list[str], stock_top: str = "", *, dealer: int = 0,
         rules: Rules | None = None) -> Game:
    """A deal with these hands (15 cards for the dealer, 14 for the others) and a stock
    starting with ``stock_top``, the rest of the pack following in pack order."""
    held = [counts_of(parse_cards(h)) for h in hands]
    top = parse_cards(stock_top)
    left = list(PACK)
    for h in held:
        for i, n in enumerate(h):
            left[i] -= n
    for c in top:
        left[c.index] -= 1
    rest: list[Card] = cards_of(tuple(left))
    return Game(held, [*top, *rest], dealer, rules=rules)
