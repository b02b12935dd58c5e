"""Slow, obviously-correct reference implementations the Khanhoo solver is checked against.

Combinations are recognised by predicates on the cards' suits and ranks (not by the
library's pattern table), Jokers by trying every card they could stand for, and the best
declaration by listing every partition of the cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import product

from advisor.khanhoo.cards import JOKER, SET_KINDS
from advisor.khanhoo.rules import Rules

Run = tuple[int, int, int]  # suit, first rank, last rank


def _suit(i: int) -> str:
    return "hcd"[i // 9] if i < 27 else "s"


def _rank(i: int) -> int:
    return i % 9 + 1 if i < 27 else 11 + i - 27


def kinds_of(ids: tuple[int, ...], codes: frozenset[str]) -> list[tuple[str, int, Run | None]]:
    """Every (kind, points, run) a list of real card kinds makes, by the rules' words."""
    n = len(ids)
    suits = [_suit(i) for i in ids]
    ranks = [_rank(i) for i in ids]
    names = sorted((r, s) for r, s in zip(ranks, suits))
    found: list[tuple[str, int, Run | None]] = []

    def add(code: str, points: int, run: Run | None = None) -> None:
        if code in codes:
            found.append((code, points, run))

    numerals = "s" not in suits
    if numerals and n >= 3 and len(set(suits)) == 1:
        rs = sorted(ranks)
        if rs == list(range(rs[0], rs[0] + n)):
            add("sequence", 1, ("hcd".index(suits[0]), rs[0], rs[-1]))
        distinct = sorted(set(rs))
        if n == 9 and len(distinct) == 3 and distinct == list(range(distinct[0], distinct[0] + 3)) \
                and all(rs.count(r) == 3 for r in distinct):
            add("triple_sequence", 3)
    if numerals and len(set(ranks)) == 1:
        per = [suits.count(s) for s in "hcd"]
        if per == [1, 1, 1]:
            add("triplet", 2)
        if per == [2, 2, 2]:
            add("double_triplet", 10)
        if per == [3, 3, 3]:
            add("triple_triplet", 9)
            if ranks[0] == 1:
                add("triple_aces", 6)
        if ranks[0] == 1 and n == 3 and sorted(per) == [0, 1, 2]:
            add("aces", 1)
    k = [(1, "h"), (2, "c"), (3, "d")]
    for times, code, points in ((1, "khanhoo", 5), (2, "double_khanhoo", 15),
                                (3, "triple_khanhoo", 25)):
        if names == sorted(k * times):
            add(code, points)
    courts = [(11, "s"), (12, "s"), (13, "s")]
    for times, code, points in ((1, "courts", 3), (2, "double_courts", 10),
                                (3, "triple_courts", 12)):
        if names == sorted(courts * times):
            add(code, points)
    for court, partner, letter in ((11, (7, "d"), "j"), (12, (8, "c"), "q"), (13, (9, "h"), "k")):
        c = (court, "s")
        if names == sorted([c, partner, partner]):
            add(f"royal_{letter}", 4)
        if names == sorted([c, c, partner]):
            add(f"reverse_{letter}", 4)
        if names == sorted([c, partner] * 3):
            add(f"triple_royal_{letter}", 8)
    if len(set(ids)) == 1:
        if n == 3:
            add("trio", 6)
        if n == 4:
            add("quartette", 12)
    return found


@cache
def readings(real: tuple[int, ...], jokers: int, codes: frozenset[str]
             ) -> tuple[int | None, frozenset[Run]]:
    """A block's best points as a non-Sequence, and every Sequence it can be (1 point)."""
    best: int | None = None
    runs: set[Run] = set()
    for stand in product(range(SET_KINDS), repeat=jokers):
        for _code, points, run in kinds_of(tuple(sorted(real + stand)), codes):
            if run is not None:
                runs.add(run)
            elif best is None or points > best:
                best = points
    return best, frozenset(runs)


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for n in range(len(part)):
            yield part[:n] + [[first, *part[n]]] + part[n + 1 :]
        yield [[first], *part]


