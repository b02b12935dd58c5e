"""Hypothesis strategies for Khanhoo hands (count vectors of 31 ints, the Joker last).

* :func:`hands` — ``n`` cards drawn from the pack.
* :func:`dense_hands` — ``n`` cards made mostly of whole combinations of the table (some
  of their cards replaced by Jokers) plus a few random cards, so that complete hands,
  near-complete ones and competing readings are common.
"""

from __future__ import annotations

from hypothesis import strategies as st

from advisor.khanhoo.cards import JOKER, KINDS, Counts
from advisor.khanhoo.rules import Rules

STANDARD = Rules()


def to_counts(indices: list[int]) -> Counts:
    c = [0] * KINDS
    for i in indices:
        c[i] += 1
    return tuple(c)


@st.composite
def hands(draw: st.DrawFn, n: int, rules: Rules = STANDARD) -> Counts:
    """``n`` cards drawn uniformly from the pack of ``rules``."""
    pool = [i for i, m in enumerate(rules.pack.counts) for _ in range(m)]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=n, max_size=n, unique=True))
    return to_counts([pool[p] for p in picks])


@st.composite
def dense_hands(draw: st.DrawFn, n: int, rules: Rules = STANDARD, noise: int = 2) -> Counts:
    """About ``n`` cards: whole combinations of the table, up to ``noise`` random cards,
    some cards swapped for Jokers (as many as the pack holds). Exactly ``n`` cards."""
    left = list(rules.pack.counts)
    cards: list[int] = []
    patterns = [p for p in rules.patterns if p.size <= n]
    for _ in range(8):
        if len(cards) >= n - noise:
            break
        p = draw(st.sampled_from(patterns))
        if len(cards) + p.size > n or any(left[i] < m for i, m in p.need):
            continue
        for i, m in p.need:
            left[i] -= m
            cards += [i] * m
    while len(cards) < n:
        pool = [i for i in range(KINDS) if left[i] > 0]
        i = draw(st.sampled_from(pool))
        left[i] -= 1
        cards.append(i)
    cards = cards[:n]
    for _ in range(draw(st.integers(0, left[JOKER]))):
        k = draw(st.integers(0, len(cards) - 1))
        if cards[k] != JOKER:
            left[cards[k]] += 1
            cards[k] = JOKER
    return to_counts(cards)
