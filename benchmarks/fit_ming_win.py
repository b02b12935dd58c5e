"""Fit the map from the share of worlds the Ming advisor's play wins to the chance it
states (``win``), on decisions recorded by ``benchmarks/calibration.py --data``.

    python benchmarks/calibration.py --game ming --opponent advisor --deals 20 \\
        --jobs 1 --data self.jsonl
    python benchmarks/fit_ming_win.py self.jsonl [--write]

The share of worlds is over-confident: each world is solved with every hand known, so a
play that wins in every world drawn still loses some deals. The map is a straight line,
``win = a + b × share`` (least squares of the deal's outcome on the recorded share; the
recorded ``p`` is turned back into the share with the map in force), clipped to [0, 1] —
two numbers, so that a few hundred decisions fit it without chasing noise. ``--write``
saves it beside the advisor (``advisor/ming/win_map.json``); exact answers are not
mapped.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.ming.advice import WIN_MAP, WIN_MAP_PATH


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", type=Path)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    a0, b0 = WIN_MAP
    rows = [json.loads(line) for f in args.data for line in f.read_text().splitlines()]
    rows = [r for r in rows if r["p"] is not None and not r["certain"]]
    xs = [min(1.0, max(0.0, (r["p"] - a0) / b0)) for r in rows]
    ys = [1.0 if r["won"] else 0.0 for r in rows]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    a = my - b * mx
    print(f"{n} decisions: win = {a:.4f} + {b:.4f} × share (share 0 → {a:.3f}, "
          f"share 1 → {a + b:.3f})")
    if args.write:
        WIN_MAP_PATH.write_text(json.dumps(
            {"a": round(a, 4), "b": round(b, 4), "decisions": n,
             "fitted_on": [f.name for f in args.data]}, indent=1) + "\n")
        print(f"written to {WIN_MAP_PATH}")


if __name__ == "__main__":
    main()
