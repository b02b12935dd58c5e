"""Records (qing-record/1): golden deals replay to their known results and regenerate
byte for byte; a tampered record is rejected at its first illegal move with the rule ID;
a record prefix gives the VIEW of the seat to act.

Regenerate the golden file after a deliberate change of the rules or the bots with
``python -m tests.qing.test_record``.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from advisor.errors import PositionError, RecordError
from advisor.qing.faces import GAME as QING
from advisor.qing.game import Game
from advisor.qing.rules import Rules
from advisor.qing.view import View

GOLDEN = Path(__file__).parent / "golden" / "records.jsonl"
# tag: (players, rules, bots, seed)
CASES: dict[str, tuple[int, Rules, list[str], str]] = {
    "four-greedy": (4, Rules(), ["greedy"] * 4, "golden:0"),
    "two-random": (2, Rules(), ["random"] * 2, "golden:1"),
    "six-wilkinson-replace": (6, Rules("wilkinson", True), ["greedy", "random"] * 3,
                              "golden:2"),
}


def generate(tag: str) -> dict[str, Any]:
    players, rules, bots, seed = CASES[tag]
    g = Game.from_deal(players, rng=random.Random(seed), rules=rules)
    QING.play(g, [QING.make_bot(b, seed=n) for n, b in enumerate(bots)])
    return {"tag": tag, "seed": seed, "bots": bots, "players": players,
            "record": g.to_record(bots)}


def golden() -> list[dict[str, Any]]:
    return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


def write() -> None:
    GOLDEN.write_text("".join(json.dumps(generate(t), ensure_ascii=False,
                                         separators=(",", ":")) + "\n" for t in CASES))


@pytest.mark.parametrize("entry", golden(), ids=lambda e: e["tag"])
def test_golden_records_replay_and_regenerate(entry: dict[str, Any]) -> None:
    r = QING.replay(entry["record"])
    assert r.valid, r.describe()
    assert generate(entry["tag"]) == entry


def test_golden_records_cover_a_win_and_a_drawn_deal() -> None:
    results = [e["record"]["result"] for e in golden()]
    assert any(r["winner"] is not None for r in results)
    assert len({e["players"] for e in golden()}) == 3


def test_a_tampered_move_is_refused_with_its_rule() -> None:
    rec = copy.deepcopy(golden()[0]["record"])
    first = rec["moves"][0]
    rec["moves"][0] = {"seat": (first["seat"] + 1) % 4, **{k: v for k, v in first.items()
                                                          if k != "seat"}}
    r = QING.replay(rec)
    assert not r.valid and r.move == 1 and r.rule == "Q6"


def test_a_malformed_deal_is_named() -> None:
    rec = copy.deepcopy(golden()[0]["record"])
    rec["hands"][1] = rec["hands"][1][:-1]
    r = QING.replay(rec)
    assert isinstance(r.error, RecordError) and r.error.field == "hands[1]"
    rec = copy.deepcopy(golden()[0]["record"])
    rec["options"] = {"eye6": "nobody"}
    assert QING.replay(rec).error.field == "options"  # type: ignore[union-attr]


def test_view_at_a_prefix() -> None:
    rec = copy.deepcopy(golden()[0]["record"])
    del rec["result"]
    rec["moves"] = rec["moves"][:10]
    view, legal = QING.view_at(rec)
    assert isinstance(view, View) and legal
    assert QING.view_at(rec, view.seat)[0] == view
    with pytest.raises(PositionError, match="stops at seat"):
        QING.view_at(rec, (view.seat + 1) % 4)


if __name__ == "__main__":
    write()
