"""ming-record/1: records replay, golden deals, malformed records named by field, and
view_at on a prefix."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from advisor.errors import AdvisorError, IllegalActionError, PositionError, RecordError
from advisor.ming.bots import greedy_choice
from advisor.ming.faces import GAME as MING
from advisor.ming.game import Game
from tests.games.checks import refused_naming

GOLDEN = Path(__file__).parent / "golden" / "records.jsonl"
ENTRIES = [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


def record(tag: str) -> dict[str, Any]:
    rec: dict[str, Any] = copy.deepcopy(next(e for e in ENTRIES if e["tag"] == tag)["record"])
    return rec


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["tag"])
def test_golden_records_replay(entry: dict[str, Any]) -> None:
    r = MING.replay(entry["record"])
    assert r.valid, r.describe()
    assert r.game.to_record(entry["bots"]) == entry["record"]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["tag"])
def test_golden_deals_are_dealt_and_played_the_same(entry: dict[str, Any]) -> None:
    g = Game.from_deal(entry["players"], seed=entry["seed"])
    rng = random.Random(int(entry["seed"].split(":")[1]))
    while g.pending is not None:
        legal = g.legal_actions()
        a = greedy_choice(legal) if entry["bots"][0] == "greedy" else rng.choice(legal)
        g.act(g.pending.seat, a)
    assert g.to_record(entry["bots"]) == entry["record"]


def test_a_changed_result_is_reported() -> None:
    rec = record("two-greedy")
    rec["result"]["points"] += 1
    r = MING.replay(rec)
    assert not r.valid and r.move is None and "result.points" in r.describe()


def test_a_truncated_record_is_incomplete_unless_partial() -> None:
    rec = record("three-random")
    del rec["result"]
    rec["moves"] = rec["moves"][:10]
    assert not MING.replay(rec).valid and "not over" in MING.replay(rec).describe()
    assert MING.replay(rec, partial=True).valid


def test_an_illegal_move_names_its_rule_and_number() -> None:
    rec = record("two-greedy")
    rec["moves"][1]["beats"] = not rec["moves"][1]["beats"]
    r = MING.replay(rec)
    assert r.move == 2 and r.rule == "M5" and isinstance(r.error, IllegalActionError)
    rec = record("two-greedy")
    rec["moves"][0] = {"seat": rec["moves"][0]["seat"], "do": "dance"}
    r = MING.replay(rec)
    assert r.move == 1 and "dance" in r.describe() and isinstance(r.error, RecordError)


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: r.update(format="ming-record/9"), "format"),
    (lambda r: r.update(dealer=7), "dealer"),
    (lambda r: r.update(dealer="north"), "dealer"),
    (lambda r: r["hands"][0].pop(), "hands[0]"),
    (lambda r: r["hands"].__setitem__(0, "2v 3v"), "hands[0]"),
    (lambda r: r["hands"][1].append(r["hands"][0][0]), "hands[1]"),
    (lambda r: r["stock"].pop(), "stock"),
    (lambda r: r.update(colour="red"), "colour"),
    (lambda r: r.update(options=[1]), "options"),
    (lambda r: r.update(options={"x": 1}), "options"),
])
def test_a_malformed_record_names_its_field(change: Any, field: str) -> None:
    rec = record("two-greedy")
    change(rec)
    refused_naming(MING, rec, field)


def test_a_record_that_is_not_an_object() -> None:
    r = MING.replay([1, 2])
    assert not r.valid and r.game is None and r.error is not None and r.error.field == "$"


def test_view_at_a_prefix() -> None:
    rec = record("three-random")
    del rec["result"]
    rec["moves"] = rec["moves"][:10]
    view, legal = MING.view_at(rec)
    assert legal and MING.view_at(rec, view.seat)[0] == view
    with pytest.raises(PositionError, match="stops at seat") as err:
        MING.view_at(rec, (view.seat + 1) % 3)
    assert err.value.field == "seat"
    with pytest.raises(AdvisorError, match="nothing to advise"):
        MING.view_at(record("two-greedy"))


def test_the_record_has_everything_face_down_included() -> None:
    rec = record("two-random")
    downs = [mv for mv in rec["moves"] if mv["do"] == "follow" and not mv["beats"]]
    assert downs and all(mv["cards"] for mv in downs)
