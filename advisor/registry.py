"""The games of the project, in one list: what the faces (the command line, the web
service) and the tools need to know of each game without knowing the game.

A game is registered here by one line in :data:`GAMES`: its package (``advisor.<name>``)
declares itself in ``advisor.<name>.faces.GAME`` (:class:`advisor.games.faces.GameInfo`),
and the faces make its commands and endpoints from those declarations — every verb,
``simulate`` and ``replay`` — adding the game's own extras from ``advisor.cli.<name>`` and
``service.<name>`` when it has some.

>>> [g.name for g in GAMES]
['chan', 'khanhoo', 'ming', 'qing']
>>> game("khanhoo").record_format
'khanhoo-record/1'
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.chan.faces import GAME as CHAN
from advisor.errors import AdvisorError
from advisor.games.faces import GameInfo
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.ming.faces import GAME as MING
from advisor.qing.faces import GAME as QING

GAMES: tuple[GameInfo, ...] = (CHAN, KHANHOO, MING, QING)  # one line per game


def game(name: str) -> GameInfo:
    """The registered game called ``name``; an unknown name is an error naming the known."""
    for g in GAMES:
        if g.name == name:
            return g
    raise AdvisorError(f"game: '{name}' is not one of {', '.join(names())}", field="game",
                       token=name)


def names() -> Sequence[str]:
    return [g.name for g in GAMES]


__all__ = ["GAMES", "GameInfo", "game", "names"]
