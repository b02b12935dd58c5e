"""Positions typed by people — command-line flags, a web form — for every game.

>>> split_melds(["2v 2v; 3s 4s", " 5m 6m | ", ""])
['2v 2v', '3s 4s', '5m 6m']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TypeVar

from advisor.errors import CardError

T = TypeVar("T")

_MELD_SPLIT = re.compile(r"\s*[;|]\s*")


def split_melds(texts: str | Iterable[str]) -> list[str]:
    """The melds (or laid combinations) typed in one or more fields, each field holding
    one or more separated by ``;`` or ``|``."""
    if isinstance(texts, str):
        texts = [texts]
    return [m for text in texts for m in _MELD_SPLIT.split(text.strip()) if m]


def only_card(text: str, found: Sequence[T]) -> T:
    """The one card (or token) a field that takes exactly one card was found to hold;
    a :class:`CardError` naming the text otherwise.

    >>> only_card("7c", ["7c"])
    '7c'
    >>> only_card("7c 8c", ["7c", "8c"])
    Traceback (most recent call last):
    ...
    advisor.errors.CardError: '7c 8c': expected exactly one card, got 2
    """
    if len(found) != 1:
        raise CardError(f"'{text}': expected exactly one card, got {len(found)}", token=text)
    return found[0]


__all__ = ["only_card", "split_melds"]
