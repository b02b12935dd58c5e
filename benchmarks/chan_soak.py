"""Soak and speed of the Chắn rules engine: many deals between built-in bots, every
record replayed.

    python benchmarks/chan_soak.py [--deals 10000] [--seed 1] [--bots random,greedy]

For each bot kind, plays DEALS deals with that bot in all four seats, then replays
every record through ``advisor.chan.record.replay`` and counts errors (an exception
anywhere, a record that does not replay valid, payments that do not sum to zero, cards
not all accounted for). Prints one line per kind:

    random: 10000 deals, 0 errors, 10000/10000 records valid, 380 deals/s (play), ...
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.chan.cards import FULL_DECK
from advisor.chan.game import Game
from advisor.chan.record import replay
from advisor.chan.seats import make_bot
from advisor.chan.simulate import play


def soak(kind: str, deals: int, seed: int) -> None:
    bots = [make_bot(kind, seed=seed * 10 + s) for s in range(4)]
    records = []
    errors = 0
    outcomes: Counter[str] = Counter()
    moves = 0
    start = time.perf_counter()
    for k in range(deals):
        game = Game.from_deal(rng=random.Random(f"{seed}:{kind}:{k}"))
        try:
            moves += play(game, bots)[0]
            assert game.result is not None
            assert sum(game.result.payments) == 0, "payments do not sum to zero"
            assert game.cards_in_play() == FULL_DECK, "cards not accounted for"
            outcomes[game.result.win_by or "draw"] += 1
            records.append(game.to_record([kind] * 4))
        except Exception:
            errors += 1
            if errors <= 3:
                traceback.print_exc()
    played = time.perf_counter() - start
    start = time.perf_counter()
    invalid = 0
    for rec in records:
        r = replay(rec)
        if not r.valid:
            invalid += 1
            if invalid <= 3:
                print(f"  invalid record: {r.describe()}", file=sys.stderr)
    replayed = time.perf_counter() - start
    print(f"{kind}: {deals} deals, {errors} errors, {len(records) - invalid}/{len(records)} "
          f"records valid, {deals / played:.0f} deals/s ({moves / played:.0f} moves/s) played, "
          f"{len(records) / replayed:.0f} records/s replayed; outcomes "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy")
    args = ap.parse_args()
    print(f"# Python {platform.python_version()} on {platform.machine()}, seed {args.seed}")
    for kind in args.bots.split(","):
        soak(kind.strip(), args.deals, args.seed)


if __name__ == "__main__":
    main()
