"""Speed of the Qing Kanhu solver and engine.

    python benchmarks/qing_eval.py [--hands 20000] [--analyses 300] [--deals 100] [--seed 1]

* win checks per second on random 15-card hands (each hand dealt from the 120-card pack;
  a fresh solver, so the first hands fill its cache as in a real run), for both settings
  of ``extras_replace``;
* ``analyze`` of a random 15-card hand (the win, every discard with its distance and
  waits): median and worst, in milliseconds;
* deals per second between four ``greedy`` bots, and between four ``random`` bots.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.qing.analysis import analyze
from advisor.qing.cards import CARDS, counts_of
from advisor.qing.faces import GAME as QING
from advisor.qing.game import Game
from advisor.qing.position import Position
from advisor.qing.rules import Rules
from advisor.qing.solver import Solver

DECK = [c for c in CARDS for _ in range(4)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--analyses", type=int, default=300)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    rng = random.Random(args.seed)
    hands = [counts_of(rng.sample(DECK, 15)) for _ in range(args.hands)]
    for rules in (Rules(), Rules(extras_replace=True)):
        s = Solver(rules)
        start = time.perf_counter()
        wins = sum(s.wins(h) for h in hands)
        secs = time.perf_counter() - start
        print(f"win check ({rules.describe()}): {args.hands / secs:,.0f} hands/s "
              f"({wins} of {args.hands} win)")
    times = []
    for h in hands[:args.analyses]:
        start = time.perf_counter()
        analyze(Position(Rules(), h))
        times.append(time.perf_counter() - start)
    print(f"analyze of a 15-card hand over {len(times)} hands: median "
          f"{statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms")
    for kind in ("greedy", "random"):
        start = time.perf_counter()
        moves = 0
        for k in range(args.deals):
            g = Game.from_deal(4, rng=random.Random(f"eval:{args.seed}:{k}"))
            moves += QING.play(g, [QING.make_bot(kind, seed=k * 4 + s) for s in range(4)])[0]
        secs = time.perf_counter() - start
        print(f"4 {kind} bots: {args.deals / secs:.1f} deals/s ({moves / secs:.0f} moves/s)")


if __name__ == "__main__":
    main()
