"""Helpers for the Ming tests: deals from card text, played to the end by a policy."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from advisor.ming.bots import greedy_choice
from advisor.ming.cards import FULL, mask_of, parse_cards
from advisor.ming.game import Action, Game


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def deal(*hands: str, dealer: int = 0) -> Game:
    masks = [m(h) for h in hands]
    stock = FULL
    for h in masks:
        stock &= ~h
    return Game(masks, stock, dealer)


Policy = Callable[[Game, Sequence[Action]], Action]


def greedy(g: Game, legal: Sequence[Action]) -> Action:
    return greedy_choice(legal)


def randomly(seed: int) -> Policy:
    rng = random.Random(seed)
    return lambda g, legal: rng.choice(list(legal))


def play_out(g: Game, policy: Policy = greedy) -> Game:
    while (d := g.pending) is not None:
        g.act(d.seat, policy(g, g.legal_actions()))
    return g
