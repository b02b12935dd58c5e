"""Khanhoo's own bots and simulator: the greedy bot's choices, the table sizes and the
orphan, how each deal was won. What every game's players share (seat specs, external
bots that misbehave, simulation runs) is checked in tests/games/test_players.py."""

from __future__ import annotations

import pytest

from advisor.errors import AdvisorError
from advisor.khanhoo.bots import GreedyBot, SeatCards, partners
from advisor.khanhoo.cards import Card, card, counts_of, parse_cards
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Action, Game, claim_action
from advisor.khanhoo.simulate import ROUTES, route
from tests.khanhoo.test_game import cs, deal, play_until


def test_greedy_goes_out_when_it_can() -> None:
    g = Game.from_deal(2, seed=1)
    s = g.seats[g.leader]
    s.hand = list(counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2c 2d 9d",
                                        limit=(9,) * 31)))
    legal = g.legal_actions()
    assert GreedyBot().decide(g.view(g.leader), legal) == Action("out", card("9d"))


def test_greedy_discards_the_loosest_card() -> None:
    g = Game.from_deal(2, seed=1)
    s = g.seats[g.leader]
    s.hand = list(counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d 5c",
                                        limit=(9,) * 31)))
    a = GreedyBot().decide(g.view(g.leader), g.legal_actions())
    assert a.do == "discard" and a.card is not None and a.card.code in ("9d", "5c")


def test_seat_cards_from_a_view() -> None:
    g = Game.from_deal(3, seed=2)
    seat = SeatCards.of(g.view(g.leader))
    assert seat.hand == g.hand(g.leader) and seat.target == 15
    assert sum(seat.unseen) == g.rules.pack.size - 16
    assert partners(counts_of(parse_cards("4h 5h 5c 9d")), card("5h")) == 2


def test_slices_of_a_run_merge_into_the_whole_run() -> None:
    specs = ["greedy", "greedy", "greedy"]
    whole = KHANHOO.simulate(specs, games=4, seed=3, duplicate=True)
    part = KHANHOO.simulate(specs, games=2, seed=3, duplicate=True)
    part.merge(KHANHOO.simulate(specs, games=2, seed=3, duplicate=True, first=2))
    assert [p.to_json() for p in part.players] == [p.to_json() for p in whole.players]
    assert (part.games, part.outcomes) == (whole.games, whole.outcomes)


def test_greedy_beats_random() -> None:
    s = KHANHOO.simulate(["greedy", "random"], games=40, seed=5)
    greedy, rand = s.players
    assert greedy.wins > 2 * rand.wins


def test_table_size_and_orphan() -> None:
    with pytest.raises(AdvisorError, match="2 to 5"):
        KHANHOO.simulate(["greedy"], games=1)
    with pytest.raises(AdvisorError, match="K7"):
        KHANHOO.simulate(["greedy"] * 3, games=1, orphan=True)
    s = KHANHOO.simulate(["greedy"] * 4, games=2, seed=1, orphan=True)
    assert s.games == 2


# --- how the wins came (simulate.route) --------------------------------------------------------

OUT_ON_A_TRIPLET = "5h 5c Ad 2d 3d 4d 6d 7d 8d 9d 6c 7c 8c 9c Js"  # 5d completes it


def test_route_k3_the_leader_going_out_on_the_dealt_cards() -> None:
    g = deal(3, 2, {0: "Ah 2h 3h 4h 5h 6h 7h 8h 9h Ac 2c 3c 4c 5c 6c 9d"})
    g.out(0, card("9d"))
    assert route(g) == "deal"


@pytest.mark.parametrize(("seat", "claim"), [(1, "take"), (2, "bump")])
def test_route_k5_going_out_on_a_claimed_discard(seat: int, claim: str) -> None:
    g = deal(3, 2, {0: "5d", seat: OUT_ON_A_TRIPLET})
    g.discard(0, card("5d"))
    play_until(g, seat, "claim")
    g.act(seat, claim_action(claim, cs("5h 5c")))
    play_until(g, seat, "turn")
    g.out(seat, card("Js"))
    assert route(g) == claim


def test_route_k4_going_out_on_a_card_from_the_stock() -> None:
    g = deal(3, 2, {0: "Ks", 1: OUT_ON_A_TRIPLET}, stock="5d")
    g.discard(0, card("Ks"))
    play_until(g, 1, "draw")
    g.draw(1)
    g.out(1, card("Js"))
    assert route(g) == "draw"


def test_route_of_an_unfinished_or_drawn_deal_is_none() -> None:
    g = Game.from_deal(3, seed=1)
    assert route(g) is None
    g = Game.from_deal(3, seed=1, max_turns=2)
    KHANHOO.play(g, [GreedyBot()] * 3)
    assert g.result is not None and g.result.winner is None and route(g) is None


