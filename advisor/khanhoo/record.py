"""Game records (``khanhoo-record/1``): the deal a record holds. Its replay is every
game's (:meth:`advisor.games.spec.GameSpec.replay`): the deal read here, every move
played through the engine — so every rule is checked — and the result compared. Every
decision is recorded, forced ones (``draw``) and declined claims (``pass``) included.

>>> from advisor.khanhoo.faces import GAME
>>> g = Game.from_deal(players=2, seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> GAME.replay(g.to_record()).valid
True
"""

from __future__ import annotations

from advisor.errors import AdvisorError, RecordError
from advisor.games.records import card_list, read_header, seat_number
from advisor.khanhoo.cards import Card, counts_of, parse_cards
from advisor.khanhoo.game import MAX_TURNS, RECORD_FORMAT, Game
from advisor.khanhoo.rules import Rules

RECORD_FIELDS = ("format", "sets", "jokers", "options", "dealer", "orphan", "max_turns",
                 "players", "hands", "stock", "moves", "result")


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    options = read_header(rec, RECORD_FORMAT, RECORD_FIELDS)
    assert isinstance(rec, dict)
    try:
        rules = Rules.build(rec.get("sets", 2), rec.get("jokers", 1), options)
    except AdvisorError as err:
        raise RecordError(err.message, field=err.field, token=err.token) from None
    dealer = seat_number(rec, "dealer")
    orphan = rec.get("orphan")
    if orphan is not None and (not isinstance(orphan, int) or isinstance(orphan, bool)):
        raise RecordError("orphan: expected a seat number or null", field="orphan")
    max_turns = rec.get("max_turns", MAX_TURNS)
    if not isinstance(max_turns, int) or isinstance(max_turns, bool):
        raise RecordError("max_turns: expected a number of discards", field="max_turns")
    hands = rec.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands: expected one list of cards per player", field="hands")
    stock = rec.get("stock")
    if not isinstance(stock, list):
        raise RecordError("stock: expected a list of cards, top first", field="stock")
    limit = (99,) * len(rules.pack.counts)
    parsed = [counts_of(_cards(f"hands[{i}]", h, limit)) for i, h in enumerate(hands)]
    return Game(parsed, _cards("stock", stock, limit), dealer, rules=rules, orphan=orphan,
                max_turns=max_turns)


def _cards(name: str, value: object, limit: tuple[int, ...]) -> list[Card]:
    return card_list(name, value, lambda codes: parse_cards(codes, limit=limit))


__all__ = ["RECORD_FIELDS", "game_from_record"]
