"""The bot protocol's side that the example bots (``examples/*_bot.py``) share, standard
library only: a JSON message a line on stdin; a ``decide`` message (its ``legal``
actions) answered by one action, a line on stdout; an ``end`` message (its ``result``:
the winner, the points, each seat's score or payment) and any other left unanswered.
"""

import json
import sys


def preferred(legal, order, otherwise):
    """The first legal action whose ``do`` comes first in ``order``; else ``otherwise``."""
    for do in order:
        for action in legal:
            if action["do"] == do:
                return action
    return otherwise


def serve(choose):
    """Answer every ``decide`` on stdin with ``choose(legal)``, until stdin ends."""
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "decide":
            print(json.dumps(choose(msg["legal"])), flush=True)
