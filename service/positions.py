"""The request cycle shared by every position endpoint: read the JSON body, accept one
position or a batch, validate each with a schema, let the library parse and evaluate it,
serialise the results.

No game logic lives here: a game's blueprint passes its schema, its ``from_json`` and
the library function to call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from flask import Response, current_app, jsonify, request
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

from advisor.errors import AdvisorError
from service.problems import Problem, cut_name, validation
from service.schemas import flatten_errors

P = TypeVar("P")


class JSONResult(Protocol):
    """What the library returns: anything with a ``to_json()``."""

    def to_json(self) -> dict[str, Any]: ...


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a request may send (a position needs 4)."""
MAX_INT_DIGITS = 19
INT_RANGE = (-(2**63), 2**63 - 1)
"""The integers a request may send: those of 64 bits (a seed's range); any other is 422."""
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Huge:
    """An integer of more digits than :data:`MAX_INT_DIGITS`, as the decoder leaves it
    (never converted: a conversion of thousands of digits is itself the attack)."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))


def _parse_int(text: str) -> int | _Huge:
    return _Huge(text) if len(text) > MAX_INT_DIGITS + 1 else int(text)


class BadJSON(Exception):
    """A body (or a JSON query value) the service does not take: ``status`` 400 for
    text that is not JSON or not sound text (a lone surrogate), nested too deeply;
    422 for a number out of range. ``field`` is where, named as in problems."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


def decode_json(data: bytes | str) -> Any:
    """JSON text as Python values, or :class:`BadJSON`: ``NaN``/``Infinity`` refused
    (RFC 8259), no nesting deeper than :data:`MAX_DEPTH`, no string or key with a lone
    surrogate (``"\\ud800"``: not text; RFC 7493), no integer outside
    :data:`INT_RANGE` — each named by where it is.

    >>> decode_json('{"a": [1, {"b": "x"}]}')
    {'a': [1, {'b': 'x'}]}
    >>> decode_json('{"scores": [1, ' + "9" * 400 + ']}')
    Traceback (most recent call last):
    ...
    service.positions.BadJSON: scores[1]: an integer of 400 digits; at most 64 bits (-2^63 … 2^63-1)
    """
    try:
        value = json.loads(data, parse_constant=_reject_constant, parse_int=_parse_int)
    except RecursionError:
        raise BadJSON(400, f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:  # JSONDecodeError, UnicodeDecodeError …
        raise BadJSON(400, str(err)) from None
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise BadJSON(400, f"nested deeper than {MAX_DEPTH} levels", path or "$")
            if isinstance(item, dict):
                for key, v in item.items():
                    where = f"{path}.{key}" if path else key
                    if _SURROGATE.search(key):
                        raise _surrogate(where)
                    stack.append((v, where, depth + 1))
            else:
                stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(item))
        elif isinstance(item, str):
            if _SURROGATE.search(item):
                raise _surrogate(path or "$")
        elif isinstance(item, _Huge) or (
                isinstance(item, int) and not INT_RANGE[0] <= item <= INT_RANGE[1]):
            digits = item.digits if isinstance(item, _Huge) else len(str(abs(item)))
            where = cut_name(path or "$")
            raise BadJSON(422, f"{where}: an integer of {digits} digits; at most 64 bits "
                               "(-2^63 … 2^63-1)", where)
    return value


def _surrogate(path: str) -> BadJSON:
    where = cut_name(path)
    return BadJSON(400, f"{where}: a lone surrogate (\\ud800-\\udfff) is not text", where)


