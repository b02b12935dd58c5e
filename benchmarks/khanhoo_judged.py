"""How much of each Khanhoo decision the advisor judges at a budget, and what its counted
work costs (the goal: every legal action judged at the default budget).

    python benchmarks/khanhoo_judged.py [--decisions 1000] [--players 3] [--seed 0]
                                        [--budget-ms 100] [--calibrate]

Collects DECISIONS decisions (more than one legal action) from deals played by `greedy`
bots, asks the advisor at BUDGET_MS for each, and prints the share of decisions in which
every legal action was judged, the share of actions judged, and the advisor's CPU time
per decision (``time.process_time``: the machine's other load does not count). With
``--calibrate`` it first judges every decision without a limit on the work and prints
the hands judged a millisecond of CPU (the advisor's ``PER_MS``) and the hands the
decisions need (median, 99th percentile).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.khanhoo.advice import PER_MS, Budget, advise
from advisor.khanhoo.bots import GreedyBot
from advisor.khanhoo.game import Action, Game
from advisor.khanhoo.view import View


def decisions(count: int, players: int, seed: int) -> list[tuple[View, list[Action]]]:
    """The first ``count`` decisions of greedy deals (deal k of seed s: s * 100003 + k)."""
    out: list[tuple[View, list[Action]]] = []
    bot = GreedyBot()
    k = 0
    while len(out) < count:
        g = Game.from_deal(players, seed * 100003 + k)
        k += 1
        while (d := g.pending) is not None and len(out) < count:
            legal = g.legal_actions()
            view = g.view(d.seat)
            if len(legal) > 1:
                out.append((view, legal))
                action = bot.decide(view, legal)
            else:
                action = legal[0]
            g.act(d.seat, action)
    return out


def centile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decisions", type=int, default=1000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget-ms", type=float, default=Budget().ms)
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--limit-ms", type=float, default=None,
                    help="the clock's safety cap (default: the budget's own, 2 s at least); "
                         "a loaded machine reaches it, so the decisions it cut are counted")
    args = ap.parse_args()
    ds = decisions(args.decisions, args.players, args.seed)
    if args.calibrate:
        unlimited = Budget(ms=1e9)
        hands, cpu = [], []
        for view, legal in ds:
            t = time.process_time()
            a = advise(view, legal, unlimited, seed=1)
            cpu.append(time.process_time() - t)
            hands.append(float(a.work.done))
        print(f"unlimited work: {sum(hands) / (1000 * sum(cpu)):.3f} hands per CPU ms "
              f"(PER_MS is {PER_MS}); hands needed: median {centile(hands, 0.5):.0f}, "
              f"99th percentile {centile(hands, 0.99):.0f}, most {max(hands):.0f}")
    every = judged = actions = cut = 0
    times = []
    for n, (view, legal) in enumerate(ds):
        t = time.process_time()
        adv = advise(view, legal, budget_ms=args.budget_ms, seed=n, limit_ms=args.limit_ms)
        cut += adv.cut is not None
        times.append(1000 * (time.process_time() - t))
        k = sum(o.judged for o in adv.options)
        judged += k
        actions += len(adv.options)
        every += k == len(adv.options)
    n = len(ds)
    print(f"{n} decisions ({args.players} players, seed {args.seed}), budget "
          f"{args.budget_ms:g} ms = {round(args.budget_ms * PER_MS)} hands: every action "
          f"judged in {every / n:.2%} of decisions; {judged / actions:.2%} of {actions} "
          f"actions judged; the clock's safety cap cut {cut} decisions")
    print(f"CPU ms per decision: mean {statistics.fmean(times):.1f}, median "
          f"{centile(times, 0.5):.1f}, 90th {centile(times, 0.9):.1f}, 99th "
          f"{centile(times, 0.99):.1f}, most {max(times):.1f}")


if __name__ == "__main__":
    main()
