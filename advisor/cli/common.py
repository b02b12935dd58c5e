"""What every CLI command shares: reading positions, colour, errors and exit codes."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, NoReturn

import click

from advisor.errors import AdvisorError, RecordError
from advisor.games.parallel import SliceFailed, SlicesLost
from advisor.games.records import Replay
from advisor.jsonio import Document, documents
from advisor.text import PLAIN, Style

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_BAD_INPUT = 3
EXIT_INTERNAL = 70


def use_color(stream: IO[str] | None = None) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set."""
    stream = stream or sys.stdout
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


class Colour(Style):
    """The terminal's style: red cards in red, headings bold, asides dim."""

    color = True

    def red(self, text: str) -> str:
        return click.style(text, fg="red", bold=True)

    def head(self, text: str) -> str:
        return click.style(text, bold=True)

    def dim(self, text: str) -> str:
        return click.style(text, dim=True)


def terminal_style(color: bool) -> Style:
    """The style to write with: :class:`Colour` on a terminal, else plain text."""
    return Colour() if color else PLAIN


Item = Document
"""One position read from the input (see :mod:`advisor.jsonio`)."""


def read_text(stream: IO[str], name: str) -> str:
    """The whole text of an input; text that is not UTF-8 is bad input, named as such."""
    try:
        return stream.read()
    except UnicodeDecodeError as err:
        raise AdvisorError(f"{name}: not UTF-8 text (byte 0x{err.object[err.start]:02x} at "
                           f"position {err.start})", field="$") from None


def read_items(stream: IO[str], name: str) -> Iterator[Item]:
    """Positions from a file: one JSON document (an object or a list of objects), or
    JSON lines (one object per line; blank lines are skipped). Input that is not UTF-8
    text is one bad item."""
    try:
        text = read_text(stream, name)
    except AdvisorError as err:
        return iter([Item(name, error=err.message)])
    return documents(text, name)


def run_items(
    items: Iterator[Item] | list[Item],
    answer: Callable[[Any], Any],
    show: Callable[[Any], None],
    show_error: Callable[[Item, str], None],
) -> int:
    """Answer each position; report bad ones on stderr and keep going. Returns the exit code."""
    code = EXIT_OK
    for item in items:
        if item.error is not None:
            show_error(item, item.error)
            code = EXIT_BAD_INPUT
            continue
        try:
            result = answer(item.obj)
        except AdvisorError as err:
            show_error(item, f"{item.label}: {err.message}" if item.label else err.message)
            code = EXIT_BAD_INPUT
            continue
        show(result)
    return code


def position_items(file: IO[str] | None, flags: dict[str, Any],
                   build: Callable[[dict[str, Any]], dict[str, Any]]) -> list[Item]:
    """The positions of a command: from FILE (JSON), or the one that the flags spell
    (``build`` turns them into the game's position object) — never both."""
    given = [k for k, v in flags.items() if k != "hand" and v not in (None, (), False)]
    if file is not None:
        if flags.get("hand") is not None or given:
            raise click.UsageError(
                f"give the position either as flags or as a FILE, not both "
                f"(got FILE and --{(given or ['hand'])[0].replace('_', '-')})")
        return list(read_items(file, "<stdin>" if file.name == "<stdin>" else file.name))
    if flags.get("hand") is None:
        raise click.UsageError("give a position: --hand CARDS (with other flags), or a JSON "
                               "FILE, or - to read JSON from stdin")
    return [Item("", build(dict(flags)))]


def run_positions(items: Callable[[], list[Item]], as_json: bool, answer: Callable[[Any], Any],
                  text: Callable[[Any, Style], str]) -> None:
    """Answer every position (``answer`` on its decoded JSON) and print the results — as
    text (``text``, coloured on a terminal) or one JSON line each; a bad position is
    reported on stderr (and as ``{"error": …}`` in JSON, one line per input) and the
    others still answered. Exits with :data:`EXIT_BAD_INPUT` if any was bad."""
    style = terminal_style(use_color())
    count = 0

    def show(result: Any) -> None:
        nonlocal count
        if as_json:
            click.echo(dumps(result.to_json()))
        else:
            if count:
                click.echo()
            click.echo(text(result, style), color=style.color)
        count += 1

    def show_error(item: Item, message: str) -> None:
        nonlocal count
        click.echo(f"advisor: {message}", err=True)
        # in JSON, an answer for every input (a program reads it); in text, a line for a
        # bad input of a batch only, so that the answers line up — a single input's
        # error is said once, on stderr
        if as_json and item.label:
            click.echo(dumps({"error": message}))
        elif batch:
            if count:
                click.echo()
            click.echo(f"error: {message}")
        count += 1

    try:
        listed = items()
        batch = len(listed) > 1
        code = run_items(listed, answer, show, show_error)
    except (click.UsageError, click.exceptions.Exit):
        raise
    except Exception as err:
        fail_internal(err)
    if code != EXIT_OK:
        sys.exit(code)


