#!/usr/bin/env python3
"""A tiny Qing Kanhu bot speaking the bot protocol on stdin/stdout (standard library
only): it wins whenever it can, takes every discard it can, and otherwise plays the last
legal action (in a turn, the discard of its highest card; on an offer, the draw)."""

import json
import sys


def choose(legal):
    for do in ("win", "take"):
        for action in legal:
            if action["do"] == do:
                return action
    return legal[-1]


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "decide":
            print(json.dumps(choose(msg["legal"])), flush=True)


if __name__ == "__main__":
    main()
