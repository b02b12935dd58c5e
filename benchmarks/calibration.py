"""Do the advisor's chances mean what they say? In every registered game: at every
decision of the advisor, the chance it states for the action it chooses, then whether
the seat won the deal.

    python benchmarks/calibration.py --game chan --deals 1000 --jobs 2 \\
        --png docs/calibration_chan.png
    python benchmarks/calibration.py --game chan --opponent advisor --deals 300 \\
        --png docs/calibration_chan_self.png
    python benchmarks/calibration.py --game khanhoo --players 3 --deals 700 --jobs 2 \\
        --png docs/calibration_khanhoo.png

Any game of ``advisor.registry.GAMES``, through its spec only (``spec.deal``,
``spec.make_bot``, ``spec.advise``, ``spec.outcome``): the advisor (default budget,
``--budget-ms``) at a table of ``--players`` (the game's smallest by default; Chắn 4,
Khanhoo 3) against ``--opponent`` players — ``greedy``, ``greedy+`` (where the game has
one), ``random``, or ``advisor``: self-play, every seat the advisor and every seat's
decisions recorded. The stated chance is the ``win`` of the chosen action in the common
answer (:mod:`advisor.games.answer`; an action not judged, or whose ``win`` is null,
states nothing and is skipped); what happened is whether that seat won the deal
(``spec.outcome``). Against other players, deals are duplicate — each is played once
with the advisor in every seat —; in self-play each deal is played once. Deals come from
seed ``--seed`` (not the seeds the value models were fitted on), split into slices for
``--jobs`` processes or the workers of a Dask cluster (``--cluster ADDRESS``,
docs/scale.md; the same deals wherever they are played).

Prints the Brier score of the stated chances, the Brier score of always stating the
base rate (the share of decisions whose seat won), the skill (1 − the ratio), the
reliability table by tenths (mean stated against observed, with counts) and whether
every tenth with ≥ 100 decisions is within 0.05 of what happens; the stated against the
observed settlement (``expected`` against the seat's payment) and, where the game states
them, the expected deal points (Khanhoo's ``points`` against the seat's deal score, 0
when it does not go out), by fifth of the stated value; and the advisor's time per
decision. ``--png`` draws the reliability diagram (needs matplotlib: the ``bench``
extra); ``--data`` writes every decision as a JSON line. ``--root CHECKOUT`` measures the
advisor of another checkout (one with the game contract) instead.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.calibration import Reliability
from advisor.games.bots import BaseBot, Bot
from advisor.games.parallel import Slice, in_slices

Decision = dict[str, Any]
GAP = 0.05
"""A tenth with at least :data:`MIN_COUNT` decisions is calibrated within this."""
MIN_COUNT = 100


def chosen(advice: Any) -> Any:
    """The common answer's judgement of the action advised first (the chosen one)."""
    return advice.answer().actions[0]


class Recorder(BaseBot):
    """Plays the advisor of a game and keeps, per decision, what it stated for its
    choice (the common answer's first action)."""

    def __init__(self, spec: Any, budget: float, seed: int,
                 options: dict[str, str] | None = None) -> None:
        import random

        self.spec = spec
        self.options = options or {}
        self.budget = budget
        self.rng = random.Random(seed)
        self.rows: list[Decision] = []
        self.skipped = 0

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        started = time.perf_counter()
        advice = self.spec.advise(view, legal, budget_ms=self.budget,
                                  seed=self.rng.randrange(2**31), **self.options)
        ms = (time.perf_counter() - started) * 1000
        j = chosen(advice)
        if not j.judged or j.win is None:  # states no chance: nothing to calibrate
            self.skipped += 1
            return advice.best
        row: Decision = {"p": j.win, "expected": j.expected, "certain": j.certain,
                         "method": j.method, "ms": ms, "seat": self.seat}
        if isinstance(j.extras.get("points"), (int, float)):
            row["points"] = j.extras["points"]
        if isinstance(j.extras.get("worlds_won"), (int, float)):  # Ming: before its map
            row["share"] = j.extras["worlds_won"]
        if isinstance(j.extras.get("model"), (int, float)):  # Qing: the model's own chance
            row["model"] = j.extras["model"]
        if "anchor" in j.extras:  # Qing's search: greedy+'s choice, and its worlds
            row["anchor"] = bool(j.extras["anchor"])
            row["worlds"] = j.extras.get("playouts")
        sampled = j.extras.get("sampled")
        if isinstance(sampled, dict) and sampled.get("worlds"):  # Chắn: its playouts' share
            row["sampled"] = sampled["win"]
            row["sampled_worlds"] = sampled["worlds"]
        self.rows.append(row)
        return advice.best