def _adjacent(a: Run, b: Run) -> bool:
    return a[0] == b[0] and (a[2] + 1 == b[1] or b[2] + 1 == a[1])


def best_points(cards: list[int], rules: Rules) -> int | None:
    """The most points of any partition of all ``cards`` (kind indices, Joker 30) into
    combinations, K-run applied; None when there is none."""
    codes = frozenset(k.code for k in rules.kinds)
    best: int | None = None
    for part in _partitions(cards):
        options = []
        for block in part:
            real = tuple(sorted(i for i in block if i != JOKER))
            other, runs = readings(real, len(block) - len(real), codes)
            choice: list[tuple[int, Run | None]] = [(r_pts, run) for run in runs
                                                    for r_pts in (1,)]
            if other is not None:
                choice.append((other, None))
            if not choice:
                break
            options.append(choice)
        else:
            for pick in product(*options):
                runs_used = [r for _, r in pick if r is not None]
                if not rules.split_sequences and any(
                        _adjacent(a, b) for n, a in enumerate(runs_used)
                        for b in runs_used[n + 1:]):
                    continue
                total = sum(p for p, _ in pick)
                if best is None or total > best:
                    best = total
    return best


def best_points_with_discard(cards: list[int], rules: Rules) -> int | None:
    """:func:`best_points` with one card thrown away, the best one."""
    best: int | None = None
    for n in sorted(set(range(len(cards))), key=lambda k: cards[k]):
        v = best_points(cards[:n] + cards[n + 1 :], rules)
        if v is not None and (best is None or v > best):
            best = v
    return best


def is_combination(real: tuple[int, ...], stands_for: tuple[int, ...], rules: Rules) -> bool:
    """Do these real cards, with the Jokers standing for ``stands_for``, make a
    combination of the table?"""
    codes = frozenset(k.code for k in rules.kinds)
    return bool(kinds_of(tuple(sorted(real + stands_for)), codes))


def relaxed_distance(hand: tuple[int, ...], rules: Rules, target: int,
                     caps: tuple[int, ...]) -> int | None:
    """The distance by a plain search over every pattern (no split by suits): for each
    way of keeping cards in patterns — the lowest card dropped, or placed in any pattern
    of the table with its other places filled from the hand or left missing where
    ``caps`` allows — the most cards kept for each number of places; then the best target
    of exactly ``target`` places (padding by three or more), less the Jokers."""
    patterns = [p for p in rules.patterns]
    neg = -99
    memo: dict[tuple[tuple[int, ...], int, int], list[int]] = {}

    def go(c: tuple[int, ...], st: int, en: int, suit: int) -> list[int]:
        i = next((k for k in range(SET_KINDS) if c[k]), None)
        if i is None:
            return [0] + [neg] * target
        s = i // 9 if i < 27 else 3
        if s != suit:
            st = en = 0
        key = (c, st, en)
        if key in memo:
            return memo[key]
        res = list(go(c[:i] + (c[i] - 1,) + c[i + 1 :], st, en, s))
        for p in patterns:
            if p.size > target or all(k != i for k, _ in p.need):
                continue
            nc = list(c)
            kept = 0
            ok = True
            for k, m in p.need:
                used = min(m, nc[k])
                if m - used > caps[k]:
                    ok = False
                nc[k] -= used
                kept += used
            if not ok:
                continue
            nst, nen = st, en
            if p.run is not None:
                _, a, b = p.run
                if not rules.split_sequences and (en >> (a - 1) & 1 or st >> (b + 1) & 1):
                    continue
                nst, nen = st | 1 << a, en | 1 << b
            sub = go(tuple(nc), nst, nen, s)
            for size in range(target - p.size + 1):
                if sub[size] > neg and sub[size] + kept > res[size + p.size]:
                    res[size + p.size] = sub[size] + kept
        memo[key] = res
        return res

    best = go(tuple(hand[:SET_KINDS]), 0, 0, -1)
    kept = max((best[s] for s in range(target + 1) if target - s == 0 or target - s >= 3),
               default=neg)
    if kept == neg:
        return None
    return max(0, target - kept - hand[JOKER])
