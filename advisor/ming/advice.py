"""The advisor: every legal play of the seat to act — which single or combination to
lead, which cards to follow with, whether to beat — ranked by the settlement it can
expect for the deal (M7), with its chance of having the deal's top score alone, the
method and a one-line explanation, in the answer every game gives
(:mod:`advisor.games.answer`).

The seat does not see the other hands, the unused stock, nor the cards the others laid
face down. A *world* deals the cards it has not seen to the other hands (their sizes are
known); what is left over is the stock and those face-down cards, out of play. In each
world every card is known, and every legal play is judged in it the same way:

* **solved** — the rest of the deal solved exactly (:mod:`advisor.ming.solve`:
  alpha-beta on the score difference with 2 players; with 3, paranoid alpha-beta — the
  seat against the two others together, :class:`ParanoidSolver`, far cheaper than
  max^n, so more worlds fit), when few enough cards are left
  (:attr:`Budget.exact_cards`);
* **greedy-then-solved** — otherwise: every seat plays ``greedy+`` (its rules on the
  world's known hands, :func:`strong_move`; :attr:`Budget.playout`) until that few cards
  are left, and the rest is solved exactly — the cheap evaluation above the exact end;
* **playout** — a world whose exact end passed the solver's state limit (or the clock's
  safety cap) is played out that way to the end instead, for every play alike.

**What the budget buys.** ``ms`` milliseconds buy ``ms ×`` :data:`PER_MS` (with 3 players
:data:`PER_MS_3`) *states* (solver
states and playout moves, counted): the same on any machine. Worlds are drawn without
replacement and judged whole, one after another, while states are left (one world at
least). When there are no more worlds than that, every one is judged (``all-worlds``:
the average is exact for a uniform belief over the unseen cards, and stated with no
error); else the values carry their standard error over the worlds drawn (with the
finite-population correction). A position in which every card is known is solved whole
by the exact solver — only then are the numbers ``exact``. The clock only cuts the work
past the safety cap (:class:`advisor.games.budget.Meter`; the answer's notes say so).

**Equivalent plays.** Two cards of the hand are interchangeable when they are of one
suit, carry the same bonus, no card still in play lies between them, and neither can
still make a combination with the hand (nor is Thousand Myriads): then every world
plays out the same with either. Plays that differ only by such cards are judged once,
and each states the same numbers (``same_as`` names the play judged).

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from advisor import core
from advisor.errors import PositionError
from advisor.games import advice as games_advice
from advisor.games.answer import Answer, Judged, Ranked, Work
from advisor.games.budget import Meter, clock
from advisor.ming.bots import threatened, threatened_follow
from advisor.ming.cards import FULL, SUIT_OF, TM, cards_of, format_cards
from advisor.ming.game import Action, settlement
from advisor.ming.plays import (
    COMBINATIONS,
    KINDS,
    LEOPARD_9,
    SINGLE_BONUS,
    Declare,
    combinations_in,
    describe,
    read_lead,
    reading,
)
from advisor.ming.recalibrate import (
    DEFAULT_OPPONENTS,
    OPPONENTS,
    Opponents,
    against,
    fitted,
)
from advisor.ming.solve import (
    DuelSolver,
    Move,
    ParanoidSolver,
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
METHODS = ("exact", "solved", "greedy-then-solved", "playout")
"""How a play was judged (every play of an answer the same way; none is left unjudged)."""
PER_MS = 130.0
"""States (solver states and playout moves) the advisor counts in a millisecond of one
core of the reference machine with 2 players (``benchmarks/decision_cost.py``: 131 a CPU
millisecond over the decisions of 6 ``greedy+`` deals; docs/benchmarks.md)."""
PER_MS_3 = 75.0
"""… and with 3 players, whose paranoid searches cost more a state (79 a CPU ms)."""
KNOWN_FACTOR = 2.5
"""The exact solve of a position with every card known may visit this many times the
states the budget buys (at the default budget about 250 ms of CPU): the answer is then
exact. Past it, the position is judged as any other (a follow of three cards among 286
from 23 cards left takes about 400,000 states: exact from a budget of about 1.2 s)."""
ENUMERATE_AT_MOST = 3_000
"""Up to this many worlds, the worlds are listed and shuffled (then drawn in that order);
beyond, drawn at random and redrawn when already drawn."""


PER_MS_CORE = 2_500.0
PER_MS_3_CORE = 4_000.0
"""… and on the compiled core (:mod:`advisor.core`), which judges the same worlds by the
same searches, counting the same states, some twenty times as fast a state
(``benchmarks/engine_speed.py``): at the default budget many more worlds
(``benchmarks/decision_cost.py`` on the core: 2,636 states a CPU millisecond with 2 players,
4,136 with 3, over the decisions of 6 ``greedy+`` deals)."""


def per_ms(players: int) -> float:
    """The states a millisecond of budget buys at a table of ``players``, on the engines
    that run (:func:`advisor.core.path`)."""
    if core.available():
        return PER_MS_CORE if players == 2 else PER_MS_3_CORE
    return PER_MS if players == 2 else PER_MS_3


@dataclass(frozen=True)
class Budget(games_advice.Budget):
    """Every advisor's budget (``ms``, ``seed``, ``limit_ms``) and how this one spends
    it: ``ms ×`` :data:`PER_MS` states; the rest of a world solved exactly from
    ``exact_cards`` cards left in all hands (by the number of players), each solve under
    ``max_nodes`` states."""

    ms: float = 100.0
    exact_cards: tuple[int, int] = (14, 11)  # 2 players, 3 players
    max_nodes: int = 40_000
    playout: str = "greedy+"  # every seat's play above the exact end: greedy or greedy+

    def states(self, players: int = 2) -> int:
        """The states this budget buys at a table of ``players``."""
        return self.units(per_ms(players))

    def exact_at(self, players: int) -> int:
        return self.exact_cards[0] if players == 2 else self.exact_cards[1]


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
    table: int = 0  # the cards shown in the trick in progress

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
        table = 0 if view.trick is None else sum(p.cards for p in view.trick.plays
                                                  if p.seat != view.seat)
        return cls(n, view.seat, view.hand, view.hand_sizes, FULL & ~view.known,
                   view.scores, trick, table)

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

    def distinct_deals(self, rng: random.Random) -> Iterator[tuple[int, ...]]:
        """The worlds in a random order, each once (drawn without replacement), and then
        no more: all of them, shuffled, when there are no more than
        :data:`ENUMERATE_AT_MOST`; else drawn at random, one already drawn drawn again,
        until half are drawn, and then the rest listed and shuffled (drawing at random
        would find the last ones ever more slowly, and never a world past the last)."""
        total = self.worlds()
        if total <= ENUMERATE_AT_MOST:
            every = self.all_deals()
            rng.shuffle(every)
            yield from every
            return
        drawn: set[tuple[int, ...]] = set()
        while 2 * len(drawn) < total:
            hands = self.deal(rng)
            if hands not in drawn:
                drawn.add(hands)
                yield hands
        rest = [hands for hands in self.all_deals() if hands not in drawn]
        rng.shuffle(rest)
        yield from rest

    def all_deals(self) -> list[tuple[int, ...]]:
        """Every world, in a fixed order: the other hands filled seat by seat, each with
        the combinations of the cards left in ``itertools.combinations``' order."""
        out: list[tuple[int, ...]] = []
        last = max(i for i in range(self.players) if i != self.seat)
        hand = self.hand

        def fill(i: int, left: list[int], acc: tuple[int, ...]) -> None:
            if i == self.seat:
                acc += (hand,)
                i += 1
            if i == last:  # the last hand to fill: every combination, then the tail
                tail = (hand,) if self.seat > last else ()
                out.extend(acc + (sum(c),) + tail
                           for c in itertools.combinations(left, self.sizes[i]))
                return
            for combo in itertools.combinations(left, self.sizes[i]):
                m = sum(combo)
                fill(i + 1, [b for b in left if not b & m], acc + (m,))

        fill(0, [1 << c.index for c in cards_of(self.unseen)], ())
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


