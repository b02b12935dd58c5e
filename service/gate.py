"""A bounded gate in front of the slow endpoints (advice), one per worker process.

At most ``ADVICE_SLOTS`` requests compute at once; at most ``ADVICE_QUEUE`` more wait for
a slot, none longer than ``ADVICE_QUEUE_WAIT_S``; and no request starts a piece of work
that would end past its deadline (``ADVICE_DEADLINE_S`` after it arrived). A request the
gate turns away is answered at once — 503 problem+json with ``Retry-After`` — so a flood
of slow requests cannot tie up every thread of a worker, and the fast endpoints
(``/healthz``, ``/score``) keep answering.

The advisor is pure Python: in one process, two advice computations only share the
same core (the GIL), so one slot per worker is the right default and throughput comes
from more workers (``docs/deploy.md``).

>>> gate = Gate(slots=1, queue=0)
>>> gate.enter(timeout=0.0), gate.enter(timeout=0.0)
(True, False)
>>> gate.leave(); gate.enter(timeout=0.0)
True
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic

from flask import Flask, current_app

from service.problems import Problem

_KEY = "chan_advisor.gate"


class Gate:
    """``slots`` requests inside at once; up to ``queue`` more may wait for a slot."""

    def __init__(self, slots: int, queue: int) -> None:
        if slots < 1 or queue < 0:
            raise ValueError(f"a gate needs slots >= 1 and queue >= 0; got {slots}, {queue}")
        self.slots = slots
        self.queue = queue
        self._running = 0
        self._waiting = 0
        self._cond = threading.Condition()

    @property
    def running(self) -> int:
        """Requests inside the gate now."""
        return self._running

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return self._waiting

    @property
    def saturated(self) -> bool:
        """Every slot taken and the queue full: a new request cannot even wait."""
        return self._running >= self.slots and self._waiting >= self.queue

    def enter(self, timeout: float) -> bool:
        """Take a slot, waiting at most ``timeout`` seconds for one; False when the queue
        is full or no slot freed in time. A True must be paired with :meth:`leave`."""
        with self._cond:
            if self._running < self.slots and not self._waiting:
                self._running += 1
                return True
            if self._waiting >= self.queue or timeout <= 0:
                return False
            self._waiting += 1
            try:
                admitted = self._cond.wait_for(lambda: self._running < self.slots, timeout)
            finally:
                self._waiting -= 1
            if admitted:
                self._running += 1
            return admitted

    def leave(self) -> None:
        """Give back a slot taken by :meth:`enter`."""
        with self._cond:
            self._running -= 1
            self._cond.notify()


class Ticket:
    """One request's passage through the gate: it enters at its first piece of work and
    leaves when the request ends; every piece of work is checked against the deadline."""

    def __init__(self, gate: Gate, *, wait_s: float, deadline_s: float,
                 retry_after_s: float) -> None:
        self.gate = gate
        self.wait_s = wait_s
        self.deadline_s = deadline_s
        self.retry_after = str(max(1, math.ceil(retry_after_s)))
        self.deadline = monotonic() + deadline_s
        self.inside = False

    def check(self, cost_s: float) -> float:
        """Before a piece of work expected to take ``cost_s`` seconds: enter the gate if
        not yet inside; raise a 503 problem if the gate is full or the work would end
        past the deadline. Returns the seconds left until the deadline (more than
        ``cost_s``): the work must not take longer."""
        left = self.deadline - monotonic()
        if left - cost_s <= 0:
            raise self._late(cost_s)
        if not self.inside:
            if not self.gate.enter(min(self.wait_s, left - cost_s)):
                raise self.busy()
            self.inside = True
            left = self.deadline - monotonic()
            if left - cost_s <= 0:  # the wait used up the deadline
                raise self._late(cost_s)
        return left

    def close(self) -> None:
        if self.inside:
            self.inside = False
            self.gate.leave()

    def busy(self) -> Problem:
        g = self.gate
        return Problem(
            503, "busy", "Server busy",
            f"every advice slot of this worker is taken ({g.slots} computing, up to {g.queue} "
            f"waiting, for at most {self.wait_s:g} s); retry after {self.retry_after} s",
            headers={"Retry-After": self.retry_after})

    def _late(self, cost_s: float) -> Problem:
        return Problem(
            503, "deadline", "Deadline exceeded",
            f"the request would take longer than its deadline of {self.deadline_s:g} s "
            f"(the next piece of work needs about {cost_s:.3g} s); retry after "
            f"{self.retry_after} s, or ask for less (a smaller batch, budget or samples)",
            headers={"Retry-After": self.retry_after})


def install(app: Flask) -> None:
    """Give the app its gate, sized by ``ADVICE_SLOTS`` and ``ADVICE_QUEUE``. With a
    preloaded app every worker process gets its own copy when it is forked."""
    app.extensions[_KEY] = Gate(app.config["ADVICE_SLOTS"], app.config["ADVICE_QUEUE"])


def gate_of(app: Flask) -> Gate:
    """The app's gate."""
    gate: Gate = app.extensions[_KEY]
    return gate


@contextmanager
def ticket() -> Iterator[Ticket]:
    """A ticket for the current request through the current app's gate.

    When the gate is saturated the request is turned away at once, before its body is
    read: under a flood, a refusal must cost next to nothing, or refusing alone would
    keep the worker's threads busy and ``/healthz`` waiting behind them.
    """
    cfg = current_app.config
    t = Ticket(gate_of(current_app), wait_s=cfg["ADVICE_QUEUE_WAIT_S"],
               deadline_s=cfg["ADVICE_DEADLINE_S"], retry_after_s=cfg["RETRY_AFTER_S"])
    if t.gate.saturated:  # read without the lock: at worst a waiter's refusal comes later
        raise t.busy()
    try:
        yield t
    finally:
        t.close()
