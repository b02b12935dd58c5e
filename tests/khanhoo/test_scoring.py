"""Scoring a position (K6, K8), the settlement of a match, and positions (Interfaces)."""

from __future__ import annotations

from typing import Any

import pytest

from advisor.errors import (
    HandSizeError,
    PositionError,
)
from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.position import Position
from advisor.khanhoo.scoring import Settlement, deal_scores, match_winner, score, settlement

BEST = "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"


def pos(**kw: Any) -> Position:
    return Position.from_json(kw)


def test_k8_article_best_hand_scores_29_plus_5() -> None:
    r = score(pos(hand=BEST))
    assert r.out and r.points == 29 + 5 and r.bonus == 5 and r.discard is None
    j = r.to_json()
    assert j["out"] is True and j["points"] == 34 and j["bonus"] == 5 and j["discard"] is None
    assert [c["code"] for c in j["combinations"]] == ["double_khanhoo", "double_triplet",
                                                      "royal_k"]
    assert j["combinations"][2] == {"code": "royal_k", "cards": ["9h", "9h", "Ks"], "points": 4}


def test_k8_article_lowest_complete_hand_scores_2_plus_5() -> None:
    r = score(pos(hand="Ah 2h 3h 4h 5h 6h 7h 8h 9h Ac 2c 3c 4c 5c 6c"))
    assert r.out and r.points == 2 + 5


def test_k6_sixteen_cards_go_out_with_the_best_discard() -> None:
    r = score(pos(hand=BEST + " 7c"))
    assert r.out and r.points == 34 and r.to_json()["discard"] == "7c"


def test_k8_laid_melds_count_and_come_first() -> None:
    r = score(pos(hand="Ah 2c 3d 4h 5h 6h 8c 8d 8h Js Qs Ks", melds=["7d 7d Js"]))
    assert r.out and r.points == 4 + 5 + 1 + 2 + 3 + 5
    j = r.to_json()
    assert j["combinations"][0] == {"code": "royal_j", "cards": ["7d", "7d", "Js"], "points": 4,
                                    "laid": True}
    assert all("laid" not in c for c in j["combinations"][1:])


def test_k6_not_out_gives_the_distance() -> None:
    r = score(pos(hand="Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"))
    assert not r.out and r.to_json() == {"out": False, "distance": 1, "cards": 15}


def test_k7_orphan_goes_out_with_six_of_seven() -> None:
    r = score(pos(hand="Ah 2c 3d Js Qs Ks 9d", orphan=True))
    assert r.out and r.points == 5 + 3 + 5 and r.discard is not None
    assert r.discard.code == "9d"
    with pytest.raises(HandSizeError, match="needs 6"):
        score(pos(hand="Ah 2c 3d Js Qs", orphan=True))


@pytest.mark.parametrize(("hand", "melds"), [
    ("Ah 2c 3d", []),
    ("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d", []),
])
def test_k6_score_needs_15_or_16_cards(hand: str, melds: list[str]) -> None:
    with pytest.raises(HandSizeError) as err:
        score(pos(hand=hand, melds=melds))
    assert err.value.field == "hand" and "(K6)" in err.value.message


def test_settlement_article_example() -> None:
    assert settlement([52, 49, 47, 47]) == (13, 1, -7, -7)
    assert sum(settlement([50, 12, 0])) == 0
    assert settlement([0, 0, 0]) == (0, 0, 0)
    with pytest.raises(PositionError, match="K1"):
        settlement([5])
    # at most eight players (K1): every pair of them makes a payment
    assert len(Settlement.of(list(range(8))).payments) == 28
    with pytest.raises(PositionError, match="K1"):
        settlement(list(range(9)))
    with pytest.raises(PositionError, match=r"scores\[1\]"):
        settlement([5, "x"])  # type: ignore[list-item]


def test_k8_deal_scores_and_match() -> None:
    assert deal_scores(4, 2, 20) == (0, 0, 20, 0)
    assert deal_scores(2, None, 0) == (0, 0)
    with pytest.raises(PositionError):
        deal_scores(2, 3, 5)
    assert match_winner([48, 51, 50], 50) == 1
    assert match_winner([48, 49, 10], 50) is None


# --- positions -------------------------------------------------------------------------------

def test_position_round_trip() -> None:
    obj = {"sets": 3, "jokers": 2, "options": {"trio": True}, "hand": "Ah Ah Ah 2c",
           "melds": ["Js Js 7d"], "seen": "Ks", "orphan": False}
    p = Position.from_json(obj)
    assert p.rules.trio and p.rules.sets == 3
    again = Position.from_json(p.to_json())
    assert again == p


# --- analysis ---------------------------------------------------------------------------------

def test_analysis_at_rest_lists_useful_cards_with_unseen_copies() -> None:
    a = analyze(pos(hand="Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d", seen="2c"))
    j = a.to_json()
    assert j["out"] is False and j["distance"] == 1
    assert j["useful"] == [{"card": "2c", "unseen": 0}, {"card": "Jk", "unseen": 1}]


def test_analysis_owing_a_card_gives_the_discard_table() -> None:
    a = analyze(pos(hand=BEST + " 4c"))
    j = a.to_json()
    assert j["out"] and j["score"]["points"] == 34
    assert j["discards"][0]["card"] == "4c" and j["discards"][0]["out"]


def test_analysis_needs_15_or_16() -> None:
    with pytest.raises(HandSizeError):
        analyze(pos(hand="Ah 2c"))


def test_k8_a_discard_row_going_out_gives_the_deal_score() -> None:
    # laid Royal group (4) + concealed 12 + 5 for going out: the table agrees with score
    pos = Position.from_json({"hand": "Ah 4h 5h 6h 8h 9h 9h 2c 8c 3d 8d Qs Ks",
                              "melds": ["7d 7d Js"]})
    a = analyze(pos)
    outs = [r for r in a.discards if r.out]
    assert a.score.points == 21 and outs[0].card.code == "Qs" and outs[0].points == 21
