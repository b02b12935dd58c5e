"""Qing Kanhu as numbers, for learning agents (:mod:`advisor.env`): a seat's VIEW as a
fixed row of whole numbers, and every action of the game numbered once, under either
option and at any table (2–6 players).

Cards are counted in the pack's order, ``1c … 9c 1s … 9s 1m … 9m RF WF OT`` (:data:`CARDS`,
index 0–29); seats from the observing seat, in the order of play ("+1" is its left, who
may take its discard), six places whatever the table (the seats a table lacks stay 0).
Only the VIEW is read: another seat's hand is never in it.

The actions (39,827):

=====  ==========================================================================
0      ``win`` (Q5, Q7)
1      ``draw`` (Q6)
2      ``pass`` — the stock empty, let the discard go: the deal is drawn (Q8)
3+k    ``discard`` card k (Q6)
33+w   ``take`` the discard showing the hand cards :data:`SHOWN`\\ [w] (Q7)
=====  ==========================================================================

:data:`SHOWN` lists every set of hand cards a take can show: an eye (either sixth eye,
Q2) or a boy (Q3) less the discard — the first 426, all a table without
``extras_replace`` can use — then the sets where flowers stand for cards of a boy
(``extras_replace``, Q4); each part shortest first, then in the pack's order.

>>> from advisor.qing.game import Game
>>> g = Game.from_deal(4, seed=3)
>>> row = ENCODING.observe(g.view(g.dealer))
>>> len(row) == LAYOUT.size, sum(row[:30])
(True, 15)
>>> NUMBERING.size, [NUMBERING.index(a) for a in g.legal_actions()][:3]
(39827, [6, 8, 10])
>>> len(SHOWN), str(NUMBERING.action(TAKE, g.view(g.dealer)))
(39794, 'take with 1c 1c')
"""

from __future__ import annotations

import itertools

from advisor.games import observation as ob
from advisor.games.observation import Encoding, Layout, Numbering, Part, Span
from advisor.qing.cards import CARDS, COPIES, FLOWERS, KINDS
from advisor.qing.game import Action, take_action
from advisor.qing.rules import EYE6, Rules
from advisor.qing.solver import HAND_SIZE
from advisor.qing.view import MAX_PLAYERS, MIN_PLAYERS, View

PHASES = ("turn", "offer")
SEATS = MAX_PLAYERS

