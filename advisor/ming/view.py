"""A seat's VIEW of a Ming Kanhu deal: what it may know, as an immutable value.

A seat sees its own hand, every play laid face up (a play that beat the best so far,
M5), the number of cards of every play laid face down — but not their cards, unless the
play is its own — the size of every hand, the captured cards and bonuses of every seat
(they are public: a trick's winner takes every card of it, M6) and the size of the
unused stock (never seen, M2). The trick winner does not look at the face-down cards he
takes **[choice]**: nobody but their player ever sees them.

>>> from advisor.ming.game import Game
>>> g = Game.from_deal(2, seed=1)
>>> v = g.view(g.eldest)
>>> View.from_json(v.to_json()) == v, v.phase, len(v.hand_cards)
(True, 'lead', 13)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from advisor.errors import AdvisorError, CardError, DuplicateCardError, PositionError
from advisor.ming.cards import Card, cards_of, codes, mask_of, parse_cards
from advisor.ming.plays import DECLARATIONS, Declare

PHASES = ("lead", "follow", "over")
HAND_SIZES = {2: 13, 3: 9}
"""Cards dealt to each player (M2); the rest, 4 or 3, is the unused stock."""


@dataclass(frozen=True)
class SeenPlay:
    """One play as a seat sees it: who played, how many cards, whether it was shown
    (it beat the best so far) and its cards — 0 (unknown) for another seat's face-down
    play."""

    seat: int
    count: int
    shown: bool
    cards: int = 0  # bitmask; 0 when this seat does not know them

    @property
    def known(self) -> bool:
        return self.cards != 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "count": self.count, "shown": self.shown}
        if self.cards:
            out["cards"] = codes(self.cards)
        return out


@dataclass(frozen=True)
class SeenTrick:
    """A trick as a seat sees it: the leader, what a Leopard 9 led was declared, the
    plays in order, and, once complete, its winner and the bonus he scored."""

    leader: int
    plays: tuple[SeenPlay, ...]
    declare: Declare | None = None
    winner: int | None = None
    bonus: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"leader": self.leader,
                               "plays": [p.to_json() for p in self.plays]}
        if self.declare is not None:
            out["declare"] = self.declare
        if self.winner is not None:
            out["winner"] = self.winner
            out["bonus"] = self.bonus
        return out


@dataclass(frozen=True)
class View:
    """What ``seat`` may know of the deal (see the module's docstring). ``trick`` is the
    trick in progress (None between tricks and at the end); ``tricks`` the completed
    ones, oldest first; ``scores`` = ``captured`` + ``bonuses`` (M7)."""

    seat: int
    phase: str  # "lead", "follow" or "over"
    players: int
    dealer: int
    eldest: int
    to_act: int
    hand: int  # bitmask
    hand_sizes: tuple[int, ...]
    captured: tuple[int, ...]
    bonuses: tuple[int, ...]
    stock: int  # cards in the unused stock
    tricks: tuple[SeenTrick, ...] = ()
    trick: SeenTrick | None = None

    @property
    def hand_cards(self) -> list[Card]:
        return cards_of(self.hand)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(c + b for c, b in zip(self.captured, self.bonuses))

    @property
    def known(self) -> int:
        """Every card this seat has seen: its hand, every play shown, its own face-down
        plays (bitmask)."""
        m = self.hand
        for t in (*self.tricks, *((self.trick,) if self.trick else ())):
            for p in t.plays:
                m |= p.cards
        return m

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "phase": self.phase, "players": self.players,
            "dealer": self.dealer, "eldest": self.eldest, "to_act": self.to_act,
            "hand": codes(self.hand), "hand_sizes": list(self.hand_sizes),
            "captured": list(self.captured), "bonuses": list(self.bonuses),
            "scores": list(self.scores), "stock": self.stock,
            "tricks": [t.to_json() for t in self.tricks],
            "trick": self.trick.to_json() if self.trick else None,
        }

    @classmethod
    def from_json(cls, obj: object) -> View:
        """A VIEW from its JSON, every field checked once (errors name the field)."""
        if isinstance(obj, View):
            return obj
        if not isinstance(obj, Mapping):
            raise PositionError("a VIEW must be a JSON object", field="$")
        known = {"seat", "phase", "players", "dealer", "eldest", "to_act", "hand",
                 "hand_sizes", "captured", "bonuses", "scores", "stock", "tricks", "trick"}
        unknown = sorted(set(obj) - known)
        if unknown:
            raise PositionError(f"{unknown[0]}: unknown field of a VIEW", field=unknown[0])
        players = _int(obj, "players", 2, 3)
        n = players
        seat = _int(obj, "seat", 0, n - 1)
        phase = obj.get("phase")
        if phase not in PHASES:
            raise PositionError(f"phase: one of {', '.join(PHASES)}", field="phase")
        dealer = _int(obj, "dealer", 0, n - 1)
        eldest = _int(obj, "eldest", 0, n - 1)
        to_act = _int(obj, "to_act", 0, n - 1)
        seen = 0
        hand = _cards(obj.get("hand"), "hand", seen)
        seen |= hand
        sizes = _ints(obj, "hand_sizes", n, 0, HAND_SIZES[n])
        captured = _ints(obj, "captured", n, 0, 30)
        bonuses = _ints(obj, "bonuses", n, 0, 200)
        stock = _int(obj, "stock", 30 - n * HAND_SIZES[n], 30 - n * HAND_SIZES[n])
        if hand.bit_count() != sizes[seat]:
            raise PositionError(f"hand: {hand.bit_count()} cards, but hand_sizes[{seat}] is "
                                f"{sizes[seat]}", field="hand")
        raw = obj.get("tricks", [])
        if not isinstance(raw, list):
            raise PositionError("tricks: expected a list of tricks", field="tricks")
        tricks = []
        for i, t in enumerate(raw):
            trick, seen = _trick(t, f"tricks[{i}]", n, seen, complete=True)
            tricks.append(trick)
        current = None
        if obj.get("trick") is not None:
            current, seen = _trick(obj["trick"], "trick", n, seen, complete=False)
        played = sum(p.count for t in (*tricks, *((current,) if current else ()))
                     for p in t.plays)
        if played + sum(sizes) != n * HAND_SIZES[n]:
            raise PositionError(f"hand_sizes: the hands ({sum(sizes)}) and the plays "
                                f"({played}) do not make the {n * HAND_SIZES[n]} cards dealt",
                                field="hand_sizes")
        if sum(captured) != sum(sum(p.count for p in t.plays) for t in tricks):
            raise PositionError("captured: the cards captured are not the cards of the "
                                "tricks won", field="captured")
        view = cls(seat, str(phase), n, dealer, eldest, to_act, hand, sizes, captured,
                   bonuses, stock, tuple(tricks), current)
        if "scores" in obj and list(obj["scores"]) != list(view.scores):
            raise PositionError("scores: each is the captured cards plus the bonuses (M7)",
                                field="scores")
        return view


def _int(obj: Mapping[str, Any], name: str, lo: int, hi: int) -> int:
    v = obj.get(name)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"{name}: expected an integer from {lo} to {hi}", field=name)
    return v


def _ints(obj: Mapping[str, Any], name: str, n: int, lo: int, hi: int) -> tuple[int, ...]:
    v = obj.get(name)
    if not isinstance(v, list) or len(v) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi for x in v):
        raise PositionError(f"{name}: expected {n} integers from {lo} to {hi}", field=name)
    return tuple(v)


def _cards(value: object, name: str, seen: int) -> int:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected a list of card codes", field=name)
    try:
        return mask_of(parse_cards(value, seen=seen))
    except (CardError, DuplicateCardError) as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def _trick(t: object, name: str, n: int, seen: int, *,
           complete: bool) -> tuple[SeenTrick, int]:
    if not isinstance(t, Mapping):
        raise PositionError(f"{name}: expected a trick object", field=name)
    leader = _int(t, "leader", 0, n - 1) if "leader" in t else -1
    if leader < 0:
        raise PositionError(f"{name}.leader: missing", field=f"{name}.leader")
    declare = t.get("declare")
    if declare is not None and declare not in DECLARATIONS:
        raise PositionError(f"{name}.declare: leopard or special", field=f"{name}.declare")
    plays_raw = t.get("plays")
    if not isinstance(plays_raw, list) or not 1 <= len(plays_raw) <= n:
        raise PositionError(f"{name}.plays: 1 to {n} plays", field=f"{name}.plays")
    plays = []
    for j, p in enumerate(plays_raw):
        where = f"{name}.plays[{j}]"
        if not isinstance(p, Mapping):
            raise PositionError(f"{where}: expected a play object", field=where)
        s = _int(p, "seat", 0, n - 1)
        count = _int(p, "count", 1, 3)
        shown = p.get("shown")
        if not isinstance(shown, bool):
            raise PositionError(f"{where}.shown: true or false", field=f"{where}.shown")
        cards = 0
        if "cards" in p:
            cards = _cards(p["cards"], f"{where}.cards", seen)
            seen |= cards
            if cards.bit_count() != count:
                raise PositionError(f"{where}.cards: {cards.bit_count()} cards, count {count}",
                                    field=f"{where}.cards")
        elif shown:
            raise PositionError(f"{where}.cards: a play shown has its cards",
                                field=f"{where}.cards")
        plays.append(SeenPlay(s, count, shown, cards))
    winner = None
    bonus = 0
    if complete:
        if len(plays) != n:
            raise PositionError(f"{name}.plays: a complete trick has {n} plays",
                                field=f"{name}.plays")
        winner = _int(t, "winner", 0, n - 1)
        bonus = _int(t, "bonus", 0, 9)
    return SeenTrick(leader, tuple(plays), declare, winner, bonus), seen


def check_view(view: object) -> View:
    """A VIEW, from a :class:`View` or its JSON (typed errors name the field)."""
    try:
        return View.from_json(view)
    except AdvisorError:
        raise
    except (TypeError, KeyError, ValueError) as err:  # a malformed nested value
        raise PositionError(f"a malformed VIEW: {err}", field="$") from None


__all__ = ["HAND_SIZES", "PHASES", "SeenPlay", "SeenTrick", "View", "check_view"]
