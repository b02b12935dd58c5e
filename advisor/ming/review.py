"""Ming Kanhu's exact review (the spec's ``exact_review``, used by
:mod:`advisor.games.review`): every card of a finished 2-player deal is in its record, so
at each decision the duel solver (:class:`advisor.ming.solve.DuelSolver`) gives the
double-dummy truth — the deciding seat's perfect-play margin for the whole deal (the
score so far plus what perfect play still makes; with 2 players the margin is the
settlement, M7) and what the action played gave up against it, in points. The first
decision's search solves most of the deal (a few seconds); a deadline stops it, and the
figures with it (:class:`~advisor.games.review.ExactStopped`).

>>> from advisor.ming.game import Game
>>> exact_review(Game.from_deal(3, 1), None) is None  # max^n with 3 players: no duel truth
True
"""

from __future__ import annotations

from typing import Any

from advisor.games.review import ExactStopped, Judge
from advisor.ming.game import Game
from advisor.ming.solve import (
    DuelSolver,
    Move,
    SearchLimit,
    State,
    action_of,
    after,
    moves,
    state_of,
)


def exact_review(game: Game, deadline: float | None = None) -> Judge | None:
    """The exact judge of a 2-player deal (one solver, its memo kept over the deal, its
    search stopped at ``deadline``, a time of the meters' clock); None for a 3-player
    table."""
    if game.players != 2:
        return None
    solver = DuelSolver(deadline=deadline)

    def judge(g: Any, seat: int, action: Any) -> dict[str, Any] | None:
        state = state_of(g)
        so_far = g.scores[seat] - g.scores[1 - seat]
        move = next((mv for mv in moves(state) if action_of(state, mv) == action), None)
        if move is None:  # a follow's face (beats) as the engine gave it
            move = next((mv for mv in moves(state) if action_of(state, mv).cards ==
                         action.cards), None)
        try:
            best = solver.margin(state)  # two exact searches, not one per legal move
            played = None if move is None else _after(solver, state, move)
        except SearchLimit as why:
            raise ExactStopped(f"{why.message} ({solver.nodes:,} states)") from None
        return {"margin": so_far + best,
                "played_margin": None if played is None else so_far + played,
                "error": None if played is None else max(0, best - played)}

    return judge


def _after(solver: DuelSolver, state: State, move: Move) -> int:
    """The mover's exact margin from ``state`` after ``move`` (the trick's gains, then the
    rest with perfect play)."""
    me = state.to_act
    child, _, gains = after(state, move)
    g = gains[me] - gains[1 - me]
    if child is None:
        return g
    m = solver.margin(child)
    return g + m if child.to_act == me else g - m


__all__ = ["exact_review"]
