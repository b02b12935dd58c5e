"""Cards (Q1) and rules options (Q2, Q4)."""

from __future__ import annotations

import pytest
from hypothesis import given

from advisor.errors import CardError, DuplicateCardError, RulesError
from advisor.qing.cards import CARDS, KINDS, PACK, cards_of, counts_of, format_cards, parse_cards
from advisor.qing.rules import Rules
from tests.qing.strategies import hands


def test_q1_the_pack_has_120_cards_of_30_kinds() -> None:
    assert KINDS == 30 and sum(PACK) == 120 and set(PACK) == {4}
    assert [c.code for c in CARDS][::9] == ["1c", "1s", "1m", "RF"]
    assert [c.code for c in CARDS[-3:]] == ["RF", "WF", "OT"]


@pytest.mark.parametrize(("text", "code"), [
    ("3c", "3c"), ("3C", "3c"), ("3 Cash", "3c"), ("3文", "3c"), ("三文", "3c"),
    ("7 Strings", "7s"), ("7索", "7s"), ("1 String", "1s"), ("9 Myriads", "9m"), ("9萬", "9m"),
    ("9万", "9m"), ("Red Flower", "RF"), ("red flower", "RF"), ("紅花", "RF"), ("rf", "RF"),
    ("White Flower", "WF"), ("白花", "WF"), ("Old Thousand", "OT"), ("老千", "OT"),
])
def test_q1_names_in_english_and_chinese(text: str, code: str) -> None:
    assert [c.code for c in parse_cards(text)] == [code]


def test_q1_an_unknown_token_is_named() -> None:
    with pytest.raises(CardError, match=r"'10c'.*\(Q1\)") as err:
        parse_cards("3c 10c")
    assert err.value.token == "10c"
    with pytest.raises(CardError, match=r"'Blue Flower'|'Blue'"):
        parse_cards("Blue Flower")


def test_q1_a_fifth_copy_is_refused() -> None:
    with pytest.raises(DuplicateCardError, match=r"fifth copy of RF.*\(Q1\)"):
        parse_cards("RF rf 紅花 Red Flower RF")


@given(hands())
def test_q1_format_and_parse_round_trip(hand: tuple[int, ...]) -> None:
    assert counts_of(parse_cards(format_cards(hand))) == hand
    assert counts_of(cards_of(hand)) == hand


def test_q2_q4_rules_round_trip_and_refuse_unknown_options() -> None:
    for r in (Rules(), Rules("wilkinson", True)):
        assert Rules.from_json(r.to_json()) == r
    assert Rules.from_json(None) == Rules()
    with pytest.raises(RulesError) as err:
        Rules.from_json({"eye7": "x"})
    assert err.value.field == "eye7"
    with pytest.raises(RulesError, match="extras_replace"):
        Rules.from_json({"extras_replace": "yes"})


def test_q1_ming_s_codes_and_names_for_the_same_three_cards_are_read() -> None:
    """Q1: Red Flower was Zero Cash, White Flower Half Cash, Old Thousand Thousand Myriads."""
    from advisor.qing.cards import parse_cards as qing_cards
    assert [c.code for c in qing_cards("ZC hc TM Zero Cash Half Cash Thousand Myriads")] == \
        ["RF", "WF", "OT", "RF", "WF", "OT"]
