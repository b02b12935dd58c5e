"""Qing Kanhu on the compiled core (:mod:`advisor.core`): its twin — how a deal and an
action cross to the core, the state as the core states it, worlds and simulation runs.

The core plays both sixth eyes; with ``extras_replace`` (Q4: the flowers stand for a
boy's cards) the Python engine plays alone (:func:`plays`).

An action's code is its kind's place in :data:`advisor.qing.game.DOS` × 2⁶⁰ + its
argument: a discard's kind, or the cards a take shows, two bits a kind.

>>> from advisor.qing.game import Action, take_action
>>> from advisor.qing.cards import card
>>> action(code(take_action([card("5c"), card("6c")]))) == take_action([card("5c"), card("6c")])
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from advisor.core import CORE
from advisor.games.twin import Played, Twin
from advisor.qing.cards import CARDS, KINDS, codes
from advisor.qing.game import DOS, Action, Game, take_action
from advisor.qing.rules import Rules


def code(a: Action) -> int:
    """The action's code in the core."""
    arg = 0
    if a.card is not None:
        arg = a.card.index
    for c in a.with_:
        arg += 1 << 2 * c.index
    return DOS.index(a.do) << 60 | arg


def action(c: int) -> Action:
    """The action of a code."""
    do, arg = DOS[c >> 60], c & ((1 << 60) - 1)
    if do == "discard":
        return Action("discard", CARDS[arg])
    if do == "take":
        return take_action([CARDS[k] for k in range(KINDS) for _ in range(arg >> 2 * k & 3)])
    return Action(do)


def plays(rules: Rules) -> bool:
    """Whether the core plays these rules (all but ``extras_replace``)."""
    return not rules.extras_replace


def core_of(g: Game) -> Any:
    """The core's deal of a fresh deal of the engine (no move made)."""
    return CORE.QingGame.new([list(s.dealt) for s in g.seats],
                             [c.index for c in g.initial_stock], g.dealer, g.rules.eye6,
                             g.rules.extras_replace)


def hidden(g: Game) -> dict[str, Any]:
    """What no VIEW shows: the stock, top card first."""
    return {"stock": [c.code for c in g.stock]}


def result(g: Game) -> dict[str, Any] | None:
    """The result in the core's shape (the winner's groups are the engine's alone)."""
    r = g.result
    if r is None:
        return None
    return {"winner": r.winner, "how": r.how, "settlement": list(r.settlement)}


def world_of(view: str, seed: int, w: int) -> Any:
    """A world of the core dealt from a VIEW's JSON (world ``w`` of ``seed``)."""
    return CORE.QingGame.from_view(view, seed % 2**64, w)


def view_of(view: Any) -> Any:
    """The core's reading of a VIEW (or of its JSON), to deal worlds from it."""
    return CORE.QingView(view if isinstance(view, str) else json.dumps(view.to_json()))


def simulate(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
             keep_moves: bool, eye6: str = "culin", extras_replace: bool = False,
             rules: Rules | None = None) -> list[Played] | None:
    """A simulation run on the core, dealt as :func:`advisor.qing.simulate.games_of` deals
    it; None under ``extras_replace`` (the Python run plays it)."""
    rules = rules or Rules(eye6, bool(extras_replace))
    if not plays(rules):
        return None
    played: list[Played] = CORE.qing_simulate(str(seed), first, games, duplicate, rules.eye6,
                                              rules.extras_replace, list(specs), keep_moves)
    return played


TWIN: Twin[Game, Action] = Twin("qing", core_of, code, action, hidden, result,
                                lambda g: g.players, world_of, view_of, {}, simulate)


__all__ = ["TWIN", "action", "code", "codes", "core_of", "hidden", "plays", "result",
           "simulate", "view_of", "world_of"]
