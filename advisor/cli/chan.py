"""``advisor chan advise``: Chắn's own command. Its other commands (``score``,
``analyze``, ``simulate``, ``replay``, ``play``) are made from the game's declarations
(:mod:`advisor.chan.faces`, :mod:`advisor.cli.generated`, :mod:`advisor.cli.playing`)."""

from __future__ import annotations

import sys
from typing import IO, Any

import click

from advisor.chan.advice import (
    DEFAULT_BUDGET_MS,
    TYPED_SOURCES,
    advice_request,
    advise,
    view_from_position,
)
from advisor.chan.faces import GAME as CHAN
from advisor.chan.profiles import PROFILES
from advisor.chan.record import read_records
from advisor.chan.text import advice_text
from advisor.chan.view import View
from advisor.cli.common import (
    EXIT_BAD_INPUT,
    dumps,
    read_items,
    run_positions,
    terminal_style,
    use_color,
)
from advisor.errors import AdvisorError
from advisor.forms import split_melds


@click.group()
def chan() -> None:
    """Chắn's own commands (added to the group made from its declarations)."""



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
              help="With --record (or a record FILE): the seat to advise (must be the one "
                   "to decide).")
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

    FILE (- for stdin; one JSON document or JSON lines) holds the VIEW the engine
    sends (rules §8.3), a typed position (the flags' fields: hand, melds, offer, from,
    seen, stock_left, rules…) or a record prefix (chan-record/1; with --seat, the decision
    must be that seat's); or give a record prefix with --record and --seat, or flags.

    \b
    Examples:
      advisor chan advise examples/view.json
      advisor chan advise --hand "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m" \\
                          --offer 8s --from discard
      advisor chan advise --record game.jsonl --seat 2 --json
    """
    given = [n for n, v in (("FILE", file), ("--hand", hand), ("--record", record_file)) if v]
    if len(given) != 1:
        raise click.UsageError("give the position one way: a FILE (a VIEW, a position or a "
                               "record prefix), --hand with flags, or --record with --seat" +
                               (f" (got {', '.join(given)})" if given else ""))
    if file is not None:  # one JSON document or JSON lines, each answered
        name = "<stdin>" if file.name == "<stdin>" else file.name

        def answer(obj: object) -> Any:
            view, legal = advice_request(obj, seat)
            return advise(view, legal, budget_ms=budget_ms, seed=seed, samples=samples)

        run_positions(lambda: list(read_items(file, name)), as_json, answer, advice_text)
        return
    try:
        if record_file is not None:
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


def _record_view(stream: IO[str], seat: int) -> View:
    records = list(read_records(stream, "--record"))
    if len(records) != 1:
        raise AdvisorError(f"--record: expected one record, found {len(records)}")
    _, rec = records[0]
    if isinstance(rec, AdvisorError):
        raise rec
    try:
        view, _ = CHAN.view_at(rec, seat)
    except AdvisorError as err:
        raise AdvisorError(f"--record: {err.message}") from None
    return view


__all__ = ["chan"]
