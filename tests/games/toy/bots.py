"""Pairs' greedy player: the advisor's first choice."""

from __future__ import annotations

from collections.abc import Sequence

from advisor.games.bots import BaseBot
from tests.games.toy.advice import advise
from tests.games.toy.game import Action
from tests.games.toy.view import View


class GreedyBot(BaseBot):
    name = "greedy"

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return advise(view, legal, budget_ms=0, seed=0).first.action
