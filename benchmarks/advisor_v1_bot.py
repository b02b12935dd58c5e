#!/usr/bin/env python3
"""The previous Chắn advisor (``advisor-v1``) as a bot-protocol program (rules §8.3), to
measure the current advisor against it, seat against seat.

    git worktree add /tmp/advisor-v1 advisor-v1          # the tagged commit, once
    V1="exec:.venv/bin/python benchmarks/advisor_v1_bot.py /tmp/advisor-v1"
    python benchmarks/chan_advisor.py --deals 1000 --seats "advisor,$V1,advisor,$V1"

It imports ``advisor.chan.advice`` from the checkout given as its argument (not from this
one) and plays that advisor's first choice at its own default budget (15 ms). Each
decision's seed comes from the seat and a counter, so a run is reproducible up to the
timing of its budget.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> None:
    if len(sys.argv) != 2 or not (Path(sys.argv[1]) / "advisor" / "chan" / "advice.py").exists():
        sys.exit("usage: advisor_v1_bot.py CHECKOUT  (a checkout of the advisor-v1 tag)")
    sys.path.insert(0, str(Path(sys.argv[1]).resolve()))
    from advisor.chan.advice import advise  # the old checkout's
    from advisor.chan.game import Action

    seat, count = 0, 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            seat = msg["seat"]
        elif msg["type"] == "decide":
            legal = [Action.from_json(a) for a in msg["legal"]]
            count += 1
            best = advise(msg["view"], legal=legal, seed=seat * 1_000_003 + count).best
            print(json.dumps(best.to_json()), flush=True)


if __name__ == "__main__":
    main()
