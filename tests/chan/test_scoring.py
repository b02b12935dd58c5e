"""Scoring (rules §7): every bonus in both profiles, the points formula, settlement."""

from __future__ import annotations

from typing import Any

import pytest

from advisor.chan.position import Position
from advisor.chan.scoring import score, settlement
from advisor.errors import HandSizeError, PositionError, RulesError

# 6 Chắn (2v 4v 5s 6m 9m 7s), 4 Cạ (2s2m 4s4m 3v3m 8v8m), one red card: no bonus at all
# when it wins on 8m (a Cạ of the winning rank rules out Bạch thủ).
PLAIN = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 7s 7s 2s 2m 4s 4m 3v 3m 8v"
# The same hand waiting on 9m for its sixth Chắn, with no Cạ of rank 9: Bạch thủ.
BACH_THU = "2v 2v 4v 4v 5s 5s 6m 6m 9m 7s 7s 2s 2m 4s 4m 3v 3m 8v 8m"
# The sheet's example: Tôm (3v 3s 7m) won on the own door's stock card.
SHEET = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"
TEN_CHAN = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2s 3s 3s 4s 4s 5s"


def win(hand: str, card: str | None = "8m", by: str = "other_door", rules: str = "house",
        **extra: Any) -> Any:
    obj: dict[str, Any] = {"rules": rules, "hand": hand, "win_by": by, **extra}
    if card is not None:
        obj["winning_card"] = card
    return score(Position.from_json(obj))


def codes(r: Any) -> dict[str, int]:
    return {b.code: b.count for b in r.bonuses}


@pytest.mark.parametrize("rules", ["house", "cvv"])
def test_u_xuong_a_win_with_no_other_bonus_is_2(rules: str) -> None:
    r = win(PLAIN, rules=rules)
    assert r.win and codes(r) == {"u_xuong": 1} and r.points == 2 and r.main == "u_xuong"
    assert (r.chan, r.ca) == (6, 4)


def test_sheet_example_u_chi_plus_one_tom_is_5() -> None:
    r = win(SHEET, by="own_door")
    assert codes(r) == {"tom": 1, "u_chi": 1}
    assert r.main == "tom" and r.points == 4 + 1
    assert r.formula == "Tôm 4 + Ù chì 1 = 5"


@pytest.mark.parametrize("rules", ["house", "cvv"])
def test_u_chi_alone_is_its_base(rules: str) -> None:
    r = win(PLAIN, by="own_door", rules=rules)
    assert codes(r) == {"u_chi": 1} and r.points == 3


def test_tom_counts_once_per_disjoint_set() -> None:
    hand = "3v 3v 3s 3s 7m 7m 2v 2v 4v 4v 5s 5s 2s 2m 4s 4m 6v 6m 8v"
    r = win(hand)
    assert codes(r) == {"tom": 2}
    assert r.points == 4 + 1  # a second Tôm adds its dịch


def test_bach_thu_exactly_six_chan_and_no_ca_of_the_winning_rank() -> None:
    r = win(BACH_THU, card="9m")
    assert codes(r) == {"bach_thu": 1} and r.points == 4
    # the same cards won on 8m: the winning rank has a Cạ (8v 8m), so no Bạch thủ
    assert "bach_thu" not in codes(win(PLAIN))


def test_bach_thu_not_with_seven_chan() -> None:
    hand = "2v 2v 4v 4v 5s 5s 6m 6m 9m 7s 7s 2s 2s 4s 4m 3v 3m 8v 8m"
    r = win(hand, card="9m")
    assert (r.chan, r.ca) == (7, 3) and "bach_thu" not in codes(r)


def test_bach_thu_counts_exposed_ca_of_the_winning_rank() -> None:
    hand = "2v 2v 4v 4v 5s 5s 6m 6m 9m 7s 7s 2s 2m 4s 4m 3v 3m"
    r = win(hand, card="9m", melds=["9v 9s"])
    assert r.win and "bach_thu" not in codes(r)


def test_leo_cc_8s_9v() -> None:
    hand = "cc cc 2v 2v 4v 4v 5s 5s 6m 6m 7s 7s 8s 8m 9v 9m 2s 2m 4s"
    r = win(hand, card="4m")
    assert codes(r) == {"leo": 1} and r.points == 5


@pytest.mark.parametrize(("rules", "points"), [("house", 5), ("cvv", 3)])
def test_thien_khai_one_per_dealt_four(rules: str, points: int) -> None:
    hand = "2v 2v 2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 8v"
    r = win(hand, rules=rules, dealt_fours=["2v"])
    assert codes(r) == {"thien_khai": 1} and r.points == points


def test_thien_khai_is_one_per_face_never_two_for_one_face() -> None:
    hand = "2v 2v 2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 8v"
    with pytest.raises(PositionError, match="listed twice"):  # one face, one Thiên khai
        win(hand, dealt_fours=["2v", "2v"])
    two = "2v 2v 2v 2v 4v 4v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 3v 3m"
    r = win(two, card="4m", dealt_fours=["2v", "4v"])
    assert r.win and codes(r)["thien_khai"] == 2  # two faces: two


