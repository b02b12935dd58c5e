"""Bounded work and fair sharing: every computing endpoint stops at its deadline (503
``/problems/deadline`` with ``Retry-After``), a costly batch goes through the gate, and
the gate's slots go round the clients.

Nothing here depends on the machine's speed: the gate is driven by threads that hold
their slot until told, and the deadlines by a fake clock that moves when it is read.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

import advisor.chan.faces
import advisor.games.deadline as deadline
import service.problems as problems_module
from advisor.chan.advice import advise
from service import create_app
from service.gate import Gate, gate_of
from tests.service.test_limits import SHEET, VIEW, problem

QING_PACK = [f"{r}{s}" for r in range(1, 10) for s in "csm"] * 4 + ["RF", "WF", "OT"] * 4
KHANHOO_PACK = ([f"{r}{s}" for r in "A23456789" for s in "hcd"] * 2
                + ["Js", "Qs", "Ks"] * 2 + ["Jk"] * 2)


def _until(condition: Any) -> None:
    """Wait (boundedly) for another thread to reach a state; not a timing assertion."""
    for _ in range(6000):
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the other thread never got there")


def _enter_in_thread(gate: Gate, client: tuple[str, str]) -> list[bool]:
    got: list[bool] = []
    threading.Thread(target=lambda: got.append(gate.enter(60.0, client)), daemon=True).start()
    return got


# --- the gate: one waiting request a client, and the slots go round -------------------


def test_a_client_has_one_request_waiting_at_most() -> None:
    gate = Gate(slots=1, queue=4)
    assert gate.enter(0, ("a", ""))
    first = _enter_in_thread(gate, ("a", ""))
    _until(lambda: gate.waiting == 1)
    assert not gate.enter(60.0, ("a", ""))  # refused at once: "a" already waits
    assert gate.refuses(("a", "")) and not gate.refuses(("b", ""))
    gate.leave()
    _until(lambda: first == [True])


def test_a_freed_slot_goes_to_the_client_served_least_recently() -> None:
    gate = Gate(slots=1, queue=4)
    assert gate.enter(0, ("flood", ""))
    again = _enter_in_thread(gate, ("flood", "t2"))  # the flood waits first …
    _until(lambda: gate.waiting == 1)
    other = _enter_in_thread(gate, ("other", ""))  # … another client after it
    _until(lambda: gate.waiting == 2)
    gate.leave()
    _until(lambda: other == [True])  # the other client goes first: never served yet
    assert again == [] and gate.running == 1
    gate.leave()
    _until(lambda: again == [True])


def test_a_full_queue_makes_room_for_a_client_with_nothing_waiting() -> None:
    gate = Gate(slots=1, queue=2)
    assert gate.enter(0, ("flood", "t1"))
    waits = [_enter_in_thread(gate, ("flood", f"t{i}")) for i in (2, 3)]
    _until(lambda: gate.waiting == 2)
    other = _enter_in_thread(gate, ("other", ""))
    _until(lambda: [False] in waits)  # the flood's latest waiter gave its place
    assert gate.waiting == 2
    gate.leave()
    _until(lambda: other == [True])


def test_behind_one_address_the_keys_take_turns() -> None:
    # One proxy address, tables as keys: a table not served yet takes the place of a
    # waiting table that was served before it.
    gate = Gate(slots=1, queue=1)
    assert gate.enter(0, ("proxy", "t1"))
    gate.leave()  # t1 has had a turn
    assert gate.enter(0, ("proxy", "t0"))
    t1 = _enter_in_thread(gate, ("proxy", "t1"))
    _until(lambda: gate.waiting == 1)
    fresh = _enter_in_thread(gate, ("proxy", "t2"))
    _until(lambda: t1 == [False])  # t1 gave its place to t2
    assert not gate.enter(60.0, ("proxy", "t1"))  # t2, never served, keeps it
    gate.leave()
    _until(lambda: fresh == [True])


# --- the client's address ---------------------------------------------------------------


def test_the_client_address_behind_trusted_proxies() -> None:
    from service.gate import client_address

    for hops, want in ((0, "10.0.0.1"), (1, "203.0.113.9"), (2, "198.51.100.7")):
        app = create_app({"TESTING": True, "PROXY_HOPS": hops})
        with app.test_request_context(
            "/", environ_base={"REMOTE_ADDR": "10.0.0.1"},
            headers={"X-Forwarded-For": "198.51.100.7, 203.0.113.9"},
        ):
            assert client_address() == want
    # A forged header longer than the trusted chain is not believed past it.
    app = create_app({"TESTING": True, "PROXY_HOPS": 3})
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": "10.0.0.1"},
                                  headers={"X-Forwarded-For": "1.2.3.4"}):
        assert client_address() == "10.0.0.1"


# --- costly verbs through the gate; cheap ones not --------------------------------------


class Held:
    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, view: dict[str, Any], legal: Any = None, **kwargs: Any) -> Any:
        self.calls += 1
        assert self.release.wait(60), "the test never released the advisor"
        return advise(view, legal, samples=2)


@pytest.fixture()
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    fake = Held()
    monkeypatch.setattr(advisor.chan.faces, "advise", fake)
    yield fake
    fake.release.set()


def _taken(app: Flask, held: Held) -> threading.Thread:
    t = threading.Thread(target=lambda: app.test_client().post(
        "/v1/chan/advice", json=VIEW, environ_base={"REMOTE_ADDR": "10.9.9.9"}))
    t.start()
    _until(lambda: gate_of(app).running == 1 and held.calls)
    return t


def test_a_costly_batch_goes_through_the_gate(held: Held) -> None:
    app = create_app({"TESTING": True, "ADVICE_SLOTS": 1, "ADVICE_QUEUE": 0,
                      "ADVICE_QUEUE_WAIT_S": 0.0, "RETRY_AFTER_S": 2})
    taken = _taken(app, held)
    client = app.test_client()
    rng = random.Random(3)
    hands = [{"hand": " ".join(rng.sample(QING_PACK, 15))} for _ in range(10)]
    # 10 Qing analyses (50 ms each at worst) cost more than GATE_FREE_MS: busy.
    resp = client.post("/v1/qing/analyze", json=hands)
    problem(resp, 503, "busy")
    assert resp.headers["Retry-After"] == "2"
    # A single Chắn score costs next to nothing: answered while the slot is taken.
    assert client.post("/v1/chan/score", json=SHEET).status_code == 200
    assert client.post("/v1/chan/score", json=[SHEET] * 50).status_code == 200
    held.release.set()
    taken.join(60)
    assert client.post("/v1/qing/analyze", json=hands).status_code == 200
    assert gate_of(app).running == 0


def test_the_costs_are_configurable(held: Held) -> None:
    app = create_app({"TESTING": True, "ADVICE_SLOTS": 1, "ADVICE_QUEUE": 0,
                      "ADVICE_QUEUE_WAIT_S": 0.0, "VERB_COSTS_MS": {"chan.score": 100.0}})
    taken = _taken(app, held)
    problem(app.test_client().post("/v1/chan/score", json=SHEET), 503, "busy")
    held.release.set()
    taken.join(60)


# --- deadlines ----------------------------------------------------------------------------


class StepClock:
    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize(("game", "pack", "size"),
                         [("khanhoo", KHANHOO_PACK, 16), ("qing", QING_PACK, 15)])
@pytest.mark.usefixtures("cold_caches")
def test_an_analysis_past_its_deadline_is_stopped_and_503(
    game: str, pack: list[str], size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every read of the library's clock is a second: the search is stopped after a
    counted number of checks, whatever the machine's speed. The deadline passes between
    the search's second and third checks (every 64 steps, :data:`deadline.EVERY`), with a
    read to spare either side for the reads made before the search (the deadline's start,
    the gate's share of it, the check between a batch's objects): Qing's analysis takes
    232 steps, Khanhoo's thousands, so it is stopped inside the search, not before it and
    not after it."""
    monkeypatch.setattr(deadline, "clock", StepClock(1.0))
    stopped: list[int] = []
    real = problems_module._from_deadline

    def seen(err: deadline.DeadlineExceeded) -> Any:
        stopped.append(err.ticks)
        return real(err)

    monkeypatch.setattr(problems_module, "_from_deadline", seen)
    app = create_app({"TESTING": True, "DEADLINE_S": 3.5, "RETRY_AFTER_S": 3})
    hand = " ".join(random.Random(11).sample(pack, size))
    resp = app.test_client().post(f"/v1/{game}/analyze", json={"hand": hand})
    body = problem(resp, 503, "deadline")
    assert resp.headers["Retry-After"] == "3"
    assert "3.5 s" in body["detail"] and "stopped" in body["detail"]
    assert stopped and stopped[0] >= deadline.EVERY  # inside the search, by its own checks
    assert gate_of(app).running == 0  # the slot it held is given back


