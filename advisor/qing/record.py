"""Game records (``qing-record/1``): read, write and replay.

A replay builds the deal from the record, plays every move through the engine — so
every rule is checked — and compares the final result.

>>> from advisor.qing.game import Game
>>> g = Game.from_deal(players=3, seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> replay(g.to_record()).valid
True
"""

from __future__ import annotations

from advisor.errors import AdvisorError, RecordError
from advisor.games.records import (
    Replay,
    card_list,
    pending_view,
    read_header,
    replay_moves,
    seat_number,
)
from advisor.qing.cards import Card, counts_of, parse_card, parse_cards
from advisor.qing.game import RECORD_FORMAT, Action, Game
from advisor.qing.rules import Rules
from advisor.qing.view import View

RECORD_FIELDS = ("format", "options", "cut", "dealer", "players", "hands", "stock", "moves",
                 "result")


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    options = read_header(rec, RECORD_FORMAT, RECORD_FIELDS)
    assert isinstance(rec, dict)
    try:
        rules = Rules.from_json(options)
    except AdvisorError as err:
        raise RecordError(f"options.{err.message}", field="options", token=err.token) from None
    dealer = seat_number(rec, "dealer")
    cut = rec.get("cut")
    cut_card: Card | None = None
    if cut is not None:
        if not isinstance(cut, str):
            raise RecordError("cut: expected a card code", field="cut")
        try:
            cut_card = parse_card(cut)
        except AdvisorError as err:
            raise RecordError(f"cut: {err.message}", field="cut", token=cut) from None
    hands = rec.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands: expected one list of cards per player", field="hands")
    stock = rec.get("stock")
    if not isinstance(stock, list):
        raise RecordError("stock: expected a list of cards, top first", field="stock")
    parsed = [counts_of(_cards(f"hands[{i}]", h)) for i, h in enumerate(hands)]
    return Game(parsed, _cards("stock", stock), dealer, rules=rules, cut=cut_card)


def _cards(name: str, value: object) -> list[Card]:
    return card_list(name, value, lambda codes: parse_cards(codes, limit=(99,) * 30))


def view_at(rec: object, seat: int | None = None) -> tuple[View, list[Action]]:
    """The VIEW of the seat to act where a record prefix stops, and its legal actions
    (with ``seat``, the decision must be that seat's)."""
    view, legal = pending_view(replay(rec, partial=True), seat)
    assert isinstance(view, View)
    return view, legal


def replay(rec: object, *, partial: bool = False) -> Replay:
    """Replay a record move by move. With ``partial``, a record that stops before the
    end of the deal (a prefix, with no result) is valid."""
    return replay_moves(rec, deal=game_from_record, parse=Action.from_json,
                        apply=lambda g, seat, action: g.act(seat, action), partial=partial)


__all__ = ["RECORD_FIELDS", "Replay", "game_from_record", "replay", "view_at"]
