"""Khanhoo on the compiled core (:mod:`advisor.core`): its twin — how a deal and an action
cross to the core, the state as the core states it, worlds and simulation runs.

The core plays every pack, option, orphan and turn limit of the Python engine
(:func:`plays` says yes to every rules); what it does not know is the Python engine's
alone: the reasons an action is illegal, records, the combinations a result lists.

An action's code is its kind's place in :data:`advisor.khanhoo.game.DOS` × 2⁶⁰ + its
argument: a card's index + 1 (0 for none: a Quartette by cache claims the discard), or
the hand cards a take or a bump lays, five bits a card (index + 1), lowest first.

>>> from advisor.khanhoo.game import claim_action
>>> from advisor.khanhoo.cards import card
>>> a = claim_action("bump", [card("7d"), card("Jk")])
>>> action(code(a)) == a
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.core import CORE
from advisor.games.twin import Played, Twin
from advisor.khanhoo import melds
from advisor.khanhoo.cards import CARDS, Card, Counts
from advisor.khanhoo.game import DOS, MAX_TURNS, Action, Game, claim_action, table_rules
from advisor.khanhoo.rules import Rules

_ARG = (1 << 60) - 1


def code(a: Action) -> int:
    """The action's code in the core."""
    arg = 0
    if a.card is not None:
        arg = a.card.index + 1
    for i, c in enumerate(a.with_):
        arg |= (c.index + 1) << 5 * i
    return DOS.index(a.do) << 60 | arg


def action(c: int) -> Action:
    """The action of a code."""
    do, arg = DOS[c >> 60], c & _ARG
    if do in ("take", "bump"):
        cards = []
        while arg & 31:
            cards.append(CARDS[(arg & 31) - 1])
            arg >>= 5
        return claim_action(do, cards)
    if do in ("discard", "out", "cache", "quartette"):
        return Action(do, CARDS[arg - 1] if arg else None)
    return Action(do)


def plays(rules: Rules) -> bool:
    """Whether the core plays these rules: every pack and option the engine knows."""
    return isinstance(rules, Rules)


def core_of(g: Game) -> Any:
    """The core's deal of a fresh deal of the engine (no move made)."""
    r = g.rules
    return CORE.KhanhooGame.new([list(s.dealt) for s in g.seats],
                                [c.index for c in g.initial_stock], g.dealer, r.sets,
                                r.jokers, list(r.options), g.orphan, g.max_turns)


def hidden(g: Game) -> dict[str, Any]:
    """What no VIEW shows: the stock, top card first."""
    return {"stock": [c.code for c in g.stock]}


def result(g: Game) -> dict[str, Any] | None:
    """The result in the core's shape (the combinations declared are the engine's alone)."""
    r = g.result
    if r is None:
        return None
    return {"winner": r.winner, "by": r.by, "points": r.points, "scores": list(r.scores),
            "settlement": list(r.settlement),
            "discard": r.discard.code if r.discard is not None else None}


def world_of(view: str, seed: int, w: int) -> Any:
    """A world of the core dealt from a VIEW's JSON (world ``w`` of ``seed``)."""
    return CORE.KhanhooGame.from_view(view, seed % 2**64, w)


def view_of(view: Any) -> Any:
    """The core's reading of a VIEW (or of its JSON), to deal worlds from it."""
    return CORE.KhanhooView(view if isinstance(view, str) else json.dumps(view.to_json()))


def run_rules(players: int, *, rules: Rules | None = None, variation: bool = False,
              sets: int | None = None, jokers: int | None = None, **options: bool) -> Rules:
    """The rules of a run as :func:`advisor.khanhoo.simulate.start` chooses them."""
    if rules is not None:
        return rules
    chosen = {name: True for name, on in options.items() if on}
    found = table_rules(players, variation=variation, **chosen)
    if sets is not None or jokers is not None:
        found = Rules.build(sets if sets is not None else found.sets,
                            jokers if jokers is not None else found.jokers, chosen)
    return found


def simulate(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
             keep_moves: bool, orphan: bool = False, max_turns: int = MAX_TURNS,
             **options: Any) -> list[Played] | None:
    """A simulation run on the core, dealt as :func:`advisor.khanhoo.simulate.games_of`
    deals it."""
    rules = run_rules(len(specs), **options)
    if not plays(rules):
        return None
    played: list[Played] = CORE.khanhoo_simulate(
        str(seed), first, games, duplicate, rules.sets, rules.jokers, list(rules.options),
        bool(orphan), max_turns, list(specs), keep_moves)
    return played


@dataclass(frozen=True)
class Points:
    """A declaration as the core states it: its points alone (what the advice reads)."""

    points: int


class FastSolver:
    """The solver's questions (:mod:`advisor.khanhoo.melds`) answered by the core, the same
    answers for the same hands: the advice's judge asks these (:class:`advisor.khanhoo.
    advice.Judge`). A hand too large for its target raises as the Python solver does (it
    is asked of the Python solver, which names the error)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._core = CORE.KhanhooSolver(rules.sets, rules.jokers, list(rules.options))

    def best(self, hand: Counts, spare: bool) -> Points | None:
        points = self._core.best(hand, spare)
        return None if points is None else Points(points)

    def kept(self, hand: Counts, caps: Counts, target: int, floor: int = -1) -> int:
        found: int = self._core.kept(hand, caps, target, floor)
        return found

    def distance(self, hand: Counts, target: int, own: Counts) -> int | None:
        if target in (1, 2) or target < 0:
            return None
        if sum(hand) > target + 1 or target > melds.NMAX:
            return melds.distance(hand, self.rules, target, own)  # raises HandSizeError
        found: int | None = self._core.distance(hand, target, own)
        return found

    def useful_cards(self, hand: Counts, target: int, own: Counts,
                     within: Counts | None = None) -> list[Card]:
        if sum(hand) > target:
            return melds.useful_cards(hand, self.rules, target, own)  # raises HandSizeError
        return [CARDS[i] for i in self._core.useful(hand, target, own, within)]


def fast_solver(rules: Rules) -> FastSolver | None:
    """The core's solver of these rules, or None when the core does not run."""
    return FastSolver(rules) if CORE is not None and plays(rules) else None


TWIN: Twin[Game, Action] = Twin("khanhoo", core_of, code, action, hidden, result,
                                lambda g: g.players, world_of, view_of, {}, simulate)


__all__ = ["TWIN", "FastSolver", "Points", "action", "code", "core_of", "fast_solver", "hidden",
           "plays", "result", "run_rules", "simulate", "view_of", "world_of"]
