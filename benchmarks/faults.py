"""The fault suite: two service instances on one real PostgreSQL, a mixed load of the four
games, and faults one after another — run by hand, never by ``make test``.

    python benchmarks/faults.py [--phase-s 8] [--fault-s 5] [--players 4] [--only NAME,…]
                                [--database-url postgresql://…]

It starts a PostgreSQL server of its own (``initdb`` in a temporary folder, a free
loopback port, as ``.ci/run`` does; or uses ``--database-url``) and two gunicorn
instances on it (``service/gunicorn.conf.py``, one worker of 8 threads each). The load,
for the whole run, through both instances as a load balancer would spread it:

* players: each deals a table of Chắn and plays it to the end, then another, every
  request through the other instance than the last; every 2xx is written in a ledger
  (a table and the version it was acknowledged at);
* scorers: Chắn score, Khanhoo and Qing analyses, Ming advice (examples/);
* another client: a table of its own, asking a hint (``samples=20``) and playing it;
* a poller of ``/healthz``.

Phases, each ``--phase-s`` long, the fault in the middle for ``--fault-s``:

  baseline       no fault
  db-stop        PostgreSQL stopped (pg_ctl stop -m fast), then started again
  db-freeze      PostgreSQL frozen (SIGSTOP to the server and its backends), then SIGCONT
  worker-kill    a worker of instance A killed (SIGKILL; gunicorn starts another)
  analyze-flood  one client, 4 threads: batches of 200 Qing analyses, without pause
  hint-flood     one client, 16 threads each hinting on its own table (samples=50)

Per phase it prints: the requests, those that failed (no answer, or a 5xx), the 500s,
the 503s without Retry-After, the tables lost and the acknowledged actions lost (every
table of the ledger read back once the fault is over: gone, or at a version below the
one acknowledged), ``/healthz`` p99, and the other client's hint p99 with its actions
refused. The floods' figures depend on the work bounds and fair advice slots of the
service (``service/gate.py``) as this tree has them.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GAME_NAMES = ("chan", "khanhoo", "qing", "ming")
OTHER = "198.51.100.99"  # the other client: hints and actions on a Chắn table of its own
FLOODER = "203.0.113.66"  # the one client that floods
PHASES = ("baseline", "db-stop", "db-freeze", "worker-kill", "analyze-flood", "hint-flood")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- PostgreSQL ----------------------------------------------------------------------------


class Postgres:
    """A PostgreSQL server of this run's own, in a temporary folder."""

    def __init__(self) -> None:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"),
                       key=lambda p: [int(x) for x in p.parts[-3].split(".") if x.isdigit()])
        if not found:
            sys.exit("faults: no PostgreSQL server here (Debian: apt-get install postgresql), "
                     "or give --database-url")
        self.bin = found[-1].parent
        self.dir = Path(tempfile.mkdtemp(prefix="advisor-faults-pg."))
        self.run: list[str] = []
        if os.getuid() == 0:  # the server refuses to run as root
            shutil.chown(self.dir, "postgres")
            self.run = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.data = self.dir / "data"
        self._call("initdb", "-D", str(self.data), "-U", "advisor", "-A", "trust",
                   "--no-sync", "-E", "UTF8")
        self.start()
        self._call("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "advisor",
                   "advisor_faults")
        self.url = f"postgresql://advisor@127.0.0.1:{self.port}/advisor_faults"

    def _call(self, tool: str, *args: str) -> None:
        subprocess.run([*self.run, str(self.bin / tool), *args], check=True,
                       stdout=subprocess.DEVNULL)

    def start(self) -> None:
        self._call("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-w", "-o",
                   f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off",
                   "start")

    def stop(self) -> None:
        self._call("pg_ctl", "-D", str(self.data), "-m", "fast", "stop")

    def pids(self) -> list[int]:
        """The server and its children (backends, background processes)."""
        main = int((self.data / "postmaster.pid").read_text().split()[0])
        out = [main]
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                try:
                    ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if ppid == main:
                    out.append(int(proc.name))
        return out

    def signal(self, sig: int) -> None:
        for pid in self.pids():
            with suppress(ProcessLookupError):
                os.kill(pid, sig)

    def close(self) -> None:
        try:
            self.signal(signal.SIGCONT)
            self.stop()
        except (OSError, subprocess.CalledProcessError, ValueError):
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


