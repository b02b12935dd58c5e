"""What one step of search can buy, in any game: a seat that judges every legal action by
playing the deal on with ``greedy+`` in every seat (its own too), against ``greedy+``
players, in duplicate.

    python benchmarks/search_probes.py --game chan --deals 100 --mode true
    python benchmarks/search_probes.py --game chan --deals 50 --mode sampled:64
    python benchmarks/search_probes.py --game chan --deals 100 --mode known:16 --jobs 2
    python benchmarks/search_probes.py --game qing --players 4 --deals 50 --mode sampled:16

``--mode true`` is the **ceiling**: the seat sees every hand and the stock in its order,
so one playout of each action tells where it leads when every seat plays ``greedy+``
(deterministic): a one-step search with perfect information and the opponents' true
policy. ``--mode sampled:N`` is what a search under hidden cards does with the same
playouts: each action played in the same N worlds dealt from the seat's VIEW (the unseen
cards dealt at random to the other hands and the stock: the game's ``world``), the action
with the most wins (then the best settlement) chosen — determinized (perfect-information)
Monte Carlo over every action, without a budget. Between the two lies what hidden cards
cost, and how far sampled worlds are from the real one. ``--mode known:N`` splits that
cost: the same N worlds an action, each the true deal with only the stock reshuffled
(every opponent's hand known, the order of the stock not) — the ceiling of perfect
inference of the hands, without clairvoyance (games whose deal has a ``stock``).

In Chắn the worlds can be dealt and played on the compiled core: ``--mode core-known:N``
(every other hand known, the stock dealt), ``core-belief:N`` (the worlds drawn from what
the table shows: :mod:`advisor.chan.belief`; ``core-belief@T:N`` the same belief at
temperature T, its weights raised to 1/T) and ``core-sampled:N`` (uniform), the same
decision rule — at 16, 256 and 1,024 worlds in minutes. ``--mode model-anchor:M`` (Chắn) is
no search: the ``greedy+`` player's choice unless the value model states another action's
chance higher by M.

Prints the seat's share, its win share over the others' mean and its mean settlement a
game, each with its 95 % interval over deals (:func:`advisor.games.simulate.
duplicate_figures`), and the CPU seconds. ``--jobs 2`` plays halves of the deals in two
processes (the deals are the same).
"""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.search import Arm, paired
from advisor.games.simulate import DealTally, duplicate_figures
from advisor.registry import game as registered
from advisor.registry import names


def exact(g: Any, me: int) -> list[Any]:
    """A belief that is certain of every other hand (Chắn: the weight 1 for the count each
    seat holds, 0 for every other): the core then deals only the stock."""
    return [None if s == me else [[1.0 if k == n else 0.0 for k in range(5)] for n in seat.hand]
            for s, seat in enumerate(g.seats)]


def next_known(g: Any, me: int, b: dict[str, Any]) -> dict[str, Any]:
    """The belief with the hand of the seat after ``me`` (the one offered its discards)
    known: what that one hand is worth to the search."""
    nxt = (me + 1) % 4
    faces = list(b["faces"])
    faces[nxt] = exact(g, me)[nxt]
    return {**b, "faces": faces}


def choose_on_core(g: Any, me: int, legal: list[Any], mode: str, rng: random.Random,
                   base: Any = None, keep: float | None = None, by_pay: bool = False) -> Any:
    """:func:`choose` with the worlds dealt and played on the compiled core (Chắn): every
    action in the same N worlds, each seat playing as ``greedy+``, the choice made by
    :func:`decided` (with ``keep``, ``base``: the ``greedy+`` player's own choice)."""
    from advisor.chan import core as chan_core
    from advisor.chan.belief import belief as believed
    from advisor.chan.belief import temper
    kind, n = mode.split(":", 1)
    view = g.view(me)
    heat = 1.0
    if kind.startswith("belief@"):  # the belief at a temperature T: its weights ^ (1 / T)
        kind, heat = "belief", float(kind.split("@", 1)[1])
    belief = {"known": lambda: exact(g, me), "belief": lambda: temper(believed(view), 1 / heat),
              "sampled": lambda: None, "next": lambda: next_known(g, me, believed(view))}[kind]()
    cv = chan_core.view_of(view, belief)
    got = chan_core.playouts(cv, legal, 0, int(n), rng.getrandbits(62), ["greedy+"] * 4)
    return decided(legal, got, base, keep, by_pay)


