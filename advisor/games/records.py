"""Game records, for every game: reading a record's header and cards, replaying its moves
through the game's engine, and reading records from a file.

A replay builds the deal from the record, plays every move through the engine — so
every rule is checked — and compares the final result. What a record's deal and moves
are is the game's (its ``game_from_record`` and ``Action.from_json``); the loop, the
checks and the errors are here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, TypeVar

from advisor.counts import Counts, add_all, tally
from advisor.errors import AdvisorError, IllegalActionError, PositionError, RecordError
from advisor.jsonio import documents

T = TypeVar("T")


def check_deal(hands: Sequence[Counts], stock: Iterable[int], pack: Counts,
               codes: Sequence[str], dealt: Callable[[int], int], *, dealt_rule: str,
               pack_rule: str, pack_name: str = "the pack") -> None:
    """Check a deal (count vectors for the hands, the stock as kind indices): each seat
    holds what it is dealt (``dealt(seat)`` cards) and the hands and the stock make the
    whole ``pack`` (its kinds named by ``codes``); else a :class:`RecordError` naming the
    field and the rule.

    >>> check_deal([(1, 0), (0, 0)], [1], (1, 1), "ab", lambda seat: 1, dealt_rule="Q6",
    ...            pack_rule="Q1")
    Traceback (most recent call last):
    ...
    advisor.errors.RecordError: hands[1]: 0 cards; seat 1 is dealt 1 (Q6)
    >>> check_deal([(1, 0)], [0], (1, 1), "ab", lambda seat: 1, dealt_rule="Q6",
    ...            pack_rule="Q1")
    Traceback (most recent call last):
    ...
    advisor.errors.RecordError: the deal holds 2 of a; the pack has 1 (Q1)
    """
    for seat, h in enumerate(hands):
        want = dealt(seat)
        if sum(h) != want:
            raise RecordError(f"hands[{seat}]: {sum(h)} cards; seat {seat} is dealt {want} "
                              f"({dealt_rule})", field=f"hands[{seat}]")
    total = add_all([tally(stock, len(pack)), *hands])
    for code, m, want in zip(codes, total, pack):
        if m != want:
            raise RecordError(f"the deal holds {m} of {code}; {pack_name} has {want} "
                              f"({pack_rule})", field="hands", token=code)


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a record: valid, or the first problem and where."""

    game: Any  # the game's engine as the replay left it, or None if the deal is unreadable
    error: AdvisorError | None = None
    move: int | None = None  # 1-based number of the offending move, if a move is at fault
    rule: str | None = None

    @property
    def valid(self) -> bool:
        return self.error is None

    def describe(self) -> str:
        if self.error is None:
            return "valid"
        where = f"move {self.move}: " if self.move is not None else ""
        return f"{where}{self.error.message}"


def read_header(rec: object, fmt: str, fields: Sequence[str]) -> dict[str, Any]:
    """Check what every record shares — a JSON object of format ``fmt`` with no field
    outside ``fields`` and ``options`` an object if present — and return its options."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object", field="$")
    if rec.get("format") != fmt:
        raise RecordError(f"format: expected '{fmt}', got {rec.get('format')!r}",
                          field="format")
    unknown = sorted(set(rec) - set(fields))
    if unknown:
        raise RecordError(f"{unknown[0]}: unknown field", field=unknown[0])
    options = rec.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("options: expected an object", field="options")
    return options


def seat_number(rec: dict[str, Any], name: str, what: str = "a seat number") -> int:
    """A record's field that holds a seat number (``dealer``)."""
    value = rec.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{name}: expected {what}", field=name)
    return value


def card_list(name: str, value: object, parse: Callable[[list[str]], list[T]]) -> list[T]:
    """A record's list of card codes, read with the game's ``parse`` (errors name the
    field: ``hands[2]: unknown card 'xx'``)."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{name}: expected a list of card codes", field=name)
    try:
        return parse(value)
    except AdvisorError as err:
        raise RecordError(f"{name}: {err.message}", field=name, token=err.token) from None


def read_deal(rec: dict[str, Any], parse: Callable[[list[str]], list[T]], *,
              hands: str = "one list of cards per player",
              stock: str = "a list of cards, top first") -> tuple[list[list[T]], list[T]]:
    """A record's ``hands`` and ``stock``, lists of card codes read with the game's
    ``parse`` (``hands`` and ``stock`` say what each field holds, for the messages;
    errors name the field: ``hands[2]: unknown card 'xx'``)."""
    given_hands, given_stock = rec.get("hands"), rec.get("stock")
    if not isinstance(given_hands, list):
        raise RecordError(f"hands: expected {hands}", field="hands")
    if not isinstance(given_stock, list):
        raise RecordError(f"stock: expected {stock}", field="stock")
    return ([card_list(f"hands[{i}]", h, parse) for i, h in enumerate(given_hands)],
            card_list("stock", given_stock, parse))


def read_move(mv: object, parse: Callable[[object], T]) -> tuple[int, T]:
    """(seat, action) of a recorded move, the action read with the game's ``parse``."""
    if not isinstance(mv, dict):
        raise RecordError('a move must be an object like {"seat": 1, "do": "pass"}')
    seat = mv.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError("seat: expected a seat number", field="seat")
    return seat, parse(mv)