def test_every_win_has_one_route_and_slices_merge() -> None:
    specs = ["greedy"] * 3  # deterministic bots, so slices replay the whole run
    whole = KHANHOO.simulate(specs, games=6, seed=5, duplicate=True)
    assert sum(sum(r.values()) for r in whole.routes) == whole.games - whole.draws
    assert [sum(r.values()) for r in whole.routes] == [p.wins for p in whole.players]
    assert {how for r in whole.routes for how in r} <= set(ROUTES)
    part = KHANHOO.simulate(specs, games=3, seed=5, duplicate=True)
    part.merge(KHANHOO.simulate(specs, games=3, seed=5, duplicate=True, first=3))
    assert part.routes == whole.routes
    assert whole.to_json()["win_routes"] == [dict(sorted(r.items())) for r in whole.routes]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_plus_plays_whole_legal_deals_at_every_table_size(players: int) -> None:
    specs = ["greedy+"] + ["greedy"] * (players - 1)
    s = KHANHOO.simulate(specs, games=3, seed=players, duplicate=True)
    assert s.games == 3 * players and s.incidents == []
    assert KHANHOO.make_bot("greedy+").name == "greedy+"


def test_greedy_plus_is_deterministic_and_keeps_the_smallest_distance() -> None:
    from advisor.khanhoo.bots import best_discard
    from advisor.khanhoo.strong import StrongBot

    for seed in range(6):
        g = Game.from_deal(3, seed=seed)
        view, legal = g.view(g.leader), g.legal_actions()
        a, b = StrongBot().decide(view, legal), StrongBot().decide(view, legal)
        assert a == b and a in legal
        seat = SeatCards.of(view)
        if a.do == "discard":
            assert a.card is not None
            plain = best_discard(seat, [x for x in legal if x.do == "discard"])
            assert plain.card is not None
            assert _distance_after(seat, a.card) == _distance_after(seat, plain.card)


def _distance_after(seat: SeatCards, c: Card) -> int | None:
    from advisor.khanhoo.bots import without
    from advisor.khanhoo.melds import distance

    return distance(without(seat.hand, [c]), seat.rules, seat.target, seat.own)


def _plain_best_discard(seat: SeatCards, discards: list[Action]) -> Action:
    """The greedy discard judged the plain way: every discard's distance in full."""
    from advisor.khanhoo.bots import without
    from advisor.khanhoo.melds import distance

    def key(a: Action) -> tuple[int, int, int]:
        assert a.card is not None
        d = distance(without(seat.hand, [a.card]), seat.rules, seat.target, seat.own)
        return (99 if d is None else d, partners(seat.hand, a.card), -a.card.index)

    return min(discards, key=key)


def _plain_least(seat: SeatCards, discards: list[Action]) -> tuple[int, list[Action]]:
    """greedy+'s first stage judged the plain way: every discard's distance in full,
    the least and the discards leaving it."""
    from advisor.khanhoo.bots import without
    from advisor.khanhoo.melds import distance

    scored = []
    for a in discards:
        assert a.card is not None
        d = distance(without(seat.hand, [a.card]), seat.rules, seat.target, seat.own)
        scored.append((99 if d is None else d, a))
    low = min(d for d, _ in scored)
    return low, [a for d, a in scored if d == low]


def _plain_strong_discard(view, seat: SeatCards, discards: list[Action]) -> Action:
    """greedy+'s discard judged the plain way: every key of the least-distance
    discards in full."""
    from advisor.khanhoo.advice import claim_danger
    from advisor.khanhoo.strong import DANGER_STEP, acceptance, live

    low, least = _plain_least(seat, discards)

    def key(a: Action) -> tuple[int, int, int, int, int]:
        assert a.card is not None
        danger = claim_danger(a.card, view, seat)
        return (-acceptance(seat, a.card, low), partners(seat.hand, a.card),
                live(seat, a.card), round(danger / DANGER_STEP), -a.card.index)

    return min(least, key=key)


@pytest.mark.parametrize("players,sets,orphan,options", [
    (3, 2, None, {}), (4, 2, 1, {}), (2, 3, None, {"trio": True})])
def test_greedy_discard_is_the_plain_one_at_every_decision(
        players: int, sets: int, orphan: int | None, options: dict) -> None:
    """best_discard's bounded search (no real discard keeps more than the whole hand)
    picks the discard that judging every discard in full picks, and least_discards
    (greedy+'s first stage) finds the same least distance and discards, and greedy+
    throws the card it throws when every key is judged in full, at every discard of
    whole deals between greedy and random seats."""
    from advisor.games.bots import RandomBot
    from advisor.khanhoo.bots import best_discard, least_discards
    from advisor.khanhoo.rules import Rules
    from advisor.khanhoo.strong import StrongBot

    checked = 0
    for seed in range(4):
        g = Game.from_deal(players, seed=seed, rules=Rules.build(sets, 1, options),
                           orphan=orphan)
        bots = [GreedyBot() if s % 2 == 0 else RandomBot(seed) for s in range(players)]
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            discards = [a for a in legal if a.do == "discard"]
            if discards:
                seat = SeatCards.of(g.view(d.seat))
                assert best_discard(seat, discards) == _plain_best_discard(seat, discards)
                assert least_discards(seat, discards) == _plain_least(seat, discards)
                view = g.view(d.seat)
                assert StrongBot().discard(view, seat, discards) == \
                    _plain_strong_discard(view, seat, discards)
                checked += 1
            g.act(d.seat, bots[d.seat].decide(g.view(d.seat), legal))
    assert checked > 20
