"""Khanhoo as numbers, for learning agents (:mod:`advisor.env`): a seat's VIEW as a fixed
row of whole numbers, and every action of the game numbered once, whatever the pack,
the options or the number of players (2–5).

Cards are counted in the pack's order, ``Ah … 9h Ac … 9c Ad … 9d Js Qs Ks Jk``
(:data:`CARDS`, index 0–30); seats from the observing seat, in the order of play ("+1"
is its left), five places whatever the table (the seats a table lacks stay 0). Only the
VIEW is read: another seat's hand and cache are never in it.

The actions (6,219):

=======  =====================================================================
0        ``pass`` — make no claim on the discard (K5)
1        ``draw`` (K4)
2        ``quartette`` by cache, on the discard (K10)
3+k      ``discard`` card k (K4)
34+k     ``out``, throwing card k (K6)
65+k     ``cache`` the natural Trio of card k (K10)
95+k     ``quartette`` of card k, natural, in the turn (K10)
125+w    ``take`` (the next seat) or ``bump`` (another) showing the hand cards
         :data:`SHOWN`\\ [w] with the discard (K5)
=======  =====================================================================

:data:`SHOWN` lists every set of hand cards a take or a bump can show, in any pack and
under any options: each a combination (K2, K9, K10) less one card, Jokers (up to five)
standing for any of the rest — shortest first, then in the pack's order.

>>> from advisor.khanhoo.game import Game
>>> g = Game.from_deal(3, seed=4)
>>> row = ENCODING.observe(g.view(g.leader))
>>> len(row) == LAYOUT.size, sum(row[:31])
(True, 16)
>>> [(str(a), NUMBERING.index(a)) for a in g.legal_actions()[:2]], NUMBERING.size
([('discard 2h', 4), ('discard 4h', 6)], 6219)
>>> SHOWN[0], str(NUMBERING.action(CLAIM, g.view(g.leader)))
((0, 0), 'take with Ah Ah')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from advisor.games import observation as ob
from advisor.games.observation import Encoding, Layout, Numbering, Part, Span
from advisor.khanhoo.cards import CARDS, JOKER, KINDS, SET_KINDS, Card
from advisor.khanhoo.game import Action, claim_action
from advisor.khanhoo.rules import MAX_JOKERS, MAX_SETS, OPTION_HELP, Rules
from advisor.khanhoo.view import MAX_PLAYERS, MIN_PLAYERS, View

PHASES = ("turn", "claim", "draw")
MOST = max(MAX_SETS, MAX_JOKERS)
"""The most copies of one kind a pack holds."""
CAP = 999
"""Counts that grow with a long deal (discards, turnovers) are shown up to this."""
SEATS = MAX_PLAYERS
SETS = tuple(range(2, MAX_SETS + 1))

LAYOUT = Layout((
    Part("hand", KINDS, MOST, "copies of each kind in hand"),
    Part("unseen", KINDS, MOST, "copies of each kind the seat has not seen: the pack less "
         "its hand and cache, every laid meld and the pile"),
    Part("cache", KINDS, 1, "the kind of this seat's own cache (K10; one-hot)"),
    *ob.turn_parts(PHASES, SEATS, Part("players", MAX_PLAYERS - MIN_PLAYERS + 1, 1,
                                       "players at the table, 2–5 (one-hot)")),
    Part("leader", SEATS, 1, "the leader (K3), from this seat (one-hot)"),
    Part("orphan", SEATS, 1, "the orphan (K7), from this seat (one-hot; none without one)"),
    Part("stock_left", 1, MAX_SETS * SET_KINDS + MAX_JOKERS, "cards left in the stock"),
    Part("no_stock", 1, 1, "the table has no stock (K1, four players)"),
    Part("turnovers", 1, CAP, "times the pile was turned over as the stock (K4)"),
    Part("discards_made", 1, CAP, "discards so far this deal"),
    Part("turns_left", 1, CAP, "discards left before the deal is drawn (the turn limit)"),
    Part("pile", KINDS, MOST, "the discard pile: copies of each kind"),
    Part("offer", KINDS, 1, "the discard on offer (one-hot)"),
    Part("offer_by", SEATS, 1, "the seat that threw it, from this seat (one-hot)"),
    Part("sets", len(SETS), 1, "sets in the pack, 2–4 (one-hot)"),
    Part("jokers", 1, MAX_JOKERS, "Jokers in the pack"),
    Part("options", len(OPTION_HELP), 1, f"the options on: {', '.join(OPTION_HELP)}"),
    Part("melds", SEATS * KINDS, MOST, "each seat's laid combinations: 31 kind counts per "
         "seat, this seat first"),
    Part("caches", SEATS, 1, "each seat holds a cache (K10)"),
    Part("cards", SEATS, 16, "cards in each seat's hand"),
    Part("target", SEATS, 15, "cards each seat goes out with (15, or 6 for the orphan)"),
    Part("thrown", SEATS * KINDS, 9, "the cards each seat has thrown this deal, by kind (up "
         "to 9), this seat first"),
))



def _counts(out: list[int], at: int, cards: Iterable[Card | None], high: int = MOST) -> None:
    for c in cards:
        if c is not None and out[at + c.index] < high:
            out[at + c.index] += 1


def observe(view: View) -> list[int]:
    """The VIEW as :data:`LAYOUT`'s row of numbers."""
    out, at = LAYOUT.zeros(), LAYOUT.starts
    me, n = view.seat, view.players
    rel = ob.put_turn(out, at, view, PHASES, n, MIN_PLAYERS)
    _counts(out, at["hand"], view.hand)
    seen = [*view.hand, *view.pile, *((view.cache,) * 3 if view.cache else ()),
            *(c for t in view.table for m in t.melds for c in m)]
    unseen = list(view.rules.pack.counts)
    for c in seen:
        unseen[c.index] -= 1
    ob.put(out, at["unseen"], (max(0, u) for u in unseen))
    ob.one_hot(out, at["cache"], view.cache.index if view.cache else None)
    ob.one_hot(out, at["leader"], rel(view.leader))
    ob.one_hot(out, at["orphan"], rel(view.orphan))
    out[at["stock_left"]] = view.stock_left
    out[at["no_stock"]] = int(view.no_stock)
    out[at["turnovers"]] = min(view.turnovers, CAP)
    out[at["discards_made"]] = min(view.discards_made, CAP)
    out[at["turns_left"]] = min(max(0, view.max_turns - view.discards_made), CAP)
    _counts(out, at["pile"], view.pile)
    if view.offer is not None:
        ob.one_hot(out, at["offer"], view.offer.card.index)
        ob.one_hot(out, at["offer_by"], rel(view.offer.by))
    rules = view.rules
    ob.one_hot(out, at["sets"], SETS.index(rules.sets))
    out[at["jokers"]] = rules.jokers
    ob.put(out, at["options"], (int(getattr(rules, name)) for name in OPTION_HELP))
    for seat, t in enumerate(view.table):
        r = (seat - me) % n
        _counts(out, at["melds"] + r * KINDS, (c for m in t.melds for c in m))
        out[at["caches"] + r] = int(t.cache)
        out[at["cards"] + r] = t.cards
        out[at["target"] + r] = t.target
        _counts(out, at["thrown"] + r * KINDS, t.discards, 9)
    return out


