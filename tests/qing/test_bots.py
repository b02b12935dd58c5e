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


def _plain_discard(view, discards, strong: bool):
    """The greedy (or greedy+) discard judged the plain way: every discard's key with
    its distance in full."""
    from advisor.qing.bots import discard_key, strong_discard_key

    key = strong_discard_key if strong else discard_key
    return min(discards, key=lambda a: key(view, view.hand, view.eye, view.target, view.own,
                                           a.card))


def _plain_take_value(view, a) -> int:
    """A take's value the plain way: the least distance any discard after it leaves."""
    from advisor.qing.bots import _makes_eye
    from advisor.qing.cards import KINDS, counts_of, minus
    from advisor.qing.solver import solver

    s = solver(view.rules)
    hand = tuple(h - w for h, w in zip(view.hand, counts_of(a.with_)))
    target = view.target - len(a.with_) - 1
    own = tuple(o + (k == view.offer.index) for k, o in enumerate(view.own))
    eye = view.eye or _makes_eye(view, a)
    if s.wins(hand, eye):
        return 0
    return min(s.distance(minus(hand, k), eye=eye, target=target, own=own)
               for k in range(KINDS) if hand[k])


@pytest.mark.parametrize("options", [{}, {"extras_replace": True, "eye6": "wilkinson"}])
def test_greedy_choices_are_the_plain_ones_at_every_decision(options: dict) -> None:
    """The discards of greedy and greedy+ and greedy's take values, found by bounded
    searches (no discard leaves less than the whole hand; one card from a win only the
    discards leaving a wait count), are those of judging every discard in full, at every
    decision of whole deals."""
    from advisor.games.bots import RandomBot
    from advisor.qing.bots import StrongBot, best_discard, take_value
    from advisor.qing.rules import Rules

    rules = Rules.from_json(options)
    checked = {"discard": 0, "take": 0}
    for seed in range(4):
        g = Game.from_deal(4, seed=seed, rules=rules)
        bots = [GreedyBot(), StrongBot(), GreedyBot(), RandomBot(seed)]
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            view = g.view(d.seat)
            discards = [a for a in legal if a.do == "discard"]
            if discards:
                assert best_discard(view, discards) == _plain_discard(view, discards, False)
                assert StrongBot().discard(view, discards) == _plain_discard(view, discards,
                                                                             True)
                checked["discard"] += 1
            for a in legal:
                if a.do == "take":
                    assert take_value(view, a) == _plain_take_value(view, a)
                    checked["take"] += 1
            g.act(d.seat, bots[d.seat].decide(view, legal))
    assert checked["discard"] > 25 and checked["take"] > 5
