"""Engine speed per game: greedy self-play deals per second, and playouts per second (a
world dealt from a seat's VIEW by the game's ``world`` and played to the end of the deal by
greedy seats — what a search under hidden cards buys its answers with), for the code as it
stands and for a baseline commit, in the same run on the same machine.

    python benchmarks/engine_speed.py                      # every game, baseline c4ed0fb
    python benchmarks/engine_speed.py --games qing,khanhoo --baseline c4ed0fb --repeat 3
    python benchmarks/engine_speed.py --profile            # where a greedy deal's time goes

The baseline's code is exported with ``git archive`` to a temporary folder and run there
in its own process (``PYTHONPATH``), on the same deals (same seeds) and the same VIEWs;
each measure is the process's CPU time (``time.process_time``: other jobs on the machine
slow the wall clock, much less the CPU time a run takes), the best of ``--repeat``
runs. A row is ``deals/s  moves/s`` of greedy self-play, ``greedy+/s`` (deals a
second of ``greedy+`` self-play, the playout policy a search would use) and
``playouts/s`` per tree, and the ratios, current over baseline. Only the engine, the
bots and ``world`` are timed: the VIEWs are taken before.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# game: (players, greedy deals timed, playouts timed) — the same work for both trees
WORK: dict[str, tuple[int, int, int]] = {
    "chan": (4, 400, 400),
    "khanhoo": (3, 60, 60),
    "qing": (4, 60, 60),
    "ming": (2, 800, 800),
}


def child(game: str, deals: int, playouts: int, repeat: int, warm: int = 0) -> dict[str, Any]:
    """Runs inside the tree measured (its ``advisor`` first on ``sys.path``); ``warm``
    deals of other seeds are played first, untimed (the caches of a long run)."""
    import random
    from importlib import import_module

    from advisor.registry import game as spec_of

    spec = spec_of(game)
    players = WORK[game][0]
    seats = ["greedy"] * players
    best_deal = best_play = float("inf")
    moves = 0
    best_strong = float("inf")
    if warm:
        spec.simulate(seats, games=warm, seed=1_000_001)
        spec.simulate(["greedy+"] * players, games=warm, seed=1_000_002)
    for _ in range(repeat):
        t = time.process_time()
        summary = spec.simulate(seats, games=deals, seed=1)
        best_deal = min(best_deal, time.process_time() - t)
        moves = summary.moves
        t = time.process_time()
        spec.simulate(["greedy+"] * players, games=deals, seed=1)
        best_strong = min(best_strong, time.process_time() - t)
    # the VIEWs: a seat's decision at a random point of a greedy deal
    world = import_module(f"advisor.{game}.game").world
    rng = random.Random(1)
    views: list[Any] = []
    k = 0
    while len(views) < playouts:
        g = spec.deal(players, 1000 + k)
        k += 1
        bots = [spec.greedy(s) for s in range(players)]
        for s, b in enumerate(bots):
            b.start(s, spec.bot_rules(g))
        stop = rng.randrange(0, 40)
        step = 0
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if step >= stop and len(legal) > 1:
                views.append(g.view(d.seat))
                break
            a = legal[0] if len(legal) == 1 else bots[d.seat].decide(g.view(d.seat), legal)
            g.act(d.seat, a)
            step += 1
    for _ in range(repeat):
        t = time.process_time()
        for n, v in enumerate(views):
            w = world(v, random.Random(n))
            spec.play(w, [spec.greedy(n * 7 + s) for s in range(players)])
        best_play = min(best_play, time.process_time() - t)
    return {"deals_s": deals / best_deal, "moves_s": moves / best_deal,
            "strong_s": deals / best_strong, "playouts_s": playouts / best_play}


# where a deal's time goes: each function's own time, by the module it lives in
_PARTS = (
    ("win checks, distances, decompositions",
     ("solver.py", "melds.py", "pairing.py", "plays.py", "solve.py", "rules.py")),
    ("engine: legality and moves", ("game.py", "engine.py", "position.py")),
    ("VIEW building", ("view.py",)),
    ("copying state", ()),
    ("bots", ("bots.py", "strong.py", "advice.py")),
    ("cards, counts, play loop", ("cards.py", "counts.py", "simulate.py", "deadline.py")),
)
_VIEW_FUNCTIONS = {"view", "_seen", "memory", "table_seat", "of_view", "<genexpr>"}
_COPY_FUNCTIONS = {"clone", "copy", "deepcopy", "__deepcopy__", "_deepcopy_dict",
                   "_deepcopy_list", "_reconstruct", "_deepcopy_tuple"}


def child_profile(game: str, deals: int) -> dict[str, Any]:
    """The share of a greedy self-play run's time spent in each part (own time of the
    functions, by module; Python's built-ins go to the part that called them)."""
    import cProfile
    import pstats

    from advisor.registry import game as spec_of

    spec = spec_of(game)
    seats = ["greedy"] * WORK[game][0]
    spec.simulate(seats, games=2, seed=0)  # imports and first tables out of the way
    prof = cProfile.Profile()
    prof.enable()
    spec.simulate(seats, games=deals, seed=1)
    prof.disable()
    st = pstats.Stats(prof)
    shares: dict[str, float] = {name: 0.0 for name, _ in _PARTS}
    shares["other"] = 0.0
    raw: Any = st.stats  # type: ignore[attr-defined]
    for (path, _line, name), (_cc, _nc, tottime, _ct, callers) in raw.items():
        if path == "~":  # a built-in: charge it to its callers' parts, pro rata
            total = sum(c[2] for c in callers.values()) or 1.0
            for (cpath, cline, cname), c in callers.items():
                shares[_part(cpath, cname, raw.get((cpath, cline, cname)))] += \
                    tottime * c[2] / total
        else:
            shares[_part(path, name, (_cc, _nc, tottime, _ct, callers))] += tottime
    whole = sum(shares.values()) or 1.0
    return {name: v / whole for name, v in shares.items()}


