"""What a budget buys, in every game: counted work, the same on any machine.

A budget of ``ms`` milliseconds buys a number of the game's own units of work (worlds,
playouts, search nodes …): ``ms`` times the units the game's advisor does in a
millisecond on the reference machine (its ``per_ms``, measured by
``benchmarks/advice_latency.py`` and written beside the advisor). The same VIEW, seed and
budget therefore give the same answer on a fast and a slow machine: the clock never
decides what is computed.

The clock is only a safety cap (``cap_ms``): a caller's deadline (a server's, for one
request) or, without one, :data:`CAP_FACTOR` times the budget. When the cap cuts the
work, the meter says so (:attr:`Meter.cut`, :meth:`Meter.note`) and the answer must put
that note in its ``notes``: only then may it differ from another machine's.

>>> m = Meter("worlds", Budget(10).units(per_ms=2.0))
>>> while m.more:
...     m.spend()
>>> m.work().to_json(), m.cut, m.note()
({'unit': 'worlds', 'done': 20, 'asked': 20}, False, None)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from advisor.games.answer import Work

CAP_FACTOR = 20.0
"""Without a caller's deadline, the clock cuts the work at this many times the budget:
far beyond what a loaded machine needs, so that only a machine that is stuck answers
differently."""
CAP_MIN_MS = 2_000.0
"""… and never below this (a small budget on a busy machine still finishes its work)."""

clock: Callable[[], float] = time.perf_counter
"""The meters' clock (seconds). Tests replace it to play a slow machine."""


def units(ms: float, per_ms: float, least: int = 1) -> int:
    """The units of work ``ms`` milliseconds buy at ``per_ms`` units a millisecond (at
    least ``least``).

    >>> units(100, 0.4), units(1, 0.4), units(1, 0.4, least=2)
    (40, 1, 2)
    """
    return max(least, round(ms * per_ms))


def cap_ms(ms: float, limit_ms: float | None = None) -> float:
    """The wall-clock safety cap of a budget of ``ms``: the caller's ``limit_ms`` when
    given, else :data:`CAP_FACTOR` times the budget (at least :data:`CAP_MIN_MS`).

    >>> cap_ms(100), cap_ms(100, limit_ms=500), cap_ms(1000)
    (2000.0, 500, 20000.0)
    """
    if limit_ms is not None:
        return limit_ms
    return max(CAP_MIN_MS, CAP_FACTOR * ms)


@dataclass(frozen=True)
class Budget:
    """What an advisor may spend on one decision, in every game: ``ms`` milliseconds (the
    unit of every budget, turned into counted work by :meth:`units`), the ``seed`` of
    whatever it samples, and the caller's deadline ``limit_ms`` (None: the default cap,
    :func:`cap_ms`). A game's advisor may extend it with settings of its own.

    >>> Budget(250).seconds, Budget(250).units(per_ms=0.2), Budget(250).cap_s
    (0.25, 50, 5.0)
    """

    ms: float = 100.0
    seed: int = 0
    limit_ms: float | None = None

    @property
    def seconds(self) -> float:
        return self.ms / 1000

    def units(self, per_ms: float, least: int = 1) -> int:
        """The units of work this budget buys at ``per_ms`` units a millisecond."""
        return units(self.ms, per_ms, least)

    @property
    def cap_s(self) -> float:
        """The wall-clock safety cap, in seconds."""
        return cap_ms(self.ms, self.limit_ms) / 1000

    def meter(self, unit: str, per_ms: float, least: int = 1) -> Meter:
        """A meter of the work this budget buys, in ``unit``."""
        return Meter(unit, self.units(per_ms, least), self.cap_s)


class Meter:
    """Counted work: ``asked`` units of ``unit``, spent with :meth:`spend`; :attr:`more`
    says whether to go on: not while the work asked for is done, nor once the clock has
    passed the safety cap ``cap_s`` (seconds from the meter's start; None: no cap), which
    sets :attr:`cut`."""

    def __init__(self, unit: str, asked: int, cap_s: float | None = None) -> None:
        if asked < 0:
            raise ValueError("asked: a number of units ≥ 0")
        self.unit = unit
        self.asked = asked
        self.done = 0
        self.cap_s = cap_s
        self.started = clock()
        self.cut = False

    def spend(self, n: int = 1) -> None:
        """Count ``n`` units done."""
        self.done += n

    @property
    def left(self) -> int:
        return max(0, self.asked - self.done)

    @property
    def more(self) -> bool:
        """Whether there is work left to do and time to do it (checks the cap)."""
        if self.done >= self.asked or self.cut:
            return False
        return not self.past_cap()

    def past_cap(self) -> bool:
        """Whether the clock has passed the cap (then the meter is :attr:`cut`)."""
        if self.cap_s is not None and clock() - self.started > self.cap_s:
            self.cut = True
        return self.cut

    @property
    def ms(self) -> float:
        """Milliseconds since the meter started."""
        return (clock() - self.started) * 1000

    def work(self) -> Work:
        return Work(self.unit, self.done, self.asked)

    def note(self) -> str | None:
        """The note an answer must carry when the safety cap cut its work, else None."""
        if not self.cut:
            return None
        assert self.cap_s is not None
        return (f"the time limit of {self.cap_s * 1000:.0f} ms cut the work at {self.done} of "
                f"the {self.asked} {self.unit} the budget buys: on another machine this "
                f"answer may differ")


__all__ = ["CAP_FACTOR", "CAP_MIN_MS", "Budget", "Meter", "cap_ms", "clock", "units"]
