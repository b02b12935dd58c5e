"""The move advisor: every legal action of a seat, ranked by its chance of winning the
deal, with that chance and the expected settlement — numbers that mean what they say.

Input is the seat's VIEW (rules §8.3). For each legal action the advisor reports what
it leaves (distance, waits or useful cards, and the discard it is followed by — the
look-ahead of :mod:`advisor.chan.lookahead`, which the rules engine keeps legal), and:

* a **certain** outcome when there is one: a win on the card (C1), Thiên ù (W3) or a
  Chíu that completes the hand (Chíu ù, C2) is a win with its exact settlement — the
  only "100 %" the advisor ever states — and a hand that can no longer make a winning
  set (W1) has no chance;
* otherwise the **value model** (:mod:`advisor.chan.value`): the chance to win and the
  expected settlement of positions like the one the action leaves, fitted on simulated
  deals and checked against outcomes on other deals (``benchmarks/calibration.py``),
  each with its standard error from the fit.

Actions are ranked by that chance (then by the expected settlement, then by what they
leave). When a number of worlds is asked for (``samples``), the leading actions are
also **played out** to the end of the deal in the same sampled worlds (common random
numbers; the seat by the static ranking, the others greedily) and the sampled figures
are reported with their standard errors: a second opinion, noted when it disagrees with
the ranking beyond its noise, never a replacement for the calibrated chance (playouts
in worlds dealt at random overstate the seat's chances: ``docs/advisor.md``).

Results are deterministic; with ``samples``, for a given seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from advisor import core
from advisor.chan import core as chan_core
from advisor.chan.belief import belief
from advisor.chan.cards import Counts, Face
from advisor.chan.game import Action, Game, claims_first
from advisor.chan.lookahead import Leaves, leaves, rollout, world
from advisor.chan.position import TYPED_SOURCES, view_of_position
from advisor.chan.recalibrate import (
    DEFAULT_OPPONENTS,
    OPPONENTS,
    Opponents,
    against,
    fitted,
)
from advisor.chan.strong import look_rollout, strong_choice, strong_key
from advisor.chan.value import TableInfo, estimate, features
from advisor.chan.view import View
from advisor.errors import PositionError
from advisor.games.answer import Answer, Judged, RankedBy, Work
from advisor.games.budget import Budget, Meter
from advisor.games.search import Batch, Sample, halve, one_by_one, rows, soft

DEFAULT_BUDGET_MS = 100.0
Method = Literal["certain", "model", "model+look", "model+search", "model+playouts"]
"""How an answer's numbers were made: exact outcomes only, the value model, the model
with its look at a close call (``look``: playouts of the close actions in worlds the
budget buys, which move their chances), the model with the search (``search``: every
uncertain action played out in worlds dealt from the VIEW, the budget spent by successive
halving where the leading actions are close, :mod:`advisor.games.search`), or the model
with playouts beside it (``samples``: a second opinion that moves nothing)."""
METHODS: tuple[Method, ...] = get_args(Method)
MAX_BUDGET_MS = 10_000.0
"""The largest budget (the model alone takes a few milliseconds; the budget is the base
of the safety cap of playouts asked for with ``samples``)."""
MAX_CANDIDATES = 3
"""Actions compared by playouts: the best three of the ranking."""
LOOK_PER_MS = 0.08
"""Worlds a millisecond of budget buys for the look at a close call: 8 at the default
100 ms, each world one playout of every close action (about 2 ms of CPU a playout:
``benchmarks/chan_decision_cost.py``)."""
LOOK_LEAST = 2
"""The fewest worlds of a look, at any budget."""
LOOK_MARGIN = 0.05
"""Actions whose model chance is within this of the first's are a close call, looked at."""
LOOK_PRIOR = 10.0
"""How many worlds the model's chance weighs in the look's blend (:func:`_blend`)."""
SEARCH_PER_MS = 4.0
"""Moves a millisecond of budget buys for the search (every move of every playout
counted, each seat playing as the ``greedy+`` player): 400 at the default 100 ms, about
16 playouts of 24 moves; 4.7 moves a millisecond of CPU were measured
(``docs/benchmarks.md``, *Against a good casual player*)."""
SEARCH_PER_MS_CORE = 250.0
"""… and on the compiled core (:mod:`advisor.core`): 25,000 moves at the default 100 ms,
about a thousand playouts (``benchmarks/engine_speed.py``)."""
SEARCH_LEAST = 200
"""The fewest moves a search is given, at any budget."""
SEARCH_PRIOR = 10.0
"""How many worlds the model's chance weighs in the search's blend (:func:`_blend`)."""
KEEP_Z = 2.0
"""Standard errors of the paired difference by which the search must see another action
beat the ``greedy+`` player's choice for it to be stated better (:func:`_anchor`)."""
Z_NOTE = 2.0
"""Standard errors of the paired difference beyond which the playouts' preference for
another action is noted."""


