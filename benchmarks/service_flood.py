"""Clients flood the service; how fast are the others answered?

    python benchmarks/service_flood.py [--seconds 30] [--workers 2] [--pool 1]
                                       [--scenario all|clients|compute|hints]

Starts gunicorn (service/gunicorn.conf.py) on loopback with ``WEB_CONCURRENCY`` workers
and ``ADVISOR_PROXY_HOPS=1``: every request carries ``X-Forwarded-For`` as nginx would
write it, so the service tells the clients apart (the flood: 10.0.0.1, the others:
10.0.0.2). ``--pool N`` sets ``ADVISOR_POOL_PROCESSES`` (service/pool.py: the costly
verbs in N processes per worker, off the request threads; 0: on them). Three scenarios,
each for SECONDS:

* ``clients``: four clients (10.0.0.11 to 10.0.0.14) each send batches of 20 random
  Khanhoo hands to ``/v1/khanhoo/analyze`` without pause, while another polls ``GET
  /healthz`` every 50 ms: its p99 is the figure (the goal: at most 100 ms).
* ``compute``: 8 threads of the flood send batches of 100 random Khanhoo hands and of
  1,000 random Qing hands to ``/analyze`` without pause; meanwhile one thread polls
  ``GET /healthz`` and another client sends one ``POST /v1/chan/score`` every 100 ms.
* ``hints``: 16 threads of the flood each ask hints on their own table
  (``samples=50&budget_ms=200``) without pause; another client plays its own table —
  a hint, then its first legal action, a new table when the deal is over.

Prints p50/p99/max latency and the answers by status for each stream. Plain threads
and urllib: no other tool needed. The server it starts is stopped at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FLOOD, OTHER = "10.0.0.1", "10.0.0.2"
KHANHOO = [f"{r}{s}" for r in "A23456789" for s in "hcd"] * 2 + ["Js", "Qs", "Ks"] * 2 + ["Jk"] * 2
QING = [f"{r}{s}" for r in range(1, 10) for s in "csm"] * 4 + ["RF", "WF", "OT"] * 4
SHEET = json.loads((ROOT / "examples" / "win.json").read_text())


class Stream:
    """Latencies and statuses of one kind of request."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.ms: list[float] = []
        self.status: Counter[int] = Counter()
        self.lock = threading.Lock()

    def add(self, ms: float, status: int) -> None:
        with self.lock:
            self.ms.append(ms)
            self.status[status] += 1

    def line(self) -> str:
        if not self.ms:
            return f"{self.name:<22} no answers"
        xs = sorted(self.ms)
        q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))]  # noqa: E731
        statuses = " ".join(f"{k}:{v}" for k, v in sorted(self.status.items()))
        return (f"{self.name:<22} n={len(xs):<5} p50={q(0.5):7.1f} ms  p99={q(0.99):7.1f} ms  "
                f"max={xs[-1]:7.1f} ms  [{statuses}]")


def call(base: str, method: str, path: str, client: str, body: Any = None,
         timeout: float = 30.0) -> tuple[int, Any, float]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={
        "Content-Type": "application/json", "X-Forwarded-For": client})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status, raw = resp.status, resp.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    ms = (time.perf_counter() - started) * 1000
    try:
        parsed = json.loads(raw)
    except ValueError:
        parsed = None
    return status, parsed, ms


def loop(stop: threading.Event, body: Callable[[], None], pause: float = 0.0) -> threading.Thread:
    def run() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):  # a refused connection: try again
                body()
            if pause:
                stop.wait(pause)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def compute(base: str, seconds: float) -> list[Stream]:
    rng = random.Random(1)
    kh = [{"hand": " ".join(rng.sample(KHANHOO, 16))} for _ in range(100)]
    qi = [{"hand": " ".join(rng.sample(QING, 15))} for _ in range(1000)]
    flood, health, score = Stream("flood analyze"), Stream("/healthz"), Stream("other's chan score")
    stop = threading.Event()
    threads = []
    for i in range(8):
        path, batch = ("/v1/khanhoo/analyze", kh) if i % 2 else ("/v1/qing/analyze", qi)
        threads.append(loop(stop, lambda p=path, b=batch: flood.add(
            *reversed(call(base, "POST", p, FLOOD, b)[::2]))))
    time.sleep(1.0)  # the flood is on
    threads.append(loop(stop, lambda: health.add(
        *reversed(call(base, "GET", "/healthz", OTHER)[::2])), 0.05))
    threads.append(loop(stop, lambda: score.add(
        *reversed(call(base, "POST", "/v1/chan/score", OTHER, SHEET)[::2])), 0.1))
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(40)
    return [flood, health, score]


