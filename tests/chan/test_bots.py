"""Chắn's own bots and table: greedy beats random; a table has four seats. What every
game's players share (seat specs, external bots that misbehave, simulation runs) is
checked in tests/games/test_players.py."""

from __future__ import annotations

import pytest

from advisor.chan.faces import GAME as CHAN
from advisor.errors import AdvisorError


def test_greedy_beats_random() -> None:
    s = CHAN.simulate(["greedy", "random", "random", "random"], games=200, seed=5)
    greedy, *rest = s.players
    assert greedy.ci95()[0] > 0 and all(greedy.wins > 2 * p.wins for p in rest)


def test_table_must_have_four_specs() -> None:
    with pytest.raises(AdvisorError, match=r"four|4"):
        CHAN.simulate(["greedy"] * 3, games=1)