def strong_move(state: State) -> Move:
    """The ``greedy+`` bot's choice (:func:`advisor.ming.bots.strong_choice`) on a solver
    state, the cards it has not seen being the other hands of the world."""
    ms = moves(state)
    seat = state.to_act
    hand = state.hands[seat]
    others = 0
    for i, h in enumerate(state.hands):
        if i != seat:
            others |= h
    kept = 0
    for p in combinations_in(hand):
        kept |= p.cards

    def cost(cards: int) -> tuple[int, int, int]:
        return ((cards & kept).bit_count(), cards.bit_length(), cards)

    if state.trick is None:
        sure = [mv for mv in ms if not threatened(
            read_lead(mv[0], cast("Declare | None", mv[4])), others)]
        combos = [mv for mv in sure if mv[0].bit_count() == 3]
        if combos:
            return max(combos, key=lambda mv: (mv[3], mv[4] == "special", -cost(mv[0])[2]))
        if sure:
            return max(sure, key=lambda mv: (mv[3], -mv[0]))
        combos = [mv for mv in ms if mv[0].bit_count() == 3]
        if combos:
            return max(combos, key=lambda mv: (mv[3], mv[4] == "special", _cost(mv[0])))
        return min(ms, key=lambda mv: cost(mv[0]))
    winning = [mv for mv in ms if mv[2] >= 0]
    if winning and (seat + 1) % state.players != state.trick[0]:
        kind = KINDS[state.trick[1]]
        winning = [mv for mv in winning if not threatened_follow(mv[0], kind, others)]
    return min(winning or ms, key=lambda mv: cost(mv[0]))


