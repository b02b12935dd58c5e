"""A simulation run played in slices, in several processes or on a cluster.

The deals ``first … first+games−1`` of a run are cut into slices of consecutive deals
(:func:`cut`); each slice is one call of the game's ``simulate`` (``first=``,
``games=``), played in a local process (``jobs``) or by a worker of a Dask cluster
(``cluster``), and the slices' summaries are merged in deal order
(:meth:`advisor.games.simulate.RunSummary.merge`). Since a deal is dealt from its own
number and every bot's randomness is started afresh at every game
(:func:`advisor.games.simulate.bot_seed`), the merged summary counts exactly what the
run in one process counts, whatever the number of processes or workers — only the
timings differ. The records of a slice are made where it is played, come back with it
and are written in deal order.

A slice that cannot be played — its process or worker died and the cluster could not
play it elsewhere, or the cluster went away — is *lost*: the others are still
collected (their records written), then :class:`SlicesLost` names the lost deals, so
that they can be played again (``first``/``games``).

Any other job cut by deals (a benchmark's) uses the same runner: :func:`in_slices`.

>>> cut(0, 10, 3)
[Slice(first=0, games=4), Slice(first=4, games=3), Slice(first=7, games=3)]
"""

from __future__ import annotations

import json
import logging
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from advisor.errors import AdvisorError
from advisor.games.simulate import RunSummary

SLICES_PER_WORKER = 4
"""Slices per process or worker thread at least, so that a slow slice does not leave the
others idle at the end."""
MAX_SLICE = 200
"""The most deals in one slice: progress is reported, and a lost slice is played again,
in steps of at most this many deals."""
CONNECT_TIMEOUT_S = 10.0
"""How long to try to reach a cluster's scheduler."""
NO_WORKER_S = 60.0
"""How long a cluster may have no worker at all before the slices left are given up."""
WATCH_S = 1.0
"""How often the cluster is looked at while slices are played."""

R = TypeVar("R")


@dataclass(frozen=True)
class Slice:
    """The deals ``first … first+games−1`` of a run."""

    first: int
    games: int

    @property
    def last(self) -> int:
        return self.first + self.games - 1

    def __str__(self) -> str:
        return f"deals {self.first}–{self.last}" if self.games > 1 else f"deal {self.first}"


@dataclass
class Played:
    """A slice played: its summary, and its records (one JSON line per game) if asked."""

    slice: Slice
    summary: RunSummary
    records: list[str] | None


class ClusterError(AdvisorError):
    """The cluster cannot be used: Dask is not installed, or the scheduler's address is
    malformed or does not answer."""

    kind = "cluster"


class SliceFailed(Exception):
    """A slice raised an unexpected error where it was played (a bug, not a lost
    process): the message carries the slice and the traceback from there."""


class SlicesLost(Exception):
    """Slices of a run that could not be played; every other slice was (and its records
    written). ``lost`` in deal order, ``played`` the number of deals that were played.

    >>> print(SlicesLost([Slice(0, 5), Slice(5, 5), Slice(20, 1)], 15, "gone"))
    11 of 26 deals were not played (deals 0–9, deal 20): gone
    """

    def __init__(self, lost: Sequence[Slice], played: int, reason: str) -> None:
        self.lost = list(lost)
        self.played = played
        self.reason = reason
        missing = sum(s.games for s in self.lost)
        super().__init__(f"{missing:,} of {missing + played:,} deals were not played "
                         f"({', '.join(map(str, self.ranges()))}): {reason}")

    def ranges(self) -> list[Slice]:
        """The lost deals, consecutive slices joined: what to play again."""
        joined: list[Slice] = []
        for s in self.lost:
            if joined and joined[-1].last + 1 == s.first:
                joined[-1] = Slice(joined[-1].first, joined[-1].games + s.games)
            else:
                joined.append(s)
        return joined


def record_line(game: Any, players: list[str]) -> str:
    """A finished game as one line of a records file (compact JSON, UTF-8 kept)."""
    return json.dumps(game.to_record(players), ensure_ascii=False, separators=(",", ":"))