# --- the service ----------------------------------------------------------------------------


class Instance:
    """gunicorn (one worker, 8 threads) on a port of its own."""

    def __init__(self, name: str, url: str, log: Path) -> None:
        self.name = name
        self.port = free_port()
        env = {**os.environ, "ADVISOR_DATABASE_URL": url, "WEB_CONCURRENCY": "1",
               "GUNICORN_THREADS": "8", "BIND": f"127.0.0.1:{self.port}",
               # every simulated client says who it is, as nginx would (X-Forwarded-For):
               # the gate's fairness and the quotas tell them apart
               "ADVISOR_PROXY_HOPS": "1",
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")]))}
        env.pop("CONTROL_SOCKET", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c",
                                      "service/gunicorn.conf.py"], cwd=ROOT, env=env,
                                     stdout=subprocess.DEVNULL, stderr=log.open("ab"))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                sys.exit(f"faults: instance {name} stopped: see {log}")
            if call(self.port, "GET", "/healthz", timeout=2).status == 200:
                return
            time.sleep(0.2)
        sys.exit(f"faults: instance {name} did not answer /healthz within 60 s")

    def worker_pids(self) -> list[int]:
        out = []
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                try:
                    ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if ppid == self.proc.pid:
                    out.append(int(proc.name))
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@dataclass
class Answer:
    status: int  # 0: no answer (connection refused, reset, timed out)
    body: Any = None
    retry_after: str | None = None
    seconds: float = 0.0


def call(port: int, method: str, path: str, body: Any = None, *, timeout: float = 30,
         client: str = "198.51.100.1") -> Answer:
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"X-Forwarded-For": client}
        if data:
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return Answer(resp.status, parsed, resp.getheader("Retry-After"),
                      time.monotonic() - start)
    except (OSError, http.client.HTTPException):
        return Answer(0, None, None, time.monotonic() - start)
    finally:
        conn.close()


# --- the load --------------------------------------------------------------------------------


@dataclass
class Tally:
    """What one phase saw."""

    statuses: Counter[int] = field(default_factory=Counter)
    no_retry_after: int = 0
    healthz: list[float] = field(default_factory=list)
    hint: list[float] = field(default_factory=list)
    hint_status: Counter[int] = field(default_factory=Counter)
    score: list[float] = field(default_factory=list)  # another client's /v1/chan/score
    other_refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, a: Answer) -> None:
        with self.lock:
            self.statuses[a.status] += 1
            if a.status == 503 and not a.retry_after:
                self.no_retry_after += 1


