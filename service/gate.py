"""A bounded, fair gate in front of the costly endpoints, one per worker process.

At most ``ADVICE_SLOTS`` requests compute at once; at most ``ADVICE_QUEUE`` more wait for
a slot, none longer than ``ADVICE_QUEUE_WAIT_S``; and no request starts a piece of work
that would end past its deadline (``ADVICE_DEADLINE_S`` after it arrived). A request the
gate turns away is answered at once — 503 problem+json with ``Retry-After`` — so a flood
of slow requests cannot tie up every thread of a worker, and the fast endpoints
(``/healthz``, a small ``/score``) keep answering.

The gate is shared fairly between clients. Every request comes with a client key: the
client's address (:func:`client_address`) and, for a hint of the browser game, its
table. A key has at most one request waiting (another is refused at once); a freed slot
goes to the waiting request whose address, then key, was let in least recently; and a
client with nothing waiting takes the place of the latest waiter of the address that has
the most (or, behind one address, of the key let in most recently), when the queue is
full. So one client's flood holds at most its share of the slots: whoever else asks
waits for at most one of its computations per slot.

Every costly verb passes it, advice or not: an advice always; a score or an analysis
when its cost — the objects of the batch times the verb's cost per object
(:data:`COSTS_MS`, measured) — is above ``GATE_FREE_MS`` (a single Chắn score is not
worth a place in the queue).

The advisor is pure Python: in one process, two computations only share the same core
(the GIL), so one slot per worker is the right default and throughput comes from more
workers (``docs/deploy.md``).

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
from dataclasses import dataclass, field
from itertools import count
from time import monotonic

from flask import Flask, current_app, request

from advisor.games.endpoints import endpoints_of
from advisor.registry import GAMES
from service.problems import Problem

_KEY = "chan_advisor.gate"

Client = tuple[str, str]
"""A client key: (address, what else tells its requests apart: a hint's table, or "")."""

ANONYMOUS: Client = ("", "")

COSTS_MS: dict[str, float] = {f"{g.name}.{verb}": ms for g in GAMES
                               for verb, ms in endpoints_of(g).costs_ms.items()}
"""The CPU time of one object of a verb that is not an advice, at worst, in milliseconds
(random hands on the reference machine, ``docs/benchmarks.md``), as each game declares
it (:class:`advisor.games.endpoints.Endpoints`); a verb not listed
costs ``DEFAULT_COST_MS``. Config ``VERB_COSTS_MS`` overrides entries."""
DEFAULT_COST_MS = 50.0

_MEMORY = 4096
"""Clients whose last turn the gate remembers; past it, it forgets them all (a fresh
start of the fairness, never a wrong answer)."""


@dataclass(eq=False)
class _Waiter:
    client: Client
    seq: int
    admitted: bool = False
    evicted: bool = False


@dataclass
class _Turns:
    """When each address and each client key was last let in (an ever-growing count)."""

    counter: count[int] = field(default_factory=count)
    address: dict[str, int] = field(default_factory=dict)
    key: dict[Client, int] = field(default_factory=dict)

    def record(self, client: Client) -> None:
        if len(self.key) > _MEMORY:
            self.address.clear()
            self.key.clear()
        n = next(self.counter)
        self.address[client[0]] = n
        self.key[client] = n

    def order(self, w: _Waiter) -> tuple[int, int, int]:
        return self.address.get(w.client[0], -1), self.key.get(w.client, -1), w.seq


class Gate:
    """``slots`` requests inside at once; up to ``queue`` more may wait for a slot, at
    most one per client key, and the slots go round the clients (see the module)."""

    def __init__(self, slots: int, queue: int) -> None:
        if slots < 1 or queue < 0:
            raise ValueError(f"a gate needs slots >= 1 and queue >= 0; got {slots}, {queue}")
        self.slots = slots
        self.queue = queue
        self._running = 0
        self._waiters: list[_Waiter] = []
        self._turns = _Turns()
        self._inside: dict[str, int] = {}  # requests inside, by address
        self._seq = count()
        self._cond = threading.Condition()

    @property
    def running(self) -> int:
        """Requests inside the gate now."""
        return self._running

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return len(self._waiters)

    @property
    def saturated(self) -> bool:
        """Every slot taken and the queue full: a new request cannot even wait (unless
        it takes the place of a client that holds more than its share)."""
        return self._running >= self.slots and len(self._waiters) >= self.queue

    def refuses(self, client: Client = ANONYMOUS) -> bool:
        """Whether a request of ``client`` would be refused at once now (it could
        neither enter nor wait)."""
        with self._cond:
            if self._running < self.slots and not self._waiters:
                return False
            if any(w.client == client for w in self._waiters):
                return True
            return len(self._waiters) >= self.queue and self._victim(client) is None

    def enter(self, timeout: float, client: Client = ANONYMOUS) -> bool:
        """Take a slot, waiting at most ``timeout`` seconds for one; False when the
        client key already has a request waiting, when the queue is full of clients
        with no more than their share, or when no slot came in time. A True must be
        paired with :meth:`leave`."""
        with self._cond:
            if self._running < self.slots and not self._waiters:
                self._admit(client)
                return True
            if timeout <= 0 or any(w.client == client for w in self._waiters):
                return False
            if len(self._waiters) >= self.queue:
                victim = self._victim(client)
                if victim is None:
                    return False
                victim.evicted = True
                self._waiters.remove(victim)
                self._cond.notify_all()
            me = _Waiter(client, next(self._seq))
            self._waiters.append(me)
            try:
                self._cond.wait_for(lambda: me.admitted or me.evicted, timeout)
            finally:
                if me in self._waiters:  # gave up: its place is free
                    self._waiters.remove(me)
            return me.admitted

    def holds(self, address: str) -> bool:
        """Whether requests of ``address`` are inside or waiting now."""
        with self._cond:
            return bool(self._inside.get(address)) or any(
                w.client[0] == address for w in self._waiters)

    def leave(self, client: Client = ANONYMOUS) -> None:
        """Give back a slot taken by :meth:`enter` for ``client``."""
        with self._cond:
            self._running -= 1
            left = self._inside.get(client[0], 0) - 1
            if left > 0:
                self._inside[client[0]] = left
            else:
                self._inside.pop(client[0], None)
            while self._running < self.slots and self._waiters:
                nxt = min(self._waiters, key=self._turns.order)
                self._waiters.remove(nxt)
                nxt.admitted = True
                self._admit(nxt.client)
            self._cond.notify_all()

    def _admit(self, client: Client) -> None:
        self._running += 1
        self._inside[client[0]] = self._inside.get(client[0], 0) + 1
        self._turns.record(client)

    def _victim(self, client: Client) -> _Waiter | None:
        """The waiter ``client`` may replace in a full queue: the latest of the address
        with the most waiters, if that is more than ``client``'s address would have."""
        per: dict[str, list[_Waiter]] = {}
        for w in self._waiters:
            per.setdefault(w.client[0], []).append(w)
        if not per:
            return None
        most = max(per.values(), key=len)
        mine = per.get(client[0], [])
        if len(most) > len(mine) + 1:
            return most[-1]
        # Behind one address (an untrusted proxy), the keys take turns: a key let in
        # less recently than a waiter of its address takes that waiter's place.
        if not mine:
            return None
        latest = max(mine, key=self._turns.order)
        turn = self._turns.key.get(client, -1)
        return latest if self._turns.key.get(latest.client, -1) > turn else None


def client_address() -> str:
    """The address of the request's client: the peer's, or — behind ``PROXY_HOPS``
    trusted proxies — the one the nearest of them wrote in ``X-Forwarded-For`` (the
    entry ``PROXY_HOPS`` from the end). Cut to 64 characters."""
    hops = int(current_app.config.get("PROXY_HOPS", 0))
    if hops > 0:
        chain = [a.strip() for a in request.headers.get("X-Forwarded-For", "").split(",")]
        chain = [a for a in chain if a]
        if len(chain) >= hops:
            return chain[-hops][:64]
    return (request.remote_addr or "-")[:64]


class Ticket:
    """One request's passage through the gate: it enters at its first piece of work and
    leaves when the request ends; every piece of work is checked against the deadline."""

    def __init__(self, gate: Gate, *, wait_s: float, deadline_s: float,
                 retry_after_s: float, client: Client = ANONYMOUS) -> None:
        self.gate = gate
        self.client = client
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
            if not self.gate.enter(min(self.wait_s, left - cost_s), self.client):
                raise self.busy()
            self.inside = True
            left = self.deadline - monotonic()
            if left - cost_s <= 0:  # the wait used up the deadline
                raise self._late(cost_s)
        return left

    def close(self) -> None:
        if self.inside:
            self.inside = False
            self.gate.leave(self.client)

    def busy(self) -> Problem:
        g = self.gate
        return Problem(
            503, "busy", "Server busy",
            f"the server is busy: every slot of this worker is taken ({g.slots} computing, "
            f"up to {g.queue} waiting, one a client, for at most {self.wait_s:g} s); retry "
            f"after {self.retry_after} s",
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
def ticket(client: Client | None = None, deadline_s: float | None = None) -> Iterator[Ticket]:
    """A ticket for the current request through the current app's gate, for ``client``
    (default: the request's address) and a deadline of ``deadline_s`` (default:
    ``ADVICE_DEADLINE_S``).

    When the gate would refuse the client, the request is turned away at once, before
    its body is read: under a flood, a refusal must cost next to nothing, or refusing
    alone would keep the worker's threads busy and ``/healthz`` waiting behind them.
    """
    cfg = current_app.config
    t = Ticket(gate_of(current_app), wait_s=cfg["ADVICE_QUEUE_WAIT_S"],
               deadline_s=cfg["ADVICE_DEADLINE_S"] if deadline_s is None else deadline_s,
               retry_after_s=cfg["RETRY_AFTER_S"],
               client=client if client is not None else (client_address(), ""))
    if t.gate.saturated and t.gate.refuses(t.client):
        raise t.busy()
    try:
        yield t
    finally:
        t.close()


def turn_away_holders() -> None:
    """Refuse the request at once (503 busy, before its body is read) if the gate is full
    and its client already has requests inside or waiting: the refusal of a flood's
    costly body must cost next to nothing."""
    gate = gate_of(current_app)
    if gate.saturated and gate.holds(client_address()):
        cfg = current_app.config
        raise Ticket(gate, wait_s=cfg["ADVICE_QUEUE_WAIT_S"], deadline_s=0.0,
                     retry_after_s=cfg["RETRY_AFTER_S"]).busy()


def cost_ms(game: str, verb: str) -> float:
    """One object's cost of a verb that is not an advice (:data:`COSTS_MS`, or the
    config's ``VERB_COSTS_MS``), in milliseconds."""
    name = f"{game}.{verb}"
    costs: dict[str, float] = current_app.config.get("VERB_COSTS_MS") or {}
    return float(costs.get(name, COSTS_MS.get(name, DEFAULT_COST_MS)))


__all__ = ["ANONYMOUS", "COSTS_MS", "Client", "Gate", "Ticket", "client_address", "cost_ms",
           "gate_of", "install", "ticket", "turn_away_holders"]