def replay_records(file: IO[str], as_json: bool, replay: Callable[[object], Replay]) -> None:
    """The ``replay`` command of every game: each record of FILE (or each golden-file entry's
    ``record``) replayed through the engine; a verdict per record in JSON, or the bad ones
    on stderr and a count; exit :data:`EXIT_BAD_INPUT` when any is bad or none is found."""
    bad = count = 0
    for item in read_items(file, "<stdin>" if file.name == "<stdin>" else file.name):
        count += 1
        obj = item.obj
        if isinstance(obj, dict) and "record" in obj and "format" not in obj:
            obj = obj["record"]  # a golden-file entry
        outcome = Replay(None, RecordError(item.error)) if item.error else replay(obj)
        label = item.label or "record"
        said = item.error or outcome.describe()  # a reading error names the input already
        if as_json:
            click.echo(dumps({"record": label, "valid": outcome.valid, "move": outcome.move,
                              "rule": outcome.rule,
                              "error": None if outcome.valid else said}))
        if not outcome.valid:
            bad += 1
            click.echo(f"advisor: {said}" if item.error else f"advisor: {label}: {said}",
                       err=True)
    if not as_json:
        click.echo(f"{count - bad} of {count} records valid")
    if bad or not count:
        sys.exit(EXIT_BAD_INPUT)


def replay_command(game: str, replay: Callable[[object], Replay]) -> click.Command:
    """The ``advisor GAME replay FILE`` command of a game (made for every registered game
    by :mod:`advisor.cli`)."""

    @click.command("replay")
    @click.argument("file", type=click.File("r", encoding="utf-8"))
    @click.option("--json", "as_json", is_flag=True, help="One JSON verdict per record.")
    def replay_cmd(file: IO[str], as_json: bool) -> None:
        replay_records(file, as_json, replay)

    replay_cmd.help = (
        "Validate game records (one per line, or one JSON document): every move and the "
        "result. Exit 0 when all are valid; otherwise name the first illegal move of each "
        "bad record with its rule ID and exit 3.\n\n\b\nExample:\n"
        f"  advisor {game} replay tests/{game}/golden/records.jsonl")
    return replay_cmd


EXIT_LOST = 75
EXIT_BOT_FAILED = 4
"""``simulate``: a seat's bot broke (could not start, crashed, timed out or answered an
illegal action); its decisions were played by the first legal action from then on. The
summary is printed, the incidents named on stderr."""
"""``simulate`` on several processes or a cluster: some deals were not played (their
slices were lost); the message names them and how to play them again."""


def simulate_and_report(run: Callable[[Callable[[list[str]], None] | None,
                                       Callable[[int], None]], Any],
                        games: int, as_json: bool, records: IO[str] | None,
                        text: Callable[[Any], str],
                        again: Callable[[int, int], str] | None = None) -> None:
    """The ``simulate`` command of every game, once its players and rules are read:
    ``run(write, advance)`` plays the ``games`` games, handing the games' record lines
    to ``write`` (None when no records are asked) in deal order and counting the games
    played with ``advance(n)`` (a progress bar on a terminal); the records go to
    ``records``, and the summary is printed (JSON, or ``text``), the external bots'
    incidents on stderr.

    When slices of a run in several processes or on a cluster were lost
    (:class:`advisor.games.parallel.SlicesLost`), the records of the others are written,
    the lost deals are named on stderr with the command that plays them again
    (``again(first, games)``), no summary is printed and the exit code is
    :data:`EXIT_LOST`."""
    write = None
    if records is not None:
        out = records

        def write(lines: list[str]) -> None:
            out.write("".join(line + "\n" for line in lines))

    try:
        if not as_json and sys.stderr.isatty():
            with click.progressbar(length=games, label="deals", file=sys.stderr) as bar:
                summary = run(write, bar.update)
        else:
            summary = run(write, lambda n: None)
    except SlicesLost as err:
        click.echo(f"advisor: {err}", err=True)
        if again is not None:
            click.echo("advisor: play them again with:", err=True)
            for part in err.ranges():
                click.echo(f"  {again(part.first, part.games)}", err=True)
        sys.exit(EXIT_LOST)
    except SliceFailed as err:
        fail_internal(err)
        return
    click.echo(dumps(summary.to_json()) if as_json else text(summary))
    for inc in summary.incidents:
        click.echo(f"advisor: seat {inc.seat} ({inc.bot}): {inc.reason}", err=True)
    if summary.incidents:  # the figures are not the bot's: say so by the exit code too
        click.echo(f"advisor: {len(summary.incidents)} bot incident(s): the figures above "
                   "are not those of the bots named", err=True)
        sys.exit(EXIT_BOT_FAILED)


def fail_internal(err: BaseException) -> None:
    if isinstance(err, BrokenPipeError):
        reader_gone()
    click.echo(f"advisor: internal error: {type(err).__name__}: {err} "
               "(this is a bug; please report it with the input)", err=True)
    sys.exit(EXIT_INTERNAL)


def reader_gone() -> NoReturn:
    """The reader of our output went away (``advisor … | head``): stop quietly, as the
    Python documentation advises for SIGPIPE, with the exit code 1."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(1)


def dumps(obj: Any) -> str:
    """Stable one-line JSON (key order as built, UTF-8 kept)."""
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
