"""The Khanhoo endpoints: /v1/khanhoo/score, /analyze, /advice, /settle — the library's
JSON on success, RFC 9457 problem+json on every error."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.position import Position
from advisor.khanhoo.scoring import score
from service import create_app

PROBLEM = "application/problem+json"
BEST = {"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"}
WAITING = {"hand": "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"}


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True, "KHANHOO_ADVICE_SECONDS": 1.0}).test_client()


def post(client: FlaskClient, path: str, body: Any) -> Any:
    return client.post(f"/v1/khanhoo/{path}", json=body)


def test_score_is_the_library_json(client: FlaskClient) -> None:
    r = post(client, "score", BEST)
    assert r.status_code == 200
    assert r.get_json() == score(Position.from_json(BEST)).to_json()
    assert r.get_json()["points"] == 34


def test_score_batch_and_no_out(client: FlaskClient) -> None:
    r = post(client, "score", [BEST, WAITING])
    assert r.status_code == 200
    assert [x["out"] for x in r.get_json()] == [True, False]
    assert r.get_json()[1]["distance"] == 1


def test_analyze(client: FlaskClient) -> None:
    r = post(client, "analyze", WAITING)
    assert r.status_code == 200
    assert r.get_json() == analyze(Position.from_json(WAITING)).to_json()


@pytest.mark.parametrize(("body", "kind", "field"), [
    ({"hand": "Ah 5s"}, "unknown-card", "hand"),
    ({"hand": "Ah Ah Ah"}, "too-many-copies", "hand"),
    ({"hand": "Ah", "melds": ["Ah 2h"]}, "invalid-meld", "melds[0]"),
    ({"hand": "Ah", "sets": 9}, "unknown-rules", "sets"),
    ({"hand": "Ah", "colour": "red"}, "validation", "colour"),
    ({"hand": 5}, "validation", "hand"),
    ({"hand": "Ah", "options": {"trio": "yes"}}, "validation", "options.trio"),
    ({"melds": []}, "validation", "hand"),
])
def test_bad_positions_are_422_problems(client: FlaskClient, body: Any, kind: str,
                                        field: str) -> None:
    r = post(client, "score", body)
    assert r.status_code == 422 and r.mimetype == PROBLEM
    problem = r.get_json()
    assert problem["type"] == f"/problems/{kind}" and problem["field"] == field


def test_wrong_size_is_422(client: FlaskClient) -> None:
    r = post(client, "score", {"hand": "Ah 2c 3d"})
    assert r.status_code == 422 and "K6" in r.get_json()["detail"]


def test_advice_on_a_position(client: FlaskClient) -> None:
    r = post(client, "advice", {**WAITING, "offer": "2c", "from": "left", "players": 3})
    assert r.status_code == 200, r.get_json()
    adv = r.get_json()
    assert adv["phase"] == "claim" and adv["best"]["do"] == "take"
    assert adv["options"][0]["p_first"] == 1.0
    assert any(o["action"] == {"do": "pass"} for o in adv["options"])


def test_advice_on_a_turn_and_its_errors(client: FlaskClient) -> None:
    r = post(client, "advice", {"hand": WAITING["hand"] + " 5c"})
    assert r.status_code == 200 and r.get_json()["phase"] == "turn"
    r = post(client, "advice", WAITING)  # at rest with nothing on offer
    assert r.status_code == 422 and r.get_json()["field"] == "hand"
    r = post(client, "advice", {**WAITING, "offer": "5s"})
    assert r.status_code == 422 and r.get_json()["field"] == "offer"
    r = post(client, "advice", {**WAITING, "offer": "2c", "from": "north"})
    assert r.status_code == 422 and r.get_json()["field"] == "from"
    r = post(client, "advice", {"format": "khanhoo-record/1", "hands": 5})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/validation"


def test_advice_on_a_record_prefix(client: FlaskClient) -> None:
    from advisor.khanhoo.game import Game

    g = Game.from_deal(3, seed=5)
    g.act(g.leader, next(a for a in g.legal_actions() if a.do == "discard"))
    r = post(client, "advice", g.to_record())
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["seat"] == g.pending.seat  # type: ignore[union-attr]
    bad = g.to_record()
    bad["moves"][0]["seat"] = g.dealer
    r = post(client, "advice", bad)
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/illegal-action"


def test_settle(client: FlaskClient) -> None:
    r = post(client, "settle", {"scores": [52, 49, 47, 47], "names": ["A", "B", "C", "D"]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["balances"] == [13, 1, -7, -7]
    assert {"from": "B", "to": "A", "amount": 3} in body["payments"]
    r = post(client, "settle", {"scores": [1]})
    assert r.status_code == 422 and r.get_json()["field"] == "scores"
    r = post(client, "settle", {"scores": [1, 2], "names": ["A"]})
    assert r.status_code == 422 and r.get_json()["field"] == "names"
