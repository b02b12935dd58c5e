"""The tables' database sick or gone (service/playstore.py): a PostgreSQL that stops
answering (frozen: it still takes the bytes) or goes away is answered 503
``/problems/unavailable`` with ``Retry-After`` — never 500, logged once a request, no
traceback — while ``/healthz`` (which never touches the database) answers, ``/readyz``
says the database is gone, and nothing acknowledged before is lost. A lock held too long
is a 503 too, and the expired-table clean-up cannot turn a committed change into an error.

The PostgreSQL tests use the server ``ADVISOR_TEST_DATABASE_URL`` names (skipped
without it), through a relay in this process that can freeze or drop the connections.
Nothing here measures time: a frozen database is cut by the store's own watchdog, and a
request that never came back would fail the test at its join.
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from service import create_app, playstore
from service.problems import Problem

HAND = "2v 2v 3v 3s 4m 4m 5v 5s 5m 6s 6s 7v 7m 8v 8v 8s 9m 9m cc 3m"
RETRY = 1  # RETRY_AFTER_S of the apps below: the breaker's pause after a failure


class Relay:
    """A TCP relay to the database that can freeze (keep every connection open and pass
    nothing: a server stopped by SIGSTOP) or drop everything (a server that is gone)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.mode = "pass"
        self.lock = threading.Lock()
        self.socks: list[socket.socket] = []
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.mode == "down":
                client.close()
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.socks += [client, server]
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        peer = {a: b, b: a}
        try:
            while not self.closed:
                if self.mode == "freeze":
                    time.sleep(0.02)  # hold the bytes: the other side waits for ever
                    continue
                ready, _, _ = select.select([a, b], [], [], 0.05)
                for s in ready:
                    data = s.recv(65536)
                    if not data:
                        raise OSError("closed")
                    peer[s].sendall(data)
        except OSError:
            pass
        finally:
            a.close()
            b.close()

    def set(self, mode: str) -> None:
        self.mode = mode
        if mode == "down":
            with self.lock:
                for s in self.socks:
                    with contextlib.suppress(OSError):
                        s.shutdown(socket.SHUT_RDWR)
                self.socks.clear()

    def close(self) -> None:
        self.closed = True
        self.set("down")
        self.listener.close()


@pytest.fixture(scope="module")
def pg_database(postgres: str) -> str:
    """A fresh PostgreSQL database for this module (tests/service/conftest.py)."""
    return postgres


@pytest.fixture
def relayed(pg_database: str) -> Iterator[tuple[Relay, FlaskClient]]:
    url = make_url(pg_database)
    relay = Relay(url.host or "127.0.0.1", url.port or 5432)
    app = create_app({
        "TESTING": True, "RETRY_AFTER_S": RETRY,
        "DATABASE_URL": url.set(host="127.0.0.1", port=relay.port)
                           .render_as_string(hide_password=False),
        "DB_OPERATION_TIMEOUT_S": 1.0, "DB_CONNECT_TIMEOUT_S": 1, "DB_POOL_WAIT_S": 0.5})
    try:
        yield relay, app.test_client()
    finally:
        relay.close()
        app.extensions["chan_advisor.playstore"].engine.dispose()


def _call(client: FlaskClient, method: str, path: str, **kw: Any) -> Any:
    """A request that must come back (a worker held for ever would fail here)."""
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(client.open(path, method=method, **kw)))
    t.start()
    t.join(120)
    assert out, f"{method} {path} never came back"
    return out[0]


def _unavailable(resp: Any) -> dict[str, Any]:
    assert resp.status_code == 503, resp.get_data(as_text=True)
    body: dict[str, Any] = resp.get_json()
    assert body["type"] == "/problems/unavailable"
    assert resp.mimetype == "application/problem+json"
    assert int(resp.headers["Retry-After"]) >= 1
    return body


def _back(client: FlaskClient, path: str) -> Any:
    """The answer once the database is back: after Retry-After, as a client would."""
    for _ in range(20):
        resp = _call(client, "GET", path)
        if resp.status_code != 503:
            return resp
        time.sleep(int(resp.headers["Retry-After"]))
    raise AssertionError(f"GET {path} still 503 after 20 retries")


