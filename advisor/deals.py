"""What every game's deals share, whatever the game: the play loop between bots, the
outcome of a record's replay, and the statistics of a simulation run.

The games (``advisor.chan``, ``advisor.khanhoo``) bring their own engine, records and
bots; this module only needs what they have in common — an engine with ``pending``,
``legal_actions()``, ``view(seat)``, ``act(seat, action)`` and ``result``, and bots with
``start``/``decide``/``end``.

>>> s = PlayerStats(0, "greedy")
>>> for pay in (3, -1, -1, 5):
...     s.add(pay, won=pay > 0)
>>> s.win_share, s.mean
(0.5, 1.5)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from advisor.botpipe import Incident
from advisor.errors import AdvisorError, RecordError

Z95 = 1.959964


class Engine(Protocol):
    """The part of a game engine the play loop uses."""

    @property
    def pending(self) -> Any: ...

    result: Any

    def legal_actions(self) -> list[Any]: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def act(self, seat: int, action: Any) -> None: ...


class Player(Protocol):
    """The part of a bot the play loop uses (the bot protocol of either game)."""

    def start(self, seat: int, rules: Any) -> None: ...

    def decide(self, view: dict[str, Any], legal: Sequence[Any]) -> Any: ...

    def end(self, result: dict[str, Any]) -> None: ...


class BaseBot:
    """What every built-in bot of either game does at the start and the end of a deal:
    remember its seat, nothing more."""

    name = "bot"

    def start(self, seat: int, rules: Any) -> None:
        self.seat = seat

    def end(self, result: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


def play(game: Engine, bots: Sequence[Player], rules: Any) -> tuple[int, int]:
    """Play one deal to its end; returns (moves, bot decisions). Each bot is told
    ``rules`` at the start. Decisions with a single legal action (forced moves) are
    played without asking the bot."""
    for seat, bot in enumerate(bots):
        bot.start(seat, rules)
    moves = decisions = 0
    while (d := game.pending) is not None:
        legal = game.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[d.seat].decide(game.view(d.seat), legal)
            decisions += 1
        game.act(d.seat, action)
        moves += 1
    assert game.result is not None
    result = game.result.to_json()
    for bot in bots:
        bot.end(result)
    return moves, decisions


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a record: valid, or the first problem and where."""

    game: Any  # the game's engine as the replay left it, or None if the deal is unreadable
    error: AdvisorError | None = None
    move: int | None = None  # 1-based number of the offending move, if a move is at fault
    rule: str | None = None

    @property
    def valid(self) -> bool:
        return self.error is None

    def describe(self) -> str:
        if self.error is None:
            return "valid"
        where = f"move {self.move}: " if self.move is not None else ""
        return f"{where}{self.error.message}"


def checked_result(game: Any, want: object, got: dict[str, Any]) -> Replay:
    """The end of a replay: valid when the record's ``result`` (``want``) is the result
    the replay reached (``got``); else the first field that differs, or the whole
    result when the record has none."""
    if want is None:
        return Replay(game, RecordError("result: missing; the replay ends with "
                                        f"{json.dumps(got, ensure_ascii=False)}",
                                        field="result"))
    if want != got:
        diff = next((k for k in got if not isinstance(want, dict) or want.get(k) != got[k]),
                    "result")
        shown = want.get(diff) if isinstance(want, dict) else want
        return Replay(game, RecordError(f"result.{diff}: the record says {shown!r}, the "
                                        f"replay gives {got[diff]!r}", field=f"result.{diff}"))
    return Replay(game)


@dataclass
class PlayerStats:
    """One player (a seat spec) over a simulation run: wins, deal scores (where the game
    scores the winner's hand) and settlements."""

    player: int
    spec: str
    deals: int = 0
    wins: int = 0
    points: int = 0
    total: int = 0
    total_sq: int = 0
    scored: bool = False  # the game has deal scores: report ``points``

    def add(self, payment: int, won: bool, score: int = 0) -> None:
        self.deals += 1
        self.wins += won
        self.points += score
        self.total += payment
        self.total_sq += payment * payment

    def merge(self, other: PlayerStats) -> None:
        """Add another slice of the same player's run."""
        self.deals += other.deals
        self.wins += other.wins
        self.points += other.points
        self.total += other.total
        self.total_sq += other.total_sq

    @property
    def win_share(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    @property
    def mean(self) -> float:
        """Mean settlement per deal."""
        return self.total / self.deals if self.deals else 0.0

    def ci95(self) -> tuple[float, float]:
        """Normal-approximation 95% interval of the mean settlement per deal."""
        n = self.deals
        if n < 2:
            return (self.mean, self.mean)
        var = (self.total_sq - n * self.mean**2) / (n - 1)
        half = Z95 * math.sqrt(max(var, 0.0) / n)
        return (self.mean - half, self.mean + half)

    def share_ci95(self) -> tuple[float, float]:
        """Normal-approximation 95% interval of the win share."""
        n = self.deals
        if n == 0:
            return (0.0, 0.0)
        p = self.win_share
        half = Z95 * math.sqrt(p * (1 - p) / n)
        return (max(0.0, p - half), min(1.0, p + half))

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        slo, shi = self.share_ci95()
        out: dict[str, Any] = {
            "player": self.player, "spec": self.spec, "deals": self.deals, "wins": self.wins,
            "win_share": round(self.win_share, 4),
            "win_share_ci95": [round(slo, 4), round(shi, 4)],
        }
        if self.scored:
            out["points"] = self.points
        out["mean_settlement"] = round(self.mean, 4)
        out["ci95"] = [round(lo, 4), round(hi, 4)]
        return out


@dataclass
class RunSummary:
    """What a simulation run of either game measured; each game's ``Summary`` adds its
    own tallies (and its own JSON)."""

    specs: list[str]
    seed: int
    duplicate: bool
    rules: Any
    players: list[PlayerStats]
    deals: int = 0
    games: int = 0
    draws: int = 0
    moves: int = 0
    decisions: int = 0
    seconds: float = 0.0
    incidents: list[Incident] = field(default_factory=list)

    def merge(self, other: RunSummary) -> None:
        """Add another slice of the same run (same players, other deals)."""
        self.deals += other.deals
        self.games += other.games
        self.draws += other.draws
        self.moves += other.moves
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.incidents += other.incidents
        for mine, theirs in zip(self.players, other.players):
            mine.merge(theirs)


def latency_summary(seconds: Sequence[float]) -> dict[str, float]:
    """Median, 99th percentile and maximum of decision times, in milliseconds."""
    if not seconds:
        return {"decisions": 0}
    xs = sorted(seconds)

    def pick(q: float) -> float:
        return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 2)

    return {"decisions": len(xs), "median": pick(0.5), "p99": pick(0.99),
            "max": round(xs[-1] * 1000, 2)}


__all__ = [
    "Z95", "BaseBot", "PlayerStats", "Replay", "RunSummary", "checked_result",
    "latency_summary", "play",
]
