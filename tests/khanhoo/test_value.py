"""The value model behind the advisor's stated numbers: the shipped models match the
code's features and say how they were fitted; a stated chance lies strictly between 0 and
1 unless the outcome is certain (going out now, K6; a Quartette, K10), and then it is 1
with the exact points."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.khanhoo.advice import CERTAIN, Advice, Budget, advise
from advisor.khanhoo.bots import GreedyBot
from advisor.khanhoo.cards import cards_of, format_cards
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Game
from advisor.khanhoo.value import (
    ACTIONS,
    FEATURES,
    POINTS_FEATURES,
    Situation,
    estimate,
    features,
    models,
)
from tests.khanhoo.strategies import dense_hands

QUICK = Budget(ms=50, rollouts=1)


def advise_held(obj: object, budget: Budget) -> Advice:
    """The advice on what a user holds: read by the game's spec, advised by the game."""
    return advise(*KHANHOO.read(obj), budget)


def test_the_shipped_models_match_the_code() -> None:
    m = models()
    assert m.game == "khanhoo"
    assert m["first"].features == FEATURES and m["first"].link == "logit"
    assert m["points"].features == POINTS_FEATURES and m["points"].link == "identity"
    for model in (m["first"], m["points"]):
        k = len(model.features)
        assert len(model.coef) == len(model.mean) == len(model.scale) == k
        assert len(model.cov) == k + 1 and all(len(row) == k + 1 for row in model.cov)


def test_the_models_say_how_they_were_fitted() -> None:
    fitted = models().fitted
    assert "fit_value.py --game khanhoo" in fitted["command"]
    assert fitted["deals"] > 0 and isinstance(fitted["seed"], int) and fitted["date"]
    assert fitted["seed"] != 2026  # not the calibration benchmark's deals
    held = fitted["held_out"]
    assert held["decisions"] > 0 and held["brier"] > 0.0 and held["tenths"]
    assert held["points_by_fifth"]


def test_features_are_the_named_list() -> None:
    s = Situation("pass", 0.2, 2, acceptance=9, unseen=40, waits=0.5, turns=3,
                  opponents=((3, 1), (2, 0)), stock_left=12)
    x = features(s)
    assert len(x) == len(FEATURES)
    named = dict(zip(FEATURES, x))
    assert named["d2"] == 1.0 and named["pass"] == 1.0 and named["waits"] == 0.5
    assert named["opp_melds"] == 1.0 and named["stock"] == pytest.approx(12 / 30)
    assert Situation.from_json(s.to_json()) == s


@pytest.mark.parametrize("do", ACTIONS)
@pytest.mark.parametrize("distance", [None, 0, 1, 2, 5])
def test_an_uncertain_chance_is_strictly_inside(do: str, distance: int | None) -> None:
    for race in (0.0, 0.3, 1.0):
        e = estimate(Situation(do, race, distance, acceptance=4, unseen=50,
                               now=distance == 0 and do in ("take", "bump")))
        assert 0.0 < e.p_first < 1.0 and e.p_first_se > 0.0
        assert e.points >= 0.0 and e.points_se >= 0.0


def test_going_out_now_is_certain() -> None:
    adv = advise_held({"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c"}, QUICK)
    outs = [o for o in adv.options if o.action.do == "out"]
    assert outs and all(o.certain and o.p_first == 1.0 and o.p_first_se == 0.0
                        for o in outs)
    assert adv.first.points == 34 and "certain" in adv.first.explanation
    others = [o for o in adv.options if o.action.do != "out" and o.judged]
    assert others and all(o.p_first is not None and 0.0 < o.p_first < 1.0 and not o.certain
                          for o in others)
    assert all(o.p_first is None for o in adv.options if not o.judged)
    j = adv.to_json()["actions"][0]
    assert j["certain"] is True and j["win"] == 1.0 and j["win_se"] == 0.0
    # the settlement of going out with 34 points at a table of 3 (K8): 34 from each other
    assert j["expected"] == 68 and j["expected_se"] == 0.0 and j["points"] == 34


def test_a_claim_that_completes_the_hand_is_not_certain() -> None:
    """A take that completes the hand goes out at once — unless a bump for a combination
    scoring more wins the card (K5)."""
    adv = advise_held({"hand": "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d",
                       "offer": "2c", "from": "left"}, QUICK)
    take = adv.first
    assert take.action.do == "take" and not take.certain and take.race_first == 1.0
    assert 0.5 < take.p_first < 1.0 and take.points > 0
    assert "±" in take.explanation and "unless a better claim" in take.explanation


def _assert_stated(adv: Advice) -> None:
    for o in adv.options:
        assert o.certain == (o.action.do in CERTAIN)
        if not o.judged:  # by distance alone: no number stated
            assert o.p_first is None and o.points is None and not o.certain
            j = o.judged_as(adv.players).to_json()
            assert j["method"] == "not-judged" and j["win"] is None
            continue
        assert o.p_first is not None and o.p_first_se is not None
        assert o.points is not None and o.points_se is not None
        assert 0.0 <= o.p_first <= 1.0 and o.p_first_se >= 0.0
        assert o.points >= 0.0 and o.points_se >= 0.0
        if o.certain:
            assert o.p_first == 1.0 and o.p_first_se == 0.0 and o.points_se == 0.0
        else:
            assert 0.0 < o.p_first < 1.0
            j = o.judged_as(adv.players).to_json()
            assert 0.0 < j["win"] < 1.0 and not j["certain"]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.sampled_from([2, 3, 4]))
def test_every_stated_chance_in_a_played_deal(seed: int, moves: int, players: int) -> None:
    """Positions reached by greedy play (turns and claims, with laid combinations):
    every chance lies in [0, 1], and is 0 or 1 only when certain."""
    g = Game.from_deal(players, rng=random.Random(seed))
    bot = GreedyBot()
    for _ in range(moves):
        d = g.pending
        if d is None:
            break
        bot.start(d.seat, g.rules)
        g.act(d.seat, bot.decide(g.view(d.seat), g.legal_actions()))
    d = g.pending
    if d is None or len(g.legal_actions()) < 2:
        return
    _assert_stated(advise(g.view(d.seat), g.legal_actions(), QUICK))


@settings(max_examples=25, deadline=None)
@given(dense_hands(16))
def test_every_stated_chance_on_a_dense_hand(hand: tuple[int, ...]) -> None:
    """Dense hands (often complete): going out is certain, nothing else."""
    _assert_stated(advise_held({"hand": format_cards(cards_of(hand))},
                               Budget(ms=20, rollouts=0)))