def search_per_ms() -> float:
    """The moves a millisecond of budget buys the search, on the engines that run
    (:func:`advisor.core.path`)."""
    return SEARCH_PER_MS_CORE if core.available() else SEARCH_PER_MS


@dataclass
class Sampled:
    """What the playouts of one action gave: per world, whether the seat won and its
    settlement."""

    wins: list[bool] = field(default_factory=list)
    pays: list[float] = field(default_factory=list)

    @property
    def worlds(self) -> int:
        return len(self.pays)

    @property
    def win(self) -> float:
        return sum(self.wins) / self.worlds if self.worlds else 0.0

    @property
    def win_se(self) -> float:
        n = self.worlds
        return math.sqrt(self.win * (1 - self.win) / (n - 1)) if n > 1 else 0.5

    @property
    def expected(self) -> float:
        return sum(self.pays) / self.worlds if self.worlds else 0.0

    @property
    def expected_se(self) -> float:
        return _se(self.pays)

    def to_json(self) -> dict[str, Any]:
        """Standard errors are null with fewer than two worlds."""
        known = self.worlds > 1
        return {"worlds": self.worlds, "win": round(self.win, 4),
                "win_se": round(self.win_se, 4) if known else None,
                "expected": round(self.expected, 3),
                "expected_se": round(self.expected_se, 3) if known else None}


