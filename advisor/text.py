"""Text for people, without a terminal: every game's renderers (``advisor.<game>.text``)
write through a :class:`Style`, which is plain here; a face that can show colour (the
command line) passes one that colours (``advisor.cli.common.Colour``).

>>> PLAIN.red("7v"), PLAIN.head("Advice"), PLAIN.dim("(2 unseen)")
('7v', 'Advice', '(2 unseen)')
"""

from __future__ import annotations


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

__all__ = ["PLAIN", "Style"]
