"""The value model (advisor/qing/value.py): read from its JSON beside the advisor, a
chance for every hand at rest, closer hands valued higher, the settlement consistent
with the chances (Q8)."""

from __future__ import annotations

import json

import pytest

from advisor.qing.value import NAMES, PATH, Model, State, features, load


def _state(distance: int, waits: int = 0, draws_left: float = 10.0,
           players: int = 4) -> State:
    return State(distance, waits, 8, 1, draws_left, players, False)


def test_the_stored_model_is_read_and_names_its_features() -> None:
    obj = json.loads(PATH.read_text())
    assert obj["features"] == list(NAMES) and len(obj["win"]) == len(NAMES)
    assert "command" in obj["fitted"]
    assert len(features(_state(2))) == len(NAMES)
    with pytest.raises(ValueError, match="refit"):
        Model.from_json({**obj, "features": ["bias"]})


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_hand_closer_to_a_win_is_worth_more(players: int) -> None:
    m = load()
    chances = [m.win(_state(d, 6 if d == 1 else 0, players=players)) for d in (1, 2, 3, 4)]
    assert all(0 < p < 1 for p in chances)
    assert chances == sorted(chances, reverse=True)
    assert m.win(_state(1, 8)) > m.win(_state(1, 1))  # more unseen waits


def test_the_expected_settlement_follows_the_chances() -> None:
    m = load()
    for d in (1, 2, 3, 4):
        for n in (2, 4, 6):
            st = _state(d, players=n)
            p, e = m.win(st), m.expected(st, n)
            assert -1 <= e <= n - 1
            assert e <= p * (n - 1) + 1e-9  # a loss costs, a drawn deal pays nothing