def _play(client: FlaskClient) -> dict[str, Any]:
    created = _call(client, "POST", "/v1/play", json={"seed": 5})
    assert created.status_code == 201
    table: dict[str, Any] = created.get_json()
    acted = _call(client, "POST", f"/v1/play/{table['id']}/action",
                  json={**table["legal"][0], "version": table["version"]})
    assert acted.status_code == 200
    after: dict[str, Any] = acted.get_json()
    return after


@pytest.mark.parametrize("fault", ["freeze", "down"])
def test_a_frozen_or_gone_database_is_503_and_loses_nothing_acknowledged(
        relayed: tuple[Relay, FlaskClient], fault: str,
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playstore, "clock", lambda: 1_000_000.0)  # time held still
    relay, client = relayed
    table = _play(client)  # acknowledged: dealt, then one action
    sid = table["id"]

    relay.set(fault)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        answers = [
            _call(client, "GET", f"/v1/play/{sid}"),
            _call(client, "POST", f"/v1/play/{sid}/action",
                  json={**table["legal"][0], "version": table["version"]}),
            _call(client, "POST", "/v1/play", json={}),
            _call(client, "GET", "/readyz"),
        ]
        for resp in answers:
            _unavailable(resp)
        # what needs no database answers as ever
        assert _call(client, "GET", "/healthz").status_code == 200
        assert _call(client, "POST", "/v1/chan/analyze", json={"hand": HAND}
                     ).status_code == 200
    failed = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert failed and all(r.levelno == logging.WARNING and not r.exc_info for r in failed)
    assert len(failed) <= len(answers)  # once a request at most (the breaker: none more)
    assert not any("internal" in r.getMessage() for r in failed)

    relay.set("pass")
    now = _back(client, f"/v1/play/{sid}")
    assert now.status_code == 200
    assert now.get_json() == table  # the whole answer, its time to expiry included
    assert _back(client, "/readyz").get_json() == {"status": "ok", "database": "ok"}


def test_a_lock_held_too_long_is_503_and_the_table_is_unchanged(pg_database: str) -> None:
    limits = playstore.Limits(lock_ms=100, statement_ms=2000)
    store = playstore.Store(playstore.connect(pg_database, limits), ttl_s=60, limits=limits)
    sid = store.create({"n": 0})
    other = create_engine(playstore.database_url(pg_database))
    try:
        with other.connect() as conn, conn.begin():  # another host's long transaction
            conn.execute(text("SELECT 1 FROM play_table WHERE id = :id FOR UPDATE"),
                         {"id": sid})
            with pytest.raises(Problem) as err:
                store.save(sid, {"n": 1}, version=1)
            assert (err.value.status, err.value.kind) == (503, "unavailable")
            assert "Retry-After" in err.value.headers
        assert not store.health.down()  # one busy row is not a database gone
        assert store.save(sid, {"n": 1}, version=1)
        row = store.load(sid)
        assert row is not None and (row.state, row.version) == ({"n": 1}, 2)
    finally:
        other.dispose()
        store.engine.dispose()


def test_a_failed_clean_up_never_fails_the_change_it_follows(tmp_path: Path) -> None:
    db = str(tmp_path / "play.sqlite3")
    now = [1000.0]
    store = playstore.Store(playstore.connect(db), ttl_s=60, clock=lambda: now[0])
    old = store.create({"n": 0})
    sid = store.create({"n": 0})
    with sqlite3.connect(db) as conn:  # every delete fails from now on
        conn.execute("CREATE TRIGGER no_delete BEFORE DELETE ON play_table "
                     "BEGIN SELECT RAISE(ABORT, 'disk says no'); END")
    conn.close()
    now[0] += 50
    assert store.save(sid, {"n": 1}, version=1)  # committed, and answered so
    now[0] += 20  # `old` has expired: the clean-up after this change fails
    assert store.save(sid, {"n": 2}, version=2)
    row = store.load(sid)
    assert row is not None and (row.state, row.version) == ({"n": 2}, 3)
    assert store.load(old) is None  # expired: not found, though not deleted yet
    store.engine.dispose()
