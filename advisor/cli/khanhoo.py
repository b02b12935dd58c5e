"""``advisor khanhoo …``: score, analyse and advise Khanhoo positions, settle a match,
simulate deals between bots and replay records (docs/khanhoo.md, docs/cli.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any

import click

from advisor.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    Item,
    dumps,
    position_items,
    read_items,
    run_items,
    run_positions,
    simulate_and_report,
    terminal_style,
    use_color,
)
from advisor.errors import AdvisorError
from advisor.khanhoo.advice import Budget, advise_json
from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.game import MAX_TURNS, Game, table_rules
from advisor.khanhoo.position import Position, position_from_fields
from advisor.khanhoo.rules import OPTION_HELP, Rules
from advisor.khanhoo.scoring import Settlement, score
from advisor.khanhoo.seats import SPEC_HELP
from advisor.khanhoo.simulate import Summary, simulate
from advisor.khanhoo.text import (
    advice_text,
    analysis_text,
    score_text,
    settlement_text,
    simulation_text,
)
from advisor.text import Style

_OPTION_FLAGS = {name: "--" + name.replace("_", "-") for name in OPTION_HELP}


def rules_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The flags that choose the pack and the options (K1, K-run, K5, K9, K10)."""
    options = [
        click.option("--sets", type=click.IntRange(2, 4), default=None,
                     help="Sets in the pack [default: 2; 3 is the variation, K9]."),
        click.option("--jokers", type=click.IntRange(0, 5), default=None,
                     help="Jokers in the pack [default: 1]."),
        *(click.option(flag, name, is_flag=True, default=None, help=OPTION_HELP[name] + ".")
          for name, flag in _OPTION_FLAGS.items()),
    ]
    for option in reversed(options):
        f = option(f)
    return f


