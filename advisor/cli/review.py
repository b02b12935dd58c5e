"""``advisor GAME review RECORD``: the review of finished deals (:mod:`advisor.games.review`),
made for every registered game — text, ``--json`` (one line per record) or an ``--html``
page; a file of many records (JSON lines) reviewed in ``--jobs`` processes, in order."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import IO, Any

import click

from advisor.cli.common import (
    EXIT_BAD_INPUT,
    dumps,
    fail_internal,
    read_items,
    terminal_style,
    use_color,
)
from advisor.errors import AdvisorError
from advisor.games.review import Review, review
from advisor.games.spec import AnySpec
from advisor.registry import GAMES
from advisor.text import Style


def review_text(r: Review, style: Style) -> str:
    """A review for people: each decision (the costly ones marked), the exact figures when
    the game states them, and each seat's summary."""
    lines = [style.head(f"{r.game} review — seats {', '.join(map(str, r.seats))}, "
                        f"{r.budget_ms:g} ms a decision, seed {r.seed}")]
    lines += [f"note: {n}" for n in r.notes]
    for d in r.decisions:
        klass = d.klass or "not judged"
        loss = "" if not d.loss_win else f" −{d.loss_win * 100:.0f} %"
        if d.loss_expected:
            loss += f" −{d.loss_expected:.1f} pts"
        head = f"move {d.move:>3}  seat {d.seat}  {klass:<10}{loss}"
        if d.exact is not None and d.exact.get("error") is not None:
            head += f"  exact: margin {d.exact['margin']:+d}, error {d.exact['error']} pts"
        bad = d.klass in ("mistake", "blunder")
        lines.append(style.red(head) if bad else head)
        lines.append(style.dim(f"    {d.why}") if d.klass in ("best", "good") else
                     f"    {d.why}")
    lines.append(style.head("summary"))
    for s, x in r.summary().items():
        acc = "—" if x.accuracy is None else f"{x.accuracy * 100:.0f} %"
        pts = "" if x.loss_expected is None else f", {x.loss_expected:.1f} points"
        exact = "" if x.exact_error is None else f"; exact error {x.exact_error} points"
        lines.append(f"seat {s}: {x.decisions} decisions, {x.matched} as advised, accuracy "
                     f"{acc}; lost {x.loss_win * 100:.0f} % of winning chance{pts}; "
                     f"{x.blunders} blunders, {x.mistakes} mistakes, {x.inaccuracies} "
                     f"inaccuracies{exact}")
    return "\n".join(lines)


def _one(args: tuple[AnySpec, object, Sequence[int] | None, float, int]) -> Review | str:
    """One record's review in a worker: the review, or its error's message."""
    spec, rec, seats, budget_ms, seed = args
    try:
        return review(spec, rec, seats=seats, budget_ms=budget_ms, seed=seed, games=GAMES)
    except AdvisorError as err:
        return err.message


def review_command(info: AnySpec, games: Sequence[AnySpec] = GAMES) -> click.Command:
    """``advisor GAME review RECORD``."""

    params: list[click.Parameter] = [
        click.Argument(["record"], type=click.File("r", encoding="utf-8")),
        click.Option(["--seat", "seat"], type=int, default=None, metavar="N",
                     help="Review this seat only [default: every seat]."),
        click.Option(["--budget-ms", "budget_ms"],
                     type=click.FloatRange(min=1, max=info.max_budget_ms),
                     default=info.default_budget_ms, show_default=True,
                     help="Milliseconds of advice per decision."),
        click.Option(["--seed", "seed"], type=int, default=0, show_default=True,
                     help="Seed: seat s draws its decisions' seeds from seed·1009+s, as the "
                          "advisor bot made with that seed does."),
        click.Option(["--json", "as_json"], is_flag=True, help="One JSON object per record."),
        click.Option(["--html", "html"], type=click.File("w", encoding="utf-8"),
                     metavar="FILE", help="Write one self-contained page (the deal, the "
                                          "costliest decisions, a chart)."),
        click.Option(["--jobs", "-j", "jobs"], type=click.IntRange(min=1), default=1,
                     show_default=True, metavar="N",
                     help="Processes for a file of many records (the output is the same)."),
    ]

    def callback(record: IO[str], seat: int | None, budget_ms: float, seed: int,
                 as_json: bool, html: IO[str] | None, jobs: int) -> None:
        if seat is not None and not 0 <= seat < info.players[1]:
            raise click.UsageError(f"--seat {seat}: a {info.title} table has seats 0 to "
                                   f"{info.players[1] - 1}")
        items = list(read_items(record, "<stdin>" if record.name == "<stdin>" else
                                record.name))
        seats = None if seat is None else [seat]
        many = len(items) > 1
        progress = sys.stderr.isatty() and not as_json
        code = 0
        style = terminal_style(use_color())
        results: list[Review | str] = []
        good = [it for it in items if it.error is None]
        try:
            if not many and good:
                results = [_single(info, good[0].obj, seats, budget_ms, seed, games, progress)]
            elif jobs > 1 and len(good) > 1:
                with ProcessPoolExecutor(jobs) as pool:
                    results = list(pool.map(_one, [(info, it.obj, seats, budget_ms, seed)
                                                   for it in good]))
            else:
                results = [_one((info, it.obj, seats, budget_ms, seed)) for it in good]
        except click.UsageError:
            raise
        except Exception as err:
            fail_internal(err)
        out = iter(results)
        shown = 0
        reviews: list[Review] = []
        for it in items:
            got: Review | str = it.error if it.error is not None else next(out)
            label = f"{it.label}: " if it.label else ""
            if isinstance(got, str):
                click.echo(f"advisor: {label}{got}", err=True)
                if many and as_json:
                    click.echo(dumps({"error": got}))
                code = EXIT_BAD_INPUT
                continue
            reviews.append(got)
            if as_json:
                click.echo(dumps(got.to_json()))
            else:
                click.echo(("\n" if shown else "") + review_text(got, style), color=style.color)
            shown += 1
        if html is not None and reviews:
            from advisor.games.review_page import page
            html.write(page(reviews))
        sys.exit(code)

    return click.Command(
        "review", params=params, callback=callback,
        help="Review finished deals: at each decision the advice from the seat's VIEW, "
             "the action played beside the best one and what it cost (best, good, "
             "inaccuracy, mistake, blunder; docs/review.md).\n\nRECORD is one "
             f"{info.record_format} record, or a file of them (JSON lines). Exit 3 when a "
             "record does not replay (its first illegal move and rule named).\n\n\b\n"
             f"Example:\n  advisor {info.name} review deal.json --seat 0 --html deal.html")


def _single(info: AnySpec, rec: object, seats: Sequence[int] | None, budget_ms: float,
            seed: int, games: Sequence[AnySpec], progress: bool) -> Review | str:
    """One record, with a progress bar on a terminal; a seat outside the deal's table is
    a usage error."""
    def run(advance: Callable[[int, int], None] | None) -> Review | str:
        try:
            return review(info, rec, seats=seats, budget_ms=budget_ms, seed=seed,
                          games=games, on_progress=advance)
        except AdvisorError as err:
            if err.field == "seat":
                raise click.UsageError(f"--seat: {err.message}") from None
            return err.message

    if not progress:
        return run(None)
    bar: Any = None

    def advance(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label="decisions", file=sys.stderr)
            bar.__enter__()
        bar.update(1)

    try:
        return run(advance)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)


__all__ = ["review_command", "review_text"]
