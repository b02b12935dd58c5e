"""The default game's table at ``/v1/play…`` (service/tables.py: the aliases of
``/v1/play/chan…``, answered as Chắn's table always answered, advisor/chan/endpoints.py):
whole deals played through HTTP, tables kept in SQLite across app instances, expiry,
illegal actions, a table stored before every game's table was one still played — and no
hidden card ever in an answer."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from advisor.chan.cards import FACES
from advisor.chan.endpoints import AdviceSchema, RecordSchema, TableSchema
from advisor.chan.faces import GAME as CHAN
from advisor.chan.session import Table
from advisor.games.browser import GameTable
from service import create_app, playstore
from service.schemas import ProblemSchema

CODES = {f.code for f in FACES}


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "play.sqlite3")


@pytest.fixture
def client(db: str) -> FlaskClient:
    return create_app({"TESTING": True, "PLAY_DB": db, "MAX_ADVICE_BUDGET_MS": 5.0}
                      ).test_client()


def _new(client: FlaskClient, **body: Any) -> dict[str, Any]:
    resp = client.post("/v1/play", json=body)
    assert resp.status_code == 201, resp.get_json()
    table: dict[str, Any] = resp.get_json()
    assert resp.headers["Location"] == f"/v1/play/{table['id']}"
    return table


def _problem(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_json()
    assert resp.mimetype == "application/problem+json"
    body: dict[str, Any] = resp.get_json()
    assert ProblemSchema().validate(body) == {}
    return body


def _stored(db: str, sid: str) -> GameTable:
    """The table as the server has it — everything, hidden cards included."""
    with sqlite3.connect(db) as conn:
        (state,) = conn.execute("SELECT state FROM play_table WHERE id = ?", (sid,)).fetchone()
    return GameTable.from_json(CHAN, json.loads(state))


# --- no hidden card ---------------------------------------------------------------------

FORBIDDEN_KEYS = {"hands", "stock", "deal", "steps", "dealt"}


def _walk(obj: Any, path: str = "$") -> Any:
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, f"{path}[{i}]")


def _card_lists(obj: Any) -> list[list[str]]:
    return [v for _, v in _walk(obj)
            if isinstance(v, list) and v and all(isinstance(c, str) and c in CODES for c in v)]


def _contains_run(seq: list[str], run: list[str]) -> bool:
    return any(seq[i : i + len(run)] == run for i in range(len(seq) - len(run) + 1))


def assert_nothing_hidden(answer: dict[str, Any], truth: GameTable) -> None:
    """``answer`` (any JSON the player got while the deal is played) shows the player's
    VIEW and public facts only: no other seat's concealed cards, no stock order."""
    for path, value in _walk(answer):
        if isinstance(value, dict):
            assert not FORBIDDEN_KEYS & set(value), f"{path} has {FORBIDDEN_KEYS & set(value)}"
    g = truth.game
    if "view" in answer:
        # The view is exactly the engine's VIEW of seat 0 …
        assert answer["view"] == truth.view().to_json()
        # … and it accounts for no more cards than seat 0 may see: its hand and the
        # public cards are the deck less the other hands and the stock.
        v = answer["view"]
        seen = Counter(v["hand"])
        for t in v["table"]:
            seen.update(c for m in t["melds"] for c in m)
            seen.update(t["discards"] + t["passed"])
        offer = v.get("offer")
        if offer and offer["source"] == "stock":
            seen[offer["card"]] += 1  # a revealed card lies at its door, in no pile yet
        hidden = sum(sum(g.hand(s)) for s in (1, 2, 3)) + len(g.stock)
        assert sum(seen.values()) == 100 - hidden
    stock = [f.code for f in g.stock]
    for seat in (1, 2, 3):
        concealed = [f.code for f in FACES for _ in range(g.hand(seat)[f.index])]
        for cards in _card_lists(answer):
            if len(concealed) >= 2:
                assert sorted(cards) != sorted(concealed), f"seat {seat}'s hand shown"
            if len(stock) >= 4:
                assert not _contains_run(cards, stock), "the stock order shown"
    for event in answer.get("log", []):
        # A bot's declined claim would tell that it holds three of the card.
        assert not (event["phase"] == "claim" and event["action"]["do"] == "pass"
                    and event["seat"] != 0), event


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_whole_games_never_show_a_hidden_card(client: FlaskClient, db: str, seed: int) -> None:
    rng = random.Random(seed)
    table = _new(client, seed=seed, opponents=["greedy", "advisor", "greedy"])
    sid = table["id"]

    def check(answer: dict[str, Any]) -> None:  # against the table as it is now
        assert_nothing_hidden(answer, _stored(db, sid))

    check(table)
    while not table["over"]:
        assert TableSchema().validate(table) == {}
        assert table["reveal"] is None  # the hands are shown only once the deal is over
        assert table["waiting"] and len(table["legal"]) > 1
        record = client.get(f"/v1/play/{sid}/record")
        assert _problem(record, 409)["type"] == "/problems/deal-not-over"
        check(client.get(f"/v1/play/{sid}").get_json())
        if rng.random() < 0.3:
            hint = client.post(f"/v1/play/{sid}/hint", query_string={"samples": 2})
            assert hint.status_code == 200 and AdviceSchema().validate(hint.get_json()) == {}
            assert hint.get_json()["seat"] == 0
            check(hint.get_json())
        action = rng.choice(table["legal"])
        resp = client.post(f"/v1/play/{sid}/action", json={**action, "version":
                                                             table["version"]})
        assert resp.status_code == 200, resp.get_json()
        table = resp.get_json()
        if not table["over"]:
            check(table)
    assert TableSchema().validate(table) == {}
    assert table["legal"] == [] and not table["waiting"]
    assert table["result"] == _stored(db, sid).game.result.to_json()
    g = _stored(db, sid).game
    assert [sorted(h) for h in table["reveal"]["hands"]] == [
        sorted(f.code for f in FACES for _ in range(g.hand(s)[f.index])) for s in range(4)]
    pairs = table["reveal"]["pairs"]
    assert (len(pairs) == 10) == (g.result.winner is not None)
    record = client.get(f"/v1/play/{sid}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["Content-Disposition"]
    rec = record.get_json()
    assert RecordSchema().validate(rec) == {}
    assert rec["players"] == ["you", "greedy", "advisor:5", "greedy"]
    assert CHAN.replay(rec).valid


def test_a_table_answer_matches_its_schema_and_the_document(client: FlaskClient) -> None:
    table = _new(client)
    assert TableSchema().validate(table) == {}
    assert table["version"] == 1 and table["opponents"] == ["greedy"] * 3
    assert 0 < table["expires_in_s"] <= 24 * 3600
    spec = client.get("/openapi.json").get_json()
    paths = spec["paths"]
    assert set(paths) >= {"/v1/play", "/v1/play/{table}", "/v1/play/{table}/action",
                          "/v1/play/{table}/hint", "/v1/play/{table}/record"}
    assert "201" in paths["/v1/play"]["post"]["responses"]
    params = paths["/v1/play/{table}/hint"]["post"]["parameters"]
    assert params[0] == {"in": "path", "name": "table", "required": True,
                         "schema": {"type": "string"}}
    assert "budget_ms" in [p["name"] for p in params]


# --- persistence and expiry ----------------------------------------------------------


def test_tables_survive_a_restart(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playstore, "clock", lambda: 1_000_000.0)  # time held still
    first = create_app({"TESTING": True, "PLAY_DB": db}).test_client()
    table = _new(first, seed=3)
    action = table["legal"][0]
    after = first.post(f"/v1/play/{table['id']}/action",
                       json={**action, "version": 1}).get_json()
    # Another app on the same file — another worker, or the server restarted.
    second = create_app({"TESTING": True, "PLAY_DB": db}).test_client()
    again = second.get(f"/v1/play/{table['id']}").get_json()
    assert again == after  # the whole answer, its time to expiry included
    if not again["over"]:
        nxt = second.post(f"/v1/play/{table['id']}/action",
                          json={**again["legal"][-1], "version": 2})
        assert nxt.status_code == 200
        assert first.get(f"/v1/play/{table['id']}").get_json()["version"] == 3


def test_the_database_is_in_wal_mode(client: FlaskClient, db: str) -> None:
    _new(client)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_change_is_written_only_over_the_version_it_was_computed_from(db: str) -> None:
    store = playstore.Store(playstore.connect(db), ttl_s=60)
    sid = store.create({"n": 0})
    row = store.load(sid)
    assert row is not None and row.version == 1
    assert store.save(sid, {"n": 1}, version=1)  # the first of two racing requests
    assert not store.save(sid, {"n": 2}, version=1)  # the second: refused (409)
    again = store.load(sid)
    assert again is not None and (again.state, again.version) == ({"n": 1}, 2)


def test_idle_tables_expire_and_are_purged(db: str) -> None:
    client = create_app({"TESTING": True, "PLAY_DB": db, "PLAY_TTL_S": 3600}).test_client()
    old = _new(client)["id"]
    fresh = _new(client)["id"]
    with sqlite3.connect(db) as conn:  # the first table was last played two hours ago
        conn.execute("UPDATE play_table SET touched = touched - 7200 WHERE id = ?", (old,))
    body = _problem(client.get(f"/v1/play/{old}"), 404)
    assert body["type"] == "/problems/table-not-found" and "expired" in body["detail"]
    _problem(client.post(f"/v1/play/{old}/action", json={"do": "pass", "version": 1}), 404)
    assert client.get(f"/v1/play/{fresh}").status_code == 200
    _new(client)  # a write purges what has expired
    with sqlite3.connect(db) as conn:
        ids = {r[0] for r in conn.execute("SELECT id FROM play_table")}
    assert old not in ids and fresh in ids


def test_unknown_ids_are_404(client: FlaskClient) -> None:
    for sid in ("nope", "x" * 200, "..%2F..", "a b"):
        assert client.get(f"/v1/play/{sid}").status_code == 404
    _problem(client.get("/v1/play/AAAAAAAAAAAAAAAAAAAAAA/record"), 404)
    _problem(client.post("/v1/play/AAAAAAAAAAAAAAAAAAAAAA/hint"), 404)


def test_ids_are_unguessable(client: FlaskClient) -> None:
    ids = {_new(client)["id"] for _ in range(3)}
    assert len(ids) == 3 and all(len(i) >= 20 for i in ids)


# --- actions ---------------------------------------------------------------------------


def _table_with_discard(client: FlaskClient) -> dict[str, Any]:
    """A table where the player must discard and holds a pair (R2 forbids breaking it)."""
    for seed in range(200):
        table = _new(client, seed=seed)
        hand = Counter(table["view"]["hand"])
        if table["view"]["phase"] in ("start", "discard") and 2 in hand.values():
            return table
    raise AssertionError("no such deal in 200 seeds")


def test_an_illegal_action_names_its_rule_and_changes_nothing(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playstore, "clock", lambda: 1_000_000.0)  # time held still
    table = _table_with_discard(client)
    sid = table["id"]
    pair = next(c for c, n in Counter(table["view"]["hand"]).items() if n == 2)
    resp = client.post(f"/v1/play/{sid}/action", json={"do": "discard", "card": pair,
                                                        "version": 1})
    body = _problem(resp, 422)
    assert body["type"] == "/problems/illegal-action" and body["rule"] == "R2"
    assert body["detail"].startswith("R2: ")
    assert client.get(f"/v1/play/{sid}").get_json() == table
    # Not the player's move: a claim nobody offered him.
    body = _problem(client.post(f"/v1/play/{sid}/action", json={"do": "chiu",
                                                                 "version": 1}), 422)
    assert body["rule"]


def test_malformed_actions_are_422(client: FlaskClient) -> None:
    sid = _new(client)["id"]
    for action in ({"do": "fly"}, {"do": "discard"}, {"do": "discard", "card": "zz"},
                   {"do": "pass", "extra": 1}, {"do": "pass", "version": "1"}, [1]):
        body = _problem(client.post(f"/v1/play/{sid}/action", json=action), 422)
        assert body["detail"]
    body = _problem(client.post(f"/v1/play/{sid}/action", json={"do": "discard",
                                                                 "card": "zz",
                                                                 "version": 1}), 422)
    assert body["token"] == "zz"
    # an action without the version it was chosen on is refused (two could both apply)
    body = _problem(client.post(f"/v1/play/{sid}/action", json={"do": "pass"}), 422)
    assert body["field"] == "version" and client.get(f"/v1/play/{sid}").get_json()[
        "version"] == 1
    _problem(client.post(f"/v1/play/{sid}/action", data="{", content_type="application/json"),
             400)
    _problem(client.post(f"/v1/play/{sid}/action", data="x"), 415)


def test_a_stale_action_is_409(client: FlaskClient) -> None:
    table = _new(client, seed=4)
    sid, action = table["id"], table["legal"][-1]
    first = client.post(f"/v1/play/{sid}/action", json={**action, "version": 1})
    assert first.status_code == 200
    body = _problem(client.post(f"/v1/play/{sid}/action", json={**action, "version": 1}), 409)
    assert body["type"] == "/problems/stale-version"


def test_no_action_or_hint_once_the_deal_is_over(client: FlaskClient) -> None:
    table = _new(client, seed=9)
    while not table["over"]:
        table = client.post(f"/v1/play/{table['id']}/action",
                            json={**table["legal"][0], "version": table["version"]}).get_json()
    body = _problem(client.post(f"/v1/play/{table['id']}/action",
                                json={"do": "pass", "version": table["version"]}), 409)
    assert body["type"] == "/problems/not-your-turn"
    _problem(client.post(f"/v1/play/{table['id']}/hint"), 409)


# --- dealing -----------------------------------------------------------------------------


def test_opponents_are_greedy_or_advisor_with_a_capped_budget(client: FlaskClient) -> None:
    table = _new(client, opponents=["advisor:9000", "advisor", " greedy"], rules="cvv")
    assert table["opponents"] == ["advisor:5", "advisor:5", "greedy"]
    assert table["rules"] == table["view"]["rules"] == "cvv"
    for bad in ("exec:python bot.py", "random", "greedy:5", "advisor:-1", "advisor:x"):
        body = _problem(client.post("/v1/play", json={"opponents": [bad, "greedy", "greedy"]}),
                        422)
        assert body["field"] == "opponents"
    for body in ({"opponents": ["greedy"]}, {"rules": "nope"}, {"seed": -1}, {"seed": "²"},
                 {"seed": "-1"}, {"seed": " 1"}, {"seed": "1.0"}, {"seed": str(2**63)},
                 {"colour": "red"}):
        _problem(client.post("/v1/play", json=body), 422)


def test_a_practice_seed_as_digits_in_a_string_is_never_rounded(client: FlaskClient) -> None:
    # A browser's numbers are doubles: 2^53 + 1 becomes 2^53. The page sends the digits.
    big = 2**53 + 1
    a, b = _new(client, seed=str(big)), _new(client, seed=big)
    c = _new(client, seed=2**53)
    assert a["practice"] and a["view"] == b["view"]
    assert a["view"]["hand"] != c["view"]["hand"] or a["view"] != c["view"]


def test_a_seed_deals_a_practice_deal_and_an_ordinary_table_has_no_seed(
        client: FlaskClient, db: str) -> None:
    a, b = _new(client, seed=42), _new(client, seed=42)
    assert a["view"] == b["view"] and a["id"] != b["id"]
    assert a["practice"] is True
    c = _new(client)
    # shuffled from the server's entropy: no seed exists to search for from the hand
    assert _stored(db, c["id"]).seed is None
    answers = [c, client.get(f"/v1/play/{c['id']}").get_json()]
    assert c["practice"] is False
    assert not [p for a in answers for p, _ in _walk(a) if "seed" in str(p)]


# --- the page ---------------------------------------------------------------------------


def test_the_page_is_self_contained(client: FlaskClient) -> None:
    page = client.get("/play/chan")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert 'id="deal"' in html and "Bát Sách" in html  # the card names, for the script
    import re

    links = re.findall(r"""(?:src|href)=["']([^"']+)""", html)
    assert links and not [u for u in links if "//" in u]  # nothing from elsewhere
    for url in links:
        if url.startswith("/static/"):
            assert client.get(url).status_code == 200


def test_the_page_labels_a_practice_deal(client: FlaskClient) -> None:
    page = client.get("/play/chan?seed=5").get_data(as_text=True)
    assert '<div class="panel" id="practice">' in page
    assert '<b id="practice-seed">5</b>:' in page
    # the label is there, hidden, for the script; "²" is no practice seed
    for plain in ("/play/chan", "/play/chan?seed=x", "/play/chan?seed=%C2%B2"):
        assert '<div class="panel" id="practice" hidden>' in client.get(plain).get_data(
            as_text=True)


def test_one_hint_per_table_at_a_time_and_hint_samples_are_capped(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    import advisor.chan.faces

    app = create_app({"TESTING": True, "PLAY_DB": db, "ADVICE_SLOTS": 2,
                      "MAX_HINT_SAMPLES": 3, "MAX_ADVICE_BUDGET_MS": 5000.0})
    client = app.test_client()
    first, other = _new(client, seed=1), _new(client, seed=2)
    started, release = threading.Event(), threading.Event()
    asked: list[int | None] = []
    real = advisor.chan.faces.advise

    def slow(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs.get("samples"))
        if len(asked) == 1:  # the first hint holds its place until told to go on
            started.set()
            release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(advisor.chan.faces, "advise", slow)
    answers: list[Any] = []
    worker = threading.Thread(target=lambda: answers.append(app.test_client().post(
        f"/v1/play/{first['id']}/hint", query_string={"samples": 500})))
    worker.start()
    assert started.wait(10)
    again = client.post(f"/v1/play/{first['id']}/hint")  # the same table: turned away
    problem = _problem(again, 429)
    assert problem["type"] == "/problems/hint-in-progress"
    assert again.headers["Retry-After"] == "1"
    assert client.post(f"/v1/play/{other['id']}/hint").status_code == 200  # another table
    release.set()
    worker.join(10)
    assert answers and answers[0].status_code == 200
    assert asked[0] == 3  # samples=500 asked, MAX_HINT_SAMPLES=3 played
    assert client.post(f"/v1/play/{first['id']}/hint").status_code == 200  # free again


# --- a table stored before every game's table was one --------------------------------


def test_a_chan_session_row_alive_at_deploy_is_played_on(client: FlaskClient, db: str) -> None:
    """A table stored as ``chan-session/1`` is read through Chắn's converter: the same
    table, answered as before, played on and stored as every game's table."""
    # a deal from the system's entropy (no practice seed); about one in a hundred ends before
    # the human's first decision (an opponent wins at once), and has nothing to play on
    for _ in range(100):
        old = Table.new(seed=None, rules="cvv", opponents=["greedy", "greedy", "greedy"])
        if old.legal():
            break
    assert old.legal()
    store = playstore.Store(playstore.connect(db), ttl_s=3600)
    sid = store.create(old.to_json())
    table = client.get(f"/v1/play/{sid}").get_json()
    assert TableSchema().validate(table) == {}
    assert table["view"] == old.view().to_json() and table["rules"] == "cvv"
    assert table["legal"] == [a.to_json() for a in old.legal()]
    assert table["log"] == old.public_log() and table["practice"] is False
    assert client.get(f"/v1/play/chan/{sid}").get_json()["view"] == table["view"]
    resp = client.post(f"/v1/play/{sid}/action", json={**table["legal"][0], "version": 1})
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    if answer["over"]:  # the move ended the deal (an opponent won on it): the hands shown
        assert answer["reveal"] is not None and answer["result"] is not None
    else:
        assert_nothing_hidden(answer, _stored(db, sid))
    with sqlite3.connect(db) as conn:
        (state,) = conn.execute("SELECT state FROM play_table WHERE id = ?", (sid,)).fetchone()
    assert json.loads(state)["format"] == "game-table/1"
