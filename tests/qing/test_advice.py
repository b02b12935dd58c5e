"""The advisor: every legal action ranked, winning now certain, sampled chances with their
error, inputs from a position or a record prefix, bad requests named; the faces' verbs;
(the checks every game's records share run on it in tests/games/test_records.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import core
from advisor.errors import AdvisorError, PositionError
from advisor.games.faces import Context
from advisor.qing.advice import PER_MS, Advice, Budget, advise
from advisor.qing.bots import GreedyBot
from advisor.qing.faces import GAME
from advisor.qing.game import Action, Game
from advisor.qing.text import advice_text
from advisor.text import PLAIN

WIN = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"
REST = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF"
GOLDEN = Path(__file__).parent / "golden" / "records.jsonl"
DEFAULT = "model+search" if core.available() else "model"
"""The default advice's method: the search where the compiled core plays (every rule of
these tests), else the model alone."""


def advise_held(obj: object, budget_ms: float, seed: int, playouts: bool = False,
                search: bool | None = False) -> Advice:
    """The advice on what a user holds: read by the game's spec, advised by the game
    (the model alone unless ``search``; with ``playouts``, the playouts asked for)."""
    budget = Budget(playouts_per_ms=PER_MS if playouts else 0.0)
    return advise(*GAME.read(obj), budget, budget_ms=budget_ms, seed=seed, search=search)


def test_winning_now_is_certain_and_first() -> None:
    adv = advise_held({"hand": WIN}, budget_ms=20, seed=1)
    assert adv.best == Action("win") and adv.first.p_win == 1.0 and adv.first.method == "exact"
    assert "certain" in adv.first.explanation
    legal = GAME.read({"hand": WIN})[1]
    assert {o.action for o in adv.options} == set(legal)


def test_a_win_with_the_discard_on_offer() -> None:
    adv = advise_held({"hand": REST, "offer": "1c", "players": 3}, budget_ms=20, seed=1)
    assert adv.best == Action("win") and adv.phase == "offer"


def test_without_the_search_every_action_is_judged_by_the_model_alone() -> None:
    adv = advise_held({"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 9s 5m 6m 8m RF 2s"},
                      budget_ms=150, seed=2)
    assert adv.playouts == 0 and all(o.method == "model" for o in adv.options)
    assert all(o.p_win == pytest.approx(o.p_model) for o in adv.options)
    n = len(adv.options)
    assert n > 1 and adv.to_json()["work"] == {"unit": "actions", "done": n, "asked": n}


def test_every_action_is_judged_by_the_model_and_the_same_playouts() -> None:
    adv = advise_held({"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 9s 5m 6m 8m RF 2s"},
                      budget_ms=150, seed=2, playouts=True)
    assert all(o.method == "model" for o in adv.options)
    assert all(o.p_win is not None and 0 <= o.p_win <= 1 for o in adv.options)
    assert all(o.p_win_se is not None and o.p_win_se > 0 for o in adv.options)
    worlds = {o.playouts for o in adv.options}
    assert len(worlds) == 1 and worlds.pop() > 0  # every action on the same sampled deals
    assert adv.playouts == sum(o.playouts for o in adv.options)
    j = adv.to_json()
    assert j["best"] == adv.best.to_json() and len(j["actions"]) == 15
    assert j["work"] == {"unit": "playouts", "done": adv.playouts, "asked": adv.playouts}
    assert adv.playouts == round(150 * PER_MS) // 15 * 15
    wins = [a["win"] for a in j["actions"]]
    assert wins == sorted(wins, reverse=True)
    assert all(a["expected"] is not None and -1 <= a["expected"] <= 3 for a in j["actions"])
    assert "playouts" in advice_text(adv, PLAIN)


def test_a_small_budget_judges_every_action_by_the_model_alone() -> None:
    g = Game.from_deal(4, seed=6)
    adv = advise(g.view(g.dealer), g.legal_actions(), budget_ms=1, seed=1, search=False)
    assert adv.playouts == 0 and len(adv.options) == len(g.legal_actions())
    assert all(o.method == "model" and o.p_win == pytest.approx(o.p_model) for o in adv.options)
    assert "0% of" not in advice_text(adv, PLAIN)


def test_the_advice_is_reproducible_for_a_seed_and_budget() -> None:
    g = Game.from_deal(4, seed=6)
    legal = g.legal_actions()
    a = advise(g.view(g.dealer), legal, Budget(ms=40, seed=3))
    b = advise(g.view(g.dealer), legal, Budget(ms=40, seed=3))
    assert [o.to_json() for o in a.options] == [o.to_json() for o in b.options]


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.integers(0, 40))
def test_every_legal_action_is_judged_and_ranked_by_its_stated_chance(
        players: int, seed: int, moves: int) -> None:
    """Decisions from greedy deals: every legal action once, judged by the search (exact
    only for a win; greedy+'s choice marked) — by the model alone, with no playout, beside
    a legal win —, the list never ranking a lower stated chance above a higher one."""
    g = Game.from_deal(players, seed=seed)
    bot = GreedyBot()
    for _ in range(moves):
        if g.over:
            return
        d = g.pending
        assert d is not None
        g.act(d.seat, bot.decide(g.view(d.seat), g.legal_actions()))
    if g.over:
        return
    d = g.pending
    assert d is not None
    legal = g.legal_actions()
    j = advise(g.view(d.seat), legal, budget_ms=20, seed=seed).to_json()  # the search
    assert sorted(map(str, (a["action"] for a in j["actions"]))) == \
        sorted(map(str, (a.to_json() for a in legal)))
    if len(legal) > 1:
        rest = [a for a in j["actions"] if a["method"] != "exact"]
        if len(rest) < len(j["actions"]):  # a win: certain and first, the others the model's
            assert j["actions"][0]["certain"]
            assert all(a["method"] == "model" and a["playouts"] == 0 for a in rest)
        elif len(rest) > 1:  # searched, greedy+'s choice among them
            assert all(a["method"] == DEFAULT for a in rest)
            assert sum(a.get("anchor", False) for a in rest) == (DEFAULT == "model+search")
        assert all((a["method"] == "exact") == (a["action"] == {"do": "win"})
                   for a in j["actions"])
    keys = [a["win"] for a in j["actions"] if a["win"] is not None]
    assert keys == sorted(keys, reverse=True)


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


# --- the search on request ------------------------------------------------------------------

SEARCHED = {"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 9s 5m 6m 8m RF", "offer": "4s", "players": 4}
"""Two takes and the draw: few actions, so the search is quick on the Python engines too."""


def test_the_search_plays_every_action_in_the_same_worlds_against_greedy_plus() -> None:
    from advisor.qing.advice import SEARCH_LEAST, search_per_ms
    from advisor.qing.bots import StrongBot

    view, legal = GAME.read(SEARCHED)
    adv = advise(view, legal, budget_ms=25, seed=4, search=True)
    assert len(adv.options) == len(legal) > 1
    assert all(o.method == "model+search" for o in adv.options)
    asked = max(SEARCH_LEAST, round(25 * search_per_ms()))
    done = adv.playouts  # the moves played: all asked (the last playout may go past)
    cut = any("time limit" in n for n in adv.notes)  # the safety cap (slow engines)
    anchor = StrongBot().decide(view, legal)
    first = next(o for o in adv.options if o.action == anchor)
    worlds = max(o.playouts for o in adv.options)
    # every action in the first worlds; greedy+'s choice, never dropped, in every world
    # (but the last, which the work may end within)
    assert first.playouts >= worlds - 1 and all(o.playouts >= 1 for o in adv.options)
    assert done >= asked or cut or worlds >= 16, (done, asked, adv.notes)  # or stopped early
    j = adv.to_json()
    assert j["method"] == "model+search"
    assert j["work"] == {"unit": "moves", "done": done, "asked": asked}
    assert all(0 <= a["win"] <= 1 and a["win_se"] > 0 for a in j["actions"])
    wins = [a["win"] for a in j["actions"]]
    assert wins == sorted(wins, reverse=True)
    # stated relative to greedy+'s choice: never above it but by a measured margin
    assert all(o.p_win is not None and first.p_win is not None for o in adv.options)
    assert adv.options.index(first) == 0 or adv.first.p_win > first.p_win  # type: ignore
    if not cut:  # counted work: the same answer
        again = advise(view, legal, budget_ms=25, seed=4, search=True)
        assert [o.to_json() for o in again.options] == [o.to_json() for o in adv.options]
    assert "worlds searched" in advice_text(adv, PLAIN)


def test_the_anchor_is_kept_unless_beaten_by_the_margin() -> None:
    """An action that wins a few worlds more than the greedy+ player's choice, within
    KEEP_Z paired standard errors, is stated no better; one that wins clearly more is
    stated better, by its difference less the margin."""
    from advisor.qing.advice import KEEP_Z, _anchored
    from advisor.qing.value import load

    view, legal = GAME.read({"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 9s 5m 6m 8m RF 2s"})
    a, b, c = legal[:3]
    n = 64
    anchor = [1.0 if w % 4 == 0 else 0.0 for w in range(n)]  # 16 wins
    close = list(anchor)
    close[1] = close[2] = 1.0  # two worlds more: within the margin
    clear = [1.0 if w % 2 == 0 else 0.0 for w in range(n)]  # 32 wins, never fewer
    won = {a: anchor, b: close, c: clear}
    paid = {x: [3.0 * v - (1 - v) for v in won[x]] for x in won}
    states = {x: None for x in won}
    got = {o.action: o for o in _anchored(view, [a, b, c], states, won, paid, a,  # type: ignore[arg-type]
                                          load())}
    assert got[b].p_win == got[a].p_win and got[b].expected == got[a].expected
    d = [x - y for x, y in zip(clear, anchor)]
    m = sum(d) / n
    se = (sum((x - m) ** 2 for x in d) / (n - 1) / n) ** 0.5
    assert got[c].p_win == pytest.approx(got[a].p_win + m - KEEP_Z * se)
    ranked = _anchored(view, [c, b, a], states, won, paid, a, load())  # type: ignore[arg-type]
    assert [o.action for o in ranked] == [c, a, b]  # the anchor first among equals


def test_the_search_is_the_default_and_the_model_alone_on_request() -> None:
    default = GAME.advice(SEARCHED, Context(25.0, 4))
    assert all(o.method == DEFAULT for o in default.options)
    searched = GAME.advice(SEARCHED, Context(25.0, 4, search=True))
    assert all(o.method == "model+search" for o in searched.options)
    if DEFAULT == "model+search":
        assert [o.to_json() for o in searched.options] == \
            [o.to_json() for o in default.options]
    plain = GAME.advice(SEARCHED, Context(25.0, 4, search=False))
    assert all(o.method == "model" for o in plain.options)
    only = {"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 9s 5m 6m 8m RF 2s"}
    v, acts = GAME.read(only)
    assert advise(v, acts[:1], budget_ms=25, search=True).first.method == "only"


def test_the_command_line_and_the_api_offer_the_search() -> None:
    """``advisor qing advise --search`` and ``POST /v1/qing/advice?search=true`` answer as
    the library does for the same budget and seed (counted worlds); Qing's advice takes
    no ``samples`` (the CLI's usage error, the API's 422); the hint takes ``search``."""
    from click.testing import CliRunner

    from advisor.cli import main
    from advisor.cli.common import EXIT_USAGE
    from service import create_app

    want = GAME.advice(SEARCHED, Context(25.0, 4, search=True)).to_json()
    want.pop("ms")
    args = ["qing", "advise", "--hand", SEARCHED["hand"], "--offer", SEARCHED["offer"],
            "--players", "4", "--budget-ms", "25", "--seed", "4", "--json"]
    r = CliRunner().invoke(main, [*args, "--search"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    got.pop("ms")
    if not any("time limit" in n for n in want["notes"] + got["notes"]):  # counted work
        assert got == want
    assert got["method"] == "model+search"
    assert CliRunner().invoke(main, [*args, "--samples", "2"]).exit_code == EXIT_USAGE
    client = create_app({"TESTING": True}).test_client()
    r2 = client.post("/v1/qing/advice?search=true&seed=4&budget_ms=25", json=SEARCHED)
    assert r2.status_code == 200, r2.get_json()
    assert r2.get_json()["method"] == "model+search"
    assert client.post("/v1/qing/advice?search=true&samples=2",
                       json=SEARCHED).status_code == 422
    assert client.post("/v1/qing/advice?search=maybe", json=SEARCHED).status_code == 422
    default = client.post("/v1/qing/advice?seed=4&budget_ms=25", json=SEARCHED).get_json()
    assert default["method"] == DEFAULT
    plain = client.post("/v1/qing/advice?search=false&seed=4&budget_ms=25",
                        json=SEARCHED).get_json()
    assert plain["method"] == "model"
    r3 = CliRunner().invoke(main, [*args, "--no-search"])
    assert r3.exit_code == 0 and json.loads(r3.output)["method"] == "model", r3.output
    op = client.get("/openapi.json").get_json()["paths"]["/v1/qing/advice"]["post"]
    assert [p["name"] for p in op["parameters"]] == ["budget_ms", "seed", "search"]
