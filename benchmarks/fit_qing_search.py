"""Fit the map from the Qing search's playouts to the chance it states for the ``greedy+``
player's choice (its anchor), and print it for ``advisor/qing/advice.py``
(:data:`~advisor.qing.advice.SEARCH_MAP`). Needs NumPy (the ``bench`` extra).

    ADVISOR_CORE=required python benchmarks/calibration.py --game qing --players 4 \\
        --opponent greedy+ --deals 150 --seed 7 --jobs 2 --advice-option search=1 \\
        --data /tmp/qing_search.jsonl
    python benchmarks/fit_qing_search.py --data /tmp/qing_search.jsonl

``--data`` may be given several times (decisions against different opponents, fitted
together); each file's figures are printed apart too, for the fitted map and for the
one in the code.

Worlds dealt uniformly from the VIEW give the other seats random hands, weaker than the
hands they kept, so the share of its worlds an action wins overstates its chance; but it
tells good positions from bad better than the value model's chance does. The map is a
Platt map of the share moved toward the model: ``σ(a · logit s + b)`` with ``s = (won +
k · m) / (worlds + k)``, where ``m`` is the model's chance taken back through the map
(``σ((logit model − b) / a)``), so that with no world played the map states the model's
chance, and the more worlds the more the share counts. ``a`` and ``b`` are fitted by
maximum likelihood (a grid, then a finer one) on the decisions whose chosen action was
the anchor (certain wins left out), ``k`` given (``--prior``). Prints the skill (1 − Brier
÷ the base rate's) of the model's chance, of the raw share and of the map on the fitting
data; the check on other deals is ``benchmarks/calibration.py`` on another seed.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from command import parser

from advisor.qing.advice import SEARCH_MAP


def stated(a: float, b: float, k: float, won: np.ndarray, worlds: np.ndarray,
           model: np.ndarray) -> np.ndarray:
    """The map's chances (as :func:`advisor.qing.advice._anchor_chance` states them)."""
    m = 1 / (1 + np.exp(-(_logit(model) - b) / a))
    s = (won + k * m) / (worlds + k)
    return 1 / (1 + np.exp(-(a * _logit(s) + b)))


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return np.log(p / (1 - p))


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--data", type=Path, action="append", required=True,
                    help="calibration.py --data output (several: fitted together)")
    ap.add_argument("--prior", type=float, default=5.0, help="k: worlds the model counts as")
    args = ap.parse_args()
    rows = [dict(json.loads(line), source=str(path)) for path in args.data
            for line in path.read_text().splitlines() if line]
    rows = [r for r in rows if not r["certain"] and r.get("anchor") and r.get("worlds")
            and r.get("share") is not None and r.get("model") is not None]
    if not rows:
        raise SystemExit("--data: no decision of the search's anchor (calibration.py "
                         "--advice-option search=1 --data)")
    k = args.prior
    worlds = np.array([r["worlds"] for r in rows], dtype=float)
    won = np.array([r["share"] for r in rows]) * worlds
    model = np.array([r["model"] for r in rows])
    y = np.array([1.0 if r["won"] else 0.0 for r in rows])

    def loss(a: float, b: float) -> float:
        p = np.clip(stated(a, b, k, won, worlds, model), 1e-9, 1 - 1e-9)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    best = min((loss(a, b), a, b) for a in np.arange(0.3, 1.5, 0.02)
                for b in np.arange(-2.0, 0.5, 0.02))
    _, a0, b0 = best
    best = min((loss(a, b), a, b) for a in np.arange(a0 - 0.02, a0 + 0.02, 0.002)
                for b in np.arange(b0 - 0.02, b0 + 0.02, 0.002))
    _, a, b = best
    rate = float(y.mean())

    def skill(p: np.ndarray) -> float:
        return 1 - float(np.mean((p - y) ** 2)) / (rate * (1 - rate))

    print(f"{len(rows)} decisions (the anchor chosen, not certain), base rate {rate:.3f}, "
          f"worlds median {np.median(worlds):.0f}")
    print(f"skill of the model's chance {skill(model):.4f}, of the share "
          f"{skill(won / worlds):.4f}, of the map {skill(stated(a, b, k, won, worlds, model)):.4f}")
    source = np.array([r["source"] for r in rows])
    coded = stated(SEARCH_MAP[0], SEARCH_MAP[1], SEARCH_MAP[2], won, worlds, model)
    fitted = stated(a, b, k, won, worlds, model)
    for path in args.data:
        at = source == str(path)
        for name, p in (("fitted", fitted), ("in the code", coded)):
            print(f"  {path.name}: {int(at.sum())} decisions, the map {name}: "
                  f"{_figures(p[at], y[at])}")
    print(json.dumps({"a": round(float(a), 4), "b": round(float(b), 4), "prior": k}))


def _figures(p: np.ndarray, y: np.ndarray) -> str:
    """Skill, and the worst tenth's gap (tenths of the stated chance holding ≥ 100)."""
    rate = float(y.mean())
    skill = 1 - float(np.mean((p - y) ** 2)) / (rate * (1 - rate))
    gaps = []
    for t in range(10):
        at = (p >= t / 10) & ((p < (t + 1) / 10) if t < 9 else (p <= 1))
        if at.sum() >= 100:
            gaps.append((abs(float(y[at].mean() - p[at].mean())), t))
    worst = max(gaps) if gaps else (0.0, -1)
    return (f"skill {skill:.3f}, worst tenth {worst[0]:.3f}"
            + (f" (0.{worst[1]}–{(worst[1] + 1) / 10:.1f})" if worst[1] >= 0 else ""))


if __name__ == "__main__":
    main()
