"""Whom Chắn's chances are against (the shared layer: :mod:`advisor.games.recalibration`):
the value model's chance is that against players like the greedy bot (the deals it was
fitted on); ``opponents`` names others, and a monotone map fitted on deals against them
turns the model's chance into the chance against them, keyed by the rules' name.

The maps are fitted by ``benchmarks/fit_recalibration.py --game chan`` on the decisions
that ``benchmarks/calibration.py --data`` writes (self-play for ``advisor``), and kept in
``recalibration.json`` beside this module, with the command that made them.

>>> against("greedy", "house", 0.3, 0.01)
(0.3, 0.01)
>>> p, se = against("advisor", "house", 0.5, 0.02)
>>> 0 < p < 1 and se > 0
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from advisor.games.recalibration import (
    DEFAULT_OPPONENTS,
    EPS,
    OPPONENTS,
    Maps,
    Opponents,
    platt,
    read,
)

PATH = Path(__file__).with_name("recalibration.json")


@cache
def maps() -> dict[str, Any]:
    """The fitted maps: ``{"maps": {rules: {opponents: {"a", "b"}}}, "fitted": …}``."""
    return read(PATH)


@cache
def _maps() -> Maps:
    return Maps.from_dict(maps())


def fitted(opponents: str, rules: str) -> bool:
    """Whether a map against ``opponents`` is fitted for ``rules``."""
    return _maps().fitted(opponents, rules)


def against(opponents: str, rules: str, p: float, se: float) -> tuple[float, float]:
    """The model's chance ``p`` (standard error ``se``) against ``opponents``."""
    return _maps().against(opponents, rules, p, se)


__all__ = ["DEFAULT_OPPONENTS", "EPS", "OPPONENTS", "PATH", "Opponents", "against", "fitted",
           "maps", "platt"]