POLICIES: dict[str, Callable[[State], Move]] = {"greedy": greedy_move, "greedy+": strong_move}


# --- equivalent plays ---------------------------------------------------------------------

def card_classes(hand: int, live: int) -> dict[int, int]:
    """Each card of ``hand`` → the lowest card of its class of interchangeable cards
    (see the module's docstring), given the cards still in play elsewhere (``live``).

    >>> from advisor.ming.cards import mask_of, parse_cards
    >>> h = mask_of(parse_cards("2s 4s 6s"))
    >>> sorted(set(card_classes(h, mask_of(parse_cards("5s"))).values()))  # 3s gone
    [12, 16]
    """
    def free(i: int) -> bool:
        return i != TM and not any(m >> i & 1 and not (m & ~(1 << i)) & ~hand
                                   for m in COMBINATIONS)

    out: dict[int, int] = {}
    prev = -1
    for i in range(30):
        if not hand >> i & 1:
            continue
        between = ((1 << i) - 1) & ~((1 << (prev + 1)) - 1) if prev >= 0 else 0
        if (prev >= 0 and SUIT_OF[prev] == SUIT_OF[i] and not between & live
                and SINGLE_BONUS.get(prev, 0) == SINGLE_BONUS.get(i, 0)
                and free(prev) and free(i)):
            out[i] = out[prev]
        else:
            out[i] = i
        prev = i
    return out


def same_play(action: Action, classes: dict[int, int]) -> tuple[Any, ...]:
    """What ``action`` is for the outcome: its cards as their classes."""
    kinds = tuple(sorted(classes[c.index] for c in cards_of(action.cards)))
    return (action.do, kinds, action.declare, action.beats)


