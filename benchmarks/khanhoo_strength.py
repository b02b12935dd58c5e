"""Strength of the Khanhoo advisor: its win share against greedy bots.

    python benchmarks/khanhoo_strength.py [--deals 1000] [--players 3] [--seed 1]
                                          [--budget-ms 100] [--opponent greedy] [--jobs 2]
                                          [--cluster tcp://HOST:8786]

Plays DEALS deals in duplicate (each deal once per seat rotation, so every player gets
every hand) between the advisor (seat spec ``advisor:BUDGET``) and PLAYERS − 1 copies of
the opponent, and prints each player's wins, win share with its 95% interval, points and
mean settlement with its 95% interval, how each player's wins came (the card that
completed the hand: drawn from the stock, taken or bumped from a discard, or dealt), and
the advisor's share over the opponents' mean share (goal: 1.5). The budget is wall-clock
time: on a loaded machine the advisor computes less and plays weaker.
The deals are split into slices played by JOBS processes and merged
(``advisor.games.parallel``, as ``advisor khanhoo simulate --jobs``): the result is the
same whatever JOBS is, but for the advisor's time budget.
Then plays LATENCY more deals with the advisor in seat 0 and prints its time per
decision (median, 99th percentile, worst).
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from pathlib import Path

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.advice import AdvisorBot
from advisor.games.parallel import simulate_in_slices
from advisor.khanhoo.advice import Budget, advise
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Game
from advisor.khanhoo.simulate import ROUTES, Summary


def latency(players: int, opponent: str, budget_ms: float, deals: int, seed: int) -> None:
    bot = AdvisorBot(advise, budget_ms)
    for k in range(deals):
        g = Game.from_deal(players, rng=random.Random(f"latency:{seed}:{k}"))
        KHANHOO.play(g, [bot] + [KHANHOO.make_bot(opponent, seed=k) for _ in range(players - 1)])
    t = sorted(bot.latencies)
    p99 = t[min(len(t) - 1, int(len(t) * 0.99))]
    print(f"advisor time per decision over {len(t)} decisions: median "
          f"{statistics.median(t) * 1000:.0f} ms, 99% {p99 * 1000:.0f} ms, "
          f"worst {t[-1] * 1000:.0f} ms")


def tournament(specs: list[str], deals: int, seed: int, jobs: int,
               cluster: str | None = None) -> None:
    start = time.perf_counter()
    s = simulate_in_slices(KHANHOO.simulate, specs, games=deals, jobs=jobs, cluster=cluster,
                           options={"seed": seed, "duplicate": True})
    assert isinstance(s, Summary)
    seconds = time.perf_counter() - start
    for p in s.players:
        lo, hi = p.share_ci95()
        mlo, mhi = p.ci95()
        print(f"{p.player} {p.spec:<14} wins {p.wins:>5}  share {p.win_share:.3f} "
              f"[{lo:.3f}, {hi:.3f}]  points {p.points:>6}  mean settlement {p.mean:+.2f} "
              f"[{mlo:+.2f}, {mhi:+.2f}]")
    for p, r in zip(s.players, s.routes):
        won = max(1, sum(r.values()))
        print(f"{p.player} wins by the last card: " + ", ".join(
            f"{how} {r[how]} ({r[how] / won:.0%})" for how in ROUTES if r.get(how)))
    adv, *rest = s.players
    mean_rest = sum(p.win_share for p in rest) / len(rest)
    print(f"advisor share / opponents' mean share = {adv.win_share / mean_rest:.2f} "
          f"(goal 1.5); draws {s.draws}; {s.games} games in {seconds:.0f} s "
          f"{f'on the cluster at {cluster}' if cluster else f'with {jobs} processes'}",
          flush=True)


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=Budget().ms,
                    help="the advisor's milliseconds per decision [its default]")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--latency", type=int, default=50, help="deals timed for the latency")
    ap.add_argument("--jobs", type=int, default=2, help="processes for the tournament")
    ap.add_argument("--cluster", metavar="ADDRESS",
                    help="play the tournament on this Dask cluster instead (docs/scale.md)")
    args = ap.parse_args()
    specs = [f"advisor:{args.budget_ms:g}"] + [args.opponent] * (args.players - 1)
    print(f"# Python {platform.python_version()} on {platform.machine()}, seed {args.seed}, "
          f"{args.deals} deals × {args.players} rotations, seats {','.join(specs)}", flush=True)
    if args.deals:
        tournament(specs, args.deals, args.seed, args.jobs, args.cluster)
    if args.latency:
        latency(args.players, args.opponent, args.budget_ms, args.latency, args.seed)


if __name__ == "__main__":
    main()
