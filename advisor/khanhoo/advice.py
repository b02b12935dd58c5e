"""The advisor: every legal action of the seat to act, ranked by its chance of going out
first and the points it can expect, with a one-line explanation, in the answer every game
gives (:mod:`advisor.games.answer`).

Each action is judged by the seat's cards once it is made — at rest, 15 cards (hand +
melds) or the orphan's 6 — through three numbers: the distance ``d``, the *acceptance*
``a`` (copies still unseen of the cards that lower the distance) and the unseen pool
``u``. The seat's time to go out is then a race of its own draws against the opponents':

* **near going out** (``d`` ≤ 1) the next draw's outcomes are enumerated exactly —
  every unseen kind, and the declaration each completing card makes, so the points are
  exact — and a wait that does not change repeats it turn after turn;
* **further away**, the next draw lowers the distance with chance ``a/u`` and each later
  step with the typical chance of its distance (:data:`TYPICAL_STEP`); the points are
  estimated by *sampling*: a few drawn-out continuations of the seat's own hand
  (``rollouts``) for the leading actions;
* each opponent goes out on his k-th turn with a hazard that grows with k (measured on
  greedy self-play, docs/khanhoo.md), a little more for each combination he has laid.

A take or bump is judged after its discard (the one keeping its distance with the
fewest partners); a pass by the next player, or the seat's own draw, draws at once.

The budget buys counted work (:mod:`advisor.games.budget`): :data:`PER_MS` hands judged
a millisecond of the reference machine. Every legal action is judged, the promising ones
first, while the hands the budget buys last — at the default budget all of them in more
than 99 % of decisions (``benchmarks/khanhoo_judged.py``) —; an action the work did not
reach states no number (*not judged*) and comes after the judged ones. What is left
buys sampled continuations for the points of the two leading actions. The clock only
cuts the work past the safety cap, and the answer then says so in its notes; otherwise
the same VIEW, seed and budget give the same answer on any machine. The race orders the
actions by its chance of going out first plus ``points_weight`` per expected point, and
its order breaks the ties of the stated chance, which ranks the list.

The race ranks well, but its numbers are not chances (it leaves out the claims by which
most deals are won). What an option *states* — ``p_first`` and ``points``, each with its
standard error — comes from the value model (:mod:`advisor.khanhoo.value`), fitted on
simulated deals with the race's chance as one of its inputs. Going out now (K6) and a
Quartette (K10) are certain: chance 1 and their exact points.

>>> from advisor.khanhoo.game import Game
>>> g = Game.from_deal(players=3, seed=4)
>>> adv = advise(g.view(g.leader), g.legal_actions(), Budget(rollouts=0))
>>> adv.best in g.legal_actions(), 0.0 < adv.options[0].p_first < 1.0
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from advisor.errors import PositionError
from advisor.games import advice as games_advice
from advisor.games import answer as common
from advisor.games.answer import Ranked
from advisor.khanhoo import core as khanhoo_core
from advisor.khanhoo.bots import SeatCards, partners, without
from advisor.khanhoo.cards import (
    CARDS,
    JOKER,
    KINDS,
    Card,
    Counts,
    cards_of,
    format_cards,
    plus,
)
from advisor.khanhoo.game import Action
from advisor.khanhoo.melds import Solver, caps_of, distance, solver, useful_cards
from advisor.khanhoo.position import meld_of
from advisor.khanhoo.recalibrate import DEFAULT_OPPONENTS, OPPONENTS, against, fitted
from advisor.khanhoo.recalibrate import table as table_key
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.scoring import OUT_BONUS, QUARTETTE_BY_CACHE, settlement
from advisor.khanhoo.value import Situation, estimate
from advisor.khanhoo.view import View

HORIZON = 30
"""Turns of the seat the race is followed for."""
METHODS = ("exact", "tree", "sampled", "model", "distance")
"""How an option was judged (:attr:`Option.method`); ``distance``: by its distance alone
(the budget spent, or far from the best), which states no number (not judged)."""


@dataclass(frozen=True)
class Budget(games_advice.Budget):
    """Every advisor's budget (``ms``, ``seed``: :class:`advisor.games.advice.Budget`), and
    how the Khanhoo advisor spends it."""

    rollouts: int = 6  # sampled continuations per action, for the points when far away
    rollout_turns: int = 10
    points_weight: float = 0.002  # chance of going out first worth one expected point
    claim_cost: float = 0.15  # share of the chance lost when an opponent claims a discard


UNIT = "hands"
"""The advisor's unit of work: a hand judged (the cards an action leaves, judged in full,
or one sampled continuation of them)."""
PER_MS = 0.3
"""Hands judged a millisecond on the reference machine (one idle core), measured by
``benchmarks/khanhoo_judged.py --calibrate`` (docs/benchmarks.md)."""

NO_WORK = common.Work(UNIT, 0)

MAX_BUDGET_MS = 60_000
"""The largest budget a seat spec may give (a minute)."""

CERTAIN = ("out", "quartette")
"""The actions whose outcome is certain: going out (K6) and a Quartette (K10) end the
deal at once, the seat first."""
Z95 = 1.96


@dataclass(frozen=True)
class Option:
    """One legal action and what it promises: ``p_first`` (its chance of going out first
    in this deal) and ``points`` (the deal score it can expect: 0 when it does not go
    out, K8) as stated — from the value model, each with its standard error, or exact
    when certain — and the race model's own numbers, which rank the actions."""

    action: Action
    race_first: float  # the race model's chance of going out first (ranks the actions)
    race_points: float  # the race model's expected points
    distance: int | None
    acceptance: int
    method: str  # one of METHODS
    what: str  # the action in words
    state: str = ""  # the cards it leaves, in words; empty when it goes out now
    claim_risk: float = 0.0  # chance an opponent can claim the discard
    situation: Situation | None = field(default=None, repr=False)  # the value model's inputs
    p_first: float | None = None  # stated: calibrated, or 1 when certain; None: not judged
    p_first_se: float | None = None
    points: float | None = None  # stated expected points this deal
    points_se: float | None = None

    @property
    def certain(self) -> bool:
        """Going out now or a Quartette: the chance is 1 and the points exact."""
        return self.action.do in CERTAIN

    @property
    def judged(self) -> bool:
        """Judged by the race (not by its distance alone): it states its numbers."""
        return self.method != "distance"

    def stated(self, opponents: str = DEFAULT_OPPONENTS, key: str = "") -> Option:
        """This option with its stated numbers: exact when certain, otherwise the value
        model's estimate for its situation — against ``opponents``: mapped by the table
        ``key``'s map (:mod:`advisor.khanhoo.recalibrate`) —; none when it was not
        judged."""
        if not self.judged:
            return self
        if self.certain:
            return replace(self, p_first=1.0, p_first_se=0.0, points=self.race_points,
                           points_se=0.0)
        s = self.situation or Situation(self.action.do, self.race_first, self.distance)
        e = estimate(s)
        p, se = against(opponents, key, e.p_first, e.p_first_se)
        return replace(self, p_first=p, p_first_se=se, points=e.points, points_se=e.points_se)

    @property
    def explanation(self) -> str:
        """One line: the action, the hand it leaves, its chance (± its 95% margin from the
        fit) and points."""
        risk = f"; {self.claim_risk:.0%} likely claimed" if self.claim_risk >= 0.05 else ""
        if self.p_first is None or self.p_first_se is None or self.points is None or \
                self.points_se is None:
            d = "no" if self.distance is None else str(self.distance)
            return f"{self.what}: distance {d}{risk}; not judged (by its distance alone)"
        if self.certain:
            return f"{self.what}: {self.points:.0f} points now, certain"
        return (f"{self.what}: {self.state}{risk}; goes out first {_percent(self.p_first)} "
                f"(±{_percent(Z95 * self.p_first_se, margin=True)}), {self.points:.1f} "
                f"points expected (±{Z95 * self.points_se:.1f}) [{self.method}]")

    def judged_as(self, players: int) -> common.Judged:
        """This option in the answer every game gives: ``win`` is its chance of going out
        first; ``expected`` the settlement, stated only when certain (the seat's points
        from every other player, K8) — otherwise it depends on the others' scores, which
        the advisor does not estimate (its ``points`` are the seat's own)."""
        extras = {"points": None if self.points is None else round(self.points, 2),
                  "points_se": None if self.points_se is None else round(self.points_se, 2),
                  "distance": self.distance,
                  "acceptance": self.acceptance if self.judged else None,
                  "claim_risk": round(self.claim_risk, 3), "explanation": self.explanation}
        if not self.judged:
            return common.Judged.not_judged(self.action.to_json(), self.what, extras)
        settled = None
        if self.certain and self.points is not None:
            settled = float(settlement([round(self.points)] + [0] * (players - 1))[0])
        return common.Judged(self.action.to_json(), self.what, self.method, self.p_first,
                             self.p_first_se, settled, 0.0 if settled is not None else None,
                             self.certain, extras)


