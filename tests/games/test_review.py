"""The review of a finished deal (advisor.games.review), in every game: a deal the advisor
played itself is reviewed ``best`` at every decision at the same budget and seed; a
planted mistake is found, a blunder costing about the chance it gave up; bad records are
named; the CLI and the page.

Every advisor's budget buys counted work (advisor.games.budget), so the tests run on the
real clock and never depend on the machine's speed; the advisor's own deal is also
reviewed on a machine :data:`~tests.games.test_budget.SLOWER` times slower than the one
that played it.
"""

from __future__ import annotations

import json
import math
import re
import time
from typing import Any

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.errors import AdvisorError, RecordError
from advisor.games import budget
from advisor.games.advice import advisor_factory
from advisor.games.review import (
    BLUNDER,
    SEED_STRIDE,
    classify,
    judge_decision,
    replay_steps,
    review,
)
from advisor.games.review_page import page
from advisor.games.spec import AnySpec
from advisor.registry import GAMES, game
from tests.games.test_budget import _slowed

BUDGET = 20.0
PLANT_BUDGET = 100.0
"""The planted mistakes are judged with more work: a sampled gap must stand out of its error."""


def _slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every clock an advisor may read runs SLOWER times faster than time does."""
    for module, name in ((budget, "clock"), (time, "perf_counter"), (time, "monotonic"),
                         (time, "process_time"), (time, "time")):
        real = getattr(time, name) if module is time else time.perf_counter
        monkeypatch.setattr(module, name, _slowed(real))


def _greedy_record(spec: AnySpec, seed: int, players: int | None = None) -> dict[str, Any]:
    n = players or spec.players[0]
    g = spec.deal(n, seed)
    spec.play(g, [spec.make_bot("greedy", seed=i) for i in range(n)])
    rec: dict[str, Any] = g.to_record()
    return rec


@pytest.mark.parametrize("machine", ["same", "slower"])
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_the_advisors_own_deal_is_best_everywhere(spec: AnySpec, machine: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """On the real clock: the work a budget buys is counted, so the review re-asks the
    bots' questions and gets their answers — on a slower machine too. (Where the game's
    advice searches by default, Qing, the review asks the model alone: the bots are then
    the model's, so that the questions are the same.)"""
    monkeypatch.setattr(budget, "CAP_MIN_MS", 3_600_000.0)  # how busy the machine running
    # the tests is never cuts the work (the safety cap: docs/review.md)
    seed, n = 3, spec.players[0]
    g = spec.deal(n, 21)
    if spec.model is not None:
        model = advisor_factory(spec.review_advice, spec.default_budget_ms,
                                spec.max_budget_ms)
        bots: list[Any] = [model(f"{BUDGET:g}", seed * SEED_STRIDE + s) for s in range(n)]
    else:
        bots = [spec.make_bot(f"advisor:{BUDGET:g}", seed=seed * SEED_STRIDE + s)
                for s in range(n)]
    spec.play(g, bots)
    if machine == "slower":
        _slow_machine(monkeypatch)
    r = review(spec, g.to_record(), budget_ms=BUDGET, seed=seed, exact=False)
    assert r.complete and r.decisions
    assert [d.klass for d in r.decisions] == ["best"] * len(r.decisions)
    for x in r.summary().values():
        assert x.matched == x.decisions and x.loss_win == 0 and x.blunders == 0
        assert x.accuracy in (None, 1.0)


def _stands_out(answer: dict[str, Any], alt: dict[str, Any]) -> float | None:
    """The drop from the answer's best to ``alt`` when even the low end of its 95 %
    interval is a blunder's, else None."""
    best = answer["actions"][0]
    if alt["win"] is None or best["win"] is None:
        return None
    gap = float(best["win"] - alt["win"])
    se = [0.0 if x["certain"] else x["win_se"] for x in (best, alt)]
    if None in se:
        return None
    return gap if gap - 1.96 * math.hypot(*se) >= BLUNDER else None


