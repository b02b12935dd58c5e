#!/usr/bin/env python3
"""A tiny Ming Kanhu bot speaking the bot protocol (docs/ming.md) on stdin/stdout.

Standard library only, the loop in `bot_protocol.py` beside it. Following, it beats when
it can (the first such play listed), else plays the first legal action; leading, it
leads its last legal action (its best combination, or its highest card). Try it:

    advisor ming simulate --games 20 --seats "greedy,exec:python examples/ming_bot.py"
"""

from bot_protocol import serve


def choose(legal):
    if legal[0]["do"] == "follow":
        for action in legal:
            if action.get("beats"):
                return action
        return legal[0]
    return legal[-1]


def main():
    serve(choose)


if __name__ == "__main__":
    main()