def _percent(p: float, margin: bool = False) -> str:
    """A chance in whole percents; below 1% (or above 99%, for a chance that is not
    certain) it says so rather than rounding to 0% or 100%."""
    if p < 0.005:
        return "<1%" if not margin or p > 0 else "0%"
    if not margin and p > 0.995:
        return ">99%"
    return f"{p:.0%}"


@dataclass(frozen=True)
class Advice(Ranked[Option]):
    """The ranked options of one decision."""

    seconds: float
    budget_spent: bool = False  # the budget's work ran out before every action was judged
    budget_ms: float = 0.0  # the budget it had
    players: int = 3
    seed: int | None = None
    work: common.Work = NO_WORK  # the hands judged, of those the budget buys
    cut: str | None = None  # the note of the safety cap, when the clock cut the work
    against: str | None = None  # whom the chances are against, when not greedy players

    def answer(self) -> common.Answer:
        """The answer every game gives (:mod:`advisor.games.answer`): ranked by ``win``
        (going out first); the work is the hands judged, of those the budget buys."""
        actions = tuple(o.judged_as(self.players) for o in self.options)
        judged = sum(o.judged for o in self.options)
        notes = []
        if self.cut is not None:
            notes.append(self.cut)
        if self.against is not None:
            notes.append(self.against)
        if len(actions) == 1:
            notes.append("the only legal action: judged for what it leaves, not compared")
        if any(a.judged and a.expected is None for a in actions):
            notes.append("expected: the settlement is stated only when certain; `points` is "
                         "the seat's expected deal score (K8)")
        if judged < len(actions):
            why = ("the time limit cut the work" if self.cut is not None
                   else "the budget's work ran out")
            notes.append(f"{len(actions) - judged} of the {len(actions)} actions were not "
                         f"judged ({why}): larger budgets judge them")
        certain = all(a.certain for a in actions)
        return common.Answer("khanhoo", self.seat, "win", actions,
                             "exact" if certain else "model", self.work,
                             self.seconds * 1000, self.budget_ms, self.seed, tuple(notes),
                             {"phase": self.phase, "explanation": self.first.explanation,
                              "judged": judged, "budget_spent": self.budget_spent})


