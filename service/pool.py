"""The costly verbs off the request threads: a bounded pool of processes, one per worker.

An advice (a search), an analysis or a score whose batch passes the gate, and a review
run in a process of the worker's pool (``POOL_PROCESSES`` of them), not on the request's
thread: the thread waits for the answer without holding the interpreter's lock, so the
worker's other threads — ``/healthz``, a small score, a refusal — answer at once however
long the search. The pool is bounded: at most ``POOL_PROCESSES + POOL_QUEUE`` pieces of
work are in it, computing or waiting; one more is refused at once, 503 problem+json with
``Retry-After``, as the gate (:mod:`service.gate`, in front of it) refuses.

The work is told its deadline (the time the request has left) and stops there by the
library's own checks (:mod:`advisor.games.deadline`); an answer that does not come by
then and a little more is given up (503 ``/problems/deadline``), the process finishing
it on its own while its place stays taken. The library's errors travel back whole (their
message, field, token and rule), so a bad position is the same 422 as in the thread.

``POOL_PROCESSES`` 0 computes on the request's thread (the default of ``create_app``: the
library's tests, ``flask run``); ``service.wsgi`` — what gunicorn serves — starts one
process per worker unless ``ADVISOR_POOL_PROCESSES`` says otherwise (docs/deploy.md).
The processes are started by a fork server (a clean process, not a fork of a threaded
worker), on the pool's first piece of work in the worker process that uses it.

>>> pool = Pool(processes=1, queue=0)
>>> pool.run(pow, 2, 10, limit_s=60.0)
1024
>>> pool.shutdown()
"""

from __future__ import annotations

import math
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from flask import Flask, current_app

from advisor.games import deadline
from advisor.games.faces import Context
from advisor.games.review import Review, review
from advisor.registry import GAMES, game
from service.problems import Problem

_KEY = "chan_advisor.pool"
T = TypeVar("T")

GRACE_S = 1.0
"""How long past the work's deadline its answer is still waited for."""


class Busy(Exception):
    """The pool is full: every process computing and its queue full."""


class Pool:
    """``processes`` processes; at most ``processes + queue`` pieces of work inside at
    once (computing or waiting), another refused at once (:class:`Busy`)."""

    def __init__(self, processes: int, queue: int) -> None:
        if processes < 1 or queue < 0:
            raise ValueError(f"a pool needs processes >= 1 and queue >= 0; got {processes}, "
                             f"{queue}")
        self.processes = processes
        self.queue = queue
        self._permits = threading.BoundedSemaphore(processes + queue)
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._pid = 0

    def _here(self) -> ProcessPoolExecutor:
        """The executor of this process: a pool made in another (the master, before
        gunicorn forked this worker) is not this one's."""
        with self._lock:
            if self._executor is None or self._pid != os.getpid():
                context = multiprocessing.get_context("forkserver")
                self._executor = ProcessPoolExecutor(self.processes, mp_context=context)
                self._pid = os.getpid()
            return self._executor

    def submit(self, fn: Callable[..., T], *args: Any, limit_s: float | None = None
               ) -> Future[T]:
        """Put ``fn(*args)`` in the pool, run under a deadline of ``limit_s`` seconds;
        :class:`Busy` when the pool is full. Its place is given back when it ends."""
        if not self._permits.acquire(blocking=False):
            raise Busy
        try:
            future: Future[T] = self._here().submit(_under_deadline, fn, args, limit_s)
        except BrokenProcessPool:
            with self._lock:
                self._executor = None  # a process died: a new pool next time
            self._permits.release()
            raise Busy from None
        except BaseException:
            self._permits.release()
            raise
        future.add_done_callback(lambda _: self._permits.release())
        return future

    def run(self, fn: Callable[..., T], *args: Any, limit_s: float | None) -> T:
        """``fn(*args)`` computed in the pool within ``limit_s`` seconds (None: as long
        as it takes, as on the request's thread): its value, or the error it raised.
        :class:`Busy` when the pool is full; a
        :class:`~advisor.games.deadline.DeadlineExceeded` when the answer did not come
        in time."""
        future = self.submit(fn, *args, limit_s=limit_s)
        try:
            return future.result(None if limit_s is None else max(0.0, limit_s) + GRACE_S)
        except FutureTimeout:
            raise deadline.DeadlineExceeded(limit_s or 0.0, 0) from None
        except BrokenProcessPool:
            with self._lock:
                self._executor = None
            raise Busy from None

    def shutdown(self) -> None:
        with self._lock:
            if self._executor is not None and self._pid == os.getpid():
                self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


def _under_deadline(fn: Callable[..., T], args: Sequence[Any], limit_s: float | None) -> T:
    """In a process of the pool: ``fn(*args)`` under the request's deadline."""
    if limit_s is None:
        return fn(*args)
    with deadline.within(limit_s):
        return fn(*args)


# --- the work --------------------------------------------------------------------------


def answer(name: str, verb: str, obj: object, ctx: Context) -> Any:
    """A verb's answer as JSON: ``game(name)``'s verb ``verb`` on ``obj``."""
    made = next(v for v in game(name).faces.verbs if v.name == verb)
    return made.answer(obj, ctx).to_json()


def reviewed(name: str, rec: object, seats: Sequence[int] | None, budget_ms: float,
             seed: int, exact: bool, exact_s: float | None) -> Review:
    """The review of a record of ``game(name)`` (:func:`advisor.games.review.review`)."""
    return review(game(name), rec, seats=seats, budget_ms=budget_ms, seed=seed, games=GAMES,
                  exact=exact, exact_s=exact_s)


class Answered:
    """An answer computed elsewhere, as JSON (what ``to_json`` gives)."""

    def __init__(self, json: Any) -> None:
        self.json = json

    def to_json(self) -> Any:
        return self.json


# --- in the app --------------------------------------------------------------------------


def install(app: Flask) -> None:
    """Give the app its pool, sized by ``POOL_PROCESSES`` (0: none, compute on the
    request's thread) and ``POOL_QUEUE``."""
    n = int(app.config.get("POOL_PROCESSES") or 0)
    app.extensions[_KEY] = Pool(n, int(app.config["POOL_QUEUE"])) if n > 0 else None


def pool_of(app: Flask) -> Pool | None:
    """The app's pool, or None when it computes on the request's thread."""
    pool: Pool | None = app.extensions.get(_KEY)
    return pool


def compute(pool: Pool, fn: Callable[..., T], *args: Any, limit_s: float | None) -> T:
    """``fn(*args)`` for the current request in ``pool`` within ``limit_s`` seconds: 503
    ``/problems/busy`` with ``Retry-After`` when the pool is full; work past its deadline
    raises :class:`~advisor.games.deadline.DeadlineExceeded` (503 ``/problems/deadline``),
    as on the request's thread."""
    try:
        return pool.run(fn, *args, limit_s=limit_s)
    except Busy:
        raise busy(pool) from None


def busy(pool: Pool) -> Problem:
    """503: the pool is full."""
    retry = str(max(1, math.ceil(float(current_app.config.get("RETRY_AFTER_S", 1)))))
    return Problem(503, "busy", "Server busy",
                   f"the server is busy: every process of this worker's pool is taken "
                   f"({pool.processes} computing, up to {pool.queue} waiting); retry after "
                   f"{retry} s", headers={"Retry-After": retry})


__all__ = ["GRACE_S", "Answered", "Busy", "Pool", "answer", "busy", "compute", "install",
           "pool_of", "reviewed"]
