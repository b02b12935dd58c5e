"""Khanhoo's own bot, ``greedy``, and what a seat knows of its cards (``SeatCards``), which
the advisor shares (the bot protocol: docs/khanhoo.md; ``random`` and ``exec:COMMAND``
are every game's, :mod:`advisor.games.bots`; the seat specs:
:mod:`advisor.khanhoo.seats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from advisor.games.bots import BaseBot
from advisor.khanhoo.cards import (
    JOKER,
    NUMERALS,
    Card,
    Counts,
    counts_of,
)
from advisor.khanhoo.game import Action
from advisor.khanhoo.melds import (
    HAND_SIZE,
    NMAX,
    ORPHAN_SIZE,
    caps_of,
    distance,
    distance_within,
    solver,
)
from advisor.khanhoo.rules import ROYAL_PARTNER, Rules
from advisor.khanhoo.view import View


@dataclass(frozen=True)
class SeatCards:
    """What a seat knows of its own cards, read from its VIEW."""

    rules: Rules
    hand: Counts
    own: Counts  # hand + melds + cache
    target: int  # concealed cards it goes out with
    unseen: Counts  # copies it has not seen anywhere

    @classmethod
    def of(cls, view: View) -> SeatCards:
        """The seat's cards as its VIEW shows them."""
        rules = view.rules
        hand = counts_of(view.hand)
        laid = [c for m in view.mine.melds for c in m]
        if view.cache is not None:
            laid += [view.cache] * 3
        target = (ORPHAN_SIZE if view.orphan == view.seat else HAND_SIZE) - len(laid)
        own = counts_of([*laid, *view.hand])
        seen = [c for n, t in enumerate(view.table) if n != view.seat for m in t.melds for c in m]
        seen_counts = counts_of([*seen, *view.pile])
        unseen = tuple(max(0, p - a - b) for p, a, b in
                       zip(rules.pack.counts, own, seen_counts))
        return cls(rules, hand, own, target, unseen)


def without(c: Counts, cards: Sequence[Card]) -> Counts:
    """``c`` less one copy of each of ``cards``."""
    out = list(c)
    for x in cards:
        out[x.index] -= 1
    return tuple(out)


def partners(hand: Counts, c: Card) -> int:
    """How many hand cards could share a combination with ``c``: neighbours of its suit,
    cards of its rank, and its Khanhoo or Royal partners. Fewer means a better discard."""
    if c.index == JOKER:
        return 99
    n = 0
    if c.index < NUMERALS:
        suit, rank = divmod(c.index, 9)
        for r in range(max(0, rank - 2), min(8, rank + 2) + 1):
            n += hand[suit * 9 + r] - (r == rank)
        n += sum(hand[s * 9 + rank] for s in range(3) if s != suit)
    else:
        n += sum(hand[k] for k in (27, 28, 29)) - 1
    special = {0: (10, 20), 10: (0, 20), 20: (0, 10)}
    for k in special.get(c.index, ()):
        n += hand[k]
    for court, partner in ROYAL_PARTNER.items():
        if c.index == court:
            n += hand[partner]
        if c.index == partner:
            n += hand[court]
    return n


class GreedyBot(BaseBot):
    """A plain heuristic on the distance: go out at once with the most points; claim a
    Quartette; take or bump when the combination, with the best discard after it, brings
    the hand closer to going out; discard the card that leaves the smallest distance (then
    the card with the fewest partners in hand). Lays a cache only with four sets."""

    name = "greedy"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        by_do: dict[str, list[Action]] = {}
        for a in legal:
            by_do.setdefault(a.do, []).append(a)
        for do in ("out", "quartette"):
            if do in by_do:
                return by_do[do][0]
        seat = SeatCards.of(view)
        if "cache" in by_do and seat.rules.sets >= 4:
            return by_do["cache"][0]
        if "discard" in by_do:
            return self.discard(view, seat, by_do["discard"])
        claims = by_do.get("take", []) + by_do.get("bump", [])
        if claims:
            choice = best_claim(seat, view, claims)
            if choice is not None:
                return choice
        for do in self.otherwise:
            if do in by_do:
                return by_do[do][0]
        return legal[0]

    otherwise: tuple[str, ...] = ("pass",)
    """What it does when it neither goes out, discards nor claims (the first it may)."""

    def discard(self, view: View, seat: SeatCards, discards: Sequence[Action]) -> Action:
        """Which card to throw (:func:`best_discard`)."""
        return best_discard(seat, discards)


def _d(value: int | None) -> int:
    return 99 if value is None else value


