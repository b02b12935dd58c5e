"""The advisor: worlds consistent with a VIEW, every answer legal and well-formed,
reproducible for a seed and a number of samples."""

from __future__ import annotations

import itertools
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.chan.advice import (
    LOOK_LEAST,
    LOOK_MARGIN,
    advise,
    search_per_ms,
    view_from_position,
)
from advisor.chan.bots import GreedyBot
from advisor.chan.cards import FULL_DECK
from advisor.chan.faces import GAME
from advisor.chan.game import Action, Game
from advisor.chan.lookahead import world
from advisor.chan.recalibrate import OPPONENTS, Opponents
from advisor.chan.view import View
from advisor.errors import AdvisorError, PositionError
from advisor.games import budget
from advisor.games.answer import Work, in_order
from tests.chan.deals import position_after

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "view.json")
                     .read_text())


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60), wseed=st.integers(0, 99))
@settings(max_examples=60, deadline=None)
def test_worlds_agree_with_the_engine(seed: int, moves: int, wseed: int) -> None:
    g = position_after(seed, moves)
    if g.pending is None:
        return
    seat = g.pending.seat
    view = g.view(seat)
    w = world(view, random.Random(wseed))
    assert w.cards_in_play() == FULL_DECK
    assert w.legal_actions() == g.legal_actions()
    assert w.seats[seat].counts() == g.seats[seat].counts()
    assert sum(view.unseen) == sum(sum(s.hand) for i, s in enumerate(g.seats)
                                       if i != seat) + len(g.stock)


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60))
@settings(max_examples=25, deadline=None)
def test_advice_is_legal_and_well_formed(seed: int, moves: int) -> None:
    g = position_after(seed, moves)
    if g.pending is None:
        return
    d = g.pending
    legal = g.legal_actions()
    a = advise(g.view(d.seat), samples=2, seed=seed)
    assert a.best in legal
    assert sorted(map(str, (e.action for e in a.actions))) == sorted(map(str, legal))
    for e in a.actions:
        assert 0.0 <= e.win <= 1.0
        assert e.samples in (0, 2)
    j = a.to_json()
    assert j["best"] == a.best.to_json() and len(j["actions"]) == len(legal)
    assert a.explanation


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 80),
       opponents=st.sampled_from(OPPONENTS))
@settings(max_examples=40, deadline=None)
def test_every_action_is_judged_and_the_ranking_follows_the_stated_chance(
        seed: int, moves: int, opponents: Opponents) -> None:
    """In a decision of a greedy deal, whoever the opponents: every legal action judged by
    the one method (certain outcomes say so), ``certain`` only with exact numbers, and no
    action ranked above one with a higher stated chance (the answer's ``ranked_by``)."""
    g = position_after(seed, moves)
    if g.pending is None:
        return
    ans = advise(g.view(g.pending.seat), g.legal_actions(), seed=seed,
                 opponents=opponents, look=seed % 2 == 1).answer()
    assert ans.ranked_by == "win" and in_order(ans.actions, "win")
    keys = [x.key("win") for x in ans.actions]
    assert all(k is not None for k in keys)
    assert all(a >= b for a, b in itertools.pairwise(keys))  # type: ignore[operator]
    assert all(x.judged and x.method in ("model", "model+look", "certain")
               for x in ans.actions)
    assert len({x.method for x in ans.actions if not x.certain}) <= 1  # one method
    for x in ans.actions:
        if x.certain:
            assert x.win in (0.0, 1.0) and x.win_se in (None, 0.0)
        if x.method == "certain":
            assert x.certain and x.win == 1.0 and x.expected_se in (None, 0.0)


def test_reproducible_for_a_seed_and_number_of_samples() -> None:
    # a budget the 12 worlds never reach, so that the machine's load cannot cut them short
    one = advise(EXAMPLE, samples=12, seed=5, budget_ms=5_000).to_json()
    two = advise(EXAMPLE, samples=12, seed=5, budget_ms=5_000).to_json()
    one.pop("ms"), two.pop("ms")
    assert one == two
    assert one["work"] == {"unit": "worlds", "done": 12, "asked": 12}
    assert one["method"] == "model+playouts"


