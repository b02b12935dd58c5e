"""Hypothesis strategies for Qing Kanhu: hands drawn from the 120-card pack, winning hands
built from groups, and near misses (a winning hand with one card changed)."""

from __future__ import annotations

from hypothesis import strategies as st

from advisor.qing.cards import CARDS, EXTRAS, KINDS, PACK, Counts, counts_of
from advisor.qing.rules import Rules, _boys

PACK_CARDS = [c for c in CARDS for _ in range(4)]


@st.composite
def hands(draw: st.DrawFn, size: int = 15) -> Counts:
    """A hand of ``size`` cards dealt from the pack."""
    picks = draw(st.lists(st.integers(0, len(PACK_CARDS) - 1), min_size=size, max_size=size,
                          unique=True))
    return counts_of(PACK_CARDS[i] for i in picks)


@st.composite
def winning_hands(draw: st.DrawFn, rules: Rules | None = None, size: int = 15) -> Counts:
    """A hand built as one eye, boys and extras (a copy beyond four is redrawn)."""
    rules = rules or Rules()
    eye = draw(st.sampled_from(rules.eyes))
    c = [0] * KINDS
    for k, n in eye.need:
        c[k] += n
    boys = _boys(9)
    tries = 0
    while sum(c) < size and tries < 60:
        tries += 1
        left = size - sum(c)
        if left < 3 or draw(st.integers(0, 4)) == 0:
            k = draw(st.sampled_from(EXTRAS))
            if c[k] < 4:
                c[k] += 1
            continue
        b = draw(st.sampled_from([p for p in boys if p.size <= left]))
        if all(c[k] + n <= PACK[k] for k, n in b.need):
            for k, n in b.need:
                c[k] += n
    while sum(c) < size:
        k = next(k for k in EXTRAS if c[k] < 4)
        c[k] += 1
    return tuple(c)


@st.composite
def near_misses(draw: st.DrawFn, rules: Rules | None = None) -> Counts:
    """A winning hand with one card exchanged for another kind."""
    h = list(draw(winning_hands(rules)))
    out = draw(st.sampled_from([k for k in range(KINDS) if h[k]]))
    into = draw(st.sampled_from([k for k in range(KINDS) if k != out and h[k] < 4]))
    h[out] -= 1
    h[into] += 1
    return tuple(h)
