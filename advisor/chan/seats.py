"""Chắn's seat specs: ``random``, ``greedy``, ``advisor`` (``advisor:BUDGET_MS``) and
``exec:COMMAND`` — the bots of :mod:`advisor.games.bots` and Chắn's own.

>>> make_bot("greedy").name
'greedy'
>>> make_bot("advisor:50").name
'advisor:50'
"""

from __future__ import annotations

from advisor.chan.advice import DEFAULT_BUDGET_MS, AdvisorBot
from advisor.chan.bots import GreedyBot
from advisor.chan.game import Action
from advisor.errors import AdvisorError
from advisor.games import bots
from advisor.games.bots import DEFAULT_TIME_LIMIT, Bot

SPEC_HELP = "random | greedy | advisor | advisor:BUDGET_MS | exec:COMMAND"
MAX_BUDGET_MS = 10_000


def advisor_bot(argument: str, seed: int | None) -> Bot:
    """``advisor`` (the default budget) or ``advisor:BUDGET_MS``."""
    try:
        ms = float(argument) if argument else DEFAULT_BUDGET_MS
    except ValueError:
        ms = -1.0
    if not 0 < ms <= MAX_BUDGET_MS:
        spec = f"advisor:{argument}"
        raise AdvisorError(f"'{spec}': the budget is milliseconds, 0 < ms ≤ {MAX_BUDGET_MS}",
                           field="seats", token=spec)
    return AdvisorBot(ms, seed=seed or 0)


BUILTINS: dict[str, bots.BotFactory] = {
    "greedy": bots.no_argument(lambda seed: GreedyBot(), "greedy"),
    "advisor": advisor_bot,
}


def make_bot(spec: str, *, seed: int | None = None,
             time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
    """A bot from its seat spec (``random``, ``greedy``, ``advisor:50``,
    ``exec:python bot.py``); an unknown spec raises :class:`AdvisorError` naming it."""
    return bots.make_bot(spec, builtins=BUILTINS, parse=Action.from_json, seed=seed,
                         time_limit=time_limit, help=SPEC_HELP)


__all__ = ["BUILTINS", "SPEC_HELP", "make_bot"]
