"""How often the Qing advisor's choice differs from ``greedy+``'s (and ``greedy``'s), and
whether the difference rests on evidence: at each decision of DEALS deals played by
``greedy+`` seats, the advisor's first action at the default budget against the
``greedy+`` action, and, where they differ, whether the advisor's chance for its choice
exceeds the one it states for ``greedy+``'s by less than two of its standard errors.

    python benchmarks/qing_agreement.py --deals 4
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.qing.advice import advise
from advisor.qing.bots import GreedyBot, StrongBot
from advisor.qing.game import Game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget-ms", type=float, default=100.0)
    args = ap.parse_args(argv)
    sb, gb = StrongBot(), GreedyBot()
    c: Counter[tuple[str, str]] = Counter()
    for k in range(args.deals):
        g = Game.from_deal(args.players, seed=5000 + k)
        while not g.over:
            d = g.pending
            assert d is not None
            v, legal = g.view(d.seat), g.legal_actions()
            a = sb.decide(v, legal)
            if len(legal) > 1:
                adv = advise(v, legal, budget_ms=args.budget_ms, seed=k)
                b = adv.options[0].action
                c[(v.phase, "decisions")] += 1
                c[(v.phase, "differs from greedy+")] += b != a
                c[(v.phase, "differs from greedy")] += b != gb.decide(v, legal)
                if b != a:
                    o = {o.action: o for o in adv.options}
                    pb, pa, se = o[b].p_win, o[a].p_win, o[b].p_win_se
                    assert pb is not None and pa is not None and se is not None
                    c[(v.phase, "… by less than 2 standard errors")] += pb - pa < 2 * se
            g.act(d.seat, a)
    for key in sorted(c):
        print(f"{key[0]:<6} {key[1]:<36} {c[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
