"""What every game's engine shares: the log of moves, and the action triads' core —
``verify`` raises with the rule a move breaks, ``can`` answers yes or no, ``act``
verifies, logs and applies (in the style of pokerkit's operations).

An engine subclasses :class:`RuleEngine`, keeps ``log`` and implements ``_check(seat,
action)`` (the first rule the action breaks, as (rule ID, reason), or None) and one
``_do_<do>(seat, action)`` per kind of action. Its own triads (``verify_eat``,
``can_eat``, ``eat``…) are declared once each, as a :class:`Triad` that builds the
action from the method's arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast, overload

from advisor.counts import Counts
from advisor.errors import IllegalActionError, PositionError


class Action(Protocol):
    """An action of any game: what it does, and its JSON (the bot protocol's ACTION)."""

    @property
    def do(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=Action)
P = TypeVar("P", bound=str)
Args = ParamSpec("Args")
L = TypeVar("L")
V = TypeVar("V")


@dataclass(frozen=True)
class Decision(Generic[P]):
    """The decision pending: which seat, in which phase (the game's phases)."""

    seat: int
    phase: P


@dataclass(frozen=True)
class Move(Generic[A]):
    """One entry of the log: a seat's action, numbered from 1."""

    number: int
    seat: int
    action: A  # the game's Action

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **self.action.to_json()}


class RuleEngine:
    """The log, the pending decision and the triads' core of a game engine (the engine
    keeps ``result``, ``seats``, ``_phase`` and ``_to_act``)."""

    log: list[Move[Any]]
    result: Any
    seats: list[Any]
    _phase: Any
    _to_act: int

    @property
    def over(self) -> bool:
        """Whether the deal has ended (``result`` is set)."""
        return self.result is not None

    @property
    def pending(self) -> Decision[Any] | None:
        """The decision to make now, or None when the deal is over."""
        return None if self.over else Decision(self._to_act, self._phase)

    def hand(self, seat: int) -> Counts:
        """The concealed cards of ``seat`` (a count vector)."""
        counts: Counts = self.seats[seat].counts()
        return counts

    def _check(self, seat: int, action: Any) -> tuple[str, str] | None:
        raise NotImplementedError

    def _turn_problem(self, seat: int, do: str, allowed: Mapping[str, Sequence[str]], *,
                      rule: str, over: str) -> tuple[str, str] | None:
        """What every engine checks first, by ``rule`` (``over`` once the deal is over):
        the deal goes on, the seat exists, the decision is its own and ``do`` is a move of
        the phase (``allowed[phase]``)."""
        if self.over:
            return (over, "the deal is over")
        phase, to_act = self._phase, self._to_act
        if not 0 <= seat < len(self.seats):
            return (rule, f"there is no seat {seat} ({len(self.seats)} players)")
        if seat != to_act:
            return (rule, f"it is seat {to_act}'s decision ({phase}), not seat {seat}'s")
        if do not in allowed[phase]:
            return (rule, f"'{do}' is not a move in the {phase} phase "
                          f"(allowed: {', '.join(allowed[phase])})")
        return None

    def _logged(self, seat: int, action: Any) -> bool:
        """Whether the move goes into the log (and the record): every move, unless the
        game says otherwise (Chắn does not record a declined claim, C5)."""
        return True

    @property
    def move_number(self) -> int:
        """The number the next move will get."""
        return len(self.log) + 1

    def verify(self, seat: int, action: Any) -> None:
        """Raise :class:`IllegalActionError` (with the rule ID) unless the action is legal."""
        problem = self._check(seat, action)
        if problem is not None:
            raise IllegalActionError(*problem)

    def can(self, seat: int, action: Any) -> bool:
        """Whether the action is legal now."""
        return self._check(seat, action) is None

    def act(self, seat: int, action: Any) -> None:
        """Verify and apply an action, and log it."""
        self.verify(seat, action)
        if self._logged(seat, action):
            self.log.append(Move(self.move_number, seat, action))
        getattr(self, f"_do_{action.do}")(seat, action)


