"""Fit the map from a game's model chance to the chance against other opponents, and
write it where the game's advisor reads it (``advisor/<game>/recalibration.json``; the
shared layer: ``advisor/games/recalibration.py``).

    python benchmarks/calibration.py --game chan --opponent advisor --deals 1500 --seed 5 \\
        --jobs 1 --data /tmp/self.jsonl
    python benchmarks/calibration.py --game chan --opponent random --deals 800 --seed 5 \\
        --jobs 1 --data /tmp/random.jsonl
    python benchmarks/fit_recalibration.py --opponents advisor --data /tmp/self.jsonl
    python benchmarks/fit_recalibration.py --opponents random --data /tmp/random.jsonl
    python benchmarks/fit_recalibration.py --game khanhoo --rules "3 players" \\
        --opponents advisor --data /tmp/khanhoo_self.jsonl

The data are the decisions ``benchmarks/calibration.py --data`` writes, made with the
default ``opponents`` (the model's own chance, against greedy players) — self-play for
``advisor``. Certain outcomes are left out (the advisor states them exactly). The map is
a Platt map on the logit, ``p' = σ(a · logit p + b)``, fitted by maximum likelihood
(Newton's method); ``a`` must come out positive (an increasing map keeps the ranking).
Prints the reliability by tenths before and after on the fitting data; the check on
other deals is ``benchmarks/calibration.py --advice-option opponents=…`` on another seed.
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

from command import parser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from advisor.calibration import Reliability  # noqa: E402
from advisor.games.recalibration import (  # noqa: E402
    OPPONENTS,
    fit,
    fit_knots,
    platt,
    through,
    write,
)

GAMES = ("chan", "khanhoo")
"""The games with maps (``advisor.<game>.recalibrate``)."""


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--opponents", choices=[o for o in OPPONENTS if o != "greedy"],
                    required=True)
    ap.add_argument("--data", type=Path, required=True, help="calibration.py --data output")
    ap.add_argument("--game", choices=GAMES, default="chan")
    ap.add_argument("--rules", default="house",
                    help="the maps' key: Chắn's rules, Khanhoo's table (\"3 players\")")
    ap.add_argument("--map", choices=("platt", "knots"), default="platt",
                    help="a Platt map on the logit, or increasing knots (isotonic by groups)")
    ap.add_argument("--bins", type=int, default=12, help="groups of the knots map")
    ap.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.data.read_text().splitlines() if line.strip()]
    pairs = [(float(r["p"]), bool(r["won"])) for r in rows if not r.get("certain")]
    if len(pairs) < 1000:
        raise SystemExit(f"--data: {len(pairs)} uncertain decisions; at least 1,000")
    before = Reliability.of(pairs)
    m: dict[str, object]
    if args.map == "knots":
        knots = fit_knots(pairs, args.bins)
        m = {"knots": [list(k) for k in knots]}
        after = Reliability.of((through(p, knots)[0], y) for p, y in pairs)
        print(f"{len(pairs)} uncertain decisions from {args.data}")
        print("map: through " + ", ".join(f"({p:.3f}, {q:.3f})" for p, q in knots))
    else:
        a, b = fit(pairs)
        if not a > 0:
            raise SystemExit(f"the fitted slope {a:.3f} is not positive: the map would not "
                             "keep the ranking")
        m = {"a": round(a, 6), "b": round(b, 6)}
        after = Reliability.of((platt(p, a, b), y) for p, y in pairs)
        print(f"{len(pairs)} uncertain decisions from {args.data}")
        print(f"map: p' = σ({a:.4f} · logit p {b:+.4f})")
    print("before (the model's chance):\n" + before.text())
    print("after (the mapped chance):\n" + after.text())
    if args.dry_run:
        return
    path = ROOT / "advisor" / args.game / "recalibration.json"
    write(path, args.rules, args.opponents, m, {
        "command": " ".join(["benchmarks/fit_recalibration.py", *sys.argv[1:]]),
        "date": datetime.date.today().isoformat(), "decisions": len(pairs),
        "brier_before": round(before.brier, 4), "brier_after": round(after.brier, 4),
        "worst_gap_100_after": round(after.worst_gap(), 4)})
    print(f"written: {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
