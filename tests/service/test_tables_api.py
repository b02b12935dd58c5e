"""Every game's table through its JSON API (service/tables.py): whole deals of Khanhoo,
Qing Kanhu and Ming Kanhu played through HTTP, each answer checked against the schemas
the OpenAPI document shows (service/table_schemas.py), the hint with its version, bad
bodies refused naming their field — and Chắn's aliases answering as ``/v1/play…``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from advisor.chan.endpoints import AdviceSchema, TableSchema
from advisor.registry import game
from service import create_app
from service.schemas import ProblemSchema
from service.table_schemas import GameHintSchema, GameTableSchema


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"TESTING": True, "PLAY_DB": str(tmp_path / "play.sqlite3"),
                       "MAX_ADVICE_BUDGET_MS": 5.0}).test_client()


def _problem(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_json()
    assert resp.mimetype == "application/problem+json"
    body: dict[str, Any] = resp.get_json()
    assert ProblemSchema().validate(body) == {}
    return body


@pytest.mark.parametrize(("name", "seed"), [("khanhoo", 4), ("qing", 3), ("ming", 2)])
def test_a_whole_deal_through_http_matches_the_document(client: FlaskClient, name: str,
                                                        seed: int) -> None:
    made = client.post(f"/v1/play/{name}", json={"seed": str(seed)})
    assert made.status_code == 201, made.get_json()
    table = made.get_json()
    assert made.headers["Location"] == f"/v1/play/{name}/{table['id']}"
    hinted = False
    for _ in range(300):
        assert GameTableSchema().validate(table) == {}, GameTableSchema().validate(table)
        if table["over"]:
            break
        assert table["reveal"] is None and table["result"] is None
        if not hinted:
            resp = client.post(f"/v1/play/{name}/{table['id']}/hint",
                               query_string={"version": table["version"]})
            assert resp.status_code == 200, resp.get_json()
            advice = resp.get_json()
            assert GameHintSchema().validate(advice) == {}
            assert AdviceSchema().validate(advice) != {}  # one of the two shapes only
            assert len(advice["actions"]) == len(table["legal"])
            assert all(e["label"] for e in advice["actions"])
            _problem(client.post(f"/v1/play/{name}/{table['id']}/hint",
                                 query_string={"version": table["version"] + 1}), 409)
            hinted = True
        resp = client.post(f"/v1/play/{name}/{table['id']}/action",
                           json={**table["legal"][0]["action"], "version": table["version"]})
        assert resp.status_code == 200, resp.get_json()
        table = resp.get_json()
    assert table["over"] and table["result"] is not None
    assert len(table["result"]["payments"]) == table["players"] == len(table["reveal"])
    record = client.get(f"/v1/play/{name}/{table['id']}/record")
    assert record.status_code == 200
    assert game(name).replay(record.get_json()).valid


def test_bad_bodies_and_queries_name_their_field(client: FlaskClient) -> None:
    for body, field in (({"players": 9}, "players"), ({"players": "3"}, "players"),
                        ({"players": 10**9}, "players"), ({"seed": None}, "seed"),
                        ({"seed": "²"}, "seed"), ({"seed": -1}, "seed"),
                        ({"opponents": ["greedy"]}, "opponents"),
                        ({"opponents": ["exec:x", "greedy"]}, "opponents"),
                        ({"rules": "cvv"}, "rules"), ({"colour": 1}, "colour")):
        assert _problem(client.post("/v1/play/qing", json=body), 422)["field"] == field, body
    table = client.post("/v1/play/qing", json={}).get_json()
    assert table["players"] == 3 and not table["practice"]
    sid = table["id"]
    assert _problem(client.post(f"/v1/play/qing/{sid}/hint", query_string={"samples": 2}),
                    422)["field"] == "samples"
    # Qing's advice offers its search (not with samples, which it does not take)
    hint = client.post(f"/v1/play/qing/{sid}/hint", query_string={"search": "true",
                                                                   "budget_ms": 5})
    assert hint.status_code == 200 and all(e["label"] for e in hint.get_json()["actions"])
    assert hint.get_json()["method"] in ("model+search", "exact", "only")
    assert _problem(client.post(f"/v1/play/qing/{sid}/hint",
                                query_string={"search": "true", "samples": 2}),
                    422)["field"] == "samples"
    ming = client.post("/v1/play/ming", json={}).get_json()["id"]  # Ming's offers none
    assert _problem(client.post(f"/v1/play/ming/{ming}/hint", query_string={"search": "true"}),
                    422)["field"] == "search"
    assert _problem(client.post(f"/v1/play/qing/{sid}/hint", query_string={"version": "x"}),
                    422)["field"] == "version"
    assert _problem(client.post(f"/v1/play/qing/{sid}/action", json={"do": "pass"}),
                    422)["field"] == "version"
    _problem(client.get(f"/v1/play/ming/{sid}"), 404)  # another game's table
    _problem(client.post("/v1/play/chess", json={}), 405)  # no game: no such URL
    _problem(client.get(f"/v1/play/qing/{sid}/record"), 409)  # not over


def test_the_default_games_old_urls_are_aliases_of_its_table(client: FlaskClient) -> None:
    """``/v1/play…`` is ``/v1/play/chan…``: the same tables, answered in the shape its
    clients read (Chắn's ``TableSchema``); ``/v1/play/chan…`` answers as every game."""
    made = client.post("/v1/play/chan", json={"seed": "10", "rules": "cvv"})
    assert made.status_code == 201
    table = made.get_json()
    assert GameTableSchema().validate(table) == {} and table["practice"]
    assert table["players"] == 4 and table["view"]["rules"] == "cvv"
    old = client.get(f"/v1/play/{table['id']}").get_json()
    assert TableSchema().validate(old) == {} and old["rules"] == "cvv"
    assert old["view"] == table["view"] and old["legal"] == [
        e["action"] for e in table["legal"]]
    assert client.post("/v1/play/chan", json={"players": 4}).status_code == 201
    body = _problem(client.post("/v1/play/chan", json={"players": 3}), 422)
    assert body["field"] == "players"
    body = _problem(client.post("/v1/play/chan", json={"rules": "nope"}), 422)
    assert body["field"] == "rules" and "house, cvv" in body["detail"]
    body = _problem(client.post("/v1/play/chan", json={"colour": "red"}), 422)
    assert body["field"] == "colour" and body["errors"] == {"colour": ["Unknown field."]}
    hint = client.post(f"/v1/play/chan/{table['id']}/hint", query_string={"samples": 2})
    assert hint.status_code == 200 and all(e["label"] for e in hint.get_json()["actions"])
    # the search on request (Chắn's advice offers it), labelled alike; not with samples
    hint = client.post(f"/v1/play/chan/{table['id']}/hint",
                       query_string={"search": "true", "budget_ms": 5})
    got = hint.get_json()
    assert hint.status_code == 200 and all(e["label"] for e in got["actions"])
    assert got["ranked_by"] == "expected" and got["method"] in ("model+search", "certain",
                                                                "model")
    assert _problem(client.post(f"/v1/play/chan/{table['id']}/hint",
                                query_string={"search": "true", "samples": 2}),
                    422)["field"] == "search"


def test_the_document_lists_every_game_at_the_table(client: FlaskClient) -> None:
    paths = client.get("/openapi.json").get_json()["paths"]
    for path, method in (("/v1/play/{name}", "post"), ("/v1/play/{name}/{table}", "get"),
                         ("/v1/play/{name}/{table}/action", "post"),
                         ("/v1/play/{name}/{table}/hint", "post"),
                         ("/v1/play/{name}/{table}/record", "get")):
        op = paths[path][method]
        name = next(p for p in op["parameters"] if p.get("name") == "name")
        assert name["schema"] == {"type": "string",
                                  "enum": ["chan", "khanhoo", "ming", "qing"]}, path
        assert op["summary"] and "default" in op["responses"]
    create = paths["/v1/play/{name}"]["post"]
    assert {"201", "422", "429", "503"} <= set(create["responses"])
    answer = create["responses"]["201"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/GameTable"}
    old = paths["/v1/play"]["post"]["responses"]["201"]["content"]["application/json"]
    assert old["schema"] == {"$ref": "#/components/schemas/Table"}
    hint = paths["/v1/play/{name}/{table}/hint"]["post"]
    assert [p["name"] for p in hint["parameters"]] == ["name", "table", "budget_ms", "seed",
                                                      "version", "samples", "search"]
    assert {"409", "429", "503"} <= set(hint["responses"])


def _finish(client: FlaskClient, name: str, seed: int) -> dict[str, Any]:
    """A practice deal of ``name`` played to its end by the first legal action."""
    table: dict[str, Any] = client.post(f"/v1/play/{name}", json={"seed": str(seed)}).get_json()
    for _ in range(300):
        if table["over"]:
            return table
        resp = client.post(f"/v1/play/{name}/{table['id']}/review")
        assert _problem(resp, 409)["title"] == "Deal not over"  # only a finished deal
        first = table["legal"][0]
        resp = client.post(f"/v1/play/{name}/{table['id']}/action",
                           json={**first.get("action", first), "version": table["version"]})
        assert resp.status_code == 200, resp.get_json()
        table = resp.get_json()
    raise AssertionError("the deal does not end")


@pytest.mark.parametrize(("name", "seed"), [("chan", 10), ("qing", 3)])
def test_a_finished_table_is_reviewed_for_the_players_seat(tmp_path: Path, name: str,
                                                            seed: int) -> None:
    app = create_app({"TESTING": True, "PLAY_DB": str(tmp_path / "play.sqlite3"),
                      "MAX_ADVICE_BUDGET_MS": 5.0})
    client = app.test_client()
    table = _finish(client, name, seed)
    resp = client.post(f"/v1/play/{name}/{table['id']}/review")
    assert resp.status_code == 200, resp.get_json()
    got = resp.get_json()
    assert got["seats"] == [0] and got["budget_ms"] == 5.0 and got["complete"]
    assert got["decisions"] and {d["seat"] for d in got["decisions"]} == {0}
    assert got["chart"].startswith("<svg") and got["chart"].rstrip().endswith("</svg>")
    # the same as the review endpoint says of the table's record, seat 0
    rec = client.get(f"/v1/play/{name}/{table['id']}/record").get_json()
    same = client.post(f"/v1/{name}/review", query_string={"seat": 0}, json=rec).get_json()
    assert {k: v for k, v in got.items() if k not in ("ms", "chart")} == \
        {k: v for k, v in same.items() if k != "ms"}
    # past the server's review budget: 413, naming the budget
    app.config["MAX_REVIEW_MS"] = 1.0
    said = _problem(client.post(f"/v1/play/{name}/{table['id']}/review"), 413)
    assert "MAX_REVIEW_MS" not in said["detail"] and "at most 1 ms" in said["detail"]
    _problem(client.post(f"/v1/play/{name}/nosuchtable/review"), 404)
