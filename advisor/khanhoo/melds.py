"""The solver: a hand's best declaration, its distance to going out, the cards that
bring it closer, and the discard table (rules K2, K-run, K6, K9, K10).

**Best declaration.** A partition of all the concealed cards into combinations with the
highest total (with one card left over to discard when the hand holds one card more
than it goes out with). The search takes the lowest real card of the hand: it is the
card thrown away, or it lies in some pattern of the table; that pattern takes every
other real card it needs that the hand holds, and Jokers stand for the rest (K2 — a
Joker and a real card of the same kind can always trade places between two
combinations, so nothing is lost by using real cards first). What remains is solved
the same way, memoised on its count vector, the Jokers left, and the Sequences already
laid in the current suit (K-run: two Sequences of one suit may not be adjacent). Jokers
left when no real card is, form combinations on their own or are the card thrown away.

**Distance.** The fewest cards the hand must still receive (throwing as many away) to
hold a complete declaration: ``target - (most cards kept) - Jokers``, over every
*target* — a set of ``target`` cards made of combinations — where kept cards are the
hand's real cards in the target and the Jokers fill missing places. Only the
combinations' cards matter here (a Double triplet is two Triplets), so the patterns
split into those inside one suit (Sequences, Triple sequences, Trios), the Courts, and
*cross* patterns (Triplets, Aces, Khanhoo, Royal and Reverse groups). The cross
patterns the hand can use are enumerated; each suit is then looked up in a table of
(cards kept → fewest target places used) computed once per suit vector and cached, and
the tables are combined by min-plus convolution. A target may be padded with
combinations of cards the hand does not hold (three or more places). See
``docs/khanhoo.md`` for what the distance assumes about the cards still obtainable.

>>> from advisor.khanhoo.cards import parse_cards, counts_of
>>> from advisor.khanhoo.rules import Rules
>>> h = counts_of(parse_cards("Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c"))
>>> d = best_declaration(h, Rules(), discard=True)
>>> d.points, d.discard.code
(29, '4c')
>>> distance(counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d")), Rules())
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from advisor.errors import HandSizeError
from advisor.games.deadline import tick
from advisor.games.useful import Useful as UsefulCard
from advisor.khanhoo.cards import (
    CARDS,
    JOKER,
    KINDS,
    NUMERALS,
    SET_KINDS,
    Card,
    Counts,
    cards_of,
    minus,
    plus,
)
from advisor.khanhoo.rules import Pattern, Rules

HAND_SIZE = 15
"""Cards a player goes out with (K6); he holds one more, the card he throws away."""
ORPHAN_SIZE = 6
"""The orphan's hand (K7): he goes out with 6 of 7."""
NMAX = 16
"""Largest target the distance tables keep."""
_CACHE_LIMIT = 200_000


@dataclass(frozen=True)
class Combination:
    """One combination of a declaration: the cards as held (Jokers as ``Jk``) and the
    cards the Jokers stand for, in the pattern's order.

    >>> from advisor.khanhoo.rules import Rules
    >>> c = Combination.of(Rules().patterns[0], (CARDS[0], CARDS[1], CARDS[JOKER]))
    >>> c.to_json()
    {'code': 'sequence', 'cards': ['Ah', '2h', 'Jk'], 'points': 1, 'jokers_as': ['3h']}
    """

    pattern: Pattern
    cards: tuple[Card, ...]
    jokers_as: tuple[Card, ...] = ()

    @classmethod
    def of(cls, pattern: Pattern, held: Sequence[Card]) -> Combination:
        """The combination ``pattern`` made of the cards ``held`` (real cards and Jokers)."""
        need = [c for c in pattern.cards()]
        for c in held:
            if c.index != JOKER:
                need.remove(c)
        order = sorted(held, key=lambda c: c.index)
        return cls(pattern, tuple(order), tuple(need))

    @property
    def code(self) -> str:
        return self.pattern.kind.code

    @property
    def name(self) -> str:
        return self.pattern.kind.name

    @property
    def points(self) -> int:
        return self.pattern.points

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "cards": self.codes, "points": self.points}
        if self.jokers_as:
            out["jokers_as"] = [c.code for c in self.jokers_as]
        return out


