"""The advisor: every legal play of the seat to act — which single or combination to
lead, which cards to follow with, whether to beat — ranked by the settlement it can
expect for the deal (M7), with its chance of having the deal's top score alone, the
method and a one-line explanation, in the answer every game gives
(:mod:`advisor.games.answer`).

The seat does not see the other hands, the unused stock, nor the cards the others laid
face down. A *world* deals the cards it has not seen to the other hands (their sizes are
known); what is left over is the stock and those face-down cards, out of play. In each
world every card is known, and each legal play is judged by what follows it:

* **solved** — exactly, by the solver (:mod:`advisor.ming.solve`: alpha-beta on the
  score difference with 2 players, max^n with 3) once few enough cards are left
  (:attr:`Budget.exact_cards`), under a node limit;
* **playout** — otherwise, or when the node limit is reached, by playing the deal out
  with the ``greedy`` policy for every seat.

When there are few worlds they are all enumerated (a play's value is then exact for a
uniform belief over the unseen cards; with one world and the solver, *exact*); else
worlds are sampled until the budget is spent, and each value comes with its standard
error over the worlds. Nothing hangs: the time budget stops the sampling (one world at
least), the node limit stops a solve, and a play not judged in time keeps its greedy
prior (``prior``: not judged, no number stated), ranked after the judged ones — as do
the plays past the first :attr:`Budget.max_actions` in the greedy order (a follow of
three cards may have 286).

>>> from advisor.ming.game import Game
>>> g = Game.from_deal(2, seed=4)
>>> adv = advise(g.view(g.eldest), g.legal_actions(), budget_ms=50, seed=1)
>>> adv.best in g.legal_actions(), adv.worlds >= 1
(True, True)
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import PositionError
from advisor.games import advice as games_advice
from advisor.games.answer import Answer, Judged, Ranked, Work
from advisor.ming.cards import FULL, cards_of, format_cards
from advisor.ming.game import Action, settlement
from advisor.ming.plays import (
    KINDS,
    LEOPARD_9,
    describe,
    read_lead,
    reading,
)
from advisor.ming.solve import (
    DuelSolver,
    Move,
    SearchLimit,
    Solver,
    State,
    TrickKey,
    Values,
    after,
    moves,
)
from advisor.ming.view import View, check_view

MAX_BUDGET_MS = 60_000
"""The largest budget a seat spec may give (a minute)."""
Z95 = 1.96
METHODS = ("exact", "solved", "playout", "prior")


@dataclass(frozen=True)
class Budget(games_advice.Budget):
    """Every advisor's budget (``ms``, ``seed``) and how this one spends it."""

    ms: float = 100.0
    exact_cards: int = 14  # cards left in all hands at which a world is solved exactly
    max_nodes: int = 40_000  # states one exact solve may visit before it falls back
    enumerate_worlds: int = 60  # enumerate every world when there are no more than this
    max_worlds: int = 400
    max_actions: int = 40  # plays judged, in the greedy order; the rest keep their prior


# --- what the seat knows ----------------------------------------------------------------

