"""The 100-card Chắn deck: faces, notation (rules §1) and count vectors.

A *face* is one of the 25 card kinds; the deck holds four copies of each (S1).
Hands are handled as *count vectors*: tuples of 25 ints indexed by
``Face.index``, so they are immutable, hashable and can key tables and caches.

Faces are ordered rank-major (``2v 2s 2m 3v … 9m cc``) because pairs never
cross ranks: the three faces of one rank sit side by side.

>>> [f.code for f in parse_cards("tam vạn, 7 coins  bát sách CC")]
['3v', '7m', '8s', 'cc']
>>> format_cards(parse_cards("9v 2m 9v"))
'2m 9v 9v'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from advisor.counts import Counts as Counts  # the count vectors' helpers, for this game's callers
from advisor.counts import add as add
from advisor.counts import minus as minus
from advisor.counts import plus as plus
from advisor.counts import size as size
from advisor.counts import sub as sub
from advisor.counts import tally
from advisor.errors import CardError, DuplicateCardError
from advisor.forms import only_card
from advisor.games.cards import Coded

# A count vector (advisor.counts): 25 ints, one per face, each 0–4.

SUITS = ("v", "s", "m")
SUIT_VI = {"v": "Vạn", "s": "Sách", "m": "Văn", "c": ""}
SUIT_EN = {"v": "Myriads", "s": "Strings", "m": "Coins"}
RANKS = tuple(range(2, 10))
RANK_VI = {2: "Nhị", 3: "Tam", 4: "Tứ", 5: "Ngũ", 6: "Lục", 7: "Thất", 8: "Bát", 9: "Cửu"}
COPIES = 4
NFACES = 25
CC = 24
"""Index of Chi chi."""


@dataclass(frozen=True, slots=True, repr=False)
class Face(Coded):
    """One of the 25 faces. Use :data:`FACES` or :func:`parse_face`; never build one.

    >>> parse_face("8s")
    parse_face('8s')
    >>> parse_face("8s").vi, parse_face("8s").red
    ('Bát Sách', True)
    """

    index: int
    rank: int  # 2–9; 0 for Chi chi, which has no rank and no Cạ
    suit: str  # "v", "s", "m"; "c" for Chi chi
    reader: ClassVar[str] = "parse_face"

    @property
    def code(self) -> str:
        """The short code: ``3v``, ``7m``, ``cc``."""
        return "cc" if self.suit == "c" else f"{self.rank}{self.suit}"

    @property
    def vi(self) -> str:
        """The Vietnamese name: ``Tam Vạn``, ``Chi chi``."""
        return "Chi chi" if self.suit == "c" else f"{RANK_VI[self.rank]} {SUIT_VI[self.suit]}"

    @property
    def en(self) -> str:
        """The English name: ``3 Myriads``, ``Chi chi``."""
        return "Chi chi" if self.suit == "c" else f"{self.rank} {SUIT_EN[self.suit]}"

    @property
    def red(self) -> bool:
        """Red cards are 8v 9v 8s 9s and cc (§1); every other card is black."""
        return self.suit == "c" or (self.rank >= 8 and self.suit in "vs")



FACES: tuple[Face, ...] = tuple(
    [Face((r - 2) * 3 + i, r, s) for r in RANKS for i, s in enumerate(SUITS)] + [Face(CC, 0, "c")]
)
BY_CODE: dict[str, Face] = {f.code: f for f in FACES}
RED: Counts = tuple(int(f.red) for f in FACES)
EMPTY: Counts = (0,) * NFACES
FULL_DECK: Counts = (COPIES,) * NFACES


# --- notation -------------------------------------------------------------------------

def _fold(word: str) -> str:
    """Case-fold and strip diacritics (đ → d) for the diacritic-free spellings."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("đ", "d")