def replay_moves(rec: object, *, deal: Callable[[object], Any],
                 parse: Callable[[object], T],
                 apply: Callable[[Any, int, T], None] | None = None,
                 partial: bool = False) -> Replay:
    """Replay a record: ``deal`` builds the engine from the record (before any move),
    each move is read with ``parse`` and played with ``apply(game, seat, action)`` (by
    default the engine's ``act``), and
    the result reached must be the record's. With ``partial``, a record that stops
    before the end of the deal (a prefix, with no result) is valid."""
    try:
        g = deal(rec)
    except AdvisorError as err:
        return Replay(None, err)
    assert isinstance(rec, dict)
    moves = rec.get("moves")
    if not isinstance(moves, list):
        return Replay(g, RecordError("moves: expected a list", field="moves"))
    for number, mv in enumerate(moves, 1):
        try:
            seat, action = read_move(mv, parse)
            if apply is None:
                g.act(seat, action)
            else:
                apply(g, seat, action)
        except IllegalActionError as err:
            return Replay(g, err, number, err.rule)
        except AdvisorError as err:
            return Replay(g, RecordError(f"moves[{number - 1}]: {err.message}",
                                         field=f"moves[{number - 1}]"), number)
    if not g.over:
        if partial and "result" not in rec:
            return Replay(g)
        d = g.pending
        return Replay(g, RecordError(f"the deal is not over after {len(moves)} moves: seat "
                                     f"{d.seat if d else '?'} still has to decide "
                                     f"({d.phase if d else '?'})"))
    assert g.result is not None
    return checked_result(g, rec.get("result"), g.result.to_json())


def checked_result(game: Any, want: object, got: dict[str, Any]) -> Replay:
    """The end of a replay: valid when the record's ``result`` (``want``) is the result
    the replay reached (``got``) — by the game's ``same_result(want, got)`` if it has
    one (Chắn compares bonuses as its rules define them), else equal; else the first
    field that differs, or the whole result when the record has none."""
    if want is None:
        return Replay(game, RecordError("result: missing; the replay ends with "
                                        f"{json.dumps(got, ensure_ascii=False)}",
                                        field="result"))
    same = getattr(game, "same_result", None)  # a game's own equality (Chắn's bonuses)
    if not (same(want, got) if callable(same) else want == got):
        equal = same if callable(same) else (lambda w, g: w == g)
        diff = next((k for k in got if not isinstance(want, dict)
                     or not equal({k: want.get(k)}, {k: got[k]})), "result")
        shown = want.get(diff) if isinstance(want, dict) else want
        return Replay(game, RecordError(f"result.{diff}: the record says {shown!r}, the "
                                        f"replay gives {got[diff]!r}", field=f"result.{diff}"))
    return Replay(game)


def pending_view(outcome: Replay, seat: int | None = None) -> tuple[Any, list[Any]]:
    """The VIEW of the seat to act where a replayed record prefix stops, and its legal
    actions — the decision to advise. With ``seat``, the decision must be that seat's.
    A record that does not replay, or a deal that is over, raises an error naming why."""
    if not outcome.valid or outcome.game is None:
        assert outcome.error is not None
        raise outcome.error
    g = outcome.game
    d = g.pending
    if d is None:
        raise PositionError("the deal of this record is over: there is nothing to advise",
                            field="moves")
    if seat is not None and d.seat != seat:
        raise PositionError(f"seat: the record stops at seat {d.seat}'s decision ({d.phase}), "
                            f"not seat {seat}'s", field="seat")
    return g.view(d.seat), g.legal_actions()


def read_records(stream: IO[str], name: str = "record") -> Iterator[tuple[str, Any]]:
    """Records from a file: one JSON document (an object or a list) or JSON lines.
    Yields (label, decoded object or a RecordError)."""
    for doc in documents(stream.read(), name):
        yield doc.label, RecordError(doc.error) if doc.error is not None else doc.obj


__all__ = [
    "Replay",
    "card_list",
    "check_deal",
    "checked_result",
    "pending_view",
    "read_header",
    "read_move",
    "read_records",
    "replay_moves",
    "seat_number",
]
