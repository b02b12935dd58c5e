"""The rules engine (K3–K8, K10): each rule's allowed and forbidden side on built deals."""

from __future__ import annotations

from typing import Any

import pytest

from advisor.errors import AdvisorError, IllegalActionError, RecordError
from advisor.khanhoo.cards import Card, card, cards_of, counts_of, parse_cards
from advisor.khanhoo.game import (
    Action,
    Decision,
    Game,
    claim_action,
    meld_options,
    table_rules,
)
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.view import Offered, View


def cs(text: str) -> list[Card]:
    return parse_cards(text, limit=(99,) * 31)


def deal(players: int, dealer: int, hands: dict[int, str], stock: str = "",
         rules: Rules | None = None, orphan: int | None = None, max_turns: int = 200) -> Game:
    """A deal with the given cards in the given hands and on top of the stock; every
    other card fills the hands (in pack order, from the highest card down) and then the
    rest of the stock."""
    rules = rules or table_rules(players)
    left = list(rules.pack.counts)
    given = {s: cs(h) for s, h in hands.items()}
    top = cs(stock)
    for c in [*top, *(c for h in given.values() for c in h)]:
        left[c.index] -= 1
        assert left[c.index] >= 0, c
    filler = [c for c in reversed(cards_of(tuple(left)))]
    leader = (dealer + 1) % players
    full = []
    for s in range(players):
        want = (6 if s == orphan else 15) + (s == leader)
        h = given.get(s, [])
        while len(h) < want:
            h.append(filler.pop(0))
        assert len(h) == want, (s, len(h))
        full.append(counts_of(h))
    return Game(full, top + filler, dealer, rules=rules, orphan=orphan, max_turns=max_turns)


def play_until(g: Game, seat: int, phase: str) -> None:
    """Decline every claim (and draw) until ``seat`` has a decision in ``phase``."""
    while (d := g.pending) is not None and (d.seat, d.phase) != (seat, phase):
        assert d.phase in ("claim", "draw"), d
        g.act(d.seat, Action("pass" if d.phase == "claim" else "draw"))


def advance(g: Game, seat: int, keep: str = "") -> None:
    """Play until ``seat`` has a turn: others discard their last card not in ``keep``,
    claims are declined, draws drawn."""
    while (d := g.pending) is not None and (d.seat, d.phase) != (seat, "turn"):
        if d.phase == "turn":
            a = [a for a in g.legal_actions() if a.do == "discard" and a.card is not None
                 and a.card.code not in keep.split()][-1]
        else:
            a = Action("pass" if d.phase == "claim" else "draw")
        g.act(d.seat, a)


def rule_of(g: Game, seat: int, action: Action) -> str:
    with pytest.raises(IllegalActionError) as err:
        g.verify(seat, action)
    assert err.value.message.startswith(f"{err.value.rule}: ")
    return err.value.rule


# --- K3: the deal ----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "stock"), [(2, 30), (3, 16), (4, 0), (5, 45)])
def test_k3_fifteen_each_sixteen_to_the_leader(players: int, stock: int) -> None:
    g = Game.from_deal(players, seed=4)
    assert g.leader == (g.dealer + 1) % players
    for s in range(players):
        assert sum(g.hand(s)) == 15 + (s == g.leader)
    assert len(g.stock) == stock
    assert g.cards_in_play() == g.rules.pack.counts


def test_k3_the_leader_starts_without_a_draw() -> None:
    g = Game.from_deal(3, seed=1)
    assert g.pending is not None and (g.pending.seat, g.pending.phase) == (g.leader, "turn")
    assert rule_of(g, g.leader, Action("draw")) == "K4"
    assert all(a.do in ("out", "discard") for a in g.legal_actions())


def test_k3_a_deal_must_match_the_pack() -> None:
    g = Game.from_deal(2, seed=2)
    hands = [s.dealt for s in g.seats]
    with pytest.raises(RecordError, match="hands\\[0\\]"):
        Game([hands[1], hands[1]], g.initial_stock, g.dealer)
    with pytest.raises(RecordError, match="players"):
        Game(hands[:1], g.initial_stock, 0)
    with pytest.raises(RecordError, match="K1"):
        Game(hands, g.initial_stock[1:] + g.initial_stock[:1] + (card("Ah"),), g.dealer)


# --- K4: a turn ----------------------------------------------------------------------------------

