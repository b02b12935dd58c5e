"""What every game's advisor shares: how it is called (:class:`Advisor`), what it answers
(:class:`Advice`: the action it advises first, and its JSON), and the advisor as a
player (:class:`AdvisorBot`, the seat spec ``advisor`` / ``advisor:BUDGET_MS``).

Budgets are milliseconds in every game, each buying counted work
(:mod:`advisor.games.budget`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from advisor.errors import AdvisorError
from advisor.games.bots import (
    DEFAULT_TIME_LIMIT,
    BaseBot,
    Bot,
    BotFactory,
    make_bot,
    no_argument,
)
from advisor.games.budget import Budget


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


def advisor_factory(advise: Advisor, default_ms: float, max_ms: float,
                    name: str = "advisor") -> Callable[[str, int | None], AdvisorBot]:
    """The seat spec ``advisor`` (``default_ms``) or ``advisor:BUDGET_MS`` (0 < ms ≤
    ``max_ms``) of a game whose advisor is ``advise`` (``name``: the spec's name)."""

    def factory(argument: str, seed: int | None) -> AdvisorBot:
        try:
            ms = float(argument) if argument else default_ms
        except ValueError:
            ms = -1.0
        if not 0 < ms <= max_ms:
            spec = f"{name}:{argument}"
            raise AdvisorError(f"'{spec}': the budget is milliseconds, 0 < ms ≤ {max_ms:g}",
                               field="seats", token=spec)
        return AdvisorBot(advise, ms, seed or 0, name=f"{name}:{ms:g}")

    return factory


SPEC_HELP = "random | greedy | advisor | advisor:BUDGET_MS | exec:COMMAND"


@dataclass(frozen=True)
class Seats:
    """A game's seat specs: ``random``, ``exec:COMMAND`` and its own ``builtins`` (read by
    :func:`advisor.games.bots.make_bot`), each action of an ``exec:`` bot read with
    ``parse`` (the game's ``Action.from_json``).

    >>> from advisor.games.bots import BaseBot
    >>> class Lazy(BaseBot):
    ...     name = "greedy"
    >>> seats = Seats.standard(lambda seed: Lazy(), None, 50, 1000, parse=lambda obj: obj)
    >>> seats.make_bot("greedy").name, seats.make_bot("advisor:20").name
    ('greedy', 'advisor:20')
    """

    builtins: dict[str, BotFactory]
    parse: Callable[[object], Any]
    help: str = SPEC_HELP

    @classmethod
    def standard(cls, greedy: Callable[[int | None], Bot], advise: Advisor | None,
                 default_ms: float, max_ms: float, *,
                 parse: Callable[[object], Any]) -> Seats:
        """The seats every game has: its ``greedy`` bot and its advisor (``advisor``,
        ``advisor:BUDGET_MS`` up to ``max_ms``), besides ``random`` and ``exec:``."""
        return cls({"greedy": no_argument(greedy, "greedy"),
                    "advisor": advisor_factory(advise, default_ms, max_ms)},  # type: ignore[arg-type]
                   parse)

    def make_bot(self, spec: str, *, seed: int | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
        """A bot from its seat spec; an unknown spec raises :class:`AdvisorError` naming it
        and the specs the game accepts."""
        return make_bot(spec, builtins=self.builtins, parse=self.parse, seed=seed,
                        time_limit=time_limit, help=self.help)


__all__ = ["SPEC_HELP", "Advice", "Advisor", "AdvisorBot", "Budget", "Seats",
           "advisor_factory"]