LAYOUT = Layout((
    Part("hand", KINDS, COPIES, "copies of each kind in hand"),
    Part("unseen", KINDS, COPIES, "copies of each kind the seat has not seen"),
    *ob.turn_parts(PHASES, SEATS, Part("players", MAX_PLAYERS - MIN_PLAYERS + 1, 1,
                                       "players at the table, 2–6 (one-hot)")),
    Part("stock_left", 1, KINDS * COPIES, "cards left in the stock"),
    Part("eye6", len(EYE6), 1, f"the sixth eye: {', '.join(EYE6)} (one-hot, Q2)"),
    Part("extras_replace", 1, 1, "flowers stand for any card of a boy (Q4)"),
    Part("pile", KINDS, COPIES, "the discards nobody took: copies of each kind"),
    Part("offer", KINDS, 1, "the discard on offer (one-hot)"),
    Part("offer_by", SEATS, 1, "the seat that threw it, from this seat (one-hot)"),
    Part("melds", SEATS * KINDS, COPIES, "each seat's exposed groups: 30 kind counts per "
         "seat, this seat first"),
    Part("eyes", SEATS, HAND_SIZE // 3, "exposed eyes of each seat"),
    Part("hand_sizes", SEATS, HAND_SIZE, "concealed cards of each seat"),
    Part("thrown", SEATS * KINDS, COPIES, "the cards each seat has thrown this deal, by "
         "kind, this seat first"),
))



def observe(view: View) -> list[int]:
    """The VIEW as :data:`LAYOUT`'s row of numbers."""
    out, at = LAYOUT.zeros(), LAYOUT.starts
    me, n = view.seat, view.players
    rel = ob.put_turn(out, at, view, PHASES, n, MIN_PLAYERS)
    ob.put(out, at["hand"], view.hand)
    ob.put(out, at["unseen"], view.unseen)
    out[at["stock_left"]] = view.stock_left
    ob.one_hot(out, at["eye6"], EYE6.index(view.rules.eye6))
    out[at["extras_replace"]] = int(view.rules.extras_replace)
    ob.add_counts(out, at["pile"], view.pile)
    if view.offer is not None:
        ob.one_hot(out, at["offer"], view.offer.index)
        ob.one_hot(out, at["offer_by"], rel(view.offer_by))
    for seat in range(n):
        r = (seat - me) % n
        groups = view.melds[seat]
        ob.add_counts(out, at["melds"] + r * KINDS,
                      (c for g in groups for c in (*g.cards, *g.extras)))
        out[at["eyes"] + r] = sum(g.kind == "eye" for g in groups)
        out[at["hand_sizes"] + r] = view.hand_sizes[seat]
        ob.add_counts(out, at["thrown"] + r * KINDS, view.discards[seat])
    return out


def _shown() -> tuple[tuple[int, ...], ...]:
    """Every set of hand cards a take can show (see the module's docstring; the sets of
    ``take_options``, under either option): an eye or a boy less one card; then, with
    ``extras_replace``, a boy less at least one card, flowers (up to four of a kind)
    standing for all the missing cards but one."""
    eyes = {p for eye6 in EYE6 for p in Rules(eye6).eyes}
    boys = Rules().boys
    plain: set[tuple[int, ...]] = set()
    for p in (*eyes, *boys):
        for x, _ in p.need:
            plain.add(tuple(k for k, n in p.need for _ in range(n - (k == x))))
    replaced: set[tuple[int, ...]] = set()
    for p in boys:
        kinds = [k for k, _ in p.need]
        for used in itertools.product(*(range(n + 1) for _, n in p.need)):
            real = tuple(k for k, u in zip(kinds, used) for _ in range(u))
            if len(real) == p.size:
                continue
            for flowers in itertools.combinations_with_replacement(FLOWERS,
                                                                   p.size - 1 - len(real)):
                if all(flowers.count(f) <= COPIES for f in FLOWERS):
                    replaced.add(real + flowers)
    return (*sorted(plain, key=_shortest), *sorted(replaced - plain, key=_shortest))


def _shortest(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return len(cards), cards


SHOWN = _shown()
_SHOWN_AT = ob.table_index(SHOWN)

_BARE = ("win", "draw", "pass")
DISCARD = len(_BARE)
TAKE = DISCARD + KINDS

NUMBERING_SPANS = (
    Span("win", 0, 1, "win (Q5, Q7)"),
    Span("draw", 1, 1, "draw from the stock (Q6)"),
    Span("pass", 2, 1, "pass with the stock empty: the deal is drawn (Q8)"),
    Span("discard", DISCARD, KINDS, f"discard card k: index {DISCARD} + k"),
    Span("take", TAKE, len(SHOWN), f"take the discard showing SHOWN[w]: index {TAKE} + w (Q7)"),
)


def index(a: Action) -> int:
    """The action's number (the module's table)."""
    if a.do == "take":
        return TAKE + _SHOWN_AT[tuple(c.index for c in a.with_)]
    if a.do == "discard":
        assert a.card is not None
        return DISCARD + a.card.index
    return _BARE.index(a.do)


def action(i: int, view: View) -> Action:
    """The action number ``i`` names (in every position alike)."""
    if i >= TAKE:
        return take_action(CARDS[k] for k in SHOWN[i - TAKE])
    if i >= DISCARD:
        return Action("discard", CARDS[i - DISCARD])
    return Action(_BARE[i])


NUMBERING: Numbering[View, Action] = Numbering(NUMBERING_SPANS, index, action)
ENCODING: Encoding[View, Action] = Encoding(LAYOUT, observe, NUMBERING)

__all__ = ["ENCODING", "LAYOUT", "NUMBERING", "SHOWN", "action", "index", "observe"]
