"""The ``advisor`` command line: one Click group per game, thin over the library.

Exit codes (documented in docs/cli.md):

* 0 — every position was read and answered;
* 2 — usage error (unknown option, missing argument);
* 3 — bad input: an unknown card, a fifth copy, a wrong card count, malformed JSON
  (in a batch, the other lines are still answered);
* 70 — an internal error (a bug: please report it with the input).
"""

from __future__ import annotations

from importlib import import_module

import click

from advisor import __version__
from advisor.cli.common import reader_gone, replay_command
from advisor.registry import GAMES


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="advisor")
def main() -> None:
    """Hand evaluator and move advisor for Chắn and Khanhoo."""


for _game in GAMES:  # each registered game's group (advisor.cli.<name>), and its replay
    _group: click.Group = getattr(import_module(f"advisor.cli.{_game.name}"), _game.name)
    _group.add_command(replay_command(_game.name, _game.replay))
    main.add_command(_group)


def run() -> None:
    """The ``advisor`` program: :func:`main`, stopping quietly when the reader of its
    output goes away (``advisor chan simulate … | head``)."""
    try:
        main()
    except BrokenPipeError:
        reader_gone()
