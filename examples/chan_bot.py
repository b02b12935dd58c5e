#!/usr/bin/env python3
"""A tiny Chắn bot speaking the bot protocol (rules §8.3) on stdin/stdout.

Standard library only. It wins whenever it can, Chíu-s and eats whenever it can, and
otherwise plays the first legal action. Try it:

    advisor chan simulate --games 20 --seats "greedy,random,random,exec:python examples/chan_bot.py"
"""

import json
import sys

PREFERENCE = ["win", "heaven", "chiu", "eat"]


def choose(legal):
    for do in PREFERENCE:
        for action in legal:
            if action["do"] == do:
                return action
    return legal[0]


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "decide":
            print(json.dumps(choose(msg["legal"])), flush=True)
        elif msg["type"] == "end":
            pass  # msg["result"] holds the winner, points and payments


if __name__ == "__main__":
    main()
