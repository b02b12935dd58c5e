"""The service's limits: the advice gate (503 + Retry-After when saturated or past the
deadline), query parameters checked and capped, the environment's config, and no
endpoint that can start a process.

The gate tests are deterministic: a fake advisor holds its slot until an event is set,
and the deadline tests use a fake clock; nothing here depends on how fast the machine is.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

import advisor.chan.faces
import service.gate
import service.generated
from advisor.chan.advice import DEFAULT_BUDGET_MS, advise
from service import DEFAULTS, create_app
from service.gate import Gate, gate_of
from service.openapi import spec_of
from service.wsgi import env_config

PROBLEM = "application/problem+json"
ROOT = Path(__file__).resolve().parents[2]
VIEW = json.loads((ROOT / "examples" / "view.json").read_text())
SHEET = {"hand": "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v",
         "winning_card": "8m", "win_by": "own_door"}


def problem(resp: TestResponse, status: int, kind: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    body: dict[str, Any] = resp.get_json(force=True)
    assert body["type"] == f"/problems/{kind}" and body["status"] == status
    return body


# --- the gate itself ------------------------------------------------------------------


def test_gate_admits_up_to_its_slots() -> None:
    gate = Gate(slots=2, queue=0)
    assert gate.enter(0) and gate.enter(0)
    assert not gate.enter(0)
    assert gate.running == 2
    gate.leave()
    assert gate.enter(0)


def test_gate_refuses_at_once_when_the_queue_is_full() -> None:
    gate = Gate(slots=1, queue=0)
    assert gate.enter(0)
    started = time.monotonic()
    assert not gate.enter(60.0)  # no queue: not even a wait
    assert time.monotonic() - started < 30  # (it did not wait the 60 s)


def test_a_waiter_gets_the_slot_that_frees() -> None:
    gate = Gate(slots=1, queue=1)
    assert gate.enter(0)
    got: list[bool] = []
    waiter = threading.Thread(target=lambda: got.append(gate.enter(60.0)))
    waiter.start()
    _until(lambda: gate.waiting == 1)
    assert not gate.enter(0)  # the queue (one) is full
    gate.leave()
    waiter.join(60)
    assert got == [True] and gate.running == 1 and gate.waiting == 0


def test_a_waiter_gives_up_after_its_timeout() -> None:
    gate = Gate(slots=1, queue=1)
    assert gate.enter(0)
    assert not gate.enter(0.01)  # the slot is never freed
    assert gate.waiting == 0 and gate.running == 1


def test_gate_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="slots"):
        Gate(slots=0, queue=1)


# --- the gate in front of /v1/chan/advice ---------------------------------------------


class HeldAdvisor:
    """A fake ``advise`` that holds its slot until released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls: list[dict[str, Any]] = []

    def __call__(self, view: dict[str, Any], legal: Any = None, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        assert self.release.wait(60), "the test never released the advisor"
        return advise(view, legal, samples=2)


@pytest.fixture()
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldAdvisor]:
    fake = HeldAdvisor()
    monkeypatch.setattr(advisor.chan.faces, "advise", fake)
    yield fake
    fake.release.set()


def _until(condition: Any) -> None:
    """Wait (boundedly) for another thread to reach a state; not a timing assertion."""
    for _ in range(6000):
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the other thread never got there")


def _in_thread(app: Flask, path: str, body: Any) -> tuple[threading.Thread, list[TestResponse]]:
    out: list[TestResponse] = []
    t = threading.Thread(target=lambda: out.append(app.test_client().post(path, json=body)))
    t.start()
    return t, out


def gated_app(**config: Any) -> Flask:
    return create_app({"TESTING": True, "ADVICE_SLOTS": 1, "ADVICE_QUEUE": 0,
                       "ADVICE_QUEUE_WAIT_S": 0.0, **config})


