"""Speed of the Chắn evaluation core, on random hands given as count vectors.

    python benchmarks/chan_eval.py [--hands N] [--seed S]

Prints:
  pairing+win: N hands/s      canonical pairing (P0) + win check (W1) of 20-card hands
  distance: µs per 19-card hand
  waits: µs per 19-card hand (random, and waiting hands only)
  discard table: µs per 20-card hand (distance, waits and useful cards after each discard)

One core, pure Python; the best of several repeats is reported (the least disturbed run).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.chan.analysis import discard_table
from advisor.chan.cards import FACES, NFACES, Counts
from advisor.chan.pairing import (
    distance,
    is_win_20,
    wait_faces,
)
from advisor.counts import tally


def random_hands(rng: random.Random, n: int, size: int) -> list[Counts]:
    deck = [f.index for f in FACES for _ in range(4)]
    return [tally(rng.sample(deck, size), NFACES) for _ in range(n)]


def waiting_hands(rng: random.Random, n: int) -> list[Counts]:
    """19-card hands one card from a win: a random winning 20-card set minus one card."""
    out: list[Counts] = []
    while len(out) < n:
        c = [0] * NFACES
        pairs = 0
        while pairs < 10:
            f = rng.randrange(NFACES)
            if c[f] <= 2:
                c[f] += 2
                pairs += 1
        i = rng.choice([j for j in range(NFACES) if c[j]])
        c[i] -= 1
        out.append(tuple(c))
    return out


def best(stmt: object, number: int, repeat: int = 5) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=repeat))  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    h20 = random_hands(rng, args.hands, 20)
    h19 = random_hands(rng, args.hands, 19)
    w19 = waiting_hands(rng, args.hands // 10)
    tables = h20[: max(1, args.hands // 20)]
    print(f"# Python {platform.python_version()} on {platform.machine()}, "
          f"{args.hands} random hands, seed {args.seed}")

    t = best(lambda: [is_win_20(h) for h in h20], 1)
    print(f"pairing+win: {len(h20) / t:,.0f} hands/s")
    cold = timeit.timeit(lambda: [distance(h) for h in h19], number=1)
    t = best(lambda: [distance(h) for h in h19], 1)
    print(f"distance: {t / len(h19) * 1e6:.2f} µs per 19-card hand "
          f"(first pass, filling the rank tables and combination cache: "
          f"{cold / len(h19) * 1e6:.2f} µs)")
    t = best(lambda: [wait_faces(h) for h in h19], 1)
    print(f"waits: {t / len(h19) * 1e6:.2f} µs per 19-card hand (random hands)")
    t = best(lambda: [wait_faces(h) for h in w19], 1)
    print(f"waits: {t / len(w19) * 1e6:.2f} µs per 19-card hand (waiting hands)")
    [discard_table(h) for h in tables]
    t = best(lambda: [discard_table(h) for h in tables], 1, repeat=3)
    print(f"discard table: {t / len(tables) * 1e6:.0f} µs per 20-card hand")


if __name__ == "__main__":
    main()
