"""A simulation run in slices (advisor/games/parallel.py): the same summary and the same
records, deal for deal, in one process, in several, and on a Dask cluster of two workers
started here — random bots and exec: bots included; a worker that dies mid-run changes
nothing; a cluster that goes away names the deals it did not play, and playing them
again with --first/--games completes the run exactly."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.cli.common import EXIT_BAD_INPUT, EXIT_LOST, EXIT_USAGE
from advisor.errors import AdvisorError
from advisor.games import parallel
from advisor.games.parallel import (
    ClusterError,
    Slice,
    SliceFailed,
    SlicesLost,
    cut,
    in_slices,
    play_slice,
    record_line,
    simulate_in_slices,
)
from advisor.registry import GAMES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TIMINGS = ("seconds", "games_per_second", "moves_per_second", "advisor_latency_ms")


def timeless(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMINGS}


def seats_of(game: Any) -> list[str]:
    """Random bots (the hard case: their choices must come from the deal, not from the
    deals before) beside a greedy one."""
    return ["greedy"] + ["random"] * (game.players[0] - 1)


def one_process(game: Any, specs: list[str], *, games: int, first: int = 0,
                **options: Any) -> tuple[dict[str, Any], list[str]]:
    lines: list[str] = []
    summary = game.simulate(specs, games=games, first=first,
                            on_game=lambda g, p: lines.append(record_line(g, p)), **options)
    return timeless(summary.to_json()), lines


# --- slices ----------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "games", "parts", "most"),
                         [(0, 1, 8, 200), (3, 10, 4, 200), (0, 1000, 2, 200), (7, 13, 20, 3)])
def test_the_slices_cover_the_deals_once_in_order(first: int, games: int, parts: int,
                                                  most: int) -> None:
    slices = cut(first, games, parts, most)
    assert [k for s in slices for k in range(s.first, s.last + 1)] == \
        list(range(first, first + games))
    assert len(slices) == min(games, max(parts, -(-games // most)))
    assert max(s.games for s in slices) - min(s.games for s in slices) <= 1
    assert max(s.games for s in slices) <= max(most, -(-games // len(slices)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_slices_of_random_players_merge_into_the_whole_run(game: Any) -> None:
    # each bot's randomness is started afresh at every game: slices play what the whole plays
    specs = seats_of(game)
    whole, lines = one_process(game, specs, games=6, first=2, seed=4, duplicate=True)
    parts = [play_slice(game.simulate, specs, {"seed": 4, "duplicate": True}, True, s)
             for s in (Slice(2, 1), Slice(3, 3), Slice(6, 2))]
    merged = parts[0].summary
    for p in parts[1:]:
        merged.merge(p.summary)
    assert timeless(merged.to_json()) == whole
    assert [line for p in parts for line in p.records or []] == lines


def test_random_bots_still_play_differently_from_deal_to_deal() -> None:
    # reseeding per game must not make every deal's choices the same stream
    chan = next(g for g in GAMES if g.name == "chan")
    _, lines = one_process(chan, ["random"] * 4, games=2, seed=1)
    first_moves = [json.loads(line)["moves"][:12] for line in lines]
    assert first_moves[0] != first_moves[1]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_two_processes_play_the_run_of_one(game: Any) -> None:
    specs = seats_of(game)
    whole, lines = one_process(game, specs, games=12, first=5, seed=2, duplicate=True)
    written: list[str] = []
    progress: list[int] = []
    summary = simulate_in_slices(game.simulate, specs, games=12, first=5,
                                 options={"seed": 2, "duplicate": True}, jobs=2,
                                 on_records=written.extend, on_progress=progress.append)
    assert timeless(summary.to_json()) == whole
    assert written == lines
    assert sum(progress) == summary.games == 12 * len(specs) and len(progress) == 8


def test_a_local_process_that_dies_loses_its_slices_and_says_so() -> None:
    chan = next(g for g in GAMES if g.name == "chan")
    specs = seats_of(chan)
    _, lines = one_process(chan, specs, games=24, seed=9)
    written: list[str] = []

    killed: list[int] = []

    def kill_one(games: int) -> None:  # the first slice done: kill a process of the pool
        if killed:
            return  # once is enough; later calls may see the killed one not yet reaped
        for child in multiprocessing.active_children():
            if child.pid is None:
                continue
            try:
                os.kill(child.pid, signal.SIGKILL)
            except ProcessLookupError:
                continue  # it had already ended
            killed.append(child.pid)
            return

    with pytest.raises(SlicesLost, match="a local process died") as lost:
        simulate_in_slices(chan.simulate, specs, games=24, options={"seed": 9}, jobs=2,
                           on_records=written.extend, on_progress=kill_one)
    assert killed
    missing = {k for s in lost.value.ranges() for k in range(s.first, s.last + 1)}
    assert missing and lost.value.played == 24 - len(missing)
    assert written == [line for k, line in enumerate(lines) if k not in missing]


def test_the_command_line_gives_the_same_json_and_records_for_any_jobs(tmp_path: Path) -> None:
    runs = []
    for jobs in ("1", "3"):
        records = tmp_path / f"records-{jobs}.jsonl"
        r = CliRunner().invoke(main, ["khanhoo", "simulate", "--games", "9", "--first", "4",
                                      "--seed", "8", "--seats", "greedy,random,random",
                                      "--duplicate", "--json", "--jobs", jobs,
                                      "--records", str(records)])
        assert r.exit_code == 0, r.output
        runs.append((timeless(json.loads(r.stdout)), records.read_text("utf-8")))
    assert runs[0] == runs[1]
    assert runs[0][0]["deals"] == 9 and len(runs[0][1].splitlines()) == 27


def bug(part: Slice) -> int:
    return part.first // 0


def refused(part: Slice) -> int:
    raise AdvisorError("seats: refused", field="seats")


def test_a_bug_in_a_slice_is_an_error_not_a_lost_slice() -> None:
    with pytest.raises(SliceFailed, match="ZeroDivisionError"):
        in_slices(bug, first=0, games=4, jobs=2)
    with pytest.raises(AdvisorError, match="seats: refused"):
        in_slices(refused, first=0, games=4, jobs=2)


def test_a_refused_run_is_refused_once_whatever_the_jobs() -> None:
    r = CliRunner().invoke(main, ["chan", "simulate", "--games", "4", "--jobs", "2",
                                  "--seats", "greedy,random,random,clever"])
    assert r.exit_code == EXIT_USAGE
    assert r.stderr.count("'clever' is not a seat spec") == 1 and "Traceback" not in r.output


# --- a cluster -------------------------------------------------------------------------


def dask() -> Any:
    return pytest.importorskip("distributed", reason="the cluster extra (Dask distributed) is "
                               "not installed: pip install -e '.[test]'")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A Dask cluster of two worker processes (one thread each) on loopback."""
    with dask().LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", host="127.0.0.1") as c:
        yield c


