"""The JSON service over the library: /v1/chan/score, /v1/chan/analyze and every error path.

Successful responses must be exactly the library's JSON; every error must be RFC 9457
problem+json with the right status and members, and no input may produce a 500.
"""

from __future__ import annotations

import io
import json
import logging
import runpy
from pathlib import Path
from typing import Any, NoReturn

import pytest
from flask import Flask, abort
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.exceptions import default_exceptions
from werkzeug.test import TestResponse

from advisor.chan.analysis import analyze
from advisor.chan.position import FIELDS, Position
from advisor.chan.scoring import score
from service import DEFAULTS, create_app

PROBLEM = "application/problem+json"

# The rules sheet's example (§7): Ù chì + one Tôm = 4 + 1 = 5.
SHEET_HAND = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"
SHEET = {"hand": SHEET_HAND, "winning_card": "8m", "win_by": "own_door"}
# 19 cards waiting for an 8 (one unpaired card), and the same with the 20th card drawn.
WAITING = {"hand": SHEET_HAND}
OWING = {"hand": SHEET_HAND + " cc"}
# 20 cards that are not a win: ten Cạ-ish cards, no six Chắn.
NO_WIN = {"hand": "2v 3v 4v 5s 6s 7s 8m 9m 2s 3m 4s 5m 6v 7v 8s 9s cc 2m 3s",
          "winning_card": "4m", "win_by": "other_door"}


@pytest.fixture()
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def post(client: FlaskClient, path: str, body: Any) -> TestResponse:
    return client.post(path, data=json.dumps(body), content_type="application/json")


def problem(resp: TestResponse, status: int, kind: str) -> dict[str, Any]:
    """Assert ``resp`` is a problem+json of this status and type; return its members."""
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    body: dict[str, Any] = json.loads(resp.get_data(as_text=True))
    assert body["type"] == f"/problems/{kind}"
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert "Traceback" not in resp.get_data(as_text=True)
    return body


def ok(resp: TestResponse) -> Any:
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.mimetype == "application/json"
    return json.loads(resp.get_data(as_text=True))


def library_score(obj: dict[str, Any]) -> dict[str, Any]:
    return score(Position.from_json(obj)).to_json()


def library_analyze(obj: dict[str, Any]) -> dict[str, Any]:
    return analyze(Position.from_json(obj)).to_json()


def same_json(got: Any, expected: Any) -> None:
    """Equal, and with the library's key order (the service must not re-sort keys)."""
    assert got == expected
    assert json.dumps(got, ensure_ascii=False) == json.dumps(expected, ensure_ascii=False)


# --- the app ----------------------------------------------------------------------------


def test_healthz(client: FlaskClient) -> None:
    assert ok(client.get("/healthz")) == {"status": "ok"}


def test_config_defaults_and_overrides() -> None:
    app = create_app()
    assert app.config["MAX_CONTENT_LENGTH"] == 256 * 1024 == DEFAULTS["MAX_CONTENT_LENGTH"]
    assert app.config["MAX_BATCH"] == 1000 == DEFAULTS["MAX_BATCH"]
    assert create_app({"MAX_BATCH": 5}).config["MAX_BATCH"] == 5


def test_wsgi_module_exposes_an_app() -> None:
    from service.wsgi import app

    assert isinstance(app, Flask)
    assert {r.rule for r in app.url_map.iter_rules()} >= {
        "/healthz", "/v1/chan/score", "/v1/chan/analyze"}


def test_gunicorn_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    conf = Path(__file__).parents[2] / "service" / "gunicorn.conf.py"
    for name in ("PORT", "BIND", "WEB_CONCURRENCY", "GUNICORN_THREADS"):
        monkeypatch.delenv(name, raising=False)
    default = runpy.run_path(str(conf))
    assert default["bind"] == "0.0.0.0:8000"
    assert default["workers"] == 2
    assert (default["worker_class"], default["threads"]) == ("gthread", 8)
    # Enough threads for the advice gate's slots and queue, and more to answer /healthz.
    assert default["threads"] > DEFAULTS["ADVICE_SLOTS"] + DEFAULTS["ADVICE_QUEUE"]
    assert default["preload_app"] is True
    assert (default["accesslog"], default["errorlog"]) == ("-", "-")
    assert (default["max_requests"], default["max_requests_jitter"]) == (10000, 1000)
    assert default["timeout"] == 30
    monkeypatch.setenv("PORT", "9123")
    monkeypatch.setenv("WEB_CONCURRENCY", "5")
    monkeypatch.setenv("GUNICORN_THREADS", "3")
    custom = runpy.run_path(str(conf))
    assert (custom["bind"], custom["workers"], custom["threads"]) == ("0.0.0.0:9123", 5, 3)
    monkeypatch.setenv("BIND", "127.0.0.1:7000")
    assert runpy.run_path(str(conf))["bind"] == "127.0.0.1:7000"