class Run:
    def __init__(self, instances: list[Instance]) -> None:
        self.instances = instances
        self.tally = Tally()
        self.stop = threading.Event()
        self.ledger: dict[str, int] = {}  # table id → the last acknowledged version
        self.ledger_lock = threading.Lock()
        self.games: dict[str, str] = {}  # table id → its game
        self.flood: Callable[[], None] | None = None

    def port(self, n: int) -> int:
        return self.instances[n % len(self.instances)].port

    def req(self, n: int, method: str, path: str, body: Any = None, *,
            client: str = "198.51.100.1") -> Answer:
        a = call(self.port(n), method, path, body, client=client)
        self.tally.add(a)
        return a

    def acknowledged(self, sid: str, version: int, game: str = "chan") -> None:
        with self.ledger_lock:
            self.ledger[sid] = max(version, self.ledger.get(sid, 0))
            self.games[sid] = game

    def player(self, k: int) -> None:
        """A player of one of the four games (by ``k``), at its browser table's API."""
        rng = random.Random(k)
        n = k
        game = GAME_NAMES[k % len(GAME_NAMES)]
        me = f"198.51.100.{10 + k}"
        table: dict[str, Any] | None = None
        while not self.stop.is_set():
            n += 1
            if table is None or table.get("over"):
                a = self.req(n, "POST", f"/v1/play/{game}", {"seed": rng.randrange(2**31)},
                             client=me)
                if a.status == 201:
                    table = a.body
                    self.acknowledged(table["id"], table["version"], game)
                else:
                    self._pause(a)
                continue
            if not table["legal"]:  # the bots' turn is over only when the player's is due
                b = self.req(n, "GET", f"/v1/play/{game}/{table['id']}", client=me)
                table = b.body if b.status == 200 else None
                self.stop.wait(0.2)
                continue
            choice = rng.choice(table["legal"])
            action = choice["action"] if "text" in choice else choice  # Chắn's: the action
            a = self.req(n, "POST", f"/v1/play/{game}/{table['id']}/action",
                         {**action, "version": table["version"]}, client=me)
            if a.status == 200:
                table = a.body
                self.acknowledged(table["id"], table["version"], game)
            elif a.status in (409, 404) or a.status >= 500 or a.status == 0:
                self._pause(a)
                b = self.req(n + 1, "GET", f"/v1/play/{game}/{table['id']}", client=me)
                if b.status == 200:
                    table = b.body
                elif b.status == 404:
                    table = None

    def _pause(self, a: Answer) -> None:
        wait = float(a.retry_after) if a.retry_after and a.retry_after.isdigit() else 0.2
        self.stop.wait(min(wait, 2.0))

    def scorer(self, k: int) -> None:
        qing = json.loads((EXAMPLES / "qing_view.json").read_text())
        jobs = [("/v1/chan/score", json.loads((EXAMPLES / "win.json").read_text())),
                ("/v1/khanhoo/analyze", json.loads((EXAMPLES / "khanhoo_hand.json").read_text())),
                ("/v1/qing/analyze", {"hand": qing["hand"]}),
                ("/v1/ming/advice", json.loads((EXAMPLES / "ming_prefix.json").read_text()))]
        n = k
        while not self.stop.is_set():
            n += 1
            path, body = jobs[n % len(jobs)]
            a = self.req(n, "POST", path, body, client=f"198.51.100.{40 + k}")
            if path == "/v1/chan/score":
                with self.tally.lock:
                    self.tally.score.append(a.seconds if a.status == 200 else 30.0)
            if a.status == 503:
                self._pause(a)
            self.stop.wait(0.05)

    def other_client(self) -> None:
        """Another player: a hint, then an action, on a table of its own."""
        n = 0
        table: dict[str, Any] | None = None
        while not self.stop.is_set():
            n += 1
            if table is None or table.get("over") or not table.get("legal"):
                a = self.req(n, "POST", "/v1/play", {"seed": n}, client=OTHER)
                table = a.body if a.status == 201 else None
                if table is not None:
                    self.acknowledged(table["id"], table["version"])
                else:
                    self._pause(a)
                continue
            h = self.req(n, "POST", f"/v1/play/{table['id']}/hint?samples=20&"
                              f"version={table['version']}", client=OTHER)
            with self.tally.lock:
                self.tally.hint.append(h.seconds)
                self.tally.hint_status[h.status] += 1
            act = self.req(n + 1, "POST", f"/v1/play/{table['id']}/action",
                           {**table["legal"][0], "version": table["version"]}, client=OTHER)
            if act.status == 200:
                table = act.body
                self.acknowledged(table["id"], table["version"])
            else:
                with self.tally.lock:
                    self.tally.other_refused += 1
                self._pause(act)
                b = self.req(n, "GET", f"/v1/play/{table['id']}", client=OTHER)
                table = b.body if b.status == 200 else None
            self.stop.wait(0.3)

    def healthz(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            a = call(self.port(n), "GET", "/healthz", timeout=30)
            with self.tally.lock:
                self.tally.healthz.append(a.seconds if a.status == 200 else 30.0)
            self.stop.wait(0.1)

    @contextmanager
    def running(self, players: int, scorers: int) -> Iterator[None]:
        threads = [threading.Thread(target=self.player, args=(k,)) for k in range(players)]
        threads += [threading.Thread(target=self.scorer, args=(k,)) for k in range(scorers)]
        threads += [threading.Thread(target=self.other_client),
                    threading.Thread(target=self.healthz)]
        for t in threads:
            t.start()
        try:
            yield
        finally:
            self.stop.set()
            for t in threads:
                t.join(60)

    def losses(self) -> tuple[int, int]:
        """Tables gone and acknowledged actions gone: every table of the ledger read back
        (through either instance, retried while the service says 503)."""
        tables_lost = actions_lost = 0
        with self.ledger_lock:
            ledger = dict(self.ledger)
            games = dict(self.games)
        for i, (sid, version) in enumerate(ledger.items()):
            for _ in range(20):
                a = call(self.port(i), "GET", f"/v1/play/{games[sid]}/{sid}")
                if a.status not in (0, 503):
                    break
                time.sleep(1)
            if a.status == 404:
                tables_lost += 1
                actions_lost += version - 1
            elif a.status == 200 and a.body["version"] < version:
                actions_lost += version - a.body["version"]
        return tables_lost, actions_lost


def p99_s(xs: list[float]) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.99))]


