"""Typed errors: one ``ValueError`` subclass per failure kind.

Every error carries a message that names the offending token or field, and
where a rule is involved, its ID from the game's rules page, ``docs/rules/<game>.md``.
"""

from __future__ import annotations

MAX_MESSAGE = 400
"""The longest error message, in characters: a huge bad token is cut, not echoed whole."""
MAX_TOKEN = 80


def cut(text: str, limit: int) -> str:
    """``text``, or its start and how long it was when it is longer than ``limit``.

    >>> cut("x" * 1000, 20)
    'xxxxxxxxxx… (1,000 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]}… ({len(text):,} characters)"


class AdvisorError(ValueError):
    """Base class of every error the library raises on bad input."""

    #: A short machine-readable kind, used by the CLI and the API.
    kind = "invalid-input"

    def __init__(self, message: str, *, field: str | None = None, token: str | None = None) -> None:
        if token is not None and len(token) > MAX_TOKEN:
            message = message.replace(token, cut(token, MAX_TOKEN))  # a huge bad token
        message = cut(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        self.field = field
        self.token = None if token is None else cut(token, MAX_TOKEN)

    def __reduce__(self) -> tuple[object, ...]:
        """An error travels to another process whole (the service's pool): its class, its
        message and every attribute (``field``, ``token``, a ``rule``).

        >>> import pickle
        >>> err = pickle.loads(pickle.dumps(IllegalActionError("R3", "6v was refused",
        ...                                                    field="card")))
        >>> err.message, err.rule, err.field, type(err).__name__
        ('R3: 6v was refused', 'R3', 'card', 'IllegalActionError')
        """
        return (_rebuilt, (type(self), self.message, dict(self.__dict__)))


class CardError(AdvisorError):
    """A token that is not a card: unknown word, rank outside 2–9, ambiguous ``van``."""

    kind = "unknown-card"


class DuplicateCardError(AdvisorError):
    """More than four copies of one face (S1: 25 faces × 4 copies)."""

    kind = "too-many-copies"


class HandSizeError(AdvisorError):
    """A hand, meld set or position with the wrong number of cards."""

    kind = "wrong-card-count"


class MeldError(AdvisorError):
    """An exposed meld that is not a Chắn, a Cạ or a Chíu (§2)."""

    kind = "invalid-meld"


class PositionError(AdvisorError):
    """A position (§8.1) that is malformed: wrong type, unknown field or value."""

    kind = "invalid-position"


class RulesError(AdvisorError):
    """An unknown rules profile or profile option."""

    kind = "unknown-rules"


class IllegalActionError(AdvisorError):
    """An action the rules forbid; ``rule`` is the ID of the first rule it breaks (§5's
    reporting order), e.g. ``R3`` with the message "R3: 6v was refused at move 14"."""

    kind = "illegal-action"

    def __init__(self, rule: str, message: str, *, field: str | None = None,
                 token: str | None = None) -> None:
        super().__init__(f"{rule}: {message}", field=field, token=token)
        self.rule = rule


class RecordError(AdvisorError):
    """A game record that cannot be read: wrong format, bad deal, malformed move."""

    kind = "invalid-record"


class ResultMismatchError(RecordError):
    """A record whose stated ``result`` is not the one its moves reach; ``rule`` is the ID
    of the rule that decides the first field that differs (``§7``, ``K8``, ``Q8`` …), named
    after the field: ``result.points (§7): the record says 6, the moves reach 5``."""

    def __init__(self, field: str, rule: str | None, message: str) -> None:
        named = f"{field} ({rule})" if rule else field
        super().__init__(f"{named}: {message}", field=field)
        self.rule = rule


def _rebuilt(cls: type[AdvisorError], message: str, state: dict[str, object]) -> AdvisorError:
    """An error as :meth:`AdvisorError.__reduce__` sent it."""
    err = cls.__new__(cls)
    ValueError.__init__(err, message)
    err.__dict__.update(state)
    return err
