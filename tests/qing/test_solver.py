"""The win check (Q2–Q5) against the brute force of tests/qing/brute.py, on random hands,
built winning hands and near misses, under both options; decompositions, distances and
waits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.qing.cards import KINDS, Counts, cards_of, counts_of, minus, parse_cards, plus
from advisor.qing.rules import Rules
from advisor.qing.solver import solver
from tests.qing.brute import brute_wins
from tests.qing.strategies import hands, near_misses, winning_hands

RULES = [Rules(), Rules("wilkinson"), Rules(extras_replace=True),
         Rules("wilkinson", extras_replace=True)]


def h(text: str) -> Counts:
    return counts_of(parse_cards(text))


def codes(c: Counts) -> list[str]:
    return [x.code for x in cards_of(c)]


def check(hand: Counts, rules: Rules) -> None:
    got = solver(rules).wins(hand)
    assert got == brute_wins(codes(hand), rules.eye6, rules.extras_replace), codes(hand)
    d = solver(rules).decompose(hand)
    assert (d is not None) == got
    if d is not None:  # the decomposition holds every card once, and is made of groups
        assert d.cards == sum(hand)
        used = [c for g in d.groups for c in (*g.cards, *g.extras)]
        assert counts_of(used) == hand
        assert any(g.kind == "eye" for g in d.groups)
        for g in d.groups:
            assert all(c.extra for c in g.extras)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.eye6}-{r.extras_replace}")
@settings(max_examples=60)
@given(data=st.data())
def test_q5_win_check_matches_brute_force_on_random_hands(rules: Rules,
        data: st.DataObject) -> None:
    check(data.draw(hands()), rules)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.eye6}-{r.extras_replace}")
@settings(max_examples=60)
@given(data=st.data())
def test_q5_win_check_matches_brute_force_on_built_winners(rules: Rules,
        data: st.DataObject) -> None:
    hand = data.draw(winning_hands(rules))
    assert solver(rules).wins(hand)
    check(hand, rules)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.eye6}-{r.extras_replace}")
@settings(max_examples=60)
@given(data=st.data())
def test_q5_win_check_matches_brute_force_on_near_misses(rules: Rules,
        data: st.DataObject) -> None:
    check(data.draw(near_misses(rules)), rules)


def test_q2_every_eye_with_boys_wins() -> None:
    rest = "4c 5c 6c 4s 5s 6s 4m 5m 6m 7m 8m 9m"
    for rules in RULES[:2]:
        for eye in rules.eyes:
            hand = counts_of([*eye.cards(), *parse_cards(rest)])
            assert solver(rules).wins(hand), eye.name


def test_q2_the_sixth_eye_is_an_option() -> None:
    culin = h("8c 3s 2m 4c 5c 6c 4s 5s 6s 4m 5m 6m 7m 8m 9m")
    wealth = h("RF 9s 9m 4c 5c 6c 4s 5s 6s 4m 5m 6m 7m 8m 1c")
    assert solver(Rules()).wins(culin) and not solver(Rules("wilkinson")).wins(culin)
    assert solver(Rules("wilkinson")).wins(wealth) and not solver(Rules()).wins(wealth)


def test_q3_a_boy_is_a_long_sequence_or_three_of_a_number_in_any_suits() -> None:
    s = solver(Rules())
    assert s.wins(h("9c 1s 1m 2c 3c 4c 5c 6c 7c 8c 2s 3s 4s 5s 6s"))  # runs of 7 and 5
    assert s.wins(h("9c 1s 1m 5c 5c 5s 7m 7m 7m 2s 2m 2c 4s 4s 4c"))  # mixed suits, identical
    assert not s.wins(h("9c 1s 1m 5c 6c 7s 7m 7m 7m 2s 2m 2c 4s 4s 4c"))  # 5c 6c 7s


def test_q4_extras_are_added_they_do_not_stand_for_a_card() -> None:
    s = solver(Rules())
    assert s.wins(h("9c 1s 1m 2c 3c 4c 5s 6s 7s 5m 5m 5m RF WF OT"))  # three flowers added
    assert s.wins(h("9c 1s 1m 2c 3c 4c 5s 6s 7s 5m 5m 5m 1c 1c 1s"))  # aces added
    assert not s.wins(h("9c 1s 1m 2c 3c 4c 5s 6s RF 5m 5m 5m 7c 8c 9c"))  # RF is no 7s
    assert not s.wins(h("2c 3c 4c 5s 6s 7s 5m 5m 5m 7c 8c 9c RF WF OT"))  # no eye


def test_q4_extras_replace_lets_a_flower_stand_in_a_boy() -> None:
    hand = h("9c 1s 1m 2c 3c 4c 5s 6s RF 5m 5m 5m 7c 8c 9c")
    d = solver(Rules(extras_replace=True)).decompose(hand)
    assert d is not None
    boy = next(g for g in d.groups if "RF" in g.codes)
    assert boy.name == "sequence" and [c.code for c in boy.stands_for] in (["4s"], ["7s"])
    # never in an eye
    assert not solver(Rules(extras_replace=True)).wins(
        h("9c 1s RF 2c 3c 4c 5s 6s 7s 5m 5m 5m 7c 8c 9c"))


def test_q5_an_exposed_eye_counts_and_extras_join_it() -> None:
    s = solver(Rules())
    assert not s.wins(h("2c 3c 4c 5s 6s 7s 5m 5m 5m 1c"))
    assert s.wins(h("2c 3c 4c 5s 6s 7s 5m 5m 5m 1c"), eye=True)


def test_distance_is_zero_for_a_win_and_one_for_a_wait() -> None:
    s = solver(Rules())
    win = h("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c")
    assert s.distance(win) == 0
    for k in range(KINDS):
        if win[k]:
            after = minus(win, k)
            assert s.distance(after) == 1 and k in s.waits(after)
    far = h("9c 2s 4m 2c 5c 8c 5s 7s 9s 3m 6m 8m 4s 3c 7c")
    assert s.distance(far) >= 3


@settings(max_examples=40)
@given(hands(14))
def test_waits_are_exactly_the_winning_draws(hand: Counts) -> None:
    s = solver(Rules())
    waits = s.waits(hand)
    d = s.distance(hand)
    assert (d == 1) == bool(waits)
    for k in waits:
        assert brute_wins(codes(plus(hand, k)))


@settings(max_examples=60)
@given(st.sampled_from(RULES[:2]), st.booleans(),
       st.one_of(hands(14), hands(15), near_misses(), hands(11), hands(8)))
def test_packed_front_is_the_reference_front(rules: Rules, eye: bool, hand: Counts) -> None:
    """The distance's packed search (three bits a kind, both eye classes at once) gives
    the same Pareto front as the plain search on count tuples that it replaced."""
    s = solver(rules)
    want = s._front(hand, eye)
    assert s.front(hand, eye) == tuple(sorted(want))


@settings(max_examples=150)
@given(st.sampled_from(RULES), st.booleans(), st.one_of(near_misses(), hands(15)))
def test_waits_are_every_completing_kind(rules: Rules, eye: bool, hand: Counts) -> None:
    """The waits' one-hole search (and, with extras_replace, the win check of each kind)
    finds every kind whose copy wins the hand, and only those (Q5), compared with a win
    check of each of the 30 kinds."""
    s = solver(rules)
    short = minus(hand, next(k for k in range(KINDS) if hand[k]))
    want = [k for k in range(KINDS) if short[k] < 4 and s.wins(plus(short, k), eye)]
    assert s.waits(short, eye) == want
