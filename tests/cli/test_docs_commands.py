"""Every ``advisor …`` command shown in the README and in ``docs/`` is one the CLI
understands: its commands exist, its options are spelt right, its values are accepted
and the files it names are in the repository. The commands are parsed by Click as the
CLI would parse them, not run (some play thousands of deals)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from advisor.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^\s*```")


def shown_commands(page: Path) -> Iterator[tuple[int, str]]:
    """(line number, command) for each ``advisor …`` line in the page's code blocks; a
    line ending in a backslash goes on."""
    inside = False
    pending: list[str] = []
    start = 0
    for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            continue
        text = line.strip()
        if pending:
            pending.append(text.rstrip("\\").strip())
            if not text.endswith("\\"):
                yield start, " ".join(pending)
                pending = []
            continue
        text = text.removeprefix("$ ")
        if re.match(r"^(\.venv/bin/)?advisor [a-z]", text):
            start = n
            if text.endswith("\\"):
                pending = [text.rstrip("\\").strip()]
            else:
                yield n, text


METAVAR = re.compile(r"^[A-Z][A-Z_]*([,|.…][A-Z_.…]*)*$")


def is_synopsis(command: str) -> bool:
    """A usage synopsis (``advisor chan replay FILE [--json]``) or a line of a diagram,
    not a command to type: it has placeholders, optional parts or drawing marks."""
    if any(mark in command for mark in ("[", "…", "·", "(the same)")):
        return True
    return any(METAVAR.match(w) for w in shlex.split(command, comments=True))


def _without_comment(command: str) -> list[str]:
    words = shlex.split(command, comments=True)
    return words[1:]  # "advisor" itself


def parse(args: list[str]) -> click.Command:
    """Parse ``args`` as ``advisor ARGS`` would, down to the command that would run."""
    ctx = main.make_context("advisor", list(args))
    cmd: click.Command = main
    while isinstance(cmd, click.Group):
        rest = [*ctx._protected_args, *ctx.args]
        if not rest:
            break
        name, sub, rest = cmd.resolve_command(ctx, rest)
        assert sub is not None and name is not None
        ctx = sub.make_context(name, rest, parent=ctx)
        cmd = sub
    return cmd


COMMANDS = [pytest.param(command, id=f"{page.name}:{n}")
            for page in PAGES for n, command in shown_commands(page)
            if not is_synopsis(command)]


def test_a_synopsis_is_told_from_a_command() -> None:
    assert is_synopsis("advisor chan replay FILE [--json]")
    assert is_synopsis("advisor chan simulate --games N --seed S --seats SPEC,SPEC,SPEC,SPEC")
    assert not is_synopsis('advisor qing score --hand "9c 1s 1m 2c" --json')
    assert not is_synopsis("advisor chan advise examples/view.json --budget-ms 50")


def test_the_pages_show_commands() -> None:
    assert len(COMMANDS) >= 40


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_shown_in_the_docs_is_one_the_cli_understands(command, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    try:
        parse(_without_comment(command))
    except click.exceptions.Exit:
        pass  # --help, --version
    except click.UsageError as err:
        pytest.fail(f"{command}\n  → {err.format_message()}")
