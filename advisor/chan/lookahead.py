"""The look-ahead: what each action leaves a seat, judged on its own cards, and the
playouts: worlds consistent with a VIEW, played out to the end of the deal.

Every evaluator of an action — the advisor, the bots, the playouts — asks here, and
here asks the rules engine (:func:`advisor.chan.game.prospect`): after an eat or a
Chíu the discard it owes is one the engine accepts (R2, R3, R7b), and a Chíu that
completes the hand is a win (Chíu ù, C2).

The *static* ranking orders actions by what they leave: a win first, then the
smallest distance, then the most unseen useful cards (the copies that would bring the
hand a card closer, or the waits), then the fewest unpaired cards.

>>> from advisor.chan.cards import counts_of, parse_cards, parse_face
>>> from advisor.chan.game import SeatState
>>> hand = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m"))
>>> unseen = tuple(4 - n for n in hand)
>>> lv = leaves(Action("eat", parse_face("8v")), SeatState(list(hand), hand),
...             parse_face("8s"), unseen)
>>> lv.then.code, [w.face.code for w in lv.waits], lv.useful_unseen
('7m', ['9v', '9s', '9m'], 11)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from advisor.chan.bots import greedy_choice
from advisor.chan.cards import COPIES, Counts, Face
from advisor.chan.game import Action, Game, SeatState, prospect, world
from advisor.chan.pairing import (
    Exposed,
    Useful,
    discard_distances,
    distance,
    p0_counts,
    useful_faces,
    wait_faces,
)
from advisor.counts import minus


@dataclass(frozen=True)
class Leaves:
    """What an action leaves the seat once it has made the discard it owes: the static
    measures of the hand the look-ahead assumes."""

    distance: int | None
    waits: tuple[Useful, ...]
    useful: tuple[Useful, ...]
    unpaired: int
    exposed: Exposed
    then: Face | None = None  # the discard the action is assumed to be followed by
    wins: bool = False  # the action wins, or leaves a win at once (Chíu ù)

    @property
    def useful_unseen(self) -> int:
        return sum(w.unseen for w in self.useful)

    @property
    def key(self) -> tuple[int, int, int]:
        """Smaller is better: distance, then more unseen useful cards, then fewer unpaired."""
        return (99 if self.distance is None else self.distance,
                -sum(w.unseen for w in self.useful), self.unpaired)


def measure(after: Counts, melds: Exposed, unseen: Counts, then: Face | None = None) -> Leaves:
    """The static measures of a seat's cards ``after`` (with ``melds``) at rest."""
    d, wait, use, unpaired = _shape(after, melds)
    waits = tuple(Useful(f, unseen[f.index]) for f in wait)
    useful = waits if d == 1 else tuple(Useful(f, unseen[f.index]) for f in use)
    return Leaves(d, waits, useful, unpaired, melds, then)


@lru_cache(maxsize=1 << 14)
def _shape(after: Counts, melds: Exposed
           ) -> tuple[int | None, tuple[Face, ...], tuple[Face, ...], int]:
    """What :func:`measure` asks of the cards alone — the distance, the waits, the useful
    faces (a waiting hand's are its waits) and the unpaired cards —, remembered: the same
    hands come back in every decision of a deal and in every playout of a search."""
    d = distance(after, melds)
    wait = tuple(wait_faces(after, melds))
    use = wait if d == 1 else tuple(useful_faces(after, melds))
    return d, wait, use, p0_counts(after)[2]


def best_discard(hand: Counts, exposed: Exposed, discards: Sequence[Face],
                 unseen: Counts) -> Leaves:
    """The legal discard the static ranking prefers (smallest distance, then the most
    unseen useful cards, then the fewest unpaired; deck order breaks ties) and what it
    leaves."""
    dd = {i: 99 if d is None else d for i, d in discard_distances(hand, exposed).items()}
    low = min(dd[f.index] for f in discards)
    close = [f for f in discards if dd[f.index] == low]
    return min((measure(minus(hand, f.index), exposed, unseen, f) for f in close),
               key=lambda e: e.key)


def leaves(action: Action, s: SeatState, offered: Face | None, unseen: Counts) -> Leaves:
    """What ``action`` leaves the seat ``s``: the engine's look-ahead
    (:func:`~advisor.chan.game.prospect`) followed, when the action owes a discard, by
    the legal discard the static ranking prefers."""
    p = prospect(s, action, offered)
    if p.wins:  # a win, Thiên ù, or a Chíu that completes the hand: Chíu ù (C2)
        return Leaves(0, (), (), 0, p.exposed, None, True)
    if not p.owes:
        return measure(p.hand, p.exposed, unseen)
    return best_discard(p.hand, p.exposed, p.discards, unseen)


# --- the search -----------------------------------------------------------------------------

def unseen_in_game(g: Game, seat: int) -> Counts:
    """What ``seat`` has seen of a game: its hand, every meld, discard and door card, and
    a revealed card on offer."""
    c = list(g.seats[seat].hand)
    for s in g.seats:
        for m in s.melds:
            for f in m.faces:
                c[f.index] += 1
        for f in (*s.discards, *s.passed):
            c[f.index] += 1
    if g.offer is not None and g.offer.source == "stock":
        c[g.offer.card.index] += 1
    return tuple(COPIES - n for n in c)


def static_key(e: Leaves) -> tuple[int, int, int, int]:
    """The static ranking's key: smaller is better."""
    return (0 if e.wins else 1, *e.key)


def static_choice(s: SeatState, legal: Sequence[Action], offered: Face | None,
                  unseen: Counts) -> Action:
    """The statically best action: a win (a Chíu ù included); else the smallest
    distance it leaves, then the most unseen useful cards, then the fewest unpaired cards
    (legal order breaks ties)."""
    return min(enumerate(legal),
               key=lambda na: (static_key(leaves(na[1], s, offered, unseen)), na[0]))[1]


def rollout(g: Game, me: int) -> None:
    """Play the deal out: the advised seat by the static evaluation, the others greedily."""
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        if len(legal) == 1:
            g.act(d.seat, legal[0])
            continue
        s = g.seats[d.seat]
        offered = g.offer.card if g.offer is not None else None
        if d.seat == me:
            choice = static_choice(s, legal, offered, unseen_in_game(g, me))
        else:
            choice = greedy_choice(s, legal, offered)
        g.act(d.seat, choice)


__all__ = [
    "Leaves",
    "best_discard",
    "leaves",
    "measure",
    "rollout",
    "static_choice",
    "static_key",
    "unseen_in_game",
    "world",
]
