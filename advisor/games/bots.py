"""Players and the seat specs that name them, for every game.

A bot sees only its seat's VIEW and the legal actions, and answers one of them (the bot
protocol, ``docs/rules/chan.md`` §8.3: ``start``, ``decide``, ``end``). The engine asks only for
decisions with more than one legal action.

In a simulation run every game starts each bot's randomness afresh (:meth:`Bot.reseed`,
from the run's seed, the deal, the seat rotation and the player), so what a bot does in a
deal does not depend on the deals played before it: a run cut into slices plays exactly
as the whole.

A seat spec is ``random``, ``exec:COMMAND`` (a program speaking the protocol on
stdin/stdout) or one of the game's own bots, ``NAME`` or ``NAME:ARGUMENT`` (``greedy``,
``advisor``, ``advisor:50``). Each game lists its own in a mapping from the name to a
factory, and :func:`make_bot` does the rest:

>>> bot = make_bot("random", builtins={}, parse=lambda obj: obj, seed=1)
>>> bot.name
'random'
>>> make_bot("greedy:3", builtins={}, parse=lambda obj: obj)
Traceback (most recent call last):
...
advisor.errors.AdvisorError: 'greedy:3' is not a seat spec (random | exec:COMMAND)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from advisor.botpipe import BotProcess, Incident, Move
from advisor.errors import AdvisorError

DEFAULT_TIME_LIMIT = 5.0
"""Seconds an external bot may take for one decision."""

A = TypeVar("A", bound=Move)


class Bot(Protocol):
    """A player, as the play loop and the simulator use it."""

    name: str

    def start(self, seat: int, rules: Any) -> None: ...

    def decide(self, view: Any, legal: Sequence[Any]) -> Any: ...

    def end(self, result: dict[str, Any]) -> None: ...

    def close(self) -> None: ...

    def reseed(self, seed: str) -> None: ...


class BaseBot:
    """What every built-in bot does at the start and the end of a deal: remember its
    seat, nothing more; a bot that draws at random starts its stream afresh when it is
    reseeded."""

    name = "bot"
    seat = -1

    def start(self, seat: int, rules: Any) -> None:
        self.seat = seat

    def reseed(self, seed: str) -> None:
        """Start the bot's random stream afresh from ``seed``: nothing to do for a bot
        that never draws at random."""

    def end(self, result: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


class RandomBot(BaseBot):
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: str) -> None:
        """The same seed, the same choices from then on.

        >>> bot = RandomBot(7)
        >>> bot.reseed("1:0:0:deal")
        >>> first = [bot.decide(None, range(100)) for _ in range(3)]
        >>> bot.reseed("1:0:0:deal")
        >>> [bot.decide(None, range(100)) for _ in range(3)] == first
        True
        """
        self.rng.seed(seed)

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.rng.choice(list(legal))


@dataclass
class ExecBot(Generic[A]):
    """A program speaking the bot protocol on stdin/stdout, one process per player
    (:class:`advisor.botpipe.BotProcess`); its replies are read with ``parse`` (the
    game's ``Action.from_json``).

    A malformed, illegal or late reply is replaced by the first legal action and
    recorded in ``incidents``; a bot that exits or stops answering is never waited on
    again. Nothing here raises on the bot's account."""

    command: str
    parse: Callable[[object], A]
    time_limit: float = DEFAULT_TIME_LIMIT
    pipe: BotProcess = field(init=False)
    seat: int = field(init=False, default=-1)

    def __post_init__(self) -> None:
        self.pipe = BotProcess(self.command, self.time_limit)
        self.name = self.pipe.name

    @property
    def incidents(self) -> list[Incident]:
        return self.pipe.incidents

    def start(self, seat: int, rules: Any) -> None:
        self.seat = seat
        self.pipe.start_deal(seat, rules)

    def decide(self, view: Any, legal: Sequence[A]) -> A:
        return self.pipe.decide(view.to_json(), legal, self.parse)  # a typed VIEW

    def end(self, result: dict[str, Any]) -> None:
        self.pipe.end_deal(result)

    def close(self) -> None:
        self.pipe.close()

    def reseed(self, seed: str) -> None:
        """Nothing: an external program's randomness is its own."""


BotFactory = Callable[[str, "int | None"], Bot]
"""A game's own bot from the argument after ``NAME:`` (``""`` when none) and a seed."""


def spec_help(builtins: Mapping[str, Any]) -> str:
    """The seat specs a game accepts, for messages and ``--help``."""
    return " | ".join(["random", *builtins, "exec:COMMAND"])


def make_bot(spec: str, *, builtins: Mapping[str, BotFactory], parse: Callable[[object], A],
             seed: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
             help: str | None = None) -> Bot:
    """A bot from its seat spec: ``random``, ``exec:COMMAND``, or ``NAME[:ARGUMENT]`` for
    one of the game's ``builtins``. An unknown spec raises :class:`AdvisorError` naming
    it (``field`` ``seats``) and the specs the game accepts (``help``, by default the
    names)."""
    spec = spec.strip()
    if spec == "random":
        return RandomBot(seed)
    if spec.startswith("exec:") and spec[5:].strip():
        return ExecBot(spec[5:].strip(), parse, time_limit)
    name, colon, argument = spec.partition(":")
    factory = builtins.get(name)
    if factory is None or (colon and not argument.strip()):
        raise AdvisorError(f"'{spec}' is not a seat spec ({help or spec_help(builtins)})",
                           field="seats", token=spec)
    return factory(argument.strip(), seed)


def no_argument(make: Callable[[int | None], Bot], name: str) -> BotFactory:
    """The factory of a bot that takes no argument (``greedy``): ``greedy:3`` is refused."""

    def factory(argument: str, seed: int | None) -> Bot:
        if argument:
            raise AdvisorError(f"'{name}:{argument}' is not a seat spec: {name} takes no "
                               "argument",
                               field="seats", token=f"{name}:{argument}")
        return make(seed)

    return factory


def incidents_of(bots: Sequence[Any]) -> list[Incident]:
    """Every incident of the external bots among ``bots``."""
    return [i for b in bots if isinstance(b, ExecBot) for i in b.incidents]


__all__ = ["DEFAULT_TIME_LIMIT", "BaseBot", "Bot", "BotFactory", "ExecBot", "Incident",
           "RandomBot", "incidents_of", "make_bot", "no_argument", "spec_help"]
