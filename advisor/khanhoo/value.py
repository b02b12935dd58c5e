"""The Khanhoo value model: a seat's chance of going out first in this deal (K6) and the
points it can expect (K8), from what it can see, after an action.

The advisor's race model (:mod:`advisor.khanhoo.advice`) ranks the actions well but its
own numbers are not chances: it leaves out the claims (K5) by which most deals are won
and prices the opponents with a rough hazard. Here its chance is one input among others
that the seat can see — what the action leaves it (distance, acceptance, the unseen
pool), how it was judged, what kind of action it is, and the table (the opponents'
turns and laid combinations, the stock) — and a logistic model, fitted by
``benchmarks/fit_value.py --game khanhoo`` on simulated deals of the advisor against
greedy bots, turns them into a chance. A stated chance then means: *of the positions
that look like this one, against players like those, this share went out first*;
``benchmarks/calibration.py --game khanhoo`` checks it on other deals. A least-squares
model gives the expected deal score (the points of going out when the seat goes out
first, 0 otherwise, K8). Both come with their standard error from the fit.

Going out now (K6) and a Quartette (K10) are certain and never pass through here.

>>> s = Situation(action="discard", race=0.3, distance=1, acceptance=6, unseen=60)
>>> x = features(s)
>>> len(x) == len(FEATURES), x[FEATURES.index("d1")]
(True, 1.0)
>>> e = estimate(s)
>>> 0.0 < e.p_first < 1.0 and e.p_first_se > 0.0 and e.points >= 0.0
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from advisor.calibration import LinearModel, ValueModels, load_models

MODEL_FILE = "value_khanhoo.json"
"""The fitted models, in this package (format ``advisor-value/1``)."""

ACTIONS = ("discard", "take", "bump", "pass", "cache")
"""The actions whose outcome is not certain (going out and a Quartette are)."""

FEATURES: tuple[str, ...] = (
    "race_logit", "race_logit*d1", "race_logit*turns",
    "now", "d0", "d1", "d2", "d3", "d4+", "no_way",
    "acceptance_share", "log_acceptance", "d1*acceptance_share",
    "take", "bump", "pass", "cache", "claim_risk", "waits",
    "turns", "melds", "opp_turns", "opp_melds", "opp_melds_max", "stock",
)
"""The chance model's inputs, in order (the JSON names them too):

* ``race_logit`` — the race model's chance of going out first, as a logit, and its
  products with ``d1`` and ``turns``;
* ``now`` — a take or bump that completes the hand: it goes out at once unless a
  better claim wins the discard (K5);
* ``d0`` … ``d4+``, ``no_way`` — the distance the action leaves (``no_way``: the seat
  laid so many cards it can no longer go out); an action the budget left unjudged
  (judged by distance alone) counts one useful card unseen, as the race ranks it;
* ``acceptance_share`` — unseen copies of the useful cards over the unseen cards, its
  log count, and the share for a hand waiting on one card;
* ``take``, ``bump``, ``pass``, ``cache`` — the kind of action (a discard otherwise);
  ``claim_risk`` — the chance an opponent can claim the discard; ``waits`` — the share
  of the opponents who play before the seat's next draw;
* ``turns``, ``melds`` — the seat's discards so far and its laid combinations;
  ``opp_turns``, ``opp_melds``, ``opp_melds_max`` — the opponents' mean discards, their
  laid combinations in all and the most by one of them; ``stock`` — the stock left, in
  sets of 30 cards.
