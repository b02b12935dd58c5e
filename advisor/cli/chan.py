"""``advisor chan …``: score and analyse Chắn positions (rules §8.1)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any

import click

from advisor.chan.advice import DEFAULT_BUDGET_MS, TYPED_SOURCES, advise, view_from_position
from advisor.chan.analysis import Analysis, analyze
from advisor.chan.game import Game
from advisor.chan.position import WIN_BY, Position, position_from_fields
from advisor.chan.profiles import PROFILES
from advisor.chan.record import read_records, view_at
from advisor.chan.scoring import ScoreResult, score
from advisor.chan.seats import SPEC_HELP
from advisor.chan.simulate import Summary, simulate
from advisor.chan.text import advice_text, analysis_text, score_text, simulation_text
from advisor.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_USAGE,
    dumps,
    position_items,
    read_text,
    run_positions,
    simulate_and_report,
    terminal_style,
    use_color,
)
from advisor.cli.play import play_cmd
from advisor.errors import AdvisorError
from advisor.forms import split_melds
from advisor.text import Style


def position_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The flags that spell a position, shared by every command that reads one."""
    options = [
        click.argument("file", type=click.File("r", encoding="utf-8"), required=False),
        click.option("--hand", "-H", metavar="CARDS",
                     help="Concealed cards, e.g. '2v 2v tam vạn 7 coins'."),
        click.option("--melds", "-m", metavar="MELDS", multiple=True,
                     help="Exposed melds; repeat the flag or separate melds with ';'."),
        click.option("--win", "-w", "winning_card", metavar="CARD",
                     help="The winning card (score), or a card to add (analyze)."),
        click.option("--by", "win_by", type=click.Choice(WIN_BY),
                     help="How the win was made [default: other_door with --win]."),
        click.option("--rules", "-r", type=click.Choice(list(PROFILES)), default=None,
                     help="Rules profile [default: house]."),
        click.option("--seen", metavar="CARDS", help="Other cards already seen (melds, discards)."),
        click.option("--dealt-fours", metavar="FACES", help="Faces dealt four of a kind."),
        click.option("--ga", is_flag=True, default=None, help="cvv option: count gà."),
        click.option("--won-previous", is_flag=True, default=None,
                     help="Context: the winner also won the previous deal (Thông)."),
        click.option("--stock-revealed", type=int, metavar="N",
                     help="Context: stock cards revealed when the win was made (Địa ù)."),
        click.option("--json", "as_json", is_flag=True, help="One JSON object per position."),
    ]
    for option in reversed(options):
        f = option(f)
    return f


def _run(
    file: IO[str] | None, as_json: bool, flags: dict[str, Any],
    answer: Callable[[Position], Any], text: Callable[[Any, Style], str],
) -> None:
    def build(fields: dict[str, Any]) -> dict[str, Any]:
        return position_from_fields(fields.pop("hand"), fields.pop("melds"), **fields)

    run_positions(lambda: position_items(file, flags, build), as_json,
                  lambda obj: answer(Position.from_json(obj)), text)


@click.group()
def chan() -> None:
    """Chắn: score and analyse hands, advise a decision, play a deal, simulate and
    replay deals."""


chan.add_command(play_cmd)


@chan.command("score")
@position_options
def score_cmd(file: IO[str] | None, as_json: bool, **flags: Any) -> None:
    """Score a finished hand (hand + melds + winning card = 20 cards, rules §7).

    \b
    Examples:
      advisor chan score --hand "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v" \\
                         --win 8m --by own_door
      advisor chan score examples/win.json --json
      cat positions.jsonl | advisor chan score - --json
    """
    _run(file, as_json, flags, score, lambda r, st: score_text(r, st))


@chan.command("analyze")
@position_options
def analyze_cmd(file: IO[str] | None, as_json: bool, **flags: Any) -> None:
    """Analyse a hand: pairing, distance, waits; for 20 cards, the discard table.

    \b
    Examples:
      advisor chan analyze --hand "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"
      advisor chan analyze examples/hand.json
    """
    _run(file, as_json, flags, analyze, lambda a, st: analysis_text(a, st))


__all__ = ["Analysis", "ScoreResult", "chan"]


@chan.command("simulate")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Deals to play (each four times with --duplicate).")
@click.option("--seed", "-s", type=int, default=0, show_default=True,
              help="Seed: the same seed plays the same deals.")
@click.option("--seats", default="greedy,random,random,random", show_default=True,
              metavar="SPEC,SPEC,SPEC,SPEC",
              help=f"The four players, seat 0 first: {SPEC_HELP}.")
@click.option("--duplicate", is_flag=True,
              help="Play each deal four times with the players rotated (cuts luck out).")
@click.option("--rules", "-r", type=click.Choice(list(PROFILES)), default="house",
              show_default=True)
@click.option("--records", type=click.File("w", encoding="utf-8"), metavar="FILE",
              help="Write every game as a chan-record/1 line (players named in 'players').")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=5.0, show_default=True,
              help="Seconds an exec: bot may take per decision.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate_cmd(games: int, seed: int, seats: str, duplicate: bool, rules: str,
                 records: IO[str] | None, time_limit: float, as_json: bool) -> None:
    """Play deals between bots and report win shares and settlements.

    \b
    Examples:
      advisor chan simulate --games 1000 --seed 1 --seats greedy,random,random,random
      advisor chan simulate -n 500 --duplicate \\
          --seats "greedy,random,greedy,exec:python3 examples/chan_bot.py"
    """
    specs = [s.strip() for s in seats.split(",")]

    def run(on_game: Callable[[Game, list[str]], None]) -> Summary:
        try:
            return simulate(specs, games=games, seed=seed, duplicate=duplicate, rules=rules,
                            time_limit=time_limit, on_game=on_game)
        except AdvisorError as err:
            click.echo(f"advisor: {err.message}", err=True)
            sys.exit(EXIT_BAD_INPUT if err.field != "seats" else EXIT_USAGE)

    simulate_and_report(run, games * (4 if duplicate else 1), as_json, records,
                        simulation_text)