# --- the race --------------------------------------------------------------------------------

def opponent_hazard(turn: int, melds: int) -> float:
    """Chance an opponent goes out on his ``turn``-th turn (1 = his first), from greedy
    self-play (docs/khanhoo.md): about 4% more each turn from the second, up to 25%;
    3% more for each combination he has laid."""
    return min(0.4, max(0.0, 0.04 * (turn - 1)) + 0.03 * melds)


@dataclass(frozen=True)
class Race:
    """What the race needs of the table: the opponents' turns so far and melds, in order
    of play after the seat."""

    opponents: tuple[tuple[int, int], ...]  # (turns taken, combinations laid)

    def survival(self, rounds: int, lead: int | None = None) -> float:
        """Chance that no opponent has gone out in the turns played before the seat's
        ``rounds``-th next turn: the ``lead`` opponents sitting just before it (all by
        default) play before its next turn, and every opponent once a round after that."""
        p = 1.0
        n = len(self.opponents)
        first = n if lead is None else lead
        for k in range(n):
            p *= self.not_out(k, max(0, rounds - 1) + (1 if k >= n - first and rounds > 0
                                                       else 0))
        return p

    def not_out(self, k: int, turns: int) -> float:
        """Chance that opponent ``k`` (in order of play) does not go out in his next
        ``turns`` turns."""
        done, melds = self.opponents[k]
        p = 1.0
        for r in range(1, turns + 1):
            p *= 1.0 - opponent_hazard(done + r, melds)
        return p




TYPICAL_STEP = {1: 0.12, 2: 0.24, 3: 0.37, 4: 0.6}
"""Chance that a draw lowers the distance from k to k − 1, for the steps after the next:
the mean acceptance of hands at distance k over the unseen cards, in greedy self-play
(docs/khanhoo.md). The next step uses the hand's own acceptance."""


