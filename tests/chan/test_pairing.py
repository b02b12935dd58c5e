"""Combinations, the canonical pairing P0 (rules §2), winning sets (W1, W2), distance
and waits, checked on examples and against the slow oracles in ``tests/chan/oracle.py``."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from advisor.chan.cards import CC, COPIES, EMPTY, FACES, Counts, counts_of, parse_cards
from advisor.chan.pairing import (
    CC_TABLE,
    NO_MELDS,
    RANK_TABLE,
    Exposed,
    Meld,
    distance,
    is_win,
    is_win_20,
    p0_counts,
    p0_packed,
    pairing,
    unpack,
    unseen_counts,
    wait_faces,
    waits,
    win_counts,
)
from advisor.errors import CardError, HandSizeError, MeldError
from tests.chan.oracle import distance_by_targets, max_chan_pairing
from tests.chan.strategies import (
    any_hands,
    hands,
    hands_with_melds,
    plus,
    waiting_hands,
    winning_sets,
)
from tests.strategies import budget


def C(text: str) -> Counts:
    return counts_of(parse_cards(text))


def X(*melds: str) -> Exposed:
    return Exposed.parse(list(melds))


def one_rank(a: int, b: int, c: int) -> Counts:
    """Suit counts (a, b, c) of rank 5, nothing else."""
    return (0,) * 9 + (a, b, c) + (0,) * 13


# --- P0 on examples (§2) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("5v 5v", (1, 0, 0)),  # Chắn
        ("cc cc", (1, 0, 0)),  # cc cc is a Chắn
        ("5v 5m", (0, 1, 0)),  # Cạ: same rank, different suits
        ("5v", (0, 0, 1)),  # Què
        ("5v 6v", (0, 0, 2)),  # pairs never cross ranks
        ("5v 5v 5v 5v", (2, 0, 0)),  # a four: two Chắn
        ("cc cc cc cc", (2, 0, 0)),
        ("5v 5v 5v", (1, 0, 1)),  # three of a kind: a Chắn and a lone card
        ("5v 5v 5v 5s", (1, 1, 0)),  # three + another suit: the pair stays, the rest is a Cạ
        ("5v 5v 5s", (1, 0, 1)),  # an identical pair is never split into a Cạ
        ("5v 5v 5s 5m", (1, 1, 0)),
        ("4v 4s 4m", (0, 1, 1)),  # Ba đầu: one Cạ, one unpaired
        ("4v 4v 4v 4s 4s 4s 4m", (2, 1, 1)),  # two Chắn + Ba đầu
        ("4v 4v 4v 4s 4s 4s 4m 4m 4m", (3, 1, 1)),
        ("4v 4v 4v 4v 4s 4s 4s 4s 4m 4m 4m 4m", (6, 0, 0)),
        ("4v 4v 4s 4s 4m 4m", (3, 0, 0)),
        ("cc", (0, 0, 1)),  # chi chi, odd
        ("cc cc cc", (1, 0, 1)),  # chi chi, odd
        ("cc 5v", (0, 0, 2)),  # chi chi has no Cạ
        ("cc 9v", (0, 0, 2)),
        ("5v 5v 5v 5s cc", (1, 1, 1)),
        ("2v 2v 3v 3s 4v 4s 4m 9m", (1, 2, 2)),
        ("", (0, 0, 0)),
    ],
)
def test_section2_p0_counts_examples(cards: str, expected: tuple[int, int, int]) -> None:
    assert p0_counts(C(cards)) == expected


@pytest.mark.parametrize("a", range(5))
@pytest.mark.parametrize("b", range(5))
@pytest.mark.parametrize("c", range(5))
def test_section2_p0_rank_formula_every_suit_count(a: int, b: int, c: int) -> None:
    """Chắn = ⌊a/2⌋+⌊b/2⌋+⌊c/2⌋; 2 or 3 leftovers form one Cạ, the rest is unpaired; and
    that is the best pairing of the rank (most Chắn, then fewest unpaired)."""
    left = a % 2 + b % 2 + c % 2
    ca = 1 if left >= 2 else 0
    expected = (a // 2 + b // 2 + c // 2, ca, left - 2 * ca)
    h = one_rank(a, b, c)
    assert p0_counts(h) == expected
    assert unpack(RANK_TABLE[a * 25 + b * 5 + c]) == expected
    assert max_chan_pairing(h) == (expected[0], expected[2])


@pytest.mark.parametrize("n", range(5))
def test_section2_p0_chi_chi_odd_and_even(n: int) -> None:
    """Chi chi: ⌊n/2⌋ Chắn, n mod 2 unpaired, never a Cạ."""
    h = (0,) * CC + (n,)
    assert p0_counts(h) == (n // 2, 0, n % 2)
    assert unpack(CC_TABLE[n]) == (n // 2, 0, n % 2)
    assert max_chan_pairing(h) == (n // 2, n % 2)


@given(st.integers(0, 10).flatmap(any_hands))
@settings(max_examples=budget(3))
def test_section2_p0_matches_brute_force_pairing(c: Counts) -> None:
    """P0 has the most Chắn of any pairing, and then the fewest unpaired cards."""
    chan, ca, unpaired = p0_counts(c)
    assert (chan, unpaired) == max_chan_pairing(c)
    assert 2 * (chan + ca) + unpaired == sum(c)


@given(st.integers(0, 20).flatmap(any_hands))
@settings(max_examples=budget(2))
def test_section2_p0_packed_is_the_sum_over_ranks(c: Counts) -> None:
    per_rank = [p0_counts(tuple(x if j // 3 == r else 0 for j, x in enumerate(c)))
                for r in range(9)]
    assert p0_counts(c) == tuple(sum(t[k] for t in per_rank) for k in range(3))
    assert unpack(p0_packed(c)) == p0_counts(c)


# --- the laid-out pairing -------------------------------------------------------------


def test_section2_pairing_groups_example() -> None:
    p = pairing(C("2v 2v 3v 3s 4v 4s 4m 9m"))
    assert (p.chan, p.ca, p.unpaired) == (1, 2, 2)
    assert [(g.kind, [f.code for f in g.faces]) for g in p.groups] == [
        ("chan", ["2v", "2v"]),
        ("ca", ["3v", "3s"]),
        ("ba_dau", ["4v", "4s", "4m"]),
        ("que", ["9m"]),
    ]
    assert [f.code for f in p.lone] == ["4m", "9m"]
    assert [(a.code, b.code) for a, b in p.pairs] == [("2v", "2v"), ("3v", "3s"), ("4v", "4s")]


def test_section2_pairing_four_and_three() -> None:
    p = pairing(C("7m 7m 7m 7m 5v 5v 5v 5s cc cc cc"))
    assert (p.chan, p.ca, p.unpaired) == (4, 1, 1)
    kinds = [(g.kind, [f.code for f in g.faces]) for g in p.groups]
    assert kinds == [
        ("four", ["7m"] * 4),
        ("chan", ["5v", "5v"]),
        ("chan", ["cc", "cc"]),
        ("ca", ["5v", "5s"]),
        ("que", ["cc"]),
    ]


def faces_ok(kind: str, faces: tuple) -> bool:
    idx = [f.index for f in faces]
    if kind == "four":
        return len(set(idx)) == 1 and len(idx) == 4
    if kind == "chan":
        return len(idx) == 2 and idx[0] == idx[1]
    if kind == "ca":
        return len(idx) == 2 and idx[0] != idx[1] and faces[0].rank == faces[1].rank != 0
    if kind == "ba_dau":
        return len(set(idx)) == 3 and len({f.rank for f in faces}) == 1
    return kind == "que" and len(idx) == 1


@given(st.integers(0, 20).flatmap(any_hands))
@settings(max_examples=budget(2))
def test_section2_pairing_accounts_for_every_card_once(c: Counts) -> None:
    p = pairing(c)
    assert counts_of(f for g in p.groups for f in g.faces) == c
    assert (p.chan, p.ca, p.unpaired) == p0_counts(c)
    assert all(faces_ok(g.kind, g.faces) for g in p.groups)
    assert len(p.pairs) == p.chan + p.ca
    assert sum(a.index == b.index for a, b in p.pairs) == p.chan
    assert len(p.lone) == p.unpaired
    paired = counts_of(f for pair in p.pairs for f in pair)
    assert tuple(a + b for a, b in zip(paired, counts_of(p.lone))) == c


# --- melds ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "chan"),
    [("5v 5v", "chan", 1), ("cc cc", "chan", 1), ("5v 5m", "ca", 0), ("5m 5v", "ca", 0),
     ("7m 7m 7m 7m", "chiu", 2), ("cc cc cc cc", "chiu", 2), ("tam vạn tam vạn", "chan", 1)],
)
def test_section2_meld_kinds(text: str, kind: str, chan: int) -> None:
    """Chắn, Cạ, and Chíu (four identical, counts as two Chắn)."""
    m = Meld.parse(text)
    assert (m.kind, m.chan) == (kind, chan)
    assert sorted(m.codes) == sorted(f.code for f in parse_cards(text))


@pytest.mark.parametrize(
    "text",
    ["5v", "5v 5v 5v", "5v 6v", "5v 6s", "cc 5v", "9v cc", "5v 5v 5v 5s", "2v 2s 2m",
     "5v 5s 5m 5v", "", "cc cc cc", "5v 5v 5s 5s", "5v 5v 5v 5v 5s", "2v 2v 2s 2s 2m 2m"],
)
def test_section2_meld_parse_rejects_non_melds(text: str) -> None:
    with pytest.raises(MeldError) as info:
        Meld.parse(text)
    assert info.value.kind == "invalid-meld"
    assert info.value.token == " ".join(f.code for f in parse_cards(text))
    assert "§2" in info.value.message


def test_section2_meld_parse_bad_card_is_a_card_error() -> None:
    with pytest.raises(CardError):
        Meld.parse("5v 1v")


def test_section2_exposed_summary() -> None:
    e = X("3s 3s", "5v 5m", "7m 7m 7m 7m")
    assert (e.chan, e.ca, e.size, e.pairs) == (3, 1, 8, 4)
    assert e.counts == C("3s 3s 5v 5m 7m 7m 7m 7m")
    assert NO_MELDS.size == 0
    assert NO_MELDS.counts == EMPTY


# --- winning sets (W1, W2) ------------------------------------------------------------

WIN_7_3 = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m 3s 3m"


def test_w1_winning_set_examples() -> None:
    assert is_win(C(WIN_7_3))
    assert is_win_20(C(WIN_7_3))
    assert win_counts(C(WIN_7_3)) == (6, 4)


def test_w1_needs_at_least_six_chan() -> None:
    five = C("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7s 8v 8s 9v 9s 2s 2m 3s 3m")
    assert win_counts(five) == (5, 5)
    assert not is_win(five)
    assert not is_win_20(five)


def test_w1_needs_twenty_cards_and_no_unpaired_card() -> None:
    assert win_counts(C(WIN_7_3 + " 4s")) is None
    assert win_counts(C(WIN_7_3.replace("3m", "4m"))) is None
    assert not is_win(C(WIN_7_3.replace("3m", "4m")))
    assert not is_win(C("2v 2v"))
    assert not is_win(C(WIN_7_3), X("cc cc"))  # 22 cards


def test_w1_exposed_melds_count_chiu_as_two_chan() -> None:
    exposed = X("7m 7m 7m 7m", "5v 5m", "9v 9s")
    hand = C("2v 2v 3v 3v 4v 4v 6s 6s 2s 2m 3s 3m")
    assert win_counts(hand, exposed) == (6, 4)
    assert is_win(hand, exposed)  # 4 concealed Chắn + the Chíu's two


def test_w2_chi_chi_winning_card_needs_exactly_6_chan_and_4_ca() -> None:
    six_four = C("cc cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7s 8v 8s 9v 9s 2s 2m")
    assert win_counts(six_four) == (6, 4)
    assert is_win(six_four, NO_MELDS, FACES[CC])
    seven_three = C("cc cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m")
    assert win_counts(seven_three) == (7, 3)
    assert is_win(seven_three)  # W1 on any other winning card
    assert is_win(seven_three, NO_MELDS, FACES[0])
    assert not is_win(seven_three, NO_MELDS, FACES[CC])  # W2
    ten = C("cc cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9v 2s 2s")
    assert win_counts(ten) == (10, 0)
    assert not is_win(ten, NO_MELDS, FACES[CC])


def test_w2_counts_exposed_melds() -> None:
    exposed = X("cc cc cc cc")  # a Chíu of chi chi counts as two Chắn
    hand = C("2v 2v 3v 3v 4v 4v 5v 5v 7v 7s 8v 8s 9v 9s 2s 2m")
    assert win_counts(hand, exposed) == (6, 4)
    assert is_win(hand, exposed, FACES[CC])


# --- waits (W1, W2) -------------------------------------------------------------------


def brute_waits(hand: Counts, exposed: Exposed) -> list[str]:
    """Try each of the 25 faces as the winning card."""
    return [
        f.code for f in FACES
        if hand[f.index] + exposed.counts[f.index] < COPIES
        and is_win(plus(hand, f.index), exposed, f)
    ]


def wait_codes(hand: Counts, exposed: Exposed = NO_MELDS) -> list[str]:
    return [f.code for f in wait_faces(hand, exposed)]


def test_w1_waits_example_ba_dau_rank() -> None:
    h = C("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s")
    assert wait_codes(h) == ["3v", "3s", "3m"]
    assert distance(h) == 1


def test_w1_waits_skip_faces_with_no_copy_left() -> None:
    exposed = X("3v 3v")
    h = C("3v 3v 3s 2v 2v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s")
    assert sum(h) + exposed.size == 19
    # 3v would win too (3v 3v 3v 3s: a Chắn and a Cạ) but its four copies are all out.
    assert is_win(plus(h, 3), exposed)
    assert wait_codes(h, exposed) == ["3s", "3m"]
    assert brute_waits(h, exposed) == ["3s", "3m"]


def test_w2_wait_on_chi_chi_with_six_chan_four_ca() -> None:
    h = C("cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7s 8v 8s 9v 9s 2s 2m")
    assert wait_codes(h) == ["cc"]
    assert brute_waits(h, NO_MELDS) == ["cc"]


def test_w2_no_wait_on_chi_chi_with_seven_chan() -> None:
    """The cards would form W1's ten pairs with 7 Chắn, but a Chi chi winning card needs
    exactly 6 Chắn and 4 Cạ (W2): no wait, although the distance is 1."""
    h = C("cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m")
    assert wait_codes(h) == []
    assert brute_waits(h, NO_MELDS) == []
    assert distance(h) == 1


def test_w2_no_wait_on_chi_chi_with_eight_chan() -> None:
    h = C("cc 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m")
    assert wait_codes(h) == []


def test_w2_with_exposed_melds() -> None:
    exposed = X("7m 7m 7m 7m", "5v 5m")
    h = C("cc 2v 2v 3v 3v 8v 8s 9v 9s 2s 2m 6v 6v")
    assert sum(h) + exposed.size == 19
    assert wait_codes(h, exposed) == ["cc"]  # 2v 3v 6v cc + Chíu = 6 Chắn; 4 Cạ


def test_w1_no_wait_for_hands_of_other_sizes_or_two_unpaired() -> None:
    assert wait_codes(C(WIN_7_3)) == []  # 20 cards
    h = C("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s")
    two_lone = plus(plus(h, 0, -1), 3 * 3 + 2, 1)  # 2v -> 5m: 2v and 5m unpaired
    assert p0_counts(two_lone)[2] == 3
    assert wait_codes(two_lone) == []


def test_waits_report_unseen_copies() -> None:
    h = C("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s")
    seen = C("3v 3m 3m 3m 3m")
    got = [(w.face.code, w.unseen) for w in waits(h, NO_MELDS, seen)]
    assert got == [("3v", 1), ("3s", 3), ("3m", 0)]
    assert waits(h)[1].to_json() == {"card": "3s", "unseen": 3}
    assert unseen_counts(h, X("3s 3s"), seen)[1 * 3 + 1] == 1


@given(waiting_hands())
@settings(max_examples=budget(3))
def test_w1_w2_wait_faces_match_brute_force(position: tuple[Counts, Exposed]) -> None:
    hand, exposed = position
    got = wait_codes(hand, exposed)
    event("waiting" if got else "not waiting")
    if got:
        event(f"{len(got)} wait face(s)")
    if "cc" in got or FACES[CC] in pairing(hand).lone:
        event("lone chi chi")
    assert got == brute_waits(hand, exposed)


@given(winning_sets(), st.data())
@settings(max_examples=budget(2))
def test_w1_a_winning_set_less_one_card_waits_on_it(
    position: tuple[Counts, Exposed], data: st.DataObject
) -> None:
    hand, exposed = position
    assert is_win(hand, exposed)
    assert distance(hand, exposed) == 0
    i = data.draw(st.sampled_from([j for j in range(len(hand)) if hand[j]]))
    less = plus(hand, i, -1)
    got = wait_codes(less, exposed)
    if i == CC and not is_win(hand, exposed, FACES[CC]):
        event("W2 refuses the chi chi")
        assert "cc" not in got
    else:
        assert FACES[i].code in got
    assert distance(less, exposed) == 1


@given(winning_sets(chi_chi=True))
@settings(max_examples=budget(1))
def test_w2_waiting_on_chi_chi_needs_exactly_six_chan(position: tuple[Counts, Exposed]) -> None:
    """A winning set holding cc cc, less one cc: it waits on cc exactly when the set has
    6 Chắn and 4 Cạ (W2); its other waits are unaffected by W2."""
    hand, exposed = position
    counts = win_counts(hand, exposed)
    assert counts is not None
    event(f"{counts[0]} Chắn")
    less = plus(hand, CC, -1)
    got = wait_codes(less, exposed)
    assert ("cc" in got) == (counts == (6, 4))
    assert got == brute_waits(less, exposed)


@given(waiting_hands())
@settings(max_examples=budget(2))
def test_w1_distance_one_means_waiting_unless_w2(position: tuple[Counts, Exposed]) -> None:
    """A 19-card position at distance 1 waits on some face, except when its only
    completion is a Chi chi that W2 refuses; a waiting one is at distance 1."""
    hand, exposed = position
    d = distance(hand, exposed)
    got = wait_codes(hand, exposed)
    if got:
        assert d == 1
    elif d == 1:
        assert hand[CC] % 2 == 1
        with_cc = plus(hand, CC)
        assert win_counts(with_cc, exposed) is not None
        assert not is_win(with_cc, exposed, FACES[CC])


# --- distance -------------------------------------------------------------------------


def test_distance_examples() -> None:
    assert distance(C(WIN_7_3)) == 0
    assert distance(C("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m 3s")) == 1
    assert distance(EMPTY) == 20
    for text in ("2v", "cc", "2v 2v 3v 3v"):
        h = C(text)
        assert distance(h) == distance_by_targets(h, NO_MELDS)


def test_distance_none_with_more_than_four_exposed_ca() -> None:
    exposed = X("2v 2s", "3v 3s", "4v 4s", "5v 5s", "6v 6s")
    h = C("7v 7v 8v 8v 9v 9v cc cc 2m")
    assert distance(h, exposed) is None
    assert distance_by_targets(h, exposed) is None


def test_distance_rejects_more_than_twenty_cards() -> None:
    with pytest.raises(HandSizeError):
        distance(C(WIN_7_3 + " 4s"))
    with pytest.raises(HandSizeError):
        distance(C(WIN_7_3), X("cc cc"))


@given(hands_with_melds(total=19))
@settings(max_examples=budget(4))
def test_distance_matches_target_oracle_19(position: tuple[Counts, Exposed]) -> None:
    hand, exposed = position
    assert distance(hand, exposed) == distance_by_targets(hand, exposed)


@given(hands_with_melds(total=20))
@settings(max_examples=budget(4))
def test_distance_matches_target_oracle_20(position: tuple[Counts, Exposed]) -> None:
    hand, exposed = position
    assert distance(hand, exposed) == distance_by_targets(hand, exposed)


@given(st.one_of(waiting_hands(), winning_sets()))
@settings(max_examples=budget(4))
def test_distance_matches_target_oracle_near_wins(position: tuple[Counts, Exposed]) -> None:
    hand, exposed = position
    assert distance(hand, exposed) == distance_by_targets(hand, exposed)


@given(st.integers(0, 20).flatmap(lambda n: hands_with_melds(total=n, max_melds=6)))
@settings(max_examples=budget(1))
def test_distance_matches_target_oracle_any_size(position: tuple[Counts, Exposed]) -> None:
    """Fewer cards than 19, and sometimes more than four exposed Cạ (then None)."""
    hand, exposed = position
    d = distance(hand, exposed)
    event("no winning set" if d is None else "winnable")
    assert d == distance_by_targets(hand, exposed)


@given(st.one_of(hands_with_melds(total=20), winning_sets()))
@settings(max_examples=budget(2))
def test_w1_distance_zero_exactly_for_winning_twenty(position: tuple[Counts, Exposed]) -> None:
    hand, exposed = position
    assert (distance(hand, exposed) == 0) == is_win(hand, exposed)


@given(st.one_of(hands_with_melds(total=19), waiting_hands()))
@settings(max_examples=budget(2))
def test_w1_distance_never_zero_for_nineteen(position: tuple[Counts, Exposed]) -> None:
    hand, exposed = position
    d = distance(hand, exposed)
    assert d is not None
    assert d >= 1


def available(hand: Counts, exposed: Exposed) -> list[int]:
    return [i for i in range(len(hand)) if hand[i] + exposed.counts[i] < COPIES]


@given(st.one_of(hands_with_melds(total=19), hands_with_melds(total=20), waiting_hands(),
                 winning_sets()), st.data())
@settings(max_examples=budget(2))
def test_distance_exchange_changes_by_at_most_one(
    position: tuple[Counts, Exposed], data: st.DataObject
) -> None:
    hand, exposed = position
    out = data.draw(st.sampled_from([i for i in range(len(hand)) if hand[i]]))
    less = plus(hand, out, -1)
    into = data.draw(st.sampled_from(available(less, exposed)))
    swapped = plus(less, into)
    d, d2 = distance(hand, exposed), distance(swapped, exposed)
    assert d is not None and d2 is not None
    assert abs(d - d2) <= 1


@given(st.one_of(hands_with_melds(total=19), waiting_hands(),
                 st.integers(0, 19).flatmap(lambda n: hands_with_melds(total=n))), st.data())
@settings(max_examples=budget(2))
def test_distance_adding_a_card_lowers_it_by_at_most_one(
    position: tuple[Counts, Exposed], data: st.DataObject
) -> None:
    hand, exposed = position
    into = data.draw(st.sampled_from(available(hand, exposed)))
    d, d2 = distance(hand, exposed), distance(plus(hand, into), exposed)
    assert d is not None and d2 is not None
    assert d - 1 <= d2 <= d


@given(hands(19))
@settings(max_examples=budget(0.5))
def test_distance_uniform_nineteen_is_small(hand: Counts) -> None:
    """Sanity bound: any 19 concealed cards are at most 10 cards from a win."""
    d = distance(hand)
    assert d is not None
    assert 1 <= d <= 10
