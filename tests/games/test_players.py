"""What every game's players and simulator share (advisor.games), checked on each game:
seat specs, external bots that misbehave (garbage, illegal or late replies, crashing —
replaced by the first legal action and reported, never a crash), and simulation runs
(deterministic for a seed, duplicate deals fair to every seat, slices that merge)."""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from advisor.errors import AdvisorError
from advisor.games.bots import ExecBot, RandomBot
from advisor.games.spec import AnySpec
from advisor.registry import GAMES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass(frozen=True)
class Kit:
    """One registered game as these tests use it: at its smallest table."""

    spec: AnySpec

    @property
    def seats(self) -> int:
        return self.spec.players[0]

    @property
    def example_bot(self) -> Path:
        return EXAMPLES / f"{self.spec.name}_bot.py"

    def deal(self, seed: int) -> Any:
        return self.spec.deal(self.seats, seed)

    def __getattr__(self, name: str) -> Any:  # make_bot, simulate, replay, play
        return getattr(self.spec, name)

    def __str__(self) -> str:
        return self.spec.name


KITS = [Kit(spec) for spec in GAMES]

BODIES = {
    "garbage": """
        import sys
        for line in sys.stdin:
            print("not json", flush=True)
    """,
    "illegal": """
        import json, sys
        seen = []  # every action once legal: one of them that no longer is, is illegal
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "decide":
                stale = [a for a in seen if a not in msg["legal"]]
                print(json.dumps((stale or msg["legal"])[0]), flush=True)
                seen += [a for a in msg["legal"] if a not in seen]
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


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
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
    cmd = _script(tmp_path, kind, BODIES[kind])
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


def test_the_win_share_interval_never_collapses() -> None:
    """Wilson's interval: 4 wins in 4 deals does not make the win share certain."""
    from advisor.games.simulate import PlayerStats
    p = PlayerStats(0, "greedy")
    for _ in range(4):
        p.add(2, True)
    lo, hi = p.share_ci95()
    assert hi == 1.0 and 0.4 < lo < 0.6
    assert p.to_json()["win_share_ci95"][0] < 1.0


def test_a_duplicate_run_says_games_a_second() -> None:
    from advisor.games.simulate import RunSummary
    s = RunSummary(["a", "b"], 0, True, None, [], games=10, moves=100, seconds=1.0)
    assert "10.0 games/s" in s.speed()
    s.duplicate = False
    assert "10.0 deals/s" in s.speed()
