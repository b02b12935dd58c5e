"""``advisor chan simulate`` and ``advisor chan replay``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from advisor.cli import main
from advisor.cli.common import EXIT_BAD_INPUT, EXIT_USAGE

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "chan" / "golden" / "records.jsonl"


def test_simulate_json_summary_and_records(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    bot = f"exec:{sys.executable} {ROOT / 'examples' / 'chan_bot.py'}"
    r = CliRunner().invoke(main, ["chan", "simulate", "--games", "4", "--seed", "3",
                                  "--seats", f"greedy,random,greedy,{bot}", "--duplicate",
                                  "--records", str(out), "--json"])
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["deals"] == 4 and s["games"] == 16 and len(s["players"]) == 4
    for p in s["players"]:
        assert p["deals"] == 16 and p["ci95"][0] <= p["mean_settlement"] <= p["ci95"][1]
    lines = out.read_text().splitlines()
    assert len(lines) == 16
    first = json.loads(lines[0])
    assert first["format"] == "chan-record/2" and first["players"][3] == bot
    rotated = json.loads(lines[1])["players"]
    assert rotated == first["players"][3:] + first["players"][:3]
    assert CliRunner().invoke(main, ["chan", "replay", str(out)]).exit_code == 0


def test_simulate_text() -> None:
    r = CliRunner().invoke(main, ["chan", "simulate", "-n", "5", "--seats",
                                  "greedy,random,random,random"])
    assert r.exit_code == 0 and "95% CI" in r.stdout and "deals/s" in r.stdout


def test_simulate_bad_spec_is_a_usage_error() -> None:
    r = CliRunner().invoke(main, ["chan", "simulate", "--seats", "greedy,smart,random,random"])
    assert r.exit_code == EXIT_USAGE and "'smart' is not a seat spec" in r.stderr
    r = CliRunner().invoke(main, ["chan", "simulate", "--seats", "greedy,random"])
    assert r.exit_code == EXIT_USAGE


def test_replay_golden_records_are_valid() -> None:
    records = [json.dumps(json.loads(line)["record"]) for line in GOLDEN.read_text().splitlines()]
    r = CliRunner().invoke(main, ["chan", "replay", "-"], input="\n".join(records))
    assert r.exit_code == 0 and f"{len(records)} of {len(records)} records valid" in r.stdout


def test_replay_names_the_first_illegal_move_of_each_bad_record() -> None:
    recs = [json.loads(line)["record"] for line in GOLDEN.read_text().splitlines()]
    bad = recs[0]
    hand = bad["hands"][bad["dealer"]]
    pair = next(c for c in hand if hand.count(c) == 2)
    bad["moves"][0] = {"seat": bad["dealer"], "do": "discard", "card": pair}
    text = "\n".join(json.dumps(r) for r in recs)
    r = CliRunner().invoke(main, ["chan", "replay", "-", "--json"], input=text)
    assert r.exit_code == EXIT_BAD_INPUT
    verdicts = [json.loads(line) for line in r.stdout.splitlines()]
    assert verdicts[0]["valid"] is False and verdicts[0]["rule"] == "R2"
    assert verdicts[0]["move"] == 1
    assert all(v["valid"] for v in verdicts[1:])
    assert "<stdin>:1: move 1: R2:" in r.stderr


def test_replay_empty_or_malformed_input() -> None:
    r = CliRunner().invoke(main, ["chan", "replay", "-"], input="{oops")
    assert r.exit_code == EXIT_BAD_INPUT and "malformed JSON" in r.stderr
