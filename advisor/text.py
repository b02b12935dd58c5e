"""Text for people, without a terminal: every game's renderers (``advisor.<game>.text``)
write through a :class:`Style`, which is plain here; a face that can show colour (the
command line) passes one that colours (``advisor.cli.common.Colour``).

>>> PLAIN.red("7v"), PLAIN.head("Advice"), PLAIN.dim("(2 unseen)")
('7v', 'Advice', '(2 unseen)')
"""

from __future__ import annotations

from collections.abc import Iterable


class Style:
    """Plain text: red cards, headings and asides are left as they are."""

    color = False

    def red(self, text: str) -> str:
        return text

    def head(self, text: str) -> str:
        return text

    def dim(self, text: str) -> str:
        return text


PLAIN = Style()


def unseen_list(cards: Iterable[tuple[str, int]]) -> str:
    """Cards that help a hand (its waits or useful cards), each as written with its
    unseen copies, and their total; ``—`` for none.

    >>> unseen_list([("2c", 3), ("5s", 1)]), unseen_list([])
    ('2c (3), 5s (1) — 4 unseen', '—')
    """
    items = list(cards)
    if not items:
        return "—"
    total = sum(n for _, n in items)
    return ", ".join(f"{c} ({n})" for c, n in items) + f" — {total} unseen"


__all__ = ["PLAIN", "Style", "unseen_list"]
