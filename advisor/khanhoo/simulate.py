"""Play many Khanhoo deals between bots: win shares, points and settlements.

A player is a seat spec; player p sits at seat p. With ``duplicate``, each deal is played
once per seat rotation, so every player gets every hand: luck of the deal cancels out of
the comparison. A deal's settlement is the Skat-style one of its scores: the winner
receives his points from each other player.

>>> s = simulate(["greedy", "random"], games=2, seed=1)
>>> s.deals, [p.deals for p in s.players]
(2, [2, 2])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import AdvisorError
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot
from advisor.games.simulate import PlayerStats, RunSummary, run
from advisor.games.simulate import play as play_deal
from advisor.khanhoo.game import MAX_PLAYERS, MAX_TURNS, MIN_PLAYERS, Game, table_rules
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.scoring import settlement
from advisor.khanhoo.seats import make_bot


@dataclass
class Summary(RunSummary):
    """What a simulation run measured (``rules``: the :class:`Rules` in force)."""

    outcomes: dict[str, int] = field(default_factory=dict)  # how the deals ended
    routes: list[dict[str, int]] = field(default_factory=list)  # per player, see route()

    def merge(self, other: RunSummary) -> None:
        """Add another slice of the same run (same players, other deals)."""
        super().merge(other)
        assert isinstance(other, Summary)
        for how, n in other.outcomes.items():
            self.outcomes[how] = self.outcomes.get(how, 0) + n
        for mine, theirs in zip(self.routes, other.routes):
            for how, n in theirs.items():
                mine[how] = mine.get(how, 0) + n

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, **self.rules.to_json(), "duplicate": self.duplicate,
            "deals": self.deals, "games": self.games, **self.players_json(),
            "outcomes": dict(sorted(self.outcomes.items())),
            "win_routes": [dict(sorted(r.items())) for r in self.routes],
            **self.work_json(),
        }


def play(game: Game, bots: Sequence[Bot]) -> tuple[int, int]:
    """Play one deal to its end; returns (moves, bot decisions). Decisions with a single
    legal action (a draw, a forced discard) are played without asking the bot."""
    return play_deal(game, bots, game.rules.to_json())


ROUTES = ("deal", "draw", "take", "bump", "quartette", "cache")
"""How a deal's winner came by the card that ended it (:func:`route`)."""


def route(game: Game) -> str | None:
    """How the winner of a finished deal came by his last card: ``draw`` (from the stock;
    at a table without a stock, the previous discard taken as the draw, K4), ``take`` or
    ``bump`` (a claimed discard laid face up, K5), ``deal`` (the leader going out on the
    dealt cards, K3), or, for a deal ended by a Quartette (K10), ``quartette`` or
    ``cache``; None for a drawn deal.

    >>> from advisor.khanhoo.bots import GreedyBot
    >>> g = Game.from_deal(3, seed=2)
    >>> _ = play(g, [GreedyBot()] * 3)
    >>> route(g) in ROUTES
    True
    """
    result = game.result
    if result is None or result.winner is None:
        return None
    if result.by != "out":
        assert result.by in ROUTES
        return result.by
    for m in reversed(game.log):
        if m.seat == result.winner and m.action.do in ("draw", "take", "bump"):
            return m.action.do
    return "deal"


def games_of(players: int, *, games: int, seed: int = 0, duplicate: bool = False,
             rules: Rules | None = None, orphan: bool = False, max_turns: int = MAX_TURNS,
             first: int = 0) -> Iterator[tuple[int, Game]]:
    """The games of a run, each with its rotation r: player p sits at seat (p + r) mod
    ``players``. Deal k is dealt from ``random.Random(f"khanhoo:{seed}:{k}")``, k counting
    from ``first``; with ``duplicate`` it is played once per rotation, otherwise once
    (r = 0). With ``orphan`` (four players), the highest cutter — drawn at random — is
    orphan (K7).

    >>> [(r, g.dealer) for r, g in games_of(3, games=1, seed=1, duplicate=True)]
    [(0, 1), (1, 1), (2, 1)]
    """
    rules = rules or table_rules(players)
    for k in range(first, first + games):
        rng = random.Random(f"khanhoo:{seed}:{k}")
        orphan_seat = rng.randrange(players) if orphan else None
        deal = Game.from_deal(players, rng=rng, rules=rules, orphan=orphan_seat,
                              max_turns=max_turns)
        hands = [s.dealt for s in deal.seats]
        for r in range(players if duplicate else 1):
            yield r, Game(hands, deal.initial_stock, deal.dealer, rules=rules,
                          orphan=orphan_seat, max_turns=max_turns)


def simulate(
    specs: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    duplicate: bool = False,
    rules: Rules | None = None,
    orphan: bool = False,
    max_turns: int = MAX_TURNS,
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_game: Callable[[Game, list[str]], None] | None = None,
    first: int = 0,
) -> Summary:
    """Play ``games`` deals (each once per rotation with ``duplicate``) between the
    players named by ``specs`` (2–5 of them; player p at seat p, rotated per replay).
    The deals are those of :func:`games_of`, so a long run can be split into slices
    (``first``) and the slices merged."""
    n = len(specs)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise AdvisorError(f"seats: {n} seat specs given; a table has {MIN_PLAYERS} to "
                           f"{MAX_PLAYERS} players", field="seats")
    if games < 1:
        raise AdvisorError("games: at least one deal", field="games")
    if orphan and n != 4:
        raise AdvisorError("orphan: the orphan needs four players (K7)", field="orphan")
    rules = rules or table_rules(n)
    bots = [make_bot(s, seed=seed * 1009 + p, time_limit=time_limit) for p, s in enumerate(specs)]
    summary = Summary(list(specs), seed, duplicate, rules,
                      [PlayerStats(p, s, scored=True) for p, s in enumerate(specs)],
                      routes=[{} for _ in specs])

    def tally(game: Game, r: int) -> None:
        result = game.result
        assert result is not None
        how = result.by or "draw"
        summary.outcomes[how] = summary.outcomes.get(how, 0) + 1
        if result.winner is not None:
            way = route(game)
            assert way is not None
            count = summary.routes[(result.winner - r) % n]
            count[way] = count.get(way, 0) + 1

    run(summary, bots, games_of(n, games=games, seed=seed, duplicate=duplicate, rules=rules,
                                orphan=orphan, max_turns=max_turns, first=first),
        rules=rules.to_json(), outcome=outcome, after=tally, on_game=on_game)
    return summary


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement (the Skat-style one of the deal's scores), whether it won,
    and its deal score."""
    result = game.result
    assert result is not None
    payments = settlement(list(result.scores))
    return [(payments[s], result.winner == s, result.scores[s])
            for s in range(len(result.scores))]


__all__ = ["ROUTES", "PlayerStats", "Summary", "games_of", "outcome", "play", "route",
           "simulate"]
