"""``advisor chan play``: one deal at seat 0 against three bots, the advisor as coach.

The turn loop is the library's (:class:`advisor.chan.session.Table`): the bots play until
the player has a real decision; this module reads what he types, hands the action to the
table, which refuses an illegal one with its rule ID and changes nothing, and prints.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from pathlib import Path

import click

from advisor.chan.advice import advise
from advisor.chan.cards import Face, parse_face
from advisor.chan.game import Action, Do
from advisor.chan.profiles import PROFILES
from advisor.chan.session import Table, check_opponent
from advisor.chan.text import advice_text
from advisor.chan.view import View
from advisor.cli.common import EXIT_BAD_INPUT, dumps, fail_internal, terminal_style, use_color
from advisor.cli.play_render import (
    HELP,
    Narrator,
    action_label,
    end_text,
    illegal_text,
    options_text,
    situation_text,
    table_text,
)
from advisor.errors import AdvisorError, IllegalActionError
from advisor.text import Style

DEFAULT_ADVICE_MS = 200.0
"""Time the advisor takes for ``?``: a person can wait longer than a bot."""

HELP_LINE = ("type a number from the list, a command (d 5v, eat 9s, pass, chiu, win, heaven), "
             "? for advice, h for help, q to quit")

_WORDS = {
    "?": "advice", "hint": "advice", "advice": "advice", "advise": "advice",
    "h": "help", "help": "help",
    "t": "table", "table": "table",
    "log": "log", "moves": "log",
    "q": "quit", "quit": "quit", "exit": "quit",
}
"""Commands that talk to the program, not to the table."""

_DOS: dict[str, Do] = {
    "pass": "pass", "p": "pass", "bo": "pass",
    "chiu": "chiu", "c": "chiu",
    "win": "win", "w": "win", "u": "win",
    "heaven": "heaven", "thien": "heaven",
}
_CARD_DOS: dict[str, Do] = {"d": "discard", "discard": "discard", "danh": "discard",
             "eat": "eat", "e": "eat", "an": "eat"}


class Unclear(AdvisorError):
    """Input that names no action: the message says what to type instead."""


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("đ", "d")


def read_command(text: str, view: View, legal: list[Action]) -> Action | str:
    """What the player typed: an :class:`Action` for the table (legal or not: the table
    judges it), or one of the words ``advice``, ``help``, ``table``, ``log``, ``quit``.
    Raises :class:`Unclear` (or a :class:`~advisor.errors.CardError` naming the token)
    when the input names no action.

    >>> from advisor.chan.game import Game
    >>> view = Game.from_deal(seed=7).view(0)
    >>> read_command("d ngũ vạn", view, [Action("discard", parse_face("5v"))])
    Action(do='discard', card=parse_face('5v'))
    >>> read_command("2", view, [Action("discard", parse_face("5v"))])
    Traceback (most recent call last):
    ...
    advisor.cli.play.Unclear: there is no option 2: choose 1–1
    """
    words = text.split()
    if not words:
        raise Unclear(HELP_LINE)
    head, args = _fold(words[0]), words[1:]
    if args and _fold(args[0]) == "with":  # eat with 9s
        args = args[1:]
    rest = " ".join(args)
    if len(words) == 1 and head.isdigit():
        n = int(head)
        if not 1 <= n <= len(legal):
            raise Unclear(f"there is no option {n}: choose 1–{len(legal)}")
        return legal[n - 1]
    folded = _fold(" ".join(words))
    if folded in _WORDS:
        return _WORDS[folded]
    if folded == "thien u":
        return Action("heaven")
    if head in _DOS:
        do = _DOS[head]
        if rest:
            _check_public(do, parse_face(rest), view)
        return Action(do)
    if head in _CARD_DOS:
        do = _CARD_DOS[head]
        if do == "eat":
            return _eat(parse_face(rest) if rest else None, view, legal)
        if not rest:
            raise Unclear("discard which card? e.g. 'd 5v'")
        return Action("discard", parse_face(rest))
    try:
        card = parse_face(" ".join(words))
    except AdvisorError as err:
        if err.message.startswith("unknown card"):
            raise Unclear(f"'{text.strip()}' is neither a card nor a command: "
                          f"{HELP_LINE}") from None
        raise
    if view.phase == "claim":
        raise Unclear(f"a claim window is open: type {' or '.join(a.do for a in legal)}, or "
                      "the number of the action")
    if view.phase == "offer":
        return _eat(card, view, legal)
    return Action("discard", card)


def _printable(text: str) -> str:
    """Echoed input with control characters (an arrow key's escape sequence) spelled out."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _check_public(do: str, card: Face, view: View) -> None:
    """``chiu 7m``, ``win 7m``: the card named must be the one the action is on."""
    public = view.chiu.card if view.chiu else view.offer.card if view.offer else None
    if public != card:
        on = f"the card on offer is {public.code}" if public else "no card is on offer"
        raise Unclear(f"'{do}' acts on the public card, and {on}: type '{do}' alone")


def _eat(card: Face | None, view: View, legal: list[Action]) -> Action:
    """``eat CARD`` eats with that hand card; ``eat`` alone, or naming the offered card
    the hand does not hold, means the only legal way to eat it."""
    x = view.offer.card if view.offer else None
    held = set(view.hand)
    if card is not None and (card in held or x is None or card != x):
        return Action("eat", card)
    eats = [a for a in legal if a.do == "eat"]
    if len(eats) == 1:
        return eats[0]
    if eats:
        ways = " or ".join(f"'eat {a.card.code}'" for a in eats if a.card is not None)
        raise Unclear(f"eat {x} with which card? {ways}")
    return Action("eat", card if x is None else None)  # not legal: the engine says why


def _opponents(text: str) -> list[str]:
    specs = [s.strip() for s in text.split(",")]
    if len(specs) == 1:
        specs *= 3
    if len(specs) != 3:
        raise click.BadParameter(f"give one spec for all three seats or three, comma-separated "
                                 f"(got {len(specs)})", param_hint="--opponents")
    try:
        return [check_opponent(s) for s in specs]
    except AdvisorError as err:
        raise click.BadParameter(err.message, param_hint="--opponents") from None


@click.command("play")
@click.option("--opponents", "-o", default="greedy", show_default=True,
              metavar="SPEC[,SPEC,SPEC]",
              help="The three bots: random | greedy | advisor | advisor:MS; one spec for all "
                   "three, or three comma-separated (seats 1, 2, 3).")
@click.option("--rules", "-r", type=click.Choice(list(PROFILES)), default="house",
              show_default=True)
@click.option("--seed", "-s", type=int, default=None,
              help="Seed of the deal: the same seed and opponents play the same deal "
                   "[default: random, shown on the table].")
@click.option("--record", "record_path",
              type=click.Path(dir_okay=False, writable=True, path_type=Path), metavar="FILE",
              help="Write the finished deal to FILE as a chan-record/1 (advisor chan replay "
                   "validates it).")
@click.option("--advice-ms", type=click.FloatRange(0.1, 10_000), default=DEFAULT_ADVICE_MS,
              show_default=True, help="Time the advisor may take for '?'.")
def play_cmd(opponents: str, rules: str, seed: int | None, record_path: Path | None,
             advice_ms: float) -> None:
    """Play one deal of Chắn at seat 0 against three bots, with the advisor as coach.

    After every move the table is drawn: your hand by group, every seat's melds,
    discards and passed cards, the stock, the card on offer, and what the bots did.
    Type the number of a listed action, or a command: 'd 5v', 'eat 9s', 'pass', 'chiu',
    'win', 'heaven'; '?' shows the advisor's ranking, 'h' the help, 'q' leaves.

    \b
    Examples:
      advisor chan play
      advisor chan play --seed 7 --opponents advisor --record deal.json
      advisor chan play --rules cvv --opponents greedy,advisor:50,random
    """
    specs = _opponents(opponents)
    if record_path is not None:  # find out now, not once the deal is played
        folder = record_path.parent
        if not folder.is_dir():
            raise click.BadParameter(f"no such folder: {folder}", param_hint="--record")
        if not os.access(folder, os.W_OK):
            raise click.BadParameter(f"cannot write in {folder}", param_hint="--record")
    st = terminal_style(use_color())
    try:
        table = Table.new(seed=seed, rules=rules, opponents=specs, advance=False)
        _play(table, st, advice_ms, record_path)
    except AdvisorError as err:  # pragma: no cover - inputs are checked above
        click.echo(f"advisor: {err.message}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except Exception as err:
        fail_internal(err)


def _echo(text: str, st: Style) -> None:
    click.echo(text, color=st.color)


def _play(table: Table, st: Style, advice_ms: float, record_path: Path | None) -> None:
    narrator = Narrator(table.record())
    table.advance()
    chosen: int | None = None
    while not table.over:
        _tell(narrator, table, chosen, st)
        _echo(table_text(table, st), st)
        view, legal = table.view(), table.legal()
        _echo(situation_text(view, legal), st)
        _echo(options_text(legal, view), st)
        chosen = len(table.steps)
        if not _turn(table, st, advice_ms, narrator):
            moves = len(table.game.log)
            _echo(f"You left the table after {moves} move{'s' * (moves != 1)}; the deal is "
                  "not finished.", st)
            if record_path is not None:
                _echo(f"No record written to {record_path}: a record is written when the deal "
                      "is over.", st)
            return
    _tell(narrator, table, chosen, st)
    _echo(end_text(table, st), st)
    if record_path is not None:
        try:
            record_path.write_text(dumps(table.record()) + "\n", encoding="utf-8")
        except OSError as err:
            click.echo(f"advisor: --record {record_path}: {err.strerror or err}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        _echo(f"Record written to {record_path} (check it: advisor chan replay {record_path}).",
              st)


def _tell(narrator: Narrator, table: Table, chosen: int | None, st: Style) -> None:
    """What happened since the player's last move, after a blank line."""
    lines = narrator.tell(table.steps, chosen, st)
    click.echo()
    if lines:
        _echo("\n".join(["What happened:", *lines]), st)


def _turn(table: Table, st: Style, advice_ms: float, narrator: Narrator) -> bool:
    """Read input until the player makes a legal move (True) or leaves (False)."""
    while True:
        view, legal = table.view(), table.legal()
        try:
            text = click.prompt(st.head("Your move"), default="", show_default=False,
                                prompt_suffix="> ")
        except click.Abort:  # end of input, or Ctrl-C
            click.echo()
            return False
        try:
            command = read_command(text, view, legal)
            if isinstance(command, Action):
                table.act(command)
                return True
        except IllegalActionError as err:
            _echo(illegal_text(err), st)
            continue
        except AdvisorError as err:
            message = _printable(err.message)
            _echo(message[:1].upper() + message[1:], st)
            continue
        if command == "quit":
            return False
        if command == "help":
            _echo(HELP, st)
        elif command == "table":
            _echo("\n".join([table_text(table, st), situation_text(view, legal),
                             options_text(legal, view)]), st)
        elif command == "log":
            _echo("\n".join(["Every move so far:", *narrator.lines]) if narrator.lines
                  else "No move has been made yet.", st)
        elif command == "advice":
            _advice(table, st, advice_ms)


def _advice(table: Table, st: Style, advice_ms: float) -> None:
    view, legal = table.view(), table.legal()
    seed = ((table.seed or 0) * 1000 + len(table.steps)) % 2**31
    try:
        advice = advise(view, budget_ms=advice_ms, seed=seed, legal=legal)
    except AdvisorError as err:  # pragma: no cover - the table's VIEW is always valid
        _echo(f"The advisor cannot answer: {err.message}", st)
        return
    _echo(advice_text(advice, st), st)
    n = legal.index(advice.best) + 1
    _echo(st.head(f"The advisor would play option {n}: "
                  f"{action_label(advice.best, view, legal)}"), st)


__all__ = ["play_cmd", "read_command"]
