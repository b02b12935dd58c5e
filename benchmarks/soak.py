"""Soak and speed of a game's rules engine: many deals between built-in bots at every
table the game declares, every record replayed. Any registered game.

    python benchmarks/soak.py --game chan [--deals 10000] [--seed 1] [--bots random,greedy]
                              [--jobs 2 | --cluster HOST:8786] [--first K]

For each bot kind and each table (``GameSpec.soak_tables()``: Khanhoo's six, one per
table size otherwise), plays DEALS deals with that bot in every seat through the game's
simulator (deal k of the seed, one at a time, so that one failure is one error), checks
each finished deal's invariants (``GameSpec.audit``: cards accounted for, payments
balanced …), then replays every record through the game's ``replay`` and counts the
records that are not valid. The deals are played in slices (``--jobs`` processes, or
a Dask cluster: ``advisor.games.parallel``), each deal exactly as in one process.
Prints one line per kind and table (and, on stderr, one per slice as it ends):

    greedy, 3 players: deals 0–999 (1000), 0 errors, 1000/1000 valid, 16 deals/s on 1 ...

The exit code is 1 when any deal failed or any record did not replay.
"""

from __future__ import annotations

import platform
import sys
import time
import traceback
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.faces import Table
from advisor.games.parallel import Slice, in_slices
from advisor.registry import game as registered
from advisor.registry import names


@dataclass
class Tally:
    """What a slice of a soak found."""

    errors: int = 0
    invalid: int = 0
    moves: int = 0
    draws: int = 0
    played_s: float = 0.0
    replayed_s: float = 0.0
    reports: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.errors += other.errors
        self.invalid += other.invalid
        self.moves += other.moves
        self.draws += other.draws
        self.played_s += other.played_s
        self.replayed_s += other.replayed_s
        self.reports.extend(other.reports[:max(0, 3 - len(self.reports))])


def soak_slice(game: str, kind: str, table: Table, seed: int, part: Slice) -> Tally:
    """Play the deals of ``part`` one at a time (one failure is one error), audit each
    finished deal, then replay every record."""
    info = registered(game)
    specs = [kind] * table.players
    records: list[Any] = []
    out = Tally()

    def keep(g: Any, players: list[str]) -> None:
        if info.audit is not None:
            info.audit(g)
        records.append(g.to_record(players))

    start = time.perf_counter()
    for k in range(part.first, part.first + part.games):
        try:
            run = info.simulate(specs, games=1, seed=seed, first=k, on_game=keep,
                                **table.options)
            out.moves += run.moves
            out.draws += run.draws
        except Exception:
            out.errors += 1
            if len(out.reports) < 3:
                out.reports.append(f"deal {k}:\n{traceback.format_exc()}")
    out.played_s = time.perf_counter() - start
    start = time.perf_counter()
    for rec in records:
        outcome = info.replay(rec)
        if not outcome.valid:
            out.invalid += 1
            if len(out.reports) < 3:
                out.reports.append(f"invalid record: {outcome.describe()}")
    out.replayed_s = time.perf_counter() - start
    return out


def soak(game: str, kind: str, table: Table, deals: int, seed: int, first: int = 0,
         jobs: int = 1, cluster: str | None = None) -> bool:
    """Play and replay one kind at one table; True when nothing failed."""
    total = Tally()
    wall = time.perf_counter()

    def progress(part: Slice, got: Tally) -> None:
        print(f"  {kind}, {table.name}, {part}: {got.errors} errors, {got.invalid} invalid "
              f"({time.perf_counter() - wall:.0f} s)", file=sys.stderr, flush=True)

    for got in in_slices(partial(soak_slice, game, kind, table, seed), first=first,
                         games=deals, jobs=jobs, cluster=cluster, on_done=progress):
        total.add(got)
    wall = time.perf_counter() - wall
    for report in total.reports:
        print(report, file=sys.stderr)
    valid = deals - total.errors - total.invalid
    print(f"{kind}, {table.name}: deals {first}–{first + deals - 1} ({deals}), "
          f"{total.errors} errors, {valid}/{deals - total.errors} valid, "
          f"{deals / wall:.1f} deals/s on {jobs if cluster is None else 'the cluster'} "
          f"({total.moves / max(total.played_s, 1e-9):.0f} moves/s a process), "
          f"{(deals - total.errors) / max(total.replayed_s, 1e-9):.0f} records/s "
          f"replayed; draws {total.draws}; {wall:.0f} s", flush=True)
    return total.errors == 0 and total.invalid == 0


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--game", choices=names(), required=True)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy")
    ap.add_argument("--first", type=int, default=0,
                    help="The first deal (to play part of a run, or resume one).")
    ap.add_argument("--jobs", type=int, default=1, help="Local processes.")
    ap.add_argument("--cluster", default=None, help="A Dask scheduler's address.")
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
            ok = soak(args.game, kind.strip(), table, args.deals, args.seed, args.first,
                      args.jobs, args.cluster) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
