"""Soak and speed of a game's rules engine: many deals between built-in bots at every
table the game declares, every record replayed. Any registered game.

    python benchmarks/soak.py --game chan [--deals 10000] [--seed 1] [--bots random,greedy]

For each bot kind and each table (``GameInfo.soak_tables()``: Khanhoo's six, one per
table size otherwise), plays DEALS deals with that bot in every seat through the game's
simulator (deal k of the seed, one at a time, so that one failure is one error), checks
each finished deal's invariants (``GameInfo.audit``: cards accounted for, payments
balanced …), then replays every record through the game's ``replay`` and counts the
records that are not valid. Prints one line per kind and table:

    greedy, 3 players: 1000 deals, 0 errors, 1000/1000 valid, 16 deals/s (540 moves/s), ...

The exit code is 1 when any deal failed or any record did not replay.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.faces import GameInfo, Table
from advisor.registry import game as registered
from advisor.registry import names


def soak(info: GameInfo, kind: str, table: Table, deals: int, seed: int) -> bool:
    """Play and replay one kind at one table; True when nothing failed."""
    specs = [kind] * table.players
    records: list[Any] = []
    errors = moves = draws = 0

    def keep(game: Any, players: list[str]) -> None:
        if info.audit is not None:
            info.audit(game)
        records.append(game.to_record(players))

    start = time.perf_counter()
    for k in range(deals):
        try:
            run = info.simulate(specs, games=1, seed=seed, first=k, on_game=keep,
                                **table.options)
            moves += run.moves
            draws += run.draws
        except Exception:
            errors += 1
            if errors <= 3:
                traceback.print_exc()
    played = time.perf_counter() - start
    start = time.perf_counter()
    invalid = 0
    for rec in records:
        outcome = info.replay(rec)
        if not outcome.valid:
            invalid += 1
            if invalid <= 3:
                print(f"  invalid record: {outcome.describe()}", file=sys.stderr)
    replayed = time.perf_counter() - start
    print(f"{kind}, {table.name}: {deals} deals, {errors} errors, "
          f"{len(records) - invalid}/{len(records)} valid, {deals / played:.1f} deals/s "
          f"({moves / played:.0f} moves/s), {len(records) / max(replayed, 1e-9):.0f} records/s "
          f"replayed; draws {draws}", flush=True)
    return errors == 0 and invalid == 0 and len(records) == deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=names(), required=True)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy")
    ap.add_argument("--table", action="append", default=None,
                    help="Only the tables of this name (repeat); default: every table.")
    args = ap.parse_args()
    info = registered(args.game)
    tables = [t for t in info.soak_tables() if args.table is None or t.name in args.table]
    print(f"# {info.title}, Python {platform.python_version()} on {platform.machine()}, "
          f"seed {args.seed}")
    ok = True
    for kind in args.bots.split(","):
        for table in tables:
            ok = soak(info, kind.strip(), table, args.deals, args.seed) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
