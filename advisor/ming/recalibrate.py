"""Whom the chances are against. The advisor's share of worlds won is that of worlds
solved with every hand known, played by ``greedy+`` rules above their exact end: how
often the seat then really has the top score alone depends on who the opponents are —
against the ``greedy`` bot a play that wins no world still wins about one deal in eight
(the bot gives points away), against the advisor itself a play that wins every world
loses about one in seven. ``opponents`` names them, and an increasing map fitted on deals
against them turns the share into the chance stated: a straight line,
``a + b × share`` (``b > 0``), clipped to [0.01, 0.99] — two numbers, which a few hundred
decisions fit without chasing noise. Because the map is increasing and the ranking is by
the expected settlement, the play is the same whoever the opponents are; only the stated
chances move.

The maps, one per table size and opponents, are fitted by
``benchmarks/fit_ming_win.py`` on the decisions that ``benchmarks/calibration.py
--data`` writes (self-play for ``advisor``) and kept in ``recalibration.json`` beside
this module with the commands that made them; where none is fitted the share is stated
as it is (and the advice's notes say so). The shape follows Chắn's
(:mod:`advisor.chan.recalibrate`), so that both can move to one shared module.

>>> against("greedy", 2, 1.0, 0.0)[0]  # never certain: a sample of worlds, a model
0.99
>>> lo, hi = against("advisor", 2, 0.2, 0.05)[0], against("advisor", 2, 0.8, 0.05)[0]
>>> 0.01 <= lo < hi <= 0.99  # increasing: the ranking does not move
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from advisor.games.recalibration import read

Opponents = Literal["greedy", "greedy+", "advisor"]
OPPONENTS: tuple[Opponents, ...] = get_args(Opponents)
"""Whom the stated chances are against: players like the ``greedy`` bot, like the
stronger ``greedy+`` player, or like the advisor itself."""
DEFAULT_OPPONENTS: Opponents = "greedy"
"""The default, as in Chắn: the simple player who takes a trick when he can — the table
of bots that can be checked, and the nearest to a table of casual players
(docs/ming.md)."""
PATH = Path(__file__).with_name("recalibration.json")
LOW, HIGH = 0.01, 0.99
"""A chance not exact is never stated as 0 or 1 (the worlds are a sample and a model)."""


@cache
def maps() -> dict[str, Any]:
    """The fitted maps: ``{"maps": {players: {opponents: {"a", "b"}}}, "fitted": …}``."""
    return read(PATH)


def line(opponents: str, players: int) -> tuple[float, float] | None:
    """The map ``(a, b)`` against ``opponents`` at a table of ``players``, if fitted."""
    m = maps()["maps"].get(str(players), {}).get(opponents)
    return None if m is None else (float(m["a"]), float(m["b"]))


def fitted(opponents: str, players: int) -> bool:
    """Whether a map against ``opponents`` is fitted for ``players``."""
    return line(opponents, players) is not None


def against(opponents: str, players: int, share: float, se: float) -> tuple[float, float]:
    """The chance stated for a play that wins ``share`` of its worlds (standard error
    ``se``) against ``opponents`` at a table of ``players``: mapped when a map is fitted
    (its error carried by the slope), else the share; kept within [:data:`LOW`,
    :data:`HIGH`]."""
    a, b = line(opponents, players) or (0.0, 1.0)
    return min(HIGH, max(LOW, a + b * share)), se * b


__all__ = ["DEFAULT_OPPONENTS", "HIGH", "LOW", "OPPONENTS", "PATH", "Opponents", "against",
           "fitted", "line", "maps"]
