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
    g = _deal((n, rules, orphan, min(max_turns, 16)), 40 + case)
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