@dataclass(frozen=True)
class Situation:
    """The seat's side of the deal, as the advisor needs it: its hand, the sizes of the
    others', the cards it has not seen (``unseen``), the scores so far and the trick in
    progress (the solver's :data:`TrickKey`)."""

    players: int
    seat: int
    hand: int
    sizes: tuple[int, ...]
    unseen: int
    scores: tuple[int, ...]
    trick: TrickKey | None

    def __post_init__(self) -> None:
        hidden = sum(s for i, s in enumerate(self.sizes) if i != self.seat)
        if self.unseen.bit_count() < hidden:
            raise PositionError(f"the other hands hold {hidden} cards, but only "
                                f"{self.unseen.bit_count()} are unseen", field="hand")

    @classmethod
    def of(cls, view: View) -> Situation:
        n = view.players
        trick = None
        if view.trick is not None:
            t = view.trick
            lead_cards = t.plays[0].cards
            lead = read_lead(lead_cards, t.declare if lead_cards == LEOPARD_9 else None)
            best, best_seat = lead, t.leader
            total = 0
            for p in t.plays:
                total += p.count
                if p.shown and p.seat != t.leader:
                    r = reading(p.cards, lead.kind)
                    assert r is not None
                    best, best_seat = r, p.seat
            trick = (t.leader, KINDS.index(lead.kind), lead.size, best_seat, best.key,
                     best.bonus, total)
        return cls(n, view.seat, view.hand, view.hand_sizes, FULL & ~view.known,
                   view.scores, trick)

    def worlds(self) -> int:
        """How many ways the unseen cards can fill the other hands."""
        left = self.unseen.bit_count()
        total = 1
        for i, s in enumerate(self.sizes):
            if i != self.seat:
                total *= math.comb(left, s)
                left -= s
        return total

    def deal(self, rng: random.Random) -> tuple[int, ...]:
        """One world: the unseen cards dealt at random to the other hands."""
        pool = [c.index for c in cards_of(self.unseen)]
        rng.shuffle(pool)
        hands = []
        pos = 0
        for i, s in enumerate(self.sizes):
            if i == self.seat:
                hands.append(self.hand)
                continue
            hands.append(sum(1 << k for k in pool[pos : pos + s]))
            pos += s
        return tuple(hands)

    def all_deals(self) -> list[tuple[int, ...]]:
        """Every world, in a fixed order."""
        out: list[tuple[int, ...]] = []

        def fill(i: int, left: list[int], acc: list[int]) -> None:
            if i == self.players:
                out.append(tuple(acc))
                return
            if i == self.seat:
                fill(i + 1, left, [*acc, self.hand])
                return
            for combo in itertools.combinations(left, self.sizes[i]):
                rest = [k for k in left if k not in combo]
                fill(i + 1, rest, [*acc, sum(1 << k for k in combo)])

        fill(0, [c.index for c in cards_of(self.unseen)], [])
        return out


# --- the greedy playout on solver states --------------------------------------------------

def _cost(cards: int) -> tuple[int, int]:
    return (cards.bit_length(), sum(i for i in range(30) if cards >> i & 1))


def greedy_move(state: State) -> Move:
    """The ``greedy`` bot's choice (:func:`advisor.ming.bots.greedy_choice`) on a solver
    state."""
    ms = moves(state)
    if state.trick is not None:
        winning = [mv for mv in ms if mv[2] >= 0]
        return min(winning or ms, key=lambda mv: _cost(mv[0]))
    combos = [mv for mv in ms if mv[0].bit_count() == 3]
    if combos:
        return max(combos, key=lambda mv: (mv[3], mv[4] == "special", _cost(mv[0])))
    return max(ms, key=lambda mv: mv[0])


def playout(state: State | None) -> Values:
    """What each seat scores from ``state`` when every seat plays ``greedy``."""
    if state is None:
        return ()
    total = [0] * state.players
    s: State | None = state
    while s is not None:
        s, _, gains = after(s, greedy_move(s))
        for i, g in enumerate(gains):
            total[i] += g
    return tuple(total)


