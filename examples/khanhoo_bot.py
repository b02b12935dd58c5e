#!/usr/bin/env python3
"""A tiny Khanhoo bot speaking the bot protocol (docs/khanhoo.md) on stdin/stdout.

Standard library only. It goes out whenever it can, claims every discard it can
(a Quartette, a take or a bump), and otherwise plays the last legal action (in a turn,
the discard of its highest card). Try it:

    advisor khanhoo simulate --games 20 --seats "greedy,random,exec:python examples/khanhoo_bot.py"
"""

import json
import sys

PREFERENCE = ["out", "quartette", "take", "bump"]


def choose(legal):
    for do in PREFERENCE:
        for action in legal:
            if action["do"] == do:
                return action
    return legal[-1]


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "decide":
            print(json.dumps(choose(msg["legal"])), flush=True)
        elif msg["type"] == "end":
            pass  # msg["result"] holds the winner, the points and every seat's score


if __name__ == "__main__":
    main()
