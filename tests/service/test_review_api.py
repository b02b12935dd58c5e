"""``POST /v1/<game>/review`` and the ``/review`` page (service/review.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from advisor.registry import GAMES, game
from service import create_app

ROOT = Path(__file__).resolve().parents[2]


def _record(name: str, seed: int = 1) -> dict[str, Any]:
    spec = game(name)
    n = spec.players[0]
    g = spec.deal(n, seed)
    spec.play(g, [spec.make_bot("greedy", seed=i) for i in range(n)])
    rec: dict[str, Any] = g.to_record()
    return rec


@pytest.fixture
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_a_review_answers_the_json(client: Any, name: str) -> None:
    rec = _record(name)
    r = client.post(f"/v1/{name}/review?seat=0&budget_ms=5&seed=2", json=rec)
    assert r.status_code == 200, r.get_json()
    out = r.get_json()
    assert out["game"] == name and out["seats"] == [0] and out["budget_ms"] == 5
    assert out["complete"] and set(out["summary"]) == {"0"}
    assert all(d["seat"] == 0 for d in out["decisions"])


def test_bad_records_and_limits(client: Any) -> None:
    rec = _record("chan")
    r = client.post("/v1/khanhoo/review", json=rec)
    assert r.status_code == 422 and "chan record" in r.get_json()["detail"]
    bad = dict(rec, moves=[*rec["moves"][:1], {"seat": rec["moves"][1]["seat"], "do": "eat",
                                               "with": "zz"}])
    r = client.post("/v1/chan/review", json=bad)
    assert r.status_code == 422 and r.get_json()["detail"].startswith("move 2")
    r = client.post("/v1/chan/review?seat=6", json=rec)
    assert r.status_code == 422 and r.get_json()["field"] == "seat"
    small = create_app({"TESTING": True, "MAX_REVIEW_MS": 30.0}).test_client()
    r = small.post("/v1/chan/review?budget_ms=20", json=rec)
    assert r.status_code == 413 and "decisions" in r.get_json()["detail"]


def test_the_exact_figures_stop_at_the_servers_limit() -> None:
    # A whole 2-player Ming deal takes the exact solver seconds (a million states); no
    # time for it (the clock is read every 256 states) stops it at the first decision, and
    # the answer is still the review, with a note saying where the figures stop.
    rec = json.loads((ROOT / "examples" / "ming_deal.json").read_text())
    quick = create_app({"TESTING": True, "EXACT_REVIEW_S": 0.0}).test_client()
    r = quick.post("/v1/ming/review?exact=true&budget_ms=0.001", json=rec)
    assert r.status_code == 200, r.get_json()
    out = r.get_json()
    assert out["exact"] == {"margins": [], "errors": {"0": 0, "1": 0}}
    assert not any("exact" in d for d in out["decisions"])
    assert any(n.startswith("the exact figures stop at move 1: the exact search ran out of "
                            "time") for n in out["notes"]), out["notes"]


def test_a_busy_server_says_when_to_retry() -> None:
    app = create_app({"TESTING": True, "ADVICE_SLOTS": 1, "ADVICE_QUEUE": 0})
    from service.gate import gate_of
    gate = gate_of(app)
    assert gate.enter(0.0)  # another request computing
    try:
        r = app.test_client().post("/v1/chan/review?budget_ms=5", json=_record("chan"))
        assert r.status_code == 503 and r.headers["Retry-After"]
    finally:
        gate.leave()


def test_the_openapi_document_describes_it(client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    for g in GAMES:
        op = spec["paths"][f"/v1/{g.name}/review"]["post"]
        assert {p["name"] for p in op["parameters"]} >= {"seat", "budget_ms", "seed"}
        assert {"200", "413", "422", "503"} <= set(op["responses"])


def test_the_review_page(client: Any) -> None:
    assert b"<form" in client.get("/review").data
    rec = _record("qing")
    rec["players"] = ["<i>me</i>", "greedy"]
    r = client.post("/review", data={"seat": "1", "record": (
        io.BytesIO(json.dumps(rec).encode()), "deal.json")},
        content_type="multipart/form-data")
    assert r.status_code == 200
    page = r.data.decode()
    assert "<svg" in page and "&lt;i&gt;me&lt;/i&gt;" in page and "<i>me</i>" not in page
    r = client.post("/review", data={"record": (io.BytesIO(b"{nope"), "x.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422
