"""Khanhoo deals played between bots (the run and its seats: :mod:`advisor.games.simulate`):
win shares, points and settlements — the Skat-style one of a deal's scores, the winner
receiving his points from each other player — and how each deal ended and by which last
card each player went out.

>>> from advisor.registry import game
>>> s = game("khanhoo").simulate(["greedy", "random"], games=2, seed=1)
>>> s.outcomes, s.routes
({'out': 2}, [{'take': 1, 'draw': 1}, {}])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import AdvisorError
from advisor.games.simulate import PlayerStats, RunSummary, add_counts, rotations
from advisor.games.spec import Run
from advisor.khanhoo.game import MAX_TURNS, Game, table_rules
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.scoring import settlement


@dataclass
class Summary(RunSummary):
    """What a simulation run measured (``rules``: the :class:`Rules` in force)."""

    outcomes: dict[str, int] = field(default_factory=dict)  # how the deals ended
    routes: list[dict[str, int]] = field(default_factory=list)  # per player, see route()

    def merge(self, other: RunSummary) -> None:
        """Add another slice of the same run (same players, other deals)."""
        super().merge(other)
        assert isinstance(other, Summary)
        add_counts(self.outcomes, other.outcomes)
        for mine, theirs in zip(self.routes, other.routes):
            add_counts(mine, theirs)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, **self.rules.to_json(), "duplicate": self.duplicate,
            "deals": self.deals, "games": self.games, **self.players_json(),
            "outcomes": dict(sorted(self.outcomes.items())),
            "win_routes": [dict(sorted(r.items())) for r in self.routes],
            **self.work_json(),
        }


ROUTES = ("deal", "draw", "take", "bump", "quartette", "cache")
"""How a deal's winner came by the card that ended it (:func:`route`)."""


def route(game: Game) -> str | None:
    """How the winner of a finished deal came by his last card: ``draw`` (from the stock;
    at a table without a stock, the previous discard taken as the draw, K4), ``take`` or
    ``bump`` (a claimed discard laid face up, K5), ``deal`` (the leader going out on the
    dealt cards, K3), or, for a deal ended by a Quartette (K10), ``quartette`` or
    ``cache``; None for a drawn deal.

    >>> from advisor.khanhoo.bots import GreedyBot
    >>> from advisor.khanhoo.faces import GAME
    >>> g = Game.from_deal(3, seed=2)
    >>> _ = GAME.play(g, [GreedyBot()] * 3)
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
    """The games of a run (:func:`advisor.games.simulate.rotations`): deal k is dealt from
    ``random.Random(f"khanhoo:{seed}:{k}")``. With ``orphan`` (four players), the highest
    cutter — drawn at random — is orphan (K7).

    >>> [(r, g.dealer) for r, g in games_of(3, games=1, seed=1, duplicate=True)]
    [(0, 1), (1, 1), (2, 1)]
    """
    table = rules or table_rules(players)

    def deal(k: int) -> Game:
        rng = random.Random(f"khanhoo:{seed}:{k}")
        orphan_seat = rng.randrange(players) if orphan else None
        return Game.from_deal(players, rng=rng, rules=table, orphan=orphan_seat,
                              max_turns=max_turns)

    def again(d: Game) -> Game:
        return Game([s.dealt for s in d.seats], d.initial_stock, d.dealer, rules=table,
                    orphan=d.orphan, max_turns=max_turns)

    return rotations(deal, again, players=players, games=games, first=first,
                     duplicate=duplicate)


def start(specs: Sequence[str], *, games: int, seed: int, duplicate: bool, first: int,
          rules: Rules | None = None, variation: bool = False, orphan: bool = False,
          max_turns: int = MAX_TURNS, sets: int | None = None, jokers: int | None = None,
          **options: bool) -> Run[Game]:
    """A run at a table of ``len(specs)`` players: the pack chosen from the number of
    players (K1) or the variation (K9), ``sets``/``jokers`` overriding it, the rule flags
    ``options`` on (or ``rules`` given whole); with ``orphan``, four players (K7). How
    the deals ended and how each player went out are counted."""
    n = len(specs)
    if orphan and n != 4:
        raise AdvisorError("orphan: the orphan needs four players (K7)", field="orphan")
    if variation and sets not in (None, 3):
        raise AdvisorError(f"sets: the variation (K9) is played with 3 sets, not {sets}: "
                           "give --variation or --sets, not both", field="sets")
    if rules is None:
        chosen = {name: True for name, on in options.items() if on}
        rules = table_rules(n, variation=variation, **chosen)
        if sets is not None or jokers is not None:
            rules = Rules.build(sets if sets is not None else rules.sets,
                                jokers if jokers is not None else rules.jokers, chosen)
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

    def label(how: str, r: int) -> None:
        # a game played on the core: ``by:route:winner``, or ``draw`` (its Game.label)
        by, _, rest = how.partition(":")
        summary.outcomes[by] = summary.outcomes.get(by, 0) + 1
        if rest:
            way, _, winner = rest.partition(":")
            count = summary.routes[(int(winner) - r) % n]
            count[way] = count.get(way, 0) + 1

    return Run(summary, games_of(n, games=games, seed=seed, duplicate=duplicate, rules=rules,
                                 orphan=orphan, max_turns=max_turns, first=first),
               tally, label)


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    """Each seat's settlement (the Skat-style one of the deal's scores), whether it won,
    and its deal score."""
    result = game.result
    assert result is not None
    payments = settlement(list(result.scores))
    return [(payments[s], result.winner == s, result.scores[s])
            for s in range(len(result.scores))]


__all__ = ["ROUTES", "PlayerStats", "Summary", "games_of", "outcome", "route",
           "start"]
