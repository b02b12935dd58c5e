"""Simulate and advice speed of two checkouts, measured alternately.

    git worktree add /tmp/before REV
    python benchmarks/trees_speed.py --before /tmp/before --after . [--rounds 5]

Each round runs every measure once in BEFORE, then once in AFTER (alternating, so that a
busy machine slows both alike), each tree alone on ``PYTHONPATH`` with the interpreter
running this script, from the tree's root. A simulate is timed by the ``seconds`` its
``--json`` reports (the deals alone) and by the process's wall time; an advice by the
median of the ``ms`` its ``--json`` reports over ``--advice-runs`` processes. Prints, per
measure and tree, the median and the range over the rounds, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNNER = "import sys; sys.argv[0] = 'advisor'; from advisor.cli import run; run()"
SIMULATE = {
    "chan simulate, 500 deals, 4 greedy":
        "chan simulate --games 500 --seed 1 --seats greedy,greedy,greedy,greedy --json",
    "khanhoo simulate, 200 deals, 3 greedy":
        "khanhoo simulate --games 200 --seed 1 --seats greedy,greedy,greedy --json",
    "ming simulate, 200 deals, 2 greedy":
        "ming simulate --games 200 --seed 1 --seats greedy,greedy --json",
    "qing simulate, 100 deals, 4 greedy":
        "qing simulate --games 100 --seed 1 --seats greedy,greedy,greedy,greedy --json",
}
ADVISE = {
    "chan advise examples/view.json": "chan advise examples/view.json --json",
    "khanhoo advise examples/khanhoo_advice.json":
        "khanhoo advise examples/khanhoo_advice.json --json",
}


def advisor(tree: Path, args: str) -> tuple[float, dict]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUNNER, *args.split()], cwd=tree, env=env,
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    return wall, json.loads(done.stdout)


def spread(values: list[float], unit: str) -> str:
    return (f"{statistics.median(values):.3g} {unit} "
            f"({min(values):.3g}–{max(values):.3g})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True)
    ap.add_argument("--after", type=Path, required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--advice-runs", type=int, default=30)
    opts = ap.parse_args()
    trees = {"before": opts.before.resolve(), "after": opts.after.resolve()}
    results: dict[tuple[str, str, str], list[float]] = {}
    loads = [os.getloadavg()[0]]
    for r in range(opts.rounds):
        for name, args in SIMULATE.items():
            for side, tree in trees.items():
                wall, out = advisor(tree, args)
                results.setdefault((name, side, "s"), []).append(out["seconds"])
                results.setdefault((name + " (wall)", side, "s"), []).append(wall)
        for name, args in ADVISE.items():
            for side, tree in trees.items():
                ms = [advisor(tree, args)[1]["ms"] for _ in range(opts.advice_runs)]
                results.setdefault((name, side, "ms"), []).append(statistics.median(ms))
        loads.append(os.getloadavg()[0])
        print(f"round {r + 1} done, load {loads[-1]:.2f}", file=sys.stderr, flush=True)
    print("| measure | before | after |")
    print("|---|---|---|")
    names = dict.fromkeys((n, u) for n, _, u in results)
    for name, unit in names:
        cells = [spread(results[(name, side, unit)], unit) for side in trees]
        print(f"| {name} | {cells[0]} | {cells[1]} |")
    print(f"\n{opts.rounds} rounds; load average (1 min) {min(loads):.2f}–{max(loads):.2f}")
    print("Each cell: the median of the rounds (the range). A simulate's time is the "
          "`seconds` of its `--json`;")
    print("an advice's the median over the round's runs of the `ms` of its `--json`.")


if __name__ == "__main__":
    main()