def test_a_time_limit_stops_the_sampling_and_says_so() -> None:
    # far more worlds than 30 ms allow
    a = advise(EXAMPLE, samples=10**6, limit_ms=30, budget_ms=10_000)
    assert a.method == "model+playouts" and 0 < a.samples < 10**6
    assert any(f"{a.samples} of the {10**6} worlds" in n for n in a.notes)
    assert a.answer().work == Work("worlds", a.samples, 10**6)
    assert not any("time limit" in n for n in advise(EXAMPLE, samples=3).notes)
    for bad in (0.0, -1.0, float("nan")):
        with pytest.raises(PositionError) as info:
            advise(EXAMPLE, samples=3, limit_ms=bad)
        assert info.value.field == "limit_ms"


def test_samples_are_exactly_that_many_worlds_on_a_slow_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``samples`` is the work, not a wish: a machine far slower than the budget (every
    millisecond looks like a second) still plays every world asked for, the same ones."""
    fast = advise(EXAMPLE, samples=5, seed=4, budget_ms=1).to_json()
    t0 = time.perf_counter()
    monkeypatch.setattr(budget, "clock", lambda: t0 + 1000 * (time.perf_counter() - t0))
    slow = advise(EXAMPLE, samples=5, seed=4, budget_ms=1, limit_ms=10**9).to_json()
    assert slow["work"] == fast["work"] == {"unit": "worlds", "done": 5, "asked": 5}
    fast.pop("ms"), slow.pop("ms")
    assert slow == fast
    with pytest.raises(PositionError) as info:
        advise(EXAMPLE, samples=0)
    assert info.value.field == "samples"


def test_without_samples_or_a_close_call_the_work_is_every_action_judged() -> None:
    a = advise(EXAMPLE)  # eating is ahead of passing by far more than the look's margin
    assert a.actions[0].win - a.actions[1].win > LOOK_MARGIN
    assert a.answer().work == Work("actions", len(a.actions), len(a.actions))
    assert a.method in ("model", "certain") and a.samples == 0


def _close_call() -> tuple[View, list[Action]]:
    """A decision of a greedy deal whose leading actions are within the look's margin."""
    g = position_after(5, 20)
    assert g.pending is not None
    return g.view(g.pending.seat), g.legal_actions()


def test_a_close_call_is_looked_at_in_the_worlds_the_budget_buys() -> None:
    """The close actions are played out in the same worlds — as many as the budget buys,
    counted —, every uncertain action says the one method, and the look moves the close
    actions' chances around the model's: their mean stays the model's."""
    view, legal = _close_call()
    plain = {str(e.action): e.win for e in advise(view, legal).actions}
    assert advise(view, legal).method == "model"  # the look is asked for, not the default
    for ms, worlds in ((100, 8), (250, 20), (1, LOOK_LEAST)):
        a = advise(view, legal, seed=3, budget_ms=ms, look=True)
        assert a.method == "model+look"
        assert a.answer().work == Work("worlds", worlds, worlds) and a.samples == worlds
        looked = [e for e in a.actions if e.samples]
        assert len(looked) >= 2 and all(e.samples == worlds for e in looked)
        assert all(e.method == "model+look" for e in a.actions if not e.certain)
        mean = sum(e.win for e in looked) / len(looked)
        assert mean == pytest.approx(sum(plain[str(e.action)] for e in looked) / len(looked))
        assert all(a.actions[i].win >= a.actions[i + 1].win
                   for i in range(len(a.actions) - 1))
    one = advise(view, legal, seed=3, look=True).to_json()
    assert advise(view, legal, seed=3, look=True).to_json() | {"ms": 0} == one | {"ms": 0}


def test_the_search_plays_every_uncertain_action_out_within_the_moves_bought() -> None:
    """With ``search``, every uncertain action is played out by successive halving in
    worlds dealt from the VIEW: the work is the moves played, counted (so the same on any
    machine, and reproducible for a seed); every uncertain action was played in some
    worlds, those kept longest in more; the search's chances keep the model's mean over
    the worlds all were played in, and the list is ranked by the expected settlement."""
    view, legal = _close_call()
    plain = {str(e.action): e.win for e in advise(view, legal).actions}
    ms = 2000 / search_per_ms()  # 2,000 moves, on either engine (advisor.core)
    a = advise(view, legal, seed=3, budget_ms=ms, search=True)
    assert a.method == "model+search"
    work = a.answer().work
    assert work.unit == "moves" and work.asked == 2000
    # all of it, or less when a leader was clear; past it by the last playout's moves at most
    assert 0 < work.done < work.asked + 200
    uncertain = [e for e in a.actions if not e.certain]
    assert len(uncertain) >= 2 and all(e.samples >= 1 for e in uncertain)
    assert all(e.method == "model+search" for e in uncertain)
    assert max(e.samples for e in uncertain) > min(e.samples for e in uncertain)
    # ranked by the expected settlement, what the search judges by
    assert a.answer().ranked_by == "expected"
    assert all(round(a.actions[i].expected, 3) >= round(a.actions[i + 1].expected, 3)
               for i in range(len(a.actions) - 1))
    assert {str(e.action) for e in a.actions} == set(plain)
    again = advise(view, legal, seed=3, budget_ms=ms, search=True).to_json()
    assert again | {"ms": 0} == a.to_json() | {"ms": 0}
    other = advise(view, legal, seed=4, budget_ms=ms, search=True).to_json()
    assert other["actions"] != a.to_json()["actions"]  # other worlds, other figures