def test_saturated_worker_answers_503_with_retry_after(held: HeldAdvisor) -> None:
    app = gated_app(RETRY_AFTER_S=3)
    first, answers = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).running == 1 and held.calls)
    client = app.test_client()
    resp = client.post("/v1/chan/advice", json=VIEW)
    body = problem(resp, 503, "busy")
    assert resp.headers["Retry-After"] == "3"
    assert "retry" in body["detail"]
    # The fast endpoints keep answering while the advice slot is taken.
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.post("/v1/chan/score", json=SHEET).status_code == 200
    assert client.get("/v1/meta").status_code == 200
    held.release.set()
    first.join(60)
    assert answers[0].status_code == 200
    assert gate_of(app).running == 0
    assert app.test_client().post("/v1/chan/advice?samples=2", json=VIEW).status_code == 200


def test_khanhoo_advice_shares_the_gate(held: HeldAdvisor) -> None:
    app = gated_app()
    first, _ = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).running == 1 and held.calls)
    resp = app.test_client().post("/v1/khanhoo/advice", json={"hand": "Ah 2c 3d"})
    problem(resp, 503, "busy")
    assert "Retry-After" in resp.headers
    held.release.set()
    first.join(60)


def test_a_queued_request_is_served_when_the_slot_frees(held: HeldAdvisor) -> None:
    app = gated_app(ADVICE_QUEUE=1, ADVICE_QUEUE_WAIT_S=60.0)
    first, a = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).running == 1)
    second, b = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).waiting == 1)
    problem(app.test_client().post("/v1/chan/advice", json=VIEW), 503, "busy")  # queue full
    held.release.set()
    first.join(60)
    second.join(60)
    assert [a[0].status_code, b[0].status_code] == [200, 200]
    assert len(held.calls) == 2


def test_a_queued_request_gives_up_after_the_wait(held: HeldAdvisor) -> None:
    app = gated_app(ADVICE_QUEUE=1, ADVICE_QUEUE_WAIT_S=0.01)
    first, _ = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).running == 1)
    problem(app.test_client().post("/v1/chan/advice", json=VIEW), 503, "busy")
    held.release.set()
    first.join(60)


def test_bad_requests_never_wait_for_a_slot(held: HeldAdvisor) -> None:
    app = gated_app(ADVICE_QUEUE=1, ADVICE_QUEUE_WAIT_S=60.0)
    first, _ = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).running == 1)
    client = app.test_client()
    # Checked before the gate: answered at once while the slot is taken.
    problem(client.post("/v1/chan/advice", json={**VIEW, "bogus": 1}), 422, "validation")
    problem(client.post("/v1/chan/advice?budget=5", json=VIEW), 422, "validation")
    problem(client.post("/v1/chan/advice", json=[VIEW] * 11), 413, "batch-too-large")
    assert gate_of(app).waiting == 0
    held.release.set()
    first.join(60)


def test_a_saturated_worker_refuses_before_reading_the_body(held: HeldAdvisor) -> None:
    app = gated_app()  # one slot, no queue
    first, _ = _in_thread(app, "/v1/chan/advice", VIEW)
    _until(lambda: gate_of(app).running == 1)
    resp = app.test_client().post("/v1/chan/advice?budget=x", data="{not json",
                                  content_type="application/json")
    problem(resp, 503, "busy")
    held.release.set()
    first.join(60)


def test_the_slot_is_given_back_after_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    app = gated_app()
    client = app.test_client()
    bad = {**VIEW, "hand": ["zz"]}  # passes the schema, rejected by the library
    problem(client.post("/v1/chan/advice?samples=2", json=[VIEW, bad]), 422, "unknown-card")
    assert gate_of(app).running == 0

    def broken(view: Any, legal: Any = None, **kwargs: Any) -> Any:
        raise RuntimeError("bug")

    monkeypatch.setattr(advisor.chan.faces, "advise", broken)
    problem(client.post("/v1/chan/advice", json=VIEW), 500, "internal-error")
    assert gate_of(app).running == 0