def _planted(spec: AnySpec) -> tuple[dict[str, Any], dict[str, Any], float]:
    """A real greedy deal cut at the first decision where the advice's best is much better
    than a judged alternative (a win given up, a waiting hand broken), the alternative
    played there: (record prefix, the planted action's answer, its gap). A gap found at
    the small budget is confirmed with more work at another seed."""
    for seed in range(8):
        rec = _greedy_record(spec, seed)
        obs, _, _ = replay_steps(spec, rec, frozenset(range(spec.players[0])), False)
        for st in obs.steps:
            if st.implied:
                continue
            a = spec.review_advice(st.view, list(st.legal), budget_ms=BUDGET, seed=1).to_json()
            for alt in a["actions"][1:]:
                if _stands_out(a, alt) is None:
                    continue
                again = spec.review_advice(st.view, list(st.legal),
                                           budget_ms=PLANT_BUDGET, seed=2).to_json()
                same = next(x for x in again["actions"] if x["action"] == alt["action"])
                gap = _stands_out(again, same)
                if gap is None or again["actions"][0]["action"] != a["actions"][0]["action"]:
                    continue
                prefix = dict(rec, moves=[*rec["moves"][:st.move - 1],
                                          {"seat": st.seat, **alt["action"]}])
                prefix.pop("result")
                return prefix, alt, gap
    raise AssertionError(f"{spec.name}: no decision to plant a mistake on")


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_a_planted_mistake_is_a_blunder_costing_the_chance_given_up(
        spec: AnySpec) -> None:
    prefix, alt, gap = _planted(spec)
    seat = prefix["moves"][-1]["seat"]
    r = review(spec, prefix, seats=[seat], budget_ms=PLANT_BUDGET, seed=5, exact=False)
    assert not r.complete and "prefix" in r.notes[0]
    last = r.decisions[-1]
    assert last.move == len(prefix["moves"]) and last.played == alt["action"]
    assert last.klass == "blunder"
    # the chance it gave up, judged again at another seed and twice the budget
    view, legal = spec.view_at(dict(prefix, moves=prefix["moves"][:-1]))
    again = spec.review_advice(view, legal, budget_ms=2 * PLANT_BUDGET,
                               seed=99).to_json()["actions"]
    by = {json.dumps(x["action"], sort_keys=True): x for x in again}
    b2 = by[json.dumps(last.best, sort_keys=True)]
    p2 = by[json.dumps(last.played, sort_keys=True)]
    assert b2["win"] is not None and p2["win"] is not None
    ses = [0.0 if x["certain"] else (x["win_se"] or 0.5) for x in (b2, p2)]
    assert last.loss_win is not None
    assert abs(last.loss_win - (b2["win"] - p2["win"])) <= 0.1 + 1.96 * math.hypot(*ses)
    assert last.loss_win >= BLUNDER and abs(last.loss_win - gap) <= 0.1 + 1.96 * math.hypot(*ses)
    summary = r.summary()[seat]
    assert summary.blunders >= 1 and summary.loss_win >= last.loss_win
    assert "cost" in last.why and last.played_text in last.why


def test_classes_and_the_error_guard() -> None:
    assert [classify(x) for x in (0, 0.049, 0.05, 0.1, 0.2)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]

    class Step:
        move, seat, implied, exact = 4, 1, False, None

    def act(name: str, win: float, se: float | None, certain: bool = False) -> dict[str, Any]:
        return {"action": {"do": name}, "text": name.capitalize(), "win": win, "win_se": se,
                "expected": None, "expected_se": None, "certain": certain,
                "method": "model"}

    answer = {"ranked_by": "win", "actions": [act("win", 1.0, 0.0, True),
                                              act("pass", 0.3, 0.01)]}
    d = judge_decision(answer, Step(), {"do": "pass"}, None)  # type: ignore[arg-type]
    assert (d.klass, d.loss_win, d.best) == ("blunder", 0.7, {"do": "win"})
    # a loss inside the two figures' error is never worse than good
    answer = {"ranked_by": "win", "actions": [act("a", 0.6, 0.1), act("b", 0.35, 0.1)]}
    assert judge_decision(answer, Step(), {"do": "b"}, None).klass == "good"  # type: ignore[arg-type]
    # an action not judged is said so: no numbers, no class
    nj = {"action": {"do": "c"}, "text": "C", "win": None, "win_se": None, "expected": None,
          "expected_se": None, "certain": False, "method": "not-judged"}
    answer = {"ranked_by": "win", "actions": [act("a", 0.6, 0.1), nj]}
    d = judge_decision(answer, Step(), {"do": "c"}, None)  # type: ignore[arg-type]
    assert d.klass is None and d.played_win is None and "did not judge" in d.why


def test_ming_two_players_states_the_exact_truth() -> None:
    spec = game("ming")
    rec = _greedy_record(spec, 3, players=2)
    rec = dict(rec, moves=rec["moves"][:-8])  # the end of the deal: a quick solve
    rec.pop("result")
    r = review(spec, rec, budget_ms=BUDGET, seed=0)
    assert r.exact is not None and r.exact["margins"]
    for d in r.decisions:
        assert d.exact is not None and d.exact["error"] >= 0
        assert d.exact["played_margin"] == d.exact["margin"] - d.exact["error"]
    errors = {s: sum(d.exact["error"] for d in r.decisions if d.seat == s and d.exact)
              for s in r.seats}
    assert {str(s): e for s, e in errors.items()} == r.exact["errors"]
    # the truth agrees with itself: perfect play keeps the margin, an error lowers it
    three = review(spec, _greedy_record(spec, 3, players=3), seats=[0], budget_ms=BUDGET,
                   seed=0)
    assert three.exact is None and all(d.exact is None for d in three.decisions)


