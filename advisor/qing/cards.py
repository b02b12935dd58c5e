"""The Qing Kanhu pack: cards, notation (rule Q1) and count vectors.

120 cards: four copies of Cash 1–9, Strings 1–9, Myriads 1–9, and of the three extra
cards Red Flower (originally Zero Cash), White Flower (Half Cash) and Old Thousand
(Thousand Myriads). There are 30 card *kinds*, ordered suit-major (``1c … 9c 1s … 9s
1m … 9m RF WF OT``), so a sequence is a run of neighbouring indices and the flowers
come last.

Codes are case-insensitive; English and Chinese names are accepted on input:

>>> [c.code for c in parse_cards("3 Cash, 3文 9S red flower 紅花 2 Myriads 老千")]
['3c', '3c', '9s', 'RF', 'RF', '2m', 'OT']
>>> format_cards(parse_cards("OT 1c wf 9m"))
'1c 9m WF OT'
>>> parse_cards("3x")
Traceback (most recent call last):
...
advisor.errors.CardError: unknown card '3x'; the codes are 1c…9c, 1s…9s, 1m…9m, RF, WF, OT ...
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from advisor.counts import Counts, add, card_counts, minus, plus, size, sub
from advisor.errors import CardError, DuplicateCardError
from advisor.forms import only_card
from advisor.games.cards import Coded

SUITS = ("c", "s", "m")
SUIT_NAMES = {"c": "Cash", "s": "Strings", "m": "Myriads"}
SUIT_ZH = {"c": "文", "s": "索", "m": "萬"}
RF, WF, OT = 27, 28, 29
FLOWERS = (RF, WF, OT)
FLOWER_CODES = {RF: "RF", WF: "WF", OT: "OT"}
FLOWER_NAMES = {RF: "Red Flower", WF: "White Flower", OT: "Old Thousand"}
FLOWER_ZH = {RF: "紅花", WF: "白花", OT: "老千"}
NUMERALS = 27
KINDS = 30
COPIES = 4
PACK: Counts = (COPIES,) * KINDS
"""Copies of each kind in the pack (Q1): four of each, 120 cards."""
EMPTY: Counts = (0,) * KINDS
EXTRAS = (0, 9, 18, RF, WF, OT)
"""The extra cards (Q4): every 1 of any suit, Red Flower, White Flower, Old Thousand."""
IS_EXTRA = tuple(i in EXTRAS for i in range(KINDS))


@dataclass(frozen=True, slots=True, repr=False)
class Card(Coded):
    """One of the 30 card kinds. Use :data:`CARDS`, :func:`card` or :func:`parse_card`.

    >>> card("7m").name, card("7m").zh, card(RF).name, card("wf").extra
    ('7 Myriads', '7萬', 'Red Flower', True)
    """

    index: int
    rank: int  # 1–9; 0 for the flowers
    suit: str  # "c", "s", "m"; "" for the flowers

    @property
    def code(self) -> str:
        return FLOWER_CODES[self.index] if self.index in FLOWERS else f"{self.rank}{self.suit}"

    @property
    def name(self) -> str:
        if self.index in FLOWERS:
            return FLOWER_NAMES[self.index]
        return f"{self.rank} {SUIT_NAMES[self.suit]}"

    @property
    def zh(self) -> str:
        if self.index in FLOWERS:
            return FLOWER_ZH[self.index]
        return f"{self.rank}{SUIT_ZH[self.suit]}"

    @property
    def extra(self) -> bool:
        """An extra card (Q4): a 1 of any suit or a flower."""
        return IS_EXTRA[self.index]

    @property
    def flower(self) -> bool:
        return self.index in FLOWERS

    @property
    def red(self) -> bool:
        """Shown in red: the Red Flower and the Cash suit (for colour in text output)."""
        return self.index == RF



CARDS: tuple[Card, ...] = tuple(
    [Card(s * 9 + r - 1, r, suit) for s, suit in enumerate(SUITS) for r in range(1, 10)]
    + [Card(i, 0, "") for i in FLOWERS])


def index_of(suit: int, rank: int) -> int:
    """Index of rank 1–9 of suit number ``suit`` (0 Cash, 1 Strings, 2 Myriads)."""
    return suit * 9 + rank - 1


# --- notation -------------------------------------------------------------------------------

_WORDS: dict[str, int] = {}
for _c in CARDS:
    _WORDS[_c.code.casefold()] = _c.index
    _WORDS[_c.zh] = _c.index
for _i in FLOWERS:
    _WORDS[FLOWER_NAMES[_i].casefold().replace(" ", "")] = _i
_WORDS["红花"] = RF
for _code, _i in {"zc": RF, "hc": WF, "tm": OT}.items():  # Ming Kanhu's codes and names of
    _WORDS[_code] = _i  # the same three cards (Q1: Red Flower was Zero Cash, White Flower
_WORDS["zerocash"], _WORDS["halfcash"], _WORDS["thousandmyriads"] = RF, WF, OT  # Half Cash)
_ZH_DIGITS = "一二三四五六七八九"
_SUIT_WORDS = {"cash": "c", "c": "c", "文": "c", "strings": "s", "string": "s", "s": "s",
               "索": "s", "myriads": "m", "myriad": "m", "m": "m", "萬": "m", "万": "m"}
_NUMBERED = re.compile(r"^([1-9一二三四五六七八九])(cash|strings?|myriads?|[csm文索萬万])$")
_SPLIT = re.compile(r"[\s,;]+")
_JOIN_NEXT = {"red", "white", "old", "zero", "half", "thousand"}


def _tokens(text: str) -> list[str]:
    """Words of a card text; a name written in two words ("3 Cash", "Red Flower") is
    one token."""
    words = [w for w in _SPLIT.split(unicodedata.normalize("NFKC", text.strip())) if w]
    out: list[str] = []
    for w in words:
        low = w.casefold()
        if out and ((out[-1].isdigit() and low in _SUIT_WORDS)
                    or out[-1].casefold() in _JOIN_NEXT):
            out[-1] = f"{out[-1]} {w}"
        else:
            out.append(w)
    return out


def _parse_token(token: str) -> Card:
    word = token.casefold().replace(" ", "")
    found = _WORDS.get(word)
    if found is not None:
        return CARDS[found]
    m = _NUMBERED.match(word)
    if m is not None:
        digit = m.group(1)
        rank = int(digit) if digit.isdigit() else _ZH_DIGITS.index(digit) + 1
        return CARDS[index_of(SUITS.index(_SUIT_WORDS[m.group(2)]), rank)]
    raise CardError(f"unknown card '{token}'; the codes are 1c…9c, 1s…9s, 1m…9m, RF, WF, OT "
                    "(Ming's ZC, HC, TM) (Q1)", token=token)


def card(key: str | int) -> Card:
    """A card by code or name (any notation of :func:`parse_cards`) or by index."""
    if isinstance(key, int):
        return CARDS[key]
    return parse_card(key)


def parse_card(text: str) -> Card:
    """Exactly one card.

    >>> parse_card("Old Thousand").code
    'OT'
    """
    return _parse_token(only_card(text, _tokens(text)))


def parse_cards(text: str | Sequence[str], *, limit: Counts | None = None) -> list[Card]:
    """Parse cards (Q1); raise on an unknown token or a copy beyond ``limit`` (by default
    the pack: four of each kind).

    >>> parse_cards("5c 5c 5c 5c 5C")
    Traceback (most recent call last):
    ...
    advisor.errors.DuplicateCardError: '5C': a fifth copy of 5c; the pack holds four (Q1)
    """
    words = _tokens(text) if isinstance(text, str) else \
        [w for part in text for w in _tokens(str(part))]
    left = list(limit if limit is not None else PACK)
    out = []
    for token in words:
        c = _parse_token(token)
        if left[c.index] <= 0:
            raise DuplicateCardError(f"'{token}': a fifth copy of {c.code}; the pack holds "
                                     "four (Q1)", token=token)
        left[c.index] -= 1
        out.append(c)
    return out


def format_cards(cards: Iterable[Card] | Counts) -> str:
    """Cards in pack order as codes (round-trips with :func:`parse_cards`)."""
    return " ".join(c.code for c in sorted_cards(cards))


def sorted_cards(cards: Iterable[Card] | Counts) -> list[Card]:
    """Cards of a count vector or a collection, in pack order."""
    if isinstance(cards, tuple) and len(cards) == KINDS and all(isinstance(n, int) for n in cards):
        return cards_of(cast(Counts, cards))
    return sorted(cast(Iterable[Card], cards), key=lambda c: c.index)


def codes(cards: Iterable[Card] | Counts) -> list[str]:
    """The codes of some cards, in pack order."""
    return [c.code for c in sorted_cards(cards)]


counts_of, cards_of = card_counts(CARDS)


__all__ = [
    "CARDS", "COPIES", "EMPTY", "EXTRAS", "FLOWERS", "IS_EXTRA", "KINDS", "NUMERALS", "OT",
    "PACK", "RF", "SUITS", "WF", "Card", "Counts", "add", "card", "cards_of", "codes",
    "counts_of", "format_cards", "index_of", "minus", "parse_card", "parse_cards", "plus",
    "size", "sorted_cards", "sub",
]
