"""Qing Kanhu's seat specs: ``random``, ``greedy``, ``advisor`` (``advisor:MS``) and
``exec:COMMAND`` — the bots of :mod:`advisor.games.bots` and Qing's own.

>>> make_bot("greedy").name
'greedy'
>>> make_bot("advisor:200").name
'advisor:200'
"""

from __future__ import annotations

from advisor.games.advice import SPEC_HELP, Seats
from advisor.qing.advice import MAX_BUDGET_MS, Budget, advise
from advisor.qing.bots import GreedyBot
from advisor.qing.game import Action

SEATS = Seats.standard(lambda seed: GreedyBot(), advise, Budget().ms, MAX_BUDGET_MS,
                       parse=Action.from_json)
BUILTINS = SEATS.builtins
make_bot = SEATS.make_bot
"""A bot from its seat spec (``random``, ``greedy``, ``advisor``, ``advisor:200`` — the
advisor with its budget in milliseconds — or ``exec:python bot.py``); an unknown spec
raises :class:`AdvisorError` naming it."""

__all__ = ["BUILTINS", "SEATS", "SPEC_HELP", "make_bot"]
