"""The advisor: every legal action of the seat to act — win now, take the discard or draw,
which card to throw — judged by the chance of winning the deal (the pot is all that
counts, Q8), ranked, with the method and a one-line explanation, in the answer every game
gives (:mod:`advisor.games.answer`). A budget of milliseconds buys counted work
(:mod:`advisor.games.budget`): the same VIEW, seed and budget give the same answer on
any machine.

* **Winning now** (Q5, Q7) is certain: 100 %, method ``exact``.
* **The search**, the default (method ``model+search``; ``search=False``, ``--no-search``,
  ``?search=false``: the model alone, below): described after the model it builds on.
* **The model alone** (``search=False``), method ``model``: the hand each other action
  leaves at rest (after a throw, after a take and the best throw that follows it, or
  before a draw) is valued by the **value model** fitted on self-play (:mod:`advisor.qing.value`:
  the chance to win the deal, the chance of a drawn deal, hence the expected
  settlement), and, as far as the budget affords, by **playouts** on sampled deals: the
  cards the seat has not seen dealt at random to the other hands and the stock, the
  action played, and the deal played out by every seat with a fast policy (win when
  possible, else draw and throw the card with the fewest partners) — when they are
  asked for (:attr:`Budget.playouts_per_ms`; none by default, see :data:`PER_MS`). Every
  action is played on the same sampled deals (common random numbers), as many whole
  deals as the budget buys one playout of each action in. The
  chance stated is the model's, counted as :attr:`Budget.prior` playouts, updated by the
  playouts' wins (a Beta posterior), with its standard error; the expected settlement
  likewise.
* **The search** (the default; ``search=True``, ``--search``, ``?search=true`` and the seat
  spec ``search`` ask for it by name), method ``model+search``: every action but a win played in
  worlds dealt from the VIEW, world ``w`` the same for every action, every seat then
  playing as the ``greedy+`` player; the budget buys moves of those playouts
  (:data:`SEARCH_PER_MS`, at least :data:`SEARCH_LEAST`), spent by successive halving
  (:func:`advisor.games.search.halve`, each round, the first too, its share of the
  moves): the better half by wins goes on to the next worlds. The ``greedy+`` player's
  own choice is the anchor, never dropped: another action is stated better only by
  what its paired difference in wins with the anchor exceeds :data:`KEEP_Z` standard
  errors by (the best of many noisy estimates is biased upward), so the anchor comes
  first unless the playouts measured another better. The anchor's chance is
  its share of its worlds, moved toward the model's, through a map fitted on outcomes
  (:data:`SEARCH_MAP`): worlds dealt uniformly overstate every action's chance (the
  others' hands are random, not the hands they kept), yet the share ranks decisions
  better than the model does.
* A single legal action is ``only`` (not judged: there is nothing to choose). When the
  seat can win now, the win is first and certain, and the others are stated by the model
  alone, with no playout: the search would spend its budget on a question already
  answered (the explicit ``search=False`` still plays its playouts).
* The actions are ranked by the chance stated, then the expected settlement, then the
  greedy heuristic's order.

>>> from advisor.qing.game import Game
>>> g = Game.from_deal(players=4, seed=4)
>>> adv = advise(g.view(g.dealer), g.legal_actions(), budget_ms=50, seed=1)
>>> adv.best in g.legal_actions(), adv.options[0].method in METHODS
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from advisor import core
from advisor.games import advice as games_advice
from advisor.games.answer import Answer, Judged, Ranked, Work, ranked
from advisor.games.budget import Meter
from advisor.games.recalibration import platt
from advisor.games.search import Arm, Batch, Sample, halve, one_by_one, paired, rows, soft
from advisor.games.simulate import play
from advisor.qing import core as qing_core
from advisor.qing.bots import NEIGHBOURS, StrongBot, discard_key, partners
from advisor.qing.cards import (
    IS_EXTRA,
    KINDS,
    Card,
    cards_of,
    counts_of,
    minus,
)
from advisor.qing.game import (
    Action,
    world,
)
from advisor.qing.position import meld_of
from advisor.qing.scoring import settlement
from advisor.qing.solver import solver
from advisor.qing.value import State, load
from advisor.qing.view import View

METHODS = ("exact", "model", "model+search", "only")
"""How an option was judged; ``only`` states no number (not judged)."""
JUDGED = ("exact", "model", "model+search")
SEARCH_BY_DEFAULT = True
"""The advice searches unless asked not to, where the compiled core plays the rules:
against three ``greedy+`` players it wins 1.17× their share where the model alone wins
0.96× (600 deals each, docs/benchmarks.md)."""
SEARCH_PER_MS = 2.5
"""The moves of the search's playouts a millisecond of budget buys on the Python engines
(every move of a playout is a unit of work: what a decision costs follows the moves
played, not the number of actions nor how far the deal has gone) …"""
SEARCH_PER_MS_CORE = 100.0
"""… and on the compiled core (:mod:`advisor.core`): what was measured
(``benchmarks/decision_cost.py``, docs/benchmarks.md)."""
SEARCH_LEAST = 200
"""The fewest moves the search is given, whatever the budget."""
SEARCH_MAP = (0.728, -0.782, 10.0)
"""``(a, b, k)``: the chance stated for the ``greedy+`` player's choice in the search,
``σ(a · logit s + b)``, ``s = (won + k · m) / (worlds + k)`` — the share of its worlds it
won, moved toward ``m``, the model's chance taken back through the map (``σ((logit model
− b) / a)``: with no world played it states the model's chance). Worlds dealt uniformly
overstate every action's chance (the others' hands are random, not the hands they kept),
but the share tells good positions from bad better than the model. Fitted on 4,462
decisions against three ``greedy+`` players (``benchmarks/fit_qing_search.py``, seed 7;
docs/benchmarks.md)."""
KEEP_Z = 2.0
"""Paired standard errors by which an action must win more often than the ``greedy+``
player's choice in the search's worlds to be stated better than it."""
PER_MS = 1.5
"""Playouts a millisecond of budget buys when they are asked for
(``Budget(playouts_per_ms=PER_MS)``): a playout costs about 0.5 ms of CPU (more early in
a deal), the model a few ms a decision; at 100 ms a decision then takes 69 ms of CPU at
the median, 177 ms at the 99th percentile (``benchmarks/qing_latency.py``,
docs/benchmarks.md). The default buys none: the fast playouts, in which no opponent
takes a discard, made the advice worse against ``greedy+`` players (the previous model:
0.89× their share with them, 0.94× without; four players, 600 duplicate deals:
docs/benchmarks.md)."""
PER_MS_CORE = 30.0
"""… and on the compiled core (:mod:`advisor.core`), which plays the same fast playouts
in its own worlds: about thirty a millisecond of CPU, model included. A caller that
asks for playouts by the engines that run uses :func:`per_ms`."""
MAX_BUDGET_MS = 60_000
"""The largest budget a seat spec may give (a minute)."""


def search_per_ms() -> float:
    """The moves a millisecond of budget buys the search, on the engines that run."""
    return SEARCH_PER_MS_CORE if core.available() else SEARCH_PER_MS


def per_ms() -> float:
    """The playouts a millisecond buys on the engines that run (:func:`advisor.core.path`):
    :data:`PER_MS_CORE` on the compiled core, :data:`PER_MS` on the Python engines."""
    return PER_MS_CORE if core.available() else PER_MS


@dataclass(frozen=True)
class Budget(games_advice.Budget):
    """Every advisor's budget (``ms``, ``seed``, ``limit_ms``) and how the Qing advisor
    spends it."""

    prior: float = 40.0  # the model's chance counts as this many playouts
    playouts_per_ms: float = 0.0  # the playouts a millisecond buys (PER_MS: on)


@dataclass(frozen=True)
class Option:
    """One legal action: its chance of winning the deal (``p_win``, None when not
    judged) and its expected settlement (Q8), each with its standard error, the model's
    chance (``p_model``), how many playouts, the method, the distance it leaves, and a
    one-line explanation."""

    action: Action
    method: str
    p_win: float | None
    p_win_se: float | None
    playouts: int
    distance: int | None
    what: str
    expected: float | None = None
    expected_se: float | None = None
    p_model: float | None = None
    worlds_won: float | None = None  # the search's: the share of its worlds it won
    anchor: bool = False  # the search's: the greedy+ player's choice

    @property
    def certain(self) -> bool:
        return self.method == "exact"

    @property
    def judged(self) -> bool:
        return self.method in JUDGED

    @property
    def explanation(self) -> str:
        if self.certain:
            return f"{self.what}: the hand wins now — certain (100%)"
        if self.method == "only" or self.p_win is None:
            return f"{self.what}: the only legal action"
        margin = "" if self.p_win_se is None else f" (± {1.96 * self.p_win_se:.0%}, 95%)"
        left = "" if self.distance is None else f", {self.distance} from a win"
        unit = "worlds searched" if self.method == "model+search" else "playouts"
        plays = f", {self.playouts} {unit}" if self.playouts else ""
        return (f"{self.what}: wins the deal {self.p_win:.0%}{margin} (model "
                f"{self.p_model:.0%}{plays}{left})")

    def judged_as(self) -> Judged:
        """This option in the answer every game gives (:mod:`advisor.games.answer`)."""
        extras = {"playouts": self.playouts, "distance": self.distance,
                  "model": None if self.p_model is None else round(self.p_model, 4),
                  "explanation": self.explanation}
        if self.method == "model+search":
            extras["worlds_won"] = (None if self.worlds_won is None
                                    else round(self.worlds_won, 4))
            extras["anchor"] = self.anchor
        if not self.judged:
            return Judged.not_judged(self.action.to_json(), self.what, extras)
        return Judged(self.action.to_json(), self.what, self.method, self.p_win,
                      self.p_win_se, self.expected, self.expected_se, self.certain, extras)

    def to_json(self) -> dict[str, Any]:
        return self.judged_as().to_json()


@dataclass(frozen=True)
class Advice(Ranked[Option]):
    """The ranked options of one decision."""

    seconds: float
    budget_ms: float
    playouts: int
    asked: int = 0  # the playouts the budget buys
    seed: int | None = None
    notes: tuple[str, ...] = ()
    judged: int = 0  # the actions judged (exactly, or by the model)
    how: str = "model"  # "model+search": the search's (the moves of its playouts are the work)

    def answer(self) -> Answer:
        """The answer every game gives: ranked by ``win``; the work is the playouts (a
        sampled deal played once for each action judged) when the budget buys them, else
        the actions judged (the model's work, as Chắn's)."""
        method = self.first.method if self.first.judged else "only"
        work = (Work("moves", self.playouts, self.asked) if self.how == "model+search"
                else Work("playouts", self.playouts, self.asked) if self.asked
                else Work("actions", self.judged, self.judged))
        return Answer("qing", self.seat, "win", tuple(o.judged_as() for o in self.options),
                      method, work,
                      self.seconds * 1000, self.budget_ms, self.seed, self.notes,
                      {"phase": self.phase, "explanation": self.first.explanation})



# --- the playouts -------------------------------------------------------------------------------

class _World:
    """A sampled deal consistent with the VIEW: the other hands and the stock."""

    def __init__(self, view: View, rng: random.Random) -> None:
        unseen = cards_of(view.unseen)
        rng.shuffle(unseen)
        self.hands: list[list[int]] = []
        pos = 0
        for s in range(view.players):
            if s == view.seat:
                self.hands.append(list(view.hand))
                continue
            n = view.hand_sizes[s]
            self.hands.append(list(counts_of(unseen[pos:pos + n])))
            pos += n
        self.stock = [c.index for c in unseen[pos:pos + view.stock_left]]


_PLAIN = tuple((k, NEIGHBOURS[k]) for k in range(KINDS - 1, -1, -1) if not IS_EXTRA[k])
"""The kinds that are no extras, highest first, with their neighbours (the playouts)."""
_EXTRAS = tuple(k for k in range(KINDS - 1, -1, -1) if IS_EXTRA[k])


def _cheap_discard(hand: list[int]) -> int:
    """The playouts' throw: the card with the fewest partners (the highest of those),
    never an extra if another will do."""
    best, least = -1, 1 << 30
    for k, near in _PLAIN:
        if hand[k]:
            p = sum([hand[j] for j in near])
            if p < least:
                best, least = k, p
    if best >= 0:
        return best
    return next(k for k in _EXTRAS if hand[k])


def _playout(view: View, world: _World, first: Action, follow: Card | None) -> int | None:
    """Play ``first`` (with ``follow``, the discard after a take) in ``world``, then the
    deal to its end with the fast policy; the seat that wins (None: a drawn deal)."""
    s = solver(view.rules)
    n = view.players
    me = view.seat
    hands = [list(h) for h in world.hands]
    stock = list(world.stock)
    stock.reverse()  # drawn from the end
    eyes = [any(g.kind == "eye" for g in gs) for gs in view.melds]
    if first.do == "discard":
        assert first.card is not None
        hands[me][first.card.index] -= 1
        offer = first.card.index
    elif first.do == "take":
        assert view.offer is not None and follow is not None
        for c in first.with_:
            hands[me][c.index] -= 1
        eyes[me] = eyes[me] or meld_of([*first.with_, view.offer], view.rules).kind == "eye"
        hands[me][follow.index] -= 1
        offer = follow.index
    elif first.do == "draw":
        if not stock:
            return None
        hands[me][stock.pop()] += 1
        if s.wins(tuple(hands[me]), eyes[me]):
            return me
        offer = _cheap_discard(hands[me])
        hands[me][offer] -= 1
    else:  # a pass: the deal is drawn (Q8)
        return None
    wins = s.wins
    seat = me
    while True:
        seat = (seat + 1) % n
        h = hands[seat]
        h[offer] += 1
        if wins(tuple(h), eyes[seat]):
            return seat
        h[offer] -= 1
        if not stock:
            return None  # Q8: a drawn deal
        h[stock.pop()] += 1
        if wins(tuple(h), eyes[seat]):
            return seat
        offer = _cheap_discard(h)
        h[offer] -= 1


# --- the advisor ----------------------------------------------------------------------------------

def _describe(a: Action, view: View) -> str:
    if a.do == "win":
        return "win" if view.phase == "turn" else f"win with {view.offer}"
    if a.do == "take":
        return f"take {view.offer} with {' '.join(c.code for c in a.with_)}"
    if a.do == "discard":
        assert a.card is not None
        return f"throw {a.card.code}"
    return "draw from the stock" if a.do == "draw" else "pass (the deal is drawn)"


def _state(view: View, a: Action, follow: Card | None) -> State | None:
    """The hand ``a`` leaves at rest, as the value model sees it (None: a pass)."""
    if a.do == "discard":
        assert a.card is not None
        return State.of(view, minus(view.hand, a.card.index), view.eye, view.target,
                        view.own, draws_next=False, thrown=a.card)
    if a.do == "take":
        assert view.offer is not None and follow is not None
        hand = minus(tuple(h - w for h, w in zip(view.hand, counts_of(a.with_))),
                     follow.index)
        own = tuple(o + (k == view.offer.index) for k, o in enumerate(view.own))
        eye = view.eye or meld_of([*a.with_, view.offer], view.rules).kind == "eye"
        return State.of(view, hand, eye, view.target - len(a.with_) - 1, own,
                        draws_next=False, thrown=follow)
    if a.do == "draw":
        return State.of(view, view.hand, view.eye, view.target, view.own, draws_next=True)
    return None


def _order(view: View, a: Action) -> tuple[int, ...]:
    """The order that breaks ties: throws first, by their partners in hand (fewest
    first), then takes (the most cards shown first), then the draw."""
    if a.do == "discard":
        assert a.card is not None
        return (0, partners(view.hand, a.card), -a.card.index)
    if a.do == "take":
        return (1, -len(a.with_))
    return (2,)


def advise(view: View, legal: Sequence[Action], budget: Budget | None = None, *,
           budget_ms: float | None = None, seed: int | None = None,
           limit_ms: float | None = None, search: bool | None = None) -> Advice:
    """Rank the legal actions of the seat whose VIEW this is, within ``budget``
    (``budget_ms``, ``seed`` and the caller's deadline ``limit_ms``, when given,
    override its own): by the search (see the module's docstring) if ``search`` is True,
    by the value model alone if it is False; None, the default: the search where the
    compiled core plays the rules (:data:`SEARCH_BY_DEFAULT`), else the model alone (the
    Python engines buy a handful of worlds a decision, too few to search)."""
    budget = budget or Budget()
    if budget_ms is not None or seed is not None or limit_ms is not None:
        budget = replace(budget, ms=budget.ms if budget_ms is None else budget_ms,
                         seed=budget.seed if seed is None else seed,
                         limit_ms=budget.limit_ms if limit_ms is None else limit_ms)
    if isinstance(view, dict):
        view = View.from_json(view)
    if search is None:
        search = SEARCH_BY_DEFAULT and core.available() and qing_core.plays(view.rules)
    start = time.perf_counter()
    rng = random.Random(budget.seed)
    model = load()
    n = view.players
    pot = float(settlement(n, view.seat)[view.seat])
    options = [Option(a, "exact", 1.0, 0.0, 0, 0, _describe(a, view), pot, 0.0, 1.0)
               for a in legal if a.do == "win"]
    rest = sorted((a for a in legal if a.do != "win"), key=lambda a: _order(view, a))
    if len(legal) == 1 and not options:
        a = legal[0]
        return Advice(view.seat, view.phase, (Option(a, "only", None, None, 0, None,
                                                     _describe(a, view)),),
                      time.perf_counter() - start, budget.ms, 0, 0, budget.seed)
    follows = {a: _follow(view, a) if a.do == "take" else None for a in rest}
    states = {a: _state(view, a, follows[a]) for a in rest}
    if search and len(rest) > 1 and not options:
        return _searched(view, legal, rest, states, options, budget, model, start)
    # the playouts: whole sampled deals, each played once for every action judged
    wins = {a: 0 for a in rest}
    pays: dict[Action, list[float]] = {a: [] for a in rest}
    per_world = max(1, len(rest))
    # a win legal: the search's default spends nothing on the others (the win is first)
    worlds = 0 if search and options else \
        budget.units(budget.playouts_per_ms, least=0) // per_world
    meter = Meter("playouts", worlds * per_world, budget.cap_s)
    fast = core.available() and qing_core.plays(view.rules) and bool(rest) and meter.more
    if fast:  # the same playouts in the core's worlds, a few worlds at a time
        cv = qing_core.view_of(view)
        asked = [(qing_core.code(a), None if (f := follows[a]) is None else f.index)
                 for a in rest]
        while meter.more:
            step = max(1, min(8, meter.left // per_world))
            got = core.CORE.qing_fast_playouts(cv, asked, meter.done // per_world, step,
                                               budget.seed % 2**64)
            for i in range(step):
                if not _going(meter):
                    break
                for a, w in zip(rest, got[i * per_world:(i + 1) * per_world]):
                    wins[a] += w == view.seat
                    pays[a].append(float(settlement(n, w)[view.seat]) if w is not None
                                   else 0.0)
                meter.spend(per_world)
    while rest and meter.more and not fast:
        world = _World(view, rng)
        for a in rest:
            w = _playout(view, world, a, follows[a])
            wins[a] += w == view.seat
            pays[a].append(float(settlement(n, w)[view.seat]) if w is not None else 0.0)
        meter.spend(per_world)
    played = meter.done // per_world
    k = budget.prior
    judged = []
    for a in rest:
        st = states[a]
        if st is None:  # a pass: the deal is drawn at once (Q8)
            judged.append(Option(a, "model", 0.0, 0.0, played, None, _describe(a, view),
                                 0.0, 0.0, 0.0))
            continue
        pm, em = model.win(st), model.expected(st, n)
        p = (k * pm + wins[a]) / (k + played)
        e = (k * em + sum(pays[a])) / (k + played)
        se = math.sqrt(max(p * (1 - p), 1e-6) / (k + played))
        # the settlement's variance: +(n−1) won, −1 lost (p(n−1) − e of the time), 0 drawn
        var = p * (n - 1) ** 2 + max(0.0, p * (n - 1) - e) - e * e
        judged.append(Option(a, "model", p, se, played, st.distance, _describe(a, view),
                             e, math.sqrt(max(var, 0.0) / (k + played)), pm))
    # the chance stated ranks them, then the expected settlement, the heuristic's order
    # breaking ties (a stable sort)
    judged = ranked(judged, lambda o: None if o.expected is None else round(o.expected, 3))
    options += ranked(judged, lambda o: None if o.p_win is None else round(o.p_win, 4))
    note = meter.note()
    return Advice(view.seat, view.phase, tuple(options), time.perf_counter() - start,
                  budget.ms, meter.done, meter.asked, budget.seed,
                  () if note is None else (note,), len(options))


def _searched(view: View, legal: Sequence[Action], rest: list[Action],
              states: dict[Action, State | None], options: list[Option], budget: Budget,
              model: Any, start: float) -> Advice:
    """The advice by the search: ``rest`` (every legal action but a win) played in the
    same worlds, every seat then playing as ``greedy+`` (the compiled core's batch, or the
    Python engines' ``greedy+`` bots), and stated relative to the ``greedy+`` player's
    choice (:func:`_anchored`). ``options`` holds the certain wins, if any."""
    n, me = view.players, view.seat
    meter = budget.meter("moves", search_per_ms(), least=SEARCH_LEAST)
    seed = budget.seed % 2**64
    # greedy+'s choice among the actions searched (a win, certain, is not among them)
    anchor = StrongBot().decide(view, rest)
    if anchor not in rest:
        anchor = rest[0]
    batch: Batch[Action] | None = None
    if core.available() and qing_core.plays(view.rules):
        cv = qing_core.view_of(view)
        codes = {a: qing_core.code(a) for a in rest}
        every = ["greedy+"] * n

        def batch(acts: Sequence[Action], w: int, k: int) -> list[list[Sample]]:
            return rows(cv.playouts([codes[a] for a in acts], w, k, seed, every), len(acts))

        sample = one_by_one(batch)
    else:  # the Python engines, every seat a greedy+ bot
        rules = view.rules.to_json()

        def sample(a: Action, w: int) -> Sample:
            deal = world(view, random.Random(f"{budget.seed}:search:{w}"))
            deal.act(me, a)
            moves, _ = play(deal, [StrongBot() for _ in range(n)], rules)
            out = deal.result
            assert out is not None
            return Sample(float(out.winner == me), float(out.settlement[me]), 1 + moves)

    arms = halve(rest, sample, meter, by="win", first=None, batch=batch,
                 keep=rest.index(anchor))
    won = {arm.action: arm.wins for arm in arms}
    paid = {arm.action: arm.pays for arm in arms}
    judged = _anchored(view, rest, states, won, paid, anchor, model)
    note = meter.note()
    notes = [] if note is None else [note]
    return Advice(view.seat, view.phase, tuple(options + judged), time.perf_counter() - start,
                  budget.ms, meter.done, meter.asked, budget.seed, tuple(notes),
                  len(options) + len(judged), "model+search")


def _anchored(view: View, rest: list[Action], states: dict[Action, State | None],
              won: dict[Action, list[float]], paid: dict[Action, list[float]],
              anchor: Action, model: Any) -> list[Option]:
    """The searched actions' options: the ``anchor``'s chance is its share of the
    search's worlds moved toward the model's, through the fitted map
    (:data:`SEARCH_MAP`); its expected settlement follows from that chance and the
    model's chance of a drawn deal; every other action's is the anchor's plus its
    paired difference in wins with the anchor, moved toward 0 by :data:`KEEP_Z`
    standard errors (its expected settlement likewise); ranked by the chance stated,
    then the expected settlement, the anchor first among equals, then the heuristic's
    order."""
    n = view.players
    played = len(won[anchor])

    def model_of(a: Action) -> tuple[float, float, int | None]:
        st = states[a]
        if st is None:  # a pass: the deal is drawn at once (Q8)
            return 0.0, 0.0, None
        return model.win(st), model.expected(st, n), st.distance

    pm, em, dist = model_of(anchor)
    # the anchor's chance: its share of the worlds through the fitted map (worlds dealt
    # uniformly from the VIEW give the others random hands, weaker than the hands they
    # kept, and overstate every action's chance: docs/benchmarks.md, "Qing Kanhu")
    p0, se0 = _anchor_chance(sum(won[anchor]), played, pm)
    # its expected settlement: +(n − 1) won, −1 lost, 0 drawn, the draws' chance the model's
    drawn = min(max(1.0 - n * pm + em, 0.0), 1.0 - p0)
    e0 = p0 * (n - 1) - (1.0 - p0 - drawn)
    var = p0 * (n - 1) ** 2 + (1.0 - p0 - drawn) - e0 * e0
    ese0 = math.sqrt(max(var, 0.0) / (played + SEARCH_MAP[2]))  # the worlds the map counts
    out = []
    for a in rest:
        pm_a, _, dist_a = model_of(a)
        if a == anchor:
            out.append(Option(a, "model+search", p0, se0, played, dist, _describe(a, view),
                              e0, ese0, pm, _share(won[a]), True))
            continue
        arms = Arm(a, won[a], paid[a]), Arm(anchor, won[anchor], paid[anchor])
        mw, sw = paired(*arms, "win")
        mp, sp = paired(*arms, "expected")
        sw, sp = sw or 0.0, sp or 0.0
        p = min(max(p0 + soft(mw, KEEP_Z * sw), 0.0), 1.0)
        e = e0 + soft(mp, KEEP_Z * sp)
        out.append(Option(a, "model+search", p, math.hypot(se0, sw), len(won[a]), dist_a,
                          _describe(a, view), e, math.hypot(ese0, sp), pm_a, _share(won[a])))
    order = {a: _order(view, a) for a in rest}
    return sorted(out, key=lambda o: (-round(o.p_win or 0.0, 4), -round(o.expected or 0.0, 3),
                                      o.action != anchor, order[o.action]))


def _anchor_chance(won: float, worlds: int, model: float) -> tuple[float, float]:
    """The chance stated for the search's anchor (:data:`SEARCH_MAP`), and its standard
    error (the share's, through the map).

    >>> p, _ = _anchor_chance(0, 0, 0.3)
    >>> round(p, 6)
    0.3
    """
    a, b, k = SEARCH_MAP
    m = platt(model, 1 / a, -b / a)  # the model's chance taken back through the map
    s = min(max((won + k * m) / (worlds + k), 1e-4), 1 - 1e-4)
    p = platt(s, a, b)
    return p, max(p * (1 - p) * a / math.sqrt(s * (1 - s) * (worlds + k)), 1e-4)


def _share(won: list[float]) -> float | None:
    """The share of its worlds an action won (None: played in none)."""
    return sum(won) / len(won) if won else None


def _going(meter: Meter) -> bool:
    """Whether the meter has work left and time to do it (a call, not the property read in
    place: the work spent in the loop changes it)."""
    return meter.more


def _follow(view: View, a: Action) -> Card:
    """The discard after a take: the greedy bot's."""
    assert view.offer is not None
    hand = tuple(h - w for h, w in zip(view.hand, counts_of(a.with_)))
    own = tuple(o + (k == view.offer.index) for k, o in enumerate(view.own))
    target = view.target - len(a.with_) - 1
    eye = view.eye or meld_of([*a.with_, view.offer], view.rules).kind == "eye"
    return min((c for c in cards_of(hand)),
               key=lambda c: discard_key(view, hand, eye, target, own, c))



__all__ = ["MAX_BUDGET_MS", "METHODS", "PER_MS", "PER_MS_CORE", "Advice", "Budget", "Option",
           "advise", "per_ms"]
