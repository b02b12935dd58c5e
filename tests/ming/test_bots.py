"""The ``greedy+`` player: legal in whole deals at every table size, the same for the
same deal, and what it counts (the cards it has not seen)."""

from __future__ import annotations

import pytest

from advisor.ming.bots import StrongBot, strong_choice, threatened
from advisor.ming.cards import FULL, TM
from advisor.ming.faces import GAME as MING
from advisor.ming.game import Game
from advisor.ming.plays import SINGLES, read_lead
from tests.ming.deals import m


def _deal(players: int, seed: int) -> list[str]:
    g = Game.from_deal(players, seed=seed)
    bot = MING.make_bot("greedy+", seed=seed)
    moves = []
    while (d := g.pending) is not None:
        legal = g.legal_actions()
        a = bot.decide(g.view(d.seat), legal)
        assert a in legal
        moves.append(str(a))
        g.act(d.seat, a)
    assert g.result is not None and sum(g.result.captured) == {2: 26, 3: 27}[players]
    return moves


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(8))
def test_greedy_plus_plays_whole_deals_legally_and_the_same_each_time(players: int,
                                                                       seed: int) -> None:
    assert _deal(players, seed) == _deal(players, seed)


def test_the_seat_spec() -> None:
    assert isinstance(MING.make_bot("greedy+"), StrongBot)


def test_what_the_unseen_cards_threaten() -> None:
    assert not threatened(SINGLES[TM], FULL & ~(1 << TM))
    assert threatened(SINGLES[28], 1 << TM)  # 9m: Thousand Myriads beats a Myriad
    assert not threatened(SINGLES[19], 1 << TM)  # 9s: it does not beat a String
    tiger = read_lead(m("9c 1s 1m"))
    assert threatened(tiger, m("ZC 9s TM"))  # a Chariot may lie out there
    assert not threatened(tiger, m("ZC 9s 8m"))


def test_greedy_plus_leads_its_lowest_card_when_nothing_is_sure() -> None:
    # 8m may lose to 9m or TM, unseen: greedy leads it, greedy+ its lowest card
    view, legal = MING.read({"hand": "9c 7c 2s 6s 3m 5m 8m",
                             "seen": "8c 6c 5c 4c 3c 2c 1c HC ZC 1s 3s 4s"})
    assert str(strong_choice(view, legal)) == "lead 9c"


def test_greedy_plus_beats_only_where_nobody_after_it_can() -> None:
    hand = "9m 5s 2c 3c 5c 7c 1m 3m"
    # seat 1 of 3: 5s may lose to 6s … 9s, 9m to TM (unseen), so it throws 7c face down
    view, legal = MING.read({"hand": hand, "players": 3, "seat": 1, "trick": ["4s"]})
    assert str(strong_choice(view, legal)) == "follow 7c (face down)"
    # the last seat takes the trick as cheaply as it can
    view, legal = MING.read({"hand": hand, "players": 3, "seat": 2, "trick": ["4s", "?"]})
    assert str(strong_choice(view, legal)) == "follow 5s (beats)"
