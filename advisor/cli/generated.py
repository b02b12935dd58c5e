"""The commands of a game made from its declarations (:mod:`advisor.games.faces`): one
command per verb (``advisor GAME VERB``, flags or a JSON FILE, ``--json``, JSON-lines
batches) and ``simulate``. A game with declarations writes no command line code; a
game's own extras (a module ``advisor.cli.<name>`` with commands) are added to the
same group by :mod:`advisor.cli`.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from typing import IO, Any

import click

from advisor.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_LOST,
    EXIT_USAGE,
    Item,
    dumps,
    read_items,
    run_positions,
    simulate_and_report,
)
from advisor.cli.review import review_command
from advisor.errors import AdvisorError
from advisor.games.bots import DEFAULT_TIME_LIMIT
from advisor.games.faces import Context, Faces, Field, Verb, object_from_flags
from advisor.games.parallel import Cluster, ClusterError, record_line, simulate_in_slices
from advisor.games.records import read_records
from advisor.games.spec import AnySpec


def option(f: Field) -> click.Parameter:
    """The Click parameter of a declared field."""
    if f.kind == "arguments":
        return click.Argument([f.name], nargs=-1, metavar=f.metavar or f.name.upper())
    names = [f.flag, f.name] + ([f.short] if f.short else [])
    shown = f.help + (f" [default: {f.default}]" if f.default is not None else "")
    shown += "" if shown.endswith((".", ")", "]")) else "."
    kinds: dict[str, Any] = {
        "text": {"metavar": f.metavar or "TEXT"},
        "numbers": {"metavar": f.metavar or "N,N,…"},
        "flag": {"is_flag": True, "default": None},
        "int": {"type": click.IntRange(_int(f.minimum), _int(f.maximum))
                if (f.minimum, f.maximum) != (None, None) else click.INT,
                "metavar": f.metavar or "N"},
        "float": {"type": click.FloatRange(f.minimum, f.maximum)
                  if (f.minimum, f.maximum) != (None, None) else click.FLOAT,
                  "metavar": f.metavar or "X"},
        "choice": {"type": click.Choice(f.choices, case_sensitive=False)},
        "many": {"multiple": True, "metavar": f.metavar or "TEXT"},
    }
    return click.Option(names, help=shown, hidden=f.hidden, **kinds[f.kind])


def _players(low: int, high: int) -> str:
    """``4 players``, ``2 to 4 players``: a table's sizes in words."""
    return f"{low} players" if low == high else f"{low} to {high} players"


def _int(value: float | None) -> int | None:
    return None if value is None else int(value)


def _spelt(f: Field) -> str:
    return f.name.upper() if f.kind == "arguments" else f.flag


def items_of(verb: Verb, file: IO[str] | None, flags: dict[str, Any],
             record: IO[str] | None = None) -> list[Item]:
    """The objects to answer: those of FILE, the record prefix of ``--record`` (a verb
    with ``records``), or the one the flags spell — one of them. The first field must be
    among the flags."""
    first = verb.fields[0]
    named = [f for f in verb.fields if object_from_flags((f,), flags)]
    if record is not None:
        if file is not None or named:
            got = ["FILE"] * (file is not None) + [_spelt(f) for f in named[:1]]
            raise click.UsageError(f"give the {verb.what} one way: a FILE, flags, or --record "
                                   f"with --seat (got {', '.join(got)} and --record)")
        return [_record_item(record)]
    if file is not None:
        if named:
            others = [f for f in named if f is not first] or named
            raise click.UsageError(f"give the {verb.what} either as flags or as a FILE, not "
                                   f"both (got FILE and {_spelt(others[0])})")
        return list(read_items(file, "<stdin>" if file.name == "<stdin>" else file.name))
    if first not in named:
        how = "--file - to read JSON from stdin" if first.kind == "arguments" else \
            "- to read JSON from stdin"
        spelt = _spelt(first) + ("" if first.kind == "arguments" else
                                 f" {first.metavar or first.kind.upper()}")
        also = ", or --record FILE with --seat" if verb.records else ""
        raise click.UsageError(f"give a {verb.what}: {spelt} (with other flags), or a JSON "
                               f"FILE, or {how}{also}")
    return [Item("", verb.object_of(flags))]


