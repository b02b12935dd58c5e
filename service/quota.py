"""Quotas on what a client may create: the browser game's tables.

A table costs a row in the database for ``PLAY_TTL_S`` (a day by default), so dealing
them is bounded twice: per client, at most ``TABLES_PER_CLIENT`` new tables in any
``TABLES_WINDOW_S`` seconds (a sliding window kept by each worker process, by the
client's address — :func:`service.gate.client_address`); and in total, at most
``MAX_TABLES`` tables alive in the database (every host's, counted there). Past either,
``POST /v1/play`` is 429 ``/problems/too-many-tables`` with ``Retry-After``: when the
client's oldest table of the window leaves it, or ``TABLES_FULL_RETRY_S`` when the
database is full. The per-client window is per worker: across workers and hosts the
proxy's ``limit_req`` is the per-client bound (``docs/deploy.md``).

>>> q = Quota(limit=2, window_s=60, clock=iter([0, 1, 2, 61.5]).__next__)
>>> q.take("a"), q.take("a"), q.take("a"), q.take("a")
(None, None, 58, None)
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

from flask import Flask, current_app

from service import playstore
from service.gate import client_address
from service.problems import Problem

_KEY = "chan_advisor.quota"
_MEMORY = 100_000
"""Clients a worker remembers; past it, windows that are over are forgotten first."""


class Quota:
    """At most ``limit`` events per ``window_s`` seconds for each key."""

    def __init__(self, limit: int, window_s: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 0 or window_s <= 0:
            raise ValueError(f"a quota needs limit >= 0 and window_s > 0; got {limit}, "
                             f"{window_s}")
        self.limit = limit
        self.window_s = window_s
        self.clock = clock
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float | None:
        """Count an event of ``key``: None if within the quota, else the seconds until
        the key may try again (nothing is counted)."""
        now = self.clock()
        with self._lock:
            events = self._events.setdefault(key, deque())
            while events and events[0] <= now - self.window_s:
                events.popleft()
            if len(events) >= self.limit:
                return events[0] + self.window_s - now if events else self.window_s
            events.append(now)
            if len(self._events) > _MEMORY:
                self._forget(now)
            return None

    def _forget(self, now: float) -> None:
        for key in [k for k, ev in self._events.items() if not ev or ev[-1] <= now - self.window_s]:
            del self._events[key]
        if len(self._events) > _MEMORY:  # every one of them active: start afresh
            self._events.clear()


def install(app: Flask) -> None:
    """Give the app its per-client quota of new tables (one per worker process)."""
    app.extensions[_KEY] = Quota(int(app.config["TABLES_PER_CLIENT"]),
                                 float(app.config["TABLES_WINDOW_S"]))


def quota_of(app: Flask) -> Quota:
    quota: Quota = app.extensions[_KEY]
    return quota


def new_table() -> None:
    """Before a table is dealt: a 429 problem if the client, or the database, has too
    many."""
    cfg = current_app.config
    quota = quota_of(current_app)
    wait = quota.take(client_address())
    if wait is not None:
        raise _refused(wait, f"at most {quota.limit} new tables per client in "
                             f"{quota.window_s:g} s")
    total = int(cfg["MAX_TABLES"])
    if playstore.live_tables(playstore.store()) >= total:
        current_app.logger.warning("quota: the database holds MAX_TABLES = %d tables", total)
        raise _refused(float(cfg["TABLES_FULL_RETRY_S"]),
                       f"the server holds as many tables as it may ({total})")


def _refused(wait_s: float, why: str) -> Problem:
    retry = str(max(1, math.ceil(wait_s)))
    return Problem(429, "too-many-tables", "Too many tables",
                   f"no new table now: {why}; retry after {retry} s (an unfinished table "
                   f"can still be played)", headers={"Retry-After": retry})


__all__ = ["Quota", "install", "new_table", "quota_of"]
