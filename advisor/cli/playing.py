"""``advisor GAME play``: one deal in the terminal against bots, the advisor as coach —
made for every game, by one turn loop, from what the game declares
(:class:`advisor.games.terminal.Terminal`, or the generic game from
:class:`advisor.games.faces.Faces`' ``deal``, ``view_text`` and ``action_text``).

The table is the library's: the bots play until the player at seat 0 has a real
decision, and the engine judges every action. This loop shows what the game draws,
reads what the player types (the game's ``parse_move``: an action, or a command such
as ``?`` for the advisor's ranking or ``q`` to leave), and writes the finished deal.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import click

from advisor.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_USAGE,
    dumps,
    fail_internal,
    terminal_style,
    use_color,
)
from advisor.cli.generated import option
from advisor.errors import AdvisorError, IllegalActionError
from advisor.games.faces import Field, object_from_flags
from advisor.games.spec import AnySpec
from advisor.games.terminal import (
    DEFAULT_ADVICE_MS,
    HELP_LINE,
    OptionError,
    PlayLog,
    PlayTable,
    StepLog,
    StepTable,
    Terminal,
    Unclear,
    numbered_text,
    read_number,
)
from advisor.text import Style


def playable(info: AnySpec) -> bool:
    """Whether the game declares enough for its terminal game: its own table, or the
    generic one's deal, VIEW and actions in words."""
    faces = info.faces
    if faces.terminal is not None and faces.terminal.table is not None:
        return True
    return bool(faces.view_text and faces.action_text)


def table_size(info: AnySpec) -> int:
    """The table ``play`` deals by default: the one ``simulate`` seats (and ``advise``
    assumes) for the game."""
    return len(info.faces.simulate_seats.split(","))


def opponents_of(info: AnySpec, players: int | None, seats: str | None) -> list[str]:
    """The opponents' seat specs from ``--players`` and ``--seats``: both may be given
    only when they agree; neither, the game's usual table of greedy players."""
    low, high = info.players
    if seats:
        specs = [s.strip() for s in seats.split(",")]
        if players is not None and players != len(specs) + 1:
            raise OptionError(f"--players {players}, but --seats names {len(specs)} "
                              f"opponent{'s' * (len(specs) != 1)} (a table of "
                              f"{len(specs) + 1}): give one of them, or make them agree",
                              field="players")
    else:
        specs = ["greedy"] * ((players if players is not None else table_size(info)) - 1)
    if not low <= len(specs) + 1 <= high:
        raise OptionError(f"{len(specs)} opponents; {info.title} is for {low} to {high} "
                          "players", field="seats")
    return specs


