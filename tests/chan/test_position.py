"""Positions (§8.1): every malformed field gives a typed error naming the field and token."""

from __future__ import annotations

from typing import Any

import pytest

from advisor.chan.position import Position
from advisor.errors import (
    AdvisorError,
    CardError,
    DuplicateCardError,
    HandSizeError,
    MeldError,
    PositionError,
    RulesError,
)

HAND19 = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"


@pytest.mark.parametrize(
    ("obj", "error", "field", "token"),
    [
        ({"hand": "2v xx"}, CardError, "hand", "xx"),
        ({"hand": "2v van"}, CardError, "hand", "van"),
        ({"hand": "2v", "melds": ["3s 3m 3v"]}, MeldError, "melds[0]", "3s 3m 3v"),
        ({"hand": "2v 2v 2v", "melds": ["2v 2v"]}, DuplicateCardError, "melds[0]", "2v"),
        ({"hand": "cc cc cc", "winning_card": "cc", "seen": "cc"}, DuplicateCardError,
         "seen", "cc"),
        ({"hand": "2v", "winning_card": "1v"}, CardError, "winning_card", "1v"),
        ({"hand": "2v", "rules": "tlmn"}, RulesError, "rules", "tlmn"),
        ({"hand": "2v", "winning_card": ""}, PositionError, "winning_card", None),
        ({"hand": "2v", "winning_card": "3v 4v"}, PositionError, "winning_card", None),
        ({"hand": "2v", "melds": ""}, PositionError, "melds", None),
        ({"hand": "2v", "options": []}, PositionError, "options", None),
        ({"hand": "2v", "context": 0}, PositionError, "context", None),
        ({"hand": "2v", "seen": 0}, PositionError, "seen", None),
        ({"hand": "2v", "dealt_fours": False}, PositionError, "dealt_fours", None),
        ({"hand": "2v", "win_by": "magic"}, PositionError, "win_by", "magic"),
        ({"hand": "2v", "colour": "red"}, PositionError, "colour", None),
        ({"melds": []}, PositionError, "hand", None),
        ({"hand": 7}, PositionError, "hand", None),
        ({"hand": "2v", "melds": "2v 2v"}, PositionError, "melds", None),
        ({"hand": "2v", "context": {"weather": 1}}, PositionError, "context.weather", None),
        ({"hand": "2v", "context": {"stock_revealed": 99}}, PositionError,
         "context.stock_revealed", None),
        ({"hand": "2v", "options": {"ga": True}}, PositionError, "options.ga", None),
        ({"hand": "2v", "rules": "cvv", "options": {"ga": "yes"}}, PositionError,
         "options.ga", None),
        ({"hand": " ".join([f"{r}v" for r in range(2, 8) for _ in range(4)][:21])},
         HandSizeError, "hand", None),
    ],
)
def test_errors_name_field_and_token(obj: dict[str, Any], error: type[AdvisorError],
                                     field: str, token: str | None) -> None:
    with pytest.raises(error) as info:
        Position.from_json(obj)
    assert info.value.field == field
    assert info.value.message.startswith(field)
    if token is not None:
        assert info.value.token == token
        assert token in info.value.message


def test_not_an_object() -> None:
    with pytest.raises(PositionError):
        Position.from_json(["2v"])


def test_round_trip_through_json() -> None:
    obj = {"rules": "cvv", "hand": HAND19, "melds": [], "options": {"ga": True},
           "context": {"won_previous_deal": True, "stock_revealed": 3}, "seen": "9m 9m"}
    pos = Position.from_json(obj)
    assert Position.from_json(pos.to_json()) == pos


def test_hand_as_list_and_names() -> None:
    a = Position.from_json({"hand": ["2v", "tam vạn", "chi chi"]})
    b = Position.from_json({"hand": "2v 3v cc"})
    assert a.hand == b.hand