class FakeClock:
    """``time.monotonic`` for the gate and the advice view; the fake advisor moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture()
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(service.gate, "monotonic", fake.monotonic)
    monkeypatch.setattr(service.generated, "monotonic", fake.monotonic)
    return fake


def test_a_request_that_would_pass_its_deadline_is_503(clock: FakeClock) -> None:
    # Each VIEW's playouts need their budget, 0.2 s; the deadline is 0.05 s.
    app = gated_app(ADVICE_DEADLINE_S=0.05, MAX_ADVICE_BUDGET_MS=200.0, RETRY_AFTER_S=2)
    resp = app.test_client().post("/v1/chan/advice?budget_ms=200&samples=50", json=VIEW)
    body = problem(resp, 503, "deadline")
    assert resp.headers["Retry-After"] == "2"
    assert "0.05 s" in body["detail"]
    assert gate_of(app).running == 0


def test_a_batch_stops_before_the_view_that_would_pass_the_deadline(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, float]] = []

    def slow(view: dict[str, Any], legal: Any = None, **kwargs: Any) -> Any:
        seen.append((kwargs["samples"], kwargs["limit_ms"]))
        clock.now += 3.0  # every VIEW takes 3 s
        return advise(view, legal, samples=2)

    monkeypatch.setattr(advisor.chan.faces, "advise", slow)
    app = gated_app(ADVICE_DEADLINE_S=10.0)
    # With samples the first VIEW's time is unknown; then each is expected to take as
    # long as the slowest so far: 3 s at t=0, 3 and 6 fit in 10 s, the fourth would not.
    resp = app.test_client().post("/v1/chan/advice?samples=7", json=[VIEW] * 5)
    problem(resp, 503, "deadline")
    # Each VIEW is told the time left: none can run past the deadline.
    assert seen == [(7, 10_000.0), (7, 7_000.0), (7, 4_000.0)]


def test_even_the_first_view_stops_sampling_at_the_deadline() -> None:
    # The real advisor, asked for far more worlds than 0.3 s allows.
    app = gated_app(ADVICE_DEADLINE_S=0.3, MAX_ADVICE_SAMPLES=10**6)
    resp = app.test_client().post(f"/v1/chan/advice?samples={10**6}", json=VIEW)
    assert resp.status_code == 200, resp.get_json()
    advice = resp.get_json()
    worlds = advice["work"]["done"]
    assert advice["method"] == "model+playouts" and 0 < worlds < advice["work"]["asked"] == 10**6
    assert advice["actions"][0]["sampled"]["worlds"] == worlds
    assert any("time limit" in note for note in advice["notes"])


# --- query parameters -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "field"),
    [("budget_ms=nan", "budget_ms"), ("budget_ms=inf", "budget_ms"), ("budget_ms=0", "budget_ms"),
     ("samples=2.5", "samples"), ("seed=1e3", "seed"), ("sample=3", "sample")],
)
def test_bad_or_unknown_query_parameters_are_422(query: str, field: str) -> None:
    resp = create_app({"TESTING": True}).test_client().post(f"/v1/chan/advice?{query}", json=VIEW)
    body = problem(resp, 422, "validation")
    assert body["field"] == field and field in body["errors"]


def test_samples_and_budget_are_capped_by_the_server(held: HeldAdvisor) -> None:
    held.release.set()
    client = create_app({"TESTING": True, "MAX_ADVICE_SAMPLES": 6,
                         "MAX_ADVICE_BUDGET_MS": 30.0}).test_client()
    assert client.post("/v1/chan/advice?samples=100000&budget_ms=1e9&seed=-4",
                       json=VIEW).status_code == 200
    assert 0 < held.calls[-1].pop("limit_ms") <= DEFAULTS["ADVICE_DEADLINE_S"] * 1000
    assert held.calls[-1] == {"budget_ms": 30.0, "samples": 6, "seed": -4, "search": False}
    assert client.post("/v1/chan/advice", json=VIEW).status_code == 200
    assert 0 < held.calls[-1].pop("limit_ms") <= DEFAULTS["ADVICE_DEADLINE_S"] * 1000
    assert held.calls[-1] == {"budget_ms": min(DEFAULT_BUDGET_MS, 30.0), "samples": None,
                              "seed": 0, "search": False}
    # the search spends the budget, capped alike
    assert client.post("/v1/chan/advice?search=true&budget_ms=1e9",
                       json=VIEW).status_code == 200
    assert 0 < held.calls[-1].pop("limit_ms") <= DEFAULTS["ADVICE_DEADLINE_S"] * 1000
    assert held.calls[-1] == {"budget_ms": 30.0, "samples": None, "seed": 0, "search": True}


def test_advice_default_limits() -> None:
    assert DEFAULTS["MAX_ADVICE_BUDGET_MS"] * DEFAULTS["MAX_ADVICE_BATCH"] / 1000 \
        + DEFAULTS["ADVICE_QUEUE_WAIT_S"] <= DEFAULTS["ADVICE_DEADLINE_S"]
    assert DEFAULTS["ADVICE_SLOTS"] == 1


# --- configuration from the environment -----------------------------------------------


def test_env_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_MAX_BATCH", "5")
    monkeypatch.setenv("ADVISOR_ADVICE_DEADLINE_S", "2.5")
    config = env_config()
    assert config["MAX_BATCH"] == 5 and config["ADVICE_DEADLINE_S"] == 2.5
    app = create_app(config)
    assert app.config["MAX_BATCH"] == 5
    assert app.test_client().get("/v1/meta").get_json()["limits"]["max_batch"] == 5


# --- no endpoint starts a process -----------------------------------------------------


POOL = "pool.py"
"""The one module that starts processes: the worker's pool (service/pool.py), Python
processes of its own that compute the library's verbs; never a command."""


