"""Soak of the Qing Kanhu engine: many deals between built-in bots, every record replayed.

    python benchmarks/qing_soak.py [--deals 10000] [--seed 1] [--bots random,greedy,advisor:5]
                                   [--jobs 2]

For each bot kind, plays DEALS deals with that bot in every seat, the table size cycling
through 2–6 players and the options through the four combinations of ``eye6`` and
``extras_replace``; checks after every move that the 120 cards are all accounted for,
then that the pot settles to zero and the record replays valid through
``advisor.qing.record.replay``. Prints one line per kind:

    greedy: 10000 deals, 0 errors, 10000/10000 records valid, 7 deals/s, won 99.0% ...
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.qing.cards import PACK
from advisor.qing.game import Game
from advisor.qing.record import replay
from advisor.qing.rules import Rules
from advisor.qing.seats import make_bot

OPTIONS = [Rules(), Rules("wilkinson"), Rules(extras_replace=True),
           Rules("wilkinson", extras_replace=True)]


def soak(args: tuple[str, int, int, int]) -> tuple[int, int, int, Counter[str], int]:
    """Deals first … first + count − 1 of one kind: (deals, errors, valid records, how
    deals ended, moves)."""
    kind, seed, first, count = args
    errors = valid = moves = 0
    ends: Counter[str] = Counter()
    for k in range(first, first + count):
        players = 2 + k % 5
        rules = OPTIONS[(k // 5) % 4]
        bots = [make_bot(kind, seed=seed * 1000 + k * 10 + s) for s in range(players)]
        g = Game.from_deal(players, rng=random.Random(f"soak:{seed}:{kind}:{k}"), rules=rules)
        try:
            for s, bot in enumerate(bots):
                bot.start(s, rules.to_json())
            while (d := g.pending) is not None:
                legal = g.legal_actions()
                a = legal[0] if len(legal) == 1 else bots[d.seat].decide(g.view(d.seat), legal)
                g.act(d.seat, a)
                moves += 1
                assert g.cards_in_play() == PACK
            assert g.result is not None and sum(g.result.settlement) == 0
            ends[g.result.how or "drawn"] += 1
            r = replay(g.to_record([kind] * players))
            valid += r.valid
            assert r.valid, r.describe()
        except Exception:
            errors += 1
            if errors <= 3:
                traceback.print_exc()
    return count, errors, valid, ends, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy,advisor:5")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.jobs} processes")
    for kind in args.bots.split(","):
        start = time.perf_counter()
        step = max(1, -(-args.deals // (args.jobs * 8)))
        slices = [(kind, args.seed, k, min(step, args.deals - k))
                  for k in range(0, args.deals, step)]
        with ProcessPoolExecutor(args.jobs) as pool:
            parts = list(pool.map(soak, slices))
        deals = sum(p[0] for p in parts)
        errors = sum(p[1] for p in parts)
        valid = sum(p[2] for p in parts)
        moves = sum(p[4] for p in parts)
        ends: Counter[str] = Counter()
        for p in parts:
            ends.update(p[3])
        secs = time.perf_counter() - start
        how = ", ".join(f"{k} {v / deals:.1%}" for k, v in sorted(ends.items()))
        print(f"{kind}: {deals} deals, {errors} errors, {valid}/{deals} records valid, "
              f"{deals / secs:.1f} deals/s ({moves / secs:.0f} moves/s), {secs:.0f} s; "
              f"ended: {how}", flush=True)


if __name__ == "__main__":
    main()
