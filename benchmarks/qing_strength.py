"""Strength of the Qing Kanhu advisor: its win share against three ``greedy`` bots.

    python benchmarks/qing_strength.py [--deals 1000] [--budget-ms 20] [--seed 1]
                                       [--opponent greedy] [--jobs 2]

Plays DEALS deals in duplicate at a table of four (each deal once per seat rotation, so
every player gets every hand) between the advisor (seat spec ``advisor:BUDGET``) and
three copies of the opponent, and prints each player's wins and win share with its 95%
interval, then the advisor's share over the opponents' mean share (goal: 1.5) with a 95%
interval from a bootstrap over the deals (the four rotations of a deal stay together).
The budget is wall-clock time: on a loaded machine the advisor samples less. The deals
are split into slices played by JOBS processes and merged (the same deals whatever JOBS
is).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.simulate import latency_summary
from advisor.qing.game import Game
from advisor.qing.simulate import Summary, simulate


def run_slice(args: tuple[list[str], int, int, int]) -> tuple[Summary, list[list[int]]]:
    """A slice of the run, and per deal the wins of each player (over its rotations)."""
    specs, seed, first, games = args
    per_deal: list[list[int]] = []

    def on_game(game: Game, by_seat: list[str]) -> None:
        n = len(specs)
        rotation = (by_seat.index(specs[0]) - 0) % n  # player 0 sits at seat `rotation`
        if rotation == 0:
            per_deal.append([0] * n)
        winner = game.result.winner if game.result else None
        if winner is not None:
            per_deal[-1][(winner - rotation) % n] += 1

    s = simulate(specs, games=games, seed=seed, duplicate=True, first=first, on_game=on_game)
    return s, per_deal


def ratio(rows: list[list[int]]) -> float:
    adv = sum(r[0] for r in rows)
    others = sum(sum(r[1:]) for r in rows) / 3
    return adv / others if others else float("inf")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--budget-ms", type=float, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    specs = [f"advisor:{args.budget_ms:g}"] + [args.opponent] * 3
    print(f"python {platform.python_version()} on {platform.machine()}, {args.jobs} processes; "
          f"{args.deals} deals × 4 seats: {', '.join(specs)}", flush=True)
    start = time.perf_counter()
    step = max(1, -(-args.deals // (args.jobs * 8)))
    slices = [(specs, args.seed, k, min(step, args.deals - k))
              for k in range(0, args.deals, step)]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(run_slice, slices))
    s = parts[0][0]
    rows = list(parts[0][1])
    for part, more in parts[1:]:
        s.merge(part)
        rows += more
    seconds = time.perf_counter() - start
    for p in s.players:
        lo, hi = p.share_ci95()
        print(f"{p.player} {p.spec:<14} wins {p.wins:>5}  share {p.win_share:.3f} "
              f"[{lo:.3f}, {hi:.3f}]  mean settlement {p.mean:+.3f}")
    rng = random.Random(args.seed)
    boot = sorted(ratio([rows[rng.randrange(len(rows))] for _ in rows]) for _ in range(2000))
    lo, hi = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
    print(f"advisor share / opponents' mean share = {ratio(rows):.2f} [{lo:.2f}, {hi:.2f}] "
          f"(95%, bootstrap over {len(rows)} deals; goal 1.5); drawn {s.draws} of {s.games} "
          f"games; {seconds:.0f} s")
    print(f"advisor time per decision (ms): {latency_summary(s.latencies.get(0, []))}")


if __name__ == "__main__":
    main()
