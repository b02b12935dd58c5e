"""Exact endgame: the seat's own outcome tree over the last stock cards, solved by
backward induction with a state cache keyed on count vectors.

The model (``docs/advisor.md``): the remaining stock cards are revealed one per door in
turn, each drawn uniformly from the cards the seat has not seen. The seat may win on
any revealed card (C1); a card revealed at its own door, or at the previous seat's door
and passed on (T4), is offered to it, and it may eat it as a Chắn (eats of a Cạ are left
out of the tree: R5–R7 make them rare this late) and then discards the card that is
best for it. The other seats pass every card and never win, so a value is the seat's
expected winnings if only the stock decided the deal; when the stock runs out the deal
is a draw (T6). Declining a win to wait for a bigger one is allowed: every choice node
takes the better branch.

The tree grows like 25^(stock left); the solver gives up (returns None) beyond a node
budget, and the advisor then samples instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from advisor.chan.cards import CC, FACES, NFACES, Counts, Face
from advisor.chan.pairing import Exposed, Meld, is_win
from advisor.chan.position import Position
from advisor.chan.scoring import score

SEATS = 4


@dataclass(frozen=True)
class Value:
    """Expected settlement and probability of winning, under the endgame model."""

    expected: float
    win: float

    def __add__(self, other: Value) -> Value:
        return Value(self.expected + other.expected, self.win + other.win)

    def scale(self, p: float) -> Value:
        return Value(self.expected * p, self.win * p)


ZERO = Value(0.0, 0.0)


class Budget(Exception):
    """The tree is larger than the node budget."""


@lru_cache(maxsize=1 << 16)
def win_points(hand: Counts, exposed: Exposed, card: Face, win_by: str, rules: str) -> int:
    """Points of a win on ``card`` (already in ``hand``), by §7, or 0 if it is no win."""
    if not is_win(hand, exposed, card):
        return 0
    i = card.index
    pos = Position(hand=hand[:i] + (hand[i] - 1,) + hand[i + 1 :], exposed=exposed,
                   winning_card=card, win_by=win_by, rules=rules)
    return score(pos).points


class Solver:
    """Backward induction over the seat's outcome tree."""

    def __init__(self, *, me: int, rules: str, refused: frozenset[int],
                 max_nodes: int = 20_000) -> None:
        self.me = me
        self.rules = rules
        self.refused = refused
        self.max_nodes = max_nodes
        self.nodes = 0
        self.cache: dict[tuple[object, ...], Value] = {}

    # -- chance: a reveal ------------------------------------------------------------------

    def reveal(self, hand: Counts, exposed: Exposed, pool: Counts, stock: int, door: int,
               discarded: frozenset[int]) -> Value:
        """Value before the stock card at ``door`` is revealed."""
        if stock == 0:
            return ZERO  # T6: a draw
        key = (hand, exposed, pool, stock, door, discarded)
        found = self.cache.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Budget
        total = sum(pool)
        value = ZERO
        for i in range(NFACES):
            if pool[i]:
                rest = pool[:i] + (pool[i] - 1,) + pool[i + 1 :]
                v = self.revealed(hand, exposed, rest, stock - 1, door, discarded, FACES[i])
                value = value + v.scale(pool[i] / total)
        self.cache[key] = value
        return value

    # -- choice: what the seat does with a revealed card ------------------------------------

    def revealed(self, hand: Counts, exposed: Exposed, pool: Counts, stock: int, door: int,
                 discarded: frozenset[int], x: Face) -> Value:
        me = self.me
        options: list[Value] = []
        i = x.index
        points = win_points(hand[:i] + (hand[i] + 1,) + hand[i + 1 :], exposed, x,
                            "own_door" if door == me else "other_door", self.rules)
        if points:
            options.append(Value(3.0 * points, 1.0))
        offered = door in (me, (me - 1) % SEATS)
        if offered:
            # pass: our own card goes on to the next seat, who reveals next; a card passed
            # on to us stays at its door and we reveal next (T3, T4)
            nxt = (me + 1) % SEATS if door == me else me
            options.append(self.reveal(hand, exposed, pool, stock, nxt, discarded))
            if hand[i] in (1, 2) and i not in discarded:  # a Chắn eat (R1, R2, R4, R9)
                after = hand[:i] + (hand[i] - 1,) + hand[i + 1 :]
                melds = Exposed.of([*exposed.melds, Meld.of([x, x])])
                best = self.discard(after, melds, pool, stock, discarded)
                if best is not None:
                    options.append(best)
        else:
            options.append(self.reveal(hand, exposed, pool, stock, (door + 1) % SEATS,
                                       discarded))
        return max(options, key=lambda v: (v.expected, v.win))

    def discard(self, hand: Counts, exposed: Exposed, pool: Counts, stock: int,
                discarded: frozenset[int]) -> Value | None:
        """The best legal discard (R2, R3; R7 is left out), then the next seat reveals."""
        best: Value | None = None
        for z in self.discards(hand):
            v = self.after_discard(hand, exposed, pool, stock, discarded, z)
            if best is None or (v.expected, v.win) > (best.expected, best.win):
                best = v
        return best

    def discards(self, hand: Counts) -> list[int]:
        return [j for j in range(NFACES)
                if hand[j] and hand[j] not in (2, 4) and j not in self.refused]

    def after_discard(self, hand: Counts, exposed: Exposed, pool: Counts, stock: int,
                      discarded: frozenset[int], z: int) -> Value:
        after = hand[:z] + (hand[z] - 1,) + hand[z + 1 :]
        return self.reveal(after, exposed, pool, stock, (self.me + 1) % SEATS,
                           discarded | {z})


__all__ = ["CC", "Budget", "Solver", "Value", "win_points"]
