"""``advisor khanhoo settle``: Khanhoo's own command. Its other commands (``score``,
``analyze``, ``advise``, ``simulate``, ``replay``) are made from the game's declarations
(:mod:`advisor.khanhoo.faces`, :mod:`advisor.cli.generated`); see docs/khanhoo.md and
docs/cli.md."""

from __future__ import annotations

import sys
from typing import IO, Any

import click

from advisor.cli.common import (
    EXIT_OK,
    Item,
    dumps,
    read_items,
    run_items,
    terminal_style,
    use_color,
)
from advisor.khanhoo.scoring import Settlement
from advisor.khanhoo.text import settlement_text


@click.group()
def khanhoo() -> None:
    """Khanhoo's own commands (added to the group made from its declarations)."""


@khanhoo.command("settle")
@click.argument("scores", nargs=-1, type=int)
@click.option("--names", metavar="A,B,…", help="The players' names, in the order of SCORES.")
@click.option("--file", "file", type=click.File("r", encoding="utf-8"),
              help='JSON: {"scores": [52, 49, 47, 47], "names": [...]} (or JSON lines).')
@click.option("--json", "as_json", is_flag=True, help="Print the settlement as JSON.")
def settle_cmd(scores: tuple[int, ...], names: str | None, file: IO[str] | None,
               as_json: bool) -> None:
    """Settle a match from the players' scores: each pays every player above him the
    difference (as in Skat).

    \b
    Examples:
      advisor khanhoo settle 52 49 47 47 --names A,B,C,D
      echo '{"scores": [52, 49, 47, 47]}' | advisor khanhoo settle --file - --json
    """
    if file is not None and scores:
        raise click.UsageError("give the scores either as arguments or with --file, not both")
    if file is None and not scores:
        raise click.UsageError("give the scores: advisor khanhoo settle 52 49 47 47")
    if file is not None:
        items = list(read_items(file, "<stdin>" if file.name == "<stdin>" else file.name))
    else:
        obj: dict[str, Any] = {"scores": list(scores)}
        if names:
            obj["names"] = [n.strip() for n in names.split(",")]
        items = [Item("", obj)]
    style = terminal_style(use_color())

    def show(result: Any) -> None:
        click.echo(dumps(result.to_json()) if as_json else settlement_text(result, style),
                   color=style.color)

    def show_error(item: Item, message: str) -> None:
        click.echo(f"advisor: {message}", err=True)

    code = run_items(items, Settlement.from_json, show, show_error)
    if code != EXIT_OK:
        sys.exit(code)


__all__ = ["khanhoo"]