def test_a_batch_stops_between_its_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    # Chắn's score does not check the deadline inside a hand; between hands it does.
    clock = StepClock(1.0)
    monkeypatch.setattr(deadline, "clock", clock)
    app = create_app({"TESTING": True, "DEADLINE_S": 3.5})
    problem(app.test_client().post("/v1/chan/score", json=[SHEET] * 10), 503, "deadline")
    assert clock.now == 5.0  # the start, then a check before each of four hands


def test_within_the_deadline_the_answer_is_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deadline, "clock", StepClock(0.0))
    app = create_app({"TESTING": True, "DEADLINE_S": 0.001})
    resp = app.test_client().post("/v1/chan/score", json=[SHEET] * 10)
    assert resp.status_code == 200 and len(resp.get_json()) == 10


# --- quotas of tables ---------------------------------------------------------------------


def _deal(app: Flask, address: str) -> Any:
    return app.test_client().post("/v1/play", json={"seed": 1},
                                  environ_base={"REMOTE_ADDR": address})


def test_a_client_deals_at_most_its_quota_of_tables(tmp_path: Any) -> None:
    app = create_app({"TESTING": True, "PLAY_DB": str(tmp_path / "q.sqlite3"),
                      "TABLES_PER_CLIENT": 3, "TABLES_WINDOW_S": 100.0})
    now = [1000.0]
    from service.quota import quota_of

    quota_of(app).clock = lambda: now[0]
    assert [_deal(app, "10.0.0.1").status_code for _ in range(3)] == [201] * 3
    resp = _deal(app, "10.0.0.1")
    body = problem(resp, 429, "too-many-tables")
    assert resp.headers["Retry-After"] == "100" and "3 new tables" in body["detail"]
    assert _deal(app, "10.0.0.2").status_code == 201  # another client is not held up
    now[0] += 100.0  # the window has passed (an injected clock, no waiting)
    assert _deal(app, "10.0.0.1").status_code == 201


def test_the_database_holds_at_most_max_tables(tmp_path: Any) -> None:
    app = create_app({"TESTING": True, "PLAY_DB": str(tmp_path / "q.sqlite3"),
                      "MAX_TABLES": 2, "TABLES_FULL_RETRY_S": 30})
    dealt = [_deal(app, f"10.0.1.{i}") for i in range(2)]
    assert [r.status_code for r in dealt] == [201, 201]
    resp = _deal(app, "10.0.1.9")
    problem(resp, 429, "too-many-tables")
    assert resp.headers["Retry-After"] == "30"
    # The tables dealt are played on as before.
    table = dealt[0].get_json()
    assert app.test_client().get(f"/v1/play/{table['id']}").status_code == 200
