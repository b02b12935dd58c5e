"""The move advisor: rank every legal action of a seat by its consequences (issue: the
product's heart).

Input is the seat's VIEW (rules §8.3). For each legal action the advisor reports the
probability of winning this deal, the expected settlement for the seat, and the
distance, waits and useful cards it leaves.

Three methods, and every answer says which it used:

* **static** — every action is ranked by what it leaves: a win first, then the smallest
  distance, the most unseen useful cards, the fewest unpaired cards (after the best
  discard when the action owes one). This ranking alone is the anchor of the others.
* **exact** — late in the deal (at most ``EXACT_MAX_STOCK`` stock cards left), the seat's
  own outcome tree over the last reveals is solved by backward induction
  (:mod:`advisor.chan.endgame`), when it fits in the budget.
* **monte-carlo** — otherwise, *worlds* deal the unseen cards at random to the other
  hands and the stock, consistently with the VIEW (:func:`advisor.chan.view.world`); the
  best static candidates are applied in the same worlds (common random numbers, so the
  differences between actions are not drowned by the luck of the deal) and each deal is
  played out — the advised seat by the static ranking, the others greedily — until the
  budget is spent. The advisor departs from the statically best action only when the
  samples show it worse by more than ``Z_DEPART`` standard errors.

Results are deterministic for a given seed and number of samples.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.chan.bots import greedy_choice
from advisor.chan.cards import COPIES, Counts, Face, parse_cards
from advisor.chan.endgame import ZERO, Budget, Solver, Value
from advisor.chan.game import SEATS, Action, Game, SeatState, prospect
from advisor.chan.pairing import (
    Exposed,
    Meld,
    Wait,
    discard_distances,
    distance,
    p0_counts,
    useful_faces,
    wait_faces,
)
from advisor.chan.view import check_view, hidden_sizes, unseen_counts, world
from advisor.deals import BaseBot
from advisor.errors import HandSizeError, PositionError

DEFAULT_BUDGET_MS = 15.0
MAX_BUDGET_MS = 10_000.0
MAX_CANDIDATES = 3
"""Actions sampled by Monte Carlo (the statically best ones); the rest keep their static
estimate."""
EXACT_MAX_STOCK = 3
"""Exact mode is tried when at most this many stock cards are left (late in the deal)."""
NODES_PER_MS = 40
"""Endgame states the solver may expand per millisecond of budget."""
Z_DEPART = 2.5
"""Standard errors by which a sampled action must beat the statically best one (about a
1% one-sided test): with a few dozen samples, following every difference would follow
the noise (measured: docs/benchmarks.md)."""


@dataclass
class ActionAdvice:
    """One legal action and what it leads to."""

    action: Action
    static_rank: int
    distance: int | None
    waits: tuple[Wait, ...]
    useful: tuple[Wait, ...]
    unpaired: int
    samples: int = 0
    wins: int = 0
    total: float = 0.0
    total_sq: float = 0.0
    certain: float | None = None  # settlement when the action ends the deal (a win)
    exact: Value | None = None  # the endgame model's value (exact mode)
    then: Face | None = None  # the discard the look-ahead assumes after an eat or a Chíu
    wins_now: bool = False  # the action wins at once, or leaves a win (Chíu ù)
    bonuses: tuple[str, ...] = ()  # a certain win's bonuses (cước), by name

    @property
    def win(self) -> float:
        """Estimated probability of winning this deal."""
        if self.certain is not None:
            return 1.0
        if self.exact is not None:
            return self.exact.win
        return self.wins / self.samples if self.samples else 0.0

    @property
    def expected(self) -> float:
        """Estimated settlement for the seat (3 × points when it wins, minus what it pays)."""
        if self.certain is not None:
            return self.certain
        if self.exact is not None:
            return self.exact.expected
        return self.total / self.samples if self.samples else 0.0

    @property
    def useful_unseen(self) -> int:
        return sum(w.unseen for w in self.useful)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "win": round(self.win, 4),
            "expected": round(self.expected, 3),
            "samples": self.samples,
            "distance": self.distance,
            "unpaired": self.unpaired,
            "waits": [w.to_json() for w in self.waits],
            "useful_unseen": self.useful_unseen,
        }


@dataclass
class Advice:
    """The ranked actions for one decision, with how they were found."""

    seat: int
    phase: str
    actions: list[ActionAdvice]
    method: str
    samples: int
    states: int
    seconds: float
    budget_ms: float
    seed: int
    explanation: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def best(self) -> Action:
        return self.actions[0].action

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "phase": self.phase, "best": self.best.to_json(),
            "explanation": self.explanation, "method": self.method,
            "samples": self.samples, "states": self.states,
            "ms": round(self.seconds * 1000, 2),
            "budget_ms": self.budget_ms, "seed": self.seed,
            "actions": [a.to_json() for a in self.actions], "notes": self.notes,
        }


# --- static evaluation ----------------------------------------------------------------------

def _without(c: Counts, i: int, n: int = 1) -> Counts:
    return c[:i] + (c[i] - n,) + c[i + 1 :]


@dataclass(frozen=True)
class Leaves:
    """What an action leaves the seat once it has made the discard it owes: the static
    measures of the hand the look-ahead assumes."""

    distance: int | None
    waits: tuple[Wait, ...]
    useful: tuple[Wait, ...]
    unpaired: int
    then: Face | None = None  # the discard the action is assumed to be followed by
    wins: bool = False  # the action wins, or leaves a win at once (Chíu ù)

    @property
    def key(self) -> tuple[int, int, int]:
        """Smaller is better: distance, then more unseen useful cards, then fewer unpaired."""
        return (99 if self.distance is None else self.distance,
                -sum(w.unseen for w in self.useful), self.unpaired)


def _measure(after: Counts, melds: Exposed, unseen: Counts, then: Face | None = None) -> Leaves:
    d = distance(after, melds)
    waits = tuple(Wait(f, unseen[f.index]) for f in wait_faces(after, melds))
    useful = waits if d == 1 else tuple(Wait(f, unseen[f.index])
                                        for f in useful_faces(after, melds))
    return Leaves(d, waits, useful, p0_counts(after)[2], then)


def best_discard(hand: Counts, exposed: Exposed, discards: Sequence[Face],
                 unseen: Counts) -> Leaves:
    """The legal discard the static ranking prefers (smallest distance, then the most
    unseen useful cards, then the fewest unpaired; deck order breaks ties) and what it
    leaves."""
    dd = {i: 99 if d is None else d for i, d in discard_distances(hand, exposed).items()}
    low = min(dd[f.index] for f in discards)
    close = [f for f in discards if dd[f.index] == low]
    return min((_measure(_without(hand, f.index), exposed, unseen, f) for f in close),
               key=lambda e: e.key)


def leaves(action: Action, s: SeatState, offered: Face | None, unseen: Counts) -> Leaves:
    """What ``action`` leaves the seat ``s``: the engine's look-ahead
    (:func:`~advisor.chan.game.prospect`) followed, when the action owes a discard, by
    the legal discard the static ranking prefers."""
    p = prospect(s, action, offered)
    if p.wins and action.do in ("win", "heaven"):
        return Leaves(0, (), (), 0, None, True)
    if not p.owes:
        return _measure(p.hand, p.exposed, unseen)
    if p.wins:  # a Chíu that completes the hand: Chíu ù (C2)
        return Leaves(0, (), (), 0, None, True)
    return best_discard(p.hand, p.exposed, p.discards, unseen)


# --- the search -----------------------------------------------------------------------------

def seen_in_game(g: Game, seat: int) -> Counts:
    """What ``seat`` has seen of a game: its hand, every meld, discard and door card, and
    a revealed card on offer."""
    c = list(g.seats[seat].hand)
    for s in g.seats:
        for m in s.melds:
            for f in m.faces:
                c[f.index] += 1
        for f in (*s.discards, *s.passed):
            c[f.index] += 1
    if g.offer is not None and g.offer.source == "stock":
        c[g.offer.card.index] += 1
    return tuple(COPIES - n for n in c)


def static_choice(s: SeatState, legal: Sequence[Action], offered: Face | None,
                  unseen: Counts) -> Action:
    """The statically best action: a win (a Chíu ù included); else the smallest
    distance it leaves, then the most unseen useful cards, then the fewest unpaired cards
    (legal order breaks ties)."""
    best: tuple[tuple[int, int, int, int], int, Action] | None = None
    for n, a in enumerate(legal):
        e = leaves(a, s, offered, unseen)
        key = (0 if e.wins else 1, *e.key)
        if best is None or (key, n) < best[:2]:
            best = (key, n, a)
    assert best is not None
    return best[2]


def _rollout(g: Game, me: int) -> None:
    """Play the deal out: the advised seat by the static evaluation, the others greedily."""
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        if len(legal) == 1:
            g.act(d.seat, legal[0])
            continue
        s = g.seats[d.seat]
        offered = g.offer.card if g.offer is not None else None
        if d.seat == me:
            choice = static_choice(s, legal, offered, seen_in_game(g, me))
        else:
            choice = greedy_choice(s, legal, offered)
        g.act(d.seat, choice)


def advise(view: dict[str, Any], *, budget_ms: float = DEFAULT_BUDGET_MS, seed: int = 0,
           samples: int | None = None, legal: Sequence[Action] | None = None,
           limit_ms: float = MAX_BUDGET_MS) -> Advice:
    """Rank every legal action of the seat whose VIEW is given.

    The seed fixes the sequence of sampled worlds. With ``samples``, exactly that many
    worlds are played (the answer is reproducible to the bit) unless ``limit_ms`` passes
    first: the sampling then stops, the answer's ``samples`` says how many worlds were
    played and a note says why. Otherwise the search stops when ``budget_ms`` is spent
    (at least two worlds), so the number of samples depends on the machine. ``limit_ms``
    (at most ``MAX_BUDGET_MS``) is a caller's deadline: a server's, for one request.
    ``legal`` may be passed when known (a bot inside the engine); otherwise it is
    derived from the VIEW.
    """
    started = time.perf_counter()
    check_view(view)
    if not 0 < budget_ms <= MAX_BUDGET_MS:
        raise PositionError(f"budget_ms: between 0 and {MAX_BUDGET_MS:g}", field="budget_ms")
    if not limit_ms > 0:
        raise PositionError("limit_ms: a time limit above 0", field="limit_ms")
    limit_ms = min(limit_ms, MAX_BUDGET_MS)
    me = view["seat"]
    if view.get("to_act", me) != me:
        raise PositionError(f"to_act: it is seat {view['to_act']}'s decision, not seat {me}'s",
                            field="to_act")
    rng = random.Random(seed)
    base = world(view, rng)
    actions = list(legal) if legal is not None else base.legal_actions()
    if not actions:
        raise PositionError("the VIEW has no decision pending", field="phase")
    s = base.seats[me]
    offered = base.offer.card if base.offer is not None else None
    unseen = unseen_counts(view)
    evals = []
    for a in actions:
        lv = leaves(a, s, offered, unseen)
        evals.append(ActionAdvice(a, 0, lv.distance, lv.waits, lv.useful, lv.unpaired,
                                  then=lv.then, wins_now=lv.wins))
    order = sorted(evals, key=_static_key)  # stable: ties keep the legal order
    for rank, e in enumerate(order):
        e.static_rank = rank
    for e in order:
        if e.wins_now:  # a win, Thiên ù, or a Chíu that wins at once (Chíu ù): certain
            g = base.clone()
            g.act(me, e.action)
            if g.result is None:
                g.act(me, Action("win"))
            assert g.result is not None and g.result.score is not None
            e.certain = float(g.result.payments[me])
            e.bonuses = tuple(b.bonus.name for b in g.result.score.bonuses)
    method, worlds, states = "static", 0, 0
    sampled: list[ActionAdvice] = []
    candidates = [e for e in order if e.certain is None][:MAX_CANDIDATES]
    if len(candidates) > 1 and all(e.certain is None for e in order):
        solved = _exact(view, base, order, budget_ms)
        if solved is not None:
            method, states = "exact", solved
        else:
            method, sampled = "monte-carlo", candidates
            deadline = started + (limit_ms if samples else min(budget_ms, limit_ms)) / 1000
            worlds = _monte_carlo(view, base, sampled, seed, samples, deadline)
    if method == "exact":
        ranked = sorted(order, key=lambda e: (-e.expected, -e.win, e.static_rank))
    else:
        ranked = _rank(order, sampled)
    elapsed = time.perf_counter() - started
    advice = Advice(me, view["phase"], ranked, method, worlds, states, elapsed, budget_ms, seed)
    advice.explanation = explain(advice.actions[0], offered)
    if samples and method == "monte-carlo" and worlds < samples:
        advice.notes.append(f"{worlds} of the {samples} worlds asked for were played: the time "
                            f"limit of {limit_ms:.0f} ms was reached")
    top = max(sampled, key=lambda e: e.expected) if method == "monte-carlo" else None
    if top is not None and top is not ranked[0]:
        advice.notes.append(
            f"{top.action} did better over {top.samples} worlds ({top.expected:+.2f} against "
            f"{ranked[0].expected:+.2f}), within the noise: the statically best action is kept")
    return advice


def _monte_carlo(view: dict[str, Any], base: Game, sampled: list[ActionAdvice], seed: int,
                 samples: int | None, deadline: float) -> int:
    """Play the candidates in the same worlds, round-robin, until the deadline (at least
    two worlds) or the requested number of worlds; returns the worlds played."""
    me = view["seat"]
    played = 0
    while True:
        in_time = time.perf_counter() < deadline
        if not ((played < samples and in_time) if samples else (played < 2 or in_time)):
            return played
        w = base if played == 0 else world(view, random.Random(f"{seed}:{played}"))
        for e in sampled:
            g = w.clone()
            g.act(me, e.action)
            _rollout(g, me)
            assert g.result is not None
            pay = g.result.payments[me]
            e.samples += 1
            e.wins += g.result.winner == me
            e.total += pay
            e.total_sq += pay * pay
        played += 1


def _exact(view: dict[str, Any], base: Game, order: list[ActionAdvice],
           budget_ms: float) -> int | None:
    """Solve the endgame model for every action; the states expanded, or None when exact
    mode does not apply (a claim, a Chíu, too much stock left) or the tree exceeds the
    budget."""
    me = view["seat"]
    stock = view["stock_left"]
    if view["phase"] == "claim" or stock > EXACT_MAX_STOCK or view.get("partial"):
        return None
    if any(e.action.do == "chiu" for e in order):
        return None
    s = base.seats[me]
    hand, exposed = s.counts(), s.exposed
    pool = unseen_counts(view)
    discarded = frozenset(s.discarded)
    solver = Solver(me=me, rules=base.rules, refused=frozenset(s.refused),
                    max_nodes=max(1, int(budget_ms * NODES_PER_MS)))
    offer = base.offer
    values: list[tuple[ActionAdvice, Value]] = []
    try:
        for e in order:
            a = e.action
            if a.do == "discard":
                assert a.card is not None
                v = solver.after_discard(hand, exposed, pool, stock, discarded, a.card.index)
            elif a.do == "pass":
                assert offer is not None
                own = offer.source == "stock" and offer.door == me
                v = solver.reveal(hand, exposed, pool, stock, (me + 1) % SEATS if own else me,
                                  discarded)
            elif a.do == "eat":
                assert a.card is not None and offer is not None
                melds = Exposed.of([*exposed.melds, Meld.of([a.card, offer.card])])
                best = solver.discard(_without(hand, a.card.index), melds, pool, stock, discarded)
                v = best if best is not None else ZERO
            else:
                return None
            values.append((e, v))
    except Budget:
        return None
    for e, v in values:
        e.exact = v
    return solver.nodes


def _static_key(e: ActionAdvice) -> tuple[int, int, int, int]:
    return (0 if e.wins_now else 1,
            99 if e.distance is None else e.distance, -e.useful_unseen, e.unpaired)


def _rank(order: list[ActionAdvice], sampled: list[ActionAdvice]) -> list[ActionAdvice]:
    """Best first: a certain win, then the statically best action unless a sampled one
    beats it by more than Z_DEPART standard errors, then the rest by expected value."""
    certain = sorted((e for e in order if e.certain is not None), key=lambda e: -e.expected)
    if certain:
        return certain + [e for e in order if e.certain is None]
    if len(sampled) < 2 or sampled[0].samples < 2:
        return order
    anchor = sampled[0]
    best = max(sampled, key=lambda e: e.expected)
    if best is not anchor and best.expected - anchor.expected > Z_DEPART * _stderr(best, anchor):
        first = best
    else:
        first = anchor
    rest = sorted((e for e in sampled if e is not first), key=lambda e: -e.expected)
    return [first, *rest, *(e for e in order if e not in sampled)]


def _stderr(a: ActionAdvice, b: ActionAdvice) -> float:
    def var(e: ActionAdvice) -> float:
        n = e.samples
        return max(e.total_sq / n - (e.total / n) ** 2, 0.0) / max(n - 1, 1)
    return math.sqrt(var(a) + var(b)) or 1e-9


def explain(e: ActionAdvice, offered: Face | None) -> str:
    """One line a player can read: what the action is and what it leaves."""
    a = e.action
    what = {
        "win": "Win", "heaven": "Declare Thiên ù", "pass": "Pass",
        "chiu": f"Chíu {offered.code if offered else ''}".strip(),
    }.get(a.do, "")
    if a.do == "discard":
        assert a.card is not None
        what = f"Discard {a.card.code} ({a.card.vi})"
    elif a.do == "eat":
        assert a.card is not None and offered is not None
        kind = "Chắn" if a.card.index == offered.index else f"Cạ with {a.card.code}"
        what = f"Eat {offered.code} as {kind}"
    if e.then is not None and e.certain is None:
        what += f", then discard {e.then.code}"
    if e.certain is not None:
        if a.do == "chiu":
            what = f"Chíu ù on {offered.code if offered else ''}".strip()
        if a.do == "win" and offered is not None:
            what = f"Win on {offered.code}"
        return (f"{what}: certain, {e.expected:+.0f} to this seat"
                f"{' (' + ', '.join(e.bonuses) + ')' if e.bonuses else ''}")
    if e.distance is None:
        tail = "no winning set is possible any more"
    elif e.waits:
        faces = "/".join(w.face.code for w in e.waits)
        tail = (f"{e.unpaired} unpaired left, waiting on {faces} — "
                f"{sum(w.unseen for w in e.waits)} unseen")
    else:
        tail = (f"{e.unpaired} unpaired, {e.distance} card{'s' * (e.distance != 1)} from a "
                f"win, {e.useful_unseen} useful cards unseen")
    chance = f", {e.win:.0%} to win" if e.samples or e.exact is not None else ""
    return f"{what}: {tail}{chance}"


class AdvisorBot(BaseBot):
    """The advisor as a player (``advisor`` or ``advisor:BUDGET_MS`` in seat specs)."""

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, seed: int = 0) -> None:
        self.budget_ms = budget_ms
        self.name = f"advisor:{budget_ms:g}"
        self.rng = random.Random(seed)
        self.latencies: list[float] = []

    def decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        advice = advise(view, budget_ms=self.budget_ms, seed=self.rng.randrange(2**31),
                        legal=legal)
        self.latencies.append(advice.seconds)
        return advice.best


SOURCES = ("discard", "stock", "passed")
"""Where a typed card on offer comes from: the previous seat's discard; a stock card
revealed at the seat's own door (claims open, C5); a stock card revealed at the previous
seat's door and passed on to the seat (T4: no claim any more)."""