def decided(legal: list[Any], got: list[tuple[bool, int, int]], base: Any,
            keep: float | None, by_pay: bool) -> Any:
    """The probe's choice from the core's samples (world by world, each world's in the
    order of ``legal``): the most wins, then settlement (with ``by_pay`` the other way
    round); with ``keep``, ``base`` (the ``greedy+`` player's choice) unless that action
    beats it by ``keep`` standard errors of the paired difference over the worlds."""
    k = len(legal)
    scores = [(sum(won for won, _, _ in got[i::k]), sum(pay for _, pay, _ in got[i::k]))
              for i in range(k)]
    if by_pay:
        scores = [(p, w) for w, p in scores]
    best = max(range(k), key=lambda i: (scores[i], -i))
    if keep is None:
        return legal[best]
    b = legal.index(base)
    arms = [Arm(i, [float(won) for won, _, _ in got[i::k]], [float(p) for _, p, _ in got[i::k]])
            for i in (best, b)]
    m, se = paired(arms[0], arms[1], "expected" if by_pay else "win")
    return legal[best] if m > 0 and m > keep * (se or 0.0) else base


def anchored(g: Any, me: int, legal: list[Any], margin: float) -> Any:
    """Chắn, no search: the ``greedy+`` player's choice, unless the value model (the
    default advice) states another action's chance higher than its by ``margin``."""
    from advisor.chan.advice import advise
    from advisor.chan.strong import StrongBot
    view = g.view(me)
    base = StrongBot().decide(view, legal)
    a = advise(view, legal)
    first = a.actions[0]
    mine = next(e for e in a.actions if e.action == base)
    return first.action if first.win - mine.win > margin else base


def sampled_on_core(spec: Any, g: Any, me: int, legal: list[Any], mode: str,
                    rng: random.Random, players: int, base: Any, keep: float | None,
                    by_pay: bool) -> Any:
    """:func:`choose_on_core` for the games whose core deals worlds from the VIEW alone
    (``core-sampled:N``: Qing): the same N worlds for every action, each seat playing as
    ``greedy+``, the choice made by :func:`decided`."""
    kind, n = mode.split(":", 1)
    if kind != "sampled":
        raise SystemExit(f"--mode core-{mode}: {spec.name}'s core deals uniform worlds only")
    gc = import_module(f"advisor.{spec.name}.core")
    cv = gc.view_of(g.view(me))
    got = cv.playouts([gc.code(a) for a in legal], 0, int(n), rng.getrandbits(62),
                      ["greedy+"] * players)
    return decided(legal, got, base, keep, by_pay)


def choose(spec: Any, world: Any, g: Any, me: int, legal: list[Any], mode: str,
           rng: random.Random, players: int, base: Any = None) -> Any:
    """The probe's action: the most wins (then settlement) over its worlds."""
    if mode.startswith("model-anchor:"):
        return anchored(g, me, legal, float(mode.split(":", 1)[1]))
    if mode.startswith("core-"):
        rest, by_pay = (mode[5:-4], True) if mode.endswith("+pay") else (mode[5:], False)
        kind, _, keep = rest.partition("+keep")
        if spec.name != "chan":
            return sampled_on_core(spec, g, me, legal, kind, rng, players, base,
                                   float(keep) if keep else None, by_pay)
        return choose_on_core(g, me, legal, kind, rng, base, float(keep) if keep else None,
                              by_pay)
    if mode == "true":
        worlds: list[Any] = [g]
    elif mode.startswith("known:"):
        if not isinstance(getattr(g, "stock", None), list):
            raise SystemExit(f"--mode {mode}: this game's deal has no stock of cards to reshuffle")
        worlds = []
        for _ in range(int(mode.split(":", 1)[1])):
            w = g.clone()
            random.Random(rng.getrandbits(62)).shuffle(w.stock)
            worlds.append(w)
    else:
        n = int(mode.split(":", 1)[1])
        view = g.view(me)
        worlds = [world(view, random.Random(rng.getrandbits(62))) for _ in range(n)]
    best: tuple[tuple[float, float], Any] | None = None
    for a in legal:
        wins = pay = 0.0
        for w in worlds:
            h = w.clone()
            h.act(me, a)
            if h.pending is not None:
                spec.play(h, [spec.strong(s) for s in range(players)])
            p, won, _ = spec.outcome(h)[me]
            wins += won
            pay += p
        if best is None or (wins, pay) > best[0]:
            best = ((wins, pay), a)
    assert best is not None
    return best[1]


