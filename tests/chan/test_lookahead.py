"""The look-ahead: what an action leaves goes through the engine's own legality (R2, R3,
R7b after an eat or a Chíu), certain outcomes are recognised (C1, C2), and typed
positions pose the decision the engine would (C1, C5, §4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.chan.advice import advise, explain, leaves, view_from_position
from advisor.chan.analysis import discard_table
from advisor.chan.bots import greedy_choice
from advisor.chan.cards import counts_of, parse_cards, parse_face
from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import Action, SeatState, legal_discards, prospect
from advisor.chan.pairing import distance
from advisor.errors import AdvisorError, HandSizeError, PositionError
from tests.chan.deals import position_after

GOLDEN = Path(__file__).parent / "golden"
README_HAND = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m"
WAITING = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"


def waits_of(e: object) -> dict[str, int]:
    return {w.face.code: w.unseen for w in e.waits}  # type: ignore[attr-defined]


# --- 1. the look-ahead obeys the restrictions ---------------------------------------------

def test_readme_eat_is_followed_by_a_legal_discard_r2() -> None:
    """Eating 8s with 8v leaves 7v held twice (R2): the discard must be 7m, and the hand
    then waits on 9v, 9s and 9m — what `analyze` of the 20 cards says."""
    view = view_from_position(hand=README_HAND, offer="8s")
    a = advise(view, samples=2)
    eat = next(e for e in a.actions if e.action == Action("eat", parse_face("8v")))
    assert eat.then == parse_face("7m")
    assert waits_of(eat) == {"9v": 3, "9s": 4, "9m": 4}
    rows = discard_table(counts_of(parse_cards(README_HAND + " 8s")))
    assert rows[0].face.code == "7m" and waits_of(rows[0]) == waits_of(eat)
    assert explain(eat, parse_face("8s")).startswith(
        "Eat 8s as Cạ with 8v, then discard 7m: 1 unpaired left, waiting on 9v/9s/9m — 11 "
        "unseen")


def test_seed12_chiu_waits_come_from_the_legal_discard() -> None:
    """`advisor chan play --seed 12 --opponents random`, move 30: a Chíu chance on 3v. The
    Chíu is followed by a legal discard and waits on 8v (4), 8s (1), 8m (3); passing
    waits on 8m (3) alone."""
    rec = json.loads((GOLDEN / "seed12_chiu_3v.json").read_text())
    g = CHAN.replay(rec, partial=True).game
    assert g is not None and g.pending is not None and g.pending.seat == 0
    a = advise(g.view(0), samples=2)
    by_do = {e.action.do: e for e in a.actions}
    assert waits_of(by_do["chiu"]) == {"8v": 4, "8s": 1, "8m": 3}
    assert waits_of(by_do["pass"]) == {"8m": 3}


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 70))
@settings(max_examples=120, deadline=None)
def test_prospect_discards_are_the_engines(seed: int, moves: int) -> None:
    """For every legal eat or Chíu, the discards the look-ahead may assume are exactly the
    ones the engine accepts once the action is made, and the one it assumes is among
    them; a Chíu ù it announces, the engine lets the seat win."""
    g = position_after(seed, moves)
    d = g.pending
    if d is None:
        return
    unseen = g.view(d.seat).unseen
    offered = g.offer.card if g.offer is not None else None
    for a in g.legal_actions():
        if a.do not in ("eat", "chiu"):
            continue
        after = g.clone()
        after.act(d.seat, a)
        engine = [x.card for x in after.legal_actions() if x.do == "discard"]
        p = g.prospect(d.seat, a)
        assert list(p.discards) == engine
        assert p.wins == any(x.do == "win" for x in after.legal_actions())
        lv = leaves(a, g.seats[d.seat], offered, unseen)
        if lv.wins:
            assert p.wins
        else:
            assert lv.then is not None and after.can_discard(d.seat, lv.then)


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 70))
@settings(max_examples=80, deadline=None)
def test_greedy_eats_only_when_a_legal_discard_lowers_the_distance(seed: int,
                                                                   moves: int) -> None:
    g = position_after(seed, moves)
    d = g.pending
    if d is None or d.phase != "offer":
        return
    legal = g.legal_actions()
    if not any(a.do == "eat" for a in legal) or any(a.do == "chiu" for a in legal):
        return
    s = g.seats[d.seat]
    assert g.offer is not None
    choice = greedy_choice(s, legal, g.offer.card)
    now = distance(s.counts(), s.exposed)

    def best_after(a: Action) -> int:
        after = g.clone()
        after.act(d.seat, a)
        t = after.seats[d.seat]
        out = []
        for x in after.legal_actions():
            assert x.card is not None
            h = t.counts()
            i = x.card.index
            dist = distance(h[:i] + (h[i] - 1,) + h[i + 1 :], t.exposed)
            out.append(99 if dist is None else dist)
        return min(out)

    best = min(best_after(a) for a in legal if a.do == "eat")
    if choice.do == "eat":
        assert now is not None and best_after(choice) == best < now
    else:
        assert now is None or best >= now


def test_r7b_applies_to_the_discard_after_a_ca_eat() -> None:
    """Having discarded 5v, a seat that eats a Cạ may not then discard 5s or 5m (R7b):
    the look-ahead leaves them out."""
    hand = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 9v 9s 5s 6m 2s 3m 4m"))
    s = SeatState(list(hand), hand, discard_log=[parse_face("5v")], discarded={0: 1})
    p = prospect(s, Action("eat", parse_face("9s")), parse_face("9m"))
    codes = [f.code for f in p.discards]
    assert "5s" not in codes and "6m" in codes
    s.ate_ca = True
    assert parse_face("5s") not in legal_discards(s)


# --- 2. certain outcomes --------------------------------------------------------------------

def test_chiu_u_is_a_certain_win_c2() -> None:
    view = view_from_position(hand="2v 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 3s 3m",
                              offer="2v")
    a = advise(view)
    best = a.actions[0]
    assert best.action.do == "chiu" and best.certain and best.win == 1.0
    assert best.expected == 15.0 and best.win_se == 0.0
    assert a.method == "certain" and a.samples == 0
    assert a.explanation.startswith("Chíu ù on 2v: certain, +15")


def test_typed_stock_card_gets_the_win_claim_c1_c5() -> None:
    view = view_from_position(hand=WAITING, offer="3m", source="stock")
    assert view.phase == "claim"
    a = advise(view)
    assert a.best.do == "win" and a.actions[0].certain and a.actions[0].expected == 9.0
    assert "Ù chì" in a.explanation
    # Passed on from the previous door (T4), the claims are closed: no win (C5).
    passed = view_from_position(hand=WAITING, offer="3m", source="passed")
    assert passed.phase == "offer" and passed.offer is not None
    assert passed.offer.claims_open is False
    assert all(e.action.do != "win" for e in advise(passed, samples=2).actions)
    # A discard never wins (C1).
    assert all(e.action.do != "win"
               for e in advise(view_from_position(hand=WAITING, offer="3m"),
                               samples=2).actions)


# --- typed positions are checked -------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"hand": "2v 2v", "offer": "3v"}, HandSizeError, "2 cards"),
    ({"hand": WAITING}, HandSizeError, "give the card on offer"),
    ({"hand": README_HAND + " 8s 9s"}, HandSizeError, "21 cards"),
    ({"hand": WAITING, "offer": "3m 4v"}, PositionError, "one card"),
    ({"hand": WAITING, "offer": "3m", "source": "door"}, PositionError, "source"),
])
def test_typed_positions_are_checked(kwargs: dict[str, str], error: type[AdvisorError],
                                     match: str) -> None:
    with pytest.raises(error, match=match):
        view_from_position(**kwargs)  # type: ignore[arg-type]


def test_a_view_whose_hand_does_not_add_up_is_refused() -> None:
    g = position_after(3, 10)
    assert g.pending is not None
    view = g.view(g.pending.seat).to_json()
    view["hand"] = view["hand"][:-2]
    with pytest.raises(HandSizeError, match="hand and melds make"):
        advise(view)
