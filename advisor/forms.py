"""Positions typed by people — command-line flags, a web form — for every game.

>>> split_melds(["2v 2v; 3s 4s", " 5m 6m | ", ""])
['2v 2v', '3s 4s', '5m 6m']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_MELD_SPLIT = re.compile(r"\s*[;|]\s*")


def split_melds(texts: str | Iterable[str]) -> list[str]:
    """The melds (or laid combinations) typed in one or more fields, each field holding
    one or more separated by ``;`` or ``|``."""
    if isinstance(texts, str):
        texts = [texts]
    return [m for text in texts for m in _MELD_SPLIT.split(text.strip()) if m]


__all__ = ["split_melds"]