def test_a_cluster_plays_the_run_of_one_process_deal_for_deal(cluster: Any,
                                                              tmp_path: Path) -> None:
    bot = f"exec:{sys.executable} {EXAMPLES / 'chan_bot.py'}"  # runs on the workers
    args = ["chan", "simulate", "--games", "30", "--first", "11", "--seed", "5", "--seats",
            f"greedy,random,{bot},random", "--duplicate", "--json", "--records"]
    local = CliRunner().invoke(main, [*args, str(tmp_path / "local.jsonl")])
    assert local.exit_code == 0, local.output
    remote = CliRunner().invoke(main, [*args, str(tmp_path / "cluster.jsonl"), "--cluster",
                                       cluster.scheduler_address])
    assert remote.exit_code == 0, remote.output
    assert f"cluster {cluster.scheduler_address}: 2 workers, 2 threads" in remote.stderr
    assert timeless(json.loads(remote.stdout)) == timeless(json.loads(local.stdout))
    assert (tmp_path / "cluster.jsonl").read_text("utf-8") == \
        (tmp_path / "local.jsonl").read_text("utf-8")
    assert json.loads(remote.stdout)["incidents"] == []


def test_a_worker_that_dies_mid_run_changes_nothing(cluster: Any) -> None:
    chan = next(g for g in GAMES if g.name == "chan")
    specs = seats_of(chan)
    whole, lines = one_process(chan, specs, games=40, seed=6)
    client = dask().Client(cluster.scheduler_address, set_as_default=False)
    pids = list(client.run(os.getpid).values())
    client.close()
    killed: list[int] = []

    def kill_one(games: int) -> None:
        if not killed:  # a slice is done, others are being played: kill a worker
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    written: list[str] = []
    summary = simulate_in_slices(chan.simulate, specs, games=40, options={"seed": 6},
                                 cluster=cluster.scheduler_address,
                                 on_records=written.extend, on_progress=kill_one)
    assert killed
    assert timeless(summary.to_json()) == whole and written == lines


