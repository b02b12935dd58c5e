"""``advisor GAME play``: one deal in the terminal against bots, the advisor as coach —
made for every game that declares how its deal and its VIEW read
(:class:`advisor.games.faces.Faces`: ``deal``, ``view_text``, ``action_text``).

The turn loop is the library's (:func:`advisor.games.simulate.play`): the player at seat
0 is one more bot, whose decisions are typed. At each real decision the seat's VIEW is
shown with its legal actions numbered; the player types a number, ``?`` for the
advisor's ranking, ``q`` to leave. The engine judges every action. Chắn writes its own,
richer game (``advisor chan play``).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any

import click

from advisor.cli.common import EXIT_BAD_INPUT, EXIT_USAGE, dumps, terminal_style, use_color
from advisor.errors import AdvisorError
from advisor.games.bots import BaseBot
from advisor.games.faces import Faces
from advisor.games.simulate import play
from advisor.games.spec import AnySpec
from advisor.text import Style

DEFAULT_ADVICE_MS = 200.0
"""Time the advisor takes for ``?``: a person can wait longer than a bot."""

HELP_LINE = "type the number of an action, ? for the advisor's ranking, q to quit"


class Quit(Exception):
    """The player left the deal."""


class Person(BaseBot):
    """Seat 0: the decisions are read from ``ask`` and written with ``say``."""

    name = "you"

    def __init__(self, info: AnySpec, faces: Faces, style: Style, ask: Callable[[], str],
                 say: Callable[[str], None], budget_ms: float, seed: int) -> None:
        self.info, self.faces, self.style = info, faces, style
        self.ask, self.say = ask, say
        self.budget_ms, self.seed = budget_ms, seed

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        assert self.faces.view_text is not None and self.faces.action_text is not None
        self.say(self.faces.view_text(view, self.style))
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>2}. {self.faces.action_text(action)}")
        while True:
            text = self.ask().strip().lower()
            if text in ("q", "quit", "exit"):
                raise Quit
            if text in ("?", "hint", "advice"):
                self.say(self.coach(view, legal))
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            self.say(f"'{text}': {HELP_LINE} (1–{len(legal)})")

    def coach(self, view: Any, legal: Sequence[Any]) -> str:
        advice = self.info.advise(view, legal, budget_ms=self.budget_ms, seed=self.seed)
        verb = next((v for v in self.faces.verbs if v.budget), None)
        if verb is not None:
            return verb.text(advice, self.style)
        return dumps(advice.to_json())


def play_command(info: AnySpec) -> click.Command:
    """The ``play`` command of a game that declares its terminal game."""
    faces = info.faces
    assert faces is not None and faces.deal and faces.view_text and faces.action_text
    low, high = info.players

    def callback(players: int, seats: str | None, seed: int | None, budget_ms: float,
                 record: IO[str] | None) -> None:
        specs = [s.strip() for s in seats.split(",")] if seats else ["greedy"] * (players - 1)
        if not low <= len(specs) + 1 <= high:
            raise click.UsageError(f"--seats: {len(specs)} opponents; {info.title} is for "
                                   f"{low} to {high} players")
        deal_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        style = terminal_style(use_color())

        def say(text: str) -> None:
            click.echo(text, color=style.color)

        def ask() -> str:
            try:
                return click.prompt("your move", prompt_suffix="> ", default="",
                                    show_default=False)
            except (EOFError, click.Abort):
                raise Quit from None

        try:
            bots: list[Any] = [info.make_bot(spec, seed=deal_seed + 1 + i)
                               for i, spec in enumerate(specs)]
        except AdvisorError as err:
            click.echo(f"advisor: {err.message}", err=True)
            sys.exit(EXIT_USAGE)
        me = Person(info, faces, style, ask, say, budget_ms, deal_seed)
        assert faces.deal is not None
        game = faces.deal(len(specs) + 1, deal_seed)
        say(f"{info.title}: you are seat 0 against {', '.join(specs)} (deal {deal_seed}). "
            f"{HELP_LINE}.")
        try:
            play(game, [me, *bots], None)
        except Quit:
            say("You left the deal.")
            return
        except AdvisorError as err:  # an engine refusal cannot happen: only legal actions
            click.echo(f"advisor: {err.message}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        finally:
            for bot in bots:
                bot.close()
        result = game.result
        text = faces.result_text
        say(text(result, style) if text else "Result: " + json.dumps(
            result.to_json(), ensure_ascii=False))
        if record is not None:
            record.write(json.dumps(game.to_record(["you", *specs]), ensure_ascii=False)
                         + "\n")

    return click.Command("play", callback=callback, params=[
        click.Option(["--players", "players"], type=click.IntRange(low, high),
                     default=low, show_default=True,
                     help="Players at the table, you included (opponents: greedy)."),
        click.Option(["--seats", "seats"], metavar="SPEC,…",
                     help=f"The opponents, seat 1 first: {info.seat_specs}."),
        click.Option(["--seed", "seed"], type=int,
                     help="Deal this practice deal (default: a fresh shuffle)."),
        click.Option(["--budget-ms", "budget_ms"], type=click.FloatRange(1, 10_000),
                     default=DEFAULT_ADVICE_MS, show_default=True,
                     help="Time the advisor takes for '?'."),
        click.Option(["--record", "record"], type=click.File("w", encoding="utf-8"),
                     metavar="FILE", help=f"Write the deal as a {info.record_format} line."),
    ], help=f"Play one deal of {info.title} at seat 0 against bots, with the advisor as "
            "coach ('?').\n\n\b\nExample:\n"
            f"  advisor {info.name} play --seed 7")


__all__ = ["Person", "Quit", "play_command"]
