"""Pairs' advisor: every discard ranked by what the hand kept is worth — its pairs' score
(X4), and for each single whose mate is not among the discards, a share of what the
pair would score. Exact and quick: the budget and the seed change nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from advisor.errors import PositionError
from advisor.games.answer import Answer, Judged, Ranked, Work
from tests.games.toy.cards import rank, score
from tests.games.toy.game import Action
from tests.games.toy.view import View


def legal_of(view: View) -> list[Action]:
    """The legal actions of the seat whose VIEW this is; it must be its turn."""
    if view.phase == "over" or view.seat != view.to_act:
        raise PositionError(f"seat: it is not seat {view.seat}'s turn", field="seat")
    return [Action("draw")] if view.phase == "draw" else \
        [Action("discard", c) for c in view.hand]


def worth(kept: tuple[str, ...], pile: tuple[str, ...]) -> float:
    ranks = [rank(c) for c in kept]
    open_mates = [r for r in ranks if ranks.count(r) == 1
                  and sum(rank(c) == r for c in pile) == 0]
    return score(kept) + sum(open_mates) / 4


@dataclass(frozen=True)
class Option:
    action: Action
    value: float


@dataclass(frozen=True)
class Advice(Ranked[Option]):
    """Every legal action with the worth of the hand it keeps, stated as its expected
    settlement (the game's own answer shape, as every game's)."""

    budget_ms: float = 0.0
    seed: int = 0

    def answer(self) -> Answer:
        acts = tuple(Judged(o.action.to_json(), o.action.do if o.action.card is None
                            else f"{o.action.do} {o.action.card}", "heuristic",
                            expected=o.value) for o in self.options)
        return Answer("toy", self.seat, "expected", acts, "heuristic",
                      Work("actions", len(acts), len(acts)), 0.0, self.budget_ms, self.seed)



def advise(view: View, legal: Sequence[Action], *, budget_ms: float, seed: int,
           limit_ms: float | None = None) -> Advice:
    """Every legal action ranked by what it leaves: counted work of one judgement each,
    whatever the budget or the time limit."""

    def value(a: Action) -> float:
        if a.card is None:
            return 0.0
        return worth(tuple(c for c in view.hand if c != a.card), view.pile)

    ranked = sorted(legal, key=lambda a: -value(a))  # stable: ties keep the legal order
    return Advice(view.seat, view.phase, tuple(Option(a, value(a)) for a in ranked),
                  budget_ms, seed)
