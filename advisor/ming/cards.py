"""The Ming Kanhu pack: 30 cards, their order and notation (rules M1, the codes list).

Lowest to highest: the Cash suit in reverse (``9c`` … ``1c``, ``HC`` Half Cash, ``ZC``
Zero Cash), Strings ``1s`` … ``9s``, Myriads ``1m`` … ``9m`` and ``TM`` Thousand
Myriads. Each card exists once. A card's :attr:`Card.index` is its place in that order
(0 = ``9c``, 29 = ``TM``), so a higher index is a higher card; a set of cards is a
*bitmask* (bit ``index``), which hashes and keys the solver's memo.

English names are accepted too (``9 Cash``, ``Half Cash``, ``5 Myriads``, ``Thousand
Myriads``, ``1 String``):

>>> [c.code for c in parse_cards("9c, Half Cash 5 Myriads tm")]
['9c', 'HC', '5m', 'TM']
>>> format_cards(mask_of(parse_cards("TM 1s 9c")))
'9c 1s TM'
>>> parse_cards("3s 3S")
Traceback (most recent call last):
...
advisor.errors.DuplicateCardError: '3S': 3s twice; each card exists once (M1)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from advisor.errors import CardError, DuplicateCardError
from advisor.games.cards import Coded

CASH, STRINGS, MYRIADS = "c", "s", "m"
SUITS = (CASH, STRINGS, MYRIADS)
"""The suits, lowest first (M1)."""
SUIT_NAMES = {CASH: "Cash", STRINGS: "Strings", MYRIADS: "Myriads"}
NCARDS = 30
FULL = (1 << NCARDS) - 1
"""The bitmask of the whole pack."""

HC, ZC = 9, 10  # Half Cash, Zero Cash
TM = 29  # Thousand Myriads


@dataclass(frozen=True, slots=True, repr=False)
class Card(Coded):
    """One of the 30 cards. Use :data:`CARDS`, :func:`card` or :func:`parse_card`.

    >>> card("HC").name, card("TM").suit, card(0).code, card("5m").rank
    ('Half Cash', 'm', '9c', 5)
    """

    index: int  # 0–29, the card's place from the lowest (9c) to the highest (TM)
    code: str
    suit: str  # "c", "s", "m"
    rank: int  # 1–9 for the numbered cards; 0 for Half, Zero Cash and Thousand Myriads

    @property
    def name(self) -> str:
        """The English name: ``9 Cash``, ``Half Cash``, ``1 String``, ``5 Myriads``."""
        if self.index == HC:
            return "Half Cash"
        if self.index == ZC:
            return "Zero Cash"
        if self.index == TM:
            return "Thousand Myriads"
        if self.suit == CASH:
            return f"{self.rank} Cash"
        word = "String" if self.suit == STRINGS else "Myriad"
        return f"{self.rank} {word}{'s' * (self.rank != 1)}"

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def red(self) -> bool:
        """Myriads are printed in red on a terminal (a reading aid only)."""
        return self.suit == MYRIADS



def _make_cards() -> tuple[Card, ...]:
    out = [Card(9 - r, f"{r}c", CASH, r) for r in range(9, 0, -1)]
    out += [Card(HC, "HC", CASH, 0), Card(ZC, "ZC", CASH, 0)]
    out += [Card(10 + r, f"{r}s", STRINGS, r) for r in range(1, 10)]
    out += [Card(19 + r, f"{r}m", MYRIADS, r) for r in range(1, 10)]
    out.append(Card(TM, "TM", MYRIADS, 0))
    return tuple(out)


CARDS: tuple[Card, ...] = _make_cards()
BY_CODE: dict[str, Card] = {c.code.casefold(): c for c in CARDS}
SUIT_OF: tuple[str, ...] = tuple(c.suit for c in CARDS)


def card(key: str | int) -> Card:
    """A card by code or name (any notation of :func:`parse_cards`) or by index."""
    if isinstance(key, int):
        return CARDS[key]
    return parse_card(key)


# --- notation -------------------------------------------------------------------------------

_SPLIT = re.compile(r"[\s,;]+")
_SUIT_WORDS = {"cash": CASH, "string": STRINGS, "strings": STRINGS, "myriad": MYRIADS,
               "myriads": MYRIADS}
_NAMED = {("half", CASH): HC, ("zero", CASH): ZC, ("thousand", MYRIADS): TM}
_QING_CODES = {"rf": ZC, "wf": HC, "ot": TM}
"""Qing Kanhu's codes for the same three cards (its pack's rule, docs/rules/qing.md: its Red
Flower was Zero Cash, its White Flower Half Cash, its Old Thousand Thousand Myriads),
accepted here too."""
_QING_NAMES = {("red", "flower"): ZC, ("white", "flower"): HC, ("old", "thousand"): TM}
CODES_HELP = ("9c … 1c, HC, ZC, 1s … 9s, 1m … 9m, TM, or names like '9 Cash', 'Half Cash' "
              "(Qing's RF, WF, OT are ZC, HC, TM)")


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(unicodedata.normalize("NFC", text.strip())) if t]


def _words(tokens: Sequence[str]) -> list[tuple[str, Card]]:
    """(token as written, card) for each card of the tokens: a code, or a name of two
    words (a number or Half/Zero/Thousand, then the suit)."""
    out = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        word = tok.casefold()
        nxt = tokens[i + 1].casefold() if i + 1 < len(tokens) else ""
        suit = _SUIT_WORDS.get(nxt)
        if suit is not None and (word in ("1", "2", "3", "4", "5", "6", "7", "8", "9")
                                 or (word, suit) in _NAMED):
            named = _NAMED.get((word, suit))
            code = CARDS[named].code if named is not None else f"{word}{suit}"
            out.append((f"{tok} {tokens[i + 1]}", BY_CODE[code.casefold()]))
            i += 2
            continue
        if suit is None and (word, nxt) in _QING_NAMES:  # Red Flower, White …, Old Thousand
            out.append((f"{tok} {tokens[i + 1]}", CARDS[_QING_NAMES[word, nxt]]))
            i += 2
            continue
        c = BY_CODE.get(word) or (CARDS[_QING_CODES[word]] if word in _QING_CODES else None)
        if c is None:
            raise CardError(f"unknown card '{tok}'; the cards are {CODES_HELP} (M1)", token=tok)
        out.append((tok, c))
        i += 1
    return out


def parse_card(text: str) -> Card:
    """Exactly one card.

    >>> parse_card("Zero Cash").code, parse_card("zc").code, parse_card("RF").code
    ('ZC', 'ZC', 'ZC')
    """
    words = _words(_tokens(text))
    if len(words) != 1:
        raise CardError(f"'{text}': expected exactly one card, got {len(words)}", token=text)
    return words[0][1]


def parse_cards(text: str | Sequence[str], *, seen: int = 0) -> list[Card]:
    """Parse cards (codes or names, separated by spaces, commas or semicolons); raise a
    :class:`CardError` on an unknown token and a :class:`DuplicateCardError` on a card
    given twice, or already in ``seen`` (a bitmask: each card exists once, M1).

    >>> [c.code for c in parse_cards(["1s", "1m TM"])]
    ['1s', '1m', 'TM']
    """
    tokens = _tokens(text) if isinstance(text, str) else \
        [w for part in text for w in _tokens(str(part))]
    out = []
    mask = seen
    for tok, c in _words(tokens):
        if mask & c.bit:
            raise DuplicateCardError(f"'{tok}': {c.code} twice; each card exists once (M1)",
                                     token=tok)
        mask |= c.bit
        out.append(c)
    return out


def format_cards(cards: Iterable[Card] | int) -> str:
    """Cards from lowest to highest as codes (round-trips with :func:`parse_cards`).

    >>> format_cards(parse_cards("TM 9c 5s"))
    '9c 5s TM'
    """
    return " ".join(c.code for c in cards_of(cards if isinstance(cards, int) else mask_of(cards)))


# --- bitmasks -------------------------------------------------------------------------------

def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some cards.

    >>> mask_of([card("9c"), card("TM")]) == 1 | 1 << 29
    True
    """
    m = 0
    for c in cards:
        m |= c.bit
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest first."""
    out = []
    mask &= FULL
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def codes(mask: int) -> list[str]:
    """The codes of a bitmask's cards, lowest first (the JSON of a set of cards)."""
    return [c.code for c in cards_of(mask)]


def size(mask: int) -> int:
    """How many cards a bitmask holds."""
    return mask.bit_count()


def highest(mask: int) -> Card:
    """The highest card of a non-empty bitmask."""
    return CARDS[mask.bit_length() - 1]


__all__ = [
    "BY_CODE", "CARDS", "CASH", "CODES_HELP", "FULL", "HC", "MYRIADS", "NCARDS", "STRINGS",
    "SUITS", "SUIT_NAMES", "SUIT_OF", "TM", "ZC", "Card", "card", "cards_of", "codes",
    "format_cards", "highest", "mask_of", "parse_card", "parse_cards", "size",
]
