"""Canonical pairing (P0), winning sets (W1/W2), distance, waits and the discard table.

Pairs never cross ranks (rules §2), so everything here is computed rank by rank
from small tables and combined:

* P0 counts come from one lookup per rank in a 125-entry table
  (suit counts ``(a, b, c)`` → Chắn, Cạ, unpaired), packed in one int so a whole
  hand is nine lookups and one sum.
* The distance to a win (defined in ``docs/pairing.md``) comes from per-rank
  option tables combined by min-plus convolution over the number of Cạ.

>>> from advisor.chan.cards import parse_cards, counts_of
>>> p = pairing(counts_of(parse_cards("2v 2v 3v 3s 4v 4s 4m 9m")))
>>> p.chan, p.ca, p.unpaired
(1, 2, 2)
>>> [g.kind for g in p.groups]
['chan', 'ca', 'ba_dau', 'que']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from advisor.chan.cards import (
    CC,
    COPIES,
    EMPTY,
    FACES,
    NFACES,
    Counts,
    Face,
    counts_of,
    parse_cards,
)
from advisor.counts import minus, plus, replace
from advisor.errors import HandSizeError, MeldError

WIN_SIZE = 20
"""Hand + exposed melds + winning card (W1)."""
MIN_CHAN = 6
"""W1: at least six Chắn; so at most four Cạ among the ten pairs."""
MAX_CA = 10 - MIN_CHAN

_SHIFT = 8
_MASK = (1 << _SHIFT) - 1


def _pack(chan: int, ca: int, unpaired: int) -> int:
    return chan | ca << _SHIFT | unpaired << 2 * _SHIFT


def _rank_p0(a: int, b: int, c: int) -> tuple[int, int, int]:
    """P0 of one rank with suit counts (a, b, c): (Chắn, Cạ, unpaired) — rules §2."""
    left = a % 2 + b % 2 + c % 2
    return a // 2 + b // 2 + c // 2, int(left >= 2), left - 2 * int(left >= 2)


RANK_TABLE: tuple[int, ...] = tuple(
    _pack(*_rank_p0(a, b, c)) for a in range(5) for b in range(5) for c in range(5)
)
"""P0 of one rank, packed; index ``a*25 + b*5 + c``."""
CC_TABLE: tuple[int, ...] = tuple(_pack(n // 2, 0, n % 2) for n in range(5))
"""P0 of the Chi chi: ⌊n/2⌋ Chắn, n mod 2 unpaired."""


def p0_packed(c: Counts) -> int:
    """P0 of a count vector as one packed int (see :func:`unpack`). The hot path."""
    t = RANK_TABLE
    return (
        t[c[0] * 25 + c[1] * 5 + c[2]] + t[c[3] * 25 + c[4] * 5 + c[5]]
        + t[c[6] * 25 + c[7] * 5 + c[8]] + t[c[9] * 25 + c[10] * 5 + c[11]]
        + t[c[12] * 25 + c[13] * 5 + c[14]] + t[c[15] * 25 + c[16] * 5 + c[17]]
        + t[c[18] * 25 + c[19] * 5 + c[20]] + t[c[21] * 25 + c[22] * 5 + c[23]]
        + CC_TABLE[c[24]]
    )


def unpack(packed: int) -> tuple[int, int, int]:
    """(Chắn, Cạ, unpaired) from :func:`p0_packed`."""
    return packed & _MASK, packed >> _SHIFT & _MASK, packed >> 2 * _SHIFT


def p0_counts(c: Counts) -> tuple[int, int, int]:
    """(Chắn, Cạ, unpaired) of the canonical pairing P0.

    >>> from advisor.chan.cards import parse_cards, counts_of
    >>> p0_counts(counts_of(parse_cards("5v 5v 5v 5s cc")))
    (1, 1, 1)
    """
    return unpack(p0_packed(c))


def is_win_20(c: Counts) -> bool:
    """W1 for 20 concealed cards and no exposed meld: no unpaired card and ≥ 6 Chắn."""
    v = p0_packed(c)
    return v >> 2 * _SHIFT == 0 and v & _MASK >= MIN_CHAN


# --- exposed melds ---------------------------------------------------------------------

MELD_KINDS = ("chan", "ca", "chiu")


@dataclass(frozen=True)
class Meld:
    """An exposed meld: a Chắn (2 identical), a Cạ (same rank, two suits) or a Chíu (4 identical).

    >>> Meld.parse("5v 5m").kind
    'ca'
    """

    kind: str
    faces: tuple[Face, ...]

    @classmethod
    def parse(cls, text: str | Sequence[str]) -> Meld:
        return cls.of(parse_cards(text))

    @classmethod
    def of(cls, faces: Sequence[Face]) -> Meld:
        if len(faces) == 4 and len({f.index for f in faces}) == 1:
            return cls("chiu", tuple(faces))
        if len(faces) == 2:
            a, b = faces
            if a.index == b.index:
                return cls("chan", (a, b))
            if a.rank == b.rank and a.suit != "c":
                return cls("ca", tuple(sorted(faces, key=lambda f: f.index)))
        codes = " ".join(f.code for f in faces)
        raise MeldError(
            f"'{codes}' is not a meld: a meld is a Chắn (two identical cards), a Cạ "
            "(same rank, different suits) or a Chíu (four identical) (§2)",
            token=codes,
        )

    @property
    def chan(self) -> int:
        """Chắn it counts for: a Chíu counts as two (§2)."""
        return {"chan": 1, "ca": 0, "chiu": 2}[self.kind]

    @property
    def codes(self) -> list[str]:
        return [f.code for f in self.faces]


@dataclass(frozen=True)
class Exposed:
    """The exposed melds of a seat, summarised for evaluation."""

    melds: tuple[Meld, ...] = ()
    counts: Counts = EMPTY
    chan: int = 0
    ca: int = 0
    size: int = 0

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> Exposed:
        ms = tuple(melds)
        return cls(
            ms,
            counts_of(f for m in ms for f in m.faces),
            sum(m.chan for m in ms),
            sum(m.kind == "ca" for m in ms),
            sum(len(m.faces) for m in ms),
        )

    @classmethod
    def parse(cls, melds: Iterable[str | Sequence[str]]) -> Exposed:
        return cls.of(Meld.parse(m) for m in melds)

    @property
    def pairs(self) -> int:
        return self.size // 2


NO_MELDS = Exposed()


# --- the canonical pairing, laid out by group --------------------------------------------

GROUP_KINDS = ("four", "chan", "ca", "ba_dau", "que")
GROUP_NAMES = {"four": "Tứ (4 giống)", "chan": "Chắn", "ca": "Cạ", "ba_dau": "Ba đầu", "que": "Què"}


@dataclass(frozen=True)
class Group:
    """One group of the laid-out pairing: a four (two Chắn), a Chắn, a Cạ, a Ba đầu
    (three suits of one rank: one Cạ and one unpaired card) or a Què (a lone card)."""

    kind: str
    faces: tuple[Face, ...]

    @property
    def pairs(self) -> list[tuple[Face, Face]]:
        f = self.faces
        if self.kind == "four":
            return [(f[0], f[1]), (f[2], f[3])]
        if self.kind in ("chan", "ca", "ba_dau"):
            return [(f[0], f[1])]
        return []


@dataclass(frozen=True)
class Pairing:
    """The canonical pairing P0 of a set of cards (rules §2)."""

    chan: int
    ca: int
    unpaired: int
    groups: tuple[Group, ...] = field(repr=False)

    @property
    def pairs(self) -> list[tuple[Face, Face]]:
        return [p for g in self.groups for p in g.pairs]

    @property
    def lone(self) -> list[Face]:
        """The unpaired cards (one per Ba đầu, one per Què)."""
        return [g.faces[-1] for g in self.groups if g.kind in ("ba_dau", "que")]


def pairing(c: Counts) -> Pairing:
    """Lay out P0 by group. Which leftover pair forms the Cạ is arbitrary (§2); we keep
    the two lowest faces, so the lone card of a Ba đầu is its Văn card."""
    chan, ca, unpaired = p0_counts(c)
    groups: list[Group] = []
    for start in range(0, NFACES, 3):
        faces = FACES[start : start + 3] if start < CC else (FACES[CC],)
        odd = []
        for f in faces:
            n = c[f.index]
            if n == 4:
                groups.append(Group("four", (f,) * 4))
            elif n >= 2:
                groups.append(Group("chan", (f, f)))
            if n % 2:
                odd.append(f)
        if len(odd) == 3:
            groups.append(Group("ba_dau", tuple(odd)))
        elif len(odd) == 2:
            groups.append(Group("ca", tuple(odd)))
        elif odd:
            groups.append(Group("que", tuple(odd)))
    order = {k: i for i, k in enumerate(GROUP_KINDS)}
    groups.sort(key=lambda g: (order[g.kind], g.faces[0].index))
    return Pairing(chan, ca, unpaired, tuple(groups))


# --- winning sets --------------------------------------------------------------------

def win_counts(hand: Counts, exposed: Exposed = NO_MELDS) -> tuple[int, int] | None:
    """(Chắn, Cạ) of hand + melds if it forms ten pairs (W1's shape), else None."""
    if sum(hand) + exposed.size != WIN_SIZE:
        return None
    chan, ca, unpaired = p0_counts(hand)
    if unpaired:
        return None
    return chan + exposed.chan, ca + exposed.ca


def is_win(hand: Counts, exposed: Exposed = NO_MELDS, winning: Face | None = None) -> bool:
    """W1 (and W2 when the winning card is Chi chi) for hand + melds, where ``hand``
    already holds the winning card.

    >>> from advisor.chan.cards import parse_cards, counts_of, parse_face
    >>> h = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m 3s 3m"))
    >>> is_win(h)
    True
    """
    wc = win_counts(hand, exposed)
    if wc is None:
        return False
    chan, ca = wc
    if winning is not None and winning.index == CC:
        return chan == MIN_CHAN and ca == MAX_CA  # W2
    return chan >= MIN_CHAN


# --- distance --------------------------------------------------------------------------
#
# See docs/pairing.md for the definition and the argument. In short: a target set T keeps
# some hand cards and receives the others; distance = cards received. Per rank, the target
# fixes which faces end with an odd count: none (no Cạ) or exactly two (one Cạ). Each face
# whose parity is wrong costs one card: receive one more copy (if one is left) or throw
# one away. An option of a rank is then (Cạ, m = faces to fix, m - βmax, βmin), with
# β = received - thrown in that rank. Over the hand, with e = cards still missing:
# thrown = (Σm - min(e, Σβmax)) / 2, needing Σβmin ≤ e and Σ Cạ ≤ 4 - exposed Cạ, and
# distance = e + thrown.

Option = tuple[int, int, int, int]  # (ca, m, m - beta_max, beta_min)


def _options(h: Sequence[int], cap: Sequence[int]) -> tuple[Option, ...]:
    """Pareto-optimal options of one rank (or of the Chi chi, with one face)."""
    k = len(h)
    patterns: list[tuple[int, ...]] = [(0,) * k]
    if k == 3:
        patterns += [(1, 1, 0), (1, 0, 1), (0, 1, 1)]
    found: list[Option] = []
    for pat in patterns:
        m = bmin = bmax = 0
        for hf, cf, odd in zip(h, cap, pat):
            if hf % 2 == odd:
                continue
            can_add, can_drop = cf - hf >= 1, hf >= 1
            if not (can_add or can_drop):
                break
            m += 1
            bmax += 1 if can_add else -1
            bmin += -1 if can_drop else 1
        else:
            found.append((sum(pat) // 2, m, m - bmax, bmin))
    return tuple(
        o for o in found
        if not any(p != o and all(x <= y for x, y in zip(p, o)) for p in found)
    )


_TYPES: list[tuple[Option, ...]] = []
_TYPE_IDS: dict[tuple[Option, ...], int] = {}
_KEY_TYPES: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
GROUPS = tuple(range(0, CC, 3)) + (CC,)
"""First face index of each rank group (eight ranks, then the Chi chi)."""


def _group_type(h: tuple[int, ...], cap: tuple[int, ...]) -> int:
    """Id of the option list of one group (suit counts ``h``, copies left ``cap``). Equal
    ids mean equal options, so a hand is summarised by nine small ints whose sorted tuple
    keys the combination cache."""
    found = _KEY_TYPES.get((h, cap))
    if found is None:
        opts = _options(h, cap)
        found = _TYPE_IDS.setdefault(opts, len(_TYPES))
        if found == len(_TYPES):
            _TYPES.append(opts)
        _KEY_TYPES[h, cap] = found
    return found


def _group_of(c: Counts, start: int) -> tuple[int, ...]:
    return c[start : start + 3] if start < CC else c[CC:]


def _group_types(hand: Counts, cap: Counts) -> list[int]:
    return [_group_type(_group_of(hand, g), _group_of(cap, g)) for g in GROUPS]


@lru_cache(maxsize=1 << 16)
def _combine(types: tuple[int, ...], e: int, max_ca: int) -> int | None:
    """Min-plus convolution of the groups' options; the cards to throw, or None.
    ``types`` is sorted: the combination does not depend on the order of the groups."""
    base_ca = base_a = base_b = base_c = 0
    states: set[tuple[int, int, int, int]] = {(0, 0, 0, 0)}
    for t in types:
        opts = _TYPES[t]
        if len(opts) == 1:
            ca, a, b, c = opts[0]
            base_ca += ca
            base_a += a
            base_b += b
            base_c += c
            continue
        if not opts:
            return None
        merged = {
            (s[0] + o[0], s[1] + o[1], s[2] + o[2], s[3] + o[3]) for s in states for o in opts
        }
        states = {
            s for s in merged
            if not any(t != s and t[0] <= s[0] and t[1] <= s[1] and t[2] <= s[2] and t[3] <= s[3]
                       for t in merged)
        }
    best: int | None = None
    for ca, a, b, c in states:
        if ca + base_ca > max_ca or c + base_c > e:
            continue
        value = max(a + base_a - e, b + base_b)
        if best is None or value < best:
            best = value
    return None if best is None else best // 2


def _distance_of_types(types: list[int], e: int, exposed: Exposed) -> int | None:
    thrown = _combine(tuple(sorted(types)), e, MAX_CA - exposed.ca)
    return None if thrown is None else e + thrown


def _caps(exposed: Exposed) -> Counts:
    return _caps_of(exposed.counts)


@lru_cache(maxsize=4096)
def _caps_of(meld_counts: Counts) -> Counts:
    return tuple(COPIES - n for n in meld_counts)


def distance(hand: Counts, exposed: Exposed = NO_MELDS) -> int | None:
    """Fewest cards the hand must still receive to hold a winning set (W1), throwing
    away what it must; ``None`` when no winning set exists (more than four exposed Cạ).

    0 exactly for a winning 20-card set; 1 for a 19-card hand waiting on a card.

    >>> from advisor.chan.cards import parse_cards, counts_of
    >>> h = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8s 9v 9s 2s 2m 3s"))
    >>> distance(h)
    1
    """
    e = WIN_SIZE - exposed.size - sum(hand)
    if e < 0:
        raise HandSizeError(
            f"{sum(hand)} cards in hand and {exposed.size} exposed: more than {WIN_SIZE} (W1)"
        )
    return _distance_of_types(_group_types(hand, _caps(exposed)), e, exposed)


# --- waits, useful faces and the discard table -----------------------------------------

@dataclass(frozen=True)
class Useful:
    """A face that completes the hand (a wait) or brings it a card closer (a useful
    card), and how many copies are still unseen — Khanhoo's ``Useful`` too."""

    face: Face
    unseen: int

    def to_json(self) -> dict[str, object]:
        return {"card": self.face.code, "unseen": self.unseen}


def unseen_counts(hand: Counts, exposed: Exposed = NO_MELDS, seen: Counts = EMPTY) -> Counts:
    """Copies of each face not in the hand, the melds or the other cards seen."""
    return tuple(
        max(0, COPIES - a - b - c) for a, b, c in zip(hand, exposed.counts, seen)
    )


def wait_faces(hand: Counts, exposed: Exposed = NO_MELDS) -> list[Face]:
    """Every face that would complete a win as the winning card (W1, W2).

    Adding one card flips the parity of one face, so P0's unpaired count moves by
    exactly one: only a hand with one unpaired card waits, and only on the faces of
    that card's rank.

    >>> from advisor.chan.cards import parse_cards, counts_of
    >>> h = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"))
    >>> [f.code for f in wait_faces(h)]
    ['3v', '3s', '3m']
    """
    if sum(hand) + exposed.size != WIN_SIZE - 1 or p0_counts(hand)[2] != 1:
        return []
    lone = next(i for i in range(0, NFACES, 3) if sum(hand[i : i + 3]) % 2)
    out = []
    for f in FACES[lone : lone + 3]:
        if hand[f.index] + exposed.counts[f.index] >= COPIES:
            continue
        with_f = plus(hand, f.index)
        if is_win(with_f, exposed, f):
            out.append(f)
    return out


def waits(hand: Counts, exposed: Exposed = NO_MELDS, seen: Counts = EMPTY) -> list[Useful]:
    """:func:`wait_faces` with the copies of each still unseen."""
    unseen = unseen_counts(hand, exposed, seen)
    return [Useful(f, unseen[f.index]) for f in wait_faces(hand, exposed)]


def useful_faces(hand: Counts, exposed: Exposed = NO_MELDS) -> list[Face]:
    """Faces whose receipt brings a hand one card closer to a win.

    A hand can only receive a card it can pair: eat it with a card of the same face
    (Chắn) or rank (Cạ), or win on it. So the candidates are the faces of the ranks the
    hand holds; a face is useful when adding it lowers :func:`distance` by one. For a
    waiting hand (distance 1) use :func:`wait_faces`, which also applies W2.

    >>> from advisor.chan.cards import parse_cards, counts_of
    >>> h = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 2s 3m 4s 5m"))
    >>> distance(h), [f.code for f in useful_faces(h)]
    (3, ['2v', '2s', '2m', '3v', '3s', '3m', '4v', '4s', '4m', '5v', '5s', '5m', '9v', '9s', '9m'])
    """
    cap = _caps(exposed)
    return _useful(hand, exposed, cap, _group_types(hand, cap))


def _useful(hand: Counts, exposed: Exposed, cap: Counts, types: list[int]) -> list[Face]:
    e = WIN_SIZE - exposed.size - sum(hand)
    d = _distance_of_types(types, e, exposed)
    if d is None or e <= 0:
        return []
    out = []
    max_ca = MAX_CA - exposed.ca
    target = d - 1 - (e - 1)  # cards thrown when a received card helps
    for g, start in enumerate(GROUPS):
        h, c = _group_of(hand, start), _group_of(cap, start)
        if not any(h):
            continue
        others = types[:g] + types[g + 1 :]
        for j, n in enumerate(h):
            if n < c[j]:
                more = _group_type(replace(h, j, n + 1), c)
                if _combine(tuple(sorted([*others, more])), e - 1, max_ca) == target:
                    out.append(FACES[start + j])
    return out


def discard_distances(hand: Counts, exposed: Exposed = NO_MELDS) -> dict[int, int | None]:
    """Distance after throwing one card of each face held: {face index: distance}.
    Only the thrown card's rank changes, so the other eight option ids are reused.

    >>> from advisor.chan.cards import parse_cards, counts_of, BY_CODE
    >>> h = counts_of(parse_cards("2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s 5m"))
    >>> dd = discard_distances(h)
    >>> dd[BY_CODE["5m"].index], dd[BY_CODE["9v"].index]
    (1, 2)
    """
    return dict(_discard_distances(tuple(hand), exposed.counts, exposed.size, exposed.ca))


@lru_cache(maxsize=1 << 12)
def _discard_distances(hand: Counts, meld_counts: Counts, exposed_size: int, exposed_ca: int
                       ) -> tuple[tuple[int, int | None], ...]:
    """:func:`discard_distances` by what it depends on, remembered (a hand judged for an
    eat is often the hand that then discards)."""
    cap = _caps_of(meld_counts)
    types = _group_types(hand, cap)
    e = WIN_SIZE - exposed_size - sum(hand) + 1
    max_ca = MAX_CA - exposed_ca
    out: list[tuple[int, int | None]] = []
    for g, start in enumerate(GROUPS):
        h, c = _group_of(hand, start), _group_of(cap, start)
        for j, n in enumerate(h):
            if n:
                changed = types.copy()
                changed[g] = _group_type(replace(h, j, n - 1), c)
                thrown = _combine(tuple(sorted(changed)), e, max_ca)
                out.append((start + j, None if thrown is None else e + thrown))
    return tuple(out)


@dataclass(frozen=True)
class Discard:
    """One line of the discard table: a discard and what the hand looks like after it."""

    face: Face
    legal: bool
    rule: str | None
    unpaired: int
    distance: int | None
    waits: tuple[Useful, ...]
    useful: tuple[Useful, ...]

    @property
    def useful_unseen(self) -> int:
        return sum(w.unseen for w in self.useful)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"card": self.face.code, "legal": self.legal}
        if self.rule:
            out["rule"] = self.rule
        out |= {
            "unpaired": self.unpaired, "distance": self.distance,
            "waits": [w.to_json() for w in self.waits],
            "useful": [w.to_json() for w in self.useful], "useful_unseen": self.useful_unseen,
        }
        return out


def discard_rows(hand: Counts, exposed: Exposed, seen: Counts,
                 rule_of: Callable[[Face], str | None]) -> list[Discard]:
    """For a hand that owes a discard (hand + melds = 20): every distinct discard with the
    unpaired count, distance, waits and useful faces it leaves — best first, the discards
    ``rule_of`` forbids (it names the rule) last, marked illegal.

    The rules live in the engine: :func:`advisor.chan.analysis.discard_table` passes its
    :func:`~advisor.chan.game.discard_problem`.
    """
    if sum(hand) + exposed.size != WIN_SIZE:
        raise HandSizeError(
            f"a discard table needs hand + melds = {WIN_SIZE} cards, not "
            f"{sum(hand) + exposed.size}"
        )
    unseen = unseen_counts(hand, exposed, seen)
    cap = _caps(exposed)
    types = _group_types(hand, cap)
    rows = []
    for f in FACES:
        i = f.index
        if not hand[i]:
            continue
        after = minus(hand, i)
        after_types = types.copy()
        g = min(i // 3, len(GROUPS) - 1)
        after_types[g] = _group_type(_group_of(after, GROUPS[g]), _group_of(cap, GROUPS[g]))
        d = _distance_of_types(after_types, 1, exposed)
        w = tuple(Useful(x, unseen[x.index]) for x in wait_faces(after, exposed))
        useful = w if d == 1 else tuple(
            Useful(x, unseen[x.index]) for x in _useful(after, exposed, cap, after_types))
        rule = rule_of(f)
        rows.append(Discard(f, rule is None, rule, p0_counts(after)[2], d, w, useful))
    rows.sort(key=lambda r: (not r.legal, r.distance is None, r.distance or 0, -r.useful_unseen,
                             r.unpaired, r.face.index))
    return rows
