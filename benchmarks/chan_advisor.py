"""Strength and latency of the Chắn advisor: duplicate tournaments against baseline bots.

    python benchmarks/chan_advisor.py --seats advisor,greedy,greedy,greedy --deals 2000
    python benchmarks/chan_advisor.py --seats advisor,random,random,random --deals 500
    python benchmarks/chan_advisor.py --seats advisor:5,advisor:30,advisor:5,advisor:30 --deals 150

Each deal is played four times with the players rotated (duplicate), so every player
gets every hand. The deals are split into slices played by --jobs processes and the
slices summed (the deals are the same whatever --jobs is). Prints, per player: deals,
wins, win share, mean settlement per deal with its 95% confidence interval; the first
player's win share against the average of the others; and the advisors' decision
latencies (median, 99th percentile, max) — measured while --jobs processes run, so for
latency alone use --jobs 1 on an idle machine.

When the seats name two players twice each (``A,B,A,B``: seat against seat), it also
prints the difference of their mean settlements per game, A − B, with a 95% interval
from the per-deal differences (each deal's four rotations give both players every
hand, so the deals are independent and the luck of the hands cancels).
"""

from __future__ import annotations

import json
import math
import platform
import statistics
import sys
import time
from functools import partial
from pathlib import Path

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import Game
from advisor.chan.simulate import Summary, latency_summary
from advisor.games.parallel import Slice, in_slices


def run_slice(args: tuple[list[str], int, int, int, str]) -> tuple[Summary, list[dict[str, int]]]:
    """A slice of the deals; with it, per deal, each spec's total settlement."""
    specs, seed, first, games, rules = args
    per_deal: list[dict[str, int]] = []

    def tally(game: Game, at_seats: list[str]) -> None:
        if not per_deal or per_deal[-1]["_games"] == 4:  # the four rotations of a deal
            per_deal.append({"_games": 0})
        totals = per_deal[-1]
        totals["_games"] += 1
        assert game.result is not None
        for seat, spec in enumerate(at_seats):
            totals[spec] = totals.get(spec, 0) + game.result.payments[seat]

    summary = CHAN.simulate(specs, games=games, seed=seed, duplicate=True, rules=rules, first=first,
                       on_game=tally)
    return summary, per_deal


def _slice(specs: list[str], seed: int, rules: str,
           part: Slice) -> tuple[Summary, list[dict[str, int]]]:
    return run_slice((specs, seed, part.first, part.games, rules))


def versus(specs: list[str], per_deal: list[dict[str, int]]) -> str | None:
    """A − B per game, with its 95% interval over deals, for seats ``A,B,A,B``."""
    if len(specs) != 4 or specs[0] != specs[2] or specs[1] != specs[3] or specs[0] == specs[1]:
        return None
    a, b = specs[0], specs[1]
    diffs = [(d[a] - d[b]) / 8 for d in per_deal]  # two players of each, four games each
    mean = statistics.fmean(diffs)
    half = 1.959964 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return (f"  {a} − {b}: {mean:+.3f} per game, 95% CI [{mean - half:+.3f}, "
            f"{mean + half:+.3f}] over {len(diffs)} deals")


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--seats", default="advisor,greedy,greedy,greedy")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="house")
    ap.add_argument("--json", dest="as_json", action="store_true")
    args = ap.parse_args()
    specs = [s.strip() for s in args.seats.split(",")]
    start = time.perf_counter()
    results = in_slices(partial(_slice, specs, args.seed, args.rules), first=0,
                        games=args.deals, jobs=args.jobs)
    parts = [summary for summary, _ in results]
    per_deal = [d for _, deals in results for d in deals]
    total = parts[0]
    for more in parts[1:]:
        total.merge(more)
    wall = time.perf_counter() - start
    share = [p.wins / p.deals for p in total.players]
    others = sum(share[1:]) / (len(share) - 1)
    ratio = share[0] / others if others else float("inf")
    out = total.to_json()
    out["wall_seconds"] = round(wall, 1)
    out["first_vs_average_win_share"] = round(ratio, 3)
    out["advisor_latency_ms"] = {str(p): latency_summary(v) for p, v in total.latencies.items()}
    out["versus"] = versus(specs, per_deal)
    if args.as_json:
        print(json.dumps(out))
        return
    print(f"# {' '.join(sys.argv)}")
    print(f"# Python {platform.python_version()}, {args.jobs} processes, {wall:.0f} s wall")
    print(f"{total.deals} deals × 4 rotations = {total.games} games, seed {args.seed}, "
          f"rules {args.rules}, draws {total.draws}")
    for p in total.players:
        lo, hi = p.ci95()
        print(f"  player {p.player} {p.spec:<12} wins {p.wins:>5} ({p.wins / p.deals:6.1%})  "
              f"mean {p.mean:+7.3f}  95% CI [{lo:+.3f}, {hi:+.3f}]")
    print(f"  player 0's win share ÷ the others' average: {ratio:.2f}")
    line = versus(specs, per_deal)
    if line:
        print(line)
    for p, lat in out["advisor_latency_ms"].items():
        print(f"  player {p} decisions: {lat}")


if __name__ == "__main__":
    main()
