"""Reading a position's card fields, for every game: each field (the hand, the melds, the
cards seen…) is parsed against what the pack has left once the fields before it are
counted, so a fifth copy is caught whichever field it is in, and every error names its
field.

>>> from advisor.errors import AdvisorError
>>> def parse(text, limit):  # a toy game: cards "a" and "b", one copy each
...     cards = text.split() if isinstance(text, str) else list(text)
...     for c in cards:
...         if c not in "ab":
...             raise AdvisorError(f"unknown card {c!r}", token=c)
...     return cards
>>> fields = CardFields([1, 1], parse, index="ab".index, together="the hand and melds")
>>> fields.take("hand", "a")
['a']
>>> fields.groups("melds", [["x"]], tuple, "melds")
Traceback (most recent call last):
...
advisor.errors.AdvisorError: melds[0]: unknown card 'x'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from advisor.errors import AdvisorError, DuplicateCardError, PositionError

C = TypeVar("C")
G = TypeVar("G")
T = TypeVar("T")


class CardFields(Generic[C]):
    """The card fields of one position, read in order against one pack."""

    def __init__(self, limit: Sequence[int], parse: Callable[[Any, tuple[int, ...]], list[C]],
                 *, index: Callable[[C], int], together: str) -> None:
        self.left = list(limit)
        self.parse = parse  # (text or codes, what is left) → cards; raises AdvisorError
        self.index = index
        self.together = together  # what a fifth copy counts, for its message

    def take(self, name: str, text: object) -> list[C]:
        """The cards of field ``name``, counted out of what is left."""
        if not isinstance(text, (str, list, tuple)) or (
            not isinstance(text, str) and not all(isinstance(t, str) for t in text)
        ):
            raise PositionError(f"{name}: expected a string of cards or a list of card codes",
                                field=name)
        try:
            cards = self.parse(text, tuple(self.left))
        except DuplicateCardError as err:
            raise DuplicateCardError(f"{name}: {err.message}; counting {self.together}",
                                     field=name, token=err.token) from None
        except AdvisorError as err:
            raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None
        for c in cards:
            self.left[self.index(c)] -= 1
        return cards

    def groups(self, name: str, given: object, make: Callable[[list[C]], G],
               what: str) -> list[G]:
        """The groups of list field ``name`` (the melds): each one's cards counted out in
        turn and made into a group by ``make``; errors name ``name[i]``."""
        if not isinstance(given, (list, tuple)):
            raise PositionError(f"{name}: expected a list of {what}", field=name)
        out = []
        for i, text in enumerate(given):
            cards = self.take(f"{name}[{i}]", text)
            out.append(in_field(f"{name}[{i}]", lambda: make(cards)))  # noqa: B023
        return out


def in_field(name: str, make: Callable[[], T]) -> T:
    """``make()``, its errors prefixed with the field they concern (``melds[2]: …``)."""
    try:
        return make()
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def json_fields(obj: object, known: Sequence[str], required: Mapping[str, str],
                what: str = "a position", objects: Sequence[str] = ()) -> Callable[[str, Any], Any]:
    """Check the frame of a JSON object read by the library — an object, no unknown field,
    the ``required`` ones present and not null (each with what it holds, for the message),
    the ``objects`` JSON objects where given — and give ``given(name, default)``: the
    field's value, the default when it is missing or null.

    >>> given = json_fields({"hand": "2v", "seen": None}, ["hand", "seen"], {"hand": "the cards"})
    >>> given("hand", ""), given("seen", [])
    ('2v', [])
    >>> json_fields({"hnad": "2v"}, ["hand"], {})
    Traceback (most recent call last):
    ...
    advisor.errors.PositionError: hnad: unknown field (known: hand)
    >>> json_fields({"options": 3}, ["options"], {}, objects=["options"])
    Traceback (most recent call last):
    ...
    advisor.errors.PositionError: options: expected an object
    """
    if not isinstance(obj, dict):
        raise PositionError(f"{what} must be a JSON object", field="$")
    unknown = sorted(set(obj) - set(known))
    if unknown:
        raise PositionError(f"{unknown[0]}: unknown field (known: {', '.join(known)})",
                            field=unknown[0])
    for name, holds in required.items():
        if obj.get(name) is None:
            raise PositionError(f"{name}: missing ({holds})", field=name)
    for name in objects:
        if obj.get(name) is not None and not isinstance(obj[name], dict):
            raise PositionError(f"{name}: expected an object", field=name)

    def given(name: str, default: Any) -> Any:
        value = obj.get(name)
        return default if value is None else value

    return given


__all__ = ["CardFields", "in_field", "json_fields"]
