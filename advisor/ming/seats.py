"""Ming Kanhu's seat specs: ``random``, ``greedy``, ``advisor`` (``advisor:MS``) and
``exec:COMMAND`` — the bots of :mod:`advisor.games.bots` and Ming Kanhu's own.

>>> make_bot("greedy").name
'greedy'
>>> make_bot("advisor:200").name
'advisor:200'
"""

from __future__ import annotations

from advisor.games import bots
from advisor.games.advice import advisor_factory
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot
from advisor.ming.advice import MAX_BUDGET_MS, Budget, advise
from advisor.ming.bots import GreedyBot
from advisor.ming.game import Action

SPEC_HELP = "random | greedy | advisor | advisor:BUDGET_MS | exec:COMMAND"

BUILTINS: dict[str, bots.BotFactory] = {
    "greedy": bots.no_argument(lambda seed: GreedyBot(), "greedy"),
    "advisor": advisor_factory(advise, Budget().ms, MAX_BUDGET_MS),
}


def make_bot(spec: str, *, seed: int | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
    """A bot from its seat spec (``random``, ``greedy``, ``advisor`` — the advisor's first
    choice, optionally with its budget in milliseconds, ``advisor:200`` — or
    ``exec:python bot.py``); an unknown spec raises :class:`AdvisorError` naming it."""
    return bots.make_bot(spec, builtins=BUILTINS, parse=Action.from_json, seed=seed,
                         time_limit=time_limit, help=SPEC_HELP)


__all__ = ["BUILTINS", "SPEC_HELP", "make_bot"]
