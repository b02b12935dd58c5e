"""Strength of a game's advisor against baseline bots, for any registered game.

    python benchmarks/strength.py --game qing [--deals 1000] [--players 4] [--seed 1]
                                  [--budget-ms 20] [--opponent greedy] [--jobs 2]
                                  [--cluster tcp://HOST:8786] [--seats SPEC,SPEC,…]
                                  [--minutes 15 --chunk 5]

Plays DEALS deals in duplicate (each deal once per seat rotation, so every player gets
every hand) between the advisor (``advisor:BUDGET_MS``) and PLAYERS − 1 copies of the
opponent — or the players of ``--seats`` — through the game's simulator, in JOBS local
processes or on a Dask cluster (``advisor.games.parallel``: the same result for any
JOBS, but for the advisor's time budget, which is wall-clock time). Prints each player's
wins and win share with its 95% interval, mean settlement per game with its 95%
interval, the advisor's decision times, and the first player's win share over the other
players' mean share with a 95% interval (delta method, the games' winners taken as
multinomial draws; the rotations of one deal are not independent, so the intervals are
indicative) and, per deal, the same ratio and the mean settlement with intervals from the
spread between deals (:func:`advisor.games.simulate.duplicate_figures`: the figures to
quote).

With ``--minutes M`` the run plays the deals ``0, 1, 2, …`` in chunks of ``--chunk``
deals (the same deals as one run of as many) until M minutes have passed, then stops at
the end of the chunk in play: as many duplicate deals as fit the time, ``--deals`` the
most. The summary says how many were played.
"""

from __future__ import annotations

import math
import platform
import sys
import time
from pathlib import Path
from typing import Any

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.parallel import simulate_in_slices
from advisor.games.simulate import duplicate_figures
from advisor.registry import game as registered
from advisor.registry import names

Z95 = 1.959964


def share_ratio(shares: list[float], games: int) -> tuple[float, float, float]:
    """The first share over the mean of the others, and its 95% interval: the delta
    method with the multinomial covariances of shares from ``games`` games with one
    winner each (or none).

    >>> r, lo, hi = share_ratio([0.4, 0.2, 0.2, 0.2], 1000)
    >>> round(r, 2), round(lo, 2), round(hi, 2)  # sampled: 2.5th and 97.5th centiles 1.76, 2.26
    (2.0, 1.75, 2.25)
    """
    a, others = shares[0], shares[1:]
    k = len(others)
    o = sum(others) / k
    if o == 0 or games == 0:
        return math.inf, math.nan, math.nan
    var_a = a * (1 - a) / games
    var_o = (sum(p * (1 - p) for p in others)
             - sum(p * q for i, p in enumerate(others) for j, q in enumerate(others)
                   if i != j)) / (k * k * games)
    cov_ao = -a * o / games
    r = a / o
    var_r = r * r * (var_a / (a * a) + var_o / (o * o) - 2 * cov_ao / (a * o)) if a else \
        var_a / (o * o)
    half = Z95 * math.sqrt(max(var_r, 0.0))
    return r, r - half, r + half


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--game", choices=names(), required=True)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--players", type=int, default=None,
                    help="Players at the table (default: the game's fewest).")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=20.0)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--seats", default=None,
                    help="The players, seat 0 first (instead of the advisor and opponents).")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--cluster", default=None)
    ap.add_argument("--minutes", type=float, default=None,
                    help="Play chunks of deals until this many minutes have passed.")
    ap.add_argument("--chunk", type=int, default=5, help="Deals a chunk (--minutes).")
    ap.add_argument("--cap-ms", type=float, default=None,
                    help="The advisors' wall-clock safety cap at least this (a loaded "
                         "machine: so that the counted budget, not the clock, decides).")
    args = ap.parse_args()
    if args.cap_ms is not None:  # the slices' processes are forked from this one
        from advisor.games import budget
        budget.CAP_MIN_MS = args.cap_ms
    info = registered(args.game)
    players = args.players or info.players[0]
    specs = ([s.strip() for s in args.seats.split(",")] if args.seats else
             [f"advisor:{args.budget_ms:g}"] + [args.opponent] * (players - 1))
    print(f"# {info.title}: {', '.join(specs)}; {args.deals} deals in duplicate, seed "
          f"{args.seed}; Python {platform.python_version()} on {platform.machine()}, "
          f"{args.jobs} job(s)" + (f", cluster {args.cluster}" if args.cluster else ""))
    started = time.perf_counter()
    options = {"seed": args.seed, "duplicate": True}
    if args.minutes is None:
        summary = simulate_in_slices(info.simulate, specs, games=args.deals,
                                     options=options, jobs=args.jobs, cluster=args.cluster)
    else:
        done = 0
        summary = None
        while done < args.deals and time.perf_counter() - started < args.minutes * 60:
            n = min(args.chunk, args.deals - done)
            part = simulate_in_slices(info.simulate, specs, games=n, first=done,
                                      options=options, jobs=args.jobs, cluster=args.cluster)
            if summary is None:
                summary = part
            else:
                summary.merge(part)
            done += n
        assert summary is not None
        print(f"{done} duplicate deals played within {args.minutes:g} minutes")
    seconds = time.perf_counter() - started
    games = summary.games
    print(f"{games} games in {seconds:.0f} s ({games / seconds:.2f} games/s)")
    for p in summary.players:
        lo, hi = p.ci95()
        slo, shi = p.share_ci95()
        print(f"  {p.spec:<24} wins {p.wins:>6}  share {p.win_share:.3f} [{slo:.3f}, "
              f"{shi:.3f}]  settlement {p.mean:+.3f} [{lo:+.3f}, {hi:+.3f}] per game")
    r, lo, hi = share_ratio([p.win_share for p in summary.players], games)
    print(f"win share of {specs[0]} over the others' mean: {r:.2f} [{lo:.2f}, {hi:.2f}] "
          "(games as independent)")
    f = duplicate_figures(summary.by_deal)
    print(f"per deal ({f.deals} deals, {f.games} games): ratio {f.ratio:.2f} "
          f"[{f.ratio_ci95[0]:.2f}, {f.ratio_ci95[1]:.2f}], settlement {f.settlement:+.3f} "
          f"[{f.settlement_ci95[0]:+.3f}, {f.settlement_ci95[1]:+.3f}] a game")
    out: dict[str, Any] = summary.to_json()
    if out.get("advisor_latency_ms"):
        print(f"advisor decisions (ms): {out['advisor_latency_ms']}")


if __name__ == "__main__":
    main()
