"""Chắn's stronger rule-based player, the seat spec ``greedy+``: the look-ahead a good
casual player does, deterministic and fast (the look-ahead of each legal action, no
model, no search).

- Always win, declare Thiên ù, and Chíu when the Chíu completes the hand (Chíu ù); a
  Chíu that does not is judged like any other action.
- Otherwise choose the action whose hand, once it has made the discard it owes, is
  nearest a win (:func:`advisor.chan.lookahead.leaves`: the engine's own look-ahead,
  which keeps the discard legal, R2/R3/R7b) — the smallest distance, then the most
  **unseen** useful cards (the waits or the cards that bring the hand a card closer,
  counted from what the seat has seen: its VIEW's ``unseen``), so it does not wait on
  cards that are gone;
- then **don't feed the table**: between discards that leave the same, throw the face
  of which the fewest copies are unseen (the others can least pair or wait on it);
- then the fewest unpaired cards; the legal order breaks the last ties.

The greedy bot, by contrast, judges a discard by the distance and the unpaired cards
alone and never counts what is gone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from advisor.chan.bots import greedy_choice
from advisor.chan.cards import Counts, Face
from advisor.chan.game import Action, Game, Prospect, SeatState, prospect
from advisor.chan.lookahead import Leaves, leaves, unseen_in_game
from advisor.chan.pairing import discard_distances, distance
from advisor.chan.view import View
from advisor.games.bots import BaseBot


def strong_key(action: Action, lv: Leaves, unseen: Counts) -> tuple[int, ...]:
    """Smaller is better: a win, then the distance, the unseen useful cards, the unseen
    copies of the card thrown (feeding), the unpaired cards."""
    thrown = action.card if action.do == "discard" else lv.then
    feed = unseen[thrown.index] if thrown is not None else 0
    distance = 99 if lv.distance is None else lv.distance
    return (0 if lv.wins else 1, distance, -lv.useful_unseen, feed, lv.unpaired)


def strong_choice(s: SeatState, legal: Sequence[Action], offered: Face | None,
                  unseen: Counts) -> Action:
    """The action :class:`StrongBot` plays (see the module's docstring)."""
    for do in ("win", "heaven"):
        for a in legal:
            if a.do == do:
                return a
    # The key's first terms are a win, then the distance: only the actions that leave the
    # least distance are measured in full (their useful cards are the costly part).
    close: list[tuple[int, Action]] = []
    low = 100
    for n, a in enumerate(legal):
        p = prospect(s, a, offered)
        if p.wins:  # a Chíu ù: the first is as good as any
            return a
        d = _distance_left(p)
        if d < low:
            low, close = d, [(n, a)]
        elif d == low:
            close.append((n, a))
    if len(close) == 1:
        return close[0][1]
    return min(close,
               key=lambda na: (strong_key(na[1], leaves(na[1], s, offered, unseen),
                                          unseen), na[0]))[1]


def _distance_left(p: Prospect) -> int:
    """The distance an action's prospect leaves once it has made the discard it owes (the
    least of its legal discards'), as :func:`strong_key` counts it (no win: 99)."""
    if not p.owes:
        d = distance(p.hand, p.exposed)
        return 99 if d is None else d
    dd = discard_distances(p.hand, p.exposed)
    return min(99 if (x := dd[f.index]) is None else x for f in p.discards)


class StrongBot(BaseBot):
    """:func:`strong_choice` on the seat's VIEW."""

    name = "greedy+"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return strong_choice(SeatState.of_view(view), legal,
                             view.offer.card if view.offer is not None else None,
                             view.unseen)


def look_rollout(g: Game, me: int, opponents: str = "greedy",
                 rng: random.Random | None = None) -> int:
    """Play the deal out for the advisor's look at close calls and its search: the
    advised seat as the ``greedy+`` player does (:func:`advisor.chan.strong.strong_choice`),
    the others as the ``opponents`` play — ``greedy``, ``advisor`` (the ``greedy+`` player
    stands for it: as strong, and a thousand times cheaper; so every seat plays as
    ``greedy+``) or ``random`` (drawn from ``rng``). Returns the moves played."""
    pick = rng or random.Random(0)
    moves = 0
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        moves += 1
        if len(legal) == 1:
            g.act(d.seat, legal[0])
            continue
        s = g.seats[d.seat]
        offered = g.offer.card if g.offer is not None else None
        if d.seat == me or opponents == "advisor":
            choice = strong_choice(s, legal, offered, unseen_in_game(g, d.seat))
        elif opponents == "random":
            choice = pick.choice(legal)
        else:
            choice = greedy_choice(s, legal, offered)
        g.act(d.seat, choice)
    return moves


__all__ = ["StrongBot", "look_rollout", "strong_choice", "strong_key"]
