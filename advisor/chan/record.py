"""Game records (``chan-record/1``, rules §8.2): read, write and replay.

A replay builds the deal from the record, plays every move through the engine — so
every rule is checked — and compares the final result. Declined claims are not
recorded (C5): when the engine asks for a claim and the record's next move is not
that claim, the claim was declined.

>>> from advisor.chan.game import Game
>>> g = Game.from_deal(seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> replay(g.to_record()).valid
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from advisor.chan.cards import Face, counts_of, parse_cards, parse_face
from advisor.chan.game import RECORD_FORMAT, Action, Game
from advisor.chan.profiles import PROFILES
from advisor.deals import Replay, checked_result
from advisor.errors import AdvisorError, IllegalActionError, RecordError
from advisor.jsonio import documents

RECORD_FIELDS = ("format", "rules", "options", "dealer", "players", "hands", "stock", "moves",
                 "result")


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
    rules = rec.get("rules", "house")
    if rules not in PROFILES:
        raise RecordError(f"rules: unknown profile {rules!r}", field="rules")
    dealer = rec.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError("dealer: expected a seat number 0–3", field="dealer")
    hands = rec.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands: expected four lists of cards", field="hands")
    stock = rec.get("stock")
    if not isinstance(stock, list):
        raise RecordError("stock: expected a list of 23 cards", field="stock")
    options = rec.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("options: expected an object", field="options")
    parsed_hands = [counts_of(_cards(f"hands[{i}]", h)) for i, h in enumerate(hands)]
    return Game(parsed_hands, _cards("stock", stock), dealer, rules=rules, options=options)


def _cards(name: str, value: object) -> list[Face]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{name}: expected a list of card codes", field=name)
    try:
        return parse_cards(value)
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
            seat, action = _move(mv)
            play_recorded(g, seat, action)
        except IllegalActionError as err:
            return Replay(g, err, number, err.rule)
        except AdvisorError as err:
            return Replay(g, RecordError(f"moves[{number - 1}]: {err.message}",
                                         field=f"moves[{number - 1}]"), number)
    if not g.over:
        if partial and "result" not in rec:
            return Replay(g)
        return Replay(g, RecordError(f"the deal is not over after {len(moves)} moves: seat "
                                     f"{g.pending.seat if g.pending else '?'} still has to "
                                     f"decide ({g.pending.phase if g.pending else '?'})"))
    assert g.result is not None
    return checked_result(g, rec.get("result"), g.result.to_json())


def _move(mv: object) -> tuple[int, Action]:
    if not isinstance(mv, dict):
        raise RecordError("a move must be an object like {\"seat\": 1, \"do\": \"pass\"}")
    seat = mv.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError("seat: expected a seat number 0–3", field="seat")
    return seat, Action.from_json(mv)


def play_recorded(g: Game, seat: int, action: Action) -> None:
    """Apply a move as a record states it: declined claims are not recorded (C5), so
    every claim the engine asks for before this move is declined first."""
    _decline_claims_before(g, seat, action)
    g.act(seat, action)


def _decline_claims_before(g: Game, seat: int, action: Action) -> None:
    while g.pending is not None and g.pending.phase == "claim":
        if action.do in ("win", "chiu"):
            if seat == g.pending.seat:
                return
            in_turn_chiu = action.do == "chiu" and g.offer is not None and seat == g.offer.to
            if seat not in (s for s, _ in g.claims) and not in_turn_chiu:
                raise IllegalActionError(*g.claim_problem(seat, action))
        g.act(g.pending.seat, Action("pass"))


def read_records(stream: IO[str], name: str = "record") -> Iterator[tuple[str, Any]]:
    """Records from a file: one JSON document (an object or a list) or JSON lines.
    Yields (label, decoded object or a RecordError)."""
    for doc in documents(stream.read(), name):
        yield doc.label, RecordError(doc.error) if doc.error is not None else doc.obj


__all__ = ["Replay", "game_from_record", "parse_face", "play_recorded", "read_records", "replay"]
