"""Game records (``ming-record/1``): read, write and replay.

A record holds everything — the hands dealt, the unused stock, every move with its
cards (face-down plays included) and the result. A replay builds the deal from the
record, plays every move through the engine — so every rule is checked — and compares
the result.

>>> from advisor.ming.game import Game
>>> g = Game.from_deal(3, seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> replay(g.to_record()).valid
True
"""

from __future__ import annotations

from advisor.errors import RecordError
from advisor.games.records import (
    Replay,
    card_list,
    pending_view,
    read_header,
    replay_moves,
    seat_number,
)
from advisor.ming.cards import mask_of, parse_cards
from advisor.ming.game import RECORD_FORMAT, Action, Game
from advisor.ming.view import View

RECORD_FIELDS = ("format", "options", "dealer", "players", "hands", "stock", "moves",
                 "result")


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    options = read_header(rec, RECORD_FORMAT, RECORD_FIELDS)
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


def view_at(rec: object, seat: int | None = None) -> tuple[View, list[Action]]:
    """The VIEW of the seat to act where a record prefix stops, and its legal actions
    (with ``seat``, the decision must be that seat's); errors name what is wrong."""
    view, legal = pending_view(replay(rec, partial=True), seat)
    assert isinstance(view, View)
    return view, legal


def replay(rec: object, *, partial: bool = False) -> Replay:
    """Replay a record move by move. With ``partial``, a record that stops before the
    end of the deal (a prefix, with no result) is valid."""
    return replay_moves(rec, deal=game_from_record, parse=Action.from_json,
                        apply=lambda g, seat, action: g.act(seat, action), partial=partial)


__all__ = ["RECORD_FIELDS", "Replay", "game_from_record", "replay", "view_at"]
