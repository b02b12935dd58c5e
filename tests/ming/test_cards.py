"""M1 and the codes list: the 30 cards, their order, codes and names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.errors import CardError, DuplicateCardError
from advisor.ming.cards import CARDS, FULL, card, cards_of, format_cards, mask_of, parse_cards

ORDER = ("9c 8c 7c 6c 5c 4c 3c 2c 1c HC ZC 1s 2s 3s 4s 5s 6s 7s 8s 9s "
         "1m 2m 3m 4m 5m 6m 7m 8m 9m TM")


def test_m1_thirty_cards_lowest_to_highest() -> None:
    assert len(CARDS) == 30 and " ".join(c.code for c in CARDS) == ORDER
    assert [c.index for c in CARDS] == list(range(30))
    assert [c.suit for c in CARDS].count("c") == 11
    assert [c.suit for c in CARDS].count("s") == 9
    assert [c.suit for c in CARDS].count("m") == 10
    assert mask_of(CARDS) == FULL


def test_m1_suits_rank_cash_strings_myriads() -> None:
    assert card("ZC").index < card("1s").index < card("9s").index < card("1m").index
    assert card("9c").index < card("1c").index  # the Cash suit runs in reverse


@pytest.mark.parametrize(("name", "code"), [
    ("9 Cash", "9c"), ("Half Cash", "HC"), ("Zero Cash", "ZC"), ("Thousand Myriads", "TM"),
    ("5 Myriads", "5m"), ("1 String", "1s"), ("7 strings", "7s"), ("thousand myriad", "TM"),
    ("hc", "HC"), ("tm", "TM"), ("9C", "9c"),
])
def test_m1_names_are_accepted(name: str, code: str) -> None:
    assert parse_cards(name)[0].code == code
    assert card(code).name.casefold().rstrip("s") == card(code).name.casefold().rstrip("s")


def test_m1_names_round_trip() -> None:
    names = ", ".join(c.name for c in CARDS)
    assert [c.code for c in parse_cards(names)] == ORDER.split()


@pytest.mark.parametrize("bad", ["10c", "Ah", "0c", "HS", "Half Strings", "xx", "9"])
def test_m1_unknown_card_is_named(bad: str) -> None:
    with pytest.raises(CardError, match=r"M1") as err:
        parse_cards(f"1s {bad}")
    assert err.value.token is not None and err.value.token in bad


def test_m1_each_card_exists_once() -> None:
    with pytest.raises(DuplicateCardError, match=r"'Zero Cash': ZC twice.*\(M1\)"):
        parse_cards("ZC 3s Zero Cash")
    with pytest.raises(DuplicateCardError, match="3s twice"):
        parse_cards("3s", seen=mask_of(parse_cards("3s")))


@given(st.integers(0, FULL))
def test_format_parse_round_trip(mask: int) -> None:
    text = format_cards(mask)
    assert mask_of(parse_cards(text)) == mask
    assert [c.index for c in cards_of(mask)] == sorted(c.index for c in cards_of(mask))


def test_m1_qing_s_codes_and_names_for_the_same_three_cards_are_read() -> None:
    """Q1: Qing's Red Flower was Zero Cash, its White Flower Half Cash, its Old Thousand
    Thousand Myriads; Ming reads those names too."""
    from advisor.ming.cards import parse_cards as ming_cards
    assert [c.code for c in ming_cards("RF wf OT")] == ["ZC", "HC", "TM"]
    assert [c.code for c in ming_cards("Red Flower, White Flower Old Thousand")] == \
        ["ZC", "HC", "TM"]
