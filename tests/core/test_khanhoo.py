"""Khanhoo on the core (:mod:`advisor.khanhoo.core`), beyond what every twin is checked
for (``tests/core/test_twins.py``): every pack and option the engine plays — Trio and
Quartette with caches (K10), the variation (K9), bumps for Sequences, split Sequences,
``must_go_out``, the orphan (K7), a turn limit — in lockstep with the engine, greedy and
greedy+ asked at every decision; and the refusals: count vectors beyond the pack, cards
that are no cards, VIEWs whose hidden hands cannot be dealt."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import core
from advisor.games.twin import bot_choice, compare, lockstep
from advisor.khanhoo import core as kh
from advisor.khanhoo.bots import GreedyBot
from advisor.khanhoo.game import Game, world
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.strong import StrongBot

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built")

PLAYERS = {"greedy": bot_choice(GreedyBot()), "greedy+": bot_choice(StrongBot())}

# (players, rules, orphan, max_turns): the options and packs beyond the default tables
TABLES = [
    (3, Rules(2, 2, trio=True), None, 200),
    (4, Rules(4, 1, trio=True), None, 200),
    (5, Rules(4, 3, trio=True, bump_sequences=True), None, 200),
    (3, Rules(3, 2), None, 200),
    (3, Rules(3, 2, variation_keeps_doubles=True, trio=True), None, 200),
    (2, Rules(2, 1, split_sequences=True, must_go_out=True), None, 200),
    (4, Rules(2, 1), 2, 200),
    (4, Rules(2, 1, trio=True), 1, 30),
    (3, Rules(2, 0), None, 12),
]


def _deal(case: tuple[int, Rules, int | None, int], seed: int) -> Game:
    n, rules, orphan, max_turns = case
    return Game.from_deal(n, seed=seed, rules=rules, orphan=orphan, max_turns=max_turns)


@pytest.mark.parametrize("case", range(len(TABLES)))
def test_every_option_plays_the_same_move_for_move(case: int) -> None:
    n, rules, orphan, max_turns = TABLES[case]
    # random play (the state compared after every move, its turns capped; greedy and
    # greedy+ asked at every decision), then greedy self-play to the end
    rng = random.Random(case)
    g = _deal((n, rules, orphan, min(max_turns, 12)), 40 + case)
    t = lockstep(kh.TWIN, g, lambda game, legal: rng.choice(legal), players=PLAYERS)
    g = _deal(TABLES[case], 40 + case)
    greedy = {"greedy": PLAYERS["greedy"]}
    t2 = lockstep(kh.TWIN, g, PLAYERS["greedy"], players=greedy, every_state=False)
    assert t.positions > 0 and t2.choices > 0


def test_caches_and_quartettes_are_played_alike() -> None:
    # deals of four sets with Trio where greedy lays a cache and ends by a Quartette
    # (seed 15 by cache on a discard, seed 39 natural) or goes out after a bump (seed 1)
    rules = Rules(4, 1, trio=True)
    seen: set[str] = set()
    for seed in (1, 15, 39):
        g = Game.from_deal(4, seed=seed, rules=rules)
        lockstep(kh.TWIN, g, PLAYERS["greedy"], players={"greedy": PLAYERS["greedy"]})
        seen |= {m.action.do for m in g.log}
        assert g.result is not None
        seen.add(f"by:{g.result.by}")
    assert {"cache", "bump", "quartette", "by:cache", "by:quartette", "by:out"} <= seen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), case=st.integers(0, len(TABLES) - 1),
       turns=st.integers(1, 40), data=st.data())
def test_random_legal_play_keeps_both_in_the_same_state(seed: int, case: int, turns: int,
                                                         data: st.DataObject) -> None:
    n, rules, orphan, _ = TABLES[case]
    g = _deal((n, rules, orphan, turns), seed)
    c = kh.core_of(g)
    moves = 0
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        assert list(c.legal()) == [kh.code(a) for a in legal]
        a = data.draw(st.sampled_from(legal))
        g.act(d.seat, a)
        c.act(kh.code(a))
        moves += 1
        compare(kh.TWIN, g, c, moves)
    assert c.to_act() is None and c.outcome() is not None


def test_action_codes_round_trip() -> None:
    g = Game.from_deal(3, seed=5, rules=Rules(2, 2, trio=True))
    rng = random.Random(5)
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        for a in legal:
            assert kh.action(kh.code(a)) == a
        g.act(d.seat, rng.choice(legal))


# --- refusals --------------------------------------------------------------------------


def test_count_vectors_beyond_the_pack_are_refused() -> None:
    CORE = core.CORE
    g = Game.from_deal(3, seed=1)
    hands = [list(s.dealt) for s in g.seats]
    stock = [c.index for c in g.initial_stock]
    fifth = [list(h) for h in hands]
    fifth[0][0] = 3  # a third Ah in a two-set pack
    with pytest.raises(CORE.CoreError, match=r"hands\[0\]"):
        CORE.KhanhooGame.new(fifth, stock, g.dealer, 2, 2)
    with pytest.raises(CORE.CoreError, match="31 kinds"):
        CORE.KhanhooGame.new([h[:30] for h in hands], stock, g.dealer, 2, 2)
    with pytest.raises(CORE.CoreError, match="stock"):
        CORE.KhanhooGame.new(hands, [*stock[:-1], 31], g.dealer, 2, 2)
    with pytest.raises(CORE.CoreError, match="pack"):
        CORE.KhanhooGame.new(hands, stock[:-1], g.dealer, 2, 2)
    with pytest.raises(CORE.CoreError, match="sets"):
        CORE.KhanhooGame.new(hands, stock, g.dealer, 7, 2)
    with pytest.raises(CORE.CoreError, match=r"options\.nope"):
        CORE.KhanhooGame.new(hands, stock, g.dealer, 2, 2, ["nope"])
    c = kh.core_of(g)
    with pytest.raises(CORE.CoreError, match="not an action code"):
        c.act(10**6)
    with pytest.raises(CORE.CoreError, match="not a legal action"):
        c.act(kh.code(next(a for a in _discards() if a not in g.legal_actions())))
    with pytest.raises(CORE.CoreError, match="policy"):
        c.choose("clever")


def _discards() -> list[Any]:
    from advisor.khanhoo.cards import CARDS
    from advisor.khanhoo.game import Action

    return [Action("discard", c) for c in CARDS]


def _view(seed: int = 3) -> dict[str, Any]:
    g = Game.from_deal(3, seed=seed)
    out: dict[str, Any] = g.view(g.leader).to_json()
    return out


def test_views_that_are_no_views_are_refused() -> None:
    CORE = core.CORE
    with pytest.raises(CORE.CoreError, match="malformed JSON"):
        CORE.KhanhooView("{not json")
    v = _view()
    bad = dict(v, hand=[*v["hand"][:-1], "5s"])
    with pytest.raises(CORE.CoreError, match="unknown card"):
        CORE.KhanhooView(json.dumps(bad))
    over = dict(v, phase="over")
    with pytest.raises(CORE.CoreError, match="phase"):
        CORE.KhanhooView(json.dumps(over))
    too_many = dict(v, pile=["Ah", "Ah", "Ah"])
    with pytest.raises(CORE.CoreError, match="pack"):
        CORE.KhanhooView(json.dumps(too_many))


def test_a_typed_view_whose_hidden_hands_cannot_be_dealt_is_refused() -> None:
    from advisor.khanhoo.view import View

    # a typed position (no dealer) saying more than the pack holds: the Python world
    # fills the places as far as the cards go; the core plays whole worlds only
    v = dict(_view(), dealer=None, leader=None, stock_left=80)
    world(View.from_json(v))
    with pytest.raises(core.CORE.CoreError, match="does not add up"):
        core.CORE.KhanhooView(json.dumps(v))
    # a draw with nothing to draw: no stock and no pile
    g = Game.from_deal(3, seed=3)
    a = next(a for a in g.legal_actions() if a.do == "discard")
    g.act(g.leader, a)
    while g.pending is not None and g.pending.phase == "claim":
        g.act(g.pending.seat, g.legal_actions()[0])
    assert g.pending is not None and g.pending.phase == "draw"
    drawing = g.view(g.pending.seat).to_json()
    empty = dict(drawing, pile=[], stock_left=0)
    with pytest.raises(core.CORE.CoreError, match="draw"):
        core.CORE.KhanhooView(json.dumps(empty))


def test_playouts_from_a_view_are_reproducible_on_any_number_of_threads() -> None:
    g = Game.from_deal(3, seed=11)
    view = kh.view_of(g.view(g.leader))
    codes = [kh.code(a) for a in g.legal_actions()[:4]]
    one = view.playouts(codes, 0, 6, 9, ["greedy+", "greedy", "random"])
    two = view.playouts(codes, 0, 6, 9, ["greedy+", "greedy", "random"], threads=2)
    assert one == two and len(one) == 6 * len(codes)
    assert all(isinstance(won, bool) and moves >= 1 for won, _, moves in one)
    with pytest.raises(core.CORE.CoreError, match="policies"):
        view.playouts(codes, 0, 1, 9, ["greedy"])


def test_a_run_refuses_an_orphan_without_four_players() -> None:
    with pytest.raises(core.CORE.CoreError, match="orphan"):
        core.CORE.khanhoo_simulate("1", 0, 1, False, 2, 2, [], True, 200,
                                   ["greedy"] * 3)


# --- the solver's questions on the core (the advice's judge asks them) -----------------


def _hands(n: int, seed: int) -> list[tuple[Rules, Any, Any]]:
    """Hands met in random play (the seat's own cards too), on three tables."""
    from advisor.khanhoo.bots import SeatCards

    out = []
    rng = random.Random(seed)
    for k, rules in enumerate((Rules(2, 1), Rules(3, 2, trio=True), Rules(4, 1, trio=True))):
        g = Game.from_deal(3, seed=seed + k, rules=rules)
        while (d := g.pending) is not None and len(out) < n * (k + 1):
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < 0.5:
                s = SeatCards.of(g.view(d.seat))
                out.append((rules, s, g.view(d.seat)))
            g.act(d.seat, rng.choice(legal))
    return out


def test_the_cores_solver_answers_as_the_python_solver() -> None:
    from advisor.khanhoo import melds
    from advisor.khanhoo.bots import without
    from advisor.khanhoo.cards import cards_of

    checked = 0
    for rules, s, _ in _hands(6, 70):
        fast = kh.FastSolver(rules)
        py = melds.solver(rules)
        kinds = sorted(set(cards_of(s.hand)), key=lambda c: c.index)
        hands = [s.hand, *(without(s.hand, [c]) for c in kinds[::4])]
        for h in hands:
            target = s.target
            if sum(h) > target + 1:
                continue
            assert fast.distance(h, target, s.own) == melds.distance(h, rules, target, s.own)
            for spare in (False, True):
                mine, theirs = fast.best(h, spare), py.best(h, spare)
                assert (mine is None) == (theirs is None)
                assert mine is None or theirs is None or mine.points == theirs.points
            caps = melds.caps_of(s.own, rules, h[30])
            assert fast.kept(h, caps, target) == py.kept(h, caps, target)
            if sum(h) <= target:
                assert fast.useful_cards(h, target, s.own, s.hand) == \
                    melds.useful_cards(h, rules, target, s.own, within=s.hand)
            checked += 1
    assert checked > 40


def test_the_advice_is_the_same_on_the_core(monkeypatch: Any) -> None:
    from advisor.khanhoo import advice
    from advisor.khanhoo.game import legal_of

    views = [v for _, _, v in _hands(2, 90)]
    fast = [advice.advise(v, legal_of(v), seed=n, limit_ms=10**7).answer().to_json()
            for n, v in enumerate(views)]
    monkeypatch.setattr(kh, "fast_solver", lambda rules: None)  # the Python solver
    slow = [advice.advise(v, legal_of(v), seed=n, limit_ms=10**7).answer().to_json()
            for n, v in enumerate(views)]
    for a, b in zip(fast, slow):
        for out in (a, b):
            out.pop("seconds", None)
            out.pop("ms", None)
        assert a == b


def test_the_cores_solver_refuses_hands_beyond_the_pack() -> None:
    s = core.CORE.KhanhooSolver(2, 1)
    with pytest.raises(core.CORE.CoreError, match="hand"):
        s.best([3] + [0] * 30, False)
    with pytest.raises(core.CORE.CoreError, match="31 kinds"):
        s.distance([0] * 30, 15, [0] * 31)
    with pytest.raises(core.CORE.CoreError, match="target"):
        s.kept([0] * 31, [0] * 31, 40)
