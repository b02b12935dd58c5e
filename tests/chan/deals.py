"""Deals in play for the Chắn tests: positions reached by greedy bots."""

from __future__ import annotations

from advisor.chan.bots import GreedyBot
from advisor.chan.game import Game


def position_after(seed: int, moves: int) -> Game:
    """A deal played by greedy bots for a number of moves (fewer if it ends first)."""
    g = Game.from_deal(seed=seed)
    bot = GreedyBot()
    for _ in range(moves):
        d = g.pending
        if d is None:
            break
        legal = g.legal_actions()
        g.act(d.seat, legal[0] if len(legal) == 1 else bot.decide(g.view(d.seat), legal))
    return g