def _record_item(stream: IO[str]) -> Item:
    """The one record prefix of ``--record FILE``."""
    records = list(read_records(stream, "--record"))
    if len(records) != 1:
        return Item("", error=f"--record: expected one record, found {len(records)}")
    _, rec = records[0]
    if isinstance(rec, AdvisorError):
        return Item("", error=rec.message)
    return Item("", rec)


def _advice_options(info: AnySpec, verb: Verb) -> list[click.Parameter]:
    """An advice's options: its budget, its playout worlds (``samples``), the search
    (``search``), its seed and
    (``records``) a record prefix with the seat whose decision it must be."""
    params: list[click.Parameter] = [
        click.Option(["--budget-ms", "budget_ms"],
                     type=click.FloatRange(min=1, max=info.max_budget_ms),
                     default=info.default_budget_ms, show_default=True,
                     help="Milliseconds the advisor may spend per position."),
        click.Option(["--budget", "budget_s"],
                     type=click.FloatRange(min=0.001, max=info.max_budget_ms / 1000),
                     default=None, hidden=True,
                     help="The budget in seconds (before --budget-ms; kept working)."),
    ]
    if verb.samples:
        params.append(click.Option(
            ["--samples", "samples"], type=click.IntRange(1, 100_000),
            help="Worlds to sample instead of a time budget (reproducible to the bit)."))
    if verb.search:
        params.append(click.Option(
            ["--search/--no-search", "search"], default=None,
            help="Play every action out in worlds drawn from what the table shows, "
                 "within the budget; --no-search: the value model alone (quick). "
                 f"Without either, {info.title}'s default: "
                 f"{'the search' if info.model is not None else 'the model'}."))
    params.append(click.Option(["--seed", "seed"], type=int, default=0, show_default=True,
                               help="Seed of whatever the advisor samples."))
    if verb.records:
        params += [
            click.Option(["--record", "record_file"], type=click.File("r", encoding="utf-8"),
                         metavar="FILE", help=f"A {info.record_format} prefix: advise the "
                                              "decision it stops at."),
            click.Option(["--seat", "record_seat"], type=click.IntRange(0, info.players[1] - 1),
                         help="With --record (or a record FILE): the seat to advise (must be "
                              "the one to decide)."),
        ]
    return params


def verb_command(info: AnySpec, verb: Verb) -> click.Command:
    """``advisor GAME VERB``: the verb on the object the flags spell, or on each object of
    a FILE; text or ``--json``; a budget and a seed for an advice (playout worlds, a
    record prefix with its seat, when the verb takes them)."""
    positional = any(f.kind == "arguments" for f in verb.fields)
    params: list[click.Parameter] = [option(f) for f in verb.fields]
    file_param: click.Parameter = (
        click.Option(["--file", "file"], type=click.File("r", encoding="utf-8"),
                     metavar="FILE", help="JSON objects to answer (- for stdin), one "
                                          "document or JSON lines.")
        if positional else
        click.Argument(["file"], type=click.File("r", encoding="utf-8"), required=False))
    params.insert(0, file_param)
    if verb.budget:
        params += _advice_options(info, verb)
    params.append(click.Option(["--json", "as_json"], is_flag=True,
                               help="One JSON object per answer."))

    def callback(file: IO[str] | None, as_json: bool, budget_ms: float = 0.0,
                 budget_s: float | None = None, seed: int = 0, samples: int | None = None,
                 record_file: IO[str] | None = None, record_seat: int | None = None,
                 search: bool | None = None, **flags: Any) -> None:
        if budget_s is not None:
            budget_ms = budget_s * 1000
        if record_file is not None and record_seat is None:
            raise click.UsageError("--record needs --seat")
        # the seat concerns what a FILE or --record holds; flags spell their own decision
        held = file is not None or record_file is not None
        ctx = Context(budget_ms, seed, samples, seat=record_seat if held else None,
                      search=search)

        def answer(obj: object) -> Any:
            if record_file is None:
                return verb.answer(obj, ctx)
            try:
                return verb.answer(obj, ctx)
            except AdvisorError as err:
                raise AdvisorError(f"--record: {err.message}", field=err.field) from None

        run_positions(lambda: items_of(verb, file, flags, record_file), as_json, answer,
                      verb.text)

    examples = "".join(f"\n  advisor {info.name} {verb.command_name} {e}"
                       for e in verb.examples)
    help_text = verb.help + (f"\n\n\b\nExamples:{examples}" if examples else "")
    return click.Command(verb.command_name, params=params, callback=callback, help=help_text)


