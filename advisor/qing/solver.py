"""The solver: does a hand win (rules Q2–Q5), one way it wins, how far it is from
winning, what it waits for, and which card to throw.

**Winning.** A winning hand has 15 cards, concealed and exposed (Q7), with at least one
eye; every other card lies in a boy, except the extras (Q4), which may be added to any
group. The search takes the lowest concealed card: it is an extra left over (added to a
group), or it lies in an eye or a boy, which takes the other cards it needs; what
remains is solved the same way, memoised on its count vector, whether an eye has been
found, and (with ``extras_replace``) how many flowers are owed to boys. Sequences of 3 to
5 cards suffice: a longer one is two of them. Flowers come last in the card order, so
when only flowers are left they pay what boys owe and the rest are extras.

**Distance.** The fewest cards the hand must still receive, throwing as many away, to
win. A target hand is some groups plus extras; for the concealed cards that is
``max(m − n + D, M)`` — ``m`` concealed cards to win with, ``n`` held, ``D`` held cards
that are neither in a group nor extras (thrown away), ``M`` missing cards of the groups
(each drawn). The search over groups is the one above, except that a group may lack
cards (a boy holds at least two of its cards), and keeps the Pareto front of ``(D, M)``.
A 0 is only for a hand that wins and a 1 only for a hand with a wait (both checked by
the exact search); beyond, it assumes every card not in the seat's own hand can still
come (docs/qing.md).

>>> from advisor.qing.cards import counts_of, parse_cards, format_cards
>>> from advisor.qing.rules import Rules
>>> h = counts_of(parse_cards("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"))
>>> s = solver(Rules())
>>> s.wins(h)
True
>>> [(g.name, g.codes, g.extra_codes) for g in s.decompose(h).groups][:2]
[('Tiger', ['9c', '1s', '1m'], ['1c', 'RF']), ('sequence', ['2c', '3c', '4c'], [])]
>>> s.distance(counts_of(parse_cards("9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF")))
1
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from advisor.errors import HandSizeError, MeldError
from advisor.games.deadline import tick
from advisor.qing.cards import (
    CARDS,
    COPIES,
    FLOWERS,
    IS_EXTRA,
    KINDS,
    NUMERALS,
    PACK,
    Card,
    Counts,
    format_cards,
    minus,
    plus,
    sorted_cards,
)
from advisor.qing.rules import Pattern, Rules, _boys, identify

HAND_SIZE = 15
"""Cards a winning hand holds, concealed and exposed (Q5)."""
_CACHE_LIMIT = 300_000
_FLOWERS = frozenset(FLOWERS)


@dataclass(frozen=True)
class Group:
    """A group of a winning hand or an exposed group: an eye or a boy, its cards (a flower
    standing for a card among them, with ``extras_replace``), the extras added to it
    (Q4), and what the flowers stand for.

    >>> Group("eye", "Tiger", (CARDS[8], CARDS[9], CARDS[18])).to_json()
    {'kind': 'eye', 'name': 'Tiger', 'cards': ['9c', '1s', '1m'], 'extras': []}
    """

    kind: str  # "eye" or "boy"
    name: str  # the eye's name, "sequence" or "triplet"
    cards: tuple[Card, ...]
    extras: tuple[Card, ...] = ()
    stands_for: tuple[Card, ...] = ()  # what flowers among ``cards`` stand for
    exposed: bool = False

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]

    @property
    def extra_codes(self) -> list[str]:
        return [c.code for c in self.extras]

    @property
    def size(self) -> int:
        return len(self.cards) + len(self.extras)

    def with_extras(self, extras: Sequence[Card]) -> Group:
        return Group(self.kind, self.name, self.cards, tuple(sorted_cards(extras)),
                     self.stands_for, self.exposed)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name, "cards": self.codes,
                               "extras": self.extra_codes}
        if self.stands_for:
            out["flowers_as"] = [c.code for c in self.stands_for]
        if self.exposed:
            out["exposed"] = True
        return out


@dataclass(frozen=True)
class Decomposition:
    """One way a hand wins: its groups (exposed ones first), extras added to them."""

    groups: tuple[Group, ...]

    @property
    def cards(self) -> int:
        return sum(g.size for g in self.groups)


def group_of(pattern: Pattern, used: Counts | dict[int, int], flowers: Sequence[Card] = (),
             exposed: bool = False) -> Group:
    """The group ``pattern`` made of real cards ``used`` (kind → copies) and ``flowers``
    standing for the rest (in pattern order)."""
    real = dict(used) if isinstance(used, dict) else {i: n for i, n in enumerate(used) if n}
    cards: list[Card] = []
    missing: list[Card] = []
    for k, n in pattern.need:
        have = min(n, real.get(k, 0))
        cards += [CARDS[k]] * have
        missing += [CARDS[k]] * (n - have)
    cards += list(flowers)
    return Group(pattern.kind, pattern.name, tuple(cards), (), tuple(missing), exposed)


Front = tuple[tuple[int, int, int, int], ...]
"""A distance front: Pareto-minimal ``(D, eye cards missing, boy cards missing, flowers
free)`` — the last larger is better; with ``extras_replace`` off the last two are 0."""
Front2 = tuple[tuple[int, int], ...]
"""A front without ``extras_replace``: Pareto-minimal ``(D, M)``, cards missing all told."""

_ONE = tuple(1 << 3 * k for k in range(KINDS))
_SKIP = tuple(0 if IS_EXTRA[k] else 1 for k in range(KINDS))
_NOTHING_LEFT: tuple[Front2, Front2] = (((0, 0),), ())  # one configuration, without an eye
_EXTRA_MASK = sum(1 << k for k in range(KINDS) if IS_EXTRA[k])


def _pareto_rows(rows: list[tuple[int, int]]) -> Front2:
    """The Pareto-minimal ``(D, M)`` of some rows, ``D`` ascending."""
    rows.sort()
    out: list[tuple[int, int]] = []
    best = 1 << 30
    for r in rows:
        if r[1] < best:
            out.append(r)
            best = r[1]
    return tuple(out)


def pack(c: Counts) -> int:
    """The count vector ``c`` as one integer, three bits a kind (a kind holds at most
    four copies, Q1), for the packed searches.

    >>> pack((1, 0, 4)) == 1 + (4 << 6)
    True
    """
    if max(c) > COPIES:
        raise HandSizeError(f"hand: {max(c)} copies of one kind; the pack has {COPIES} (Q1)",
                            field="hand")
    x = 0
    for k in range(len(c) - 1, -1, -1):
        x = x << 3 | c[k]
    return x


def _packed_options(options: Sequence[tuple[tuple[tuple[int, int], ...], bool, int]]
                    ) -> tuple[tuple[int, int, int, bool, int], ...]:
    smallest: dict[tuple[tuple[tuple[int, int], ...], bool], int] = {}
    for items, is_eye, size in options:
        key = (items, is_eye)
        if key not in smallest or size < smallest[key]:
            smallest[key] = size
    out = []
    for (items, is_eye), size in smallest.items():
        masks = [sum(_ONE[k] for k, n in items if n > copy) for copy in range(3)]
        out.append((masks[0], masks[1], masks[2], is_eye, size))
    return tuple(out)


class Solver:
    """Searches and caches for one :class:`Rules`; get one with :func:`solver`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.replace = rules.extras_replace
        eyes = rules.eyes
        boys = _boys(5)
        self.eyes = eyes
        # exact search: groups whose lowest kind is i (eyes first)
        self.by_low: tuple[tuple[Pattern, ...], ...] = tuple(
            tuple(p for p in (*eyes, *boys) if p.low == i) for i in range(KINDS))
        # with extras_replace (and for the distance): every group holding kind i
        self.containing: tuple[tuple[Pattern, ...], ...] = tuple(
            tuple(p for p in (*eyes, *boys) if any(k == i for k, _ in p.need))
            for i in range(KINDS))
        # exact search without extras_replace: (needs, is an eye) of the groups by lowest kind
        self._low: tuple[tuple[tuple[tuple[tuple[int, int], ...], Pattern], ...], ...] = tuple(
            tuple((p.need, p) for p in self.by_low[i]) for i in range(KINDS))
        # a quick refusal: a card that is no extra must lie in some three-card group whose
        # cards are all in hand (a longer sequence holds a three-card one)
        self._threes: tuple[tuple[tuple[tuple[tuple[int, int], ...], bool], ...], ...] = tuple(
            tuple((p.need, not p.is_eye) for p in self.containing[i] if p.size == 3)
            for i in range(KINDS))
        # a quicker refusal still: such a group holds two more cards of kinds sharing a
        # three-card group with i (or copies of i)
        self._mates: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({k for need, _ in self._threes[i] for k, _ in need if k != i}))
            for i in range(KINDS))
        # the same, for the kinds that are no extras, as plain loops (no flower replaces)
        self._plain: tuple[tuple[int, tuple[int, ...],
                                 tuple[tuple[tuple[int, int], ...], ...]], ...] = tuple(
            (i, self._mates[i], tuple(need for need, _ in self._threes[i]))
            for i in range(NUMERALS) if not IS_EXTRA[i])
        self._memo: dict[tuple[Counts, bool, int], Any] = {}
        self._fronts: dict[tuple[Counts, bool], Front] = {}
        # the distance search's groups holding kind i: (needs of kinds ≥ i, is an eye,
        # size); a boy never holds a flower
        self._options: tuple[tuple[tuple[tuple[tuple[int, int], ...], bool, int], ...],
                             ...] = tuple(
            tuple((tuple((k, n) for k, n in p.need if k >= i), p.is_eye, p.size)
                  for p in self.containing[i] if p.is_eye or i < NUMERALS)
            for i in range(KINDS))
        # the same groups for the packed search without ``extras_replace``
        # (:meth:`_front2`): per kind, ``(first, second, third, is an eye, size)`` — the
        # packed masks of the kinds of which it takes one copy, a second, a third; of the
        # groups that hold the same kinds only the smallest is kept (a larger one misses
        # more cards for the same cards held: it is never on the front)
        self._packed: tuple[tuple[tuple[int, int, int, bool, int], ...], ...] = tuple(
            _packed_options(self._options[i]) for i in range(KINDS))
        self._fronts2: dict[int, tuple[Front2, Front2]] = {}
        self._waits: dict[tuple[Counts, bool], tuple[int, ...]] = {}
        # the waits' search (:meth:`_holes`): every group holding kind i, (needs, is an eye)
        self._holed: tuple[tuple[tuple[tuple[tuple[int, int], ...], bool], ...], ...] = tuple(
            tuple((p.need, p.is_eye) for p in self.containing[i]) for i in range(KINDS))
        # and the groups of flowers and one numeral (an eye, Q2), which the hole completes
        # once only flowers are left: (the flowers, the numeral)
        self._flowered: tuple[tuple[tuple[tuple[int, int], ...], int], ...] = tuple(
            (tuple((k, n) for k, n in p.need if k >= NUMERALS),
             next(k for k, _ in p.need if k < NUMERALS))
            for p in (*eyes, *boys) if p.is_eye and sum(n for k, n in p.need if k < NUMERALS) == 1)

    # --- winning ---------------------------------------------------------------------------

    def wins(self, hand: Counts, eye: bool = False) -> bool:
        """Whether the concealed ``hand`` completes a win (its cards all in groups or
        extras, an eye among them unless ``eye``: one is exposed)."""
        if len(self._memo) > _CACHE_LIMIT:
            self._memo.clear()
        # with extras_replace a flower may stand for a missing card of a boy (not an eye)
        if not self.replace:
            for i, near, groups in self._plain:
                if hand[i]:
                    if hand[i] + sum([hand[k] for k in near]) < 3:
                        return False
                    for need in groups:
                        for k, n in need:
                            if hand[k] < n:
                                break
                        else:
                            break  # a three-card group of i is in hand
                    else:
                        return False
            return self._search(hand, eye, 0)
        flowers = hand[27] + hand[28] + hand[29]
        if flowers < 2:
            mates = self._mates
            for i in range(NUMERALS):
                if hand[i] and not IS_EXTRA[i] and \
                        hand[i] + flowers + sum([hand[k] for k in mates[i]]) < 3:
                    return False
            for i in range(NUMERALS):
                if hand[i] and not IS_EXTRA[i] and not any(
                        sum(max(0, n - hand[k]) for k, n in need) <= (flowers if boy else 0)
                        for need, boy in self._threes[i]):
                    return False
        return self._search(hand, eye, 0)

    def _search(self, c: Counts, eye: bool, debt: int) -> bool:
        i = 0
        while i < NUMERALS and not c[i]:
            i += 1
        if i == NUMERALS:
            return eye and c[27] + c[28] + c[29] >= debt
        key = (c, eye, debt)
        found = self._memo.get(key)
        if found is not None:
            return found is not False
        result: Any = False
        for group, nxt in self._moves(c, i, debt):
            if self._search(nxt[0], eye or nxt[1], nxt[2]):
                result = (group, (nxt[0], eye or nxt[1], nxt[2]))
                break
        self._memo[key] = result
        return result is not False

    def _moves(self, c: Counts, i: int, debt: int) -> list[tuple[Any, tuple[Counts, bool, int]]]:
        """The ways to place one card of kind ``i`` (the lowest held): as an extra (Q4), in
        an eye (Q2) or in a boy (Q3) — with flowers owed for missing cards of a boy."""
        out: list[tuple[Any, tuple[Counts, bool, int]]] = []
        if IS_EXTRA[i]:
            out.append((None, (minus(c, i), False, debt)))
        replace = self.replace
        for need, p in self._low[i]:
            if replace and not p.is_eye:
                continue
            for k, n in need:
                if c[k] < n:
                    break
            else:
                nc = list(c)
                for k, n in need:
                    nc[k] -= n
                out.append(((p, dict(need)), (tuple(nc), p.is_eye, debt)))
        if not replace:
            return out
        flowers = c[27] + c[28] + c[29] - debt
        seen: set[tuple[Counts, int]] = set()
        for p in self.containing[i]:
            if p.is_eye:
                continue
            most = [0 if k < i else min(n, c[k]) for k, n in p.need]
            slack = flowers - (p.size - sum(most))
            if slack < 0:
                continue  # even with every card of it in hand, too few flowers
            # a boy may leave out cards it could hold (a flower stands in), as many as the
            # flowers left allow: the cards may be wanted by an eye
            ranges = [range(0, 1) if k < i else
                      range(max(1, u - slack), u + 1) if k == i else
                      range(u, max(0, u - slack) - 1, -1) for (k, _), u in zip(p.need, most)]
            for used in itertools.product(*ranges):
                miss = p.size - sum(used)
                if miss > flowers:
                    continue
                nc = list(c)
                for (k, _), u in zip(p.need, used):
                    nc[k] -= u
                state = (tuple(nc), debt + miss)
                if state in seen:
                    continue
                seen.add(state)
                real = {k: u for (k, _), u in zip(p.need, used) if u}
                out.append(((p, real), (state[0], False, state[1])))
        return out

    def decompose(self, hand: Counts, exposed: Sequence[Group] = ()) -> Decomposition | None:
        """One way the concealed ``hand`` with the ``exposed`` groups wins, or None. The
        extras left over are added to the first eye (Q4)."""
        eye = any(g.kind == "eye" for g in exposed)
        if not self.wins(hand, eye):
            return None
        state: tuple[Counts, bool, int] = (hand, eye, 0)
        found: list[tuple[Pattern, dict[int, int]]] = []
        extras: list[Card] = []
        while True:
            c = state[0]
            i = next((k for k in range(NUMERALS) if c[k]), NUMERALS)
            if i == NUMERALS:
                break
            result = self._memo[state]
            group, state = result
            if group is None:
                extras.append(CARDS[i])
            else:
                found.append(group)
        flowers = [CARDS[k] for k in FLOWERS for _ in range(state[0][k])]
        groups: list[Group] = list(exposed)
        for p, real in sorted(found, key=lambda pr: not pr[0].is_eye):
            miss = p.size - sum(real.values())
            groups.append(group_of(p, real, flowers[:miss]))
            flowers = flowers[miss:]
        extras += flowers
        groups = _joined(groups)
        first = next(n for n, g in enumerate(groups) if g.kind == "eye")
        groups[first] = groups[first].with_extras([*groups[first].extras, *extras])
        return Decomposition(tuple(groups))

    # --- distance ---------------------------------------------------------------------------

    def front(self, c: Counts, eye: bool) -> Front:
        """The distance front of the concealed cards ``c`` (see the module's docstring)."""
        if not self.replace:
            return tuple((d, m, 0, 0) for d, m in self.front2(pack(c), eye))
        if len(self._fronts) > _CACHE_LIMIT:
            self._fronts.clear()
        return self._front(c, eye)

    def front2(self, x: int, eye: bool) -> Front2:
        """The front without ``extras_replace``: Pareto-minimal ``(D, M)`` of the
        concealed cards packed in ``x`` (:func:`pack`), ``eye`` if one is exposed."""
        if len(self._fronts2) > _CACHE_LIMIT:
            self._fronts2.clear()
        no_eye, with_eye = self._classes(x)
        if eye:
            return _pareto_rows([*no_eye, *with_eye])
        return _pareto_rows([*((d, m + 3) for d, m in no_eye), *with_eye])

    def _classes(self, x: int) -> tuple[Front2, Front2]:
        """:meth:`_front`'s search on packed counts (three bits a kind): the same groups
        in the same order, each taking as many copies as it holds. Its configurations are
        the same whether an eye is exposed or not, so both fronts come from two classes:
        the Pareto-minimal ``(D, M)`` of those without an eye and of those with one (an
        eye still missing costs the first class 3 cards, none when one is exposed)."""
        if not x:
            return _NOTHING_LEFT
        found = self._fronts2.get(x)
        if found is not None:
            return found
        tick()  # a caller's deadline stops the search here (advisor.games.deadline)
        i = ((x & -x).bit_length() - 1) // 3  # the lowest kind held
        skip = _SKIP[i]
        c0, c1 = self._classes(x - _ONE[i])
        r0 = [(d + skip, m) for d, m in c0]
        r1 = [(d + skip, m) for d, m in c1]
        done: set[tuple[int, bool, int]] = set()
        for first, second, third, is_eye, size in self._packed[i]:
            t = (x | x >> 1 | x >> 2) & first  # one copy of each kind held
            nx = x - t
            held = t.bit_count()
            if second:
                t = (nx | nx >> 1 | nx >> 2) & second
                nx -= t
                held += t.bit_count()
                if third:
                    t = (nx | nx >> 1 | nx >> 2) & third
                    nx -= t
                    held += t.bit_count()
            if held < 2 and not is_eye:
                continue
            miss = size - held
            k2 = (nx, is_eye, miss)
            if k2 in done:
                continue
            done.add(k2)
            c0, c1 = self._classes(nx)
            if is_eye:
                r1 += [(d, m + miss) for d, m in c0]
            else:
                r0 += [(d, m + miss) for d, m in c0]
            r1 += [(d, m + miss) for d, m in c1]
        res = (_pareto_rows(r0), _pareto_rows(r1))
        self._fronts2[x] = res
        return res

    def _front(self, c: Counts, eye: bool) -> Front:
        i = 0
        while i < KINDS and not c[i]:
            i += 1
        if i == KINDS:
            return ((0, 0 if eye else 3, 0, 0),)
        key = (c, eye)
        found = self._fronts.get(key)
        if found is not None:
            return found
        tick()  # a caller's deadline stops the search here (advisor.games.deadline)
        rows: list[tuple[int, int, int, int]] = []
        replace = self.replace
        flower = replace and i in _FLOWERS
        skip = 0 if IS_EXTRA[i] else 1
        for d, me, mb, f in self._front(c[:i] + (c[i] - 1,) + c[i + 1:], eye):
            rows.append((d + skip, me, mb, f + flower))
        least = 1 if replace else 2
        done: set[tuple[Counts, bool, int]] = set()
        for items, is_eye, size in self._options[i]:
            nc = list(c)
            held = 0
            for k, n in items:
                h = nc[k]
                if h:
                    u = n if h >= n else h
                    nc[k] = h - u
                    held += u
            if held < least and not is_eye:
                continue
            miss = size - held
            key2 = (tuple(nc), is_eye, miss)
            if key2 in done:
                continue
            done.add(key2)
            if is_eye or not replace:
                for d, me, mb, f in self._front(key2[0], eye or is_eye):
                    rows.append((d, me + miss, mb, f))
            else:
                for d, me, mb, f in self._front(key2[0], eye):
                    rows.append((d, me, mb + miss, f))
        res = _pareto(rows) if replace else _pareto2(rows)
        self._fronts[key] = res
        return res

    def distance(self, hand: Counts, *, eye: bool = False, target: int = HAND_SIZE,
                 own: Counts | None = None) -> int:
        """The fewest cards to exchange to win (see the module's docstring) for concealed
        ``hand`` holding ``target`` or ``target - 1`` cards (``target``: 15 less the
        exposed cards; ``eye``: an eye is exposed; ``own``: every card the seat holds or
        has exposed, which no longer counts as obtainable)."""
        n = sum(hand)
        if n not in (target, target - 1):
            raise HandSizeError(f"hand: {n} concealed cards; the distance is for {target - 1} "
                                f"or {target} (Q5)", field="hand")
        if n == target and self.wins(hand, eye):
            return 0
        if self.replace:
            best = min(max(target - n + d, me + max(0, mb - f))
                       for d, me, mb, f in self.front(hand, eye))
        else:
            best = min(max(target - n + d, m) for d, m in self.front2(pack(hand), eye))
        if best <= 1:
            own = own if own is not None else hand
            if n == target:
                near = any(self.waits(minus(hand, k), eye, own) for k in range(KINDS) if hand[k])
            else:
                near = bool(self.waits(hand, eye, own))
            return 1 if near else 2
        return best

    def waits(self, hand: Counts, eye: bool = False, own: Counts | None = None) -> list[int]:
        """The kinds that complete a hand one card short of winning (a copy of each must
        be outside the seat's ``own`` cards)."""
        own = own if own is not None else hand
        return [k for k in self._completing(hand, eye) if own[k] < PACK[k]]

    def _completing(self, hand: Counts, eye: bool) -> tuple[int, ...]:
        """The kinds, a copy of which is left in the pack, that complete ``hand``,
        remembered (a hand's waits are asked again for its distance and its discard)."""
        key = (hand, eye)
        found = self._waits.get(key)
        if found is None:
            if len(self._waits) > _CACHE_LIMIT:
                self._waits.clear()
            if not self.replace:
                mask = self._holes(hand, eye)
                found = tuple(k for k in range(KINDS) if mask >> k & 1 and hand[k] < PACK[k])
            else:
                found = tuple(k for k in range(KINDS)
                              if hand[k] < PACK[k] and self.wins(plus(hand, k), eye))
            self._waits[key] = found
        return found

    def _holes(self, c: Counts, eye: bool) -> int:
        """Without ``extras_replace``: the kinds (a bitmask) a card of which makes ``c``
        win, in one search — :meth:`_search` with one card of the hand still to come (the
        hole). The lowest card is an extra, or lies in a group held whole (the hole is
        still to place), or in a group the hole completes (one card of it missing: the
        rest must win as it is); with no numeral left, the hole is an extra, if there is
        an eye, or it completes an eye of flowers and one numeral. Every winning hand with
        the hole's card is reached this way: its group holding the hole is met at its
        lowest card held (or, held flowers only, once only flowers are left)."""
        i = 0
        while i < NUMERALS and not c[i]:
            i += 1
        if i == NUMERALS:  # flowers only: the hole is an extra, or completes a group of them
            mask = _EXTRA_MASK if eye else 0
            for need, hole in self._flowered:
                if all(c[k] >= n for k, n in need):
                    mask |= 1 << hole
            return mask
        key = (c, eye, -1)
        found = self._memo.get(key)
        if found is not None:
            return int(found)
        mask = 0
        if IS_EXTRA[i]:
            mask |= self._holes(minus(c, i), eye)
        for need, p in self._low[i]:
            for k, n in need:
                if c[k] < n:
                    break
            else:
                nc = list(c)
                for k, n in need:
                    nc[k] -= n
                mask |= self._holes(tuple(nc), eye or p.is_eye)
        for need, is_eye in self._holed[i]:
            hole = -1
            for k, n in need:
                short = n - c[k]
                if short > 0:
                    if short > 1 or hole >= 0:
                        break
                    hole = k
            else:
                if hole >= 0 and not mask >> hole & 1:
                    nc = list(c)
                    for k, n in need:
                        nc[k] -= n if k != hole else n - 1
                    if self._search(tuple(nc), eye or is_eye, 0):
                        mask |= 1 << hole
        self._memo[key] = mask
        return mask


