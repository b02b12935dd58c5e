"""Deals between bots, for every game: the play loop, simulation runs and their
statistics.

The play loop needs of an engine only ``pending`` (the decision to make, or None when
the deal is over), ``legal_actions()``, ``view(seat)``, ``act(seat, action)`` and
``result``; of a bot, ``start``/``decide``/``end`` (:class:`advisor.games.bots.Bot`).

In a run, each bot's randomness is started afresh at every game from the run's seed, the
deal, the seat rotation and the player (:func:`bot_seed`): a game is played the same
whatever was played before it, so a run cut into slices of deals (``first``), the slices
played anywhere and merged (:meth:`RunSummary.merge`, :mod:`advisor.games.parallel`),
counts exactly what the whole run counts.

>>> s = PlayerStats(0, "greedy")
>>> for pay in (3, -1, -1, 5):
...     s.add(pay, won=pay > 0)
>>> s.win_share, s.mean
(0.5, 1.5)
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from advisor.botpipe import Incident
from advisor.games.bots import Bot, incidents_of

Z95 = 1.959964


class Engine(Protocol):
    """The part of a game engine the play loop uses."""

    @property
    def pending(self) -> Any: ...

    result: Any

    def legal_actions(self) -> list[Any]: ...

    def view(self, seat: int) -> Any: ...

    def act(self, seat: int, action: Any) -> None: ...

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]: ...


def play(game: Engine, bots: Sequence[Bot], rules: Any) -> tuple[int, int]:
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
        """Wilson's 95% interval of the win share: it never collapses to a point (4 wins
        in 4 deals is [0.51, 1.0], not [1.0, 1.0]); no deals: [0, 1]."""
        return wilson(self.wins, self.deals)

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


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion: ``k`` successes in ``n`` trials.

    >>> [round(x, 4) for x in wilson(4, 4)], wilson(0, 0)
    ([0.5101, 1.0], (0.0, 1.0))
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    return (lo, 1.0 if k == n else min(1.0, centre + half))


@dataclass
class DealTally:
    """One deal of a run, over its games (one per rotation in duplicate): each player's
    wins and settlement."""

    wins: list[int]
    settlement: list[int]
    games: int = 0


@dataclass(frozen=True)
class Figures:
    """A player's strength over a run's deals, each interval from the spread between
    deals (a deal's rotations share its cards, so the deal is the unit, not the game):
    ``ratio`` — its win share over the other players' mean share — and ``settlement``
    — its mean settlement a game —, each with its 95 % interval, over ``deals``."""

    deals: int
    games: int
    share: float
    ratio: float
    ratio_ci95: tuple[float, float]
    settlement: float
    settlement_ci95: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {"deals": self.deals, "games": self.games, "share": round(self.share, 4),
                "ratio": round(self.ratio, 3),
                "ratio_ci95": [round(x, 3) for x in self.ratio_ci95],
                "settlement": round(self.settlement, 3),
                "settlement_ci95": [round(x, 3) for x in self.settlement_ci95]}


def duplicate_figures(by_deal: Sequence[DealTally], player: int = 0) -> Figures:
    """``player``'s :class:`Figures` from a run's deals: the ratio of its wins to the
    others' mean wins (a ratio estimator, its variance by the delta method over deals)
    and its mean settlement a game (the deals' means, a normal interval over deals).

    >>> rows = [DealTally([2, 1, 1, 0], [4, -1, -1, -2], 4),
    ...         DealTally([1, 1, 1, 1], [0, 1, -1, 0], 4),
    ...         DealTally([2, 0, 1, 1], [3, -2, 0, -1], 4)]
    >>> f = duplicate_figures(rows)
    >>> f.deals, f.games, round(f.ratio, 2), round(f.settlement, 3)
    (3, 12, 2.14, 0.583)
    """
    n = len(by_deal)
    if n == 0:
        raise ValueError("no deals")
    k = len(by_deal[0].wins) - 1
    a = [r.wins[player] for r in by_deal]
    o = [(sum(r.wins) - r.wins[player]) / k for r in by_deal]
    pay = [r.settlement[player] / r.games for r in by_deal]
    games = sum(r.games for r in by_deal)
    mean_a, mean_o = sum(a) / n, sum(o) / n
    ratio = mean_a / mean_o if mean_o else math.inf
    if n > 1 and mean_o:
        resid = [x - ratio * y for x, y in zip(a, o)]
        var = sum(e * e for e in resid) / (n - 1) / n / mean_o ** 2
        half = Z95 * math.sqrt(var)
    else:
        half = math.nan
    m = sum(pay) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in pay) / (n - 1)) if n > 1 else math.nan
    phalf = Z95 * sd / math.sqrt(n)
    return Figures(n, games, sum(a) / games, ratio, (ratio - half, ratio + half), m,
                   (m - phalf, m + phalf))


@dataclass
class RunSummary:
    """What a simulation run of any game measured; each game's ``Summary`` adds its own
    tallies (and its own JSON)."""

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
    latencies: dict[int, list[float]] = field(default_factory=dict)  # per player, seconds
    # per deal (its games: one, or one per rotation in duplicate), each player's wins and
    # settlement: what :func:`duplicate_figures` reads (per-deal intervals)
    by_deal: list[DealTally] = field(default_factory=list)

    def speed(self) -> str:
        """How fast the run played: deals a second, or games a second when the deals were
        played in duplicate (each deal a game per rotation), and moves a second."""
        secs = max(self.seconds, 1e-9)
        unit = "games" if self.duplicate else "deals"
        return f"{self.games / secs:.1f} {unit}/s · {self.moves / secs:.0f} moves/s"

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
        for p, times in other.latencies.items():
            self.latencies.setdefault(p, []).extend(times)
        self.by_deal += other.by_deal

    def tally(self, game: Engine, rotation: int, outcome: Sequence[tuple[int, bool, int]],
              moves: int, decisions: int) -> None:
        """Count one game: ``outcome`` per seat (payment, won, deal score); player p
        sat at seat (p + rotation) mod the number of players."""
        n = len(self.players)
        self.deals += rotation == 0
        self.games += 1
        self.moves += moves
        self.decisions += decisions
        if game.result.winner is None:
            self.draws += 1
        if rotation == 0 or not self.by_deal:
            self.by_deal.append(DealTally([0] * n, [0] * n))
        row = self.by_deal[-1]
        row.games += 1
        wins, settlement, players = row.wins, row.settlement, self.players
        for s, (payment, won, score) in enumerate(outcome):
            p = (s - rotation) % n
            stats = players[p]  # PlayerStats.add, written out: a run counts many games
            stats.deals += 1
            stats.wins += won
            stats.points += score
            stats.total += payment
            stats.total_sq += payment * payment
            wins[p] += won
            settlement[p] += payment

    def incidents_json(self) -> list[dict[str, Any]]:
        return [{"bot": i.bot, "seat": i.seat, "reason": i.reason} for i in self.incidents]

    def players_json(self) -> dict[str, Any]:
        """The run's players and drawn games, in every game's summary JSON."""
        return {"players": [p.to_json() for p in self.players], "draws": self.draws,
                "draw_share": round(self.draws / self.games, 4) if self.games else 0.0}

    def work_json(self, per_second_digits: int = 2) -> dict[str, Any]:
        """The run's work and speed, and the external bots' incidents, in every game's
        summary JSON (``seconds`` and the speeds are the only figures that differ between
        two runs of the same deals)."""
        secs = max(self.seconds, 1e-9)
        return {"moves": self.moves, "bot_decisions": self.decisions,
                "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games / secs, per_second_digits),
                "moves_per_second": round(self.moves / secs, 1),
                "incidents": self.incidents_json()}


Outcome = Callable[[Any], Sequence[tuple[int, bool, int]]]
"""A finished game's (payment, won, deal score) per seat."""


def add_counts(into: dict[str, int], more: Mapping[str, int]) -> None:
    """Add a slice's tallies by name (how deals ended, were won…) into a run's.

    >>> t = {"out": 1}
    >>> add_counts(t, {"out": 2, "draw": 1}); t
    {'out': 3, 'draw': 1}
    """
    for name, n in more.items():
        into[name] = into.get(name, 0) + n


def deal_key(game: Engine) -> str:
    """What tells a deal from every other: a digest of its record before the first move
    (the rules, the dealer, every hand and the stock) — a function of the run's seed and
    the deal's number, like the deal itself. The record's format is named as its first
    version (``chan-record/1``): a new version of the record (a result of another shape)
    is not another deal, and leaves the bots' seeds (:func:`bot_seed`) as they were.

    >>> from advisor.registry import game
    >>> g = game("chan").deal(4, 3)
    >>> key = deal_key(g)
    >>> g.to_record()["format"], key == deal_key(game("chan").deal(4, 3))
    ('chan-record/2', True)
    """
    rec = game.to_record()
    family, _, _version = str(rec.get("format", "")).rpartition("/")
    if family:
        rec["format"] = f"{family}/1"
    text = json.dumps(rec, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def bot_seed(seed: int, deal: str, rotation: int, player: int) -> str:
    """The seed of player ``player``'s randomness in one game of a run: the run's
    ``seed``, the deal (:func:`deal_key`) and the seat rotation.

    >>> bot_seed(1, "9f3a", 0, 2)
    '1:9f3a:0:2'
    """
    return f"{seed}:{deal}:{rotation}:{player}"


def run(summary: RunSummary, bots: Sequence[Bot], games: Iterable[tuple[int, Engine]], *,
        rules: Callable[[Any], Any], outcome: Outcome,
        after: Callable[[Any, int], None] | None = None,
        on_game: Callable[[Any, list[str]], None] | None = None) -> RunSummary:
    """Play ``games`` — (rotation r, engine) pairs: player p at seat (p + r) mod n —
    between ``bots``, each told ``rules(game)`` at its start, counting each in
    ``summary`` (``outcome`` gives the seats' payments; ``after(game, r)`` adds a game's
    own tallies; ``on_game(game, specs by seat)`` sees each finished game). Before each
    game every bot is reseeded (:func:`bot_seed`), so a game's play depends on nothing
    played before it. The bots
    are closed at the end, whatever happens; the run's time, the external bots'
    incidents and the advisors' decision times (a bot's ``latencies``) are kept."""
    n = len(bots)
    start = time.perf_counter()
    deal = ""
    try:
        for r, game in games:
            if r == 0:  # a new deal (its other rotations follow it)
                deal = deal_key(game)
            for p, bot in enumerate(bots):
                bot.reseed(bot_seed(summary.seed, deal, r, p))
            at_seat = [bots[(s - r) % n] for s in range(n)]
            moves, decisions = play(game, at_seat, rules(game))
            summary.tally(game, r, outcome(game), moves, decisions)
            if after is not None:
                after(game, r)
            if on_game is not None:
                on_game(game, [summary.specs[(s - r) % n] for s in range(n)])
    finally:
        for bot in bots:
            bot.close()
        summary.seconds = time.perf_counter() - start
        summary.incidents = incidents_of(bots)
        for p, b in enumerate(bots):
            times = getattr(b, "latencies", None)
            if isinstance(times, list):
                summary.latencies[p] = list(times)
    return summary


class _Over:
    """A game played on the core, as :meth:`RunSummary.tally` reads it: its winner (the
    rest of the engine's protocol is never asked of it)."""

    pending = None

    def __init__(self, winner: int | None) -> None:
        self.result = self
        self.winner = winner

    def legal_actions(self) -> list[Any]:
        return []

    def view(self, seat: int) -> Any:
        raise NotImplementedError("a game played on the core has no VIEW here")

    def act(self, seat: int, action: Any) -> None:
        raise NotImplementedError("a game played on the core is over")

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]:
        raise NotImplementedError("a game played on the core keeps no record here")


def run_on_core(summary: RunSummary, dealt: Iterable[tuple[int, Engine]],
                simulate: Callable[..., list[Any] | None], outcome: Outcome, *,
                specs: list[str], games: int, seed: int,
                duplicate: bool, first: int, after: Callable[[Any, int], None] | None,
                label: Callable[[str, int], None] | None,
                on_game: Callable[[Any, list[str]], None] | None, options: Mapping[str, Any],
                replay: Callable[[Any, int, int], None]) -> RunSummary | None:
    """:func:`run` on the compiled core (every seat a builtin player): the same games, the
    same tallies. A game's own tally is kept from how the core says the game ended
    (``label``); where it has only a tally of the finished engine (``after``), or
    ``on_game`` needs the engine, the core's moves are made again in the engine — each
    game of ``dealt``, the run's games as the Python run deals them — by
    ``replay(game, seat, code)``, and the engine's result must be the core's. None when
    the core does not play this table (the caller runs it in Python)."""
    from advisor.games.twin import TwinMismatch

    n = len(specs)
    start = time.perf_counter()
    engines = (after is not None and label is None) or on_game is not None
    played = simulate(specs, games=games, seed=seed, duplicate=duplicate, first=first,
                      keep_moves=engines, **options)
    if played is None:
        return None
    engine_games = iter(dealt) if engines else None
    for deal, r, seats, winner, moves, decisions, codes, how in played:
        if engine_games is None:
            summary.tally(_Over(winner), r, seats, moves, decisions)
            if label is not None:
                label(how, r)
            continue
        r_engine, game = next(engine_games)
        assert r_engine == r
        for c in codes:
            replay(game, game.pending.seat, c)
        if game.pending is not None or list(outcome(game)) != [tuple(x) for x in seats]:
            raise TwinMismatch(f"deal {deal}, rotation {r}: the core's game ends "
                               f"{seats}, the engine's {list(outcome(game))}")
        summary.tally(game, r, outcome(game), moves, decisions)
        if label is not None:
            label(how, r)
        elif after is not None:
            after(game, r)
        if on_game is not None:
            on_game(game, [specs[(s - r) % n] for s in range(n)])
    summary.seconds = time.perf_counter() - start
    return summary


E = TypeVar("E")


def rotations(deal: Callable[[int], E], again: Callable[[E], E], *, players: int, games: int,
              first: int = 0, duplicate: bool = False) -> Iterator[tuple[int, E]]:
    """The games of a run, each with its rotation r (player p sits at seat (p + r) mod
    ``players``): deal k — ``deal(k)``, k counting from ``first`` — played once, or with
    ``duplicate`` once per rotation, each time afresh (``again(dealt)``: the same hands,
    stock and dealer, no move made).

    >>> [(r, d) for r, d in rotations(lambda k: k * 10, lambda d: d, players=2, games=2,
    ...                                   first=3, duplicate=True)]
    [(0, 30), (1, 30), (0, 40), (1, 40)]
    """
    for k in range(first, first + games):
        dealt = deal(k)
        for r in range(players if duplicate else 1):
            yield r, again(dealt)


def latency_summary(seconds: Sequence[float]) -> dict[str, float]:
    """Median, 99th percentile and maximum of decision times, in milliseconds."""
    if not seconds:
        return {"decisions": 0}
    xs = sorted(seconds)

    def pick(q: float) -> float:
        return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 2)

    return {"decisions": len(xs), "median": pick(0.5), "p99": pick(0.99),
            "max": round(xs[-1] * 1000, 2)}


__all__ = ["Z95", "DealTally", "Engine", "Figures", "Outcome", "PlayerStats", "RunSummary",
           "add_counts", "bot_seed", "deal_key", "duplicate_figures", "latency_summary", "play",
           "rotations", "run", "run_on_core"]