# --- the advice ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """One legal play and the settlement the seat can expect for the deal with it (M7),
    averaged over ``worlds`` worlds, with its standard error (0 when every world was
    judged, NaN — ``null`` in JSON — from one sampled world), and the share of those
    worlds in which the seat has the deal's top score alone (``win``, its error
    likewise); ``method`` says how it was judged (:data:`METHODS`; ``prior``: not
    judged)."""

    action: Action
    settlement: float
    se: float
    worlds: int
    method: str
    what: str
    beats: bool | None = None
    win: float = math.nan
    win_se: float = math.nan

    @property
    def judged(self) -> bool:
        return self.method != "prior"

    def judged_as(self) -> Judged:
        """This play in the answer every game gives (:mod:`advisor.games.answer`)."""
        extras = {"worlds": self.worlds}
        if not self.judged:
            return Judged.not_judged(self.action.to_json(), self.what, extras)
        return Judged(self.action.to_json(), self.what, self.method, self.win,
                      _known(self.win_se), self.settlement, _known(self.se),
                      self.method == "exact", extras)

    def to_json(self) -> dict[str, Any]:
        return self.judged_as().to_json()


def _known(x: float) -> float | None:
    return None if math.isnan(x) else x


@dataclass(frozen=True)
class Advice(Ranked[Option]):
    """Every legal play ranked, best first, with how the ranking was made."""

    worlds: int  # worlds judged
    possible: int  # worlds consistent with what the seat has seen
    method: str  # "exact", "enumerated", "sampled"
    scores: tuple[int, ...]
    ms: float
    budget_ms: float
    explanation: str = ""
    budget_spent: bool = False
    notes: tuple[str, ...] = field(default=())
    seed: int | None = None
    asked: int | None = None  # the worlds it would judge given the time

    def answer(self) -> Answer:
        """The answer every game gives: ranked by ``expected`` (the settlement, M7); the
        work is the worlds judged."""
        return Answer("ming", self.seat, "expected",
                      tuple(o.judged_as() for o in self.options), self.method,
                      Work("worlds", self.worlds, self.asked), self.ms, self.budget_ms,
                      self.seed, self.notes,
                      {"phase": self.phase, "explanation": self.explanation,
                       "possible_worlds": self.possible, "scores": list(self.scores),
                       "budget_spent": self.budget_spent})



def _what(action: Action, trick: TrickKey | None) -> str:
    if action.do == "lead":
        if action.cards.bit_count() == 1:
            return f"lead {describe(action.cards)}"
        p = read_lead(action.cards, action.declare)
        return f"lead {p.name}" + (f" (declared a {action.declare})"
                                   if action.cards == LEOPARD_9 else "")
    verb = "beat with" if action.beats else "throw face down"
    return f"{verb} {format_cards(action.cards)}"


def _prior(action: Action) -> tuple[int, int, int]:
    """The greedy order: beating follows and bonus leads first, cheapest cards first."""
    if action.do == "follow":
        return (0 if action.beats else 1, action.cards.bit_length(), action.cards)
    bonus = read_lead(action.cards, action.declare).bonus
    return (-bonus, -action.cards.bit_length(), 0)


def _move_of(action: Action, sit: Situation) -> Move:
    """The solver's move for a legal action (a follow's ``beats`` as the engine gave it)."""
    if action.do == "lead":
        p = read_lead(action.cards, action.declare)
        return (action.cards, KINDS.index(p.kind), p.key, p.bonus, action.declare)
    assert sit.trick is not None
    r = reading(action.cards, KINDS[sit.trick[1]]) if action.beats else None
    return (action.cards, sit.trick[1], r.key if r else -1, r.bonus if r else 0, None)


def advise(view: object, legal: Sequence[Action], *, budget_ms: float = Budget().ms,
           seed: int = 0, budget: Budget | None = None) -> Advice:
    """Rank the legal plays of the seat whose VIEW this is (see the module's
    docstring)."""
    v = check_view(view)
    budget = budget or Budget(ms=budget_ms, seed=seed)
    if v.phase == "over" or not legal:
        raise PositionError("the deal is over: there is nothing to advise", field="phase")
    if v.to_act != v.seat:
        raise PositionError(f"seat: it is seat {v.to_act}'s decision, not seat {v.seat}'s",
                            field="seat")
    return advise_situation(Situation.of(v), list(legal), v.phase, budget)


def advise_situation(sit: Situation, legal: list[Action], phase: str,
                     budget: Budget) -> Advice:
    """The advice for a :class:`Situation` and its legal plays."""
    start = time.perf_counter()
    deadline = start + budget.seconds
    rng = random.Random(budget.seed)
    order = sorted(range(len(legal)), key=lambda i: _prior(legal[i]))
    judged_order = order[: budget.max_actions]
    mvs = [_move_of(a, sit) for a in legal]
    possible = sit.worlds()
    enumerate_all = possible <= budget.enumerate_worlds
    worlds: list[tuple[int, ...]] = sit.all_deals() if enumerate_all else []
    sums = [0.0] * len(legal)
    sq = [0.0] * len(legal)
    counts = [0] * len(legal)
    wins = [0] * len(legal)  # worlds with the seat's top score alone
    methods: list[set[str]] = [set() for _ in legal]
    judged = 0
    spent = False
    n = sit.players
    limit = len(worlds) if enumerate_all else budget.max_worlds
    while judged < limit:
        hands = worlds[judged] if enumerate_all else sit.deal(rng)
        root = State(hands, sit.seat, sit.trick)
        # the first world is always judged whole; a later one only if time allows
        cut = deadline if judged else None
        got = None
        if root.cards_left <= budget.exact_cards + (3 if sit.trick else 0):
            limit_at = max(deadline, time.perf_counter() + budget.seconds / 2)
            solver = DuelSolver(budget.max_nodes, limit_at) if n == 2 else \
                Solver(budget.max_nodes, limit_at)
            try:
                got = _judge(sit, root, judged_order, mvs, solver, cut)
            except SearchLimit:
                got = None  # the whole world by playouts instead: one method per world
        if got is None:
            got = _judge(sit, root, judged_order, mvs, None, cut)
        if got is None:
            spent = True
            break
        how = got[1]
        for i, u, top in got[0]:
            sums[i] += u
            sq[i] += u * u
            counts[i] += 1
            wins[i] += top
            methods[i].add(how)
        judged += 1
        if time.perf_counter() > deadline:
            spent = judged < limit
            break
    options = []
    for i, a in enumerate(legal):
        c = counts[i]
        mean, se, how = math.nan, math.nan, "prior"  # not judged: kept in the greedy order
        win, win_se = math.nan, math.nan
        if c:
            mean = sums[i] / c
            var = max(0.0, sq[i] / c - mean * mean)
            win = wins[i] / c
            # enumerated worlds: no sampling error; one sampled world: none can be stated
            se = 0.0 if enumerate_all else math.sqrt(var / (c - 1)) if c > 1 else math.nan
            win_se = 0.0 if enumerate_all else \
                math.sqrt(win * (1 - win) / (c - 1)) if c > 1 else math.nan
            how = "playout" if "playout" in methods[i] else "solved"
            if how == "solved" and possible == 1:
                how = "exact"
        options.append(Option(a, mean, se, c, how, _what(a, sit.trick),
                              a.beats if a.do == "follow" else None, win, win_se))
    place = {i: k for k, i in enumerate(order)}
    opts = [options[i] for i in sorted(range(len(options)), key=lambda i: (
        counts[i] == 0, -round(sums[i] / counts[i], 9) if counts[i] else 0.0, place[i]))]
    method = "exact" if possible == 1 else "enumerated" if enumerate_all else "sampled"
    ms = (time.perf_counter() - start) * 1000
    return Advice(sit.seat, phase, tuple(opts), judged, possible, method, sit.scores, ms,
                  budget.ms, _explain(opts[0], method, judged, possible), spent,
                  seed=budget.seed, asked=limit)


def _judge(sit: Situation, root: State, order: list[int], mvs: list[Move],
           solver: DuelSolver | Solver | None,
           cut: float | None) -> tuple[list[tuple[int, float, bool]], str] | None:
    """Every legal play's deal settlement in one world, and whether the seat has the
    top score alone (by the solver if given, else by playouts), or None when the time
    ran out before the last (``cut``)."""
    n = sit.players
    out = []
    for i in order:
        if cut is not None and time.perf_counter() > cut:
            return None
        child, _, gains = after(root, mvs[i])
        if child is None:
            rest: Values = (0,) * n
        elif solver is not None:
            rest = _solved(solver, child, n)
        else:
            rest = playout(child)
        total = tuple(s + g + r for s, g, r in zip(sit.scores, gains, rest))
        top = all(t < total[sit.seat] for k, t in enumerate(total) if k != sit.seat)
        out.append((i, float(settlement(total)[sit.seat]), top))
    return out, "playout" if solver is None else "solved"


def _solved(solver: DuelSolver | Solver, child: State, n: int) -> Values:
    if isinstance(solver, DuelSolver):
        margin = solver.margin(child)
        # only the difference matters with 2 players (M7): split it as scores
        me = child.to_act
        out = [0, 0]
        out[me] = max(margin, 0)
        out[1 - me] = max(-margin, 0)
        return tuple(out)
    return solver.value(child)


def _explain(o: Option, method: str, worlds: int, possible: int) -> str:
    sign = f"{o.settlement:+.2f}"
    if o.method == "exact" or (method == "exact" and o.method == "solved"):
        how = "exactly, every card being known"
    elif method == "enumerated":
        how = (f"over all {possible} ways the unseen cards can lie"
               + (", each solved" if o.method == "solved" else ", each played out"))
    else:
        how = (f"over {worlds} sampled deals of the unseen cards (of {possible:,})"
               + (", each solved" if o.method == "solved" else ", each played out greedily"))
        how += (", one world: no error stated" if math.isnan(o.se) else
                f", ±{Z95 * o.se:.2f} (95%)")
    return f"{o.what}: expected settlement {sign} for the deal, {how}"



__all__ = ["MAX_BUDGET_MS", "METHODS", "Advice", "Budget", "Option", "Situation", "advise",
           "advise_situation", "greedy_move", "playout"]
