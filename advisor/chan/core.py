"""Chắn on the compiled core (:mod:`advisor.core`): its twin (how a deal and an action
cross to the core, and the state as the core states it), playouts of a VIEW's actions,
and simulation runs with builtin players.

An action's code is its kind's place in :data:`advisor.chan.game.DOS` × 32 + its card's
index (31: no card).

>>> from advisor.chan.game import Action
>>> from advisor.chan.cards import parse_face
>>> code(Action("eat", parse_face("3s"))), action(code(Action("pass")))
(68, Action(do='pass', card=None))
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from advisor.chan.cards import FACES
from advisor.chan.game import DOS, SEATS, Action, Game
from advisor.chan.lookahead import static_choice, unseen_in_game
from advisor.chan.view import View
from advisor.core import CORE
from advisor.games.twin import Played, Twin

NO_CARD = 31


def code(a: Action) -> int:
    """The action's code in the core."""
    return DOS.index(a.do) * 32 + (a.card.index if a.card is not None else NO_CARD)


def action(c: int) -> Action:
    """The action of a code."""
    card = c % 32
    return Action(DOS[c // 32], None if card == NO_CARD else FACES[card])


def core_of(g: Game) -> Any:
    """The core's deal of a fresh deal of the engine (no move made)."""
    return CORE.ChanGame.new([list(s.dealt) for s in g.seats],
                             [f.index for f in g.initial_stock], g.dealer, g.rules,
                             list(g.options.items()))


def hidden(g: Game) -> dict[str, Any]:
    """What no VIEW shows: the stock (top card first) and the claims still to ask."""
    return {"stock": [f.code for f in g.stock], "claims": [[s, k] for s, k in g.claims]}


def result(g: Game) -> dict[str, Any] | None:
    """The result in the core's shape."""
    r = g.result
    if r is None:
        return None
    return {"winner": r.winner, "win_by": r.win_by,
            "winning_card": r.winning_card.code if r.winning_card else None,
            "points": r.points, "payments": list(r.payments),
            "bonuses": [[b.code, b.count] for b in r.score.bonuses] if r.score else []}


def simulate(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
             keep_moves: bool, rules: str = "house") -> list[Played]:
    """A simulation run on the core, dealt and played as :mod:`advisor.chan.simulate`
    deals and the builtin bots play it (``random`` seats reseeded per game as
    :func:`advisor.games.simulate.run` reseeds them)."""
    played: list[Played] = CORE.chan_simulate(str(seed), first, games, duplicate, rules,
                                              list(specs), keep_moves)
    return played


def world_of(view: str, seed: int, w: int) -> Any:
    """A world of the core dealt from a VIEW's JSON (world ``w`` of ``seed``)."""
    return CORE.ChanGame.from_view(view, seed % 2**64, w)


def static(g: Game, legal: Sequence[Action]) -> Action:
    """The static ranking's choice (:func:`advisor.chan.lookahead.static_choice`), the
    core's ``static`` player."""
    seat = g.pending.seat if g.pending else 0
    offered = g.offer.card if g.offer is not None else None
    return static_choice(g.seats[seat], legal, offered, unseen_in_game(g, seat))



def view_of(view: View | str, belief: Any = None) -> Any:
    """The core's reading of a VIEW (or of its JSON), to deal worlds from it: uniformly,
    or from a ``belief`` about the other hands (:func:`advisor.chan.belief.tables`)."""
    if belief is None:
        return CORE.ChanView(view if isinstance(view, str) else json.dumps(view.to_json()))
    data = json.loads(view) if isinstance(view, str) else view.to_json()
    return CORE.ChanView(json.dumps({**data, "belief": belief}))


def playouts(view: Any, actions: Sequence[Action], first: int, worlds: int, seed: int,
             policies: Sequence[str], threads: int = 1) -> list[tuple[bool, int, int]]:
    """The samples of ``actions`` in worlds ``first`` … of the core's ``view``
    (:func:`view_of`), world by world: (won, the seat's settlement, moves played)."""
    out: list[tuple[bool, int, int]] = view.playouts([code(a) for a in actions], first,
                                                     worlds, seed, list(policies), threads)
    return out


TWIN: Twin[Game, Action] = Twin("chan", core_of, code, action, hidden, result,
                                lambda g: SEATS, world_of, view_of, {"static": static},
                                simulate)


__all__ = ["NO_CARD", "TWIN", "action", "code", "core_of", "hidden", "playouts", "result",
           "simulate", "view_of"]
