"""The faces made from advisor/ming/faces.py — the commands (advisor/cli/generated.py)
and the endpoints (service/generated.py) — built here from GAME before it is registered;
and the shared checks of tests/games run on Ming Kanhu."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from advisor.cli.generated import game_group
from advisor.ming.faces import GAME
from tests.ming.test_record import record

BOT = Path(__file__).resolve().parents[2] / "examples" / "ming_bot.py"


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