class PendingView(Protocol):
    """What a VIEW says of the decision it poses."""

    @property
    def seat(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> int: ...


def check_pending(view: PendingView, phases: Collection[str]) -> None:
    """Raise a :class:`PositionError` naming the field unless the VIEW poses a decision
    (its ``phase`` one of ``phases``) to its own seat — the first check of a deal made
    from a VIEW.

    >>> from types import SimpleNamespace as V
    >>> check_pending(V(seat=1, phase="turn", to_act=1), ["turn"])
    >>> check_pending(V(seat=1, phase="turn", to_act=0), ["turn"])
    Traceback (most recent call last):
    ...
    advisor.errors.PositionError: to_act: it is seat 0's decision, not seat 1's
    """
    if view.phase not in phases:
        raise PositionError("phase: the deal is over; there is no decision to advise",
                            field="phase")
    if view.to_act != view.seat:
        raise PositionError(f"to_act: it is seat {view.to_act}'s decision, not seat "
                            f"{view.seat}'s", field="to_act")


class Legal(Protocol[L]):
    def legal_actions(self) -> list[L]: ...


def legal_from(world: Callable[[V], Legal[L]]) -> Callable[[V], list[L]]:
    """A game's ``legal_of``: the legal actions of a VIEW's seat, as the engine lists them
    in the deal ``world(view)`` made from the VIEW."""

    def legal_of(view: V) -> list[L]:
        return world(view).legal_actions()

    legal_of.__doc__ = ("The legal actions of the VIEW's seat, as the engine lists them "
                        "(:func:`world`).")
    return legal_of


class Triad(Generic[Args]):
    """One kind of action as three methods of an engine: ``<name>(seat, …)`` verifies,
    logs and applies it; the ``verify_<name>`` and ``can_<name>`` made beside it raise
    with the rule it breaks, or answer whether it is legal. ``build`` makes the action
    from the arguments that follow the seat.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Act:
    ...     do: str
    ...     card: str | None = None
    >>> class Toy(RuleEngine):
    ...     def __init__(self):
    ...         self.log, self.result = [], None
    ...     def _check(self, seat, a):
    ...         return None if a.do == "pass" else ("T1", f"no {a.do} of {a.card}")
    ...     def _do_pass(self, seat, a):
    ...         self.result = "passed"
    ...     pass_ = Triad(lambda: Act("pass"), "Pass.")
    ...     steal = Triad(lambda card: Act("steal", card), "Steal a card.")
    >>> t = Toy()
    >>> t.can_pass(0), t.can_steal(0, "2c")
    (True, False)
    >>> t.verify_steal(0, "2c")
    Traceback (most recent call last):
    ...
    advisor.errors.IllegalActionError: T1: no steal of 2c
    >>> t.pass_(0)
    >>> t.result, t.log[0].action.do, Toy.pass_.__doc__
    ('passed', 'pass', 'Pass.')
    """

    def __init__(self, build: Callable[Args, Any], doc: str) -> None:
        self.build = build
        self.__doc__ = doc

    def __set_name__(self, owner: type[RuleEngine], name: str) -> None:
        build, bare = self.build, name.rstrip("_")

        def verify(engine: RuleEngine, seat: int, *args: Any, **kwargs: Any) -> None:
            engine.verify(seat, build(*args, **kwargs))

        def can(engine: RuleEngine, seat: int, *args: Any, **kwargs: Any) -> bool:
            return engine.can(seat, build(*args, **kwargs))

        verify.__doc__ = f"Raise :class:`IllegalActionError` unless ``{name}`` is legal now."
        can.__doc__ = f"Whether ``{name}`` is legal now."
        setattr(owner, f"verify_{bare}", verify)
        setattr(owner, f"can_{bare}", can)

    @overload
    def __get__(self, engine: None, owner: type) -> Triad[Args]: ...

    @overload
    def __get__(self, engine: RuleEngine, owner: type) -> Callable[Concatenate[int, Args],
                                                                   None]: ...

    def __get__(self, engine: RuleEngine | None, owner: type) -> Any:
        if engine is None:
            return self
        build = self.build

        def act(seat: int, *args: Args.args, **kwargs: Args.kwargs) -> None:
            engine.act(seat, build(*args, **kwargs))

        act.__doc__ = self.__doc__
        return act


TV = TypeVar("TV")
TA = TypeVar("TA")


class PlayersSeat(Generic[TV, TA]):
    """A table's engine as its player meets it from seat 0 (the bots sit at the others):
    a mixin for a table that holds the engine as ``game``."""

    game: Any

    @property
    def waiting(self) -> bool:
        """True when the player has a decision to make."""
        d = self.game.pending
        return d is not None and d.seat == 0

    def view(self) -> TV:
        """The player's VIEW: nothing the seat may not know."""
        return cast(TV, self.game.view(0))

    def legal(self) -> list[TA]:
        """The player's legal actions now (empty when it is not the player's turn)."""
        return list(self.game.legal_actions()) if self.waiting else []

    def _apply(self, seat: int, action: TA) -> None:
        """Take ``seat``'s action at the table (the engine judges it)."""
        raise NotImplementedError

    def play_to_player(self, bot: Callable[[int], Any]) -> None:
        """Play every forced move, and the bots' decisions (``bot(seat)``: the seat's
        bot), through :meth:`_apply`, up to the player's next real decision (one of more
        than one legal action) or the end of the deal."""
        g = self.game
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) == 1:
                self._apply(d.seat, legal[0])
                continue
            if d.seat == 0:
                return
            self._apply(d.seat, bot(d.seat).decide(g.view(d.seat), legal))


__all__ = ["Action", "Decision", "Move", "PendingView", "PlayersSeat", "RuleEngine", "Triad",
           "check_pending", "legal_from"]
