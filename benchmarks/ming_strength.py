"""Strength of the Ming Kanhu advisor against greedy bots, over duplicate deals.

    python benchmarks/ming_strength.py [--deals 2000] [--players 2] [--seed 1]
                                       [--budget-ms 20] [--opponent greedy] [--jobs 2]

Plays DEALS deals in duplicate (each deal once per seat rotation, so every player gets
every hand) between the advisor (seat spec ``advisor:BUDGET``) and PLAYERS − 1 copies of
the opponent, and prints each player's mean settlement per deal (M7) with its 95%
interval, and the advisor's time per decision. Goal: the advisor above zero with
confidence; at 2 players, at least +2 points per deal. The budget is wall-clock time: on
a loaded machine the advisor computes less and plays weaker. The deals are split into
slices played by JOBS processes and the slices merged (the deals are the same whatever
JOBS is).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.simulate import latency_summary
from advisor.ming.simulate import Summary, simulate


def slice_run(specs: list[str], games: int, seed: int, first: int) -> Summary:
    return simulate(specs, games=games, seed=seed, duplicate=True, first=first)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=20.0)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    specs = [f"advisor:{args.budget_ms:g}"] + [args.opponent] * (args.players - 1)
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}; {args.deals} deals × {args.players} seats, seed {args.seed}, "
          f"{specs}", flush=True)
    start = time.perf_counter()
    jobs = max(1, min(args.jobs, args.deals))
    size = -(-args.deals // jobs)
    cuts = [(k, min(size, args.deals - k)) for k in range(0, args.deals, size)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(slice_run, [specs] * len(cuts), [n for _, n in cuts],
                              [args.seed] * len(cuts), [k for k, _ in cuts]))
    total = parts[0]
    for part in parts[1:]:
        total.merge(part)
    for p in total.players:
        lo, hi = p.ci95()
        print(f"player {p.player} {p.spec:<14} mean settlement {p.mean:+.3f} per deal "
              f"played, 95% CI [{lo:+.3f}, {hi:+.3f}], top score alone in {p.win_share:.1%}")
    lat = latency_summary(total.latencies.get(0, []))
    print(f"advisor decisions: {lat}")
    print(f"{total.games} games in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
