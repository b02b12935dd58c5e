"""The advisor: every legal action ranked, winning now certain, sampled chances with their
error, inputs from a position or a record prefix, bad requests named; the faces' verbs;
(the checks every game's records share run on it in tests/games/test_records.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from advisor.errors import AdvisorError, PositionError
from advisor.games.faces import Context
from advisor.qing.advice import Advice, Budget, advise
from advisor.qing.faces import GAME
from advisor.qing.game import Action, Game
from advisor.qing.text import advice_text
from advisor.text import PLAIN

WIN = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"
REST = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF"
GOLDEN = Path(__file__).parent / "golden" / "records.jsonl"


def advise_held(obj: object, budget_ms: float, seed: int) -> Advice:
    """The advice on what a user holds: read by the game's spec, advised by the game."""
    return advise(*GAME.read(obj), budget_ms=budget_ms, seed=seed)


def test_winning_now_is_certain_and_first() -> None:
    adv = advise_held({"hand": WIN}, budget_ms=20, seed=1)
    assert adv.best == Action("win") and adv.first.p_win == 1.0 and adv.first.method == "exact"
    assert "certain" in adv.first.explanation
    legal = GAME.read({"hand": WIN})[1]
    assert {o.action for o in adv.options} == set(legal)


def test_a_win_with_the_discard_on_offer() -> None:
    adv = advise_held({"hand": REST, "offer": "1c", "players": 3}, budget_ms=20, seed=1)
    assert adv.best == Action("win") and adv.phase == "offer"


def test_sampled_chances_come_with_their_error() -> None:
    adv = advise_held({"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 9s 5m 6m 8m RF 2s"},
                      budget_ms=150, seed=2)
    sampled = [o for o in adv.options if o.method == "playouts"]
    assert sampled and all(o.p_win is not None and 0 <= o.p_win <= 1 for o in sampled)
    # an error from two playouts on (one says nothing of it)
    assert all((o.p_win_se is None) == (o.playouts < 2) for o in sampled)
    assert all(o.p_win_se > 0 for o in sampled if o.p_win_se is not None)
    assert adv.playouts == sum(o.playouts for o in sampled)
    j = adv.to_json()
    assert j["best"] == adv.best.to_json() and len(j["actions"]) == 15
    assert j["work"] == {"unit": "playouts", "done": adv.playouts,
                         "asked": 2000 * len(sampled)}
    # the sampled actions first, by their chance; their settlement from the same playouts
    wins = [a["win"] for a in j["actions"][:len(sampled)]]
    assert wins == sorted(wins, reverse=True)
    assert all(a["expected"] is not None and -1 <= a["expected"] <= 3
               for a in j["actions"][:len(sampled)])
    assert all(a["method"] == "not-judged" and a["win"] is None
               for a in j["actions"][len(sampled):])
    assert "playouts" in advice_text(adv, PLAIN)


def test_the_advice_is_reproducible_for_a_seed_and_playout_count() -> None:
    g = Game.from_deal(4, seed=6)
    legal = g.legal_actions()
    a = advise(g.view(g.dealer), legal, Budget(ms=10_000, seed=3, max_playouts=8))
    b = advise(g.view(g.dealer), legal, Budget(ms=10_000, seed=3, max_playouts=8))
    assert [o.to_json() for o in a.options] == [o.to_json() for o in b.options]


def test_a_record_prefix_is_advised() -> None:
    rec = json.loads(GOLDEN.read_text().splitlines()[0])["record"]
    rec = copy.deepcopy(rec)
    del rec["result"]
    rec["moves"] = rec["moves"][:5]
    adv = advise_held(rec, budget_ms=30, seed=1)
    view, legal = GAME.read(rec)
    assert adv.best in legal and adv.seat == view.seat


@pytest.mark.parametrize(("obj", "field"), [
    ({"hand": REST}, "hand"),  # 14 cards and no offer
    ({"hand": WIN, "offer": "3s"}, "hand"),
    ({"hand": REST, "offer": "3x"}, "offer"),
    ({"hand": REST, "offer": "RF", "seen": "RF RF RF"}, "offer"),
    ({"hand": WIN, "players": 9}, "players"),
    ({"hand": WIN, "stock_left": 500}, "stock_left"),
    ({"hand": WIN, "colour": 1}, "colour"),
    ({"format": "qing-record/2"}, "format"),
])
def test_bad_advice_requests_name_their_field(obj: dict[str, Any], field: str) -> None:
    with pytest.raises(AdvisorError) as err:
        GAME.read(obj)
    assert err.value.field == field