"""
POINTS_FEATURES: tuple[str, ...] = (*FEATURES, "p_first", "p_first*points_out",
                                    "p_first*laid_points")
"""The points model's: the chance model's inputs, its chance, and the chance times the
points of going out (the race model's estimate, exact near going out) and times the
points already laid."""


@dataclass(frozen=True)
class Situation:
    """What the seat can see once an action is made (and the discard it owes, for a claim
    or a cache): the value model's raw inputs."""

    action: str  # one of ACTIONS
    race: float  # the race model's chance of going out first
    distance: int | None  # None: it can no longer go out
    acceptance: int = 0  # unseen copies of the cards that lower the distance
    unseen: int = 1  # cards the seat has not seen
    now: bool = False  # a claim that completes the hand
    by_distance: bool = False  # judged by distance alone (the budget was spent)
    claim_risk: float = 0.0
    waits: float = 1.0  # share of the opponents playing before its next draw
    points_out: float = 0.0  # the race model's points when it goes out
    laid_points: int = 0  # points of its laid combinations (after the action)
    turns: int = 0  # the seat's discards so far
    melds: int = 0  # its laid combinations (after the action)
    opponents: tuple[tuple[int, int], ...] = ((0, 0), (0, 0))  # (discards, melds) each
    stock_left: int = 30

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "race": self.race, "distance": self.distance,
                "acceptance": self.acceptance, "unseen": self.unseen, "now": self.now,
                "by_distance": self.by_distance, "claim_risk": self.claim_risk,
                "waits": self.waits, "points_out": self.points_out,
                "laid_points": self.laid_points, "turns": self.turns, "melds": self.melds,
                "opponents": [list(o) for o in self.opponents],
                "stock_left": self.stock_left}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Situation:
        return cls(**{**obj, "opponents": tuple(tuple(o) for o in obj["opponents"])})


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def features(s: Situation) -> list[float]:
    """The chance model's inputs (:data:`FEATURES`) for a situation."""
    d = s.distance
    share = s.acceptance / max(1, s.unseen)
    acceptance = float(s.acceptance)
    if s.by_distance and d:  # not judged in full: one useful card, as the race has it
        acceptance = 1.0
        share = 1.0 / max(1, s.unseen)
    race = _logit(s.race)
    opp = s.opponents or ((0, 0),)
    d1 = float(d == 1 and not s.now)
    return [
        race, race * d1, race * min(s.turns, 12) / 4,
        float(s.now), float(d == 0 and not s.now), d1, float(d == 2), float(d == 3),
        float(d is not None and d >= 4), float(d is None),
        share, math.log1p(acceptance), share * d1,
        float(s.action == "take"), float(s.action == "bump"), float(s.action == "pass"),
        float(s.action == "cache"), s.claim_risk, s.waits,
        float(min(s.turns, 12)), float(s.melds),
        sum(min(t, 12) for t, _ in opp) / len(opp), float(sum(m for _, m in opp)),
        float(max(m for _, m in opp)), s.stock_left / 30,
    ]


@dataclass(frozen=True)
class Estimate:
    """The chance of going out first and the expected points, each with its standard
    error from the fit."""

    p_first: float
    p_first_se: float
    points: float
    points_se: float


@cache
def models() -> ValueModels:
    """The fitted models shipped with the package (:data:`MODEL_FILE`)."""
    return load_models("advisor.khanhoo", MODEL_FILE,
                       {"first": FEATURES, "points": POINTS_FEATURES})


def estimate(s: Situation, fitted: Mapping[str, LinearModel] | None = None) -> Estimate:
    """The calibrated chance of going out first and expected points of a situation (by the
    shipped models, or by ``fitted``: ``first`` and ``points``). The chance lies strictly
    between 0 and 1; the points are never negative."""
    m: Mapping[str, LinearModel] = models().models if fitted is None else fitted
    x = features(s)
    p, p_se = m["first"].predict_se(x)
    p = min(max(p, 1e-4), 1 - 1e-4)
    pts, pts_se = m["points"].predict_se([*x, p, p * s.points_out, p * s.laid_points])
    return Estimate(p, p_se, max(0.0, pts), pts_se)


__all__ = ["ACTIONS", "FEATURES", "MODEL_FILE", "POINTS_FEATURES", "Estimate", "Situation",
           "estimate", "features", "models"]
