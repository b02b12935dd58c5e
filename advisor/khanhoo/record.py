"""Game records (``khanhoo-record/1``): read, write and replay.

A replay builds the deal from the record, plays every move through the engine — so
every rule is checked — and compares the final result. Every decision is recorded,
forced ones (``draw``) and declined claims (``pass``) included.

>>> from advisor.khanhoo.game import Game
>>> g = Game.from_deal(players=2, seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> replay(g.to_record()).valid
True
"""

from __future__ import annotations

from advisor.deals import Replay, checked_result
from advisor.errors import AdvisorError, IllegalActionError, RecordError
from advisor.khanhoo.cards import Card, counts_of, parse_cards
from advisor.khanhoo.game import MAX_TURNS, RECORD_FORMAT, Action, Game
from advisor.khanhoo.rules import Rules

RECORD_FIELDS = ("format", "sets", "jokers", "options", "dealer", "orphan", "max_turns",
                 "players", "hands", "stock", "moves", "result")


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object", field="$")
    if rec.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected '{RECORD_FORMAT}', got {rec.get('format')!r}",
                          field="format")
    unknown = sorted(set(rec) - set(RECORD_FIELDS))
    if unknown:
        raise RecordError(f"{unknown[0]}: unknown field", field=unknown[0])
    options = rec.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("options: expected an object", field="options")
    try:
        rules = Rules.build(rec.get("sets", 2), rec.get("jokers", 1), options)
    except AdvisorError as err:
        raise RecordError(err.message, field=err.field, token=err.token) from None
    dealer = rec.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError("dealer: expected a seat number", field="dealer")
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
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{name}: expected a list of card codes", field=name)
    try:
        return parse_cards(value, limit=limit)
    except AdvisorError as err:
        raise RecordError(f"{name}: {err.message}", field=name, token=err.token) from None


def replay(rec: object, *, partial: bool = False) -> Replay:
    """Replay a record move by move. With ``partial``, a record that stops before the
    end of the deal (a prefix, with no result) is valid."""
    try:
        g = game_from_record(rec)
    except AdvisorError as err:
        return Replay(None, err)
    assert isinstance(rec, dict)
    moves = rec.get("moves")
    if not isinstance(moves, list):
        return Replay(g, RecordError("moves: expected a list", field="moves"))
    for number, mv in enumerate(moves, 1):
        try:
            seat, action = read_move(mv)
            g.act(seat, action)
        except IllegalActionError as err:
            return Replay(g, err, number, err.rule)
        except AdvisorError as err:
            return Replay(g, RecordError(f"moves[{number - 1}]: {err.message}",
                                         field=f"moves[{number - 1}]"), number)
    if not g.over:
        if partial and "result" not in rec:
            return Replay(g)
        d = g.pending
        assert d is not None
        return Replay(g, RecordError(f"the deal is not over after {len(moves)} moves: seat "
                                     f"{d.seat} still has to decide ({d.phase})"))
    assert g.result is not None
    return checked_result(g, rec.get("result"), g.result.to_json())


def read_move(mv: object) -> tuple[int, Action]:
    """(seat, action) of a recorded move."""
    if not isinstance(mv, dict):
        raise RecordError('a move must be an object like {"seat": 1, "do": "pass"}')
    seat = mv.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError("seat: expected a seat number", field="seat")
    return seat, Action.from_json(mv)


__all__ = ["RECORD_FIELDS", "Replay", "game_from_record", "read_move", "replay"]