def geometric(q: float, horizon: int = HORIZON) -> list[float]:
    """P(the first success comes on trial t), t = 1 … horizon."""
    q = min(max(q, 0.0), 1.0)
    return [q * (1 - q) ** (t - 1) for t in range(1, horizon + 1)]


def time_to_go_out(d: int, q: float, horizon: int = HORIZON) -> list[float]:
    """P(the seat goes out on its t-th turn), t = 1 … horizon: at distance ``d`` each draw
    lowers the distance with chance ``q`` now, and then with the typical chance of each
    later step; at distance 0 it goes out on the next turn.

    >>> [round(p, 3) for p in time_to_go_out(1, 0.5, 3)]
    [0.5, 0.25, 0.125]
    >>> time_to_go_out(0, 0.0, 2)
    [1.0, 0.0]
    """
    if d <= 0:
        return [1.0] + [0.0] * (horizon - 1)
    dist = geometric(q, horizon)
    for k in range(d - 1, 0, -1):
        step = geometric(TYPICAL_STEP.get(k, 0.6), horizon)
        new = [0.0] * horizon
        for i, a in enumerate(dist):
            if a:
                for j, b in enumerate(step[: horizon - i - 1]):
                    new[i + j + 1] += a * b
        dist = new
    return dist


def first_chance(times: Sequence[float], table: Race, lead: int | None = None) -> float:
    """Chance the seat goes out first: it goes out on its t-th turn (``times[t-1]``) and no
    opponent has gone out before; ``lead`` opponents (all by default) play before its next
    turn — none when it draws at once, those between the discarder and it when it lets a
    discard go.

    >>> table = Race(((3, 0), (3, 0)))
    >>> round(first_chance([1.0] + [0.0] * 29, table, lead=0), 3)
    1.0
    >>> round(first_chance([1.0] + [0.0] * 29, table), 3)
    0.774
    """
    total = 0.0
    for t, p in enumerate(times, 1):
        if p:
            total += p * table.survival(t, lead)
    return total


# --- judging a seat's cards --------------------------------------------------------------------

@dataclass(frozen=True)
class Judged:
    """A seat's cards at rest, judged."""

    distance: int | None
    acceptance: int
    useful: tuple[Card, ...]
    times: tuple[float, ...]
    points_out: float  # mean points when it goes out
    method: str