def test_ming_exact_figures_stop_at_their_deadline_and_say_where() -> None:
    spec = game("ming")
    rec = _greedy_record(spec, 3, players=2)
    whole = review(spec, rec, budget_ms=BUDGET, seed=0, exact=False)
    cut = review(spec, rec, budget_ms=BUDGET, seed=0, exact_s=0.0)  # checked every 256 states
    assert cut.exact == {"margins": [], "errors": {"0": 0, "1": 0}}
    assert all(d.exact is None for d in cut.decisions)
    first = cut.decisions[0].move
    assert f"the exact figures stop at move {first}: the exact search ran out of time" in \
        " ".join(cut.notes)
    # the advice's review is the same, with or without the exact figures
    assert [d.to_json() for d in cut.decisions] == [d.to_json() for d in whole.decisions]


def test_bad_records_are_named() -> None:
    chan, khanhoo = game("chan"), game("khanhoo")
    rec = _greedy_record(chan, 1)
    with pytest.raises(RecordError, match="this is a chan record"):
        review(khanhoo, rec, budget_ms=BUDGET, games=GAMES)
    bad = dict(rec, moves=[*rec["moves"][:2], {"seat": rec["moves"][2]["seat"],
                                              "do": "discard", "card": "zz"}])
    with pytest.raises(RecordError, match="move 3"):
        review(chan, bad, budget_ms=BUDGET)
    eat = next(i for i, m in enumerate(rec["moves"]) if m["do"] == "eat")
    wrong = dict(rec, moves=[*rec["moves"][:eat], {"seat": rec["moves"][eat]["seat"],
                                                  "do": "eat", "with": "zz"}])
    with pytest.raises(AdvisorError, match=f"move {eat + 1}"):
        review(chan, wrong, budget_ms=BUDGET)
    with pytest.raises(AdvisorError, match="seat: 4 is not a seat"):
        review(chan, rec, seats=[4], budget_ms=BUDGET)


def test_an_illegal_move_names_its_rule() -> None:
    chan = game("chan")
    rec = _greedy_record(chan, 7)
    moves = rec["moves"]
    i = next(k for k, m in enumerate(moves) if m["do"] == "discard")
    held = set(rec["hands"][moves[i]["seat"]])
    card = next(c for c in ("cc", "9m", "9s", "9v", "8m", "8s") if c not in held)
    bad = dict(rec, moves=[*moves[:i], {"seat": moves[i]["seat"], "do": "discard",
                                        "card": card}])
    with pytest.raises(RecordError) as err:
        review(chan, bad, budget_ms=BUDGET)
    message = err.value.message
    assert message.startswith(f"move {i + 1} (") and "is illegal" in message
    assert re.search(r"is illegal: [A-Z]+\d+:", message), message  # its rule ID


def test_the_command_line_and_the_page(tmp_path: Any) -> None:
    spec = game("qing")
    rec = _greedy_record(spec, 2)
    rec["players"] = ["<script>alert(1)</script>", "greedy"]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    html = tmp_path / "deal.html"
    run = CliRunner().invoke(main, ["qing", "review", str(path), "--seat", "1", "--budget-ms",
                                    "20", "--json", "--html", str(html)])
    assert run.exit_code == 0, run.output
    out = json.loads(run.output)
    assert list(out)[:10] == ["game", "record", "seats", "decisions", "summary", "ms",
                              "budget_ms", "seed", "complete", "notes"]
    assert out["seats"] == [1] and {d["seat"] for d in out["decisions"]} == {1}
    assert set(out["summary"]["1"]) == {"decisions", "matched", "accuracy", "loss_win",
                                        "loss_expected", "blunders", "mistakes",
                                        "inaccuracies"}
    keys = ["move", "seat", "played", "best", "played_win", "best_win", "loss_win",
            "played_expected", "best_expected", "loss_expected", "certain", "class", "why"]
    assert all(list(d) == keys for d in out["decisions"])
    text = html.read_text()
    assert "<svg" in text and "<script>alert" not in text and "&lt;script&gt;alert" in text
    assert 'href="http' not in text and 'src="http' not in text  # works offline
    run = CliRunner().invoke(main, ["qing", "review", str(path), "--seat", "9"])
    assert run.exit_code == 2
    run = CliRunner().invoke(main, ["chan", "review", str(path)])
    assert run.exit_code == 3 and "qing record" in run.output
    # a file of many records, in two processes, as in one
    many = tmp_path / "many.jsonl"
    many.write_text("\n".join(json.dumps(_greedy_record(spec, s)) for s in (4, 5)) + "\n")
    runs = [CliRunner().invoke(main, ["qing", "review", str(many), "--budget-ms", "5",
                                      "--json", "--seat", "0", "--jobs", jobs])
            for jobs in ("1", "2")]
    assert [r.exit_code for r in runs] == [0, 0]
    decisions = [[json.loads(line)["decisions"] for line in r.output.splitlines()]
                 for r in runs]
    assert len(decisions[0]) == 2 and decisions[0] == decisions[1]


def test_the_page_escapes_the_record() -> None:
    spec = game("chan")
    rec = _greedy_record(spec, 1)
    rec["players"] = ["<b>x</b>"] * 4
    r = review(spec, rec, seats=[0], budget_ms=5)
    text = page([r])
    assert "<b>x</b>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text
    assert text.count("<svg") == 1
