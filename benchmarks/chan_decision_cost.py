"""The CPU cost of Chắn's advice per decision, on the decisions of greedy deals (every
stage of a deal, the slow ones included): ``time.process_time()``, so that the others'
load on the machine does not count.

    python benchmarks/chan_decision_cost.py --deals 200 [--budget-ms 100] [--samples 20]
                                           [--look]

The default advice's work is counted — every legal action judged by the value model —;
with ``--look``, at a close call also the worlds the budget buys (``LOOK_PER_MS`` a
millisecond); ``--samples N`` plays exactly N playout worlds of the leading actions. Prints
the median, 99th percentile and worst CPU milliseconds per decision, the share of
decisions that played worlds and their cost, and the cost per world played (or per
action judged when none were).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.chan.advice import DEFAULT_BUDGET_MS, advise
from advisor.chan.bots import GreedyBot
from advisor.chan.game import Game


def pick(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    ap.add_argument("--look", action="store_true", help="look at close calls")
    args = ap.parse_args()
    per_decision: list[float] = []
    per_unit: list[float] = []
    played: list[float] = []
    per_world: list[float] = []
    bot = GreedyBot()
    for k in range(args.deals):
        g = Game.from_deal(seed=args.seed * 100_003 + k)
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) > 1:
                view = g.view(d.seat)
                t0 = time.process_time()
                a = advise(view, legal, seed=k, samples=args.samples,
                           budget_ms=args.budget_ms, look=args.look)
                ms = (time.process_time() - t0) * 1000
                per_decision.append(ms)
                work = a.answer().work
                per_unit.append(ms / max(work.done, 1))
                if work.unit == "worlds" and work.done:
                    played.append(ms)
                    per_world.append(ms / work.done)
            g.act(d.seat, bot.decide(g.view(d.seat), legal) if len(legal) > 1 else legal[0])
    print(f"# {' '.join(sys.argv)}")
    print(f"{len(per_decision)} decisions of {args.deals} greedy deals (seed {args.seed}), "
          f"budget {args.budget_ms:g} ms, samples {args.samples}: CPU ms per decision median "
          f"{pick(per_decision, 0.5):.2f}, 99 % {pick(per_decision, 0.99):.2f}, worst "
          f"{max(per_decision):.2f}")
    if played:
        print(f"{len(played)} decisions ({len(played) / len(per_decision):.0%}) played worlds:"
              f" CPU ms median {pick(played, 0.5):.2f}, 99 % {pick(played, 0.99):.2f}; per "
              f"world median {pick(per_world, 0.5):.3f}, 99 % {pick(per_world, 0.99):.3f}")
    else:
        print(f"per action judged: median {pick(per_unit, 0.5):.3f}, 99 % "
              f"{pick(per_unit, 0.99):.3f}")


if __name__ == "__main__":
    main()
