"""The Khanhoo endpoints: /v1/khanhoo/score, /analyze, /advice, /settle — the library's
JSON on success, RFC 9457 problem+json on every error."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema

from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.cards import CARDS, Counts, format_cards
from advisor.khanhoo.endpoints import (
    KhanhooAdviceSchema,
    KhanhooAnalysisSchema,
    KhanhooNotOutScoreSchema,
    KhanhooOutScoreSchema,
)
from advisor.khanhoo.game import Game
from advisor.khanhoo.position import Position
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.scoring import score
from service import create_app
from tests.khanhoo.strategies import dense_hands
from tests.strategies import budget

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
    take = adv["actions"][0]  # completes the hand, unless a better claim wins it (K5)
    assert 0.5 < take["win"] < 1.0 and take["certain"] is False
    assert take["win_se"] > 0.0 and take["points_se"] >= 0.0
    assert any(o["action"] == {"do": "pass"} for o in adv["actions"])


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


def test_bounds_that_keep_a_request_small(client: FlaskClient) -> None:
    r = post(client, "settle", {"scores": list(range(9))})  # K1: at most 8 players
    assert r.status_code == 422 and r.get_json()["field"] == "scores"
    assert "K1" in r.get_json()["detail"]
    r = post(client, "advice", {**WAITING, "offer": "2c", "turn": 10**9})
    assert r.status_code == 422 and r.get_json()["field"] == "turn"
    r = post(client, "advice", [{"hand": WAITING["hand"] + " 5c"}] * 11)  # MAX_ADVICE_BATCH
    assert r.status_code == 413 and r.get_json()["type"] == "/problems/batch-too-large"


def test_null_extras_of_an_advice_request_are_not_given(client: FlaskClient) -> None:
    r = post(client, "advice", {**WAITING, "offer": "2c", "from": None, "players": None,
                                "turn": None})
    assert r.status_code == 200 and r.get_json()["phase"] == "claim"


# --- valid positions of every table: the answers match the document ---------------------

TABLES = [Rules(), Rules(2, 0), Rules(3, 2), Rules(3, 2, trio=True, variation_keeps_doubles=True),
          Rules(4, 5, trio=True, split_sequences=True)]


QUICK = create_app({"TESTING": True, "KHANHOO_ADVICE_SECONDS": 0.02})


def conforms(schema: type[Schema], obj: Any) -> None:
    assert schema().validate(obj) == {}, obj


@st.composite
def positions(draw: st.DrawFn, sizes: tuple[int, ...] = (15, 16)) -> dict[str, Any]:
    """A position of a random table; sometimes a laid meld, seen cards or the orphan."""
    rules = draw(st.sampled_from(TABLES))
    orphan = draw(st.booleans()) and draw(st.booleans())
    n = draw(st.sampled_from([k - 9 for k in sizes] if orphan else list(sizes)))
    counts: Counts = draw(dense_hands(n, rules))
    cards = [c for c in CARDS for _ in range(counts[c.index])]
    obj: dict[str, Any] = {"sets": rules.sets, "jokers": rules.jokers,
                           "options": rules.options, "orphan": orphan}
    meld = next((p for p in rules.patterns if p.size == 3 and all(
        counts[i] >= m for i, m in p.need)), None)
    if meld is not None and draw(st.booleans()):
        laid = meld.cards()
        for c in laid:
            cards.remove(c)
        obj["melds"] = [format_cards(laid)]
    obj["hand"] = format_cards(cards)
    return obj


@settings(max_examples=budget(0.3))
@given(positions())
def test_every_score_and_analysis_matches_its_schema(obj: dict[str, Any]) -> None:
    client = QUICK.test_client()
    r = post(client, "score", obj)
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    conforms(KhanhooOutScoreSchema if answer["out"] else KhanhooNotOutScoreSchema, answer)
    r = post(client, "analyze", obj)
    assert r.status_code == 200, r.get_json()
    conforms(KhanhooAnalysisSchema, r.get_json())


@settings(max_examples=budget(0.2))
@given(positions(), st.sampled_from(CARDS), st.sampled_from(["left", "other"]),
       st.integers(2, 5), st.integers(0, 20))
def test_every_advice_matches_its_schema(obj: dict[str, Any], offer: Any, relation: str,
                                         players: int, turn: int) -> None:
    """16 cards are a turn; 15 with a discard on offer a claim — unless the pack holds no
    further copy of the card offered (422 naming ``offer``)."""
    client = QUICK.test_client()
    request = {**obj, "players": players, "turn": turn}
    pos = Position.from_json(obj)
    if pos.total == pos.target:
        request.update({"offer": offer.code, "from": relation})
    r = post(client, "advice", request)
    if r.status_code == 422:
        assert r.get_json()["field"] == "offer", r.get_json()
        held = pos.own[offer.index] + pos.seen[offer.index]
        assert held == pos.rules.pack.counts[offer.index]
    else:
        assert r.status_code == 200, r.get_json()
        conforms(KhanhooAdviceSchema, r.get_json())


@settings(max_examples=budget(0.1))
@given(st.integers(2, 5), st.integers(0, 2**16), st.integers(0, 40))
def test_advice_on_any_record_prefix_matches_its_schema(players: int, seed: int,
                                                         moves: int) -> None:
    g = Game.from_deal(players, seed=seed)
    for _ in range(moves):
        if g.over:
            break
        d = g.pending
        assert d is not None
        g.act(d.seat, g.legal_actions()[-1])
    client = QUICK.test_client()
    r = post(client, "advice", g.to_record())
    if g.over:
        assert r.status_code == 422 and r.get_json()["field"] == "moves"
    else:
        assert r.status_code == 200, r.get_json()
        conforms(KhanhooAdviceSchema, r.get_json())
