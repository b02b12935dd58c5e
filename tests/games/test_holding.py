"""What a user holds, for every registered game: the VIEW the engine sends, the same
decision as a record prefix and as a typed position all get advice whose ``best`` is a
legal action — through the library, the command line and the API; a VIEW that cannot be
the seat's view of a deal is refused naming the field; and the legal actions of a VIEW
are the engine's (``legal_of``) in every state reached."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import service
from advisor import registry
from advisor.chan import advice as chan_advice
from advisor.chan import game as chan_game
from advisor.cli import main
from advisor.games.holding import shape_of
from advisor.games.spec import AnySpec
from advisor.khanhoo import advice as khanhoo_advice
from advisor.khanhoo import game as khanhoo_game
from advisor.ming import advice as ming_advice
from advisor.ming import game as ming_game
from advisor.qing import advice as qing_advice
from advisor.qing import game as qing_game


@dataclass(frozen=True)
class Case:
    """One game as these tests drive it: a deal, its reader, its legal actions from a
    VIEW, an advice on a held object, and the typed position of a deal's first decision."""

    deal: Callable[[int], Any]
    spec: AnySpec
    legal_of: Callable[[Any], list[Any]]
    advise: Callable[[object], Any]
    position: Callable[[Any], dict[str, Any]]


def _codes(cards: Any) -> str:
    return " ".join(c.code for c in cards)


CASES = {
    "chan": Case(lambda s: chan_game.Game.from_deal(seed=s), registry.game("chan"),
                 chan_game.legal_of,
                 lambda obj: chan_advice.advise(registry.game("chan").read(obj)[0],
                                                budget_ms=20),
                 lambda g: {"hand": _codes(g.view(g.dealer).hand)}),
    "khanhoo": Case(lambda s: khanhoo_game.Game.from_deal(players=3, seed=s),
                    registry.game("khanhoo"), khanhoo_game.legal_of,
                    lambda obj: khanhoo_advice.advise(
                        *registry.game("khanhoo").read(obj),
                        khanhoo_advice.Budget(ms=20, rollouts=0)),
                    lambda g: {"hand": _codes(g.view(g.leader).hand), "players": 3}),
    "ming": Case(lambda s: ming_game.Game.from_deal(2, seed=s), registry.game("ming"),
                 ming_game.legal_of,
                 lambda obj: ming_advice.advise(*registry.game("ming").read(obj),
                                                budget=ming_advice.Budget(ms=20)),
                 lambda g: {"hand": " ".join(g.view(g.eldest).to_json()["hand"]),
                            "players": 2}),
    "qing": Case(lambda s: qing_game.Game.from_deal(4, seed=s), registry.game("qing"),
                 qing_game.legal_of,
                 lambda obj: qing_advice.advise(*registry.game("qing").read(obj), budget_ms=20,
                                                seed=1),
                 lambda g: {"hand": " ".join(g.view(g.dealer).to_json()["hand"]),
                            "players": 4}),
}


def test_every_registered_game_is_covered() -> None:
    assert set(CASES) == {g.name for g in registry.GAMES}


def _legal_json(actions: list[Any]) -> set[str]:
    return {json.dumps(a.to_json(), sort_keys=True) for a in actions}


def _mid_deal(name: str, seed: int = 3) -> Any:
    """A deal a few decisions in, with a decision pending."""
    case = CASES[name]
    g = case.deal(seed)
    rng = random.Random(seed)
    for _ in range(7):
        d = g.pending
        before = g.clone()
        g.act(d.seat, rng.choice(g.legal_actions()))
        if g.pending is None:
            return before
    return g


