"""The strength probes (benchmarks/khanhoo_probes.py) do what their names say: the redeal
only moves cards the seat cannot see, the claim check agrees with the greedy bots, a
known race is a race, and every probe plays whole deals."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from advisor.khanhoo.bots import GreedyBot
from advisor.khanhoo.game import Game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "khanhoo_probes.py"


@pytest.fixture(scope="module")
def probes() -> ModuleType:
    # as when it runs as a script: its own folder first on the path (its sibling modules)
    if str(SCRIPT.parent) not in sys.path:
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("khanhoo_probes", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["khanhoo_probes"] = module
    spec.loader.exec_module(module)
    return module


def test_redeal_keeps_the_pack_the_seat_and_the_sizes(probes: ModuleType) -> None:
    for k in range(20):
        g = Game.from_deal(3, rng=random.Random(f"probe:{k}"))
        greedy = GreedyBot()
        for _ in range(k % 7):  # somewhere into the deal
            if g.pending is None:
                break
            legal = g.legal_actions()
            g.act(g.pending.seat, legal[0] if len(legal) == 1 else
                  greedy.decide(g.view(g.pending.seat), legal))
        seat = k % 3
        before = g.cards_in_play()
        sizes = [sum(s.hand) for s in g.seats]
        mine = g.hand(seat)
        world = g.clone()
        probes.redeal(world, seat, random.Random(k))
        assert world.cards_in_play() == before
        assert [sum(s.hand) for s in world.seats] == sizes
        assert world.hand(seat) == mine
        assert len(world.stock) == len(g.stock)
        assert g.cards_in_play() == before  # the real game is untouched


def test_claimed_agrees_with_the_greedy_bots(probes: ModuleType) -> None:
    checked = 0
    for k in range(10):
        g = Game.from_deal(3, rng=random.Random(f"claims:{k}"))
        greedy = GreedyBot()
        while g.pending is not None and checked < 60:
            d = g.pending
            legal = g.legal_actions()
            a = legal[0] if len(legal) == 1 else greedy.decide(g.view(d.seat), legal)
            if a.do == "discard":
                predicted = probes.claimed(g, d.seat, a)
                g.act(d.seat, a)
                # the claim window: the greedy bots take or bump exactly when predicted
                claimed = False
                while g.pending is not None and g.pending.phase == "claim":
                    c = g.legal_actions()
                    b = c[0] if len(c) == 1 else greedy.decide(g.view(g.pending.seat), c)
                    claimed |= b.do in ("take", "bump")
                    g.act(g.pending.seat, b)
                assert claimed == predicted
                checked += 1
            else:
                g.act(d.seat, a)
    assert checked >= 30


def test_a_known_race_is_a_race(probes: ModuleType) -> None:
    sure = (1.0,) + (0.0,) * 29
    never = (0.0,) * 30
    table = probes.KnownRace(((0, 0), (0, 0)), (sure, never))
    assert table.survival(0) == 1.0
    assert table.survival(1, lead=0) == 1.0  # nobody plays before a draw at once
    assert table.survival(1) == 0.0  # the sure opponent plays first, and goes out
    assert probes.KnownRace(((0, 0),), (never,)).survival(10) == 1.0


@pytest.mark.parametrize("kind", ["denial", "sampled-denial", "stock", "opponents",
                                  "lookahead", "sampled-lookahead"])
def test_every_probe_plays_whole_deals(probes: ModuleType, kind: str) -> None:
    # one continuation per action, two random worlds per decision
    stats, draws = probes.run_slice((kind, 1.0, 1, 2, 1, 0, 1))
    assert sum(p.wins for p in stats) + draws == 3  # one deal, 3 rotations: a winner or draw
