"""The advisor: every legal action of the seat to act — win now, take the discard or draw,
which card to throw — ranked by its chance of winning the deal (the pot is all that
counts, Q8), with the method and a one-line explanation, under a budget in milliseconds,
in the answer every game gives (:mod:`advisor.games.answer`).

* **Winning now** (Q5, Q7) is certain: 100 %, method ``exact``.
* **Otherwise** the actions are first ordered by the ``greedy`` heuristic (the distance
  each leaves, then the unseen copies of its waits), with the advisor's own additions:
  a **look-ahead** on the discards leaving the least distance (two or more), the most
  promising first, as far as :attr:`Budget.lookahead_share` of the budget allows — the
  unseen copies of the kinds that, drawn or taken, would lower the distance (the
  acceptance, :func:`acceptance`), more first — then whether the next player threw that
  card himself or let it pass from the seat (only he may win with it, Q7), then the
  cards' partners. The leading ones (at most :attr:`Budget.candidates`) are judged by
  **sampled playouts**: the cards the seat has not seen are dealt at random to the other
  hands and the stock, the action is played, and the deal is played out by every seat
  with a fast policy (win when possible, else draw and throw the card with the fewest
  partners).
  Every candidate is played on the same sampled deals (common random numbers). The
  chance stated is the share of playouts the seat wins, shrunk toward the heuristic's
  first choice unless the paired difference on the same deals stands out
  (:func:`_shrunk`: raw shares of a few playouts would let noise choose), with the
  share's standard error, and the expected settlement the mean of the playouts' (Q8);
  it is a chance among players of the playout policy, not a calibrated one against any
  opponent (docs/qing.md).
  Actions not reached within the budget are ranked by the heuristic alone (method
  ``heuristic``, no chance stated: not judged); when the seat can win now, the others
  are not sampled (``unsampled``); a single legal action is ``only``. One sampled deal
  is always played, whatever the look-ahead left of the budget.
* The sampled actions are ranked by the chance stated, the heuristic's order breaking
  ties; the actions not sampled come after them, in the heuristic's order.

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

from advisor.games import advice as games_advice
from advisor.games.answer import Answer, Judged, Ranked, Work, ranked, standard_error
from advisor.qing.bots import NEIGHBOURS, discard_key, partners, take_value
from advisor.qing.cards import (
    CARDS,
    IS_EXTRA,
    KINDS,
    Card,
    Counts,
    cards_of,
    counts_of,
    minus,
    plus,
)
from advisor.qing.game import (
    Action,
)
from advisor.qing.position import meld_of
from advisor.qing.scoring import settlement
from advisor.qing.solver import HAND_SIZE, Solver, solver
from advisor.qing.view import View

METHODS = ("exact", "only", "playouts", "heuristic", "unsampled")
"""How an option was judged; ``only``, ``heuristic`` and ``unsampled`` state no number
(not judged)."""
JUDGED = ("exact", "playouts")
HEURISTIC_FLOOR_MS = 500
"""The heuristic ordering may take this long even under a smaller budget (it is what
the advisor falls back on); past it and the budget, actions are keyed more cheaply."""
MAX_BUDGET_MS = 60_000
"""The largest budget a seat spec may give (a minute)."""


@dataclass(frozen=True)
class Budget(games_advice.Budget):
    """Every advisor's budget (``ms``, ``seed``) and how the Qing advisor spends it."""

    candidates: int = 4  # actions judged by playouts, the heuristic's best first
    max_playouts: int = 2000  # per candidate
    switch_z: float = 2.0  # how clearly an action must differ from the heuristic's choice
    min_playouts: int = 10  # fewer sampled deals say nothing about the differences
    lookahead: int = 6  # discards whose acceptance is counted (the least distance first)
    lookahead_share: float = 0.75  # of the budget, at most, for the look-ahead