def _joined(groups: list[Group]) -> list[Group]:
    """Sequences of one suit that follow each other, shown as one (the search splits a
    long sequence into pieces of 3 to 5 cards)."""
    out: list[Group] = []
    for g in groups:
        prev = next((n for n, h in enumerate(out) if _follows(h, g)), None)
        if prev is None:
            out.append(g)
        else:
            h = out[prev]
            out[prev] = Group("boy", "sequence", h.cards + g.cards)
    return out


def _follows(h: Group, g: Group) -> bool:
    plain = (h.name == g.name == "sequence" and not h.exposed and not g.exposed
             and not h.stands_for and not g.stands_for and not h.extras and not g.extras)
    return plain and h.cards[-1].suit == g.cards[0].suit and \
        h.cards[-1].index + 1 == g.cards[0].index


def _pareto2(rows: list[tuple[int, int, int, int]]) -> Front:
    """The Pareto front of rows whose last two entries are 0: ``D`` and ``M`` smaller."""
    rows.sort()
    out: list[tuple[int, int, int, int]] = []
    best = 1 << 30
    for r in rows:
        if r[1] < best:
            out.append(r)
            best = r[1]
    return tuple(out)


def _pareto(rows: list[tuple[int, int, int, int]]) -> Front:
    rows = sorted(set(rows))
    out: list[tuple[int, int, int, int]] = []
    for r in rows:
        if not any(o[0] <= r[0] and o[1] <= r[1] and o[2] <= r[2] and o[3] >= r[3] for o in out):
            out.append(r)
    return tuple(out)


