"""The browser game's tables in a database (service/playstore.py): the same store on
SQLite and on PostgreSQL — versions, expiry, migrations applied once — and two service
processes on two ports sharing one database: a table made through one is played through
the other, eight simultaneous actions on one version give one 200 and seven 409, and a
table outlives the restart of either process.

PostgreSQL is the server that ``ADVISOR_TEST_DATABASE_URL`` names (``.ci/run`` installs
and starts one); without it those tests are skipped, saying so. Each run works in a
database of its own, dropped at the end."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, insert, select, text

from service import create_app, playstore

ROOT = Path(__file__).resolve().parents[2]
@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind: a SQLite file, or the PostgreSQL one emptied."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'play.sqlite3'}"
        return
    url: str = request.getfixturevalue("postgres")
    engine = create_engine(playstore.database_url(url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS play_table, advisor_schema"))
    engine.dispose()
    yield url


# --- the store, on both databases ------------------------------------------------------


def test_a_change_is_written_only_over_its_version_and_idle_tables_expire(database: str) -> None:
    now = [1000.0]
    store = playstore.Store(playstore.connect(database), ttl_s=60, clock=lambda: now[0])
    sid = store.create({"n": 0, "text": "Chắn ù"})
    row = store.load(sid)
    assert row is not None and (row.state, row.version, row.touched) == \
        ({"n": 0, "text": "Chắn ù"}, 1, 1000.0)
    assert store.save(sid, {"n": 1}, version=1)
    assert not store.save(sid, {"n": 2}, version=1)  # the second of two racing requests
    assert store.load(sid) == playstore.Row(sid, {"n": 1}, 2, 1000.0)
    old = sid
    now[0] += 50
    fresh = store.create({"n": 9})
    now[0] += 20  # the first table was last changed 70 s ago: expired, not found
    assert store.load(old) is None and not store.save(old, {"n": 3}, version=2)
    assert store.load(fresh) is not None
    store.create({"n": 10})  # a write purges what has expired
    with store.engine.connect() as conn:
        ids = set(conn.execute(select(playstore.PLAY_TABLE.c.id)).scalars())
    assert old not in ids and fresh in ids
    store.engine.dispose()


def test_racing_writers_on_one_version_let_exactly_one_through(database: str) -> None:
    store = playstore.Store(playstore.connect(database), ttl_s=60)
    sid = store.create({"n": 0})
    start = threading.Barrier(8)

    def write(n: int) -> bool:
        start.wait()
        return store.save(sid, {"n": n}, version=1)

    with ThreadPoolExecutor(8) as pool:
        won = list(pool.map(write, range(8)))
    assert won.count(True) == 1
    row = store.load(sid)
    assert row is not None and row.version == 2 and row.state == {"n": won.index(True)}
    store.engine.dispose()


def test_migrations_are_applied_once_even_by_processes_starting_together(database: str) -> None:
    with ThreadPoolExecutor(6) as pool:  # six workers starting at once on an empty database
        engines = list(pool.map(playstore.connect, [database] * 6))
    with engines[0].connect() as conn:
        applied = conn.execute(select(playstore.SCHEMA_VERSION.c.version)).scalars().all()
    assert sorted(applied) == list(range(1, len(playstore.MIGRATIONS) + 1))
    assert playstore.migrate(engines[0]) == len(playstore.MIGRATIONS)  # nothing left to do
    for e in engines:
        e.dispose()


def test_a_sqlite_file_of_the_earlier_release_is_taken_as_it_is(tmp_path: Path) -> None:
    # the table as the release before migrations made it (in SQLite only), with a table
    database = str(tmp_path / "play.sqlite3")
    engine = create_engine(playstore.database_url(database))
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE play_table (id TEXT PRIMARY KEY, state TEXT NOT NULL, "
                          "version INTEGER NOT NULL, created REAL NOT NULL, "
                          "touched REAL NOT NULL)"))
        conn.execute(text("CREATE INDEX play_table_touched ON play_table (touched)"))
        conn.execute(insert(playstore.PLAY_TABLE).values(
            id="old", state='{"n":1}', version=4, created=time.time(), touched=time.time()))
    engine.dispose()
    store = playstore.Store(playstore.connect(database), ttl_s=60)
    row = store.load("old")
    assert row is not None and (row.state, row.version) == ({"n": 1}, 4)
    assert store.save("old", {"n": 2}, version=4)
    store.engine.dispose()


def test_a_schema_newer_than_this_release_is_refused(database: str) -> None:
    playstore.connect(database).dispose()
    engine = create_engine(playstore.database_url(database))
    with engine.begin() as conn:
        conn.execute(insert(playstore.SCHEMA_VERSION).values(version=99, applied=0.0))
    engine.dispose()
    with pytest.raises(playstore.DatabaseError, match="version 99, newer than this release"):
        playstore.connect(database)


@pytest.mark.parametrize(("url", "said"), [
    ("mysql://play@db/advisor", "the tables live in PostgreSQL"),
    ("postgresql+asyncpg://play@db/advisor", "the tables live in PostgreSQL"),
    ("postgresql://play:s3cret@127.0.0.1:9/advisor", "cannot be used: connection failed"),
    ("sqlite:////no/such/folder/play.sqlite3", "cannot be used: unable to open"),
])
def test_a_database_that_cannot_be_used_stops_the_start_with_a_clear_message(
        url: str, said: str) -> None:
    with pytest.raises(playstore.DatabaseError) as err:
        create_app({"TESTING": True, "DATABASE_URL": url})
    assert said in err.value.message and "s3cret" not in str(err.value.code)


def test_the_service_does_not_start_on_a_bad_database_url_and_says_why() -> None:
    env = {**os.environ, "ADVISOR_DATABASE_URL": "postgresql://play:s3cret@127.0.0.1:9/x",
           "BIND": f"127.0.0.1:{_free_port()}", "WEB_CONCURRENCY": "1"}
    done = subprocess.run([sys.executable, "-m", "gunicorn", "-c", "service/gunicorn.conf.py"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "advisor: database: 'postgresql+psycopg://play:***@127.0.0.1:9/x' cannot be used" \
        in done.stderr
    assert "Traceback" not in done.stderr and "s3cret" not in done.stderr


# --- two service processes, one database -----------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Service:
    """The service (gunicorn, one worker of 8 threads) on a port of its own."""

    def __init__(self, url: str, log: Path) -> None:
        self.url = url
        self.log = log
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Service:
        env = {**os.environ, "ADVISOR_DATABASE_URL": self.url, "WEB_CONCURRENCY": "1",
               "GUNICORN_THREADS": "8", "BIND": f"127.0.0.1:{self.port}",
               # the advisors' turns queue at the worker's gate: let them wait, never 503
               "ADVISOR_ADVICE_QUEUE": "8", "ADVISOR_ADVICE_QUEUE_WAIT_S": "30",
               "ADVISOR_ADVICE_DEADLINE_S": "60",
               # the racers below are told apart as clients, as a proxy would tell them
               # (one client has one request waiting at most: service.gate's fairness)
               "ADVISOR_PROXY_HOPS": "1",
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")]))}
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c",
                                          "service/gunicorn.conf.py"], cwd=ROOT, env=env,
                                         stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the service stopped: {self.log.read_text()}")
            try:
                if self.call("GET", "/healthz")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the service did not answer /healthz within 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=30)
        self.proc = None

    def call(self, method: str, path: str, body: Any = None,
             client: str = "192.0.2.1") -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                     method=method,
                                     headers={"Content-Type": "application/json",
                                              "X-Forwarded-For": client})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())


@pytest.fixture
def two_services(database: str, tmp_path: Path) -> Iterator[list[Service]]:
    """Two service processes on two ports over one database (PostgreSQL: as two hosts
    would be; SQLite: two processes of one host on one file)."""
    services = [Service(database, tmp_path / "a.log"), Service(database, tmp_path / "b.log")]
    try:
        yield [s.start() for s in services]
    finally:
        for s in services:
            s.stop()


def _without_clock(table: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in table.items() if k != "expires_in_s"}


def test_two_processes_share_the_tables(two_services: list[Service]) -> None:
    a, b = two_services
    # advisors among the opponents: an action takes them a while to answer, so that the
    # racing actions below all read the table before the first is written
    status, table = a.call("POST", "/v1/play", {"seed": 11, "opponents": [
        "advisor:30", "greedy", "advisor:30"]})
    assert status == 201
    sid = table["id"]
    # made through one, seen and played through the other
    assert _without_clock(b.call("GET", f"/v1/play/{sid}")[1]) == _without_clock(table)
    status, table = b.call("POST", f"/v1/play/{sid}/action",
                           {**table["legal"][0], "version": table["version"]})
    assert status == 200 and table["version"] == 2
    assert a.call("GET", f"/v1/play/{sid}")[1]["version"] == 2

    # eight simultaneous actions on one version, four through each process
    action = {**table["legal"][-1], "version": table["version"]}
    start = threading.Barrier(8)

    def act(n: int) -> int:
        start.wait()  # eight players sharing the table's link, each a client of its own
        return (a, b)[n % 2].call("POST", f"/v1/play/{sid}/action", action,
                                  client=f"192.0.2.{10 + n}")[0]

    with ThreadPoolExecutor(8) as pool:
        codes = Counter(pool.map(act, range(8)))
    assert codes == Counter({200: 1, 409: 7})
    after = a.call("GET", f"/v1/play/{sid}")[1]
    assert after["version"] == 3 and b.call("GET", f"/v1/play/{sid}")[1]["version"] == 3

    # the table outlives the restart of either process
    for restarted, other in ((a, b), (b, a)):
        restarted.stop()
        assert _without_clock(other.call("GET", f"/v1/play/{sid}")[1]) == \
            _without_clock(after)
        restarted.start()
        assert _without_clock(restarted.call("GET", f"/v1/play/{sid}")[1]) == \
            _without_clock(after)
    if not after["over"]:
        status, table = b.call("POST", f"/v1/play/{sid}/action",
                               {**after["legal"][0], "version": 3})
        assert status == 200 and a.call("GET", f"/v1/play/{sid}")[1]["version"] == 4
