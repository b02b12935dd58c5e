"""What a user holds, read once for every game: the JSON object an advice is asked for
is one of three things, told apart by its keys —

* a **record prefix** (``"format"``: the game's record format): the decision pending
  where it stops, read by the game's ``view_at`` (with a ``seat``, the decision must be
  that seat's);
* a **VIEW**, exactly as the engine sends it to a bot (the ``view`` of a ``decide``
  message): it has the keys only a VIEW has (:data:`VIEW_KEYS`), and is read by the
  game's ``View.from_json``;
* a **typed position** (any other object): read by the game's ``view_of_position``.

Whichever it is, the game's spec (:meth:`advisor.games.spec.GameSpec.read`) makes of it
the seat's VIEW and its legal actions, which come from the game's engine (``legal_of``:
the engine is dealt a deal consistent with the VIEW — :func:`deal_hidden` — and asked),
so the rules live in the engine alone. A VIEW that cannot be a seat's view of a deal of
the game — a card the pack cannot hold there, hands that do not add up, a decision that
is not its seat's — is a typed error naming the field.

>>> shape_of({"format": "qing-record/1", "moves": []}), shape_of({"phase": "turn"})
('record', 'view')
>>> shape_of({"hand": "1c 2c"})
'position'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from advisor.errors import PositionError

Shape = Literal["record", "view", "position"]
VIEW_KEYS = ("phase", "to_act")
"""Keys every game's VIEW has (``View.to_json``) and no typed position has: an object
with one of them is read as a VIEW."""


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


__all__ = ["VIEW_KEYS", "Shape", "deal_hidden", "shape_of"]
