"""Records (khanhoo-record/1): golden deals replay to their known results and regenerate
byte for byte; a tampered record is rejected at its first illegal move with the rule ID.

Regenerate the golden file after a deliberate change of the rules or the bots with
``python -m tests.khanhoo.test_record``.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Game
from advisor.khanhoo.rules import Rules
from tests.games.checks import refused_naming

GOLDEN = Path(__file__).parent / "golden" / "records.jsonl"
# tag: (players, rules, orphan, bots, max_turns, seed); each seed was picked for its tag
CASES: dict[str, tuple[int, Rules, int | None, list[str], int, str]] = {
    "two-take": (2, Rules(2, 1), None, ["greedy"] * 2, 200, "golden:0"),
    "three-bump-turnover": (3, Rules(2, 2), None, ["greedy", "random", "greedy"], 200,
                            "golden:0"),
    "four-no-stock": (4, Rules(2, 1), None, ["greedy"] * 4, 200, "golden:0"),
    "four-orphan": (4, Rules(2, 1), 1, ["greedy"] * 4, 200, "golden:0"),
    "five-bump": (5, Rules(4, 1), None, ["greedy"] * 5, 200, "golden:0"),
    "variation": (3, Rules(3, 2, trio=True), None, ["greedy"] * 3, 200, "golden:0"),
    "cache": (5, Rules(4, 1, trio=True), None, ["greedy"] * 5, 200, "golden:0"),
    "draw": (2, Rules(2, 1), None, ["random"] * 2, 12, "golden:0"),
}


def generate(tag: str) -> dict[str, Any]:
    players, rules, orphan, bots, max_turns, seed = CASES[tag]
    g = Game.from_deal(players, rng=random.Random(seed), rules=rules, orphan=orphan,
                       max_turns=max_turns)
    k = int(seed.split(":")[1])
    KHANHOO.play(g, [KHANHOO.make_bot(b, seed=k * players + s) for s, b in enumerate(bots)])
    return g.to_record(bots)


def _entries() -> list[dict[str, Any]]:
    if not GOLDEN.exists():
        return []
    return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


ENTRIES = _entries()


def test_golden_file_has_every_case() -> None:
    assert [e["tag"] for e in ENTRIES] == list(CASES)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["tag"] for e in ENTRIES])
def test_golden_record_regenerates_exactly(entry: dict[str, Any]) -> None:
    """The same seed and bots give the same record: any change to the engine's rules,
    scoring or the built-in bots shows up here."""
    assert generate(entry["tag"]) == entry["record"]


def test_golden_set_covers_each_way_a_deal_ends_and_each_move() -> None:
    ends = {e["record"]["result"]["by"] for e in ENTRIES}
    assert ends == {"out", "cache", None}
    dos = {m["do"] for e in ENTRIES for m in e["record"]["moves"]}
    assert {"discard", "out", "take", "bump", "pass", "draw", "cache", "quartette"} <= dos
    r = KHANHOO.replay(next(e for e in ENTRIES if e["tag"] == "three-bump-turnover")["record"])
    assert r.game is not None and r.game.turnovers == 1


def _first(tag: str) -> dict[str, Any]:
    return copy.deepcopy(next(e for e in ENTRIES if e["tag"] == tag)["record"])


def test_tampered_move_is_reported_with_its_number_and_rule() -> None:
    rec = _first("two-take")
    first = rec["moves"][0]
    rec["moves"][0] = {"seat": first["seat"], "do": "out", "card": first["card"]}
    r = KHANHOO.replay(rec)
    assert not r.valid and r.move == 1 and r.rule == "K6"
    assert r.describe().startswith("move 1: K6: ")


def test_move_by_the_wrong_seat() -> None:
    rec = _first("two-take")
    rec["moves"][0]["seat"] = 1 - rec["moves"][0]["seat"]
    r = KHANHOO.replay(rec)
    assert r.move == 1 and r.rule == "K4"


def test_a_bump_replaced_by_a_sequence_bump() -> None:
    rec = _first("three-bump-turnover")
    n = next(i for i, m in enumerate(rec["moves"]) if m["do"] == "bump")
    rec["moves"][n]["do"] = "take"
    r = KHANHOO.replay(rec)
    assert r.move == n + 1 and r.rule == "K5"


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: r["stock"].pop(), "hands"),
    (lambda r: r["stock"].__setitem__(0, "5s"), "stock"),
    (lambda r: r.update(sets=9), "sets"),
    (lambda r: r.update(options={"colour": True}), "options.colour"),
    (lambda r: r.update(orphan=0), "orphan"),
])
def test_malformed_records(change: Any, field: str) -> None:
    rec = _first("two-take")
    change(rec)
    refused_naming(KHANHOO, rec, field)


def main() -> None:
    lines = []
    for tag, (players, _rules, _orphan, bots, _turns, seed) in CASES.items():
        lines.append(json.dumps({"tag": tag, "seed": seed, "bots": bots, "players": players,
                                 "record": generate(tag)}, separators=(",", ":")))
    GOLDEN.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} records to {GOLDEN}")


if __name__ == "__main__":
    main()
