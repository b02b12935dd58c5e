"""Probes of the Khanhoo advisor's strength: what would more knowledge buy?

    python benchmarks/khanhoo_probes.py [--deals 200] [--first 0] [--seed 1] [--jobs 2]
                                        [--probes advisor,no-claim-cost,denial,stock]

Each probe plays the same duplicate deals as ``khanhoo_strength.py`` (deal k of seed S is
dealt from ``random.Random(f"khanhoo:{S}:{k}")``, k from FIRST; every deal three times,
seats rotated) against two ``greedy`` bots, and the script prints its wins, win share
and share ratio side by side. Four probes *cheat* — they read the real game, which no
player can — so they bound what a better model of the hidden cards, or a search, could
gain:

* ``advisor``: the advisor as shipped (0.5 s budget);
* ``no-claim-cost``: the advisor without the claim-danger cost (``claim_cost=0``);
* ``denial``: perfect information on the opponents' claims. Each discard that leaves the
  smallest distance is tried on a copy of the real game, and when a greedy opponent
  would take or bump it, its chance of going out first is cut by ``--denial-cost``
  (1.0 by default: such a discard is played only when every other one is claimed too);
* ``sampled-denial``: the same denial without cheating: a discard's chance of being
  claimed is the share of ``--worlds`` random deals of the cards the seat has not seen
  (the opponents' hands at their real sizes, and the stock) in which a greedy opponent
  would take or bump it;
* ``stock``: perfect information on the draws. The advisor is shown the opponents'
  concealed cards as if seen, so its unseen pool is the real stock and its acceptance the
  true chance of drawing a useful card (until fewer than 4 stock cards are left);
* ``opponents``: perfect information on the race. Each opponent's chance of going out on
  each of his turns comes from his real distance and acceptance (the advisor's own
  model of a seat's time to go out) instead of from his turns played and melds laid;
* ``lookahead``: perfect information and search. The advisor's three best actions (and
  the greedy bot's choice) are each played on ``--continuations`` copies of the real game,
  the stock reshuffled in each (the same shuffles for every action), and every seat then
  plays greedy to the end; the action that wins most often is played. Slow: seconds
  per decision;
* ``sampled-lookahead``: the same search without cheating. In each continuation the
  opponents' concealed hands and the stock are dealt afresh, at random, from the cards
  the seat has not seen (claims the others have already made, which the seat cannot
  see, are dropped).
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from command import parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.games.bots import BaseBot, Bot
from advisor.games.parallel import Slice, in_slices
from advisor.games.simulate import PlayerStats
from advisor.khanhoo import advice
from advisor.khanhoo.advice import (
    HORIZON,
    Budget,
    Option,
    Race,
    advise,
    time_to_go_out,
)
from advisor.khanhoo.bots import GreedyBot, SeatCards
from advisor.khanhoo.cards import cards_of, counts_of
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Action, Game
from advisor.khanhoo.melds import distance, useful_cards
from advisor.khanhoo.simulate import games_of
from advisor.khanhoo.view import View

PROBES = ("advisor", "no-claim-cost", "denial", "sampled-denial", "stock", "opponents",
          "lookahead", "sampled-lookahead")
PLAYERS = 3


def claimed(g: Game, seat: int, discard: Action) -> bool:
    """Whether a greedy opponent would take or bump this discard, in the real game."""
    trial = g.clone()
    trial.act(seat, discard)
    greedy = GreedyBot()
    while (d := trial.pending) is not None and d.phase == "claim":
        legal = trial.legal_actions()
        act = legal[0] if len(legal) == 1 else greedy.decide(trial.view(d.seat), legal)
        if act.do in ("take", "bump"):
            return True
        trial.act(d.seat, act)
    return False


@dataclass
class Probe(BaseBot):
    """The advisor, with the real game at hand (``game``) for the cheating probes."""

    budget: Budget
    name: str = "advisor"
    kind: str = "advisor"
    denial_cost: float = 1.0
    continuations: int = 16
    worlds: int = 8
    game: Game | None = None  # set before each game

    @property
    def real(self) -> Game:
        """The game being played, which the cheating probes read."""
        assert self.game is not None, "the probe plays only games it is given"
        return self.game

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        if self.kind in ("denial", "sampled-denial"):
            return self._denial(view, legal)
        if self.kind in ("lookahead", "sampled-lookahead"):
            return self._lookahead(view, legal)
        if self.kind == "opponents":
            plain = advice._race_of
            setattr(advice, "_race_of", self._known_race)  # noqa: B010
            try:
                return advise(view, legal, self.budget).best
            finally:
                setattr(advice, "_race_of", plain)  # noqa: B010
        if self.kind == "stock" and len(self.real.stock) >= 4:
            # the opponents' concealed cards shown as seen: what is unseen is the stock
            hidden = [c for s, st in enumerate(self.real.seats) if s != view.seat
                      for c in cards_of(st.counts())]
            view = replace(view, pile=(*view.pile, *hidden))
        return advise(view, legal, self.budget).best

    def _denial(self, view: View, legal: Sequence[Action]) -> Action:
        options = advise(view, legal, replace(self.budget, claim_cost=0)).options
        if options[0].action.do != "discard":
            return options[0].action
        low = min(o.distance if o.distance is not None else 99 for o in options
                  if o.action.do == "discard")
        near = [o for o in options if o.action.do == "discard" and o.distance == low]
        seat = view.seat
        if self.kind == "denial":
            worlds = [self.real]
        else:  # the same shuffles for every discard of this decision
            worlds = [self.real.clone() for _ in range(self.worlds)]
            for i, world in enumerate(worlds):
                redeal(world, seat, random.Random(f"{i}:{len(view.pile)}"))

        def value(o: Option) -> float:
            p_claim = sum(claimed(w, seat, o.action) for w in worlds) / len(worlds)
            p = o.race_first * (1 - self.denial_cost * p_claim)  # the race, as it ranks
            return p + self.budget.points_weight * o.race_points

        return max(near, key=value).action

    def _known_race(self, view: View) -> Race:
        """The race against the opponents' real times to go out."""
        g = self.real
        times = []
        for k in range(1, g.players):
            seat = (view.seat + k) % g.players
            cards = SeatCards.of(g.view(seat))
            d = distance(cards.hand, cards.rules, cards.target, cards.own)
            if d is None:
                times.append([0.0] * HORIZON)
                continue
            unseen = sum(cards.unseen) or 1
            acc = sum(cards.unseen[c.index]
                      for c in useful_cards(cards.hand, cards.rules, cards.target, cards.own))
            times.append(time_to_go_out(d, acc / unseen))
        return KnownRace(tuple((0, 0) for _ in times), tuple(tuple(t) for t in times))

    def _lookahead(self, view: View, legal: Sequence[Action]) -> Action:
        options = advise(view, legal, self.budget).options
        if options[0].race_first >= 1.0:  # going out (or a claim that goes out) now
            return options[0].action
        candidates = [o.action for o in options[:3]]
        choice = GreedyBot().decide(view, legal)
        if choice not in candidates:
            candidates.append(choice)
        if len(candidates) == 1:
            return candidates[0]
        seat = view.seat
        wins = [0] * len(candidates)
        for i in range(self.continuations):
            world = self.real.clone()
            if self.kind == "lookahead":
                random.Random(i).shuffle(world.stock)
            else:
                redeal(world, seat, random.Random(i))
            for j, a in enumerate(candidates):
                trial = world.clone()
                trial.act(seat, a)
                wins[j] += play_greedy(trial) == seat
        return candidates[max(range(len(candidates)), key=lambda j: (wins[j], -j))]


