"""Do a review's losses predict results? Over deals between players of the kinds
``--seats`` names, each seat's total ``loss_expected`` (and ``loss_win``) from its review
against its actual settlement: the Pearson correlation, with a 95 % interval (Fisher's z).

    python benchmarks/review_correlation.py [--deals 200] [--budget-ms 20] [--jobs 1]
        [--every N] [--seats random,greedy,advisor]

``--seats`` (default ``random,greedy,advisor``: weak, casual and the advisor's play, at
the default budget) are seated in turn: at deal ``k`` seat ``s`` plays the kind
``(s + k) mod`` their number, so every kind sits in every seat; ``--seats greedy`` is
the harder test of a table of equals, where every seat plays alike. Beside the review's
figures, the correlation of the seat's kind (its place in ``--seats``, weakest first:
0, 1, 2 …, negated) with its settlement: what knowing only who the weaker player is says
of a deal's result, a yardstick for the review's.

``--every N`` prints the figures so far after every N deals (deals 0, 1, … in order), so
a run cut short on a busy machine still states what it measured.

A seat whose decisions lost more should, on average, settle worse: a negative
correlation. Every seat of every deal is one point (deals at the smallest table; Chắn: 4
players). A loss the advice could not state (a game that states ``expected`` only when
certain, Khanhoo) counts as 0 for ``loss_expected``; the chance lost is reported beside it.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.review import review
from advisor.registry import GAMES, game

Row = tuple[float, float, float, float]


def one(args: tuple[str, int, float, tuple[str, ...]]) -> list[Row]:
    """(loss_expected, loss_win, settlement, −the seat's kind) of every seat of deal
    ``seed``."""
    name, seed, budget, kinds = args
    spec = game(name)
    n = 4 if name == "chan" else spec.players[0]
    g = spec.deal(n, seed)
    kind = [(s + seed) % len(kinds) for s in range(n)]  # seat s plays kinds[kind[s]]
    spec.play(g, [spec.make_bot(kinds[kind[s]], seed=seed * 7 + s) for s in range(n)])
    pays = [o[0] for o in spec.outcome(g)]
    r = review(spec, g.to_record(), budget_ms=budget, seed=seed, exact=False)
    out = []
    for s, x in r.summary().items():
        out.append((x.loss_expected or 0.0, x.loss_win, float(pays[s]), -float(kind[s])))
    return out


def pearson(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return math.nan, math.nan, math.nan
    r = sxy / math.sqrt(sxx * syy)
    z, half = math.atanh(max(-0.999999, min(0.999999, r))), 1.96 / math.sqrt(n - 3)
    return r, math.tanh(z - half), math.tanh(z + half)


def shown(r: tuple[float, float, float]) -> str:
    return "—" if math.isnan(r[0]) else f"{r[0]:+.3f} [{r[1]:+.3f}, {r[2]:+.3f}]"


def line(name: str, deals: int, rows: list[Row]) -> str:
    """The table's line of ``name`` over ``rows`` (every seat of ``deals`` deals)."""
    le, lw, pay, kind = ([r[i] for r in rows] for i in range(4))
    return (f"{name} | {deals} | {len(rows)} | {shown(pearson(le, pay))} | "
            f"{shown(pearson(lw, pay))} | {shown(pearson(kind, pay))}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--budget-ms", type=float, default=20.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--games", default=",".join(g.name for g in GAMES))
    ap.add_argument("--every", type=int, default=0,
                    help="print the figures so far after every N deals")
    ap.add_argument("--seats", default="random,greedy,advisor",
                    help="the kinds of players seated in turn (seat specs)")
    args = ap.parse_args()
    kinds = tuple(args.seats.split(","))
    print(f"# seats: {', '.join(kinds)} in turn; the review's budget {args.budget_ms:g} ms")
    print("game | deals | seats | r(loss_expected, settlement) [95 %] | "
          "r(loss_win, settlement) [95 %] | r(−kind, settlement) [95 %]")
    for name in args.games.split(","):
        work = [(name, seed, args.budget_ms, kinds) for seed in range(args.deals)]
        rows: list[Row] = []
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                got = pool.map(one, work, chunksize=4)
                for k, deal in enumerate(got, 1):
                    rows.extend(deal)
                    if args.every and k % args.every == 0 and k < args.deals:
                        print(f"  so far: {line(name, k, rows)}", flush=True)
        else:
            for k, w in enumerate(work, 1):
                rows.extend(one(w))
                if args.every and k % args.every == 0 and k < args.deals:
                    print(f"  so far: {line(name, k, rows)}", flush=True)
        print(line(name, args.deals, rows), flush=True)


if __name__ == "__main__":
    main()
