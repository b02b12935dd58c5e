"""The same answer on any machine (issue: advice you can trust): a budget buys counted
work, so the same VIEW, seed and budget give the same answer when the machine is slow.

A slow machine is played by the meters' clock (:data:`advisor.games.budget.clock`)
running ``SLOWER`` times faster than this process's CPU time: every millisecond of work
looks like ``SLOWER``, however loaded the machine running the test is (the others' load
does not count, so the test never depends on this machine's speed). The answers must
be equal but for the time they took; a game whose clock still decides its work fails
here.
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
"""How much slower the played machine is: the default budget's work still fits under
the safety cap (:data:`advisor.games.budget.CAP_MIN_MS`)."""
NOT_YET = {"khanhoo", "qing", "ming"}
"""Games whose advisor still lets the clock decide its work."""


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
    if spec.name in NOT_YET:
        pytest.xfail(f"{spec.name}: the clock still decides the advisor's work")
    decisions = _decisions(spec, seed=11, count=3)
    assert decisions
    ctx = Context(budget_ms=spec.default_budget_ms, seed=3)
    fast = [_timeless(spec.advice(held["view"], ctx).to_json()) for _, held in decisions]
    monkeypatch.setattr(budget, "clock", _slow_clock())
    slow = [_timeless(spec.advice(held["view"], ctx).to_json()) for _, held in decisions]
    assert slow == fast
    for answer in slow:
        assert answer["work"]["asked"] is not None and answer["work"]["done"] > 0