@dataclass(frozen=True)
class Option:
    """One legal action: its chance of winning the deal (``p_win``, None when not
    estimated) and its expected settlement (Q8), each with its standard error (None from
    fewer than two playouts), how many playouts, the method, the distance it leaves, and
    a one-line explanation."""

    action: Action
    method: str
    p_win: float | None
    p_win_se: float | None
    playouts: int
    distance: int | None
    what: str
    expected: float | None = None
    expected_se: float | None = None

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
        if self.method == "only":
            return f"{self.what}: the only legal action"
        if self.p_win is None and self.method == "unsampled":
            return f"{self.what}: not sampled, winning now is certain"
        if self.p_win is None:
            return f"{self.what}: not sampled within the budget (heuristic rank)"
        margin = "" if self.p_win_se is None else f" (± {1.96 * self.p_win_se:.0%}, 95%)"
        return (f"{self.what}: wins the deal in {self.p_win:.0%} of {self.playouts} playouts"
                f"{margin}")

    def judged_as(self) -> Judged:
        """This option in the answer every game gives (:mod:`advisor.games.answer`)."""
        extras = {"playouts": self.playouts, "distance": self.distance,
                  "explanation": self.explanation}
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
    asked: int = 0  # the playouts the budget's ``max_playouts`` allowed
    seed: int | None = None

    def answer(self) -> Answer:
        """The answer every game gives: ranked by ``win``; the work is the playouts (a
        sampled deal played once for each action compared)."""
        method = "exact" if self.first.certain else "playouts" if self.playouts else \
            "heuristic"
        return Answer("qing", self.seat, "win", tuple(o.judged_as() for o in self.options),
                      method, Work("playouts", self.playouts, self.asked),
                      self.seconds * 1000, self.budget_ms, self.seed, (),
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


def _cheap_discard(hand: list[int]) -> int:
    """The playouts' throw: the card with the fewest partners, never an extra if another
    will do."""
    best, key = -1, (1 << 30, 0)
    for k in range(KINDS):
        if hand[k]:
            p = 99 if IS_EXTRA[k] else sum(hand[j] for j in NEIGHBOURS[k]) - 1
            if (p, -k) < key:
                best, key = k, (p, -k)
    return best


def _playout(view: View, world: _World, first: Action, follow: Card | None) -> int | None:
    """Play ``first`` (with ``follow``, the discard after a take) in ``world``, then the
    deal to its end with the fast policy; the seat that wins (None: a drawn deal)."""
    s = solver(view.rules)
    n = view.players
    me = view.seat
    hands = [list(h) for h in world.hands]
    stock = list(world.stock)
    eyes = [any(g.kind == "eye" for g in gs) for gs in view.melds]
    targets = [HAND_SIZE - sum(len(g.cards) for g in gs) for gs in view.melds]
    offer: int | None = None
    seat = me
    if first.do == "discard":
        assert first.card is not None
        hands[me][first.card.index] -= 1
        offer = first.card.index
    elif first.do == "take":
        assert view.offer is not None and follow is not None
        for c in first.with_:
            hands[me][c.index] -= 1
        targets[me] -= len(first.with_) + 1
        eyes[me] = eyes[me] or meld_of([*first.with_, view.offer], view.rules).kind == "eye"
        hands[me][follow.index] -= 1
        offer = follow.index
    elif first.do == "draw":
        if not stock:
            return None
        hands[me][stock.pop(0)] += 1
    elif first.do == "pass":
        return None
    while True:
        if offer is None:  # seat holds its full hand: win or throw
            if s.wins(tuple(hands[seat]), eyes[seat]):
                return seat
            offer = _cheap_discard(hands[seat])
            hands[seat][offer] -= 1
        seat = (seat + 1) % n
        h = hands[seat]
        h[offer] += 1
        if s.wins(tuple(h), eyes[seat]):
            return seat
        h[offer] -= 1
        if not stock:
            return None  # Q8: a drawn deal
        h[stock.pop(0)] += 1
        offer = None


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


def advise(view: View, legal: Sequence[Action], budget: Budget | None = None, *,
           budget_ms: float | None = None, seed: int | None = None) -> Advice:
    """Rank the legal actions of the seat whose VIEW this is, within ``budget``
    (``budget_ms`` and ``seed``, when given, override its time and seed)."""
    budget = budget or Budget()
    if budget_ms is not None or seed is not None:
        budget = replace(budget, ms=budget.ms if budget_ms is None else budget_ms,
                         seed=budget.seed if seed is None else seed)
    if isinstance(view, dict):
        view = View.from_json(view)
    start = time.perf_counter()
    deadline = start + budget.seconds
    rng = random.Random(budget.seed)
    s = solver(view.rules)
    wins = [a for a in legal if a.do == "win"]
    rest = [a for a in legal if a.do != "win"]
    # the heuristic's order (the greedy bot's keys) and each action's distance
    keyed: list[tuple[tuple[int, ...], Action, int | None, Card | None]] = []
    rest.sort(key=lambda a: (a.do != "discard", partners(view.hand, a.card) if a.card else 0))
    now = s.distance(view.hand, eye=view.eye, target=view.target, own=view.own) \
        if view.phase == "offer" else 0
    # the heuristic's own cost is bounded too: past ``limit`` an action is keyed by its
    # partners alone (no distance), after every action that has one
    limit = start + max(budget.seconds, HEURISTIC_FLOOR_MS / 1000)
    # the look-ahead (the advisor's own): among the discards leaving the least distance,
    # the unseen cards that would bring the hand closer (see :func:`acceptance`)
    accept = _acceptances(view, rest, budget.lookahead,
                          start + budget.seconds * budget.lookahead_share)
    for a in rest:
        if time.perf_counter() > limit:
            if a.do == "take":
                after = [h - w for h, w in zip(view.hand, counts_of(a.with_))]
                keyed.append(((3, 99, -len(a.with_)), a, None, CARDS[_cheap_discard(after)]))
            elif a.do == "discard":
                assert a.card is not None
                keyed.append(((99, 0, 1, partners(view.hand, a.card), -a.card.index), a, None,
                              None))
            else:
                keyed.append(((1, now, 0), a, now, None))
            continue
        if a.do == "discard":
            assert a.card is not None
            k = discard_key(view, view.hand, view.eye, view.target, view.own, a.card)
            # among equal distances, waits and acceptance, a card the next player threw
            # himself, or that he let pass from the seat, is safer: only he may win with
            # it (Q7)
            safe = a.card in view.thrown_by((view.seat + 1) % view.players) or \
                a.card in view.thrown_by(view.seat)  # he declined it (or took one)
            keyed.append(((k[0], k[1], -accept.get(a.card.index, 0), not safe, *k[2:]), a,
                          k[0], None))
        elif a.do == "take":
            d = take_value(view, a)
            follow = _follow(view, a)
            # as the greedy bot: a take that brings the hand closer comes before the draw
            keyed.append(((0 if d < now else 2, d, -len(a.with_)), a, d, follow))
        else:
            keyed.append(((1, now, 0), a, now, None))
    keyed.sort(key=lambda t: t[0])
    pot = float(settlement(view.players, view.seat)[view.seat])
    options = [Option(a, "exact", 1.0, 0.0, 0, 0, _describe(a, view), pot, 0.0) for a in wins]
    sampled = keyed[:budget.candidates] if not wins and len(keyed) > 1 else []
    outcomes: list[list[int | None]] = [[] for _ in sampled]  # per candidate, the winners
    played = 0
    # one sampled deal at least, whatever the look-ahead left of the budget
    while sampled and played < budget.max_playouts and \
            (not played or time.perf_counter() < deadline):
        world = _World(view, rng)
        for n, (_, act, _, then) in enumerate(sampled):
            outcomes[n].append(_playout(view, world, act, then))
        played += 1
    judged = []
    won = [[w == view.seat for w in outcome] for outcome in outcomes]
    for n, (_, act, dist, _) in enumerate(sampled):
        if played:
            p = _shrunk(won[n], won[0], budget)
            se = math.sqrt(max(p * (1 - p), 0.25 / played) / played) if played > 1 else None
            pays = [float(settlement(view.players, w)[view.seat]) for w in outcomes[n]]
            judged.append(Option(act, "playouts", p, se, played, dist, _describe(act, view),
                                 sum(pays) / played, standard_error(pays)))
        else:
            judged.append(Option(act, "heuristic", None, None, 0, dist, _describe(act, view)))
    # the chance stated ranks the sampled actions, the heuristic's order breaking ties
    options += ranked(judged, lambda o: None if o.p_win is None else round(o.p_win, 4))
    rest_method = "only" if len(legal) == 1 else "unsampled" if wins else "heuristic"
    options += [Option(a, rest_method, None, None, 0, d, _describe(a, view))
                for _, a, d, _ in keyed[len(sampled):]]
    return Advice(view.seat, view.phase, tuple(options), time.perf_counter() - start,
                  budget.ms, played * len(sampled), budget.max_playouts * len(sampled),
                  budget.seed)


def _value(s: Solver, hand: Counts, eye: bool, target: int) -> int:
    """The distance's estimate from the front alone (no exact check of a wait)."""
    n = sum(hand)
    return min(max(target - n + d, me + max(0, mb - f)) for d, me, mb, f in s.front(hand, eye))


def acceptance(view: View, card: Card) -> tuple[int, int]:
    """Throwing ``card`` from the seat's 15: the distance the front gives for what is
    left, and the unseen copies of the kinds that, drawn or taken, would lower it (as
    mahjong's *ukeire*)."""
    s = solver(view.rules)
    after = minus(view.hand, card.index)
    d = _value(s, after, view.eye, view.target)
    unseen = view.unseen
    return d, sum(unseen[k] for k in range(KINDS)
                  if unseen[k] and _value(s, plus(after, k), view.eye, view.target) < d)


def _acceptances(view: View, rest: Sequence[Action], most: int,
                 until: float) -> dict[int, int]:
    """For the discards leaving the least distance (two or more: at one, the waits are
    counted already), the most promising first by the greedy keys, the acceptance of
    each, as far as time ``until`` allows (at least one is counted)."""
    throws = [a.card for a in rest if a.do == "discard" and a.card is not None]
    if len(throws) < 2:
        return {}
    s = solver(view.rules)
    if s.distance(view.hand, eye=view.eye, target=view.target, own=view.own) < 2:
        return {}
    keys = sorted((discard_key(view, view.hand, view.eye, view.target, view.own, c), c)
                  for c in throws)
    least = keys[0][0][0]
    if least < 2:
        return {}
    out: dict[int, int] = {}
    for k, c in keys[:most]:
        if k[0] > least or (out and time.perf_counter() > until):
            break
        out[c.index] = acceptance(view, c)[1]
    return out


def _shrunk(mine: Sequence[bool], anchor: Sequence[bool], budget: Budget) -> float:
    """The chance stated for a sampled action: the share of its playouts won by the seat,
    shrunk toward the heuristic's first choice (``anchor``, played on the same deals)
    by how clearly the paired difference stands out — the positive-part James–Stein
    factor ``1 − (z0 / z)²``, z0 :attr:`Budget.switch_z`. A difference within z0
    standard errors, or from fewer than :attr:`Budget.min_playouts` deals, is no
    evidence: the action is stated at the heuristic's choice's chance, and the
    heuristic's order ranks them. Raw shares of a few playouts would let noise pick the
    action advised first.

    >>> _shrunk([True] * 30, [False] * 30, Budget())  # a clear difference stands
    1.0
    >>> _shrunk([True, False] * 15, [False, True] * 15, Budget())  # none at all
    0.5
    """
    n = len(mine)
    base = sum(anchor) / n
    if n < budget.min_playouts or mine is anchor:
        return base
    diff = (sum(mine) - sum(anchor)) / n
    z = abs(_paired_z(mine, anchor))
    factor = max(0.0, 1 - (budget.switch_z / z) ** 2) if z > 0 else 0.0
    return min(1.0, max(0.0, base + diff * factor))


def _paired_z(a: Sequence[bool], b: Sequence[bool]) -> float:
    """How many standard errors ``a``'s wins exceed ``b``'s (negative: fall short), the
    two played on the same sampled deals (the paired difference's error)."""
    n = len(a)
    diffs = [int(x) - int(y) for x, y in zip(a, b)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / math.sqrt(var / n)


def _follow(view: View, a: Action) -> Card:
    """The discard after a take: the greedy bot's."""
    assert view.offer is not None
    hand = tuple(h - w for h, w in zip(view.hand, counts_of(a.with_)))
    own = tuple(o + (k == view.offer.index) for k, o in enumerate(view.own))
    target = view.target - len(a.with_) - 1
    eye = view.eye or meld_of([*a.with_, view.offer], view.rules).kind == "eye"
    return min((c for c in cards_of(hand)),
               key=lambda c: discard_key(view, hand, eye, target, own, c))



__all__ = ["MAX_BUDGET_MS", "METHODS", "Advice", "Budget", "Option", "advise"]
