"""Positions (§8.1): every malformed field gives a typed error naming the field and token."""

from __future__ import annotations

from advisor.chan.position import Position

HAND19 = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"


def test_round_trip_through_json() -> None:
    obj = {"rules": "cvv", "hand": HAND19, "melds": [], "options": {"ga": True},
           "context": {"won_previous_deal": True, "stock_revealed": 3}, "seen": "9m 9m"}
    pos = Position.from_json(obj)
    assert Position.from_json(pos.to_json()) == pos


def test_hand_as_list_and_names() -> None:
    a = Position.from_json({"hand": ["2v", "tam vạn", "chi chi"]})
    b = Position.from_json({"hand": "2v 3v cc"})
    assert a.hand == b.hand