def view_from_position(*, hand: str, melds: Sequence[str] = (), seat: int = 0,
                       dealer: int = 0, offer: str | None = None, source: str = "discard",
                       seen: str = "", stock_left: int | None = None, rules: str = "house",
                       memory: dict[str, Any] | None = None) -> dict[str, Any]:
    """A VIEW from the few facts a player types (the CLI's flags): hand, melds, the card
    on offer and where it comes from (:data:`SOURCES`), other cards seen, the stock left.

    The decision is the one the engine would pose: with a card on offer the seat holds
    19 cards and may eat or pass — or, on a stock card revealed at its own door that
    completes its hand, first claim the win (C1, C5); without one it holds 20 and
    discards.

    Such a VIEW is *partial*: cards the player has seen but not typed are unknown, so the
    worlds sampled from it put the unseen cards beyond the other hands and the stock out
    of play at random. Without ``stock_left``, the stock holds what the other three
    hands (19 cards each) leave, at most 23.

    >>> v = view_from_position(
    ...     hand="2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s",
    ...     offer="3m", source="stock")
    >>> v["phase"], v["offer"]["door"]
    ('claim', 0)
    """
    if source not in SOURCES:
        raise PositionError(f"source: one of {', '.join(SOURCES)}, not {source!r}",
                            field="source")
    hand_faces = parse_cards(hand)
    meld_faces = [parse_cards(m) for m in melds]
    table: list[dict[str, Any]] = [{"melds": [], "discards": [], "passed": [], "dead": False}
                                   for _ in range(SEATS)]
    table[seat]["melds"] = [[f.code for f in m] for m in meld_faces]
    table[(seat + 2) % SEATS]["discards"] = [f.code for f in (parse_cards(seen) if seen else [])]
    size = len(hand_faces) + sum(len(m) for m in meld_faces)
    view: dict[str, Any] = {
        "rules": rules, "seat": seat, "dealer": dealer,
        "phase": "offer" if offer else ("start" if size == 20 and not melds else "discard"),
        "to_act": seat, "hand": [f.code for f in hand_faces], "stock_left": 0,
        "table": table, "partial": True,
        "memory": memory or {"discarded": [], "refused": [], "laid_in_ca": [],
                             "ate_ca": False},
    }
    if view["phase"] == "start":
        view["dealer"] = seat
    if offer is None and size == 19:
        raise HandSizeError("hand: 19 cards wait for a card; give the card on offer (offer), "
                            "or 20 cards to choose a discard (§4)", field="offer")
    if offer is not None:
        cards = parse_cards(offer)
        if len(cards) != 1:
            raise PositionError(f"offer: one card is on offer, not {len(cards)} ({offer!r})",
                                field="offer")
        card = cards[0]
        door = seat if source == "stock" else (seat - 1) % SEATS
        if source == "discard":
            table[door]["discards"].append(card.code)
        view["offer"] = {"card": card.code, "source": "discard" if source == "discard" else
                         "stock", "door": door, "to": seat, "claims_open": source != "passed"}
    check_view(view)  # the sizes (§4) and the cards (§1), before anything is dealt
    room = sum(unseen_counts(view)) - sum(hidden_sizes(view))
    if room < 0:
        raise PositionError(f"seen: too many cards accounted for; the other three hands "
                            f"alone hold {sum(hidden_sizes(view))}", field="seen")
    view["stock_left"] = min(room, 23) if stock_left is None else stock_left
    if view["stock_left"] > room:
        raise PositionError(f"stock_left: only {room} unseen cards are left for the stock",
                            field="stock_left")
    if source == "stock" and world(view, random.Random(0)).can_claim(seat, "win"):
        view["phase"] = "claim"  # C1, C5: the claims on a revealed card come first
    return view


__all__ = [
    "DEFAULT_BUDGET_MS",
    "SOURCES",
    "ActionAdvice",
    "Advice",
    "AdvisorBot",
    "advise",
    "explain",
    "view_from_position",
]
