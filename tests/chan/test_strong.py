"""Chắn's ``greedy+`` player: legal, whole deals, deterministic, and it plays by what it
sees (the look-ahead of each action and the unseen cards)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.chan.faces import GAME
from advisor.chan.game import Action, Game, SeatState
from advisor.chan.lookahead import leaves
from advisor.chan.strong import StrongBot, strong_choice, strong_key
from tests.chan.deals import position_after


def _records(specs: list[str], deals: int, seed: int) -> list[str]:
    out: list[str] = []
    GAME.simulate(specs, games=deals, seed=seed, duplicate=True,
                  on_game=lambda g, _: out.append(json.dumps(g.to_record(), sort_keys=True)))
    return out


@pytest.mark.parametrize("specs", [["greedy+"] * 4, ["greedy+", "greedy", "random", "greedy"]])
def test_greedy_plus_plays_whole_deals_legally_and_the_same_for_a_seed(specs: list[str]) -> None:
    one = _records(specs, deals=3, seed=7)  # the engine refuses an illegal action
    assert len(one) == 12
    for rec in one:  # every record replays through the rules engine
        GAME.replay(json.loads(rec))
    assert _records(specs, deals=3, seed=7) == one
    assert GAME.make_bot("greedy+").name == "greedy+"


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 80))
@settings(max_examples=40, deadline=None)
def test_greedy_plus_wins_when_it_can_and_is_nearest_a_win_otherwise(seed: int,
                                                                     moves: int) -> None:
    g = position_after(seed, moves)
    if g.pending is None:
        return
    view, legal = g.view(g.pending.seat), g.legal_actions()
    choice = StrongBot().decide(view, legal)
    assert choice in legal
    if Action("win") in legal:
        assert choice == Action("win")
        return
    s = SeatState.of_view(view)
    offered = view.offer.card if view.offer is not None else None
    keys = {a: strong_key(a, leaves(a, s, offered, view.unseen), view.unseen) for a in legal}
    assert keys[choice] == min(keys.values())
    assert strong_choice(s, legal, offered, view.unseen) == choice


def test_greedy_plus_counts_only_the_useful_cards_still_unseen() -> None:
    """What greedy+ weighs of an action's useful cards is their unseen copies: with
    every card seen, none counts."""
    g = Game.from_deal(seed=3)
    while g.pending is not None and g.pending.phase != "discard":
        g.act(g.pending.seat, g.legal_actions()[-1] if g.pending.phase == "claim"
              else g.legal_actions()[0])
    assert g.pending is not None
    view, legal = g.view(g.pending.seat), g.legal_actions()
    s = SeatState.of_view(view)
    lv = {a: leaves(a, s, None, view.unseen) for a in legal}
    gone = tuple(0 for _ in view.unseen)
    # with nothing unseen, no useful card counts: only the distance, feeding and pairs
    assert all(leaves(a, s, None, gone).useful_unseen == 0 for a in legal)
    assert max(x.useful_unseen for x in lv.values()) > 0
