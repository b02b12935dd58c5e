"""The same answer on any machine (advice you can trust): a budget buys counted
work, so the same VIEW, seed and budget give the same answer when the machine is slow.

A slow machine is played by every clock the advisors may read — the meters'
(:data:`advisor.games.budget.clock`) and the ``time`` module's — running ``SLOWER`` times
faster than time does: every millisecond of work looks like ``SLOWER``. The answers must
be equal but for the time they took; a game whose clock still decides its work fails
here. The safety cap is what only a stuck machine reaches: it is set out of the way here
(its own test is :func:`test_the_slow_clock_is_slower`), so that how busy the machine
running the tests is never decides the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from advisor.games import budget
from advisor.games.faces import Context
from advisor.games.spec import AnySpec
from advisor.registry import GAMES
from tests.games.test_conformance import _decisions

SLOWER = 6.0
"""How much slower the played machine is."""


def _slowed(real: Any) -> Any:
    """A clock ``SLOWER`` times as fast as ``real`` from now on."""
    t0 = real()
    return lambda: t0 + SLOWER * (real() - t0)


def _timeless(answer: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in answer.items() if k != "ms"}


def _slow_clock() -> Callable[[], float]:
    """The clock of a machine ``SLOWER`` times slower than this process's CPU."""
    t0 = time.process_time()
    return lambda: SLOWER * (time.process_time() - t0)


def test_the_slow_clock_is_slower(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "clock", _slow_clock())
    m = budget.Meter("units", 10, cap_s=0.0)
    t = time.process_time()
    while time.process_time() - t < 0.002:  # two milliseconds of work
        pass
    assert not m.more and m.cut and m.note() is not None


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_a_slow_machine_gives_the_same_answer(spec: AnySpec,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    decisions = _decisions(spec, seed=11, count=3)
    assert decisions
    ctx = Context(budget_ms=spec.default_budget_ms, seed=3)
    # the cap out of the way of both runs: a busy test machine must not cut the fast one
    monkeypatch.setattr(budget, "CAP_MIN_MS", 3_600_000.0)
    fast = [_timeless(spec.advice(held["view"], ctx).to_json()) for _, held in decisions]
    for module, name in ((budget, "clock"), (time, "perf_counter"), (time, "monotonic"),
                         (time, "process_time"), (time, "time")):
        real = getattr(time, name) if module is time else time.perf_counter
        monkeypatch.setattr(module, name, _slowed(real))
    slow = [_timeless(spec.advice(held["view"], ctx).to_json()) for _, held in decisions]
    assert slow == fast
    for answer in slow:
        assert answer["work"]["asked"] is not None and answer["work"]["done"] > 0
