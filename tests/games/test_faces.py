"""The faces made from a game's declarations (advisor.games.faces → advisor.cli.generated,
service.generated), tried on a toy game whose verbs echo what they are given (every kind
of field), and the terminal game of every registered game. That each verb of every game
is a command and an endpoint is tests/games/test_conformance.py's."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import click
import pytest
from click.testing import CliRunner
from flask import Flask

from advisor.cli import main
from advisor.cli.generated import game_group
from advisor.errors import AdvisorError, CardError
from advisor.games.faces import Context, Faces, Field, Verb, object_from_flags
from advisor.games.spec import AnySpec, GameSpec
from advisor.registry import GAMES
from advisor.text import Style
from service import create_app, generated
from service.openapi import build_spec


@dataclass
class Echo:
    obj: Any

    def to_json(self) -> Any:
        return self.obj


def _echo(obj: dict[str, Any], ctx: Context) -> Echo:
    if obj.get("hand") == "bad":
        raise CardError("hand: 'bad' is not a card", field="hand", token="bad")
    return Echo(obj)


def _advise(obj: dict[str, Any], ctx: Context) -> Echo:
    return Echo({"obj": obj, "budget_ms": ctx.budget_ms, "seed": ctx.seed})


def _text(result: Echo, st: Style) -> str:
    return "echo " + json.dumps(result.obj, sort_keys=True)


FIELDS = (
    Field("hand", "The cards", short="-H", metavar="CARDS"),
    Field("melds", "Groups", kind="many", short="-m"),
    Field("players", "Players", kind="int", minimum=2, maximum=6),
    Field("eye6", "The sixth eye", kind="choice", choices=("culin", "wilkinson")),
    Field("extras_replace", "Flowers stand for any card", kind="flag"),
    Field("winning_card", "The card that wins", spelt="--win"),
    Field("scores", "Scores so far", kind="numbers"),
)


@dataclass
class Summary:
    options: dict[str, Any]
    incidents: list[Any] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return self.options


def _simulate(specs: list[str], **options: Any) -> Summary:
    options.pop("on_game")
    if len(specs) < 2:
        raise AdvisorError("seats: at least two", field="seats")
    return Summary({"specs": specs, **options})


def _none(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("not used by these tests")


class ToySpec(GameSpec[Any, Any, Any]):
    """A spec whose simulate is the echo above: only the faces are under test here."""

    def simulate(self, specs: Sequence[str], **options: Any) -> Any:  # type: ignore[override]
        return _simulate(list(specs), **options)


TOY = ToySpec(
    "toy", "Toy", (2, 6), "toy-record/1", read_action=_none, read_view=_none,
    view_of_position=_none, legal_of=_none,
    from_record=_none, deal=_none, outcome=_none, bot_rules=_none, greedy=_none,
    advise=_none, default_budget_ms=50, max_budget_ms=1000, simulation=_none, audit=_none,
    seat_specs="greedy, random",
    faces=Faces((
        Verb("score", "Score a hand.\n\nEchoes the object.", _echo, _text, FIELDS,
             examples=('--hand "1c 2c"',), example={"hand": "1c 2c"}),
        Verb("advice", "Advise a hand.", _advise, _text, FIELDS, budget=True,
             command="advise"),
        Verb("trick", "Judge a trick.", _echo, _text,
             (Field("plays", "Each play", kind="arguments", metavar="PLAY"),
              Field("leopard9", "Leopard 9", kind="choice", choices=("leopard", "special"))),
             what="trick"),
    ), (Field("eye6", "The sixth eye", kind="choice", choices=("culin", "wilkinson")),),
        "greedy,greedy"),
)


@pytest.fixture
def toy() -> click.Group:
    return game_group(TOY)


def run(group: click.Group, *args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(group, list(args), input=stdin)


def test_flags_spell_the_object_by_the_fields_names(toy: click.Group) -> None:
    r = run(toy, "score", "-H", "1c 2c", "-m", "3c 4c 5c", "-m", "RF", "--players", "4",
            "--eye6", "wilkinson", "--extras-replace", "--win", "OT", "--scores", "3,5",
            "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"hand": "1c 2c", "melds": ["3c 4c 5c", "RF"],
                                    "players": 4, "eye6": "wilkinson",
                                    "extras_replace": True, "winning_card": "OT",
                                    "scores": "3,5"}
    r = run(toy, "score", "-H", "1c")
    assert r.output == 'echo {"hand": "1c"}\n'


def test_a_file_or_stdin_holds_objects_and_a_bad_one_is_named(toy: click.Group) -> None:
    lines = '{"hand": "1c"}\n{"hand": "bad"}\n{"hand": "2c"}\n'
    r = run(toy, "score", "-", "--json", stdin=lines)
    assert r.exit_code == 3
    assert [json.loads(x) for x in r.stdout.splitlines()] == [
        {"hand": "1c"}, {"error": "<stdin>:2: hand: 'bad' is not a card"}, {"hand": "2c"}]


def test_usage_errors_name_what_to_give(toy: click.Group) -> None:
    r = run(toy, "score")
    assert r.exit_code == 2 and "give a position: --hand CARDS" in r.output
    r = run(toy, "score", "-", "--players", "3", stdin="{}")
    assert r.exit_code == 2 and "not both (got FILE and --players)" in r.output
    r = run(toy, "score", "-H", "1c", "--players", "9")
    assert r.exit_code == 2 and "--players" in r.output
    r = run(toy, "score", "-H", "1c", "--eye6", "other")
    assert r.exit_code == 2 and "culin" in r.output


def test_an_advice_takes_a_budget_and_a_seed(toy: click.Group) -> None:
    r = run(toy, "advise", "-H", "1c", "--json")
    assert json.loads(r.output) == {"obj": {"hand": "1c"}, "budget_ms": 50.0, "seed": 0}
    r = run(toy, "advise", "-H", "1c", "--budget-ms", "20", "--seed", "7", "--json")
    assert json.loads(r.output)["budget_ms"] == 20.0 and json.loads(r.output)["seed"] == 7
    r = run(toy, "advise", "-H", "1c", "--budget", "0.25", "--json")  # seconds, kept working
    assert json.loads(r.output)["budget_ms"] == 250.0
    assert "advise" in toy.commands and "advice" not in toy.commands


def test_arguments_are_a_list_and_a_file_comes_by_option(toy: click.Group) -> None:
    r = run(toy, "trick", "7c 3s 3m", "9c 1s 1m", "--leopard9", "special", "--json")
    assert json.loads(r.output) == {"plays": ["7c 3s 3m", "9c 1s 1m"], "leopard9": "special"}
    r = run(toy, "trick", "--file", "-", "--json", stdin='{"plays": ["1c"]}')
    assert json.loads(r.output) == {"plays": ["1c"]}
    r = run(toy, "trick")
    assert r.exit_code == 2 and "give a trick: PLAYS" in r.output


def test_simulate_passes_the_game_options_and_names_bad_seats(toy: click.Group) -> None:
    r = run(toy, "simulate", "--games", "3", "--seed", "2", "--eye6", "culin", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"specs": ["greedy", "greedy"], "games": 3, "seed": 2,
                                    "duplicate": False, "time_limit": 5.0, "eye6": "culin"}
    r = run(toy, "simulate", "--seats", "greedy")
    assert r.exit_code == 2 and "seats: at least two" in r.output


def test_the_help_shows_the_examples(toy: click.Group) -> None:
    r = run(toy, "score", "--help")
    assert "advisor toy score --hand \"1c 2c\"" in r.output
    assert "Toy: score, advise, trick; simulate, replay and review deals." in \
        run(toy, "--help").output


def test_object_from_flags_leaves_out_what_was_not_given() -> None:
    assert object_from_flags(FIELDS, {"hand": "1c", "melds": (), "players": None,
                                      "extras_replace": False}) == {"hand": "1c"}


# --- the service ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def app() -> Flask:
    a = create_app({"TESTING": True, "MAX_ADVICE_BUDGET_MS": 80.0})
    a.register_blueprint(generated.blueprint(TOY))
    return a


def test_an_endpoint_answers_the_library_json_one_or_a_batch(app: Flask) -> None:
    c = app.test_client()
    body = {"hand": ["1c", "2c"], "melds": ["3c 4c 5c"], "players": 3, "eye6": "culin",
            "extras_replace": True, "scores": [3, 5]}
    assert c.post("/v1/toy/score", json=body).get_json() == body
    assert c.post("/v1/toy/score", json=[body, {"hand": "9m"}]).get_json() == \
        [body, {"hand": "9m"}]


@pytest.mark.parametrize("body, where", [
    ({"hand": 3}, "hand"), ({"hand": "1c", "players": "3"}, "players"),
    ({"hand": "1c", "players": 9}, "players"), ({"hand": "1c", "eye6": "x"}, "eye6"),
    ({"hand": "1c", "extras_replace": 1}, "extras_replace"), ({"hand": "1c", "x": 1}, "x"),
    ({"hand": "bad"}, "hand"), ({"hand": "1c", "scores": ["3"]}, "scores"),
    ({"hand": "1c", "scores": [True]}, "scores"),
])
def test_a_bad_object_is_422_naming_the_field(app: Flask, body: dict[str, Any],
                                               where: str) -> None:
    r = app.test_client().post("/v1/toy/score", json=body)
    assert r.status_code == 422 and r.get_json()["field"] == where


def test_an_advice_reads_its_budget_from_the_query_capped(app: Flask) -> None:
    c = app.test_client()
    got = c.post("/v1/toy/advice", json={"hand": "1c"}).get_json()
    assert got == {"obj": {"hand": "1c"}, "budget_ms": 50.0, "seed": 0}
    got = c.post("/v1/toy/advice?budget_ms=500&seed=3", json={"hand": "1c"}).get_json()
    assert got["budget_ms"] == 80.0 and got["seed"] == 3
    record = {"format": "toy-record/1", "moves": []}
    assert c.post("/v1/toy/advice", json=record).get_json()["obj"] == record
    assert c.post("/v1/toy/advice?budget=1", json={"hand": "1c"}).status_code == 422


def test_the_document_lists_every_verb(app: Flask) -> None:
    spec = build_spec(app)
    for verb in ("score", "advice", "trick"):
        assert "post" in spec["paths"][f"/v1/toy/{verb}"]
    op = spec["paths"]["/v1/toy/score"]["post"]
    assert op["summary"] == "Score a hand." and op["description"] == "Echoes the object."
    assert op["requestBody"]["content"]["application/json"]["example"] == {"hand": "1c 2c"}
    advice = spec["paths"]["/v1/toy/advice"]["post"]
    assert "503" in advice["responses"] and advice["parameters"]


# --- the terminal game made from declarations -------------------------------------------

_PLAYABLE = [g for g in GAMES if g.faces.terminal is None]  # the generic terminal game


@pytest.mark.parametrize("info", _PLAYABLE, ids=lambda g: g.name)
def test_a_whole_deal_is_played_at_the_terminal(info: AnySpec, tmp_path: Any) -> None:
    out = tmp_path / "deal.jsonl"
    r = CliRunner().invoke(main, [info.name, "play", "--seed", "5", "--record", str(out)],
                           input="x\n?\n" + "1\n" * 2000)
    assert r.exit_code == 0, r.output
    assert "'x': type the number of an action" in r.output  # a word that is no action
    assert "your move" in r.output and "Your hand" in r.output
    record = json.loads(out.read_text())
    assert record["format"] == info.record_format and info.replay(record).valid


@pytest.mark.parametrize("info", _PLAYABLE, ids=lambda g: g.name)
def test_the_player_may_leave_and_bad_seats_are_named(info: AnySpec) -> None:
    r = CliRunner().invoke(main, [info.name, "play", "--seed", "5"], input="q\n")
    assert r.exit_code == 0 and "You left the deal." in r.output
    r = CliRunner().invoke(main, [info.name, "play", "--seats", "nobody"])
    assert r.exit_code == 2 and "nobody" in r.output
