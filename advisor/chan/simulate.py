"""Play many deals between bots: win shares and settlements with confidence intervals.

With ``duplicate``, each deal is played four times with the players rotated one seat
each time, so every player gets every hand: luck of the deal cancels out of the
comparison.

>>> s = simulate(["greedy", "random", "random", "random"], games=4, seed=1)
>>> s.deals, len(s.players)
(4, 4)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.chan.bots import DEFAULT_TIME_LIMIT, Bot, ExecBot, make_bot
from advisor.chan.game import SEATS, Game
from advisor.deals import PlayerStats, RunSummary, latency_summary
from advisor.deals import play as play_deal
from advisor.errors import AdvisorError


@dataclass
class Summary(RunSummary):
    """What a simulation run measured (``rules``: the profile's name)."""

    latencies: dict[int, list[float]] = field(default_factory=dict)  # advisor players

    def merge(self, other: RunSummary) -> None:
        """Add another slice of the same run (same players, other deals)."""
        super().merge(other)
        assert isinstance(other, Summary)
        for p, times in other.latencies.items():
            self.latencies.setdefault(p, []).extend(times)

    def to_json(self) -> dict[str, Any]:
        secs = max(self.seconds, 1e-9)
        return {
            "seed": self.seed, "rules": self.rules, "duplicate": self.duplicate,
            "deals": self.deals, "games": self.games,
            "players": [p.to_json() for p in self.players],
            "draws": self.draws, "draw_share": round(self.draws / self.games, 4)
            if self.games else 0.0,
            "moves": self.moves, "bot_decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / secs, 1),
            "moves_per_second": round(self.moves / secs, 1),
            "incidents": [{"bot": i.bot, "seat": i.seat, "reason": i.reason}
                          for i in self.incidents],
            "advisor_latency_ms": {str(p): latency_summary(v) for p, v in self.latencies.items()},
        }


def play(game: Game, bots: Sequence[Bot]) -> tuple[int, int]:
    """Play one deal to its end; returns (moves, bot decisions). Decisions with a single
    legal action (forced moves) are played without asking the bot."""
    return play_deal(game, bots, game.rules)


def simulate(
    specs: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    duplicate: bool = False,
    rules: str = "house",
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_game: Callable[[Game, list[str]], None] | None = None,
    first: int = 0,
) -> Summary:
    """Play ``games`` deals (each four times with ``duplicate``) between the players
    named by ``specs`` (player p sits at seat p, rotated by one seat per replay).
    Deal k is dealt from ``random.Random(f"{seed}:{k}")``, k counting from ``first``,
    so a long run can be split into slices and the slices summed."""
    if len(specs) != SEATS:
        raise AdvisorError(f"seats: {len(specs)} seat specs given; a table has {SEATS}",
                           field="seats")
    if games < 1:
        raise AdvisorError("games: at least one deal", field="games")
    players = [make_bot(s, seed=seed * 1009 + p, time_limit=time_limit)
               for p, s in enumerate(specs)]
    summary = Summary(list(specs), seed, duplicate, rules,
                      [PlayerStats(p, s) for p, s in enumerate(specs)])
    start = time.perf_counter()
    try:
        for k in range(first, first + games):
            deal = Game.from_deal(rng=random.Random(f"{seed}:{k}"), rules=rules)
            hands = [deal.hand(s) for s in range(SEATS)]
            summary.deals += 1
            for r in range(SEATS if duplicate else 1):
                game = Game(hands, deal.initial_stock, deal.dealer, rules=rules)
                at_seat = [players[(s - r) % SEATS] for s in range(SEATS)]
                moves, decisions = play(game, at_seat)
                summary.games += 1
                summary.moves += moves
                summary.decisions += decisions
                assert game.result is not None
                if game.result.winner is None:
                    summary.draws += 1
                for s in range(SEATS):
                    summary.players[(s - r) % SEATS].add(
                        game.result.payments[s], game.result.winner == s)
                if on_game is not None:
                    on_game(game, [specs[(s - r) % SEATS] for s in range(SEATS)])
    finally:
        for bot in players:
            bot.close()
        summary.seconds = time.perf_counter() - start
        summary.incidents = [i for b in players if isinstance(b, ExecBot) for i in b.incidents]
        for p, b in enumerate(players):
            times = getattr(b, "latencies", None)
            if isinstance(times, list):
                summary.latencies[p] = list(times)
    return summary


__all__ = ["PlayerStats", "Summary", "latency_summary", "play", "simulate"]
