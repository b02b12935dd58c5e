"""The browser game's tables, kept in a database so that any worker — of any host, with
PostgreSQL — can serve any request and a restart loses nothing.

Where: ``DATABASE_URL`` (``ADVISOR_DATABASE_URL``), a PostgreSQL URL
(``postgresql://USER:PASSWORD@HOST:5432/NAME``, through psycopg) that several hosts
share, or a SQLite one (``sqlite:////var/lib/advisor/play.sqlite3``); without it, the
SQLite file ``PLAY_DB`` (default ``play.sqlite3`` in the instance folder), which the
workers of one host share. One schema (:data:`TABLES`) and one code path (SQLAlchemy
Core) for both; the schema is brought up to date at start (:data:`MIGRATIONS`, applied
under a lock, so that hosts starting together apply each step once).

One row per table: an unguessable id (:func:`secrets.token_urlsafe`), the table as
:meth:`advisor.chan.session.Table.to_json` (text), a version that every change bumps,
and when it was last played. A table not played for ``PLAY_TTL_S`` seconds has expired:
it is no longer found, and the next write deletes it.

A change is written only over the version it was computed from (:meth:`Store.save`, one
``UPDATE … WHERE version = …``), so two requests racing on one table — in two workers or
on two hosts — cannot both apply: the database lets one through, the other finds the
version gone. SQLite is in WAL mode, so readers never wait for a writer.

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
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import NullPool

BUSY_TIMEOUT_S = 5.0
"""How long a SQLite write waits for another worker's write to finish."""
POOL_SIZE = 4
"""PostgreSQL connections a worker process keeps open (and as many more at a peak)."""
LOCK_KEY = 0x636861_6E_706C6179  # "chanplay": the advisory lock of the migrations
"""The PostgreSQL advisory lock held while the schema is migrated."""

_KEY = "chan_advisor.playstore"

TABLES = MetaData()
"""The schema: the same in SQLite and PostgreSQL."""

PLAY_TABLE = Table(
    "play_table", TABLES,
    Column("id", Text, primary_key=True),
    Column("state", Text, nullable=False),  # Table.to_json()
    Column("version", Integer, nullable=False),  # 1 when created, +1 at every change
    Column("created", Float, nullable=False),  # Unix time
    Column("touched", Float, nullable=False),  # Unix time of the last change
    Index("play_table_touched", "touched"),
)

SCHEMA_VERSION = Table(
    "advisor_schema", TABLES,
    Column("version", Integer, primary_key=True),  # one row per migration applied
    Column("applied", Float, nullable=False),  # Unix time
)


def _tables_v1(conn: Connection) -> None:
    """The tables of the browser game. A database of an earlier release, which made
    them without recording a version, is taken as it is."""
    PLAY_TABLE.create(conn, checkfirst=True)
    for index in PLAY_TABLE.indexes:
        index.create(conn, checkfirst=True)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_tables_v1,)
"""The schema's steps, in order: step n (from 1) is applied once to every database,
recorded in ``advisor_schema``. A change of the schema is a new step at the end."""


class DatabaseError(SystemExit):
    """The database cannot be used: a malformed URL, a database that does not answer,
    a missing driver, a schema newer than this release. Uncaught, it ends the process
    with its message (the service does not start)."""

    def __init__(self, message: str) -> None:
        super().__init__(f"advisor: database: {message}")
        self.message = message


@dataclass(frozen=True)
class Row:
    """A stored table."""

    id: str
    state: dict[str, Any]
    version: int
    touched: float