class Judge:
    """Judges seat states for one decision, counting the hands it judges on the budget's
    :class:`~advisor.games.budget.Meter` (unit ``hands``): a hand is judged in full only
    while the work the budget buys is not all done. A hand met twice is judged once."""

    def __init__(self, seat: SeatCards, budget: Budget) -> None:
        self.seat = seat
        self.rules = seat.rules
        # the solver's questions on the core when it runs (the same answers, faster)
        self.fast = khanhoo_core.fast_solver(seat.rules)
        self.solver: Solver | khanhoo_core.FastSolver = self.fast or solver(seat.rules)
        self.budget = budget
        self.rng = random.Random(budget.seed)
        self.unseen_total = max(1, sum(seat.unseen))
        self.meter = budget.meter(UNIT, PER_MS, least=1)
        self._judged: dict[tuple[Counts, Counts, int, int], Judged] = {}

    def distance(self, hand: Counts, target: int, own: Counts) -> int | None:
        if self.fast is not None:
            return self.fast.distance(hand, target, own)
        return distance(hand, self.rules, target, own)

    def useful(self, hand: Counts, target: int, own: Counts,
               within: Counts | None) -> list[Card]:
        if self.fast is not None:
            return self.fast.useful_cards(hand, target, own, within)
        return useful_cards(hand, self.rules, target, own, within=within)

    def at_rest(self, hand: Counts, own: Counts, target: int, laid_points: int,
                unseen: Counts, within: Counts | None = None) -> Judged:
        """Judge a hand at rest (``target`` concealed cards) holding ``own`` in all: in
        full while the budget's work is not all done, else by its distance alone.
        ``within``: the hand it was before its discard (which speeds the search up)."""
        key = (hand, own, target, laid_points)
        found = self._judged.get(key)
        if found is not None:
            return found
        j = self._at_rest(hand, own, target, laid_points, unseen, within)
        if j.method != "distance":
            self._judged[key] = j
        return j

    def _at_rest(self, hand: Counts, own: Counts, target: int, laid_points: int,
                 unseen: Counts, within: Counts | None) -> Judged:
        d = self.distance(hand, target, own)
        u = max(1, sum(unseen))
        if d is None:
            return Judged(None, 0, (), (0.0,) * HORIZON, 0.0, "exact")
        if not self.meter.more:
            return Judged(d, 0, (), tuple(time_to_go_out(d, 1 / u)),
                          self._rough_points(laid_points), "distance")
        self.meter.spend()
        if d == 0:
            pts = self._points_on_draws(hand, range(KINDS), unseen, laid_points)
            return Judged(0, sum(unseen), (), tuple(time_to_go_out(0, 1.0)), pts, "tree")
        useful = tuple(self.useful(hand, target, own, within))
        acc = sum(unseen[c.index] for c in useful)
        times = tuple(time_to_go_out(d, acc / u))
        if d == 1:
            pts = self._points_on_draws(hand, [c.index for c in useful], unseen, laid_points)
            return Judged(d, acc, useful, times, pts, "tree")
        return Judged(d, acc, useful, times, self._rough_points(laid_points), "model")

    def sampled_points(self, hand: Counts, own: Counts, target: int, unseen: Counts,
                       laid_points: int) -> float | None:
        """Mean points over a few continuations of the seat's own draws (a card is kept
        when it leaves a smaller distance than the loosest card); None without samples."""
        pool = [i for i in range(KINDS) for _ in range(unseen[i])]
        results = []
        for _ in range(self.budget.rollouts):
            if not self.meter.more:
                break
            self.meter.spend()
            h, o = hand, own
            for x in self.rng.sample(pool, min(len(pool), self.budget.rollout_turns)):
                h, o = plus(h, x), plus(o, x)
                decl = self.solver.best(h, True)
                if decl is not None:
                    results.append(decl.points + laid_points + OUT_BONUS)
                    break
                loose = min((c for c in cards_of(h) if c.index != x or h[x] > 1),
                            key=lambda c: partners(h, c), default=CARDS[x])
                keep_x = without(h, [CARDS[x]])
                drop_loose = without(h, [loose])
                h = drop_loose if self._closer(drop_loose, keep_x, target, o) else keep_x
        return sum(results) / len(results) if results else None

    def _closer(self, a: Counts, b: Counts, target: int, own: Counts) -> bool:
        """Whether hand ``a`` is nearer going out than hand ``b`` (its distance smaller;
        none counts as 99): the distance of ``a`` is only bounded, which is faster."""
        db = self.distance(b, target, own)
        if db is None or db <= 1 or target < 3:
            da = self.distance(a, target, own)
            return (da if da is not None else 99) < (db if db is not None else 99)
        if sum(a) >= target and self.solver.best(a, sum(a) > target) is not None:
            return True  # a complete hand: distance 0
        # a smaller distance (at least 1) is target - kept - Jokers <= db - 1
        floor = target - a[JOKER] - db
        caps = caps_of(own, self.rules, a[JOKER])
        return self.solver.kept(a, caps, target, floor) > floor

    def _points_on_draws(self, hand: Counts, kinds: Sequence[int] | range, unseen: Counts,
                         laid_points: int) -> float:
        """Mean points of going out on the next draw, over the completing unseen cards."""
        total = weight = 0.0
        for i in kinds:
            if not unseen[i]:
                continue
            decl = self.solver.best(plus(hand, i), True)
            if decl is not None:
                total += unseen[i] * (decl.points + laid_points + OUT_BONUS)
                weight += unseen[i]
        return total / weight if weight else self._rough_points(laid_points)

    def _rough_points(self, laid_points: int) -> float:
        return laid_points + OUT_BONUS + 4.0


# --- the advisor ----------------------------------------------------------------------------