def test_k4_unclaimed_discard_then_the_next_player_draws_the_top_card() -> None:
    g = deal(2, 1, {0: "Ah 3h 5h 7h 9h Ac 3c 5c 7c 9c Ad 3d 5d 7d 9d Js",
                    1: "2h 4h 6h 8h 2c 4c 6c 8c 2d 4d 6d 8d Qs Ks Ks"}, stock="Jk")
    assert rule_of(g, 1, Action("discard", card("2h"))) == "K4"  # not seat 1's turn
    assert rule_of(g, 0, Action("discard", card("2h"))) == "K4"  # not held
    g.discard(0, card("Js"))
    d = g.pending
    assert d is not None and (d.seat, d.phase) == (1, "claim")  # Js with Qs Ks: Courts
    assert rule_of(g, 0, Action("pass")) == "K4"
    g.pass_(1)
    assert g.pending == Decision(1, "draw")
    assert g.legal_actions() == [Action("draw")]
    g.draw(1)
    assert g.hand(1)[card("Jk").index] == 1 and g.pending == Decision(1, "turn")


def test_k4_the_discard_pile_is_turned_over_when_the_stock_is_empty() -> None:
    g = Game.from_deal(2, seed=11, max_turns=500)
    discards = []
    while g.turnovers == 0 and not g.over:
        d = g.pending
        assert d is not None
        if d.phase == "turn":
            a = next(a for a in g.legal_actions() if a.do == "discard")
            discards.append(a.card)
            g.act(d.seat, a)
        else:
            pile_before = list(g.pile)
            g.act(d.seat, Action("pass" if d.phase == "claim" else "draw"))
            if g.turnovers:
                assert g.stock == pile_before[1:]  # the first discard was drawn
                assert g.pile == []
    assert g.cards_in_play() == g.rules.pack.counts


def test_k4_with_no_stock_the_previous_discard_is_taken_into_the_hand() -> None:
    g = Game.from_deal(4, seed=5)
    assert g.no_stock and not g.stock
    leader = g.leader
    a = next(a for a in g.legal_actions() if a.do == "discard")
    g.act(leader, a)
    play_until(g, (leader + 1) % 4, "draw")
    g.draw((leader + 1) % 4)
    assert a.card is not None and g.hand((leader + 1) % 4)[a.card.index] >= 1
    assert g.seats[(leader + 1) % 4].taken[a.card.index] == 1
    assert g.cards_in_play() == g.rules.pack.counts


def test_k4_option_must_go_out() -> None:
    hand = "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2c 2d 9d"
    free = deal(2, 1, {0: hand})
    assert free.can(0, Action("discard", card("Ah")))
    forced = deal(2, 1, {0: hand}, rules=Rules(must_go_out=True))
    assert rule_of(forced, 0, Action("discard", card("Ah"))) == "K4"
    assert forced.can(0, Action("out", card("9d")))


def test_k4_the_turn_limit_makes_a_draw() -> None:
    g = Game.from_deal(2, seed=3, max_turns=3)
    while not g.over:
        d = g.pending
        assert d is not None
        legal = [a for a in g.legal_actions() if a.do in ("discard", "pass", "draw")]
        g.act(d.seat, legal[0])
    assert g.result is not None and g.result.winner is None and g.result.scores == (0, 0)
    assert g.discards == 3


# --- K5: taking a discard and bumps ------------------------------------------------------------

THREE = {
    0: "Ah Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2d 9h 5d",
    1: "3d 4d 6d 7d 8d Ac Ac 2h 3h 4c 5c 6c 8h 9d Jk",
    2: "7d 8c 9h Js Qs Ks 5h 5c 2c 3c 6h 7h 4d 6d Jk",
}


def test_k5_the_next_player_takes_for_any_combination_laid_at_once() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    assert g.pending is not None and (g.pending.seat, g.pending.phase) == (1, "claim")
    take = claim_action("take", cs("3d 4d"))
    assert take in g.legal_actions()
    g.act(1, take)
    g.pass_(2)  # the third player does not bump
    assert g.seats[1].melds[0].code == "sequence"
    assert [c.code for c in g.seats[1].melds[0].cards] == ["3d", "4d", "5d"]
    assert g.pending is not None and (g.pending.seat, g.pending.phase) == (1, "turn")
    assert sum(g.hand(1)) == 13 and g.seats[1].size == 16
    assert not any(a.do == "draw" for a in g.legal_actions())


def test_k5_a_take_must_complete_a_combination() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    assert rule_of(g, 1, claim_action("take", cs("8d 9d"))) == "K5"  # 5d 8d 9d: none
    assert rule_of(g, 1, claim_action("take", cs("Qs Ks"))) == "K5"  # not held
    assert rule_of(g, 1, claim_action("bump", cs("3d 4d"))) == "K5"  # the next player takes


