"""Every example shown in a generated command's ``--help`` runs (a user copies them first):
each verb of each game, from the repository's root (examples name files in examples/)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent.parent
CASES = [(spec.name, verb.command_name, example)
         for spec in GAMES for verb in spec.faces.verbs for example in verb.examples
         if "|" not in example]  # a pipeline is the shell's, not one command


@pytest.mark.parametrize(("game", "command", "example"), CASES,
                         ids=[f"{g}-{c}-{i}" for i, (g, c, _) in enumerate(CASES)])
def test_every_help_example_runs(game: str, command: str, example: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    words = shlex.split(example)
    stdin = None
    if "<" in words:  # the shell's redirection: the file becomes the input
        at = words.index("<")
        stdin = (ROOT / words[at + 1]).read_text(encoding="utf-8")
        words = words[:at] + words[at + 2:]
    argv = [game, command, *words]
    if "--budget-ms" not in example and any(v.budget for s in GAMES if s.name == game
                                            for v in s.faces.verbs
                                            if v.command_name == command):
        argv += ["--budget-ms", "20"]
    r = CliRunner().invoke(main, argv, input=stdin)
    assert r.exit_code == 0, (" ".join(argv), r.output)