def cut(first: int, games: int, parts: int, most: int = MAX_SLICE) -> list[Slice]:
    """The deals ``first … first+games−1`` in at least ``parts`` slices (fewer if there
    are fewer deals) of at most ``most`` deals, as even as can be, in deal order.

    >>> cut(5, 450, 1)
    [Slice(first=5, games=150), Slice(first=155, games=150), Slice(first=305, games=150)]
    """
    count = max(1, min(games, max(parts, -(-games // most))))
    size, extra = divmod(games, count)
    slices, k = [], first
    for i in range(count):
        n = size + (i < extra)
        slices.append(Slice(k, n))
        k += n
    return slices


def play_slice(simulate: Callable[..., RunSummary], specs: Sequence[str],
               options: Mapping[str, Any], records: bool, part: Slice) -> Played:
    """Play one slice where this runs (a local process, a cluster's worker): the game's
    ``simulate`` on its deals, with ``options`` (seed, duplicate, the game's own)."""
    lines: list[str] | None = [] if records else None

    def keep(game: Any, players: list[str]) -> None:
        assert lines is not None
        lines.append(record_line(game, players))

    summary = simulate(list(specs), games=part.games, first=part.first,
                       on_game=keep if records else None, **options)
    return Played(part, summary, lines)


@dataclass
class Cluster:
    """What a run learns of the cluster it uses: its address, workers and threads."""

    address: str
    workers: int
    threads: int


def simulate_in_slices(
    simulate: Callable[..., RunSummary],
    specs: Sequence[str],
    *,
    games: int,
    first: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    cluster: str | None = None,
    on_records: Callable[[list[str]], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_cluster: Callable[[Cluster], None] | None = None,
) -> RunSummary:
    """Play the deals ``first … first+games−1`` of a run of the game whose ``simulate``
    this is, in ``jobs`` local processes or on the Dask cluster whose scheduler is at
    ``cluster``, and merge the slices: the summary of the whole run (its ``seconds`` the
    time the run took). ``options`` are the rest of ``simulate``'s keyword arguments
    (``seed``, ``duplicate``, ``time_limit``, the game's options).

    ``on_records(lines)`` receives the records of the games (one JSON line each), in deal
    order; ``on_progress(games)`` is told the games of each slice as it ends;
    ``on_cluster`` what the cluster is, once reached. Raises :class:`ClusterError` when
    the cluster cannot be reached, :class:`SlicesLost` when slices could not be played
    (after every other slice's records), and the library's error when the run itself is
    refused (the players, the options).
    """
    started = time.perf_counter()

    def write(part: Slice, played: Played) -> None:
        if on_records is not None and played.records is not None:
            on_records(played.records)
        played.records = None  # written: no need to keep them

    work = partial(play_slice, simulate, list(specs), dict(options or {}),
                   on_records is not None)
    results = in_slices(work, first=first, games=games, jobs=jobs, cluster=cluster,
                        in_order=write,
                        on_done=None if on_progress is None else
                        lambda part, played: on_progress(played.summary.games),
                        on_cluster=on_cluster)
    summary = results[0].summary
    for result in results[1:]:
        summary.merge(result.summary)
    summary.seconds = time.perf_counter() - started
    return summary


def in_slices(
    work: Callable[[Slice], R],
    *,
    first: int,
    games: int,
    jobs: int = 1,
    cluster: str | None = None,
    in_order: Callable[[Slice, R], None] | None = None,
    on_done: Callable[[Slice, R], None] | None = None,
    on_cluster: Callable[[Cluster], None] | None = None,
) -> list[R]:
    """``work(slice)`` for every slice of the deals ``first … first+games−1`` (:func:`cut`,
    at least :data:`SLICES_PER_WORKER` per process or worker thread), in ``jobs`` local
    processes or on the Dask cluster at ``cluster``: the results in deal order. ``work``
    must be picklable (a module's function, or a :func:`functools.partial` of one).

    ``on_done(slice, result)`` is called as each slice ends, ``in_order(slice, result)``
    in deal order (a slice once those before it are done; after a lost slice, at the
    end). A slice whose process or worker was lost is retried by the cluster if it can;
    if not, the others are still collected and :class:`SlicesLost` names the lost ones.
    An :class:`AdvisorError` raised by ``work`` is raised as it is; any other error of
    ``work`` (a bug) as :class:`SliceFailed` with its traceback.
    """
    with _executor(jobs, cluster, on_cluster) as (executor, workers, alive):
        parts = cut(first, games, SLICES_PER_WORKER * workers)
        pending: dict[Future[R], Slice] = {
            executor.submit(_guarded, work, part): part for part in parts}
        results: dict[Slice, R] = {}
        lost: dict[Slice, str] = {}
        told = 0  # the slices given to in_order: a prefix of ``parts``
        try:
            while pending:
                done, _ = wait(pending, timeout=WATCH_S, return_when=FIRST_COMPLETED)
                for future in done:
                    part = pending.pop(future)
                    try:
                        results[part] = future.result()
                    except (AdvisorError, SliceFailed):
                        raise  # the run is refused, or a bug: the same for every slice
                    except Exception as err:  # the process or the worker was lost
                        lost[part] = _why(err)
                        continue
                    if on_done is not None:
                        on_done(part, results[part])
                while told < len(parts) and parts[told] in results:
                    if in_order is not None:
                        in_order(parts[told], results[parts[told]])
                    told += 1
                if pending and (why := alive()) is not None:
                    lost.update((part, why) for part in pending.values())
                    break
        finally:
            for future in pending:
                future.cancel()
    for part in parts[told:]:  # after a lost slice: the later ones, still in deal order
        if part in results and in_order is not None:
            in_order(part, results[part])
    if lost:
        order = sorted(lost, key=lambda s: s.first)
        raise SlicesLost(order, sum(p.games for p in results), lost[order[0]])
    return [results[part] for part in parts]


def _guarded(work: Callable[[Slice], R], part: Slice) -> R:
    """``work(part)``, where the slice is played: a bug comes back as SliceFailed with the
    traceback from there (a lost process or worker is told apart from it)."""
    try:
        return work(part)
    except AdvisorError:
        raise  # the run is refused: the players, the options
    except Exception:
        raise SliceFailed(f"{part}: {traceback.format_exc()}") from None


def _why(err: BaseException) -> str:
    """Why a slice was lost, in a few words."""
    name = type(err).__name__
    said = str(err).strip()
    if name == "BrokenProcessPool":
        return "a local process died (killed, or out of memory)"
    if name == "CancelledError":
        return "the cluster's scheduler went away"
    if name == "KilledWorker":
        return f"the workers playing it died ({said})"
    return f"{name}: {said}" if said else name


Alive = Callable[[], "str | None"]
"""Whether the slices still pending can be played: None, or why not."""


@contextmanager
def _executor(jobs: int, cluster: str | None,
              on_cluster: Callable[[Cluster], None] | None
              ) -> Iterator[tuple[Executor, int, Alive]]:
    """The executor that plays the slices, the processes or worker threads behind it,
    and its watch."""
    if cluster is None:
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            yield pool, jobs, lambda: None
        finally:
            pool.shutdown(cancel_futures=True)
        return
    client = _connect(cluster)
    # Dask's own loggers (and its event loop's) say a lost scheduler, and more, on stderr:
    # SlicesLost says it once
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
               if name.split(".")[0] in ("distributed", "tornado")]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL)
    try:
        threads = client.nthreads()
        info = Cluster(cluster, len(threads), sum(threads.values()))
        if on_cluster is not None:
            on_cluster(info)
        no_worker_since: list[float] = []

        def alive() -> str | None:
            if client.status != "running":  # reconnecting: its futures are lost all the same
                return "the connection to the cluster's scheduler was lost"
            try:
                workers = len(client.nthreads())
            except Exception:  # the scheduler is going: said at the next look
                return None
            if workers:
                no_worker_since.clear()
            elif not no_worker_since:
                no_worker_since.append(time.monotonic())
            elif time.monotonic() - no_worker_since[0] > NO_WORKER_S:
                return f"the cluster has had no worker for {NO_WORKER_S:g} s"
            return None

        yield client.get_executor(pure=False), max(1, info.threads), alive
    finally:
        with suppress(Exception):  # closing a client whose scheduler is gone
            client.close(timeout=2)
        for log, level in zip(loggers, levels):
            log.setLevel(level)


SCHEMES = ("tcp", "tls", "ws", "wss")
"""The protocols of a scheduler's address (``tcp://HOST:PORT``; tcp when none is
written)."""


def _connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address``, or a :class:`ClusterError` saying
    why there is none."""
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise ClusterError("--cluster needs Dask distributed, an optional extra: "
                           "pip install 'chan-advisor[cluster]'", field="cluster") from None
    try:
        scheme, where = parse_address(address.strip())
        host, _ = parse_host_port(where)
        if scheme not in SCHEMES or not host:
            raise ValueError(address)
    except (ValueError, TypeError):
        raise ClusterError(f"'{address}' is not a scheduler's address "
                           f"(tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786)",
                           field="cluster", token=address) from None
    try:
        return Client(address.strip(), timeout=CONNECT_TIMEOUT_S,  # type: ignore[no-untyped-call]
                      set_as_default=False)
    except Exception as err:  # any failure to connect is said as such
        raise ClusterError(f"cannot reach the cluster at '{address}': {_reason(err)}",
                           field="cluster", token=address) from None


def _reason(err: BaseException) -> str:
    said = str(err).strip().splitlines()[0] if str(err).strip() else ""
    return said or type(err).__name__


__all__ = ["CONNECT_TIMEOUT_S", "MAX_SLICE", "Cluster", "ClusterError", "Played", "Slice",
           "SliceFailed", "SlicesLost", "cut", "in_slices", "play_slice", "record_line",
           "simulate_in_slices"]
