"""Playouts per second: a world dealt from a VIEW and played to the end of the deal (the
seat by the static ranking, the others greedily) — today's path, and the previous
advisor's side by side in the same run.

    git worktree add /tmp/advisor-v1 advisor-v1        # once, for the comparison
    python benchmarks/chan_playouts.py --positions 300 --worlds 10 --v1 /tmp/advisor-v1

The positions are VIEWs of decisions from greedy deals (seed 1), at every stage of the
deal; each is played out ``--worlds`` times. The previous advisor's path runs in its own
process, importing the code of the checkout given to ``--v1``, on the same VIEWs.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from command import parser

ROOT = Path(__file__).resolve().parent.parent


def positions(n: int, seed: int) -> list[Any]:
    sys.path.insert(0, str(ROOT))
    from advisor.chan.bots import GreedyBot
    from advisor.chan.game import Game

    rng = random.Random(seed)
    out: list[Any] = []
    k = 0
    while len(out) < n:
        g = Game.from_deal(rng=random.Random(f"{seed}:{k}"))
        k += 1
        stop = rng.randrange(1, 60)
        bot = GreedyBot()
        while g.pending is not None and len(g.log) < stop:
            legal = g.legal_actions()
            g.act(g.pending.seat, legal[0] if len(legal) == 1
                  else bot.decide(g.view(g.pending.seat), legal))
        d = g.pending
        if d is not None and len(g.legal_actions()) > 1:
            out.append(g.view(d.seat))
    return out


def measure(views: list[Any], worlds: int) -> dict[str, float]:
    """Playouts per second with the ``advisor`` package importable now: today's on typed
    VIEWs, the previous advisor's (in its own process) on their JSON."""
    from advisor.chan import advice

    rollout = getattr(advice, "_rollout", None)  # the previous advisor kept it there
    if rollout is None:
        from advisor.chan.lookahead import rollout, world
    else:
        from advisor.chan.view import world
    moves = 0
    started = time.perf_counter()
    for n, view in enumerate(views):
        me = view["seat"] if isinstance(view, dict) else view.seat
        for w in range(worlds):
            g = world(view, random.Random(f"{n}:{w}"))
            rollout(g, me)
            moves += len(g.log)
    secs = time.perf_counter() - started
    count = len(views) * worlds
    return {"playouts": count, "seconds": secs, "per_second": count / secs,
            "moves_per_second": moves / secs}


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--worlds", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--v1", type=Path, help="a checkout of the advisor-v1 tag")
    ap.add_argument("--inner", type=Path, help=argparse.SUPPRESS)  # a VIEWs file, in a child
    ap.add_argument("--root", type=Path, help=argparse.SUPPRESS)  # the child's checkout
    args = ap.parse_args()
    if args.inner:
        sys.path.insert(0, str(args.root))
        views = json.loads(args.inner.read_text())
        print(json.dumps(measure(views, args.worlds)))
        return
    views = positions(args.positions, args.seed)
    print(f"# {' '.join(sys.argv)}")
    print(f"# Python {platform.python_version()}, one process at a time")
    rows = [("today", measure(views, args.worlds))]
    if args.v1:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump([v.to_json() for v in views], f)
        out = subprocess.run([sys.executable, __file__, "--inner", f.name, "--root",
                              str(args.v1.resolve()), "--worlds", str(args.worlds)],
                             capture_output=True, text=True, check=True)
        rows.append(("advisor-v1", json.loads(out.stdout)))
        Path(f.name).unlink()
    print(f"{len(views)} positions × {args.worlds} worlds")
    for name, r in rows:
        print(f"  {name:<11} {r['per_second']:8.0f} playouts/s  "
              f"({1000 / r['per_second']:.2f} ms each, {r['moves_per_second']:,.0f} moves/s)")


if __name__ == "__main__":
    main()
