"""Exact endgame mode: the solver (cached backward induction) agrees with a plain
enumeration of every reveal sequence, and a larger budget never changes its answer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from advisor.chan.advice import advise
from advisor.chan.bots import GreedyBot
from advisor.chan.cards import FACES, NFACES, Counts
from advisor.chan.endgame import win_points
from advisor.chan.game import Game
from advisor.chan.pairing import Exposed, Meld
from advisor.chan.view import unseen_counts


def late_positions(n: int, max_stock: int, min_stock: int = 0) -> list[dict]:
    """VIEWs of decisions with few stock cards left, from greedy deals."""
    out = []
    bot = GreedyBot()
    for seed in range(400):
        g = Game.from_deal(seed=seed)
        while g.pending is not None:
            d = g.pending
            legal = g.legal_actions()
            if len(legal) > 1 and min_stock <= len(g.stock) <= max_stock and d.phase != "claim" \
                    and all(a.do != "chiu" for a in legal):
                out.append(g.view(d.seat))
                if len(out) == n:
                    return out
            g.act(d.seat, legal[0] if len(legal) == 1 else bot.decide(g.view(d.seat), legal))
    return out


def brute(view: dict, action: dict) -> tuple[Fraction, Fraction]:
    """The endgame model of docs/advisor.md, enumerated sequence by sequence with exact
    fractions and no cache: (expected settlement, probability of winning)."""
    me = view["seat"]
    prev = (me - 1) % 4
    rules = view["rules"]
    refused = {f.index for f in _faces(view["memory"]["refused"])}
    hand0 = _counts(view["hand"])
    melds0 = Exposed.of(Meld.of(_faces(m)) for m in view["table"][me]["melds"])
    discarded0 = frozenset(f.index for f in _faces(view["memory"]["discarded"]))

    def discards(hand: Counts) -> list[int]:
        return [j for j in range(NFACES) if hand[j] and hand[j] not in (2, 4)
                and j not in refused]

    def best(values: list[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
        return max(values)

    def step(hand: Counts, melds: Exposed, pool: Counts, stock: int, door: int,
             discarded: frozenset[int]) -> tuple[Fraction, Fraction]:
        if stock == 0:
            return (Fraction(0), Fraction(0))
        total = sum(pool)
        ev = Fraction(0)
        pw = Fraction(0)
        for i in range(NFACES):
            if not pool[i]:
                continue
            p = Fraction(pool[i], total)
            rest = pool[:i] + (pool[i] - 1,) + pool[i + 1 :]
            x = FACES[i]
            options = []
            with_x = hand[:i] + (hand[i] + 1,) + hand[i + 1 :]
            pts = win_points(with_x, melds, x, "own_door" if door == me else "other_door", rules)
            if pts:
                options.append((Fraction(3 * pts), Fraction(1)))
            if door in (me, prev):
                nxt = (me + 1) % 4 if door == me else me
                options.append(step(hand, melds, rest, stock - 1, nxt, discarded))
                if hand[i] in (1, 2) and i not in discarded:
                    after = hand[:i] + (hand[i] - 1,) + hand[i + 1 :]
                    m2 = Exposed.of([*melds.melds, Meld.of([x, x])])
                    opts = [after_discard(after, m2, rest, stock - 1, discarded, z)
                            for z in discards(after)]
                    if opts:
                        options.append(best(opts))
            else:
                options.append(step(hand, melds, rest, stock - 1, (door + 1) % 4, discarded))
            e, w = best(options)
            ev += p * e
            pw += p * w
        return (ev, pw)

    def after_discard(hand: Counts, melds: Exposed, pool: Counts, stock: int,
                      discarded: frozenset[int], z: int) -> tuple[Fraction, Fraction]:
        after = hand[:z] + (hand[z] - 1,) + hand[z + 1 :]
        return step(after, melds, pool, stock, (me + 1) % 4, discarded | {z})

    pool = unseen_counts(view)
    stock = view["stock_left"]
    offer = view.get("offer")
    if action["do"] == "discard":
        z = _faces([action["card"]])[0].index
        return after_discard(hand0, melds0, pool, stock, discarded0, z)
    if action["do"] == "pass":
        own = offer["source"] == "stock" and offer["door"] == me
        return step(hand0, melds0, pool, stock, (me + 1) % 4 if own else me, discarded0)
    assert action["do"] == "eat"
    y = _faces([action["with"]])[0]
    x = _faces([offer["card"]])[0]
    after = hand0[: y.index] + (hand0[y.index] - 1,) + hand0[y.index + 1 :]
    m2 = Exposed.of([*melds0.melds, Meld.of([y, x])])
    return best([after_discard(after, m2, pool, stock, discarded0, z) for z in discards(after)])


def _faces(codes: list[str]) -> list:
    from advisor.chan.cards import parse_cards

    return parse_cards(codes)


def _counts(codes: list[str]) -> Counts:
    from advisor.chan.cards import counts_of

    return counts_of(_faces(codes))


POSITIONS = late_positions(4, max_stock=0) + late_positions(10, max_stock=2, min_stock=1)


@pytest.mark.parametrize("view", POSITIONS, ids=lambda v: f"seat{v['seat']}-{v['phase']}-"
                         f"stock{v['stock_left']}")
def test_exact_mode_agrees_with_brute_force(view: dict) -> None:
    a = advise(view, budget_ms=2000)
    assert a.method == "exact"
    assert (a.states > 0) == (view["stock_left"] > 0)  # with no stock the tree is one leaf
    for e in a.actions:
        if e.action.do == "win":
            continue
        ev, pw = brute(view, e.action.to_json())
        assert e.expected == pytest.approx(float(ev), abs=1e-9)
        assert e.win == pytest.approx(float(pw), abs=1e-9)
        assert 0.0 <= e.win <= 1.0
    ranked = [(e.expected, e.win) for e in a.actions if e.action.do != "win"]
    assert ranked == sorted(ranked, reverse=True)


def test_enough_late_positions_were_found() -> None:
    assert len(POSITIONS) == 14
    assert {v["stock_left"] for v in POSITIONS} == {0, 1, 2}
    assert {v["phase"] for v in POSITIONS} >= {"offer", "discard"}


@pytest.mark.parametrize("view", late_positions(8, max_stock=3)[:8])
def test_a_larger_budget_never_changes_an_exact_answer(view: dict) -> None:
    answers = []
    for budget in (5, 20, 100, 1000):
        a = advise(view, budget_ms=budget, samples=None)
        if a.method == "exact":
            answers.append((budget, a.best, [(str(e.action), e.expected) for e in a.actions]))
    assert answers, "exact mode completes at the largest budget"
    first = answers[0]
    assert all(ans[1:] == first[1:] for ans in answers)
    assert answers[-1][0] == 1000  # once exact at some budget, exact at every larger one
    assert [b for b, *_ in answers] == [5, 20, 100, 1000][-len(answers):]
