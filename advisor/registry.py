"""The games of the project, in one list: what the faces (the command line, the web
service) and the tools need to know of each game without knowing the game.

A game is registered here by one line in :data:`GAMES`; its package (``advisor.<name>``)
brings the rest, and the faces find its command group (``advisor.cli.<name>``) and its
blueprint (``service.<name>``) by its name. The ``replay`` command of every game is made
here once, from :attr:`GameInfo.replay`.

>>> [g.name for g in GAMES]
['chan', 'khanhoo']
>>> game("khanhoo").record_format
'khanhoo-record/1'
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.chan import game as chan_game
from advisor.chan import record as chan_record
from advisor.chan import seats as chan_seats
from advisor.chan import simulate as chan_simulate
from advisor.chan.advice import advise as chan_advise
from advisor.errors import AdvisorError
from advisor.games.faces import GameInfo
from advisor.khanhoo import game as khanhoo_game
from advisor.khanhoo import record as khanhoo_record
from advisor.khanhoo import seats as khanhoo_seats
from advisor.khanhoo import simulate as khanhoo_simulate
from advisor.khanhoo.advice import advise as khanhoo_advise

GAMES: tuple[GameInfo, ...] = (
    GameInfo("chan", "Chắn", (4, 4), chan_game.RECORD_FORMAT, chan_record.replay,
             chan_record.view_at, chan_seats.make_bot, chan_simulate.simulate, chan_advise,
             chan_seats.SPEC_HELP),
    GameInfo("khanhoo", "Khanhoo", (2, 5), khanhoo_game.RECORD_FORMAT, khanhoo_record.replay,
             khanhoo_record.view_at, khanhoo_seats.make_bot, khanhoo_simulate.simulate,
             khanhoo_advise, khanhoo_seats.SPEC_HELP),
)


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
