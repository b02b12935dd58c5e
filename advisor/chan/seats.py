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
from advisor.games import bots
from advisor.games.advice import advisor_factory
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot

SPEC_HELP = "random | greedy | advisor | advisor:BUDGET_MS | exec:COMMAND"
MAX_BUDGET_MS = 10_000


BUILTINS: dict[str, bots.BotFactory] = {
    "greedy": bots.no_argument(lambda seed: GreedyBot(), "greedy"),
    "advisor": advisor_factory(advise, DEFAULT_BUDGET_MS, MAX_BUDGET_MS),
}


def make_bot(spec: str, *, seed: int | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
    """A bot from its seat spec (``random``, ``greedy``, ``advisor:50``,
    ``exec:python bot.py``); an unknown spec raises :class:`AdvisorError` naming it."""
    return bots.make_bot(spec, builtins=BUILTINS, parse=Action.from_json, seed=seed,
                         time_limit=time_limit, help=SPEC_HELP)


__all__ = ["BUILTINS", "SPEC_HELP", "make_bot"]
