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


def seat_line(who: str, cards: int, groups: str, thrown: str, shown: str = "melds") -> str:
    """One seat at the table, as the terminal game shows it: who, how many cards it
    holds, its groups on the table (``shown``: what a game calls them) and its last
    discards.

    >>> seat_line("you", 14, "—", "7c 8c"), seat_line("seat 1", 15, "5s 5s 5s", "")
    ('  you     14 cards · melds — · threw 7c 8c', '  seat 1  15 cards · melds 5s 5s 5s')
    """
    return f"  {who:<7} {cards:>2} cards · {shown} {groups}" + (
        f" · threw {thrown}" if thrown else "")


__all__ = ["PLAIN", "Style", "seat_line", "unseen_list"]
