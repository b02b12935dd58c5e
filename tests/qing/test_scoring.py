"""Positions, scores (Q5), analyses (distance, waits, discards) and their text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from advisor.errors import DuplicateCardError, HandSizeError, MeldError, PositionError
from advisor.qing.analysis import analyze
from advisor.qing.cards import Counts, format_cards
from advisor.qing.position import Position
from advisor.qing.scoring import score, settlement
from advisor.qing.text import analysis_text, score_text
from advisor.text import PLAIN
from tests.qing.strategies import hands, winning_hands

WIN = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"


def test_q5_score_json_of_a_win() -> None:
    r = score(Position.build(hand=WIN)).to_json()
    assert r["win"] is True and "distance" not in r
    assert r["groups"][0] == {"kind": "eye", "name": "Tiger", "cards": ["9c", "1s", "1m"],
                              "extras": ["1c", "RF"]}
    assert {g["kind"] for g in r["groups"]} == {"eye", "boy"}
    assert r["options"] == {"eye6": "culin", "extras_replace": False}


def test_q5_score_json_without_a_win_gives_the_distance() -> None:
    r = score(Position.build(hand=WIN.replace("1c", "2s"))).to_json()
    assert r == {"win": False, "groups": [], "cards": 15, "distance": 1,
                 "options": {"eye6": "culin", "extras_replace": False}}
    assert score(Position.build(hand=WIN[:-3])).to_json()["distance"] == 1  # 14 cards


def test_q7_exposed_groups_count_and_extras_join_them() -> None:
    pos = Position.from_json({"hand": "2c 3c 4c 5s 6s 7s 5m 5m 5m 1c RF WF",
                              "melds": ["9c 1s 1m"]})
    r = score(pos)
    assert r.win and r.groups[0].exposed and r.groups[0].extra_codes == ["1c", "RF", "WF"]
    with pytest.raises(MeldError, match=r"melds\[0\].*not an eye or a boy"):
        Position.from_json({"hand": "2c", "melds": ["9c 1s 2m"]})


def test_q1_positions_refuse_a_fifth_copy_across_fields() -> None:
    with pytest.raises(DuplicateCardError) as err:
        Position.from_json({"hand": "5c 5c 5c", "melds": ["5c 6c 7c"], "seen": "5c"})
    assert err.value.field == "seen"


def test_positions_name_their_bad_fields() -> None:
    for obj, field in [({"hand": "2c", "colour": 1}, "colour"), ({}, "hand"),
                       ({"hand": "2c", "eye6": "x"}, "eye6"), ([], "$"),
                       ({"hand": "2c", "melds": 3}, "melds")]:
        with pytest.raises(Exception) as err:
            Position.from_json(obj)
        assert getattr(err.value, "field", None) == field, obj
    with pytest.raises(HandSizeError):
        Position.build(hand=WIN + " 2s")
    with pytest.raises(HandSizeError):
        score(Position.build(hand="2c 3c"))


def test_position_round_trips() -> None:
    p = Position.from_json({"hand": "2c 3c 4c", "melds": ["9c 1s 1m"], "seen": "RF",
                            "eye6": "wilkinson", "extras_replace": True})
    assert Position.from_json(p.to_json()) == p
    assert Position.from_json({"hand": "2c", "options": {"eye6": "wilkinson"}}).rules.eye6 == \
        "wilkinson"
    with pytest.raises(PositionError):
        Position.from_json({"hand": "2c", "options": 3})


def test_q8_settlement() -> None:
    assert settlement(4, 0) == (3, -1, -1, -1)
    assert settlement(6, None) == (0,) * 6
    assert sum(settlement(5, 2)) == 0


def test_analysis_of_14_cards_lists_the_waits_with_unseen_counts() -> None:
    pos = Position.build(hand=WIN[:-3], seen="1c 1c RF")
    a = analyze(pos)
    waits = {w.card.code: w.unseen for w in a.waits}
    assert a.distance == 1 and waits["1c"] == 2 and waits["RF"] == 2
    j = a.to_json()
    assert j["waits_unseen"] == sum(waits.values()) and "discards" not in j
    assert "Waits:" in analysis_text(a, PLAIN)


def test_analysis_of_15_cards_ranks_the_discards() -> None:
    a = analyze(Position.build(hand=WIN.replace("1c", "2s")))
    assert a.discards[0].card.code == "2s" and a.discards[0].distance == 1
    assert all(x.distance >= 1 for x in a.discards)
    assert [d.distance for d in a.discards] == sorted(d.distance for d in a.discards)
    assert "Discards" in analysis_text(a, PLAIN)
    assert analyze(Position.build(hand=WIN)).win


@settings(max_examples=25)
@given(winning_hands())
def test_q5_every_built_winner_scores_as_a_win_with_15_cards(hand: Counts) -> None:
    r = score(Position.build(hand=format_cards(hand)))
    assert r.win and sum(g.size for g in r.groups) == 15
    assert "Wins" in score_text(r, PLAIN)


@settings(max_examples=25)
@given(hands(15))
def test_a_discard_leaves_at_least_the_distance(hand: Counts) -> None:
    a = analyze(Position.build(hand=format_cards(hand)))
    best = a.discards[0].distance
    assert a.distance == (0 if a.win else best)


@settings(max_examples=20, deadline=None)
@given(hands(14))
def test_useful_cards_are_shown_at_any_distance(hand: Counts) -> None:
    """At rest, the useful cards are exactly the kinds that, drawn, leave the hand a card
    closer to a win — at distance 1 its waits, further the cards that bring it closer."""
    from advisor.qing.cards import PACK, plus
    from advisor.qing.solver import solver

    pos = Position.build(hand=format_cards(hand))
    a = analyze(pos)
    s = solver(pos.rules)
    closer = {k for k in range(len(hand)) if hand[k] < PACK[k] and
              s.distance(plus(hand, k), target=15) < a.distance}
    assert {u.card.index for u in a.waits} == closer
    assert [u["card"] for u in a.to_json()["waits"]] == [u.card.code for u in a.waits]
