"""A ceiling probe of the Ming Kanhu advisor: what would seeing every hand buy?

    python benchmarks/ming_probes.py [--deals 200] [--players 2] [--seed 1]
                                     [--opponent greedy] [--probe ceiling]

Plays DEALS deals in duplicate (each deal once per seat rotation, dealt from
``random.Random(f"ming-probe:{SEED}:{k}")``) between one probe seat and PLAYERS − 1
copies of the opponent (``greedy`` or ``greedy+``), and prints the probe's mean
settlement per game with its 95% interval (the games taken as independent; the
rotations of one deal are not, so the interval is indicative).

* ``ceiling`` *cheats*: it reads the real deal — every hand — and judges each legal play
  in that one world the way the advisor judges a world (every seat greedy down to the
  advisor's exact end, then the exact solver; the whole rest solved exactly once the
  advisor's exact end is reached), so it bounds what a better model of the hidden cards
  could gain for this search;
* ``advisor``: the advisor as shipped (its default budget), for comparison.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.ming.advice import Budget, Situation, advise, judge_world
from advisor.ming.faces import GAME
from advisor.ming.game import Action, Game, settlement

Z95 = 1.959964
PLAYOUT = ["greedy"]


def ceiling(g: Game, legal: Sequence[Action]) -> Action:
    """The play that is best in the real deal, judged as the advisor judges a world."""
    d = g.pending
    assert d is not None
    values = judge_world(Situation.of(g.view(d.seat)), tuple(g.hands), legal,
                         Budget(playout=PLAYOUT[0]))
    return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]


def play(players: int, k: int, seed: int, rotation: int, probe: str, opponent: str) -> int:
    g = Game.from_deal(players, rng=random.Random(f"ming-probe:{seed}:{k}"))
    seat = rotation  # the probe's seat
    bots = {i: GAME.make_bot(opponent, seed=k * 7 + i) for i in range(players) if i != seat}
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        if d.seat == seat:
            a = ceiling(g, legal) if probe == "ceiling" else \
                advise(g.view(d.seat), legal, seed=k).best
        else:
            a = bots[d.seat].decide(g.view(d.seat), legal)
        g.act(d.seat, a)
    assert g.result is not None
    total = tuple(c + b for c, b in zip(g.result.captured, g.result.bonuses))
    return settlement(total)[seat]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--probe", choices=("ceiling", "advisor"), default="ceiling")
    ap.add_argument("--playout", choices=("greedy", "greedy+"), default="greedy",
                    help="The ceiling's play above the exact end.")
    args = ap.parse_args()
    PLAYOUT[0] = args.playout
    xs = [play(args.players, k, args.seed, r, args.probe, args.opponent)
          for k in range(args.deals) for r in range(args.players)]
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    print(f"# Ming Kanhu probe {args.probe} against {args.opponent}, {args.players} players, "
          f"{args.deals} deals in duplicate, seed {args.seed}")
    print(f"{args.probe}: settlement {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] "
          f"per game over {n} games")


if __name__ == "__main__":
    main()