def test_the_search_states_no_gain_over_greedy_plus_within_the_noise() -> None:
    """The search keeps the ``greedy+`` player's choice (the base) unless another action
    beats it by KEEP_Z standard errors of the paired difference: an action a little
    better in the playouts, within the noise, is stated as good as the base (and ranked
    after it, with a note); one better beyond the margin is stated better, by the part of
    its gain beyond the margin."""
    from advisor.chan.advice import KEEP_Z, ActionAdvice, Sampled, _anchor
    from advisor.chan.lookahead import Leaves

    def arm(wins: list[bool]) -> ActionAdvice:
        e = ActionAdvice(Action("pass"), Leaves(2, (), (), 3, None), 0.25, 0.01, 0.0, 0.1)
        e.sampled = Sampled(wins, [1.0 if w else -1.0 for w in wins])
        return e

    rng = random.Random(1)
    base_wins = [rng.random() < 0.25 for _ in range(400)]  # settlement +1 a win, else −1
    base = arm(base_wins)
    near = arm([w or (k % 150 == 0) for k, w in enumerate(base_wins)])  # +2 wins or 3
    far = arm([w or (k % 4 == 0) for k, w in enumerate(base_wins)])  # about +1 in 5
    notes = _anchor([base, near, far], base)
    assert near.win == base.win and near.expected == base.expected
    assert any("within" in n and "greedy+" in n for n in notes)
    gain = sum(a > b for a, b in zip(far.sampled.wins, base_wins)) / 400  # type: ignore[union-attr]
    assert base.win < far.win < base.win + gain
    assert far.win == pytest.approx(base.win + gain - KEEP_Z * _se_of(far, base), abs=1e-9)


def _se_of(a: Any, b: Any) -> float:
    d = [float(x) - float(y) for x, y in zip(a.sampled.wins, b.sampled.wins)]
    m = sum(d) / len(d)
    return (sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5


def test_the_search_seat_plays_a_whole_deal() -> None:
    summary = GAME.simulate(["search:5", "greedy", "greedy+", "random"], games=1, seed=3)
    assert summary.games == 1 and summary.players[0].spec == "search:5"


def test_a_win_is_certain_and_ranked_first() -> None:
    g = Game.from_deal(seed=1)
    # find a position with a win claim by playing greedy deals until one appears
    for seed in range(200):
        g = Game.from_deal(seed=seed)
        bot = GreedyBot()
        while g.pending is not None:
            legal = g.legal_actions()
            if Action("win") in legal:
                a = advise(g.view(g.pending.seat), samples=3)
                assert a.best == Action("win") and a.actions[0].win == 1.0
                assert a.actions[0].expected > 0 and a.method == "certain"
                assert a.actions[0].certain and a.actions[0].win_se == 0
                return
            d = g.pending
            g.act(d.seat, legal[0] if len(legal) == 1 else bot.decide(g.view(d.seat), legal))
    pytest.fail("no win found")


def test_budget_bounds_the_playouts() -> None:
    # far more worlds than any machine plays in the budget's safety cap: cut there, noted
    a = advise(EXAMPLE, budget_ms=30, samples=10**6)
    cap = budget.cap_ms(30)
    assert 1 <= a.samples < 10**6
    assert any(f"time limit of {cap:.0f} ms cut the work at {a.samples} of the {10**6}"
               in n for n in a.notes)
    plain = advise(EXAMPLE, budget_ms=30)  # no samples, no close call: no playouts
    assert plain.samples == 0 and plain.method == "model"
    assert all(e.sampled is None for e in plain.actions)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda v: v.pop("hand"), "hand"),
        (lambda v: v.update(seat=9), "seat"),
        (lambda v: v.update(phase="lunch"), "phase"),
        (lambda v: v.update(stock_left=30), "stock_left"),
        (lambda v: v["table"].pop(), "table"),
        (lambda v: v.update(to_act=(v["seat"] + 1) % 4), "to_act"),
        (lambda v: v.update(stock_left=v["stock_left"] - 1), "table"),
        (lambda v: v["hand"].__setitem__(0, "xx"), "hand"),
        (lambda v: v["offer"].update(source="sky"), "offer.source"),
        (lambda v: v["offer"].update(to=4), "offer.to"),
        (lambda v: v["offer"].update(claims_open="yes"), "offer.claims_open"),
        (lambda v: v.update(memory=["4m"]), "memory"),
        (lambda v: v["memory"].update(laid_in_ca=["zz"]), "memory.laid_in_ca"),
        (lambda v: v.update(options=["ga"]), "options"),
        (lambda v: v["table"][1].update(melds="4v 4v"), "table[1].melds"),
    ],
)
def test_malformed_views_name_the_field(change: Any, field: str) -> None:
    view = json.loads(json.dumps(EXAMPLE))
    change(view)
    with pytest.raises(AdvisorError) as info:
        advise(view, samples=2)
    assert info.value.field == field


