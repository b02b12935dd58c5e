#!/usr/bin/env python3
"""A tiny Chắn bot speaking the bot protocol (rules §8.3) on stdin/stdout.

Standard library only, the loop in `bot_protocol.py` beside it. It wins whenever it can,
Chíu-s and eats whenever it can, and otherwise plays the first legal action. Try it:

    advisor chan simulate --games 20 --seats "greedy,random,random,exec:python examples/chan_bot.py"
"""

from bot_protocol import preferred, serve

PREFERENCE = ["win", "heaven", "chiu", "eat"]


def choose(legal):
    return preferred(legal, PREFERENCE, legal[0])


def main():
    serve(choose)


if __name__ == "__main__":
    main()
