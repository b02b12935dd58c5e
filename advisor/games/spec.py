"""The one game contract: a game declared once, as a typed :class:`GameSpec`, and
everything that is the same in every game derived from it.

A game package writes its cards, its engine (``Game``: ``pending``, ``legal_actions()``,
``view(seat)``, ``act(seat, action)``, ``result``, ``to_record()``), its typed VIEW, its
advisor, its text, and one spec (``advisor.<game>.faces.GAME``) naming them. From the spec
come, for every game alike:

- the seat specs and :meth:`GameSpec.make_bot` (``random``, ``greedy``, ``advisor`` /
  ``advisor:MS`` up to the game's maximum budget, ``exec:COMMAND``);
- :meth:`GameSpec.replay` of a record and :meth:`GameSpec.view_at` (the VIEW and the
  legal actions where a record prefix stops);
- :meth:`GameSpec.read` of what a user holds (a VIEW, a typed position or a record
  prefix: :mod:`advisor.games.holding`) and :meth:`GameSpec.advice` on it;
- :meth:`GameSpec.simulate`, the game's simulator (its deal, outcome and own tallies over
  the shared skeleton of :mod:`advisor.games.simulate`);
- the commands and endpoints made from its :class:`~advisor.games.faces.Faces`.

The spec is generic in the game's engine ``G``, action ``A`` and VIEW ``V``, so that what
crosses the contract is typed (``mypy --strict``): ``advise`` takes a ``V`` and ``A`` s,
``view_at`` gives a ``V`` and ``A`` s, ``audit`` takes a ``G``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from typing import Any, Generic, Protocol, TypeVar

from advisor import core
from advisor.errors import AdvisorError, PositionError
from advisor.games.advice import SPEC_HELP, Advice, Seats, advisor_factory
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot, no_argument
from advisor.games.engine import Action
from advisor.games.faces import Context, Faces, Table
from advisor.games.holding import shape_of
from advisor.games.records import Replay, ResultForm, Upgrade, pending_view, replay_moves
from advisor.games.simulate import Engine, Outcome, RunSummary, play, run, run_on_core
from advisor.games.twin import CORE_SEATS, Twin
from advisor.games.view import View

G = TypeVar("G", bound=Engine)
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)
V_contra = TypeVar("V_contra", bound=View, contravariant=True)


class Advise(Protocol[V_contra, A_contra]):
    """A game's advisor: every legal action of the seat whose VIEW this is, ranked, with
    the counted work ``budget_ms`` milliseconds buy (:mod:`advisor.games.budget`),
    reproducible for ``seed``; ``limit_ms`` is the caller's deadline (a server's), the
    clock's safety cap (None: the default cap)."""

    def __call__(self, view: V_contra, legal: Sequence[A_contra], *, budget_ms: float,
                 seed: int, limit_ms: float | None = None) -> Advice: ...


@dataclass
class Run(Generic[G]):
    """A simulation run as a game starts it: its summary (the game's ``Summary``), its
    games — (rotation, engine) pairs, see :func:`advisor.games.simulate.rotations` —,
    and the game's own tally of a finished game (``tally(game, rotation)``) and of a game
    played on the core (``label(how it ended, rotation)``)."""

    summary: RunSummary
    games: Iterable[tuple[int, G]]
    tally: Callable[[G, int], None] | None = None
    # The same tally of a game played on the compiled core, from how it ended (the core's
    # label of it, advisor.games.twin.Played): a run with a tally and none of this makes
    # each of the core's games again in the engine to tally it.
    label: Callable[[str, int], None] | None = None


StartRun = Callable[..., Run[G]]
"""How a game starts a run: ``start(specs, *, games, seed, duplicate, first, **options)`` —
``games`` deals from deal ``first`` between the players named by ``specs`` (their number
already checked against the game's table sizes), under the game's own ``options`` (its
rules, as keyword arguments: a bad one raises :class:`~advisor.errors.AdvisorError`
naming it)."""