def test_thien_khai_needs_the_four_in_the_hand() -> None:
    with pytest.raises(PositionError, match="dealt_fours"):
        win(PLAIN, dealt_fours=["2v"])


@pytest.mark.parametrize(("rules", "points"), [("house", 5 + 1), ("cvv", 4 + 1)])
def test_chiu_u_and_never_also_u_chi(rules: str, points: int) -> None:
    hand = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 9m 2s 2m 4s 4m 3v 3m 8v 8m"
    r = win(hand, card="9m", by="chiu", rules=rules)
    assert codes(r) == {"chiu_u": 1, "bach_thu": 1}
    assert r.points == points


def test_chiu_needs_three_of_the_winning_card() -> None:
    with pytest.raises(PositionError, match="C2"):
        win(PLAIN, by="chiu")


@pytest.mark.parametrize(("rules", "points"), [("house", 5), ("cvv", 3)])
def test_bon_four_copies_with_an_eaten_chan(rules: str, points: int) -> None:
    hand = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 8v"
    r = win(hand, rules=rules, melds=["5s 5s"])
    assert codes(r) == {"bon": 1} and r.points == points


@pytest.mark.parametrize(("rules", "points"), [("house", 5), ("cvv", 3)])
def test_bon_is_one_per_face_even_with_two_eaten_chan_of_it(rules: str, points: int) -> None:
    # the four 2s in two eaten Chắn are one set of four: one Bòn, not two (§7, one per face)
    hand = "3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 2v 2m"
    r = win(hand, card="9s", rules=rules, melds=["2s 2s", "2s 2s"])
    assert r.win and codes(r) == {"bon": 1} and r.points == points


def test_bon_counts_each_face_once() -> None:
    # two faces, each with all four copies and an eaten Chắn: two Bòn
    hand = "3v 3v 4v 4v 5v 5v 6v 6v 7v 8v 8s 9v 9s 2s 2s"
    r = win(hand, card="7v", melds=["2s 2s", "3v 3v"])
    assert r.win and codes(r)["bon"] == 2


def test_every_bonus_has_its_condition_in_words() -> None:
    from advisor.chan.profiles import CONDITIONS, PROFILES

    codes = {code for p in PROFILES.values() for code in p.bonuses}
    assert codes == set(CONDITIONS) and all(CONDITIONS.values())


def test_u_bon_replaces_only_the_bon_of_the_winning_card_in_cvv() -> None:
    # two faces with all four copies and an eaten Chắn: the 5s completed by the winning
    # card is Ù bòn, the 2s stays a Bòn — one each, never two for one face
    hand = "2s 2s 5s 3v 3v 4v 4v 6v 6v 7v 7v 8v 8s 9v 9s"
    r = win(hand, card="5s", rules="cvv", melds=["5s 5s", "2s 2s"])
    assert r.win and codes(r)["bon"] == 1 and codes(r)["u_bon"] == 1


def test_bon_not_with_a_chiu_meld() -> None:
    hand = "2v 2v 4v 4v 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 8v"
    r = win(hand, melds=["5s 5s 5s 5s"])
    assert r.win and "bon" not in codes(r)


def test_u_bon_replaces_bon_in_cvv_when_the_winning_card_completes_it() -> None:
    hand = "2v 2v 4v 4v 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 8v 8m"
    cvv = win(hand, card="5s", rules="cvv", melds=["5s 5s"])
    assert codes(cvv) == {"bach_thu": 1, "u_bon": 1}
    assert cvv.points == 4 + 1
    house = win(hand, card="5s", melds=["5s 5s"])
    assert codes(house) == {"bon": 1, "bach_thu": 1} and house.points == 5 + 1


def test_bach_dinh_no_red_card() -> None:
    hand = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 7s 7s 2s 2m 4s 4m 3v 3m 6v"
    r = win(hand, card="6s")
    assert codes(r) == {"bach_dinh": 1} and r.points == 7


def test_tam_do_exactly_eight_red() -> None:
    hand = "8v 8v 9v 9v 8s 8s 9s 9s 2v 2v 4v 4v 2s 2m 4s 4m 3v 3m 5v"
    r = win(hand, card="5m")
    assert codes(r) == {"tam_do": 1} and r.points == 8


def test_kinh_tu_chi_four_cc_and_no_other_red() -> None:
    hand = "cc cc cc cc 2v 2v 4v 4v 5s 5s 6m 6m 2s 2m 4s 4m 3v 3m 5v"
    r = win(hand, card="5m")
    assert codes(r) == {"kinh_tu_chi": 1} and r.points == 12


def test_thap_thanh_house_sums_the_bases() -> None:
    r = win(TEN_CHAN, card="5s", by="own_door")
    assert codes(r) == {"thap_thanh": 1, "bach_dinh": 1, "u_chi": 1}
    assert r.points == 12 + 7 + 3


