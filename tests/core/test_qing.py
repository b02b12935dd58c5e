"""Qing Kanhu's own use of the core: the advisor's fast playouts, played in the core's
worlds, give the winner the Python playouts give in the same worlds; the core refuses
``extras_replace`` (the Python engine plays it alone) and the advisor then plays its
playouts in Python."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from advisor import core
from advisor.qing import core as qing_core
from advisor.qing.advice import Budget, _follow, _playout, advise
from advisor.qing.bots import GreedyBot
from advisor.qing.cards import CARDS, counts_of
from advisor.qing.game import Game, world
from advisor.qing.rules import Rules

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built")


def _decisions(deals: int) -> list:
    out = []
    for k in range(deals):
        g = Game.from_deal(players=3 + k % 3, seed=500 + k)
        rng = random.Random(k)
        bot = GreedyBot()
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < 0.25:
                out.append(g.view(d.seat))
            a = legal[0] if len(legal) == 1 else bot.decide(g.view(d.seat), legal)
            g.act(d.seat, a)
    return out


def test_the_fast_playouts_win_as_the_python_ones_in_the_same_worlds() -> None:
    views = _decisions(6)
    assert len(views) > 30
    checked = 0
    for n, view in enumerate(views):
        legal = [a for a in world(view).legal_actions() if a.do != "win"]
        follows = {a: _follow(view, a) if a.do == "take" else None for a in legal}
        asked = [(qing_core.code(a), None if follows[a] is None else follows[a].index)
                 for a in legal]
        cv = qing_core.view_of(view)
        got = core.CORE.qing_fast_playouts(cv, asked, 0, 3, n)
        for w in range(3):
            state = json.loads(qing_core.world_of(json.dumps(view.to_json()), n, w)
                               .state_json())
            dealt = SimpleNamespace(
                hands=[list(counts_of([CARDS[k] for k in _kinds(v["hand"])]))
                       for v in state["views"]],
                stock=[k for k in _kinds(state["stock"])])
            for i, a in enumerate(legal):
                assert _playout(view, dealt, a, follows[a]) == got[w * len(legal) + i], \
                    (n, w, str(a))
                checked += 1
    assert checked > 300


def _kinds(codes: list[str]) -> list[int]:
    from advisor.qing.cards import parse_card

    return [parse_card(c).index for c in codes]


def test_extras_replace_is_the_python_engines_alone() -> None:
    g = Game.from_deal(players=4, seed=1, rules=Rules(extras_replace=True))
    with pytest.raises(core.CORE.CoreError, match="extras_replace"):
        qing_core.core_of(g)
    assert qing_core.simulate(["greedy"] * 4, games=1, seed=1, duplicate=False, first=0,
                              keep_moves=False, extras_replace=True) is None
    # by default the model alone: the Python engines are too slow to search
    assert advise(g.view(g.dealer), g.legal_actions(), budget_ms=5).first.method == "model"
    a = advise(g.view(g.dealer), g.legal_actions(), Budget(ms=5, seed=1, playouts_per_ms=2))
    assert a.answer().work.done == a.answer().work.asked > 0  # played in Python
