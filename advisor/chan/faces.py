"""Chắn as the faces and tools see it (:mod:`advisor.games.faces`): :data:`GAME`. Its
commands and endpoints are still written in ``advisor.cli.chan`` and ``service.chan``
(``faces`` is None)."""

from __future__ import annotations

from advisor.chan import record
from advisor.chan.advice import advise
from advisor.chan.game import RECORD_FORMAT
from advisor.chan.seats import SPEC_HELP, make_bot
from advisor.chan.simulate import simulate
from advisor.games.faces import GameInfo

GAME = GameInfo("chan", "Chắn", (4, 4), RECORD_FORMAT, record.replay, record.view_at,
                make_bot, simulate, advise, SPEC_HELP)

__all__ = ["GAME"]
