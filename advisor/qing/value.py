"""The value model: from a seat's hand at rest (14 cards less its exposed ones, after a
discard, a take and its discard, or before a draw) to its chance of winning the deal and
the chance the deal is drawn (Q8), hence its expected settlement.

Two logistic models over a few hand features (:func:`features`): the distance, the
unseen copies of the waits one card from a win, the cards of the hand that share a group
with another (how connected it is), the draws each seat has left, the table's size, and
whether the seat draws next. Fitted on self-play deals by ``benchmarks/fit_value_qing.py``
(a fixed seed) and stored beside the advisor in ``value_qing.json``; the stated chance is
the logistic's, measured against outcomes (docs/benchmarks.md).

>>> from advisor.qing.game import Game
>>> g = Game.from_deal(players=4, seed=4)
>>> v = g.view((g.dealer + 1) % 4)
>>> st = State.of(v, v.hand, v.eye, v.target, v.own, draws_next=True)
>>> 0.0 < load().win(st) < 1.0 and -1.0 <= load().expected(st, 4) <= 3.0
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from advisor.counts import plus
from advisor.qing.bots import NEIGHBOURS, live_cards, partners
from advisor.qing.cards import IS_EXTRA, KINDS, NUMERALS, Card, Counts
from advisor.qing.solver import solver
from advisor.qing.view import View

PATH = Path(__file__).with_name("value_qing.json")
NAMES = ("bias", "d1", "d2", "d3", "waits", "waits_r", "r", "d1_r", "d2_r", "d3_r",
         "connected", "extras", "opponents", "draws_next", "unsafe", "unsafe_unseen",
         "partners", "live")
"""The features, in order (:func:`features`)."""


@dataclass(frozen=True)
class State:
    """A seat's hand at rest as the model sees it: its distance (capped at 4), the
    unseen copies of its waits (one card from a win), the hand cards sharing a group
    with another, its extras, the draws each seat has left, the players, and whether the
    seat draws next (a draw) or the others play first (a discard); and of the card thrown
    (a discard, or the one after a take) what it gives away: whether the next player may
    take it (he has not thrown it, nor has the seat: Q7) and how many of its copies are
    unseen, and what it was worth to the hand — its partners there and its live cards
    (:func:`advisor.qing.bots.strong_discard_key`'s terms)."""

    distance: int
    waits: int
    connected: int
    extras: int
    draws_left: float
    players: int
    draws_next: bool
    unsafe: bool = False
    unsafe_unseen: int = 0
    partners: int = 0
    live: int = 0

    @classmethod
    def of(cls, view: View, hand: Counts, eye: bool, target: int, own: Counts, *,
           draws_next: bool, stock_left: int | None = None,
           thrown: Card | None = None) -> State:
        """The state of ``hand`` at rest; ``thrown`` the card just thrown from it (the
        hand held it before)."""
        s = solver(view.rules)
        d = s.distance(hand, eye=eye, target=target, own=own)
        waits = 0
        if d == 1:
            unseen = view.unseen
            waits = sum(unseen[k] for k in s.waits(hand, eye, own))
        stock = view.stock_left if stock_left is None else stock_left
        unsafe = copies = part = live = 0
        if thrown is not None:
            nxt = (view.seat + 1) % view.players
            unsafe = int(thrown not in view.thrown_by(nxt)
                         and thrown not in view.thrown_by(view.seat))
            copies = view.unseen[thrown.index]
            before = plus(hand, thrown.index)
            part = min(partners(before, thrown), 8)
            live = min(live_cards(view, before, thrown), 24)
        return cls(min(d, 4), waits, connected(hand), sum(hand[k] for k in range(KINDS)
                                                           if IS_EXTRA[k]),
                   stock / view.players, view.players, draws_next, bool(unsafe), copies,
                   part, live)


def connected(hand: Counts) -> int:
    """The numeral cards of ``hand`` that share a sequence or a number with another."""
    return sum(hand[k] for k in range(NUMERALS)
               if hand[k] and sum(hand[j] for j in NEIGHBOURS[k]) > 1)


def features(st: State) -> list[float]:
    """The model's inputs (:data:`NAMES`)."""
    d1, d2, d3 = (float(st.distance == n) for n in (1, 2, 3))
    r = st.draws_left / 10
    w = st.waits / 8
    return [1.0, d1, d2, d3, w, w * r, r, d1 * r, d2 * r, d3 * r, st.connected / 14,
            st.extras / 4, (st.players - 2) / 4, float(st.draws_next), float(st.unsafe),
            st.unsafe * st.unsafe_unseen / 4, st.partners / 8, st.live / 24]


def _logistic(coef: Sequence[float], x: Sequence[float]) -> float:
    z = sum(c * v for c, v in zip(coef, x))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


@dataclass(frozen=True)
class Model:
    """The fitted coefficients: of the chance to win the deal, and of a drawn deal."""

    win_coef: tuple[float, ...]
    drawn_coef: tuple[float, ...]

    def win(self, st: State) -> float:
        """The chance the seat wins the deal."""
        return _logistic(self.win_coef, features(st))

    def drawn(self, st: State) -> float:
        """The chance nobody wins (Q8)."""
        return _logistic(self.drawn_coef, features(st))

    def expected(self, st: State, players: int) -> float:
        """The expected settlement (Q8): +(n−1) won, 0 drawn, −1 else."""
        p = self.win(st)
        q = min(self.drawn(st), 1 - p)
        return p * (players - 1) - (1 - p - q)

    def to_json(self) -> dict[str, object]:
        return {"features": list(NAMES), "win": list(self.win_coef),
                "drawn": list(self.drawn_coef)}

    @classmethod
    def from_json(cls, obj: dict[str, object]) -> Model:
        if obj.get("features") != list(NAMES):
            raise ValueError(f"{PATH.name}: fitted on other features; refit with "
                             "benchmarks/fit_value_qing.py")
        win, drawn = obj["win"], obj["drawn"]
        assert isinstance(win, list) and isinstance(drawn, list)
        return cls(tuple(float(x) for x in win), tuple(float(x) for x in drawn))


@cache
def load() -> Model:
    """The model stored beside the advisor."""
    return Model.from_json(json.loads(PATH.read_text()))


__all__ = ["NAMES", "PATH", "Model", "State", "connected", "features", "load"]