# --- /v1/chan/score ---------------------------------------------------------------------


def test_score_sheet_example(client: FlaskClient) -> None:
    got = ok(post(client, "/v1/chan/score", SHEET))
    assert got["win"] is True
    assert got["points"] == 5
    assert got["main"] == "tom"
    assert [b["code"] for b in got["bonuses"]] == ["tom", "u_chi"]
    same_json(got, library_score(SHEET))


def test_score_accepts_cards_as_lists(client: FlaskClient) -> None:
    obj = {**SHEET, "hand": SHEET_HAND.split()}
    same_json(ok(post(client, "/v1/chan/score", obj)), library_score(SHEET))


def test_score_response_is_utf8_text(client: FlaskClient) -> None:
    resp = post(client, "/v1/chan/score", SHEET)
    assert "Tôm" in resp.get_data(as_text=True)  # not \u00f4 escapes


def test_score_with_melds_rules_options_and_context(client: FlaskClient) -> None:
    obj = {"rules": "cvv", "hand": "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 8v",
           "melds": ["3v 3s", ["7m", "7m"]], "winning_card": "8m", "win_by": "other_door",
           "options": {"ga": True}, "context": {"won_previous_deal": True, "stock_revealed": 1},
           "dealt_fours": [], "seen": "cc"}
    got = ok(post(client, "/v1/chan/score", obj))
    assert got["win"] is True
    assert {"thong", "dia_u"} <= {b["code"] for b in got["bonuses"]}
    same_json(got, library_score(obj))


def test_score_of_a_hand_that_does_not_win_is_a_result(client: FlaskClient) -> None:
    got = ok(post(client, "/v1/chan/score", NO_WIN))
    assert got["win"] is False
    assert isinstance(got["reason"], str) and got["reason"]
    same_json(got, library_score(NO_WIN))


def test_score_batch_keeps_order(client: FlaskClient) -> None:
    batch = [NO_WIN, SHEET, {**SHEET, "win_by": "other_door"}, NO_WIN]
    got = ok(post(client, "/v1/chan/score", batch))
    assert isinstance(got, list)
    assert [r["win"] for r in got] == [False, True, True, False]
    assert [r.get("points") for r in got] == [None, 5, 4, None]
    same_json(got, [library_score(o) for o in batch])


def test_a_single_position_batch_is_a_list(client: FlaskClient) -> None:
    assert ok(post(client, "/v1/chan/score", [SHEET])) == [library_score(SHEET)]


def test_json_content_type_with_charset(client: FlaskClient) -> None:
    resp = client.post("/v1/chan/score", data=json.dumps(SHEET),
                       content_type="application/json; charset=utf-8")
    assert ok(resp)["points"] == 5


# --- /v1/chan/analyze -------------------------------------------------------------------


def test_analyze_19_cards(client: FlaskClient) -> None:
    got = ok(post(client, "/v1/chan/analyze", WAITING))
    assert got["cards"] == 19
    assert got["distance"] == 1
    assert [w["card"] for w in got["waits"]] == ["8v", "8s", "8m"]
    assert "discards" not in got
    same_json(got, library_analyze(WAITING))


def test_analyze_20_cards_gives_discards(client: FlaskClient) -> None:
    got = ok(post(client, "/v1/chan/analyze", OWING))
    assert got["cards"] == 20
    assert isinstance(got["discards"], list) and got["discards"]
    same_json(got, library_analyze(OWING))


