"""Bots that play a seat through the bot protocol (rules §8.3), and the seat specs that
name them: ``random``, ``greedy``, ``exec:COMMAND``.

A bot sees only its seat's VIEW and the legal actions; it answers one of them. The
engine asks only for decisions with more than one legal action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from advisor.botpipe import BotProcess, Incident
from advisor.chan.cards import BY_CODE, Counts, Face
from advisor.chan.game import Action, SeatState, prospect
from advisor.chan.pairing import discard_distances, distance, p0_counts
from advisor.chan.view import seat_state
from advisor.deals import BaseBot
from advisor.errors import AdvisorError

DEFAULT_TIME_LIMIT = 5.0
"""Seconds an external bot may take for one decision."""


class Bot(Protocol):
    """What the simulator needs of a player."""

    name: str

    def start(self, seat: int, rules: str) -> None: ...

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...

    def end(self, result: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


class RandomBot(BaseBot):
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def _without(c: Counts, i: int) -> Counts:
    return c[:i] + (c[i] - 1,) + c[i + 1 :]


def greedy_choice(s: SeatState, legal: Sequence[Action], offered: Face | None) -> Action:
    """The greedy pairing heuristic on a seat's own cards: always win (or declare
    Thiên ù); Chíu when it can; eat when the eat and the best legal discard after it
    (:func:`~advisor.chan.game.prospect`) lower the distance; discard the card that
    leaves the smallest distance, then the fewest unpaired cards (the first such card in
    deck order); otherwise pass."""
    by_do: dict[str, list[Action]] = {}
    for a in legal:
        by_do.setdefault(a.do, []).append(a)
    for do in ("win", "heaven", "chiu"):
        if do in by_do:
            return by_do[do][0]
    hand, exposed = s.counts(), s.exposed
    if "discard" in by_do:
        after = discard_distances(hand, exposed)

        def key(a: Action) -> tuple[int, int]:
            assert a.card is not None
            d = after[a.card.index]
            return (99 if d is None else d, p0_counts(_without(hand, a.card.index))[2])

        return min(by_do["discard"], key=key)
    if "eat" in by_do and offered is not None:
        now = distance(hand, exposed)
        best: tuple[int, Action] | None = None
        for a in by_do["eat"]:
            p = prospect(s, a, offered)
            dd = discard_distances(p.hand, p.exposed)
            v = min(99 if (d := dd[f.index]) is None else d for f in p.discards)
            if best is None or v < best[0]:
                best = (v, a)
        if best is not None and now is not None and best[0] < now:
            return best[1]
    return by_do.get("pass", list(legal))[0]


class GreedyBot(BaseBot):
    """:func:`greedy_choice` on the seat's VIEW."""

    name = "greedy"

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        offer = view.get("offer")
        return greedy_choice(seat_state(view), legal, BY_CODE[offer["card"]] if offer else None)


@dataclass
class ExecBot(BaseBot):
    """A program speaking the bot protocol on stdin/stdout, one process per player
    (:class:`advisor.botpipe.BotProcess`).

    A malformed, illegal or late reply is replaced by the first legal action and
    recorded in ``incidents``; a bot that exits or stops answering is never waited on
    again. Nothing here raises on the bot's account."""

    command: str
    time_limit: float = DEFAULT_TIME_LIMIT
    pipe: BotProcess = field(init=False)

    def __post_init__(self) -> None:
        self.pipe = BotProcess(self.command, self.time_limit)
        self.name = self.pipe.name

    @property
    def incidents(self) -> list[Incident]:
        return self.pipe.incidents

    def start(self, seat: int, rules: str) -> None:
        self.seat = seat
        self.pipe.start_deal(seat, rules)

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.pipe.decide(view, legal, Action.from_json)

    def end(self, result: dict[str, Any]) -> None:
        self.pipe.end_deal(result)

    def close(self) -> None:
        self.pipe.close()


SPEC_HELP = "random | greedy | advisor | advisor:BUDGET_MS | exec:COMMAND"


def make_bot(spec: str, *, seed: int | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
    """A bot from its seat spec (``random``, ``greedy``, ``exec:python bot.py``)."""
    spec = spec.strip()
    if spec == "random":
        return RandomBot(seed)
    if spec == "greedy":
        return GreedyBot()
    if spec.startswith("exec:") and spec[5:].strip():
        return ExecBot(spec[5:].strip(), time_limit)
    if spec == "advisor" or spec.startswith("advisor:"):
        from advisor.chan.advice import DEFAULT_BUDGET_MS, AdvisorBot  # the advisor uses bots

        budget = spec.partition(":")[2]
        try:
            ms = float(budget) if budget else DEFAULT_BUDGET_MS
        except ValueError:
            ms = -1.0
        if not 0 < ms <= 10_000:
            raise AdvisorError(f"'{spec}': the budget is milliseconds, 0 < ms ≤ 10000",
                               field="seats", token=spec)
        return AdvisorBot(ms, seed=seed or 0)
    raise AdvisorError(f"'{spec}' is not a seat spec ({SPEC_HELP})", field="seats", token=spec)


__all__ = ["Bot", "ExecBot", "GreedyBot", "Incident", "RandomBot", "make_bot"]
