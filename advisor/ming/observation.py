"""Ming Kanhu as numbers, for learning agents (:mod:`advisor.env`): a seat's VIEW as a
fixed row of whole numbers, and every play numbered once, for 2 or 3 players.

Cards are in the pack's order from the lowest, ``9c … 1c HC ZC 1s … 9s 1m … 9m TM``
(index 0–29, M1); seats from the observing seat, in the order of play ("+1" plays after
it), three places whatever the table (a two-player table leaves the third at 0). Only
the VIEW is read: another seat's hand, and the cards of another seat's face-down plays,
are never in it (M5).

The actions (4,091) are the sets of cards a seat can play, each a lead or a follow as
the phase says (a position has only leads or only follows):

==========  ====================================================================
0–29        the single card k (lead it, or follow with it)
30–4089     the three cards of :data:`TRIPLES`\\ [t] at index 30 + t: every set of
            three of the 30 cards, in lexicographic order of their indices (a lead
            must be a combination, M4; a follow of a three-card lead may be any three)
4090        lead the Leopard 9 ``9c 9s 9m`` declared a Leopard (M5); its three cards'
            own index leads it as a Special, the default
==========  ====================================================================

>>> from advisor.ming.game import Game
>>> g = Game.from_deal(2, seed=3)
>>> row = ENCODING.observe(g.view(g.eldest))
>>> len(row) == LAYOUT.size, sum(row[:30])
(True, 13)
>>> first = g.legal_actions()[0]
>>> str(first), NUMBERING.index(first), TRIPLES[0], NUMBERING.size
('lead 4c', 5, (0, 1, 2), 4091)
>>> str(NUMBERING.action(LEOPARD, g.view(g.eldest)))
'lead Leopard 9 (9c 9s 9m)'
"""

from __future__ import annotations

import itertools

from advisor.games import observation as ob
from advisor.games.observation import Encoding, Layout, Numbering, Part, Span
from advisor.ming.cards import NCARDS, cards_of
from advisor.ming.game import MAX_PLAYERS, MIN_PLAYERS, Action
from advisor.ming.plays import DECLARATIONS, LEOPARD_9
from advisor.ming.view import HAND_SIZES, View

PHASES = ("lead", "follow")
SEATS = MAX_PLAYERS
HAND = max(HAND_SIZES.values())
STOCK = NCARDS - min(n * HAND_SIZES[n] for n in HAND_SIZES)
BONUSES = 127
"""The most bonus points one seat can show (13 tricks taken by the Hero, M4, stay below)."""

LAYOUT = Layout((
    Part("hand", NCARDS, 1, "the cards in hand"),
    Part("unseen", NCARDS, 1, "the cards the seat has not seen: other hands, other seats' "
         "face-down plays, the unused stock (M2)"),
    *ob.turn_parts(PHASES, SEATS, Part("players", MAX_PLAYERS - MIN_PLAYERS + 1, 1,
                                       "players, 2 or 3 (one-hot)"), act="play"),
    Part("eldest", SEATS, 1, "the eldest (M2), from this seat (one-hot)"),
    Part("stock", 1, STOCK, "cards in the unused stock"),
    Part("tricks_done", 1, HAND, "tricks completed"),
    Part("hand_sizes", SEATS, HAND, "cards in each seat's hand, this seat first"),
    Part("captured", SEATS, NCARDS, "cards each seat has captured (M6)"),
    Part("bonuses", SEATS, BONUSES, "bonus points each seat has scored (M3, M4)"),
    Part("tricks_won", SEATS, HAND, "tricks each seat has won"),
    Part("shown", SEATS * NCARDS, 1, "the cards each seat has played face up this deal, 30 "
         "per seat, this seat first"),
    Part("face_down", SEATS, HAND, "cards each seat has played face down this deal"),
    Part("mine_down", NCARDS, 1, "the cards this seat has played face down (it alone "
         "knows them)"),
    Part("lead_size", 2, 1, "the trick in progress: a lead of 1 or of 3 cards (one-hot)"),
    Part("declare", len(DECLARATIONS), 1, "a Leopard 9 led declared: leopard, special"),
    Part("leader", SEATS, 1, "the trick's leader, from this seat (one-hot)"),
    Part("best", SEATS, 1, "the seat whose play is the best so far, from this seat"),
    Part("played", SEATS, 1, "each seat has played to the trick"),
    Part("trick_shown", SEATS, 1, "each seat's play to the trick is face up"),
    Part("trick_cards", SEATS * NCARDS, 1, "the cards of each seat's play to the trick, "
         "when this seat may see them"),
))