def play(args: tuple[str, int, int, int, str, int]) -> list[DealTally]:
    """Deals ``first`` … ``first + deals − 1`` in duplicate: the probe as player 0."""
    game, players, first, deals, mode, seed = args
    spec = registered(game)
    world = import_module(f"advisor.{game}.game").world
    specs = ["probe"] + ["greedy+"] * (players - 1)
    run = spec.simulation(specs, games=deals, seed=seed, duplicate=True, first=first)
    rng = random.Random(f"probe:{seed}:{first}")
    rows: list[DealTally] = []
    for r, g in run.games:
        if r == 0:
            rows.append(DealTally([0] * players, [0] * players))
        me = r % players  # player p sits at seat (p + r) mod n
        bots = [spec.strong(s) for s in range(players)]
        for s, b in enumerate(bots):
            b.start(s, spec.bot_rules(g))
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            elif d.seat == me:
                base = bots[me].decide(g.view(me), legal) if "+keep" in mode else None
                a = choose(spec, world, g, me, legal, mode, rng, players, base)
            else:
                a = bots[d.seat].decide(g.view(d.seat), legal)
            g.act(d.seat, a)
        row = rows[-1]
        row.games += 1
        for s, (pay, won, _) in enumerate(spec.outcome(g)):
            p = (s - r) % players
            row.wins[p] += won
            row.settlement[p] += pay
    return rows


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--game", choices=names(), required=True)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="true",
                    help="true | known:N | sampled:N; Chắn on the core: core-known:N | "
                         "core-belief:N | core-sampled:N | core-next:N (the next seat's "
                         "hand known), each with +keepZ (greedy+'s choice kept unless "
                         "beaten by Z paired standard errors), then +pay to judge by the "
                         "settlement (then the wins), not the wins (then the settlement)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    players = args.players or registered(args.game).players[0]
    cut = [(args.deals * k) // args.jobs for k in range(args.jobs + 1)]
    parts = [(args.game, players, cut[k], cut[k + 1] - cut[k], args.mode, args.seed)
             for k in range(args.jobs) if cut[k + 1] > cut[k]]
    started, cpu = time.perf_counter(), time.process_time()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            rows = [row for part in pool.map(play, parts) for row in part]
    else:
        rows = play(parts[0])
    f = duplicate_figures(rows)
    out = {"game": args.game, "players": players, "mode": args.mode, "seed": args.seed,
           **f.to_json(), "seconds": round(time.perf_counter() - started, 1),
           "cpu_seconds_parent": round(time.process_time() - cpu, 1)}
    print(json.dumps(out))
    print(f"{args.game} {players}p, probe {args.mode} vs greedy+: {f.deals} deals, {f.games} "
          f"games; share {f.share:.3f}, ratio {f.ratio:.2f} [{f.ratio_ci95[0]:.2f}, "
          f"{f.ratio_ci95[1]:.2f}], settlement {f.settlement:+.3f} "
          f"[{f.settlement_ci95[0]:+.3f}, {f.settlement_ci95[1]:+.3f}] a game")


if __name__ == "__main__":
    main()
