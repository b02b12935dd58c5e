"""The human's table (advisor/chan/session.py): bots play until seat 0 decides, the state
round-trips through JSON, and every finished table gives a record that replays valid."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import Action
from advisor.chan.session import HUMAN, Table
from advisor.errors import AdvisorError, IllegalActionError


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.randoms(use_true_random=False))
def test_any_human_play_ends_in_a_valid_record(seed: int, choices: random.Random) -> None:
    t = Table.new(seed=seed, opponents=["greedy", "random", "greedy"])
    while not t.over:
        assert t.waiting and len(t.legal()) > 1  # forced moves are played for the human
        assert Table.from_json(t.to_json()).to_json() == t.to_json()
        t.act(choices.choice(t.legal()))
    assert t.legal() == []
    assert CHAN.replay(t.record()).valid


def test_a_deal_without_a_seed_is_shuffled_from_the_systems_entropy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[str] = []

    class Recording(random.SystemRandom):
        def shuffle(self, x: Any) -> None:
            used.append("system")
            super().shuffle(x)

    monkeypatch.setattr("advisor.chan.session.random.SystemRandom", Recording)
    t = Table.new(opponents=["greedy"] * 3)
    assert used == ["system"] and t.seed is None and not t.practice
    assert "practice" not in t.record() and t.to_json()["seed"] is None
    # two such deals are different deals (a repeat would be a 1 in 10^100 event)
    assert Table.new().record()["hands"] != Table.new().record()["hands"]


def test_a_practice_deal_is_the_same_for_its_seed_and_its_record_says_so() -> None:
    a, b = Table.new(seed=42), Table.new(seed=42)
    assert a.practice and a.record()["hands"] == b.record()["hands"]
    while not a.over:
        a.act(a.legal()[0])
    rec = a.record()
    assert rec["practice"] == {"seed": 42} and CHAN.replay(rec).valid


def test_view_is_the_humans() -> None:
    t = Table.new(seed=5)
    v = t.view()
    assert v.seat == HUMAN and v == t.game.view(HUMAN)
    assert "hands" not in v.to_json() and "stock" not in v.to_json()


def test_illegal_action_names_rule_and_changes_nothing() -> None:
    t = Table.new(seed=11)
    before = t.to_json()
    bad = next(a for a in (Action("win"), Action("chiu"), Action("heaven"))
               if a not in t.legal())
    with pytest.raises(IllegalActionError) as err:
        t.act(bad)
    assert err.value.rule
    assert t.to_json() == before


def test_no_exec_opponents() -> None:
    with pytest.raises(AdvisorError, match="opponents"):
        Table.new(opponents=["exec:python bot.py", "greedy", "greedy"])


def test_restore_rejects_garbage() -> None:
    with pytest.raises(AdvisorError, match="format"):
        Table.from_json({"format": "nope"})
    t = Table.new(seed=2)
    data = t.to_json()
    data["steps"] = [["x"]]
    with pytest.raises(AdvisorError, match=r"steps\[0\]"):
        Table.from_json(data)
