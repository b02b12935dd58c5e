"""The exact solver: the rest of a deal with every card known, played perfectly.

A *state* is the hands (bitmasks), the seat to act and the trick so far (its leader, the
led kind and size, the best play's seat, key and bonus, and the cards in it). Its value
is the vector of what each seat will still score — captured cards plus bonuses (M6,
M7) — when everyone plays perfectly from there.

*Perfectly* is **max^n**: the seat to act picks the play that maximises its own
settlement, ``n × its score − the sum of the scores`` (M7). With 2 players that is the
zero-sum game on the score difference (plain minimax); with 3 it is max^n (not
paranoid: each player plays for himself, which is how the game is scored). Among
equally good plays the first in the engine's order is taken, so a solution is
deterministic.

:class:`Solver` memoises states (the key: the hands as bitmasks, the seat, the trick);
:func:`minimax` is the same recursion without a memo, for the tests to check the
solver's exact numbers on small endgames. Both stop after ``max_nodes`` states
(:class:`SearchLimit`): nothing hangs.

>>> from advisor.ming.cards import mask_of, parse_cards
>>> s = State((mask_of(parse_cards("5m 1s")), mask_of(parse_cards("TM 2s"))), 1)
>>> Solver().value(s), minimax(s)
((4, 2), (4, 2))
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.errors import AdvisorError
from advisor.games import budget as _budget
from advisor.ming.cards import MYRIADS, NCARDS, SUIT_OF, TM
from advisor.ming.game import Action, Game
from advisor.ming.plays import (
    GIBBONS,
    HERO,
    KINDS,
    LEOPARD_9,
    LEOPARDS,
    SINGLE_BONUS,
    SPECIALS,
    Play,
    combinations_in,
    reading,
)

Values = tuple[int, ...]
TrickKey = tuple[int, int, int, int, int, int, int]
"""(leader, led kind index, size, best seat, best key, best bonus, cards so far)."""

_SINGLE_BONUS = tuple(SINGLE_BONUS.get(i, 0) for i in range(30))
_MYRIAD = tuple(SUIT_OF[i] == MYRIADS for i in range(30))


def _leopard_table() -> dict[int, Play]:
    out: dict[int, Play] = dict(LEOPARDS)
    hero = reading(HERO, "leopard")
    assert hero is not None
    out[HERO] = hero  # the Hero beats any Leopard (M5)
    return out


_TABLES: tuple[dict[int, Play], ...] = ({}, GIBBONS, _leopard_table(), SPECIALS)
"""The three-card readings of each led kind (by kind index), as :func:`reading` has them."""
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


class SearchLimit(AdvisorError):
    """The search reached its node limit before it could finish (the caller falls back)."""

    kind = "search-limit"


@dataclass(frozen=True)
class State:
    """A position with every card known: the hands, the seat to act and the trick so
    far (None between tricks)."""

    hands: tuple[int, ...]
    to_act: int
    trick: TrickKey | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def cards_left(self) -> int:
        return sum(h.bit_count() for h in self.hands)


def state_of(game: Game) -> State:
    """The solver's state of a deal in play (the engine's own, every card known)."""
    d = game.pending
    if d is None:
        raise AdvisorError("the deal is over: there is nothing to solve")
    t = game.trick
    key = None
    if t is not None:
        key = (t.leader, _KIND_INDEX[t.lead.kind], t.lead.size, t.best_seat, t.best.key,
               t.best.bonus, t.cards)
    return State(tuple(game.hands), d.seat, key)


Move = tuple[int, int, int, int, "str | None"]
"""(cards, kind index, key, bonus, declare) of a lead; for a follow, key is −1 when
the cards are laid face down."""


def leads(hand: int) -> list[Move]:
    """The leads of a hand, in the engine's order: singles lowest first, then the
    combinations (a Leopard 9 as a Leopard and as a Special)."""
    out: list[Move] = []
    h = hand
    while h:
        low = h & -h
        i = low.bit_length() - 1
        out.append((low, 0, i, _SINGLE_BONUS[i], None))
        h ^= low
    for p in combinations_in(hand):
        declare = p.kind if p.cards == LEOPARD_9 else None
        out.append((p.cards, _KIND_INDEX[p.kind], p.key, p.bonus, declare))
    return out


def follows(hand: int, trick: TrickKey) -> list[Move]:
    """The follows of a hand in a trick, in the engine's order, with their reading when
    they beat the best so far (key −1 when laid face down)."""
    _, kind, size, _, best_key, _, _ = trick
    out: list[Move] = []
    if size == 1:
        h = hand
        while h:
            low = h & -h
            i = low.bit_length() - 1
            h ^= low
            win = i > best_key and (i != TM or _MYRIAD[best_key])
            out.append((low, 0, i if win else -1, _SINGLE_BONUS[i] if win else 0, None))
        return out
    idx = [i for i in range(30) if hand >> i & 1]
    table = _TABLES[kind]
    for a, b, c in itertools.combinations(idx, 3):
        m = (1 << a) | (1 << b) | (1 << c)
        p = table.get(m)
        if p is not None and p.key > best_key:
            out.append((m, kind, p.key, p.bonus, None))
        else:
            out.append((m, kind, -1, 0, None))
    return out


def moves(state: State) -> list[Move]:
    """The moves of the seat to act."""
    hand = state.hands[state.to_act]
    return leads(hand) if state.trick is None else follows(hand, state.trick)


def after(state: State, move: Move) -> tuple[State | None, int, Values]:
    """The state after a move, the seat that took the trick if it ended (else −1) and
    what each seat scored by it; None as the state when the deal is over."""
    n = len(state.hands)
    seat = state.to_act
    cards, kind, key, bonus, _ = move
    hands = list(state.hands)
    hands[seat] &= ~cards
    size = cards.bit_count()
    nxt = (seat + 1) % n
    if state.trick is None:
        return State(tuple(hands), nxt, (seat, kind, size, seat, key, bonus, size)), -1, \
            (0,) * n
    leader, k, sz, best_seat, best_key, best_bonus, total = state.trick
    if key >= 0:
        best_seat, best_key, best_bonus = seat, key, bonus
    total += size
    if nxt != leader:
        return State(tuple(hands), nxt, (leader, k, sz, best_seat, best_key, best_bonus,
                                         total)), -1, (0,) * n
    gains = tuple(total + best_bonus if s == best_seat else 0 for s in range(n))
    if not hands[best_seat]:
        return None, best_seat, gains
    return State(tuple(hands), best_seat, None), best_seat, gains


def _add(a: Values, b: Values) -> Values:
    return tuple(x + y for x, y in zip(a, b))


def _utility(v: Values, seat: int) -> int:
    """A seat's settlement from a value vector (M7): n × its score − the sum."""
    return len(v) * v[seat] - sum(v)


