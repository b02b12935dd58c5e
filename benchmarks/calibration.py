"""Do the advisor's chances mean what they say? The advisor against greedy bots; at every
decision of the advisor, the chance it states for the action it chooses, then whether
the seat won.

    python benchmarks/calibration.py --game chan --deals 1000 --jobs 2 \\
        --png docs/calibration_chan.png
    python benchmarks/calibration.py --game khanhoo --deals 700 --jobs 2 \\
        --png docs/calibration_khanhoo.png

Chắn: the advisor (default budget, ``--budget-ms``) and three ``greedy`` bots; the
stated chance is the chance to win the deal (``win``). Khanhoo: the advisor (default
budget, ``--budget-ms``) and ``--players`` − 1 greedy bots (3-player table by default);
the stated chance is the chance of going out first (``p_first``). Deals are duplicate —
each is played once with the advisor in every seat — from seed ``--seed`` (not the seeds
the value models were fitted on), split into slices for ``--jobs`` processes or the
workers of a Dask cluster (``--cluster ADDRESS``, docs/scale.md; the same deals wherever
they are played).

Chắn's opponents may be other bots (``--opponent random``): the model is fitted against
greedy bots, and this shows how far its chances are off against others.

Prints the Brier score of the stated chances, the Brier score of always stating the
base rate (the share of decisions whose seat won), the skill (1 − the ratio), the
reliability table by tenths (mean stated against observed, with counts), the stated
against the observed expected settlement (Chắn) or expected points (Khanhoo: the seat's
deal score, 0 when it does not go out), by fifth of the stated value, and the advisor's
time per decision.
``--png`` draws the reliability diagram (needs matplotlib: the ``bench`` extra);
``--data`` writes every decision as a JSON line. ``--root CHECKOUT`` measures the
advisor of another checkout instead (the previous one: ``git worktree add
/tmp/advisor-v1 advisor-v1``, then ``--root /tmp/advisor-v1 --budget-ms 15``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.calibration import Reliability
from advisor.games.bots import BaseBot
from advisor.games.parallel import Slice, in_slices
from advisor.games.simulate import play as play_deal

Decision = dict[str, Any]


class Recorder(BaseBot):
    """Plays the advisor and keeps, per decision, what it stated for its choice."""

    def __init__(self, game: str, budget: float, seed: int) -> None:
        self.game = game
        self.budget = budget
        self.rng = random.Random(seed)
        self.rows: list[Decision] = []

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        started = time.perf_counter()
        if self.game == "chan":
            from advisor.chan.advice import advise

            a = advise(view, budget_ms=self.budget, seed=self.rng.randrange(2**31), legal=legal)
            e = a.actions[0]
            row = {"p": e.win, "expected": e.expected, "certain": bool(e.certain is not None
                                                                         and e.certain),
                   "method": a.method,
                   # a typed VIEW; the previous advisor's (--root) was its JSON
                   "stock": view["stock_left"] if isinstance(view, dict) else view.stock_left}
            choice = a.best
        else:
            from advisor.khanhoo.advice import Budget
            from advisor.khanhoo.advice import advise as kadvise

            k = kadvise(view, legal, Budget(ms=self.budget,
                                            seed=self.rng.randrange(2**31)))
            o = k.first
            if o.p_first is None:  # not judged (the time ran out): no chance to calibrate
                return o.action
            row = {"p": o.p_first, "expected": o.points, "certain": o.certain,
                   "method": o.method}
            choice = o.action
        row["ms"] = (time.perf_counter() - started) * 1000
        self.rows.append(row)
        return choice

    def end(self, result: dict[str, Any]) -> None:
        for r in self.rows:
            if "won" not in r:
                r["won"] = result["winner"] == self.seat
                if self.game == "chan":
                    r["pay"] = result["payments"][self.seat]
                else:  # the seat's deal score: its points when it went out, else 0 (K8)
                    r["score"] = result["scores"][self.seat]


def chan_slice(seed: int, budget: float, root: str | None, opponent: str,
               part: Slice) -> list[Decision]:
    first, deals = part.first, part.games
    if root:  # another checkout's advisor: forget this one's modules, import that one's
        for name in [m for m in sys.modules if m == "advisor" or m.startswith("advisor.")]:
            if name != "advisor.calibration" and not name.startswith("advisor.games"):
                del sys.modules[name]
        sys.path.insert(0, root)
    try:
        from advisor.chan.faces import GAME

        make_bot = GAME.make_bot
    except (ImportError, AttributeError):  # a checkout from before the game spec
        from advisor.chan.seats import make_bot  # type: ignore[no-redef]
    from advisor.chan.game import SEATS, Game

    rows: list[Decision] = []
    for k in range(first, first + deals):
        deal = Game.from_deal(rng=random.Random(f"{seed}:{k}"))
        hands = [deal.hand(s) for s in range(SEATS)]
        for me in range(SEATS):
            game = Game(hands, deal.initial_stock, deal.dealer)
            rec = Recorder("chan", budget, seed * 7919 + k * 4 + me)
            others = [make_bot(opponent, seed=k * 4 + s) for s in range(SEATS)]
            play_deal(game, [rec if s == me else others[s] for s in range(SEATS)], "house")
            rows += [{**r, "deal": k, "seat": me} for r in rec.rows]
    return rows


def khanhoo_slice(seed: int, budget: float, players: int, part: Slice) -> list[Decision]:
    from advisor.khanhoo.faces import GAME as KHANHOO
    from advisor.khanhoo.simulate import games_of

    first, deals = part.first, part.games
    rows: list[Decision] = []
    games = games_of(players, games=deals, seed=seed, duplicate=True, first=first)
    for n, (r, game) in enumerate(games):
        me = r  # the advisor is player 0, at seat r
        deal = first + n // players
        rec = Recorder("khanhoo", budget, seed * 7919 + deal * players + me)
        bots = [rec if s == me else KHANHOO.make_bot("greedy", seed=s) for s in range(players)]
        play_deal(game, bots, game.rules)
        rows += [{**x, "deal": deal, "seat": me} for x in rec.rows]
    return rows


def stated_vs_observed(rows: list[Decision], observed: str, title: str, sign: str = "",
                       groups: int = 5) -> list[str]:
    """The stated expected value against the mean of what was ``observed`` (``pay``: the
    settlement; ``score``: Khanhoo's deal score, 0 when not out), by quantile group of
    the stated value; ``sign`` "+" shows the signs."""
    data = sorted((r["expected"], r[observed]) for r in rows if observed in r)
    if not data:
        return []
    out = [f"{title}, by fifth of the stated value:",
           "  stated mean   observed mean   decisions"]
    for g in range(groups):
        part = data[g * len(data) // groups : (g + 1) * len(data) // groups]
        if part:
            out.append(f"  {statistics.fmean(e for e, _ in part):{sign}11.2f}   "
                       f"{statistics.fmean(p for _, p in part):{sign}13.2f}   {len(part):9d}")
    out.append(f"  all: stated {statistics.fmean(e for e, _ in data):{sign}.3f}, observed "
               f"{statistics.fmean(p for _, p in data):{sign}.3f}")
    return out


def clustered_se(rows: list[Decision]) -> dict[int, float]:
    """Per tenth, the standard error of the observed share with the decisions of one
    game (deal and seat) counted together: they share one outcome."""
    out: dict[int, float] = {}
    tenths: dict[int, list[Decision]] = {}
    for r in rows:
        tenths.setdefault(min(int(r["p"] * 10), 9), []).append(r)
    for t, part in tenths.items():
        mean = statistics.fmean(1.0 if r["won"] else 0.0 for r in part)
        games: dict[tuple[Any, Any], float] = {}
        for r in part:
            key = (r.get("deal"), r["seat"])
            games[key] = games.get(key, 0.0) + (1.0 if r["won"] else 0.0) - mean
        out[t] = (sum(v * v for v in games.values())) ** 0.5 / len(part)
    return out


def draw(rel: Reliability, rows: list[Decision], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    se = clustered_se(rows)
    fig, (ax, hist) = plt.subplots(2, 1, figsize=(6, 6.4), height_ratios=(3, 1),
                                   sharex=True)
    ax.plot([0, 1], [0, 1], color="#999999", linewidth=1, label="perfect calibration")
    ax.plot([r.stated for r in rel.rows], [r.observed for r in rel.rows], marker="o",
            color="#b22222", label="observed share (95 % interval, by game)")
    for r in rel.rows:
        half = 1.96 * se.get(min(int(r.low * 10 + 0.5), 9), 0.0)
        ax.plot([r.stated, r.stated], [r.observed - half, r.observed + half],
                color="#b22222", linewidth=1)
    ax.axhline(rel.base_rate, color="#4060a0", linestyle="--", linewidth=1,
               label=f"base rate {rel.base_rate:.2f}")
    ax.set_ylabel("observed share")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title(f"{title}\n{rel.count} decisions · Brier {rel.brier:.3f} (base rate "
                 f"{rel.base_brier:.3f}) · skill {rel.skill:.2f}", fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    hist.bar([r.low + 0.05 for r in rel.rows], [r.count for r in rel.rows], width=0.09,
             color="#808080")
    hist.set_xlabel("stated chance")
    hist.set_ylabel("decisions")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=["chan", "khanhoo"], default="chan")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler's address "
                                                         "(instead of --jobs)")
    ap.add_argument("--budget-ms", type=float, help="the advisor's budget [its default]")
    ap.add_argument("--players", type=int, default=3, help="Khanhoo: players at the table")
    ap.add_argument("--png", type=Path, help="draw the reliability diagram here")
    ap.add_argument("--data", type=Path, help="write every decision as a JSON line")
    ap.add_argument("--root", type=Path, help="Chắn: the advisor of another checkout")
    ap.add_argument("--opponent", default="greedy",
                    help="Chắn: the three other players (a seat spec) [greedy]")
    ap.add_argument("--json", dest="as_json", action="store_true")
    args = ap.parse_args()
    if args.game == "chan":
        from advisor.chan.advice import DEFAULT_BUDGET_MS

        budget = args.budget_ms or DEFAULT_BUDGET_MS
        if args.root and not args.budget_ms:
            raise SystemExit("--root needs --budget-ms (that advisor's own default)")
        root = str(args.root.resolve()) if args.root else None
        work: Any = partial(chan_slice, args.seed, budget, root, args.opponent)
        what = f"Chắn: the advisor against three {args.opponent} bots, chance to win the deal"
        title = f"Chắn · chance to win the deal (advisor vs 3 {args.opponent} bots)"
    else:
        from advisor.khanhoo.advice import Budget

        budget = args.budget_ms or Budget().seconds * 1000
        work = partial(khanhoo_slice, args.seed, budget, args.players)
        what = (f"Khanhoo: the advisor against {args.players - 1} greedy bots, chance of "
                "going out first")
        title = (f"Khanhoo · chance of going out first (advisor vs {args.players - 1} "
                 "greedy bots)")
    started = time.perf_counter()
    rows = [r for part in in_slices(work, first=0, games=args.deals, jobs=args.jobs,
                                    cluster=args.cluster) for r in part]
    wall = time.perf_counter() - started
    rel = Reliability.of((r["p"], r["won"]) for r in rows)
    times = sorted(r["ms"] for r in rows)
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    if args.data:
        with args.data.open("w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    if args.png:
        draw(rel, rows, title, args.png)
    if args.as_json:
        print(json.dumps({"game": args.game, "deals": args.deals, "seed": args.seed,
                          "budget_ms": budget, "reliability": rel.to_json(),
                          "ms_p50": round(p50, 2), "ms_p99": round(p99, 2)}))
        return
    print(f"# {' '.join(sys.argv)}")
    where = f"the cluster at {args.cluster}" if args.cluster else f"{args.jobs} processes"
    print(f"# Python {platform.python_version()}, {where}, {wall:.0f} s wall")
    print(f"{what}; {args.deals} duplicate deals, seed {args.seed}, budget {budget:g} ms")
    print(rel.text())
    for line in (stated_vs_observed(rows, "pay", "expected settlement", "+")
                 + stated_vs_observed(rows, "score", "expected points (the deal score, 0 "
                                                     "when not out)")):
        print(line)
    certain = sum(1 for r in rows if r["certain"])
    print(f"certain outcomes stated: {certain} ({sum(r['won'] for r in rows if r['certain'])}"
          " won)")
    print(f"time per decision (while {where} run): median {p50:.1f} ms, "
          f"99 % {p99:.1f} ms, worst {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
