"""Game records (``ming-record/2``; ``ming-record/1`` still read): the deal a record holds.

A record holds everything — the hands dealt, the unused stock, every move with its
cards (face-down plays included) and the result. Its replay is every game's
(:meth:`advisor.games.spec.GameSpec.replay`): the deal read here, every move played
through the engine, the result compared.

>>> from advisor.ming.faces import GAME
>>> g = Game.from_deal(3, seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> GAME.replay(g.to_record()).valid
True
"""

from __future__ import annotations

from typing import Any

from advisor.errors import RecordError
from advisor.games.records import (
    ResultForm,
    card_list,
    read_header,
    seat_number,
    upgrades,
)
from advisor.ming.cards import mask_of, parse_cards
from advisor.ming.game import RECORD_FORMAT, Game

RECORD_FIELDS = ("format", "options", "dealer", "players", "hands", "stock", "moves",
                 "result")

RESULT_FORM = ResultForm(
    rules={"winner": "M7", "how": "M7", "points": "M7", "scores": "M7", "settlement": "M7",
           "captured": "M6", "bonuses": "M6", "tricks": "M6"})
"""How a record's result is compared (:func:`advisor.games.records.result_mismatch`): what
each seat captured, its bonuses and tricks by M6, the scores, the winner and the
settlement by M7 (every field is per seat: no order is free)."""


def _v1_result(result: dict[str, Any]) -> dict[str, Any]:
    """What a ``ming-record/1`` result lacks: ``how`` (``score`` when a seat won, M7)."""
    return {"how": None if result.get("winner") is None else "score"}


UPGRADES = upgrades(RECORD_FORMAT, _v1_result, "ming-record/1")
"""The older formats still read: ``ming-record/1``, whose result lacks ``how``."""


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    options = read_header(rec, RECORD_FORMAT, RECORD_FIELDS, UPGRADES)
    assert isinstance(rec, dict)
    if options:
        name = sorted(options)[0]
        raise RecordError(f"options.{name}: Ming Kanhu has no options", field="options")
    dealer = seat_number(rec, "dealer")
    hands = rec.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands: expected one list of cards per player", field="hands")
    masks = [_cards(f"hands[{i}]", h) for i, h in enumerate(hands)]
    return Game(masks, _cards("stock", rec.get("stock")), dealer)


def _cards(name: str, value: object) -> int:
    return mask_of(card_list(name, value, parse_cards))


__all__ = ["RECORD_FIELDS", "RESULT_FORM", "UPGRADES", "game_from_record"]
