"""What a play is, whether it beats the best play so far, and who wins a trick (rules
M3–M6).

A play is one card or three. Three cards led must be a combination of M4; a follow of
three unrelated cards is allowed, but only face down. A play is *read* as one of four
kinds, and it beats the best play so far only as a play of the led kind with a higher
``key`` (M5):

* ``single`` — any card; ``key`` is the card's place in the pack (a higher card, or a card
  of a higher suit, beats), except that Thousand Myriads beats only Myriads (M3);
* ``gibbon`` — three consecutive cards of one suit, suit first, then height (Cash in the
  pack's reverse order: ``9c 8c 7c`` is the lowest); the Half Leopard (``1c HC ZC``)
  beats every Cash and String gibbon but not a Myriad gibbon (M4);
* ``leopard`` — the three cards of one number (``key`` 1–9); the Hero beats any Leopard as
  a Special (``key`` 10, its bonus 9);
* ``special`` — the seven Specials of M4, ``key`` and bonus 3–9. Leopard 9 is both: led,
  it is what the leader declares (a Special by default); following, it is read as the
  led kind.

>>> lead = read_lead(mask_of(parse_cards("7c 3s 3m")))
>>> lead.name, lead.kind, lead.bonus
('Pangolin', 'special', 3)
>>> beats(reading(mask_of(parse_cards("9c 1s 1m")), lead.kind), lead)
True
>>> trick(["5s", "TM"]).to_json()  # Thousand Myriads beats only Myriads
{'winner': 0, 'cards': 2, 'bonus': 0}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from advisor.errors import CardError, DuplicateCardError, IllegalActionError, PositionError
from advisor.ming.cards import (
    CARDS,
    MYRIADS,
    NCARDS,
    SUIT_OF,
    SUITS,
    TM,
    Card,
    cards_of,
    codes,
    format_cards,
    mask_of,
    parse_cards,
)

Kind = Literal["single", "gibbon", "leopard", "special"]
KINDS: tuple[Kind, ...] = ("single", "gibbon", "leopard", "special")
Declare = Literal["leopard", "special"]
DECLARATIONS: tuple[Declare, ...] = ("leopard", "special")
DEFAULT_DECLARE: Declare = "special"
"""What an undeclared Leopard 9 led is (M5)."""

SINGLE_BONUS = {24: 2, 27: 3}
"""Winning a trick with the single 5 Myriads adds 2, with 8 Myriads 3 (M3)."""


def _m(text: str) -> int:
    return mask_of(parse_cards(text))


@dataclass(frozen=True)
class Play:
    """A set of cards read as one kind: its ``key`` within the kind (higher beats) and the
    bonus it scores if it wins the trick (M3, M4, M6)."""

    cards: int  # bitmask
    kind: Kind
    name: str
    key: int
    bonus: int = 0

    @property
    def size(self) -> int:
        return self.cards.bit_count()

    @property
    def codes(self) -> list[str]:
        return codes(self.cards)

    def __str__(self) -> str:
        text = format_cards(self.cards)
        return text if self.kind == "single" else f"{self.name} ({text})"


def _single(i: int) -> Play:
    return Play(1 << i, "single", CARDS[i].name, i, SINGLE_BONUS.get(i, 0))


SINGLES: tuple[Play, ...] = tuple(_single(i) for i in range(NCARDS))


def _gibbons() -> dict[int, Play]:
    runs: list[tuple[int, str, int, int]] = []  # (order, name, mask, bonus)
    for s, suit in enumerate(SUITS):
        idx = [c.index for c in CARDS if c.suit == suit]
        for j in range(len(idx) - 2):
            trio = idx[j : j + 3]
            mask = sum(1 << i for i in trio)
            name, bonus, order = f"Gibbon {format_cards(mask)}", 0, s * 100 + trio[-1]
            if mask == _m("1c HC ZC"):
                name, bonus, order = "Half Leopard", 1, 150  # above every String gibbon
            elif mask == _m("8m 9m TM"):
                name, bonus = "Thousand-Myriad gibbon", 1
            runs.append((order, name, mask, bonus))
    runs.sort()
    return {mask: Play(mask, "gibbon", name, k + 1, bonus)
            for k, (_, name, mask, bonus) in enumerate(runs)}


GIBBONS: dict[int, Play] = _gibbons()
"""Every gibbon by its bitmask (24 of them), with its key."""

SPECIAL_LIST: tuple[tuple[str, str, int], ...] = (
    ("Pangolin", "7c 3s 3m", 3), ("Poverty", "8c 2s 2m", 4), ("Tiger", "9c 1s 1m", 5),
    ("Chariot", "ZC 9s TM", 6), ("Leopard 9", "9c 9s 9m", 7), ("Wealth", "ZC 9s 9m", 8),
    ("Hero", "1s 1m TM", 9),
)
"""The Specials, lowest to highest, with their bonus (M4; the article's order)."""
SPECIALS: dict[int, Play] = {_m(cards): Play(_m(cards), "special", name, bonus, bonus)
                             for name, cards, bonus in SPECIAL_LIST}
HERO = _m("1s 1m TM")
LEOPARD_9 = _m("9c 9s 9m")
LEOPARDS: dict[int, Play] = {
    _m(f"{n}c {n}s {n}m"): Play(_m(f"{n}c {n}s {n}m"), "leopard", f"Leopard {n}", n)
    for n in range(1, 10)
}
"""The nine Leopards by bitmask; the Hero beats any of them (``key`` 10, as a Special,
so with its bonus 9)."""
_AS_LEOPARD = {**LEOPARDS, HERO: Play(HERO, "leopard", "Hero", 10, 9)}
COMBINATIONS: tuple[int, ...] = tuple(sorted({*GIBBONS, *SPECIALS, *LEOPARDS}))
"""The bitmask of every three cards that may be led (40 readings on 39 sets)."""


def read_lead(cards: int, declare: Declare | None = None) -> Play:
    """The play a lead makes (M5): one card, or three that form a combination (M4). A
    Leopard 9 is a Leopard or a Special as ``declare`` says (a Special by default);
    ``declare`` on any other lead is refused. Raises :class:`IllegalActionError` (M5).

    >>> read_lead(_m("9c 9s 9m"), "leopard").kind, read_lead(_m("9c 9s 9m")).kind
    ('leopard', 'special')
    >>> read_lead(_m("9c 9s 1m"))
    Traceback (most recent call last):
    ...
    advisor.errors.IllegalActionError: M5: 9c 9s 1m is not a combination (M4): three cards ...
    """
    n = cards.bit_count()
    if declare is not None and cards != LEOPARD_9:
        raise IllegalActionError("M5", f"only a Leopard 9 is declared; {format_cards(cards)} "
                                       "is not one")
    if n == 1:
        return SINGLES[cards.bit_length() - 1]
    if n != 3:
        raise IllegalActionError("M5", f"a lead is one card or three, not {n}")
    if cards == LEOPARD_9:
        return LEOPARDS[cards] if declare == "leopard" else SPECIALS[cards]
    for table in (SPECIALS, LEOPARDS, GIBBONS):
        if cards in table:
            return table[cards]
    raise IllegalActionError("M5", f"{format_cards(cards)} is not a combination (M4): three "
                                   "cards led must be a gibbon, a Leopard or a Special")


def reading(cards: int, kind: Kind) -> Play | None:
    """The follow ``cards`` read as a play of the led ``kind``, or None when they are no
    such play (they can only be laid face down, M5).

    >>> reading(_m("1s 1m TM"), "leopard").bonus, reading(_m("9c 9s 9m"), "leopard").key
    (9, 9)
    >>> reading(_m("1s 2s 3s"), "special") is None
    True
    """
    if kind == "single":
        return SINGLES[cards.bit_length() - 1] if cards.bit_count() == 1 else None
    table = GIBBONS if kind == "gibbon" else _AS_LEOPARD if kind == "leopard" else SPECIALS
    return table.get(cards)


def beats(play: Play | None, best: Play) -> bool:
    """Whether ``play`` (a follow read as the led kind) beats ``best``, the best play so
    far (M3–M5): same kind, higher key — and Thousand Myriads, as a single, beats only
    Myriads.

    >>> beats(SINGLES[TM], SINGLES[20]), beats(SINGLES[TM], SINGLES[19])
    (True, False)
    """
    if play is None or play.kind != best.kind or play.key <= best.key:
        return False
    return not (play.kind == "single" and play.key == TM
                and SUIT_OF[best.key] != MYRIADS)


@cache
def beating(kind: Kind, best: Play) -> frozenset[int]:
    """Every follow (a bitmask) that, read as the led ``kind``, beats ``best`` (M3–M5):
    the follows a trick of that kind and best play so far can be taken with.

    >>> sorted(beating("single", SINGLES[26]))[:2] == [1 << 27, 1 << 28]
    True
    """
    masks = (1 << i for i in range(NCARDS)) if kind == "single" else (
        GIBBONS if kind == "gibbon" else _AS_LEOPARD if kind == "leopard" else SPECIALS)
    return frozenset(m for m in masks if beats(reading(m, kind), best))


# --- a trick --------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrickResult:
    """Who wins a trick (the index of the winning play, the leader being 0), how many
    cards he takes and the bonus he scores (M6); ``plays`` and ``shown`` keep what each
    play was and whether it was shown (it beat the best so far) or laid face down."""

    winner: int
    cards: int
    bonus: int
    plays: tuple[Play | None, ...] = ()
    shown: tuple[bool, ...] = ()
    masks: tuple[int, ...] = ()

    @property
    def best(self) -> Play:
        p = self.plays[self.winner]
        assert p is not None
        return p

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "cards": self.cards, "bonus": self.bonus}


