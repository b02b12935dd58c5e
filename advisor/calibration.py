"""Calibrated numbers, for every game: the fitted models that turn what a seat can see
into a chance to win and an expected settlement, and the measure of how well stated
chances match what happens.

A *value model* is a small linear model over a game's own features (a logistic one for
a probability, a plain one for an expected settlement), fitted on simulated deals by
``benchmarks/fit_value.py`` and shipped as JSON next to the game's code. Evaluating one
is a dot product, so every action of a decision can be judged in microseconds; each
prediction also carries its standard error from the fit (the delta method over the
coefficients' covariance).

:class:`Reliability` is what ``benchmarks/calibration.py`` prints: the Brier score of
stated chances against outcomes, the base rate's Brier score, the skill (1 − their
ratio) and the reliability table by tenths.

>>> r = Reliability.of([(0.9, True), (0.8, True), (0.2, False), (0.3, True)])
>>> round(r.brier, 4), round(r.base_brier, 4), round(r.skill, 3)
(0.145, 0.1875, 0.227)
>>> [(row.low, row.count) for row in r.rows]
[(0.2, 1), (0.3, 1), (0.8, 1), (0.9, 1)]
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from advisor.errors import AdvisorError

MODEL_FORMAT = "advisor-value/1"


def logistic(z: float) -> float:
    """The logistic function, safe for large |z|."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class LinearModel:
    """``intercept + coef · (x − mean) / scale``, through the logistic function when
    ``link`` is ``logit``. ``cov`` is the covariance of (intercept, coef…) from the fit,
    on the standardised features."""

    target: str
    link: str  # "logit" (a probability) or "identity"
    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    intercept: float
    coef: tuple[float, ...]
    cov: tuple[tuple[float, ...], ...] = ()

    def _z(self, x: Sequence[float]) -> list[float]:
        if len(x) != len(self.features):
            raise ValueError(f"{self.target}: {len(x)} features given, the model has "
                             f"{len(self.features)}")
        return [(v - m) / s for v, m, s in zip(x, self.mean, self.scale)]

    def predict(self, x: Sequence[float]) -> float:
        """The model's value at the feature vector ``x``."""
        z = self._z(x)
        eta = self.intercept + sum(c * v for c, v in zip(self.coef, z))
        return logistic(eta) if self.link == "logit" else eta

    def predict_se(self, x: Sequence[float]) -> tuple[float, float]:
        """The value and its standard error from the fit (0 when the fit kept no
        covariance)."""
        z = self._z(x)
        eta = self.intercept + sum(c * v for c, v in zip(self.coef, z))
        var = 0.0
        if self.cov:
            g = [1.0, *z]
            var = sum(gi * sum(cij * gj for cij, gj in zip(row, g))
                      for gi, row in zip(g, self.cov))
        se = math.sqrt(max(var, 0.0))
        if self.link == "logit":
            p = logistic(eta)
            return p, p * (1 - p) * se
        return eta, se

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "link": self.link, "features": list(self.features),
                "mean": list(self.mean), "scale": list(self.scale),
                "intercept": self.intercept, "coef": list(self.coef),
                "cov": [list(r) for r in self.cov]}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> LinearModel:
        return cls(obj["target"], obj["link"], tuple(obj["features"]), tuple(obj["mean"]),
                   tuple(obj["scale"]), float(obj["intercept"]), tuple(obj["coef"]),
                   tuple(tuple(r) for r in obj.get("cov", ())))


@dataclass(frozen=True)
class ValueModels:
    """A game's fitted models, by name (``win``, ``settlement`` …), with how they were
    fitted (the command, the deals, the measured fit)."""

    game: str
    models: dict[str, LinearModel]
    fitted: dict[str, Any]

    def __getitem__(self, name: str) -> LinearModel:
        return self.models[name]

    def to_json(self) -> dict[str, Any]:
        return {"format": MODEL_FORMAT, "game": self.game, "fitted": self.fitted,
                "models": {k: m.to_json() for k, m in self.models.items()}}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> ValueModels:
        if obj.get("format") != MODEL_FORMAT:
            raise AdvisorError(f"value model: expected format {MODEL_FORMAT!r}")
        return cls(obj["game"], {k: LinearModel.from_json(m) for k, m in obj["models"].items()},
                   dict(obj.get("fitted", {})))


