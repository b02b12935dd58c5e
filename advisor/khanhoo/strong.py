"""Khanhoo's stronger rule-based player, ``greedy+``: the look-ahead a good casual player
does, the baseline the advisor is measured against besides ``greedy``.

Like ``greedy`` it goes out at once with the most points, claims a Quartette and keeps
the cards nearest to going out (the discard leaving the smallest distance). Beyond it:

* among the discards that leave that distance it keeps the most *acceptance*: the
  unseen copies of the cards that would bring the hand closer (what a good player
  counts: the more cards help, the sooner it goes out);
* among those, the card with the fewest partners in hand, then the one whose partners
  are most often already seen (a dead card: what is still unseen is counted), then the
  one least likely to be claimed
  (:func:`advisor.khanhoo.advice.claim_danger`: two unseen partners in an opponent's
  hand) — it does not feed the next player's or a bumper's combination;
* it takes or bumps a discard when the combination, with its best discard after it,
  lowers the distance — and always when it completes the hand.

Deterministic (no seed is used): a few distances and acceptance counts per decision.

>>> from advisor.khanhoo.game import Game
>>> g = Game.from_deal(3, seed=4)
>>> StrongBot().decide(g.view(g.leader), g.legal_actions()) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.khanhoo.advice import claim_danger
from advisor.khanhoo.bots import GreedyBot, SeatCards, least_discards, partners, without
from advisor.khanhoo.cards import JOKER, KINDS, NUMERALS, Card
from advisor.khanhoo.game import Action
from advisor.khanhoo.melds import _helping, caps_of, solver, useful_cards
from advisor.khanhoo.rules import ROYAL_PARTNER
from advisor.khanhoo.view import View

DANGER_STEP = 0.1
"""Claim dangers within this of each other count as the same (the estimate is rough)."""


def live(seat: SeatCards, c: Card) -> int:
    """Unseen copies of the kinds that could share a combination with ``c``: its
    neighbours in its suit, its rank in the other suits, its court, Khanhoo or Royal
    partners. Fewer: a deader card, a better discard."""
    if c.index == JOKER:
        return 99
    kinds: set[int] = set()
    if c.index < NUMERALS:
        suit, rank = divmod(c.index, 9)
        kinds |= {suit * 9 + r for r in range(max(0, rank - 2), min(8, rank + 2) + 1)}
        kinds |= {s * 9 + rank for s in range(3)}
    else:
        kinds |= {27, 28, 29}
    kinds |= set({0: (10, 20), 10: (0, 20), 20: (0, 10)}.get(c.index, ()))
    for court, partner in ROYAL_PARTNER.items():
        if c.index == court:
            kinds.add(partner)
        if c.index == partner:
            kinds.add(court)
    return sum(seat.unseen[k] for k in kinds if k < KINDS)


def acceptance(seat: SeatCards, c: Card, d: int) -> int:
    """Unseen copies of the cards that would bring the hand left by discarding ``c``
    (at distance ``d``) closer to going out; 0 when it cannot go out."""
    if d >= 99:
        return 0
    after = without(seat.hand, [c])
    useful = useful_cards(after, seat.rules, seat.target, seat.own, within=seat.hand)
    return sum(seat.unseen[u.index] for u in useful)


class StrongBot(GreedyBot):
    """``greedy+`` (see the module's docstring): greedy's play but for the discard, and a
    draw rather than any other action when it has nothing better."""

    name = "greedy+"
    otherwise = ("pass", "draw")

    def discard(self, view: View, seat: SeatCards, discards: Sequence[Action]) -> Action:
        """The discard leaving the smallest distance; then the most acceptance, the
        fewest partners in hand, the deadest card, the least likely claimed."""
        low, least = least_discards(seat, discards)

        def rest(a: Action) -> tuple[int, int, int, int]:
            assert a.card is not None
            danger = claim_danger(a.card, view, seat)
            return (partners(seat.hand, a.card), live(seat, a.card),
                    round(danger / DANGER_STEP), -a.card.index)

        most = _most_acceptance(seat, least, low)
        best: tuple[tuple[int, ...], Action] | None = None
        for a in sorted(least, key=rest):
            assert a.card is not None
            k = (-acceptance(seat, a.card, low), *rest(a))
            if best is None or k < best[0]:
                best = (k, a)
            if most is not None and -k[0] >= most:
                break  # no discard accepts more; the rest come after it
        assert best is not None
        return best[1]


def _most_acceptance(seat: SeatCards, least: Sequence[Action], low: int) -> int | None:
    """The most acceptance any of the real discards ``least`` (each leaving ``low``, two
    or more) can have: the unseen copies of the kinds that let the whole hand keep more
    than each of them keeps (the same for all, the whole hand's; a card received helps
    the hand left only if it helps the whole hand, :func:`useful_cards`'s ``within``),
    and of the Joker. None when that bound does not hold (a Joker discard among them, or
    a hand one card from going out)."""
    if low < 2 or low >= 99 or any(a.card is None or a.card.index == JOKER for a in least):
        return None
    s = solver(seat.rules)
    pack = seat.rules.pack.counts
    takes = [i for i in range(KINDS) if seat.own[i] < pack[i]]
    caps = caps_of(seat.own, seat.rules, seat.hand[JOKER])
    kept = seat.target - low - seat.hand[JOKER]  # what each discard of them keeps
    if s.kept(seat.hand, caps, seat.target) != kept:
        return None
    kinds = tuple(i for i in takes if i != JOKER)
    helping = _helping(seat.rules, seat.hand, caps, seat.target, kept, kinds)
    return sum(seat.unseen[i] for i in takes if i == JOKER or i in helping)


__all__ = ["StrongBot", "acceptance", "live"]
