"""Hypothesis strategies for Chắn hands (rules §1, §2).

Hands are count vectors (``advisor.chan.cards.Counts``): 25 ints indexed by face.
Every strategy respects the deck (S1: four copies of each face), counting the cards
already placed in exposed melds.

* :func:`hands` — ``n`` cards drawn uniformly from the deck (or from what is left).
* :func:`skewed_hands` — ``n`` cards concentrated on a few ranks, so that pairs, threes,
  fours (Tứ / Chíu material), Ba đầu and faces with no copy left happen often.
* :func:`hands_with_melds` — random exposed melds (Chắn, Cạ, Chíu) plus a concealed
  hand, with hand + melds = ``total`` cards.
* :func:`winning_sets` / :func:`waiting_hands` — a winning 20-card set (W1) built from
  ten pairs, optionally with some pairs exposed; and a 19-card hand made from one by
  removing a card (often actually waiting) and sometimes perturbing it.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from advisor.chan.cards import CC, COPIES, FACES, FULL_DECK, NFACES, Counts, Face
from advisor.chan.pairing import NO_MELDS, Exposed, Meld

RANK_FACES: tuple[tuple[int, ...], ...] = (
    *(tuple(range(i, i + 3)) for i in range(0, CC, 3)),
    (CC,),
)
"""The face indices of each rank (2…9), then the Chi chi on its own."""


def cards_left(limit: Counts) -> list[int]:
    """One entry per physical card still available: the face index, repeated."""
    return [i for i in range(NFACES) for _ in range(limit[i])]


def to_counts(indices: Sequence[int]) -> Counts:
    c = [0] * NFACES
    for i in indices:
        c[i] += 1
    return tuple(c)


def remaining(limit: Counts, used: Counts) -> Counts:
    return tuple(a - b for a, b in zip(limit, used))


def plus(c: Counts, i: int, n: int = 1) -> Counts:
    return tuple(x + n if j == i else x for j, x in enumerate(c))


@st.composite
def _draw_cards(draw: st.DrawFn, n: int, limit: Counts) -> Counts:
    """Exactly ``n`` distinct physical cards out of the copies ``limit`` allows."""
    pool = cards_left(limit)
    if n > len(pool):
        raise ValueError(f"cannot draw {n} cards from {len(pool)}")
    if n == 0:
        return (0,) * NFACES
    positions = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=n, max_size=n, unique=True)
    )
    return to_counts([pool[p] for p in positions])


def hands(n: int, limit: Counts = FULL_DECK) -> st.SearchStrategy[Counts]:
    """A count vector of ``n`` cards drawn from the deck (or from ``limit``)."""
    return _draw_cards(n, limit)


@st.composite
def skewed_hands(draw: st.DrawFn, n: int, limit: Counts = FULL_DECK) -> Counts:
    """``n`` cards concentrated on one to four ranks (the Chi chi counts as a rank):
    threes, fours, Ba đầu and exhausted faces are common."""
    ranks = draw(st.lists(st.integers(0, len(RANK_FACES) - 1), min_size=1, max_size=4,
                          unique=True))
    favoured = [0] * NFACES
    for r in ranks:
        for i in RANK_FACES[r]:
            favoured[i] = limit[i]
    fav = tuple(favoured)
    k = min(n, sum(fav))
    # Sometimes leave a couple of cards for the rest of the deck.
    k = max(0, k - draw(st.integers(0, min(2, k))))
    rest = remaining(limit, fav)
    if n - k > sum(rest):
        k = n - sum(rest)
    main = draw(_draw_cards(k, fav))
    extra = draw(_draw_cards(n - k, rest))
    return tuple(a + b for a, b in zip(main, extra))


def any_hands(n: int, limit: Counts = FULL_DECK) -> st.SearchStrategy[Counts]:
    """Uniform or skewed, half and half."""
    return st.one_of(hands(n, limit), skewed_hands(n, limit))


@st.composite
def melds(draw: st.DrawFn, max_melds: int = 4, max_cards: int = 20,
          limit: Counts = FULL_DECK) -> tuple[Meld, ...]:
    """Up to ``max_melds`` exposed melds (Chắn, Cạ, Chíu), at most ``max_cards`` cards,
    never more copies of a face than ``limit`` holds."""
    left = list(limit)
    out: list[Meld] = []
    cards = 0
    for _ in range(draw(st.integers(0, max_melds))):
        kind = draw(st.sampled_from(["chan", "chan", "ca", "ca", "chiu"]))
        if kind == "chiu":
            choices = [i for i in range(NFACES) if left[i] >= 4]
            need = 4
        elif kind == "chan":
            choices = [i for i in range(NFACES) if left[i] >= 2]
            need = 2
        else:
            choices = [i for i in range(CC) if left[i] >= 1]
            need = 2
        if not choices or cards + need > max_cards:
            continue
        i = draw(st.sampled_from(choices))
        if kind == "ca":
            others = [j for j in RANK_FACES[i // 3] if j != i and left[j] >= 1]
            if not others:
                continue
            j = draw(st.sampled_from(others))
            faces: tuple[Face, ...] = (FACES[i], FACES[j])
        else:
            faces = (FACES[i],) * need
        for f in faces:
            left[f.index] -= 1
        cards += need
        out.append(Meld.of(faces))
    return tuple(out)


@st.composite
def hands_with_melds(draw: st.DrawFn, total: int = 19, max_melds: int = 4,
                     skewed: bool | None = None) -> tuple[Counts, Exposed]:
    """(hand, exposed) with hand + exposed = ``total`` cards, four copies per face."""
    ms = draw(melds(max_melds=max_melds, max_cards=total))
    exposed = Exposed.of(ms)
    limit = remaining(FULL_DECK, exposed.counts)
    n = total - exposed.size
    use_skew = draw(st.booleans()) if skewed is None else skewed
    hand = draw(skewed_hands(n, limit) if use_skew else hands(n, limit))
    return hand, exposed


@st.composite
def winning_sets(draw: st.DrawFn, max_exposed: int = 4, chan: int | None = None,
                 chi_chi: bool = False) -> tuple[Counts, Exposed]:
    """A winning set (W1) of 20 cards split into (hand, exposed): ten pairs, of which
    ``chan`` (default: 6–10, drawn) are Chắn and the rest Cạ; some pairs are exposed
    (a pair of pairs of one face may be exposed as a Chíu).

    With ``chi_chi``, the first pair is ``cc cc`` and it stays concealed (for W2).

    The P0 of the whole set may find more Chắn than were built (two Cạ 5v5s + 5v5m hold
    a 5v Chắn), never fewer, so the set always satisfies W1.
    """
    n_chan = draw(st.integers(6, 10)) if chan is None else chan
    left = list(FULL_DECK)
    pairs: list[tuple[int, int]] = []
    for k in range(10):
        want_chan = k < n_chan
        if k == 0 and chi_chi:
            pair = (CC, CC)
        elif want_chan:
            choices = [i for i in range(NFACES) if left[i] >= 2]
            i = draw(st.sampled_from(choices))
            pair = (i, i)
        else:
            choices = [
                i for i in range(CC)
                if left[i] >= 1 and any(left[j] >= 1 for j in RANK_FACES[i // 3] if j != i)
            ]
            i = draw(st.sampled_from(choices))
            j = draw(st.sampled_from([j for j in RANK_FACES[i // 3] if j != i and left[j] >= 1]))
            pair = (min(i, j), max(i, j))
        left[pair[0]] -= 1
        left[pair[1]] -= 1
        pairs.append(pair)
    # Expose some of the pairs (in the order drawn; Hypothesis shuffles through choices).
    n_exposed = draw(st.integers(0, max_exposed))
    order = draw(st.permutations(range(1, 10) if chi_chi else range(10)))
    if chi_chi:
        order = [*order, 0]
    exposed_pairs = [pairs[k] for k in order[:n_exposed]]
    hand_pairs = [pairs[k] for k in order[n_exposed:]]
    ms: list[Meld] = []
    pending = list(exposed_pairs)
    while pending:
        a = pending.pop(0)
        if a[0] == a[1] and a in pending and draw(st.booleans()):
            pending.remove(a)
            ms.append(Meld.of([FACES[a[0]]] * 4))  # Chíu: two Chắn of one face
        else:
            ms.append(Meld.of([FACES[a[0]], FACES[a[1]]]))
    hand = to_counts([i for p in hand_pairs for i in p])
    return hand, Exposed.of(ms)


@st.composite
def waiting_hands(draw: st.DrawFn, max_exposed: int = 4) -> tuple[Counts, Exposed]:
    """A 19-card (hand + exposed) position: a winning set with one concealed card
    removed (usually waiting), sometimes perturbed by exchanging a card, and sometimes
    simply a random or skewed 19-card position."""
    source = draw(st.sampled_from(["win", "win", "win", "perturbed", "random"]))
    if source == "random":
        return draw(hands_with_melds(total=19, max_melds=max_exposed))
    hand, exposed = draw(winning_sets(max_exposed=max_exposed))
    held = [i for i in range(NFACES) if hand[i]]
    i = draw(st.sampled_from(held))
    hand = plus(hand, i, -1)
    if source == "perturbed":
        held = [j for j in range(NFACES) if hand[j]]
        j = draw(st.sampled_from(held))
        hand = plus(hand, j, -1)
        free = [
            k for k in range(NFACES) if hand[k] + exposed.counts[k] < COPIES
        ]
        k = draw(st.sampled_from(free))
        hand = plus(hand, k, 1)
    return hand, exposed


__all__ = [
    "NO_MELDS",
    "RANK_FACES",
    "any_hands",
    "cards_left",
    "hands",
    "hands_with_melds",
    "melds",
    "plus",
    "remaining",
    "skewed_hands",
    "to_counts",
    "waiting_hands",
    "winning_sets",
]
