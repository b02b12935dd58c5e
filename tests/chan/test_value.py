"""The value model and the numbers the advisor states: chances lie strictly between 0 and
1 unless the outcome is certain, every figure carries its error, and the ranking
follows the stated chance."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.calibration import Reliability
from advisor.chan.advice import _pct, advise
from advisor.chan.pairing import Exposed
from advisor.chan.value import FEATURES, SETTLEMENT_FEATURES, TableInfo, estimate, features, models
from tests.chan.deals import position_after


@pytest.mark.parametrize("rules", ["house", "cvv"])
def test_the_shipped_models_match_the_code(rules: str) -> None:
    m = models(rules)
    assert m.game == "chan"
    assert m["win"].features == FEATURES and m["win"].link == "logit"
    assert m["settlement"].features == SETTLEMENT_FEATURES
    fitted = m.fitted
    assert fitted["command"].startswith("python benchmarks/fit_value.py")
    assert fitted["decisions"] > 10_000 and fitted["held_out"]["decisions"] > 1000


def test_more_unseen_waits_mean_a_better_chance() -> None:
    """A sanity check of the fitted model: the same waiting hand with more of its waits
    unseen, or with more stock left to reveal them from, wins more often."""
    table = TableInfo(15, False, ((1, 0, 1, False), (1, 0, 1, False), (1, 0, 1, False)))
    chances = [estimate(features(table, 1, n, 50, 1, Exposed())).win for n in (1, 4, 8, 11)]
    assert chances == sorted(chances) and chances[0] < chances[-1]
    late = TableInfo(3, False, table.opponents)
    assert estimate(features(late, 1, 8, 50, 1, Exposed())).win < chances[2]
    far = estimate(features(table, 4, 20, 50, 5, Exposed())).win
    assert far < chances[0]


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 70))
@settings(max_examples=60, deadline=None)
def test_stated_numbers_are_honest(seed: int, moves: int) -> None:
    g = position_after(seed, moves)
    d = g.pending
    if d is None:
        return
    a = advise(g.view(d.seat), look=seed % 2 == 1)
    for e in a.actions:
        lo, hi = e.interval()
        assert 0.0 <= lo <= e.win <= hi <= 1.0
        if e.certain:
            assert e.win_se == 0.0
            assert (e.win == 1.0 and e.action.do in ("win", "heaven", "chiu")) or \
                (e.win == 0.0 and e.distance is None)
        else:
            assert 0.0 < e.win < 1.0 and e.win_se > 0.0 and e.expected_se > 0.0
    uncertain = [e for e in a.actions if not e.certain]
    if not a.actions[0].certain:
        assert a.actions[0].win == max(e.win for e in uncertain)
    assert ("100 %" in a.explanation) == (a.actions[0].certain and a.actions[0].win == 1.0
                                          and "100 %" in a.explanation)


def test_chances_are_never_rounded_to_certainty() -> None:
    assert _pct(0.997) == "over 99 %" and _pct(0.002) == "under 1 %"
    assert _pct(1.0) == "100 %" and _pct(0.0) == "0 %" and _pct(0.42) == "42 %"


def test_reliability_of_known_figures() -> None:
    r = Reliability.of([(0.25, False)] * 3 + [(0.25, True)] + [(0.75, True)] * 3
                       + [(0.75, False)])
    assert r.count == 8 and r.base_rate == 0.5
    assert [(row.low, row.count, row.observed) for row in r.rows] == [(0.2, 4, 0.25),
                                                                       (0.7, 4, 0.75)]
    assert r.brier == pytest.approx(0.1875) and r.skill == pytest.approx(0.25)
    assert r.worst_gap(min_count=1) == 0.0
