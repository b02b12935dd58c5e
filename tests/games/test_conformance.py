"""One suite run on every game (as OpenSpiel runs one random-simulation test on every
game): each registered game, and Pairs (tests/games/toy), a fifth game registered only
here, which proves that one :class:`~advisor.games.spec.GameSpec` is all a game writes.

For every game, at every table size, random and greedy deals are played to the end
through ``spec.play``; at every decision the VIEW and the legal actions round-trip
through JSON, every legal action is accepted, and a crafted illegal action — a legal
action played out of turn, or one legal earlier in the deal and no longer — is refused
with a rule ID, the deal left as it was. Every finished deal passes ``spec.audit``,
settles to zero and replays; a record cut at a decision gives the VIEW and the legal
actions the engine gave there. The CLI and the API are made for every game, and agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import click
import pytest
from click.testing import CliRunner
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.cli import main
from advisor.cli.common import replay_command
from advisor.cli.generated import game_group
from advisor.cli.playing import play_command
from advisor.errors import IllegalActionError
from advisor.games.spec import AnySpec
from advisor.registry import GAMES
from service import create_app
from service.generated import blueprint
from tests.games.toy.faces import GAME as TOY

SPECS = [*GAMES, TOY]
TIMING = ("seconds", "games_per_second", "moves_per_second", "advisor_latency_ms")


def _json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


@dataclass
class Decision:
    """What the engine gave at the first decision after ``moves`` logged moves."""

    seat: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]


@dataclass
class Checked:
    """A game's engine as the play loop sees it, checked at every decision before the
    chosen action is applied (see the module's docstring)."""

    spec: AnySpec
    game: Any
    players: int
    seen: dict[str, Any] = field(default_factory=dict)  # every action once legal, by JSON
    first: dict[int, Decision] = field(default_factory=dict)  # by the number of moves logged
    refusals: int = 0

    def __getattr__(self, name: str) -> Any:  # pending, legal_actions, view, result, …
        return getattr(self.game, name)

    def act(self, seat: int, action: Any) -> None:
        g, spec = self.game, self.spec
        d = g.pending
        assert d is not None and d.seat == seat
        view, legal = g.view(seat), g.legal_actions()
        assert legal and action in legal
        text = view.to_json()
        assert json.loads(json.dumps(text)) == text
        assert spec.read_view(text) == view
        for a in legal:
            assert spec.read_action(a.to_json()) == a
            assert g.can(seat, a), f"{a} is listed as legal but refused"
        self.first.setdefault(len(g.log), Decision(seat, text, [a.to_json() for a in legal]))
        self._refused(seat, legal[0], other=(seat + 1) % self.players)
        keys = {_json(a.to_json()) for a in legal}
        stale = next((a for k, a in reversed(self.seen.items())
                      if k not in keys and a not in legal), None)
        if stale is not None:
            self._refused(seat, stale)
        for a in legal:
            self.seen.setdefault(_json(a.to_json()), a)
        g.act(seat, action)

    def _refused(self, seat: int, action: Any, other: int | None = None) -> None:
        """``action`` (by ``other``, out of turn, when given) is refused with a rule ID
        and the deal is left as it was."""
        g = self.game
        by = seat if other is None else other
        before = (_json(g.to_record()), _json(g.view(seat).to_json()), g.pending)
        with pytest.raises(IllegalActionError) as err:
            g.act(by, action)
        assert err.value.rule and err.value.message.startswith(f"{err.value.rule}: ")
        assert (_json(g.to_record()), _json(g.view(seat).to_json()), g.pending) == before
        self.refusals += 1


def _check_deal(spec: AnySpec, players: int, seed: int, kind: str) -> None:
    bots = [spec.make_bot("random" if kind == "random" or p % 2 else "greedy",
                          seed=seed * 7 + p) for p in range(players)]
    game = spec.deal(players, seed)
    checked = Checked(spec, game, players)
    spec.play(checked, bots)
    assert game.result is not None and checked.refusals > 0
    spec.audit(game)
    outcome = spec.outcome(game)
    assert len(outcome) == players and sum(pay for pay, _, _ in outcome) == 0
    rec = game.to_record()
    replayed = spec.replay(rec)
    assert replayed.valid, replayed.describe()
    cuts = sorted(checked.first)
    for k in {cuts[0], cuts[len(cuts) // 3], cuts[2 * len(cuts) // 3], cuts[-1]}:
        prefix = {key: v for key, v in rec.items() if key != "result"}
        prefix["moves"] = rec["moves"][:k]
        view, legal = spec.view_at(prefix)
        want = checked.first[k]
        assert view.seat == want.seat and view.to_json() == want.view
        assert [a.to_json() for a in legal] == want.legal


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_deals_keep_every_rule_at_every_table_size(spec: AnySpec) -> None:
    @settings(max_examples=2, deadline=None, derandomize=True)
    @given(seed=st.integers(0, 2**16), kind=st.sampled_from(["random", "greedy"]))
    def deals(seed: int, kind: str) -> None:
        low, high = spec.players
        for players in range(low, high + 1):
            _check_deal(spec, players, seed, kind)

    deals()


# --- the faces --------------------------------------------------------------------------

def commands(spec: AnySpec) -> click.Group:
    """The game's commands: ``advisor NAME …`` for a registered game; for Pairs, the
    group made as :mod:`advisor.cli` makes every game's, from the spec alone."""
    if spec is not TOY:
        group = main.commands[spec.name]
        assert isinstance(group, click.Group)
        return group
    group = game_group(TOY)
    group.add_command(play_command(TOY))
    group.add_command(replay_command(TOY.name, TOY.replay))
    return group


@pytest.fixture(scope="module")
def app() -> Flask:
    a = create_app({"TESTING": True, "MAX_ADVICE_BUDGET_MS": 50.0})
    a.register_blueprint(blueprint(TOY))  # the registry's games are create_app's
    return a


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_verb_is_a_command_and_an_endpoint(spec: AnySpec, app: Flask) -> None:
    group = commands(spec)
    assert {"simulate", "replay"} <= set(group.commands)
    paths = {r.rule for r in app.url_map.iter_rules()}
    for verb in spec.faces.verbs:
        assert verb.command_name in group.commands
        assert f"/v1/{spec.name}/{verb.name}" in paths


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_the_cli_and_the_api_give_the_same_answer(spec: AnySpec, app: Flask) -> None:
    client = app.test_client()
    for verb in spec.faces.verbs:
        if verb.example is None:
            continue
        body = dict(verb.example)
        query, args = "", ["--json"]
        if verb.budget:
            query, args = "?budget_ms=5&seed=1", ["--json", "--budget-ms", "5", "--seed", "1"]
        r = client.post(f"/v1/{spec.name}/{verb.name}{query}", json=body)
        assert r.status_code == 200, r.get_json()
        positional = any(f.kind == "arguments" for f in verb.fields)
        file = ["--file", "-"] if positional else ["-"]
        got = CliRunner().invoke(commands(spec), [verb.command_name, *file, *args],
                                 input=json.dumps(body))
        assert got.exit_code == 0, got.output
        cli = json.loads(got.stdout)
        if verb.budget:  # an advice under a time budget: the same shape, a legal best
            assert "best" in cli and set(cli) == set(r.get_json())
        else:
            assert cli == r.get_json()


def _decisions(spec: AnySpec, seed: int, count: int) -> list[tuple[Any, dict[str, Any]]]:
    """Some decisions of a greedy deal with a choice: (engine's legal actions, and what a
    user may hold of it — the VIEW the engine sends and the record prefix stopping
    there)."""
    game = spec.deal(spec.players[0], seed)
    greedy = spec.make_bot("greedy", seed=seed)
    out: list[tuple[Any, dict[str, Any]]] = []
    k = 0
    while (d := game.pending) is not None and len(out) < count:
        legal = game.legal_actions()
        view = game.view(d.seat)
        if len(legal) > 1 and k % 3 == 0:
            prefix = game.to_record()
            prefix.pop("result", None)
            out.append((legal, {"view": view.to_json(), "record": prefix}))
        k += 1
        game.act(d.seat, legal[0] if len(legal) == 1 else greedy.decide(view, legal))
    return out


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_advice_from_a_view_or_a_record_prefix_answers_in_the_common_shape(
        spec: AnySpec) -> None:
    from advisor.games.faces import Context
    from tests.games.test_answer import check_answer

    decisions = _decisions(spec, seed=5, count=3)
    assert decisions
    for legal, held in decisions:
        answers = [spec.advice(obj, Context(budget_ms=20, seed=1)) for obj in held.values()]
        for advice in answers:
            assert advice.best in legal
            check_answer(advice.to_json(), legal)
        assert answers[0].to_json()["seat"] == answers[1].to_json()["seat"]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_simulate_at_the_command_line_is_the_spec_s(spec: AnySpec) -> None:
    seats = ["greedy"] + ["random"] * (spec.players[0] - 1)
    r = CliRunner().invoke(commands(spec), ["simulate", "--games", "2", "--seed", "3",
                                              "--seats", ",".join(seats), "--json"])
    assert r.exit_code == 0, r.output
    summary: Any = spec.simulate(seats, games=2, seed=3)  # the game's Summary
    got, want = json.loads(r.stdout), summary.to_json()
    for key in TIMING:
        got.pop(key, None)
        want.pop(key, None)
    assert got == want


def test_the_records_replay_at_the_command_line(tmp_path: Any) -> None:
    game = TOY.deal(2, 4)
    TOY.play(game, [TOY.make_bot("greedy"), TOY.make_bot("random", seed=1)])
    r = CliRunner().invoke(commands(TOY), ["replay", "-", "--json"],
                           input=json.dumps(game.to_record()))
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.splitlines()[0])["valid"] is True


# --- Pairs, the fifth game, with no face code of its own ---------------------------------

def test_the_toy_game_is_played_at_the_terminal(tmp_path: Any) -> None:
    out = tmp_path / "deal.jsonl"
    r = CliRunner().invoke(commands(TOY), ["play", "--seed", "5", "--record", str(out)],
                           input="x\n?\n" + "1\n" * 40)
    assert r.exit_code == 0, r.output
    assert "'x': type the number of an action" in r.output
    assert "Your hand" in r.output and "your move" in r.output
    record = json.loads(out.read_text())
    assert record["format"] == "toy-record/1" and TOY.replay(record).valid


def test_the_toy_game_is_served(app: Flask) -> None:
    c = app.test_client()
    assert c.post("/v1/toy/score", json={"hand": "3r 3b 5r"}).get_json() == \
        {"hand": ["3r", "3b", "5r"], "score": 6}
    r = c.post("/v1/toy/score", json={"hand": "3r 9x"})
    assert r.status_code == 422 and r.get_json()["field"] == "hand"
    game = TOY.deal(2, 8)
    game.act(0, game.legal_actions()[0])  # the draw: seat 0 must discard
    got = c.post("/v1/toy/advice", json=game.view(0).to_json()).get_json()
    assert got["best"] in [a.to_json() for a in game.legal_actions()]
    assert c.post("/v1/toy/advice", json=game.to_record()).get_json() == got
    assert any("/v1/toy/" in p for g in c.get("/v1/meta").get_json()["games"]
               for p in g["endpoints"])
