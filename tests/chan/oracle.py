"""Slow, obviously-correct reference implementations the fast code is checked against."""

from __future__ import annotations

from itertools import product

from advisor.chan.cards import CC, COPIES, FACES, Counts
from advisor.chan.pairing import MIN_CHAN, WIN_SIZE, Exposed


def max_chan_pairing(counts: Counts) -> tuple[int, int]:
    """(most Chắn, then fewest unpaired) over every way of pairing the cards into Chắn and
    Cạ, by exhaustive search over which pairs to form (no P0 shortcut)."""
    cards = [f for f in FACES for _ in range(counts[f.index])]
    best = (-1, 99)

    def go(rest: list, chan: int, unpaired: int) -> None:
        nonlocal best
        if not rest:
            if (chan, -unpaired) > (best[0], -best[1]):
                best = (chan, unpaired)
            return
        first, tail = rest[0], rest[1:]
        go(tail, chan, unpaired + 1)  # leave it unpaired
        tried = set()
        for i, other in enumerate(tail):
            if other.index in tried:
                continue
            tried.add(other.index)
            if other.index == first.index:
                go(tail[:i] + tail[i + 1 :], chan + 1, unpaired)
            elif other.rank == first.rank and first.index != CC:
                go(tail[:i] + tail[i + 1 :], chan, unpaired)

    go(cards, 0, 0)
    return best


def distance_by_targets(hand: Counts, exposed: Exposed) -> int | None:
    """Distance straight from its definition: over every target set T (rank by rank, every
    count vector within the copies left), the most hand cards T can keep."""
    n_target = WIN_SIZE - exposed.size
    need_chan = MIN_CHAN - exposed.chan
    cap = [COPIES - m for m in exposed.counts]
    groups = [list(range(i, i + 3)) for i in range(0, CC, 3)] + [[CC]]
    # state: (size, chan capped, ca) -> most kept cards
    states = {(0, 0, 0): 0}
    for g in groups:
        ranges = [range(cap[i] + 1) for i in g]
        opts = []
        for t in product(*ranges):
            if sum(t) % 2:
                continue  # an odd rank total always leaves an unpaired card
            chan = sum(x // 2 for x in t)
            ca = 1 if sum(x % 2 for x in t) == 2 else 0
            kept = sum(min(x, hand[i]) for x, i in zip(t, g))
            opts.append((sum(t), chan, ca, kept))
        new: dict[tuple[int, int, int], int] = {}
        for (s, ch, ca), k in states.items():
            for ts, tch, tca, tk in opts:
                key = (s + ts, min(ch + tch, 10), ca + tca)
                if key[0] > n_target:
                    continue
                if new.get(key, -1) < k + tk:
                    new[key] = k + tk
        states = new
    best = None
    for (s, ch, ca), k in states.items():
        feasible = s == n_target and ch >= need_chan and ca + exposed.ca <= 4
        if feasible and (best is None or k > best):
            best = k
    return None if best is None else n_target - best
