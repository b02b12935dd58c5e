"""Cards and notation (rule K1)."""

from __future__ import annotations

import pytest
from hypothesis import given

from advisor.errors import CardError, DuplicateCardError
from advisor.khanhoo.cards import (
    BY_CODE,
    CARDS,
    JOKER,
    KINDS,
    Pack,
    add,
    card,
    cards_of,
    counts_of,
    format_cards,
    parse_card,
    parse_cards,
    size,
    sub,
)
from advisor.khanhoo.rules import Rules
from tests.khanhoo.strategies import hands


def codes(text: str | list[str], **kw: object) -> list[str]:
    return [c.code for c in parse_cards(text, **kw)]  # type: ignore[arg-type]


def test_k1_a_set_is_27_numerals_and_3_spade_courts() -> None:
    assert KINDS == len(CARDS) == 31
    assert [c.code for c in CARDS[:9]] == ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h"]
    assert [c.code for c in CARDS[27:]] == ["Js", "Qs", "Ks", "Jk"]
    assert sorted(BY_CODE) == sorted(c.code.casefold() for c in CARDS)
    assert {c.suit for c in CARDS if c.is_numeral} == {"h", "c", "d"}
    assert [c.index for c in CARDS] == list(range(31))


@pytest.mark.parametrize(("rules", "cards"), [
    (Rules(2, 1), 61), (Rules(2, 2), 62), (Rules(3, 2), 92), (Rules(4, 1), 121),
    (Rules(4, 5), 125), (Rules(2, 0), 60),
])
def test_k1_pack_sizes(rules: Rules, cards: int) -> None:
    assert rules.pack.size == cards == size(rules.pack.counts)


def test_k1_codes_aces_as_1_and_symbols() -> None:
    assert codes("Ah 1h A♥ a♡", pack=Pack(4, 1)) == ["Ah"] * 4
    assert codes("1♥") == ["Ah"]
    assert codes("2♣ 3♦ 9♢ 4C, 5d;6H") == ["2c", "3d", "9d", "4c", "5d", "6h"]
    assert codes("J♠ q♠ KS Jk joker", pack=Pack(2, 2)) == ["Js", "Qs", "Ks", "Jk", "Jk"]
    assert codes(["Ah 2c", "3d"]) == ["Ah", "2c", "3d"]
    assert codes("A♥️") == ["Ah"]  # an emoji heart


@pytest.mark.parametrize(("token", "words"), [
    ("5s", "spades hold only the courts"),
    ("A♠", "spades hold only the courts"),
    ("Jh", "courts exist only in spades"),
    ("Qd", "courts exist only in spades"),
    ("K♥", "courts exist only in spades"),
    ("10h", "no 10"),
    ("Tc", "no 10"),
    ("0d", "no 10"),
    ("zz", "unknown card"),
    ("5x", "unknown card"),
    ("Ah2c", "unknown card"),
])
def test_k1_a_card_that_cannot_exist_names_its_token(token: str, words: str) -> None:
    with pytest.raises(CardError) as err:
        parse_cards(f"Ah {token} 2c")
    assert err.value.token == token
    assert f"'{token}'" in err.value.message and words in err.value.message
    assert "(K1)" in err.value.message


def test_k1_a_third_copy_in_a_two_set_game() -> None:
    with pytest.raises(DuplicateCardError) as err:
        parse_cards("Ah 1h A♥")
    assert err.value.token == "A♥"
    assert err.value.message == "'A♥': a third copy of Ah; 2 sets hold two (K1)"
    assert codes("Ah Ah Ah", pack=Pack(3, 2)) == ["Ah"] * 3
    with pytest.raises(DuplicateCardError, match="fourth copy of Ah; 3 sets hold three"):
        parse_cards("Ah Ah Ah Ah", pack=Pack(3, 2))


def test_k1_jokers_as_many_as_the_pack_holds() -> None:
    with pytest.raises(DuplicateCardError, match="a second Joker; the pack holds 1"):
        parse_cards("Jk Jk")
    assert codes("Jk Jk", pack=Pack(2, 2)) == ["Jk", "Jk"]
    with pytest.raises(DuplicateCardError, match="no Joker"):
        parse_cards("Jk", pack=Pack(2, 0))


def test_limit_counts_what_is_left() -> None:
    left = sub(Pack().counts, counts_of(parse_cards("Ks")))
    with pytest.raises(DuplicateCardError):
        parse_cards("Ks Ks", limit=left)


def test_parse_card_exactly_one() -> None:
    assert parse_card(" 9♦ ").code == "9d"
    with pytest.raises(CardError, match="exactly one card"):
        parse_card("9d 9h")
    assert card(JOKER).name == "Joker" and card("1c").name == "Ace of clubs"
    assert repr(card("Ks")) == "card('Ks')"


@given(hands(16))
def test_format_parse_round_trip(h: tuple[int, ...]) -> None:
    text = format_cards(h)
    assert counts_of(parse_cards(text)) == h
    assert counts_of(parse_cards(format_cards(h, symbols=True))) == h
    assert counts_of(cards_of(h)) == h
    assert add(h, sub(Pack().counts, h)) == Pack().counts
