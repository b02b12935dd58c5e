"""Engine speed per game: the Python engines and the compiled core (``rust/``) on the same
work, side by side, each in a process of its own, in CPU time of one core.

    python benchmarks/engine_speed.py                    # every game that has a core
    python benchmarks/engine_speed.py --games chan --scale 0.5

For each game, three measures, each for both paths:

* ``simulate greedy`` and ``simulate greedy+`` — deals a second of self-play through the
  game's ``simulate`` with every seat that builtin player (the run a value fit or a
  strength baseline plays): the Python run with ``ADVISOR_CORE=off``, the core's with it;
* ``greedy+ playouts`` — playouts a second from the same VIEWs (decisions met in greedy
  play): a world dealt from the VIEW, the seat's first legal action played, and the deal
  played out with every seat ``greedy+`` — what a search under hidden cards buys its
  answers with. The Python path deals ``world(view, rng)`` and plays the ``greedy+`` bots;
  the core plays its batch (``view_of(view).playouts``). The last column is how many
  such playouts 100 ms of one core buys;
* for Khanhoo, ``advice hands`` — the advice at the same VIEWs with its default budget
  (the same hands judged on both paths, the same answers): hands judged a CPU second, the
  solver's questions asked of the Python solver or of the core's;
* for Ming, ``advice states`` — the advice's own searches (the exact solvers, greedy
  playouts then the solver) at the same VIEWs, each path given the states the Python
  path's default budget buys: states counted a CPU second, and how many 100 ms buys on
  the core; then the worlds a decision judges at the default budget on the core.

Each measure is the child process's CPU time (``time.process_time``; the core runs on one
thread), after a warm-up of other deals (``--warm``); the ratio is core over Python.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# game: players, (Python deals greedy, greedy+), (core deals greedy, greedy+),
#       VIEWs, (Python worlds, core worlds) a VIEW
WORK: dict[str, tuple[int, tuple[int, int], tuple[int, int], int, tuple[int, int]]] = {
    "chan": (4, (300, 150), (20_000, 5_000), 100, (2, 200)),
    "qing": (4, (40, 40), (1_000, 1_000), 40, (1, 50)),
    "ming": (2, (800, 800), (40_000, 40_000), 200, (4, 400)),
    "khanhoo": (3, (20, 20), (1_000, 1_000), 20, (1, 40)),
}


def views_of(game: str, players: int, n: int) -> list[Any]:
    """``n`` VIEWs of decisions met in greedy play (a deal's decision at a random step)."""
    from advisor.registry import game as spec_of

    spec = spec_of(game)
    rng = random.Random(1)
    views: list[Any] = []
    k = 0
    while len(views) < n:
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
    return views


def child(game: str, scale: float, warm: int) -> dict[str, Any]:
    """Runs in a child process, on the path ``ADVISOR_CORE`` chooses."""
    from advisor import core
    from advisor.registry import game as spec_of

    spec = spec_of(game)
    players, py_deals, core_deals, n_views, (py_worlds, core_worlds) = WORK[game]
    on_core = core.available()
    deals = core_deals if on_core else py_deals
    out: dict[str, Any] = {"path": core.path()}
    if warm:
        spec.simulate(["greedy"] * players, games=warm, seed=1_000_001)
        spec.simulate(["greedy+"] * players, games=warm, seed=1_000_002)
    for name, seats, n in (("greedy", "greedy", deals[0]), ("greedy+", "greedy+", deals[1])):
        n = max(1, round(n * scale))
        t = time.process_time()
        summary = spec.simulate([seats] * players, games=n, seed=1)
        cpu = time.process_time() - t
        out[f"simulate {name}"] = {"deals": n, "cpu_s": cpu, "per_s": n / cpu,
                                   "moves": summary.moves}
    views = views_of(game, players, max(1, round(n_views * scale)))
    worlds = core_worlds if on_core else py_worlds
    playouts = moves = 0
    if on_core:
        twin = spec.twin
        prepared = [(twin.view_of(json.dumps(v.to_json())),
                     twin.code(spec.legal_of(v)[0])) for v in views]
        t = time.process_time()
        for n, (cv, code) in enumerate(prepared):
            got = cv.playouts([code], 0, worlds, n, ["greedy+"] * players)
            playouts += len(got)
            moves += sum(m for _w, _p, m in got)
        cpu = time.process_time() - t
    else:
        world = import_module(f"advisor.{game}.game").world
        firsts = [spec.legal_of(v)[0] for v in views]
        t = time.process_time()
        for n, (v, first) in enumerate(zip(views, firsts)):
            for w in range(worlds):
                g = world(v, random.Random(f"{n}:{w}"))
                g.act(v.seat, first)
                played, _ = spec.play(g, [spec.strong(s) for s in range(players)])
                playouts += 1
                moves += played + 1
        cpu = time.process_time() - t
    out["greedy+ playouts"] = {"playouts": playouts, "cpu_s": cpu, "per_s": playouts / cpu,
                               "moves": moves}
    if game == "ming":
        out.update(ming_advice(views, on_core))
    if game == "khanhoo":
        out.update(khanhoo_advice(views))
    return out


def khanhoo_advice(views: list[Any]) -> dict[str, Any]:
    """Khanhoo's advice at these decisions, at its default budget (hands counted, not
    timed: both paths judge the same hands): hands judged a CPU second, and a digest of
    the answers (the same on both paths)."""
    import hashlib

    from advisor.khanhoo import advice as khanhoo
    from advisor.registry import game as spec_of

    spec = spec_of("khanhoo")
    done = 0
    answers = hashlib.sha256()
    t = time.process_time()
    for n, v in enumerate(views):
        a = khanhoo.advise(v, spec.legal_of(v), seed=n)
        done += a.work.done
        answers.update(json.dumps([(str(o.action), o.p_first, o.race_points)
                                   for o in a.options]).encode())
    cpu = time.process_time() - t
    return {"advice hands": {"hands": done, "cpu_s": cpu, "per_s": done / cpu,
                             "answers": answers.hexdigest()[:16]}}


def ming_advice(views: list[Any], on_core: bool) -> dict[str, Any]:
    """Ming's advice at these decisions: the solver's states a CPU second, each path
    given the same states (what the Python path's default budget buys, 100 ms at
    ``PER_MS``), and on the core the worlds a decision judges at the default budget."""
    from advisor.ming import advice as ming
    from advisor.registry import game as spec_of

    spec = spec_of("ming")
    states = 100 * ming.PER_MS
    budget_ms = states / ming.per_ms(2)
    done = 0
    t = time.process_time()
    for n, v in enumerate(views):
        done += ming.advise(v, spec.legal_of(v), budget_ms=budget_ms, seed=n).work.done
    cpu = time.process_time() - t
    out: dict[str, Any] = {"advice states": {"states": done, "cpu_s": cpu, "per_s": done / cpu}}
    if on_core:
        worlds = [ming.advise(v, spec.legal_of(v), seed=n).worlds for n, v in enumerate(views)]
        out["advice worlds"] = {"decisions": len(worlds), "mean": sum(worlds) / len(worlds),
                                "median": sorted(worlds)[len(worlds) // 2]}
    return out


def measure(game: str, path: str, scale: float, warm: int) -> dict[str, Any]:
    env = dict(os.environ, ADVISOR_CORE="off" if path == "python" else "required",
               PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", game,
                          "--scale", str(scale), "--warm", str(warm)],
                         cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(WORK))
    p.add_argument("--scale", type=float, default=1.0, help="multiply the work timed")
    p.add_argument("--warm", type=int, default=20,
                   help="deals of other seeds played first, untimed (caches warm)")
    p.add_argument("--child", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.scale, args.warm)))
        return
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, commit {head}; CPU time of one core; "
          f"{args.warm} deals warm-up; scale {args.scale}")
    print(f"{'game':8} {'measure':18} {'python /s':>11} {'core /s':>11} {'ratio':>8} "
          f"{'core in 100 ms':>15}")
    for game in args.games.split(","):
        py = measure(game, "python", args.scale, args.warm)
        co = measure(game, "core", args.scale, args.warm)
        for key in ("simulate greedy", "simulate greedy+", "greedy+ playouts", "advice states",
                    "advice hands"):
            if key not in py:
                continue
            a, b = py[key]["per_s"], co[key]["per_s"]
            tail = f"{b / 10:15.0f}" if key in ("greedy+ playouts", "advice states",
                                                "advice hands") else ""
            print(f"{game:8} {key:18} {a:11.1f} {b:11.1f} {b / a:7.1f}× {tail}", flush=True)
        if "advice hands" in co:
            same = py["advice hands"]["answers"] == co["advice hands"]["answers"]
            print(f"{game:8} the advice's answers on both paths: "
                  f"{'the same' if same else 'DIFFERENT'}", flush=True)
        if "advice worlds" in co:
            w = co["advice worlds"]
            print(f"{game:8} worlds a decision at the default budget on the core: mean "
                  f"{w['mean']:.0f}, median {w['median']} ({w['decisions']} decisions)",
                  flush=True)


if __name__ == "__main__":
    main()