def test_no_service_module_can_start_a_process() -> None:
    """exec: bots exist only in the CLI: nothing in service/ imports what runs them, and
    only the pool starts processes (its own, through multiprocessing)."""
    for path in sorted((ROOT / "service").glob("*.py")):
        banned = {"subprocess", "pty", "advisor.botpipe", "advisor.chan.bots"}
        if path.name != POOL:
            banned.add("multiprocessing")
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {node.module or ""}
            else:
                continue
            assert not names & banned, f"{path.name} imports {names & banned}"
        text = path.read_text()
        for call in ("os.system", "os.popen", "os.exec", "os.spawn", "os.fork", "bot_from_spec"):
            assert call not in text, f"{path.name} uses {call}"


def test_no_request_starts_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a request tried to start a process")

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    for name in ("system", "popen", "fork", "posix_spawn", "posix_spawnp", "execv", "execvp"):
        if hasattr(os, name):
            monkeypatch.setattr(os, name, refuse)
    app = create_app({"TESTING": True, "MAX_ADVICE_BUDGET_MS": 5.0,
                      "KHANHOO_ADVICE_SECONDS": 0.05})
    client = app.test_client()
    created: dict[str, str] = {}  # the id a POST answered 201 with, by its path
    for path, item in spec_of(app)["paths"].items():
        for method, op in item.items():
            example = op.get("requestBody", {}).get("content", {}).get(
                "application/json", {}).get("example")
            # A path parameter names a resource made by an earlier request (/v1/play/{table}).
            prefix, param, _ = path.partition("/{")
            url = re.sub(r"\{\w+\}", created[prefix], path, count=1) if param else path
            resp = client.open(url, method=method.upper(), json=example)
            success = [s for s in op["responses"] if s.startswith("2")]
            if url == path:  # the example itself must succeed
                assert str(resp.status_code) in success, (path, resp.get_data(as_text=True))
            else:  # the example may not fit the resource's state: any answer but a 5xx
                assert resp.status_code < 500, (path, resp.get_data(as_text=True))
            if resp.status_code == 201:
                created[path] = resp.get_json()["id"]
    bot_view = {**VIEW, "rules": "exec:python3 -c 'print(1)'"}
    problem(client.post("/v1/chan/advice", json=bot_view), 422, "invalid-position")


def test_meta_lists_khanhoo_rules_and_options() -> None:
    meta = create_app({"TESTING": True}).test_client().get("/v1/meta").get_json()
    games = {g["name"]: g for g in meta["games"]}
    assert {r["name"] for r in games["khanhoo"]["rules"]} == {"2-set", "3-set"}
    assert "trio" in games["khanhoo"]["rules"][0]["options"]
