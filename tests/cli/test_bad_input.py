"""Bad input on the command line is bad input (exit 3, a message naming it), whatever
shape it takes — and in a batch, every input still gets its line of output."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.cli.common import EXIT_BAD_INPUT, EXIT_USAGE
from advisor.registry import names

HAND19 = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"


@pytest.fixture
def run() -> CliRunner:
    return CliRunner()


@pytest.mark.parametrize("argv", [["chan", "score", "-"], ["chan", "analyze", "-"],
                                  ["chan", "advise", "-"], ["khanhoo", "score", "-"],
                                  ["chan", "replay", "-"], ["khanhoo", "replay", "-"]])
def test_input_that_is_not_utf8_is_bad_input(run: CliRunner, argv: list[str]) -> None:
    r = run.invoke(main, argv, input=b"\xff\xfe")
    assert r.exit_code == EXIT_BAD_INPUT, r.output
    assert "not UTF-8 text (byte 0xff at position 0)" in r.stderr
    assert "internal error" not in r.stderr


@pytest.mark.parametrize("argv", [["chan", "score", "-"], ["khanhoo", "analyze", "-"]])
def test_empty_input_says_so(run: CliRunner, argv: list[str]) -> None:
    r = run.invoke(main, argv, input="  \n")
    assert r.exit_code == EXIT_BAD_INPUT and "no input (it is empty)" in r.stderr
    assert "Expecting value" not in r.stderr


def test_replay_of_an_empty_file_names_it_once(run: CliRunner, tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    r = run.invoke(main, ["chan", "replay", str(empty)])
    assert r.exit_code == EXIT_BAD_INPUT
    assert r.stderr.count(str(empty)) == 1 and "no input" in r.stderr


def test_a_huge_bad_token_is_cut_in_the_message(run: CliRunner) -> None:
    token = "x" * 1_000_000
    r = run.invoke(main, ["chan", "analyze", "--hand", f"2v 2v {token}"])
    assert r.exit_code == EXIT_BAD_INPUT
    assert len(r.stderr) < 1000 and "(1,000,000 characters)" in r.stderr


def test_a_batch_in_text_keeps_one_answer_per_input(run: CliRunner) -> None:
    batch = f'{{"hand": "2v"}}\n{{"hand": "{HAND19}"}}\n{{"hand": "zz"}}\n'
    r = run.invoke(main, ["chan", "analyze", "-"], input=batch)
    assert r.exit_code == EXIT_BAD_INPUT
    answers = r.stdout.split("\n\n")
    assert len(answers) == 3
    assert answers[0].startswith("error: <stdin>:1: hand:")
    assert answers[1].startswith("19 cards")
    assert answers[2].startswith("error: <stdin>:3: hand: unknown card 'zz'")


def test_play_checks_the_record_path_before_the_deal(run: CliRunner, tmp_path: Path) -> None:
    r = run.invoke(main, ["chan", "play", "--record", str(tmp_path / "no" / "deal.json")],
                   input="q\n")
    assert r.exit_code == EXIT_USAGE and "no such folder" in r.stderr
    assert "Thiên" not in r.stdout and "AI 1" not in r.stdout  # no deal was shown


@pytest.mark.parametrize("game", ["chan", "khanhoo"])
def test_simulate_help_lists_every_seat_spec(run: CliRunner, game: str) -> None:
    r = run.invoke(main, [game, "simulate", "--help"])
    assert "advisor:BUDGET_MS" in r.output and "exec:COMMAND" in r.output


@pytest.mark.parametrize("game", names())
def test_a_group_help_names_every_command(run: CliRunner, game: str) -> None:
    r = run.invoke(main, [game, "--help"])
    summary = r.output.split("Options:")[0]
    for word in main.commands[game].commands:  # type: ignore[attr-defined]
        assert word in summary


@pytest.mark.parametrize("game", names())
def test_a_single_bad_file_is_said_once_on_stderr(run: CliRunner, tmp_path: Path,
                                                  game: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"hand": "zz"}', encoding="utf-8")
    argv = ["trick", "--file", str(bad)] if game == "ming" else ["analyze", str(bad)]
    r = run.invoke(main, [game, *argv])
    assert r.exit_code == EXIT_BAD_INPUT, r.output
    assert r.stderr.count("bad.json") == 1 and "bad.json" not in r.stdout


def test_a_batch_still_gives_every_input_its_line(run: CliRunner) -> None:
    r = run.invoke(main, ["qing", "analyze", "-"], input='{"hand": "zz"}\n{"hand": "1c"}\n')
    assert r.exit_code == EXIT_BAD_INPUT
    assert r.stdout.count("error: <stdin>:") == 2 and r.stderr.count("<stdin>:") == 2


@pytest.mark.parametrize("game", ["chan", "khanhoo", "qing"])
def test_json_with_a_byte_order_mark_is_read(run: CliRunner, tmp_path: Path,
                                              game: str) -> None:
    hands = {"chan": HAND19, "khanhoo": "Ah 2h 3h 4h 5h 6h 7h 8h 9h Ac 2c 3c 4c",
             "qing": "1c 2c 3c 4c 5c 6c 7c 8c 9c 1s 2s 3s 4s 5s"}
    f = tmp_path / "bom.json"
    f.write_bytes(b"\xef\xbb\xbf" + f'{{"hand": "{hands[game]}"}}'.encode())
    r = run.invoke(main, [game, "analyze", str(f)])
    assert "BOM" not in r.stderr and "malformed" not in r.stderr, r.stderr


def test_an_argument_that_is_not_utf8_is_refused_by_its_position(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from advisor.cli import run as program
    monkeypatch.setattr(sys, "argv", ["advisor", "chan", "analyze", "--hand",
                                      b"s\xe1ch".decode("utf-8", "surrogateescape")])
    with pytest.raises(SystemExit) as info:
        program()
    assert info.value.code == EXIT_USAGE
    err = capsys.readouterr().err
    assert "argument 4 ('s\\xe1ch') is not UTF-8 text" in err and "udce1" not in err


def test_option_values_are_not_case_sensitive(run: CliRunner) -> None:
    r = run.invoke(main, ["chan", "analyze", "--hand", HAND19, "--rules", "CVV"])
    assert r.exit_code == 0 and "[cvv]" in r.stdout, r.output
    r = run.invoke(main, ["chan", "play", "--seed", "3", "--rules", "Cvv"], input="q\n")
    assert r.exit_code == 0 and "rules cvv" in r.stdout, r.output


def test_a_simulate_whose_exec_bot_cannot_start_does_not_exit_0(run: CliRunner) -> None:
    from advisor.cli.common import EXIT_BOT_FAILED
    r = run.invoke(main, ["qing", "simulate", "--games", "1", "--seats",
                          "exec:/nonexistent/bot,greedy,greedy,greedy"])
    assert r.exit_code == EXIT_BOT_FAILED, r.output
    assert "could not start" in r.stderr and "not those of the bots named" in r.stderr