def test_a_view_json_is_read_once_into_a_typed_view() -> None:
    v = View.from_json(EXAMPLE)
    assert v.seat == 2 and v.offer is not None and v.offer.card.code == "5v"
    assert v.table[0].melds[1].kind == "ca" and v.memory.refused[0].code == "2v"
    assert v.to_json() == EXAMPLE and list(v.to_json()) == list(EXAMPLE)
    assert advise(v).to_json() | {"ms": 0} == advise(EXAMPLE).to_json() | {"ms": 0}


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 80))
@settings(max_examples=60, deadline=None)
def test_the_view_of_the_seat_to_act_reads_back_from_its_json(seed: int, moves: int) -> None:
    g = position_after(seed, moves)
    if g.pending is None:
        return
    v = g.view(g.pending.seat)
    assert View.from_json(json.loads(json.dumps(v.to_json()))) == v


def test_budget_must_be_positive() -> None:
    with pytest.raises(PositionError, match="budget_ms"):
        advise(EXAMPLE, budget_ms=0)


def test_view_from_typed_position() -> None:
    v = view_from_position(hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m",
                           offer="8s", seen="9v 9s", stock_left=12)
    assert v.partial and v.stock_left == 12 and v.offer is not None
    assert v.offer.card.code == "8s" and v.to_json()["partial"] is True
    a = advise(v, samples=3)
    assert a.best.do in ("eat", "pass")
    w = world(v, random.Random(0))
    assert w.cards_in_play() == FULL_DECK and len(w.stock) == 12
    many = " ".join(f"{r}{s}" for r in range(2, 10) for s in "vsm" for _ in range(2))
    with pytest.raises(PositionError, match="seen"):  # 19 + 48 seen: the hands need 57
        view_from_position(hand="cc cc cc cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v",
                           offer="9s", seen=many)
    with pytest.raises(PositionError, match="stock_left"):
        view_from_position(hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m",
                           offer="8s", seen=" ".join(["9m"] * 4 + ["8m"] * 4), stock_left=23)


def test_the_text_explains_a_distance_shown_as_a_dash() -> None:
    from dataclasses import replace

    from advisor.chan.text import advice_text
    from advisor.text import PLAIN

    a = advise(EXAMPLE)
    assert "distance —" not in advice_text(a, PLAIN)
    last = a.actions[-1]  # as with five exposed Cạ (W1): no distance at all
    a.actions[-1] = replace(last, leaves=replace(last.leaves, distance=None))
    assert "distance —: no winning set can be made any more (W1" in advice_text(a, PLAIN)


def test_a_close_call_gives_the_same_answer_on_a_slow_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The look's worlds are counted, never timed: on a slow machine — the meters' clock
    jumps 100 ms every time it is read, whatever the real speed — the same worlds are
    played and the answer is the same."""
    view, legal = _close_call()
    fast = advise(view, legal, seed=8, look=True).to_json()
    ticks = itertools.count()
    monkeypatch.setattr(budget, "clock", lambda: 0.1 * next(ticks))
    slow = advise(view, legal, seed=8, look=True).to_json()
    assert fast["method"] == "model+look" and fast["work"]["done"] == 8
    assert slow | {"ms": 0} == fast | {"ms": 0}
