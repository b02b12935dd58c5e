"""The faces made from advisor/ming/faces.py — the commands (advisor/cli/generated.py)
and the endpoints (service/generated.py) — built here from GAME before it is registered;
and the shared checks of tests/games run on Ming Kanhu."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli.generated import game_group
from advisor.errors import AdvisorError
from advisor.games.bots import ExecBot, RandomBot
from advisor.ming.faces import GAME
from advisor.ming.game import Game
from advisor.ming.simulate import play, simulate
from tests.ming.test_record import record

BOT = Path(__file__).parent / "ming_bot.py"


def cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(game_group(GAME), list(args))
    return r.exit_code, r.stdout, r.stderr if hasattr(r, "stderr") else ""


def test_cli_trick_json() -> None:
    code, out, _ = cli("trick", "7c 3s 3m", "9c 1s 1m", "--json")
    assert code == 0 and json.loads(out) == {"winner": 1, "cards": 6, "bonus": 5}


def test_cli_trick_text_and_names() -> None:
    code, out, _ = cli("trick", "3 Strings", "Thousand Myriads")
    assert code == 0 and "Play 0 takes the trick" in out


def test_cli_trick_bad_card() -> None:
    code, _, _ = cli("trick", "7c 3s 3m", "9c 1s 1x")
    assert code != 0


def test_cli_advise_and_simulate() -> None:
    code, out, _ = cli("advise", "--hand", "9c 9s 9m 1s 2s 3s 5m", "--seen",
                       "4s 5s 6s 7s 8s 1m 2m 3m 4m 6m 7m 8m", "--budget-ms", "30", "--json")
    assert code == 0 and json.loads(out)["best"]["do"] == "lead"
    code, out, _ = cli("simulate", "--seats", "advisor:5,greedy", "--games", "2", "--json")
    assert code == 0 and json.loads(out)["deals"] == 2


def test_api_trick_and_advice() -> None:
    flask = pytest.importorskip("flask")
    from service import DEFAULTS, gate, problems
    from service.generated import blueprint

    app = flask.Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    app.config.update(MING_ADVICE_MS=30, TESTING=True)
    problems.register(app)
    gate.install(app)
    app.register_blueprint(blueprint(GAME))
    c = app.test_client()
    r = c.post("/v1/ming/trick", json={"plays": [["7c", "3s", "3m"], ["9c", "1s", "1m"]],
                                       "leopard9": "special"})
    assert r.status_code == 200 and r.get_json() == {"winner": 1, "cards": 6, "bonus": 5}
    r = c.post("/v1/ming/trick", json={"plays": ["7c 3s 3m", "9c 1s 1m"]})
    assert r.get_json() == {"winner": 1, "cards": 6, "bonus": 5}
    r = c.post("/v1/ming/trick", json={"plays": ["7c 3s 1m", "9c 1s 2m"]})
    assert r.status_code == 422
    r = c.post("/v1/ming/advice?budget_ms=30",
               json={"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3, "seat": 2,
                     "trick": ["7c", "?"]})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["best"]["do"] == "follow"
    rec = record("three-random")
    del rec["result"]
    rec["moves"] = rec["moves"][:5]
    r = c.post("/v1/ming/advice?budget_ms=30", json=rec)
    assert r.status_code == 200, r.get_json()


# --- tests/games' checks, on Ming Kanhu ------------------------------------------------

def test_seat_specs() -> None:
    assert isinstance(GAME.make_bot("random", seed=1), RandomBot)
    assert GAME.make_bot("greedy").name == "greedy"
    assert GAME.make_bot("advisor:50").name.startswith("advisor")
    assert isinstance(GAME.make_bot("exec:python3 x.py"), ExecBot)
    for bad in ("", "exec:", "smart", "greedy:3", "advisor:", "advisor:x", "advisor:-5"):
        with pytest.raises(AdvisorError, match=r"seat spec|milliseconds") as err:
            GAME.make_bot(bad)
        assert err.value.field == "seats"


def test_the_example_bot_plays_legal_games() -> None:
    records: list[dict] = []
    for n in (2, 3):
        specs = ["greedy"] * (n - 1) + [f"exec:{sys.executable} {BOT}"]
        s = simulate(specs, games=3, seed=4, on_game=lambda g, p: records.append(g.to_record(p)))
        assert s.incidents == [] and s.games == 3
    assert len(records) == 6 and all(GAME.replay(r).valid for r in records)


def test_a_misbehaving_bot_is_replaced_by_the_first_legal_action(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text("import json, sys\nfor line in sys.stdin:\n"
                    "    if json.loads(line)['type'] == 'decide':\n"
                    "        print(json.dumps({'do': 'lead', 'cards': ['TM', '9c']}), "
                    "flush=True)\n")
    records: list[dict] = []
    s = simulate(["greedy", f"exec:{sys.executable} {path}"], games=2, seed=1,
                 time_limit=1.0, on_game=lambda g, p: records.append(g.to_record(p)))
    assert s.games == 2 and s.incidents and "illegal" in s.incidents[0].reason
    assert all(GAME.replay(r).valid for r in records)


def test_a_bot_that_cannot_start(tmp_path: Path) -> None:
    bot = GAME.make_bot(f"exec:{tmp_path / 'no-such-program'}")
    g = Game.from_deal(2, seed=1)
    play(g, [bot, GAME.make_bot("greedy")])
    assert g.over and "could not start" in bot.incidents[0].reason


def test_simulation_runs_are_deterministic_duplicate_and_merge() -> None:
    def timeless(s):
        out = s.to_json()
        for k in ("seconds", "games_per_second", "moves_per_second", "advisor_latency_ms"):
            out.pop(k, None)
        return out

    for n in (2, 3):
        specs = ["greedy"] + ["random"] * (n - 1)
        assert timeless(simulate(specs, games=4, seed=9)) == \
            timeless(simulate(specs, games=4, seed=9))
        whole = simulate(["greedy"] * n, games=4, seed=3, duplicate=True)
        part = simulate(["greedy"] * n, games=2, seed=3, duplicate=True)
        part.merge(simulate(["greedy"] * n, games=2, seed=3, duplicate=True, first=2))
        assert [p.to_json() for p in part.players] == [p.to_json() for p in whole.players]
        assert len({(p.wins, p.total) for p in whole.players}) == 1
        d = simulate(specs, games=2, seed=2, duplicate=True)
        assert d.games == 2 * n and sum(p.total for p in d.players) == 0


def test_records_checks_of_tests_games() -> None:
    rec = record("two-greedy")
    rec["result"]["points"] += 1
    assert "result.points" in GAME.replay(rec).describe()
    rec = record("three-random")
    del rec["result"]
    rec["moves"] = rec["moves"][:10]
    view, legal = GAME.view_at(rec)
    seat = view["seat"]
    assert legal and GAME.view_at(rec, seat)[0] == view
    assert GAME.advise(view, legal, budget_ms=20, seed=1).best in legal
