"""M3–M6: what a play is, what beats what, who wins a trick and what it scores."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.errors import DuplicateCardError, IllegalActionError, PositionError
from advisor.ming.cards import CARDS, TM
from advisor.ming.plays import (
    COMBINATIONS,
    GIBBONS,
    KINDS,
    LEOPARDS,
    SINGLES,
    SPECIAL_LIST,
    SPECIALS,
    Play,
    beats,
    combinations_in,
    read_lead,
    reading,
    trick,
)
from tests.ming.deals import m


def all_plays(kind: str) -> list[Play]:
    if kind == "single":
        return list(SINGLES)
    masks = {mk for mk in COMBINATIONS}
    return [p for p in (reading(x, kind) for x in masks) if p is not None]  # type: ignore[arg-type]


# --- M3: singles ---------------------------------------------------------------------

def test_m3_a_higher_suit_or_a_higher_card_beats_a_single() -> None:
    assert trick(["ZC", "1s"]).winner == 1
    assert trick(["5s", "4s"]).winner == 0
    assert trick(["5s", "6s"]).winner == 1
    assert trick(["1c", "9c"]).winner == 0  # Cash runs in reverse
    assert trick(["9m", "1m", "2s"]).winner == 0


def test_m3_thousand_myriads_beats_only_myriads() -> None:
    assert trick(["1m", "TM"]).winner == 1
    assert trick(["9s", "TM"]).winner == 0
    assert trick(["ZC", "TM"]).winner == 0
    assert trick(["3s", "5m", "TM"]).winner == 2  # the best so far is a Myriad


def test_m3_bonus_for_five_and_eight_myriads() -> None:
    assert trick(["3s", "5m"]).to_json() == {"winner": 1, "cards": 2, "bonus": 2}
    assert trick(["8m", "7m", "5c"]).to_json() == {"winner": 0, "cards": 3, "bonus": 3}
    assert trick(["5m", "6m"]).bonus == 0  # only a winning 5 Myriads scores


# --- M4: combinations ----------------------------------------------------------------

def test_m4_gibbons_suit_first_then_height() -> None:
    assert len(GIBBONS) == 9 + 7 + 8
    assert trick(["7s 8s 9s", "1m 2m 3m"]).winner == 1
    assert trick(["1s 2s 3s", "2c 1c HC"]).winner == 0
    assert trick(["4s 5s 6s", "1s 2s 3s"]).winner == 0


def test_m4_cash_gibbons_run_in_reverse() -> None:
    assert trick(["9c 8c 7c", "3c 2c 1c"]).winner == 1
    assert trick(["3c 2c 1c", "9c 8c 7c"]).winner == 0


def test_m4_half_leopard_beats_every_string_and_cash_gibbon() -> None:
    hl = read_lead(m("1c HC ZC"))
    assert hl.name == "Half Leopard"
    for g in GIBBONS.values():
        if g.cards != hl.cards:
            assert beats(hl, g) == (g.codes[0][-1] != "m"), g
    assert trick(["7s 8s 9s", "1c HC ZC"]).to_json() == {"winner": 1, "cards": 6, "bonus": 1}
    assert trick(["1c HC ZC", "1m 2m 3m"]).winner == 1


def test_m4_thousand_myriad_gibbon_bonus() -> None:
    assert trick(["8m 9m TM", "1s 2s 3s"]).to_json() == {"winner": 0, "cards": 6, "bonus": 1}
    assert trick(["6m 7m 8m", "ZC HC 1c"]).winner == 0


def test_m4_leopards_beaten_only_by_a_higher_leopard_or_the_hero() -> None:
    assert len(LEOPARDS) == 9
    assert trick(["2c 2s 2m", "3c 3s 3m"]).winner == 1
    assert trick(["3c 3s 3m", "2c 2s 2m"]).winner == 0
    assert trick(["8c 8s 8m", "1s 1m TM"]).to_json() == {"winner": 1, "cards": 6, "bonus": 9}
    assert trick(["8c 8s 8m", "7c 3s 3m"]).winner == 0  # a Special is not a Leopard
    assert trick(["8c 8s 8m", "9c 9s 9m"]).to_json() == {"winner": 1, "cards": 6, "bonus": 0}


def test_m4_the_articles_order_of_specials() -> None:
    names = [n for n, _, _ in SPECIAL_LIST]
    assert names == ["Pangolin", "Poverty", "Tiger", "Chariot", "Leopard 9", "Wealth", "Hero"]
    assert [b for _, _, b in SPECIAL_LIST] == [3, 4, 5, 6, 7, 8, 9]
    plays = [SPECIALS[m(cards)] for _, cards, _ in SPECIAL_LIST]
    for i, a in enumerate(plays):
        for j, b in enumerate(plays):
            assert beats(a, b) == (i > j)


def test_m4_specials_beaten_only_by_higher_specials() -> None:
    assert trick(["7c 3s 3m", "9c 1s 1m"]).to_json() == {"winner": 1, "cards": 6, "bonus": 5}
    assert trick(["9c 1s 1m", "2c 2s 2m"]).winner == 0  # a Leopard does not beat a Special
    assert trick(["7c 3s 3m", "4s 5s 6s"]).winner == 0


def test_m4_leopard_9_is_what_the_leader_declares() -> None:
    assert trick(["9c 9s 9m", "ZC 8s 8m"]).bonus == 7  # a Special by default (M5)
    assert trick(["9c 9s 9m", "ZC HC 1c"], leopard9="special").bonus == 7
    assert trick(["9c 9s 9m", "ZC HC 1c"], leopard9="leopard").bonus == 0
    # declared a Leopard, only the Hero beats it; declared a Special, Wealth and the Hero
    # would (Wealth shares 9s 9m with it, so only the Hero ever can)
    assert trick(["9c 9s 9m", "1s 1m TM"], leopard9="leopard").to_json() == \
        {"winner": 1, "cards": 6, "bonus": 9}
    assert trick(["9c 9s 9m", "1s 1m TM"]).winner == 1
    assert beats(SPECIALS[m("ZC 9s 9m")], read_lead(m("9c 9s 9m")))
    assert not beats(reading(m("ZC 9s 9m"), "leopard"), read_lead(m("9c 9s 9m"), "leopard"))
    assert trick(["8c 2s 2m", "9c 9s 9m"]).to_json() == {"winner": 1, "cards": 6, "bonus": 7}


# --- M5: leading and following -------------------------------------------------------

def test_m5_three_unrelated_cards_may_not_be_led() -> None:
    with pytest.raises(IllegalActionError, match="M5") as err:
        trick(["9c 9s 1m", "1c 2c 3c"])
    assert err.value.rule == "M5" and err.value.field == "plays[0]"
    with pytest.raises(IllegalActionError, match="M5"):
        read_lead(m("1s 2s"))
    with pytest.raises(IllegalActionError, match="M5"):
        read_lead(m("1s 2s 3s"), "leopard")


def test_m5_a_follow_plays_as_many_cards() -> None:
    with pytest.raises(IllegalActionError, match=r"M5: plays\[1\]: 3 cards"):
        trick(["5s", "1c 2c 3c"])


def test_m5_a_play_that_does_not_beat_is_face_down() -> None:
    t = trick(["5s", "4s", "6s"])
    assert t.shown == (True, False, True) and t.winner == 2


def test_m5_three_cards_beat_only_as_the_led_kind() -> None:
    assert trick(["4s 5s 6s", "1c 1s 1m"]).winner == 0  # a Leopard is no gibbon
    assert trick(["4c 4s 4m", "7m 8m 9m"]).winner == 0  # a gibbon is no Leopard


def test_m1_a_trick_with_a_repeated_card() -> None:
    with pytest.raises(DuplicateCardError, match=r"plays\[1\].*M1"):
        trick(["5s", "5s"])


def test_m2_a_trick_has_two_or_three_plays() -> None:
    for plays in (["5s"], ["1s", "2s", "3s", "4s"]):
        with pytest.raises(PositionError, match="M2"):
            trick(plays)


def test_plays_as_lists_of_codes() -> None:
    assert trick([["7c", "3s", "3m"], ["9c", "1s", "1m"]]).to_json() == \
        {"winner": 1, "cards": 6, "bonus": 5}


def test_combinations_in_a_hand() -> None:
    assert [p.name for p in combinations_in(m("1s 2s 3s 4s"))] == \
        ["Gibbon 1s 2s 3s", "Gibbon 2s 3s 4s"]
    assert combinations_in(m("9c 1s 3m")) == []


# --- properties ----------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_play_never_beats_itself_and_beats_is_a_strict_order(kind: str) -> None:
    plays = all_plays(kind)
    assert plays
    for a in plays:
        assert not beats(a, a)
    for a, b in itertools.product(plays, repeat=2):
        assert not (beats(a, b) and beats(b, a))
    for a, b, c in itertools.product(plays, repeat=3):
        # transitive, but for Thousand Myriads, which beats only Myriads (M3)
        if beats(a, b) and beats(b, c) and not (kind == "single" and a.key == TM):
            assert beats(a, c), (a, b, c)


triples = st.lists(st.sampled_from(CARDS), min_size=9, max_size=9, unique=True)


@given(triples, st.sampled_from([1, 3]), st.sampled_from([2, 3]), st.data())
def test_every_trick_has_exactly_one_winner(cards, size, players, data) -> None:
    hands = [cards[i * 3 : i * 3 + size] for i in range(players)]
    if size == 3:
        lead = data.draw(st.sampled_from(COMBINATIONS))
        taken = lead
        rest = [c for c in CARDS if not lead >> c.index & 1]
        others = data.draw(st.lists(st.sampled_from(rest), min_size=3 * (players - 1),
                                    max_size=3 * (players - 1), unique=True))
        plays = [" ".join(c.code for c in CARDS if taken >> c.index & 1)]
        plays += [" ".join(c.code for c in others[i * 3 : i * 3 + 3])
                  for i in range(players - 1)]
    else:
        plays = [" ".join(c.code for c in h) for h in hands]
    t = trick(plays)
    assert 0 <= t.winner < players and t.shown[t.winner]
    assert t.cards == size * players
    assert sum(t.shown) >= 1 and t.shown[0]
    # the winner's play is the last one shown: each shown play beat the best so far
    assert t.winner == max(i for i, shown in enumerate(t.shown) if shown)