def _use_root(root: str | None) -> None:
    """Import the advisor of another checkout: forget this one's modules first."""
    if not root:
        return
    for name in [m for m in sys.modules if m == "advisor" or m.startswith("advisor.")]:
        if name != "advisor.calibration":
            del sys.modules[name]
    sys.path.insert(0, root)


def game_slice(name: str, players: int, opponent: str, budget: float, seed: int,
               root: str | None, options: dict[str, str], part: Slice) -> list[Decision]:
    """The decisions of the advisor in deals ``part``: each deal once per advisor seat
    against ``opponent`` players, or once in self-play (``opponent`` ``advisor``)."""
    _use_root(root)
    from advisor.registry import game as registered

    spec = registered(name)
    selfplay = opponent == "advisor"
    rows: list[Decision] = []
    for k in range(part.first, part.first + part.games):
        dealt = spec.deal(players, seed * 100_003 + k)
        record = dealt.to_record()
        for me in ([None] if selfplay else range(players)):
            game = spec.from_record(record)
            recorders = {s: Recorder(spec, budget, (seed * 7919 + k) * players + s, options)
                         for s in range(players) if selfplay or s == me}
            bots: list[Bot] = [recorders[s] if s in recorders
                               else spec.make_bot(opponent, seed=k * players + s)
                               for s in range(players)]
            spec.play(game, bots)
            out = spec.outcome(game)
            for s, rec in recorders.items():
                pay, won, score = out[s]
                rows += [{**r, "won": bool(won), "pay": pay, "score": score, "deal": k}
                         for r in rec.rows]
                rows += [{"skipped": True, "deal": k, "seat": s}] * rec.skipped
    return rows


def stated_vs_observed(rows: list[Decision], stated: str, observed: str, title: str,
                       sign: str = "", groups: int = 5) -> list[str]:
    """The ``stated`` expected value (``expected``: the settlement; ``points``: the
    expected deal score) against the mean of what was ``observed`` (``pay``: the
    settlement; ``score``: the deal score, 0 when not out), by quantile group of the
    stated value; ``sign`` "+" shows the signs."""
    data = sorted((r[stated], r[observed]) for r in rows
                  if r.get(stated) is not None and observed in r)
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


