"""Qing Kanhu's own bot, ``greedy`` (``random`` and ``exec:COMMAND`` are every game's,
:mod:`advisor.games.bots`; the seat specs: :mod:`advisor.qing.seats`).

>>> from advisor.qing.game import Game
>>> g = Game.from_deal(4, seed=5)
>>> GreedyBot().decide(g.view(g.dealer), g.legal_actions()).do
'discard'
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.games.bots import BaseBot
from advisor.qing.cards import IS_EXTRA, KINDS, NUMERALS, Card, Counts, counts_of, minus
from advisor.qing.game import Action
from advisor.qing.solver import solver
from advisor.qing.view import View


def _neighbours(i: int) -> tuple[int, ...]:
    suit, rank = divmod(i, 9)
    near = [suit * 9 + r for r in range(max(0, rank - 2), min(8, rank + 2) + 1)]
    return tuple(near + [s * 9 + rank for s in range(3) if s != suit])


NEIGHBOURS = tuple(_neighbours(i) if i < NUMERALS else () for i in range(KINDS))
"""For each kind, the kinds that share a sequence or a number with it (itself once)."""


def partners(hand: Counts, c: Card) -> int:
    """How many hand cards could share a group with ``c``: neighbours of its suit and
    cards of its number. Fewer means a better discard; an extra (Q4) is never idle."""
    i = c.index
    if IS_EXTRA[i]:
        return 99
    return sum(hand[k] for k in NEIGHBOURS[i]) - 1 if i < NUMERALS else 0


def discard_key(view: View, hand: Counts, eye: bool, target: int, own: Counts,
                c: Card, d: int | None = None) -> tuple[int, int, int, int]:
    """How good throwing ``c`` is (smaller is better): the distance left (``d`` when
    known), the unseen copies of the waits when one card short, the card's partners in
    hand."""
    s = solver(view.rules)
    after = minus(hand, c.index)
    if d is None:
        d = s.distance(after, eye=eye, target=target, own=own)
    waiting = 0
    if d == 1:
        unseen = view.unseen
        waiting = sum(unseen[k] for k in s.waits(after, eye, own))
    return (d, -waiting, partners(hand, c), -c.index)


def best_discard(view: View, discards: Sequence[Action]) -> Action:
    """The discard leaving the smallest distance, then the most unseen waits, then the
    card with the fewest partners. Two or more cards from a win, no discard can leave
    less than the whole hand's distance: the first card, by fewest partners, that
    leaves that distance is the one (and no waits are counted there)."""
    own = view.own
    s = solver(view.rules)
    whole = s.distance(view.hand, eye=view.eye, target=view.target, own=own)
    waiting = _waiting(view, discards) if whole == 1 else []
    if waiting:
        return min(waiting, key=lambda a: discard_key(
            view, view.hand, view.eye, view.target, own, a.card, 1))  # type: ignore[arg-type]
    if whole >= 2:
        for a in sorted(discards, key=lambda a: (partners(view.hand, a.card),  # type: ignore[arg-type]
                                                 -a.card.index)):  # type: ignore[union-attr]
            assert a.card is not None
            after = minus(view.hand, a.card.index)
            if s.distance(after, eye=view.eye, target=view.target, own=own) <= whole:
                return a
    return min(discards, key=lambda a: discard_key(view, view.hand, view.eye, view.target,
                                                   own, a.card))  # type: ignore[arg-type]


def _waiting(view: View, discards: Sequence[Action]) -> list[Action]:
    """The discards that leave a wait: those leaving a distance of 1, the least any
    leaves when the hand is one card from a win (its distance is 1). A discard leaves 1
    exactly when the hand it leaves waits on a card (:meth:`Solver.distance`), so only
    the waits are searched. Empty when no legal discard leaves one."""
    s = solver(view.rules)
    return [a for a in discards
            if s.waits(minus(view.hand, a.card.index), view.eye, view.own)]  # type: ignore[union-attr]


def take_value(view: View, a: Action, beat: int | None = None) -> int:
    """The distance after a take and the best discard that follows it (0: a win). With
    ``beat``, a take that does not win and so cannot leave less than ``beat`` is not
    searched further: 1 is returned for it."""
    assert view.offer is not None
    s = solver(view.rules)
    hand = tuple(h - w for h, w in zip(view.hand, counts_of(a.with_)))
    target = view.target - len(a.with_) - 1
    own = tuple(o + (k == view.offer.index) for k, o in enumerate(view.own))
    eye = view.eye or _makes_eye(view, a)
    if s.wins(hand, eye):
        return 0  # the take is followed by a win (Q7)
    if beat is not None and beat <= 1:
        return 1  # no discard leaves less than 1: the take cannot beat ``beat``
    # no discard leaves less than the whole hand's distance (best_discard): two or more
    # cards from a win, that is the least a discard can leave
    least = 1
    if sum(hand) == target:
        whole = s.distance(hand, eye=eye, target=target, own=own)
        if whole >= 2:
            if beat is not None and whole >= beat:
                return whole  # the take cannot beat ``beat``
            least = whole
    best = 99
    for k in range(KINDS):
        if hand[k]:
            best = min(best, s.distance(minus(hand, k), eye=eye, target=target, own=own))
            if best <= least:
                break  # a discard leaves no less (it cannot win, Q5)
    return best


def _makes_eye(view: View, a: Action) -> bool:
    from advisor.qing.position import meld_of

    assert view.offer is not None
    return meld_of([*a.with_, view.offer], view.rules).kind == "eye"


class GreedyBot(BaseBot):
    """A plain heuristic on the distance: win at once; take the discard when the group
    shown, with the best discard after it, brings the hand closer to winning (and, with
    the stock empty, whenever a take is possible, rather than end the deal drawn);
    discard the card leaving the smallest distance, then the most unseen waits, then the
    card with the fewest partners in hand (never an extra while another will do)."""

    name = "greedy"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        by_do: dict[str, list[Action]] = {}
        for a in legal:
            by_do.setdefault(a.do, []).append(a)
        if "win" in by_do:
            return by_do["win"][0]
        if "discard" in by_do:
            return self.discard(view, by_do["discard"])
        takes = by_do.get("take", [])
        if takes:
            # the take of least (value, -cards shown), the first of equals; a take is
            # searched only as far as it could still be that one
            best: tuple[int, int] | None = None
            choice = 0
            for n, a in enumerate(takes):
                beat = None
                if best is not None:
                    if (0, -len(a.with_)) >= best:
                        continue  # even a win would not come first
                    beat = best[0] + (-len(a.with_) < best[1])
                key = (take_value(view, a, beat), -len(a.with_))
                if best is None or key < best:
                    best, choice = key, n
            assert best is not None
            if "pass" in by_do or best[0] < solver(view.rules).distance(
                    view.hand, eye=view.eye, target=view.target, own=view.own):
                return takes[choice]
        return by_do.get("draw", by_do.get("pass", list(legal)))[0]

    def discard(self, view: View, discards: Sequence[Action]) -> Action:
        """Which card to throw (:func:`best_discard`)."""
        return best_discard(view, discards)


def live_cards(view: View, hand: Counts, c: Card) -> int:
    """The unseen copies of the kinds that would join ``c`` and a card of ``hand`` in a
    group (its neighbours of suit and number): how alive the card still is."""
    unseen = view.unseen
    i = c.index
    return sum(unseen[k] for k in NEIGHBOURS[i] if k != i and
               any(hand[j] for j in NEIGHBOURS[k] if j != k)) if i < NUMERALS else 99


def strong_discard_key(view: View, hand: Counts, eye: bool, target: int, own: Counts,
                       c: Card, d: int | None = None) -> tuple[int, ...]:
    """``greedy+``'s discard (smaller is better): the distance left, the unseen copies of
    the waits one card from a win, then a card the next player cannot use from the seat
    (he threw it himself, or let it pass: only he may take it, Q7), then the card with
    the fewest partners and, among those, the fewest unseen cards that would join it."""
    d, waits, part, idx = discard_key(view, hand, eye, target, own, c, d)
    nxt = (view.seat + 1) % view.players
    safe = c in view.thrown_by(nxt) or c in view.thrown_by(view.seat)
    return (d, waits, int(not safe), part, live_cards(view, hand, c) if part < 99 else 99, idx)


class StrongBot(GreedyBot):
    """``greedy+``: the look-ahead of a good casual player. Win at once; discard the card
    leaving the smallest distance and the most unseen waits, then one the next player
    is known not to want, then the card with the fewest partners and the fewest live
    (unseen) cards that would join it — always with the distance checked for every card,
    not the first that keeps it; take a discard whose group, with the best discard after
    it, brings the hand closer, and take rather than end the deal drawn."""

    name = "greedy+"

    def discard(self, view: View, discards: Sequence[Action]) -> Action:
        """The discard by :func:`strong_discard_key`: one card from a win, of the
        discards that leave a wait; further, the first by the rest of the key that keeps
        the whole hand's distance (none leaves less); else every card's distance."""
        s = solver(view.rules)
        hand, eye, target, own = view.hand, view.eye, view.target, view.own
        d = None
        whole = s.distance(hand, eye=eye, target=target, own=own)
        if whole == 1:
            waiting = _waiting(view, discards)
            if waiting:
                discards, d = waiting, 1
        elif whole >= 2:
            # no discard leaves less than ``whole`` (best_discard): the first card by the
            # rest of the key that leaves ``whole`` is the one
            def rest(a: Action) -> tuple[int, ...]:
                return strong_discard_key(view, hand, eye, target, own, a.card,  # type: ignore[arg-type]
                                          whole)[2:]

            for a in sorted(discards, key=rest):
                assert a.card is not None
                if s.distance(minus(hand, a.card.index), eye=eye, target=target,
                              own=own) <= whole:
                    return a
        return min(discards, key=lambda a: strong_discard_key(
            view, hand, eye, target, own, a.card, d))  # type: ignore[arg-type]


__all__ = ["GreedyBot", "StrongBot", "best_discard", "discard_key", "live_cards", "partners",
           "strong_discard_key", "take_value"]
