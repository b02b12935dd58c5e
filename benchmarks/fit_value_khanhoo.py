"""Fit the Khanhoo value model (``advisor/khanhoo/value_khanhoo.json``) on simulated deals.

    python benchmarks/fit_value.py --game khanhoo --deals 2000 --seed 1 --jobs 2
    python benchmarks/fit_value.py --game khanhoo --deals 2000 --seed 1 --load decisions.jsonl

Called by ``benchmarks/fit_value.py`` (its parser; ``--rules`` is Chắn's and is ignored
here). The advisor (``--policy advisor[:BUDGET_MS]``, the library's default budget
otherwise) and ``--players`` − 1 greedy bots play each deal once with the advisor in
every seat (duplicate deals, dealt from ``random.Random(f"fit:khanhoo:{seed}:{k}")`` —
neither the calibration benchmark's deals nor the strength benchmark's). At each of its
decisions the situation of the action it chose (:class:`advisor.khanhoo.value.Situation`)
is recorded, and once the deal is over whether the seat went out first and its deal
score (K8: its points when it went out, 0 otherwise). Going out now and a Quartette are
certain and left out: the advisor states them exactly.

The chance model is a logistic regression on :data:`advisor.khanhoo.value.FEATURES`,
the points model a least-squares fit on the same inputs, the chance and the chance times
the points of going out and times the points laid; both on standardised inputs with a
small ridge penalty (``fit_logistic`` and ``fit_least_squares`` of fit_value.py). The
last fifth of the deals is held out and reported (Brier, skill, the reliability table,
the points by fifth); the models are then refitted on every deal and written with the
command, the date, the deals, the seed and the held-out figures (``fitted``).
``--data`` also writes the decisions as JSON lines; ``--load`` refits from such a file
instead of playing (the ``--deals`` and ``--seed`` given must be the file's).

Run it on an otherwise idle machine, as the calibration benchmark is: the budget is
wall-clock time, so on a loaded machine the advisor computes less, plays weaker and goes
out first less often, and the model learns chances that are too low (a first fit made
while other jobs ran had a base rate of 0.430 against 0.440, and 55 choices judged by
distance alone against 13).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from fitting import (  # type: ignore[import-not-found]
    Recorder,
    held_out_split,
    linear_model,
    play_slices,
    write_rows,
)

from advisor.calibration import LinearModel, Reliability, ValueModels
from advisor.games.simulate import play as play_deal
from advisor.khanhoo.view import View

ROOT = Path(__file__).resolve().parent.parent
Row = dict[str, Any]


class KhanhooRecorder(Recorder):
    """The advised seat: plays the advisor's first choice and records its situation."""

    def __init__(self, seconds: float | None, seed: int) -> None:
        super().__init__(seed, "scores", "score")
        self.seconds = seconds

    def decide(self, view: View, legal: Sequence[Any]) -> Any:
        from advisor.khanhoo.advice import Budget, advise

        seed = self.rng.randrange(2**31)
        budget = (Budget(seed=seed) if self.seconds is None
                  else Budget(ms=self.seconds * 1000, seed=seed))
        best = advise(view, legal, budget).first
        if not best.certain and best.situation is not None:
            self.rows.append({"situation": best.situation.to_json(), "method": best.method,
                              "phase": view.phase, "players": view.players})
        return best.action


def play_slice(args: tuple[float | None, int, int, int, int]) -> list[Row]:
    """Deals ``first`` … ``first + deals − 1``, each once with the advisor in every seat."""
    from advisor.khanhoo.faces import GAME as KHANHOO
    from advisor.khanhoo.game import Game, table_rules

    seconds, seed, first, deals, players = args
    rules = table_rules(players)
    rows: list[Row] = []
    for k in range(first, first + deals):
        deal = Game.from_deal(players, rng=random.Random(f"fit:khanhoo:{seed}:{k}"), rules=rules)
        hands = [s.dealt for s in deal.seats]
        for me in range(players):
            game = Game(hands, deal.initial_stock, deal.dealer, rules=rules)
            rec = KhanhooRecorder(seconds, seed * 7919 + k * players + me)
            bots = [rec if s == me else KHANHOO.make_bot("greedy") for s in range(players)]
            play_deal(game, bots, rules)
            rows += [{**r, "deal": k, "seat": me} for r in rec.rows]
    return rows


# --- fitting -------------------------------------------------------------------------------