def play_cards(value: object, name: str, seen: int = 0) -> list[Card]:
    """One play's cards from a string (``"7c 3s 3m"``) or a list of codes; errors name
    the field (``plays[1]``)."""
    if isinstance(value, str):
        text: str | list[str] = value
    elif isinstance(value, list) and all(isinstance(c, str) for c in value):
        text = value
    else:
        raise PositionError(f"{name}: expected cards, as a string or a list of codes",
                            field=name)
    try:
        return parse_cards(text, seen=seen)
    except (CardError, DuplicateCardError) as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def trick(plays: Sequence[object], leopard9: Declare | None = None) -> TrickResult:
    """Judge a whole trick: ``plays`` in order of play, the lead first (each a string of
    cards or a list of codes; 2 or 3 plays, one per player), ``leopard9`` what a Leopard 9
    led is declared (a Special by default). Errors: an unknown or repeated card (M1), a
    lead that is no combination or a follow of another size (M5).

    >>> trick(["7c 3s 3m", "9c 1s 1m"]).to_json()
    {'winner': 1, 'cards': 6, 'bonus': 5}
    >>> trick(["3s", "5m", "TM"]).to_json()
    {'winner': 2, 'cards': 3, 'bonus': 0}
    """
    if not isinstance(plays, (list, tuple)) or not 2 <= len(plays) <= 3:
        raise PositionError("plays: a trick has one play per player, 2 or 3 (M2)",
                            field="plays")
    if leopard9 is not None and leopard9 not in DECLARATIONS:
        raise PositionError(f"leopard9: '{leopard9}' is not one of leopard, special",
                            field="leopard9")
    seen = 0
    masks = []
    for i, p in enumerate(plays):
        m = mask_of(play_cards(p, f"plays[{i}]", seen))
        seen |= m
        masks.append(m)
    lead_mask = masks[0]
    declare = leopard9 if lead_mask == LEOPARD_9 else None
    try:
        lead = read_lead(lead_mask, declare)
    except IllegalActionError as err:
        raise IllegalActionError(err.rule, f"plays[0]: {err.message[len(err.rule) + 2:]}",
                                 field="plays[0]") from None
    best, winner = lead, 0
    read: list[Play | None] = [lead]
    shown = [True]
    for i, m in enumerate(masks[1:], 1):
        if m.bit_count() != lead.size:
            raise IllegalActionError("M5", f"plays[{i}]: {m.bit_count()} cards; a follow "
                                           f"plays as many cards as the lead ({lead.size})",
                                     field=f"plays[{i}]")
        r = reading(m, lead.kind)
        read.append(r)
        if beats(r, best):
            assert r is not None
            best, winner = r, i
            shown.append(True)
        else:
            shown.append(False)
    total = sum(m.bit_count() for m in masks)
    return TrickResult(winner, total, best.bonus, tuple(read), tuple(shown), tuple(masks))


