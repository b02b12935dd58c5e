"""Speed of the Khanhoo solver, on random hands given as count vectors.

    python benchmarks/khanhoo_eval.py [--hands N] [--seed S]

Prints, for the standard pack (2 sets + 1 Joker):
  best declaration of a 16-card hand, best discard included — random hands (most
    cannot go out) and complete hands (15 cards in combinations + one more card):
    median, 99th percentile and worst case, in µs; and the same complete hands with a
    naive search that lists every partition (no memoisation), for comparison
  distance of a random 15-card hand: first pass (filling the suit tables) and later passes
  discard table of a random 16-card hand (distance and useful cards after each discard)

One core, pure Python. Each hand is timed on its own; the solver's memo is cleared before
each hand of the declaration benchmark, so no hand profits from an earlier one.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.counts import tally
from advisor.khanhoo.cards import JOKER, KINDS, SET_KINDS, Counts
from advisor.khanhoo.melds import discard_table, distance, solver
from advisor.khanhoo.rules import Rules

RULES = Rules()


def random_hands(rng: random.Random, n: int, size: int) -> list[Counts]:
    deck = [i for i, m in enumerate(RULES.pack.counts) for _ in range(m)]
    return [tally(rng.sample(deck, size), KINDS) for _ in range(n)]


def complete_hands(rng: random.Random, n: int) -> list[Counts]:
    """15 cards made of random combinations of the table, plus one random card."""
    out: list[Counts] = []
    patterns = RULES.patterns
    while len(out) < n:
        left = list(RULES.pack.counts)
        cards: list[int] = []
        for _ in range(40):
            p = rng.choice(patterns)
            room = 15 - len(cards) - p.size
            if room < 0 or room in (1, 2) or any(left[i] < m for i, m in p.need):
                continue
            for i, m in p.need:
                left[i] -= m
                cards += [i] * m
            if len(cards) == 15:
                break
        if len(cards) != 15:
            continue
        cards.append(rng.choice([i for i in range(KINDS) for _ in range(left[i])]))
        c = [0] * KINDS
        for i in cards:
            c[i] += 1
        out.append(tuple(c))
    return out


def naive_best(hand: Counts) -> int | None:
    """Every partition of the hand into patterns, listed without memoisation (lowest card
    first; the discard tried at every level; K-run is ignored, which only helps it)."""
    patterns = RULES.patterns
    containing = [[p for p in patterns if any(k == i for k, _ in p.need)]
                  for i in range(SET_KINDS)]

    def go(c: list[int], j: int, spare: bool) -> int | None:
        i = next((k for k in range(SET_KINDS) if c[k]), None)
        if i is None:
            return 0 if j == int(spare) else None
        best = None
        if spare:
            c[i] -= 1
            v = go(c, j, False)
            c[i] += 1
            best = v
        for p in containing[i]:
            jn = sum(max(0, m - c[k]) for k, m in p.need)
            if jn > j:
                continue
            taken = [(k, min(m, c[k])) for k, m in p.need]
            for k, m in taken:
                c[k] -= m
            v = go(c, j - jn, spare)
            for k, m in taken:
                c[k] += m
            if v is not None and (best is None or v + p.points > best):
                best = v + p.points
        return best

    return go(list(hand[:SET_KINDS]), hand[JOKER], True)


def timed(fn: Callable[[Counts], object], hands: list[Counts], reset: bool) -> list[float]:
    s = solver(RULES)
    out = []
    for h in hands:
        if reset:
            s._memo.clear()
        t = time.perf_counter()
        fn(h)
        out.append(time.perf_counter() - t)
    return out


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{name}: median {statistics.median(times) * 1e6:,.0f} µs, 99% {p99 * 1e6:,.0f} µs, "
          f"worst {times[-1] * 1e6:,.0f} µs ({len(times)} hands)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    s = solver(RULES)
    print(f"# Python {platform.python_version()} on {platform.machine()}, seed {args.seed}, "
          f"{RULES.describe()}")

    r16 = random_hands(rng, args.hands, 16)
    c16 = complete_hands(rng, args.hands)
    report("best declaration + discard, random 16 cards", timed(lambda h: s.best(h, True), r16,
                                                                 True))
    report("best declaration + discard, complete 16 cards",
           timed(lambda h: s.best(h, True), c16, True))
    naive = c16[: max(1, args.hands // 10)]
    report("  naive: every partition listed, complete 16 cards", timed(naive_best, naive, True))

    r15 = random_hands(rng, args.hands, 15)
    report("distance, random 15 cards, first pass", timed(lambda h: distance(h, RULES), r15,
                                                           False))
    report("distance, random 15 cards, later pass", timed(lambda h: distance(h, RULES), r15,
                                                           False))
    tables = r16[: max(1, args.hands // 20)]
    report("discard table, random 16 cards", timed(lambda h: discard_table(h, RULES), tables,
                                                   False))


if __name__ == "__main__":
    main()
