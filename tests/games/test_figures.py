"""A run's per-deal tallies (RunSummary.by_deal) and the strength figures read from them
(advisor.games.simulate.duplicate_figures): intervals over deals, the unit a duplicate
deal's rotations share."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.games.parallel import simulate_in_slices
from advisor.games.simulate import DealTally, duplicate_figures
from advisor.registry import GAMES


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_deals_add_up_to_the_players(game) -> None:  # type: ignore[no-untyped-def]
    n = game.players[0]
    specs = ["greedy"] + ["random"] * (n - 1)
    summary = game.simulate(specs, games=3, seed=2, duplicate=True)
    assert len(summary.by_deal) == 3 == summary.deals
    assert all(row.games == n for row in summary.by_deal)
    for p, stats in enumerate(summary.players):
        assert sum(row.wins[p] for row in summary.by_deal) == stats.wins
        assert sum(row.settlement[p] for row in summary.by_deal) == stats.total
    f = duplicate_figures(summary.by_deal)
    assert f.games == summary.games and math.isclose(f.share, summary.players[0].win_share)
    assert math.isclose(f.settlement, summary.players[0].mean)  # equal games a deal


def test_slices_merge_the_deals_in_order() -> None:
    game = next(g for g in GAMES if g.name == "ming")
    specs = ["greedy", "random"]
    whole = game.simulate(specs, games=6, seed=4, duplicate=True)
    sliced = simulate_in_slices(game.simulate, specs, games=6, options={"seed": 4,
                                                                         "duplicate": True},
                                jobs=2)
    assert sliced.by_deal == whole.by_deal


def test_without_duplicate_a_deal_is_one_game() -> None:
    game = next(g for g in GAMES if g.name == "chan")
    summary = game.simulate(["greedy"] * 4, games=4, seed=1)
    assert [row.games for row in summary.by_deal] == [1, 1, 1, 1]


def test_an_even_table_has_a_ratio_of_one_and_no_edge() -> None:
    rows = [DealTally([1, 1, 1, 1], [0, 0, 0, 0], 4)] * 50
    f = duplicate_figures(rows)
    assert f.ratio == 1.0 and f.ratio_ci95 == (1.0, 1.0) and f.settlement == 0.0


@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(-9, 9)),
                min_size=2, max_size=40))
def test_the_interval_holds_the_ratio(deals: list[tuple[int, int, int]]) -> None:
    rows = [DealTally([a, b, 2 - a - b if a + b <= 2 else 0], [s, -s, 0], 2)
            for a, b, s in deals]
    if sum(sum(r.wins[1:]) for r in rows) == 0:
        return  # the others never won: no ratio
    f = duplicate_figures(rows)
    lo, hi = f.ratio_ci95
    assert lo <= f.ratio <= hi
    assert f.settlement_ci95[0] <= f.settlement <= f.settlement_ci95[1]
    assert f.deals == len(rows) and f.games == 2 * len(rows)


def test_no_deals_is_an_error() -> None:
    with pytest.raises(ValueError):
        duplicate_figures([])
