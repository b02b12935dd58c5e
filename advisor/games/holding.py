"""What a user holds, read once for every game: the JSON object an advice is asked for
is one of three things, told apart by its keys —

* a **record prefix** (``"format"``: the game's record format): the decision pending
  where it stops, read by the game's ``view_at`` (with a ``seat``, the decision must be
  that seat's);
* a **VIEW**, exactly as the engine sends it to a bot (the ``view`` of a ``decide``
  message): it has the keys only a VIEW has (:data:`VIEW_KEYS`), and is read by the
  game's ``View.from_json``;
* a **typed position** (any other object): read by the game's ``view_of_position``.

Whichever it is, the result is the seat's VIEW and its legal actions, which come from
the game's engine (``legal_of``: the engine is dealt a deal consistent with the VIEW
and asked), so the rules live in the engine alone. A VIEW that cannot be a seat's view
of a deal of the game — a card the pack cannot hold there, hands that do not add up, a
decision that is not its seat's — is a typed error naming the field.

>>> shape_of({"format": "qing-record/1", "moves": []}), shape_of({"phase": "turn"})
('record', 'view')
>>> shape_of({"hand": "1c 2c"})
'position'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from advisor.errors import PositionError
from advisor.games.records import record_view

Shape = Literal["record", "view", "position"]
VIEW_KEYS = ("phase", "to_act")
"""Keys every game's VIEW has (``View.to_json``) and no typed position has: an object
with one of them is read as a VIEW."""


class SeatView(Protocol):
    """A VIEW: whose it is, and whose decision is pending."""

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int: ...


V = TypeVar("V", bound=SeatView)
A = TypeVar("A")


def shape_of(obj: object) -> Shape:
    """Which of the three an advice's object is (its fields are checked later, by the
    game): ``record`` (it has ``format``), ``view`` (it has a key of
    :data:`VIEW_KEYS`) or ``position``."""
    if isinstance(obj, dict):
        if "format" in obj:
            return "record"
        if any(k in obj for k in VIEW_KEYS):
            return "view"
    return "position"


@dataclass(frozen=True)
class Holding(Generic[V, A]):
    """How one game reads what a user holds: its record format, the deal a record holds
    and its actions' reader (a record prefix is replayed by
    :func:`advisor.games.records.record_view`), its VIEW's reader, its typed position's
    reader (``view_of_position``) and its legal actions from the engine (``legal_of``)."""

    record_format: str
    from_record: Callable[[object], Any]
    read_action: Callable[[object], A]
    read_view: Callable[[object], V]
    view_of_position: Callable[[object], V]
    legal_of: Callable[[V], list[A]]
    play_recorded: Callable[[Any, int, A], None] | None = None

    def view_at(self, rec: object, seat: int | None = None) -> tuple[V, list[A]]:
        """The VIEW and legal actions where a record prefix stops (with ``seat``, the
        decision must be that seat's)."""
        view, legal = record_view(rec, seat, deal=self.from_record, parse=self.read_action,
                                  apply=self.play_recorded)
        return view, legal

    def read(self, obj: object, seat: int | None = None) -> tuple[V, list[A]]:
        """The VIEW and the legal actions of the decision ``obj`` poses (see the module's
        docstring); with ``seat``, the decision must be that seat's."""
        if not isinstance(obj, dict):
            raise PositionError("expected a JSON object: a VIEW, a position or a record "
                                "prefix", field="$")
        shape = shape_of(obj)
        if shape == "record":
            if obj["format"] != self.record_format:
                raise PositionError(f"format: expected '{self.record_format}', not "
                                    f"{obj['format']!r}", field="format")
            return self.view_at(obj, seat)
        view = self.read_view(obj) if shape == "view" else self.view_of_position(obj)
        if view.to_act != view.seat:
            raise PositionError(f"to_act: it is seat {view.to_act}'s decision, not seat "
                                f"{view.seat}'s", field="to_act")
        if seat is not None and seat != view.seat:
            raise PositionError(f"seat: the VIEW is seat {view.seat}'s, not seat {seat}'s",
                                field="seat")
        legal = self.legal_of(view)
        if not legal:
            raise PositionError("phase: the VIEW has no decision pending", field="phase")
        return view, legal


def deal_hidden(unseen: Sequence[int], sizes: Sequence[int], rng: random.Random | None = None,
                *, field: str = "table", partial: bool = False
                ) -> tuple[list[list[int]], list[int]]:
    """Deal the copies the seat has not seen (``unseen``, per kind) to places of the given
    ``sizes`` (the other hands, the stock…), in kind order or shuffled by ``rng``: the
    kinds of each place, and those left over (out of play: what a typed position did not
    say). Too few unseen cards is a :class:`PositionError` on ``field`` — unless
    ``partial`` (a position typed by a player, which may say more than a pack holds: the
    places are filled as far as the cards go).

    >>> deal_hidden([2, 1, 1], [1, 2])
    ([[0], [0, 1]], [2])
    """
    pool = [k for k, n in enumerate(unseen) for _ in range(max(n, 0))]
    if rng is not None:
        rng.shuffle(pool)
    if len(pool) < sum(sizes) and not partial:
        raise PositionError(f"{field}: the VIEW does not add up: {len(pool)} cards unseen, but "
                            f"the hidden hands and the stock hold {sum(sizes)}", field=field)
    places, pos = [], 0
    for n in sizes:
        places.append(pool[pos : pos + n])
        pos += n
    return places, pool[pos:]


__all__ = ["VIEW_KEYS", "Holding", "SeatView", "Shape", "deal_hidden", "shape_of"]
