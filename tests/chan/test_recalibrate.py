"""The chance against named opponents: an increasing map of the model's chance, so the
ranking is the same whoever the opponents are."""

from __future__ import annotations

import itertools

import pytest

from advisor.chan.advice import advise
from advisor.chan.recalibrate import DEFAULT_OPPONENTS, OPPONENTS, against, maps
from advisor.errors import PositionError
from tests.chan.test_advice import EXAMPLE


def test_the_default_is_the_models_own_chance() -> None:
    assert DEFAULT_OPPONENTS == "greedy"
    assert against("greedy", "house", 0.37, 0.02) == (0.37, 0.02)


@pytest.mark.parametrize("opponents", OPPONENTS)
def test_every_map_is_increasing_and_a_chance(opponents: str) -> None:
    grid = [i / 100 for i in range(1, 100)]
    mapped = [against(opponents, "house", p, 0.01)[0] for p in grid]
    assert all(0 < q < 1 for q in mapped)
    assert all(a < b for a, b in itertools.pairwise(mapped))
    for rules in maps()["maps"].values():
        for m in rules.values():
            if "knots" in m:  # increasing knots: the map through them is increasing
                assert all(p < q and y < z for (p, y), (q, z) in itertools.pairwise(m["knots"]))
            else:
                assert m["a"] > 0


def test_the_chance_against_greedy_plus_players_is_lower() -> None:
    """Against ``greedy+`` players (a good casual player's rules) the same position is won
    less often than against the greedy players the model was fitted on: the map, fitted
    on deals against them, lowers every chance between 0.1 and 0.7."""
    for p in (0.1, 0.3, 0.5, 0.7):
        q, se = against("greedy+", "house", p, 0.02)
        assert q < p and se > 0


def test_the_opponents_change_the_numbers_not_the_order() -> None:
    base = advise(EXAMPLE)
    for opponents in OPPONENTS:
        other = advise(EXAMPLE, opponents=opponents)
        assert [e.action for e in other.actions] == [e.action for e in base.actions]
        said = [n for n in other.notes if "against" in n and "players" in n]
        assert bool(said) == (opponents != DEFAULT_OPPONENTS)
    with pytest.raises(PositionError) as info:
        advise(EXAMPLE, opponents="sharks")  # type: ignore[arg-type]
    assert info.value.field == "opponents"