_RANK_NAMES = {  # as written, with their diacritics (NFC, case-folded)
    "nhị": 2, "tam": 3, "tứ": 4, "ngũ": 5, "lục": 6, "thất": 7, "bát": 8, "cửu": 9,  # the cards'
    "hai": 2, "ba": 3, "bốn": 4, "tư": 4, "năm": 5, "sáu": 6, "bảy": 7, "bẩy": 7,  # modern
    "tám": 8, "chín": 9,
}
_RANK_WORDS = {  # without diacritics; 'tam' is Tam (3), the card's name, never tám (8)
    "nhi": 2, "tam": 3, "tu": 4, "ngu": 5, "luc": 6, "that": 7, "bat": 8, "cuu": 9,
    "hai": 2, "ba": 3, "bon": 4, "nam": 5, "sau": 6, "bay": 7, "chin": 9,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    **{str(r): r for r in RANKS},
}
_BAD_RANK_WORDS = {"nhat", "one", "ace", "1", "0", "10", "muoi", "ten"}
# Suit words are matched after folding, except vạn/văn, which differ only by diacritics.
_SUIT_WORDS = {
    "sach": "s", "mon": "m", "s": "s", "m": "m", "v": "v",
    "myriad": "v", "myriads": "v", "string": "s", "strings": "s",
    "coin": "m", "coins": "m", "cash": "m",
}
UNKNOWN_HINT = ("the codes are 2v … 9v, 2s … 9s, 2m … 9m and cc, or the names: "
                "'tam vạn', 'bảy văn', '7 coins', 'chi chi' (§1)")
_GLUED = re.compile(r"^(\d+)(\D+)$")  # a rank glued to a suit word: 3sach, 7coins, 1v
_SPLIT = re.compile(r"[\s,;]+")


def _rank_of(word: str) -> int | None:
    """The rank a word names: with diacritics as written (``tám`` is 8, ``tam`` 3 — folding
    them together would read one as the other), without them by the plain spellings; a
    word with diacritics that names no rank, but whose plain spelling would, is refused
    rather than read as another rank."""
    exact = unicodedata.normalize("NFC", word.casefold())
    folded = _fold(word)
    if exact == folded:
        return _RANK_WORDS.get(folded)
    if exact in _RANK_NAMES:
        return _RANK_NAMES[exact]
    if folded in _RANK_WORDS:
        known = sorted(w for w, r in _RANK_NAMES.items() if _fold(w) == folded)
        hint = " or ".join(f"'{w}' ({_RANK_NAMES[w]})" for w in known) or f"'{folded}'"
        raise CardError(f"'{word}' is not a rank name: write {hint}", token=word)
    return None


def _suit_of(word: str) -> str | None:
    exact = unicodedata.normalize("NFC", word.casefold())
    if exact == "vạn":
        return "v"
    if exact == "văn":
        return "m"
    if exact == "van":
        raise CardError(
            f"'{word}' is ambiguous: write 'vạn' or 'v' for Vạn (Myriads), "
            "'văn' or 'm' for Văn (Coins)",
            token=word,
        )
    return _SUIT_WORDS.get(_fold(word))


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(unicodedata.normalize("NFC", text.strip())) if t]


