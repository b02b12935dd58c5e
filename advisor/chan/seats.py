"""Chắn's seat specs: ``random``, ``greedy``, ``advisor`` (``advisor:BUDGET_MS``) and
``exec:COMMAND`` — the bots of :mod:`advisor.games.bots` and Chắn's own.

>>> make_bot("greedy").name
'greedy'
>>> make_bot("advisor:50").name
'advisor:50'
"""

from __future__ import annotations

from advisor.chan.advice import DEFAULT_BUDGET_MS, advise
from advisor.chan.bots import GreedyBot
from advisor.chan.game import Action
from advisor.games.advice import SPEC_HELP, Seats

MAX_BUDGET_MS = 10_000

SEATS = Seats.standard(lambda seed: GreedyBot(), advise, DEFAULT_BUDGET_MS, MAX_BUDGET_MS,
                       parse=Action.from_json)
BUILTINS = SEATS.builtins
make_bot = SEATS.make_bot
"""A bot from its seat spec (``random``, ``greedy``, ``advisor:50``, ``exec:python
bot.py``); an unknown spec raises :class:`AdvisorError` naming it."""

__all__ = ["BUILTINS", "MAX_BUDGET_MS", "SEATS", "SPEC_HELP", "make_bot"]