def claim_danger(x: Card, view: View, seat: SeatCards) -> float:
    """Chance that an opponent holds two cards making a three-card combination with the
    discard ``x`` — the next player any (a take), the others one that is not a Sequence
    (a bump) — each unseen card being in his hand with chance (his cards) / (unseen cards)."""
    n = view.players
    me = view.seat
    unseen = seat.unseen
    total = max(1, sum(unseen))
    if x.index == JOKER:  # a Joker completes almost any pair
        return 0.9
    safe = 1.0
    for k in range(1, n):  # k seats after the discarder: the next takes, K5 says who bumps
        if k == 1 or n > 3 or (n == 3 and k == 2):
            may_sequence = k == 1 or seat.rules.bump_sequences
            p = min(1.0, view.table[(me + k) % n].cards / total)
            miss = 1.0
            for pattern in seat.rules.containing[x.index]:
                if pattern.size != 3 or (pattern.run is not None and not may_sequence):
                    continue
                chance = 1.0
                for i, m in pattern.need:
                    m -= i == x.index
                    if m:
                        c = unseen[i]
                        none = (1 - p) ** c
                        one = c * p * (1 - p) ** (c - 1) if c else 0.0
                        chance *= (1 - none) if m == 1 else max(0.0, 1 - none - one)
                miss *= 1 - chance
            safe *= miss
    return 1 - safe


def _race_of(view: View) -> Race:
    n = view.players
    opponents = []
    for k in range(1, n):
        t = view.table[(view.seat + k) % n]
        opponents.append((len(t.discards), len(t.melds)))
    return Race(tuple(opponents))


@dataclass(frozen=True)
class Seen:
    """What the value model reads of the table and of the seat before its action (one
    per decision): the seat's discards and laid combinations, the opponents' (in order of
    play after it), the stock left, the unseen cards and the points already laid."""

    turns: int
    melds: int
    opponents: tuple[tuple[int, int], ...]
    stock_left: int
    unseen: int
    laid_points: int

    @classmethod
    def of(cls, view: View, seat: SeatCards, table: Race, laid_points: int) -> Seen:
        me = view.mine
        return cls(len(me.discards), len(me.melds) + (view.cache is not None),
                   table.opponents, view.stock_left, max(1, sum(seat.unseen)), laid_points)

    def situation(self, do: str, race: float, j: Judged | None, *, claim_risk: float = 0.0,
                  waits: float = 1.0, melds: int = 0, points: int = 0) -> Situation:
        """The situation an action leaves: judged as ``j`` (None: it can no longer go
        out), ``melds`` more combinations laid worth ``points``."""
        return Situation(
            action=do, race=race, distance=None if j is None else j.distance,
            acceptance=0 if j is None else j.acceptance, unseen=self.unseen,
            now=j is not None and j.method == "now",
            by_distance=j is not None and j.method == "distance", claim_risk=claim_risk,
            waits=waits, points_out=0.0 if j is None else j.points_out,
            laid_points=self.laid_points + points, turns=self.turns,
            melds=self.melds + melds, opponents=self.opponents,
            stock_left=self.stock_left)


def advise(view: View, legal: Sequence[Action], budget: Budget | None = None, *,
           budget_ms: float | None = None, seed: int | None = None,
           limit_ms: float | None = None, opponents: str = DEFAULT_OPPONENTS) -> Advice:
    """Rank the legal actions of the seat whose VIEW this is (bot protocol), within
    ``budget`` (``budget_ms``, ``seed`` and the caller's deadline ``limit_ms``, when
    given, override its own). The budget buys counted work (:data:`PER_MS` hands judged
    a millisecond): every legal action is judged while it lasts, the promising ones
    first, then sampled continuations refine the points of the two leading ones.

    The chances stated are against ``opponents`` (:data:`OPPONENTS`: ``greedy``, the
    value model's own, or ``advisor``: players like the advisor itself), by an
    increasing map (:mod:`advisor.khanhoo.recalibrate`): the ranking is the same."""
    if opponents not in OPPONENTS:
        raise PositionError(f"opponents: one of {', '.join(OPPONENTS)}, not {opponents!r}",
                            field="opponents")
    budget = budget or Budget()
    if budget_ms is not None or seed is not None or limit_ms is not None:
        budget = replace(budget, ms=budget.ms if budget_ms is None else budget_ms,
                         seed=budget.seed if seed is None else seed,
                         limit_ms=budget.limit_ms if limit_ms is None else limit_ms)
    start = time.perf_counter()
    seat = SeatCards.of(view)
    judge = Judge(seat, budget)
    table = _race_of(view)
    laid_points = sum(_laid_points(view, seat))
    seen = Seen.of(view, seat, table, laid_points)
    options = [_judge_action(a, view, seat, judge, table, seen)
               for a in _ordered(legal, seat)]
    spent = not all(o.judged for o in options)

    def rank(o: Option) -> tuple[float, int]:
        return (-(o.race_first + budget.points_weight * o.race_points),
                o.distance if o.distance is not None else 99)

    options.sort(key=rank)
    # sampling refines the points of the leading actions still far from going out
    for n, o in enumerate(options[:2]):
        if o.method == "model" and o.action.do == "discard" and budget.rollouts:
            assert o.action.card is not None
            pts = judge.sampled_points(without(seat.hand, [o.action.card]), seat.own,
                                       seat.target, seat.unseen, laid_points)
            if pts is not None:
                sit = None if o.situation is None else replace(o.situation, points_out=pts)
                options[n] = replace(o, race_points=o.race_first * pts, method="sampled",
                                     situation=sit)
    options.sort(key=rank)
    # the race's order breaks the ties of the stated chance, which ranks the list
    key = table_key(view.players)
    stated = common.ranked([o.stated(opponents, key) for o in options],
                           lambda o: None if o.p_first is None else round(o.p_first, 4))
    return Advice(view.seat, view.phase, tuple(stated), time.perf_counter() - start,
                  spent, budget.ms, view.players, budget.seed, judge.meter.work(),
                  judge.meter.note(), _against_note(opponents, key))


