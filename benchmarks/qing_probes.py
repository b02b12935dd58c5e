"""A ceiling probe for Qing Kanhu: what would seeing every hand and the next draws buy?

    python benchmarks/qing_probes.py --deals 100 --players 4 --seed 1 [--continuation greedy]

The probe *cheats*: at each of its decisions it reads the real game — every concealed
hand and the stock in its real order — and plays each legal action out to the end on
that one true deal, choosing an action whose continuation it wins, else one that leaves
the deal drawn rather than lost, the greedy player's own choice breaking ties. The
continuation is played by every seat with

* ``fast`` (the default): the advisor's fast playout policy (win when possible, else
  take nothing, draw and throw the card with the fewest partners) — unlike the
  opponents' real play, so the probe is a floor of what seeing the cards buys;
* ``greedy``: the opponents' own policy, the greedy player, in every seat (the probe's
  too). The greedy player is deterministic, so the probe knows exactly where each of
  its actions leads while the others play as they will: a one-step search with
  perfect information, the ceiling an advisor can be read against.

Against PLAYERS − 1 greedy players, duplicate (each deal once with the probe in every
seat; deal k from ``Game.from_deal(players, seed=SEED * 100_000 + k)``). Prints the
probe's win share over the greedy players' mean.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.qing.advice import _follow, _playout, _World
from advisor.qing.bots import GreedyBot
from advisor.qing.game import Action, Game
from advisor.qing.view import View


class _TrueWorld(_World):
    """The real deal as the playouts' world: the other hands and the stock as they are."""

    def __init__(self, game: Game, seat: int) -> None:  # no sampling: the real deal
        self.hands = [list(game.hand(s)) for s in range(len(game.seats))]
        self.stock = [c.index for c in game.stock]


def probe_decide(game: Game, view: View, legal: Sequence[Action], greedy: Action) -> Action:
    world = _TrueWorld(game, view.seat)
    best, key = greedy, (-1, 0)
    for a in legal:
        if a.do == "win":
            return a
        follow = _follow(view, a) if a.do == "take" else None
        w = _playout(view, world, a, follow)
        k = (2 if w == view.seat else 1 if w is None else 0, int(a == greedy))
        if k > key:
            best, key = a, k
    return best


def probe_greedy(game: Game, view: View, legal: Sequence[Action], greedy: Action,
                 bot: GreedyBot) -> Action:
    """The action whose continuation by greedy players (every seat) the probe wins, else
    one that leaves the deal drawn; the greedy choice first, so it keeps ties."""
    best, key = greedy, -1
    for a in sorted(legal, key=lambda a: a != greedy):
        if a.do == "win":
            return a
        g = game.clone()
        g.act(view.seat, a)
        while not g.over:
            d = g.pending
            assert d is not None
            g.act(d.seat, bot.decide(g.view(d.seat), g.legal_actions()))
        assert g.result is not None
        w = g.result.winner
        k = 2 if w == view.seat else 1 if w is None else 0
        if k == 2:
            return a
        if k > key:
            best, key = a, k
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--continuation", choices=("fast", "greedy"), default="fast",
                    help="Who plays the deal on after each action the probe tries.")
    args = ap.parse_args(argv)
    n = args.players
    greedy = GreedyBot()
    wins = [0, 0]  # the probe's, the greedy players'
    games = 0
    t0 = time.process_time()
    for k in range(args.deals):
        for probe in range(n):
            g = Game.from_deal(n, seed=args.seed * 100_000 + k)
            while not g.over:
                d = g.pending
                assert d is not None
                v, legal = g.view(d.seat), g.legal_actions()
                a = greedy.decide(v, legal)
                if d.seat == probe and len(legal) > 1:
                    a = probe_decide(g, v, legal, a) if args.continuation == "fast" \
                        else probe_greedy(g, v, legal, a, greedy)
                g.act(d.seat, a)
            assert g.result is not None
            games += 1
            w = g.result.winner
            if w is not None:
                wins[0 if w == probe else 1] += 1
    share = wins[0] / games
    other = wins[1] / games / (n - 1)
    ratio = share / other if other else math.inf
    se = math.sqrt(share * (1 - share) / games)
    print(f"# Qing ceiling probe (sees every hand and the stock, continuation "
          f"{args.continuation}) vs {n - 1} greedy, "
          f"{args.deals} deals in duplicate ({games} games), seed {args.seed}, "
          f"{time.process_time() - t0:.0f} s CPU")
    print(f"probe share {share:.3f} [{share - 1.96 * se:.3f}, {share + 1.96 * se:.3f}], "
          f"greedy mean share {other:.3f}, ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
