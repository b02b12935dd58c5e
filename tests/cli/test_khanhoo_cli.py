"""The ``advisor khanhoo`` commands, driven through Click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.cli.common import EXIT_BAD_INPUT, EXIT_USAGE
from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.position import Position
from advisor.khanhoo.scoring import score

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GOLDEN = Path(__file__).resolve().parents[1] / "khanhoo" / "golden" / "records.jsonl"
BEST = "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"
WAITING = "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"


@pytest.fixture
def run() -> CliRunner:
    return CliRunner()


def test_score_flags_text(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "score", "--hand", BEST])
    assert r.exit_code == 0, r.output
    assert "Out: 34 points (29 + 5 for going out)" in r.output
    assert "Double Khanhoo" in r.output and "A♥ A♥ 2♣ 2♣ 3♦ 3♦" in r.output
    assert "\x1b[" not in r.output


def test_score_file_json_equals_library(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "score", str(EXAMPLES / "khanhoo_hand.json"), "--json"])
    assert r.exit_code == 0, r.output
    obj = json.loads((EXAMPLES / "khanhoo_hand.json").read_text())
    assert json.loads(r.output) == score(Position.from_json(obj)).to_json()


def test_score_batch_of_json_lines(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "score", str(EXAMPLES / "khanhoo_positions.jsonl"),
                          "--json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.output.splitlines()]
    assert [x["out"] for x in lines] == [True, True, False, True]
    assert [x.get("points") for x in lines] == [34, 7, None, 35]


def test_batch_keeps_going_after_a_bad_line(run: CliRunner) -> None:
    text = '{"hand": "Ah 5s"}\n' + json.dumps({"hand": BEST}) + '\n'
    r = run.invoke(main, ["khanhoo", "score", "-", "--json"], input=text)
    assert r.exit_code == EXIT_BAD_INPUT
    out = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]
    assert "error" in out[0] and "5s" in out[0]["error"] and out[1]["points"] == 34


def test_options_flags(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "score", "--json", "--split-sequences", "--hand",
                          "Ah 2h 3h 4h 5h 6h 7h 8h 9h Ac 2c 3c 4c 5c 6c"])
    assert json.loads(r.output)["points"] == 5 + 5
    r = run.invoke(main, ["khanhoo", "score", "--json", "--sets", "3", "--jokers", "2",
                          "--trio", "--hand", "5h 5h 5h Ah 2c 3d Js Qs Ks 4c 5c 6c 7d 8d 9d"])
    assert json.loads(r.output)["points"] == 6 + 5 + 3 + 1 + 1 + 5


def test_analyze_text_and_json(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "analyze", "--hand", WAITING])
    assert r.exit_code == 0 and "distance 1" in r.output and "Useful cards: 2♣ (1)" in r.output
    r = run.invoke(main, ["khanhoo", "analyze", "--json", "--hand", WAITING + " 5c"])
    got = json.loads(r.output)
    assert got == analyze(Position.from_json({"hand": WAITING + " 5c"})).to_json()
    assert got["discards"][0]["distance"] == 1


def test_advise_turn_and_claim(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "advise", "--json", "--budget", "2", "--hand",
                          WAITING + " 5c"])
    assert r.exit_code == 0, r.output
    adv = json.loads(r.output)
    assert adv["phase"] == "turn" and adv["best"]["do"] == "discard"
    assert len(adv["actions"]) == 16
    r = run.invoke(main, ["khanhoo", "advise", str(EXAMPLES / "khanhoo_advice.json")])
    assert r.exit_code == 0 and "go out" in r.output.splitlines()[0]


def test_advise_a_record_prefix(run: CliRunner) -> None:
    rec = json.loads(GOLDEN.read_text().splitlines()[0])["record"]
    del rec["result"]
    rec["moves"] = rec["moves"][:3]
    r = run.invoke(main, ["khanhoo", "advise", "-", "--json"], input=json.dumps(rec))
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["actions"]


def test_settle(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "settle", "52", "49", "47", "47", "--names", "A,B,C,D"])
    assert r.exit_code == 0 and "+13" in r.output and "B pays A 3" in r.output
    r = run.invoke(main, ["khanhoo", "settle", "--file", "-", "--json"],
                   input='{"scores": [52, 49, 47, 47]}')
    assert json.loads(r.output)["balances"] == [13, 1, -7, -7]
    r = run.invoke(main, ["khanhoo", "settle"])
    assert r.exit_code == EXIT_USAGE


def test_usage_errors(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "score"])
    assert r.exit_code == EXIT_USAGE
    r = run.invoke(main, ["khanhoo", "score", str(EXAMPLES / "khanhoo_hand.json"), "--hand",
                          "Ah"])
    assert r.exit_code == EXIT_USAGE
    r = run.invoke(main, ["khanhoo", "score", "--hand", "Ah 10h"])
    assert r.exit_code == EXIT_BAD_INPUT and "10h" in r.output


def test_simulate_and_replay(run: CliRunner, tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    r = run.invoke(main, ["khanhoo", "simulate", "-n", "3", "--seed", "2", "--seats",
                          "greedy,random", "--records", str(records), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["games"] == 3 and summary["sets"] == 2
    r = run.invoke(main, ["khanhoo", "replay", str(records)])
    assert r.exit_code == 0 and "3 of 3 records valid" in r.output
    r = run.invoke(main, ["khanhoo", "replay", str(GOLDEN), "--json"])
    assert r.exit_code == 0 and all(json.loads(x)["valid"] for x in r.output.splitlines())
    bad = json.loads(records.read_text().splitlines()[0])
    bad["moves"][0]["seat"] = (bad["moves"][0]["seat"] + 1) % 2
    records.write_text(json.dumps(bad) + "\n")
    r = run.invoke(main, ["khanhoo", "replay", str(records)])
    assert r.exit_code == EXIT_BAD_INPUT and "K4" in r.output


def test_simulate_variation_and_bad_seats(run: CliRunner) -> None:
    r = run.invoke(main, ["khanhoo", "simulate", "-n", "1", "--seats", "greedy,greedy,greedy",
                          "--variation", "--trio", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["sets"] == 3
    r = run.invoke(main, ["khanhoo", "simulate", "-n", "1", "--seats", "greedy,smart"])
    assert r.exit_code == EXIT_USAGE
    r = run.invoke(main, ["khanhoo", "simulate", "-n", "1", "--seats", "greedy", "--json"])
    assert r.exit_code == EXIT_USAGE
