"""The advisor: every legal action ranked, going out first when it can, exact points near
going out, a budget that is kept, and the race model's basic laws."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.errors import DuplicateCardError, PositionError
from advisor.khanhoo.advice import (
    Advice,
    Budget,
    Race,
    advise,
    first_chance,
    opponent_hazard,
    time_to_go_out,
)
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
    assert j["budget_spent"] and j["work"]["done"] < j["work"]["asked"] == len(legal)
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
