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
from functools import lru_cache

from advisor.games.bots import BaseBot
from advisor.ming.cards import FULL
from advisor.ming.game import Action
from advisor.ming.plays import (
    COMBINATIONS,
    HERO,
    SINGLES,
    Kind,
    Play,
    beats,
    combinations_in,
    read_lead,
    reading,
)
from advisor.ming.view import View


@lru_cache(maxsize=1 << 16)
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
        if not winning:
            # the cheapest of every set of as many cards is that of the lowest cards,
            # listed first (Game.legal_actions)
            n = legal[0].cards.bit_count()
            low, hand = 0, 0
            for a in legal:
                hand |= a.cards
            for _ in range(n):
                low |= hand & -hand
                hand &= hand - 1
            if legal[0].cards == low:
                return legal[0]
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


def _bits(mask: int) -> list[int]:
    return [i for i in range(30) if mask >> i & 1]


_THREES = (*COMBINATIONS, HERO)


def threatened(play: Play, unseen: int) -> bool:
    """Whether cards the seat has not seen could beat ``play`` (M3–M5): it is not yet the
    master of its kind.

    >>> from advisor.ming.cards import FULL, TM
    >>> threatened(SINGLES[TM], FULL & ~(1 << TM)), threatened(SINGLES[28], 1 << TM)
    (False, True)
    """
    if play.kind == "single":
        return any(beats(SINGLES[i], play) for i in _bits(unseen))
    return any(not m & ~unseen and beats(reading(m, play.kind), play) for m in _THREES)


def threatened_follow(cards: int, kind: Kind, unseen: int) -> bool:
    r = reading(cards, kind)
    return r is None or threatened(r, unseen)


def strong_choice(view: View, legal: Sequence[Action]) -> Action:
    """The ``greedy+`` policy: what a good casual player does, counting the cards he has
    not seen (``unseen``: the others' hands, the stock, the face-down plays).

    Leading: a combination nobody can beat, the biggest bonus first; else a single
    nobody can beat (its bonus first, then the lowest); else a combination however it
    may fare (as ``greedy`` picks it); else its lowest card outside its combinations —
    losing a trick cheaply and keeping its high cards to beat with. Following: beat as
    cheaply as it can, sparing the cards of its combinations — when others play after
    it, only with a play none of the cards it has not seen can beat; otherwise throw
    face down the lowest cards outside its combinations."""
    unseen = FULL & ~view.known
    kept = 0  # the cards of the combinations in hand
    for p in combinations_in(view.hand):
        kept |= p.cards

    def cost(cards: int) -> tuple[int, int, int]:
        idx = _bits(cards)
        return ((cards & kept).bit_count(), max(idx), sum(idx))

    if legal[0].do == "lead":
        sure: list[tuple[Action, Play]] = []
        sure_singles: list[tuple[Action, Play]] = []
        for a in legal:
            p = read_lead(a.cards, a.declare)
            if not threatened(p, unseen):
                (sure if p.size == 3 else sure_singles).append((a, p))
        if sure:
            return max(sure, key=lambda ap: (ap[1].bonus, ap[0].declare == "special",
                                             -cost(ap[0].cards)[2]))[0]
        if sure_singles:
            return max(sure_singles, key=lambda ap: (ap[1].bonus, -ap[0].cards))[0]
        combos = [a for a in legal if a.cards.bit_count() == 3]
        if combos:
            return greedy_choice(combos)
        return min((a for a in legal if a.cards.bit_count() == 1), key=lambda a: cost(a.cards))
    trick = view.trick
    assert trick is not None
    last = len(trick.plays) == view.players - 1
    winning = [a for a in legal if a.beats]
    if winning:
        kind = read_lead(trick.plays[0].cards, trick.declare).kind
        if not last:  # a beat somebody after it may beat only feeds him the trick
            winning = [a for a in winning if not threatened_follow(a.cards, kind, unseen)]
        if winning:
            return min(winning, key=lambda a: cost(a.cards))
    return min(legal, key=lambda a: cost(a.cards))


class StrongBot(BaseBot):
    """The stronger rule-based player (seat spec ``greedy+``, :func:`strong_choice`)."""

    name = "greedy+"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return strong_choice(view, legal)


__all__ = ["GreedyBot", "StrongBot", "greedy_choice", "strong_choice", "threatened",
           "threatened_follow"]
