"""The advisor: every legal play ranked, exact when every card is known, sampled
otherwise, under a budget; positions and record prefixes as input."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.errors import AdvisorError, DuplicateCardError, PositionError
from advisor.games.answer import in_order
from advisor.ming.advice import (
    ENUMERATE_AT_MOST,
    KNOWN_FACTOR,
    Advice,
    Budget,
    Situation,
    advise,
    advise_situation,
    card_classes,
    same_play,
)
from advisor.ming.bots import greedy_choice
from advisor.ming.faces import GAME as MING
from advisor.ming.game import Action, Game
from advisor.ming.solve import DuelSolver, State, action_of, solve, state_of
from advisor.ming.view import View
from tests.ming.deals import m, play_out
from tests.ming.test_record import record
from tests.ming.test_solve import endgame

FEW_WORLDS = Path(__file__).parent / "golden" / "few_worlds_beyond_listing.json"
"""A 3-player VIEW near the end: 6,006 ways to fill the other hands, each cheap to judge."""


def advise_held(obj: object, budget: Budget) -> Advice:
    """The advice on what a user holds: read by the game's spec, advised by the game."""
    return advise(*MING.read(obj), budget=budget)


def test_advice_ranks_every_legal_play() -> None:
    g = Game.from_deal(2, seed=4)
    legal = g.legal_actions()
    adv = advise(g.view(g.eldest), legal, budget_ms=40, seed=1)
    assert adv.best in legal
    assert sorted(map(str, (o.action for o in adv.options))) == sorted(map(str, legal))
    assert adv.method == "sampled" and adv.worlds >= 1
    json.dumps(adv.to_json())  # no NaN or other non-JSON value
    assert adv.explanation.startswith(adv.options[0].what)


def test_advice_is_exact_when_every_card_is_known() -> None:
    # the last follow of a 3-player trick: the other hands are known once empty
    g = endgame(3, 3, 1)
    while (g.pending is not None and g.trick is None) or (
            g.pending is not None and g.trick is not None
            and len(g.trick.plays) < 2):
        g.act(g.pending.seat, g.legal_actions()[0])
    if g.pending is None:
        pytest.skip("deal over")
    d = g.pending
    adv = advise(g.view(d.seat), g.legal_actions(), budget_ms=50, seed=0)
    assert adv.method == "exact" and adv.possible == 1
    sol = solve(g)
    want = {str(a): sol.settlement(i) for i, a in enumerate(sol.actions)}
    scores = g.scores
    for o in adv.options:
        assert o.method == "exact" and o.se == 0.0
        past = len(scores) * scores[d.seat] - sum(scores)
        assert o.settlement == past + want[str(o.action)]


def test_few_worlds_are_all_judged() -> None:
    g = endgame(2, 8, 2)
    if g.pending is None:
        pytest.skip("deal over")
    adv = advise(g.view(g.pending.seat), g.legal_actions(), budget_ms=200, seed=0)
    assert adv.method == "all-worlds" and adv.worlds == adv.possible
    assert all(o.method == "solved" and o.se == 0.0 and not o.judged_as().certain
               for o in adv.options)
    assert f"all {adv.possible} of {adv.possible} ways" in adv.explanation


def test_worlds_are_drawn_without_replacement() -> None:
    for players, cards in ((2, 13), (2, 6), (3, 4)):
        g = endgame(players, 3, cards)
        assert g.pending is not None
        sit = Situation.of(g.view(g.pending.seat))
        drawn = list(itertools.islice(sit.distinct_deals(random.Random(1)), 500))
        assert len(set(drawn)) == len(drawn) == min(500, sit.worlds())
        for hands in drawn:
            assert hands[sit.seat] == sit.hand
            assert all(h & ~sit.unseen == 0 for i, h in enumerate(hands) if i != sit.seat)
            assert tuple(h.bit_count() for h in hands) == sit.sizes


def test_worlds_drawn_at_random_end_when_every_one_is_drawn() -> None:
    # Past ENUMERATE_AT_MOST the worlds are drawn at random; once every one has been
    # drawn the draw ends (it drew the drawn ones again, forever: a 3-player position
    # with 6,006 worlds and a budget of 250,000 states hung the advice on the core).
    v = View.from_json(json.loads(FEW_WORLDS.read_text(encoding="utf-8")))
    sit = Situation.of(v)
    assert ENUMERATE_AT_MOST < sit.worlds() == 6_006
    drawn = list(sit.distinct_deals(random.Random(3)))
    assert len(drawn) == len(set(drawn)) == sit.worlds()
    assert set(drawn) == set(sit.all_deals())


@pytest.mark.parametrize("budget_ms", [100, 400])
def test_a_budget_beyond_every_world_judges_them_all_and_stops(budget_ms: float) -> None:
    v = View.from_json(json.loads(FEW_WORLDS.read_text(encoding="utf-8")))
    adv = advise(v, MING.legal_of(v), budget_ms=budget_ms, seed=9)
    # Each world costs a few states: either the budget judged every one, or it was spent.
    assert adv.possible == 6_006
    assert adv.worlds == adv.possible or adv.budget_spent
    assert adv.worlds <= adv.possible


