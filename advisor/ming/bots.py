"""Ming Kanhu's own bot, ``greedy`` (``random`` and ``exec:COMMAND`` are every game's,
:mod:`advisor.games.bots`; the seat specs: :mod:`advisor.ming.seats`).

>>> from advisor.ming.game import Game
>>> g = Game.from_deal(2, seed=5)
>>> bots = [GreedyBot(), GreedyBot()]
>>> while not g.over:
...     d = g.pending
...     g.act(d.seat, bots[d.seat].decide(g.view(d.seat), g.legal_actions()))
>>> sum(g.result.captured)
26
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.games.bots import BaseBot
from advisor.ming.game import Action
from advisor.ming.plays import read_lead
from advisor.ming.view import View


def _cost(cards: int) -> tuple[int, int]:
    """How dear cards are to give up: the highest first, then the sum of places."""
    idx = [i for i in range(30) if cards >> i & 1]
    return (max(idx), sum(idx))


def greedy_choice(legal: Sequence[Action]) -> Action:
    """The greedy policy on a list of legal actions.

    Following: take the trick when it can, as cheaply as it can (the beating play of the
    lowest cards); otherwise throw its lowest cards face down. Leading: the combination
    with the biggest bonus if it has one (a Leopard 9 declared a Special), else its
    highest single (it wins the trick if nobody can beat it)."""
    if legal[0].do == "follow":
        winning = [a for a in legal if a.beats]
        pool = winning or list(legal)
        return min(pool, key=lambda a: _cost(a.cards))
    combos = [a for a in legal if a.cards.bit_count() == 3]
    if combos:
        return max(combos, key=lambda a: (read_lead(a.cards, a.declare).bonus,
                                          a.declare == "special", _cost(a.cards)))
    return max(legal, key=lambda a: a.cards)


class GreedyBot(BaseBot):
    """Takes a trick when it can, as cheaply as it can; throws its lowest cards
    otherwise; leads its best combination, else its highest card (:func:`greedy_choice`)."""

    name = "greedy"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return greedy_choice(legal)


__all__ = ["GreedyBot", "greedy_choice"]