def position_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The flags that spell a position, shared by every command that reads one."""
    options = [
        click.argument("file", type=click.File("r", encoding="utf-8"), required=False),
        click.option("--hand", "-H", metavar="CARDS",
                     help="Concealed cards, e.g. 'Ah 2c 3d Js Qs Ks' (1 for Ace, ♥♣♦♠ too)."),
        click.option("--melds", "-m", metavar="CARDS", multiple=True,
                     help="Combinations laid face up; repeat the flag or separate with ';'."),
        click.option("--seen", metavar="CARDS", help="Cards seen elsewhere (for unseen counts)."),
        click.option("--orphan", is_flag=True, default=None,
                     help="The seat is the orphan: it goes out with 6 cards (K7)."),
        click.option("--json", "as_json", is_flag=True, help="One JSON object per position."),
    ]
    for option in reversed(options):
        f = option(f)
    return rules_options(f)


def _run(file: IO[str] | None, as_json: bool, flags: dict[str, Any],
         answer: Callable[[Any], Any], text: Callable[[Any, Style], str]) -> None:
    run_positions(lambda: position_items(file, flags, position_from_fields), as_json, answer, text)


@click.group()
def khanhoo() -> None:
    """Khanhoo: score, analyse and advise hands; settle; simulate and replay deals."""


@khanhoo.command("score")
@position_options
def score_cmd(file: IO[str] | None, as_json: bool, **flags: Any) -> None:
    """Score a complete hand: 15 cards in combinations, or 16 with the best card to throw
    (K6, K8); a hand that cannot go out gives its distance.

    \b
    Examples:
      advisor khanhoo score --hand "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"
      advisor khanhoo score examples/khanhoo_hand.json --json
    """
    _run(file, as_json, flags, lambda obj: score(Position.from_json(obj)),
         lambda r, st: score_text(r, st))


@khanhoo.command("analyze")
@position_options
def analyze_cmd(file: IO[str] | None, as_json: bool, **flags: Any) -> None:
    """Analyse a hand: at rest (15 cards) its distance and the cards that lower it; owing a
    card (16) the discard table, best first.

    \b
    Examples:
      advisor khanhoo analyze --hand "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"
      advisor khanhoo analyze --hand "4h 5h Ac 2c 3c 7d 7d 8d 1h 9h Qs Ks 5d 6c 3h" -m "Js Jk 7h"
    """
    _run(file, as_json, flags, lambda obj: analyze(Position.from_json(obj)),
         lambda a, st: analysis_text(a, st))


@khanhoo.command("advise")
@position_options
@click.option("--offer", metavar="CARD", help="A discard on offer (the seat may claim it).")
@click.option("--from", "from_", type=click.Choice(["left", "other"]), default=None,
              help="Who threw the offer: 'left' (the seat is next: take or draw) or 'other' "
                   "(bump).")
@click.option("--players", type=click.IntRange(2, 5), default=None, help="Players [default: 3].")
@click.option("--turn", type=click.IntRange(min=0), default=None,
              help="Turns each opponent has played (for their chance of going out).")
@click.option("--budget-ms", type=click.FloatRange(min=1, max=60_000), default=Budget().ms,
              show_default=True,
              help="Milliseconds the advisor may spend per position.")
@click.option("--budget", "budget_s", type=click.FloatRange(min=0.001, max=60), default=None,
              hidden=True, help="The budget in seconds (before --budget-ms; kept working).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampling.")
def advise_cmd(file: IO[str] | None, as_json: bool, budget_ms: float, budget_s: float | None,
               seed: int, from_: str | None, **flags: Any) -> None:
    """Rank every legal action of the seat to act by its chance of going out first and
    the points it can expect. FILE holds positions (with "offer", "from", "players",
    "turn") or record prefixes (khanhoo-record/1: the seat to act at their end).

    \b
    Examples:
      advisor khanhoo advise --hand "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d 5c"
      advisor khanhoo advise --hand "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d" \\
                             --offer 2c --from left
      advisor khanhoo advise examples/khanhoo_advice.json --json
    """
    flags["from"] = from_
    b = Budget(ms=budget_ms if budget_s is None else budget_s * 1000, seed=seed)
    _run(file, as_json, flags, lambda obj: advise_json(obj, b), lambda a, st: advice_text(a, st))


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


@khanhoo.command("simulate")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Deals to play (each once per seat with --duplicate).")
@click.option("--seed", "-s", type=int, default=0, show_default=True,
              help="Seed: the same seed plays the same deals.")
@click.option("--seats", default="greedy,random,random", show_default=True,
              metavar="SPEC,SPEC[,…]",
              help=f"2 to 5 players, seat 0 first: {SPEC_HELP}.")
@click.option("--duplicate", is_flag=True,
              help="Play each deal once per seat rotation (cuts luck out).")
@click.option("--variation", is_flag=True, help="The 3-set variation (K9): 3 sets + 2 Jokers.")
@click.option("--orphan", is_flag=True, help="Four players: one of them is orphan (K7).")
@click.option("--max-turns", type=click.IntRange(min=1), default=MAX_TURNS, show_default=True,
              help="Discards after which a deal nobody went out of is a draw.")
@rules_options
@click.option("--records", type=click.File("w", encoding="utf-8"), metavar="FILE",
              help="Write every deal as a khanhoo-record/1 line.")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=5.0, show_default=True,
              help="Seconds an exec: bot may take per decision.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate_cmd(games: int, seed: int, seats: str, duplicate: bool, variation: bool,
                 orphan: bool, max_turns: int, records: IO[str] | None, time_limit: float,
                 as_json: bool, sets: int | None, jokers: int | None, **options: Any) -> None:
    """Play deals between bots and report win shares, points and settlements.

    \b
    Examples:
      advisor khanhoo simulate --games 200 --seed 1 --seats advisor,greedy,greedy --duplicate
      advisor khanhoo simulate -n 50 --seats "greedy,random,exec:python3 examples/khanhoo_bot.py"
    """
    specs = [s.strip() for s in seats.split(",")]
    chosen = {name: True for name, on in options.items() if on}
    try:
        rules = table_rules(len(specs), variation=variation, **chosen)
        if sets is not None or jokers is not None:
            rules = Rules.build(sets if sets is not None else rules.sets,
                                jokers if jokers is not None else rules.jokers, chosen)
    except AdvisorError as err:
        click.echo(f"advisor: {err.message}", err=True)
        sys.exit(EXIT_USAGE)

    def run(on_game: Callable[[Game, list[str]], None]) -> Summary:
        try:
            return simulate(specs, games=games, seed=seed, duplicate=duplicate, rules=rules,
                            orphan=orphan, max_turns=max_turns, time_limit=time_limit,
                            on_game=on_game)
        except AdvisorError as err:
            click.echo(f"advisor: {err.message}", err=True)
            sys.exit(EXIT_USAGE if err.field in ("seats", "orphan") else EXIT_BAD_INPUT)

    simulate_and_report(run, games * (len(specs) if duplicate else 1), as_json, records,
                        simulation_text)


__all__ = ["khanhoo"]