def test_more_worlds_than_the_budget_buys_are_sampled_once_each() -> None:
    g = endgame(2, 8, 5)
    assert g.pending is not None
    adv = advise(g.view(g.pending.seat), g.legal_actions(), budget_ms=5, seed=0)
    assert adv.method == "sampled" and 1 <= adv.worlds < adv.possible
    assert adv.work.unit == "states" and adv.work.asked == Budget(5).states()


def _known_follow(seed: int, most: int, size: int) -> tuple[Game, Situation]:
    """A 2-player deal at a follow to a lead of ``size`` cards with no more than ``most``
    in hand, the other hand taken as known."""
    g = Game.from_deal(2, seed=seed)
    while g.pending is not None and not (
            g.trick is not None and g.trick.lead.size == size
            and g.hand_size(g.pending.seat) <= most):
        g.act(g.pending.seat, greedy_choice(g.legal_actions()))
    if g.pending is None:
        pytest.skip("no such follow")
    sit = Situation.of(g.view(g.pending.seat))
    return g, dataclasses.replace(sit, unseen=g.hands[1 - g.pending.seat])


@pytest.mark.parametrize(("seed", "most", "size"), [(0, 8, 1), (5, 6, 1), (6, 10, 3)])
def test_a_known_position_is_solved_whole_and_exact(seed: int, most: int, size: int) -> None:
    g, sit = _known_follow(seed, most, size)
    d = g.pending
    assert d is not None and sit.worlds() == 1
    legal = g.legal_actions()
    adv = advise_situation(sit, legal, d.phase, Budget(ms=2_000, limit_ms=60_000))
    assert adv.method == "exact" and adv.answer().method == "exact"
    st_ = state_of(g)
    base = 2 * g.scores[d.seat] - sum(g.scores)
    want = {str(action_of(st_, mv)): base + mg for mv, mg in DuelSolver().move_margins(st_)}
    assert len(adv.options) == len(legal) == len(want)
    for o in adv.options:  # every play, solved whatever the budget
        j = o.judged_as()
        assert j.method == "exact" and j.certain and o.settlement == want[str(o.action)]


def test_a_known_position_past_the_budget_is_judged_as_any_other() -> None:
    # a follow of three cards from ten: its whole solve takes more states than 2.5 times
    # what a budget of 1 ms buys, so it is judged as any position, within the budget
    g, sit = _known_follow(6, 10, 3)
    d = g.pending
    assert d is not None
    adv = advise_situation(sit, g.legal_actions(), d.phase, Budget(ms=1, limit_ms=60_000))
    assert adv.method != "exact" and not any(o.judged_as().certain for o in adv.options)
    assert adv.work.done <= KNOWN_FACTOR * adv.work.asked + Budget(ms=1).max_nodes


def test_interchangeable_cards() -> None:
    hand = m("2s 4s 6s 7m 8m")
    # 3s gone, 5s still out: 2s ~ 4s; 7m and 8m differ in bonus (8m scores 3)
    classes = card_classes(hand, m("5s 9s 9m"))
    assert classes[m("4s").bit_length() - 1] == classes[m("2s").bit_length() - 1]
    assert classes[m("6s").bit_length() - 1] != classes[m("4s").bit_length() - 1]
    assert len(set(classes.values())) == 4
    # a card that can still make a combination with the hand stays alone
    classes = card_classes(m("1s 2s 3s 5s"), m("9m"))
    assert len(set(classes.values())) == 4


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 8))
def test_equivalent_plays_are_worth_the_same_in_every_world(seed: int, cards: int) -> None:
    g = endgame(2, seed, cards)
    assert g.pending is not None
    while g.pending is not None and g.trick is None:
        g.act(g.pending.seat, greedy_choice(g.legal_actions()))
    if g.pending is None:
        return
    d = g.pending
    sit = Situation.of(g.view(d.seat))
    classes = card_classes(sit.hand, sit.unseen | sit.table)
    hands = next(sit.distinct_deals(random.Random(seed)))
    st_ = State(hands, d.seat, sit.trick)
    by_class: dict[tuple[object, ...], set[int]] = {}
    for mv, mg in DuelSolver().move_margins(st_):
        by_class.setdefault(same_play(action_of(st_, mv), classes), set()).add(mg)
    assert all(len(v) == 1 for v in by_class.values())


def _decisions(players: int, seed: int) -> list[tuple[object, list[Action]]]:
    g = Game.from_deal(players, seed=seed)
    out = []
    while g.pending is not None:
        legal = g.legal_actions()
        out.append((g.view(g.pending.seat), legal))
        g.act(g.pending.seat, greedy_choice(legal))
    return out


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6), st.data())
def test_every_play_is_judged_one_way_and_ranked(players: int, seed: int,
                                                 data: st.DataObject) -> None:
    decisions = _decisions(players, seed)
    view, legal = data.draw(st.sampled_from(decisions))
    ans = advise(view, legal, budget_ms=10, seed=seed).answer()
    assert in_order(ans.actions, ans.ranked_by)
    keys = [a.key("expected") for a in ans.actions]
    assert keys == sorted(keys, reverse=True)  # no lower number above a higher one
    assert sorted(str(a.action) for a in ans.actions) == sorted(str(a.to_json())
                                                               for a in legal)
    assert len({a.method for a in ans.actions}) == 1 and ans.actions[0].judged
    assert all(a.certain == (ans.method == "exact") for a in ans.actions)
    assert ans.work.unit == "states" and ans.work.done > 0


