"""Chắn's own bot: ``greedy`` (the bot protocol, rules §8.3; ``random`` and ``exec:COMMAND``
are every game's, :mod:`advisor.games.bots`; the seat specs: :mod:`advisor.chan.seats`).
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.chan.cards import Face
from advisor.chan.game import Action, SeatState, prospect
from advisor.chan.pairing import discard_distances, distance, p0_counts
from advisor.chan.view import View
from advisor.counts import minus
from advisor.games.bots import BaseBot


def greedy_choice(s: SeatState, legal: Sequence[Action], offered: Face | None) -> Action:
    """The greedy pairing heuristic on a seat's own cards: always win (or declare
    Thiên ù); Chíu when it can; eat when the eat and the best legal discard after it
    (:func:`~advisor.chan.game.prospect`) lower the distance; discard the card that
    leaves the smallest distance, then the fewest unpaired cards (the first such card in
    deck order); otherwise pass."""
    by_do: dict[str, list[Action]] = {}
    for a in legal:
        by_do.setdefault(a.do, []).append(a)
    for do in ("win", "heaven", "chiu"):
        if do in by_do:
            return by_do[do][0]
    hand, exposed = s.counts(), s.exposed
    if "discard" in by_do:
        after = discard_distances(hand, exposed)

        def key(a: Action) -> tuple[int, int]:
            assert a.card is not None
            d = after[a.card.index]
            return (99 if d is None else d, p0_counts(minus(hand, a.card.index))[2])

        return min(by_do["discard"], key=key)
    if "eat" in by_do and offered is not None:
        now = distance(hand, exposed)
        best: tuple[int, Action] | None = None
        for a in by_do["eat"]:
            p = prospect(s, a, offered)
            dd = discard_distances(p.hand, p.exposed)
            v = min(99 if (d := dd[f.index]) is None else d for f in p.discards)
            if best is None or v < best[0]:
                best = (v, a)
        if best is not None and now is not None and best[0] < now:
            return best[1]
    return by_do.get("pass", list(legal))[0]


class GreedyBot(BaseBot):
    """:func:`greedy_choice` on the seat's VIEW."""

    name = "greedy"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return greedy_choice(SeatState.of_view(view), legal,
                             view.offer.card if view.offer is not None else None)


__all__ = ["GreedyBot", "greedy_choice"]