def _shown() -> tuple[tuple[int, ...], ...]:
    """Every set of hand cards a take or bump can show (see the module's docstring): a
    pattern of any table less at least one card, the cards missing but one made up by
    Jokers (``meld_options``' sets, in every pack)."""
    every = Rules(3, MAX_JOKERS, trio=True, variation_keeps_doubles=True).patterns
    found: set[tuple[int, ...]] = set()
    for p in every:
        kinds = [i for i, _ in p.need]
        for used in itertools.product(*(range(n + 1) for _, n in p.need)):
            jokers = p.size - 1 - sum(used)
            if 0 <= jokers <= MAX_JOKERS:
                found.add(tuple(i for i, u in zip(kinds, used) for _ in range(u))
                          + (JOKER,) * jokers)
    return tuple(sorted(found, key=lambda w: (len(w), w)))


SHOWN = _shown()
_SHOWN_AT = ob.table_index(SHOWN)

_BARE = ("pass", "draw", "quartette")
DISCARD = len(_BARE)
OUT = DISCARD + KINDS
CACHE = OUT + KINDS
QUARTETTE = CACHE + SET_KINDS
CLAIM = QUARTETTE + SET_KINDS
_CARD_SPANS = {"discard": DISCARD, "out": OUT, "cache": CACHE, "quartette": QUARTETTE}

NUMBERING_SPANS = (
    Span("pass", 0, 1, "pass: no claim on the discard (K5)"),
    Span("draw", 1, 1, "draw (K4)"),
    Span("quartette by cache", 2, 1, "claim the discard for a Quartette by cache (K10)"),
    Span("discard", DISCARD, KINDS, f"discard card k: index {DISCARD} + k"),
    Span("out", OUT, KINDS, f"go out throwing card k: index {OUT} + k (K6)"),
    Span("cache", CACHE, SET_KINDS, f"cache the Trio of card k: index {CACHE} + k (K10)"),
    Span("quartette", QUARTETTE, SET_KINDS,
         f"declare the natural Quartette of card k: index {QUARTETTE} + k (K10)"),
    Span("take or bump", CLAIM, len(SHOWN),
         f"take or bump showing the hand cards SHOWN[w]: index {CLAIM} + w (K5)"),
)


def index(a: Action) -> int:
    """The action's number (the module's table)."""
    if a.do in ("take", "bump"):
        return CLAIM + _SHOWN_AT[tuple(c.index for c in a.with_)]
    if a.card is not None:
        return _CARD_SPANS[a.do] + a.card.index
    return _BARE.index(a.do)


def action(i: int, view: View) -> Action:
    """The action number ``i`` names in the VIEW's position: a claim showing cards is a
    ``take`` for the seat on the discarder's left, a ``bump`` for another."""
    if i >= CLAIM:
        o = view.offer
        do = "bump" if o is not None and view.seat != (o.by + 1) % view.players else "take"
        return claim_action(do, (CARDS[k] for k in SHOWN[i - CLAIM]))
    for do, start in reversed(_CARD_SPANS.items()):
        if i >= start:
            return Action(do, CARDS[i - start])
    return Action(_BARE[i])


NUMBERING: Numbering[View, Action] = Numbering(NUMBERING_SPANS, index, action)
ENCODING: Encoding[View, Action] = Encoding(LAYOUT, observe, NUMBERING)

__all__ = ["ENCODING", "LAYOUT", "NUMBERING", "SHOWN", "action", "index", "observe"]
