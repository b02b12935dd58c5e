"""CPU time of the advice at every decision of whole deals, in any game.

    python benchmarks/decision_cost.py --game ming --players 3 --deals 10 --budget-ms 100
    python benchmarks/decision_cost.py --game chan --deals 10 --seat search

Plays DEALS deals between ``greedy+`` players (seed ``--seed``) and asks the game's
advisor (``--seat advisor``; ``search`` for the game's advisor with its search, where it
has one) at every decision with more than one legal action, at ``--budget-ms``. Each
answer's CPU time (``time.process_time``: another process's load does not count, so the
figure is the work's, on one core) is kept; prints the decisions, the median, the 99th
percentile and the worst in milliseconds, the answers whose safety cap cut the work (none,
unless the machine is stuck), and the counted work done a CPU millisecond by unit (what
a game's ``PER_MS`` should be on this machine).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.registry import game as registered
from advisor.registry import names


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--game", choices=names(), required=True)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="the budget (default: the game's default)")
    ap.add_argument("--seat", choices=("advisor", "search"), default="advisor")
    args = ap.parse_args()
    spec = registered(args.game)
    players = args.players or spec.players[0]
    advise = spec.advise if args.seat == "advisor" else spec.search
    if advise is None:
        ap.error(f"{args.game} has no separate search (its advisor searches)")
    budget = args.budget_ms or spec.default_budget_ms
    times: list[float] = []
    cut = 0
    units: dict[str, int] = {}  # the counted work done, by unit
    for k in range(args.deals):
        g = spec.deal(players, args.seed * 100_003 + k)
        bots = [spec.strong(s) for s in range(players)] if spec.strong else \
            [spec.greedy(s) for s in range(players)]
        for s, b in enumerate(bots):
            b.start(s, spec.bot_rules(g))
        n = 0
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) > 1:
                view = g.view(d.seat)
                t = time.process_time()
                answer = advise(view, legal, budget_ms=budget, seed=n)
                times.append(time.process_time() - t)
                got = answer.to_json()
                cut += any("time limit" in x for x in got.get("notes", []))
                unit = got["work"]["unit"]
                units[unit] = units.get(unit, 0) + got["work"]["done"]
                n += 1
                action = bots[d.seat].decide(view, legal)
            else:
                action = legal[0]
            g.act(d.seat, action)
    times.sort()
    ms = [1000 * t for t in times]
    out = {"game": args.game, "players": players, "seat": args.seat, "budget_ms": budget,
           "deals": args.deals, "decisions": len(ms), "median_ms": round(ms[len(ms) // 2], 1),
           "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 1),
           "max_ms": round(ms[-1], 1), "cut": cut,
           "work_per_cpu_ms": {u: round(n / sum(ms), 2) for u, n in units.items()}}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
