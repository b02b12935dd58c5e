"""Speed of the Ming Kanhu exact solver and of the advisor.

    python benchmarks/ming_eval.py [--deals 3] [--max-nodes 20000000] [--seed 1]
                                   [--budget-ms 100] [--positions 200] [--cards 13,11,9,7]
                                   [--no-latency] [--calibrate [--players 3]
                                   [--exact-cards 11]]

1. The exact solve of 2-player deals with every card known, from the first trick (13
   cards each) and from later tricks (greedy play down to 11, 9, 7 cards each): the
   duel solver (``DuelSolver``), its time and states (between tricks), with a node limit
   (MAX_NODES) so that nothing hangs — a solve that reaches it is reported as such. For
   the smaller endgames the max^n solver with a memo (``Solver``) is timed too.
2. The advisor's latency: its time per decision on POSITIONS decisions met in greedy
   deals (2 and 3 players), at BUDGET_MS — median, 99th percentile, worst.
3. ``--calibrate``: the advisor's work at BUDGET_MS over every decision of DEALS greedy
   deals (2 and 3 players), by the cards left in all hands: the worlds it judged, the
   states it counted, its CPU time (``time.process_time``, not inflated by other
   processes' load) — and the states per CPU millisecond, which :data:`PER_MS` is set
   from, with the CPU time per decision (median, 99th percentile, worst).
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.simulate import latency_summary
from advisor.ming.advice import PER_MS, Budget, advise
from advisor.ming.bots import greedy_choice
from advisor.ming.game import Game
from advisor.ming.solve import DuelSolver, SearchLimit, Solver, state_of


def down_to(seed: int, cards: int) -> Game:
    g = Game.from_deal(2, rng=random.Random(f"eval:{seed}"))
    while g.pending is not None and not (
            g.pending.phase == "lead" and g.hand_size(g.pending.seat) <= cards):
        g.act(g.pending.seat, greedy_choice(g.legal_actions()))
    return g


def exact(deals: int, max_nodes: int, sizes: tuple[int, ...]) -> None:
    for cards in sizes:
        times: list[float] = []
        states: list[int] = []
        for k in range(deals):
            g = down_to(k, cards)
            if g.pending is None:
                continue
            st = state_of(g)
            held = [g.hand_size(s) for s in range(2)]
            s = DuelSolver(max_nodes)
            t = time.perf_counter()
            try:
                margin: int | str = s.margin(st)
            except SearchLimit:
                margin = f"not solved within {max_nodes:,} states"
            dt = time.perf_counter() - t
            if isinstance(margin, int):
                times.append(dt)
                states.append(s.nodes)
            line = (f"deal {k}, hands {held}: margin {margin}, {s.nodes:,} states, "
                    f"{len(s.memo):,} kept, {dt:.2f} s")
            if cards <= 9:
                m = Solver(max_nodes)
                t = time.perf_counter()
                try:
                    v = m.value(st)
                    line += (f"; max^n {v}, {m.nodes:,} states, "
                             f"{time.perf_counter() - t:.2f} s")
                except SearchLimit:
                    line += f"; max^n not solved within {max_nodes:,} states"
            print(line, flush=True)
        if times:
            print(f"{cards} cards each: {len(times)}/{deals} solved, time median "
                  f"{statistics.median(times):.2f} s, worst {max(times):.2f} s; states median "
                  f"{statistics.median(states):,.0f}, most {max(states):,}; peak memory "
                  f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB",
                  flush=True)


def latency(players: int, positions: int, budget_ms: float, seed: int) -> None:
    times: list[float] = []
    k = 0
    while len(times) < positions:
        g = Game.from_deal(players, rng=random.Random(f"latency:{seed}:{k}"))
        k += 1
        while (d := g.pending) is not None and len(times) < positions:
            legal = g.legal_actions()
            if len(legal) > 1:
                t = time.perf_counter()
                advise(g.view(d.seat), legal, budget_ms=budget_ms, seed=len(times))
                times.append(time.perf_counter() - t)
            g.act(d.seat, greedy_choice(legal))
    print(f"advisor, {players} players, budget {budget_ms:g} ms: "
          f"{latency_summary(times)}", flush=True)


def calibrate(deals: int, budget_ms: float, seed: int, tables: tuple[int, ...] = (2, 3),
              exact3: int | None = None) -> None:
    for players in tables:
        budget = Budget(ms=budget_ms) if exact3 is None else \
            Budget(ms=budget_ms, exact_cards=(Budget().exact_cards[0], exact3))
        rows: dict[int, list[tuple[float, int, int]]] = {}
        for k in range(deals):
            g = Game.from_deal(players, rng=random.Random(f"calibrate:{seed}:{k}"))
            while (d := g.pending) is not None:
                legal = g.legal_actions()
                t = time.process_time()
                adv = advise(g.view(d.seat), legal,
                             budget=dataclasses.replace(budget, seed=k))
                cpu = (time.process_time() - t) * 1000
                rows.setdefault(sum(h.bit_count() for h in g.hands), []).append(
                    (cpu, adv.work.done, adv.worlds))
                g.act(d.seat, greedy_choice(legal))
        print(f"advisor, {players} players, budget {budget_ms:g} ms (PER_MS {PER_MS:g}: "
              f"{round(budget_ms * PER_MS)} states), {deals} greedy deals")
        print("cards left  decisions  worlds (median, least)  CPU ms (median, worst)  "
              "states/ms")
        every: list[float] = []
        states = 0
        for left in sorted(rows, reverse=True):
            r = rows[left]
            cpu = sorted(x[0] for x in r)
            worlds = sorted(x[2] for x in r)
            every += cpu
            states += sum(x[1] for x in r)
            print(f"{left:10d}  {len(r):9d}  {statistics.median(worlds):8g} {worlds[0]:6d}"
                  f"  {statistics.median(cpu):16.1f} {cpu[-1]:7.1f}"
                  f"  {sum(x[1] for x in r) / max(sum(cpu), 1e-9):9.0f}")
        every.sort()
        print(f"all: {len(every)} decisions, CPU ms median {statistics.median(every):.1f}, "
              f"p99 {every[int(0.99 * (len(every) - 1))]:.1f}, worst {every[-1]:.1f}; "
              f"{states / sum(every):.0f} states per CPU ms", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--max-nodes", type=int, default=20_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=100.0)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--cards", default="13,11,9,7",
                    help="Hand sizes to solve from (comma-separated).")
    ap.add_argument("--no-latency", action="store_true", help="Only the exact solves.")
    ap.add_argument("--calibrate", action="store_true",
                    help="Only the advisor's work and CPU time by cards left (PER_MS).")
    ap.add_argument("--players", type=int, choices=(2, 3), help="--calibrate: one table size")
    ap.add_argument("--exact-cards", type=int,
                    help="--calibrate: solve 3-player worlds exactly from this many cards left")
    args = ap.parse_args()
    if args.calibrate:
        calibrate(args.deals, args.budget_ms, args.seed,
                  (args.players,) if args.players else (2, 3), args.exact_cards)
        return
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}")
    exact(args.deals, args.max_nodes, tuple(int(c) for c in args.cards.split(",")))
    for players in () if args.no_latency else (2, 3):
        latency(players, args.positions, args.budget_ms, args.seed)


if __name__ == "__main__":
    main()