class _Bounded:
    """A search's limits: ``max_nodes`` states over its life, and a ``deadline`` (a time
    of the meters' clock, :data:`advisor.games.budget.clock`: the safety cap), checked
    every 256 states; None: no limit."""

    def __init__(self, max_nodes: int | None = None, deadline: float | None = None) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0

    def _count(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimit(f"the exact search passed {self.max_nodes} states")
        if self.deadline is not None and not self.nodes & 255 and \
                _budget.clock() > self.deadline:
            raise SearchLimit("the exact search ran out of time")


class Solver(_Bounded):
    """The exact max^n solver with a memo over states (see the module's docstring);
    ``max_nodes`` bounds the states expanded over the solver's life (None: no bound),
    ``deadline`` its time. ``nodes`` counts them."""

    def __init__(self, max_nodes: int | None = None, deadline: float | None = None) -> None:
        super().__init__(max_nodes, deadline)
        self.memo: dict[tuple[tuple[int, ...], int, TrickKey | None], Values] = {}

    def value(self, state: State) -> Values:
        """What each seat still scores from ``state`` with perfect play."""
        key = (state.hands, state.to_act, state.trick)
        got = self.memo.get(key)
        if got is not None:
            return got
        self._count()
        best: Values | None = None
        best_u = 0
        seat = state.to_act
        for mv in moves(state):
            v = self._after(state, mv)
            u = _utility(v, seat)
            if best is None or u > best_u:
                best, best_u = v, u
        assert best is not None
        self.memo[key] = best
        return best

    def _after(self, state: State, mv: Move) -> Values:
        child, _, gains = after(state, mv)
        return gains if child is None else _add(gains, self.value(child))

    def move_values(self, state: State) -> list[tuple[Move, Values]]:
        """Every move of the seat to act with its value (what each seat still scores,
        this move included), in the engine's order."""
        return [(mv, self._after(state, mv)) for mv in moves(state)]


LeadMove = tuple[int, int, int, int]
"""(cards, kind index, key, bonus) of a lead, as the duel solver keeps it."""
Replies = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""The follows of a hand to a lead, as the duel solver keeps them: those that beat (cards,
bonus), cheapest first, and the face-down ones (cards), lowest first."""
_WIDE = 99  # more than any margin: 26 cards and every bonus


class DuelSolver(_Bounded):
    """The exact solver of a 2-player state on the score difference (the zero-sum form of
    max^n with two players, M7). It gives the same values as :class:`Solver` (the tests
    check it) and visits far fewer states:

    * a state between tricks is only the two hands — the leader's and the other's — so
      positions reached by different tricks, or with the seats swapped, are one entry;
      a follow is searched inside its lead and keeps no entry;
    * alpha-beta with a memo of bounds (and the best lead) per state; an exact value is
      found by null-window searches that close in on it (MTD(f)), the memo kept between
      them;
    * moves in the order that cuts most: the memo's best lead, leads with a bonus, then
      combinations, then the highest cards; beating follows cheapest first, then
      face-down ones, lowest cards first.

    ``max_nodes`` and ``deadline`` bound it (:class:`SearchLimit`); ``nodes`` counts the
    states between tricks it expanded."""

    def __init__(self, max_nodes: int | None = None, deadline: float | None = None) -> None:
        super().__init__(max_nodes, deadline)
        # (the leader's hand, the other's) as one int → (lower bound, upper bound, best lead)
        self.memo: dict[int, tuple[int, int, LeadMove | None]] = {}
        self._leads: dict[int, list[LeadMove]] = {}
        self._replies: dict[tuple[int, int, int, int], Replies] = {}

    def margin(self, state: State, alpha: int | None = None, beta: int | None = None) -> int:
        """What the seat to act will score from ``state`` more than the other, with
        perfect play: exact without a window; with one, exact when it lies strictly
        between ``alpha`` and ``beta`` (else a bound on the side it fell)."""
        if state.players != 2:
            raise AdvisorError("the duel solver plays 2-player deals only")
        if alpha is None and beta is None:
            return self._exact(state)
        return self._margin(state, -_WIDE if alpha is None else alpha,
                            _WIDE if beta is None else beta)

    def _exact(self, state: State) -> int:
        g, lo, hi = 0, -_WIDE, _WIDE
        while lo < hi:
            b = g + 1 if g == lo else g
            g = self._margin(state, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return g

    def _margin(self, state: State, alpha: int, beta: int) -> int:
        me = state.to_act
        mine, other = state.hands[me], state.hands[1 - me]
        if state.trick is None:
            return self._lead(mine, other, alpha, beta)
        _, kind, size, _, key, bonus, _ = state.trick
        # the other seat led: its margin after the lead, negated
        return -self._follow(other, mine, kind, key, bonus, size, -beta, -alpha)

    def _lead(self, a: int, b: int, alpha: int, beta: int) -> int:
        """The leader's margin, holding ``a`` against ``b``, between tricks."""
        key = a | b << NCARDS
        got = self.memo.get(key)
        if got is not None:
            lo, hi, first = got
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi, first = -_WIDE, _WIDE, None
        self._count()
        a0 = alpha
        ms = self._leads.get(a)
        if ms is None:
            ms = [(m[0], m[1], m[2], m[3]) for m in leads(a)]
            ms.sort(key=lambda m: (-m[3], m[0].bit_count() == 1, -m[0].bit_length()))
            self._leads[a] = ms
        if first is not None:
            ms = [first, *(m for m in ms if m is not first)]
        best, best_move = -_WIDE, None
        for m in ms:
            v = self._follow(a ^ m[0], b, m[1], m[2], m[3], m[0].bit_count(), alpha, beta)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best <= a0:
            self.memo[key] = (lo, best, best_move)
        elif best >= beta:
            self.memo[key] = (best, hi, best_move)
        else:
            self.memo[key] = (best, best, best_move)
        return best

    def _follow(self, a: int, b: int, kind: int, key: int, bonus: int, size: int,
                alpha: int, beta: int) -> int:
        """The leader's margin once it has led (``a`` left in its hand) and the other,
        holding ``b``, is to follow: the follow that leaves the leader least."""
        rk = (b, kind, key, size)
        got = self._replies.get(rk)
        if got is None:
            trick = (0, kind, size, 0, key, bonus, size)
            fs = follows(b, trick)
            got = (tuple(sorted((r[0], r[3]) for r in fs if r[2] >= 0)),
                   tuple(sorted(r[0] for r in fs if r[2] < 0)))
            self._replies[rk] = got
        beating, face_down = got
        best = _WIDE
        for cards, won_bonus in beating:  # the other takes the trick and leads the next
            left = b ^ cards
            g = 2 * size + won_bonus
            v = -g if not left else -g - self._lead(left, a, -beta - g, -alpha - g)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if beta <= alpha:
                        return best
        led = 2 * size + bonus
        for cards in face_down:  # the leader takes the trick and leads the next
            left = b ^ cards
            v = led if not left else led + self._lead(a, left, alpha - led, beta - led)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if beta <= alpha:
                        return best
        return best

    def _move(self, state: State, mv: Move) -> int:
        me = state.to_act
        child, _, gains = after(state, mv)
        g = gains[me] - gains[1 - me]
        if child is None:
            return g
        m = self.margin(child)
        return g + m if child.to_act == me else g - m

    def move_margins(self, state: State) -> list[tuple[Move, int]]:
        """Every move of the seat to act with its exact margin, in the engine's order."""
        return [(mv, self._move(state, mv)) for mv in moves(state)]


class ParanoidSolver(_Bounded):
    """The *paranoid* solver of a 3-player state for one seat (``me``): that seat
    maximises its settlement (M7), the two others play together to minimise it — a
    zero-sum game, so alpha-beta prunes it (max^n, :class:`Solver`, cannot: each plays
    for himself). Its value for ``me`` is never above max^n's: a pessimistic model of the
    others, exact for the worst they can do, and far cheaper — 15 cards left take a
    few thousand states where max^n takes about 30,000.

    Alpha-beta with a memo of bounds per state (the best move first when known); the
    value comes with the scores of a line that reaches it (``value``): what each seat
    still scores on it, so that who ends on top can be read. ``max_nodes`` and
    ``deadline`` bound it (:class:`SearchLimit`); ``nodes`` counts the states
    expanded."""

    def __init__(self, me: int, max_nodes: int | None = None,
                 deadline: float | None = None) -> None:
        super().__init__(max_nodes, deadline)
        self.me = me
        # state → (lower bound, upper bound, the line's scores when exact, best move)
        self.memo: dict[tuple[tuple[int, ...], int, TrickKey | None],
                        tuple[int, int, Values | None, Move | None]] = {}

    def value(self, state: State) -> Values:
        """What each seat still scores from ``state`` on a line of paranoid play: the
        line reaching ``me``'s best settlement against the two others."""
        return self._search(state, -10 * _WIDE, 10 * _WIDE)[1]

    def _gain(self, gains: Values) -> int:
        return len(gains) * gains[self.me] - sum(gains)

    def _search(self, state: State, alpha: int, beta: int) -> tuple[int, Values]:
        key = (state.hands, state.to_act, state.trick)
        got = self.memo.get(key)
        first: Move | None = None
        n = state.players
        if got is not None:
            lo, hi, line, first = got
            if line is not None:
                return lo, line
            if lo >= beta:
                return lo, (0,) * n
            if hi <= alpha:
                return hi, (0,) * n
        else:
            lo, hi = -10 * _WIDE, 10 * _WIDE
        self._count()
        a0, b0 = alpha, beta
        mine = state.to_act == self.me
        ms = moves(state)
        if state.trick is None:
            ms.sort(key=lambda m: (-m[3], m[0].bit_count() == 1, -m[0].bit_length()))
        else:
            ms.sort(key=lambda m: (m[2] < 0, m[0].bit_length()))
        if first is not None and first in ms:
            ms.remove(first)
            ms.insert(0, first)
        best = -10 * _WIDE if mine else 10 * _WIDE
        best_line: Values = (0,) * n
        best_move: Move | None = None
        for mv in ms:
            child, _, gains = after(state, mv)
            g = self._gain(gains)
            if child is None:
                v, line = g, gains
            else:
                cv, cl = self._search(child, alpha - g, beta - g)
                v, line = g + cv, _add(gains, cl)
            if (v > best) if mine else (v < best):
                best, best_line, best_move = v, line, mv
                if mine:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    break
        if best <= a0:
            self.memo[key] = (lo, best, None, best_move)
        elif best >= b0:
            self.memo[key] = (best, hi, None, best_move)
        else:
            self.memo[key] = (best, best, best_line, best_move)
        return best, best_line


def minimax(state: State, max_nodes: int | None = None) -> Values:
    """The same values as :meth:`Solver.value`, by plain recursion without a memo (for
    checking the solver on small endgames)."""
    count = [0]

    def go(s: State) -> Values:
        count[0] += 1
        if max_nodes is not None and count[0] > max_nodes:
            raise SearchLimit(f"the plain search passed {max_nodes} states")
        best: Values | None = None
        best_u = 0
        for mv in moves(s):
            child, _, gains = after(s, mv)
            v = gains if child is None else _add(gains, go(child))
            u = _utility(v, s.to_act)
            if best is None or u > best_u:
                best, best_u = v, u
        assert best is not None
        return best

    return go(state)


def action_of(state: State, move: Move) -> Action:
    """The engine's action for a solver move."""
    cards, _, key, _, declare = move
    if state.trick is None:
        return Action("lead", cards, declare)  # type: ignore[arg-type]
    return Action("follow", cards, None, key >= 0)


@dataclass(frozen=True)
class Solution:
    """Every legal action of the seat to act with its exact value: what each seat will
    score from now on (``values``), and the seat's settlement from now on."""

    seat: int
    actions: tuple[Action, ...]
    values: tuple[Values, ...]
    nodes: int

    def settlement(self, i: int) -> int:
        return _utility(self.values[i], self.seat)

    @property
    def best(self) -> Action:
        i = max(range(len(self.actions)), key=lambda k: (self.settlement(k), -k))
        return self.actions[i]


def solve(game: Game | State, max_nodes: int | None = None,
          solver: Solver | None = None) -> Solution:
    """Solve the rest of a deal with every card known: each legal action of the seat to
    act with its value under perfect play (max^n). Raises :class:`SearchLimit` past
    ``max_nodes`` states."""
    state = game if isinstance(game, State) else state_of(game)
    solver = solver or Solver(max_nodes)
    pairs = solver.move_values(state)
    return Solution(state.to_act, tuple(action_of(state, mv) for mv, _ in pairs),
                    tuple(v for _, v in pairs), solver.nodes)


def deal_values(solution: Solution, scores: Sequence[int]) -> list[tuple[Action, int]]:
    """Each action's settlement for the whole deal: the scores so far plus what the
    solution says each seat still scores (M7)."""
    out = []
    for a, v in zip(solution.actions, solution.values):
        total = _add(tuple(scores), v)
        out.append((a, _utility(total, solution.seat)))
    return out


__all__ = ["DuelSolver", "Move", "ParanoidSolver", "SearchLimit", "Solution", "Solver", "State",
           "Values", "action_of", "after", "deal_values", "follows", "leads", "minimax", "moves",
           "solve", "state_of"]
