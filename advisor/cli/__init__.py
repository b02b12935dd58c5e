"""The ``advisor`` command line: one Click group per game, thin over the library.

Exit codes (documented in docs/cli.md):

* 0 — every position was read and answered;
* 2 — usage error (unknown option, missing argument);
* 3 — bad input: an unknown card, a fifth copy, a wrong card count, malformed JSON
  (in a batch, the other lines are still answered);
* 70 — an internal error (a bug: please report it with the input).
"""

from __future__ import annotations

import sys
from importlib import import_module

import click

from advisor import __version__, core
from advisor.cli.common import EXIT_USAGE, reader_gone, replay_command
from advisor.cli.generated import describe_group, game_group
from advisor.cli.playing import play_command, playable
from advisor.registry import GAMES


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="advisor",
                      message=f"%(prog)s %(version)s, on {core.describe()}")
def main() -> None:
    """Hand evaluator and move advisor for Chắn, Khanhoo and their kin."""


def _extras(name: str) -> click.Group | None:
    """A game's own command module ``advisor.cli.<name>`` (its group), if it has one."""
    try:
        module = import_module(f"advisor.cli.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"advisor.cli.{name}":
            raise
        return None
    group: click.Group = getattr(module, name)
    return group


for _game in GAMES:
    # Every game gets its commands made from its spec (advisor.cli.generated), with its
    # own extras added (advisor.cli.<name>, if it has some), and its replay.
    _group = game_group(_game, _extras(_game.name))
    if "play" not in _group.commands and playable(_game):  # the terminal game, from
        _group.add_command(play_command(_game))  # the game's declarations
    _group.add_command(replay_command(_game.name, _game.replay))
    describe_group(_group, _game.title)
    main.add_command(_group)

_titles = [g.title for g in GAMES]
main.help = ("Hand evaluator and move advisor for "
             + (", ".join(_titles[:-1]) + " and " if len(_titles) > 1 else "") + _titles[-1] + ".")


def run() -> None:
    """The ``advisor`` program: :func:`main`, stopping quietly when the reader of its
    output goes away (``advisor chan simulate … | head``). An argument that is not UTF-8
    text (bytes the system could not decode) is refused by its position, before any
    command reads it."""
    for n, arg in enumerate(sys.argv[1:], 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            click.echo(f"advisor: argument {n} ('{shown}') is not UTF-8 text: write cards "
                       f"and names in UTF-8", err=True)
            sys.exit(EXIT_USAGE)
    try:
        main()
    except BrokenPipeError:
        reader_gone()
