"""Ming Kanhu's own use of the core: its exact solvers give the Python solvers' values
and expand the same states, and the advisor judges its worlds there with the same
answers for the same counted work."""

from __future__ import annotations

import random

import pytest

from advisor import core
from advisor.ming import advice as A
from advisor.ming.game import Game
from advisor.ming.solve import DuelSolver, ParanoidSolver, Solver, State, after, moves, state_of

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built")


def _endgames(players: int, left: int, count: int) -> list[State]:
    """States met in random deals once few cards are left in the hands."""
    out = []
    k = 0
    while len(out) < count:
        g = Game.from_deal(players, seed=7_000 + k)
        rng = random.Random(k)
        k += 1
        while g.pending is not None and sum(h.bit_count() for h in g.hands) > left:
            legal = g.legal_actions()
            g.act(g.pending.seat, rng.choice(legal))
        if g.pending is not None:
            out.append(state_of(g))
    return out


def _call(s: State, solver: str, me: int = 0):
    return core.CORE.ming_solve(list(s.hands), s.to_act, list(s.trick) if s.trick else None,
                                solver, me)


def test_max_n_gives_the_python_values_over_the_same_states() -> None:
    for s in _endgames(3, 9, 12) + _endgames(2, 10, 12):
        py = Solver()
        values = py.move_values(s)
        got, nodes = _call(s, "maxn")
        assert [(tuple(m), tuple(v)) for m, v in got] == [(m, v) for m, v in values]
        assert nodes == py.nodes


def test_the_duel_solver_gives_the_python_margins_over_the_same_states() -> None:
    for s in _endgames(2, 14, 20):
        py = DuelSolver()
        margins = py.move_margins(s)
        got, nodes = _call(s, "duel")
        assert [(tuple(m), v[0]) for m, v in got] == margins
        assert nodes == py.nodes


def test_the_paranoid_solver_gives_the_python_lines_over_the_same_states() -> None:
    for s in _endgames(3, 11, 12):
        me = s.to_act
        py = ParanoidSolver(me)
        want = []
        for mv in moves(s):
            child, _, gains = after(s, mv)
            want.append((mv, gains if child is None else
                         tuple(g + x for g, x in zip(gains, py.value(child)))))
        got, nodes = _call(s, "paranoid", me)
        assert [(tuple(m), tuple(v)) for m, v in got] == want
        assert nodes == py.nodes


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed, moves", [(11, 5), (12, 1), (13, 14)])
def test_the_advice_is_the_same_for_the_same_states(players: int, seed: int, moves: int,
                                                    monkeypatch) -> None:
    """The same worlds (drawn in Python), judged in the core — handed over in batches,
    with the same rule of when to stop — or in Python for the same counted states, give
    the same ranked answer."""
    g = Game.from_deal(players, seed=seed)
    rng = random.Random(3)
    for _ in range(moves):
        g.act(g.pending.seat, rng.choice(g.legal_actions()))
    v = g.view(g.pending.seat)
    legal = g.legal_actions()
    states = 30_000
    on_core = A.advise_situation(A.Situation.of(v), legal, v.phase,
                                 A.Budget(ms=states / A.per_ms(players), seed=1))
    monkeypatch.setattr(core, "CORE", None)
    in_python = A.advise_situation(A.Situation.of(v), legal, v.phase,
                                   A.Budget(ms=states / A.per_ms(players), seed=1))
    assert on_core.work == in_python.work
    assert [(str(o.action), o.settlement, o.worlds, o.method) for o in on_core.options] == \
        [(str(o.action), o.settlement, o.worlds, o.method) for o in in_python.options]
