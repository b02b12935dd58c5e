"""Bots and the simulator: built-in bots play legal games; an external bot that
misbehaves (garbage, illegal or late replies, crashing) is replaced by the first legal
action and reported, never a crash."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from advisor.chan.bots import GreedyBot
from advisor.chan.game import Game
from advisor.chan.record import replay
from advisor.chan.seats import make_bot
from advisor.chan.simulate import play, simulate
from advisor.errors import AdvisorError
from advisor.games.bots import ExecBot, RandomBot

EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "examples" / "chan_bot.py"


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return f"{sys.executable} {path}"


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
                print(json.dumps({"do": "heaven"}), flush=True)
    """,
    "late": """
        import json, sys, time
        for line in sys.stdin:
            if json.loads(line)["type"] == "decide":
                time.sleep(2)
                print(json.dumps({"do": "pass"}), flush=True)
    """,
    "crash": """
        import sys
        sys.stdin.readline()
        sys.exit(3)
    """,
}


def test_example_bot_plays_legal_games() -> None:
    s = simulate(["greedy", "random", "random", f"exec:{sys.executable} {EXAMPLE_BOT}"],
                 games=5, seed=4)
    assert s.incidents == [] and s.games == 5


@pytest.mark.parametrize("kind", list(BODIES))
def test_misbehaving_bot_is_replaced_by_the_first_legal_action(tmp_path: Path,
                                                                 kind: str) -> None:
    cmd = _script(tmp_path, kind, BODIES[kind])
    records = []
    s = simulate(["greedy", "greedy", "greedy", f"exec:{cmd}"], games=2, seed=1,
                 time_limit=0.2, on_game=lambda g, p: records.append(g.to_record(p)))
    assert s.games == 2 and s.incidents, "the misbehaviour is reported"
    assert all(i.seat == 3 for i in s.incidents)
    expect = {"garbage": "malformed", "illegal": "illegal", "late": "no reply",
              "crash": "exited"}[kind]
    assert expect in s.incidents[0].reason
    assert all(replay(r).valid for r in records)


def test_bot_that_cannot_start(tmp_path: Path) -> None:
    bot = make_bot(f"exec:{tmp_path / 'no-such-program'}")
    assert isinstance(bot, ExecBot)
    g = Game.from_deal(seed=1)
    play(g, [bot, GreedyBot(), GreedyBot(), GreedyBot()])
    assert g.over and "could not start" in bot.incidents[0].reason


def test_seat_specs() -> None:
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("exec:python3 x.py"), ExecBot)
    for bad in ("", "exec:", "smart", "greedy:3", "advisor:"):
        with pytest.raises(AdvisorError, match="seat spec"):
            make_bot(bad)


def test_simulation_is_deterministic_for_a_seed() -> None:
    a = simulate(["greedy", "random", "random", "random"], games=20, seed=9).to_json()
    b = simulate(["greedy", "random", "random", "random"], games=20, seed=9).to_json()
    for key in ("seconds", "games_per_second", "moves_per_second"):
        a.pop(key), b.pop(key)
    assert a == b


def test_duplicate_gives_every_player_every_seat() -> None:
    s = simulate(["greedy", "random", "random", "random"], games=3, seed=2, duplicate=True)
    assert s.games == 12 and all(p.deals == 12 for p in s.players)
    assert sum(p.total for p in s.players) == 0


def test_identical_players_in_duplicate_are_symmetric() -> None:
    s = simulate(["greedy"] * 4, games=10, seed=3, duplicate=True)
    assert len({(p.wins, p.total) for p in s.players}) == 1


def test_greedy_beats_random() -> None:
    s = simulate(["greedy", "random", "random", "random"], games=200, seed=5)
    greedy, *rest = s.players
    assert greedy.ci95()[0] > 0 and all(greedy.wins > 2 * p.wins for p in rest)


def test_table_must_have_four_specs() -> None:
    with pytest.raises(AdvisorError, match=r"four|4"):
        simulate(["greedy"] * 3, games=1)