@pytest.mark.parametrize("name", sorted(CASES))
def test_legal_actions_of_a_view_are_the_engines(name: str) -> None:
    case = CASES[name]
    states = 0
    for seed in range(12):
        g = case.deal(seed)
        rng = random.Random(seed)
        while g.pending is not None and states < 400:
            d = g.pending
            legal = g.legal_actions()
            assert _legal_json(case.legal_of(g.view(d.seat))) == _legal_json(legal), \
                (name, seed, len(g.log))
            states += 1
            g.act(d.seat, rng.choice(legal))
    assert states >= 100


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_view_a_record_and_a_position_all_get_legal_advice(name: str) -> None:
    case = CASES[name]
    g = _mid_deal(name)
    seat = g.pending.seat
    legal = _legal_json(g.legal_actions())
    view = g.view(seat).to_json()
    assert shape_of(view) == "view" and shape_of(g.to_record()) == "record"
    for obj in (view, g.to_record()):
        assert json.dumps(case.advise(obj).to_json()["best"], sort_keys=True) in legal
    first = case.deal(3)
    pos = case.position(first)
    assert shape_of(pos) == "position"
    best = case.advise(pos).to_json()["best"]
    assert json.dumps(best, sort_keys=True) in _legal_json(first.legal_actions())


def _tampered(name: str) -> list[tuple[dict[str, Any], tuple[str, ...]]]:
    """VIEWs that cannot be the seat's view of a deal, each with the fields it may name."""
    g = _mid_deal(name)
    view = g.view(g.pending.seat).to_json()
    n = len(view["table"]) if "table" in view else view["players"]
    short = {**view, "hand": view["hand"][1:]}
    other = {**view, "to_act": (view["seat"] + 1) % n}
    unknown = {**view, "hand": ["zz", *view["hand"][1:]]}
    return [(short, ("hand", "hand_sizes")), (other, ("to_act",)), (unknown, ("hand",))]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_view_that_cannot_be_is_refused_naming_the_field(name: str) -> None:
    from advisor.errors import AdvisorError

    for view, fields in _tampered(name):
        with pytest.raises(AdvisorError) as err:
            CASES[name].spec.read(view)
        assert err.value.field in fields, (view, err.value.message)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_command_line_advises_what_a_user_holds(name: str, tmp_path: Path) -> None:
    g = _mid_deal(name)
    legal = _legal_json(g.legal_actions())
    view = g.view(g.pending.seat).to_json()
    path = tmp_path / "view.json"
    path.write_text(json.dumps(view), encoding="utf-8")
    runner = CliRunner()
    for args, stdin in ((["advise", str(path)], None), (["advise", "-"], json.dumps(view)),
                        (["advise", "-"], json.dumps(g.to_record()))):
        r = runner.invoke(main, [name, *args, "--budget-ms", "20", "--json"], input=stdin)
        assert r.exit_code == 0, r.output
        assert json.dumps(json.loads(r.output)["best"], sort_keys=True) in legal
    lines = "\n".join(json.dumps(o) for o in (view, CASES[name].position(CASES[name].deal(3))))
    r = runner.invoke(main, [name, "advise", "-", "--budget-ms", "20", "--json"], input=lines)
    assert r.exit_code == 0, r.output
    assert len(r.output.strip().splitlines()) == 2
    for bad, fields in _tampered(name):
        r = runner.invoke(main, [name, "advise", "-", "--budget-ms", "20"],
                          input=json.dumps(bad))
        assert r.exit_code == 3, r.output
        assert any(f"{f}:" in r.output for f in fields), r.output


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("play") / "play.sqlite3"
    return service.create_app({"TESTING": True, "PLAY_DB": str(db)}).test_client()


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_api_advises_what_a_user_holds(name: str, client: Any) -> None:
    g = _mid_deal(name)
    legal = _legal_json(g.legal_actions())
    url = f"/v1/{name}/advice?budget_ms=1"  # the least budget: the best is judged still
    for body in (g.view(g.pending.seat).to_json(), g.to_record()):
        r = client.post(url, json=body)
        assert r.status_code == 200, r.get_json()
        answer = r.get_json()
        assert json.dumps(answer["best"], sort_keys=True) in legal
        first = answer["actions"][0]  # usable as it stands: the best carries its chance
        assert first["action"] == answer["best"] and first["method"] != "not-judged"
        assert isinstance(first["win"], float | int) and 0 <= first["win"] <= 1
    first = CASES[name].deal(3)
    r = client.post(url, json=CASES[name].position(first))
    assert r.status_code == 200, r.get_json()
    assert json.dumps(r.get_json()["best"], sort_keys=True) in _legal_json(first.legal_actions())
    for bad, fields in _tampered(name):
        r = client.post(url, json=bad)
        assert r.status_code == 422, r.get_json()
        assert r.get_json().get("field") in fields, r.get_json()
