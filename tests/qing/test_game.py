"""The engine (Q6–Q8): the deal, the dealer, turns, taking a discard, winning, the stock
running out, the pot; every illegal action refused with its rule ID; random legal games
always keep the 120 cards and replay from their records."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.errors import AdvisorError, IllegalActionError, RecordError
from advisor.qing.cards import CARDS, PACK, card, parse_cards
from advisor.qing.faces import GAME as QING
from advisor.qing.game import Action, Game, dealer_of, take_action
from advisor.qing.position import meld_of
from advisor.qing.rules import Rules
from advisor.qing.view import View
from tests.games.checks import legal_accepted_others_refused
from tests.qing.deals import deal

RULE = re.compile(r"Q[1-8]$")
WIN = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"
P1 = "2s 3s 4s 6m 7m 8m 4c 5c 6c 7c 2m 2m 9m 9m"  # 14 cards


def test_q6_the_dealer_gets_15_and_the_others_14() -> None:
    for n in range(2, 7):
        g = Game.from_deal(n, seed=n)
        sizes = [sum(g.hand(s)) for s in range(n)]
        assert sizes[g.dealer] == 15 and sorted(sizes)[:-1] == [14] * (n - 1)
        assert len(g.stock) == 120 - 15 - 14 * (n - 1)
        assert g.pending is not None and g.pending.seat == g.dealer
        assert g.pending.phase == "turn"


def test_q6_the_dealer_is_found_by_counting_round_the_players() -> None:
    g = Game.from_deal(4, seed=11)
    assert g.cut is not None and not g.cut.flower
    assert g.dealer == (g.cut.rank - 1) % 4
    assert dealer_of(card("9m"), 4) == 0 and dealer_of(card("1c"), 5) == 0
    with pytest.raises(RecordError, match="Q6"):
        dealer_of(card("RF"), 4)
    rec = g.to_record()
    rec["dealer"] = (g.dealer + 1) % 4
    assert not QING.replay(rec).valid and "Q6" in QING.replay(rec).describe()


def test_q6_the_same_seed_deals_the_same_cards() -> None:
    a, b = Game.from_deal(5, seed="x"), Game.from_deal(5, seed="x")
    assert a.to_record() == b.to_record()


def test_q6_the_dealer_may_win_on_the_deal() -> None:
    g = deal([WIN, P1])
    assert g.legal_actions()[0] == Action("win")
    g.win(0)
    assert g.result is not None and g.result.winner == 0 and g.result.how == "deal"
    assert g.result.settlement == (1, -1)


def test_q6_a_discard_goes_to_the_left_who_draws_or_takes() -> None:
    g = deal([WIN.replace("1c", "2s"), P1], "9s")
    g.discard(0, card("2s"))
    d = g.pending
    assert d is not None and (d.seat, d.phase) == (1, "offer")
    dos = {a.do for a in g.legal_actions()}
    assert dos == {"take", "draw"}  # 2s with 3s 4s
    g.draw(1)
    assert sum(g.hand(1)) == 15 and g.pending.phase == "turn"  # type: ignore[union-attr]


def test_q7_only_the_player_on_the_left_takes_and_shows_the_group_at_once() -> None:
    g = deal([WIN.replace("1c", "2s"), P1, "2s 3s 4s 6c 7c 8c 4m 5m 6m 3c 3c 3m 9c 9c"], "9s")
    g.discard(0, card("2s"))
    with pytest.raises(IllegalActionError, match="Q6: it is seat 1's") as err:
        g.take(2, parse_cards("3s 4s"))
    assert err.value.rule == "Q6"
    with pytest.raises(IllegalActionError, match=r"Q7.*not an eye or a boy"):
        g.take(1, parse_cards("3s 6m"))
    with pytest.raises(IllegalActionError, match=r"Q7.*does not hold"):
        g.take(1, parse_cards("3s 5s"))
    g.take(1, parse_cards("3s 4s"))
    s = g.seats[1]
    assert [x.codes for x in s.melds] == [["2s", "3s", "4s"]] and s.melds[0].exposed
    assert sum(g.hand(1)) == 12 and g.pending.phase == "turn"  # type: ignore[union-attr]
    assert card("2s") not in g.pile


def test_q7_an_eye_may_be_shown_and_counts_toward_the_win() -> None:
    hand = "8c 2s 4c 5c 6c 4s 5s 6s 4m 5m 6m 7m 8m RF"
    g = deal(["3c 4c 6c 7c 9s 9s 1m 3m 4m 5m 6s 7s 8s 6m 2m", hand], "9m")
    g.discard(0, card("2m"))
    assert take_action(parse_cards("8c 2s")) in g.legal_actions()
    g.take(1, parse_cards("8c 2s"))
    assert g.seats[1].melds[0].name == "Poverty"
    assert g.legal_actions()[0] == Action("win")  # 12 concealed cards, the eye exposed
    g.win(1)
    assert g.result is not None and g.result.how == "take"
    assert g.result.groups[0].exposed and g.result.groups[0].extra_codes == ["RF"]


def test_q7_a_player_wins_with_the_discard() -> None:
    g = deal(["2s 3s 4s 6m 7m 8m 4c 5c 6c 7c 2m 2m 9m 9m 9c", WIN[:-3]], "9s")
    g.discard(0, card("9c"))
    assert Action("win") not in g.legal_actions()
    g = deal(["2s 3s 4s 6m 7m 8m 4c 5c 6c 7c 2m 2m 9m 9m 1c", WIN[:-3]], "9s")
    g.discard(0, card("1c"))
    assert g.legal_actions()[0] == Action("win")
    g.win(1)
    assert g.result is not None and (g.result.winner, g.result.how) == (1, "discard")
    assert g.result.settlement == (-1, 1)


def test_q5_a_win_that_does_not_win_is_refused() -> None:
    g = deal([WIN.replace("1c", "2s"), P1])
    with pytest.raises(IllegalActionError, match="Q5"):
        g.win(0)


def test_q8_the_stock_runs_out_and_the_deal_is_drawn() -> None:
    g = Game.from_deal(2, seed=3)
    while g.stock or g.pending.phase != "offer":  # type: ignore[union-attr]
        d = g.pending
        assert d is not None
        legal = [a for a in g.legal_actions() if a.do in ("draw", "discard")]
        g.act(d.seat, legal[-1] if d.phase == "turn" else legal[0])
        if g.over:
            pytest.skip("won before the stock ran out")
    d = g.pending
    assert d is not None
    assert Action("draw") not in g.legal_actions() and Action("pass") in g.legal_actions()
    with pytest.raises(IllegalActionError, match="Q8: the stock is empty"):
        g.draw(d.seat)
    g.pass_(d.seat)
    assert g.result is not None and g.result.winner is None and g.result.settlement == (0, 0)


def test_q8_a_drawn_deal_when_nothing_can_be_taken() -> None:
    rng = random.Random(2)
    for k in range(40):
        g = Game.from_deal(3, seed=k)
        while not g.over:
            legal = [a for a in g.legal_actions() if a.do != "win" and a.do != "take"]
            g.act(g.pending.seat, rng.choice(legal))  # type: ignore[union-attr]
        assert g.result is not None
        if g.result.winner is None and g.log[-1].action.do == "discard":
            assert not g.stock  # drawn at once: the next seat could only pass
            return
    raise AssertionError("no deal ended on an untakeable discard")


def test_the_deal_over_refuses_every_action() -> None:
    g = deal([WIN, P1])
    g.win(0)
    with pytest.raises(IllegalActionError, match="Q8: the deal is over"):
        g.discard(0, card("9c"))
    assert g.legal_actions() == [] and g.pending is None


def test_actions_round_trip_as_json() -> None:
    for a in (Action("win"), Action("draw"), Action("pass"), Action("discard", card("OT")),
              take_action(parse_cards("5c 6c"))):
        assert Action.from_json(a.to_json()) == a
    for bad in ({"do": "dance"}, {"do": "discard"}, {"do": "take"}, [], {"do": "draw", "x": 1}):
        with pytest.raises(RecordError):
            Action.from_json(bad)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.sampled_from(
    [Rules(), Rules("wilkinson", True), Rules(extras_replace=True)]))
def test_random_legal_games_keep_the_pack_and_replay(players: int, seed: int,
                                                     rules: Rules) -> None:
    g = Game.from_deal(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    tries = [Action("win"), Action("draw"), Action("pass"),
             *(Action("discard", c) for c in CARDS[::4])]
    n = 0
    while not g.over:
        legal = g.legal_actions()
        assert legal and all(g.can(g.pending.seat, a) for a in legal)  # type: ignore[union-attr]
        if n % 7 == 0:
            legal_accepted_others_refused(g, players, [*tries, *legal], RULE)
            v = g.view(g.pending.seat)  # type: ignore[union-attr]
            assert View.from_json(v.to_json()) == v
        g.act(g.pending.seat, rng.choice(legal))  # type: ignore[union-attr]
        assert g.cards_in_play() == PACK
        n += 1
    r = QING.replay(g.to_record())
    assert r.valid, r.describe()
    assert sum(g.result.settlement) == 0  # type: ignore[union-attr]


# --- Q4 extras_replace: every flower the option allows, in takes -----------------------------

REPLACE = Rules(extras_replace=True)
P0 = "2s 3s 4s 6m 7m 8m 4c 5c 6c 7c 2m 2m 9m 9m 3c"  # the dealer's 15, throws 3c or 6s


def _takes_after(hand1: str, thrown: str, rules: Rules = REPLACE) -> tuple[Game, list[str]]:
    g = deal([P0.replace("3c", thrown), hand1], rules=rules)
    g.discard(0, card(thrown))
    return g, [" ".join(c.code for c in a.with_) for a in g.legal_actions() if a.do == "take"]


@pytest.mark.parametrize(("rules", "eye", "hand1"), [
    (REPLACE, "9s RF OT", "9s RF OT WF 5s 1c 2c 4c 6c 5m 6m 7m 8m 9c"),  # Chariot
    (REPLACE, "8s 9m WF", "8s 9m WF RF 5s 1c 2c 4c 6c 5m 6m 7m 8m 9c"),  # White Flower
    (Rules("wilkinson", True), "9s 9m RF", "9s 9m RF WF 5s 1c 2c 4c 6c 5m 6m 7m 8c 9c"),
])
def test_q4_a_take_fills_a_boy_with_any_flower_and_keeps_the_flower_eye(
        rules: Rules, eye: str, hand1: str) -> None:
    g, takes = _takes_after(hand1, "6s", rules)
    flowers = [c for c in eye.split() if c in ("RF", "WF", "OT")]
    other = next(c for c in ("RF", "WF", "OT") if c in hand1.split() and c not in flowers)
    # 5s 6s with a flower for 4s or 7s: every flower of the hand is offered, so the eye's
    # own flowers need not be broken
    assert {f"5s {f}" for f in (*flowers, other)} <= set(takes)
    g.take(1, parse_cards(f"5s {other}"))
    rest = g.hand(1)
    assert all(rest[card(c).index] for c in eye.split())  # the eye is still whole in hand
    assert g.seats[1].melds[0].to_json()["flowers_as"]


@pytest.mark.parametrize(("rules", "eye", "hand1", "thrown"), [
    (REPLACE, "9s RF OT", "RF OT 9s 5s 1c 2c 4c 6c 5m 6m 7m 8m 9c 3m", "9s"),
    (REPLACE, "8s 9m WF", "8s 9m 5s 1c 2c 4c 6c 5m 6m 7m 8m 9c 3m 4m", "WF"),
    (Rules("wilkinson", True), "9s 9m RF", "9m RF 5s 1c 2c 4c 6c 5m 6m 7m 8m 9c 3m 4m", "9s"),
])
def test_q4_a_flower_eye_is_taken_with_its_own_cards(rules: Rules, eye: str, hand1: str,
                                                     thrown: str) -> None:
    g, takes = _takes_after(hand1, thrown, rules)
    shown = sorted(parse_cards(" ".join(c for c in eye.split() if c != thrown)),
                   key=lambda c: c.index)
    assert " ".join(c.code for c in shown) in takes
    g.take(1, shown)
    assert g.seats[1].melds[0].kind == "eye"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_q4_every_group_a_hand_can_show_is_offered(seed: int) -> None:
    """Any cards of the hand that make an eye or a boy with the discard (Q7; flowers
    standing for a boy's cards, Q4) are a legal take, and none is refused."""
    rng = random.Random(seed)
    g = Game.from_deal(3, seed=seed, rules=REPLACE)
    while not g.over and g.pending.phase != "offer":  # type: ignore[union-attr]
        g.act(g.pending.seat, rng.choice(g.legal_actions()))  # type: ignore[union-attr]
    if g.over:
        return
    d = g.pending
    assert d is not None and g.offer is not None
    hand = [c for c in CARDS for _ in range(g.hand(d.seat)[c.index])]
    offered = {a.with_ for a in g.legal_actions() if a.do == "take"}
    for n in (2, 3, 4):
        for w in {tuple(sorted(x, key=lambda c: c.index))
                  for x in itertools.combinations(hand, n)}:
            try:
                meld_of([*w, g.offer.card], REPLACE)
            except AdvisorError:
                continue
            assert w in offered, (w, g.offer.card)
            assert g.can(d.seat, take_action(w))