@dataclass(frozen=True)
class Declaration:
    """A partition of the concealed cards into combinations, and the card thrown away."""

    combinations: tuple[Combination, ...]
    discard: Card | None = None

    @property
    def points(self) -> int:
        """The combinations' points (the bonus for going out is not included)."""
        return sum(c.points for c in self.combinations)

    @property
    def cards(self) -> int:
        return sum(len(c.cards) for c in self.combinations)


# --- the solver for one set of rules ---------------------------------------------------------

@dataclass(frozen=True)
class _P:
    """A pattern prepared for the search."""

    number: int
    need: tuple[tuple[int, int], ...]
    size: int
    points: int
    run: tuple[int, int, int] | None


_SUIT_OF = tuple(i // 9 if i < NUMERALS else 3 for i in range(SET_KINDS))
Table = tuple[tuple[int, int, int], ...]
"""A distance table: ``(kept, fewest places, mask)`` rows; bit k of the mask says that
``fewest + k`` places are also possible (k = 0, 1, 2)."""
_CROSS_KINDS = ("triplet", "aces", "khanhoo", "royal_j", "royal_q", "royal_k", "reverse_j",
                "reverse_q", "reverse_k")


class Solver:
    """Searches and caches for one :class:`Rules`; get one with :func:`solver`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.patterns = rules.patterns
        prepared = [_P(n, p.need, p.size, p.points, p.run) for n, p in enumerate(self.patterns)]
        self.containing: tuple[tuple[_P, ...], ...] = tuple(
            tuple(sorted((p for p in prepared if any(i == k for k, _ in p.need)),
                         key=lambda p: -p.points))
            for i in range(SET_KINDS)
        )
        self.kruns = not rules.split_sequences
        self._memo: dict[tuple[Any, ...], tuple[int | None, Any]] = {}
        self._jokers = self._joker_table(max(rules.jokers, 1) + 1)
        codes = {k.code for k in rules.kinds}
        self._seq = "sequence" in codes
        self._triple_seq = "triple_sequence" in codes
        self._trio = ("trio" in codes, "quartette" in codes)
        self._courts = "courts" in codes
        self.cross = tuple(p for p in prepared if self.patterns[p.number].kind.code in
                           _CROSS_KINDS)
        self._reset_tables()
        self._kept_memo: dict[tuple[Counts, Counts, int], int] = {}
        self._most = 4 if self._trio[1] else 3 if self._trio[0] or self._triple_seq else 1

    # --- best declaration ---------------------------------------------------------------

    def _joker_table(self, most: int) -> list[tuple[int, tuple[int, ...]] | None]:
        """For j Jokers alone: (best points, pattern numbers) of a partition, or None."""
        best_by_size: dict[int, tuple[int, int]] = {}
        for n, p in enumerate(self.patterns):
            if p.size not in best_by_size or p.points > best_by_size[p.size][0]:
                best_by_size[p.size] = (p.points, n)
        table: list[tuple[int, tuple[int, ...]] | None] = [(0, ())]
        for j in range(1, most + 1):
            best: tuple[int, tuple[int, ...]] | None = None
            for s, (pts, n) in best_by_size.items():
                rest = table[j - s] if s <= j else None
                if rest is not None and (best is None or rest[0] + pts > best[0]):
                    best = (rest[0] + pts, rest[1] + (n,))
            table.append(best)
        return table

    def _jokers_alone(self, j: int) -> tuple[int, tuple[int, ...]] | None:
        if j >= len(self._jokers):
            self._jokers = self._joker_table(j)
        return self._jokers[j]

    def best(self, hand: Counts, spare: bool) -> Declaration | None:
        """The best declaration of ``hand`` (31 counts), or None. With ``spare`` exactly
        one card (real or Joker) is left over as the discard."""
        if len(self._memo) > _CACHE_LIMIT:
            self._memo.clear()
        real, jokers = tuple(hand[:SET_KINDS]), hand[JOKER]
        if self._search(real, jokers, int(spare), 0, 0, -1, 0) is None:
            return None
        return self._rebuild(real, jokers, int(spare))

    def _search(self, c: Counts, j: int, spare: int, st: int, en: int, suit: int,
                lo: int) -> int | None:
        i = lo
        while i < SET_KINDS and not c[i]:
            i += 1
        if i == SET_KINDS:
            return self._leaf(j, spare)[0]
        if _SUIT_OF[i] != suit:
            st = en = 0
        key = (c, j, spare, st, en)
        found = self._memo.get(key)
        if found is not None:
            return found[0]
        tick()  # a caller's deadline stops the search here (advisor.games.deadline)
        best: int | None = None
        choice: Any = None
        if spare:
            v = self._search(minus(c, i), j, 0, st, en, _SUIT_OF[i], i)
            if v is not None:
                best, choice = v, ("spare",)
        for p in self.containing[i]:
            jn = 0
            nc = list(c)
            for k, n in p.need:
                h = nc[k]
                if h >= n:
                    nc[k] = h - n
                else:
                    jn += n - h
                    nc[k] = 0
            if jn > j:
                continue
            nst, nen = st, en
            if p.run is not None:
                _, a, b = p.run
                if self.kruns and (en >> (a - 1) & 1 or st >> (b + 1) & 1):
                    continue
                nst, nen = st | 1 << a, en | 1 << b
            v = self._search(tuple(nc), j - jn, spare, nst, nen, _SUIT_OF[i], i)
            if v is not None and (best is None or v + p.points > best):
                best, choice = v + p.points, (p.number, jn, nst, nen)
        self._memo[key] = (best, choice)
        return best

    def _leaf(self, j: int, spare: int) -> tuple[int | None, Any]:
        """Only Jokers left: they form combinations alone (one of them is the discard
        when a card must still be thrown away)."""
        alone = self._jokers_alone(j - spare) if j >= spare else None
        if alone is None:
            return None, None
        return alone[0], alone[1]

    def _rebuild(self, c: Counts, j: int, spare: int) -> Declaration:
        combos: list[Combination] = []
        discard: Card | None = None
        st = en = 0
        suit = -1
        i = 0
        while True:
            while i < SET_KINDS and not c[i]:
                i += 1
            if i == SET_KINDS:
                _, numbers = self._leaf(j, spare)
                for n in numbers:
                    p = self.patterns[n]
                    combos.append(Combination.of(p, [CARDS[JOKER]] * p.size))
                if spare:
                    discard = CARDS[JOKER]
                break
            if _SUIT_OF[i] != suit:
                st = en = 0
                suit = _SUIT_OF[i]
            _, choice = self._memo[(c, j, spare, st, en)]
            if choice[0] == "spare":
                discard = CARDS[i]
                c = minus(c, i)
                spare = 0
                continue
            number, jn, st, en = choice
            p = self.patterns[number]
            nc = list(c)
            held: list[Card] = []
            for k, n in p.need:
                used = min(n, nc[k])
                nc[k] -= used
                held += [CARDS[k]] * used
            held += [CARDS[JOKER]] * jn
            combos.append(Combination.of(p, held))
            c, j = tuple(nc), j - jn
        return Declaration(tuple(combos), discard)

    # --- distance -------------------------------------------------------------------------

    def kept(self, hand: Counts, caps: Counts, target: int, floor: int = -1) -> int:
        """Most real cards of ``hand`` a target of ``target`` cards can keep (-1: none);
        with ``floor``, only whether more than ``floor`` can be kept (else ``floor``)."""
        if floor < 0:  # the whole answer: remembered (a hand is often asked twice)
            key = (tuple(hand[:SET_KINDS]), tuple(caps[:SET_KINDS]), target)
            found = self._kept_memo.get(key)
            if found is None:
                if len(self._kept_memo) > _CACHE_LIMIT:
                    self._kept_memo.clear()
                found = self._kept_memo[key] = self._kept(hand, caps, target, floor)
            return found
        return self._kept(hand, caps, target, floor)

    def _kept(self, hand: Counts, caps: Counts, target: int, floor: int) -> int:
        if len(self._line_ids) > _CACHE_LIMIT or len(self._pairs) > _CACHE_LIMIT:
            self._reset_tables()  # between searches only: a search holds table ids
        best = floor
        total = sum(hand[:SET_KINDS])
        cross = [p for p in self.cross if sum(min(m, hand[k]) for k, m in p.need) >= 2]
        ncross = len(cross)

        def leaf(c: Counts, cp: Counts, kept: int, places: int) -> None:
            nonlocal best
            tick()
            line, pair = self._line_id, self._pair
            t = self._tables[pair(pair(pair(line(c[0:9], cp[0:9]), line(c[9:18], cp[9:18])),
                                       line(c[18:27], cp[18:27])), line(c[27:30], cp[27:30]))]
            for k, s, mask in reversed(t):
                total_kept = k + kept
                if total_kept <= best:
                    return
                used = s + places
                gap = target - used
                if gap == 0 or gap >= 3 or (0 < gap <= 2 and mask >> gap & 1):
                    best = total_kept
                    return

        def dfs(n: int, c: Counts, cp: Counts, kept: int, places: int, left: int) -> None:
            # every kept card takes a place of the target, as does every missing one
            if kept + min(left, target - places) <= best or best >= min(total, target):
                return
            if n == ncross:
                leaf(c, cp, kept, places)
                return
            dfs(n + 1, c, cp, kept, places, left)
            p = cross[n]
            while True:
                taken = _take(p, c, cp)
                if taken is None:
                    return
                nc, ncp, used = taken
                places += p.size
                if used < 2 or places > target:
                    return
                c, cp = tuple(nc), tuple(ncp)
                kept += used
                left -= used
                dfs(n + 1, c, cp, kept, places, left)

        dfs(0, tuple(hand[:SET_KINDS]), tuple(caps[:SET_KINDS]), 0, 0, total)
        return best

    def helps(self, hand: Counts, caps: Counts, target: int, floor: int,
              kinds: Iterable[int]) -> frozenset[int]:
        """The real ``kinds`` whose receipt lets a target keep more than ``floor`` cards:
        ``kept(hand + i, caps - i, target) > floor`` for each kind i (the seat then owns
        one copy more, so one place fewer of it is left to fill), all in one search.

        The kinds share the search over the cross patterns: the card received is treated
        as a place of its kind left to fill (``caps`` counts it), which becomes a kept card
        for the kind's own question once a cross pattern fills it, or else joins its suit
        at the leaf. The answer is :meth:`kept`'s, kind by kind."""
        if len(self._line_ids) > _CACHE_LIMIT or len(self._pairs) > _CACHE_LIMIT:
            self._reset_tables()
        h, cp0 = tuple(hand[:SET_KINDS]), tuple(caps[:SET_KINDS])
        cand = frozenset(i for i in kinds if i < SET_KINDS and cp0[i] > 0)
        found: set[int] = set()
        if not cand:
            return frozenset()
        items: list[tuple[_P, frozenset[int] | None]] = []
        for p in self.cross:
            base = sum(min(m, h[k]) for k, m in p.need)
            if base >= 2:
                items.append((p, None))
            elif base == 1:
                worlds = frozenset(k for k, m in p.need if k in cand and h[k] < m)
                if worlds:
                    items.append((p, worlds))
        nitems = len(items)
        line, pair, tables = self._line_id, self._pair, self._tables

        def reaches(t: Table, kept: int, places: int) -> bool:
            for k, s, mask in reversed(t):
                if k + kept <= floor:
                    return False
                gap = target - s - places
                if gap == 0 or gap >= 3 or (0 < gap <= 2 and mask >> gap & 1):
                    return True
            return False

        def leaf(c: Counts, cp: Counts, kept: int, places: int, alive: frozenset[int]) -> None:
            tick()
            ls = [line(c[0:9], cp[0:9]), line(c[9:18], cp[9:18]), line(c[18:27], cp[18:27]),
                  line(c[27:30], cp[27:30])]
            consumed = [i for i in alive if cp[i] < cp0[i]]
            if consumed and reaches(tables[pair(pair(pair(ls[0], ls[1]), ls[2]), ls[3])],
                                    kept + 1, places):
                found.update(consumed)
            for i in alive:
                if cp[i] < cp0[i]:
                    continue
                s = _SUIT_OF[i]
                lo = 9 * s
                hi = lo + (9 if s < 3 else 3)
                mine = list(ls)
                mine[s] = line(plus(c[lo:hi], i - lo), minus(cp[lo:hi], i - lo))
                if reaches(tables[pair(pair(pair(mine[0], mine[1]), mine[2]), mine[3])],
                           kept, places):
                    found.add(i)

        def dfs(n: int, c: Counts, cp: Counts, kept: int, places: int, left: int,
                alive: frozenset[int]) -> None:
            if found:
                alive = alive.difference(found)
            if not alive or kept + 1 + min(left + 1, target - places) <= floor:
                return
            if n == nitems:
                leaf(c, cp, kept, places, alive)
                return
            dfs(n + 1, c, cp, kept, places, left, alive)
            p, worlds = items[n]
            al = alive if worlds is None else alive & worlds
            while al:
                taken = _take(p, c, cp)
                if taken is None:
                    return
                nc, ncp, used = taken
                places += p.size
                if used < 1 or places > target:
                    return
                if used == 1:  # valid only where the card received fills this pattern
                    al = frozenset(i for i in al if cp[i] == cp0[i] and ncp[i] < cp0[i])
                    if not al:
                        return
                c, cp = tuple(nc), tuple(ncp)
                kept += used
                left -= used
                dfs(n + 1, c, cp, kept, places, left, al)
                if found:
                    al = al.difference(found)

        dfs(0, h, cp0, 0, 0, sum(h), cand)
        return frozenset(found)

    def _line_id(self, v: Counts, cap: Counts) -> int:
        """Id of the table of one suit (9 counts) or of the courts (3 counts)."""
        key = (v, cap)
        found = self._line_ids.get(key)
        if found is None:
            if len(self._line_memo) > _CACHE_LIMIT:
                self._line_memo.clear()  # sub-results only: no table id is lost
            # only "a place can be left for 1 (… 4) copies" matters: more variety is waste
            most = self._most
            norm = tuple(x if x < most else most for x in cap)
            found = self._norm_ids.get((v, norm))
            if found is None:  # a table for these cards and places: computed once
                found = self._norm_ids[v, norm] = self._intern(self._line(v, norm, len(v)))
            self._line_ids[key] = found
        return found

    def _pair(self, a: int, b: int) -> int:
        key = (a, b) if a <= b else (b, a)
        found = self._pairs.get(key)
        if found is None:
            found = self._intern(_combine(self._tables[a], self._tables[b]))
            self._pairs[key] = found
        return found

    def _intern(self, t: Table) -> int:
        found = self._table_ids.get(t)
        if found is None:
            found = self._table_ids[t] = len(self._tables)
            self._tables.append(t)
        return found

    def _reset_tables(self) -> None:
        self._tables: list[Table] = []
        self._table_ids: dict[Table, int] = {}
        self._line_ids: dict[tuple[Counts, Counts], int] = {}
        self._norm_ids: dict[tuple[Counts, Counts], int] = {}  # by the places that matter
        self._pairs: dict[tuple[int, int], int] = {}
        self._line_memo: dict[tuple[Counts, Counts, int, int], Table] = {}

    def _line(self, v0: Counts, cap: Counts, width: int) -> Table:
        """The distance table of the patterns inside one suit (``width`` 9) or inside the
        courts (``width`` 3), with missing cards where copies are left."""
        memo = self._line_memo
        courts = width == 3
        trio, quartette = self._trio
        seq = self._seq and not courts
        kruns = self.kruns

        def take(v: list[int], ranks: Iterable[int], copies: int) -> int | None:
            kept = 0
            for q in ranks:
                used = min(copies, v[q])
                if copies - used > cap[q]:
                    return None
                v[q] -= used
                kept += used
            return kept

        def go(v: Counts, st: int, en: int) -> Table:
            r = 0
            while r < width and not v[r]:
                r += 1
            if r == width:
                return _EMPTY_TABLE
            key = (v, cap, st, en)
            found = memo.get(key)
            if found is not None:
                return found
            tick()
            out: dict[int, tuple[int, int]] = {}
            for k, s, m in go(minus(v, r), st, en):
                _merge(out, k, s, m)

            def extend(nv: list[int], kept: int, places: int, nst: int, nen: int) -> None:
                for k, s, m in go(tuple(nv), nst, nen):
                    if s + places <= NMAX:
                        _merge(out, k + kept, s + places, m)

            if courts and self._courts:
                nv = list(v)
                kept = take(nv, range(3), 1)
                if kept is not None:
                    extend(nv, kept, 3, st, en)
            if seq:
                for a in range(max(0, r - 2), r + 1):
                    if kruns and a > 0 and en >> a & 1:
                        continue  # a Sequence ends just below this one (K-run)
                    nv = list(v)
                    kept = 0
                    for b in range(a, width):
                        if nv[b]:
                            nv[b] -= 1
                            kept += 1
                        elif cap[b] <= 0:
                            break
                        if b - a < 2 or b < r or (kruns and st >> (b + 2) & 1):
                            continue
                        # K-run bits are 1-based ranks, as in the exact search
                        extend(list(nv), kept, b - a + 1, st | 1 << (a + 1), en | 1 << (b + 1))
            if self._triple_seq and not courts:
                for a in range(max(0, r - 2), min(r, width - 3) + 1):
                    nv = list(v)
                    kept3 = take(nv, range(a, a + 3), 3)
                    if kept3 is not None:
                        extend(nv, kept3, 9, st, en)
            for copies, on in ((3, trio), (4, quartette)):
                if on:
                    nv = list(v)
                    kept = take(nv, (r,), copies)
                    if kept is not None:
                        extend(nv, kept, copies, st, en)
            res = tuple((k, s, m) for k, (s, m) in sorted(out.items()))
            memo[key] = res
            return res

        return go(tuple(v0), 0, 0)


_EMPTY_TABLE: Table = ((0, 0, 1),)


def _take(p: _P, c: Counts, cp: Counts) -> tuple[list[int], list[int], int] | None:
    """One more copy of pattern ``p`` from the hand ``c`` (held cards first) and the room
    ``cp`` left for the cards still to come: the counts after it and how many held cards
    it used, or None when neither has the cards."""
    used = 0
    nc, ncp = list(c), list(cp)
    for k, m in p.need:
        for _ in range(m):
            if nc[k]:
                nc[k] -= 1
                used += 1
            elif ncp[k] > 0:
                ncp[k] -= 1
            else:
                return None
    return nc, ncp, used


def _merge(out: dict[int, tuple[int, int]], k: int, s: int, mask: int) -> None:
    """Add "k cards kept in s places (and s + 1, s + 2 as the mask says)" to a table."""
    cur = out.get(k)
    if cur is None:
        out[k] = (s, mask)
    elif s < cur[0]:
        shift = cur[0] - s
        out[k] = (s, mask | (cur[1] << shift & 7 if shift <= 2 else 0))
    elif s - cur[0] <= 2:
        out[k] = (cur[0], cur[1] | (mask << (s - cur[0]) & 7))


def _combine(a: Table, b: Table) -> Table:
    """Min-plus convolution of two tables (cards kept add, places add)."""
    out: dict[int, tuple[int, int]] = {}
    for k1, s1, m1 in a:
        for k2, s2, m2 in b:
            if s1 + s2 > NMAX:
                continue
            mask = 0
            for x in range(3):
                if m1 >> x & 1:
                    mask |= m2 << x & 7
            _merge(out, k1 + k2, s1 + s2, mask)
    return tuple((k, s, m) for k, (s, m) in sorted(out.items()))


@lru_cache(maxsize=64)
def solver(rules: Rules) -> Solver:
    """The (cached) solver of a set of rules."""
    return Solver(rules)


# --- the public functions ---------------------------------------------------------------------

def best_declaration(hand: Counts, rules: Rules, *, discard: bool = False) -> Declaration | None:
    """The declaration with the most points, or None when the cards cannot all be put
    in combinations; with ``discard``, one card (the best one to throw) is left over.

    >>> from advisor.khanhoo.cards import parse_cards, counts_of
    >>> h = counts_of(parse_cards("4h 5h 6h 7h 8h 9h Ac 2c 3c 4c 5c 6c 7c 8c 9c"))
    >>> [c.code for c in best_declaration(h, Rules()).combinations]
    ['sequence', 'sequence']
    """
    return solver(rules).best(hand, discard)


def caps_of(own: Counts, rules: Rules, jokers: int = 0) -> Counts:
    """Places of each kind a target may leave to be filled, for the distance: the pack's
    copies not among the seat's own cards, plus one per Joker in hand (a Joker can stand
    for a card whose copies are all gone, K2)."""
    pack = rules.pack.counts
    return tuple(max(0, pack[i] - own[i]) + jokers for i in range(SET_KINDS)) + (0,)


def distance(hand: Counts, rules: Rules, target: int = HAND_SIZE,
             own: Counts | None = None) -> int | None:
    """The fewest cards the hand must still receive (throwing as many away) to hold
    ``target`` cards all in combinations: 0 for a complete hand (or one that can go out
    with a card to spare), 1 for a hand waiting on a card. ``own`` is every card the seat
    holds or has laid (the hand by default), which no longer counts as obtainable. None
    when no target exists (1 or 2 places left to fill).

    >>> from advisor.khanhoo.cards import parse_cards, counts_of
    >>> distance(counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2c 2d")), Rules())
    0
    """
    if target in (1, 2) or target < 0:
        return None
    n = sum(hand)
    if n > target + 1 or target > NMAX:
        raise HandSizeError(f"hand: {n} cards; the distance is for at most {target + 1} "
                            f"(going out with {target}, K6)", field="hand")
    s = solver(rules)
    if n >= target and s.best(hand, n > target) is not None:
        return 0
    kept = s.kept(hand, caps_of(own if own is not None else hand, rules, hand[JOKER]), target)
    if kept < 0:
        return None
    d = max(0, target - kept - hand[JOKER])
    return d if d > 0 else 1  # 0 only for a hand the exact search completes


def distance_within(hand: Counts, rules: Rules, target: int, own: Counts, bound: int) -> bool:
    """Whether :func:`distance` is at most ``bound`` (a hand with no target never is):
    the search asks only whether enough cards can be kept, and stops when they can.

    >>> from advisor.khanhoo.cards import parse_cards, counts_of
    >>> h = counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"))
    >>> distance_within(h, Rules(), 15, h, 1), distance_within(h, Rules(), 15, h, 0)
    (True, False)
    """
    if target in (1, 2) or target < 0 or bound < 0:
        return False
    n = sum(hand)
    if n > target + 1 or target > NMAX:
        raise HandSizeError(f"hand: {n} cards; the distance is for at most {target + 1} "
                            f"(going out with {target}, K6)", field="hand")
    s = solver(rules)
    if bound < 1:
        return n >= target and s.best(hand, n > target) is not None  # 0 only if complete
    # distance = max(1, target - kept - Jokers) when a target exists (kept >= 0) and the
    # hand is not complete; a complete hand keeps every real card (its declaration is a
    # target), so it passes the same test: the exact search is not needed
    floor = max(0, target - hand[JOKER] - bound) - 1
    caps = caps_of(own, rules, hand[JOKER])
    return s.kept(hand, caps, target, floor) > floor


def useful_cards(hand: Counts, rules: Rules, target: int = HAND_SIZE,
                 own: Counts | None = None, *, within: Counts | None = None) -> list[Card]:
    """Kinds whose receipt lowers the distance of a hand of ``target`` cards or fewer
    (with the best discard after it).

    ``within``: a hand holding ``hand`` and more (the seat's before its discard). What a
    target keeps only grows with the cards, so a kind that does not make ``within`` keep
    more than ``hand`` keeps cannot help ``hand``: it is not searched again (the answer
    is the same, found faster when the discards of one hand are judged in turn).

    >>> from advisor.khanhoo.cards import parse_cards, counts_of
    >>> h = counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"))
    >>> [c.code for c in useful_cards(h, Rules())]
    ['2c', 'Jk']
    >>> far = counts_of(parse_cards("Ah 3h 5h 7h 9h 2c 4c 6c 8c Ad 3d 5d 7d 9d Js"))
    >>> useful_cards(far, Rules()) == useful_cards(far, Rules(), within=plus(far, 1))
    True
    """
    if sum(hand) > target:
        raise HandSizeError(f"hand: {sum(hand)} cards; useful cards are for a hand of at most "
                            f"{target} (one card is then received)", field="hand")
    own = own if own is not None else hand
    now = distance(hand, rules, target, own)
    if now is None or now == 0:
        return []
    s = solver(rules)
    pack = rules.pack.counts
    takes = [i for i in range(KINDS) if own[i] < pack[i]]
    if now == 1:  # waiting: the cards that complete it, by the exact search
        spare = sum(hand) + 1 > target
        return [CARDS[i] for i in takes if s.best(plus(hand, i), spare) is not None]
    # Further away the distance is target - kept - Jokers: a real card helps when one more
    # card can be kept with it, and a Joker always helps.
    jokers = hand[JOKER]
    caps = caps_of(own, rules, jokers)
    kept = s.kept(hand, caps, target)
    kinds = [i for i in takes if i != JOKER]
    if within is not None:
        kinds = sorted(_helping(rules, within, caps, target, kept, tuple(kinds)))
    helping = s.helps(hand, caps, target, kept, kinds)
    return [CARDS[i] for i in takes if i == JOKER or i in helping]


@lru_cache(maxsize=1024)
def _helping(rules: Rules, within: Counts, caps: Counts, target: int, kept: int,
             kinds: tuple[int, ...]) -> frozenset[int]:
    """The ``kinds`` that make ``within`` keep more than ``kept`` cards, remembered (the
    discards of one hand ask it in turn)."""
    s = solver(rules)
    if s.kept(within, caps, target) > kept:
        return frozenset(kinds)  # what a target keeps only grows with the cards
    return s.helps(within, caps, target, kept, kinds)


def unseen_counts(own: Counts, seen: Counts, rules: Rules) -> Counts:
    """Copies of each kind neither among the seat's own cards nor seen elsewhere."""
    return tuple(max(0, p - a - b) for p, a, b in zip(rules.pack.counts, own, seen))


Useful = UsefulCard[Card]
"""A card kind that helps, and how many copies are unseen (every game's ``Useful``)."""


@dataclass(frozen=True)
class DiscardRow:
    """One line of the discard table: a discard and the hand it leaves."""

    card: Card
    out: bool
    points: int | None
    distance: int | None
    useful: tuple[Useful, ...]

    @property
    def useful_unseen(self) -> int:
        return sum(u.unseen for u in self.useful)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "out": self.out, "points": self.points,
                "distance": self.distance, "useful": [u.to_json() for u in self.useful],
                "useful_unseen": self.useful_unseen}


