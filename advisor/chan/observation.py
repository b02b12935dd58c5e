"""Chắn as numbers, for learning agents (:mod:`advisor.env`): a seat's VIEW (§8.3) as a
fixed row of whole numbers, and every action of the game numbered once.

Faces are counted in the deck's order, ``2v 2s 2m 3v … 9m cc`` (:data:`FACES`, index
0–24); seats from the observing seat, in the order of play ("+1" is the next seat).
Nothing the seat may not see is in it: only its VIEW is read.

The actions (54):

====  ===============================================
0     ``heaven`` — declare Thiên ù (T1, W3)
1     ``pass`` — pass the offer, decline a claim, or the dealer's pass (T7)
2     ``chiu`` (C2)
3     ``win`` (C1, C2)
4+k   ``discard`` face k
29+k  ``eat`` the card on offer with the hand's face k
====  ===============================================

>>> from advisor.chan.game import Game
>>> g = Game.from_deal(seed=7)
>>> row = ENCODING.observe(g.view(g.dealer))
>>> len(row) == LAYOUT.size, sum(row[:25])
(True, 20)
>>> [(str(a), NUMBERING.index(a)) for a in g.legal_actions()][:2]
[('discard 4v', 10), ('discard 4m', 12)]
"""

from __future__ import annotations

from typing import cast

from advisor.chan.cards import FACES, NFACES
from advisor.chan.game import SOURCES, Action, Do
from advisor.chan.profiles import PROFILES
from advisor.chan.view import SEATS, View
from advisor.games import observation as ob
from advisor.games.observation import Encoding, Layout, Numbering, Part, Span

PHASES = ("start", "offer", "discard", "claim")

LAYOUT = Layout((
    Part("hand", NFACES, 4, "copies of each face in hand"),
    Part("unseen", NFACES, 4, "copies of each face the seat has not seen (§8.3)"),
    *ob.turn_parts(PHASES, SEATS),
    Part("stock_left", 1, 23, "cards left in the stock (S3)"),
    Part("rules", len(PROFILES), 1, f"the rules profile: {', '.join(PROFILES)} (one-hot)"),
    Part("offer", NFACES, 1, "the card on offer (one-hot)"),
    Part("offer_source", len(SOURCES), 1, f"where it comes from: {', '.join(SOURCES)}"),
    Part("offer_door", SEATS, 1, "the seat that discarded it or at whose door it was "
         "revealed, from this seat"),
    Part("offer_to", SEATS, 1, "the seat it is offered to, from this seat"),
    Part("claims_open", 1, 1, "claims on it are open (C5)"),
    Part("chiu", NFACES, 1, "after a Chíu: the card claimed (one-hot)"),
    Part("chiu_return", SEATS, 1, "after an out-of-turn Chíu: the seat its discard goes "
         "back to, from this seat (C4)"),
    Part("melds", SEATS * NFACES, 4, "each seat's exposed melds, 25 face counts per seat, "
         "this seat first"),
    Part("discards", SEATS * NFACES, 4, "the discards in front of each seat (T5), likewise"),
    Part("passed", SEATS * NFACES, 4, "the stock cards passed at each seat's door (T4), "
         "likewise"),
    Part("dead", SEATS, 1, "each seat is a dead dealer (T7)"),
    Part("discarded", NFACES, 4, "memory: faces this seat discarded (R4, R7)"),
    Part("refused", NFACES, 4, "memory: faces this seat refused (R3)"),
    Part("laid_in_ca", NFACES, 4, "memory: faces this seat laid in an eaten Cạ"),
    Part("ate_ca", 1, 1, "memory: this seat has eaten a Cạ (R7)"),
))

_PROFILE = {name: k for k, name in enumerate(PROFILES)}


def observe(view: View) -> list[int]:
    """The VIEW as :data:`LAYOUT`'s row of numbers."""
    out, at = LAYOUT.zeros(), LAYOUT.starts
    me = view.seat
    rel = ob.put_turn(out, at, view, PHASES, SEATS)
    ob.put(out, at["hand"], view.hand_counts)
    ob.put(out, at["unseen"], view.unseen)
    out[at["stock_left"]] = view.stock_left
    ob.one_hot(out, at["rules"], _PROFILE[view.rules])
    if view.offer is not None:
        o = view.offer
        ob.one_hot(out, at["offer"], o.card.index)
        ob.one_hot(out, at["offer_source"], SOURCES.index(o.source))
        ob.one_hot(out, at["offer_door"], rel(o.door))
        ob.one_hot(out, at["offer_to"], rel(o.to))
        out[at["claims_open"]] = int(o.claims_open)
    if view.chiu is not None:
        ob.one_hot(out, at["chiu"], view.chiu.card.index)
        ob.one_hot(out, at["chiu_return"], rel(view.chiu.return_to))
    for seat, t in enumerate(view.table):
        r = (seat - me) % SEATS
        ob.add_counts(out, at["melds"] + r * NFACES, (f for m in t.melds for f in m.faces))
        ob.add_counts(out, at["discards"] + r * NFACES, t.discards)
        ob.add_counts(out, at["passed"] + r * NFACES, t.passed)
        out[at["dead"] + r] = int(t.dead)
    mem = view.memory
    ob.add_counts(out, at["discarded"], mem.discarded)
    ob.add_counts(out, at["refused"], mem.refused)
    ob.add_counts(out, at["laid_in_ca"], mem.laid_in_ca)
    out[at["ate_ca"]] = int(mem.ate_ca)
    return out


_BARE: tuple[Do, ...] = ("heaven", "pass", "chiu", "win")
DISCARD, EAT = len(_BARE), len(_BARE) + NFACES

NUMBERING_SPANS = (
    Span("heaven", 0, 1, "heaven: declare Thiên ù (T1, W3)"),
    Span("pass", 1, 1, "pass: let the offer go (T2–T4), decline a claim (C5), or the "
         "dealer's pass with no legal discard (T7)"),
    Span("chiu", 2, 1, "chiu: claim the public card with three in hand (C2)"),
    Span("win", 3, 1, "win: on the revealed stock card (C1), or Chíu ù (C2)"),
    Span("discard", DISCARD, NFACES, "discard face k: index 4 + k"),
    Span("eat", EAT, NFACES, "eat the card on offer with the hand's face k: index 29 + k"),
)


def index(a: Action) -> int:
    """The action's number (the module's table)."""
    if a.do == "discard":
        assert a.card is not None
        return DISCARD + a.card.index
    if a.do == "eat":
        assert a.card is not None
        return EAT + a.card.index
    return _BARE.index(cast(Do, a.do))


def action(i: int, view: View) -> Action:
    """The action number ``i`` names (in every position alike)."""
    if i >= EAT:
        return Action("eat", FACES[i - EAT])
    if i >= DISCARD:
        return Action("discard", FACES[i - DISCARD])
    return Action(_BARE[i])


NUMBERING: Numbering[View, Action] = Numbering(NUMBERING_SPANS, index, action)
ENCODING: Encoding[View, Action] = Encoding(LAYOUT, observe, NUMBERING)

__all__ = ["ENCODING", "LAYOUT", "NUMBERING", "action", "index", "observe"]
