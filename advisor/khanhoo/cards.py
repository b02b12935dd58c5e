"""The Khanhoo pack: cards, notation (rules K1) and count vectors.

One *set* is 30 cards: Ace–9 of hearts, clubs and diamonds and the three spade courts
J♠ Q♠ K♠. A pack is two or more sets plus Jokers (:class:`Pack`). There are 31 card
*kinds*: the 30 of a set and the Joker.

Hands are *count vectors*: tuples of 31 ints indexed by :attr:`Card.index`, so they are
immutable, hashable and can key caches. Cards are ordered suit-major (``Ah 2h … 9h Ac …
9c Ad … 9d Js Qs Ks Jk``): a sequence is a run of neighbouring indices.

>>> [c.code for c in parse_cards("A♥ 1c 9D, js Jk")]
['Ah', 'Ac', '9d', 'Js', 'Jk']
>>> format_cards(parse_cards("Ks 3d Ah 2c"))
'Ah 2c 3d Ks'
>>> parse_cards("5s")
Traceback (most recent call last):
...
advisor.errors.CardError: '5s': spades hold only the courts J♠ Q♠ K♠; numerals are ...
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

# A count vector (advisor.counts): 31 ints, one per card kind (the Joker last).

SUITS = ("h", "c", "d")
"""The numeral suits, in pack order: hearts, clubs, diamonds."""
SUIT_NAMES = {"h": "hearts", "c": "clubs", "d": "diamonds", "s": "spades"}
SUIT_SYMBOLS = {"h": "♥", "c": "♣", "d": "♦", "s": "♠"}
RANKS = tuple(range(1, 10))
RANK_CODES = {1: "A", **{r: str(r) for r in range(2, 10)}}
RANK_NAMES = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
              8: "Eight", 9: "Nine", 11: "Jack", 12: "Queen", 13: "King"}
COURT_RANKS = {"J": 11, "Q": 12, "K": 13}
NUMERALS = 27
JS, QS, KS = 27, 28, 29
COURTS = (JS, QS, KS)
JOKER = 30
KINDS = 31
"""Card kinds: 27 numerals, 3 courts, the Joker."""
SET_KINDS = 30
"""Kinds in one set (the Joker is not part of a set)."""


@dataclass(frozen=True, slots=True, repr=False)
class Card(Coded):
    """One of the 31 card kinds. Use :data:`CARDS`, :func:`card` or :func:`parse_card`.

    >>> card("Qs").name, card("Qs").symbol, card(8).code
    ('Queen of spades', 'Q♠', '9h')
    """

    index: int
    rank: int  # 1–9 numerals; 11, 12, 13 for J Q K; 0 for the Joker
    suit: str  # "h", "c", "d", "s"; "" for the Joker

    @property
    def code(self) -> str:
        """The short code: ``Ah``, ``9d``, ``Js``, ``Jk``."""
        if self.index == JOKER:
            return "Jk"
        if self.suit == "s":
            return "JQK"[self.rank - 11] + "s"
        return RANK_CODES[self.rank] + self.suit

    @property
    def symbol(self) -> str:
        """The code with a suit symbol: ``A♥``, ``J♠``, ``Jk``."""
        return self.code if self.index == JOKER else self.code[:-1] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The English name: ``Ace of hearts``, ``Joker``."""
        if self.index == JOKER:
            return "Joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_numeral(self) -> bool:
        return self.index < NUMERALS

    @property
    def red(self) -> bool:
        """Hearts and diamonds are red (for colour in text output)."""
        return self.suit in ("h", "d")



def _make_cards() -> tuple[Card, ...]:
    out = [Card(s * 9 + r - 1, r, suit) for s, suit in enumerate(SUITS) for r in RANKS]
    out += [Card(JS, 11, "s"), Card(QS, 12, "s"), Card(KS, 13, "s"), Card(JOKER, 0, "")]
    return tuple(out)


CARDS: tuple[Card, ...] = _make_cards()
BY_CODE: dict[str, Card] = {c.code.casefold(): c for c in CARDS}
EMPTY: Counts = (0,) * KINDS


def index_of(suit: int, rank: int) -> int:
    """Index of the numeral of suit number ``suit`` (0 h, 1 c, 2 d) and rank 1–9."""
    return suit * 9 + rank - 1


def card(key: str | int) -> Card:
    """A card by code (any notation of :func:`parse_cards`) or by index."""
    if isinstance(key, int):
        return CARDS[key]
    return parse_card(key)


# --- the pack ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Pack:
    """``sets`` sets of 30 cards plus ``jokers`` Jokers (K1).

    >>> Pack(2, 1).size, Pack(3, 2).size
    (61, 92)
    """

    sets: int = 2
    jokers: int = 1

    @property
    def counts(self) -> Counts:
        """Copies of each kind in the pack."""
        return (self.sets,) * SET_KINDS + (self.jokers,)

    @property
    def size(self) -> int:
        return self.sets * SET_KINDS + self.jokers

    def describe(self) -> str:
        jk = f"{self.jokers} Joker{'s' * (self.jokers != 1)}"
        return f"{self.sets} sets + {jk} ({self.size} cards)"


