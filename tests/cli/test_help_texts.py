"""Help texts as a user reads them: every command of every game, checked for the slips
once found in them (a group help that omits a command, click's ``[x<=None]``, "4 to 4
players", the server's settings in a command's help, two spellings of analyze)."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.registry import GAMES

GROUPS = {name: group for name, group in main.commands.items() if isinstance(group, click.Group)}


def _help(*argv: str) -> str:
    r = CliRunner().invoke(main, [*argv, "--help"], terminal_width=200)
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_a_game_s_help_names_every_command_it_has(game: str) -> None:
    group = GROUPS[game]
    head = group.help or ""
    for name in group.commands:
        if name not in ("simulate", "replay"):
            assert re.search(rf"\b{name}\b", head), (name, head)


@pytest.mark.parametrize("argv", [(g, c) for g, group in GROUPS.items()
                                  for c in group.commands])
def test_no_command_help_carries_a_slip(argv: tuple[str, str]) -> None:
    text = _help(*argv)
    assert "None]" not in text and "x<=None" not in text
    assert not re.search(r"\b(\d+) to \1 players", text)
    assert "_ADVICE_MS" not in text, "a server setting in a command's help"
    assert "Analyse" not in text


def test_qing_names_its_three_aces_not_the_card_1s() -> None:
    assert "extras (1s," not in _help("qing", "score")
