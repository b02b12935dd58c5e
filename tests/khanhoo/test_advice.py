"""The advisor: every legal action ranked, going out first when it can, exact points near
going out, a budget that is kept, and the race model's basic laws."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.errors import DuplicateCardError, PositionError
from advisor.games.answer import in_order
from advisor.khanhoo.advice import (
    PER_MS,
    Advice,
    Budget,
    Race,
    advise,
    first_chance,
    opponent_hazard,
    time_to_go_out,
)
from advisor.khanhoo.bots import GreedyBot
from advisor.khanhoo.cards import Card, card
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Action, Game

WAITING = "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"
FAST = Budget(ms=2000, rollouts=2)


def advise_held(obj: object, budget: Budget | None = None) -> Advice:
    """The advice on what a user holds: read by the game's spec, advised by the game."""
    return advise(*KHANHOO.read(obj), budget)


def test_going_out_comes_first_with_its_exact_points() -> None:
    adv = advise_held({"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c"}, FAST)
    best = adv.first
    assert best.action == Action("out", best.action.card) and best.p_first == 1.0
    assert best.certain and best.points == 34 and best.method == "exact"
    assert "34 points now" in best.explanation
    assert {o.action for o in adv.options} == set(KHANHOO.read(
        {"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c"})[1])


def test_a_claim_that_completes_the_hand_goes_out_at_once() -> None:
    adv = advise_held({"hand": WAITING, "offer": "2c", "from": "left"}, FAST)
    assert adv.phase == "claim" and adv.best.do == "take"
    # the race counts it done, 17 points; a better claim may still win the card (K5)
    assert adv.first.race_first == 1.0 and adv.first.race_points == 17
    passing = next(o for o in adv.options if o.action == Action("pass"))
    assert passing.p_first < adv.first.p_first < 1.0 and passing.method == "tree"


def test_near_going_out_the_points_are_exact() -> None:
    adv = advise_held({"hand": WAITING + " 5c"}, FAST)
    keep_wait = next(o for o in adv.options if o.action == Action("discard", _c("5c")))
    assert keep_wait.distance == 1 and keep_wait.method == "tree"
    # waiting on 2c (Triplet 2h 2c 2d: 17 points) or a Joker (also 17): the 3-player
    # table's pack holds two Jokers (K1)
    assert keep_wait.acceptance == 3
    assert keep_wait.race_points == pytest.approx(keep_wait.race_first * 17)
    assert keep_wait.situation is not None and keep_wait.situation.points_out == 17


def test_every_legal_action_once_even_when_the_budget_is_spent() -> None:
    g = Game.from_deal(3, seed=8)
    legal = g.legal_actions()
    adv = advise(g.view(g.leader), legal, Budget(ms=0, rollouts=0))
    assert adv.budget_spent
    assert sorted(map(str, (o.action for o in adv.options))) == sorted(map(str, legal))
    # the actions judged by distance alone state no number, and come last
    assert all(o.p_first is None if o.method == "distance" else 0.0 <= o.p_first <= 1.0
               for o in adv.options)
    assert any(o.method == "distance" for o in adv.options)
    j = adv.to_json()
    assert j["best"] == adv.best.to_json() and len(j["actions"]) == len(legal)
    # the budget of 0 ms buys the least work, one hand: the first action's
    assert j["budget_spent"] and j["work"] == {"unit": "hands", "done": 1, "asked": 1}
    assert j["judged"] == 1 < len(legal)
    assert any("not judged (the budget's work ran out)" in n for n in j["notes"])
    methods = [a["method"] for a in j["actions"]]
    assert methods == sorted(methods, key=lambda m: m == "not-judged")
    assert all(a["win"] is None and a["expected"] is None
               for a in j["actions"] if a["method"] == "not-judged")


def test_advice_on_a_record_prefix_uses_the_pending_seat() -> None:
    g = Game.from_deal(3, seed=2)
    g.act(g.leader, next(a for a in g.legal_actions() if a.do == "discard"))
    adv = advise_held(g.to_record(), FAST)
    assert g.pending is not None and adv.seat == g.pending.seat
    assert {o.action for o in adv.options} == set(g.legal_actions())