def inputs(rows: list[Row]) -> tuple[np.ndarray, list[Any]]:
    from advisor.khanhoo.value import Situation, features

    sits = [Situation.from_json(r["situation"]) for r in rows]
    return np.array([features(s) for s in sits], dtype=float), sits


def points_inputs(x: np.ndarray, p: np.ndarray, sits: list[Any]) -> np.ndarray:
    out = np.array([s.points_out for s in sits], dtype=float)
    laid = np.array([s.laid_points for s in sits], dtype=float)
    return np.column_stack([x, p, p * out, p * laid])


def fit(rows: list[Row]) -> dict[str, LinearModel]:
    """The chance model and the points model, fitted on ``rows``."""
    from advisor.khanhoo.value import FEATURES, POINTS_FEATURES

    x, sits = inputs(rows)
    y = np.array([1.0 if r["won"] else 0.0 for r in rows])
    score = np.array([float(r["score"]) for r in rows])
    first: LinearModel = linear_model("first", "logit", FEATURES, x, y)
    p = np.clip(np.array([first.predict(r) for r in x]), 1e-4, 1 - 1e-4)
    points: LinearModel = linear_model("points", "identity", POINTS_FEATURES,
                                       points_inputs(x, p, sits), score)
    return {"first": first, "points": points}


def points_table(pairs: list[tuple[float, float]], groups: int = 5) -> list[list[float]]:
    """[mean stated, mean observed, count] by fifth of the stated points."""
    data = sorted(pairs)
    out = []
    for g in range(groups):
        part = data[g * len(data) // groups: (g + 1) * len(data) // groups]
        if part:
            out.append([round(statistics.fmean(s for s, _ in part), 3),
                        round(statistics.fmean(o for _, o in part), 3), len(part)])
    return out


def held_out(models: dict[str, LinearModel], rows: list[Row]) -> dict[str, Any]:
    """The held-out figures: the chance's reliability, the points by fifth."""
    from advisor.khanhoo.value import estimate

    x, sits = inputs(rows)
    del x
    est = [estimate(s, models) for s in sits]
    rel = Reliability.of((e.p_first, r["won"]) for e, r in zip(est, rows))
    print(rel.text())
    table = points_table([(e.points, float(r["score"])) for e, r in zip(est, rows)])
    print("points, by fifth of the stated value:\n  stated mean   observed mean   decisions")
    for s, o, n in table:
        print(f"  {s:11.2f}   {o:13.2f}   {n:9d}")
    out = rel.to_json()
    out["points_by_fifth"] = table
    out["points_stated"] = round(statistics.fmean(e.points for e in est), 3)
    out["points_observed"] = round(statistics.fmean(float(r["score"]) for r in rows), 3)
    return out


def main(args: argparse.Namespace) -> None:
    players = getattr(args, "players", None) or 3
    policy = args.policy
    if policy not in ("advisor",) and not policy.startswith("advisor:"):
        raise SystemExit("khanhoo: --policy advisor[:BUDGET_MS]")
    seconds = float(policy.partition(":")[2]) / 1000 if ":" in policy else None
    started = time.perf_counter()
    load = getattr(args, "load", None)
    if load:
        rows = [json.loads(line) for line in Path(load).read_text().splitlines() if line]
    else:
        rows = play_slices(play_slice, args.deals, args.jobs, (seconds, args.seed),
                           (players,))
    print(f"{len(rows)} decisions from {args.deals} deals × {players} seats in "
          f"{time.perf_counter() - started:.0f} s")
    write_rows(args.data, rows)
    train, test = held_out_split(rows, args.deals)
    print(f"held out (the last fifth of the deals, {len(test)} decisions):")
    check = held_out(fit(train), test)
    models = fit(rows)
    command = "python benchmarks/fit_value.py " + " ".join(
        a for a in sys.argv[1:] if not a.startswith("--load") and a != str(load))
    fitted = {
        "command": command, "date": datetime.date.today().isoformat(), "deals": args.deals,
        "seed": args.seed, "players": players, "policy": policy,
        "opponents": "greedy", "duplicate": True, "decisions": len(rows),
        "held_out": check,
    }
    out = args.out or ROOT / "advisor" / "khanhoo" / "value_khanhoo.json"
    out.write_text(json.dumps(ValueModels("khanhoo", models, fitted).to_json(), indent=1)
                   + "\n")
    print(f"wrote {out}")
