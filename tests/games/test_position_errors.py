"""Positions of every game: a malformed field gives a typed error naming the field (and
the token, where one is at fault); what is not an object is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from advisor.chan.position import Position as ChanPosition
from advisor.errors import (
    AdvisorError,
    CardError,
    DuplicateCardError,
    HandSizeError,
    MeldError,
    PositionError,
    RulesError,
)
from advisor.khanhoo.position import Position as KhanhooPosition

KHANHOO_BEST = "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"

CASES: dict[str, tuple[Callable[[Any], Any], list[tuple[dict[str, Any], type[AdvisorError], str,
                                                         str | None]]]] = {
    "chan": (ChanPosition.from_json, [
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
    ]),
    "khanhoo": (KhanhooPosition.from_json, [
        ({"hand": "Ah 5s"}, CardError, "hand", None),
        ({"hand": "Ah Ah Ah"}, DuplicateCardError, "hand", None),
        ({"hand": "Ah", "melds": ["Ah Ah"]}, DuplicateCardError, "melds[0]", None),
        ({"hand": "Ah", "seen": "Ah Ah"}, DuplicateCardError, "seen", None),
        ({"hand": "Ah", "melds": ["Ah 2h"]}, MeldError, "melds[0]", None),
        ({"hand": "Ah", "sets": 5}, RulesError, "sets", None),
        ({"hand": "Ah", "jokers": -1}, RulesError, "jokers", None),
        ({"hand": "Ah", "options": {"colour": True}}, RulesError, "options.colour", None),
        ({"hand": "Ah", "options": {"trio": 1}}, RulesError, "options.trio", None),
        ({"hand": "Ah", "colour": "red"}, PositionError, "colour", None),
        ({"melds": []}, PositionError, "hand", None),
        ({"hand": 5}, PositionError, "hand", None),
        ({"hand": "Ah", "orphan": "yes"}, PositionError, "orphan", None),
        ({"hand": KHANHOO_BEST + " 4c 4d"}, PositionError, "hand", None),
        ({"hand": "Jk Jk"}, DuplicateCardError, "hand", None),
    ]),
}


@pytest.mark.parametrize(("game", "obj", "error", "field", "token"), [
    (game, *case) for game, (_, cases) in CASES.items() for case in cases])
def test_errors_name_field_and_token(game: str, obj: dict[str, Any],
                                     error: type[AdvisorError], field: str,
                                     token: str | None) -> None:
    with pytest.raises(error) as info:
        CASES[game][0](obj)
    assert info.value.field == field
    assert info.value.message.startswith(field)
    if token is not None:
        assert info.value.token == token
        assert token in info.value.message


@pytest.mark.parametrize(("game", "obj"), [("chan", ["2v"]), ("khanhoo", ["Ah"])])
def test_not_an_object(game: str, obj: list[str]) -> None:
    with pytest.raises(PositionError):
        CASES[game][0](obj)
