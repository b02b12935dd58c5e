"""What every game's engine shares: the log of moves, and the action triads' core —
``verify`` raises with the rule a move breaks, ``can`` answers yes or no, ``act``
verifies, logs and applies (in the style of pokerkit's operations).

An engine subclasses :class:`RuleEngine`, keeps ``log`` and implements ``_check(seat,
action)`` (the first rule the action breaks, as (rule ID, reason), or None) and one
``_do_<do>(seat, action)`` per kind of action. Its own triads (``verify_eat``,
``can_eat``, ``eat``…) are one-liners over ``verify``, ``can`` and ``act``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from advisor.counts import Counts
from advisor.errors import IllegalActionError


class Action(Protocol):
    """An action of any game: what it does, and its JSON (the bot protocol's ACTION)."""

    @property
    def do(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=Action)
P = TypeVar("P", bound=str)


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


__all__ = ["Action", "Decision", "Move", "RuleEngine"]