def p99(xs: list[float]) -> str:
    v = p99_s(xs)
    return "—" if v is None else f"{v * 1000:.0f} ms"


def verdict(out: dict[str, Any]) -> list[str]:
    """What a phase misses of the goals (docs/deploy.md, the fault suite): no
    500, nothing acknowledged lost, every 503 with Retry-After; under an analyze flood
    /healthz p99 ≤ 100 ms and another client's score p99 ≤ 250 ms; under a hint flood
    another client's hint p99 ≤ 2 s and none of its actions refused."""
    misses = []
    if out["500s"]:
        misses.append(f"{out['500s']} answers 500")
    if out["tables_lost"] or out["acknowledged_actions_lost"]:
        misses.append("tables or acknowledged actions lost")
    if out["503_without_retry_after"]:
        misses.append("a 503 without Retry-After")
    if out["phase"] == "analyze-flood":
        if (out["healthz_p99_s"] or 0) > 0.100:
            misses.append(f"/healthz p99 {out['healthz_p99']} > 100 ms")
        if (out["other_score_p99_s"] or 0) > 0.250:
            misses.append(f"another client's score p99 {out['other_score_p99']} > 250 ms")
    if out["phase"] == "hint-flood":
        if (out["other_hint_p99_s"] or 0) > 2.0:
            misses.append(f"another client's hint p99 {out['other_hint_p99']} > 2 s")
        if out["other_actions_refused"]:
            misses.append(f"{out['other_actions_refused']} of another client's actions "
                          "refused")
    return misses