@pytest.mark.parametrize(("obj", "field"), [
    ({"hand": WAITING}, "hand"),  # at rest, nothing on offer
    ({"hand": WAITING, "offer": "5s"}, "offer"),
    ({"hand": WAITING, "offer": "2c", "from": "up"}, "from"),
    ({"hand": WAITING, "offer": "2c", "players": 9}, "players"),
    # The table is built with `turn` discards a seat: a huge one took all the memory.
    ({"hand": WAITING, "offer": "2c", "turn": 10**9}, "turn"),
    ({"hand": WAITING, "offer": "2c", "turn": -1}, "turn"),
    ({"hand": WAITING, "offer": "2c", "turn": "3"}, "turn"),
    ("not an object", "$"),
])
def test_advice_requests_are_checked(obj: object, field: str) -> None:
    with pytest.raises(PositionError) as err:
        KHANHOO.read(obj)
    assert err.value.field == field


@pytest.mark.parametrize("obj", [
    {"hand": WAITING, "offer": "Ah", "seen": "Ah"},  # a third Ah in 2 sets
    {"hand": WAITING, "offer": "Jk", "jokers": 0},
])
def test_an_offer_is_a_copy_the_pack_still_holds(obj: object) -> None:
    with pytest.raises(DuplicateCardError, match=r"K1") as err:
        KHANHOO.read(obj)
    assert err.value.field == "offer"


def test_null_means_not_given_in_an_advice_request() -> None:
    given = {"hand": WAITING, "offer": "2c", "from": None, "players": None, "turn": None}
    assert KHANHOO.read(given) == KHANHOO.read({"hand": WAITING, "offer": "2c"})


def test_a_finished_record_has_nothing_to_advise() -> None:
    g = Game.from_deal(2, seed=1, max_turns=1)
    g.act(g.leader, next(a for a in g.legal_actions() if a.do == "discard"))
    with pytest.raises(PositionError, match="over"):
        advise_held(g.to_record())


def test_time_to_go_out_and_the_race() -> None:
    assert time_to_go_out(0, 0.0, 3) == [1.0, 0.0, 0.0]
    assert 0.95 < sum(time_to_go_out(2, 0.5)) <= 1.0  # the rest lies past the horizon
    table = Race(((2, 0), (2, 1)))
    assert first_chance(time_to_go_out(0, 1.0), table, 0) == 1.0
    assert first_chance(time_to_go_out(1, 0.2), table) < first_chance(time_to_go_out(1, 0.3),
                                                                      table)
    assert first_chance(time_to_go_out(1, 0.2), table) < first_chance(time_to_go_out(1, 0.2),
                                                                      table, 0)
    assert opponent_hazard(1, 0) == 0.0 < opponent_hazard(5, 0) < opponent_hazard(5, 2)


@settings(max_examples=30)
@given(st.integers(0, 5), st.floats(0.01, 1.0), st.floats(0.01, 1.0))
def test_more_acceptance_never_lowers_the_chance(d: int, q1: float, q2: float) -> None:
    table = Race(((1, 0), (1, 0)))
    lo, hi = sorted((q1, q2))
    assert first_chance(time_to_go_out(d, lo), table) <= \
        first_chance(time_to_go_out(d, hi), table) + 1e-12


def test_the_advisor_plays_legal_deals() -> None:
    s = KHANHOO.simulate(["advisor:50", "greedy", "random"], games=2, seed=3)
    assert s.games == 2 and s.incidents == []


def _c(code: str) -> Card:
    return card(code)


def test_claim_danger_of_a_discard() -> None:
    from advisor.khanhoo.advice import claim_danger
    from advisor.khanhoo.bots import SeatCards

    g = Game.from_deal(3, seed=8)
    view = g.view(g.leader)
    seat = SeatCards.of(view)
    assert claim_danger(card("Jk"), view, seat) == 0.9
    dangers = [claim_danger(c, view, seat) for c in (card("5h"), card("Ks"))]
    assert all(0.0 <= d < 1.0 for d in dangers)
    # with nothing unseen, nobody can hold a partner
    empty = SeatCards(seat.rules, seat.hand, seat.own, seat.target, (0,) * 31)
    assert claim_danger(card("5h"), view, empty) == 0.0


def _greedy_decision(seed: int, moves: int, players: int = 3,
                     phase: str | None = None) -> tuple[Game, int] | None:
    """A deal played by greedy bots for ``moves`` moves (or until a decision of
    ``phase``): the game and the seat to act, or None when the deal ended first."""
    g = Game.from_deal(players, seed=seed)
    bot = GreedyBot()
    for _ in range(moves):
        d = g.pending
        if d is None:
            return None
        if phase is not None and d.phase == phase:
            return g, d.seat
        legal = g.legal_actions()
        g.act(d.seat, legal[0] if len(legal) == 1 else bot.decide(g.view(d.seat), legal))
    d = g.pending
    return None if d is None or phase is not None else (g, d.seat)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.sampled_from([2, 3, 4]))