def database_url(target: str) -> URL:
    """The SQLAlchemy URL of ``target``: a database URL (``postgresql://…``,
    ``postgres://…``, ``sqlite:///…``; PostgreSQL through psycopg), or a SQLite file's
    path. Anything else is a :class:`DatabaseError` naming it.

    >>> database_url("postgresql://play:secret@db.internal/advisor").drivername
    'postgresql+psycopg'
    >>> database_url("/var/lib/advisor/play.sqlite3").database
    '/var/lib/advisor/play.sqlite3'
    >>> database_url("mysql://h/db")
    Traceback (most recent call last):
    ...
    service.playstore.DatabaseError: advisor: database: 'mysql://h/db': the tables live in ...
    """
    if "://" not in target:
        return URL.create("sqlite", database=target)
    try:
        url = make_url(target)
    except (ArgumentError, ValueError):
        raise DatabaseError(f"'{_hidden(target)}' is not a database URL "
                            "(postgresql://USER:PASSWORD@HOST/NAME)") from None
    backend, _, driver = url.drivername.partition("+")
    if backend in ("postgresql", "postgres") and driver in ("", "psycopg"):
        return url.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and not driver:
        return url
    raise DatabaseError(f"'{url.render_as_string(hide_password=True)}': the tables live in "
                        "PostgreSQL (postgresql://USER:PASSWORD@HOST/NAME) or SQLite "
                        "(sqlite:///PATH)")


def _hidden(target: str) -> str:
    """A URL as it may be shown: without its password."""
    head, at, tail = target.rpartition("@")
    if not at or "://" not in head:
        return target
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.partition(':')[0]}:***@{tail}" if ":" in user else target


def connect(target: str) -> Engine:
    """An engine for ``target`` (a database URL or a SQLite file's path,
    :func:`database_url`), its schema brought up to date (:func:`migrate`). A database
    that cannot be used is a :class:`DatabaseError` saying why."""
    url = database_url(target)
    shown = url.render_as_string(hide_password=True)
    try:
        if url.get_backend_name() == "sqlite":
            engine = create_engine(url, poolclass=NullPool,
                                   connect_args={"timeout": BUSY_TIMEOUT_S})
            event.listen(engine, "connect", _sqlite_connect)
            event.listen(engine, "begin", _sqlite_begin)
        else:
            engine = create_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_SIZE,
                                   pool_pre_ping=True, connect_args={"connect_timeout": 5})
    except (NoSuchModuleError, ImportError):
        raise DatabaseError(f"'{shown}': PostgreSQL needs psycopg, an optional extra: pip "
                            "install 'chan-advisor[postgres]'") from None
    except (ArgumentError, TypeError, ValueError) as err:
        raise DatabaseError(f"'{shown}': {err}") from None
    try:
        migrate(engine)
    except SQLAlchemyError as err:
        engine.dispose()
        reason = str(getattr(err, "orig", None) or err).strip().splitlines()
        raise DatabaseError(f"'{shown}' cannot be used: "
                            f"{reason[0] if reason else type(err).__name__}") from None
    return engine


def _sqlite_connect(conn: sqlite3.Connection, record: Any) -> None:
    # The driver's own transaction handling off: SQLAlchemy says BEGIN (_sqlite_begin).
    conn.isolation_level = None
    # WAL is kept in the file: only a new file is switched, and the switch may find
    # another process switching it too ("locked" at once, without the busy timeout).
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        try:
            conn.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    conn.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoints, never corrupt


def _sqlite_begin(conn: Connection) -> None:
    # A migration takes the write lock at once: two processes starting together do
    # not both read "version 0" and then both apply step 1.
    locking = conn.get_execution_options().get("migrating", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if locking else "BEGIN")


def migrate(engine: Engine) -> int:
    """Apply the steps of :data:`MIGRATIONS` that the database has not had yet, in one
    transaction under a lock (PostgreSQL's advisory lock; SQLite's write lock); the
    schema's version. A database migrated by a newer release is refused."""
    with engine.connect() as conn:
        conn = conn.execution_options(migrating=True)
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
            SCHEMA_VERSION.create(conn, checkfirst=True)
            done = conn.execute(select(func.max(SCHEMA_VERSION.c.version))).scalar() or 0
            if done > len(MIGRATIONS):
                raise DatabaseError(f"the schema is at version {done}, newer than this "
                                    f"release's {len(MIGRATIONS)}: upgrade this host")
            for n, step in enumerate(MIGRATIONS[done:], done + 1):
                step(conn)
                conn.execute(insert(SCHEMA_VERSION).values(version=n, applied=time.time()))
    return len(MIGRATIONS)