def flood_analyze(run: Run, stop: threading.Event) -> None:
    qing = json.loads((EXAMPLES / "qing_view.json").read_text())["hand"]
    rng = random.Random(7)
    batch = [{"hand": rng.sample(qing, len(qing))} for _ in range(200)]

    def one() -> None:
        while not stop.is_set():
            a = call(run.port(0), "POST", "/v1/qing/analyze", batch, timeout=60,
                     client=FLOODER)
            if a.status == 0:
                stop.wait(0.1)

    threads = [threading.Thread(target=one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def flood_hints(run: Run, stop: threading.Event) -> None:
    def one(k: int) -> None:
        t = call(run.port(0), "POST", "/v1/play", {"seed": 1000 + k}, client=FLOODER)
        if t.status != 201:
            return
        while not stop.is_set():
            call(run.port(0), "POST", f"/v1/play/{t.body['id']}/hint?samples=50&budget_ms=200",
                 timeout=60, client=FLOODER)

    threads = [threading.Thread(target=one, args=(k,)) for k in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def phase(name: str, args: argparse.Namespace, pg: Postgres | None,
          instances: list[Instance]) -> dict[str, Any]:
    run = Run(instances)
    lead = (args.phase_s - args.fault_s) / 2
    flood_stop = threading.Event()
    flooder: threading.Thread | None = None
    with run.running(args.players, args.scorers):
        time.sleep(lead)
        if name == "db-stop" and pg is not None:
            pg.stop()
            time.sleep(args.fault_s)
            pg.start()
        elif name == "db-freeze" and pg is not None:
            pg.signal(signal.SIGSTOP)
            time.sleep(args.fault_s)
            pg.signal(signal.SIGCONT)
        elif name == "worker-kill":
            for pid in instances[0].worker_pids():
                os.kill(pid, signal.SIGKILL)
            time.sleep(args.fault_s)
        elif name in ("analyze-flood", "hint-flood"):
            target = flood_analyze if name == "analyze-flood" else flood_hints
            flooder = threading.Thread(target=target, args=(run, flood_stop))
            flooder.start()
            time.sleep(args.fault_s)
            flood_stop.set()
        else:
            time.sleep(args.fault_s)
        time.sleep(lead)
    if flooder is not None:
        flooder.join(120)
    tables_lost, actions_lost = run.losses()
    t = run.tally
    requests = sum(t.statuses.values())
    failed = sum(n for s, n in t.statuses.items() if s == 0 or s >= 500)
    return {"phase": name, "requests": requests, "failed": failed,
            "500s": t.statuses[500], "503_without_retry_after": t.no_retry_after,
            "tables": len(run.ledger), "tables_lost": tables_lost,
            "acknowledged_actions_lost": actions_lost, "healthz_p99": p99(t.healthz),
            "healthz_p99_s": p99_s(t.healthz), "other_hint_p99_s": p99_s(t.hint),
            "other_score_p99": p99(t.score), "other_score_p99_s": p99_s(t.score),
            "other_hint_p99": p99(t.hint), "other_hint_statuses": dict(t.hint_status),
            "other_actions_refused": t.other_refused,
            "statuses": dict(sorted(t.statuses.items()))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--phase-s", type=float, default=8.0, help="seconds per phase")
    ap.add_argument("--fault-s", type=float, default=5.0, help="seconds of the fault")
    ap.add_argument("--players", type=int, default=4, help="player threads")
    ap.add_argument("--scorers", type=int, default=2, help="score/analyze threads")
    ap.add_argument("--only", default="", help="comma-separated phases (default: all)")
    ap.add_argument("--database-url", help="a PostgreSQL to use instead of starting one "
                                           "(the database faults are then skipped)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON lines")
    args = ap.parse_args()
    names = [p for p in PHASES if not args.only or p in args.only.split(",")]
    pg = None if args.database_url else Postgres()
    url = args.database_url or (pg.url if pg else "")
    logdir = Path(tempfile.mkdtemp(prefix="advisor-faults."))
    instances: list[Instance] = []
    missed = 0
    try:
        instances = [Instance(n, url, logdir / f"{n}.log") for n in "AB"]
        print(f"# two instances on ports {instances[0].port}, {instances[1].port}; "
              f"PostgreSQL {url.rsplit('@', 1)[-1]}; logs in {logdir}; "
              f"load average {os.getloadavg()[0]:.2f}", flush=True)
        for name in names:
            if name.startswith("db-") and pg is None:
                continue
            out = phase(name, args, pg, instances)
            out["misses"] = verdict(out)
            missed += bool(out["misses"])
            if args.json:
                print(json.dumps(out), flush=True)
            else:
                print(f"{name:14} requests {out['requests']:5}  failed {out['failed']:4}  "
                      f"500s {out['500s']}  503 w/o Retry-After "
                      f"{out['503_without_retry_after']}  tables lost {out['tables_lost']}/"
                      f"{out['tables']}  acknowledged actions lost "
                      f"{out['acknowledged_actions_lost']}  /healthz p99 {out['healthz_p99']}"
                      f"  other score p99 {out['other_score_p99']}"
                      f"  other hint p99 {out['other_hint_p99']} "
                      f"{out['other_hint_statuses']}  other actions refused "
                      f"{out['other_actions_refused']}  statuses {out['statuses']}"
                      f"  → {'; '.join(out['misses']) or 'goals met'}", flush=True)
        logs = "".join(p.read_text(errors="replace") for p in logdir.glob("*.log"))
        print(f"# tracebacks logged: {logs.count('Traceback')}; 'database unavailable' "
              f"lines: {logs.count('database unavailable')}; phases missing a goal: {missed}")
    finally:
        for inst in instances:
            inst.stop()
        if pg is not None:
            pg.close()
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
