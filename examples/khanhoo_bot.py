#!/usr/bin/env python3
"""A tiny Khanhoo bot speaking the bot protocol (docs/khanhoo.md) on stdin/stdout.

Standard library only, the loop in `bot_protocol.py` beside it. It goes out whenever it
can, claims every discard it can (a Quartette, a take or a bump), and otherwise plays
the last legal action (in a turn, the discard of its highest card). Try it:

    advisor khanhoo simulate --games 20 --seats "greedy,random,exec:python examples/khanhoo_bot.py"
"""

from bot_protocol import preferred, serve

PREFERENCE = ["out", "quartette", "take", "bump"]


def choose(legal):
    return preferred(legal, PREFERENCE, legal[-1])


def main():
    serve(choose)


if __name__ == "__main__":
    main()
