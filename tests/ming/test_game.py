"""M2–M7: the deal, leading and following, tricks, scores and settlement; the VIEW."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.errors import AdvisorError, IllegalActionError, PositionError, RecordError
from advisor.ming.cards import FULL, card
from advisor.ming.game import Action, Game, settlement
from advisor.ming.view import View
from tests.games.checks import legal_accepted_others_refused
from tests.ming.deals import deal, m, play_out, randomly

RULE = re.compile(r"^M[1-7]$")


def test_m2_deal_sizes_and_stock() -> None:
    for n, size, stock in ((2, 13, 4), (3, 9, 3)):
        g = Game.from_deal(n, seed=1)
        assert [g.hand_size(s) for s in range(n)] == [size] * n
        assert g.stock.bit_count() == stock
        assert g.cards_in_play() == FULL


def test_m2_highest_card_is_eldest_and_leads() -> None:
    for seed in range(20):
        g = Game.from_deal(3, seed=seed)
        top = max(range(3), key=lambda s: g.hands[s])
        assert g.eldest == top and g.pending is not None and g.pending.seat == top
        assert g.pending.phase == "lead"


def test_m2_play_is_counter_clockwise_in_seat_order() -> None:
    g = Game.from_deal(3, seed=2)
    first = g.eldest
    g.act(first, g.legal_actions()[0])
    assert g.pending is not None and g.pending.seat == (first + 1) % 3
    g.act(g.pending.seat, g.legal_actions()[0])
    assert g.pending is not None and g.pending.seat == (first + 2) % 3


def test_m2_a_bad_deal_is_refused() -> None:
    with pytest.raises(RecordError, match="M2"):
        Game([m("1s 2s"), m("3s 4s")], 0)
    with pytest.raises(AdvisorError, match="M2"):
        Game.from_deal(4)


def test_m3_m6_a_single_trick_scores_its_cards_and_bonus() -> None:
    g = deal("9c 8c 7c 6c 5c 4c 3c 2c 1c HC ZC 1s 5m",
             "2s 3s 4s 5s 6s 7s 8s 9s 1m 2m 3m 4m TM")
    assert g.eldest == 1  # TM
    g.act(1, Action("lead", m("4m")))
    legal = {a.cards: a.beats for a in g.legal_actions()}
    assert legal[m("5m")] is True and legal[m("1s")] is False
    g.act(0, Action("follow", m("5m")))
    assert g.captured == [2, 0] and g.bonuses == [2, 0]  # M3: 5 Myriads +2
    assert g.pending is not None and g.pending.seat == 0 and g.pending.phase == "lead"


def test_m5_lead_options_include_leopard_9_both_ways() -> None:
    g = deal("9c 9s 9m 1s 1m TM 2c 3c 4c 5c 6c 7c 8c",
             "1c HC ZC 2s 3s 4s 5s 6s 7s 8s 2m 3m 4m")
    leads = g.legal_actions()
    nine = [a for a in leads if a.cards == m("9c 9s 9m")]
    assert sorted(a.declare or "" for a in nine) == ["leopard", "special"]
    assert any(a.cards == m("1s 1m TM") for a in leads)
    assert all(a.cards.bit_count() in (1, 3) for a in leads)
    assert len([a for a in leads if a.cards.bit_count() == 1]) == 13


def test_m5_three_unrelated_cards_may_not_be_led() -> None:
    g = deal("9c 9s 9m 1s 1m TM 2c 3c 4c 5c 6c 7c 8c",
             "1c HC ZC 2s 3s 4s 5s 6s 7s 8s 2m 3m 4m")
    with pytest.raises(IllegalActionError, match=r"M5: .* is not a combination") as err:
        g.verify(0, Action("lead", m("9c 1s 2c")))
    assert err.value.rule == "M5"
    with pytest.raises(IllegalActionError, match="M5: seat 0 does not hold 1c"):
        g.verify(0, Action("lead", m("1c")))
    with pytest.raises(IllegalActionError, match="M5: it is seat 0's turn"):
        g.verify(1, Action("lead", m("1c")))


def test_m5_follow_every_set_of_as_many_cards() -> None:
    g = deal("9c 9s 9m 1s 1m TM 2c 3c 4c 5c 6c 7c 8c",
             "1c HC ZC 2s 3s 4s 5s 6s 7s 8s 2m 3m 4m")
    g.act(0, Action("lead", m("2c 3c 4c")))
    follows = g.legal_actions()
    assert len(follows) == 286  # C(13, 3)
    beating = {a.cards for a in follows if a.beats}
    assert m("1c HC ZC") in beating and m("2s 3s 4s") in beating
    assert m("2m 3m 4m") in beating and m("5s 7s 8s") not in beating
    with pytest.raises(IllegalActionError, match="M5: a follow plays as many cards"):
        g.verify(1, Action("follow", m("5s")))
    with pytest.raises(IllegalActionError, match=r"M5: .*does not beat"):
        g.verify(1, Action("follow", m("5s 7s 8s"), beats=True))


def test_m5_a_follow_without_beats_is_logged_with_it() -> None:
    g = deal("9c 9s 9m 1s 1m TM 2c 3c 4c 5c 6c 7c 8c",
             "1c HC ZC 2s 3s 4s 5s 6s 7s 8s 2m 3m 4m")
    g.act(0, Action("lead", m("2c 3c 4c")))
    g.act(1, Action("follow", m("5s 7s 8s")))
    assert g.log[-1].to_json() == {"seat": 1, "do": "follow", "cards": ["5s", "7s", "8s"],
                                   "beats": False}
    assert g.captured == [6, 0]


def test_m6_the_winner_leads_and_the_deal_ends_with_the_hands() -> None:
    g = play_out(Game.from_deal(2, seed=11))
    assert g.over and g.pending is None and all(h == 0 for h in g.hands)
    assert g.result is not None and sum(g.result.captured) == 26
    with pytest.raises(IllegalActionError, match="M6"):
        g.verify(0, Action("lead", card("1s").bit))


def test_m7_scores_and_settlement() -> None:
    assert settlement([15, 11]) == (4, -4)
    g = play_out(Game.from_deal(3, seed=4))
    r = g.result
    assert r is not None
    assert r.scores == tuple(c + b for c, b in zip(r.captured, r.bonuses))
    assert sum(r.settlement) == 0
    for s in range(3):
        assert r.settlement[s] == sum(r.scores[s] - r.scores[o] for o in range(3))
    assert r.to_json()["points"] == max(r.scores)


@settings(max_examples=40)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6))
def test_cards_taken_add_up_and_every_card_stays_accounted(players, seed) -> None:
    g = Game.from_deal(players, seed=seed)
    pick = randomly(seed)
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        assert legal and all(g.can(d.seat, a) for a in legal[:5])
        g.act(d.seat, pick(g, legal))
        assert g.cards_in_play() == FULL
    assert g.result is not None
    assert sum(g.result.captured) == (26 if players == 2 else 27)
    assert sum(g.result.tricks) == len(g.tricks)


def _reference_legal(g: Game) -> list[Action]:
    """The legal actions built the plain way (every set of cards, read and compared to
    the best play one by one): what the engine's tables must give."""
    import itertools

    from advisor.ming.cards import cards_of
    from advisor.ming.plays import LEOPARD_9, beats, combinations_in, reading

    d = g.pending
    assert d is not None
    hand = g.hands[d.seat]
    if d.phase == "lead":
        acts = [Action("lead", c.bit) for c in cards_of(hand)]
        acts += [Action("lead", p.cards, p.kind if p.cards == LEOPARD_9 else None)
                 for p in combinations_in(hand)]
        return acts
    t = g.trick
    assert t is not None
    idx = [i for i in range(30) if hand >> i & 1]
    return [Action("follow", m, None, beats(reading(m, t.lead.kind), t.best))
            for m in (sum(1 << i for i in combo)
                      for combo in itertools.combinations(idx, t.lead.size))]


