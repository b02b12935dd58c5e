"""Bots, seat specs and simulation runs; the checks every game's players share
(tests/games/test_players.py) run here on Qing Kanhu until it is registered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from advisor.qing import record, seats, simulate
from advisor.qing.bots import GreedyBot
from advisor.qing.game import Action, Game
from advisor.qing.simulate import games_of
from advisor.qing.text import simulation_text
from advisor.text import PLAIN


def shared_players() -> Any:
    """The shared player checks (tests/games/test_players.py); they import the other games,
    so a game being edited elsewhere skips them here rather than fail."""
    return pytest.importorskip("tests.games.test_players", exc_type=ImportError)


def kit(shared: Any) -> Any:
    return shared.Kit("qing", 4, seats.make_bot, simulate.simulate, record.replay,
                      lambda seed: Game.from_deal(4, seed=seed), simulate.play,
                      Path(__file__).parent / "qing_bot.py", '{"do": "discard", "card": "OT"}')


@pytest.mark.parametrize("check", [
    "test_seat_specs", "test_the_example_bot_plays_legal_games",
    "test_a_simulation_is_deterministic_for_a_seed",
    "test_slices_of_a_run_merge_into_the_whole_run",
    "test_duplicate_gives_every_player_every_seat",
    "test_identical_players_in_duplicate_are_symmetric",
])
def test_shared_player_checks(check: str) -> None:
    shared = shared_players()
    getattr(shared, check)(kit(shared))


@pytest.mark.parametrize("kind", ["garbage", "illegal", "late", "crash"])
def test_shared_misbehaving_bots(kind: str, tmp_path: Path) -> None:
    shared = shared_players()
    shared.test_a_misbehaving_bot_is_replaced_by_the_first_legal_action(kit(shared), tmp_path,
                                                                        kind)


def test_shared_a_bot_that_cannot_start(tmp_path: Path) -> None:
    shared = shared_players()
    shared.test_a_bot_that_cannot_start(kit(shared), tmp_path)


def test_greedy_wins_at_once_and_takes_when_it_helps() -> None:
    g = Game.from_deal(4, seed=8)
    bot = GreedyBot()
    while not g.over:
        d = g.pending
        assert d is not None
        legal = g.legal_actions()
        a = bot.decide(g.view(d.seat), legal)
        assert a in legal
        if Action("win") in legal:
            assert a == Action("win")
        g.act(d.seat, a)


def test_simulation_counts_wins_and_settles_the_pot() -> None:
    s = simulate.simulate(["greedy", "greedy", "random"], games=4, seed=5)
    assert sum(p.total for p in s.players) == 0
    assert sum(s.hows.values()) == s.games
    j = s.to_json()
    assert j["options"] == {"eye6": "culin", "extras_replace": False}
    assert "deals won by" in simulation_text(s, PLAIN) or s.draws == s.games
    s2 = simulate.simulate(["greedy", "random"], games=2, seed=5, eye6="wilkinson",
                           extras_replace=True)
    assert s2.rules.eye6 == "wilkinson" and s2.rules.extras_replace


def test_the_deals_of_a_run_are_reproducible() -> None:
    a = [g.to_record() for _, g in games_of(3, games=2, seed=4)]
    b = [g.to_record() for _, g in games_of(3, games=2, seed=4)]
    assert a == b


def test_simulation_refuses_bad_tables() -> None:
    with pytest.raises(Exception, match="seats"):
        simulate.simulate(["greedy"] * 7, games=1)
    with pytest.raises(Exception, match="seat spec"):
        simulate.simulate(["greedy", "smart"], games=1)