def test_k5_in_a_three_hand_game_only_the_third_player_bumps() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    g.pass_(1)
    assert g.pending is not None and g.pending.seat == 2
    bump = claim_action("bump", cs("5h 5c"))
    assert bump in g.legal_actions()
    assert rule_of(g, 2, claim_action("take", cs("5h 5c"))) == "K5"  # takes are the next's


def test_k5_a_bump_is_never_for_a_sequence_unless_the_option() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    g.pass_(1)
    seq = claim_action("bump", cs("4d 6d"))
    assert seq not in g.legal_actions()
    assert rule_of(g, 2, seq) == "K5"
    g2 = deal(3, 2, THREE, rules=table_rules(3, bump_sequences=True))
    g2.discard(0, card("5d"))
    g2.pass_(1)
    assert g2.can(2, seq)


def test_k5_the_combination_scoring_more_wins_and_play_goes_on_from_the_bumper() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    g.take(1, cs("3d 4d"))  # a Sequence, 1 point
    g.bump(2, cs("5h 5c"))  # a Triplet, 2 points: it wins
    assert not g.seats[1].melds and g.seats[2].melds[0].code == "triplet"
    assert g.pending is not None and (g.pending.seat, g.pending.phase) == (2, "turn")
    g.discard(2, card("2c"))
    play_until(g, 0, "draw")  # seat 1 was skipped: the bumper's left draws
    assert g.pending == Decision(0, "draw")


def test_k5_equal_claims_go_to_the_nearest_the_discarders_left() -> None:
    g2 = deal(4, 3, {0: "5d 9d Ah 2h 3h 4c 6c 7c Ac 2c 3c 7h 8h 9h 2d 3d",
                     2: "5h 5c", 3: "5h 5c"})
    g2.discard(0, card("5d"))
    asked = []
    while g2.pending is not None and g2.pending.phase == "claim":
        seat = g2.pending.seat
        asked.append(seat)
        bump = claim_action("bump", cs("5h 5c"))
        g2.act(seat, bump if bump in g2.legal_actions() else Action("pass"))
    assert asked[-2:] == [2, 3]
    assert g2.seats[2].melds and not g2.seats[3].melds  # seat 2 sits nearer


def test_k5_the_higher_combination_beats_the_nearer_claimant() -> None:
    g = deal(4, 3, {0: "Js 9d Ah 2h 3h 4c 5c 6c Ac 2c 3c 7h 8h 9h 2d 3d",
                    2: "Qs Ks", 3: "7d 7d"})
    g.discard(0, card("Js"))
    while g.pending is not None and g.pending.phase == "claim":
        seat = g.pending.seat
        want = {2: claim_action("bump", cs("Qs Ks")), 3: claim_action("bump", cs("7d 7d"))}
        g.act(seat, want[seat] if want.get(seat) in g.legal_actions() else Action("pass"))
    assert g.seats[3].melds[0].code == "royal_j" and not g.seats[2].melds


def test_k5_no_bumps_in_a_two_hand_game() -> None:
    g = deal(2, 1, {0: "5d Ah 3h 5h 7h 9h Ac 3c 7c 9c Ad 3d 7d 9d Js Qs",
                    1: "5h 5c"})
    g.discard(0, card("5d"))
    assert g.pending is not None and g.pending.seat == 1
    assert all(a.do in ("pass", "take") for a in g.legal_actions())


def test_k5_a_take_must_leave_a_card_to_discard() -> None:
    g = deal(2, 1, {0: "Ah 3h 5h 7h 9h Ac 3c 7c 9c Ad 2d 8d 9d Js Qs 5d"})
    g.seats[1].hand = list(counts_of(cs("3d 4d 6d 7d")))  # a seat with 4 cards left
    g.discard(0, card("5d"))
    assert g.can(1, claim_action("take", cs("6d 7d")))
    assert rule_of(g, 1, claim_action("take", cs("3d 4d 6d 7d"))) == "K5"


def test_k5_meld_options_use_jokers_and_a_taken_joker() -> None:
    rules = Rules(2, 2)
    h = counts_of(cs("Ah 2c Jk 9d"))
    found = {(" ".join(c.code for c in w), m.code) for w, m in meld_options(h, card("3d"), rules)}
    assert ("Ah 2c", "khanhoo") in found and ("Ah Jk", "khanhoo") in found
    found = {(" ".join(c.code for c in w), m.code) for w, m in meld_options(h, card("Jk"), rules)}
    assert ("Ah 2c", "khanhoo") in found


# --- K6: going out -----------------------------------------------------------------------------

