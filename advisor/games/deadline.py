"""A caller's deadline, checked cooperatively inside the library's costly searches.

A face that must not compute past a limit (the web service: a request's deadline) runs
the library :func:`within` a deadline; the costly loops of the library (a meld search, a
distance front …) call :func:`tick` as they go, which costs next to nothing without a
deadline and, with one, reads the clock every :data:`EVERY` ticks and raises
:class:`DeadlineExceeded` once it has passed. The search then stops where it is: nothing
of it is kept, and the caller answers that the work did not fit (the service: 503
``/problems/deadline``).

The deadline lives in a context variable, so each thread (each request of a threaded
server) has its own, and nothing has to be passed down through the library's calls.
Unlike an advisor's budget (:mod:`advisor.games.budget`), which buys counted work and
answers with what it did, a deadline is all or nothing: a score or an analysis is
either whole or not given.

>>> with within(60.0) as d:
...     for _ in range(1000):
...         tick()
>>> d.ticks
1000
>>> tick()  # no deadline: nothing is checked
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

EVERY = 64
"""The clock is read once every this many ticks (a tick is a few microseconds of work)."""

clock: Callable[[], float] = time.monotonic
"""The deadlines' clock (seconds). Tests replace it to play a slow machine."""


class DeadlineExceeded(Exception):
    """The work passed the caller's deadline of ``limit_s`` seconds after ``ticks``
    checks; it was stopped and nothing of it is kept."""

    def __init__(self, limit_s: float, ticks: int) -> None:
        super().__init__(f"the work passed its deadline of {limit_s:g} s (stopped after "
                         f"{ticks} checks)")
        self.limit_s = limit_s
        self.ticks = ticks

    def __reduce__(self) -> tuple[object, ...]:
        """It travels to another process whole (the service's pool)."""
        return (DeadlineExceeded, (self.limit_s, self.ticks))


class Deadline:
    """A limit of ``seconds`` from now; :meth:`check` raises once it has passed."""

    __slots__ = ("at", "limit_s", "ticks")

    def __init__(self, seconds: float) -> None:
        self.limit_s = seconds
        self.at = clock() + seconds
        self.ticks = 0

    @property
    def left(self) -> float:
        """Seconds until the deadline (negative once passed)."""
        return self.at - clock()

    def check(self) -> None:
        """Raise :class:`DeadlineExceeded` if the deadline has passed."""
        if clock() > self.at:
            raise DeadlineExceeded(self.limit_s, self.ticks)


_current: ContextVar[Deadline | None] = ContextVar("advisor_deadline", default=None)


def tick() -> None:
    """A step of a costly search: under a deadline, count it and, every :data:`EVERY`
    steps, check the clock (:class:`DeadlineExceeded` once passed)."""
    d = _current.get()
    if d is not None:
        d.ticks += 1
        if not d.ticks % EVERY:
            d.check()


def check() -> None:
    """Check the current deadline now, if there is one (between the objects of a batch)."""
    d = _current.get()
    if d is not None:
        d.check()


def current() -> Deadline | None:
    """The deadline the library runs under in this context, if any."""
    return _current.get()


@contextmanager
def within(seconds: float) -> Iterator[Deadline]:
    """Run the enclosed work under a deadline of ``seconds`` from now."""
    d = Deadline(seconds)
    token = _current.set(d)
    try:
        yield d
    finally:
        _current.reset(token)


__all__ = ["EVERY", "Deadline", "DeadlineExceeded", "check", "clock", "current", "tick",
           "within"]