def _se(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("inf")
    m = sum(xs) / n
    return math.sqrt(max(sum((x - m) ** 2 for x in xs) / (n - 1), 0.0) / n)


@dataclass
class ActionAdvice:
    """One legal action, what it leaves, and what it promises."""

    action: Action
    leaves: Leaves
    win: float  # the stated chance to win this deal
    win_se: float  # its standard error (0 when certain)
    expected: float  # the stated expected settlement for the seat
    expected_se: float
    certain: bool = False  # the chance is exact: a win now (1), or none possible (0)
    bonuses: tuple[str, ...] = ()  # a certain win's bonuses (cước), by name
    features: tuple[float, ...] = ()  # the value model's inputs
    sampled: Sampled | None = None  # the playouts, when there were some
    text: str = ""  # the action in words (:func:`describe`)
    looked: bool = False  # its chance is the model's blended with the look's playouts
    searched: bool = False  # … with the search's

    @property
    def exact(self) -> bool:
        """Both numbers are exact: a certain win with its settlement (a hand that can no
        longer win, W1, has an exact chance of 0 but a settlement from the model)."""
        return self.certain and self.expected_se == 0.0

    @property
    def method(self) -> str:
        """How its numbers were made: ``certain`` (both exact), ``model`` (the value
        model's; the playouts of ``samples``, when there were some, are a second opinion
        beside them) or ``model+look`` (when the answer looked at a close call, every
        uncertain action: the model's chance, moved by the look's playouts for the
        actions within :data:`LOOK_MARGIN` of the first, :func:`_blend`; the others were
        left behind by the model)."""
        if self.exact:
            return "certain"
        return "model+search" if self.searched else "model+look" if self.looked else "model"

    @property
    def distance(self) -> int | None:
        return self.leaves.distance

    @property
    def waits(self) -> tuple[Any, ...]:
        return self.leaves.waits

    @property
    def useful(self) -> tuple[Any, ...]:
        return self.leaves.useful

    @property
    def unpaired(self) -> int:
        return self.leaves.unpaired

    @property
    def then(self) -> Face | None:
        return self.leaves.then

    @property
    def useful_unseen(self) -> int:
        return self.leaves.useful_unseen

    @property
    def samples(self) -> int:
        return self.sampled.worlds if self.sampled else 0

    def interval(self) -> tuple[float, float]:
        """A 95 % interval of the chance to win (the point itself when certain)."""
        half = 1.96 * self.win_se
        return max(0.0, self.win - half), min(1.0, self.win + half)

    def judged(self) -> Judged:
        """This action in the answer every game gives (:mod:`advisor.games.answer`)."""
        extras: dict[str, Any] = {
            "distance": self.distance, "unpaired": self.unpaired,
            "waits": [w.to_json() for w in self.waits],
            "useful_unseen": self.useful_unseen,
            "then": self.then.code if self.then else None,
        }
        if self.bonuses:
            extras["bonuses"] = list(self.bonuses)
        if self.sampled is not None:
            extras["sampled"] = self.sampled.to_json()
        return Judged(self.action.to_json(), self.text or str(self.action), self.method,
                      self.win, self.win_se, self.expected, self.expected_se, self.exact,
                      extras)

    def to_json(self) -> dict[str, Any]:
        return self.judged().to_json()


@dataclass
class Advice:
    """The ranked actions for one decision, with how they were found."""

    seat: int
    phase: str
    actions: list[ActionAdvice]
    method: Method
    samples: int  # worlds played
    seconds: float
    budget_ms: float
    seed: int
    explanation: str = ""
    notes: list[str] = field(default_factory=list)
    asked: int | None = None  # the worlds asked for (``samples``), if any
    work: Work | None = None  # what was counted: the actions judged, or the worlds played
    ranked_by: RankedBy = "win"  # the search ranks by the expected settlement

    @property
    def best(self) -> Action:
        return self.actions[0].action

    def answer(self) -> Answer:
        """The answer every game gives (:mod:`advisor.games.answer`): ranked by ``win``
        (the search's by ``expected``); the work is the actions the model judged (all of
        them), or with ``samples`` the playout worlds played of those asked for."""
        work = self.work or Work("worlds", self.samples, self.asked)
        return Answer("chan", self.seat, self.ranked_by,
                      tuple(a.judged() for a in self.actions),
                      self.method, work,
                      self.seconds * 1000, self.budget_ms, self.seed, tuple(self.notes),
                      {"phase": self.phase, "explanation": self.explanation})

    def to_json(self) -> dict[str, Any]:
        return self.answer().to_json()


# --- the advice -----------------------------------------------------------------------------

def advise(view: View | dict[str, Any], legal: Sequence[Action] | None = None, *,
           budget_ms: float = DEFAULT_BUDGET_MS, seed: int = 0, samples: int | None = None,
           limit_ms: float | None = None, opponents: Opponents = DEFAULT_OPPONENTS,
           look: bool = False, search: bool = False) -> Advice:
    """Rank every legal action of the seat whose VIEW is given: a :class:`View`, or its
    JSON (a CLI file, an API body), read once by :meth:`View.from_json`.

    The chances and expected settlements come from the value model, or are certain: the
    work is every legal action judged by the model (counted: ``work`` says so), the
    same on any machine. The chance is that against ``opponents`` (``greedy``: players
    like the greedy bot, the model's own; ``advisor``: players like the advisor itself;
    :data:`OPPONENTS`), the model's chance mapped by :mod:`advisor.chan.recalibrate`.
    With ``samples``, exactly that many playout worlds are played (reproducible to the
    bit for a seed): the wall clock only cuts them past the safety cap — the caller's
    deadline ``limit_ms`` (a server's, for one request), else
    :func:`advisor.games.budget.cap_ms` of ``budget_ms`` — and then a note says how many
    were played. With ``look`` (and no ``samples``), a close call is looked at: the
    actions within :data:`LOOK_MARGIN` of the first are played out in the worlds the
    budget buys (:data:`LOOK_PER_MS`) and their chances moved by the playouts
    (:func:`_blend`) — not the default: it played better against greedy players and
    worse against ``greedy+`` ones (``docs/benchmarks.md``). ``legal`` may be passed
    when known (a bot inside the engine); otherwise it is derived from the VIEW. With
    ``search`` (and no ``samples``), every uncertain action is played out in worlds dealt
    from the VIEW, every seat then playing as the ``greedy+`` player, the moves the budget
    buys (:data:`SEARCH_PER_MS`) spent by successive halving
    (:func:`advisor.games.search.halve`), and the chances moved by the playouts
    (:func:`_blend`).
    """
    started = time.perf_counter()
    if not isinstance(view, View):  # a VIEW's JSON (what a user holds, read by the
        view = View.from_json(view)  # game's spec: advisor.games.spec.GameSpec.read)
    if not 0 < budget_ms <= MAX_BUDGET_MS:
        raise PositionError(f"budget_ms: between 0 and {MAX_BUDGET_MS:g}", field="budget_ms")
    if limit_ms is not None and not limit_ms > 0:
        raise PositionError("limit_ms: a time limit above 0", field="limit_ms")
    if samples is not None and samples < 1:
        raise PositionError("samples: at least one world", field="samples")
    if search and samples is not None:
        raise PositionError("search: the search spends the budget; it takes no samples "
                            "(ask for one or the other)", field="search")
    if opponents not in OPPONENTS:
        raise PositionError(f"opponents: one of {', '.join(OPPONENTS)}, not {opponents!r}",
                            field="opponents")
    budget = Budget(budget_ms, seed, limit_ms)
    me = view.seat
    if view.to_act != me:
        raise PositionError(f"to_act: it is seat {view.to_act}'s decision, not seat {me}'s",
                            field="to_act")
    base = world(view, random.Random(seed))
    actions = list(legal) if legal is not None else base.legal_actions()
    if not actions:
        raise PositionError("the VIEW has no decision pending", field="phase")
    s = base.seats[me]
    offered = base.offer.card if base.offer is not None else None
    unseen = view.unseen
    table = TableInfo.of_view(view)
    rules = base.rules
    evals = [_judge(a, leaves(a, s, offered, unseen), base, me, table, sum(unseen), rules,
                    opponents) for a in actions]
    for e in evals:
        e.text = describe(e, offered)
    order = _order(evals, unseen)
    method: Method = "certain" if order[0].certain and order[0].win == 1.0 else "model"
    work = Work("actions", len(order), len(order))
    cut: str | None = None
    candidates = [e for e in order if not e.certain][:MAX_CANDIDATES]
    close = [e for e in candidates if order[0].win - e.win <= LOOK_MARGIN]
    uncertain = [e for e in order if not e.certain]
    search_notes: list[str] = []
    ranked_by: RankedBy = "win"
    if search and samples is None and method == "model" and len(uncertain) > 1:
        meter = budget.meter("moves", search_per_ms(), least=SEARCH_LEAST)
        anchor = strong_choice(s, actions, offered, unseen)
        base_e = _search(view, uncertain, seed, meter, anchor)
        _blend(uncertain, SEARCH_PRIOR)
        if base_e is not None:
            search_notes += _anchor(uncertain, base_e)
        for e in uncertain:
            e.searched = True
        order = _order(evals, unseen, by="expected")
        ranked_by = "expected"
        method = "model+search"
        work, cut = meter.work(), meter.note()
    elif look and samples is None and method == "model" and len(close) > 1:
        meter = budget.meter("worlds", LOOK_PER_MS, least=LOOK_LEAST)
        _look(view, base, close, seed, meter, opponents)
        _blend(close)
        for e in order:
            e.looked = not e.exact
        order = _order(evals, unseen)
        method = "model+look"
        work, cut = meter.work(), meter.note()
    elif samples and method == "model" and len(candidates) > 1:
        meter = Meter("worlds", samples, budget.cap_s)
        _playouts(view, base, candidates, seed, meter)
        method = "model+playouts"
        work, cut = meter.work(), meter.note()
    elif samples:
        work = Work("worlds", 0, samples)
    elapsed = time.perf_counter() - started
    advice = Advice(me, view.phase, order, method, work.done if work.unit == "worlds" else 0,
                    elapsed, budget_ms, seed, asked=samples or None, work=work,
                    ranked_by=ranked_by)
    advice.explanation = explain(order[0], offered)
    if samples and method != "model+playouts":
        advice.notes.append("no worlds were played out: " + (
            "a certain win is the first action" if method == "certain"
            else "fewer than two actions to compare"))
    if opponents != DEFAULT_OPPONENTS:
        advice.notes.append(
            f"the chances are against players like the {opponents}" if fitted(opponents, rules)
            else f"no map against {opponents} players is fitted for the {rules} rules: the "
                 "chances are against players like the greedy bot")
    if cut:
        advice.notes.append(cut)
    advice.notes += _close_calls(order, candidates if method == "model+playouts" else [])
    advice.notes += search_notes
    return advice


def _judge(a: Action, lv: Leaves, base: Game, me: int, table: TableInfo, unseen: int,
           rules: str, opponents: Opponents = DEFAULT_OPPONENTS) -> ActionAdvice:
    """The numbers of one action: certain when it ends the deal, else the model's."""
    if lv.wins:  # a win, Thiên ù, or a Chíu that wins at once (Chíu ù): certain
        g = base.clone()
        g.act(me, a)
        if g.result is None:
            g.act(me, Action("win"))
        assert g.result is not None and g.result.score is not None
        pay = float(g.result.payments[me])
        return ActionAdvice(a, lv, 1.0, 0.0, pay, 0.0, True,
                            tuple(b.bonus.name for b in g.result.score.bonuses))
    x = features(table, lv.distance, lv.useful_unseen, unseen, lv.unpaired, lv.exposed)
    est = estimate(x, rules)
    if lv.distance is None:  # no winning set can be made any more (W1): certainly no win
        return ActionAdvice(a, lv, 0.0, 0.0, min(est.expected, 0.0), est.expected_se, True,
                            features=tuple(x))
    win, win_se = against(opponents, rules, est.win, est.win_se)
    return ActionAdvice(a, lv, win, win_se, est.expected, est.expected_se,
                        features=tuple(x))


def _order(evals: list[ActionAdvice], unseen: Counts, by: RankedBy = "win"
           ) -> list[ActionAdvice]:
    """Certain wins first (the largest settlement first), then by the chance to win,
    then by the expected settlement (the chance as stated, unrounded: no action is ever
    ranked above one with a higher stated chance); what the actions leave (as the
    ``greedy+`` player weighs it, :func:`advisor.chan.strong.strong_key`: the static
    key, and between discards that leave the same, the card of which the fewest copies
    are unseen, that feeds the table least), then the legal order, break ties. ``by``
    ``expected`` (the search's): by the expected settlement as stated, then the chance,
    then the same ties."""
    def key(n_e: tuple[int, ActionAdvice]) -> tuple[Any, ...]:
        n, e = n_e
        if by == "expected":
            return (-round(e.expected, 3), -e.win, strong_key(e.action, e.leaves, unseen), n)
        if e.certain and e.win == 1.0:
            return (0, -e.expected, n)
        return (1, -e.win, -round(e.expected, 3),
                strong_key(e.action, e.leaves, unseen), n)
    return [e for _, e in sorted(enumerate(evals), key=key)]


def _playouts(view: View, base: Game, candidates: list[ActionAdvice], seed: int,
              meter: Meter) -> None:
    """Play the candidates in the same worlds, round-robin, one world a unit of the
    ``meter`` (all it asks for, unless the clock passes its safety cap): the seat by the
    static ranking, the others greedily. On the compiled core the worlds are dealt by the
    core (world 0 too) and a few are played at a time."""
    me = view.seat
    for e in candidates:
        e.sampled = Sampled()
    if core.available():
        cv = chan_core.view_of(view)
        policies = ["static" if s == me else "greedy" for s in range(len(view.table))]
        while meter.more:
            got = chan_core.playouts(cv, [e.action for e in candidates], meter.done, 1,
                                     _core_seed(seed), policies)
            for e, (won, pay, _moves) in zip(candidates, got):
                assert e.sampled is not None
                e.sampled.wins.append(won)
                e.sampled.pays.append(float(pay))
            meter.spend()
        return
    while meter.more:
        played = meter.done
        w = base if played == 0 else world(view, random.Random(f"{seed}:{played}"))
        for e in candidates:
            g = w.clone()
            g.act(me, e.action)
            rollout(g, me)
            assert g.result is not None and e.sampled is not None
            e.sampled.wins.append(g.result.winner == me)
            e.sampled.pays.append(float(g.result.payments[me]))
        meter.spend()


def _core_seed(seed: int) -> int:
    """A seed as the core takes it (an unsigned 64-bit int)."""
    return seed % 2**64


def _look(view: View, base: Game, close: list[ActionAdvice], seed: int, meter: Meter,
          opponents: Opponents) -> None:
    """The look at a close call: the ``close`` actions played in the same worlds (common
    random numbers), one world a unit of the ``meter``; the seat then plays as the
    ``greedy+`` player, the others as the ``opponents``
    (:func:`advisor.chan.strong.look_rollout`; the core plays the same players)."""
    me = view.seat
    for e in close:
        e.sampled = Sampled()
    if core.available():
        cv = chan_core.view_of(view)
        other = "greedy+" if opponents == "advisor" else opponents
        policies = ["greedy+" if s == me else other for s in range(len(view.table))]
        while meter.more:
            got = chan_core.playouts(cv, [e.action for e in close], meter.done, 1,
                                     _core_seed(seed), policies)
            for e, (won, pay, _moves) in zip(close, got):
                assert e.sampled is not None
                e.sampled.wins.append(won)
                e.sampled.pays.append(float(pay))
            meter.spend()
        return
    while meter.more:
        k = meter.done
        w = world(view, random.Random(f"{seed}:look:{k}"))
        for n, e in enumerate(close):
            g = w.clone()
            g.act(me, e.action)
            look_rollout(g, me, opponents, random.Random(f"{seed}:look:{k}:{n}"))
            assert g.result is not None and e.sampled is not None
            e.sampled.wins.append(g.result.winner == me)
            e.sampled.pays.append(float(g.result.payments[me]))
        meter.spend()


def _search(view: View, candidates: list[ActionAdvice], seed: int, meter: Meter,
            anchor: Action | None = None) -> ActionAdvice | None:
    """The search: the ``candidates`` played out by successive halving
    (:func:`advisor.games.search.halve`, by the expected settlement: what a player scores,
    the bonuses of a win counted) in worlds dealt from the VIEW — world ``w`` the
    same for every action —, every seat then playing as the ``greedy+`` player; every
    move of a playout is a unit of the ``meter``. Each candidate's playouts are kept in
    its ``sampled``. On the compiled core the worlds are dealt and played there, a batch
    at a time, drawn from the belief about the other hands (:mod:`advisor.chan.belief`:
    the certainties of R2, what the seats let go, how paired hands in play are).

    The ``anchor`` (the ``greedy+`` player's choice) is never dropped: every other action
    is compared with it to the end (:func:`_anchor` then states them relative to it).
    Returns the anchor's advice (None if it is not among the candidates)."""
    me = view.seat
    batch: Batch[ActionAdvice] | None = None
    if core.available():
        cv = chan_core.view_of(view, belief(view))
        every = ["greedy+"] * len(view.table)

        def batch(es: Sequence[ActionAdvice], w: int, n: int) -> list[list[Sample]]:
            got = chan_core.playouts(cv, [e.action for e in es], w, n, _core_seed(seed), every)
            return rows(got, len(es))

        sample = one_by_one(batch)
    else:  # the Python engines

        def sample(e: ActionAdvice, w: int) -> Sample:
            g = world(view, random.Random(f"{seed}:search:{w}"))
            g.act(me, e.action)
            moves = 1 + look_rollout(g, me, "advisor")  # every seat as greedy+
            assert g.result is not None
            return Sample(float(g.result.winner == me), float(g.result.payments[me]), moves)

    keep = next((i for i, e in enumerate(candidates) if e.action == anchor), None)
    for arm in halve(candidates, sample, meter, by="expected", batch=batch, keep=keep):
        arm.action.sampled = Sampled([w > 0.5 for w in arm.wins], list(arm.pays))
    return candidates[keep] if keep is not None else None


def _anchor(searched: list[ActionAdvice], base: ActionAdvice) -> list[str]:
    """State every other searched action relative to the ``base`` (the ``greedy+``
    player's choice, played in every world the search played): its chance is the base's
    plus its paired difference in wins with the base, moved toward 0 by :data:`KEEP_Z`
    standard errors of that difference; its expected settlement likewise, by the paired
    difference in settlement. So no action is ranked above the base (nor stated better)
    unless the search measured it better by the margin: the best of many noisy estimates is
    biased upward (a winner's curse), and a difference within the noise is stated as none.
    Between actions stated alike the ``greedy+`` player's order decides
    (:func:`_order`), so the base then comes first. Notes the actions the raw playouts
    preferred within the margin."""
    notes = []
    for e in searched:
        if e is base or e.sampled is None or e.samples < 2:
            continue
        n = min(e.samples, base.samples)
        mw, sw = _paired(e, base, "win")
        mp, sp = _paired(e, base, "expected")
        win = base.win + soft(mw, KEEP_Z * sw)
        e.win = min(max(win, 1e-4), 1 - 1e-4)
        e.win_se = math.hypot(base.win_se, sw)
        e.expected = base.expected + soft(mp, KEEP_Z * sp)
        e.expected_se = math.hypot(base.expected_se, sp)
        if 0 < mp <= KEEP_Z * sp:
            notes.append(f"the playouts prefer {e.action} to {base.action}, the greedy+ "
                         f"player's choice, by {mp:+.2f} ± {sp:.2f} a deal in settlement over "
                         f"{n} worlds: within {KEEP_Z:g} standard errors, stated as no "
                         "difference")
    return notes


def _blend(close: list[ActionAdvice], prior: float = LOOK_PRIOR) -> None:
    """Move the chances of the close actions by what their playouts say of their
    differences: each becomes (``prior`` × its model chance + n × (its playout share −
    the close actions' mean share + their mean model chance)) ÷ (``prior`` + n) over n
    worlds (the share over the worlds all were played in: the search plays the actions it
    keeps in more). The close actions' mean chance stays the model's (worlds dealt at
    random overstate every action's chance alike, ``docs/advisor.md``); only their order
    and gaps come from the playouts, each shrunk toward the model's by ``prior``.

    >>> a = ActionAdvice(Action("pass"), Leaves(2, (), (), 3, None), 0.30, 0.01, 0.0, 0.1)
    >>> b = ActionAdvice(Action("pass"), Leaves(2, (), (), 3, None), 0.28, 0.01, 0.0, 0.1)
    >>> a.sampled = Sampled([True, False] * 5, [1.0, -1.0] * 5)
    >>> b.sampled = Sampled([True] * 8 + [False] * 2, [1.0] * 8 + [-1.0] * 2)
    >>> _blend([a, b]); round(a.win, 3), round(b.win, 3), a.method
    (0.22, 0.36, 'model+look')
    """
    shared = min(e.samples for e in close)  # the worlds every action was played in
    if shared == 0:
        return
    model = sum(e.win for e in close) / len(close)
    share = sum(sum(e.sampled.wins[:shared]) / shared for e in close if e.sampled) / len(close)
    for e in close:
        assert e.sampled is not None
        p, n = e.sampled.win, e.samples
        win = (prior * e.win + n * (p - share + model)) / (prior + n)
        e.win_se = math.sqrt((prior * e.win_se) ** 2 + n * p * (1 - p)) / (prior + n)
        e.win = min(max(win, 1e-4), 1 - 1e-4)
        e.looked = True


def _paired(a: ActionAdvice, b: ActionAdvice, by: RankedBy = "expected"
            ) -> tuple[float, float]:
    """The mean and standard error of a − b's settlement (``by="win"``: wins) over their
    common worlds."""
    assert a.sampled is not None and b.sampled is not None
    if by == "win":
        diffs = [float(x) - float(y) for x, y in zip(a.sampled.wins, b.sampled.wins)]
    else:
        diffs = [x - y for x, y in zip(a.sampled.pays, b.sampled.pays)]
    return (sum(diffs) / len(diffs) if diffs else 0.0), _se(diffs)


def _close_calls(order: list[ActionAdvice], sampled: list[ActionAdvice]) -> list[str]:
    """Say so when the first action is ahead of the second by less than the noise, and
    when the playouts prefer another action beyond theirs."""
    if len(order) < 2 or order[0].certain:
        return []
    a, b = order[0], order[1]
    notes = []
    se_gap = math.hypot(a.win_se, b.win_se)
    if not b.certain and abs(a.win - b.win) <= max(2 * se_gap, 0.005):
        notes.append(f"{a.action} and {b.action} have the same chance to win within its "
                     f"error ({a.win:.1%} and {b.win:.1%})")
    if a in sampled and a.samples > 1:
        for e in sampled[1:]:
            diff, se = _paired(e, a)
            if diff > Z_NOTE * se:
                notes.append(f"the playouts prefer {e.action} to {a.action}: {diff:+.2f} ± "
                             f"{se:.2f} a deal over {a.samples} worlds (random worlds; the "
                             "ranking follows the calibrated chance)")
    return notes


def describe(e: ActionAdvice, offered: Face | None) -> str:
    """The action in words: "Discard 2v (nhị vạn)", "Eat 3m as Cạ with 3s" …"""
    a = e.action
    what = {
        "win": f"Win on {offered.code}" if offered else "Win", "heaven": "Declare Thiên ù",
        "pass": "Pass", "chiu": f"Chíu {offered.code if offered else ''}".strip(),
    }.get(a.do, "")
    if a.do == "discard":
        assert a.card is not None
        what = f"Discard {a.card.code} ({a.card.vi})"
    elif a.do == "eat":
        assert a.card is not None and offered is not None
        kind = "Chắn" if a.card.index == offered.index else f"Cạ with {a.card.code}"
        what = f"Eat {offered.code} as {kind}"
    if e.certain and e.win == 1.0 and a.do == "chiu":
        what = f"Chíu ù on {offered.code if offered else ''}".strip()
    return what


def explain(e: ActionAdvice, offered: Face | None) -> str:
    """One line a player can read: what the action is, what it leaves, its chance."""
    what = describe(e, offered)
    if e.certain and e.win == 1.0:
        return (f"{what}: certain, {e.expected:+.0f} to this seat"
                f"{' (' + ', '.join(e.bonuses) + ')' if e.bonuses else ''}")
    if e.then is not None:
        what += f", then discard {e.then.code}"
    if e.distance is None:
        return f"{what}: no winning set is possible any more (W1), no chance to win"
    if e.waits:
        faces = "/".join(w.face.code for w in e.waits)
        tail = (f"{e.unpaired} unpaired left, waiting on {faces} — "
                f"{sum(w.unseen for w in e.waits)} unseen")
    else:
        tail = (f"{e.unpaired} unpaired, {e.distance} card{'s' * (e.distance != 1)} from a "
                f"win, {e.useful_unseen} useful cards unseen")
    return f"{what}: {tail}; {_pct(e.win)} to win"


def _pct(p: float) -> str:
    """A chance in words: never "0 %" or "100 %" unless it is certain."""
    if 0 < p < 0.005:
        return "under 1 %"
    if 0.995 < p < 1:
        return "over 99 %"
    return f"{p:.0%}".replace("%", " %")


def view_from_position(*, hand: str, melds: Sequence[str] = (), seat: int = 0,
                       dealer: int = 0, offer: str | None = None, source: str = "discard",
                       seen: str = "", stock_left: int | None = None, rules: str = "house",
                       memory: dict[str, Any] | None = None) -> View:
    """A VIEW from the few facts a player types (the CLI's flags): see
    :func:`advisor.chan.position.view_of_position`, whose fields these are (``source``
    is its ``from``; ``memory`` its ``discarded``, ``refused``, ``laid_in_ca`` and
    ``ate_ca``); on a stock card revealed at the seat's own door that completes its
    hand, the claims come first (C1, C5).

    >>> v = view_from_position(
    ...     hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s",
    ...     offer="3m", source="stock")
    >>> v.phase, v.offer.door, v.partial
    ('claim', 0, True)
    """
    if source not in TYPED_SOURCES:
        raise PositionError(f"source: one of {', '.join(TYPED_SOURCES)}, not {source!r}",
                            field="source")
    obj: dict[str, Any] = {"hand": hand, "melds": list(melds), "seat": seat, "dealer": dealer,
                           "offer": offer, "from": source, "seen": seen,
                           "stock_left": stock_left, "rules": rules, **(memory or {})}
    return claims_first(view_of_position(obj))


__all__ = [
    "DEFAULT_BUDGET_MS",
    "METHODS",
    "TYPED_SOURCES",
    "ActionAdvice",
    "Advice",
    "Sampled",
    "advise",
    "describe",
    "explain",
    "search_per_ms",
    "view_from_position",
]
