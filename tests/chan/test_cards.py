"""Cards and notation (rules §1, S1)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.chan.cards import (
    BY_CODE,
    CC,
    EMPTY,
    FACES,
    FULL_DECK,
    NFACES,
    RED,
    Face,
    add,
    counts_of,
    faces_of,
    format_cards,
    parse_cards,
    parse_face,
    red_count,
    size,
    sub,
)
from advisor.errors import AdvisorError, CardError, DuplicateCardError
from tests.chan.strategies import any_hands, hands
from tests.strategies import budget


def codes(text: str | list[str]) -> list[str]:
    return [f.code for f in parse_cards(text)]


# --- the deck (§1, S1) ----------------------------------------------------------------


def test_s1_deck_has_25_faces_of_four_copies() -> None:
    assert NFACES == len(FACES) == 25
    assert size(FULL_DECK) == 100
    assert [f.index for f in FACES] == list(range(25))
    assert FACES[CC].code == "cc"
    assert sorted(BY_CODE) == sorted(
        [f"{r}{s}" for r in range(2, 10) for s in "vsm"] + ["cc"]
    )


def test_s1_faces_are_rank_major() -> None:
    """The three faces of a rank sit side by side (pairs never cross ranks, §2)."""
    for r in range(2, 10):
        i = (r - 2) * 3
        assert [f.code for f in FACES[i : i + 3]] == [f"{r}v", f"{r}s", f"{r}m"]
        assert {f.rank for f in FACES[i : i + 3]} == {r}


def test_s1_no_rank_one_nor_tom_extras() -> None:
    """Chắn removes rank 1, Ông lão and Thang thang from the Tổ tôm pack (S1)."""
    assert {f.rank for f in FACES if f.suit != "c"} == set(range(2, 10))


def test_section1_red_cards_are_8v_9v_8s_9s_cc() -> None:
    assert {f.code for f in FACES if f.red} == {"8v", "9v", "8s", "9s", "cc"}
    assert tuple(int(f.red) for f in FACES) == RED


def test_section1_deck_has_exactly_20_red_cards() -> None:
    assert red_count(FULL_DECK) == 20
    assert size(FULL_DECK) - red_count(FULL_DECK) == 80


def test_section1_red_count_of_a_hand() -> None:
    assert red_count(counts_of(parse_cards("8v 9v 8s 9s cc 8m 9m 2v"))) == 5
    assert red_count(EMPTY) == 0


def test_section1_face_names() -> None:
    f = parse_face("7m")
    assert (f.code, f.vi, f.en, f.red) == ("7m", "Thất Văn", "7 Coins", False)
    assert (parse_face("cc").vi, parse_face("cc").en) == ("Chi chi", "Chi chi")
    assert parse_face("3v").vi == "Tam Vạn"
    assert parse_face("8s").en == "8 Strings"
    assert str(parse_face("9v")) == "9v"


# --- codes ----------------------------------------------------------------------------


def test_section1_codes() -> None:
    assert codes("2v 9s 5m cc") == ["2v", "9s", "5m", "cc"]


@pytest.mark.parametrize("text", ["3V 7M CC", "3v 7m cc", "3V 7m Cc"])
def test_section1_codes_are_case_insensitive(text: str) -> None:
    assert codes(text) == ["3v", "7m", "cc"]


@pytest.mark.parametrize(
    "text",
    ["2v,3s,4m", "2v, 3s, 4m", "2v ,3s ,4m", "  2v\t3s\n4m  ", "2v;3s;4m", "2v,,3s 4m,"],
)
def test_section1_separated_by_spaces_or_commas(text: str) -> None:
    assert codes(text) == ["2v", "3s", "4m"]


def test_section1_list_input_each_item_may_hold_several_cards() -> None:
    assert codes(["thất văn", "9V", "2v 3s"]) == ["7m", "9v", "2v", "3s"]


def test_section1_empty_input_is_no_cards() -> None:
    assert codes("") == []
    assert codes("  , ") == []
    assert codes([]) == []


def test_parse_keeps_the_order_written() -> None:
    assert codes("9m 2v 9m") == ["9m", "2v", "9m"]


# --- names ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("tam vạn", "3v"),
        ("Tam Vạn", "3v"),
        ("TAM VẠN", "3v"),
        ("thất văn", "7m"),
        ("that mon", "7m"),  # the sheet's name Món, without diacritics
        ("thất món", "7m"),
        ("that văn", "7m"),
        ("bát sách", "8s"),
        ("bat sach", "8s"),
        ("Bát Sách", "8s"),
        ("nhị sách", "2s"),
        ("nhi sach", "2s"),
        ("tứ văn", "4m"),
        ("tu mon", "4m"),
        ("ngũ vạn", "5v"),
        ("ngu vạn", "5v"),
        ("lục sách", "6s"),
        ("luc sach", "6s"),
        ("cửu vạn", "9v"),
        ("cuu vạn", "9v"),
        ("chi chi", "cc"),
        ("Chi Chi", "cc"),
        ("chichi", "cc"),
        ("CHI CHI", "cc"),
    ],
)
def test_section1_vietnamese_names_with_and_without_diacritics(text: str, code: str) -> None:
    assert codes(text) == [code]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("3 myriads", "3v"),
        ("3 Myriads", "3v"),
        ("3 myriad", "3v"),
        ("7 coins", "7m"),
        ("7 coin", "7m"),
        ("7 cash", "7m"),
        ("8 strings", "8s"),
        ("8 string", "8s"),
        ("three myriads", "3v"),
        ("Nine Coins", "9m"),
        ("two strings", "2s"),
    ],
)
def test_section1_english_names(text: str, code: str) -> None:
    assert codes(text) == [code]


def test_section1_names_in_decomposed_unicode_are_accepted() -> None:
    """Vạn typed with a combining dot (NFD) is the same word as precomposed Vạn."""
    assert codes(unicodedata.normalize("NFD", "tam vạn, thất văn")) == ["3v", "7m"]


def test_section1_mixed_notations_in_one_string() -> None:
    assert codes("tam vạn, 7 coins  bát sách CC 2v chi chi") == ["3v", "7m", "8s", "cc", "2v", "cc"]


@pytest.mark.parametrize("f", FACES, ids=lambda f: f.code)
def test_section1_every_vietnamese_and_english_name_parses(f: Face) -> None:
    assert parse_face(f.code) is f
    assert parse_face(f.vi) is f
    assert parse_face(f.vi.upper()) is f
    assert parse_face(f.en) is f


# --- errors: each names the offending token (§1) --------------------------------------


def raises(text: str | list[str], error: type[AdvisorError] = CardError) -> AdvisorError:
    with pytest.raises(error) as info:
        parse_cards(text)
    return info.value


@pytest.mark.parametrize("token", ["foo", "2x", "xx", "chi", "11", "v", "văn", "@"])
def test_section1_unknown_word_is_an_error_naming_it(token: str) -> None:
    err = raises(f"2v {token} 3s")
    assert err.token == token
    assert f"'{token}'" in err.message
    assert err.kind == "unknown-card"


@pytest.mark.parametrize("token", ["1v", "1s", "1m", "10s", "0m", "11v", "1V"])
def test_section1_rank_outside_2_to_9_in_a_code(token: str) -> None:
    err = raises(f"2v {token}")
    assert err.token == token
    assert "2–9" in err.message
    assert f"'{token}'" in err.message


@pytest.mark.parametrize(
    "token", ["nhất vạn", "nhat sach", "Nhất Văn", "one coins", "ten strings", "10 coins", "1 coin"]
)
def test_section1_rank_outside_2_to_9_in_a_name(token: str) -> None:
    err = raises(f"2v {token} 3s")
    assert err.token == token
    assert "2–9" in err.message
    assert f"'{token}'" in err.message


@pytest.mark.parametrize("text", ["van", "3 van", "tam van", "VAN", "Van", "2v van 3s", "3van"])
def test_section1_ascii_van_is_ambiguous(text: str) -> None:
    """Plain ``van`` could be Vạn or Văn: the message suggests vạn/v and văn/m."""
    err = raises(text)
    assert err.token is not None
    # the token as written: 'van' alone, or glued to its rank ('3van')
    assert err.token.casefold() == ("3van" if text == "3van" else "van")
    assert "ambiguous" in err.message
    for suggestion in ("'vạn'", "'v'", "'văn'", "'m'"):
        assert suggestion in err.message


@pytest.mark.parametrize(
    ("text", "token"),
    [("tam", "tam"), ("2v tam", "tam"), ("tam 3v", "tam"), ("three", "three"),
     ("bat, 2v", "bat"), ("7", "7"), ("7 8", "7")],
)
def test_section1_rank_word_without_a_suit(text: str, token: str) -> None:
    err = raises(text)
    assert err.token == token
    assert "suit" in err.message
    assert f"'{token}'" in err.message


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("2v 2v 2v 2v 2v", "2v"),
        ("2v 2V 2v nhị vạn 2 myriads", "2 myriads"),
        ("cc cc chi chi chichi cc", "cc"),
        ("cc cc cc cc chi chi", "chi chi"),
        ("9m 9m 9m 9m thất văn cửu văn", "cửu văn"),
    ],
)
def test_section1_fifth_copy_is_an_error_naming_the_token(text: str, token: str) -> None:
    err = raises(text, DuplicateCardError)
    assert err.token == token
    assert f"'{token}'" in err.message
    assert "fifth copy" in err.message
    assert err.kind == "too-many-copies"


def test_section1_fifth_copy_across_list_items() -> None:
    err = raises(["2v 2v", "2v", "2v", "2v"], DuplicateCardError)
    assert err.token == "2v"


def test_section1_four_copies_are_fine() -> None:
    assert codes("cc cc cc chi chi") == ["cc"] * 4  # "chi chi" is one card
    assert codes("chi chi chi chi") == ["cc"] * 2


def test_limit_counts_the_copies_still_available() -> None:
    limit = tuple(1 if f.code == "5v" else 4 for f in FACES)
    assert codes("5v") == ["5v"]
    parse_cards("5v", limit=limit)
    with pytest.raises(DuplicateCardError):
        parse_cards("5v 5v", limit=limit)
    with pytest.raises(DuplicateCardError):
        parse_cards("5v", limit=EMPTY)


def test_errors_are_value_errors() -> None:
    """Every library error is a ValueError subclass with a machine-readable kind."""
    with pytest.raises(ValueError):
        parse_cards("1v")
    with pytest.raises(ValueError):
        parse_cards("cc cc cc cc cc")


def test_parse_face_needs_exactly_one_card() -> None:
    assert parse_face(" Bat Sach ").code == "8s"
    for text in ("", "2v 3v"):
        with pytest.raises(CardError) as info:
            parse_face(text)
        assert info.value.token == text


# --- formatting and count vectors -----------------------------------------------------


def test_format_cards_is_in_deck_order() -> None:
    assert format_cards(parse_cards("9v 2m 9v cc 2v")) == "2v 2m 9v 9v cc"
    assert format_cards(counts_of(parse_cards("9v 2m 9v"))) == "2m 9v 9v"
    assert format_cards(EMPTY) == ""
    assert format_cards([]) == ""


def test_format_cards_names() -> None:
    assert format_cards(parse_cards("cc 3v 7m"), names=True) == "Tam Vạn, Thất Văn, Chi chi"


def test_count_vector_helpers() -> None:
    a = counts_of(parse_cards("2v 2v cc"))
    b = counts_of(parse_cards("2v 3s"))
    assert add(a, b) == counts_of(parse_cards("2v 2v 2v 3s cc"))
    assert sub(add(a, b), b) == a
    assert size(a) == 3
    assert [f.code for f in faces_of(a)] == ["2v", "2v", "cc"]


@given(any_hands(20))
def test_section1_round_trip_codes(c: tuple[int, ...]) -> None:
    """``parse_cards(format_cards(c))`` gives back the count vector c."""
    assert counts_of(parse_cards(format_cards(c))) == c


@given(st.integers(0, 100).flatmap(hands))
@settings(max_examples=budget(1))
def test_section1_round_trip_codes_any_size(c: tuple[int, ...]) -> None:
    text = format_cards(c)
    assert counts_of(parse_cards(text)) == c
    assert len(text.split()) == size(c)
    assert format_cards(faces_of(c)) == text


@given(st.integers(0, 100).flatmap(hands))
@settings(max_examples=budget(1))
def test_section1_round_trip_vietnamese_names(c: tuple[int, ...]) -> None:
    """``format_cards(..., names=True)`` parses back to the same cards."""
    assert counts_of(parse_cards(format_cards(c, names=True))) == c


@given(st.lists(st.sampled_from(FACES), max_size=30), st.sampled_from(["code", "vi", "en"]),
       st.sampled_from([" ", ", ", ","]), st.booleans())
@settings(max_examples=budget(1))
def test_section1_any_notation_round_trips(faces: list[Face], notation: str, sep: str,
                                           upper: bool) -> None:
    """Codes, Vietnamese and English names, any case and separator (within four copies)."""
    faces = [f for i, f in enumerate(faces) if faces[: i + 1].count(f) <= 4]
    text = sep.join(getattr(f, notation) for f in faces)
    if upper:
        text = text.upper()
    assert parse_cards(text) == faces


# --- a rank glued to a suit word (3sach, 3vạn) is one card; 3van is still ambiguous


@pytest.mark.parametrize(("token", "code"), [("3sach", "3s"), ("5coins", "5m"), ("2mon", "2m"),
                                             ("3vạn", "3v"), ("3văn", "3m"), ("4VẠN", "4v")])
def test_section1_glued_rank_and_suit_word(token: str, code: str) -> None:
    assert [f.code for f in parse_cards(token)] == [code]


@pytest.mark.parametrize(("token", "message"), [("3van", "ambiguous"), ("1sach", "outside 2–9"),
                                                ("3xyz", "unknown card")])
def test_section1_glued_errors_name_the_token(token: str, message: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(token)
    assert info.value.token == token and message in info.value.message
    assert f"'{token}'" in info.value.message


@pytest.mark.parametrize(("word", "code"), [("vạn", "2v"), ("sách", "2s"), ("văn", "2m"),
                                            ("strings", "2s")])
def test_section1_a_suit_word_alone_asks_for_its_rank(word: str, code: str) -> None:
    with pytest.raises(CardError, match="is a suit and needs a rank") as info:
        parse_cards(f"{word} 2v")
    assert info.value.token == word and f"'{code}'" in info.value.message
    assert parse_cards(f"2 {word}") == [parse_face(code)]  # as the message suggests


@pytest.mark.parametrize(("text", "code"), [
    ("tám sách", "8s"), ("Tám Sách", "8s"), ("tam sách", "3s"), ("tam sach", "3s"),
    ("bảy văn", "7m"), ("bẩy văn", "7m"), ("bay m", "7m"), ("hai vạn", "2v"), ("ba sách", "3s"),
    ("bốn văn", "4m"), ("bon s", "4s"), ("tư vạn", "4v"), ("năm sách", "5s"), ("nam s", "5s"),
    ("sáu văn", "6m"), ("sau m", "6m"), ("chín vạn", "9v"), ("chin v", "9v"),
])
def test_section1_modern_numerals_are_ranks_never_another_rank(text: str, code: str) -> None:
    """Modern Vietnamese numerals name ranks too; 'tám' (8) is never read as 'tam' (3),
    which stripping the diacritics would make of it."""
    assert [f.code for f in parse_cards(text)] == [code]


@pytest.mark.parametrize(("text", "hint"), [("tàm sách", "'tám' (8)"), ("bày văn", "'bảy' (7)")])
def test_section1_a_misspelt_rank_with_diacritics_is_refused_not_guessed(text: str,
                                                                        hint: str) -> None:
    err = raises(text)
    assert hint in err.message and err.token == text.split()[0]


def test_section1_an_unknown_card_lists_the_codes() -> None:
    assert "2v … 9v" in raises("2v zz").message
