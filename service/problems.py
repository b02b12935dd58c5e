"""RFC 9457 problem details: every error the service returns, in one shape.

A problem is a JSON object served as ``application/problem+json``::

    {"type": "/problems/unknown-card", "title": "Unknown card", "status": 422,
     "detail": "hand: unknown card 'zz'", "field": "hand", "token": "zz"}

``type`` is ``/problems/<kind>``; ``kind`` is the library's error kind
(:attr:`advisor.errors.AdvisorError.kind`) for a position the library rejects, or one
of the service's own kinds below. ``field``, ``token``, ``index`` (the position of a
batch) and ``errors`` (field → messages, for schema validation) appear when known.
"""

from __future__ import annotations

import math
import re
from typing import Any, cast

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from advisor.errors import AdvisorError
from advisor.games.deadline import DeadlineExceeded

PROBLEM_JSON = "application/problem+json"

#: Titles of the library's error kinds (the fallback is the kind in words).
ADVISOR_TITLES = {
    "invalid-input": "Invalid input",
    "unknown-card": "Unknown card",
    "too-many-copies": "Too many copies of a card",
    "wrong-card-count": "Wrong number of cards",
    "invalid-meld": "Invalid meld",
    "invalid-position": "Invalid position",
    "unknown-rules": "Unknown rules profile",
}


