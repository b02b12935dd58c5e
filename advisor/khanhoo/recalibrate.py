"""Whom Khanhoo's stated chances are against (the shared layer:
:mod:`advisor.games.recalibration`). The value model was fitted on the advisor's deals
against ``greedy`` bots; ``opponents`` names others (``advisor``: players like the
advisor itself), and a monotone map fitted on deals against them turns the model's
chance of going out first into the chance against them. The maps are keyed by the table
(:func:`table`): the chance depends on how many players race.

The maps are fitted by ``benchmarks/fit_recalibration.py --game khanhoo`` on the
decisions ``benchmarks/calibration.py --game khanhoo --data`` writes, and kept in
``recalibration.json`` beside this module with the command that made them.

>>> against("greedy", table(3), 0.4, 0.01)
(0.4, 0.01)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from advisor.games.recalibration import DEFAULT_OPPONENTS, OPPONENTS, Maps, Opponents

PATH = Path(__file__).with_name("recalibration.json")


def table(players: int) -> str:
    """The key of a table's maps: ``"3 players"``."""
    return f"{players} players"


@cache
def maps() -> Maps:
    """The fitted maps."""
    return Maps.load(PATH)


def fitted(opponents: str, key: str) -> bool:
    """Whether a map against ``opponents`` is fitted for the table ``key``."""
    return maps().fitted(opponents, key)


def against(opponents: str, key: str, p: float, se: float) -> tuple[float, float]:
    """The model's chance ``p`` (standard error ``se``) against ``opponents``."""
    return maps().against(opponents, key, p, se)


__all__ = ["DEFAULT_OPPONENTS", "OPPONENTS", "PATH", "Opponents", "against", "fitted", "maps",
           "table"]
