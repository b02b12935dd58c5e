"""The table's public log (advisor/chan/session.py): what the human saw happen — every
ordinary move and claim, every stock card revealed, and none of the bots' declined
claims (C5)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from advisor.chan.session import HUMAN, Table


def _play(seed: int, rng: random.Random) -> Table:
    t = Table.new(seed=seed, opponents=["greedy", "random", "greedy"])
    while not t.over:
        t.act(rng.choice(t.legal()))
    return t


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.randoms(use_true_random=False))
def test_public_log_hides_only_declined_claims_of_bots(seed: int,
                                                       choices: random.Random) -> None:
    t = _play(seed, choices)
    log = t.public_log()
    hidden = [s for s in t.steps if not s.seen_by(HUMAN)]
    assert all(s.phase == "claim" and s.action.do == "pass" and s.seat != HUMAN
               for s in hidden)
    assert len(log) + len(hidden) == len(t.steps)
    # Every move of the record is in the log, in order.
    moves = [{"seat": e["seat"], **e["action"]} for e in log
             if not (e["phase"] == "claim" and e["action"]["do"] == "pass")]
    assert moves == t.record()["moves"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.randoms(use_true_random=False))
def test_public_log_shows_each_stock_card_as_it_is_revealed(seed: int,
                                                             choices: random.Random) -> None:
    t = _play(seed, choices)
    revealed = [e["revealed"]["card"] for e in t.public_log() if "revealed" in e]
    stock = t.record()["stock"]
    assert revealed == stock[: len(stock) - t.view().stock_left]


def test_restored_table_has_the_same_log() -> None:
    t = Table.new(seed=12)
    rng = random.Random(4)
    for _ in range(3):
        if t.over:
            break
        t.act(rng.choice(t.legal()))
    assert Table.from_json(t.to_json()).public_log() == t.public_log()
    offers = [e for e in t.public_log() if "offer" in e]
    assert offers and all(set(e["offer"]) == {"card", "source", "door"} for e in offers)