@chan.command("advise")
@click.argument("file", type=click.File("r", encoding="utf-8"), required=False)
@click.option("--hand", "-H", metavar="CARDS", help="Your concealed cards.")
@click.option("--melds", "-m", metavar="MELDS", multiple=True,
              help="Your exposed melds; repeat the flag or separate melds with ';'.")
@click.option("--offer", metavar="CARD", help="The card offered to you.")
@click.option("--from", "source", type=click.Choice(list(TYPED_SOURCES)), default="discard",
              show_default=True,
              help="Where the offered card comes from: the previous seat's discard, a stock "
                   "card revealed at your door (you may claim a win on it, C1), or a stock "
                   "card revealed at the previous door and passed on to you (T4: no claim).")
@click.option("--seen", metavar="CARDS", help="Other cards seen: melds, discards, doors.")
@click.option("--stock-left", type=click.IntRange(0, 23), help="Stock cards left.")
@click.option("--discarded", metavar="CARDS", help="Memory: faces you discarded (R4, R7).")
@click.option("--refused", metavar="CARDS", help="Memory: faces you refused (R3).")
@click.option("--laid-in-ca", metavar="CARDS", help="Memory: faces you laid in an eaten Cạ.")
@click.option("--ate-ca", is_flag=True, help="Memory: you have eaten a Cạ (R7).")
@click.option("--rules", "-r", type=click.Choice(list(PROFILES)), default="house",
              show_default=True)
@click.option("--record", "record_file", type=click.File("r", encoding="utf-8"),
              metavar="FILE", help="A chan-record/1 prefix: advise the decision it stops at.")
@click.option("--seat", type=click.IntRange(0, 3),
              help="With --record: the seat to advise (must be the one to decide).")
@click.option("--budget-ms", type=click.FloatRange(0.1, 10_000), default=DEFAULT_BUDGET_MS,
              show_default=True, help="Time for the search.")
@click.option("--samples", type=click.IntRange(1, 100_000),
              help="Worlds to sample instead of a time budget (reproducible to the bit).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="The advice as one JSON object.")
def advise_cmd(file: IO[str] | None, hand: str | None, melds: tuple[str, ...],
               offer: str | None, source: str, seen: str | None, stock_left: int | None,
               discarded: str | None, refused: str | None, laid_in_ca: str | None,
               ate_ca: bool, rules: str, record_file: IO[str] | None, seat: int | None,
               budget_ms: float, samples: int | None, seed: int, as_json: bool) -> None:
    """Rank every legal action: eat or pass, which card to discard, claim or not.

    The position is a VIEW (rules §8.3) from FILE (- for stdin), a record prefix with
    --record and --seat, or flags.

    \b
    Examples:
      advisor chan advise examples/view.json
      advisor chan advise --hand "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m" \\
                          --offer 8s --from discard
      advisor chan advise --record game.jsonl --seat 2 --json
    """
    given = [n for n, v in (("FILE", file), ("--hand", hand), ("--record", record_file)) if v]
    if len(given) != 1:
        raise click.UsageError("give the position one way: a VIEW FILE, --hand with flags, "
                               "or --record with --seat" + (f" (got {', '.join(given)})"
                                                            if given else ""))
    try:
        if file is not None:
            view = json.loads(read_text(file, file.name))
        elif record_file is not None:
            if seat is None:
                raise click.UsageError("--record needs --seat")
            view = _record_view(record_file, seat)
        else:
            assert hand is not None
            memory = {"discarded": _codes(discarded), "refused": _codes(refused),
                      "laid_in_ca": _codes(laid_in_ca), "ate_ca": ate_ca}
            view = view_from_position(
                hand=hand, melds=split_melds(melds),
                offer=offer, source=source, seen=seen or "", stock_left=stock_left,
                rules=rules, memory=memory)
        advice = advise(view, budget_ms=budget_ms, seed=seed, samples=samples)
    except json.JSONDecodeError as err:
        click.echo(f"advisor: malformed JSON: {err.msg} (line {err.lineno})", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except AdvisorError as err:
        click.echo(f"advisor: {err.message}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(dumps(advice.to_json()))
    else:
        click.echo(advice_text(advice, terminal_style(use_color())), color=use_color())


def _codes(text: str | None) -> list[str]:
    from advisor.chan.cards import parse_cards

    return [f.code for f in parse_cards(text)] if text else []


def _record_view(stream: IO[str], seat: int) -> dict[str, Any]:
    records = list(read_records(stream, "--record"))
    if len(records) != 1:
        raise AdvisorError(f"--record: expected one record, found {len(records)}")
    _, rec = records[0]
    if isinstance(rec, AdvisorError):
        raise rec
    try:
        view, _ = view_at(rec, seat)
    except AdvisorError as err:
        raise AdvisorError(f"--record: {err.message}") from None
    return view
