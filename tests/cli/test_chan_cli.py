"""The ``advisor chan`` commands, driven through Click's runner."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.chan.analysis import analyze
from advisor.chan.position import Position
from advisor.chan.scoring import score
from advisor.cli import main
from advisor.cli.common import EXIT_BAD_INPUT, EXIT_USAGE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHEET = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"


@pytest.fixture
def run() -> CliRunner:
    return CliRunner()


def test_score_flags_text(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "score", "--hand", SHEET, "--win", "8m", "--by", "own_door"])
    assert r.exit_code == 0, r.output
    assert "Win: 5 points" in r.output
    assert "Tôm 4 + Ù chì 1 = 5" in r.output
    assert "\x1b[" not in r.output  # no colour when not on a terminal


def test_score_json_equals_library(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "score", str(EXAMPLES / "win.json"), "--json"])
    assert r.exit_code == 0
    obj = json.loads((EXAMPLES / "win.json").read_text())
    assert json.loads(r.output) == score(Position.from_json(obj)).to_json()


def test_batch_json_lines_one_result_per_line_in_order(run: CliRunner) -> None:
    path = EXAMPLES / "positions.jsonl"
    r = run.invoke(main, ["chan", "score", str(path), "--json"])
    assert r.exit_code == 0
    lines = [json.loads(x) for x in r.output.splitlines()]
    objs = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    assert lines == [score(Position.from_json(o)).to_json() for o in objs]


def test_batch_from_stdin_keeps_alignment_on_a_bad_line(run: CliRunner) -> None:
    good = json.dumps({"hand": SHEET, "winning_card": "8m", "win_by": "own_door"})
    bad = json.dumps({"hand": SHEET.replace("2v 2v", "2v xx"), "winning_card": "8m"})
    r = run.invoke(main, ["chan", "score", "-", "--json"], input=f"{good}\n{bad}\n{good}\n")
    assert r.exit_code == EXIT_BAD_INPUT
    out = r.stdout.splitlines()
    assert len(out) == 3 and "error" in json.loads(out[1])
    assert json.loads(out[0])["points"] == json.loads(out[2])["points"] == 5
    assert "<stdin>:2: hand: unknown card 'xx'" in r.stderr


def test_analyze_example_file(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "analyze", str(EXAMPLES / "hand.json")])
    assert r.exit_code == 0
    assert "Discards, best first" in r.output and "Ba đầu" in r.output


def test_analyze_json_waits_shape(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "analyze", str(EXAMPLES / "waiting.json"), "--json"])
    assert r.exit_code == 0
    j = json.loads(r.output)
    obj = json.loads((EXAMPLES / "waiting.json").read_text())
    assert j == analyze(Position.from_json(obj)).to_json()
    assert j["waits"] and all(set(w) == {"card", "unseen"} for w in j["waits"])


def test_analyze_flags_with_melds_and_seen(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "analyze", "--json", "--hand",
                          "2v 2v 4v 4v 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 8v",
                          "--melds", "5s 5s; 7m 7m", "--seen", "8s 8s"])
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["melds"] == [["5s", "5s"], ["7m", "7m"]]
    assert {w["card"]: w["unseen"] for w in j["waits"]} == {"8v": 3, "8s": 2, "8m": 4}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "2v van"], "'van' is ambiguous"),
        (["--hand", "2v 2v 2v 2v", "--melds", "2v 2v"], "fifth copy of 2v"),
        (["--hand", "2v 2v"], "analysis needs 19"),
        (["--hand", "2v 1m"], "'1m'"),
    ],
)
def test_bad_input_message_and_exit_code(run: CliRunner, args: list[str], message: str) -> None:
    r = run.invoke(main, ["chan", "analyze", *args])
    assert r.exit_code == EXIT_BAD_INPUT
    assert message in r.stderr and "Traceback" not in r.output + r.stderr
    assert r.stdout == ""


def test_malformed_json(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "score", "-"], input='{"hand": ')
    assert r.exit_code == EXIT_BAD_INPUT and "malformed JSON" in r.stderr


def test_usage_errors(run: CliRunner) -> None:
    assert run.invoke(main, ["chan", "score"]).exit_code == EXIT_USAGE
    r = run.invoke(main, ["chan", "score", str(EXAMPLES / "win.json"), "--hand", "2v"])
    assert r.exit_code == EXIT_USAGE and "not both" in r.stderr
    assert run.invoke(main, ["chan", "score", "--hand", "2v", "--rules", "x"]).exit_code == 2


def test_colour_only_when_asked_for(run: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    # every command prints through advisor.cli.common; patch its terminal test there
    monkeypatch.setattr(sys.modules["advisor.cli.common"], "use_color", lambda stream=None: True)
    r = run.invoke(main, ["chan", "score", "--hand", SHEET, "--win", "8m"], color=True)
    assert "\x1b[31m\x1b[1m8v\x1b[0m" in r.output  # 8v is red; 8m is black
    assert "\x1b[31m\x1b[1m8m" not in r.output


def test_no_color_env(monkeypatch: pytest.MonkeyPatch) -> None:
    from advisor.cli.common import use_color

    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(Tty()) is True  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color(Tty()) is False  # type: ignore[arg-type]