@settings(max_examples=60)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6))
def test_m5_legal_actions_are_every_lead_and_follow_in_order(players, seed) -> None:
    """The leads and follows (with whether each beats, M3–M5) listed from the engine's
    tables are those of the plain construction, in the same order, at every decision."""
    g = Game.from_deal(players, seed=seed)
    pick = randomly(seed)
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        want = _reference_legal(g)
        assert legal == want and [a.beats for a in legal] == [a.beats for a in want]
        g.act(d.seat, pick(g, legal))


def test_legal_accepted_others_refused() -> None:
    g = Game.from_deal(3, seed=9)
    for _ in range(6):
        tries = g.legal_actions()[:8] + [Action("lead", 1 << i) for i in range(0, 30, 4)]
        tries += [Action("follow", 1 << i) for i in range(0, 30, 5)]
        legal_accepted_others_refused(g, 3, tries, RULE)
        g.act(g.pending.seat, g.legal_actions()[-1])


# --- the VIEW ------------------------------------------------------------------------

def test_a_face_down_play_is_hidden_from_the_others() -> None:
    g = deal("9c 8c 7c 6c 5c 4c 3c 2c 1c HC ZC 1s 5m",
             "2s 3s 4s 5s 6s 7s 8s 9s 1m 2m 3m 4m TM")
    g.act(1, Action("lead", m("4m")))
    g.act(0, Action("follow", m("9c")))
    mine, theirs = g.view(0).tricks[0].plays[1], g.view(1).tricks[0].plays[1]
    assert mine.cards == m("9c") and not mine.shown
    assert theirs.cards == 0 and theirs.count == 1 and not theirs.shown
    assert "cards" not in g.view(1).to_json()["tricks"][0]["plays"][1]
    assert g.view(1).known & m("9c") == 0


@settings(max_examples=25)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6), st.integers(0, 40))
def test_view_round_trips(players, seed, moves) -> None:
    g = Game.from_deal(players, seed=seed)
    pick = randomly(seed)
    for _ in range(moves):
        if g.pending is None:
            break
        g.act(g.pending.seat, pick(g, g.legal_actions()))
    for s in range(players):
        v = g.view(s)
        assert View.from_json(v.to_json()) == v
        assert v.seat == s


@pytest.mark.parametrize(("change", "field"), [
    (lambda v: v.update(seat=5), "seat"),
    (lambda v: v.update(phase="draw"), "phase"),
    (lambda v: v.update(hand=["1s", "1s"]), "hand"),
    (lambda v: v.update(hand=["xx"]), "hand"),
    (lambda v: v.update(hand_sizes=[1]), "hand_sizes"),
    (lambda v: v.update(colour=1), "colour"),
    (lambda v: v.update(scores=[99, 0]), "scores"),
])
def test_a_malformed_view_names_its_field(change, field) -> None:
    g = Game.from_deal(2, seed=1)
    obj = g.view(0).to_json()
    change(obj)
    with pytest.raises(AdvisorError) as err:
        View.from_json(obj)
    assert err.value.field == field
    assert isinstance(err.value, (PositionError, AdvisorError))
