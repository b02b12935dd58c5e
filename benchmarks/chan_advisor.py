"""Strength and latency of the Chắn advisor: duplicate tournaments against baseline bots.

    python benchmarks/chan_advisor.py --seats advisor,greedy,greedy,greedy --deals 2000
    python benchmarks/chan_advisor.py --seats advisor,random,random,random --deals 500
    python benchmarks/chan_advisor.py --seats advisor:5,advisor:30,advisor:5,advisor:30 --deals 150

Each deal is played four times with the players rotated (duplicate), so every player
gets every hand. The deals are split into slices played by --jobs processes and the
slices summed (the deals are the same whatever --jobs is). Prints, per player: deals,
wins, win share, mean settlement per deal with its 95% confidence interval; the first
player's win share against the average of the others; and the advisors' decision
latencies (median, 99th percentile, max) — measured while --jobs processes run, so for
latency alone use --jobs 1 on an idle machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.chan.simulate import Summary, latency_summary, simulate


def run_slice(args: tuple[list[str], int, int, int, str]) -> Summary:
    specs, seed, first, games, rules = args
    return simulate(specs, games=games, seed=seed, duplicate=True, rules=rules, first=first)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", default="advisor,greedy,greedy,greedy")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="house")
    ap.add_argument("--json", dest="as_json", action="store_true")
    args = ap.parse_args()
    specs = [s.strip() for s in args.seats.split(",")]
    step = -(-args.deals // (args.jobs * 4))
    slices = [(specs, args.seed, k, min(step, args.deals - k), args.rules)
              for k in range(0, args.deals, step)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(run_slice, slices))
    total = parts[0]
    for p in parts[1:]:
        total.merge(p)
    wall = time.perf_counter() - start
    share = [p.wins / p.deals for p in total.players]
    others = sum(share[1:]) / (len(share) - 1)
    ratio = share[0] / others if others else float("inf")
    out = total.to_json()
    out["wall_seconds"] = round(wall, 1)
    out["first_vs_average_win_share"] = round(ratio, 3)
    out["advisor_latency_ms"] = {str(p): latency_summary(v) for p, v in total.latencies.items()}
    if args.as_json:
        print(json.dumps(out))
        return
    print(f"# {' '.join(sys.argv)}")
    print(f"# Python {platform.python_version()}, {args.jobs} processes, {wall:.0f} s wall")
    print(f"{total.deals} deals × 4 rotations = {total.games} games, seed {args.seed}, "
          f"rules {args.rules}, draws {total.draws}")
    for p in total.players:
        lo, hi = p.ci95()
        print(f"  player {p.player} {p.spec:<12} wins {p.wins:>5} ({p.wins / p.deals:6.1%})  "
              f"mean {p.mean:+7.3f}  95% CI [{lo:+.3f}, {hi:+.3f}]")
    print(f"  player 0's win share ÷ the others' average: {ratio:.2f}")
    for p, lat in out["advisor_latency_ms"].items():
        print(f"  player {p} decisions: {lat}")


if __name__ == "__main__":
    main()