@lru_cache(maxsize=8)
def solver(rules: Rules) -> Solver:
    """The (cached) solver of a set of rules."""
    return Solver(rules)


def meld_of(cards: Sequence[Card], rules: Rules, exposed: bool = True) -> Group:
    """The eye or boy that an exposed group's cards make (Q7: a taken discard is shown in
    an eye or a boy); a :class:`MeldError` when they make none.

    >>> from advisor.qing.cards import parse_cards
    >>> meld_of(parse_cards("5c 5s 5c"), Rules()).name
    'triplet'
    >>> meld_of(parse_cards("5c 6c RF"), Rules(extras_replace=True)).to_json()["flowers_as"]
    ['4c']
    """
    real: dict[int, int] = {}
    for c in cards:
        real[c.index] = real.get(c.index, 0) + 1
    p = identify(real, 0, rules)
    flowers = [c for c in cards if c.flower]
    if p is None and flowers and rules.extras_replace:
        numerals = {k: n for k, n in real.items() if not (k >= 27)}
        p = identify(numerals, len(flowers), rules)
        if p is not None:
            return group_of(p, numerals, flowers, exposed)
    if p is None:
        text = format_cards(cards)
        raise MeldError(f"'{text}' is not an eye or a boy (Q2, Q3, Q7)", token=text)
    return group_of(p, real, (), exposed)



__all__ = ["HAND_SIZE", "Decomposition", "Front", "Group", "Solver", "group_of", "meld_of",
           "solver"]
