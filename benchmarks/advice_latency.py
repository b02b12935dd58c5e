"""The advice's latency through the API, on many different positions: gunicorn on
loopback with the production settings, one client asking in turn.

    python benchmarks/advice_latency.py [--requests 600] [--workers 2] [--clients 2]

For Chắn, each request is the VIEW of a decision from a deal of the advisor against
three greedy bots (seed 1, every stage of the deal), POSTed to ``/v1/chan/advice`` with
no query (the default: the value model, no playouts). For Khanhoo, each is a record
prefix stopping at a decision of a 3-player deal between greedy bots, POSTed to
``/v1/khanhoo/advice`` (the server's budget, ``KHANHOO_ADVICE_SECONDS``). ``--clients``
clients ask at once, each waiting for its answer before the next request; the time is
the client's, from sending the request to reading the whole answer. Prints the median,
99th percentile and worst, and any answer that is not 200.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from command import parser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from service_load import gunicorn  # noqa: E402  (the same server settings)

from advisor.games.simulate import latency_summary  # noqa: E402


def chan_bodies(n: int) -> list[bytes]:
    from advisor.chan.advice import DEFAULT_BUDGET_MS, advise
    from advisor.chan.bots import GreedyBot
    from advisor.chan.game import Game
    from advisor.games.advice import AdvisorBot

    out: list[bytes] = []
    k = 0
    while len(out) < n:
        g = Game.from_deal(rng=random.Random(f"latency:{k}"))
        me = k % 4
        k += 1
        bots = [AdvisorBot(advise, DEFAULT_BUDGET_MS) if s == me else GreedyBot() for s in range(4)]
        while g.pending is not None:
            d = g.pending
            legal = g.legal_actions()
            if len(legal) > 1 and d.seat == me:
                out.append(json.dumps(g.view(me).to_json()).encode())
            g.act(d.seat, legal[0] if len(legal) == 1 else bots[d.seat].decide(g.view(d.seat),
                                                                               legal))
    return out[:n]


def khanhoo_bodies(n: int) -> list[bytes]:
    from advisor.khanhoo.faces import GAME as KHANHOO
    from advisor.khanhoo.game import Game

    out: list[bytes] = []
    k = 0
    rng = random.Random(1)
    while len(out) < n:
        g = Game.from_deal(3, rng=random.Random(f"latency:{k}"))
        k += 1
        bots = [KHANHOO.make_bot("greedy", seed=s) for s in range(3)]
        while g.pending is not None and len(out) < n:
            d = g.pending
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                rec = g.to_record()
                rec.pop("result", None)
                out.append(json.dumps(rec).encode())
            g.act(d.seat, legal[0] if len(legal) == 1 else bots[d.seat].decide(g.view(d.seat),
                                                                               legal))
    return out[:n]


def ask(url: str, bodies: list[bytes], times: list[float], bad: list[str]) -> None:
    for body in bodies:
        req = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                r.read()
        except urllib.error.HTTPError as err:
            bad.append(f"{err.code} {err.read()[:200]!r}")
        times.append(time.perf_counter() - started)


def measure(url: str, bodies: list[bytes], clients: int) -> dict[str, Any]:
    times: list[float] = []
    bad: list[str] = []
    threads = [threading.Thread(target=ask, args=(url, bodies[c::clients], times, bad))
               for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {**latency_summary(times), "not_200": bad}  # in ms


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--requests", type=int, default=600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--clients", type=int, default=2)
    ap.add_argument("--port", type=int, default=8766)
    args = ap.parse_args()
    cases = {"chan": ("/v1/chan/advice", chan_bodies(args.requests)),
             "khanhoo": ("/v1/khanhoo/advice", khanhoo_bodies(args.requests))}
    print(f"# {' '.join(sys.argv)}")
    print(f"# {os.cpu_count()} cores, {args.workers} gunicorn workers, {args.clients} clients, "
          f"load average before {os.getloadavg()[0]:.2f}")
    with gunicorn(args.port, args.workers) as base:
        for name, (path, bodies) in cases.items():
            r = measure(base + path, bodies, args.clients)
            print(f"{name:<8} {r['decisions']} requests: median {r['median']:.1f} ms, 99 % "
                  f"{r['p99']:.1f} ms, worst {r['max']:.1f} ms; not 200: "
                  f"{len(r['not_200'])} {r['not_200'][:3]}")


if __name__ == "__main__":
    main()