class Store:
    """The tables in one database (an engine: a pool of connections, or a connection
    per use with SQLite)."""

    def __init__(self, engine: Engine, *, ttl_s: float,
                 clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.ttl_s = ttl_s
        self.clock = clock

    def create(self, state: dict[str, Any]) -> str:
        """Store a new table; its id."""
        now = self.clock()
        self._purge(now)
        sid = secrets.token_urlsafe(16)
        with self.engine.begin() as conn:
            conn.execute(insert(PLAY_TABLE).values(id=sid, state=_dumps(state), version=1,
                                                   created=now, touched=now))
        return sid

    def load(self, sid: str) -> Row | None:
        """The table with this id, or None if there is none or it has expired."""
        t = PLAY_TABLE.c
        with self.engine.begin() as conn:
            row = conn.execute(select(t.state, t.version, t.touched).where(
                t.id == sid, t.touched >= self.clock() - self.ttl_s)).first()
        if row is None:
            return None
        return Row(sid, json.loads(row.state), row.version, row.touched)

    def save(self, sid: str, state: dict[str, Any], *, version: int) -> bool:
        """Replace the table if it is still at ``version``; False if another request
        changed it first (or it has expired since)."""
        now = self.clock()
        t = PLAY_TABLE.c
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(PLAY_TABLE)
                .where(t.id == sid, t.version == version, t.touched >= now - self.ttl_s)
                .values(state=_dumps(state), version=t.version + 1, touched=now)).rowcount
        self._purge(now)
        return changed == 1

    def _purge(self, now: float) -> None:
        # A transaction of its own: it never holds up the change it follows.
        with self.engine.begin() as conn:
            conn.execute(delete(PLAY_TABLE).where(PLAY_TABLE.c.touched < now - self.ttl_s))


def live_tables(store: Store) -> int:
    """How many tables of the database have not expired (every host's): the total that
    ``MAX_TABLES`` bounds (service.quota)."""
    t = PLAY_TABLE.c
    with store.engine.begin() as conn:
        n = conn.execute(select(func.count()).select_from(PLAY_TABLE).where(
            t.touched >= store.clock() - store.ttl_s)).scalar_one()
    return int(n)


def _dumps(state: dict[str, Any]) -> str:
    return json.dumps(state, ensure_ascii=False, separators=(",", ":"))


def db_path(app: Flask) -> str:
    """``PLAY_DB``, or ``play.sqlite3`` in the app's instance folder (created)."""
    path: str | None = app.config.get("PLAY_DB")
    if not path:
        os.makedirs(app.instance_path, exist_ok=True)
        path = os.path.join(app.instance_path, "play.sqlite3")
    return path


class _Database:
    """An app's database: the engine, made and migrated once per app — at start for
    ``DATABASE_URL``, at first use for the default SQLite file (so that an app made and
    never played on writes no file)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.engine: Engine | None = None
        url = app.config.get("DATABASE_URL")
        if url:
            self.engine = connect(str(url))
            # No connection crosses a fork: gunicorn's workers open their own.
            self.engine.dispose()

    def get(self) -> Engine:
        with self.lock:
            if self.engine is None:
                self.engine = connect(db_path(self.app))
            return self.engine


def store() -> Store:
    """The store of the current app."""
    db: _Database = current_app.extensions[_KEY]
    return Store(db.get(), ttl_s=float(current_app.config["PLAY_TTL_S"]))


def install(app: Flask) -> None:
    """Open the app's database: with ``DATABASE_URL``, at once (its schema migrated; a
    database that cannot be used ends the start with :class:`DatabaseError`)."""
    app.extensions[_KEY] = _Database(app)


__all__ = ["MIGRATIONS", "PLAY_TABLE", "TABLES", "DatabaseError", "Row", "Store", "connect",
           "database_url", "db_path", "install", "migrate", "store"]
