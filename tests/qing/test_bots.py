"""Qing Kanhu's bots and simulation runs (the checks every game's players share run on it
in tests/games/test_players.py)."""

from __future__ import annotations

import pytest

from advisor.qing.bots import GreedyBot
from advisor.qing.faces import GAME as QING
from advisor.qing.game import Action, Game
from advisor.qing.simulate import games_of
from advisor.qing.text import simulation_text
from advisor.text import PLAIN


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
    s = QING.simulate(["greedy", "greedy", "random"], games=4, seed=5)
    assert sum(p.total for p in s.players) == 0
    assert sum(s.hows.values()) == s.games
    j = s.to_json()
    assert j["options"] == {"eye6": "culin", "extras_replace": False}
    assert "deals won by" in simulation_text(s, PLAIN) or s.draws == s.games
    s2 = QING.simulate(["greedy", "random"], games=2, seed=5, eye6="wilkinson",
                           extras_replace=True)
    assert s2.rules.eye6 == "wilkinson" and s2.rules.extras_replace


def test_the_deals_of_a_run_are_reproducible() -> None:
    a = [g.to_record() for _, g in games_of(3, games=2, seed=4)]
    b = [g.to_record() for _, g in games_of(3, games=2, seed=4)]
    assert a == b


def test_simulation_refuses_bad_tables() -> None:
    with pytest.raises(Exception, match="seats"):
        QING.simulate(["greedy"] * 7, games=1)
    with pytest.raises(Exception, match="seat spec"):
        QING.simulate(["greedy", "smart"], games=1)



@pytest.mark.parametrize("players", range(2, 7))
def test_greedy_plus_plays_legal_moves_in_whole_deals(players: int) -> None:
    from advisor.qing.bots import StrongBot
    from advisor.qing.rules import Rules

    for seed, rules in ((players, Rules()), (players + 10, Rules("wilkinson", True))):
        g = Game.from_deal(players, seed=seed, rules=rules)
        bot = QING.make_bot("greedy+")
        assert isinstance(bot, StrongBot)
        while not g.over:
            d = g.pending
            assert d is not None
            legal = g.legal_actions()
            a = bot.decide(g.view(d.seat), legal)
            assert a in legal
            assert a == bot.decide(g.view(d.seat), legal)  # deterministic
            if Action("win") in legal:
                assert a == Action("win")
            g.act(d.seat, a)