def test_k6_going_out_ends_the_deal_with_the_points() -> None:
    g = deal(3, 2, {0: "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h 4c"})
    outs = [a for a in g.legal_actions() if a.do == "out"]
    assert outs[0] == Action("out", card("4c"))
    assert rule_of(g, 0, Action("out", card("Ks"))) == "K6"
    g.out(0, card("4c"))
    assert g.result is not None and g.result.winner == 0 and g.result.by == "out"
    assert g.result.points == 29 + 5 and g.result.scores == (34, 0, 0)
    assert rule_of(g, 1, Action("draw")) == "K6"
    assert g.legal_actions() == [] and g.pending is None


def test_k6_going_out_after_taking_a_discard_counts_the_meld() -> None:
    g = deal(2, 1, {0: "Js 2d 4d 6d 8d Ac 3c 5c 7c 9c 3h 4h 6h 8h 4c 6c",
                    1: "7d 7d Ah 2c 3d 4h 5h 6h 7c 8c 9c 2h 2c 2d 9d"})
    g.discard(0, card("Js"))
    g.take(1, cs("7d 7d"))
    assert rule_of(g, 1, Action("out", card("Ah"))) == "K6"
    g.out(1, card("9d"))
    r = g.result
    assert r is not None and r.winner == 1 and r.points == 4 + 5 + 1 + 1 + 2 + 5
    codes = [c["code"] for c in r.to_json()["combinations"]]
    assert codes[0] == "royal_j" and sorted(codes[1:]) == ["khanhoo", "sequence", "sequence",
                                                           "triplet"]


# --- K7: the orphan ------------------------------------------------------------------------------

def test_k7_the_orphan_gets_six_and_leaves_a_nine_card_stock() -> None:
    g = Game.from_deal(4, seed=9, dealer=0, orphan=2)
    assert sum(g.hand(2)) == 6 and sum(g.hand(1)) == 16 and len(g.stock) == 9
    g = Game.from_deal(4, seed=9, dealer=0, orphan=1)
    assert sum(g.hand(1)) == 7
    with pytest.raises(RecordError, match="K7"):
        Game.from_deal(3, seed=9, orphan=1)


def test_k7_the_orphan_goes_out_with_six_of_seven() -> None:
    g = deal(4, 3, {0: "Ah 2c 3d Js Qs Ks 9d"}, orphan=0)
    assert g.can(0, Action("out", card("9d")))
    g.out(0, card("9d"))
    assert g.result is not None and g.result.points == 5 + 3 + 5


# --- K10: Trio, Quartette and the cache --------------------------------------------------------

TRIO4 = Rules(4, 1, trio=True)


def test_k10_cache_and_quartette_by_cache() -> None:
    g = deal(5, 4, {0: "5h 5h 5h 9d Ah 3h 7h 9h Ac 3c 7c 9c Ad 3d 7d 2d", 2: "5h"},
             rules=TRIO4)
    assert g.can(0, Action("cache", card("5h")))
    g.cache(0, card("5h"))
    assert g.seats[0].cache is not None and sum(g.hand(0)) == 13 and g.seats[0].size == 16
    assert rule_of(g, 0, Action("cache", card("9d"))) == "K10"  # one cache at most
    g.discard(0, card("9d"))
    advance(g, 2, keep="5h")
    g.discard(2, card("5h"))
    play_until(g, 0, "claim")
    assert Action("quartette") in g.legal_actions()
    g.quartette(0)
    r = g.result
    assert r is not None and r.winner == 0 and r.by == "cache" and r.points == 17
    assert g.cards_in_play() == TRIO4.pack.counts


def test_k10_a_natural_quartette_ends_the_deal() -> None:
    g = deal(5, 4, {0: "8c 8c 8c 8c 9d Ah 3h 7h 9h Ac 3c 7c Ad 3d 7d 2d"}, rules=TRIO4)
    assert Action("quartette", card("8c")) in g.legal_actions()
    g.quartette(0, card("8c"))
    assert g.result is not None and g.result.by == "quartette" and g.result.points == 17


def test_k10_a_cache_must_leave_a_card_to_discard() -> None:
    g = deal(5, 4, {0: "8c 8c 8c 9c 9d Ah 3h 7h 9h Ac 3c 7c Ad 3d 7d 2d"}, rules=TRIO4)
    g.seats[0].hand = list(counts_of(cs("8c 8c 8c")))  # the rest laid in combinations
    assert rule_of(g, 0, Action("cache", card("8c"))) == "K10"
    assert Action("cache", card("8c")) not in g.legal_actions()