# --- the advice ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """One legal play and the settlement the seat can expect for the deal with it (M7),
    averaged over ``worlds`` worlds, with its standard error (0 when every world was
    judged, NaN — ``null`` in JSON — from one sampled world), the share of those worlds
    in which the seat has the deal's top score alone (``share``) and the chance stated
    from it against the opponents (``win``, :mod:`advisor.ming.recalibrate`; its error
    likewise); ``method`` says how it was judged (:data:`METHODS`); ``same_as`` the
    equivalent play judged for it, if another."""

    action: Action
    settlement: float
    se: float
    worlds: int
    method: str
    what: str
    beats: bool | None = None
    win: float = math.nan
    win_se: float = math.nan
    same_as: str | None = None
    share: float = math.nan  # the share of its worlds in which it has the top score alone

    def judged_as(self) -> Judged:
        """This play in the answer every game gives (:mod:`advisor.games.answer`)."""
        extras: dict[str, Any] = {"worlds": self.worlds, "same_as": self.same_as,
                                  "worlds_won": _known(round(self.share, 4))}
        exact = self.method == "exact"
        return Judged(self.action.to_json(), self.what, self.method, self.win,
                      0.0 if exact else _known(self.win_se), self.settlement,
                      0.0 if exact else _known(self.se), exact, extras)

    def to_json(self) -> dict[str, Any]:
        return self.judged_as().to_json()


def _known(x: float) -> float | None:
    return None if math.isnan(x) else x


@dataclass(frozen=True)
class Advice(Ranked[Option]):
    """Every legal play ranked, best first, with how the ranking was made."""

    worlds: int  # worlds judged
    possible: int  # worlds consistent with what the seat has seen
    method: str  # "exact", "all-worlds", "sampled"
    scores: tuple[int, ...]
    ms: float
    budget_ms: float
    explanation: str = ""
    budget_spent: bool = False  # states ran out before every world was judged
    notes: tuple[str, ...] = field(default=())
    seed: int | None = None
    work: Work = field(default=Work("states", 0))

    def answer(self) -> Answer:
        """The answer every game gives: ranked by ``expected`` (the settlement, M7); the
        work is the states counted."""
        return Answer("ming", self.seat, "expected",
                      tuple(o.judged_as() for o in self.options), self.method,
                      self.work, self.ms, self.budget_ms, self.seed, self.notes,
                      {"phase": self.phase, "explanation": self.explanation,
                       "worlds": self.worlds, "possible_worlds": self.possible,
                       "scores": list(self.scores), "budget_spent": self.budget_spent})


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
    """The greedy order: beating follows and bonus leads first, cheapest cards first
    (it breaks ties between equal values)."""
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
           seed: int = 0, limit_ms: float | None = None,
           budget: Budget | None = None,
           opponents: Opponents = DEFAULT_OPPONENTS) -> Advice:
    """Rank the legal plays of the seat whose VIEW this is (see the module's docstring);
    ``limit_ms``: the caller's deadline, the clock's safety cap; ``opponents``: whom the
    stated chances are against (:mod:`advisor.ming.recalibrate`: ``greedy``, ``greedy+``
    or ``advisor``) — the ranking and the play do not depend on it."""
    v = check_view(view)
    if opponents not in OPPONENTS:
        raise PositionError(f"opponents: one of {', '.join(OPPONENTS)}, not {opponents!r}",
                            field="opponents")
    budget = budget or Budget(ms=budget_ms, seed=seed, limit_ms=limit_ms)
    if v.phase == "over" or not legal:
        raise PositionError("the deal is over: there is nothing to advise", field="phase")
    if v.to_act != v.seat:
        raise PositionError(f"seat: it is seat {v.to_act}'s decision, not seat {v.seat}'s",
                            field="seat")
    return advise_situation(Situation.of(v), list(legal), v.phase, budget, opponents)


class _Tally:
    """The sums of one play's values over the worlds judged."""

    def __init__(self) -> None:
        self.n = 0
        self.sum = 0.0
        self.sq = 0.0
        self.wins = 0

    def add(self, u: float, top: bool) -> None:
        self.n += 1
        self.sum += u
        self.sq += u * u
        self.wins += top


def advise_situation(sit: Situation, legal: list[Action], phase: str,
                     budget: Budget, opponents: Opponents = DEFAULT_OPPONENTS) -> Advice:
    """The advice for a :class:`Situation` and its legal plays, the chances stated
    against ``opponents``."""
    start = time.perf_counter()
    meter = budget.meter("states", per_ms(sit.players))
    rng = random.Random(budget.seed)
    order = sorted(range(len(legal)), key=lambda i: _prior(legal[i]))
    classes = card_classes(sit.hand, sit.unseen | sit.table)
    first: dict[tuple[Any, ...], int] = {}
    rep = {}
    for i in order:
        rep[i] = first.setdefault(same_play(legal[i], classes), i)
    judged_order = [i for i in order if rep[i] == i]
    mvs = [_move_of(a, sit) for a in legal]
    possible = sit.worlds()
    known = possible == 1
    tallies = {i: _Tally() for i in judged_order}
    methods: set[str] = set()
    worlds = 0
    if core.available():
        worlds = _worlds_on_core(sit, sit.distinct_deals(rng), judged_order, mvs, budget,
                                 meter, known, tallies, methods)
    else:
        for hands in sit.distinct_deals(rng):
            # a world is judged whole: another only while the work left buys one as costly
            # as the worlds so far, on average (so a decision of many plays, whose one
            # world costs more than the budget, stops at it)
            if worlds and (not meter.more or meter.done / worlds > 2 * meter.left):
                break
            root = State(hands, sit.seat, sit.trick)
            got = _world(sit, root, judged_order, mvs, budget, meter, first=not worlds,
                         whole=known)
            if got is None:  # the safety cap cut a later world: it is left out
                break
            results, how = got
            for i, u, top in results:
                tallies[i].add(u, top)
            methods.add(how)
            worlds += 1
    every = worlds == possible
    how = "playout" if "playout" in methods else "greedy-then-solved" \
        if "greedy-then-solved" in methods else "solved"
    if known and how == "solved":
        how = "exact"
    fpc = math.sqrt((possible - worlds) / (possible - 1)) if possible > 1 else 0.0
    options = []
    for i, a in enumerate(legal):
        t = tallies[rep[i]]
        mean = t.sum / t.n
        var = max(0.0, t.sq / t.n - mean * mean)
        win = t.wins / t.n
        if every:
            se = win_se = 0.0
        elif t.n > 1:
            se = math.sqrt(var / (t.n - 1)) * fpc
            win_se = math.sqrt(win * (1 - win) / (t.n - 1)) * fpc
        else:
            se = win_se = math.nan
        if how != "exact":
            win, win_se = against(opponents, sit.players, win, win_se)
        same = None if rep[i] == i else _what(legal[rep[i]], sit.trick)
        options.append(Option(a, mean, se, t.n, how, _what(a, sit.trick),
                              a.beats if a.do == "follow" else None, win, win_se, same,
                              t.wins / t.n))
    place = {i: k for k, i in enumerate(order)}
    opts = [options[i] for i in sorted(range(len(options)), key=lambda i: (
        -round(options[i].settlement, 9), place[rep[i]], place[i]))]
    method = "exact" if how == "exact" else "all-worlds" if every else "sampled"
    notes = tuple(x for x in (_against_note(opponents, sit.players, how), meter.note())
                  if x)
    ms = (time.perf_counter() - start) * 1000
    return Advice(sit.seat, phase, tuple(opts), worlds, possible, method, sit.scores, ms,
                  budget.ms, _explain(opts[0], method, worlds, possible), not every,
                  notes, budget.seed, meter.work())


def _against_note(opponents: str, players: int, how: str) -> str | None:
    """What the chances are against, when not the default's (nothing to say of an exact
    answer)."""
    if how == "exact":
        return None
    if fitted(opponents, players):
        return None if opponents == DEFAULT_OPPONENTS else \
            f"the chances are against players like {opponents}"
    return (f"no map against {opponents} players is fitted at {players} players: the "
            "chances are the shares of worlds won")


def _world(sit: Situation, root: State, order: list[int], mvs: list[Move], budget: Budget,
           meter: Meter, *, first: bool, whole: bool = False,
           ) -> tuple[list[tuple[int, float, bool]], str] | None:
    """Every play's deal settlement in one world and whether the seat then has the top
    score alone; how it was judged (the same for every play). ``whole``: solve the rest
    whole, whatever is left (a position with every card known). None when the clock's
    safety cap cut a world after the first."""
    n = sit.players
    exact_at = 99 if whole else budget.exact_at(n)
    deadline = meter.started + meter.cap_s if meter.cap_s is not None else None
    limit = round(KNOWN_FACTOR * meter.asked) if whole else budget.max_nodes
    if core.available():
        return _world_on_core(sit, root, order, mvs, budget, meter, first, exact_at, limit,
                              whole)
    solver: DuelSolver | Solver | ParanoidSolver = (
        DuelSolver(limit, deadline) if n == 2 else Solver(limit, deadline) if whole
        else ParanoidSolver(sit.seat, limit, deadline))
    rests: list[tuple[int, Values, Values]] = []
    greedy = len(order)  # each play's own state, counted with the greedy moves
    try:
        for i in order:
            child, _, gains = after(root, mvs[i])
            pre, steps, s = _greedy_to(child, exact_at, n, POLICIES[budget.playout])
            greedy += steps
            rests.append((i, _add(gains, pre), _solved(solver, s, n) if s else (0,) * n))
        how = "greedy-then-solved" if greedy > len(order) else "solved"
        meter.spend(solver.nodes + greedy)
    except SearchLimit:
        meter.spend(solver.nodes + greedy)
        if meter.past_cap() and not first:
            return None
        rests = []
        for i in order:
            child, _, gains = after(root, mvs[i])
            pre, steps, _ = _greedy_to(child, 0, n, POLICIES[budget.playout])
            meter.spend(steps)
            rests.append((i, _add(gains, pre), (0,) * n))
        how = "playout"
    out = []
    for i, a, b in rests:
        total = tuple(s + x + y for s, x, y in zip(sit.scores, a, b))
        top = all(t < total[sit.seat] for k, t in enumerate(total) if k != sit.seat)
        out.append((i, float(settlement(total)[sit.seat]), top))
    return out, how


HOWS = ("solved", "greedy-then-solved", "playout")
"""How the core says it judged a world (``ming_judge_worlds``' first number)."""


def _worlds_on_core(sit: Situation, deals: Iterator[tuple[int, ...]], order: list[int],
                    mvs: list[Move], budget: Budget, meter: Meter, whole: bool,
                    tallies: dict[int, _Tally], methods: set[str]) -> int:
    """The loop of :func:`advise_situation` on the compiled core: the worlds of
    ``deals`` handed over in growing batches and judged there in turn, each as
    :func:`_world` judges it, by the same rule of when to stop (``ming_judge_worlds``);
    the tallies and methods filled, the meter's work and cut kept. The worlds judged."""
    n = sit.players
    exact_at = 99 if whole else budget.exact_at(n)
    limit = round(KNOWN_FACTOR * meter.asked) if whole else budget.max_nodes
    trick = list(sit.trick) if sit.trick is not None else None
    asked = [mvs[i] for i in order]
    strong = budget.playout == "greedy+"
    worlds, size = 0, 4
    while batch := list(itertools.islice(deals, size)):
        cap_left = None if meter.cap_s is None else meter.started + meter.cap_s - clock()
        verdicts, meter.done, worlds, meter.cut, stopped = core.CORE.ming_judge_worlds(
            batch, sit.seat, trick, asked, list(sit.scores), exact_at, limit, strong, whole,
            meter.asked, meter.done, worlds, meter.cut, cap_left)
        for how, per in verdicts:
            methods.add(HOWS[how])
            for i, (u, top) in zip(order, per):
                tallies[i].add(float(u), top)
        if stopped:
            break
        size = min(2 * size, 256)
    return worlds


def _world_on_core(sit: Situation, root: State, order: list[int], mvs: list[Move],
                   budget: Budget, meter: Meter, first: bool, exact_at: int, limit: int,
                   whole: bool) -> tuple[list[tuple[int, float, bool]], str] | None:
    """:func:`_world` on the compiled core: the same searches (``advisor._core``'s
    ``ming_judge_world``: the same moves in the same order, the same states counted), so
    the same values and the same work as the Python solvers'."""
    n = sit.players
    seconds = None if meter.cap_s is None else meter.started + meter.cap_s - clock()
    trick = list(root.trick) if root.trick is not None else None
    asked = [mvs[i] for i in order]
    strong = budget.playout == "greedy+"
    solved, got, greedy, spent = core.CORE.ming_judge_world(
        list(root.hands), root.to_act, trick, asked, exact_at, limit, strong, whole, seconds)
    meter.spend(spent)
    if solved:
        how = "greedy-then-solved" if greedy else "solved"
        rests = [(i, tuple(a), tuple(b)) for i, (a, b) in zip(order, got)]
    else:
        if meter.past_cap() and not first:
            return None
        rests = []
        played = core.CORE.ming_play_world(list(root.hands), root.to_act, trick, asked, strong)
        for i, (a, steps) in zip(order, played):
            meter.spend(steps)
            rests.append((i, tuple(a), (0,) * n))
        how = "playout"
    out = []
    for i, a, b in rests:
        total = tuple(s + x + y for s, x, y in zip(sit.scores, a, b))
        top = all(t < total[sit.seat] for k, t in enumerate(total) if k != sit.seat)
        out.append((i, float(settlement(total)[sit.seat]), top))
    return out, how


def judge_world(sit: Situation, hands: tuple[int, ...], legal: Sequence[Action],
                budget: Budget) -> list[float]:
    """Each legal play's deal settlement in the one world ``hands``, judged as the
    advisor judges a world (for probes that read the real deal)."""
    root = State(hands, sit.seat, sit.trick)
    got = _world(sit, root, list(range(len(legal))), [_move_of(a, sit) for a in legal],
                 budget, Meter("states", 0), first=True)
    assert got is not None
    return [u for _, u, _ in sorted(got[0])]


def _add(a: Values, b: Values) -> Values:
    return tuple(x + y for x, y in zip(a, b))


def _greedy_to(state: State | None, cards: int, n: int,
               policy: Callable[[State], Move] = greedy_move,
               ) -> tuple[Values, int, State | None]:
    """Play ``greedy`` for every seat from ``state`` until no more than ``cards`` cards are
    left between tricks: what each seat scored, the moves played and the state reached
    (None: the deal is over)."""
    total = [0] * n
    s = state
    steps = 0
    while s is not None and s.cards_left > cards:
        s, _, gains = after(s, policy(s))
        steps += 1
        for i, g in enumerate(gains):
            total[i] += g
    return tuple(total), steps, s


def _solved(solver: DuelSolver | Solver | ParanoidSolver, child: State, n: int) -> Values:
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
    each = {"solved": ", each solved exactly",
            "greedy-then-solved": ", each played by rule to its last cards, then solved",
            "playout": ", each played out by rule"}.get(o.method, "")
    if method == "exact":
        how = "exactly, every card being known"
    elif method == "all-worlds":
        how = f"over all {worlds} of {possible} ways the unseen cards can lie" + each
    else:
        how = f"over {worlds} of {possible:,} ways the unseen cards can lie, drawn{each}"
        how += (", one world: no error stated" if math.isnan(o.se) else
                f", ±{Z95 * o.se:.2f} (95%)")
    return f"{o.what}: expected settlement {sign} for the deal, {how}"


__all__ = [
    "MAX_BUDGET_MS",
    "METHODS",
    "PER_MS",
    "PER_MS_3",
    "PER_MS_3_CORE",
    "PER_MS_CORE",
    "Advice",
    "Budget",
    "Option",
    "Situation",
    "advise",
    "advise_situation",
    "card_classes",
    "greedy_move",
    "judge_world",
    "same_play",
    "strong_move",
]
