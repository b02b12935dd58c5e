"""A game's Python engine beside its compiled twin (:mod:`advisor.core`): how the two meet,
and the lockstep that shows they agree.

A game that has a core declares a :class:`Twin`: how a fresh deal of its engine becomes the
core's deal, how an action becomes the core's code and back, and the state as the core's
``state_json`` states it — every seat's VIEW (the engine's own ``view(seat).to_json()``),
what no VIEW shows (the stock …) and the result. :func:`lockstep` then plays the engine and
the core side by side, and at every position compares the state, the legal actions and,
where asked, the ``greedy`` and ``greedy+`` choices; the first difference is a
:class:`TwinMismatch` naming the move and what differs. The parity tests
(``tests/core/``) and ``benchmarks/core_parity.py`` are written once against it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Generic, TypeVar

from advisor.games.bots import Bot

G = TypeVar("G")
A = TypeVar("A")


class TwinMismatch(AssertionError):
    """The engine and the core disagree: the message says at which move, and on what."""


CORE_SEATS = frozenset({"random", "greedy", "greedy+"})
"""The seat specs the core plays itself in a simulation run."""

Played = tuple[int, int, list[tuple[int, bool, int]], int | None, int, int, list[int], str]
"""One game of a run on the core: (deal, rotation, each seat's (payment, won, deal score),
the winner, moves, bot decisions, the moves' codes when kept, how it ended in the words
of the game's own tallies — :attr:`advisor.games.spec.Run.label`)."""

Choose = Callable[[Any, Sequence[Any]], Any]
"""Who plays the Python engine in a lockstep: ``choose(game, legal)`` → one of ``legal``."""


@dataclass(frozen=True)
class Twin(Generic[G, A]):
    """A game's engine and its core, as they meet (see the module's docstring)."""

    name: str
    core_of: Callable[[G], Any]  # a fresh deal (no move made) → the core's deal
    code: Callable[[A], int]  # an action → its code in the core
    action: Callable[[int], A]  # a code → the action
    hidden: Callable[[G], Mapping[str, Any]]  # what no VIEW shows, in the core's shape
    result: Callable[[G], Any]  # the result, in the core's shape (None while in play)
    seats: Callable[[G], int]  # the deal's number of seats
    # A world of the core dealt from a VIEW (its JSON): ``world_of(view_json, seed, w)``.
    world_of: Callable[[str, int, int], Any]
    # The core's reading of a VIEW (its JSON), to judge actions in worlds dealt from it:
    # ``view_of(view_json).playouts(codes, first, worlds, seed, policies)`` → per world, per
    # action, (won, the seat's settlement, moves).
    view_of: Callable[[str], Any]
    # The game's own players of the core beside random/greedy/greedy+, each with the
    # Python player it must agree with: name → (game, legal) → the action.
    players: Mapping[str, Choose] = field(default_factory=dict)
    # A simulation run on the core, every seat a builtin player (:data:`CORE_SEATS`):
    # ``simulate(specs, games=, seed=, duplicate=, first=, keep_moves=, **options)`` → the
    # games played, in the order the Python run plays them; None when the core does not
    # play that table (an option it does not know), so the Python engines play it.
    simulate: Callable[..., list[Played] | None] | None = None

    def state(self, g: G) -> dict[str, Any]:
        """The engine's state in the shape of the core's ``state_json``."""
        views = [g.view(s).to_json() for s in range(self.seats(g))]  # type: ignore[attr-defined]
        return {"views": views, **self.hidden(g), "result": self.result(g)}



def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    """Where two JSON values first differ (a path and both values), or None.

    >>> first_difference({"x": [1, 2]}, {"x": [1, 3]})
    'x[1]: 2 ≠ 3'
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{where}.{k}: only in {'the engine' if k in a else 'the core'}" \
                    .lstrip(".")
            d = first_difference(a[k], b[k], f"{where}.{k}" if where else str(k))
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items ≠ {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{where}[{i}]")
            if d:
                return d
        return None
    if a != b or isinstance(a, bool) != isinstance(b, bool):
        return f"{where}: {json.dumps(a, ensure_ascii=False)} ≠ {json.dumps(b, ensure_ascii=False)}"
    return None


def compare(twin: Twin[G, A], g: G, core: Any, move: int) -> None:
    """Raise :class:`TwinMismatch` unless the engine and the core are in the same state."""
    diff = first_difference(twin.state(g), json.loads(core.state_json()))
    if diff:
        raise TwinMismatch(f"{twin.name}, after move {move}: the state differs at {diff}")


@dataclass
class Tally:
    """What a lockstep compared: positions (decisions pending), moves, and choices."""

    positions: int = 0
    moves: int = 0
    choices: int = 0


def lockstep(twin: Twin[G, A], g: G, choose: Choose, *,
             players: Mapping[str, Choose] | None = None, every_state: bool = True) -> Tally:
    """Play the fresh deal ``g`` to its end in the engine and, move for move, in the core;
    ``choose(game, legal)`` picks each move. At every position compare the legal actions
    (the same, in the same order), the state (after every move with ``every_state``, else
    at the end), and at every decision (more than one legal action) the choice of each of
    ``players`` (name → the Python player; the core's player of that name must choose
    the same)."""
    core = twin.core_of(g)
    tally = Tally()
    if every_state:
        compare(twin, g, core, 0)
    while (d := g.pending) is not None:  # type: ignore[attr-defined]
        legal = g.legal_actions()  # type: ignore[attr-defined]
        codes = [twin.code(a) for a in legal]
        theirs = list(core.legal())
        tally.positions += 1
        if codes != theirs:
            raise TwinMismatch(
                f"{twin.name}, move {tally.moves + 1} (seat {d.seat}, {d.phase}): legal actions "
                f"differ: engine {[str(a) for a in legal]}, core "
                f"{[str(twin.action(c)) for c in theirs]}")
        if core.to_act() != d.seat:
            raise TwinMismatch(f"{twin.name}, move {tally.moves + 1}: seat {d.seat} to act, "
                               f"the core says {core.to_act()}")
        if players and len(legal) > 1:
            for name, player in players.items():
                mine = player(g, legal)
                theirs_choice = core.choose(name)
                tally.choices += 1
                if twin.code(mine) != theirs_choice:
                    raise TwinMismatch(
                        f"{twin.name}, move {tally.moves + 1} (seat {d.seat}, {d.phase}): "
                        f"{name} plays {mine} in the engine, {twin.action(theirs_choice)} "
                        "in the core")
        action = choose(g, legal)
        g.act(d.seat, action)  # type: ignore[attr-defined]
        core.act(twin.code(action))
        tally.moves += 1
        if every_state:
            compare(twin, g, core, tally.moves)
    if core.to_act() is not None:
        raise TwinMismatch(f"{twin.name}: the engine's deal is over, the core's is not")
    compare(twin, g, core, tally.moves)
    return tally


def bot_choice(bot: Bot) -> Choose:
    """A Python bot as a chooser: it decides on the VIEW of the seat to act (forced moves
    are played without asking it)."""

    def choose(g: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        seat = g.pending.seat
        bot.start(seat, None)
        return bot.decide(g.view(seat), legal)

    return choose


def players_of(spec: Any) -> dict[str, Choose]:
    """Every player of the core a game has, as the Python player it must agree with:
    ``greedy``, ``greedy+`` and the twin's own."""
    out = {"greedy": bot_choice(spec.greedy(0))}
    if spec.strong is not None:
        out["greedy+"] = bot_choice(spec.strong(0))
    out.update(spec.twin.players)
    return out


def parity(spec: Any, players: int, seed: int, by: str, *, every_state: bool = False,
           deal: Callable[[int, int], Any] | None = None) -> Tally:
    """One deal of ``spec`` (``deal(players, seed)``, default the game's own deal) played
    in lockstep by the engine and the core (:func:`lockstep`), every seat playing ``by``
    (``random``: uniform, from ``random.Random(seed)``; or a player of
    :func:`players_of`), every player of :func:`players_of` asked at every decision."""
    g = (deal or spec.deal)(players, seed)
    every = players_of(spec)
    rng = random.Random(seed)
    choose: Choose = every[by] if by != "random" else lambda game, legal: rng.choice(legal)
    return lockstep(spec.twin, g, choose, players=every, every_state=every_state)


def world_parity(spec: Any, view: Any, seed: int) -> None:
    """A world the core deals from ``view`` shows the seat what a world the engine deals
    from it shows (``advisor.<game>.game.world``: the VIEW itself, but for what a game's
    worlds leave out — Ming's keep no finished trick), and poses the decision with the
    engine's legal actions (``spec.legal_of``); raise :class:`TwinMismatch` naming the
    difference."""
    twin = spec.twin
    text = json.dumps(view.to_json())
    w = twin.world_of(text, seed, 0)
    python_world = import_module(f"advisor.{spec.name}.game").world(view)
    mine = python_world.view(view.seat).to_json()
    diff = first_difference(mine, json.loads(w.view_json(view.seat)))
    if diff:
        raise TwinMismatch(f"{twin.name}: a world of the core shows the seat another VIEW, "
                           f"at {diff}")
    legal = [twin.code(a) for a in spec.legal_of(view)]
    if list(w.legal()) != legal:
        raise TwinMismatch(f"{twin.name}: a world of the core poses other legal actions: "
                           f"{[str(twin.action(c)) for c in w.legal()]}, the engine "
                           f"{[str(a) for a in spec.legal_of(view)]}")


__all__ = ["CORE_SEATS", "Choose", "Played", "Tally", "Twin", "TwinMismatch", "bot_choice",
           "compare", "first_difference", "lockstep", "parity", "players_of", "world_parity"]
