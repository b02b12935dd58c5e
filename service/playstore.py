"""The browser game's tables, kept in SQLite so that any worker can serve any request and
a restart loses nothing.

One row per table: an unguessable id (:func:`secrets.token_urlsafe`), the table as
:meth:`advisor.chan.session.Table.to_json` (text), a version that every change bumps,
and when it was last played. A table not played for ``PLAY_TTL_S`` seconds has expired:
it is no longer found, and the next write deletes it.

Each request opens its own connection (closed when the request ends); the database is
in WAL mode, so readers never wait for a writer and several gunicorn workers can share
it. A change is written only over the version it was computed from
(:meth:`Store.save`), so two requests racing on one table cannot both apply.

>>> import tempfile, os
>>> store = Store(connect(os.path.join(tempfile.mkdtemp(), "t.sqlite3")), ttl_s=60)
>>> sid = store.create({"format": "x"})
>>> row = store.load(sid)
>>> row.state, row.version
({'format': 'x'}, 1)
>>> store.save(sid, {"format": "y"}, version=1), store.save(sid, {"format": "z"}, version=1)
(True, False)
>>> store.load("nope") is None
True
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g

SCHEMA = """
CREATE TABLE IF NOT EXISTS play_table (
    id      TEXT PRIMARY KEY,
    state   TEXT NOT NULL,     -- Table.to_json()
    version INTEGER NOT NULL,  -- 1 when created, +1 at every change
    created REAL NOT NULL,     -- Unix time
    touched REAL NOT NULL      -- Unix time of the last change
);
CREATE INDEX IF NOT EXISTS play_table_touched ON play_table (touched);
"""

BUSY_TIMEOUT_S = 5.0
"""How long a write waits for another worker's write to finish."""

_KEY = "chan_advisor.playstore"


@dataclass(frozen=True)
class Row:
    """A stored table."""

    id: str
    state: dict[str, Any]
    version: int
    touched: float


def connect(path: str) -> sqlite3.Connection:
    """A connection in autocommit mode (each statement is its own transaction) to the
    database at ``path``, in WAL mode, with the schema in place."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoints, never corrupt
    conn.executescript(SCHEMA)
    return conn


class Store:
    """The tables in one database connection."""

    def __init__(self, conn: sqlite3.Connection, *, ttl_s: float,
                 clock: Callable[[], float] = time.time) -> None:
        self.conn = conn
        self.ttl_s = ttl_s
        self.clock = clock

    def create(self, state: dict[str, Any]) -> str:
        """Store a new table; its id."""
        now = self.clock()
        self._purge(now)
        sid = secrets.token_urlsafe(16)
        self.conn.execute("INSERT INTO play_table VALUES (?, ?, 1, ?, ?)",
                          (sid, _dumps(state), now, now))
        return sid

    def load(self, sid: str) -> Row | None:
        """The table with this id, or None if there is none or it has expired."""
        row = self.conn.execute(
            "SELECT state, version, touched FROM play_table WHERE id = ? AND touched >= ?",
            (sid, self.clock() - self.ttl_s)).fetchone()
        if row is None:
            return None
        return Row(sid, json.loads(row[0]), row[1], row[2])

    def save(self, sid: str, state: dict[str, Any], *, version: int) -> bool:
        """Replace the table if it is still at ``version``; False if another request
        changed it first (or it has expired since)."""
        now = self.clock()
        cur = self.conn.execute(
            "UPDATE play_table SET state = ?, version = version + 1, touched = ? "
            "WHERE id = ? AND version = ? AND touched >= ?",
            (_dumps(state), now, sid, version, now - self.ttl_s))
        self._purge(now)
        return cur.rowcount == 1

    def _purge(self, now: float) -> None:
        self.conn.execute("DELETE FROM play_table WHERE touched < ?", (now - self.ttl_s,))


def _dumps(state: dict[str, Any]) -> str:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":"))


def db_path(app: Flask) -> str:
    """``PLAY_DB``, or ``play.sqlite3`` in the app's instance folder (created)."""
    path: str | None = app.config.get("PLAY_DB")
    if not path:
        os.makedirs(app.instance_path, exist_ok=True)
        path = os.path.join(app.instance_path, "play.sqlite3")
    return path


def store() -> Store:
    """The current request's store: one connection, opened on first use and closed when
    the request ends."""
    if _KEY not in g:
        g.setdefault(_KEY, Store(connect(db_path(current_app)),
                                 ttl_s=float(current_app.config["PLAY_TTL_S"])))
    s: Store = g.get(_KEY)
    return s


def _close(exc: BaseException | None) -> None:
    s: Store | None = g.pop(_KEY, None)
    if s is not None:
        s.conn.close()


def install(app: Flask) -> None:
    """Close the request's connection when its app context ends."""
    app.teardown_appcontext(_close)


__all__ = ["SCHEMA", "Row", "Store", "connect", "db_path", "install", "store"]
