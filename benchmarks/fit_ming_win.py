"""Fit the maps from the share of worlds the Ming advisor's play wins to the chance it
states (``win``) against each kind of opponents (:mod:`advisor.ming.recalibrate`), on
decisions recorded by ``benchmarks/calibration.py --data``.

    python benchmarks/calibration.py --game ming --opponent advisor --deals 20 \\
        --jobs 1 --data self.jsonl
    python benchmarks/fit_ming_win.py --opponents advisor --players 2 self.jsonl [--write]

The share of worlds is over- or under-confident, depending on the opponents: each world
is solved with every hand known and played by ``greedy+`` rules above its exact end. The
map is a straight line, ``win = a + b × share`` (least squares of the deal's outcome on
the share; ``b`` kept above 0 so that the map is increasing), clipped to [0.01, 0.99] — two
numbers, so that a few hundred decisions fit it without chasing noise. The share is the
row's ``share`` (recorded since the maps); rows recorded before have only ``p``, which
was then the share itself. ``--check`` prints the reliability of the map on other data
(held out), and ``--png`` draws its reliability diagram with the map applied (the
held-out decisions, else those fitted on; ``benchmarks/calibration.py``'s drawing).
``--write`` saves the map in ``advisor/ming/recalibration.json``; exact
answers are not mapped.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.calibration import Reliability
from advisor.ming.recalibrate import HIGH, LOW, OPPONENTS, PATH

MIN_SLOPE = 0.05


def decisions(files: list[Path]) -> list[dict[str, Any]]:
    """Every decision not exact, its deal named by its file (each file's deals are
    numbered from 0)."""
    out = []
    for f in files:
        for text in f.read_text().splitlines():
            r: dict[str, Any] = json.loads(text)
            if r.get("certain") or r.get("p") is None:
                continue
            out.append({**r, "deal": f"{f.name}:{r.get('deal')}",
                        "share": float(r.get("share", r["p"]))})
    return out


def rows_of(files: list[Path]) -> list[tuple[float, bool]]:
    """(share, won) of every decision not exact."""
    return [(r["share"], bool(r["won"])) for r in decisions(files)]


def fit(rows: list[tuple[float, bool]]) -> tuple[float, float]:
    """Least squares of the outcome on the share, the slope kept at least
    :data:`MIN_SLOPE`."""
    n = len(rows)
    mx = sum(x for x, _ in rows) / n
    my = sum(y for _, y in rows) / n
    sxx = sum((x - mx) ** 2 for x, _ in rows)
    b = sum((x - mx) * (y - my) for x, y in rows) / sxx if sxx else 1.0
    b = max(b, MIN_SLOPE)
    return my - b * mx, b


def mapped(rows: list[tuple[float, bool]], a: float, b: float) -> Reliability:
    return Reliability.of((min(HIGH, max(LOW, a + b * x)), y) for x, y in rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", type=Path)
    ap.add_argument("--opponents", choices=OPPONENTS, required=True)
    ap.add_argument("--players", type=int, choices=(2, 3), required=True)
    ap.add_argument("--check", nargs="*", type=Path, default=[],
                    help="held-out decisions to check the map on")
    ap.add_argument("--png", type=Path, help="draw the mapped reliability diagram here")
    ap.add_argument("--title", default="Ming Kanhu · chance to win the deal")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    rows = rows_of(args.data)
    a, b = fit(rows)
    print(f"{len(rows)} decisions against {args.opponents} ({args.players} players): "
          f"win = {a:.4f} + {b:.4f} × share (share 0 → {a:.3f}, 1 → {min(1, a + b):.3f})")
    before = Reliability.of(rows)
    after = mapped(rows, a, b)
    print(f"fitted on: Brier {before.brier:.4f} → {after.brier:.4f}, worst tenth (≥ 100) "
          f"{before.worst_gap(100):.3f} → {after.worst_gap(100):.3f}")
    print(after.text())
    held: dict[str, Any] = {}
    if args.check:
        test = rows_of(args.check)
        t0, t1 = Reliability.of(test), mapped(test, a, b)
        print(f"held out, {len(test)} decisions: Brier {t0.brier:.4f} → {t1.brier:.4f}, "
              f"worst tenth (≥ 100) {t0.worst_gap(100):.3f} → {t1.worst_gap(100):.3f}")
        print(t1.text())
        held = {"held_out": len(test), "held_out_worst_gap_100": round(t1.worst_gap(100), 4)}
    if args.png:
        from benchmarks.calibration import draw

        drawn = [{**r, "p": min(HIGH, max(LOW, a + b * r["share"]))}
                 for r in decisions(args.check or args.data)]
        rel = Reliability.of((r["p"], bool(r["won"])) for r in drawn)
        draw(rel, drawn, args.title, args.png)
        print(f"drawn: {args.png}")
    if args.write:
        data: dict[str, Any] = json.loads(PATH.read_text()) if PATH.exists() else {}
        data.setdefault("maps", {}).setdefault(str(args.players), {})[args.opponents] = {
            "a": round(a, 4), "b": round(b, 4)}
        data.setdefault("fitted", {}).setdefault(str(args.players), {})[args.opponents] = {
            "command": "benchmarks/fit_ming_win.py " + " ".join(sys.argv[1:]),
            "date": date.today().isoformat(), "decisions": len(rows),
            "brier_before": round(before.brier, 4), "brier_after": round(after.brier, 4),
            "worst_gap_100_after": round(after.worst_gap(100), 4), **held}
        PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"written to {PATH}")


if __name__ == "__main__":
    main()
