"""The Qing advisor's CPU time per decision at a budget with its playouts asked for
(``Budget(playouts_per_ms=PER_MS)``; the default advice plays none), by
``time.process_time()``, so the machine's load does not inflate it, over decisions of
greedy deals: to calibrate ``advisor.qing.advice.PER_MS`` (playouts a millisecond of
budget). The default advice's cost in every game: ``benchmarks/decision_cost.py``.

    python benchmarks/qing_latency.py --deals 6 --players 4 --budget-ms 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.qing.advice import PER_MS, Budget, advise
from advisor.qing.bots import GreedyBot
from advisor.qing.game import Game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget-ms", type=float, default=100.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    cpu: list[float] = []
    work: list[int] = []
    bot = GreedyBot()
    for k in range(args.deals):
        g = Game.from_deal(args.players, seed=args.seed * 1000 + k)
        while not g.over:
            d = g.pending
            assert d is not None
            v, legal = g.view(d.seat), g.legal_actions()
            if len(legal) > 1:
                t = time.process_time()
                adv = advise(v, legal, Budget(ms=args.budget_ms, seed=k,
                                              playouts_per_ms=PER_MS))
                cpu.append((time.process_time() - t) * 1000)
                work.append(adv.playouts)
            g.act(d.seat, bot.decide(v, legal))
    cpu.sort()
    q = statistics.quantiles(cpu, n=100)
    print(f"# {len(cpu)} decisions, {args.players} players, budget {args.budget_ms:g} ms, "
          f"PER_MS {PER_MS}")
    print(f"CPU ms: p50 {q[49]:.1f}  p90 {q[89]:.1f}  p99 {q[98]:.1f}  max {cpu[-1]:.1f}; "
          f"playouts mean {statistics.fmean(work):.1f}; "
          f"CPU ms per playout {sum(cpu) / max(1, sum(work)):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