def _against_note(opponents: str, key: str) -> str | None:
    if opponents == DEFAULT_OPPONENTS:
        return None
    if fitted(opponents, key):
        return f"the chances are against players like the {opponents}"
    return (f"no map against {opponents} players is fitted for {key}: the chances are "
            f"against greedy players")


def _laid_points(view: View, seat: SeatCards) -> list[int]:
    pts = [meld_of(m, seat.rules).points for m in view.mine.melds]
    if view.cache is not None:
        pts.append(seat.rules.kind("trio").points)
    return pts


def _ordered(legal: Sequence[Action], seat: SeatCards) -> list[Action]:
    """Judge the promising actions first, so a spent budget costs the least."""
    def key(a: Action) -> tuple[int, int]:
        if a.do in ("out", "quartette"):
            return (0, 0)
        if a.do == "discard" and a.card is not None:
            return (1, partners(seat.hand, a.card))
        return (2, 0)

    return sorted(legal, key=key)


def _judge_action(a: Action, view: View, seat: SeatCards, judge: Judge,
                  table: Race, seen: Seen) -> Option:
    rules = seat.rules
    laid_points = seen.laid_points
    if a.do == "out":
        assert a.card is not None
        hand = without(seat.hand, [a.card])
        decl = judge.solver.best(hand, False)
        pts = (decl.points if decl else 0) + laid_points + OUT_BONUS
        return Option(a, 1.0, float(pts), 0, 0, "exact", f"go out throwing {a.card.code}")
    if a.do == "quartette":
        return Option(a, 1.0, float(QUARTETTE_BY_CACHE), 0, 0, "exact",
                      "Quartette: the deal ends")
    if a.do == "discard":
        assert a.card is not None
        hand = without(seat.hand, [a.card])
        j = judge.at_rest(hand, seat.own, seat.target, laid_points, seat.unseen, seat.hand)
        opt = _option(a, j, table, None, what=f"discard {a.card.code}")
        danger = claim_danger(a.card, view, seat)
        p, points = opt.race_first, opt.race_points
        if judge.budget.claim_cost:
            p = opt.race_first * (1 - judge.budget.claim_cost * danger)
            points = opt.race_points * (p / opt.race_first) if opt.race_first else 0.0
        return replace(opt, race_first=p, race_points=points, claim_risk=danger,
                       situation=seen.situation("discard", p, j, claim_risk=danger))
    if a.do == "cache":
        assert a.card is not None
        c = a.card
        hand = without(seat.hand, [c, c, c])
        trio = rules.kind("trio").points
        best = _best_after(judge, hand, seat.own, seat.target - 3, laid_points + trio,
                           seat.unseen)
        if best is None:
            return Option(a, 0.0, 0.0, None, 0, "exact", f"cache {c.code}",
                          "no card left to discard",
                          situation=seen.situation("cache", 0.0, None, melds=1, points=trio))
        j, discard = best
        opt = _option(a, j, table, None, f"cache {c.code} then discard {discard.code}")
        return replace(opt, situation=seen.situation("cache", opt.race_first, j, melds=1,
                                                     points=trio))
    if a.do in ("pass", "draw"):
        # the opponents who play before the seat's next turn: those after the discarder
        # (none when it draws at once: its own turn's draw, K4, is judged as such a pass)
        by = view.offer.by if view.offer is not None else view.seat - 1
        behind = 0 if a.do == "draw" else (view.seat - by - 1) % view.players
        j = judge.at_rest(seat.hand, seat.own, seat.target, laid_points, seat.unseen)
        what = "draw" if a.do == "draw" else "draw instead" if behind == 0 else "let it go"
        opt = _option(a, j, table, behind, what)
        waits = behind / max(1, view.players - 1)
        return replace(opt, situation=seen.situation("pass", opt.race_first, j, waits=waits))
    if a.do in ("take", "bump"):
        assert view.offer is not None
        x = view.offer.card
        hand = without(seat.hand, a.with_)
        own = plus(seat.own, x.index)
        meld_pts = _meld_points(a.with_, x, rules)
        target = seat.target - len(a.with_) - 1
        best = _best_after(judge, hand, own, target, laid_points + meld_pts, seat.unseen)
        if best is None:
            return Option(a, 0.0, 0.0, None, 0, "exact", a.do, "no card left to discard",
                          situation=seen.situation(a.do, 0.0, None, melds=1, points=meld_pts))
        j, discard = best
        what = f"{a.do} {x.code} with {format_cards(a.with_)}, then discard {discard.code}"
        opt = _option(a, j, table, None, what)
        return replace(opt, situation=seen.situation(a.do, opt.race_first, j, melds=1,
                                                     points=meld_pts))
    return Option(a, 0.0, 0.0, None, 0, "distance", str(a), "not judged",
                  situation=seen.situation(a.do, 0.0, None))


