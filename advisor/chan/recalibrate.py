"""Whom the chances are against: the value model's chance is that against players like
the greedy bot (the deals it was fitted on); against other players the same position is
won more or less often. ``opponents`` names them, and a monotone map fitted on deals
against them (a Platt map on the logit: ``p' = σ(a · logit p + b)``, ``a > 0``) turns
the model's chance into the chance against them. Because the map is increasing, the
ranking — and so the play — is the same whoever the opponents are; only the stated
numbers move.

The maps are fitted by ``benchmarks/fit_recalibration.py`` on the decisions that
``benchmarks/calibration.py --data`` writes (self-play for ``advisor``), and kept in
``recalibration.json`` beside this module, with the command that made them.

>>> against("greedy", "house", 0.3, 0.01)
(0.3, 0.01)
>>> p, se = against("advisor", "house", 0.5, 0.02)
>>> 0 < p < 1 and se > 0
True
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

Opponents = Literal["greedy", "advisor", "random"]
OPPONENTS: tuple[Opponents, ...] = get_args(Opponents)
"""Whom the stated chances are against: players like the greedy bot (the model's own
deals), like the advisor itself, or players who choose at random."""
DEFAULT_OPPONENTS: Opponents = "greedy"
"""The default: a careful beginner who keeps pairs and always claims (docs/advisor.md)."""
PATH = Path(__file__).with_name("recalibration.json")
EPS = 1e-6


@cache
def maps() -> dict[str, Any]:
    """The fitted maps: ``{"maps": {rules: {opponents: {"a", "b"}}}, "fitted": …}``."""
    if not PATH.exists():
        return {"maps": {}}
    data: dict[str, Any] = json.loads(PATH.read_text())
    return data


def platt(p: float, a: float, b: float) -> float:
    """``σ(a · logit p + b)``, ``p`` kept off 0 and 1."""
    q = min(max(p, EPS), 1 - EPS)
    z = a * math.log(q / (1 - q)) + b
    return 1 / (1 + math.exp(-z))


def fitted(opponents: str, rules: str) -> bool:
    """Whether a map against ``opponents`` is fitted for ``rules`` (the default needs
    none)."""
    return opponents == DEFAULT_OPPONENTS or opponents in maps()["maps"].get(rules, {})


def against(opponents: str, rules: str, p: float, se: float) -> tuple[float, float]:
    """The model's chance ``p`` (standard error ``se``) against ``opponents``: unchanged
    against greedy players or where no map is fitted (the rules'), else mapped, its
    error carried by the map's slope (the delta method)."""
    m = maps()["maps"].get(rules, {}).get(opponents)
    if opponents == DEFAULT_OPPONENTS or m is None:
        return p, se
    a, b = float(m["a"]), float(m["b"])
    q = platt(p, a, b)
    pp = min(max(p, EPS), 1 - EPS)
    slope = a * q * (1 - q) / (pp * (1 - pp))
    return q, se * slope


__all__ = ["DEFAULT_OPPONENTS", "OPPONENTS", "Opponents", "against", "fitted", "maps",
           "platt"]
