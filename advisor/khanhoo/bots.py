"""Bots that play a Khanhoo seat through the bot protocol (docs/khanhoo.md), and the seat
specs that name them: ``random``, ``greedy``, ``advisor`` (advisor.khanhoo.advice),
``exec:COMMAND``.

A bot sees only its seat's VIEW and the legal actions; it answers one of them. The
simulator asks only for decisions with more than one legal action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from advisor.botpipe import BotProcess, Incident
from advisor.deals import BaseBot
from advisor.errors import AdvisorError
from advisor.khanhoo.cards import (
    JOKER,
    KINDS,
    NUMERALS,
    Card,
    Counts,
    counts_of,
    parse_card,
    parse_cards,
)
from advisor.khanhoo.game import Action
from advisor.khanhoo.melds import HAND_SIZE, ORPHAN_SIZE, distance
from advisor.khanhoo.rules import ROYAL_PARTNER, Rules

DEFAULT_TIME_LIMIT = 5.0
"""Seconds an external bot may take for one decision."""


class Bot(Protocol):
    """What the simulator needs of a player."""

    name: str

    def start(self, seat: int, rules: dict[str, Any]) -> None: ...

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...

    def end(self, result: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class SeatCards:
    """What a seat knows of its own cards, read from its VIEW."""

    rules: Rules
    hand: Counts
    own: Counts  # hand + melds + cache
    target: int  # concealed cards it goes out with
    unseen: Counts  # copies it has not seen anywhere

    @classmethod
    def of(cls, view: dict[str, Any]) -> SeatCards:
        """The seat's cards as its VIEW shows them."""
        rules = Rules.build(view["sets"], view["jokers"], view.get("options"))
        hand = counts_of(parse_cards(view["hand"], limit=(99,) * KINDS))
        me = view["table"][view["seat"]]
        laid = [c for m in me["melds"] for c in parse_cards(m, limit=(99,) * KINDS)]
        if view.get("cache"):
            laid += [parse_card(view["cache"])] * 3
        target = (ORPHAN_SIZE if view.get("orphan") == view["seat"] else HAND_SIZE) - len(laid)
        own = counts_of([*laid, *parse_cards(view["hand"], limit=(99,) * KINDS)])
        seen = [c for n, t in enumerate(view["table"]) if n != view["seat"]
                for m in t["melds"] for c in m]
        seen += view["pile"]
        seen_counts = counts_of(parse_cards(seen, limit=(99,) * KINDS)) if seen else (0,) * KINDS
        unseen = tuple(max(0, p - a - b) for p, a, b in
                       zip(rules.pack.counts, own, seen_counts))
        return cls(rules, hand, own, target, unseen)


def without(c: Counts, cards: Sequence[Card]) -> Counts:
    """``c`` less one copy of each of ``cards``."""
    out = list(c)
    for x in cards:
        out[x.index] -= 1
    return tuple(out)


def partners(hand: Counts, c: Card) -> int:
    """How many hand cards could share a combination with ``c``: neighbours of its suit,
    cards of its rank, and its Khanhoo or Royal partners. Fewer means a better discard."""
    if c.index == JOKER:
        return 99
    n = 0
    if c.index < NUMERALS:
        suit, rank = divmod(c.index, 9)
        for r in range(max(0, rank - 2), min(8, rank + 2) + 1):
            n += hand[suit * 9 + r] - (r == rank)
        n += sum(hand[s * 9 + rank] for s in range(3) if s != suit)
    else:
        n += sum(hand[k] for k in (27, 28, 29)) - 1
    special = {0: (10, 20), 10: (0, 20), 20: (0, 10)}
    for k in special.get(c.index, ()):
        n += hand[k]
    for court, partner in ROYAL_PARTNER.items():
        if c.index == court:
            n += hand[partner]
        if c.index == partner:
            n += hand[court]
    return n


class RandomBot(BaseBot):
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


