"""Chắn at the browser table (advisor.chan.browser): whole deals on the shared table, the
bots' declined claims left out of the log (C5), the rules profile as a table option, and a
table stored as ``chan-session/1`` read back as it was."""

from __future__ import annotations

import random

import pytest

from advisor.chan.browser import BROWSER
from advisor.chan.faces import GAME as CHAN
from advisor.chan.session import Table
from advisor.errors import AdvisorError
from advisor.games.browser import GameTable, browser


def _play(t: GameTable, seed: int) -> GameTable:
    rng = random.Random(seed)
    while not t.over:
        t.act(rng.choice(t.legal()))
    return t


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_a_whole_deal_hides_only_the_bots_declined_claims(seed: int) -> None:
    assert browser("chan") is BROWSER
    t = _play(GameTable.new(CHAN, players=4, seed=seed, opponents=["greedy"] * 3), seed)
    declined = [i for i, ((s, a), p) in enumerate(zip(t.moves, t.phases, strict=True))
                if p == "claim" and a["do"] == "pass" and s != 0]
    log = t.public_log()
    assert len(log) == len(t.moves) - len(declined)
    # the same steps as Chắn's own table sees them happen (Step.seen_by)
    same = Table.from_json({"format": "chan-session/1", "seed": seed,
                            "opponents": ["greedy"] * 3, "deal": t.dealt or _deal(t),
                            "steps": t.to_json()["moves"]})
    assert [e["action"] for e in log] == [e["action"] for e in same.public_log()]
    assert t.record()["practice"] == {"seed": seed} and CHAN.replay(t.record()).valid
    assert BROWSER.result(t.game)["payments"] == list(t.game.result.payments)


def _deal(t: GameTable) -> dict[str, object]:
    rec = t.game.to_record(players=["you", *t.opponents])
    return {k: v for k, v in rec.items() if k not in ("moves", "result")}


def test_the_rules_profile_is_a_table_option() -> None:
    t = GameTable.new(CHAN, players=4, seed=3, opponents=["greedy"] * 3,
                      options={"rules": "cvv"})
    assert t.view().to_json()["rules"] == "cvv"
    assert GameTable.from_json(CHAN, t.to_json()).view().to_json()["rules"] == "cvv"
    with pytest.raises(AdvisorError) as bad:
        GameTable.new(CHAN, players=4, seed=3, opponents=["greedy"] * 3,
                      options={"rules": "nope"})
    assert bad.value.field == "rules"


@pytest.mark.parametrize("seed", [None, 5])
def test_a_chan_session_row_is_read_back_as_it_was(seed: int | None) -> None:
    old = Table.new(seed=seed, rules="cvv", opponents=["greedy", "advisor:5", "greedy"])
    for _ in range(3):
        if old.over:
            break
        old.act(old.legal()[-1])
    row = old.to_json()
    t = GameTable.from_json(CHAN, row)
    assert t.practice == (seed is not None) and t.seed == seed
    assert t.view().to_json() == old.view().to_json() and t.opponents == old.opponents
    assert [a.to_json() for a in t.legal()] == [a.to_json() for a in old.legal()]
    assert [e["action"] for e in t.public_log()] == [e["action"] for e in old.public_log()]
    # played on, it is stored as every game's table
    again = GameTable.from_json(CHAN, t.to_json())
    assert again.to_json() == t.to_json() and again.to_json()["format"] == "game-table/1"


def test_four_of_one_card_among_a_doors_melds_is_named_a_chiu() -> None:
    t = GameTable.new(CHAN, players=4, seed=3, opponents=["greedy"] * 3)
    view = t.view().to_json()
    view["table"][1]["melds"] = [["5v"] * 4, ["6s", "6s"]]
    melds = BROWSER.seats(view)[1][0]
    assert melds == {"label": "Melds", "groups": [{"label": "Chíu", "cards": ["5v"] * 4},
                                                  ["6s", "6s"]]}