def _meld_points(with_: Sequence[Card], x: Card, rules: Rules) -> int:
    return meld_of([*with_, x], rules).points


def _best_after(judge: Judge, hand: Counts, own: Counts, target: int, laid_points: int,
                unseen: Counts) -> tuple[Judged, Card] | None:
    """After a claim (or a cache) the seat owes a discard: the one that keeps the hand's
    distance with the fewest partners (as at any discard, the best by distance first),
    and the hand it leaves, judged."""
    if sum(hand) < 1:
        return None
    cards = sorted({c for c in cards_of(hand)}, key=lambda c: (partners(hand, c), -c.index))
    low = judge.distance(hand, target, own)
    if low == 0:  # the claim completes the hand: it goes out at once, throwing the best card
        outs = [(judge.solver.best(without(hand, [c]), False), c) for c in cards]
        decl, c = max(((dc, c) for dc, c in outs if dc is not None),
                      key=lambda dc: dc[0].points)
        pts = decl.points + laid_points + OUT_BONUS
        return Judged(0, 0, (), tuple(time_to_go_out(0, 1.0)), float(pts), "now"), c
    best = cards[0]
    for c in cards:
        if judge.distance(without(hand, [c]), target, own) == low:
            best = c
            break
    return judge.at_rest(without(hand, [best]), own, target, laid_points, unseen, hand), best


def _option(a: Action, j: Judged, table: Race, lead: int | None, what: str) -> Option:
    if j.method == "now":  # certain for the race, but a better claim may win the card (K5)
        return Option(a, 1.0, j.points_out, 0, 0, "exact",
                      what.replace(", then discard ", " and go out throwing "),
                      "completes the hand unless a better claim wins the card")
    p = first_chance(j.times, table, lead)
    points = p * j.points_out
    if j.distance is None:
        state = "can no longer go out"
    elif j.distance == 0:
        state = "complete: goes out on the next card"
    elif j.distance == 1:
        waits = ", ".join(c.code for c in j.useful[:6]) + ("…" if len(j.useful) > 6 else "")
        state = f"waiting on {waits} ({j.acceptance} unseen)"
    else:
        state = f"distance {j.distance}, {j.acceptance} useful cards unseen"
    return Option(a, p, points, j.distance, j.acceptance, j.method, what, state)



__all__ = [
    "METHODS",
    "Advice",
    "Budget",
    "Option",
    "advise",
    "claim_danger",
    "first_chance",
    "opponent_hazard",
    "time_to_go_out",
]