@dataclass(frozen=True)
class GameSpec(Generic[G, A, V]):
    """One game, declared once (see the module's docstring).

    >>> from advisor.registry import game
    >>> spec = game("ming")
    >>> spec.make_bot("advisor:20").name, spec.seat_specs
    ('advisor:20', 'random | greedy | advisor | advisor:BUDGET_MS | exec:COMMAND')
    """

    name: str  # in commands and URLs: ``advisor NAME …``, ``/v1/NAME/…``
    title: str  # for people
    players: tuple[int, int]  # the table sizes, fewest and most
    record_format: str
    read_action: Callable[[object], A]  # an ACTION's JSON → the game's action (errors name it)
    read_view: Callable[[object], V]  # a VIEW's JSON → the game's VIEW (errors name the field)
    # A typed position (the advice's flags as fields) → the seat's VIEW (errors name it).
    view_of_position: Callable[[object], V]
    legal_of: Callable[[V], list[A]]  # a VIEW's legal actions, from the engine
    from_record: Callable[[object], G]  # a record's deal, before any move (errors name it)
    deal: Callable[[int, int | None], G]  # a new deal: (players, seed) → engine
    outcome: Outcome  # a finished deal's (payment, won, deal score) per seat
    bot_rules: Callable[[G], object]  # what a bot is told of a deal's rules at its start
    greedy: Callable[[int | None], Bot]  # the game's greedy player, from a seed
    advise: Advise[V, A]
    default_budget_ms: float
    max_budget_ms: float
    simulation: StartRun[G]
    audit: Callable[[G], None]  # a finished deal's invariants; raises AssertionError
    faces: Faces
    tables: tuple[Table, ...] = ()  # the tables a soak plays (default: each size)
    # How a recorded move is applied (default: ``game.act(seat, action)``); Chắn
    # declines the claims a record leaves out first (C5).
    play_recorded: Callable[[G, int, A], None] | None = None
    seat_specs: str = field(default=SPEC_HELP)  # the seat specs it accepts, for help texts
    # The game's stronger rule-based player (seat spec ``greedy+``): the obvious look-ahead
    # a good casual player does, the baseline the advisor is measured against.
    strong: Callable[[int | None], Bot] | None = None
    # The game's advisor with its search under hidden cards turned on, where the game
    # does not search by default (seat spec ``search`` / ``search:BUDGET_MS``): measured
    # beside the advisor (docs/benchmarks.md) until it is the better of the two.
    search: Advise[V, A] | None = None
    # Where the search is the game's default (``advise`` searches), the advice without
    # it: the value model alone, quick (``--no-search``, ``?search=false``).
    model: Advise[V, A] | None = None
    # The review of a finished deal (advisor.games.review): a game that can state a deal's
    # exact truth declares its judge (``exact_review(deal, deadline)`` → a judge whose
    # search stops at the deadline, or None for a deal it cannot solve); a game whose
    # advice ranks by ``expected`` declares how many points of settlement a whole chance
    # to win is worth, to class losses in points.
    exact_review: Callable[[G, float | None], Any] | None = None
    points_per_chance: float | None = None
    # How a record's stated result is compared with the one its moves reach (replay,
    # review, the service): the rule of each field, the lists whose order is free.
    result_form: ResultForm = field(default_factory=ResultForm)
    # The older record formats the game still reads, each with how its record is brought
    # to today's (the result given the keys it lacked: advisor.games.records.upgraded).
    upgrades: Mapping[str, Upgrade] = field(default_factory=dict)
    # The module of the game's declarations for the web service beside its verbs (its own
    # schemas, rules profiles, server budget, verb costs: ``advisor.games.endpoints``),
    # named, not imported: only the service imports it.
    endpoints: str | None = None
    # The game's compiled twin (advisor.core): how its deals and actions cross to the core,
    # and its simulation runs there (advisor.games.twin). None: the Python engine only.
    twin: Twin[G, A] | None = None

    # --- derived ---------------------------------------------------------------------------

    @cached_property
    def seats(self) -> Seats:
        """The game's seat specs: ``random``, ``greedy``, ``greedy+`` (when the game has a
        ``strong`` player), ``advisor`` (``advisor:MS``, up to ``max_budget_ms``) and
        ``exec:COMMAND``."""
        seats = Seats.standard(self.greedy, self.advise, self.default_budget_ms,
                               self.max_budget_ms, parse=self.read_action)
        builtins, text = dict(seats.builtins), seats.help
        if self.strong is not None:
            builtins["greedy+"] = no_argument(self.strong, "greedy+")
            text = text.replace("greedy |", "greedy | greedy+ |")
        if self.search is not None:
            builtins["search"] = advisor_factory(self.search, self.default_budget_ms,
                                                 self.max_budget_ms, "search")
            text = text.replace("advisor:BUDGET_MS |", "advisor:BUDGET_MS | search:BUDGET_MS |")
        return Seats(builtins, seats.parse, text)

    def make_bot(self, spec: str, *, seed: int | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
        """A bot from its seat spec; an unknown spec raises
        :class:`~advisor.errors.AdvisorError` naming it and the specs the game accepts."""
        return self.seats.make_bot(spec, seed=seed, time_limit=time_limit)

    def reads(self, fmt: object) -> bool:
        """Whether ``fmt`` is a record format of this game: today's or an older one it
        still reads."""
        return isinstance(fmt, str) and (fmt == self.record_format or fmt in self.upgrades)

    def current(self, rec: object) -> object:
        """A record in today's format: one of an older format the game reads, with its
        stated result in today's shape; any other as it is (to be checked as it is)."""
        fmt = rec.get("format") if isinstance(rec, dict) else None
        if isinstance(rec, dict) and isinstance(fmt, str) and fmt in self.upgrades:
            return self.upgrades[fmt](rec)
        return rec

    def replay(self, rec: object, *, partial: bool = False) -> Replay:
        """Replay a record move by move through the engine, so every rule is checked, and
        compare the result. With ``partial``, a record that stops before the end of the
        deal (a prefix, with no result) is valid. The result is compared as values, by the
        game's ``result_form`` (:func:`advisor.games.records.result_mismatch`); a record
        of an older format is read as today's (:meth:`current`)."""
        return replay_moves(self.current(rec), deal=self.from_record, parse=self.read_action,
                            apply=self.play_recorded, partial=partial,
                            result=self.result_form)

    def view_at(self, rec: object, seat: int | None = None) -> tuple[V, list[A]]:
        """The VIEW of the seat to act where a record prefix stops, and its legal actions
        (with ``seat``, the decision must be that seat's); errors name what is wrong."""
        view, legal = pending_view(self.replay(rec, partial=True), seat)
        return view, legal

    def read(self, obj: object, seat: int | None = None) -> tuple[V, list[A]]:
        """The VIEW and the legal actions of the decision ``obj`` poses: a record prefix
        (``"format"``: the game's record format), a VIEW as the engine sends it, or a
        typed position (:func:`advisor.games.holding.shape_of`). The legal actions are the
        engine's (``legal_of``). With ``seat``, the decision must be that seat's; a VIEW
        that is not its seat's decision is a :class:`~advisor.errors.PositionError`
        naming the field."""
        if not isinstance(obj, dict):
            raise PositionError("expected a JSON object: a VIEW, a position or a record "
                                "prefix", field="$")
        shape = shape_of(obj)
        if shape == "record":
            if not self.reads(obj["format"]):
                raise PositionError(f"format: expected '{self.record_format}', not "
                                    f"{obj['format']!r}", field="format")
            return self.view_at(obj, seat)
        view = self.read_view(obj) if shape == "view" else self.view_of_position(obj)
        if view.to_act != view.seat:
            raise PositionError(f"to_act: it is seat {view.to_act}'s decision, not seat "
                                f"{view.seat}'s", field="to_act")
        if seat is not None and seat != view.seat:
            raise PositionError(f"seat: the VIEW is seat {view.seat}'s, not seat {seat}'s",
                                field="seat")
        legal = self.legal_of(view)
        if not legal:
            raise PositionError("phase: the VIEW has no decision pending", field="phase")
        return view, legal

    @property
    def review_advice(self) -> Advise[V, A]:
        """The advice a review asks (:mod:`advisor.games.review`): the game's, but its
        value model alone where its default searches (``model``: Qing's) — the search's
        playouts judge one decision more noisily, and its losses follow results less
        (docs/review.md)."""
        return self.model if self.model is not None else self.advise

    def advice(self, obj: object, ctx: Context | None = None) -> Advice:
        """The game's advice on what a user holds (:meth:`read`, with the context's
        ``seat``), within the context's budget, seed and time limit."""
        ctx = ctx or Context(self.default_budget_ms)
        view, legal = self.read(obj, ctx.seat)
        advise = self.advise  # the game's default
        if ctx.search and self.search is not None:
            advise = self.search
        elif ctx.search is False and self.model is not None:
            advise = self.model
        return advise(view, legal, budget_ms=ctx.budget_ms, seed=ctx.seed,
                      limit_ms=ctx.limit_ms)

    def play(self, game: G, bots: Sequence[Bot]) -> tuple[int, int]:
        """Play one deal to its end between ``bots`` (the bot at seat s plays seat s), each
        told the deal's rules at the start; forced moves are played without asking.
        Returns (moves, bot decisions)."""
        return play(game, bots, self.bot_rules(game))

    def simulate(self, specs: Sequence[str], *, games: int, seed: int = 0,
                 duplicate: bool = False, time_limit: float = DEFAULT_TIME_LIMIT,
                 on_game: Callable[[G, list[str]], None] | None = None, first: int = 0,
                 **options: Any) -> RunSummary:
        """Play ``games`` deals (each once per seat rotation with ``duplicate``, so every
        player gets every hand) between the players named by ``specs`` — player p at seat
        p, rotated per replay —, under the game's own ``options``. Deal k of a run is the
        same whatever came before it, so a long run splits into slices (``first``) whose
        summaries merge. ``on_game(game, specs by seat)`` sees each finished game."""
        n, (low, high) = len(specs), self.players
        if not low <= n <= high:
            size = f"{low}" if low == high else f"{low} to {high} players"
            raise AdvisorError(f"seats: {n} seat specs given; a table has {size}",
                               field="seats")
        if games < 1:
            raise AdvisorError("games: at least one deal", field="games")
        started = self.simulation(specs, games=games, seed=seed, duplicate=duplicate,
                                  first=first, **options)
        if self.twin is not None and self.twin.simulate is not None and core.available() \
                and set(specs) <= CORE_SEATS:
            done = run_on_core(started.summary, started.games, self.twin.simulate, self.outcome,
                               specs=list(specs), games=games, seed=seed, duplicate=duplicate,
                               first=first, after=started.tally, label=started.label,
                               on_game=on_game, options=options, replay=self._replay_move)
            if done is not None:
                return done
        bots = [self.make_bot(s, seed=seed * 1009 + p, time_limit=time_limit)
                for p, s in enumerate(specs)]
        return run(started.summary, bots, started.games, rules=self.bot_rules,
                   outcome=self.outcome, after=started.tally, on_game=on_game)

    def _replay_move(self, game: G, seat: int, code: int) -> None:
        """A move the core played, made in the engine (its twin's action of the code)."""
        assert self.twin is not None
        game.act(seat, self.twin.action(code))

    def __reduce__(self) -> tuple[Callable[[str], AnySpec], tuple[str]]:
        """A spec travels to another process by its name (a run's slices,
        :mod:`advisor.games.parallel`): the game of that name's declared spec."""
        return _registered, (self.name,)

    def soak_tables(self) -> tuple[Table, ...]:
        """The tables a soak plays: the declared ones, or one per table size."""
        low, high = self.players
        return self.tables or tuple(Table(f"{n} players", n) for n in range(low, high + 1))


def _registered(name: str) -> AnySpec:
    """The spec a game declares (``advisor.<name>.faces.GAME``, as the registry lists it)."""
    spec: AnySpec = import_module(f"advisor.{name}.faces").GAME
    return spec


AnySpec = GameSpec[Any, Any, Any]
"""A spec of any game, as the faces and tools hold it."""

__all__ = ["Advise", "AnySpec", "GameSpec", "Run", "StartRun"]