def read_json() -> Any:
    """The decoded JSON body, or a problem: 415 unless the body is declared JSON, 413 if
    it is larger than ``MAX_CONTENT_LENGTH``, 400 if it is not valid JSON (RFC 8259:
    ``NaN`` and ``Infinity`` are not JSON), is nested too deeply or has a lone surrogate,
    422 naming the field for an integer beyond 64 bits (:func:`decode_json`)."""
    if not request.is_json:
        given = request.mimetype or "none"
        raise Problem(
            415, "unsupported-media-type", "Unsupported Media Type",
            f"the request body must be JSON (Content-Type: application/json); got {given}",
            headers={"Accept-Post": "application/json"},
        )
    data = request.get_data(cache=False)  # raises 413 if Content-Length > MAX_CONTENT_LENGTH
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(data) >= limit:
        # A streamed (chunked) body is cut at the limit by werkzeug without an error, so a
        # body that reaches the limit is taken as too large rather than parsed truncated.
        raise RequestEntityTooLarge()
    try:
        return decode_json(data)
    except BadJSON as err:
        if err.status == 422:
            raise Problem(422, "validation", "Number out of range", err.message,
                          field=err.field) from None
        raise Problem(400, "invalid-json", "Malformed JSON",
                      f"the request body is not valid JSON: {err.message}",
                      field=err.field) from None


def read_query(schema: Schema) -> dict[str, Any]:
    """The query parameters as ``schema`` loads them (the first value of a repeated
    one), or a 422 problem naming every bad or unknown parameter."""
    try:
        query: dict[str, Any] = schema.load(request.args.to_dict())
    except ValidationError as err:
        raise validation("Invalid query parameter", flatten_errors(err.messages)) from None
    return query


@dataclass(frozen=True)
class AdviceQuery:
    """What an advice request asks for, within the server's limits: the budget (ms,
    at most ``MAX_ADVICE_BUDGET_MS``), the playout worlds (at most ``MAX_ADVICE_SAMPLES``;
    None: none asked), the seed and whether the search is asked for."""

    budget_ms: float
    samples: int | None
    seed: int
    search: bool | None = None  # None: the game's default

    @classmethod
    def read(cls, schema: Schema, default_budget_ms: float) -> AdviceQuery:
        """The request's query string, read with ``schema`` and capped by the config."""
        cfg = current_app.config
        query = read_query(schema)
        samples = query.get("samples")
        return cls(min(query.get("budget_ms", default_budget_ms), cfg["MAX_ADVICE_BUDGET_MS"]),
                   None if samples is None else min(samples, cfg["MAX_ADVICE_SAMPLES"]),
                   query.get("seed", 0), query.get("search"))


def evaluate(
    schema: Schema,
    parse: Callable[[object], P],
    compute: Callable[[P], JSONResult],
    max_batch: int | None = None,
    admit: Callable[[int], None] | None = None,
) -> Response:
    """Answer a request whose body is one position (an object → one result object) or a
    batch (a list → a list of results in the same order).

    A batch is evaluated in order and stops at the first bad position; the problem
    carries its ``index``. An empty batch is 422, one longer than ``MAX_BATCH`` 413.
    ``admit`` is told how many objects the body holds before the first is computed (the
    gate of a costly verb: it may wait for a slot, or refuse).
    """
    body = read_json()
    if isinstance(body, dict):
        if admit is not None:
            admit(1)
        return jsonify(_one(schema, parse, compute, body, None))
    if not isinstance(body, list):
        raise Problem(400, "invalid-body", "Body is not a position or a list",
                      f"the request body must be a JSON object (one position) or a list of "
                      f"them (a batch); got {_json_type(body)}")
    if not body:
        raise Problem(422, "empty-batch", "Empty batch",
                      "the batch is an empty list; send at least one position")
    limit: int = max_batch or current_app.config["MAX_BATCH"]
    if len(body) > limit:
        raise Problem(413, "batch-too-large", "Batch too large",
                      f"the batch has {len(body)} positions; at most {limit} per request")
    if admit is not None:
        admit(len(body))
    return jsonify([_one(schema, parse, compute, item, i) for i, item in enumerate(body)])


def _one(
    schema: Schema,
    parse: Callable[[object], P],
    compute: Callable[[P], JSONResult],
    obj: object,
    index: int | None,
) -> dict[str, Any]:
    if not isinstance(obj, dict):
        errors = {"$": [f"a position must be a JSON object; got {_json_type(obj)}"]}
    else:
        try:
            schema.load(obj)
            errors = {}
        except ValidationError as err:
            errors = flatten_errors(err.messages)
    if errors:
        raise validation("Invalid position", errors, index=index)
    try:
        return compute(parse(obj)).to_json()
    except AdvisorError as err:
        raise Problem.from_advisor(err, index=index) from None


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"
