"""The exact solver against plain minimax without a memo, in exact numbers, on small
endgames; the alpha-beta duel solver against max^n; budgets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.ming.bots import greedy_choice
from advisor.ming.game import Game
from advisor.ming.solve import (
    DuelSolver,
    ParanoidSolver,
    SearchLimit,
    Solver,
    State,
    action_of,
    after,
    minimax,
    moves,
    solve,
    state_of,
)
from tests.ming.deals import deal, m, randomly


def endgame(players: int, seed: int, cards: int, policy_seed: int | None = None) -> Game:
    """A deal played (greedily, or at random) until the hands hold ``cards`` or fewer."""
    g = Game.from_deal(players, seed=seed)
    pick = randomly(policy_seed) if policy_seed is not None else None
    while g.pending is not None and not (
            g.pending.phase == "lead" and g.hand_size(g.pending.seat) <= cards):
        legal = g.legal_actions()
        g.act(g.pending.seat, pick(g, legal) if pick else greedy_choice(legal))
    return g


def test_a_two_card_endgame_by_hand() -> None:
    # seat 1 leads: TM wins (seat 0 throws 1s, keeping 5m), then 2s loses to 5m (+2)
    s = State((m("5m 1s"), m("TM 2s")), 1)
    assert Solver().value(s) == minimax(s) == (4, 2)
    sol = solve(s)
    assert [str(a) for a in sol.actions] == ["lead 2s", "lead TM"]
    assert [sol.settlement(i) for i in range(2)] == [-6, -2]
    assert str(sol.best) == "lead TM"


def test_a_combination_endgame_by_hand() -> None:
    # seat 0 leads the Tiger (a Special, +5): seat 1 holds no Special to beat it
    s = State((m("9c 1s 1m"), m("TM 2s 2m")), 0)
    assert Solver().value(s) == minimax(s) == (11, 0)
    # Pangolin led (+3) against Poverty in the other hand (+4): seat 0 leads singles
    # first — 7c loses to anything, and Poverty then beats nothing led alone
    s = State((m("7c 3s 3m"), m("8c 2s 2m")), 0)
    assert Solver().value(s) == minimax(s)
    assert minimax(s) != (0, 10)  # not the Pangolin first, beaten by Poverty


@settings(max_examples=25)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_memo_solver_equals_plain_minimax(players, seed, policy) -> None:
    g = endgame(players, seed, 3 if players == 3 else 4, policy)
    if g.pending is None:
        return
    st_ = state_of(g)
    assert Solver().value(st_) == minimax(st_, max_nodes=2_000_000)


@settings(max_examples=25)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_duel_solver_equals_max_n_on_the_difference(seed, policy) -> None:
    g = endgame(2, seed, 5, policy)
    if g.pending is None:
        return
    st_ = state_of(g)
    v = Solver().value(st_)
    me = st_.to_act
    assert DuelSolver().margin(st_) == v[me] - v[1 - me]
    # every move's margin too, mid-trick included
    for mv, margin in DuelSolver().move_margins(st_):
        child_values = Solver().move_values(st_)
        assert any(mm == mv and vv[me] - vv[1 - me] == margin for mm, vv in child_values)


@settings(max_examples=25)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(-12, 12), st.integers(1, 8))
def test_the_duel_solver_in_a_window_is_exact_inside_and_a_bound_outside(
        seed, policy, low, width) -> None:
    g = endgame(2, seed, 6, policy)
    if g.pending is None:
        return
    st_ = state_of(g)
    exact = DuelSolver().margin(st_)
    got = DuelSolver().margin(st_, low, low + width)
    if low < exact < low + width:
        assert got == exact
    elif exact <= low:
        assert exact <= got <= low  # fails low: an upper bound
    else:
        assert low + width <= got <= exact  # fails high: a lower bound
    # one solver, many windows, its memo kept between them: still the exact value
    s = DuelSolver()
    for lo in range(-20, 20, 3):
        s.margin(st_, lo, lo + 2)
    assert s.margin(st_) == exact


def test_the_duel_solver_keeps_one_entry_for_a_position_with_the_seats_swapped() -> None:
    a, b = m("9c 1s 1m 5m"), m("TM 2s 2m 3c")
    s = DuelSolver()
    v = s.margin(State((a, b), 0))
    entries, nodes = len(s.memo), s.nodes
    assert s.margin(State((b, a), 1)) == v  # the same leader's hand against the same
    assert (len(s.memo), s.nodes) == (entries, nodes)  # nothing searched again


def test_a_whole_two_player_deal_is_solved_exactly() -> None:
    # the first trick of a dealt 2-player deal, every card known
    g = endgame(2, 2, 13)
    st_ = state_of(g)
    assert sum(st_.hands[i].bit_count() for i in range(2)) == 26
    s = DuelSolver(max_nodes=2_000_000)
    margin = s.margin(st_)
    # the solved margin is what perfect play keeps: the best first move reaches it, and
    # none does better
    assert max(v for _, v in s.move_margins(st_)) == margin


def test_the_solver_moves_are_the_engines_legal_actions() -> None:
    for seed in range(6):
        g = endgame(3, seed, 9)
        while g.pending is not None:
            st_ = state_of(g)
            assert [action_of(st_, mv) for mv in moves(st_)] == g.legal_actions()
            assert [a.beats for a in (action_of(st_, mv) for mv in moves(st_))] == \
                [a.beats for a in g.legal_actions()]
            g.act(g.pending.seat, greedy_choice(g.legal_actions()))


def test_perfect_play_is_at_least_as_good_as_any_first_move() -> None:
    g = endgame(2, 5, 4)
    sol = solve(g)
    best = max(sol.settlement(i) for i in range(len(sol.actions)))
    assert sol.settlement(sol.actions.index(sol.best)) == best


def test_the_solver_scores_add_up_to_the_cards_and_bonuses() -> None:
    g = deal("9c 8c 7c 6c 5c 4c 3c 2c 1c HC ZC 1s 5m",
             "2s 3s 4s 5s 6s 7s 8s 9s 1m 2m 3m 4m TM")
    st_ = state_of(endgame_from(g, 3))
    v = Solver().value(st_)
    assert sum(v) >= st_.cards_left


def endgame_from(g: Game, cards: int) -> Game:
    while g.pending is not None and not (
            g.pending.phase == "lead" and g.hand_size(g.pending.seat) <= cards):
        g.act(g.pending.seat, greedy_choice(g.legal_actions()))
    return g


def test_a_search_past_its_limit_stops() -> None:
    g = endgame(2, 1, 9)
    with pytest.raises(SearchLimit):
        Solver(max_nodes=50).value(state_of(g))
    with pytest.raises(SearchLimit):
        DuelSolver(max_nodes=50).margin(state_of(g))
    with pytest.raises(SearchLimit):
        minimax(state_of(g), max_nodes=50)


def paranoid(state: State, me: int) -> int:
    """The paranoid value by plain recursion: ``me`` maximises its settlement of the
    rest (M7), the others minimise it."""
    n = state.players
    best: int | None = None
    for mv in moves(state):
        child, _, gains = after(state, mv)
        v = n * gains[me] - sum(gains) + (0 if child is None else paranoid(child, me))
        if best is None or (v > best if state.to_act == me else v < best):
            best = v
    assert best is not None
    return best


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 2))
def test_the_paranoid_solver_equals_plain_paranoid_search(seed, policy, me) -> None:
    g = endgame(3, seed, 3, policy)
    if g.pending is None:
        return
    st_ = state_of(g)
    line = ParanoidSolver(me).value(st_)
    got = 3 * line[me] - sum(line)
    assert got == paranoid(st_, me)
    # the line is one the game can reach: its points are the cards left and bonuses
    assert sum(line) >= st_.cards_left
    # the others playing against the seat leave it no more than max^n does (there it
    # plays its best against what they do)
    v = Solver().value(st_)
    assert got <= 3 * v[me] - sum(v)


def test_the_paranoid_solver_stops_at_its_limit() -> None:
    g = endgame(3, 1, 6)
    with pytest.raises(SearchLimit):
        ParanoidSolver(0, max_nodes=50).value(state_of(g))