def test_the_verbs_answer_json_objects() -> None:
    faces = GAME.faces
    assert faces is not None
    score = faces.verb("score")
    assert score.answer({"hand": WIN}, Context()).to_json()["win"] is True
    assert score.answer({"hand": WIN.split(), "eye6": "wilkinson",
                         "extras_replace": True}, Context()).to_json()["options"] == {
        "eye6": "wilkinson", "extras_replace": True}
    assert score.answer({"hand": "2c 3c 4c 5s 6s 7s 5m 5m 5m 1c RF WF",
                         "melds": ["9c 1s 1m"]}, Context()).to_json()["win"] is True
    analyze = faces.verb("analyze").answer({"hand": REST}, Context())
    assert analyze.to_json()["distance"] == 1
    advice = faces.verb("advice")
    assert advice.budget and advice.answer({"hand": WIN}, Context(20, 1)).best == Action("win")
    for verb in faces.verbs:
        names = [f.name for f in verb.fields]
        assert {"hand", "melds", "seen", "eye6", "extras_replace"} <= set(names)
    with pytest.raises(PositionError):
        score.answer({"hand": WIN, "nope": 1}, Context())


def test_a_position_view_round_trips() -> None:
    from advisor.qing.view import View

    for obj in ({"hand": WIN}, {"hand": REST, "offer": "3s", "players": 3, "seen": "RF"}):
        view, _ = GAME.read(obj)
        assert View.from_json(view.to_json()) == view
        assert view.discards == tuple(() for _ in range(view.players))


def test_the_heuristic_is_bounded_too(monkeypatch: pytest.MonkeyPatch) -> None:
    import advisor.qing.advice as advice_module

    monkeypatch.setattr(advice_module, "HEURISTIC_FLOOR_MS", 0)
    g = Game.from_deal(4, seed=6)
    adv = advise(g.view(g.dealer), g.legal_actions(), budget_ms=0.001, seed=1)
    assert adv.best in g.legal_actions()
    assert any(o.distance is None for o in adv.options)  # keyed by partners alone
    assert len(adv.options) == len(g.legal_actions())


def test_acceptance_counts_the_unseen_cards_that_lower_the_distance() -> None:
    from advisor.qing.advice import acceptance
    from advisor.qing.cards import KINDS, minus, plus
    from advisor.qing.solver import solver

    checked = 0
    for seed in range(6):
        g = Game.from_deal(4, seed=seed)
        view = g.view(g.dealer)
        s = solver(view.rules)
        unseen = view.unseen
        for a in g.legal_actions():
            if a.do != "discard" or a.card is None:
                continue
            after = minus(view.hand, a.card.index)
            d = s.distance(after, target=view.target, own=view.own)
            got, accepted = acceptance(view, a.card)
            assert got <= d and 0 <= accepted <= sum(unseen)
            if d >= 3:  # where the front's estimate is the distance itself
                assert got == d
                assert accepted == sum(
                    unseen[k] for k in range(KINDS) if unseen[k]
                    and s.distance(plus(after, k), target=view.target, own=view.own) < d)
                checked += 1
    assert checked


def test_the_advisor_throws_for_acceptance_among_the_least_distance() -> None:
    from advisor.qing.advice import acceptance

    differs = 0
    for seed in range(8):
        g = Game.from_deal(4, seed=seed)
        view, legal = g.view(g.dealer), g.legal_actions()
        adv = advise(view, legal, Budget(ms=10_000, seed=1, max_playouts=0))
        assert adv.first.method == "heuristic" and adv.playouts == 0
        throws = [o for o in adv.options if o.action.do == "discard"]
        least = min(o.distance for o in throws if o.distance is not None)
        if least < 2:
            continue
        best = adv.best.card
        assert best is not None and adv.first.distance == least
        counted = [acceptance(view, o.action.card)[1] for o in throws[:3]
                   if o.distance == least and o.action.card is not None]
        assert acceptance(view, best)[1] == max(counted)
        differs += 1
    assert differs


def test_the_look_ahead_keeps_to_the_budget() -> None:
    import time

    g = Game.from_deal(4, seed=6)
    t = time.perf_counter()
    adv = advise(g.view(g.dealer), g.legal_actions(), budget_ms=30, seed=1)
    assert adv.best in g.legal_actions()
    assert time.perf_counter() - t < 1.0  # the first acceptance is counted whatever the budget