def test_analyze_batch_keeps_order(client: FlaskClient) -> None:
    batch = [OWING, WAITING, SHEET]
    got = ok(post(client, "/v1/chan/analyze", batch))
    assert [r["cards"] for r in got] == [20, 19, 20]
    same_json(got, [library_analyze(o) for o in batch])


# --- errors from the library (422, naming field and token) ------------------------------


@pytest.mark.parametrize("path", ["/v1/chan/score", "/v1/chan/analyze"])
def test_unknown_card_names_the_token(client: FlaskClient, path: str) -> None:
    body = problem(post(client, path, {"hand": "2v 2v zz"}), 422, "unknown-card")
    assert body["field"] == "hand"
    assert body["token"] == "zz"
    assert "zz" in body["detail"]
    assert "index" not in body


def test_fifth_copy_across_hand_and_melds_names_the_field(client: FlaskClient) -> None:
    obj = {"hand": "2v 2v 2v 5s", "melds": ["3s 3s", "2v 2v"]}
    body = problem(post(client, "/v1/chan/analyze", obj), 422, "too-many-copies")
    assert body["field"] == "melds[1]"
    assert body["token"] == "2v"
    assert "fifth copy" in body["detail"]


def test_ambiguous_van(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", {"hand": "tam van"}), 422, "unknown-card")
    assert body["field"] == "hand"
    assert body["token"] == "van"
    assert "vạn" in body["detail"] and "văn" in body["detail"]


def test_invalid_meld(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/analyze", {"hand": "2v", "melds": ["2v 3v"]}), 422,
                   "invalid-meld")
    assert body["field"] == "melds[0]"


def test_unknown_rules_profile(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", {**SHEET, "rules": "tienlen"}), 422,
                   "unknown-rules")
    assert (body["field"], body["token"]) == ("rules", "tienlen")


def test_unknown_option_for_the_profile(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", {**SHEET, "options": {"ga": True}}), 422,
                   "invalid-position")
    assert body["field"] == "options.ga"


def test_wrong_card_count_for_analysis(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/analyze", {"hand": "2v 2v"}), 422, "wrong-card-count")
    assert body["field"] == "hand"


def test_score_needs_a_winning_card(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", WAITING), 422, "invalid-position")
    assert body["field"] == "winning_card"


def test_bad_win_by_names_the_token(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", {**SHEET, "win_by": "luck"}), 422,
                   "invalid-position")
    assert (body["field"], body["token"]) == ("win_by", "luck")


# --- schema validation (422 with "errors") ----------------------------------------------


def test_unknown_field(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", {**SHEET, "colour": "red"}), 422, "validation")
    assert body["field"] == "colour"
    assert body["errors"] == {"colour": ["Unknown field."]}


def test_unknown_context_field(client: FlaskClient) -> None:
    obj = {**SHEET, "context": {"stock_revealed": 3, "dealer": 0}}
    body = problem(post(client, "/v1/chan/score", obj), 422, "validation")
    assert body["errors"] == {"context.dealer": ["Unknown field."]}


def test_missing_hand(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/analyze", {"melds": []}), 422, "validation")
    assert body["field"] == "hand"
    assert list(body["errors"]) == ["hand"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hand": 5}, "hand"),
        ({"hand": ["2v", 3]}, "hand"),
        ({"hand": None}, "hand"),
        ({"melds": "3s 3s"}, "melds"),
        ({"melds": ["3s 3s", 7]}, "melds[1]"),
        ({"winning_card": 8}, "winning_card"),
        ({"win_by": True}, "win_by"),
        ({"rules": ["house"]}, "rules"),
        ({"dealt_fours": {"4m": 4}}, "dealt_fours"),
        ({"seen": 3}, "seen"),
        ({"options": ["ga"]}, "options"),
        ({"options": {"ga": "yes"}}, "options.ga"),
        ({"context": "first deal"}, "context"),
        ({"context": {"stock_revealed": "7"}}, "context.stock_revealed"),
        ({"context": {"stock_revealed": 7.5}}, "context.stock_revealed"),
        ({"context": {"stock_revealed": True}}, "context.stock_revealed"),
        ({"context": {"won_previous_deal": 1}}, "context.won_previous_deal"),
        ({"context": {"won_previous_deal": None}}, "context.won_previous_deal"),
    ],
)
def test_wrong_type_names_the_field(client: FlaskClient, change: dict[str, Any],
                                    field: str) -> None:
    body = problem(post(client, "/v1/chan/score", {**SHEET, **change}), 422, "validation")
    assert body["field"] == field
    assert list(body["errors"]) == [field]
    assert all(isinstance(m, str) for m in body["errors"][field])
    assert field in body["detail"]


def test_every_schema_error_is_listed(client: FlaskClient) -> None:
    obj = {"hand": 5, "melds": ["3s 3s", 7], "extra": 1, "context": {"stock_revealed": "x"}}
    body = problem(post(client, "/v1/chan/score", obj), 422, "validation")
    assert set(body["errors"]) == {"hand", "melds[1]", "extra", "context.stock_revealed"}


def test_nulls_mean_not_given(client: FlaskClient) -> None:
    obj = {**SHEET, "melds": None, "dealt_fours": None, "seen": None, "options": None,
           "context": {"stock_revealed": None}}
    same_json(ok(post(client, "/v1/chan/score", obj)), library_score(SHEET))


# --- the body: JSON, content type, size, batch ------------------------------------------


@pytest.mark.parametrize("data", ["{", '{"hand": "2v",}', "", "{'hand': '2v'}", "[NaN]",
                                  '{"hand": Infinity}', "[" * 100_000, b"\xff\xfe\xfa"])
def test_malformed_json_is_400(client: FlaskClient, data: str | bytes) -> None:
    resp = client.post("/v1/chan/score", data=data, content_type="application/json")
    problem(resp, 400, "invalid-json")


@pytest.mark.parametrize("body", ["2v 2v", 5, None, True])
def test_body_neither_object_nor_list_is_400(client: FlaskClient, body: Any) -> None:
    problem(post(client, "/v1/chan/score", body), 400, "invalid-body")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", None])
def test_non_json_content_type_is_415(client: FlaskClient, content_type: str | None) -> None:
    resp = client.post("/v1/chan/score", data=json.dumps(SHEET), content_type=content_type)
    problem(resp, 415, "unsupported-media-type")
    assert resp.headers["Accept-Post"] == "application/json"


def test_oversize_body_is_413(client: FlaskClient) -> None:
    body = json.dumps({"hand": "2v " * 100_000})  # ~300 KB > 256 KiB
    resp = client.post("/v1/chan/score", data=body, content_type="application/json")
    problem(resp, 413, "body-too-large")


def test_body_limit_is_configurable() -> None:
    client = create_app({"MAX_CONTENT_LENGTH": 100}).test_client()
    problem(post(client, "/v1/chan/score", SHEET), 413, "body-too-large")
    assert post(client, "/v1/chan/score", {"hand": "2v"}).status_code == 422  # small: parsed


@pytest.mark.parametrize(("size", "status"), [(999, 422), (1000, 413), (5000, 413)])
def test_oversize_streamed_body_is_413(size: int, status: int) -> None:
    # A chunked body has no Content-Length; werkzeug cuts it at the limit silently, so the
    # service must not parse the truncated prefix (which here would be valid JSON).
    client = create_app({"MAX_CONTENT_LENGTH": 1000}).test_client()
    body = json.dumps({"hand": "2v"}).ljust(size).encode()
    resp = client.post("/v1/chan/analyze", input_stream=io.BytesIO(body),
                       content_type="application/json", headers={"Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input_terminated": True})
    problem(resp, status, "body-too-large" if status == 413 else "wrong-card-count")


def test_oversize_batch_is_413(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/score", [{"hand": "2v"}] * 1001), 413,
                   "batch-too-large")
    assert "1001" in body["detail"] and "1000" in body["detail"]


def test_batch_limit_is_configurable() -> None:
    client = create_app({"MAX_BATCH": 2}).test_client()
    assert len(ok(post(client, "/v1/chan/score", [SHEET, SHEET]))) == 2
    problem(post(client, "/v1/chan/score", [SHEET] * 3), 413, "batch-too-large")


def test_empty_batch_is_422(client: FlaskClient) -> None:
    problem(post(client, "/v1/chan/score", []), 422, "empty-batch")


def test_batch_library_error_carries_the_index(client: FlaskClient) -> None:
    batch = [SHEET, NO_WIN, {**SHEET, "hand": SHEET_HAND + " zz"}, SHEET]
    body = problem(post(client, "/v1/chan/score", batch), 422, "unknown-card")
    assert body["index"] == 2
    assert (body["field"], body["token"]) == ("hand", "zz")


def test_batch_evaluation_error_carries_the_index(client: FlaskClient) -> None:
    # Parses, but cannot be scored (no winning card): raised by score(), not from_json().
    body = problem(post(client, "/v1/chan/score", [SHEET, WAITING]), 422, "invalid-position")
    assert (body["index"], body["field"]) == (1, "winning_card")


def test_batch_schema_error_carries_the_index(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/analyze", [WAITING, {"hand": 1}]), 422, "validation")
    assert (body["index"], body["field"]) == (1, "hand")


def test_batch_item_that_is_not_an_object(client: FlaskClient) -> None:
    body = problem(post(client, "/v1/chan/analyze", [WAITING, WAITING, "2v 2v"]), 422,
                   "validation")
    assert (body["index"], body["field"]) == (2, "$")


# --- HTTP errors ------------------------------------------------------------------------


def test_404(client: FlaskClient) -> None:
    problem(client.get("/v1/chan/nope"), 404, "not-found")
    problem(post(client, "/v1/tienlen/score", SHEET), 404, "not-found")


@pytest.mark.parametrize("method", ["get", "put", "delete", "patch"])
def test_405(client: FlaskClient, method: str) -> None:
    resp = getattr(client, method)("/v1/chan/score")
    problem(resp, 405, "method-not-allowed")
    assert "POST" in resp.headers["Allow"]


def test_405_on_healthz(client: FlaskClient) -> None:
    problem(post(client, "/healthz", {}), 405, "method-not-allowed")


HTTP_ERRORS = sorted(code for code in default_exceptions if 400 <= code < 600)


@pytest.mark.parametrize("code", HTTP_ERRORS)
def test_every_http_error_is_problem_json(app: Flask, code: int) -> None:
    @app.route("/test-only/abort", methods=["GET"])
    def test_abort() -> NoReturn:
        abort(code)

    resp = app.test_client().get("/test-only/abort")
    assert resp.status_code == code
    assert resp.mimetype == PROBLEM
    body = resp.get_json(force=True)
    assert body["status"] == code
    assert body["type"].startswith("/problems/")
    assert body["title"] and body["detail"]


def test_unexpected_exception_is_500_without_leaking(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(pos: Position) -> Any:
        raise RuntimeError("secret internal state 0xdeadbeef")

    # the score verb's scoring calls it first, looked up when it runs
    monkeypatch.setattr("advisor.chan.scoring._check_complete", broken)
    with caplog.at_level(logging.ERROR):
        resp = post(client, "/v1/chan/score", SHEET)
    body = problem(resp, 500, "internal-error")
    text = resp.get_data(as_text=True)
    assert "deadbeef" not in text and "RuntimeError" not in text
    assert set(body) == {"type", "title", "status", "detail"}
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert logged and logged[0].exc_info is not None
    assert "deadbeef" in caplog.text


# --- no input produces a 500 ------------------------------------------------------------

_FUZZ_APP = create_app({"TESTING": True})
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10)
    | st.sampled_from(["2v", "2v 2v", "cc", "van", "8m", "own_door", "heaven", "cvv", "zz"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=12,
)
_POSITIONS = st.dictionaries(st.sampled_from([*FIELDS, "context", "extra"]), _JSON, max_size=6)


@given(body=_POSITIONS | st.lists(_POSITIONS, max_size=3) | _JSON,
       path=st.sampled_from(["/v1/chan/score", "/v1/chan/analyze"]))
def test_arbitrary_json_never_gives_500(body: Any, path: str) -> None:
    resp = post(_FUZZ_APP.test_client(), path, body)
    assert resp.status_code in (200, 400, 413, 422), resp.get_data(as_text=True)
    if resp.status_code != 200:
        assert resp.mimetype == PROBLEM


# --- doctests (service/ is not in pytest's testpaths: its gunicorn.conf.py is no module) -


@pytest.mark.parametrize(
    "module", ["service", "service.schemas", "service.gate", "service.openapi", "service.apidocs"])
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0
