"""Load on the web service: gunicorn on loopback, wrk in another process.

    python benchmarks/service_load.py [--workers 1,2,4] [--duration 10] [--flood]

For each number of workers: start gunicorn (service/gunicorn.conf.py, bound to
127.0.0.1:PORT), run wrk against each scenario for DURATION seconds, stop gunicorn, and
print requests per second, p50/p99 latency and the answers by status:

  score       POST /v1/chan/score, one position (examples/win.json)
  score×100   POST /v1/chan/score, a batch of 100 positions (examples/positions.jsonl)
  advice      POST /v1/chan/advice, the default (examples/view.json)
  kh-advice   POST /v1/khanhoo/advice at the server's budget (examples/khanhoo_advice.json)

``--flood`` then shows the gate at work, with 2 workers: many connections ask for slow
advice (the largest budget) while one connection polls /healthz; the advice answers are
mostly 503 with Retry-After, and /healthz keeps answering quickly.

Needs wrk (Debian: ``apt-get install wrk``). Only loopback is used; every run is bounded
by its duration and the script stops the servers it starts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

LUA = r"""
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [==[BODY]==]
if CLOSE then wrk.headers["Connection"] = "close" end
if wrk.body == "" then wrk.method = "GET"; wrk.body = nil end
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) counts = {}; retry_after = 0 end
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  if status == 503 and headers["Retry-After"] then retry_after = retry_after + 1 end
end
function done(summary, latency, requests)
  local statuses, retry = {}, 0
  for _, t in ipairs(threads) do
    for status, n in pairs(t:get("counts")) do statuses[status] = (statuses[status] or 0) + n end
    retry = retry + t:get("retry_after")
  end
  local parts = {}
  for status, n in pairs(statuses) do table.insert(parts, string.format('"%d": %d', status, n)) end
  io.write(string.format(
    'RESULT {"requests": %d, "seconds": %.3f, "p50_ms": %.2f, "p99_ms": %.2f, ' ..
    '"max_ms": %.2f, "socket_errors": %d, "retry_after": %d, "statuses": {%s}}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout, retry, table.concat(parts, ", ")))
end
"""


@dataclass
class Result:
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    socket_errors: int
    retry_after: int
    statuses: dict[str, int]

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    @property
    def ok_rps(self) -> float:
        """Answers 200 per second."""
        return self.statuses.get("200", 0) / self.seconds


def scenarios() -> dict[str, tuple[str, str]]:
    """name → (path, body)."""
    win = json.loads((EXAMPLES / "win.json").read_text())
    lines = (EXAMPLES / "positions.jsonl").read_text().splitlines()
    positions = [json.loads(line) for line in lines if line.strip()]
    batch = (positions * 100)[:100]
    view = json.loads((EXAMPLES / "view.json").read_text())
    return {
        "score": ("/v1/chan/score", json.dumps(win)),
        "score×100": ("/v1/chan/score", json.dumps(batch)),
        "advice": ("/v1/chan/advice", json.dumps(view)),
        "kh-advice": ("/v1/khanhoo/advice", (EXAMPLES / "khanhoo_advice.json").read_text()),
    }


@contextmanager
def gunicorn(port: int, workers: int) -> Iterator[str]:
    """A gunicorn with the production settings on 127.0.0.1:port; its base URL."""
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers)}
    exe = Path(sys.executable).with_name("gunicorn")
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(
            [str(exe), "-c", "service/gunicorn.conf.py", "service.wsgi:app"], cwd=ROOT,
            env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                        if r.status == 200:
                            break
                except OSError:
                    time.sleep(0.1)
            else:
                log.seek(0)
                raise RuntimeError("gunicorn did not start:\n" + log.read().decode())
            time.sleep(0.5)  # let every worker finish booting
            yield base
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


SCRIPTS = Path(tempfile.mkdtemp(prefix="service_load."))


def wrk(url: str, body: str, *, duration: int, connections: int, threads: int = 1,
        close: bool = False, wait: bool = True) -> subprocess.Popen[str]:
    """Start wrk on url with a POST body ("" for GET); with wait, run it to the end.
    With close, every request comes on a new connection."""
    script = SCRIPTS / f"{len(list(SCRIPTS.iterdir()))}.lua"
    script.write_text(LUA.replace("BODY", body).replace("CLOSE", str(close).lower()))
    proc = subprocess.Popen(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--timeout", "30s",
         "--latency", "-s", str(script), url], stdout=subprocess.PIPE, text=True)
    if wait:
        proc.wait()
    return proc


def result(proc: subprocess.Popen[str]) -> Result:
    out, _ = proc.communicate()
    line = next((x for x in out.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise RuntimeError("wrk printed no result:\n" + out)
    return Result(**json.loads(line[len("RESULT "):]))


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="1,2,4", help="worker counts to measure")
    ap.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    ap.add_argument("--score-connections", type=int, default=8)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--flood", action="store_true", help="also run the flood demonstration")
    ap.add_argument("--flood-connections", type=int, default=64)
    ap.add_argument("--only-flood", action="store_true")
    args = ap.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed (Debian: apt-get install wrk)")
    print(f"cores: {os.cpu_count()}, load average before: {loadavg()}")
    cases = scenarios()
    if not args.only_flood:
        print(f"{'workers':>7} {'scenario':<10} {'conns':>5} {'req/s':>8} {'200/s':>8} "
              f"{'p50 ms':>8} {'p99 ms':>8}  answers")
        for workers in [int(w) for w in args.workers.split(",")]:
            with gunicorn(args.port, workers) as base:
                for name, (path, body) in cases.items():
                    # Advice: two requests per worker — one computing, one waiting for the
                    # slot — so the workers stay busy without being turned away; each on a
                    # new connection, as from a proxy without keep-alive: a kept-alive
                    # connection stays with the worker that accepted it, and one worker
                    # may hold more of them than its slot and queue while another idles.
                    advice = name.endswith("advice")
                    conns = 2 * workers if advice else args.score_connections
                    r = result(wrk(base + path, body, duration=args.duration,
                                   connections=conns, close=advice))
                    print(f"{workers:>7} {name:<10} {conns:>5} {r.rps:>8.1f} {r.ok_rps:>8.1f} "
                          f"{r.p50_ms:>8.2f} {r.p99_ms:>8.2f}  {r.statuses} "
                          f"errors={r.socket_errors}", flush=True)
            print(f"        load average after {workers} worker(s): {loadavg()}", flush=True)
    if args.flood or args.only_flood:
        flood(args)
    shutil.rmtree(SCRIPTS)


def flood(args: argparse.Namespace) -> None:
    """Slow advice from many connections, /healthz from one, at the same time."""
    path, body = scenarios()["advice"]
    with gunicorn(args.port, 2) as base:
        baseline = result(wrk(base + "/healthz", "", duration=args.duration, connections=1))
        slow = wrk(base + path + "?budget_ms=200", body, duration=args.duration,
                   connections=args.flood_connections, threads=2, wait=False)
        time.sleep(1)  # the flood is on
        health = result(wrk(base + "/healthz", "", duration=args.duration - 2, connections=1))
        advice = result(slow)
    print(f"\nflood: 2 workers; {args.flood_connections} connections asking for advice at "
          f"budget_ms=200, 1 connection polling /healthz")
    print(f"  advice:  {advice.rps:.1f} answers/s, statuses {advice.statuses}, "
          f"{advice.retry_after} of the 503s with Retry-After; p50 {advice.p50_ms:.1f} ms, "
          f"p99 {advice.p99_ms:.1f} ms, max {advice.max_ms:.1f} ms, "
          f"socket errors {advice.socket_errors}")
    print(f"  healthz during the flood: {health.rps:.1f} req/s, p50 {health.p50_ms:.2f} ms, "
          f"p99 {health.p99_ms:.2f} ms, max {health.max_ms:.2f} ms, statuses {health.statuses}")
    print(f"  healthz alone:            {baseline.rps:.1f} req/s, p50 {baseline.p50_ms:.2f} ms, "
          f"p99 {baseline.p99_ms:.2f} ms")


if __name__ == "__main__":
    main()