def test_the_budget_is_kept() -> None:
    g = Game.from_deal(3, seed=2)
    adv = advise(g.view(g.eldest), g.legal_actions(), budget=Budget(ms=5, seed=1))
    assert adv.worlds >= 1 and adv.ms < 2000


def test_a_position_lead() -> None:
    view, legal = MING.read({"hand": "9c 9s 9m 1s 2s 3s 5m", "players": 2,
                                  "seen": "4s 5s 6s 7s 8s 1m 2m 3m 4m 6m 7m 8m"})
    assert view.phase == "lead" and view.hand_sizes == (7, 7)
    assert len([a for a in legal if a.cards.bit_count() == 3]) == 3  # L9 twice, a gibbon
    adv = advise_held({"hand": "9c 9s 9m 1s 2s 3s 5m",
                       "seen": "4s 5s 6s 7s 8s 1m 2m 3m 4m 6m 7m 8m"}, Budget(ms=50))
    assert adv.best in legal


def test_a_position_follow_with_a_face_down_play() -> None:
    view, legal = MING.read({"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3,
                                  "seat": 2, "trick": ["7c", "?"]})
    assert view.phase == "follow" and view.trick is not None and view.hand_sizes == (8, 8, 9)
    assert all(a.beats for a in legal)
    adv = advise_held({"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3, "seat": 2,
                       "trick": ["7c", "?"]}, Budget(ms=30))
    assert adv.best.do == "follow"


@pytest.mark.parametrize(("obj", "error", "field"), [
    ({"hand": "1s 1s"}, DuplicateCardError, "hand"),
    ({"hand": "1s", "trick": ["1s"]}, DuplicateCardError, "trick[0]"),
    ({"hand": "1s 2s", "trick": ["1c 2c 9m"]}, PositionError, "trick[0]"),
    ({"hand": "1s 2s", "players": 4}, PositionError, "players"),
    ({"hand": "1s", "colour": 1}, PositionError, "colour"),
    ({}, PositionError, "hand"),
])
def test_a_bad_position_names_its_field(obj, error, field) -> None:
    with pytest.raises(error) as err:
        advise_held(obj, Budget(ms=10))
    assert err.value.field == field


def test_a_record_prefix_is_advised() -> None:
    rec = record("three-random")
    del rec["result"]
    rec["moves"] = rec["moves"][:7]
    adv = advise_held(rec, Budget(ms=30))
    view, legal = MING.view_at(rec)
    assert adv.seat == view.seat and adv.best in legal


def test_a_finished_deal_has_nothing_to_advise() -> None:
    g = play_out(Game.from_deal(2, seed=1))
    with pytest.raises(AdvisorError, match="nothing to advise"):
        advise(g.view(0), [], budget_ms=10, seed=0)


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6))
def test_the_opponents_move_the_stated_chances_but_not_the_play(players, seed) -> None:
    g = endgame(players, seed, 4)
    if g.pending is None:
        return
    d = g.pending
    v, legal = g.view(d.seat), g.legal_actions()
    by = {o: advise(v, legal, budget_ms=10, seed=seed, opponents=o)
          for o in ("greedy", "greedy+", "advisor")}
    base = by["greedy"]
    for adv in by.values():
        assert [str(o.action) for o in adv.options] == [str(o.action) for o in base.options]
        assert [o.settlement for o in adv.options] == [o.settlement for o in base.options]
        # the map is increasing: the plays' chances keep their order
        pairs = sorted((o.share, o.win) for o in adv.options if o.method != "exact")
        assert all(a[1] <= b[1] for a, b in itertools.pairwise(pairs))
        assert all(0.01 <= o.win <= 0.99 for o in adv.options if o.method != "exact")
    if base.method != "exact":
        assert any("advisor" in n for n in by["advisor"].notes)
        assert not any("players like" in n for n in base.notes)


def test_unknown_opponents_are_refused() -> None:
    g = Game.from_deal(2, seed=4)
    with pytest.raises(PositionError) as e:
        advise(g.view(g.eldest), g.legal_actions(), budget_ms=5, opponents="random")  # type: ignore[arg-type]
    assert e.value.field == "opponents"


def test_every_fitted_map_is_increasing() -> None:
    from advisor.ming.recalibrate import OPPONENTS, maps

    fitted = maps()["maps"]
    assert fitted  # at least the default's
    for table in fitted.values():
        for who, m_ in table.items():
            assert who in OPPONENTS and m_["b"] > 0
