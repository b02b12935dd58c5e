"""What one seat may know of a deal of Pairs: its hand, the discards, how many cards
the stock and each hand hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.errors import PositionError
from tests.games.toy.cards import parse_cards

PHASES = ("draw", "discard", "over")


@dataclass(frozen=True)
class View:
    seat: int
    phase: str
    to_act: int
    hand: tuple[str, ...]
    pile: tuple[str, ...]  # the discards, the latest last
    stock: int
    sizes: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase, "to_act": self.to_act,
                "hand": list(self.hand), "pile": list(self.pile), "stock": self.stock,
                "sizes": list(self.sizes)}

    @classmethod
    def from_json(cls, obj: object) -> View:
        if not isinstance(obj, dict):
            raise PositionError("a VIEW is a JSON object", field="$")
        unknown = sorted(set(obj) - set(cls.__dataclass_fields__))
        if unknown:
            raise PositionError(f"{unknown[0]}: unknown field", field=unknown[0])

        def number(name: str) -> int:
            v = obj.get(name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise PositionError(f"{name}: expected a number", field=name)
            return v

        sizes = obj.get("sizes")
        if not isinstance(sizes, list) or not 2 <= len(sizes) <= 3 or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in sizes):
            raise PositionError("sizes: one hand size per seat", field="sizes")
        phase = obj.get("phase")
        if phase not in PHASES:
            raise PositionError(f"phase: one of {', '.join(PHASES)}", field="phase")
        seat = number("seat")
        if seat >= len(sizes):
            raise PositionError(f"seat: no seat {seat}", field="seat")
        pile = obj.get("pile")
        if not isinstance(pile, list):
            raise PositionError("pile: the discards, a list of cards", field="pile")
        parse_cards(pile, "pile")  # checked; kept in the order discarded
        return cls(seat, phase, number("to_act"), parse_cards(obj.get("hand"), "hand"),
                   tuple(pile), number("stock"), tuple(sizes))
