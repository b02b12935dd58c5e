"""The belief about the other hands (advisor.chan.belief): its certainties (R2) hold of
every true deal, its pass weights follow T2/T3/T4 and R4, and the core's worlds keep it."""

from __future__ import annotations

import json
import random

import pytest

from advisor import core
from advisor.chan.belief import (
    SEATS,
    Rates,
    belief,
    effective_worlds,
    rates,
    tables,
    weight,
)
from advisor.chan.bots import GreedyBot
from advisor.chan.cards import BY_CODE, counts_of, parse_face
from advisor.chan.game import Game
from advisor.chan.strong import StrongBot

RATES = Rates(chan1=0.3, chan2=0.4, ca=0.2, chiu=0.1)


def _played(seed: int, players: str) -> list[tuple[Game, int]]:
    """Every decision of a deal (the game before it, and the seat to act)."""
    g = Game.from_deal(seed=seed)
    pick = random.Random(seed)
    bot = {"greedy": GreedyBot(), "greedy+": StrongBot()}.get(players)
    out = []
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        if len(legal) > 1:
            out.append((g.clone(), d.seat))
        a = (legal[0] if len(legal) == 1 else
             pick.choice(legal) if bot is None else bot.decide(g.view(d.seat), legal))
        g.act(d.seat, a)
    return out


@pytest.mark.parametrize("players", ["random", "greedy", "greedy+"])
def test_r2_the_true_deal_is_never_ruled_out(players: str) -> None:
    """R2: a seat that threw a face held one or three copies then, and — no meld of its
    holding the face — holds none or two now. Whatever the players, the true hands keep a
    positive weight at every decision."""
    checked = ruled = 0
    for seed in range(12):
        for g, seat in _played(seed, players):
            t = tables(g.view(seat), RATES)
            hands = [s.hand for s in g.seats]
            assert weight(t, hands) > 0, (seed, seat)
            ruled += sum(row[1] == 0.0 for x in t if x is not None for row in x)
            checked += 1
    assert checked > 150 and ruled > 50  # the certainty is used, not vacuous


def test_r2_a_thrown_face_is_held_none_or_twice() -> None:
    g = Game.from_deal(seed=5)
    d = g.pending
    assert d is not None and d.seat == g.dealer
    legal = g.legal_actions()
    thrown = next(a for a in legal if a.do == "discard")
    g.act(d.seat, thrown)
    me = (g.dealer + 2) % SEATS
    t = tables(g.view(me), RATES)
    row = t[g.dealer][thrown.card.index]  # type: ignore[index, union-attr]
    assert row[1] == row[3] == 0.0 and row[0] > 0 and row[2] > 0
    assert t[me] is None


def test_t2_a_discard_lying_was_let_go_by_the_next_seat() -> None:
    """T2: a discard left on the table was offered to the seat after the thrower, who let
    it go: the worlds where it held the face (R1) weigh the Chắn rate, those with a free
    copy of the rank in another suit (a Cạ partner) the Cạ rate."""
    from advisor.chan.view import TableSeat, View
    g = Game.from_deal(seed=8)
    v = g.view(0)
    lying = parse_face("5v")
    table = list(v.table)
    table[2] = TableSeat(discards=(lying,))
    v = View(v.rules, 0, v.dealer, "discard", 0, v.hand, v.stock_left, None, tuple(table),
             v.memory)
    t = tables(v, RATES)
    assert t[3] is not None and t[1] is not None
    assert t[3][lying.index][1] == pytest.approx(0.3)  # seat 3 let it go holding one 5v
    assert t[3][lying.index][2] == pytest.approx(0.4)  # … or two
    assert t[3][BY_CODE["5s"].index][1] == pytest.approx(0.2)  # … or one 5s (a Cạ)
    assert t[3][BY_CODE["5s"].index][2] == 1.0  # a pair of 5s is locked (R2): no Cạ
    assert t[2] is not None and t[2][lying.index][1] == 0.0  # R2 on the thrower
    assert t[2][lying.index][3] == 0.0
    assert t[1][lying.index][3] == pytest.approx(0.1)  # three 5v: a Chíu declined (C5)
    assert t[1][lying.index][1] == 1.0  # seat 1 was never offered it


def test_the_fitted_rates_are_likelihoods() -> None:
    r = rates()
    for x in (r.chan1, r.chan2, r.ca, r.chiu):
        assert 0 < x < 1


def test_effective_worlds() -> None:
    assert effective_worlds([1.0] * 10) == pytest.approx(10)
    assert effective_worlds([1.0] + [0.0] * 9) == pytest.approx(1)


@pytest.mark.skipif(not core.available(), reason="the compiled core is not built")
def test_the_cores_worlds_keep_the_certainties() -> None:
    """Worlds the core draws from the belief never break one of its certainties (R2), and
    a VIEW's own cards stay its own."""
    from advisor.core import CORE
    positions = 0
    for seed in range(1, 7):
        for g, seat in _played(seed, "greedy")[4::5]:
            view = g.view(seat)
            b = belief(view, RATES)
            text = json.dumps({**view.to_json(), "belief": b})
            for w in range(4):
                world = json.loads(CORE.ChanGame.from_view(text, seed, w).state_json())
                hands = [list(counts_of(BY_CODE[c] for c in v["hand"])) for v in world["views"]]
                assert weight(b["faces"], hands) > 0
                assert hands[seat] == list(g.seats[seat].hand)
            positions += 1
    assert positions > 6


def test_a_tempered_belief_keeps_the_certainties_and_flattens_the_rest() -> None:
    """``temper(b, t)``: every weight to the power ``t`` (a weight 0, a certainty of R2,
    stays 0) and λ times ``t``; ``t = 1`` is the belief itself, ``t = 0`` the uniform deal
    within the certainties."""
    from advisor.chan.belief import temper

    decisions = _played(3, "greedy")
    g, seat = decisions[len(decisions) * 2 // 3]  # late enough for throws and passes
    b = belief(g.view(seat))
    ws = [w for t in b["faces"] if t is not None for row in t for w in row]
    assert 0.0 in ws and any(0 < w < 1 for w in ws)  # certainties and evidence to temper
    assert temper(b, 1.0) == b
    flat = temper(b, 0.0)
    assert flat["unpaired"] == [0.0] * 4
    half = temper(b, 0.5)
    for t0, tf, th in zip(b["faces"], flat["faces"], half["faces"]):
        if t0 is None:
            assert tf is None and th is None
            continue
        for r0, rf, rh in zip(t0, tf, th):
            for w0, wf, wh in zip(r0, rf, rh):
                assert (wf == 0.0) == (w0 == 0.0) and (wh == 0.0) == (w0 == 0.0)
                if w0 > 0:
                    assert wf == 1.0 and wh == pytest.approx(w0 ** 0.5)