@dataclass(frozen=True)
class KnownRace(Race):
    """A race whose opponents go out on their t-th next turn with known chances."""

    times: tuple[tuple[float, ...], ...] = ()

    def not_out(self, k: int, turns: int) -> float:
        return 1.0 - sum(self.times[k][:turns])


def redeal(g: Game, seat: int, rng: random.Random) -> None:
    """Deal the cards ``seat`` has not seen afresh: the other hands (same sizes) and the
    stock; the claims others have made on a pending discard are dropped."""
    pool = list(g.stock)
    others = [s for s in range(g.players) if s != seat]
    for s in others:
        pool += cards_of(g.seats[s].counts())
    rng.shuffle(pool)
    pos = 0
    for s in others:
        n = sum(g.seats[s].hand)
        g.seats[s].hand = list(counts_of(pool[pos : pos + n]))
        g.seats[s].taken = [0] * len(g.seats[s].hand)
        pos += n
    g.stock = pool[pos:]
    if g.offer is not None:
        g.offer.claims = {s: a for s, a in g.offer.claims.items() if s == seat}


def play_greedy(g: Game) -> int | None:
    """Play a game to its end with every seat greedy; the winner."""
    KHANHOO.play(g, [GreedyBot()] * g.players)
    assert g.result is not None
    return g.result.winner


