"""Digests of fixed-seed runs between rule-based seats (``random``, ``greedy``,
``greedy+``) in every game: the engines and bots may be made faster, never different.

Each run plays its deals through the game's ``simulate`` and hashes every finished deal's
record (the moves, hands and result, in the record format). A change that alters one
move of one deal changes the digest. ``python -m tests.games.play_digests`` prints the
digests of the code as it stands, in the shape of :data:`RECORDED`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from advisor.registry import game as spec_of

RUNS: dict[str, tuple[str, tuple[str, ...], int, dict[str, Any]]] = {
    # name: (game, seat specs, deals, options)
    "chan-greedy": ("chan", ("greedy", "greedy", "greedy+", "random"), 40, {}),
    "chan-cvv": ("chan", ("greedy", "greedy+", "greedy", "greedy"), 20, {"rules": "cvv"}),
    "chan-random": ("chan", ("random",) * 4, 20, {}),
    "khanhoo-3": ("khanhoo", ("greedy", "greedy+", "random"), 12, {}),
    "khanhoo-2": ("khanhoo", ("greedy", "greedy"), 8, {}),
    "khanhoo-4-orphan": ("khanhoo", ("greedy", "greedy+", "greedy", "random"), 6,
                         {"orphan": True}),
    "khanhoo-variation": ("khanhoo", ("greedy", "greedy+", "greedy"), 6,
                          {"variation": True, "trio": True}),
    "khanhoo-random": ("khanhoo", ("random",) * 3, 10, {}),
    "qing-4": ("qing", ("greedy", "greedy+", "greedy", "random"), 8, {}),
    "qing-replace": ("qing", ("greedy", "greedy+", "greedy"), 6,
                     {"extras_replace": True, "eye6": "wilkinson"}),
    "qing-random": ("qing", ("random",) * 4, 10, {}),
    "ming-2": ("ming", ("greedy", "greedy+"), 40, {}),
    "ming-3": ("ming", ("greedy", "greedy+", "random"), 30, {}),
    "ming-random": ("ming", ("random",) * 2, 20, {}),
}


def digest(name: str) -> str:
    """The digest of run ``name``'s records, in the order played."""
    game, seats, deals, options = RUNS[name]
    spec = spec_of(game)
    h = hashlib.sha256()

    def keep(engine: Any, specs: list[str]) -> None:
        h.update(json.dumps(engine.to_record(specs), sort_keys=True,
                            ensure_ascii=False).encode())
        h.update(b"\n")

    spec.simulate(list(seats), games=deals, seed=7, duplicate=game != "khanhoo",
                  on_game=keep, **options)
    return h.hexdigest()[:32]


RECORDED: dict[str, str] = {
    "chan-greedy": "812b397d32cc48b2d4e01fbcdd155727",
    "chan-cvv": "f5c4acfc561d081b7a259c614f51b464",
    "chan-random": "22dd490588fdf933922578829c692702",
    "khanhoo-3": "bccdbee5ac98966a3582e701418c42cf",
    "khanhoo-2": "a33c7e46676c99c77a9e38c170b0b88a",
    "khanhoo-4-orphan": "c704cce2a136b18fc4d48a49f45225c3",
    "khanhoo-variation": "852c67b5cc43b48a3768a4f458c1c347",
    "khanhoo-random": "79d742cfa9a328be473694dbf2e8bdbb",
    "qing-4": "e492ef71d584692f4d59f69147185a9a",
    "qing-replace": "f4afa0d541735ceae0fc0e89d3ddec4d",
    "qing-random": "bedba77665acef1948f9ac36ee40fb34",
    "ming-2": "b60a6b565fc0846aba72c5774f0f701a",
    "ming-3": "65a1c7f7ffb2c0733fa73790fa8c8214",
    "ming-random": "2bc95dced79e6bf39228b6ced8fa1494",
}
"""The digests of the runs as the engines and bots stood before they were made faster,
re-recorded once when every game's result took one shape (``winner``, ``how``,
``points``, ``settlement``: the records gained those keys and a format version; their
deals, moves and every other key stayed byte for byte the same)."""


if __name__ == "__main__":
    print("RECORDED: dict[str, str] = {")
    for run_name in RUNS:
        print(f'    "{run_name}": "{digest(run_name)}",')
    print("}")
