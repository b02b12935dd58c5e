"""PettingZoo's own checks of every game's environment: ``api_test`` (spaces, the agent
cycle, rewards, observations in bounds, dead steps) and ``seed_test`` (two environments
reset with one seed play alike)."""

from __future__ import annotations

import warnings

import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

from advisor.env import make_env
from tests.env.tables import IDS, TABLES

# What api_test says of every environment whose observation is a dict with an action
# mask, its own board games' included (it lists those by name); and, once an agent is
# done, that its mask is empty: none of them is a fault.
EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be gymnasium.spaces.box",
            "Action mask numpy array is all zeros")


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_api_test_passes(name: str, options: dict) -> None:
    env = make_env(name, **options)
    assert isinstance(env, AECEnv)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        api_test(env, num_cycles=400)
    unexpected = {str(w.message) for w in seen} - {
        str(w.message) for w in seen if str(w.message).startswith(EXPECTED)}
    assert not unexpected


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_seed_test_passes(name: str, options: dict) -> None:
    seed_test(lambda: make_env(name, **options), num_cycles=400)