def run_slice(args: tuple[str, float, int, int, int, int, int]
              ) -> tuple[list[PlayerStats], int]:
    """Each player's wins (player 0: the probe) over deals first … first + deals − 1, and
    the draws."""
    kind, denial_cost, continuations, worlds, seed, first, deals = args
    probe = Probe(Budget(ms=500, seed=seed * 1009), kind, kind=kind,
                  denial_cost=denial_cost, continuations=continuations, worlds=worlds)
    players: list[Bot] = [probe, *(GreedyBot() for _ in range(PLAYERS - 1))]
    stats = [PlayerStats(p, b.name) for p, b in enumerate(players)]
    draws = 0
    for r, g in games_of(PLAYERS, games=deals, seed=seed, duplicate=True, first=first):
        probe.game = g
        KHANHOO.play(g, [players[(s - r) % PLAYERS] for s in range(PLAYERS)])
        assert g.result is not None
        draws += g.result.winner is None
        for s in range(PLAYERS):
            stats[(s - r) % PLAYERS].add(0, g.result.winner == s)
    return stats, draws


def _slice(kind: str, denial_cost: float, continuations: int, worlds: int, seed: int,
           part: Slice) -> tuple[list[PlayerStats], int]:
    return run_slice((kind, denial_cost, continuations, worlds, seed, part.first, part.games))


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first deal's number")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--denial-cost", type=float, default=1.0)
    ap.add_argument("--continuations", type=int, default=16)
    ap.add_argument("--worlds", type=int, default=8, help="random deals for sampled-denial")
    ap.add_argument("--probes", default=",".join(PROBES[:4]),
                    help=f"comma-separated, of {', '.join(PROBES)}")
    args = ap.parse_args()
    probes = [p.strip() for p in args.probes.split(",") if p.strip()]
    for p in probes:
        if p not in PROBES:
            ap.error(f"unknown probe '{p}' (one of {', '.join(PROBES)})")
    print(f"# Python {platform.python_version()} on {platform.machine()}, seed {args.seed}, "
          f"deals {args.first}–{args.first + args.deals - 1} × {PLAYERS} rotations against 2 "
          "greedy bots", flush=True)
    start = time.perf_counter()
    games = args.deals * PLAYERS
    for p in probes:
        mine = in_slices(partial(_slice, p, args.denial_cost, args.continuations, args.worlds,
                                 args.seed), first=args.first, games=args.deals,
                         jobs=args.jobs)
        stats, draws = mine[0]
        for more, more_draws in mine[1:]:
            for a, b in zip(stats, more):
                a.merge(b)
            draws += more_draws
        me, *rest = stats
        lo, hi = me.share_ci95()
        ratio = me.win_share / (sum(o.win_share for o in rest) / len(rest))
        print(f"{p:<14} wins {me.wins:>5} of {games}  share {me.win_share:.3f} "
              f"[{lo:.3f}, {hi:.3f}]  opponents {', '.join(str(o.wins) for o in rest)}  "
              f"draws {draws}  ratio {ratio:.2f}", flush=True)
    print(f"{len(probes) * games} games in {time.perf_counter() - start:.0f} s "
          f"with {args.jobs} processes")


if __name__ == "__main__":
    main()
