"""The advisor: every legal play ranked, exact when every card is known, sampled
otherwise, under a budget; positions and record prefixes as input."""

from __future__ import annotations

import json

import pytest

from advisor.errors import AdvisorError, DuplicateCardError, PositionError
from advisor.ming.advice import Advice, Budget, advise
from advisor.ming.faces import GAME as MING
from advisor.ming.game import Game
from advisor.ming.solve import solve
from tests.ming.deals import play_out
from tests.ming.test_record import record
from tests.ming.test_solve import endgame


def advise_held(obj: object, budget: Budget) -> Advice:
    """The advice on what a user holds: read by the game's spec, advised by the game."""
    return advise(*MING.read(obj), budget=budget)


def test_advice_ranks_every_legal_play() -> None:
    g = Game.from_deal(2, seed=4)
    legal = g.legal_actions()
    adv = advise(g.view(g.eldest), legal, budget_ms=40, seed=1)
    assert adv.best in legal
    assert sorted(map(str, (o.action for o in adv.options))) == sorted(map(str, legal))
    assert adv.method == "sampled" and adv.worlds >= 1
    json.dumps(adv.to_json())  # no NaN or other non-JSON value
    assert adv.explanation.startswith(adv.options[0].what)


def test_advice_is_exact_when_every_card_is_known() -> None:
    # the last follow of a 3-player trick: the other hands are known once empty
    g = endgame(3, 3, 1)
    while (g.pending is not None and g.trick is None) or (
            g.pending is not None and g.trick is not None
            and len(g.trick.plays) < 2):
        g.act(g.pending.seat, g.legal_actions()[0])
    if g.pending is None:
        pytest.skip("deal over")
    d = g.pending
    adv = advise(g.view(d.seat), g.legal_actions(), budget_ms=50, seed=0)
    assert adv.method == "exact" and adv.possible == 1
    sol = solve(g)
    want = {str(a): sol.settlement(i) for i, a in enumerate(sol.actions)}
    scores = g.scores
    for o in adv.options:
        assert o.method == "exact" and o.se == 0.0
        past = len(scores) * scores[d.seat] - sum(scores)
        assert o.settlement == past + want[str(o.action)]


def test_few_worlds_are_enumerated() -> None:
    g = endgame(2, 8, 2)
    if g.pending is None:
        pytest.skip("deal over")
    adv = advise(g.view(g.pending.seat), g.legal_actions(), budget_ms=200, seed=0)
    assert adv.method == "enumerated" and adv.worlds == adv.possible <= 60
    assert all(o.method == "solved" for o in adv.options)


def test_the_budget_is_kept() -> None:
    g = Game.from_deal(3, seed=2)
    adv = advise(g.view(g.eldest), g.legal_actions(), budget=Budget(ms=5, seed=1))
    assert adv.worlds >= 1 and adv.ms < 2000


def test_a_position_lead() -> None:
    view, legal = MING.read({"hand": "9c 9s 9m 1s 2s 3s 5m", "players": 2,
                                  "seen": "4s 5s 6s 7s 8s 1m 2m 3m 4m 6m 7m 8m"})
    assert view.phase == "lead" and view.hand_sizes == (7, 7)
    assert len([a for a in legal if a.cards.bit_count() == 3]) == 3  # L9 twice, a gibbon
    adv = advise_held({"hand": "9c 9s 9m 1s 2s 3s 5m",
                       "seen": "4s 5s 6s 7s 8s 1m 2m 3m 4m 6m 7m 8m"}, Budget(ms=50))
    assert adv.best in legal


def test_a_position_follow_with_a_face_down_play() -> None:
    view, legal = MING.read({"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3,
                                  "seat": 2, "trick": ["7c", "?"]})
    assert view.phase == "follow" and view.trick is not None and view.hand_sizes == (8, 8, 9)
    assert all(a.beats for a in legal)
    adv = advise_held({"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3, "seat": 2,
                       "trick": ["7c", "?"]}, Budget(ms=30))
    assert adv.best.do == "follow"


@pytest.mark.parametrize(("obj", "error", "field"), [
    ({"hand": "1s 1s"}, DuplicateCardError, "hand"),
    ({"hand": "1s", "trick": ["1s"]}, DuplicateCardError, "trick[0]"),
    ({"hand": "1s 2s", "trick": ["1c 2c 9m"]}, PositionError, "trick[0]"),
    ({"hand": "1s 2s", "players": 4}, PositionError, "players"),
    ({"hand": "1s", "colour": 1}, PositionError, "colour"),
    ({}, PositionError, "hand"),
])
def test_a_bad_position_names_its_field(obj, error, field) -> None:
    with pytest.raises(error) as err:
        advise_held(obj, Budget(ms=10))
    assert err.value.field == field


def test_a_record_prefix_is_advised() -> None:
    rec = record("three-random")
    del rec["result"]
    rec["moves"] = rec["moves"][:7]
    adv = advise_held(rec, Budget(ms=30))
    view, legal = MING.view_at(rec)
    assert adv.seat == view.seat and adv.best in legal


def test_a_finished_deal_has_nothing_to_advise() -> None:
    g = play_out(Game.from_deal(2, seed=1))
    with pytest.raises(AdvisorError, match="nothing to advise"):
        advise(g.view(0), [], budget_ms=10, seed=0)
