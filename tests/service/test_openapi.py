"""The OpenAPI document, the API page, ``/v1/meta`` — and schemathesis, which fuzzes every
documented operation through WSGI (no server) and checks that no answer is a 5xx and
every answer matches the document: status, media type, headers and body schema.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from marshmallow import Schema
from schemathesis.config import SchemathesisConfig

from advisor import __version__
from advisor.chan.advice import advise
from advisor.chan.analysis import analyze
from advisor.chan.endpoints import AdviceSchema, AnalysisSchema, NoWinScoreSchema, WinScoreSchema
from advisor.chan.position import Position
from advisor.chan.scoring import score
from advisor.khanhoo import advice as khanhoo_advice
from advisor.khanhoo import analysis as khanhoo_analysis
from advisor.khanhoo import scoring as khanhoo_scoring
from advisor.khanhoo.endpoints import (
    KhanhooAdviceSchema,
    KhanhooAnalysisSchema,
    KhanhooNotOutScoreSchema,
    KhanhooOutScoreSchema,
    KhanhooSettlementSchema,
)
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Game
from advisor.khanhoo.position import Position as KhanhooPosition
from advisor.registry import GAMES
from service import create_app
from service.schemas import MetaSchema, ProblemSchema
from tests.strategies import budget

ROOT = Path(__file__).resolve().parents[2]
VIEW = json.loads((ROOT / "examples" / "view.json").read_text())
HAND = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    spec: dict[str, Any] = create_app().test_client().get("/openapi.json").get_json()
    return spec


def test_document_lists_every_operation(spec: dict[str, Any]) -> None:
    assert spec["openapi"] == "3.1.0"
    assert spec["info"]["version"] == __version__
    assert {p: sorted(ops) for p, ops in spec["paths"].items()}.items() >= {
        "/healthz": ["get"], "/v1/meta": ["get"], "/v1/chan/score": ["post"],
        "/v1/chan/analyze": ["post"], "/v1/chan/advice": ["post"],
        "/v1/khanhoo/score": ["post"], "/v1/khanhoo/analyze": ["post"],
        "/v1/khanhoo/advice": ["post"], "/v1/khanhoo/settle": ["post"]}.items()


def test_requests_and_answers_have_schemas(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    assert {"Position", "View", "WinScore", "NoWinScore", "Analysis", "Advice", "Problem",
            "Meta"} <= set(schemas)
    assert schemas["Position"]["additionalProperties"] is False  # unknown fields are 422
    assert schemas["Position"]["required"] == ["hand"]
    score_op = spec["paths"]["/v1/chan/score"]["post"]
    body = score_op["requestBody"]["content"]["application/json"]["schema"]
    assert body["oneOf"][0] == {"$ref": "#/components/schemas/Position"}
    assert body["oneOf"][1]["maxItems"] == 1000
    assert set(score_op["responses"]) == {"200", "400", "413", "415", "422", "default"}
    advice_op = spec["paths"]["/v1/chan/advice"]["post"]
    assert [p["name"] for p in advice_op["parameters"]] == ["budget_ms", "samples", "seed",
                                                             "search"]
    assert advice_op["responses"]["503"]["headers"]["Retry-After"]["required"] is True
    for op in (score_op, advice_op):
        for status, answer in op["responses"].items():
            media = "application/json" if status == "200" else "application/problem+json"
            assert list(answer["content"]) == [media]


def test_khanhoo_operations_have_their_schemas(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    assert {"KhanhooPosition", "KhanhooAdvicePosition", "KhanhooRecord", "KhanhooSettle",
            "KhanhooOutScore", "KhanhooNotOutScore", "KhanhooAnalysis", "KhanhooAdvice",
            "KhanhooSettlement"} <= set(schemas)
    # Chắn's schemas keep their names: the Khanhoo ones do not take them over.
    assert "hand" in schemas["Position"]["properties"] and "View" in schemas
    position = schemas["KhanhooPosition"]
    assert position["additionalProperties"] is False and position["required"] == ["hand"]
    assert sorted(position["properties"]["options"]["properties"]) == [
        "bump_sequences", "must_go_out", "split_sequences", "trio", "variation_keeps_doubles"]
    paths = spec["paths"]

    def body(path: str) -> Any:
        return paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]

    def answer(path: str) -> Any:
        return paths[path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]

    ref = "#/components/schemas/"
    assert body("/v1/khanhoo/score")["oneOf"][0] == {"$ref": ref + "KhanhooPosition"}
    assert answer("/v1/khanhoo/score")["oneOf"][0] == {"oneOf": [
        {"$ref": ref + "KhanhooOutScore"}, {"$ref": ref + "KhanhooNotOutScore"}]}
    assert body("/v1/khanhoo/advice")["oneOf"][0] == {"oneOf": [
        {"$ref": ref + "KhanhooAdvicePosition"}, {"$ref": ref + "KhanhooRecord"},
        {"$ref": ref + "SeatView"}]}
    assert body("/v1/khanhoo/advice")["oneOf"][1]["maxItems"] == 10  # MAX_ADVICE_BATCH
    assert answer("/v1/khanhoo/settle")["oneOf"][0] == {"$ref": ref + "KhanhooSettlement"}
    advice_op = paths["/v1/khanhoo/advice"]["post"]
    assert advice_op["responses"]["503"]["headers"]["Retry-After"]["required"] is True
    for path in ("score", "analyze", "advice", "settle"):
        op = paths[f"/v1/khanhoo/{path}"]["post"]
        assert op["tags"] == ["khanhoo"] and "example" in op["requestBody"]["content"][
            "application/json"]
        assert {"200", "400", "413", "415", "422"} <= set(op["responses"])


def test_document_follows_the_config() -> None:
    app = create_app({"MAX_BATCH": 7, "MAX_ADVICE_BATCH": 2})
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    for path, limit in (("/v1/chan/analyze", 7), ("/v1/chan/advice", 2)):
        body = paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert body["oneOf"][1]["maxItems"] == limit


# --- the answer schemas describe the library's JSON exactly ----------------------------


def _loads(schema: type[Schema], obj: Any) -> None:
    assert schema().validate(obj) == {}, obj


def test_answer_schemas_match_the_library() -> None:
    win = {"hand": HAND, "winning_card": "8m", "win_by": "own_door"}
    _loads(WinScoreSchema, score(Position.from_json(win)).to_json())
    ga = {"rules": "cvv", "options": {"ga": True}, "hand": "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v "
          "7v 7v 2s 2s 3s 3s 4s 4s 5s", "winning_card": "5s", "win_by": "own_door"}
    ga_json = score(Position.from_json(ga)).to_json()
    assert ga_json["ga"] > 0
    _loads(WinScoreSchema, ga_json)
    no_win = {"hand": "2v 3v 4v 5s 6s 7s 8m 9m 2s 3m 4s 5m 6v 7v 8s 9s cc 2m 3s",
              "winning_card": "4m", "win_by": "other_door"}
    _loads(NoWinScoreSchema, score(Position.from_json(no_win)).to_json())
    _loads(AnalysisSchema, analyze(Position.from_json({"hand": HAND})).to_json())
    _loads(AnalysisSchema, analyze(Position.from_json({"hand": HAND + " 8v"})).to_json())
    _loads(AdviceSchema, advise(VIEW, samples=3).to_json())
    client = create_app({"TESTING": True}).test_client()
    _loads(MetaSchema, client.get("/v1/meta").get_json())
    _loads(ProblemSchema, client.post("/v1/khanhoo/score", json={"hand": "5s"}).get_json())
    _loads(ProblemSchema, client.post("/v1/chan/score", json={"hand": 5, "x": 1}).get_json())


def test_khanhoo_answer_schemas_match_the_library() -> None:
    def pos(**obj: Any) -> KhanhooPosition:
        return KhanhooPosition.from_json(obj)

    best = "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d"
    waiting = "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"
    out16 = khanhoo_scoring.score(pos(hand=best + " Ks 9h Jk 4c")).to_json()
    assert out16["discard"] == "4c" and out16["combinations"][-1]["jokers_as"] == ["9h"]
    _loads(KhanhooOutScoreSchema, out16)
    laid = pos(hand=best, melds=["Ks 9h Jk"])
    out15 = khanhoo_scoring.score(laid).to_json()
    assert out15["discard"] is None and out15["combinations"][0]["laid"] is True
    _loads(KhanhooOutScoreSchema, out15)
    _loads(KhanhooNotOutScoreSchema, khanhoo_scoring.score(pos(hand=waiting)).to_json())
    for p in (laid, pos(hand=waiting), pos(hand=waiting + " 5c"),
              pos(sets=3, jokers=2, options={"trio": True}, hand=waiting + " 5c")):
        _loads(KhanhooAnalysisSchema, khanhoo_analysis.analyze(p).to_json())
    quick = khanhoo_advice.Budget(ms=200, rollouts=1)
    for request in ({"hand": waiting + " 5c"},
                    {"hand": waiting, "offer": "2c", "from": "left", "players": 3},
                    {"hand": waiting, "offer": "4c", "from": "other", "players": 4}):
        _loads(KhanhooAdviceSchema,
               khanhoo_advice.advise(*KHANHOO.read(request), quick).to_json())
    g = Game.from_deal(3, seed=5)
    g.act(g.leader, next(a for a in g.legal_actions() if a.do == "discard"))
    _loads(KhanhooAdviceSchema,
           khanhoo_advice.advise(*KHANHOO.read(g.to_record()), quick).to_json())
    _loads(KhanhooSettlementSchema,
           khanhoo_scoring.Settlement.of([52, 49, 47, 47], list("ABCD")).to_json())


def test_meta_describes_the_server() -> None:
    app = create_app({"MAX_ADVICE_BUDGET_MS": 10.0, "ADVICE_SLOTS": 2,
                      "KHANHOO_ADVICE_SECONDS": 0.2, "MAX_REVIEW_MS": 1234.0})
    meta = app.test_client().get("/v1/meta").get_json()
    assert (meta["name"], meta["version"]) == ("chan-advisor", __version__)
    chan = next(g for g in meta["games"] if g["name"] == "chan")
    assert chan["endpoints"] == ["/v1/chan/advice", "/v1/chan/analyze", "/v1/chan/review",
                                 "/v1/chan/score"]
    assert [r["name"] for r in chan["rules"]] == ["house", "cvv"]
    assert chan["rules"][1]["options"] == {"ga": False}
    limits = meta["limits"]
    assert limits["max_body_bytes"] == 256 * 1024 and limits["max_batch"] == 1000
    assert limits["max_advice_budget_ms"] == 10.0 and limits["advice_slots"] == 2
    assert limits["default_advice_budget_ms"] == 10.0  # the default is capped too
    assert limits["khanhoo_advice_seconds"] == 0.2  # the older key, still honoured
    assert limits["khanhoo_advice_ms"] == 200.0  # every budget in milliseconds
    assert limits["max_review_ms"] == 1234.0  # the review's whole budget (413 past it)
    assert create_app({}).test_client().get("/v1/meta").get_json()["limits"][
        "max_review_ms"] == 8000.0
    app = create_app({"KHANHOO_ADVICE_MS": 50.0})
    limits = app.test_client().get("/v1/meta").get_json()["limits"]
    assert (limits["khanhoo_advice_ms"], limits["khanhoo_advice_seconds"]) == (50.0, 0.05)


# --- the API page ---------------------------------------------------------------------


def test_docs_page_is_self_contained_html(spec: dict[str, Any]) -> None:
    resp = create_app().test_client().get("/docs")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    page = resp.get_data(as_text=True)
    for path in spec["paths"]:
        assert f"<code>{path}</code>" in page
    for name in spec["components"]["schemas"]:
        assert f'id="schema-{name}"' in page
    assert "budget_ms" in page and "Retry-After" in page
    assert "&#34;winning_card&#34;: &#34;8m&#34;" in page  # the example body, escaped
    # No script and nothing fetched from elsewhere: it works offline.
    assert "<script" not in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    # Every in-page link has its target.
    targets = set(re.findall(r'id="([^"]+)"', page))
    assert set(re.findall(r'href="#([^"]+)"', page)) <= targets
    # No markdown left raw (`code` is <code>), and a way back to the game.
    assert "`" not in page
    assert 'href="/play"' in page and 'href="/analyze"' in page


# --- schemathesis ---------------------------------------------------------------------

# Small advice budgets so that the fuzzer's valid VIEWs and Khanhoo positions are quick;
# the gate is left as configured (requests come one at a time, so it never turns one away).
# And no time for an exact review: a Ming review with ?exact=true stops its exact search
# at once (the exact figures stop, and a note says where) instead of solving the deal for
# seconds (a limit in states checked, not a deadline a busy machine could reach first).
_APP = create_app({"TESTING": True, "MAX_ADVICE_BUDGET_MS": 2.0, "MAX_ADVICE_SAMPLES": 3,
                   "KHANHOO_ADVICE_SECONDS": 0.01, "EXACT_REVIEW_S": 0.0})
_CONFIG = SchemathesisConfig.from_dict({
    "checks": {
        # A body can match the schema and still be refused by the library (an unknown
        # card, 21 cards): 422 for "positive" data is correct here.
        "positive_data_acceptance": {"enabled": False},
        # Schema-violating data must be refused: 413 for a batch over maxItems; a path
        # naming no game (`/v1/play/{name}`: one of the games) is a URL that does not
        # exist, refused as such (404, or 405 where another route has that shape).
        "negative_data_rejection": {"expected-statuses": [400, 404, 405, 413, 415, 422]},
    },
})
schema = schemathesis.openapi.from_wsgi("/openapi.json", _APP, config=_CONFIG)


@schema.parametrize()
# The profile's examples per operation (100 in make test; HYPOTHESIS_PROFILE=thorough: 2,000).
@settings(max_examples=budget(1), suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_document(case: schemathesis.Case) -> None:
    case.call_and_validate()


def test_the_description_names_every_registered_game(spec: dict[str, Any]) -> None:
    text = spec["info"]["description"]
    assert all(g.title in text for g in GAMES)
    assert "a browser table for each of them" in text and "a browser game of" not in text
