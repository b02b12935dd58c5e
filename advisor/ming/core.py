"""Ming Kanhu on the compiled core (:mod:`advisor.core`): its twin — how a deal and an
action cross to the core, the state as the core states it, worlds and simulation runs —
and the advisor's judged worlds and exact solvers there.

An action's code is its cards (a bitmask); a follow's has 2⁶⁰ added, a Leopard 9 led
2³² declared a Leopard, 2³³ a Special.

>>> from advisor.ming.cards import mask_of, parse_cards
>>> a = Action("lead", mask_of(parse_cards("9c 9s 9m")), "leopard")
>>> action(code(a)) == a, code(Action("follow", 1)) == 1 << 60 | 1
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from advisor.core import CORE
from advisor.games.twin import Played, Twin
from advisor.ming.cards import codes
from advisor.ming.game import Action, Game

_DECLARE = {None: 0, "leopard": 1 << 32, "special": 1 << 33}


def code(a: Action) -> int:
    """The action's code in the core."""
    if a.do == "follow":
        return 1 << 60 | a.cards
    return _DECLARE[a.declare] | a.cards


def action(c: int) -> Action:
    """The action of a code (a follow's ``beats`` left for the engine to say)."""
    cards = c & (1 << 30) - 1
    if c >> 60:
        return Action("follow", cards)
    declare = {1: "leopard", 2: "special"}.get(c >> 32)
    return Action("lead", cards, declare)  # type: ignore[arg-type]


def core_of(g: Game) -> Any:
    """The core's deal of a fresh deal of the engine (no move made)."""
    return CORE.MingGame.new(list(g.dealt), g.stock, g.dealer)


def hidden(g: Game) -> dict[str, Any]:
    """What no VIEW shows: the unused stock."""
    return {"stock": codes(g.stock)}


def result(g: Game) -> dict[str, Any] | None:
    """The result in the core's shape."""
    r = g.result
    if r is None:
        return None
    return {"winner": r.winner, "scores": list(r.scores), "settlement": list(r.settlement),
            "captured": list(r.captured), "bonuses": list(r.bonuses),
            "tricks": list(r.tricks)}


def world_of(view: str, seed: int, w: int) -> Any:
    """A world of the core dealt from a VIEW's JSON (world ``w`` of ``seed``)."""
    return CORE.MingGame.from_view(view, seed % 2**64, w)


def view_of(view: Any) -> Any:
    """The core's reading of a VIEW (or of its JSON), to deal worlds from it."""
    return CORE.MingView(view if isinstance(view, str) else json.dumps(view.to_json()))


def simulate(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
             keep_moves: bool) -> list[Played]:
    """A simulation run on the core, dealt as :func:`advisor.ming.simulate.games_of` deals
    it; each game's label is its seats' tricks, then their bonuses (``"t0 t1 b0 b1"``)."""
    played: list[Played] = CORE.ming_simulate(str(seed), first, games, duplicate,
                                              list(specs), keep_moves)
    return played


TWIN: Twin[Game, Action] = Twin("ming", core_of, code, action, hidden, result,
                                lambda g: g.players, world_of, view_of, {}, simulate)


__all__ = ["TWIN", "action", "code", "core_of", "hidden", "result", "simulate", "view_of",
           "world_of"]
