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
    "chan-greedy": "7e9a35cc1b1b9438759fe3cdf5f71920",
    "chan-cvv": "c2ae78795a619189f79d96f8cd7dfe34",
    "chan-random": "61bf1cc0b360c25b8619da12810f8772",
    "khanhoo-3": "34509a68b05fc226c6ccc17e3b755acb",
    "khanhoo-2": "51f4add2cab2b11ec1d422f0ef07239d",
    "khanhoo-4-orphan": "5c1926adc7af6c29e070ef54f22ca555",
    "khanhoo-variation": "bee32f17b12065e6cca9b1a053b5af79",
    "khanhoo-random": "529ad18b7e63fdbcb5e928d26344e07d",
    "qing-4": "e492ef71d584692f4d59f69147185a9a",
    "qing-replace": "f4afa0d541735ceae0fc0e89d3ddec4d",
    "qing-random": "bedba77665acef1948f9ac36ee40fb34",
    "ming-2": "2241b7c6ede4a546aeea519dfdea7ec8",
    "ming-3": "707063ece0cb3affb72d48f381928fcf",
    "ming-random": "01c789a6069eb5ec6cd80343d8ec789e",
}
"""The digests of the runs as the engines and bots stood before they were made faster."""


if __name__ == "__main__":
    print("RECORDED: dict[str, str] = {")
    for run_name in RUNS:
        print(f'    "{run_name}": "{digest(run_name)}",')
    print("}")
