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
:meth:`advisor.games.browser.GameTable.to_json` (text), a version that every change bumps,
and when it was last played. A table not played for ``PLAY_TTL_S`` seconds has expired:
it is no longer found, and the next write deletes it (after the write has committed,
and harmlessly: a failed clean-up is logged and changes no answer).

A database that is sick or gone never holds a worker up and never answers 500
(:class:`Limits`): PostgreSQL runs each statement under a statement and a lock timeout;
a worker keeps fewer connections than it has threads and waits a bounded time for one;
a database that stops answering altogether (a frozen server still accepts the bytes) is
cut off by a watchdog after ``op_s``. Any database error is then a 503
``/problems/unavailable`` with ``Retry-After``, logged once, and for ``Retry-After``
seconds after a failure of the connection itself the store refuses at once without
trying (a worker does not pile its threads up on a database it knows is down).

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
import logging
import os
import secrets
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, current_app, request
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
from sqlalchemy.exc import (
    ArgumentError,
    DisconnectionError,
    InterfaceError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.pool import NullPool

from service.problems import Problem, unavailable

BUSY_TIMEOUT_S = 5.0
"""How long a SQLite write waits for another worker's write to finish."""
POOL_SIZE = 4
"""PostgreSQL connections a worker process keeps open, at most (fewer than its threads:
the threads beyond them serve what needs no database while it is slow)."""
LOCK_KEY = 0x636861_6E_706C6179  # "chanplay": the advisory lock of the migrations
"""The PostgreSQL advisory lock held while the schema is migrated."""

_KEY = "chan_advisor.playstore"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    """How long the store waits for PostgreSQL, at most (config keys in brackets)."""

    statement_ms: int = 2000
    """A statement's time in the server (``DB_STATEMENT_TIMEOUT_MS``)."""
    lock_ms: int = 1000
    """A statement's wait for a row or table lock (``DB_LOCK_TIMEOUT_MS``)."""
    pool_size: int = POOL_SIZE
    """Connections per worker process (``DB_POOL_SIZE``), no overflow."""
    pool_wait_s: float = 1.0
    """The wait for a free connection of the pool (``DB_POOL_WAIT_S``)."""
    connect_s: int = 2
    """The time to open a connection (``DB_CONNECT_TIMEOUT_S``, whole seconds)."""
    op_s: float = 3.0
    """One use of the database, whatever happens: past it the connection is cut
    (``DB_OPERATION_TIMEOUT_S``); it catches a server that accepts bytes and never
    answers (frozen), which no server-side timeout can."""
    backoff_s: float = 1.0
    """After the connection failed: refuse at once for this long (``RETRY_AFTER_S``)."""

    @classmethod
    def of(cls, config: Any) -> Limits:
        """The limits a Flask config sets."""
        return cls(statement_ms=int(config["DB_STATEMENT_TIMEOUT_MS"]),
                   lock_ms=int(config["DB_LOCK_TIMEOUT_MS"]),
                   pool_size=int(config["DB_POOL_SIZE"]),
                   pool_wait_s=float(config["DB_POOL_WAIT_S"]),
                   connect_s=max(1, int(config["DB_CONNECT_TIMEOUT_S"])),
                   op_s=float(config["DB_OPERATION_TIMEOUT_S"]),
                   backoff_s=float(config["RETRY_AFTER_S"]))


class Health:
    """A process's view of its database: down until a moment after a connection failed."""

    def __init__(self) -> None:
        self.down_until = 0.0

    def trip(self, seconds: float) -> None:
        self.down_until = time.monotonic() + seconds

    def down(self) -> bool:
        return time.monotonic() < self.down_until


class _Watch:
    """One use of the database, timed: past ``seconds`` every connection it checked out
    is cut (its socket shut down), so that a call blocked on a silent server returns
    with an error instead of waiting for ever."""

    _current = threading.local()

    def __init__(self, seconds: float) -> None:
        self.lock = threading.Lock()
        self.conns: list[Any] = []
        self.fired = False
        self.timer = threading.Timer(seconds, self._fire)
        self.timer.daemon = True

    @classmethod
    def current(cls) -> _Watch | None:
        watch: _Watch | None = getattr(cls._current, "watch", None)
        return watch

    def __enter__(self) -> _Watch:
        _Watch._current.watch = self
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.timer.cancel()
        _Watch._current.watch = None

    def add(self, dbapi_conn: Any) -> None:
        with self.lock:
            self.conns.append(dbapi_conn)
            if self.fired:
                _cut(dbapi_conn)

    def _fire(self) -> None:
        with self.lock:
            self.fired = True
            for conn in self.conns:
                _cut(conn)


def _cut(dbapi_conn: Any) -> None:
    """Shut a DBAPI connection's socket down: the call blocked on it fails at once."""
    try:
        fd = os.dup(dbapi_conn.fileno())
    except Exception:  # a closed connection: nothing to cut (psycopg raises its own errors)
        return
    sock = socket.socket(fileno=fd)
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        sock.close()


def _pg_checkout(dbapi_conn: Any, record: Any, proxy: Any) -> None:
    """A pooled PostgreSQL connection, before each use: watched, and pinged (a dead one
    is replaced by the pool: DisconnectionError)."""
    watch = _Watch.current()
    if watch is not None:
        watch.add(dbapi_conn)
    try:
        with dbapi_conn.cursor() as cur:
            cur.execute("SELECT 1")
        dbapi_conn.rollback()
    except Exception as err:  # any failure of the ping: the pool opens a new connection
        raise DisconnectionError(str(err)) from err

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


def connect(target: str, limits: Limits | None = None) -> Engine:
    """An engine for ``target`` (a database URL or a SQLite file's path,
    :func:`database_url`), its schema brought up to date (:func:`migrate`), within
    ``limits`` (:class:`Limits`). A database that cannot be used is a
    :class:`DatabaseError` saying why."""
    lim = limits or Limits()
    url = database_url(target)
    shown = url.render_as_string(hide_password=True)
    try:
        if url.get_backend_name() == "sqlite":
            engine = create_engine(url, poolclass=NullPool,
                                   connect_args={"timeout": BUSY_TIMEOUT_S})
            event.listen(engine, "connect", _sqlite_connect)
            event.listen(engine, "begin", _sqlite_begin)
        else:
            options = (f"-c statement_timeout={lim.statement_ms} "
                       f"-c lock_timeout={lim.lock_ms} "
                       f"-c idle_in_transaction_session_timeout={max(lim.statement_ms, 1000) * 5}")
            engine = create_engine(url, pool_size=lim.pool_size, max_overflow=0,
                                   pool_timeout=lim.pool_wait_s,
                                   connect_args={"connect_timeout": lim.connect_s,
                                                 "options": options})
            event.listen(engine, "checkout", _pg_checkout)
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


clock: Callable[[], float] = time.time
"""The tables' clock (seconds since the epoch): when a table was last played, and so how
long until it expires. Tests replace it to hold time still (a table's ``expires_in_s``
is then the same in every answer)."""


def now() -> float:
    """The tables' clock read now (:data:`clock`, as it is at the time of the call)."""
    return clock()


class Store:
    """The tables in one database (an engine: a pool of connections, or a connection
    per use with SQLite). Every method answers within ``limits.op_s`` or raises a 503
    :class:`~service.problems.Problem` (``/problems/unavailable``)."""

    def __init__(self, engine: Engine, *, ttl_s: float,
                 clock: Callable[[], float] | None = None, limits: Limits | None = None,
                 health: Health | None = None) -> None:
        self.engine = engine
        self.ttl_s = ttl_s
        self.clock: Callable[[], float] = clock or now
        self.limits = limits or Limits()
        self.health = health or Health()

    @contextmanager
    def _using(self, what: str) -> Iterator[Connection]:
        """A transaction, timed (:class:`_Watch`); a database error is a 503 problem."""
        if self.health.down():
            raise unavailable("the tables' database is not answering", self.limits.backoff_s)
        watch = _Watch(self.limits.op_s)
        try:
            with watch, self.engine.begin() as conn:
                yield conn
        except SQLAlchemyError as err:
            raise self._failed(err, what, watch.fired) from None

    def _failed(self, err: SQLAlchemyError, what: str, cut: bool) -> Problem:
        reason = (f"no answer within {self.limits.op_s:g} s" if cut
                  else str(getattr(err, "orig", None) or err).strip().split("\n")[0])
        if isinstance(err, PoolTimeout):
            detail = "every connection to the tables' database is in use"
        else:
            detail = "the tables' database is not answering"
            if cut or isinstance(err, DisconnectionError) or getattr(
                    err, "connection_invalidated", False) or _is_connection_error(err):
                self.health.trip(self.limits.backoff_s)
        log.warning("database unavailable (%s): %s: %s", what, type(err).__name__, reason)
        return unavailable(detail, self.limits.backoff_s)

    def create(self, state: dict[str, Any]) -> str:
        """Store a new table; its id."""
        now = self.clock()
        sid = secrets.token_urlsafe(16)
        with self._using("create") as conn:
            conn.execute(insert(PLAY_TABLE).values(id=sid, state=_dumps(state), version=1,
                                                   created=now, touched=now))
        self._purge(now)
        return sid

    def load(self, sid: str) -> Row | None:
        """The table with this id, or None if there is none or it has expired."""
        t = PLAY_TABLE.c
        with self._using("load") as conn:
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
        with self._using("save") as conn:
            changed = conn.execute(
                update(PLAY_TABLE)
                .where(t.id == sid, t.version == version, t.touched >= now - self.ttl_s)
                .values(state=_dumps(state), version=t.version + 1, touched=now)).rowcount
        self._purge(now)
        return changed == 1

    def ping(self) -> None:
        """Nothing if the database answers now; else the 503 problem."""
        with self._using("ping") as conn:
            conn.execute(select(1))

    def _purge(self, now: float) -> None:
        # After the change has committed, in a transaction of its own, and harmless:
        # the change stands whatever happens here (the next write tries again).
        try:
            with self._using("purge") as conn:
                conn.execute(delete(PLAY_TABLE).where(PLAY_TABLE.c.touched < now - self.ttl_s))
        except Problem:
            pass


def _is_connection_error(err: SQLAlchemyError) -> bool:
    """The connection itself failed (no answer from the server, or the server going
    away: SQLSTATE class 08 and 57P0x), not one statement (a lock or statement timeout)."""
    if not isinstance(err, OperationalError | InterfaceError):
        return False
    state = getattr(getattr(err, "orig", None), "sqlstate", None)
    return state is None or state.startswith(("08", "57P0"))


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
        self.limits = Limits.of(app.config)
        self.health = Health()
        url = app.config.get("DATABASE_URL")
        if url:
            self.engine = connect(str(url), self.limits)
            # No connection crosses a fork: gunicorn's workers open their own.
            self.engine.dispose()

    def get(self) -> Engine:
        with self.lock:
            if self.engine is None:
                self.engine = connect(db_path(self.app), self.limits)
            return self.engine


def store() -> Store:
    """The store of the current app."""
    db: _Database = current_app.extensions[_KEY]
    return Store(db.get(), ttl_s=float(current_app.config["PLAY_TTL_S"]), limits=db.limits,
                 health=db.health)


def _from_database_error(err: SQLAlchemyError) -> Response:
    """A database error that escaped the store: 503 as well, logged once, never 500."""
    log.warning("database unavailable on %s %s: %s", request.method, request.path,
                type(err).__name__)
    db: _Database = current_app.extensions[_KEY]
    return unavailable("the tables' database is not answering", db.limits.backoff_s).response()


def install(app: Flask) -> None:
    """Open the app's database: with ``DATABASE_URL``, at once (its schema migrated; a
    database that cannot be used ends the start with :class:`DatabaseError`)."""
    app.extensions[_KEY] = _Database(app)
    app.register_error_handler(SQLAlchemyError, _from_database_error)


__all__ = ["MIGRATIONS", "PLAY_TABLE", "TABLES", "DatabaseError", "Health", "Limits", "Row",
           "Store", "clock", "connect",
           "database_url", "db_path", "install", "migrate", "now", "store"]
