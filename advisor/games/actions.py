"""The ACTION of a draw-and-discard game, whatever its cards: what a seat does (``do``),
the card it names (``card``: a discard, a card thrown to go out) and the hand cards it
shows with a discard it takes (``with``). A game subclasses :class:`CardAction` with its
card type, says which actions name a card and which show cards, and reads its ACTIONs
with :func:`read_card_action` — the frame checked here, the cards read by the game.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy(CardAction[str]):
...     WITH = frozenset({"take"})
>>> Toy("take", None, ("a", "b")).to_json()
{'do': 'take', 'with': ['a', 'b']}
>>> read_card_action({"do": "take", "with": ["a"]}, dos=("take", "draw"), card=(),
...                  needs_card=(), with_=("take",), example='{"do": "draw"}')
('take', None, ['a'])
>>> read_card_action({"do": "draw", "card": "a"}, dos=("take", "draw"), card=(),
...                  needs_card=(), with_=("take",), example='{"do": "draw"}')
Traceback (most recent call last):
...
advisor.errors.RecordError: card: unknown field for 'draw'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from advisor.errors import RecordError

C = TypeVar("C")


def _code(c: Any) -> str:
    return c if isinstance(c, str) else str(c.code)


@dataclass(frozen=True)
class CardAction(Generic[C]):
    """An ACTION naming at most a card and the cards shown with it (``with_``)."""

    do: str
    card: C | None = None
    with_: tuple[C, ...] = ()

    WITH: ClassVar[frozenset[str]] = frozenset()  # the actions that show cards ("with")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.do}
        if self.card is not None:
            out["card"] = _code(self.card)
        if self.do in self.WITH:
            out["with"] = [_code(c) for c in self.with_]
        return out

    def __str__(self) -> str:
        if self.do in self.WITH:
            return f"{self.do} with {' '.join(_code(c) for c in self.with_)}"
        return self.do if self.card is None else f"{self.do} {_code(self.card)}"


def read_card_action(obj: object, *, dos: Sequence[str], card: Collection[str],
                     needs_card: Collection[str], with_: Collection[str],
                     example: str) -> tuple[str, str | None, str | list[str] | None]:
    """Check an ACTION's frame — an object, a ``do`` among ``dos``, no field its action
    does not take (``card`` for the actions in ``card``, ``with`` for those in ``with_``),
    a card where ``needs_card`` needs one, cards where ``with_`` needs them — and give
    ``(do, card, with)`` as written (the game reads the cards)."""
    if not isinstance(obj, dict):
        raise RecordError(f"an action must be a JSON object like {example}")
    do = obj.get("do")
    if not isinstance(do, str) or do not in dos:
        raise RecordError(f"do: '{do}' is not one of {', '.join(dos)}", field="do")
    keys = {"card"} if do in card else {"with"} if do in with_ else set()
    unknown = set(obj) - {"do", "seat"} - keys
    if unknown:
        name = sorted(unknown)[0]
        raise RecordError(f"{name}: unknown field for '{do}'", field=name)
    if do in with_:
        shown = obj.get("with")
        if not isinstance(shown, (list, str)) or (
                isinstance(shown, list) and not all(isinstance(c, str) for c in shown)):
            raise RecordError(f"with: '{do}' needs the hand cards shown with the discard",
                              field="with")
        return do, None, shown
    text = obj.get("card")
    if text is None:
        if do in needs_card:
            raise RecordError(f"card: '{do}' needs a card", field="card")
        return do, None, None
    if not isinstance(text, str):
        raise RecordError("card: expected a card code", field="card")
    return do, text, None


__all__ = ["CardAction", "read_card_action"]