def test_thap_thanh_cvv_main_base_plus_dich() -> None:
    r = win(TEN_CHAN, card="5s", by="own_door", rules="cvv")
    assert r.main == "thap_thanh" and r.points == 12 + 4 + 1


def test_thap_thanh_cvv_with_ga() -> None:
    r = win(TEN_CHAN, card="5s", by="own_door", rules="cvv", options={"ga": True})
    assert r.ga == 2  # Thập thành and Bạch định
    assert r.points == 12 + 4 + 1 + 2 * 5


@pytest.mark.parametrize(("rules", "expect"), [("house", {"bach_thu": 1}),
                                               ("cvv", {"bach_thu_chi": 1})])
def test_bach_thu_chi_replaces_bach_thu_on_chi_chi_in_cvv(
    rules: str, expect: dict[str, int]
) -> None:
    hand = "cc 2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 7v 7s"
    r = win(hand, card="cc", rules=rules)
    assert codes(r) == expect
    assert r.points == (4 if rules == "house" else 6)


def test_chi_bach_thu_is_a_ga() -> None:
    r = win(BACH_THU, card="9m", by="own_door", rules="cvv", options={"ga": True})
    assert codes(r) == {"bach_thu": 1, "u_chi": 1}
    assert r.ga == 1 and r.points == 4 + 1 + 5


def test_ga_is_off_by_default_and_unknown_in_house() -> None:
    assert win(TEN_CHAN, card="5s", rules="cvv").ga == 0
    with pytest.raises(PositionError, match=r"options\.ga"):
        win(PLAIN, options={"ga": True})


def test_w2_a_win_on_chi_chi_needs_six_chan_and_four_ca() -> None:
    hand = "cc 2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2s 4s 4m 3v 3m 7v 7s"
    r = win(hand, card="cc")
    assert not r.win and "W2" in r.reason


@pytest.mark.parametrize("rules", ["house", "cvv"])
def test_thong_dia_u_co_chiu_only_in_cvv(rules: str) -> None:
    r = win(PLAIN, rules=rules, context={"won_previous_deal": True, "stock_revealed": 1})
    expect = {"thong": 1, "dia_u": 1} if rules == "cvv" else {"u_xuong": 1}
    assert codes(r) == expect
    hand = "2v 2v 4v 4v 5s 5s 6m 6m 2s 2m 4s 4m 3v 3m 8v"
    r = win(hand, rules=rules, melds=["7s 7s 7s 7s"])
    assert codes(r) == ({"co_chiu": 1} if rules == "cvv" else {"u_xuong": 1})
    assert r.chan == 6  # a Chíu counts as two Chắn


def test_dia_u_only_before_the_second_stock_card() -> None:
    assert "dia_u" not in codes(win(PLAIN, rules="cvv", context={"stock_revealed": 2}))


def test_thien_u_with_exactly_six_chan_is_also_bach_thu() -> None:
    hand20 = PLAIN + " 8m"
    r = win(hand20, card=None, by="heaven")
    assert codes(r) == {"bach_thu": 1, "thien_u": 1}
    assert r.points == 4 + 1


def test_thien_u_rejects_a_winning_card_or_melds() -> None:
    with pytest.raises(PositionError, match="W3"):
        win(PLAIN, card="8m", by="heaven")
    with pytest.raises(PositionError, match="W3"):
        win("2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 8v 8m", card=None, by="heaven",
            melds=["7s 7s"])


def test_non_winning_hands_give_a_reason_not_an_error() -> None:
    r = win("2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 7s 7s 2s 2m 4s 4m 3v 3m 8v", card="9v")
    assert not r.win and "unpaired" in r.reason
    five = win("2v 2v 4v 4v 5s 5s 6m 6m 9m 9v 7s 7m 2s 2m 4s 4m 3v 3m 8v", card="8m")
    assert not five.win and "W1" in five.reason and (five.chan, five.ca) == (4, 6)
    assert five.to_json()["win"] is False


def test_score_needs_twenty_cards_and_a_winning_card() -> None:
    with pytest.raises(HandSizeError, match="20"):
        win("2v 2v")
    with pytest.raises(PositionError, match="winning_card"):
        score(Position.from_json({"hand": PLAIN}))


def test_unknown_rules_profile() -> None:
    with pytest.raises(RulesError, match="house, cvv"):
        win(PLAIN, rules="tlmn")


def test_settlement_each_loser_pays_the_points() -> None:
    assert settlement(0, 5) == (15, -5, -5, -5)
    assert settlement(3, 2) == (-2, -2, -2, 6)
    assert settlement(None, 0) == (0, 0, 0, 0)
    assert sum(settlement(1, 17)) == 0


def test_score_json_shape() -> None:
    j = win(SHEET, by="own_door").to_json()
    assert j["win"] is True and j["points"] == 5 and j["main"] == "tom"
    assert j["bonuses"][0] == {"code": "tom", "name": "Tôm", "count": 1, "base": 4, "dich": 1}
    assert len(j["pairs"]) == 10 and sorted(c for p in j["pairs"] for c in p) == sorted(
        (SHEET + " 8m").split())