def load_models(package: str, name: str,
                features: dict[str, Sequence[str]]) -> ValueModels:
    """The models shipped in ``package`` as ``name``: one per key of ``features``, each
    fitted on exactly the features the game's code computes for it, so that code and
    data cannot drift apart silently."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    models = ValueModels.from_json(json.loads(text))
    for key, names in features.items():
        m = models.models.get(key)
        if m is None or m.features != tuple(names):
            raise AdvisorError(f"{package}/{name}: model {key!r} was fitted on other features "
                               "than the code computes; refit it (benchmarks/fit_value.py)")
    return models


# --- measuring calibration ------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """One tenth of the reliability table: the stated chances in [low, low + 0.1)."""

    low: float
    count: int
    stated: float
    observed: float

    @property
    def gap(self) -> float:
        return self.observed - self.stated

    def to_json(self) -> dict[str, Any]:
        return {"low": round(self.low, 1), "count": self.count, "stated": round(self.stated, 4),
                "observed": round(self.observed, 4)}


@dataclass(frozen=True)
class Reliability:
    """How stated chances compare with outcomes."""

    count: int
    base_rate: float
    brier: float
    base_brier: float
    rows: tuple[Row, ...]

    @property
    def skill(self) -> float:
        """1 − Brier / base-rate Brier: 0 is no better than always quoting the average."""
        return 1.0 - self.brier / self.base_brier if self.base_brier else 0.0

    def worst_gap(self, min_count: int = 100) -> float:
        """The largest |observed − stated| over the tenths with at least ``min_count``."""
        return max((abs(r.gap) for r in self.rows if r.count >= min_count), default=0.0)

    @classmethod
    def of(cls, pairs: Iterable[tuple[float, bool]]) -> Reliability:
        data = [(float(p), 1.0 if y else 0.0) for p, y in pairs]
        n = len(data)
        if not n:
            return cls(0, 0.0, 0.0, 0.0, ())
        base = sum(y for _, y in data) / n
        brier = sum((p - y) ** 2 for p, y in data) / n
        base_brier = sum((base - y) ** 2 for _, y in data) / n
        bins: dict[int, list[tuple[float, float]]] = {}
        for p, y in data:
            bins.setdefault(min(int(p * 10), 9), []).append((p, y))
        rows = tuple(Row(k / 10, len(v), sum(p for p, _ in v) / len(v),
                         sum(y for _, y in v) / len(v)) for k, v in sorted(bins.items()))
        return cls(n, base, brier, base_brier, rows)

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.count, "base_rate": round(self.base_rate, 4),
                "brier": round(self.brier, 4), "base_brier": round(self.base_brier, 4),
                "skill": round(self.skill, 4), "worst_gap_100": round(self.worst_gap(), 4),
                "tenths": [r.to_json() for r in self.rows]}

    def text(self) -> str:
        lines = [f"{self.count} decisions · base rate {self.base_rate:.3f} · Brier "
                 f"{self.brier:.4f} (base rate's {self.base_brier:.4f}) · skill "
                 f"{self.skill:.3f}",
                 "  stated      count   mean stated   observed   gap"]
        for r in self.rows:
            lines.append(f"  {r.low:.1f}–{r.low + 0.1:.1f}  {r.count:8d}   {r.stated:11.3f}"
                         f"   {r.observed:8.3f}   {r.gap:+.3f}")
        lines.append(f"  largest gap in a tenth with ≥ 100 decisions: {self.worst_gap():.3f}")
        return "\n".join(lines)


__all__ = ["MODEL_FORMAT", "LinearModel", "Reliability", "Row", "ValueModels", "load_models",
           "logistic"]
