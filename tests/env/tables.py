"""The tables the environment tests play: every game, at its smallest and largest table
and under its options."""

from __future__ import annotations

from typing import Any

from advisor.registry import GAMES as REGISTERED

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("chan", {}),
    ("chan", {"rules": "cvv"}),
    ("khanhoo", {"players": 2}),
    ("khanhoo", {}),
    ("khanhoo", {"players": 4, "orphan": True}),
    ("khanhoo", {"players": 5}),
    ("khanhoo", {"variation": True, "trio": True, "bump_sequences": True}),
    ("qing", {"players": 2}),
    ("qing", {}),
    ("qing", {"players": 6, "eye6": "wilkinson", "extras_replace": True}),
    ("ming", {}),
    ("ming", {"players": 3}),
]

IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in TABLES]

GAMES = [g.name for g in REGISTERED]  # every game of the registry has its environment
