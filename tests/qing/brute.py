"""A brute force over all partitions of a hand into groups and extras, written from the
rules' text (Q2–Q5) and independent of the solver: the oracle of the win check."""

from __future__ import annotations

import itertools
from functools import cache

# cards as (suit, rank): suit "c", "s", "m" with rank 1–9, or ("f", name) for a flower
EYES = {
    "culin": [("1c", "2c", "3c"), ("RF", "9s", "OT"), ("WF", "8s", "9m"), ("9c", "1s", "1m"),
              ("8c", "2s", "2m"), ("8c", "3s", "2m"), ("7c", "3s", "3m")],
}
EYES["wilkinson"] = EYES["culin"][:5] + [("RF", "9s", "9m")] + EYES["culin"][6:]
FLOWER = {"RF", "WF", "OT"}


def is_extra(code: str) -> bool:
    return code in FLOWER or code[0] == "1"


def is_eye(group: tuple[str, ...], eye6: str) -> bool:
    return any(sorted(group) == sorted(e) for e in EYES[eye6])


def is_boy(group: tuple[str, ...], replace: bool) -> bool:
    """A sequence of 3+ of one suit or three of one number (Q3); with ``replace`` the
    flowers among them may stand for any card (Q4's option)."""
    real = [c for c in group if c not in FLOWER]
    wild = len(group) - len(real)
    if wild and not replace:
        return False
    if not real or len(group) < 3:
        return False
    ranks = [int(c[0]) for c in real]
    suits = {c[1] for c in real}
    triplet = len(group) == 3 and len(set(ranks)) == 1
    sequence = (len(suits) == 1 and len(set(ranks)) == len(ranks) and len(group) <= 9
                and max(ranks) - min(ranks) + 1 <= len(group))
    return triplet or sequence


def related(a: str, b: str) -> bool:
    if b in FLOWER or a in FLOWER:
        return True
    return a[1] == b[1] or a[0] == b[0] or any(a in e and b in e for e in EYES["culin"] +
                                                  EYES["wilkinson"])


def brute_wins(cards: list[str], eye6: str = "culin", replace: bool = False,
               eye: bool = False) -> bool:
    """Whether the cards split into groups (eyes, boys) and extras, with an eye."""

    @cache
    def go(rest: tuple[str, ...], have_eye: bool) -> bool:
        if not rest:
            return have_eye
        first, others = rest[0], rest[1:]
        if is_extra(first) and go(others, have_eye):
            return True
        pool = [i for i, c in enumerate(others) if related(first, c)]
        for k in range(2, 9):
            for pick in set(itertools.combinations(pool, k)):
                group = (first, *(others[i] for i in pick))
                key = tuple(sorted(group))
                eyeish = len(group) == 3 and is_eye(key, eye6)
                if not (eyeish or is_boy(key, replace)):
                    continue
                left = tuple(c for i, c in enumerate(others) if i not in pick)
                if go(left, have_eye or eyeish):
                    return True
        return False

    order = {c: n for n, c in enumerate(
        [f"{r}{s}" for s in "csm" for r in range(1, 10)] + ["RF", "WF", "OT"])}
    return go(tuple(sorted(cards, key=order.__getitem__)), eye)
