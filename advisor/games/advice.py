"""What every game's advisor shares: how it is called (:class:`Advisor`), what it answers
(:class:`Advice`: the action it advises first, and its JSON), and the advisor as a
player (:class:`AdvisorBot`, the seat spec ``advisor`` / ``advisor:BUDGET_MS``).

Budgets are milliseconds in every game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from advisor.errors import AdvisorError
from advisor.games.bots import BaseBot


@dataclass(frozen=True)
class Budget:
    """What an advisor may spend on one decision, in every game: ``ms`` milliseconds (the
    unit of every budget), and the ``seed`` of whatever it samples. A game's advisor may
    extend it with settings of its own (Khanhoo's ``Budget``).

    >>> Budget(250).seconds
    0.25
    """

    ms: float = 100.0
    seed: int = 0

    @property
    def seconds(self) -> float:
        return self.ms / 1000


class Advice(Protocol):
    """An advisor's answer for one decision."""

    @property
    def best(self) -> Any: ...  # the action advised first: one of the legal actions

    def to_json(self) -> dict[str, Any]: ...


class Advisor(Protocol):
    """``advise(view, legal, budget_ms=…, seed=…)``: every legal action of the seat whose
    VIEW this is, ranked, within ``budget_ms`` milliseconds, reproducible for ``seed``."""

    def __call__(self, view: Any, legal: Sequence[Any], *, budget_ms: float,
                 seed: int) -> Advice: ...


class AdvisorBot(BaseBot):
    """The advisor as a player: its first choice at every decision, each decision with a
    seed drawn from the bot's own stream ``rng`` (started afresh at every game of a
    simulation run: :meth:`reseed`); the time of each decision is kept
    (``latencies``, seconds) for the simulator's summary."""

    def __init__(self, advise: Advisor, budget_ms: float, seed: int = 0,
                 name: str = "advisor") -> None:
        self.advise = advise
        self.budget_ms = budget_ms
        self.name = name
        self.rng = random.Random(seed)
        self.latencies: list[float] = []

    def reseed(self, seed: str) -> None:
        self.rng.seed(seed)

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        started = time.perf_counter()
        advice = self.advise(view, legal, budget_ms=self.budget_ms,
                             seed=self.rng.randrange(2**31))
        self.latencies.append(time.perf_counter() - started)
        return advice.best


def advisor_factory(advise: Advisor, default_ms: float,
                    max_ms: float) -> Callable[[str, int | None], AdvisorBot]:
    """The seat spec ``advisor`` (``default_ms``) or ``advisor:BUDGET_MS`` (0 < ms ≤
    ``max_ms``) of a game whose advisor is ``advise``."""

    def factory(argument: str, seed: int | None) -> AdvisorBot:
        try:
            ms = float(argument) if argument else default_ms
        except ValueError:
            ms = -1.0
        if not 0 < ms <= max_ms:
            spec = f"advisor:{argument}"
            raise AdvisorError(f"'{spec}': the budget is milliseconds, 0 < ms ≤ {max_ms:g}",
                               field="seats", token=spec)
        return AdvisorBot(advise, ms, seed or 0, name=f"advisor:{ms:g}")

    return factory


__all__ = ["Advice", "Advisor", "AdvisorBot", "Budget", "advisor_factory"]