def generic_terminal(info: AnySpec) -> Terminal:
    """The generic terminal game: a :class:`StepTable` of the game's engine and bots,
    dealt as ``simulate`` deals (its rule flags too), the VIEW and the legal actions
    numbered; the game's :class:`Looks`, when it declares them, for its own words."""
    faces = info.faces
    low, high = info.players
    looks = faces.terminal.looks if faces.terminal is not None else None

    def table(options: Mapping[str, Any]) -> PlayTable:
        specs = opponents_of(info, options.get("players"), options.get("seats"))
        seed = options.get("seed")
        deal_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        chosen = object_from_flags(faces.simulate_fields, options)
        try:
            run = info.simulation(["you", *specs], games=1, seed=deal_seed, duplicate=False,
                                  first=0, **chosen)
            game = next(iter(run.games))[1]
        except AdvisorError as err:
            raise OptionError(err.message, field=err.field) from None
        try:
            bots = [info.make_bot(spec, seed=deal_seed + 1 + i) for i, spec in enumerate(specs)]
        except AdvisorError as err:
            raise OptionError(err.message, field="seats") from None
        return StepTable(game, bots, specs, deal_seed, info.bot_rules(game),
                         looks.menu if looks is not None else None)

    def rules_of(t: StepTable) -> str:
        rules = getattr(t.game, "rules", None)
        describe = getattr(rules, "describe", None)
        if callable(describe):
            return f", {describe()}"
        if rules is not None and hasattr(rules, "to_json"):
            return ", " + ", ".join(f"{k} {v}" for k, v in rules.to_json().items())
        return ""

    def intro(t: StepTable) -> str:
        return (f"{info.title}: you are seat 0 against {', '.join(t.specs)} (seed {t.seed}"
                f"{rules_of(t)}). {help_line}.")

    def decision_text(t: PlayTable, style: Style) -> str:
        assert faces.view_text is not None and faces.action_text is not None
        view, menu = t.view(), t.legal()
        if looks is None:
            return numbered_text(faces.view_text, faces.action_text, view, menu, style)
        lines = [faces.view_text(view, style), *looks.hand(view, style),
                 looks.situation(view, menu)]
        return "\n".join([*lines, columns([looks.label(a, view) for a in menu])])

    def parse_move(text: str, view: Any, menu: Sequence[Any]) -> Any:
        words = text.strip().casefold()
        if looks is None:
            return read_number(text, view, menu)
        if words in COMMAND_WORDS:
            return COMMAND_WORDS[words]
        if words.isdigit():
            n = int(words)
            if not 1 <= n <= len(menu):
                raise Unclear(f"there is no choice {n}: choose 1–{len(menu)}")
            return menu[n - 1]
        move = looks.read(text, view, menu) if words else None
        if move is None:
            raise Unclear(f"'{text.strip()}': {help_line}" if words else help_line)
        return move

    def coach(t: StepTable, budget_ms: float, style: Style) -> str:
        view, menu = t.view(), t.legal()
        advice = info.advise(view, list(t.game.legal_actions()), budget_ms=budget_ms,
                             seed=((t.seed or 0) * 1000 + len(t.steps)) % 2**31)
        verb = next((v for v in faces.verbs if v.budget), None)
        text = verb.text(advice, style) if verb is not None else dumps(advice.to_json())
        chosen = advice.best
        if looks is not None and chosen is not None:
            same = [i for i, a in enumerate(menu, 1) if a == chosen]
            label = looks.label(chosen, view)
            text += "\n" + style.head(f"The advisor would play {label}" +
                                      (f" (choice {same[0]})" if same else ""))
        return text

    def end_text(t: StepTable, style: Style) -> str:
        result = t.game.result
        if looks is not None:
            return looks.end(t.game, ["you", *t.specs], style)
        if faces.result_text is not None:
            return faces.result_text(result, style)
        return "Result: " + json.dumps(result.to_json(), ensure_ascii=False)

    help_line = HELP_LINE if looks is None else \
        f"type a number from the list or a move ({looks.notation}), ? for advice, " \
        "h for help, log for every move, q to quit"
    players = Field("players", "Players at the table, you included [default: "
                    f"{table_size(info)}, as simulate; or one more than --seats names].",
                    kind="int", minimum=low, maximum=high)
    return Terminal(
        options=(
            players,
            Field("seats", f"The opponents, seat 1 first: {info.seat_specs} "
                  "[default: greedy].", metavar="SPEC,…"),
            *faces.simulate_fields,
            Field("seed", "Deal this practice deal (default: a fresh shuffle, shown).",
                  kind="int"),
            Field("budget_ms", "Time the advisor takes for '?'.", kind="float", minimum=1,
                  maximum=info.max_budget_ms, default=DEFAULT_ADVICE_MS),
            Field("record", f"Write the deal as a {info.record_format} line (checked "
                  f"with: advisor {info.name} replay FILE).", metavar="FILE"),
        ),
        command_help=f"Play one deal of {info.title} at seat 0 against bots, with the "
                     "advisor as coach ('?').\n\n"
                     + (looks.help.split("\n\n")[0] + "\n\n" if looks is not None else "")
                     + "\b\nExamples:\n"
                     f"  advisor {info.name} play --seed 7\n"
                     f"  advisor {info.name} play --seats greedy+,random --record deal.json",
        table=table, intro=intro,
        log=lambda t: StepLog(t, looks.narrate) if looks is not None else None,
        decision_text=decision_text, parse_move=parse_move,
        refusal_text=refusal, help_text=looks.help if looks is not None else None,
        coach=coach, end_text=end_text,
        left_text=lambda t: "You left the deal.", prompt=lambda style: "your move")


COMMAND_WORDS = {"?": "advice", "hint": "advice", "advice": "advice", "h": "help",
                 "help": "help", "table": "table", "log": "log", "moves": "log",
                 "q": "quit", "quit": "quit", "exit": "quit"}
"""What the player may type to talk to the program (``t`` is Khanhoo's and Qing's take)."""


def refusal(err: IllegalActionError) -> str:
    """The engine's refusal, with the rule it cites."""
    message = err.message.removeprefix(f"{err.rule}: ")
    message = message.replace("seat 0 does not hold", "you do not hold")
    return f"Not allowed ({err.rule}): {message}."


