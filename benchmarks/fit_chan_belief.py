"""Fit the pass rates of Chắn's belief (:mod:`advisor.chan.belief`) on self-play of several
different players, on the compiled core.

    python benchmarks/fit_chan_belief.py --deals 2000 [--write]

Every seat of a deal plays as one of ``--players`` (``greedy``, ``greedy+``, ``static``:
three rule-based players written differently; each deal's four seats drawn from them), and
at every decision the acting seat's hand is read and the decision classed:

- ``chan1`` / ``chan2``: a card on offer (T2) whose face the seat holds once (twice) and
  has not thrown (R4) — could it eat a Chắn, and did it let the card go? (Once, a Chắn
  eaten pairs a lone card; twice, it breaks a Chắn into a meld and a lone card.)
- ``ca``: otherwise, a card on offer of whose rank it holds a free copy (one or three) in
  another suit;
- ``chiu``: a Chíu on offer (C5: it holds three of the face) — did it decline?

The maximum-likelihood rate of each class is its share of passes (a binomial); printed
with its 95 % interval, overall and per player, and with ``--write`` saved to
``advisor/chan/belief.json``. A seat with no eat to make (no copy of the face, no free Cạ
partner) passes for certain, so the rate is the likelihood ratio the belief uses.

Then λ, how strongly the belief weighs a hand's unpaired cards (e^(−λ × unpaired)): an
exponential tilt, whose maximum-likelihood value is the one at which the worlds' mean
count of unpaired cards in the other hands equals the true hands' mean (moment matching).
It is found on a grid, at every tenth decision of the same deals (after the second
meld), from ``--worlds`` worlds a position drawn by the core.

Last, how far the belief narrows the worlds: uniform worlds weighed by it keep this share
of their effective number (Kish's: (Σw)² ÷ Σw²); and whether it is calibrated: where the
true hands' weight falls among the weights of worlds drawn from it (50 % if calibrated).
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.chan import core as chan_core
from advisor.chan.belief import (
    FLOOR,
    RATES_FILE,
    Rates,
    _partners,
    belief,
    effective_worlds,
    log_weight,
)
from advisor.chan.cards import BY_CODE, counts_of
from advisor.chan.pairing import p0_counts
from advisor.chan.view import View
from advisor.core import CORE

CLASSES = ("chan1", "chan2", "ca", "chiu")


def tally(deals: int, players: list[str], seed: int) -> dict[str, dict[str, list[int]]]:
    """{player: {class: [passes, decisions]}} over ``deals`` deals."""
    out = {p: {c: [0, 0] for c in CLASSES} for p in players}
    rng = random.Random(seed)
    for k in range(deals):
        hands, stock, dealer = CORE.chan_python_deal(f"belief-fit:{seed}", k)
        g = CORE.ChanGame.new(hands, stock, dealer, "house", [])
        seats = [rng.choice(players) for _ in range(4)]
        while (s := g.to_act()) is not None:
            legal = g.legal()
            if len(legal) == 1:
                g.act(legal[0])
                continue
            a = g.choose(seats[s], rng.getrandbits(63))
            v = json.loads(g.view_json(s))
            acts = {chan_core.action(c).do for c in legal}
            offer = v.get("offer")
            if offer is not None and "pass" in acts:
                f = BY_CODE[offer["card"]]
                hand = _counts(v["hand"])
                thrown = {BY_CODE[c].index for c in v["memory"]["discarded"]}
                passed = chan_core.action(a).do == "pass"
                cls = None
                if "chiu" in acts:
                    cls = "chiu"
                elif v["phase"] == "offer" and hand[f.index] in (1, 2) \
                        and f.index not in thrown:
                    cls = f"chan{hand[f.index]}"
                elif v["phase"] == "offer" and any(hand[j] in (1, 3) for j in _partners(f)):
                    cls = "ca"
                if cls is not None:
                    out[seats[s]][cls][0] += passed
                    out[seats[s]][cls][1] += 1
            g.act(a)
    return out


def positions(deals: int, players: list[str], seed: int) -> list[tuple[str, int, list[list[int]]]]:
    """(VIEW's JSON, seat, the true hands) at every tenth decision once two melds are down."""
    rng = random.Random(seed + 1)
    out = []
    for k in range(deals):
        hands, stock, dealer = CORE.chan_python_deal(f"belief-fit:{seed}", k)
        g = CORE.ChanGame.new(hands, stock, dealer, "house", [])
        seats = [rng.choice(players) for _ in range(4)]
        step = 0
        while (s := g.to_act()) is not None:
            legal = g.legal()
            if len(legal) > 1 and step % 10 == 0:
                state = json.loads(g.state_json())
                if sum(len(t["melds"]) for t in state["views"][s]["table"]) >= 2:
                    out.append((g.view_json(s), s, [_counts(v["hand"]) for v in state["views"]]))
            g.act(legal[0] if len(legal) == 1 else g.choose(seats[s], rng.getrandbits(63)))
            step += 1
    return out


def _counts(codes: list[str]) -> list[int]:
    return list(counts_of(BY_CODE[c] for c in codes))


def world_hands(text: str, n: int, w: int) -> list[list[int]]:
    """The hands of world ``w`` the core draws from a VIEW's JSON (seeded by ``n``)."""
    return [_counts(v["hand"]) for v in json.loads(
        CORE.ChanGame.from_view(text, n, w).state_json())["views"]]


def unpaired(h: list[int]) -> int:
    """P0's unpaired cards (:func:`advisor.chan.pairing.p0_counts`)."""
    return p0_counts(tuple(h))[2]


def fit_unpaired(pos: list[tuple[str, int, list[list[int]]]], worlds: int, r: Any
                 ) -> tuple[float, float, dict[float, float]]:
    """λ whose worlds' mean unpaired count (other hands) is nearest the true mean; the
    true mean and each λ's."""
    true = [unpaired(h[t]) for _, s, h in pos for t in range(4) if t != s]
    mean_true = sum(true) / len(true)
    means: dict[float, float] = {}
    for lam in (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0):
        got = []
        for n, (text, s, _) in enumerate(pos):
            data = json.dumps({**json.loads(text), "belief": _belief(text, r, lam)})
            for w in range(worlds):
                got += [unpaired(h) for t, h in enumerate(world_hands(data, n, w)) if t != s]
        means[lam] = sum(got) / len(got)
    best = min(means, key=lambda lam: abs(means[lam] - mean_true))
    return best, mean_true, means


def _belief(text: str, r: Any, lam: float) -> dict[str, Any]:
    return belief(View.from_json(json.loads(text)), r, unpaired=lam)


def effective_share(pos: list[tuple[str, int, list[list[int]]]], worlds: int, r: Any,
                    lam: float) -> float:
    """How far the belief narrows the worlds: at each position, ``worlds`` worlds dealt
    uniformly, weighed by the belief (:func:`advisor.chan.belief.log_weight`); Kish's
    effective number of them over their number, averaged over the positions."""
    shares = []
    for n, (text, _, _) in enumerate(pos):
        b = _belief(text, r, lam)
        ws = [math.exp(log_weight(b, world_hands(text, n, w))) for w in range(worlds)]
        shares.append(effective_worlds(ws) / worlds)
    return sum(shares) / len(shares)


def true_percentile(pos: list[tuple[str, int, list[list[int]]]], worlds: int, r: Any,
                    lam: float) -> float:
    """Is the belief calibrated? At each position, where the true hands' weight falls among
    the weights of ``worlds`` worlds drawn from the belief (the share below it, ties
    counted half); averaged over the positions: 0.5 if the truth is like a draw, lower if
    the belief is overconfident (it draws worlds it likes better than the truth)."""
    shares = []
    for n, (text, _, true) in enumerate(pos):
        b = _belief(text, r, lam)
        data = json.dumps({**json.loads(text), "belief": b})
        t = log_weight(b, true)
        draws = [log_weight(b, world_hands(data, n, w)) for w in range(worlds)]
        shares.append((sum(d < t for d in draws) + 0.5 * sum(d == t for d in draws)) / worlds)
    return sum(shares) / len(shares)


def rate(passes: int, n: int) -> dict[str, float | int]:
    p = passes / n if n else 0.0
    se = math.sqrt(p * (1 - p) / n) if n else 0.0
    return {"rate": round(p, 4), "low": round(max(p - 1.96 * se, 0.0), 4),
            "high": round(min(p + 1.96 * se, 1.0), 4), "passes": passes, "decisions": n}


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--players", default="greedy,greedy+,static")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=8)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    players = args.players.split(",")
    started = time.process_time()
    t = tally(args.deals, players, args.seed)
    pooled = {c: rate(sum(t[p][c][0] for p in players), sum(t[p][c][1] for p in players))
              for c in CLASSES}
    fitted = Rates(*(max(float(pooled[c]["rate"]), FLOOR) for c in CLASSES))
    pos = positions(max(args.deals // 10, 20), players, args.seed)
    lam, mean_true, means = fit_unpaired(pos, args.worlds, fitted)
    ess = effective_share(pos[:200], 256, fitted, lam)
    pct = true_percentile(pos[:200], 64, fitted, lam)
    out = {**pooled, "effective_share": round(ess, 4), "true_percentile": round(pct, 3),
           "unpaired": {"lambda": lam, "true_mean": round(mean_true, 3),
                        "worlds_mean": {str(k): round(v, 3) for k, v in means.items()}},
           "per_player": {p: {c: rate(*t[p][c]) for c in CLASSES} for p in players},
           "deals": args.deals, "players": players, "seed": args.seed,
           "command": f"python benchmarks/fit_chan_belief.py --deals {args.deals} "
                      f"--players {args.players} --seed {args.seed} --worlds {args.worlds} "
                      "--write"}
    for c in CLASSES:
        r = pooled[c]
        per = ", ".join(f"{p} {out['per_player'][p][c]['rate']:.3f}" for p in players)
        print(f"{c:5} pass rate {r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}] over "
              f"{r['decisions']} decisions ({per})")
    print(f"λ {lam}: the other hands leave {mean_true:.2f} cards unpaired; the worlds "
          + ", ".join(f"{k:g}: {v:.2f}" for k, v in means.items()))
    print(f"the belief keeps {ess:.1%} of uniform worlds' effective number (Kish, 256 "
          "worlds at each of 200 positions)")
    print(f"the true hands' weight sits at the {pct:.0%} point of the belief's worlds' (50 % "
          "if calibrated; 64 worlds at each of 200 positions)")
    print(f"{time.process_time() - started:.0f} s of CPU")
    if args.write:
        RATES_FILE.write_text(json.dumps(out, indent=1) + "\n")
        print(f"written to {RATES_FILE}")


if __name__ == "__main__":
    main()