class Problem(Exception):
    """An error to answer with a problem+json response (raised inside a view)."""

    def __init__(
        self,
        status: int,
        kind: str,
        title: str,
        detail: str,
        *,
        headers: dict[str, str] | None = None,
        **members: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.kind = kind
        self.title = title
        self.detail = detail
        self.headers = dict(headers or {})
        #: Extension members (field, token, index, errors); ``None`` values are left out.
        self.members = {k: v for k, v in members.items() if v is not None}
        # What the request sent is repeated within bounds (see the "echoes" block).
        if isinstance(self.members.get("field"), str):
            self.members["field"] = cut_name(self.members["field"])
        if len(self.detail) > MAX_DETAIL:
            self.detail = self.detail[:MAX_DETAIL - 1] + "…"

    @classmethod
    def from_advisor(cls, err: AdvisorError, *, index: int | None = None) -> Problem:
        """A 422 problem for a position the library rejected, naming its field and token."""
        title = ADVISOR_TITLES.get(err.kind, err.kind.replace("-", " ").capitalize())
        return cls(422, err.kind, title, err.message, field=err.field, token=err.token,
                   index=index)

    def body(self) -> dict[str, Any]:
        return {"type": f"/problems/{self.kind}", "title": self.title, "status": self.status,
                "detail": self.detail, **self.members}

    def response(self) -> Response:
        # The provider builds ``app.response_class``: a flask Response (typed as werkzeug's).
        resp = cast(Response, current_app.json.response(self.body()))
        resp.status_code = self.status
        resp.mimetype = PROBLEM_JSON
        for name, value in self.headers.items():
            resp.headers[name] = value
        return resp


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _from_http(exc: HTTPException) -> Response | HTTPException:
    """Any werkzeug HTTP error (404, 405, 413 …) as a problem, keeping its headers (Allow …)."""
    if exc.code is None:  # an abort() carrying its own response
        return exc
    if isinstance(exc, RequestEntityTooLarge):
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        problem = Problem(413, "body-too-large", "Request body too large",
                          f"the request body is too large (limit: {limit} bytes)" if limit
                          else "the request body is too large")
    else:
        problem = Problem(exc.code, _slug(exc.name), exc.name, exc.description or exc.name)
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            problem.headers[name] = value
    return problem.response()


def _from_problem(problem: Problem) -> Response:
    return problem.response()


def _from_unexpected(exc: Exception) -> Response:
    """A bug: log it with its traceback, answer 500 without leaking anything."""
    current_app.logger.error("unhandled error on %s %s", request.method, request.path,
                             exc_info=exc)
    return Problem(500, "internal-error", "Internal server error",
                   "the server failed to process the request; the error has been logged"
                   ).response()


# --- work past its deadline (advisor.games.deadline, service.gate) ---------------------


def deadline_problem(limit_s: float) -> Problem:
    """503 ``/problems/deadline``: the request's work passed its deadline and was stopped."""
    retry = str(max(1, math.ceil(float(current_app.config.get("RETRY_AFTER_S", 1)))))
    return Problem(503, "deadline", "Deadline exceeded",
                   f"the request's work passed its deadline of {limit_s:g} s and was "
                   f"stopped; retry after {retry} s, or ask for less (a smaller batch)",
                   headers={"Retry-After": retry})


def _from_deadline(err: DeadlineExceeded) -> Response:
    current_app.logger.info("deadline: %s %s stopped after %g s", request.method,
                            request.path, err.limit_s)
    return deadline_problem(err.limit_s).response()


# --- installing them --------------------------------------------------------------------


def register(app: Flask) -> None:
    """Install the error handlers that turn every error into problem+json."""
    app.register_error_handler(Problem, _from_problem)
    app.register_error_handler(DeadlineExceeded, _from_deadline)
    app.register_error_handler(HTTPException, _from_http)
    app.register_error_handler(Exception, _from_unexpected)


# --- the database, sick or gone ----------------------------------------------------------


def unavailable(detail: str, retry_after_s: float) -> Problem:
    """A 503 ``/problems/unavailable``: the tables' database did not answer in time or
    failed; nothing was changed that the client was told of, and the request may be
    retried after ``Retry-After`` seconds."""
    retry = str(max(1, math.ceil(retry_after_s)))
    return Problem(503, "unavailable", "Service unavailable",
                   f"{detail}; retry after {retry} s", headers={"Retry-After": retry})


# --- echoes: what a problem repeats of the request is bounded ------------------------------

MAX_NAME = 64
"""The longest field name a problem repeats (a longer one is cut, ``…`` marking the cut)."""
MAX_ERRORS = 20
"""The most entries of ``errors`` a problem lists; ``more_errors`` counts the rest."""
MAX_DETAIL = 1000
"""The longest ``detail`` (a longer one is cut)."""
UNKNOWN_FIELD = "Unknown field."


def cut_name(name: str, limit: int = MAX_NAME) -> str:
    """A name from the request as a problem may repeat it: at most ``limit`` characters
    (``…`` ending a cut one), a lone surrogate written as its escape.

    >>> cut_name("x" * 100)[-3:], len(cut_name("x" * 100)), cut_name("a\\ud800")
    ('xx…', 64, 'a\\\\ud800')
    """
    if any("\ud800" <= c <= "\udfff" for c in name):
        name = name.encode("utf-8", "backslashreplace").decode("utf-8")
    return name if len(name) <= limit else name[:limit - 1] + "…"


def validation(title: str, errors: dict[str, list[str]], *, index: int | None = None,
               ) -> Problem:
    """The 422 ``/problems/validation`` of a schema's ``errors`` (field → messages), of a
    bounded size whatever was sent: names cut (:func:`cut_name`), at most
    :data:`MAX_ERRORS` entries (``more_errors`` counts the rest), and an unknown field's
    name never put in ``detail`` (which describes at most three entries and says "an
    unknown field" for one): it is in ``errors``, and in ``field`` if it is the first.

    >>> p = validation("Invalid body", {f"k{i}": [UNKNOWN_FIELD] for i in range(25)})
    >>> p.detail
    'an unknown field (see field); an unknown field; an unknown field; 22 more in errors'
    >>> len(p.members["errors"]), p.members["more_errors"], p.members["field"]
    (20, 5, 'k0')
    """
    shown: dict[str, list[str]] = {}
    for name, msgs in errors.items():
        if len(shown) == MAX_ERRORS:
            break
        shown.setdefault(cut_name(name), []).extend(msgs)
    more = len(errors) - len(shown)
    first = next(iter(shown), "$")
    parts = []
    for n, (name, msgs) in enumerate(shown.items()):
        if n == 3:
            break
        if msgs == [UNKNOWN_FIELD]:
            parts.append("an unknown field (see field)" if n == 0 else "an unknown field")
        else:
            parts.append(f"{name}: {' '.join(msgs)}")
    rest = len(errors) - min(3, len(shown))
    detail = "; ".join(parts) + (f"; {rest} more in errors" if rest > 0 else "")
    return Problem(422, "validation", title, detail, field=first, index=index, errors=shown,
                   more_errors=more or None)
