"""Game records (``qing-record/1``): what a record's deal is — the options, the card cut
for the dealer (Q6), the hands and the stock. The moves are replayed as in every game
(:meth:`advisor.games.spec.GameSpec.replay`), each one through the engine.

>>> rec = Game.from_deal(players=3, seed=3).to_record()
>>> rec["cut"], game_from_record(rec).dealer
('1s', 0)
>>> game_from_record({**rec, "cut": "zz"})
Traceback (most recent call last):
...
advisor.errors.RecordError: cut: unknown card 'zz'; the codes are ... (Q1)
"""

from __future__ import annotations

from advisor.errors import AdvisorError, RecordError
from advisor.games.records import ResultForm, read_deal, read_header, seat_number
from advisor.qing.cards import Card, counts_of, parse_card, parse_cards
from advisor.qing.game import RECORD_FORMAT, Game
from advisor.qing.rules import Rules

RECORD_FIELDS = ("format", "options", "cut", "dealer", "players", "hands", "stock", "moves",
                 "result")

RESULT_FORM = ResultForm(
    rules={"winner": "Q5", "how": "Q6", "groups": "Q5", "points": "Q8", "settlement": "Q8"},
    unordered=frozenset({"groups"}))
"""How a record's result is compared (:func:`advisor.games.records.result_mismatch`): the
winner and his groups by Q5 (the groups in any order), how he won by Q6, the pot by Q8."""


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
    hands, stock = read_deal(rec, lambda codes: parse_cards(codes, limit=(99,) * 30))
    return Game([counts_of(h) for h in hands], stock, dealer, rules=rules, cut=cut_card)


__all__ = ["RECORD_FIELDS", "RESULT_FORM", "game_from_record"]
