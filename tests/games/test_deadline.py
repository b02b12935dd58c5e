"""A caller's deadline stops the library's costly searches (advisor.games.deadline).

No test here depends on the machine's speed: the deadline's clock is a fake one that
moves only when the search reads it, so the search stops after a counted number of
checks, on any machine.
"""

from __future__ import annotations

import random

import pytest

import advisor.games.deadline as deadline
from advisor.games.deadline import EVERY, DeadlineExceeded, tick, within
from advisor.games.faces import Context
from advisor.registry import GAMES

KHANHOO_PACK = ([f"{r}{s}" for r in "A23456789" for s in "hcd"] * 2
                + ["Js", "Qs", "Ks"] * 2 + ["Jk"] * 2)
QING_PACK = [f"{r}{s}" for r in range(1, 10) for s in "csm"] * 4 + ["RF", "WF", "OT"] * 4


class StepClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def _analyze(game: str, hand: str) -> dict[str, object]:
    verb = next(g for g in GAMES if g.name == game).faces.verb("analyze")
    result: dict[str, object] = verb.answer({"hand": hand}, Context()).to_json()
    return result


HANDS = {
    "khanhoo": " ".join(random.Random(1).sample(KHANHOO_PACK, 16)),
    "qing": " ".join(random.Random(2).sample(QING_PACK, 15)),
}


def test_without_a_deadline_nothing_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = StepClock(1000.0)
    monkeypatch.setattr(deadline, "clock", clock)
    for _ in range(10 * EVERY):
        tick()
    assert clock.reads == 0


def test_the_clock_is_read_once_every_EVERY_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = StepClock(0.0)
    monkeypatch.setattr(deadline, "clock", clock)
    with within(1.0) as d:
        for _ in range(3 * EVERY):
            tick()
    assert d.ticks == 3 * EVERY and clock.reads == 1 + 3  # the start, then three checks


@pytest.mark.parametrize("game", sorted(HANDS))
@pytest.mark.usefixtures("cold_caches")
def test_a_costly_analysis_stops_at_the_deadline(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every read of the clock is a second later: a deadline of 5 s set at t=1 is past
    # at the sixth check (t=7), whatever the machine's speed.
    monkeypatch.setattr(deadline, "clock", StepClock(1.0))
    with pytest.raises(DeadlineExceeded) as err, within(5.0):
        _analyze(game, HANDS[game])
    assert err.value.limit_s == 5.0 and err.value.ticks == 6 * EVERY
    # The search stopped half-way left its caches sound: with time enough, the hand
    # analyses whole, and the same as a deadline-free analysis of the same cards.
    monkeypatch.setattr(deadline, "clock", StepClock(0.0))
    with within(5.0):
        whole = _analyze(game, HANDS[game])
    assert whole == _analyze(game, " ".join(reversed(HANDS[game].split())))


def test_deadlines_nest_and_unwind() -> None:
    with within(100.0) as outer:
        with within(1.0) as inner:
            assert deadline.current() is inner
        assert deadline.current() is outer
    assert deadline.current() is None