def clients(base: str, seconds: float) -> list[Stream]:
    rng = random.Random(2)
    batch = [{"hand": " ".join(rng.sample(KHANHOO, 16))} for _ in range(20)]
    floods = [Stream(f"client {i} analyze") for i in range(1, 5)]
    health = Stream("/healthz")
    stop = threading.Event()
    threads = [loop(stop, lambda s=s, i=i: s.add(*reversed(call(
        base, "POST", "/v1/khanhoo/analyze", f"10.0.0.1{i}", batch)[::2])))
        for i, s in enumerate(floods, 1)]
    time.sleep(1.0)  # the flood is on
    threads.append(loop(stop, lambda: health.add(
        *reversed(call(base, "GET", "/healthz", OTHER)[::2])), 0.05))
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(40)
    return [*floods, health]


def hints(base: str, seconds: float) -> list[Stream]:
    flood, hint, act, deal = (Stream("flood hints"), Stream("other's hint"),
                              Stream("other's action"), Stream("other's new table"))
    tables = []
    for _ in range(16):
        status, t, _ = call(base, "POST", "/v1/play", FLOOD, {})
        assert status == 201, (status, t)
        tables.append(t["id"])
    q = "?samples=50&budget_ms=200"
    stop = threading.Event()
    threads = [loop(stop, lambda tid=tid: flood.add(
        *reversed(call(base, "POST", f"/v1/play/{tid}/hint{q}", FLOOD)[::2])))
        for tid in tables]
    time.sleep(1.0)
    mine: dict[str, Any] = {}

    def play() -> None:
        if not mine or not mine["waiting"]:
            status, t, ms = call(base, "POST", "/v1/play", OTHER, {})
            deal.add(ms, status)
            if status == 201:
                mine.clear()
                mine.update(t)
            return
        status, _, ms = call(base, "POST", f"/v1/play/{mine['id']}/hint{q}", OTHER)
        hint.add(ms, status)
        action = {**mine["legal"][0], "version": mine["version"]}
        status, t, ms = call(base, "POST", f"/v1/play/{mine['id']}/action", OTHER, action)
        act.add(ms, status)
        if status == 200:
            mine.clear()
            mine.update(t)
        else:
            mine.clear()

    threads.append(loop(stop, play, 0.2))
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(40)
    return [flood, hint, act, deal]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pool", type=int, default=1,
                    help="processes of each worker's pool (ADVISOR_POOL_PROCESSES; 0: none)")
    ap.add_argument("--scenario", choices=("clients", "compute", "hints", "both", "all"),
                    default="all", help="both: compute and hints; all: the three")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = Path(tempfile.mkdtemp()) / "play.sqlite3"
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(args.workers),
           "ADVISOR_PROXY_HOPS": "1", "ADVISOR_PLAY_DB": json.dumps(str(db)),
           "ADVISOR_POOL_PROCESSES": str(args.pool),
           "PYTHONPATH": str(ROOT)}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen([str(gunicorn), "-c", "service/gunicorn.conf.py",
                               "--access-logfile", "/dev/null"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                if call(base, "GET", "/healthz", OTHER, timeout=1)[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        scenarios = {"both": ("compute", "hints"), "all": ("clients", "compute", "hints")}.get(
            args.scenario, (args.scenario,))
        cpu = os.cpu_count()
        print(f"gunicorn, {args.workers} workers, pool of {args.pool} per worker, {cpu} "
              f"cores; {args.seconds:g} s a scenario")
        run = {"clients": clients, "compute": compute, "hints": hints}
        for name in scenarios:
            streams = run[name](base, args.seconds)
            print(f"\n{name}:")
            for s in streams:
                print("  " + s.line())
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)


if __name__ == "__main__":
    main()