class GreedyBot(BaseBot):
    """A plain heuristic on the distance: go out at once with the most points; claim a
    Quartette; take or bump when the combination, with the best discard after it, brings
    the hand closer to going out; discard the card that leaves the smallest distance (then
    the card with the fewest partners in hand). Lays a cache only with four sets."""

    name = "greedy"

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        by_do: dict[str, list[Action]] = {}
        for a in legal:
            by_do.setdefault(a.do, []).append(a)
        for do in ("out", "quartette"):
            if do in by_do:
                return by_do[do][0]
        seat = SeatCards.of(view)
        if "cache" in by_do and seat.rules.sets >= 4:
            return by_do["cache"][0]
        if "discard" in by_do:
            return best_discard(seat, by_do["discard"])
        claims = by_do.get("take", []) + by_do.get("bump", [])
        if claims:
            choice = best_claim(seat, view, claims)
            if choice is not None:
                return choice
        return by_do.get("pass", list(legal))[0]


def _d(value: int | None) -> int:
    return 99 if value is None else value


def best_discard(seat: SeatCards, discards: Sequence[Action]) -> Action:
    """The discard leaving the smallest distance, then the fewest partners."""
    scored = []
    for a in discards:
        assert a.card is not None
        after = without(seat.hand, [a.card])
        d = _d(distance(after, seat.rules, seat.target, seat.own))
        scored.append(((d, partners(seat.hand, a.card), -a.card.index), a))
    return min(scored, key=lambda sa: sa[0])[1]


def best_claim(seat: SeatCards, view: dict[str, Any], claims: Sequence[Action]) -> Action | None:
    """The take or bump that lowers the distance most (ties: the combination's cards
    count), or None when none lowers it."""
    now = _d(distance(seat.hand, seat.rules, seat.target, seat.own))
    x = parse_card(view["offer"]["card"])
    best: tuple[int, int] | None = None
    choice = None
    for a in claims:
        after = without(seat.hand, a.with_)
        own = tuple(o + (k == x.index) for k, o in enumerate(seat.own))
        target = seat.target - len(a.with_) - 1
        d = _d(distance(after, seat.rules, target, own))
        key = (d, -len(a.with_))
        if d < now and (best is None or key < best):
            best, choice = key, a
    return choice


@dataclass
class ExecBot:
    """A program speaking the bot protocol on stdin/stdout, one process per player.

    A malformed, illegal or late reply is replaced by the first legal action and recorded
    in ``incidents``; a bot that exits or stops answering is never waited on again."""

    command: str
    time_limit: float = DEFAULT_TIME_LIMIT
    pipe: BotProcess = field(init=False)

    def __post_init__(self) -> None:
        self.pipe = BotProcess(self.command, self.time_limit)
        self.name = self.pipe.name

    @property
    def incidents(self) -> list[Incident]:
        return self.pipe.incidents

    def start(self, seat: int, rules: dict[str, Any]) -> None:
        self.pipe.start_deal(seat, rules)

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.pipe.decide(view, legal, Action.from_json)

    def end(self, result: dict[str, Any]) -> None:
        self.pipe.end_deal(result)

    def close(self) -> None:
        self.pipe.close()


SPEC_HELP = "random | greedy | advisor[:SECONDS] | exec:COMMAND"


def make_bot(spec: str, *, seed: int | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
    """A bot from its seat spec (``random``, ``greedy``, ``advisor`` — the advisor's first
    choice, optionally with its time budget in seconds, ``advisor:0.2`` — or
    ``exec:python bot.py``)."""
    spec = spec.strip()
    if spec == "random":
        return RandomBot(seed)
    if spec == "greedy":
        return GreedyBot()
    if spec == "advisor" or spec.startswith("advisor:"):
        from advisor.khanhoo.advice import AdvisorBot  # the advisor builds on the bots

        return AdvisorBot.from_spec(spec, seed)
    if spec.startswith("exec:") and spec[5:].strip():
        return ExecBot(spec[5:].strip(), time_limit)
    raise AdvisorError(f"'{spec}' is not a seat spec ({SPEC_HELP})", field="seats", token=spec)


__all__ = ["Bot", "ExecBot", "GreedyBot", "Incident", "RandomBot", "SeatCards",
           "best_claim", "best_discard", "make_bot", "partners"]