def combinations_in(hand: int) -> list[Play]:
    """Every combination a hand can lead, lowest kind and key first; a Leopard 9 twice
    (as a Leopard and as a Special).

    >>> [p.name for p in combinations_in(_m("9c 9s 9m 8m TM 1s 1m"))]
    ['Thousand-Myriad gibbon', 'Leopard 9', 'Tiger', 'Leopard 9', 'Hero']
    """
    out = []
    for m in COMBINATIONS:
        if hand & m == m:
            if m in LEOPARDS:
                out.append(LEOPARDS[m])
            if m in SPECIALS:
                out.append(SPECIALS[m])
            if m in GIBBONS:
                out.append(GIBBONS[m])
    out.sort(key=lambda p: (KINDS.index(p.kind), p.key))
    return out


def describe(cards: int) -> str:
    """Three cards or one in words: the combination they make, if any."""
    found = [p.name for p in (LEOPARDS.get(cards), SPECIALS.get(cards), GIBBONS.get(cards))
             if p is not None]
    return " / ".join(dict.fromkeys(found)) or " ".join(c.name for c in cards_of(cards))


__all__ = [
    "COMBINATIONS", "DECLARATIONS", "DEFAULT_DECLARE", "GIBBONS", "HERO", "KINDS",
    "LEOPARDS", "LEOPARD_9", "SINGLES", "SINGLE_BONUS", "SPECIALS", "SPECIAL_LIST",
    "Declare", "Kind", "Play", "TrickResult", "beats", "combinations_in", "describe",
    "play_cards", "read_lead", "reading", "trick",
]
