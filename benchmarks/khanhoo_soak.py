"""Soak and speed of the Khanhoo rules engine: many deals between built-in bots at every
table size, every record replayed.

    python benchmarks/khanhoo_soak.py [--deals 1000] [--seed 1] [--bots random,greedy]

For each bot kind and each table (2, 3, 4 and 5 players; 4 with an orphan; 3 in the
3-set variation with Trio and cache), plays DEALS deals with that bot in every seat, then
replays every record through ``advisor.khanhoo.record.replay`` and counts errors (an
exception anywhere, a record that does not replay valid, scores other than the winner's
points, cards not all accounted for). Prints one line per kind and table:

    greedy, 3 players: 1000 deals, 0 errors, 1000/1000 valid, 16 deals/s (540 moves/s), ...
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

from advisor.khanhoo.game import Game, table_rules
from advisor.khanhoo.record import replay
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.seats import make_bot
from advisor.khanhoo.simulate import play

TABLES: list[tuple[str, int, Rules, bool]] = [
    ("2 players", 2, table_rules(2), False),
    ("3 players", 3, table_rules(3), False),
    ("4 players, no stock", 4, table_rules(4), False),
    ("4 players, orphan", 4, table_rules(4), True),
    ("5 players", 5, table_rules(5), False),
    ("3 players, variation + trio", 3, Rules(3, 2, trio=True), False),
]


def soak(kind: str, name: str, players: int, rules: Rules, orphan: bool, deals: int,
         seed: int) -> None:
    bots = [make_bot(kind, seed=seed * 10 + s) for s in range(players)]
    records = []
    errors = 0
    outcomes: Counter[str] = Counter()
    moves = 0
    start = time.perf_counter()
    for k in range(deals):
        rng = random.Random(f"{seed}:{kind}:{name}:{k}")
        game = Game.from_deal(players, rng=rng, rules=rules,
                              orphan=rng.randrange(players) if orphan else None)
        try:
            moves += play(game, bots)[0]
            r = game.result
            assert r is not None
            assert sum(r.scores) == r.points and (r.winner is None) == (r.points == 0)
            assert game.cards_in_play() == rules.pack.counts, "cards not accounted for"
            outcomes[r.by or "draw"] += 1
            records.append(game.to_record([kind] * players))
        except Exception:
            errors += 1
            if errors <= 3:
                traceback.print_exc()
    played = time.perf_counter() - start
    start = time.perf_counter()
    invalid = 0
    for rec in records:
        rep = replay(rec)
        if not rep.valid:
            invalid += 1
            if invalid <= 3:
                print(f"  invalid record: {rep.describe()}", file=sys.stderr)
    replayed = time.perf_counter() - start
    print(f"{kind}, {name}: {deals} deals, {errors} errors, {len(records) - invalid}/"
          f"{len(records)} valid, {deals / played:.1f} deals/s ({moves / played:.0f} moves/s), "
          f"{len(records) / replayed:.0f} records/s replayed; outcomes "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy")
    args = ap.parse_args()
    print(f"# Python {platform.python_version()} on {platform.machine()}, seed {args.seed}")
    for kind in args.bots.split(","):
        for name, players, rules, orphan in TABLES:
            soak(kind.strip(), name, players, rules, orphan, args.deals, args.seed)


if __name__ == "__main__":
    main()
