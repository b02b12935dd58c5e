"""The model fits shared by the value-model benchmarks (``fit_value.py`` for Chắn,
``fit_value_khanhoo.py`` for Khanhoo): standardised inputs, a penalised logistic
regression and a penalised least-squares fit, each with the covariance of its
coefficients (for the standard errors the advisor states). Needs NumPy (the ``bench``
extra).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from advisor.calibration import LinearModel
from advisor.games.bots import BaseBot
from advisor.games.parallel import Slice, in_slices

Row = dict[str, Any]


def _slice_work(play: Callable[[Any], list[Row]], head: tuple[Any, ...],
                tail: tuple[Any, ...], part: Slice) -> list[Row]:
    return play((*head, part.first, part.games, *tail))


def play_slices(play: Callable[[Any], list[Row]], deals: int, jobs: int,
                head: tuple[Any, ...], tail: tuple[Any, ...] = (),
                cluster: str | None = None) -> list[Row]:
    """The decisions of ``deals`` deals, played in slices in ``jobs`` local processes or on
    a Dask ``cluster`` (``advisor.games.parallel.in_slices``), in deal order:
    ``play((*head, first, count, *tail))`` plays deals first … first + count − 1."""
    parts = in_slices(partial(_slice_work, play, head, tail), first=0, games=deals,
                      jobs=jobs, cluster=cluster)
    return [r for part in parts for r in part]


def write_rows(path: Path | None, rows: Sequence[Row]) -> None:
    """The decisions as JSON lines (``--data``), to refit or study them later."""
    if path is not None:
        with path.open("w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")


def held_out_split(rows: Sequence[Row], deals: int) -> tuple[list[Row], list[Row]]:
    """(the first four fifths of the deals, the last fifth): fit on one, score the other."""
    cut = deals * 4 // 5
    return [r for r in rows if r["deal"] < cut], [r for r in rows if r["deal"] >= cut]


def standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    return mean, scale


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1.0,
                 iterations: int = 50) -> tuple[float, np.ndarray, np.ndarray]:
    """Newton's method on the penalised log-likelihood (no penalty on the intercept);
    returns the intercept, the coefficients and their covariance (inverse Hessian)."""
    n, k = x.shape
    a = np.column_stack([np.ones(n), x])
    w = np.zeros(k + 1)
    pen = np.full(k + 1, ridge)
    pen[0] = 0.0
    hess = np.eye(k + 1)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(a @ w)))
        grad = a.T @ (y - p) - pen * w
        hess = (a * (p * (1 - p))[:, None]).T @ a + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.max(np.abs(step)) < 1e-9:
            break
    cov = np.linalg.inv(hess)
    return float(w[0]), w[1:], cov


def fit_least_squares(x: np.ndarray, y: np.ndarray,
                      ridge: float = 1.0) -> tuple[float, np.ndarray, np.ndarray]:
    n, k = x.shape
    a = np.column_stack([np.ones(n), x])
    pen = np.full(k + 1, ridge)
    pen[0] = 0.0
    gram = a.T @ a + np.diag(pen)
    w = np.linalg.solve(gram, a.T @ y)
    resid = y - a @ w
    sigma2 = float(resid @ resid) / max(n - k - 1, 1)
    cov = sigma2 * np.linalg.inv(gram)
    return float(w[0]), w[1:], cov


def linear_model(name: str, link: str, names: Sequence[str], x: np.ndarray,
                 y: np.ndarray) -> LinearModel:
    """The model ``name`` of ``y`` on the inputs ``x`` (columns ``names``), fitted on
    standardised inputs: a logistic regression for the ``logit`` link, least squares for
    ``identity``; its coefficients' covariance kept for the standard errors."""
    mean, scale = standardise(x)
    fit = fit_logistic if link == "logit" else fit_least_squares
    b0, b, cov = fit((x - mean) / scale, y)
    return LinearModel(name, link, tuple(names), tuple(mean.tolist()), tuple(scale.tolist()),
                       b0, tuple(b.tolist()), tuple(tuple(r) for r in cov.tolist()))


class Recorder(BaseBot):
    """The advised seat of a fit's deals: its ``decide`` appends the rows it records;
    at the end each row gets whether the seat won and, as ``key``, its share of the
    result's per-seat field ``outcome``."""

    def __init__(self, seed: int, outcome: str, key: str) -> None:
        self.rng = random.Random(seed)
        self.rows: list[Row] = []
        self.outcome, self.key = outcome, key

    def end(self, result: dict[str, Any]) -> None:
        for r in self.rows:
            if "won" not in r:
                r["won"] = result["winner"] == self.seat
                r[self.key] = result[self.outcome][self.seat]


__all__ = ["Recorder", "fit_least_squares", "fit_logistic", "held_out_split",
           "linear_model", "play_slices", "standardise", "write_rows"]
