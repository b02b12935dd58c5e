"""How long a review of a whole deal takes (advisor.games.review), CPU seconds
(``time.process_time``: the machine's other load does not count).

    python benchmarks/review_speed.py [--deals 5] [--seed 1]

For each game, ``--deals`` deals between greedy players at the smallest table (Chắn: 4
players) are reviewed at the game's default budget: one seat (seat 0) and every seat.
For Ming Kanhu with 2 players, the exact review (the duel solver at every decision, both
seats) is timed too. Prints the median and worst per game, and the decisions reviewed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.review import review
from advisor.registry import GAMES, game


def record(name: str, seed: int, players: int) -> dict[str, Any]:
    spec = game(name)
    g = spec.deal(players, seed)
    spec.play(g, [spec.make_bot("greedy", seed=s) for s in range(players)])
    rec: dict[str, Any] = g.to_record()
    return rec


def timed(name: str, rec: dict[str, Any], **kw: Any) -> tuple[float, int]:
    spec = game(name)
    t = time.process_time()
    r = review(spec, rec, budget_ms=spec.default_budget_ms, **kw)
    return time.process_time() - t, len(r.decisions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default=",".join(g.name for g in GAMES))
    args = ap.parse_args()
    print("game | what | deals | decisions (median) | CPU s median | CPU s worst")
    for name in args.games.split(","):
        spec = game(name)
        n = 4 if name == "chan" else spec.players[0]
        recs = [record(name, args.seed + k, n) for k in range(args.deals)]
        cases: list[tuple[str, dict[str, Any]]] = [
            ("one seat", {"seats": [0], "exact": False}),
            ("every seat", {"exact": False})]
        if spec.exact_review is not None:
            cases.append(("every seat, exact", {"exact": True}))
        for what, kw in cases:
            got = [timed(name, r, **kw) for r in recs]
            secs = [s for s, _ in got]
            print(f"{name} | {what} | {len(recs)} | {statistics.median(d for _, d in got):g} "
                  f"| {statistics.median(secs):.2f} | {max(secs):.2f}", flush=True)


if __name__ == "__main__":
    main()