def can_draw() -> None:
    """Fail before the run, not after it, when the diagram cannot be drawn."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise SystemExit("--png needs matplotlib (the bench extra: pip install -e '.[bench]')"
                         ) from None


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
    from advisor.errors import AdvisorError
    from advisor.registry import game as registered
    from advisor.registry import names

    ap = parser(__doc__)
    ap.add_argument("--game", choices=list(names()), default="chan")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler's address "
                                                         "(instead of --jobs)")
    ap.add_argument("--budget-ms", type=float, help="the advisor's budget [its default]")
    ap.add_argument("--players", type=int, help="players at the table [Chắn 4, Khanhoo 3, "
                                                "else the game's fewest]")
    ap.add_argument("--opponent", default="greedy",
                    help="the other players: greedy | greedy+ | random | advisor "
                         "(self-play: every seat the advisor, every seat recorded) "
                         "[greedy]")
    ap.add_argument("--advice-option", action="append", default=[], metavar="KEY=VALUE",
                    help="an option of the game's advice, passed to its advisor (Chắn: "
                         "opponents=advisor states the chances against players like the "
                         "advisor)")
    ap.add_argument("--png", type=Path, help="draw the reliability diagram here")
    ap.add_argument("--data", type=Path, help="write every decision as a JSON line")
    ap.add_argument("--root", type=Path, help="the advisor of another checkout")
    ap.add_argument("--json", dest="as_json", action="store_true")
    args = ap.parse_args()
    if args.png:
        can_draw()
    spec = registered(args.game)
    low, high = spec.players
    players = args.players or (3 if args.game == "khanhoo" else low)
    if not low <= players <= high:
        raise SystemExit(f"--players: {spec.title} is played by {low} to {high}")
    if args.opponent != "advisor":
        try:  # an unknown seat spec fails here, not in a worker
            spec.make_bot(args.opponent, seed=0)
        except AdvisorError as e:
            raise SystemExit(f"--opponent: {e}") from None
    if args.root and not args.budget_ms:
        raise SystemExit("--root needs --budget-ms (that advisor's own default)")
    budget = args.budget_ms or spec.default_budget_ms
    root = str(args.root.resolve()) if args.root else None
    options = dict(o.split("=", 1) for o in args.advice_option if "=" in o)
    if len(options) != len(args.advice_option):
        raise SystemExit("--advice-option: KEY=VALUE")
    work: Any = partial(game_slice, args.game, players, args.opponent, budget, args.seed,
                        root, options)
    if args.opponent == "advisor":
        against = "itself (self-play, every seat)"
        short = f"{players}-player self-play"
    else:
        against = f"{players - 1} {args.opponent} players"
        short = f"advisor vs {players - 1} {args.opponent}"
    stated = "".join(f", {k}={v}" for k, v in options.items())
    what = f"{spec.title}: the advisor{stated} against {against}, chance to win the deal"
    title = f"{spec.title} · chance to win the deal ({short}{stated})"
    started = time.perf_counter()
    every = [r for part in in_slices(work, first=0, games=args.deals, jobs=args.jobs,
                                     cluster=args.cluster) for r in part]
    wall = time.perf_counter() - started
    rows = [r for r in every if "p" in r]
    skipped = len(every) - len(rows)
    rel = Reliability.of((r["p"], r["won"]) for r in rows)
    times = sorted(r["ms"] for r in rows) or [0.0]
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    within = rel.worst_gap(MIN_COUNT) <= GAP
    if args.data:
        with args.data.open("w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    if args.png:
        draw(rel, rows, title, args.png)
    if args.as_json:
        print(json.dumps({"game": args.game, "players": players, "opponent": args.opponent,
                          "options": options,
                          "deals": args.deals, "seed": args.seed, "budget_ms": budget,
                          "reliability": rel.to_json(), "within_0_05": within,
                          "skipped": skipped, "ms_p50": round(p50, 2),
                          "ms_p99": round(p99, 2)}))
        return
    print(f"# {' '.join(sys.argv)}")
    where = f"the cluster at {args.cluster}" if args.cluster else f"{args.jobs} processes"
    print(f"# Python {platform.python_version()}, {where}, {wall:.0f} s wall")
    kind = "self-play" if args.opponent == "advisor" else "duplicate"
    print(f"{what}; {args.deals} {kind} deals, seed {args.seed}, budget {budget:g} ms")
    print(rel.text())
    print(f"every tenth with ≥ {MIN_COUNT} decisions within {GAP}: "
          f"{'yes' if within else 'no'}")
    if skipped:
        print(f"decisions whose chosen action states no chance (skipped): {skipped}")
    for line in (stated_vs_observed(rows, "expected", "pay", "expected settlement", "+")
                 + stated_vs_observed(rows, "points", "score", "expected points (the deal "
                                      "score, 0 when not out)")):
        print(line)
    certain = sum(1 for r in rows if r["certain"])
    print(f"certain outcomes stated: {certain} ({sum(r['won'] for r in rows if r['certain'])}"
          " won)")
    print(f"time per decision (while {where} run): median {p50:.1f} ms, "
          f"99 % {p99:.1f} ms, worst {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
