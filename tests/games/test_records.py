"""What every game's records share (advisor.games.records), checked on each game's golden
records: a changed result, a truncated record, a move that is not an action and a
malformed deal are each reported with the field or move at fault; a record prefix gives
the VIEW of the seat to act (``view_at``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from advisor.errors import AdvisorError, PositionError, RecordError
from advisor.games.records import Replay
from advisor.games.spec import AnySpec
from advisor.registry import GAMES, game

TESTS = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Kit:
    info: AnySpec
    won: str  # the tag of a golden record whose deal was won
    longer: str  # the tag of a golden record with more than ten moves

    def __str__(self) -> str:
        return self.info.name

    def record(self, tag: str) -> dict[str, Any]:
        path = TESTS / self.info.name / "golden" / "records.jsonl"
        entries = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        rec: dict[str, Any] = copy.deepcopy(next(e for e in entries if e["tag"] == tag)["record"])
        return rec

    @property
    def replay(self) -> Callable[..., Replay]:
        return self.info.replay


KITS = {"chan": Kit(game("chan"), "other_door", "chiu"),
        "khanhoo": Kit(game("khanhoo"), "variation", "four-orphan"),
        "ming": Kit(game("ming"), "two-greedy", "three-random"),
        "qing": Kit(game("qing"), "four-greedy", "four-greedy")}


@pytest.fixture(params=[g.name for g in GAMES])
def kit(request: pytest.FixtureRequest) -> Kit:
    return KITS[request.param]


def test_every_registered_game_is_checked_here() -> None:
    assert sorted(KITS) == sorted(g.name for g in GAMES)


def test_a_changed_result_is_reported(kit: Kit) -> None:
    rec = kit.record(kit.won)
    assert kit.replay(rec).valid
    rec["result"]["points"] += 1
    r = kit.replay(rec)
    assert not r.valid and r.move is None and "result.points" in r.describe()


def test_a_truncated_record_is_incomplete_unless_partial(kit: Kit) -> None:
    rec = kit.record(kit.longer)
    del rec["result"]
    rec["moves"] = rec["moves"][:10]
    assert not kit.replay(rec).valid and "not over" in kit.replay(rec).describe()
    assert kit.replay(rec, partial=True).valid


def test_a_move_that_is_not_an_action(kit: Kit) -> None:
    rec = kit.record(kit.won)
    rec["moves"][0] = {"seat": rec["moves"][0]["seat"], "do": "dance"}
    r = kit.replay(rec)
    assert r.move == 1 and "dance" in r.describe() and isinstance(r.error, RecordError)


@pytest.mark.parametrize(("change", "field"), [
    (lambda r, fmt: r.update(format=fmt[:-1] + "9"), "format"),  # a version not (yet) read
    (lambda r, fmt: r.update(dealer=7), "dealer"),
    (lambda r, fmt: r.update(dealer="north"), "dealer"),
    (lambda r, fmt: r["hands"][0].pop(), "hands[0]"),
    (lambda r, fmt: r["hands"].__setitem__(0, "2v 3v"), "hands[0]"),
    (lambda r, fmt: r.update(colour="red"), "colour"),
    (lambda r, fmt: r.update(options=[1]), "options"),
])
def test_a_malformed_record_names_its_field(kit: Kit, change: Any, field: str) -> None:
    rec = kit.record(kit.won)
    change(rec, kit.info.record_format)
    r = kit.replay(rec)
    assert not r.valid and isinstance(r.error, RecordError) and r.error.field == field


def test_a_record_that_is_not_an_object(kit: Kit) -> None:
    r = kit.replay([1, 2])
    assert not r.valid and r.game is None and r.error is not None and r.error.field == "$"


def test_view_at_a_prefix_is_the_decision_of_the_seat_to_act(kit: Kit) -> None:
    rec = kit.record(kit.longer)
    del rec["result"]
    rec["moves"] = rec["moves"][:10]
    view, legal = kit.info.view_at(rec)
    seat = view.seat  # a typed VIEW, equal to itself read again from its JSON
    assert legal and kit.info.view_at(rec, seat)[0] == view
    assert type(view).from_json(view.to_json()) == view
    with pytest.raises(PositionError, match="stops at seat") as err:
        kit.info.view_at(rec, (seat + 1) % len(rec["hands"]))
    assert err.value.field == "seat"
    assert kit.info.advise(view, legal, budget_ms=20, seed=1).best in legal


def test_view_at_a_finished_deal_has_nothing_to_advise(kit: Kit) -> None:
    with pytest.raises(AdvisorError, match="nothing to advise"):
        kit.info.view_at(kit.record(kit.won))