def test_the_list_never_ranks_a_lower_chance_first(seed: int, moves: int,
                                                   players: int) -> None:
    found = _greedy_decision(seed, moves, players)
    if found is None:
        return
    g, seat = found
    legal = g.legal_actions()
    ans = advise(g.view(seat), legal, budget_ms=40, seed=seed).answer()
    assert in_order(ans.actions, "win")
    wins = [a.win for a in ans.actions if a.judged]
    assert all(w is not None for w in wins) and wins == sorted(wins, reverse=True)  # type: ignore[type-var]
    assert all(a.win is None for a in ans.actions if not a.judged)
    assert ans.work.unit == "hands" and ans.work.done <= ans.work.asked  # type: ignore[operator]
    assert all(a.certain == (a.action["do"] in ("out", "quartette")) for a in ans.actions)


def test_the_same_seed_and_budget_give_the_same_answer() -> None:
    found = _greedy_decision(5, 4)
    assert found is not None
    g, seat = found
    view, legal = g.view(seat), g.legal_actions()
    first, second = (advise(view, legal, budget_ms=100, seed=9).to_json() for _ in range(2))
    first.pop("ms")
    second.pop("ms")
    assert first == second


def test_the_default_budget_judges_every_action_of_a_turn() -> None:
    g = Game.from_deal(3, seed=8)
    adv = advise(g.view(g.leader), g.legal_actions())
    assert all(o.judged for o in adv.options) and not adv.budget_spent
    ans = adv.answer()
    assert ans.work.asked == round(Budget().ms * PER_MS) and ans.work.done <= ans.work.asked


def test_the_callers_deadline_cuts_the_work_and_says_so() -> None:
    g = Game.from_deal(3, seed=8)
    j = advise(g.view(g.leader), g.legal_actions(), budget_ms=1000, limit_ms=0.0).to_json()
    assert j["work"]["done"] < j["work"]["asked"]
    assert any("time limit of 0 ms cut the work" in n for n in j["notes"])
    assert [a["method"] for a in j["actions"]].count("not-judged") == \
        len(j["actions"]) - j["judged"] > 0


def test_a_forced_draw_is_judged_as_what_it_leaves() -> None:
    found = next(f for s in range(40) if (f := _greedy_decision(s, 60, phase="draw")))
    g, seat = found
    legal = g.legal_actions()
    assert legal == [Action("draw")]
    j = advise(g.view(seat), legal).to_json()
    (only,) = j["actions"]
    assert only["method"] != "not-judged" and 0.0 < only["win"] < 1.0
    assert only["text"] == "draw" and "not judged" not in only["explanation"]
    assert any("the only legal action" in n for n in j["notes"])


def test_the_chances_against_other_opponents_keep_the_ranking(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    from advisor.games.recalibration import Maps
    from advisor.khanhoo import recalibrate

    g = Game.from_deal(3, seed=11)
    view, legal = g.view(g.leader), g.legal_actions()
    with pytest.raises(PositionError) as e:
        advise(view, legal, budget_ms=100, seed=1, opponents="experts")
    assert e.value.field == "opponents"
    monkeypatch.setattr(recalibrate, "maps", lambda: Maps())
    plain = advise(view, legal, budget_ms=100, seed=1, limit_ms=60_000)
    unfitted = advise(view, legal, budget_ms=100, seed=1, limit_ms=60_000, opponents="advisor")
    assert [o.p_first for o in unfitted.options] == [o.p_first for o in plain.options]
    assert any("no map against advisor players" in n for n in unfitted.answer().notes)
    # a map that lowers every chance: the same order, lower numbers, and it says so
    monkeypatch.setattr(recalibrate, "maps", lambda: Maps.from_dict(
        {"maps": {"3 players": {"advisor": {"a": 1.2, "b": -0.8}}}}))
    mapped = advise(view, legal, budget_ms=100, seed=1, limit_ms=60_000, opponents="advisor")
    assert [o.action for o in mapped.options] == [o.action for o in plain.options]
    pairs = [(m.p_first, p.p_first) for m, p in zip(mapped.options, plain.options)
             if p.p_first is not None and not p.certain]
    assert pairs and all(m is not None and m < p for m, p in pairs)
    assert "the chances are against players like the advisor" in mapped.answer().notes
