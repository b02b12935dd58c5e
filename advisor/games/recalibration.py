"""Whom a game's stated chances are against, shared by every game: a game's value model
states its chance against the players it was fitted with (the greedy bot's deals);
against other players the same position is won more or less often. A monotone map
fitted on deals against them (a Platt map on the logit: ``p' = σ(a · logit p + b)``,
``a > 0``), or an increasing piecewise-linear one through fitted knots (isotonic by
groups, where the miscalibration is not a logit line), turns the model's chance into
the chance against them. Because the map is
increasing, the ranking — and so the play — is the same whoever the opponents are; only
the stated numbers move.

A game keeps its maps in a JSON file beside its advisor (:class:`Maps`), keyed by a
name of its rules (or table) and the opponents; ``benchmarks/fit_recalibration.py
--game G`` fits them (:func:`fit`) on the decisions ``benchmarks/calibration.py --data``
writes, and records the command that made them.

>>> m = Maps.from_dict({"maps": {"house": {"advisor": {"a": 1.0, "b": -1.0}}}})
>>> m.against("greedy", "house", 0.3, 0.01)
(0.3, 0.01)
>>> p, se = m.against("advisor", "house", 0.5, 0.02)
>>> round(p, 4), se > 0
(0.2689, True)
>>> m.fitted("advisor", "house"), m.fitted("advisor", "other"), m.fitted("greedy", "other")
(True, False, True)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal, get_args

Opponents = Literal["greedy", "greedy+", "advisor", "random"]
OPPONENTS: tuple[Opponents, ...] = get_args(Opponents)
"""Whom the stated chances are against: players like the greedy bot (the model's own
deals), like the ``greedy+`` bot (a good casual player's rules), like the advisor itself,
or players who choose at random."""
DEFAULT_OPPONENTS: Opponents = "greedy"
"""The default: the players the value models were fitted against."""
EPS = 1e-6


def logit(p: float) -> float:
    """``log(p / (1 - p))``, ``p`` kept off 0 and 1."""
    q = min(max(p, EPS), 1 - EPS)
    return math.log(q / (1 - q))


def platt(p: float, a: float, b: float) -> float:
    """``σ(a · logit p + b)``, ``p`` kept off 0 and 1."""
    return 1 / (1 + math.exp(-(a * logit(p) + b)))


def fit(pairs: Iterable[tuple[float, bool]], steps: int = 50) -> tuple[float, float]:
    """Maximum-likelihood ``a``, ``b`` of ``σ(a · logit p + b)`` (Newton's method) on
    (stated chance, happened) pairs.

    >>> a, b = fit([(0.5, True), (0.5, False), (0.8, True), (0.8, False)] * 10)
    >>> abs(b) < 1e-6 and a < 0.01
    True
    """
    xs = [(logit(p), 1.0 if y else 0.0) for p, y in pairs]
    a, b = 1.0, 0.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in xs:
            q = 1 / (1 + math.exp(-(a * x + b)))
            r = y - q
            w = q * (1 - q)
            ga += r * x
            gb += r
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b


def fit_knots(pairs: Iterable[tuple[float, bool]], bins: int = 12,
              step: float = 1e-3) -> list[tuple[float, float]]:
    """An increasing piecewise-linear map's knots ``(stated, observed)``: the pairs cut
    into ``bins`` groups of equal count by the stated chance, each group's observed rate
    made increasing by pooling adjacent violators (isotonic regression), then strictly
    increasing by ``step``. Between knots, and to (0, 0) and (1, 1), the map is linear.

    >>> fit_knots([(0.2, False)] * 8 + [(0.2, True)] * 2 + [(0.6, True)] * 5
    ...           + [(0.6, False)] * 5, bins=2)
    [(0.2, 0.2), (0.6, 0.5)]
    """
    xs = sorted((min(max(p, EPS), 1 - EPS), 1.0 if y else 0.0) for p, y in pairs)
    if not xs:
        return []
    n = len(xs)
    groups = [xs[n * k // bins:n * (k + 1) // bins] for k in range(bins)]
    blocks = [[sum(p for p, _ in g) / len(g), sum(y for _, y in g), float(len(g))]
              for g in groups if g]
    pooled: list[list[float]] = []  # [sum of stated, sum observed, count]
    for mean, ys, w in blocks:
        pooled.append([mean * w, ys, w])
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] >= pooled[-1][1] / pooled[-1][2]:
            a, b = pooled.pop(), pooled.pop()
            pooled.append([a[0] + b[0], a[1] + b[1], a[2] + b[2]])
    knots: list[tuple[float, float]] = []
    for sp, sy, w in pooled:
        p, q = sp / w, min(max(sy / w, step), 1 - step)
        if knots and q <= knots[-1][1]:
            q = knots[-1][1] + step
        knots.append((round(p, 6), round(q, 6)))
    return knots


def through(p: float, knots: Sequence[Sequence[float]]) -> tuple[float, float]:
    """The piecewise-linear map through ``knots`` (and (0, 0), (1, 1)) at ``p``, and its
    slope there.

    >>> q, slope = through(0.4, [(0.2, 0.2), (0.6, 0.5)])
    >>> round(q, 6), slope
    (0.35, 0.75)
    """
    pts = [(0.0, 0.0), *((float(a), float(b)) for a, b in knots), (1.0, 1.0)]
    for (x0, y0), (x1, y1) in pairwise(pts):
        if p <= x1 and x1 > x0:
            slope = (y1 - y0) / (x1 - x0)
            return y0 + slope * (max(p, x0) - x0), slope
    return 1.0, 1.0


@dataclass(frozen=True)
class Maps:
    """One game's fitted maps: ``maps[rules][opponents] = {"a", "b"}``, and how each was
    fitted (``fitted``, the same keys)."""

    maps: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    fitted_by: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Maps:
        return cls(data.get("maps", {}), data.get("fitted", {}))

    @classmethod
    def load(cls, path: Path) -> Maps:
        """The maps kept at ``path`` (none when the file does not exist)."""
        return cls.from_dict(read(path))

    def fitted(self, opponents: str, rules: str) -> bool:
        """Whether a map against ``opponents`` is fitted for ``rules`` (the default needs
        none)."""
        return opponents == DEFAULT_OPPONENTS or opponents in self.maps.get(rules, {})

    def against(self, opponents: str, rules: str, p: float, se: float) -> tuple[float, float]:
        """The model's chance ``p`` (standard error ``se``) against ``opponents``:
        unchanged against greedy players or where no map is fitted (the rules'), else
        mapped, its error carried by the map's slope (the delta method)."""
        m = self.maps.get(rules, {}).get(opponents)
        if opponents == DEFAULT_OPPONENTS or m is None:
            return p, se
        if "knots" in m:  # an increasing piecewise-linear map (:func:`fit_knots`)
            q, slope = through(p, m["knots"])
            return q, se * slope
        a, b = float(m["a"]), float(m["b"])
        q = platt(p, a, b)
        pp = min(max(p, EPS), 1 - EPS)
        slope = a * q * (1 - q) / (pp * (1 - pp))
        return q, se * slope


def read(path: Path) -> dict[str, Any]:
    """The file of maps kept at ``path`` as it stands: ``{"maps": …, "fitted": …}``
    (``{"maps": {}}`` when it does not exist)."""
    if not path.exists():
        return {"maps": {}}
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def write(path: Path, rules: str, opponents: str, m: Mapping[str, Any],
          record: Mapping[str, Any]) -> None:
    """Keep the map ``m`` (``{"a", "b"}`` or ``{"knots"}``) against ``opponents`` for
    ``rules`` at ``path`` (other maps there are kept), with ``record``: how it was
    fitted."""
    data = json.loads(path.read_text()) if path.exists() else {"maps": {}, "fitted": {}}
    data.setdefault("maps", {}).setdefault(rules, {})[opponents] = dict(m)
    data.setdefault("fitted", {}).setdefault(rules, {})[opponents] = dict(record)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


__all__ = ["DEFAULT_OPPONENTS", "EPS", "OPPONENTS", "Maps", "Opponents", "fit", "fit_knots",
           "logit", "platt", "read", "through", "write"]
