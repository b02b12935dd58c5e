"""Soak and speed of the Ming Kanhu engine: many deals with each built-in bot in every
seat, at 2 and 3 players, every record replayed.

    python benchmarks/ming_soak.py [--deals 10000] [--advisor-deals 200] [--seed 1]
                                   [--bots random,greedy,advisor:10]

For each bot and table, plays DEALS deals (ADVISOR_DEALS for an ``advisor`` spec) with
that bot in every seat, then replays every record through ``advisor.ming.record.replay``
and counts errors: an exception anywhere, a record that does not replay valid, cards
taken other than 26 (2 players) or 27 (3), a card lost or doubled. Prints one line per
bot and table:

    greedy, 2 players: 10000 deals, 0 errors, 10000/10000 valid, 900 deals/s, ...
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.ming.cards import FULL
from advisor.ming.game import Game
from advisor.ming.record import replay
from advisor.ming.seats import make_bot
from advisor.ming.simulate import play


def soak(spec: str, players: int, deals: int, seed: int) -> int:
    bots = [make_bot(spec, seed=seed * 10 + s) for s in range(players)]
    errors = 0
    valid = 0
    moves = 0
    face_down = 0
    start = time.perf_counter()
    records = []
    for k in range(deals):
        game = Game.from_deal(players, rng=random.Random(f"{seed}:{spec}:{players}:{k}"))
        try:
            moves += play(game, bots)[0]
            r = game.result
            assert r is not None
            assert sum(r.captured) == (26 if players == 2 else 27)
            assert game.cards_in_play() == FULL
            assert sum(r.settlement) == 0
            face_down += sum(1 for m in game.log if m.action.beats is False)
            records.append(game.to_record([spec] * players))
        except Exception:
            errors += 1
            traceback.print_exc()
    played = time.perf_counter() - start
    for rec in records:
        if replay(rec).valid:
            valid += 1
        else:
            errors += 1
            print(replay(rec).describe(), file=sys.stderr)
    total = time.perf_counter() - start
    print(f"{spec}, {players} players: {deals} deals, {errors} errors, "
          f"{valid}/{len(records)} valid, {deals / played:.0f} deals/s "
          f"({moves / played:.0f} moves/s), {face_down / max(moves, 1):.1%} of moves face "
          f"down, replay {len(records) / max(total - played, 1e-9):.0f} records/s",
          flush=True)
    return errors


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--advisor-deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy,advisor:10")
    args = ap.parse_args()
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}")
    errors = 0
    for spec in args.bots.split(","):
        n = args.advisor_deals if spec.startswith("advisor") else args.deals
        for players in (2, 3):
            errors += soak(spec, players, n, args.seed)
    print(f"total errors: {errors}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