def best_discard(seat: SeatCards, discards: Sequence[Action]) -> Action:
    """The discard leaving the smallest distance, then the fewest partners (then the
    highest card).

    The distance after a real discard is ``target - kept - Jokers`` (:func:`distance`),
    and a real card thrown never lets a target keep more than the whole hand keeps
    (``K``; the places left to fill do not change, as the seat's own cards do not): so
    when the hand is still a card or more away, no real discard leaves less than
    ``target - K - Jokers``, and the first real discard by (partners, highest card) that
    still keeps ``K`` is the best of them — each asked only whether it keeps ``K`` (a
    bounded search). A Joker thrown changes the places a target may leave: it is asked
    whether it leaves less (it has the most partners). When no real discard keeps
    ``K``, or the hand is a card from going out, every discard is judged in full."""
    s = solver(seat.rules)
    hand, target, jokers = seat.hand, seat.target, seat.hand[JOKER]
    reals = [a for a in discards if a.card is not None and a.card.index != JOKER]
    if reals and 3 <= target <= NMAX and sum(hand) <= target + 1:
        caps = caps_of(seat.own, seat.rules, jokers)
        whole = s.kept(hand, caps, target)
        if whole >= 0 and target - whole - jokers >= 1:
            order = sorted(reals, key=lambda a: (partners(hand, a.card),  # type: ignore[arg-type]
                                                 -a.card.index))  # type: ignore[union-attr]
            for a in order:
                assert a.card is not None
                if s.kept(without(hand, [a.card]), caps, target, whole - 1) >= whole:
                    best = ((target - whole - jokers, partners(hand, a.card), -a.card.index), a)
                    # a Joker (99 partners) comes first only when it leaves less
                    others = [_scored(seat, x) for x in discards if x not in reals and (
                        best[0][1] >= 99 or distance_within(
                            without(hand, [x.card]), seat.rules, target,  # type: ignore[list-item]
                            seat.own, best[0][0] - 1))]
                    return min([best, *others], key=lambda sa: sa[0])[1]
    return min((_scored(seat, a) for a in discards), key=lambda sa: sa[0])[1]


def least_discards(seat: SeatCards, discards: Sequence[Action]) -> tuple[int, list[Action]]:
    """The least distance a discard leaves (99: none leaves a target) and the discards
    that leave it, in their order. By :func:`best_discard`'s bound, when the hand is a
    card or more away: the real discards that still keep the whole hand's ``K`` (each
    asked only that), and a Joker only if it leaves no more; else every discard is
    judged in full."""
    s = solver(seat.rules)
    hand, target, jokers = seat.hand, seat.target, seat.hand[JOKER]
    reals = [a for a in discards if a.card is not None and a.card.index != JOKER]
    if reals and 3 <= target <= NMAX and sum(hand) <= target + 1:
        caps = caps_of(seat.own, seat.rules, jokers)
        whole = s.kept(hand, caps, target)
        low = target - whole - jokers
        if whole >= 0 and low >= 1:
            keep = [a for a in reals if s.kept(without(hand, [a.card]),  # type: ignore[list-item]
                                                caps, target, whole - 1) >= whole]
            if keep:
                others = [a for a in discards if a not in reals]
                near = [a for a in others if distance_within(
                    without(hand, [a.card]), seat.rules, target,  # type: ignore[list-item]
                    seat.own, low)]
                if all(_scored(seat, a)[0][0] == low for a in near):
                    return low, [a for a in discards if a in keep or a in near]
    scored = [(_scored(seat, a)[0][0], a) for a in discards]
    low = min(d for d, _ in scored)
    return low, [a for d, a in scored if d == low]


def _scored(seat: SeatCards, a: Action) -> tuple[tuple[int, int, int], Action]:
    """A discard's key for :func:`best_discard`, by the distance it leaves."""
    assert a.card is not None
    after = without(seat.hand, [a.card])
    d = _d(distance(after, seat.rules, seat.target, seat.own))
    return ((d, partners(seat.hand, a.card), -a.card.index), a)


def best_claim(seat: SeatCards, view: View, claims: Sequence[Action]) -> Action | None:
    """The take or bump that lowers the distance most (ties: the combination's cards
    count), or None when none lowers it."""
    now = _d(distance(seat.hand, seat.rules, seat.target, seat.own))
    assert view.offer is not None
    x = view.offer.card
    best: tuple[int, int] | None = None
    choice = None
    own = tuple(o + (k == x.index) for k, o in enumerate(seat.own))
    for a in claims:
        # a claim is chosen when it leaves less than ``now`` and comes before the best so
        # far: a distance of at most ``bound``, which a bounded search decides
        bound = now - 1
        if best is not None:
            bound = min(bound, best[0] - (len(a.with_) <= -best[1]))
        after = without(seat.hand, a.with_)
        target = seat.target - len(a.with_) - 1
        if not distance_within(after, seat.rules, target, own, bound):
            continue
        best, choice = (_d(distance(after, seat.rules, target, own)), -len(a.with_)), a
    return choice


__all__ = ["GreedyBot", "SeatCards", "best_claim", "best_discard", "least_discards", "partners",
           "without"]
