"""Fit the Qing value model (``advisor/qing/value_qing.json``) on simulated deals.

    python benchmarks/fit_value_qing.py --deals 1500 --seed 1

Deals of 2 to 6 players (``--players``, default "2,3,4,4,5,6": the table sizes in turn,
four players twice as often) dealt from ``random.Random(f"fit:qing:{seed}:{k}")`` (not
the calibration or strength benchmarks' deals), played by greedy seats and, one deal in
two, by the stronger rule-based seats (``greedy+``) where the game has them. At each
discard the hand it leaves, and at each draw the hand before it
(:class:`advisor.qing.value.State`), is recorded with whether the seat went on to win the
deal and whether the deal was drawn. Two logistic regressions (``fit_logistic`` of
fitting.py, a small ridge) on :func:`advisor.qing.value.features`: the chance to win,
the chance of a drawn deal. The last fifth of the deals is held out and its reliability
reported; the models are then refitted on every deal and written.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.qing.cards import minus
from advisor.qing.faces import GAME as QING
from advisor.qing.game import Action, Game
from advisor.qing.solver import solver
from advisor.qing.value import NAMES, PATH, State, features
from advisor.qing.view import View

Row = tuple[list[float], int, int, int]  # features, won, drawn, deal


def play(deal: int, players: int, seed: int, strong: bool, explore: float = 0.0) -> list[Row]:
    rng = random.Random(f"fit:qing:{seed}:{deal}")
    pick = random.Random(f"fit:qing:explore:{seed}:{deal}")
    g = Game.from_deal(players, seed=rng.randrange(2**31))
    make = QING.strong if strong and QING.strong is not None else QING.greedy
    bots = [make(rng.randrange(2**31)) for _ in range(players)]
    seen: list[tuple[int, State]] = []
    while not g.over:
        d = g.pending
        assert d is not None
        v = g.view(d.seat)
        legal = g.legal_actions()
        a = bots[d.seat].decide(v, legal)
        if explore and a.do == "discard" and pick.random() < explore:
            a = _another(v, legal, a, pick)
        if a.do == "discard" and a.card is not None:
            seen.append((d.seat, State.of(v, minus(v.hand, a.card.index), v.eye, v.target,
                                          v.own, draws_next=False, thrown=a.card)))
        elif a.do == "draw":
            seen.append((d.seat, State.of(v, v.hand, v.eye, v.target, v.own,
                                          draws_next=True)))
        g.act(d.seat, a)
    assert g.result is not None
    w = g.result.winner
    return [(features(st), int(w == s), int(w is None), deal) for s, st in seen]


def _another(v: View, legal: list[Action], chosen: Action, pick: random.Random) -> Action:
    """Exploration: another throw that leaves the same distance as the bot's, at random
    (so the fit sees the throws a bot would not make beside those it makes, and can
    tell what the thrown card itself is worth); the bot's when there is none."""
    s = solver(v.rules)

    def left(a: Action) -> int:
        assert a.card is not None
        return s.distance(minus(v.hand, a.card.index), eye=v.eye, target=v.target, own=v.own)

    want = left(chosen)
    others = [a for a in legal if a.do == "discard" and a != chosen and left(a) == want]
    return pick.choice(others) if others else chosen


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the Newton step; no numpy needed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[Row], col: int, ridge: float = 1.0, iterations: int = 30) -> list[float]:
    """A logistic regression by Newton's method on the penalised log-likelihood (no
    penalty on the intercept, the first feature)."""
    xs = [r[0] for r in rows]
    ys = [r[col] for r in rows]
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            p = predict(w, x)
            g = y - p
            h = p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                if x[i]:
                    hi = h * x[i]
                    row = hess[i]
                    for j in range(k):
                        row[j] += hi * x[j]
        for i in range(1, k):
            grad[i] -= ridge * w[i]
            hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return w


def predict(coef: list[float], f: list[float]) -> float:
    z = sum(c * v for c, v in zip(coef, f))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2,3,4,4,5,6")
    ap.add_argument("--out", type=Path, default=PATH)
    ap.add_argument("--explore", type=float, default=0.0,
                    help="the share of throws replaced by another leaving the same distance")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.players.split(",")]
    t0 = time.process_time()
    rows: list[Row] = []
    for k in range(args.deals):
        rows += play(k, sizes[k % len(sizes)], args.seed, strong=k % 2 == 1,
                     explore=args.explore)
    cut = args.deals * 4 // 5
    train = [r for r in rows if r[3] < cut]
    test = [r for r in rows if r[3] >= cut]
    win_c, drawn_c = fit(train, 1), fit(train, 2)
    print(f"{len(rows)} decisions of {args.deals} deals, {time.process_time() - t0:.0f} s CPU")
    print("held out (last fifth): tenth  n  stated  won")
    bins: dict[int, list[tuple[float, int]]] = {}
    for r in test:
        p = predict(win_c, r[0])
        bins.setdefault(min(9, int(p * 10)), []).append((p, r[1]))
    for b in sorted(bins):
        xs = bins[b]
        print(f"  {b / 10:.1f}  {len(xs):5d}  {statistics.fmean(p for p, _ in xs):.3f}  "
              f"{statistics.fmean(w for _, w in xs):.3f}")
    base = statistics.fmean(r[1] for r in test)
    brier = statistics.fmean((predict(win_c, r[0]) - r[1]) ** 2 for r in test)
    skill = 1 - brier / (base * (1 - base))
    print(f"  Brier {brier:.4f}, skill {skill:.3f} (base rate {base:.3f})")
    win_c, drawn_c = fit(rows, 1), fit(rows, 2)
    out = {"features": list(NAMES), "win": win_c, "drawn": drawn_c,
           "fitted": {"command": "python benchmarks/fit_value_qing.py " + " ".join(
               sys.argv[1:] if argv is None else argv),
               "date": datetime.date.today().isoformat(), "deals": args.deals,
               "decisions": len(rows), "seed": args.seed,
               "held_out": {"brier": round(float(brier), 4), "skill": round(float(skill), 3)}}}
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