def columns(items: Sequence[str]) -> str:
    """The menu numbered from 1: one to a line when short, else in columns."""
    numbered = [f"{n:>2}) {i}" for n, i in enumerate(items, 1)]
    if len(numbered) <= 6:
        return "\n".join(f"  {i}" for i in numbered)
    width = max(len(i) for i in numbered) + 3
    per = max(1, 96 // width)
    rows = [numbered[k : k + per] for k in range(0, len(numbered), per)]
    return "\n".join("  " + "".join(i.ljust(width) for i in row).rstrip() for row in rows)


def terminal(info: AnySpec) -> Terminal:
    """The game's terminal game: the hooks it declares, the generic ones for the rest."""
    base = generic_terminal(info)
    own = info.faces.terminal
    if own is None:
        return base
    return replace(base, **{f.name: getattr(own, f.name) for f in fields(own)
                            if getattr(own, f.name) is not None})


def _option(f: Field) -> click.Parameter:
    """The Click option of a ``play`` option; ``record`` is a file to write; a flag (a
    rule of the game) as ``simulate`` has it."""
    if f.kind == "flag" or (f.kind == "choice" and f.name != "rules"):
        return option(f)
    names = [f.flag, f.name] + ([f.short] if f.short else [])
    kind: dict[str, Any] = {"metavar": f.metavar}
    if f.name == "record":
        kind["type"] = click.Path(dir_okay=False, writable=True, path_type=Path)
    elif f.kind == "int":
        kind["type"] = int if f.minimum is None and f.maximum is None else \
            click.IntRange(None if f.minimum is None else int(f.minimum),
                           None if f.maximum is None else int(f.maximum))
    elif f.kind == "float":
        kind["type"] = click.FloatRange(f.minimum, f.maximum)
    elif f.kind == "choice":
        kind["type"] = click.Choice(f.choices, case_sensitive=False)
    return click.Option(names, help=f.help or None, default=f.default,
                        show_default=f.default is not None, **kind)


def play_command(info: AnySpec) -> click.Command:
    """The ``play`` command of a game that declares its terminal game."""
    term = terminal(info)
    assert term.options is not None and term.table is not None
    flags = {f.name: f.flag for f in term.options}

    def callback(**options: Any) -> None:
        assert term.table is not None
        record: Path | None = options.get("record")
        if record is not None:  # find out before dealing, not once the deal is played
            folder = record.parent
            if not folder.is_dir():
                raise click.BadParameter(f"no such folder: {folder}", param_hint="--record")
            if not os.access(folder, os.W_OK):
                raise click.BadParameter(f"cannot write in {folder}", param_hint="--record")
        try:
            table = term.table(options)
        except OptionError as err:
            raise click.BadParameter(err.message, param_hint=flags.get(err.field or "")) \
                from None
        except AdvisorError as err:
            click.echo(f"advisor: {err.message}", err=True)
            sys.exit(EXIT_USAGE)
        style = terminal_style(use_color())
        try:
            _play(term, table, style, options.get("budget_ms") or DEFAULT_ADVICE_MS, record,
                  info.name)
        except AdvisorError as err:  # an engine refusal cannot reach here, nor a bad VIEW
            click.echo(f"advisor: {err.message}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except Exception as err:
            fail_internal(err)
        finally:
            table.close()

    return click.Command("play", callback=callback, help=term.command_help,
                         params=[_option(f) for f in term.options])


class _Left(Exception):
    """The player left the deal."""


def _play(term: Terminal, table: PlayTable, style: Style, budget_ms: float,
          record: Path | None, game: str) -> None:
    """The one turn loop: show the decision, read moves until one is legal, until the
    deal is over or the player leaves."""
    assert term.log and term.decision_text and term.intro and term.end_text
    assert term.left_text

    def say(text: str) -> None:
        click.echo(text, color=style.color)

    log = term.log(table)  # before the first move: the log tells every move
    intro = term.intro(table)
    if intro is not None:
        say(intro)
    table.advance()
    while not table.over:
        _tell(log, say, style)
        say(term.decision_text(table, style))
        try:
            _decide(term, table, say, style, budget_ms, log)
        except _Left:
            say(term.left_text(table))
            if record is not None:
                say(f"No record written to {record}: a record is written when the deal is "
                    "over.")
            return
    _tell(log, say, style)
    say(term.end_text(table, style))
    if record is not None:
        try:
            record.write_text(dumps(table.record()) + "\n", encoding="utf-8")
        except OSError as err:
            click.echo(f"advisor: --record {record}: {err.strerror or err}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        say(f"Record written to {record} (check it: advisor {game} replay {record}).")


def _tell(log: PlayLog | None, say: Callable[[str], None], style: Style) -> None:
    if log is not None and (text := log.tell(style)) is not None:
        say(text)


def _decide(term: Terminal, table: PlayTable, say: Callable[[str], None], style: Style,
            budget_ms: float, log: PlayLog | None) -> None:
    """Read input until the player makes a legal move; raises :class:`_Left` when he
    leaves (``q``, or the end of input)."""
    assert term.parse_move and term.refusal_text and term.prompt and term.coach
    assert term.decision_text
    while True:
        view, legal = table.view(), table.legal()
        try:
            text = click.prompt(term.prompt(style), default="", show_default=False,
                                prompt_suffix="> ")
        except click.Abort:  # end of input, or Ctrl-C
            click.echo()
            raise _Left from None
        try:
            move = term.parse_move(text, view, legal)
            if not isinstance(move, str):
                table.act(move)
                return
        except IllegalActionError as err:
            say(term.refusal_text(err))
            continue
        except AdvisorError as err:
            message = _printable(err.message)
            say(message[:1].upper() + message[1:])
            continue
        if move == "quit":
            raise _Left
        if move == "advice":
            say(term.coach(table, budget_ms, style))
        elif move == "help" and term.help_text is not None:
            say(term.help_text)
        elif move == "table":
            say(term.decision_text(table, style))
        elif move == "log" and log is not None:
            say("\n".join(["Every move so far:", *log.lines]) if log.lines
                else "No move has been made yet.")


def _printable(text: str) -> str:
    """Echoed input with control characters (an arrow key's escape sequence) spelled out."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


__all__ = ["generic_terminal", "play_command", "playable", "terminal"]