def _bits(out: list[int], at: int, mask: int) -> None:
    for c in cards_of(mask):
        out[at + c.index] = 1


def observe(view: View) -> list[int]:
    """The VIEW as :data:`LAYOUT`'s row of numbers."""
    out, at = LAYOUT.zeros(), LAYOUT.starts
    me, n = view.seat, view.players
    rel = ob.put_turn(out, at, view, PHASES, n, MIN_PLAYERS)
    _bits(out, at["hand"], view.hand)
    _bits(out, at["unseen"], ((1 << NCARDS) - 1) & ~view.known)
    ob.one_hot(out, at["eldest"], rel(view.eldest))
    out[at["stock"]] = view.stock
    out[at["tricks_done"]] = len(view.tricks)
    for seat in range(n):
        r = (seat - me) % n
        out[at["hand_sizes"] + r] = view.hand_sizes[seat]
        out[at["captured"] + r] = view.captured[seat]
        out[at["bonuses"] + r] = min(view.bonuses[seat], BONUSES)
    for t in view.tricks:
        if t.winner is not None:
            out[at["tricks_won"] + (t.winner - me) % n] += 1
    for t in (*view.tricks, *((view.trick,) if view.trick else ())):
        for p in t.plays:
            r = (p.seat - me) % n
            if p.shown:
                _bits(out, at["shown"] + r * NCARDS, p.cards)
            else:
                out[at["face_down"] + r] += p.count
                if p.seat == me:
                    _bits(out, at["mine_down"], p.cards)
    now = view.trick
    if now is not None and now.plays:
        ob.one_hot(out, at["lead_size"], 0 if now.plays[0].count == 1 else 1)
        ob.one_hot(out, at["declare"], DECLARATIONS.index(now.declare) if now.declare else None)
        ob.one_hot(out, at["leader"], rel(now.leader))
        ob.one_hot(out, at["best"], rel(next(p.seat for p in reversed(now.plays) if p.shown)))
        for p in now.plays:
            r = (p.seat - me) % n
            out[at["played"] + r] = 1
            out[at["trick_shown"] + r] = int(p.shown)
            _bits(out, at["trick_cards"] + r * NCARDS, p.cards)
    return out


TRIPLES: tuple[tuple[int, ...], ...] = tuple(itertools.combinations(range(NCARDS), 3))
_TRIPLE_AT = ob.table_index(TRIPLES)
THREE = NCARDS
LEOPARD = THREE + len(TRIPLES)

NUMBERING_SPANS = (
    Span("one card", 0, NCARDS, "lead or follow with card k: index k"),
    Span("three cards", THREE, len(TRIPLES),
         f"lead or follow with the three cards TRIPLES[t]: index {THREE} + t"),
    Span("leopard 9 as a leopard", LEOPARD, 1,
         "lead 9c 9s 9m declared a Leopard (M5)"),
)


def index(a: Action) -> int:
    """The action's number (the module's table)."""
    if a.do == "lead" and a.cards == LEOPARD_9 and a.declare == "leopard":
        return LEOPARD
    ks = tuple(c.index for c in cards_of(a.cards))
    return ks[0] if len(ks) == 1 else THREE + _TRIPLE_AT[ks]


def action(i: int, view: View) -> Action:
    """The action number ``i`` names in the VIEW's phase (a lead, or a follow)."""
    do = "follow" if view.phase == "follow" else "lead"
    if i == LEOPARD:
        return Action(do, LEOPARD_9, "leopard")
    cards = (i,) if i < THREE else TRIPLES[i - THREE]
    return Action(do, sum(1 << k for k in cards))


NUMBERING: Numbering[View, Action] = Numbering(NUMBERING_SPANS, index, action)
ENCODING: Encoding[View, Action] = Encoding(LAYOUT, observe, NUMBERING)

__all__ = ["ENCODING", "LAYOUT", "NUMBERING", "TRIPLES", "action", "index", "observe"]
