"""The games of the project, in one list: what the faces (the command line, the web
service) and the tools need to know of each game without knowing the game.

A game is registered here by one line in :data:`GAMES`: its package (``advisor.<name>``)
declares itself in ``advisor.<name>.faces.GAME`` (a typed
:class:`advisor.games.spec.GameSpec`), and the faces make its commands and endpoints from
that spec — every verb, ``simulate``, ``replay`` and ``play`` — adding the game's own
extras from ``advisor.cli.<name>`` when it has some; the service adds what the game
declares for it beside its verbs (its spec's ``endpoints``: :mod:`advisor.games.endpoints`).

>>> [g.name for g in GAMES]
['chan', 'khanhoo', 'ming', 'qing']
>>> game("khanhoo").record_format
'khanhoo-record/2'
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.chan.faces import GAME as CHAN
from advisor.errors import AdvisorError
from advisor.games.spec import AnySpec
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.ming.faces import GAME as MING
from advisor.qing.faces import GAME as QING

GAMES: tuple[AnySpec, ...] = (CHAN, KHANHOO, MING, QING)  # one line per game

DEFAULT: AnySpec = CHAN
"""The game an address that names none means: the browser game's first API
(``/v1/play…``) and page (``/play?seed=N``), and ``GET /v1/meta``'s
``default_advice_budget_ms``."""


def game(name: str) -> AnySpec:
    """The registered game called ``name``; an unknown name is an error naming the known."""
    for g in GAMES:
        if g.name == name:
            return g
    raise AdvisorError(f"game: '{name}' is not one of {', '.join(names())}", field="game",
                       token=name)


def names() -> Sequence[str]:
    return [g.name for g in GAMES]


__all__ = ["DEFAULT", "GAMES", "game", "names"]
