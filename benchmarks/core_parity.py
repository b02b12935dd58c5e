"""The compiled core against the Python engines, at scale: whole deals played in lockstep
(:func:`advisor.games.twin.parity`) — every seat random, greedy, greedy+ or the game's own
player in turn, every player's choice compared at every decision, the legal actions at
every position, the whole state at the end (and after every move in one deal of
``--every``) — and worlds dealt from VIEWs met on the way (:func:`world_parity`).

    python benchmarks/core_parity.py                        # every game, 10,000 deals each
    python benchmarks/core_parity.py --games chan --deals 2000 --jobs 2

Prints, per game, the deals, positions, choices and worlds checked, and the first
mismatch if there is one (then exits 1). ``make test`` plays the same checks over a few
hundred deals a game (``tests/core/``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def chunk(game: str, first: int, deals: int, every: int, worlds_every: int) -> dict[str, Any]:
    """Deals ``first … first + deals − 1`` of ``game``: the lockstep and the worlds."""
    import random

    from advisor.games.twin import TwinMismatch, parity, players_of, world_parity
    from advisor.registry import game as spec_of

    spec = spec_of(game)
    low, high = spec.players
    tables = list(range(low, high + 1))
    by = ["random", *players_of(spec)]
    out = {"deals": 0, "positions": 0, "choices": 0, "worlds": 0, "mismatch": None}
    try:
        for k in range(first, first + deals):
            players = tables[k % len(tables)]
            who = by[k % len(by)]
            t = parity(spec, players, 50_000 + k, who, every_state=k % every == 0)
            out["deals"] += 1
            out["positions"] += t.positions
            out["choices"] += t.choices
            if k % worlds_every == 0:  # worlds of the decisions of a random deal
                g = spec.deal(players, 90_000 + k)
                rng = random.Random(k)
                n = 0
                while (d := g.pending) is not None:
                    legal = g.legal_actions()
                    if len(legal) > 1:
                        world_parity(spec, g.view(d.seat), k * 1000 + n)
                        out["worlds"] += 1
                        n += 1
                    g.act(d.seat, rng.choice(legal))
    except TwinMismatch as err:
        out["mismatch"] = str(err)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=None, help="comma-separated (default: every game "
                   "with a core)")
    p.add_argument("--deals", type=int, default=10_000)
    p.add_argument("--every", type=int, default=10,
                   help="compare the whole state after every move in one deal of this many")
    p.add_argument("--worlds-every", type=int, default=5,
                   help="check the worlds of every decision of one random deal in this many")
    p.add_argument("--jobs", type=int, default=1, help="processes (at most the cores)")
    args = p.parse_args()
    from advisor import core
    from advisor.registry import GAMES

    if not core.available():
        sys.exit("the compiled core is not built (make install)")
    games = args.games.split(",") if args.games else [g.name for g in GAMES if g.twin]
    failed = False
    for game in games:
        t0 = time.perf_counter()
        step = max(1, args.deals // (args.jobs * 8))
        parts = [(game, k, min(step, args.deals - k), args.every, args.worlds_every)
                 for k in range(0, args.deals, step)]
        total = {"deals": 0, "positions": 0, "choices": 0, "worlds": 0}
        mismatch = None
        with ProcessPoolExecutor(args.jobs) as pool:
            for got in pool.map(chunk, *zip(*parts)):
                for key in total:
                    total[key] += got[key]
                mismatch = mismatch or got["mismatch"]
        secs = time.perf_counter() - t0
        print(json.dumps({"game": game, **total, "mismatch": mismatch,
                          "seconds": round(secs, 1)}, ensure_ascii=False), flush=True)
        failed = failed or mismatch is not None
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
