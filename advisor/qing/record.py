"""Game records (``qing-record/1``): the deal a record holds. Its replay is every
game's (:meth:`advisor.games.spec.GameSpec.replay`): the deal read here, every move
played through the engine — so every rule is checked — and the result compared.

>>> from advisor.qing.faces import GAME
>>> g = Game.from_deal(players=3, seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> GAME.replay(g.to_record()).valid
True
"""

from __future__ import annotations

from advisor.errors import AdvisorError, RecordError
from advisor.games.records import card_list, read_header, seat_number
from advisor.qing.cards import Card, counts_of, parse_card, parse_cards
from advisor.qing.game import RECORD_FORMAT, Game
from advisor.qing.rules import Rules

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


__all__ = ["RECORD_FIELDS", "game_from_record"]
