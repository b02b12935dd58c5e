"""Every registered game's advice answers in the one shape (advisor.games.answer): for a
few real decisions of each game — dealt by its engine, played on by its greedy or random
bot — the advice from the seat's VIEW has the common keys, its list is ordered by the
key it names, an action not judged states no number, and every legal action appears
once. Budgets are small and nothing depends on the machine's speed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from advisor.games.answer import (
    ACTION_KEYS,
    ANSWER_KEYS,
    NOT_JUDGED,
    Answer,
    Judged,
    Work,
    in_order,
)
from advisor.games.spec import AnySpec
from advisor.registry import GAMES

DECISIONS = 4  # advised per deal
NUMBERS = ("win", "win_se", "win_interval", "expected", "expected_se")


def decisions(game: AnySpec, seed: int) -> list[tuple[Any, list[Any]]]:
    """A few decisions of one deal (those with a choice), as (VIEW, legal actions): the
    deal played on by the game's greedy bot and a random one, turn about."""
    g = game.deal(game.players[0], seed)
    rng = random.Random(seed)
    bots = [game.make_bot("greedy", seed=seed), game.make_bot("random", seed=seed)]
    out: list[tuple[Any, list[Any]]] = []
    while (d := g.pending) is not None and len(out) < DECISIONS:
        legal = g.legal_actions()
        view = g.view(d.seat)
        if len(legal) > 1 and rng.random() < 0.5:
            out.append((view, legal))
        action = legal[0] if len(legal) == 1 else bots[len(out) % 2].decide(view, legal)
        g.act(d.seat, action)
    return out


def check_answer(j: dict[str, Any], legal: list[Any]) -> None:
    """The common shape of an advice's JSON, and its invariants."""
    assert set(ANSWER_KEYS) <= set(j)
    assert isinstance(j["game"], str) and isinstance(j["seat"], int)
    assert set(j["work"]) == {"unit", "done", "asked"} and isinstance(j["work"]["done"], int)
    assert isinstance(j["ms"], float | int) and j["ms"] >= 0
    assert isinstance(j["notes"], list)
    actions = j["actions"]
    assert actions and j["best"] == actions[0]["action"]
    # every legal action exactly once
    assert sorted(json.dumps(a["action"], sort_keys=True) for a in actions) == sorted(
        json.dumps(a.to_json(), sort_keys=True) for a in legal)
    key = j["ranked_by"]
    assert key in ("win", "expected")
    seen_not_judged = False
    last: float | None = None
    for a in actions:
        assert set(ACTION_KEYS) <= set(a)
        assert isinstance(a["text"], str) and a["text"]
        if a["method"] == NOT_JUDGED:
            assert all(a[k] is None for k in NUMBERS) and a["certain"] is False
            seen_not_judged = True
            continue
        assert not seen_not_judged, "a judged action after a not-judged one"
        assert a[key] is not None, f"a judged action states its {key}"
        assert last is None or a[key] <= last, f"not ordered by {key}"
        last = a[key]
        if a["win"] is not None:
            assert 0.0 <= a["win"] <= 1.0
        if a["win_interval"] is not None:
            lo, hi = a["win_interval"]
            assert 0.0 <= lo <= a["win"] <= hi <= 1.0
        if a["certain"]:
            assert a["win_se"] in (0.0, None) and a["expected_se"] in (0.0, None)
            assert a["win_interval"] is None or a["win_interval"] == [a["win"], a["win"]]
        for se in ("win_se", "expected_se"):
            assert a[se] is None or a[se] >= 0.0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_game_answers_in_the_common_shape(game: AnySpec) -> None:
    found = 0
    for seed in range(3):
        for view, legal in decisions(game, seed):
            advice = game.advise(view, legal, budget_ms=20, seed=seed)
            j = advice.to_json()
            assert j["game"] == game.name and j["budget_ms"] == 20 and j["seed"] == seed
            check_answer(j, legal)
            assert advice.best in legal and advice.best.to_json() == j["best"]
            json.dumps(j)  # JSON as it stands
            found += 1
    assert found >= 3


def test_an_answer_keeps_its_invariants() -> None:
    a = Judged({"do": "a"}, "a", "model", win=0.5, win_se=0.4)
    b = Judged({"do": "b"}, "b", "model", win=0.25, win_se=None)
    n = Judged.not_judged({"do": "c"}, "c")
    assert a.interval() == (0.0, 1.0) and b.interval() is None and n.interval() is None
    assert in_order((a, b, n), "win") and not in_order((b, a), "win")
    assert not in_order((n, a), "win")
    with pytest.raises(ValueError, match="ranked by win"):
        Answer("x", 0, "win", (b, a), "model", Work("worlds", 0), 1.0, 10, 0)
    with pytest.raises(ValueError, match="no number"):
        Judged({"do": "c"}, "c", NOT_JUDGED, win=0.1)
    with pytest.raises(ValueError, match="no error"):
        Judged({"do": "c"}, "c", "exact", win=1.0, win_se=0.1, certain=True)
    with pytest.raises(ValueError, match="not a chance"):
        Judged({"do": "c"}, "c", "model", win=1.5)
    with pytest.raises(ValueError, match="common keys"):
        Judged({"do": "c"}, "c", "model", win=0.5, extras={"win": 1})
    certain = Judged({"do": "w"}, "w", "exact", win=1.0, win_se=0.0, expected=3.0,
                     expected_se=0.0, certain=True)
    assert certain.to_json()["win_interval"] == [1.0, 1.0]
    j = Answer("x", 0, "win", (certain, a, n), "exact", Work("worlds", 2, 5), 1.234, 10, 7,
               ("a note",), {"phase": "turn"}).to_json()
    assert j["work"] == {"unit": "worlds", "done": 2, "asked": 5} and j["phase"] == "turn"
    assert j["ms"] == 1.23 and j["best"] == {"do": "w"} and j["notes"] == ["a note"]
