"""Game records, for every game: reading a record's header and cards, replaying its moves
through the game's engine, and reading records from a file.

A replay builds the deal from the record, plays every move through the engine — so
every rule is checked — and compares the final result. What a record's deal and moves
are is the game's (its ``game_from_record`` and ``Action.from_json``); the loop, the
checks and the errors are here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, TypeVar

from advisor.counts import Counts, add_all, tally
from advisor.errors import (
    AdvisorError,
    IllegalActionError,
    PositionError,
    RecordError,
    ResultMismatchError,
    cut,
)
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


@dataclass(frozen=True)
class ResultForm:
    """How a game's ``result`` is compared, field by field, when a record's stated result
    meets the one its moves reach: ``rules`` names the rule that decides each field (cited
    when it differs), ``unordered`` the list fields whose order is free (compared as
    multisets: a winner's groups, combinations), and ``forms`` a field's own value as the
    rules compare it (Chắn's bonuses: the main one's rank, then the multiset). Every other
    field is compared as it is. One form per game, declared on its spec."""

    rules: Mapping[str, str] = field(default_factory=dict)
    unordered: frozenset[str] = frozenset()
    forms: Mapping[str, Callable[[object], object]] = field(default_factory=dict)

    def value(self, key: str, value: object) -> object:
        """A field's value as the rules compare it."""
        form = self.forms.get(key)
        if form is not None:
            return form(value)
        return as_multiset(value) if key in self.unordered else value


def as_multiset(value: object) -> object:
    """A list as a multiset (its items in a canonical order); anything else as it is.

    >>> as_multiset([{"b": 1}, {"a": 2}, {"b": 1}]) == as_multiset([{"b": 1}, {"b": 1}, {"a": 2}])
    True
    >>> as_multiset([1, 2]) == as_multiset([1, 2, 2])
    False
    """
    if not isinstance(value, list):
        return value
    return ("multiset", sorted(json.dumps(v, sort_keys=True, ensure_ascii=False)
                               for v in value))


def result_mismatch(form: ResultForm, want: object,
                    got: Mapping[str, Any]) -> ResultMismatchError | None:
    """Whether a record's stated result ``want`` is the result ``got`` its moves reach,
    compared as values by the game's ``form``: None when it is, else the error naming the
    first field that differs and the rule that decides it.

    >>> form = ResultForm({"points": "K8", "groups": "Q5"}, frozenset({"groups"}))
    >>> got = {"points": 3, "groups": ["a", "b"]}
    >>> result_mismatch(form, {"points": 3, "groups": ["b", "a"]}, got) is None
    True
    >>> print(result_mismatch(form, {"points": 4, "groups": ["b", "a"]}, got))
    result.points (K8): the record says 4, the moves reach 3
    >>> print(result_mismatch(form, {"points": 3}, got))
    result.groups (Q5): missing; the moves reach ["a", "b"]
    """
    if not isinstance(want, dict):
        return ResultMismatchError("result", None, f"expected an object like {_shown(got)}")
    for key, stated in want.items():  # in the record's order: what it states first
        if key not in got:
            return ResultMismatchError(f"result.{key}", None,
                                       "not a field of this game's result")
        if form.value(key, stated) != form.value(key, got[key]):
            return ResultMismatchError(f"result.{key}", form.rules.get(key),
                                       f"the record says {_shown(stated)}, the moves "
                                       f"reach {_shown(got[key])}")
    missing = next((k for k in got if k not in want), None)
    if missing is not None:
        return ResultMismatchError(f"result.{missing}", form.rules.get(missing),
                                   f"missing; the moves reach {_shown(got[missing])}")
    return None


def _shown(value: object) -> str:
    """A value in a message: its JSON, cut short when long (a message names both sides)."""
    return cut(json.dumps(value, ensure_ascii=False), SHOWN)


SHOWN = 160
"""The most characters of a value a result's message shows."""


RESULT_KEYS = ("winner", "how", "points", "settlement")
"""The keys every game's result has (``docs/records.md``): the winning seat (null when
nobody won), how the deal was won (the game's word; null when nobody won), the points
the deal was scored at, and what each seat receives (+) or pays (−), by seat. The
game's own details follow."""

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]
"""How a record of an older format a game still reads is brought to today's: the same
deal and moves, its stated result given the keys it lacked (:func:`upgraded`)."""


def upgraded(rec: dict[str, Any], fmt: str,
             derive: Callable[[dict[str, Any]], Mapping[str, Any]]) -> dict[str, Any]:
    """``rec`` in format ``fmt``: its result, when it states one, with the keys ``derive``
    makes from the old result added after those it states, where it lacks them (what it
    states is kept, and compared first: a wrong old field is named, not a key derived
    from it).

    >>> old = {"format": "x/1", "result": {"winner": 1, "by": "out"}}
    >>> upgraded(old, "x/2", lambda r: {"how": r.get("by")})
    {'format': 'x/2', 'result': {'winner': 1, 'by': 'out', 'how': 'out'}}
    """
    out = {**rec, "format": fmt}
    result = rec.get("result")
    if isinstance(result, dict):
        try:
            added = derive(result)
        except (AdvisorError, TypeError, ValueError, KeyError):
            added = {}  # a malformed old result: compared as it stands, the gap named
        out["result"] = {**result, **{k: v for k, v in added.items() if k not in result}}
    return out


def upgrades(fmt: str, derive: Callable[[dict[str, Any]], Mapping[str, Any]],
             *older: str) -> dict[str, Upgrade]:
    """A game's :data:`Upgrade` s: each ``older`` format it still reads brought to ``fmt``
    by :func:`upgraded` with ``derive``."""
    return {old: lambda rec: upgraded(rec, fmt, derive) for old in older}


def read_header(rec: object, fmt: str, fields: Sequence[str],
                older: Iterable[str] = ()) -> dict[str, Any]:
    """Check what every record shares — a JSON object of format ``fmt`` (or of an
    ``older`` format the game still reads) with no field outside ``fields`` and
    ``options`` an object if present — and return its options."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object", field="$")
    given = rec.get("format")
    if given != fmt and not (isinstance(given, str) and given in set(older)):
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
                 partial: bool = False, result: ResultForm = ResultForm()) -> Replay:
    """Replay a record: ``deal`` builds the engine from the record (before any move),
    each move is read with ``parse`` and played with ``apply(game, seat, action)`` (by
    default the engine's ``act``), and the result reached must be the record's, compared
    by the game's ``result`` form. With ``partial``, a record that stops before the end of
    the deal (a prefix, with no result) is valid."""
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
    return checked_result(g, rec.get("result"), g.result.to_json(), result)


def checked_result(game: Any, want: object, got: dict[str, Any],
                   form: ResultForm = ResultForm()) -> Replay:
    """The end of a replay: valid when the record's ``result`` (``want``) is the result
    the replay reached (``got``), compared by the game's ``form``
    (:func:`result_mismatch`); else the first field that differs with its rule, or the
    whole result when the record has none."""
    if want is None:
        return Replay(game, RecordError("result: missing; the replay ends with "
                                        f"{json.dumps(got, ensure_ascii=False)}",
                                        field="result"))
    err = result_mismatch(form, want, got)
    if err is not None:
        return Replay(game, err, rule=err.rule)
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
    "RESULT_KEYS",
    "Replay",
    "ResultForm",
    "Upgrade",
    "as_multiset",
    "card_list",
    "check_deal",
    "checked_result",
    "pending_view",
    "read_header",
    "read_move",
    "read_records",
    "replay_moves",
    "result_mismatch",
    "seat_number",
    "upgraded",
    "upgrades",
]