def test_k10_needs_the_option_and_a_natural_trio() -> None:
    g = deal(5, 4, {0: "8c 8c 8c 8c 9d Ah 3h 7h 9h Ac 3c 7c Ad 3d 7d 2d"}, rules=Rules(4, 1))
    assert rule_of(g, 0, Action("cache", card("8c"))) == "K10"
    assert rule_of(g, 0, Action("quartette", card("8c"))) == "K10"
    g = deal(5, 4, {0: "8c 8c 8c 9c 9d Ah 3h 7h 9h Ac 3c 7c Ad 3d 7d 2d"}, rules=TRIO4)
    g.seats[0].taken[card("8c").index] = 1  # one 8c came from a discard
    assert rule_of(g, 0, Action("cache", card("8c"))) == "K10"
    assert rule_of(g, 0, Action("quartette", card("9c"))) == "K10"


# --- views and records --------------------------------------------------------------------------

def test_view_shows_own_hand_and_public_cards_only() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    v = g.view(1)
    assert v.hand == tuple(cards_of(g.hand(1)))
    assert v.offer == Offered(card("5d"), 0) and v.pile == (card("5d"),)
    assert v.table[0].cards == 15
    js = v.to_json()
    assert js["hand"] == [c.code for c in cards_of(g.hand(1))]
    assert js["offer"] == {"card": "5d", "by": 0} and js["pile"] == ["5d"]
    assert js["table"][0]["cards"] == 15 and "hand" not in js["table"][0]


def test_view_json_is_the_bot_protocols_view() -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    js = g.view(1).to_json()
    assert list(js) == ["sets", "jokers", "options", "players", "seat", "dealer", "leader",
                        "orphan", "phase", "to_act", "hand", "cache", "stock_left", "no_stock",
                        "turnovers", "discards_made", "max_turns", "pile", "offer", "table"]
    assert list(js["table"][0]) == ["melds", "cache", "cards", "target", "discards"]
    assert View.from_json(js) == g.view(1)


@pytest.mark.parametrize(("change", "field"), [
    (lambda v: v.pop("pile"), "pile"),
    (lambda v: v.update(players=7), "players"),
    (lambda v: v.update(seat=3), "seat"),
    (lambda v: v.update(phase="deal"), "phase"),
    (lambda v: v.update(sets=9), "sets"),
    (lambda v: v.update(options={"trios": True}), "options.trios"),
    (lambda v: v["hand"].append("Xx"), "hand"),
    (lambda v: v.update(cache=5), "cache"),
    (lambda v: v.update(table=v["table"][:2]), "table"),
    (lambda v: v["table"][2].pop("target"), "table[2].target"),
    (lambda v: v["table"][0]["discards"].append("Zz"), "table[0].discards"),
    (lambda v: v["offer"].update(by=-1), "offer.by"),
    (lambda v: v.update(no_stock="no"), "no_stock"),
])
def test_a_bad_view_json_names_its_field(change: Any, field: str) -> None:
    g = deal(3, 2, THREE)
    g.discard(0, card("5d"))
    js = g.view(1).to_json()
    change(js)
    with pytest.raises(AdvisorError) as err:
        View.from_json(js)
    assert err.value.field == field


def test_action_json_round_trip() -> None:
    for a in (Action("discard", card("5h")), Action("out", card("Jk")), Action("pass"),
              Action("draw"), claim_action("bump", cs("7d Js")), Action("quartette"),
              Action("quartette", card("8c")), Action("cache", card("8c"))):
        assert Action.from_json(a.to_json()) == a
    with pytest.raises(RecordError):
        Action.from_json({"do": "dance"})
    with pytest.raises(RecordError):
        Action.from_json({"do": "take"})
    with pytest.raises(RecordError):
        Action.from_json({"do": "discard", "card": "5h", "with": ["5c"]})


@pytest.mark.parametrize(("players", "jokers"), [(2, 1), (3, 2), (4, 1)])
def test_k1_an_advice_position_is_dealt_the_table_s_pack(players: int, jokers: int) -> None:
    from advisor.khanhoo.position import view_of_position
    hand = "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d 5c"
    v = view_of_position({"hand": hand, "players": players})
    assert (v.rules.sets, v.rules.jokers) == (2, jokers)
    v = view_of_position({"hand": hand, "players": 3, "jokers": 1})
    assert (v.rules.sets, v.rules.jokers) == (2, 1)


def test_k9_the_variation_and_another_number_of_sets_are_refused() -> None:
    from advisor.khanhoo.simulate import start
    with pytest.raises(AdvisorError) as info:
        start(["greedy", "greedy"], games=1, seed=0, duplicate=False, first=0,
              variation=True, sets=2)
    assert info.value.field == "sets" and "K9" in info.value.message
