"""The compiled core agrees with the Python engines, game by game (:mod:`advisor.games.twin`).

For every game with a twin: whole deals played in lockstep by the engine and the core —
every seat random, greedy, greedy+ (and the game's own players) — with the same legal
actions in the same order at every position, every player's choice the same at every
decision, and the same state (every seat's VIEW, what no VIEW shows, the result);
random legal play drawn by Hypothesis, the state compared after every move; worlds dealt
from VIEWs, which show the seat its own VIEW and pose the engine's legal actions; and
simulation runs, which count what the Python run counts. ``benchmarks/core_parity.py``
plays the same checks over ten thousand deals a game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import core
from advisor.games.twin import compare, parity, players_of, world_parity
from advisor.registry import GAMES
from tests.strategies import budget

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built")

TWINNED = [g for g in GAMES if g.twin is not None]
# game → deals a test plays per player (the state compared after every move for the
# first of them): hundreds of deals a game in all
DEALS = {"chan": 40, "khanhoo": 10}


def _tables(spec: Any) -> list[int]:
    low, high = spec.players
    return list(range(low, high + 1))


def _players(spec: Any) -> list[str]:
    return ["random", *players_of(spec)]


CASES = [(spec.name, by) for spec in TWINNED for by in _players(spec)]


@pytest.mark.parametrize(("name", "by"), CASES)
def test_whole_deals_play_the_same_move_for_move(name: str, by: str) -> None:
    spec = next(g for g in TWINNED if g.name == name)
    deals = DEALS.get(name, 20)
    positions = 0
    for k in range(deals):
        players = _tables(spec)[k % len(_tables(spec))]
        t = parity(spec, players, 7_000 + k, by, every_state=k < deals // 4)
        positions += t.positions
    assert positions > deals * 10


@pytest.mark.parametrize("name", [g.name for g in TWINNED])
# whole random deals, the state compared after every move: 30 of them a game in make test
# (Khanhoo's took 46 s at 60), 600 under HYPOTHESIS_PROFILE=thorough
@settings(max_examples=budget(0.3))
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_legal_play_keeps_both_in_the_same_state(name: str, seed: int,
                                                         data: st.DataObject) -> None:
    spec = next(g for g in TWINNED if g.name == name)
    players = data.draw(st.sampled_from(_tables(spec)))
    g = spec.deal(players, seed)
    twin = spec.twin
    c = twin.core_of(g)
    moves = 0
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        assert list(c.legal()) == [twin.code(a) for a in legal]
        a = data.draw(st.sampled_from(legal))
        g.act(d.seat, a)
        c.act(twin.code(a))
        moves += 1
        compare(twin, g, c, moves)
    assert c.to_act() is None and c.outcome() is not None


def _views(spec: Any, deals: int) -> list[Any]:
    """VIEWs of decisions met in greedy and random play."""
    views = []
    for k in range(deals):
        players = _tables(spec)[k % len(_tables(spec))]
        g = spec.deal(players, 9_000 + k)
        rng = random.Random(k)
        greedy = spec.greedy(0)
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                views.append(g.view(d.seat))
            greedy.start(d.seat, None)
            a = legal[0] if len(legal) == 1 else (
                rng.choice(legal) if k % 2 else greedy.decide(g.view(d.seat), legal))
            g.act(d.seat, a)
    return views


@pytest.mark.parametrize("name", [g.name for g in TWINNED])
def test_worlds_show_the_seat_its_view_and_pose_the_engines_decision(name: str) -> None:
    spec = next(g for g in TWINNED if g.name == name)
    views = _views(spec, 12)
    assert len(views) > 50
    for n, v in enumerate(views):
        world_parity(spec, v, n)


@pytest.mark.parametrize("name", [g.name for g in TWINNED])
def test_worlds_deal_every_unseen_card_and_differ_by_seed(name: str) -> None:
    spec = next(g for g in TWINNED if g.name == name)
    v = _views(spec, 2)[0]
    text = json.dumps(v.to_json())
    a, b = (json.loads(spec.twin.world_of(text, s, 0).state_json()) for s in (1, 2))
    assert a != b
    assert json.loads(spec.twin.world_of(text, 1, 0).state_json()) == a


@pytest.mark.parametrize("name", [g.name for g in TWINNED if g.twin.simulate is not None])
def test_a_run_on_the_core_counts_what_the_python_run_counts(name: str, monkeypatch: Any) -> None:
    spec = next(g for g in TWINNED if g.name == name)
    players = spec.players[1]
    specs = (["random", "greedy", "greedy+"] * players)[:players]
    fast = spec.simulate(specs, games=6, seed=3, duplicate=True).to_json()
    monkeypatch.setattr(core, "CORE", None)  # the Python engines from here
    slow = spec.simulate(specs, games=6, seed=3, duplicate=True).to_json()
    for out in (fast, slow):
        for key in ("seconds", "games_per_second", "moves_per_second", "advisor_latency_ms"):
            out.pop(key, None)
    assert fast == slow


def test_the_core_refuses_bad_input_with_an_error_not_a_crash() -> None:
    spec = next(g for g in TWINNED if g.name == "chan")
    CORE = core.CORE
    with pytest.raises(CORE.CoreError, match="malformed JSON"):
        CORE.ChanView("{not json")
    with pytest.raises(CORE.CoreError, match="phase"):
        CORE.ChanView(json.dumps({"seat": 0, "dealer": 0, "phase": "over", "hand": [],
                                  "stock_left": 0, "table": [{}] * 4}))
    g = spec.deal(4, 1)
    c = spec.twin.core_of(g)
    with pytest.raises(CORE.CoreError, match="not a legal action"):
        c.act(spec.twin.code(next(a for a in _all_actions(spec) if a not in g.legal_actions())))
    with pytest.raises(CORE.CoreError, match="not an action code"):
        c.act(10**6)
    with pytest.raises(CORE.CoreError, match="policy"):
        c.choose("clever")
    with pytest.raises(CORE.CoreError, match="hands"):
        CORE.ChanGame.new([[0] * 25] * 4, [], 0)


def _all_actions(spec: Any) -> list[Any]:
    from advisor.chan.cards import FACES
    from advisor.chan.game import Action

    return [Action("pass"), Action("win"), *(Action("discard", f) for f in FACES)]
