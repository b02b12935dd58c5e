"""Game records (``khanhoo-record/2``; ``khanhoo-record/1`` still read): the deal a record
holds — the pack (``sets``, ``jokers``), the options, the dealer, the orphan (K7), the turn
limit, the hands and the stock. Every decision is recorded, forced ones (``draw``) and
declined claims (``pass``) included; the replay is every game's
(:meth:`advisor.games.spec.GameSpec.replay`).

>>> rec = Game.from_deal(players=2, seed=3).to_record()
>>> game_from_record(rec).players
2
>>> game_from_record({**rec, "max_turns": "x"})
Traceback (most recent call last):
...
advisor.errors.RecordError: max_turns: expected a number of discards
"""

from __future__ import annotations

from typing import Any

from advisor.errors import AdvisorError, RecordError
from advisor.games.records import (
    ResultForm,
    read_deal,
    read_header,
    seat_number,
    upgrades,
)
from advisor.khanhoo.cards import counts_of, parse_cards
from advisor.khanhoo.game import MAX_TURNS, RECORD_FORMAT, Game
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.scoring import settlement

RECORD_FIELDS = ("format", "sets", "jokers", "options", "dealer", "orphan", "max_turns",
                 "players", "hands", "stock", "moves", "result")

RESULT_FORM = ResultForm(
    rules={"winner": "K6", "how": "K6", "by": "K6", "discard": "K6", "points": "K8",
           "settlement": "K8", "scores": "K8", "combinations": "K8"},
    unordered=frozenset({"combinations"}))
"""How a record's result is compared (:func:`advisor.games.records.result_mismatch`): who
went out, how and with which discard by K6, the points, scores and the declaration by K8;
the declaration's combinations in any order."""


def _v1_result(result: dict[str, Any]) -> dict[str, Any]:
    """What a ``khanhoo-record/1`` result lacks: ``how`` (its ``by``) and ``settlement``
    (the Skat-style one of its ``scores``, K8)."""
    return {"how": result.get("by"), "settlement": list(settlement(result["scores"]))}


UPGRADES = upgrades(RECORD_FORMAT, _v1_result, "khanhoo-record/1")
"""The older formats still read: ``khanhoo-record/1``, whose result lacks ``how`` and
``settlement``."""


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    options = read_header(rec, RECORD_FORMAT, RECORD_FIELDS, UPGRADES)
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
    limit = (99,) * len(rules.pack.counts)
    hands, stock = read_deal(rec, lambda codes: parse_cards(codes, limit=limit))
    return Game([counts_of(h) for h in hands], stock, dealer, rules=rules, orphan=orphan,
                max_turns=max_turns)


__all__ = ["RECORD_FIELDS", "RESULT_FORM", "UPGRADES", "game_from_record"]
