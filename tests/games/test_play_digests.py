"""The engines and the rule-based bots play exactly as they did before they were made
faster: the same seeds give byte-identical records (:mod:`tests.games.play_digests`)."""

from __future__ import annotations

import pytest

from tests.games.play_digests import RECORDED, RUNS, digest


def test_every_run_is_recorded() -> None:
    assert set(RECORDED) == set(RUNS)


@pytest.mark.parametrize("name", list(RUNS))
def test_the_same_seeds_give_the_same_records(name: str) -> None:
    assert digest(name) == RECORDED[name], (
        f"{name}: the records of {RUNS[name][:3]} differ from those recorded")
