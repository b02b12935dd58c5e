"""The Pairs engine: 2 or 3 players are dealt 3 cards each (X1); in turn each draws the
top card of the stock and discards one (X2, X3); when the stock is empty the deal ends
and each hand scores twice the rank of its pair (X4), settled as in Ming Kanhu.

>>> g = Game.from_deal(2, seed=1)
>>> g.pending.phase, g.legal_actions()
('draw', [Action(do='draw', card=None)])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from advisor.errors import AdvisorError, RecordError
from advisor.games.engine import Move, RuleEngine
from advisor.games.records import card_list, read_header
from tests.games.toy.cards import CARDS, parse_cards, score
from tests.games.toy.view import View

RECORD_FORMAT = "toy-record/1"
HAND = 3


@dataclass(frozen=True)
class Action:
    do: str  # draw | discard
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"do": self.do} if self.card is None else {"do": self.do, "card": self.card}

    @classmethod
    def from_json(cls, obj: object) -> Action:
        if not isinstance(obj, dict) or obj.get("do") not in ("draw", "discard"):
            raise RecordError('an action is {"do": "draw"} or {"do": "discard", "card": C}',
                              field="do")
        unknown = sorted(set(obj) - {"do", "seat", "card"})
        if unknown:
            raise RecordError(f"{unknown[0]}: unknown field", field=unknown[0])
        if obj["do"] == "draw":
            return cls("draw")
        return cls("discard", parse_cards([obj.get("card")], "card")[0])


@dataclass(frozen=True)
class Result:
    scores: tuple[int, ...]

    @property
    def settlement(self) -> tuple[int, ...]:
        return tuple(len(self.scores) * s - sum(self.scores) for s in self.scores)

    @property
    def winner(self) -> int | None:
        top = [s for s, x in enumerate(self.scores) if x == max(self.scores)]
        return top[0] if len(top) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores),
                "settlement": list(self.settlement)}


class Game(RuleEngine):
    def __init__(self, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> None:
        if not 2 <= len(hands) <= 3 or any(len(h) != HAND for h in hands):
            raise RecordError(f"hands: 2 or 3 hands of {HAND} cards (X1)", field="hands")
        if sorted(c for h in (*hands, stock) for c in h) != sorted(CARDS):
            raise RecordError("stock: the hands and the stock hold the pack once (X1)",
                              field="stock")
        self.dealt = tuple(tuple(h) for h in hands)
        self.hands = [list(h) for h in hands]
        self.stock_dealt = tuple(stock)
        self.stock = list(stock)  # the top is the first
        self.pile: list[str] = []
        self.log: list[Move[Action]] = []
        self.result: Result | None = None
        self._phase, self._to_act = "draw", 0

    @classmethod
    def from_deal(cls, players: int, seed: int | None = None) -> Game:
        if not 2 <= players <= 3:
            raise AdvisorError("players: Pairs is for 2 or 3 players (X1)", field="players")
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        return cls([deck[HAND * s:HAND * s + HAND] for s in range(players)],
                   deck[HAND * players:])

    @property
    def players(self) -> int:
        return len(self.hands)

    def legal_actions(self) -> list[Action]:
        d = self.pending
        if d is None:
            return []
        if d.phase == "draw":
            return [Action("draw")]
        return [Action("discard", c) for c in self.hands[d.seat]]

    def _check(self, seat: int, a: Any) -> tuple[str, str] | None:
        if not isinstance(a, Action):
            return ("X2", f"{a!r} is not an action of Pairs")
        if self.result is not None:
            return ("X4", "the deal is over")
        if seat != self._to_act:
            return ("X2", f"it is seat {self._to_act}'s turn, not seat {seat}'s")
        if a.do != self._phase:
            return ("X2", f"seat {seat} must {self._phase} now, not {a.do}")
        if a.do == "discard" and a.card not in self.hands[seat]:
            return ("X3", f"seat {seat} does not hold {a.card}")
        return None

    def _do_draw(self, seat: int, a: Action) -> None:
        self.hands[seat].append(self.stock.pop(0))
        self._phase = "discard"

    def _do_discard(self, seat: int, a: Action) -> None:
        assert a.card is not None
        self.hands[seat].remove(a.card)
        self.pile.append(a.card)
        if not self.stock:  # X4
            self.result = Result(tuple(score(tuple(h)) for h in self.hands))
            self._phase = "over"
            return
        self._phase, self._to_act = "draw", (seat + 1) % self.players

    def view(self, seat: int) -> View:
        return View(seat, self._phase, self._to_act, parse_cards(self.hands[seat]),
                    tuple(self.pile), len(self.stock), tuple(len(h) for h in self.hands))

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]:
        rec: dict[str, Any] = {"format": RECORD_FORMAT}
        if players is not None:
            rec["players"] = list(players)
        rec |= {"hands": [list(h) for h in self.dealt], "stock": list(self.stock_dealt)}
        rec["moves"] = [m.to_json() for m in self.log]
        if self.result is not None:
            rec["result"] = self.result.to_json()
        return rec


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    read_header(rec, RECORD_FORMAT, ("format", "players", "hands", "stock", "moves", "result"))
    assert isinstance(rec, dict)
    hands = rec.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands: one list of cards per seat", field="hands")
    return Game([card_list(f"hands[{i}]", h, list) for i, h in enumerate(hands)],
                card_list("stock", rec.get("stock"), list))