def discard_table(hand: Counts, rules: Rules, target: int = HAND_SIZE,
                  own: Counts | None = None, seen: Counts | None = None) -> list[DiscardRow]:
    """For a hand of ``target + 1`` cards: every distinct discard with the points it goes
    out with (if it does), the distance it leaves and the useful cards then — best first
    (going out with the most points, then the smallest distance, the most useful copies)."""
    if sum(hand) != target + 1:
        raise HandSizeError(f"hand: a discard table needs {target + 1} cards, not {sum(hand)}",
                            field="hand")
    own = own if own is not None else hand
    unseen = unseen_counts(own, seen or (0,) * KINDS, rules)
    s = solver(rules)
    rows: list[DiscardRow] = []
    for c in cards_of(hand):
        if rows and rows[-1].card == c:
            continue
        after = minus(hand, c.index)
        decl = s.best(after, False)
        if decl is not None:
            rows.append(DiscardRow(c, True, decl.points, 0, ()))
            continue
        d = distance(after, rules, target, own)
        useful = tuple(Useful(u, unseen[u.index]) for u in useful_cards(after, rules, target, own))
        rows.append(DiscardRow(c, False, None, d, useful))
    rows.sort(key=lambda r: (not r.out, -(r.points or 0), r.distance is None, r.distance or 0,
                             -r.useful_unseen, r.card.index))
    return rows


__all__ = [
    "HAND_SIZE", "ORPHAN_SIZE", "Combination", "Declaration", "DiscardRow", "Solver", "Useful",
    "best_declaration", "caps_of", "discard_table", "distance", "distance_within", "solver",
    "unseen_counts",
    "useful_cards",
]