def _parse_words(words: list[str]) -> Iterable[tuple[str, Face]]:
    """Yield (token as written, face) for a list of words."""
    i = 0
    while i < len(words):
        word = words[i]
        folded = _fold(word)
        nxt = words[i + 1] if i + 1 < len(words) else None
        if folded in BY_CODE:
            yield word, BY_CODE[folded]
            i += 1
        elif folded == "chichi" or (folded == "chi" and nxt is not None and _fold(nxt) == "chi"):
            step = 1 if folded == "chichi" else 2
            yield " ".join(words[i : i + step]), FACES[CC]
            i += step
        elif (m := _GLUED.match(word.casefold())) is not None:
            try:
                suit = _suit_of(m.group(2))
            except CardError as err:
                raise CardError(err.message.replace(f"'{m.group(2)}'", f"'{word}'", 1),
                                token=word) from None
            if suit is None:
                raise CardError(f"unknown card '{word}'; {UNKNOWN_HINT}", token=word)
            if int(m.group(1)) not in RANKS:
                raise CardError(f"'{word}': rank {m.group(1)} is outside 2–9 (§1)", token=word)
            yield word, BY_CODE[f"{int(m.group(1))}{suit}"]
            i += 1
        elif (rank := _rank_of(word)) is not None or folded in _BAD_RANK_WORDS:
            if nxt is None or _suit_of(nxt) is None:
                after = "nothing" if nxt is None else f"'{nxt}'"
                raise CardError(
                    f"'{word}' must be followed by a suit (vạn, sách, văn), not {after}", token=word
                )
            token = f"{word} {nxt}"
            if folded in _BAD_RANK_WORDS:
                raise CardError(f"'{token}': rank outside 2–9; Chắn has no such card (§1, S1)",
                                token=token)
            assert rank is not None
            yield token, BY_CODE[f"{rank}{_suit_of(nxt)}"]
            i += 2
        else:
            if _suit_of(word) is not None:  # (a lone 'van' raises its own message)
                raise CardError(f"'{word}' is a suit and needs a rank before it: '2 {word}', "
                                f"'nhị {word}' or a code like '2{_suit_of(word)}'", token=word)
            raise CardError(f"unknown card '{word}'; {UNKNOWN_HINT}", token=word)


def parse_cards(text: str | Sequence[str], *, limit: Counts = FULL_DECK) -> list[Face]:
    """Parse cards written in any §1 notation; raise on an unknown token or a fifth copy.

    ``text`` is a string, or a list of strings each holding one or more cards.
    ``limit`` gives how many copies of each face may still appear (four by default).

    >>> [f.code for f in parse_cards(["thất văn", "9V"])]
    ['7m', '9v']
    >>> parse_cards("3v van")
    Traceback (most recent call last):
    ...
    advisor.errors.CardError: 'van' is ambiguous: write 'vạn' or 'v' for Vạn (Myriads), ...
    """
    if isinstance(text, str):
        words = _tokens(text)
    else:
        words = [w for part in text for w in _tokens(str(part))]
    seen = list(limit)
    faces = []
    for token, face in _parse_words(words):
        if seen[face.index] <= 0:
            raise DuplicateCardError(
                f"'{token}': a fifth copy of {face.code} ({face.vi}); the deck has four (§1)",
                token=token,
            )
        seen[face.index] -= 1
        faces.append(face)
    return faces


def parse_face(text: str) -> Face:
    """Parse exactly one card.

    >>> parse_face("bat sach").code
    '8s'
    """
    return only_card(text, parse_cards(text))


def format_cards(cards: Iterable[Face] | Counts, *, names: bool = False) -> str:
    """Format cards in deck order, as codes (round-trips with :func:`parse_cards`) or names."""
    if _is_counts(cards):
        faces = faces_of(cast(Counts, cards))
    else:
        faces = sorted(cast(Iterable[Face], cards), key=lambda f: f.index)
    return (", " if names else " ").join(f.vi if names else f.code for f in faces)


# --- count vectors --------------------------------------------------------------------

def _is_counts(x: object) -> bool:
    return isinstance(x, tuple) and len(x) == NFACES and all(isinstance(n, int) for n in x)


def counts_of(faces: Iterable[Face]) -> Counts:
    """The count vector of some faces.

    >>> counts_of(parse_cards("cc cc 2v"))[CC]
    2
    """
    return tally((f.index for f in faces), NFACES)


def faces_of(counts: Counts) -> list[Face]:
    """The faces of a count vector, in deck order, each repeated by its count."""
    return [f for f, n in zip(FACES, counts) if n for _ in range(n)]


def red_count(counts: Counts) -> int:
    """Number of red cards (§1)."""
    return sum(n for n, r in zip(counts, RED) if r)