def _part(path: str, name: str, stat: Any = None) -> str:
    """The part a function belongs to: by its module, except that a game module's VIEW
    and copying functions (and a generator inside ``view``) count as those parts."""
    if name in _COPY_FUNCTIONS and (path.endswith("copy.py") or "/advisor/" in path):
        return "copying state"
    if "/advisor/" not in path:
        return "other"
    base = path.rsplit("/", 1)[-1]
    if base == "game.py" and name in _VIEW_FUNCTIONS and (name != "<genexpr>" or (
            stat is not None and any(c[2] == "view" for c in stat[4]))):
        return "VIEW building"
    for part, files in _PARTS:
        if base in files:
            return part
    return "other"


def export(ref: str, into: Path) -> Path:
    """The tree of commit ``ref`` (its tracked files) in a folder under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref],
                          check=True, capture_output=True).stdout
    folder = into / ref
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def measure(tree: Path, game: str, deals: int, playouts: int, repeat: int,
            profile: bool = False, warm: int = 0) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", game, "--deals", str(deals),
         "--playouts", str(playouts), "--repeat", str(repeat), "--warm", str(warm),
         *(["--profile"] if profile else [])],
        cwd=tree, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(WORK))
    p.add_argument("--baseline", default="c4ed0fb", help="commit to compare with")
    p.add_argument("--repeat", type=int, default=1,
                   help="best of this many runs (the same deals: later runs find warm caches)")
    p.add_argument("--warm", type=int, default=0,
                   help="deals of other seeds played first, untimed (a long run's caches)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply the deals timed")
    p.add_argument("--profile", action="store_true",
                   help="where a greedy deal's time goes (share by part), per tree")
    p.add_argument("--child", help=argparse.SUPPRESS)
    p.add_argument("--deals", type=int, help=argparse.SUPPRESS)
    p.add_argument("--playouts", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        if args.profile:
            print(json.dumps(child_profile(args.child, args.deals)))
        else:
            print(json.dumps(child(args.child, args.deals, args.playouts, args.repeat,
                                   args.warm)))
        return
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "advisor"],
                           check=True, capture_output=True, text=True).stdout.strip()
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores; current {head}{' + changes' if dirty else ''}, "
          f"baseline {args.baseline}; best of {args.repeat}; {args.warm} deals warm-up")
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.baseline, Path(tmp))
        if args.profile:
            profile(args, base)
            return
        print(f"{'game':8} {'tree':9} {'deals':>6} {'deals/s':>9} {'moves/s':>9} "
              f"{'greedy+/s':>9} {'playouts':>8} {'playouts/s':>10}")
        for game in args.games.split(","):
            _, deals, playouts = WORK[game]
            deals = max(1, round(deals * args.scale))
            playouts = max(1, round(playouts * args.scale))
            rows = {}
            for name, tree in (("baseline", base), ("current", ROOT)):
                r = measure(tree, game, deals, playouts, args.repeat, warm=args.warm)
                rows[name] = r
                print(f"{game:8} {name:9} {deals:6d} {r['deals_s']:9.1f} {r['moves_s']:9.0f} "
                      f"{r['strong_s']:9.1f} {playouts:8d} {r['playouts_s']:10.1f}", flush=True)
            b, c = rows["baseline"], rows["current"]
            print(f"{game:8} {'ratio':9} {'':6} {c['deals_s'] / b['deals_s']:8.2f}× "
                  f"{c['moves_s'] / b['moves_s']:8.2f}× {c['strong_s'] / b['strong_s']:8.2f}× "
                  f"{'':8} {c['playouts_s'] / b['playouts_s']:9.2f}×", flush=True)


def profile(args: argparse.Namespace, base: Path) -> None:
    """Print, per game, the share of a greedy deal's time in each part, both trees."""
    names = [name for name, _ in _PARTS] + ["other"]
    print(f"{'game':8} {'tree':9} " + " ".join(f"{n[:22]:>22}" for n in names))
    for game in args.games.split(","):
        deals = max(1, round(WORK[game][1] * args.scale / 2))
        for name, tree in (("baseline", base), ("current", ROOT)):
            r = measure(tree, game, deals, 0, 1, profile=True)
            print(f"{game:8} {name:9} " + " ".join(f"{100 * r[n]:21.0f}%" for n in names),
                  flush=True)


if __name__ == "__main__":
    main()
