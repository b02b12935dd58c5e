"""Analysis of a position: waits (W1, W2), useful cards, the discard table (R2)."""

from __future__ import annotations

import pytest

from advisor.chan.analysis import analyze, discard_table
from advisor.chan.cards import counts_of, parse_cards
from advisor.chan.pairing import distance, is_win
from advisor.chan.position import Position
from advisor.errors import HandSizeError

WAITING = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"


def test_waits_with_unseen_counts() -> None:
    a = analyze(Position.build(hand=WAITING, seen="3m 3m 3m"))
    assert [(w.face.code, w.unseen) for w in a.waits] == [("3v", 2), ("3s", 3), ("3m", 1)]
    assert a.distance == 1 and not a.win
    j = a.to_json()
    assert j["waits"] == [{"card": "3v", "unseen": 2}, {"card": "3s", "unseen": 3},
                          {"card": "3m", "unseen": 1}]
    assert "discards" not in j


def test_a_face_held_four_times_in_hand_and_melds_is_no_wait() -> None:
    # The lone 9v waits on rank 9, but the seat holds all four 9v: three in hand, one in a Cạ.
    hand = "3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2m 3s 3m 9v 9v 9v"
    a = analyze(Position.build(hand=hand, melds=["9v 9s"]))
    assert [w.face.code for w in a.waits] == ["9s", "9m"]


def test_w2_chi_chi_wait_needs_six_chan_and_four_ca() -> None:
    six_four = "cc 2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3m 7v 7s"
    assert [w.face.code for w in analyze(Position.build(hand=six_four)).waits] == ["cc"]
    seven = "cc 2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2s 4s 4m 3v 3m 7v 7s"
    a = analyze(Position.build(hand=seven))
    assert a.waits == () and a.distance == 1  # W1 would take it; W2 does not
    assert a.useful == ()


def test_twenty_card_hand_gets_a_discard_table_best_first() -> None:
    hand = WAITING + " 5m"
    a = analyze(Position.build(hand=hand))
    j = a.to_json()
    # Throwing 3s (waiting on rank 5) or 5m (waiting on rank 3) both leave a waiting hand
    # with 9 unseen winning cards; ties go to the lower face.
    first, second = j["discards"][:2]
    assert (first["card"], second["card"]) == ("3s", "5m")
    assert first["distance"] == second["distance"] == 1 and first["legal"] is True
    assert [w["card"] for w in first["waits"]] == ["5v", "5s", "5m"]
    assert [w["card"] for w in second["waits"]] == ["3v", "3s", "3m"]
    assert first["useful_unseen"] == second["useful_unseen"] == 9
    illegal = [d for d in j["discards"] if not d["legal"]]
    assert {d["card"] for d in illegal} == {"2v", "3v", "4v", "5v", "6v", "7v", "8v"}
    assert all(d["rule"] == "R2" for d in illegal)
    assert j["discards"][-len(illegal):] == illegal  # illegal lines come last


def test_discard_table_rows_match_direct_evaluation() -> None:
    hand = counts_of(parse_cards("2v 2v 3v 3s 4m 4m 5v 5s 5m 6s 6s 7v 7m 8v 8v 8s 9m 9m cc 3m"))
    for row in discard_table(hand):
        i = row.face.index
        after = hand[:i] + (hand[i] - 1,) + hand[i + 1 :]
        assert row.distance == distance(after)
        for u in row.useful:
            j = u.face.index
            more = after[:j] + (after[j] + 1,) + after[j + 1 :]
            assert distance(more) == row.distance - 1 if row.distance != 1 else is_win(more)


def test_a_winning_twenty_is_reported_as_a_win() -> None:
    a = analyze(Position.build(hand=WAITING, winning_card="3v"))
    assert a.win and a.distance == 0


def test_analysis_needs_19_or_20_cards() -> None:
    with pytest.raises(HandSizeError, match="19"):
        analyze(Position.build(hand="2v 2v 3v"))


def test_no_winning_set_with_five_exposed_ca() -> None:
    melds = ["2v 2s", "3v 3s", "4v 4s", "5v 5s", "6v 6s"]
    a = analyze(Position.build(hand="7v 7v 8v 8v 9v 9v 2m 2m 3m", melds=melds))
    assert a.distance is None and a.waits == () and a.to_json()["distance"] is None


def test_w2_a_hand_one_card_away_but_not_waiting_says_why() -> None:
    from advisor.chan.text import analysis_text
    from advisor.text import PLAIN

    # the lone card is Chi chi: pairing it would make 8 Chắn, and W2 wants 6 with 4 Cạ
    pos = Position.build(hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m cc")
    a = analyze(pos)
    assert a.distance == 1 and not a.waits
    text = analysis_text(a, PLAIN)
    assert "Not waiting: a win on Chi chi needs exactly 6 Chắn and 4 Cạ (W2)" in text
    waiting = analyze(Position.build(
        hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"))
    assert "Not waiting" not in analysis_text(waiting, PLAIN)