def test_a_lost_cluster_names_the_deals_it_did_not_play_and_they_can_be_played_again() -> None:
    chan = next(g for g in GAMES if g.name == "chan")
    specs = seats_of(chan)
    _, lines = one_process(chan, specs, games=40, seed=7)
    written: list[str] = []
    with dask().LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                             dashboard_address=":0", host="127.0.0.1") as doomed:
        def close(games: int) -> None:
            doomed.close()  # after the first slice: the scheduler and its workers go away

        with pytest.raises(SlicesLost) as lost:
            simulate_in_slices(chan.simulate, specs, games=40, options={"seed": 7},
                               cluster=doomed.scheduler_address, on_records=written.extend,
                               on_progress=close)
    err = lost.value
    assert err.lost and err.played + sum(s.games for s in err.lost) == 40
    assert "not played" in str(err) and str(err.ranges()[0]) in str(err)
    # the records of the slices played are written, in deal order; the lost deals,
    # played again (--first/--games), fill the gaps exactly
    missing = {k for s in err.ranges() for k in range(s.first, s.last + 1)}
    assert written == [line for k, line in enumerate(lines) if k not in missing]
    again = {s.first: one_process(chan, specs, games=s.games, first=s.first, seed=7)[1]
             for s in err.ranges()}
    stitched, k = [], 0
    kept = iter(written)
    while k < 40:
        if k in again:
            stitched += again[k]
            k += len(again[k])
        else:
            stitched.append(next(kept))
            k += 1
    assert stitched == lines


def test_lost_deals_are_named_with_the_commands_that_play_them_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def lose(*args: Any, on_records: Any, **kwargs: Any) -> Any:
        on_records(["{}", "{}"])
        raise SlicesLost([Slice(2, 3), Slice(5, 2), Slice(9, 1)], 7, "the cluster went away")

    monkeypatch.setattr("advisor.cli.generated.simulate_in_slices", lose)
    records = tmp_path / "r.jsonl"
    r = CliRunner().invoke(main, ["khanhoo", "simulate", "--games", "10", "--seed", "3",
                                  "--jokers", "2", "--cluster", "tcp://10.0.0.5:8786",
                                  "--records", str(records), "--json"])
    assert r.exit_code == EXIT_LOST
    assert r.stdout == "" and records.read_text() == "{}\n{}\n"
    assert "6 of 13 deals were not played (deals 2–6, deal 9): the cluster went away" \
        in r.stderr
    assert ("advisor khanhoo simulate --seed 3 --seats greedy,random,random --jokers 2 --first 2 "
            "--games 5 --cluster tcp://10.0.0.5:8786 --records FILE") in r.stderr
    assert "--first 9 --games 1" in r.stderr


def test_an_unreachable_cluster_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    dask()
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 1.0)
    for address, said in (("tcp://127.0.0.1:9", "cannot reach the cluster at "
                                                "'tcp://127.0.0.1:9'"),
                          ("scheduler", "'scheduler' is not a scheduler's address"),
                          ("http://h:80", "'http://h:80' is not a scheduler's address")):
        r = CliRunner().invoke(main, ["chan", "simulate", "--games", "2", "--cluster", address])
        assert r.exit_code == EXIT_BAD_INPUT, r.output
        assert said in r.stderr and "Traceback" not in r.output
    with pytest.raises(ClusterError):
        simulate_in_slices(GAMES[0].simulate, ["greedy"] * 4, games=1, cluster="nowhere")


def test_jobs_and_cluster_are_one_or_the_other() -> None:
    r = CliRunner().invoke(main, ["chan", "simulate", "--jobs", "2", "--cluster", "h:1"])
    assert r.exit_code == EXIT_USAGE and "one or the other" in r.output
