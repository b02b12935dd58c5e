"""What every game that counts its cards says of a hand (Khanhoo, Qing): what it is worth
now, and what it waits for — at rest, its distance and the cards that would lower it;
owing a card, its distance and the discard table.

A game's ``Analysis`` subclasses :class:`HandAnalysis` with its own types, the word its
players use for the useful cards (``useful_key``), when its hand is at rest, and the head
of its JSON (its own keys); the tail — the useful cards or the discard table — is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar


class Row(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class UsefulRow(Row, Protocol):
    @property
    def unseen(self) -> int: ...


P = TypeVar("P")
S = TypeVar("S")
U = TypeVar("U", bound=UsefulRow)
D = TypeVar("D", bound=Row)


@dataclass(frozen=True)
class HandAnalysis(Generic[P, S, U, D]):
    """A hand's worth (``score``) and its ``distance``; at rest the ``useful`` cards,
    owing a card the ``discards``, best first."""

    position: P
    score: S
    distance: int | None
    useful: tuple[U, ...]
    discards: tuple[D, ...]
    useful_key: ClassVar[str] = "useful"  # the game's word: Qing's players say "waits"

    @property
    def at_rest(self) -> bool:
        """The hand owes no card: its useful cards are said, not its discards."""
        raise NotImplementedError

    def head(self) -> dict[str, Any]:
        """The game's own keys, first in the JSON."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """One object per position, stable keys: the game's head, then at rest the useful
        cards and their unseen copies, else the discard table."""
        out = self.head()
        if self.at_rest:
            out[self.useful_key] = [u.to_json() for u in self.useful]
            out[f"{self.useful_key}_unseen"] = sum(u.unseen for u in self.useful)
        else:
            out["discards"] = [d.to_json() for d in self.discards]
        return out


__all__ = ["HandAnalysis"]
