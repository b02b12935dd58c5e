"""A seat's VIEW of a Khanhoo deal (docs/khanhoo.md, the bot protocol): its own cards,
what the table shows of every seat, the discard pile, and the sizes of what it cannot
see — as a frozen value, made by the engine (``Game.view(seat)``) or read from JSON once
(:meth:`View.from_json`), written back by :meth:`View.to_json`.

>>> from advisor.khanhoo.game import Game
>>> v = Game.from_deal(players=3, seed=4).view(1)
>>> v.seat, len(v.hand), v.table[1].cards, v.offer is None
(1, 16, 16, True)
>>> View.from_json(v.to_json()) == v
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.errors import AdvisorError, PositionError
from advisor.khanhoo.cards import KINDS, Card, parse_card, parse_cards
from advisor.khanhoo.rules import Rules

PHASES = ("turn", "claim", "draw", "over")
"""The phase of the deal (the engine's, :mod:`advisor.khanhoo.game`)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 5
MAX_TURNS = 200
"""Discards after which a deal nobody has gone out of is abandoned as a draw."""
UNKNOWN = "?"
"""A discard whose card is not known (a typed position gives only how many turns each
opponent has played): ``None`` in :attr:`TableSeat.discards`."""
_ANY = (99,) * KINDS  # a VIEW's cards are read without the pack's limit


@dataclass(frozen=True)
class TableSeat:
    """What the table shows of one seat: its laid combinations, whether it holds a
    cache, how many cards it holds and goes out with, and its discards in order."""

    melds: tuple[tuple[Card, ...], ...]
    cache: bool
    cards: int
    target: int
    discards: tuple[Card | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {"melds": [[c.code for c in m] for m in self.melds], "cache": self.cache,
                "cards": self.cards, "target": self.target,
                "discards": [UNKNOWN if c is None else c.code for c in self.discards]}


@dataclass(frozen=True)
class Offered:
    """The discard on offer and the seat that threw it."""

    card: Card
    by: int

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "by": self.by}


@dataclass(frozen=True)
class View:
    """Everything one seat may know of a deal: the rules, the seats, the phase, its hand
    and cache, the stock left, the pile, the discard on offer and the table."""

    rules: Rules
    players: int
    seat: int
    dealer: int | None  # None for a typed position
    leader: int | None
    orphan: int | None  # the seat that is orphan (K7), if any
    phase: str
    to_act: int
    hand: tuple[Card, ...]
    cache: Card | None  # the kind of the seat's own cache (K10)
    stock_left: int
    no_stock: bool
    turnovers: int
    discards_made: int
    max_turns: int
    pile: tuple[Card, ...]
    offer: Offered | None
    table: tuple[TableSeat, ...]

    @property
    def mine(self) -> TableSeat:
        """What the table shows of the seat itself."""
        return self.table[self.seat]

    def to_json(self) -> dict[str, Any]:
        """The bot protocol's VIEW object."""
        out: dict[str, Any] = {
            **self.rules.to_json(), "players": self.players, "seat": self.seat,
            "dealer": self.dealer, "leader": self.leader, "orphan": self.orphan,
            "phase": self.phase, "to_act": self.to_act,
            "hand": [c.code for c in self.hand],
            "cache": self.cache.code if self.cache else None,
            "stock_left": self.stock_left, "no_stock": self.no_stock,
            "turnovers": self.turnovers, "discards_made": self.discards_made,
            "max_turns": self.max_turns, "pile": [c.code for c in self.pile],
        }
        if self.offer is not None:
            out["offer"] = self.offer.to_json()
        out["table"] = [t.to_json() for t in self.table]
        return out

    @classmethod
    def from_json(cls, obj: object) -> View:
        """A VIEW from its JSON (every field :meth:`to_json` writes but ``offer`` is
        required), every field checked; errors name the field."""
        if not isinstance(obj, dict):
            raise PositionError("a VIEW must be a JSON object", field="$")
        for key in FIELDS:
            if key not in obj:
                raise PositionError(f"{key}: missing from the VIEW", field=key)
        options = obj["options"]
        if not isinstance(options, dict):
            raise PositionError("options: an object of rule options", field="options")
        rules = Rules.build(obj["sets"], obj["jokers"], options)
        players = _number(obj, "players", MIN_PLAYERS, MAX_PLAYERS)
        if obj["phase"] not in PHASES:
            raise PositionError(f"phase: one of {', '.join(PHASES)}", field="phase")
        table = obj["table"]
        if not isinstance(table, list) or len(table) != players or \
                not all(isinstance(t, dict) for t in table):
            raise PositionError(f"table: one object per seat, {players} in all", field="table")
        offer = obj.get("offer")
        if offer is not None and not isinstance(offer, dict):
            raise PositionError("offer: an object with the card and the seat that threw it",
                                field="offer")
        return cls(
            rules, players, _seat(obj, "seat", players), _seat_or_none(obj, "dealer", players),
            _seat_or_none(obj, "leader", players), _seat_or_none(obj, "orphan", players),
            obj["phase"], _seat(obj, "to_act", players), _cards(obj["hand"], "hand"),
            None if obj["cache"] is None else _card(obj["cache"], "cache"),
            _number(obj, "stock_left", 0), _flag(obj, "no_stock"), _number(obj, "turnovers", 0),
            _number(obj, "discards_made", 0), _number(obj, "max_turns", 1),
            _cards(obj["pile"], "pile"),
            None if offer is None else Offered(_card(offer.get("card"), "offer.card"),
                                               _seat(offer, "by", players, "offer.")),
            tuple(_table_seat(t, f"table[{i}].") for i, t in enumerate(table)),
        )


FIELDS = ("sets", "jokers", "options", "players", "seat", "dealer", "leader", "orphan",
          "phase", "to_act", "hand", "cache", "stock_left", "no_stock", "turnovers",
          "discards_made", "max_turns", "pile", "table")
"""The fields of a VIEW's JSON, in order (``offer``, when a discard is on offer, comes
before ``table``)."""
SEAT_FIELDS = ("melds", "cache", "cards", "target", "discards")


def _number(obj: dict[str, Any], key: str, lo: int, hi: int | None = None,
            at: str = "") -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < lo or \
            (hi is not None and value > hi):
        span = f"from {lo} to {hi}" if hi is not None else f"from {lo} up"
        raise PositionError(f"{at}{key}: an integer {span}", field=at + key)
    return value


def _seat(obj: dict[str, Any], key: str, players: int, at: str = "") -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise PositionError(f"{at}{key}: a seat number from 0 to {players - 1}", field=at + key)
    return value


def _seat_or_none(obj: dict[str, Any], key: str, players: int) -> int | None:
    return None if obj.get(key) is None else _seat(obj, key, players)


def _flag(obj: dict[str, Any], key: str, at: str = "") -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise PositionError(f"{at}{key}: true or false", field=at + key)
    return value


def _card(value: object, name: str) -> Card:
    if not isinstance(value, str):
        raise PositionError(f"{name}: a card code", field=name)
    try:
        return parse_card(value)
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def _cards(value: object, name: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected a list of card codes", field=name)
    try:
        return tuple(parse_cards(value, limit=_ANY))
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def _table_seat(t: dict[str, Any], at: str) -> TableSeat:
    for key in SEAT_FIELDS:
        if key not in t:
            raise PositionError(f"{at}{key}: missing from the VIEW", field=at + key)
    melds, discards = t["melds"], t["discards"]
    if not isinstance(melds, list):
        raise PositionError(f"{at}melds: expected a list of combinations (lists of card "
                            "codes)", field=f"{at}melds")
    if not isinstance(discards, list):
        raise PositionError(f"{at}discards: expected a list of card codes",
                            field=f"{at}discards")
    return TableSeat(
        tuple(_cards(m, f"{at}melds") for m in melds), _flag(t, "cache", at),
        _number(t, "cards", 0, at=at), _number(t, "target", 0, at=at),
        tuple(None if c == UNKNOWN else _card(c, f"{at}discards") for c in discards))


__all__ = ["FIELDS", "MAX_PLAYERS", "MAX_TURNS", "MIN_PLAYERS", "PHASES", "UNKNOWN", "Offered",
           "TableSeat", "View"]
