#!/usr/bin/env python3
"""A tiny Ming Kanhu bot speaking the bot protocol (docs/ming.md) on stdin/stdout.

Standard library only. Following, it beats when it can (the first such play listed),
else plays the first legal action; leading, it leads its last legal action (its best
combination, or its highest card). Try it:

    advisor ming simulate --games 20 --seats "greedy,exec:python examples/ming_bot.py"
"""

import json
import sys


def choose(legal):
    if legal[0]["do"] == "follow":
        for action in legal:
            if action.get("beats"):
                return action
        return legal[0]
    return legal[-1]


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "decide":
            print(json.dumps(choose(msg["legal"])), flush=True)


if __name__ == "__main__":
    main()
