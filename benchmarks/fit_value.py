"""Fit a game's value model on simulated deals, and write it where the library reads it.

    python benchmarks/fit_value.py --game chan --deals 6000 --jobs 2
    python benchmarks/fit_value.py --game chan --deals 6000 --rules cvv --jobs 2
    python benchmarks/fit_value.py --game khanhoo --deals 3000 --jobs 2

Needs the ``bench`` extra (``pip install -e '.[bench]'``: NumPy).

The advisor (``--policy advisor``, as shipped; ``static`` for Chắn's static ranking
alone, to start from nothing) plays every seat of each deal in turn against greedy bots
(``--opponent greedy+``: the ``greedy+`` players; duplicate deals, seed ``--seed``: not
the calibration benchmark's). At each of its decisions the inputs of the value model for
the action it chose are recorded, and once the deal is over, whether the seat won and its
settlement. Decisions whose outcome is certain (a win on the table) are left out: the
advisor states those exactly.

The win model is a logistic regression, the settlement model a least-squares fit
(inputs: the win model's, its chance and the chance × the stock left), on standardised
inputs with a small ridge penalty. The last fifth of the deals is held out and its Brier
score and reliability reported; the models are then refitted on every deal and written
with the command, the deals and the held-out figures (``fitted``).
"""

from __future__ import annotations

import datetime
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from command import parser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402  (the bench extra)
from fitting import Recorder, held_out_split, linear_model, play_slices, write_rows  # noqa: E402

from advisor.calibration import LinearModel, Reliability, ValueModels  # noqa: E402
from advisor.chan.view import View  # noqa: E402
from advisor.games.simulate import play as play_deal  # noqa: E402

Row = dict[str, Any]


# --- Chắn ----------------------------------------------------------------------------------

class ChanRecorder(Recorder):
    """The advised seat: decides by ``policy`` and records the chosen action's inputs."""

    def __init__(self, policy: str, seed: int) -> None:
        super().__init__(seed, "payments", "pay")
        self.policy = policy

    def decide(self, view: View, legal: Sequence[Any]) -> Any:
        from advisor.chan.advice import advise
        from advisor.chan.game import Action, SeatState
        from advisor.chan.lookahead import leaves, static_key
        from advisor.chan.value import TableInfo, features

        if self.policy == "static":
            s = SeatState.of_view(view)
            unseen = view.unseen
            offered = view.offer.card if view.offer is not None else None
            judged = [(static_key(lv := leaves(a, s, offered, unseen)), n, a, lv)
                      for n, a in enumerate(legal)]
            _, _, choice, lv = min(judged, key=lambda t: (t[0], t[1]))
            if not lv.wins and lv.distance is not None:
                x = features(TableInfo.of_view(view), lv.distance, lv.useful_unseen,
                             sum(unseen), lv.unpaired, lv.exposed)
                self.rows.append({"x": x})
            assert isinstance(choice, Action)
            return choice
        budget = float(self.policy.partition(":")[2] or 50)
        advice = advise(view, budget_ms=budget, seed=self.rng.randrange(2**31), legal=legal)
        best = advice.actions[0]
        if not best.certain:
            self.rows.append({"x": list(best.features)})
        return advice.best


def chan_slice(args: tuple[str, int, int, int, str, str]) -> list[Row]:
    from advisor.chan.bots import GreedyBot
    from advisor.chan.game import SEATS, Game
    from advisor.chan.strong import StrongBot

    policy, seed, first, deals, rules, opponent = args
    other = {"greedy": GreedyBot, "greedy+": StrongBot}[opponent]
    rows: list[Row] = []
    for k in range(first, first + deals):
        deal = Game.from_deal(rng=random.Random(f"fit:{seed}:{k}"), rules=rules)
        hands = [deal.hand(s) for s in range(SEATS)]
        for me in range(SEATS):
            game = Game(hands, deal.initial_stock, deal.dealer, rules=rules)
            rec = ChanRecorder(policy, seed * 7919 + k * 4 + me)
            bots = [rec if s == me else other() for s in range(SEATS)]
            play_deal(game, bots, rules)
            for r in rec.rows:
                r["deal"] = k
            rows += rec.rows
    return rows


# --- fitting -------------------------------------------------------------------------------

def fit(rows: list[Row], names: Sequence[str], settle_names: Sequence[str],
        stock_index: int) -> dict[str, LinearModel]:
    x = np.array([r["x"] for r in rows], dtype=float)
    y = np.array([1.0 if r["won"] else 0.0 for r in rows])
    pay = np.array([float(r["pay"]) for r in rows])
    win = linear_model("win", "logit", names, x, y)
    p = np.array([win.predict(r) for r in x])
    xs = np.column_stack([x, p, p * x[:, stock_index]])
    settle = linear_model("settlement", "identity", settle_names, xs, pay)
    return {"win": win, "settlement": settle}


def held_out(models: dict[str, LinearModel], rows: list[Row]) -> dict[str, Any]:
    rel = Reliability.of((models["win"].predict(r["x"]), r["won"]) for r in rows)
    out = rel.to_json()
    print(rel.text())
    return out


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--game", choices=["chan", "khanhoo"], default="chan")
    ap.add_argument("--deals", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="house", help="Chắn: the rules profile")
    ap.add_argument("--policy", default="advisor",
                    help="who plays the advised seat: advisor[:BUDGET_MS] or static")
    ap.add_argument("--opponent", choices=["greedy", "greedy+"], default="greedy",
                    help="Chắn: the players at the other seats")
    ap.add_argument("--data", type=Path, help="also write the decisions (JSON lines)")
    ap.add_argument("--out", type=Path, help="where to write the models [the library's file]")
    ap.add_argument("--players", type=int, default=3, help="Khanhoo: players at the table")
    ap.add_argument("--load", type=Path, help="Khanhoo: refit from decisions written by --data")
    args = ap.parse_args()
    if args.game == "khanhoo":
        from fit_value_khanhoo import main as khanhoo_main  # type: ignore[import-not-found]

        khanhoo_main(args)
        return
    from advisor.chan.value import FEATURES, SETTLEMENT_FEATURES

    started = time.perf_counter()
    rows = play_slices(chan_slice, args.deals, args.jobs, (args.policy, args.seed),
                       (args.rules, args.opponent))
    print(f"{len(rows)} decisions from {args.deals} deals × 4 seats in "
          f"{time.perf_counter() - started:.0f} s")
    write_rows(args.data, rows)
    train, test = held_out_split(rows, args.deals)
    stock = FEATURES.index("stock")
    print("held out (the last fifth of the deals):")
    check = held_out(fit(train, FEATURES, SETTLEMENT_FEATURES, stock), test)
    models = fit(rows, FEATURES, SETTLEMENT_FEATURES, stock)
    fitted = {
        "command": "python benchmarks/fit_value.py " + " ".join(sys.argv[1:]),
        "date": datetime.date.today().isoformat(), "deals": args.deals, "seed": args.seed,
        "policy": args.policy, "rules": args.rules, "opponent": args.opponent,
        "decisions": len(rows),
        "held_out": check,
    }
    out = args.out or ROOT / "advisor" / "chan" / f"value_{args.rules}.json"
    out.write_text(json.dumps(ValueModels("chan", models, fitted).to_json(), indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
