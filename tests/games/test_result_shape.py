"""One result shape: every game's result — in its record, its API answers and the bot
protocol's ``end`` — has ``winner``, ``how``, ``points`` and ``settlement`` (per seat,
summing to zero), then the game's own details (docs/records.md). Records of the shape
before (``chan-record/1``, ``khanhoo-record/1``, ``ming-record/1``; Qing's shape did not
change) are still read: replayed, reviewed, served, their result compared as today's."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from advisor.cli import main
from advisor.errors import RecordError
from advisor.games.records import RESULT_KEYS
from advisor.games.review import replay_steps
from advisor.games.spec import AnySpec
from advisor.registry import GAMES, game
from service import create_app

OLD = [json.loads(line) for line in
       (Path(__file__).parent / "old_records.jsonl").read_text().splitlines() if line]
"""One record of each game as the engine wrote it before the result had one shape."""


def _finished(spec: AnySpec, seed: int, bots: str = "greedy") -> Any:
    n = spec.players[0]
    g = spec.deal(n, seed)
    spec.play(g, [spec.make_bot(bots, seed=i) for i in range(n)])
    return g


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_every_result_has_the_common_keys(spec: AnySpec) -> None:
    for seed, bots in ((1, "greedy"), (2, "greedy"), (3, "random"), (4, "random")):
        g = _finished(spec, seed, bots)
        result = g.to_record()["result"]
        assert list(result)[:2] == ["winner", "how"] and set(RESULT_KEYS) <= set(result)
        winner, how, points, settlement = (result[k] for k in RESULT_KEYS)
        assert (winner is None) == (how is None)
        assert isinstance(points, int) and not isinstance(points, bool)
        assert len(settlement) == len(g.to_record()["hands"]) and sum(settlement) == 0
        if winner is not None:
            assert settlement[winner] == max(settlement) and isinstance(how, str)
        assert set(RESULT_KEYS) <= set(spec.result_form.rules)


def test_the_old_records_are_of_every_game_and_of_the_old_shape() -> None:
    assert [r["format"] for r in OLD] == ["chan-record/1", "khanhoo-record/1",
                                          "ming-record/1", "qing-record/1"]
    assert {g.name for g in GAMES} == {r["format"].split("-")[0] for r in OLD}
    for rec in OLD[:3]:
        spec = game(rec["format"].split("-")[0])
        assert spec.record_format != rec["format"] and spec.reads(rec["format"])
        assert "how" not in rec["result"]


@pytest.mark.parametrize("rec", OLD, ids=[r["format"] for r in OLD])
def test_an_old_record_is_read_everywhere(rec: dict[str, Any], tmp_path: Path) -> None:
    spec = game(rec["format"].split("-")[0])
    out = spec.replay(rec)
    assert out.valid, out.describe()
    assert spec.current(rec)["result"] == out.game.result.to_json()  # upgraded in full
    assert spec.from_record(rec).to_record()["format"] == spec.record_format
    replay_steps(spec, rec, frozenset())  # the review's reader
    client = create_app({"TESTING": True}).test_client()
    r = client.post(f"/v1/{spec.name}/review?seat=0&budget_ms=1", json=rec)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["record"]["format"] == rec["format"]  # the header as it was given
    path = tmp_path / "old.json"
    path.write_text(json.dumps(rec))
    assert CliRunner().invoke(main, [spec.name, "replay", str(path)]).exit_code == 0
    prefix = {k: v for k, v in rec.items() if k != "result"}
    prefix["moves"] = rec["moves"][:3]
    assert spec.read(prefix)[1]  # an old prefix is a position to advise


@pytest.mark.parametrize("rec", OLD[:3], ids=[r["format"] for r in OLD[:3]])
def test_an_old_record_with_a_wrong_result_names_the_field_it_states(
        rec: dict[str, Any]) -> None:
    spec = game(rec["format"].split("-")[0])
    key = {"chan": "payments", "khanhoo": "scores", "ming": "scores"}[spec.name]
    bad = copy.deepcopy(rec)
    bad["result"][key] = [x + 1 if i == 0 else x - (1 if i == 1 else 0)
                          for i, x in enumerate(bad["result"][key])]
    out = spec.replay(bad)
    assert not out.valid and out.error is not None
    assert out.error.field == f"result.{key}" and out.rule == spec.result_form.rules[key]
    with pytest.raises(RecordError, match=f"result.{key}"):
        replay_steps(spec, bad, frozenset())


def test_a_format_that_is_not_a_string_is_refused() -> None:
    rec = copy.deepcopy(OLD[0])
    rec["format"] = {"v": 1}
    out = game("chan").replay(rec)
    assert not out.valid and out.error is not None and out.error.field == "format"
    r = create_app({"TESTING": True}).test_client().post("/v1/chan/review", json=rec)
    assert r.status_code == 422


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"TESTING": True, "PLAY_DB": str(tmp_path / "play.sqlite3"),
                       "MAX_ADVICE_BUDGET_MS": 5.0}).test_client()


@pytest.mark.parametrize("name", ["khanhoo", "qing", "ming"])
def test_a_tables_end_has_the_common_keys(client: FlaskClient, name: str) -> None:
    table = client.post(f"/v1/play/{name}", json={"seed": "3"}).get_json()
    for _ in range(400):
        if table["over"]:
            break
        table = client.post(f"/v1/play/{name}/{table['id']}/action",
                            json={**table["legal"][0]["action"],
                                  "version": table["version"]}).get_json()
    end = table["result"]
    assert table["over"] and set(RESULT_KEYS) <= set(end)
    record = client.get(f"/v1/play/{name}/{table['id']}/record").get_json()
    assert {k: end[k] for k in RESULT_KEYS} == {k: record["result"][k] for k in RESULT_KEYS}
