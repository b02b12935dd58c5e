"""Every registered game's golden deals (``tests/<game>/golden/records.jsonl``) replay
through its engine — every move legal — to the result each record states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from advisor.registry import GAMES
from tests.games.checks import replays_to_its_result

TESTS = Path(__file__).parent.parent


def _golden() -> list[tuple[Any, dict[str, Any]]]:
    out = []
    for spec in GAMES:
        path = TESTS / spec.name / "golden" / "records.jsonl"
        lines = path.read_text().splitlines() if path.exists() else []
        out += [(spec, json.loads(line)) for line in lines if line.strip()]
    return out


GOLDEN = _golden()


def test_every_game_has_golden_deals() -> None:
    assert {spec.name for spec, _ in GOLDEN} == {spec.name for spec in GAMES}


@pytest.mark.parametrize(("spec", "entry"), GOLDEN,
                         ids=[f"{spec.name}-{e['tag']}" for spec, e in GOLDEN])
def test_golden_record_replays_to_its_result(spec: Any, entry: dict[str, Any]) -> None:
    replays_to_its_result(spec, entry["record"])
