"""The costly verbs off the request threads (service/pool.py): with a pool, an analysis
batch, an advice and a review are computed in a process of the worker's pool and answer
exactly what the request's thread answers; a full pool answers 503 with ``Retry-After``
(a pool of one process and no queue, held by a blocking job: counted work, no timing);
the library's errors come back whole; gunicorn's app has a pool by default."""

from __future__ import annotations

import json
import multiprocessing
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from advisor.errors import RecordError
from advisor.games.deadline import DeadlineExceeded
from service import create_app
from service.pool import Busy, Pool, pool_of
from tests.service.blocking import held, stopped

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KHANHOO = [f"{r}{s}" for r in "A23456789" for s in "hcd"] * 2 + ["Js", "Qs", "Ks"] * 2 + ["Jk"] * 2
BATCH = [{"hand": " ".join(random.Random(s).sample(KHANHOO, 16))} for s in range(2)]


@pytest.fixture(scope="module")
def pooled() -> Iterator[Flask]:
    app = create_app({"TESTING": True, "POOL_PROCESSES": 1, "POOL_QUEUE": 0})
    yield app
    pool = pool_of(app)
    assert pool is not None
    pool.shutdown()


@pytest.fixture(scope="module")
def manager() -> Iterator[Any]:
    with multiprocessing.get_context("forkserver").Manager() as m:
        yield m


def _timeless(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _timeless(v) for k, v in obj.items() if k != "ms"}
    if isinstance(obj, list):
        return [_timeless(v) for v in obj]
    return obj


def test_without_a_pool_the_request_thread_computes() -> None:
    assert pool_of(create_app({"TESTING": True})) is None


def test_gunicorns_app_has_a_pool_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.wsgi import env_config

    assert env_config()["POOL_PROCESSES"] == 1
    monkeypatch.setenv("ADVISOR_POOL_PROCESSES", "0")
    assert env_config()["POOL_PROCESSES"] == 0


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/khanhoo/analyze", BATCH),
    ("/v1/chan/advice?budget_ms=20&seed=3", json.loads((EXAMPLES / "view.json").read_text())),
    ("/v1/chan/review?seat=0&budget_ms=2",
     json.loads((EXAMPLES / "chan_deal.json").read_text())),
])
def test_the_pool_answers_what_the_thread_answers(pooled: Flask, path: str, body: Any) -> None:
    there = pooled.test_client().post(path, json=body)
    here = create_app({"TESTING": True}).test_client().post(path, json=body)
    assert there.status_code == here.status_code == 200, there.get_json()
    assert _timeless(there.get_json()) == _timeless(here.get_json())


def test_a_bad_position_is_the_same_422_from_the_pool(pooled: Flask) -> None:
    for path, body in (("/v1/chan/advice", {"hand": "2v zz"}),
                       ("/v1/khanhoo/analyze", [BATCH[0], {"hand": "Ah Zz"}])):
        there = pooled.test_client().post(path, json=body)
        here = create_app({"TESTING": True}).test_client().post(path, json=body)
        assert there.status_code == 422 and there.get_json() == here.get_json()


def test_a_full_pool_answers_503_with_retry_after(pooled: Flask, manager: Any) -> None:
    pool = pool_of(pooled)
    assert pool is not None and (pool.processes, pool.queue) == (1, 0)
    release = manager.Event()
    holding = pool.submit(held, release)  # the pool's one place, taken
    try:
        client = pooled.test_client()
        for path, body in (("/v1/khanhoo/analyze", BATCH),
                           ("/v1/chan/advice?budget_ms=5",
                            json.loads((EXAMPLES / "view.json").read_text())),
                           ("/v1/chan/review?seat=0&budget_ms=2",
                            json.loads((EXAMPLES / "chan_deal.json").read_text()))):
            r = client.post(path, json=body)
            assert r.status_code == 503, (path, r.get_json())
            assert r.get_json()["type"] == "/problems/busy" and int(r.headers["Retry-After"]) >= 1
        with pytest.raises(Busy):
            pool.submit(held, release)
        small = client.post("/v1/chan/score", json=json.loads((EXAMPLES / "win.json").read_text()))
        assert small.status_code == 200  # what costs little is computed on the thread
        assert client.get("/healthz").status_code == 200
    finally:
        release.set()
    assert holding.result() == "let go"
    assert pooled.test_client().post("/v1/khanhoo/analyze", json=BATCH).status_code == 200


def test_work_past_its_deadline_comes_back_as_such() -> None:
    pool = Pool(1, 0)
    try:
        with pytest.raises(DeadlineExceeded) as raised:
            pool.run(stopped, 2.5, limit_s=30.0)
        assert raised.value.limit_s == 2.5 and raised.value.ticks == 64
    finally:
        pool.shutdown()


def test_errors_travel_between_processes_whole() -> None:
    err = pickle.loads(pickle.dumps(RecordError("hands[1]: 0 cards", field="hands[1]",
                                                token="x")))
    assert (type(err), err.message, err.field, err.token) == (
        RecordError, "hands[1]: 0 cards", "hands[1]", "x")
    late = pickle.loads(pickle.dumps(DeadlineExceeded(4.0, 128)))
    assert (late.limit_s, late.ticks, str(late)) == (4.0, 128, str(DeadlineExceeded(4.0, 128)))
    with pytest.raises(ValueError):
        Pool(0, 1)