def simulate_command(info: AnySpec, faces: Faces) -> click.Command:
    """``advisor GAME simulate``: deals between bots, win shares, points, settlements —
    in this process, in ``--jobs`` local processes or on a Dask ``--cluster``, with the
    same result."""
    low, high = info.players
    params: list[click.Parameter] = [
        click.Option(["--games", "-n", "games"], type=click.IntRange(min=1), default=100,
                     show_default=True, help="Deals to play (each once per seat with "
                                             "--duplicate)."),
        click.Option(["--first", "first"], type=click.IntRange(min=0), default=0,
                     show_default=True, metavar="K",
                     help="The number of the first deal: deals K to K+GAMES-1 of the seed "
                          "(a part of a longer run, e.g. deals a lost run did not play)."),
        click.Option(["--seed", "-s", "seed"], type=int, default=0, show_default=True,
                     help="Seed: the same seed plays the same deals."),
        click.Option(["--seats", "seats"], default=faces.simulate_seats, show_default=True,
                     metavar="SPEC,SPEC[,…]",
                     help=f"{_players(low, high)}, seat 0 first: {info.seat_specs}."),
        click.Option(["--duplicate", "duplicate"], is_flag=True,
                     help="Play each deal once per seat rotation (cuts luck out)."),
        *(option(f) for f in faces.simulate_fields),
        click.Option(["--records", "records"], type=click.File("w", encoding="utf-8"),
                     metavar="FILE", help=f"Write every deal as a {info.record_format} line."),
        click.Option(["--time-limit", "time_limit"], type=click.FloatRange(min=0.01),
                     default=DEFAULT_TIME_LIMIT, show_default=True,
                     help="Seconds an exec: bot may take per decision."),
        click.Option(["--jobs", "-j", "jobs"], type=click.IntRange(min=1), default=1,
                     show_default=True, metavar="N",
                     help="Local processes to play the deals in; the result is the same "
                          "for any N."),
        click.Option(["--cluster", "cluster"], metavar="ADDRESS",
                     help="Play the deals on the Dask cluster whose scheduler is at ADDRESS "
                          "(tcp://HOST:8786; docs/scale.md); the result is the same."),
        click.Option(["--json", "as_json"], is_flag=True, help="Print the summary as JSON."),
    ]

    def callback(games: int, first: int, seed: int, seats: str, duplicate: bool,
                 records: IO[str] | None, time_limit: float, jobs: int, cluster: str | None,
                 as_json: bool, **options: Any) -> None:
        specs = [s.strip() for s in seats.split(",")]
        chosen = object_from_flags(faces.simulate_fields, options)
        if cluster is not None and jobs != 1:
            raise click.UsageError("--jobs and --cluster: one or the other (a cluster's "
                                   "workers are its processes)")
        kwargs: dict[str, Any] = {"seed": seed, "duplicate": duplicate,
                                  "time_limit": time_limit, **chosen}

        def run(write: Callable[[list[str]], None] | None,
                advance: Callable[[int], None]) -> Any:
            try:
                if jobs == 1 and cluster is None:
                    def on_game(game: Any, players: list[str]) -> None:
                        if write is not None:
                            write([record_line(game, players)])
                        advance(1)

                    at: dict[str, Any] = {"first": first} if first else {}  # when asked
                    return info.simulate(specs, games=games, on_game=on_game, **at, **kwargs)
                return simulate_in_slices(info.simulate, specs, games=games, first=first,
                                          options=kwargs, jobs=jobs, cluster=cluster,
                                          on_records=write, on_progress=advance,
                                          on_cluster=said)
            except ClusterError as err:
                click.echo(f"advisor: {err.message}", err=True)
                sys.exit(EXIT_BAD_INPUT)
            except AdvisorError as err:
                click.echo(f"advisor: {err.message}", err=True)
                # the players or the options asked for cannot make a table: a usage error
                usage = {"seats", *(f.name for f in faces.simulate_fields)}
                sys.exit(EXIT_USAGE if (err.field or "").split(".")[0] in usage
                         else EXIT_BAD_INPUT)

        def said(found: Cluster) -> None:
            click.echo(f"advisor: cluster {found.address}: {found.workers} workers, "
                       f"{found.threads} threads", err=True)

        def again(part_first: int, part_games: int) -> str:
            """The command that plays deals part_first… again, with the same options."""
            words = ["advisor", info.name, "simulate", "--seed", str(seed), "--seats", seats]
            if duplicate:
                words.append("--duplicate")
            for f in faces.simulate_fields:
                value = chosen.get(f.name)
                if f.kind == "flag":
                    words += [f.flag] if value else []
                elif f.kind in ("many", "arguments"):
                    words += [w for v in value or () for w in (f.flag, str(v))]
                elif value is not None:
                    words += [f.flag, str(value)]
            words += ["--first", str(part_first), "--games", str(part_games)]
            if time_limit != DEFAULT_TIME_LIMIT:
                words += ["--time-limit", f"{time_limit:g}"]
            words += ["--cluster", cluster] if cluster is not None else ["--jobs", str(jobs)]
            if records is not None:
                words += ["--records", "FILE"]
            return shlex.join(words)

        text = faces.simulation_text or (lambda s: dumps(s.to_json()))
        simulate_and_report(run, games * (len(specs) if duplicate else 1), as_json, records,
                            text, again)

    return click.Command(
        "simulate", params=params, callback=callback,
        help="Play deals between bots and report win shares, points and settlements.\n\n"
             "With --jobs N or --cluster ADDRESS the deals are cut into slices played in "
             "parallel and merged: the summary and the records are those of one process "
             "(only the timings differ). Deals that could not be played are named with the "
             f"command that plays them again (exit code {EXIT_LOST}).\n\n\b\n"
             f"Example:\n  advisor {info.name} simulate --games 200 --seed 1 --seats "
             f"{faces.simulate_seats} --duplicate --jobs 2")


def game_group(info: AnySpec, extras: click.Group | None = None) -> click.Group:
    """The command group of a game with declarations: its verbs, ``simulate`` and
    ``review``, and the commands of ``extras`` (the game's own)."""
    group = click.Group(info.name)
    for verb in info.faces.verbs:
        group.add_command(verb_command(info, verb))
    group.add_command(simulate_command(info, info.faces))
    group.add_command(review_command(info))
    for command in (extras.commands.values() if extras else ()):
        group.add_command(command)
    describe_group(group, info.title)
    return group


def describe_group(group: click.Group, title: str) -> None:
    """The group's help: the game's title and every command it has (those added after it
    was made — ``play``, ``replay`` — included: call it again after adding them)."""
    words = [c for c in group.commands if c not in ("simulate", "replay", "review")]
    group.help = f"{title}: {', '.join(words)}; simulate, replay and review deals."


__all__ = ["describe_group", "game_group", "items_of", "option", "simulate_command", "verb_command"]
