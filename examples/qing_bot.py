#!/usr/bin/env python3
"""A tiny Qing Kanhu bot speaking the bot protocol on stdin/stdout (standard library, the
loop in `bot_protocol.py` beside it): it wins whenever it can, takes every discard it
can, and otherwise plays the last legal action (in a turn, the discard of its highest
card; on an offer, the draw)."""

from bot_protocol import preferred, serve


def choose(legal):
    return preferred(legal, ("win", "take"), legal[-1])


def main():
    serve(choose)


if __name__ == "__main__":
    main()