# --- notation -------------------------------------------------------------------------------

_SPLIT = re.compile(r"[\s,;]+")
_SUIT_OF = {"h": "h", "c": "c", "d": "d", "s": "s", "♥": "h", "♡": "h", "♣": "c", "♧": "c",
            "♦": "d", "♢": "d", "♠": "s", "♤": "s"}
_TOKEN = re.compile(r"^(10|[a1-9jqkt0])(.)$")
_JOKER_WORDS = {"jk", "joker", "jkr", "🃏"}
_ORDINAL = {1: "second", 2: "third", 3: "fourth", 4: "fifth", 5: "sixth"}


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(unicodedata.normalize("NFC", text.strip())) if t]


def _parse_token(token: str) -> Card:
    """One card from its code, or a :class:`CardError` naming the token and K1."""
    word = token.casefold().replace("\ufe0f", "")  # ♥️ written with an emoji selector
    if word in _JOKER_WORDS:
        return CARDS[JOKER]
    m = _TOKEN.match(word)
    suit = _SUIT_OF.get(m.group(2)) if m else None
    if m is None or suit is None:
        raise CardError(f"unknown card '{token}'; the codes are Ah … 9h, Ac … 9c, Ad … 9d, "
                        "Js Qs Ks and Jk (K1)", token=token)
    rank = m.group(1)
    if rank in ("10", "t", "0"):
        raise CardError(f"'{token}': ranks run Ace to 9; the pack has no 10 (K1)", token=token)
    if rank in "jqk":
        if suit != "s":
            raise CardError(f"'{token}': courts exist only in spades (J♠ Q♠ K♠) (K1)",
                            token=token)
        return CARDS[COURTS["jqk".index(rank)]]
    if suit == "s":
        raise CardError(f"'{token}': spades hold only the courts J♠ Q♠ K♠; numerals are "
                        "hearts, clubs or diamonds (K1)", token=token)
    r = 1 if rank == "a" else int(rank)
    return CARDS[index_of(SUITS.index(suit), r)]


def parse_card(text: str) -> Card:
    """Exactly one card.

    >>> parse_card("1♦").code
    'Ad'
    """
    return _parse_token(only_card(text, _tokens(text)))


def parse_cards(text: str | Sequence[str], *, limit: Counts | None = None,
                pack: Pack | None = None) -> list[Card]:
    """Parse cards (K1 notation); raise on an unknown token or a copy beyond the pack.

    ``text`` is a string or a list of strings each holding one or more cards. ``limit``
    gives how many copies of each kind may still appear (by default, the pack's, and two
    sets and one Joker without a pack).

    >>> [c.code for c in parse_cards(["Ah", "2♣ 3d"])]
    ['Ah', '2c', '3d']
    >>> parse_cards("Ah Ah Ah")
    Traceback (most recent call last):
    ...
    advisor.errors.DuplicateCardError: 'Ah': a third copy of Ah; 2 sets hold two (K1)
    """
    the_pack = pack or Pack()
    words = _tokens(text) if isinstance(text, str) else \
        [w for part in text for w in _tokens(str(part))]
    left = list(limit if limit is not None else the_pack.counts)
    out = []
    for token in words:
        c = _parse_token(token)
        if left[c.index] <= 0:
            raise DuplicateCardError(_too_many(token, c, the_pack), token=token)
        left[c.index] -= 1
        out.append(c)
    return out


def _too_many(token: str, c: Card, pack: Pack) -> str:
    if c.index == JOKER:
        if pack.jokers == 0:
            return f"'{token}': this pack has no Joker (jokers: 0) (K1)"
        return (f"'{token}': a {_ORDINAL.get(pack.jokers, 'further')} Joker; the pack holds "
                f"{pack.jokers} (K1)")
    return (f"'{token}': a {_ORDINAL.get(pack.sets, 'further')} copy of {c.code}; "
            f"{pack.sets} sets hold {_words(pack.sets)} (K1)")


def _words(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))


def format_cards(cards: Iterable[Card] | Counts, *, symbols: bool = False) -> str:
    """Cards in pack order as codes (round-trips with :func:`parse_cards`) or symbols.

    >>> format_cards(counts_of(parse_cards("Jk Ks Ah")), symbols=True)
    'A♥ K♠ Jk'
    """
    if isinstance(cards, tuple) and len(cards) == KINDS and all(isinstance(n, int) for n in cards):
        listed = cards_of(cast(Counts, cards))
    else:
        listed = sorted(cast(Iterable[Card], cards), key=lambda c: c.index)
    return " ".join(c.symbol if symbols else c.code for c in listed)


# --- count vectors ------------------------------------------------------------------------

counts_of, cards_of = card_counts(CARDS)


__all__ = [
    "BY_CODE",
    "CARDS",
    "COURTS",
    "EMPTY",
    "JOKER",
    "KINDS",
    "Card",
    "Counts",
    "Pack",
    "add",
    "card",
    "cards_of",
    "counts_of",
    "format_cards",
    "index_of",
    "minus",
    "parse_card",
    "parse_cards",
    "plus",
    "size",
    "sub",
]
