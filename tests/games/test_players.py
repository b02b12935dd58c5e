"""What every game's players and simulator share (advisor.games), checked on each game:
seat specs, external bots that misbehave (garbage, illegal or late replies, crashing —
replaced by the first legal action and reported, never a crash), and simulation runs
(deterministic for a seed, duplicate deals fair to every seat, slices that merge)."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from advisor.chan import record as chan_record
from advisor.chan import seats as chan_seats
from advisor.chan import simulate as chan_simulate
from advisor.chan.game import Game as ChanGame
from advisor.errors import AdvisorError
from advisor.games.bots import ExecBot, RandomBot
from advisor.khanhoo import record as khanhoo_record
from advisor.khanhoo import seats as khanhoo_seats
from advisor.khanhoo import simulate as khanhoo_simulate
from advisor.khanhoo.game import Game as KhanhooGame
from advisor.ming import record as ming_record
from advisor.ming import seats as ming_seats
from advisor.ming import simulate as ming_simulate
from advisor.ming.game import Game as MingGame
from advisor.qing import record as qing_record
from advisor.qing import seats as qing_seats
from advisor.qing import simulate as qing_simulate
from advisor.qing.game import Game as QingGame

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass(frozen=True)
class Kit:
    """One game as these tests use it."""

    name: str
    seats: int  # players at the table the tests use
    make_bot: Callable[..., Any]
    simulate: Callable[..., Any]
    replay: Callable[[object], Any]
    deal: Callable[[int], Any]  # a fresh deal from a seed
    play: Callable[[Any, list[Any]], Any]
    example_bot: Path
    illegal_reply: str  # an action that reads well and is never legal

    def __str__(self) -> str:
        return self.name


KITS = [
    Kit("chan", 4, chan_seats.make_bot, chan_simulate.simulate, chan_record.replay,
        lambda seed: ChanGame.from_deal(seed=seed), chan_simulate.play,
        EXAMPLES / "chan_bot.py", '{"do": "heaven"}'),
    Kit("khanhoo", 3, khanhoo_seats.make_bot, khanhoo_simulate.simulate, khanhoo_record.replay,
        lambda seed: KhanhooGame.from_deal(3, seed=seed), khanhoo_simulate.play,
        EXAMPLES / "khanhoo_bot.py", '{"do": "discard", "card": "Qs"}'),
    Kit("ming", 2, ming_seats.make_bot, ming_simulate.simulate, ming_record.replay,
        lambda seed: MingGame.from_deal(2, seed=seed), ming_simulate.play,
        EXAMPLES / "ming_bot.py", '{"do": "lead", "cards": ["TM", "9c"]}'),
    Kit("qing", 4, qing_seats.make_bot, qing_simulate.simulate, qing_record.replay,
        lambda seed: QingGame.from_deal(4, seed=seed), qing_simulate.play,
        EXAMPLES / "qing_bot.py", '{"do": "discard", "card": "OT"}'),
]

BODIES = {
    "garbage": """
        import sys
        for line in sys.stdin:
            print("not json", flush=True)
    """,
    "illegal": """
        import json, sys
        for line in sys.stdin:
            if json.loads(line)["type"] == "decide":
                print(ILLEGAL, flush=True)
    """,
    "late": """
        import json, sys, time
        first = True
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "decide":
                if first:
                    time.sleep(1)
                    first = False
                print(json.dumps(msg["legal"][0]), flush=True)
    """,
    "crash": """
        import sys
        sys.stdin.readline()
        sys.exit(3)
    """,
}


def _script(tmp_path: Path, name: str, body: str, illegal: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body).replace("ILLEGAL", repr(illegal)))
    return f"{sys.executable} {path}"


def _timeless(summary: Any) -> dict[str, Any]:
    out: dict[str, Any] = summary.to_json()
    for key in ("seconds", "games_per_second", "moves_per_second", "advisor_latency_ms"):
        out.pop(key, None)
    return out


@pytest.fixture(params=KITS, ids=str)
def kit(request: pytest.FixtureRequest) -> Kit:
    k: Kit = request.param
    return k


def test_seat_specs(kit: Kit) -> None:
    assert isinstance(kit.make_bot("random", seed=1), RandomBot)
    assert kit.make_bot("greedy").name == "greedy"
    assert kit.make_bot("advisor:50").name.startswith("advisor")
    assert isinstance(kit.make_bot("exec:python3 x.py"), ExecBot)
    for bad in ("", "exec:", "smart", "greedy:3", "advisor:", "advisor:x", "advisor:-5"):
        with pytest.raises(AdvisorError, match=r"seat spec|milliseconds") as err:
            kit.make_bot(bad)
        assert err.value.field == "seats"


def test_the_example_bot_plays_legal_games(kit: Kit) -> None:
    specs = ["greedy"] * (kit.seats - 1) + [f"exec:{sys.executable} {kit.example_bot}"]
    s = kit.simulate(specs, games=3, seed=4)
    assert s.incidents == [] and s.games == 3


@pytest.mark.parametrize("kind", list(BODIES))
def test_a_misbehaving_bot_is_replaced_by_the_first_legal_action(kit: Kit, tmp_path: Path,
                                                                 kind: str) -> None:
    cmd = _script(tmp_path, kind, BODIES[kind], kit.illegal_reply)
    records: list[Any] = []
    s = kit.simulate(["greedy"] * (kit.seats - 1) + [f"exec:{cmd}"], games=2, seed=1,
                     time_limit=0.2, on_game=lambda g, p: records.append(g.to_record(p)))
    assert s.games == 2 and s.incidents, "the misbehaviour is reported"
    assert all(i.seat == kit.seats - 1 for i in s.incidents)
    expect = {"garbage": "malformed", "illegal": "illegal", "late": "no reply",
              "crash": "exited"}[kind]
    assert expect in s.incidents[0].reason
    assert records and all(kit.replay(r).valid for r in records)


def test_a_bot_that_cannot_start(kit: Kit, tmp_path: Path) -> None:
    bot = kit.make_bot(f"exec:{tmp_path / 'no-such-program'}")
    assert isinstance(bot, ExecBot)
    g = kit.deal(1)
    kit.play(g, [bot] + [kit.make_bot("greedy") for _ in range(kit.seats - 1)])
    assert g.over and "could not start" in bot.incidents[0].reason


def test_a_simulation_is_deterministic_for_a_seed(kit: Kit) -> None:
    specs = ["greedy"] + ["random"] * (kit.seats - 1)
    a = kit.simulate(specs, games=6, seed=9)
    b = kit.simulate(specs, games=6, seed=9)
    assert _timeless(a) == _timeless(b)


def test_slices_of_a_run_merge_into_the_whole_run(kit: Kit) -> None:
    # random players too: each bot's randomness starts afresh at every game of a run
    specs = ["greedy"] + ["random"] * (kit.seats - 1)
    whole = kit.simulate(specs, games=4, seed=3, duplicate=True)
    part = kit.simulate(specs, games=2, seed=3, duplicate=True)
    part.merge(kit.simulate(specs, games=2, seed=3, duplicate=True, first=2))
    assert [p.to_json() for p in part.players] == [p.to_json() for p in whole.players]
    assert (part.deals, part.games, part.draws) == (whole.deals, whole.games, whole.draws)


def test_duplicate_gives_every_player_every_seat(kit: Kit) -> None:
    s = kit.simulate(["greedy"] + ["random"] * (kit.seats - 1), games=2, seed=2,
                     duplicate=True)
    assert s.games == 2 * kit.seats and all(p.deals == 2 * kit.seats for p in s.players)
    assert sum(p.total for p in s.players) == 0


def test_identical_players_in_duplicate_are_symmetric(kit: Kit) -> None:
    s = kit.simulate(["greedy"] * kit.seats, games=3, seed=3, duplicate=True)
    assert len({(p.wins, p.total) for p in s.players}) == 1
