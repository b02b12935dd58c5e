"""Input an attacker sends, and what the service says back: never a 500, and never an
answer that grows with the request.

* a lone surrogate (``"\\ud800"``) in any JSON string or key, of every endpoint that
  reads JSON and of the page that takes a JSON position in its query: 400 naming where;
* an integer beyond 64 bits: 422 naming the field (no ``OverflowError``, no
  ``set_int_max_str_digits`` in the answer); JSON nested too deeply: 400;
* an unknown field's name repeated cut, never in ``detail``; error lists capped with the
  count of the rest;
* the game's answers and pages are never cached (``Cache-Control: no-store``); gunicorn's
  own errors are problems too, and no answer names the server's software.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from advisor.registry import GAMES
from service import create_app
from service.problems import MAX_ERRORS, MAX_NAME

ROOT = Path(__file__).resolve().parents[2]
HAND = "2v 2v 3v 3s 4m 4m 5v 5s 5m 6s 6s 7v 7m 8v 8v 8s 9m 9m cc 3m"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return create_app({"TESTING": True,
                       "PLAY_DB": str(tmp_path_factory.mktemp("db") / "play.sqlite3")})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _json_endpoints(app: Flask) -> list[str]:
    """Every POST endpoint that reads a JSON body (the play actions on a made-up table; a
    table's hint and review read none: they take the table as it is)."""
    paths = sorted(r.rule for r in app.url_map.iter_rules() if "POST" in (r.methods or ())
                   and r.rule.startswith("/v1/") and not r.rule.endswith("/hint")
                   and not (r.rule.endswith("/review") and "table>" in r.rule))
    out = []
    for p in paths:  # a table's id made up; every game of the tables' URLs
        p = re.sub(r"<(?:table:)?table>", "AAAAAAAAAAAAAAAAAAAAAA", p)
        words = re.search(r"<any\(([^)]*)\):\w+>", p)
        out += ([p[:words.start()] + w + p[words.end():] for w in words[1].split(",")]
                if words else [p])
    return out


def _post(client: FlaskClient, path: str, raw: str) -> Any:
    return client.post(path, data=raw.encode("utf-8"), content_type="application/json")


def _problem(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_data(as_text=True)[:500]
    assert resp.mimetype == "application/problem+json"
    body: dict[str, Any] = json.loads(resp.get_data(as_text=True))
    return body


# --- lone surrogates -------------------------------------------------------------------


@pytest.mark.parametrize("raw", [
    '{"hand": "\\ud800"}', '{"\\udfff": 1}', '{"hand": "2v", "melds": ["\\ud83d"]}',
    '[{"hand": "x\\udc00y"}]', '{"names": ["a", "\\ud800"]}',
    '{"opponents": ["\\ud800", "greedy", "greedy"]}'])
def test_a_lone_surrogate_anywhere_is_400_naming_where(app: Flask, client: FlaskClient,
                                                       raw: str) -> None:
    for path in _json_endpoints(app):
        body = _problem(_post(client, path, raw), 400)
        assert body["type"] == "/problems/invalid-json", path
        assert "surrogate" in body["detail"] and body["field"]


def test_a_lone_surrogate_in_a_query_is_no_500(client: FlaskClient) -> None:
    position = json.dumps({"hand": "\ud800"})  # the JSON escape, as a form would send it
    resp = client.get("/analyze?hand=" + urllib.parse.quote(position))
    assert resp.status_code == 422 and "surrogate" in resp.get_data(as_text=True)
    for query in ("budget_ms=%ED%A0%80", "%ED%A0%80=1", "seed=%80%ff"):
        resp = client.post(f"/v1/chan/advice?{query}", json={})
        assert resp.status_code in (400, 422) and resp.get_json()["type"].startswith("/problems/")
    # the old address of Chắn's page goes on to it
    assert client.get("/play?seed=%ED%A0%80", follow_redirects=True).status_code == 200


def test_an_answer_never_fails_on_a_surrogate_it_carries(app: Flask) -> None:
    with app.app_context():
        text = app.json.dumps({"k\ud800": "v\udfff"})
    assert json.loads(text) == {"k\ud800": "v\udfff"}
    text.encode("utf-8")  # sound UTF-8: the escapes, not the code points


# --- numbers and nesting ------------------------------------------------------------------


@pytest.mark.parametrize(("path", "raw", "field"), [
    ("/v1/ming/advice", '{"scores": [1, ' + "9" * 310 + "]}", "scores[1]"),
    ("/v1/khanhoo/settle", '{"scores": [' + "9" * 4299 + ", 1]}", "scores[0]"),
    ("/v1/chan/score", '{"hand": "2v", "context": {"stock_revealed": -' + "1" * 5000 + "}}",
     "context.stock_revealed"),
    ("/v1/play", '{"seed": 9223372036854775808}', "seed"),
])
def test_an_integer_beyond_64_bits_is_422_naming_the_field(
        client: FlaskClient, path: str, raw: str, field: str) -> None:
    body = _problem(_post(client, path, raw), 422)
    assert body["field"] == field
    assert "set_int_max_str_digits" not in body["detail"] and len(body["detail"]) < 200


def test_a_string_of_numbers_beyond_64_bits_is_422(client: FlaskClient) -> None:
    body = _problem(client.post("/v1/ming/advice", json={"scores": "1," + "9" * 310}), 422)
    assert body["field"] == "scores"


def test_the_largest_64_bit_integers_are_still_read(client: FlaskClient) -> None:
    table = client.post("/v1/play", json={"seed": 2**63 - 1})
    assert table.status_code == 201


@pytest.mark.parametrize("depth", [33, 1300, 40_000])
def test_json_nested_deeply_is_400(client: FlaskClient, depth: int) -> None:
    for raw in ("[" * depth + "]" * depth, '{"hand": ' + "[" * depth + "]" * depth + "}",
                '{"a":' * depth + "1" + "}" * depth):
        body = _problem(_post(client, "/v1/chan/score", raw), 400)
        assert "nested deeper" in body["detail"]
    page = client.get("/analyze", query_string={"hand": '{"a":' * depth + "1" + "}" * depth})
    assert page.status_code == 422 and "nested deeper" in page.get_data(as_text=True)


# --- echoes -----------------------------------------------------------------------------


def test_an_unknown_fields_name_is_cut_and_not_repeated_in_detail(client: FlaskClient) -> None:
    name = "k" * 255_000
    for path, body in (("/v1/chan/score", {"hand": HAND, name: 1}),
                       ("/v1/play", {name: 1}),
                       ("/v1/chan/advice?" + urllib.parse.urlencode({"x" * 3000: 1}), {})):
        resp = client.post(path, json=body)
        problem = _problem(resp, 422)
        assert len(resp.get_data()) < 2000
        assert len(problem["field"]) == MAX_NAME and problem["field"].endswith("…")
        assert list(problem["errors"]) == [problem["field"]]
        assert problem["field"][:-1] not in problem["detail"]


def test_error_lists_are_capped_with_the_count_of_the_rest(client: FlaskClient) -> None:
    resp = client.post("/v1/chan/score", json={"hand": HAND,
                                               **{f"f{i}": 1 for i in range(20_000)}})
    body = _problem(resp, 422)
    assert len(body["errors"]) == MAX_ERRORS and body["more_errors"] == 20_000 - MAX_ERRORS
    assert len(resp.get_data()) < 3000
    assert "more in errors" in body["detail"]
    # a few errors: all of them, no count
    body = _problem(client.post("/v1/chan/score", json={"hand": HAND, "a": 1, "b": 2}), 422)
    assert set(body["errors"]) == {"a", "b"} and "more_errors" not in body


# --- headers ------------------------------------------------------------------------------


def test_the_games_answers_records_and_pages_are_never_cached(client: FlaskClient) -> None:
    made = client.post("/v1/play", json={"seed": 3})
    sid = made.get_json()["id"]
    for resp in (made, client.get(f"/v1/play/{sid}"), client.get(f"/v1/play/{sid}/record"),
                 client.get("/v1/play/nope"), client.get("/play"), client.get("/play/qing"),
                 client.post("/v1/play/qing", json={"seed": "3"}),
                 client.get("/analyze", query_string={"hand": HAND})):
        assert resp.headers["Cache-Control"] == "no-store"


def test_every_game_has_json_endpoints_checked_here(app: Flask) -> None:
    paths = _json_endpoints(app)
    for game in GAMES:
        assert any(p.startswith(f"/v1/{game.name}/") for p in paths), game.name


# --- gunicorn ---------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    home = tmp_path_factory.mktemp("home")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_RUNTIME_DIR", "CONTROL_SOCKET")}
    env.update({"HOME": str(home), "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1",
                "ADVISOR_PLAY_DB": json.dumps(str(home / "play.sqlite3")),
                "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                            os.environ.get("PYTHONPATH")]))})
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "service/gunicorn.conf.py"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                _raw(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                break
            except OSError:
                time.sleep(0.1)
        yield port, home
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _raw(port: int, request: bytes) -> tuple[str, dict[str, str], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
            if b"\r\n\r\n" in data:
                head, _, body = data.partition(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), 0)
                if len(body) >= length:
                    break
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return lines[0], headers, body


def test_no_answer_names_the_servers_software(gunicorn: tuple[int, Path]) -> None:
    port, _ = gunicorn
    status, headers, _ = _raw(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close"
                                    b"\r\n\r\n")
    assert " 200 " in status and "gunicorn" not in headers["server"].lower()


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"GET /healthz?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
     + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n", 431),
])
def test_gunicorns_own_refusals_are_problems_with_the_security_headers(
        gunicorn: tuple[int, Path], request_bytes: bytes, status: int) -> None:
    port, _ = gunicorn
    line, headers, body = _raw(port, request_bytes)
    assert line.startswith(f"HTTP/1.1 {status} ")
    assert headers["content-type"] == "application/problem+json"
    assert headers["x-content-type-options"] == "nosniff" and "server" in headers
    assert "gunicorn" not in headers["server"].lower()
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"].startswith("/problems/")


def test_no_control_socket_is_shared_between_instances(gunicorn: tuple[int, Path]) -> None:
    _, home = gunicorn
    assert not (home / ".gunicorn" / "gunicorn.ctl").exists()


def test_an_api_endpoint_that_reads_no_query_refuses_one(client: FlaskClient) -> None:
    """docs/deploy.md: unknown query parameters are 422 — on every API endpoint, not only
    those that read some; the pages and /healthz take what browsers and balancers add."""
    for method, path, body in (("POST", "/v1/chan/score", {"hand": HAND}),
                               ("POST", "/v1/khanhoo/settle", {}), ("GET", "/v1/meta", None),
                               ("GET", "/v1/play/AAAAAAAAAAAAAAAAAAAAAA", None)):
        resp = client.open(f"{path}?budget_ms=5", method=method, json=body)
        problem = _problem(resp, 422)
        assert problem["field"] == "budget_ms" and problem["type"] == "/problems/validation"
    assert client.get("/healthz?probe=1").status_code == 200
    assert client.get("/play?utm_source=x").status_code == 200
