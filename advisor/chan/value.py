"""The Chắn value model: a seat's chance to win the deal and its expected settlement,
from what it can see, after an action.

The inputs are public or the seat's own: what the action leaves the seat (distance,
unseen useful cards, unpaired cards, melds — :class:`advisor.chan.advice.Leaves`), the
stock left, and what the table shows of each opponent (melds, Cạ, discards, a dead
dealer). The models (``value_model.json``, one set per rules profile) were fitted by
``benchmarks/fit_value.py`` on simulated deals of the advisor against three greedy
bots, so a stated chance means: *of the positions that look like this one, against
players like those, this share was won* — and ``benchmarks/calibration.py`` checks it
on other deals (``docs/advisor.md``).

>>> from advisor.chan.game import Game
>>> g = Game.from_deal(seed=1)
>>> t = TableInfo.of_game(g, g.dealer)
>>> t.stock_left, len(t.opponents)
(23, 3)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from advisor.calibration import ValueModels, load_models
from advisor.chan.game import SEATS, Game
from advisor.chan.pairing import Exposed
from advisor.chan.view import View

STOCK = 23

FEATURES: tuple[str, ...] = (
    "d1", "d2", "d3", "d4", "d5+",
    "stock", "d1*stock", "d2*stock",
    "log_useful", "useful_share", "d1*hit",
    "unpaired", "melds", "ca_melds", "dealer",
    "opp_melds", "opp_melds_max", "opp_ca", "opp_discards", "opp_dead",
    "opp1_melds", "opp2_melds", "opp3_melds",
)
"""The win model's inputs, in order (``value_model.json`` names them too)."""
SETTLEMENT_FEATURES: tuple[str, ...] = (*FEATURES, "p_win", "p_win*stock")
"""The settlement model's: the win model's inputs and its chance."""


@dataclass(frozen=True)
class TableInfo:
    """What the value model reads of the table: the stock left, whether the seat dealt,
    and for each opponent in order of play after the seat (melds, Cạ melds, discards
    lying in front of him, dead)."""

    stock_left: int
    dealer: bool
    opponents: tuple[tuple[int, int, int, bool], ...]

    @classmethod
    def of_view(cls, view: View) -> TableInfo:
        me = view.seat
        opps = []
        for k in range(1, SEATS):
            t = view.table[(me + k) % SEATS]
            ca = sum(1 for m in t.melds if m.kind == "ca")
            opps.append((len(t.melds), ca, len(t.discards), t.dead))
        return cls(view.stock_left, view.dealer == me, tuple(opps))

    @classmethod
    def of_game(cls, g: Game, me: int) -> TableInfo:
        opps = []
        for k in range(1, SEATS):
            s = g.seats[(me + k) % SEATS]
            ca = sum(1 for m in s.melds if m.kind == "ca")
            opps.append((len(s.melds), ca, len(s.discards), s.dead))
        return cls(len(g.stock), g.dealer == me, tuple(opps))


def features(table: TableInfo, distance: int | None, useful_unseen: int, unseen: int,
             unpaired: int, exposed: Exposed) -> list[float]:
    """The win model's inputs (:data:`FEATURES`) for a seat that, after its action (and
    the discard it owes), is ``distance`` from a win with ``useful_unseen`` unseen cards
    that bring it closer, out of ``unseen`` cards it has not seen."""
    d = 9 if distance is None else distance
    s = table.stock_left / STOCK
    q = useful_unseen / unseen if unseen else 0.0
    hit = 1.0 - (1.0 - q) ** table.stock_left if d == 1 else 0.0
    opp = table.opponents
    melds = [o[0] for o in opp]
    return [
        float(d == 1), float(d == 2), float(d == 3), float(d == 4), float(d >= 5),
        s, s * (d == 1), s * (d == 2),
        math.log1p(useful_unseen), q, hit,
        float(unpaired), float(len(exposed.melds)), float(exposed.ca), float(table.dealer),
        float(sum(melds)), float(max(melds)), float(sum(o[1] for o in opp)),
        float(sum(o[2] for o in opp)), float(sum(o[3] for o in opp)),
        float(melds[0]), float(melds[1]), float(melds[2]),
    ]


@dataclass(frozen=True)
class Estimate:
    """The model's chance to win and expected settlement, each with its standard error
    from the fit."""

    win: float
    win_se: float
    expected: float
    expected_se: float


@cache
def models(rules: str) -> ValueModels:
    """The fitted models for a rules profile (house's when the profile has none)."""
    name = f"value_{rules}.json"
    try:
        return load_models("advisor.chan", name, {"win": FEATURES,
                                                  "settlement": SETTLEMENT_FEATURES})
    except FileNotFoundError:
        return models("house") if rules != "house" else _missing()


def _missing() -> ValueModels:  # pragma: no cover - the package ships the house models
    raise FileNotFoundError("advisor/chan/value_house.json is missing; run "
                            "benchmarks/fit_value.py --game chan")


def estimate(x: list[float], rules: str = "house") -> Estimate:
    """The chance to win and the expected settlement at the inputs ``x``
    (:func:`features`)."""
    m = models(rules)
    p, p_se = m["win"].predict_se(x)
    e, e_se = m["settlement"].predict_se([*x, p, p * x[FEATURES.index("stock")]])
    return Estimate(p, p_se, e, e_se)


__all__ = ["FEATURES", "SETTLEMENT_FEATURES", "Estimate", "TableInfo", "estimate", "features",
           "models"]
