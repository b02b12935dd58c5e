"""Records (§8.2): golden deals replay to their known results and regenerate byte for
byte; a tampered record is rejected at its first illegal move with the rule ID."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import Game
from advisor.chan.record import game_from_record, play_recorded, read_records
from advisor.errors import RecordError
from tests.games.checks import refused_naming

GOLDEN = Path(__file__).parent / "golden" / "records.jsonl"
ENTRIES = [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["tag"] for e in ENTRIES])
def test_golden_record_regenerates_exactly(entry: dict[str, Any]) -> None:
    """The same seed and bots give the same record: any change to the engine's rules,
    scoring or the built-in bots shows up here."""
    rec = entry["record"]
    g = Game.from_deal(rng=random.Random(entry["seed"]), rules=rec["rules"])
    k = int(entry["seed"].split(":")[1])
    CHAN.play(g, [CHAN.make_bot(entry["bots"], seed=k * 4 + s) for s in range(4)])
    assert g.to_record(rec["players"]) == rec


def test_golden_set_covers_each_way_a_deal_ends() -> None:
    tags = {e["record"]["result"].get("win_by") or "draw" for e in ENTRIES}
    assert tags == {"own_door", "other_door", "chiu", "draw"}
    assert {e["record"]["rules"] for e in ENTRIES} == {"house", "cvv"}


def test_c4_golden_record_returns_the_chiu_discard() -> None:
    entry = next(e for e in ENTRIES if e["tag"] == "return")
    g = game_from_record(entry["record"])
    returns = []
    for mv in entry["record"]["moves"]:
        play_recorded(g, mv["seat"], _action(mv))
        if g.offer is not None and g.offer.source == "return":
            returns.append((g.offer.door, g.offer.to))
    assert returns and all(claimant != to for claimant, to in returns)


def _action(mv: dict[str, Any]) -> Any:
    from advisor.chan.game import Action

    return Action.from_json(mv)


def _first(tag: str) -> dict[str, Any]:
    return copy.deepcopy(next(e for e in ENTRIES if e["tag"] == tag)["record"])


def test_tampered_move_is_reported_with_its_number_and_rule() -> None:
    rec = _first("own_door")
    # the dealer's opening discard replaced by a card it holds exactly twice (R2)
    hand = rec["hands"][rec["dealer"]]
    pair = next(c for c in hand if hand.count(c) == 2)
    rec["moves"][0] = {"seat": rec["dealer"], "do": "discard", "card": pair}
    r = CHAN.replay(rec)
    assert not r.valid and r.move == 1 and r.rule == "R2"
    assert r.describe().startswith("move 1: R2: ")


def test_move_by_the_wrong_seat() -> None:
    rec = _first("draw")
    rec["moves"][0]["seat"] = (rec["dealer"] + 1) % 4
    r = CHAN.replay(rec)
    assert r.move == 1 and r.rule == "T1"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["stock"].pop(), "stock"),
        (lambda r: r["stock"].__setitem__(0, "1v"), "stock"),
        (lambda r: r["hands"][1].__setitem__(0, "cc" if r["hands"][1][0] != "cc" else "2v"),
         "hands"),  # one face five times, another three times (S1)
    ],
)
def test_malformed_records(change: Any, field: str) -> None:
    rec = _first("draw")
    change(rec)
    refused_naming(CHAN, rec, field)


def test_read_records_json_lines_and_list() -> None:
    recs = [e["record"] for e in ENTRIES]
    lines = "\n".join(json.dumps(r) for r in recs)
    assert [rec for _, rec in read_records(io.StringIO(lines))] == recs
    assert [rec for _, rec in read_records(io.StringIO(json.dumps(recs)))] == recs
    [(_label, err)] = list(read_records(io.StringIO("{oops")))
    assert isinstance(err, RecordError)


# --- the result's bonuses, compared as the rules define them ------------------------------


def _finished(seed: int) -> dict[str, Any]:
    g = Game.from_deal(seed=seed)
    while not g.over:
        assert g.pending is not None
        g.act(g.pending.seat, g.legal_actions()[-1])
    return g.to_record()


def test_tied_bonuses_in_another_order_replay_to_the_same_result() -> None:
    """§7: the main bonus is the highest base (ties: higher dịch), then the rest: a
    record listing two tied bonuses the other way round (an independent engine's) scores
    the same and is accepted; one whose first bonus is not a main, or whose set differs,
    is refused naming result.bonuses."""
    rec = _finished(874)  # Tôm and Bạch thủ: both base 4, dịch 1
    bonuses = rec["result"]["bonuses"]
    assert len(bonuses) == 2 and bonuses[0]["code"] != bonuses[1]["code"]
    assert (bonuses[0]["base"], bonuses[0]["dich"]) == (bonuses[1]["base"], bonuses[1]["dich"])
    assert CHAN.replay(rec).valid

    swapped = copy.deepcopy(rec)
    swapped["result"]["bonuses"].reverse()
    assert CHAN.replay(swapped).valid

    lesser = copy.deepcopy(rec)  # a bonus of lower rank listed first: not a main
    lesser["result"]["bonuses"] = [{"code": "u_xuong", "name": "Ù xuông", "count": 1,
                                    "base": 2, "dich": 0}, *bonuses]
    out = CHAN.replay(lesser)
    assert not out.valid and out.error is not None and out.error.field == "result.bonuses"

    other = copy.deepcopy(rec)  # a different set, same order
    other["result"]["bonuses"][1] = {**other["result"]["bonuses"][1], "code": "leo",
                                     "name": "Lèo"}
    out = CHAN.replay(other)
    assert not out.valid and out.error is not None and out.error.field == "result.bonuses"
