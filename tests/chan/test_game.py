"""One constructed scenario per rule ID of the rules page (§3–§6), both sides of each rule.

Every forbidden side checks the :class:`IllegalActionError`'s ``rule`` and that its message
names the card at stake. Deals are built by :func:`deal` from partial specs: the cards of
the seats a scenario cares about and the top of the stock; the rest of the 100 cards are
spread deterministically, never giving a seat a third copy of a face or a card of a rank
that the scenario specified for that seat. Play is driven through the engine (``act``) and
:func:`walk_to` (everybody passes until a seat is offered a given card).
"""

from __future__ import annotations

from typing import Any

import pytest

from advisor.chan.cards import FACES, FULL_DECK, Face, counts_of, parse_cards, parse_face
from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import Action, Decision, Game, Offer
from advisor.chan.pairing import is_win, p0_counts
from advisor.chan.record import play_recorded
from advisor.errors import IllegalActionError, RecordError

SEATS = 4
PASS = Action("pass")
CHIU = Action("chiu")
WIN = Action("win")
HEAVEN = Action("heaven")

# Hands (19 cards) named after what they wait for.
# 6 Chắn + 3 Cạ + 9v: wins on 9m or 9s (a fourth Cạ) and on 9v (a seventh Chắn).
WAITS_9_BY_9V = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2m 3s 3m 4s 4m 9v"
# 6 Chắn + 3 Cạ + 9m: wins on 9m (seventh Chắn) — and on 9v/9s (fourth Cạ).
WAITS_9_BY_9M = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2m 3s 3m 4s 4m 9m"
# 8 Chắn + the Cạ 4s 4m + 9m: exactly one unpaired card (waiting).
WAITING_8_CHAN = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2s 3s 3s 4s 4m 9m"
# 9 Chắn + 9m: eating a ninth pair leaves nothing but Chắn in the hand.
NINE_CHAN = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2s 3s 3s 4s 4s 9m"
# Ten Chắn for a dealer (20 cards): a Thiên ù, and no legal discard (R2).
TEN_CHAN = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2s 3s 3s 4s 4s 5s 5s"


# --- building and driving deals -----------------------------------------------------------

def deal(hands: dict[int, str] | None = None, stock: str = "", dealer: int = 0) -> Game:
    """A full legal deal (S1–S3) from partial specs.

    ``hands`` gives some cards (up to all) of some seats, ``stock`` the top of the stock
    (first card first). The remaining cards are dealt in deck order, round-robin over the
    seats that still need cards and the stock. A seat never receives a third copy of a
    face, nor any card of a rank (or Chi chi) that its spec mentions, so the spec fixes
    the whole of those ranks in that hand; when only such cards are left, a filler card
    of the stock is traded in. A seat with no spec can win on no card.
    """
    hands = hands or {}
    fixed = {seat: parse_cards(text) for seat, text in hands.items()}
    top = parse_cards(stock)
    left = list(FULL_DECK)
    for f in [*top, *(f for cards in fixed.values() for f in cards)]:
        left[f.index] -= 1
        assert left[f.index] >= 0, f"the scenario uses more than four {f.code}"
    size = [20 if seat == dealer else 19 for seat in range(SEATS)]
    got: list[list[Face]] = [list(fixed.get(seat, [])) for seat in range(SEATS)]
    avoid = [{f.rank for f in fixed.get(seat, [])} for seat in range(SEATS)]
    pile = list(top)
    targets: list[int | None] = [*range(SEATS), None]  # None: the stock
    turn = 0

    def takes(target: int | None, f: Face) -> bool:
        if target is None:
            return len(pile) < 23
        return (len(got[target]) < size[target] and f.rank not in avoid[target]
                and sum(g is f for g in got[target]) < 2)

    for f in [face for face in FACES for _ in range(left[face.index])]:
        order = targets[turn:] + targets[:turn]
        pick = next((t for t in order if takes(t, f)), "none")
        if pick == "none":  # the stock is full: trade f for a filler card of the stock
            seat = next(t for t in range(SEATS) if len(got[t]) < size[t])
            i = next(i for i in range(len(top), len(pile)) if takes(seat, pile[i]))
            got[seat].append(pile[i])
            pile[i] = f
            continue
        assert not isinstance(pick, str)
        turn = (targets.index(pick) + 1) % len(targets)
        (pile if pick is None else got[pick]).append(f)
    for seat in set(range(SEATS)) - set(fixed):  # a filled seat claims nothing
        for f in FACES:
            assert not is_win(counts_of([*got[seat], f])), f"deal: seat {seat} wins on {f}"
    return Game([counts_of(cards) for cards in got], pile, dealer)


def card(code: str) -> Face:
    return parse_face(code)


def discard(code: str) -> Action:
    return Action("discard", card(code))


def eat(code: str) -> Action:
    return Action("eat", card(code))


def walk_to(g: Game, seat: int, code: str, limit: int = 200) -> None:
    """Everybody passes (claims are declined) until ``seat`` is offered ``code``."""
    face = card(code)
    for _ in range(limit):
        d = g.pending
        assert d is not None, "the deal ended before the offer"
        assert g.offer is not None
        if d == Decision(seat, "offer") and g.offer.card == face:
            return
        g.act(d.seat, PASS)
    raise AssertionError(f"seat {seat} was never offered {code}")


def some_discard(g: Game, *avoid: str) -> Action:
    """A legal discard for the pending seat, avoiding some faces."""
    return next(a for a in g.legal_actions() if a.do == "discard"
                and a.card is not None and a.card.code not in avoid)


def allowed(g: Game, seat: int, action: Action, *, do: bool = True) -> None:
    """The action is legal (and listed when it is the seat's decision); play it."""
    g.verify(seat, action)
    assert g.can(seat, action)
    if g.pending is not None and g.pending.seat == seat:
        assert action in g.legal_actions()
    if do:
        g.act(seat, action)


def illegal(g: Game, seat: int, action: Action, rule: str, *names: str) -> str:
    """The action is refused with ``rule``; the message names ``names``; nothing changes."""
    before = (len(g.log), g.pending, g.offer, [s.counts() for s in g.seats])
    with pytest.raises(IllegalActionError) as info:
        g.act(seat, action)
    err = info.value
    message = str(err)
    assert err.rule == rule, message
    assert message.startswith(f"{rule}: ")
    for name in names:
        assert name in message, message
    assert not g.can(seat, action)
    if g.pending is not None and g.pending.seat == seat:
        assert action not in g.legal_actions()
    assert (len(g.log), g.pending, g.offer, [s.counts() for s in g.seats]) == before
    return message


def settled(g: Game, winner: int, win_by: str) -> set[str]:
    """Check a finished deal's result and settlement (§7); return the bonus codes."""
    r = g.result
    assert r is not None and g.pending is None and g.over
    assert (r.winner, r.win_by) == (winner, win_by)
    assert r.score is not None and r.score.win
    p = r.points
    assert p >= 2
    assert r.payments[winner] == 3 * p
    assert all(r.payments[s] == -p for s in range(SEATS) if s != winner)
    assert sum(r.payments) == 0
    assert CHAN.replay(g.to_record()).valid
    return {b.code for b in r.score.bonuses}


def opened(hands: dict[int, str], stock: str = "", first: str | None = None) -> Game:
    """A deal with dealer 0 after its opening discard ``first`` (default: the first card
    of seat 0's spec)."""
    g = deal(hands, stock)
    first = first or hands[0].split()[0]
    g.act(0, discard(first))
    return g


# --- S1–S3: setup -------------------------------------------------------------------------

def test_s1_every_deal_accounts_for_the_100_card_deck() -> None:
    assert sum(FULL_DECK) == 100 and len(FACES) == 25
    for seed in range(5):
        g = Game.from_deal(seed=seed)
        assert g.cards_in_play() == FULL_DECK
        for _ in range(12):  # still all there after some play
            if g.over:
                break
            g.act(g.pending.seat, g.legal_actions()[-1])  # type: ignore[union-attr]
        assert g.cards_in_play() == FULL_DECK


def test_s1_a_deal_with_a_fifth_copy_is_rejected() -> None:
    g = deal({1: "cc"})
    hands = [list(g.hand(s)) for s in range(SEATS)]
    hands[1][card("cc").index] -= 1
    hands[1][card("2v").index] += 1  # a fifth 2v, three cc
    with pytest.raises(RecordError) as info:
        Game([tuple(h) for h in hands], g.stock, 0)
    assert "(S1)" in info.value.message and info.value.token == "2v"
    assert "5 copies of 2v" in info.value.message


def test_s2_play_order_wraps_from_seat_3_to_seat_0() -> None:
    g = deal({3: "8v"}, dealer=3)
    assert g.pending == Decision(3, "start")
    g.act(3, discard("8v"))
    assert g.offer == Offer(card("8v"), "discard", 3, 0, True)
    assert g.pending == Decision(0, "offer")
    g.act(0, PASS)
    assert g.offer is not None and (g.offer.door, g.offer.to) == (0, 0)
    assert {Game.from_deal(seed=s).dealer for s in range(40)} == {0, 1, 2, 3}


def test_s2_a_deal_needs_four_seats_and_a_dealer_among_them() -> None:
    g = deal()
    hands = [g.hand(s) for s in range(SEATS)]
    with pytest.raises(RecordError, match=r"\(S2\)"):
        Game(hands[:3], g.stock, 0)
    with pytest.raises(RecordError, match=r"seat 4 does not exist \(S2\)"):
        Game(hands, g.stock, 4)
    # acting as a fifth seat: not your move (T1 at the opening), citing S2
    message = illegal(g, 4, discard("2v"), "T1")
    assert "no seat 4 (S2)" in message


def test_s3_dealer_gets_20_cards_the_others_19_and_the_stock_23() -> None:
    for dealer in range(SEATS):
        g = Game.from_deal(seed=dealer, dealer=dealer)
        assert [sum(g.hand(s)) for s in range(SEATS)] == [
            20 if s == dealer else 19 for s in range(SEATS)]
        assert len(g.stock) == 23 and g.revealed == 0


def test_s3_wrong_hand_or_stock_sizes_are_rejected() -> None:
    g = deal()
    hands = [g.hand(s) for s in range(SEATS)]
    with pytest.raises(RecordError, match=r"hands\[0\]: 20 cards; seat 0 is dealt 19 \(S3\)"):
        Game(hands, g.stock, 1)  # seat 0's 20 cards are one too many if seat 1 deals
    with pytest.raises(RecordError, match=r"stock: 22 cards.*\(S3\)"):
        Game(hands, g.stock[:-1], 0)


# --- T1–T7: turn flow ---------------------------------------------------------------------

def test_t1_the_dealer_acts_first_with_a_discard() -> None:
    g = deal({0: "8v"})
    assert g.pending == Decision(0, "start")
    acts = g.legal_actions()
    assert HEAVEN not in acts and PASS not in acts
    assert {a.do for a in acts} == {"discard"}
    allowed(g, 0, discard("8v"))
    assert g.log[0].to_json() == {"seat": 0, "do": "discard", "card": "8v"}


def test_t1_no_other_seat_acts_before_the_dealer() -> None:
    g = deal({1: "5v"})
    illegal(g, 1, discard("5v"), "T1", "seat 0")
    illegal(g, 1, HEAVEN, "T1", "seat 0")


def test_t1_a_live_dealer_may_not_decline_to_discard() -> None:
    g = deal({0: "8v"})
    illegal(g, 0, PASS, "T1")
    illegal(g, 0, eat("8v"), "T1")  # nothing is offered at the opening


def test_t2_an_eat_lays_a_pair_and_owes_a_discard() -> None:
    g = opened({0: "5v", 1: "5v 6s"})
    assert g.offer == Offer(card("5v"), "discard", 0, 1, True)
    assert g.pending == Decision(1, "offer")
    allowed(g, 1, eat("5v"))
    assert [m.codes for m in g.seats[1].melds] == [["5v", "5v"]]
    assert g.pending == Decision(1, "discard")
    assert sum(g.hand(1)) + sum(len(m.faces) for m in g.seats[1].melds) == 20
    illegal(g, 1, PASS, "T2", "pass")
    allowed(g, 1, discard("6s"))
    assert g.offer == Offer(card("6s"), "discard", 1, 2, True)


def test_t2_an_eat_must_pair_with_the_offered_card() -> None:
    g = opened({0: "5v", 1: "5v 6s"})
    illegal(g, 1, eat("6s"), "T2", "6s", "5v")
    illegal(g, 1, eat("5s"), "T2", "5s")  # not held
    illegal(g, 2, eat("5v"), "T2", "seat 1")  # only the offered seat may eat


def test_t2_a_move_of_another_phase_names_the_moves_allowed_now() -> None:
    g = opened({0: "5v", 1: "5v 6s"})  # a discard offered to seat 1: eat or pass (C1: no win)
    message = illegal(g, 1, HEAVEN, "T2", "allowed now: eat, pass")
    assert "win" not in message.split("allowed now:")[1]


def test_t2_an_eat_naming_no_card_is_refused_with_the_reason_no_card_eats() -> None:
    g = opened({0: "5v", 1: "2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 8v 8v 9v 9v 2s 2s 3s 3s 4s"})  # no 5
    illegal(g, 1, Action("eat"), "T2", "no card that pairs with 5v")
    g = opened({0: "5v", 1: "5s 5s"})  # a Cạ with one of two 5s would break the pair
    illegal(g, 1, Action("eat"), "R2", "5s")


def test_t3_passing_an_offer_reveals_the_top_stock_card_at_ones_door() -> None:
    g = opened({0: "8v", 1: "4m"}, stock="3s")
    allowed(g, 1, PASS)
    assert g.offer == Offer(card("3s"), "stock", 1, 1, True)
    assert g.pending == Decision(1, "offer") and g.claims == []
    assert len(g.stock) == 22 and g.revealed == 1


def test_t3_a_revealed_card_never_enters_a_hand_unpaired() -> None:
    g = opened({0: "8v", 1: "4m"}, stock="3s")
    g.act(1, PASS)
    held = g.hand(1)
    assert all(a.do in ("eat", "pass") for a in g.legal_actions())
    assert all(a.card is None or a.card.rank == 3 for a in g.legal_actions())
    illegal(g, 1, eat("4m"), "T2", "4m", "3s")  # not a pair (§5: T2)
    illegal(g, 1, discard("4m"), "T2", "discard")
    g.act(1, PASS)
    g.act(2, PASS)
    assert g.hand(1) == held and g.seats[1].passed == [card("3s")]


def test_t4_a_passed_stock_card_is_offered_to_the_next_seat() -> None:
    g = opened({0: "8v", 2: "3m"}, stock="3s 4s")
    g.act(1, PASS)
    g.act(1, PASS)
    assert g.offer == Offer(card("3s"), "stock", 1, 2, False)
    assert g.pending == Decision(2, "offer")
    allowed(g, 2, eat("3m"))
    assert [m.codes for m in g.seats[2].melds] == [["3s", "3m"]]


def test_t4_passed_twice_it_stays_at_its_door_and_the_next_seat_reveals() -> None:
    g = opened({0: "8v", 2: "3m"}, stock="3s 4s")
    g.act(1, PASS)
    g.act(1, PASS)
    illegal(g, 1, eat("3s"), "T2", "seat 2")  # the door's seat cannot take it back
    illegal(g, 3, eat("3s"), "T2", "seat 2")
    allowed(g, 2, PASS)
    assert g.seats[1].passed == [card("3s")] and g.seats[2].passed == []
    assert g.offer == Offer(card("4s"), "stock", 2, 2, True)


def test_t5_discards_lie_in_front_and_an_eaten_card_goes_to_the_meld() -> None:
    g = opened({0: "8v", 1: "8v"})
    assert g.seats[0].discards == [card("8v")]
    g.act(1, eat("8v"))
    assert g.seats[0].discards == []
    assert [m.codes for m in g.seats[1].melds] == [["8v", "8v"]]
    assert g.cards_in_play() == FULL_DECK


def test_t5_a_passed_discard_stays_in_front_and_cannot_be_eaten_later() -> None:
    g = opened({0: "8v", 1: "8v"}, stock="3s")
    g.act(1, PASS)
    assert g.seats[0].discards == [card("8v")]
    illegal(g, 1, eat("8v"), "T2", "8v", "3s")


def exhaust(g: Game) -> None:
    """Everybody passes (and declines claims) until the deal ends."""
    while not g.over:
        g.act(g.pending.seat, PASS)  # type: ignore[union-attr]


def test_t6_an_empty_stock_ends_the_deal_in_a_draw() -> None:
    g = deal()
    g.act(0, some_discard(g))
    exhaust(g)
    assert g.result is not None and g.result.winner is None
    assert g.result.payments == (0, 0, 0, 0)
    assert g.result.to_json() == {"winner": None, "how": None, "points": 0,
                                  "settlement": [0, 0, 0, 0], "bonuses": [],
                                  "payments": [0, 0, 0, 0]}
    assert g.stock == [] and g.revealed == 23 and g.offer is None
    last = g.log[-1]
    assert last.action == PASS
    # the last card was passed at its door, then by the next seat, which had to reveal
    door = g.log[-2].seat
    assert last.seat == (door + 1) % SEATS and g.seats[door].passed[-1] == g.initial_stock[-1]
    assert g.cards_in_play() == FULL_DECK
    assert CHAN.replay(g.to_record()).valid


def test_t6_no_move_after_the_draw() -> None:
    g = deal()
    g.act(0, some_discard(g))
    exhaust(g)
    with pytest.raises(IllegalActionError) as info:
        g.act(0, PASS)
    assert info.value.rule == "T6"
    assert g.legal_actions() == []


def dead_dealer(stock: str = "2v 8v") -> Game:
    g = deal({0: TEN_CHAN}, stock=stock)
    assert g.legal_actions() == [HEAVEN, PASS]
    g.act(0, PASS)
    return g


def test_t7_a_dealer_with_ten_chan_may_decline_thien_u_and_is_dead() -> None:
    g = dead_dealer()
    assert g.seats[0].dead and g.view(0).table[0].dead
    assert g.log[0].to_json() == {"seat": 0, "do": "pass"}
    # its first turn is a reveal
    assert g.offer == Offer(card("2v"), "stock", 0, 0, True)
    assert g.pending == Decision(0, "offer")
    assert g.legal_actions() == [PASS]
    assert CHAN.replay(g.to_record(), partial=True).valid


def test_t7_a_dead_dealer_never_eats_or_wins() -> None:
    g = dead_dealer()
    illegal(g, 0, eat("2v"), "T7")  # a Chắn eat that would otherwise be legal
    illegal(g, 0, WIN, "T7")


def test_t7_a_dead_dealer_only_reveals_and_passes_at_its_turns() -> None:
    g = dead_dealer()
    g.act(0, PASS)
    assert g.offer == Offer(card("2v"), "stock", 0, 1, False)
    turns = 0
    while g.revealed < 12:
        d = g.pending
        assert d is not None
        assert all(seat != 0 for seat, _ in g.claims)
        if d.seat == 0:
            assert d.phase == "offer" and g.legal_actions() == [PASS]
            turns += 1
        g.act(d.seat, PASS)
        if d.seat == 0 and d.phase == "offer":  # it passes its own card on, or reveals
            assert g.offer is not None
            assert g.offer.to == 1 or (g.offer.door, g.offer.to) == (0, 0)
        assert sum(g.hand(0)) == 20
    assert turns >= 4 and g.seats[0].discards == [] and g.seats[0].melds == []


# --- R1–R9: restrictions on eats and discards ------------------------------------------------

def test_r1_an_offered_card_you_hold_may_be_eaten_only_as_chan() -> None:
    g = opened({0: "5v", 1: "5v 5s"})
    illegal(g, 1, eat("5s"), "R1", "5v")
    allowed(g, 1, eat("5v"))


def test_r1_without_the_offered_face_in_hand_a_ca_may_be_eaten() -> None:
    g = opened({0: "5v", 1: "5s"})
    allowed(g, 1, eat("5s"))
    assert [m.kind for m in g.seats[1].melds] == ["ca"]


def test_r2_a_face_held_twice_cannot_make_a_ca() -> None:
    g = opened({0: "5v", 1: "5s 5s 5m"})
    illegal(g, 1, eat("5s"), "R2", "5s")
    allowed(g, 1, eat("5m"))  # 5m is held once (5s 5s stays a Chắn)


def test_r2_faces_held_two_or_four_times_may_not_be_discarded() -> None:
    g = deal({0: "6v 6v 7v 7v 7v 7v 8s 8s 8s"})
    illegal(g, 0, discard("6v"), "R2", "6v")
    assert "two Chắn" in illegal(g, 0, discard("7v"), "R2", "7v")
    allowed(g, 0, discard("8s"))  # one of three may go; the pair stays


def test_r2_holding_two_the_third_may_be_eaten_as_chan() -> None:
    g = opened({0: "5v", 1: "5v 5v"})
    allowed(g, 1, eat("5v"))


def test_r2_holding_three_one_may_be_used_in_a_ca() -> None:
    g = opened({0: "5v", 1: "5s 5s 5s"})
    allowed(g, 1, eat("5s"))


def test_r3_passed_chan_face_may_not_be_discarded() -> None:
    # the example: pass a Chắn, then try to discard that face
    g = opened({0: "6v", 1: "6v 2s"}, stock="2s")
    assert g.can_eat(1, card("6v"))
    g.act(1, PASS)  # move 2
    assert g.view(1).memory.refused == (parse_face("6v"),)
    g.act(1, eat("2s"))
    message = illegal(g, 1, discard("6v"), "R3", "6v")
    assert message.startswith("R3: 6v was refused at move 2")


def test_r3_later_chan_eat_of_refused_face_is_allowed() -> None:
    g = opened({0: "6v", 1: "6v"}, stock="6v")
    g.act(1, PASS)
    assert g.offer is not None and g.offer.card == card("6v") and g.pending == Decision(1, "offer")
    allowed(g, 1, eat("6v"))


def test_r3_no_ca_may_contain_a_refused_face() -> None:
    g = opened({0: "6v", 1: "6v"}, stock="6s")
    g.act(1, PASS)
    message = illegal(g, 1, eat("6v"), "R3", "6v")
    assert message.startswith("R3: 6v was refused at move 2")


def test_r3_a_win_on_a_refused_face_is_allowed() -> None:
    g = opened({0: "9m", 1: WAITS_9_BY_9M}, stock="9m")
    assert g.can_eat(1, card("9m"))
    g.act(1, PASS)
    assert g.view(1).memory.refused == (parse_face("9m"),)
    assert g.claims == [(1, "win")]
    allowed(g, 1, WIN)
    assert "u_chi" in settled(g, 1, "own_door")


def test_r3_passing_a_card_not_eatable_as_chan_refuses_nothing() -> None:
    g = opened({0: "7m", 1: "7m 7m 7m"})
    assert not g.can_eat(1, card("7m"))  # R9
    g.act(1, PASS)
    assert g.seats[1].refused == {}


def test_r3_declining_a_claim_is_not_a_pass() -> None:
    g = opened({0: "8v", 1: WAITS_9_BY_9M}, stock="9m")
    g.act(1, PASS)
    assert g.pending == Decision(1, "claim")
    g.act(1, PASS)  # declines the win
    assert g.seats[1].refused == {}
    assert g.pending == Decision(1, "offer")
    g.act(1, PASS)  # an ordinary pass of a card it could eat as a Chắn
    assert g.view(1).memory.refused == (parse_face("9m"),)


def test_r3_a_record_discarding_a_refused_face_is_reported_at_its_move() -> None:
    g = opened({0: "6v", 1: "6v 2s"}, stock="2s")
    g.act(1, PASS)
    g.act(1, eat("2s"))
    rec = g.to_record()
    rec["moves"].append({"seat": 1, "do": "discard", "card": "6v"})
    r = CHAN.replay(rec, partial=True)
    assert (r.rule, r.move) == ("R3", 4)
    assert r.describe().startswith("move 4: R3: 6v was refused at move 2")


def test_r4_may_not_eat_a_face_you_discarded() -> None:
    g = opened({0: "5v 5v 5v 5s", 3: "5m"}, stock="2m 3m 5v")
    walk_to(g, 3, "5v")
    allowed(g, 3, eat("5m"), do=False)  # R4 binds only the seat that discarded 5v
    g.act(3, PASS)
    assert g.pending == Decision(0, "offer")
    message = illegal(g, 0, eat("5v"), "R4", "5v")
    assert "discarded 5v at move 1" in message


def test_r4_may_not_eat_a_face_you_laid_into_an_eaten_ca() -> None:
    g = opened({0: "5v", 1: "5s 5m 5m 8v"}, stock="2m 3m 5s")
    allowed(g, 1, eat("5s"))
    assert g.view(1).memory.laid_in_ca == (parse_face("5s"),)
    g.act(1, discard("8v"))
    walk_to(g, 1, "5s")
    message = illegal(g, 1, eat("5m"), "R4", "5s")
    assert "laid from your hand into an eaten Cạ 5s at move 2" in message


def test_r5_no_ca_while_the_hand_holds_a_ca_of_that_rank() -> None:
    g = opened({0: "5m", 1: "5v 5s"})
    assert "rank 5" in illegal(g, 1, eat("5v"), "R5")
    illegal(g, 1, eat("5s"), "R5")


def test_r5_a_chan_and_a_single_of_the_rank_are_no_ca() -> None:
    g = opened({0: "5m", 1: "5s 5s 5v"})
    allowed(g, 1, eat("5v"))


def test_r5_an_exposed_ca_of_the_rank_does_not_count() -> None:
    g = opened({0: "5m", 1: "5v 5s 5s 8v 9m"}, stock="2m 3m 5s 2s 3s 5m")
    allowed(g, 1, eat("5v"))  # exposes the Cạ 5v 5m
    g.act(1, discard("8v"))
    walk_to(g, 1, "5s")
    allowed(g, 1, eat("5s"))  # a Chắn: the hand keeps one 5s
    g.act(1, discard("9m"))
    walk_to(g, 1, "5m")
    assert p0_counts(g.hand(1))[2] != 1  # not waiting (R6)
    allowed(g, 1, eat("5s"))  # a second Cạ of rank 5: the first is exposed


def test_r6_no_ca_while_waiting() -> None:
    g = opened({0: "9v", 1: WAITING_8_CHAN})
    assert p0_counts(g.hand(1))[2] == 1
    illegal(g, 1, eat("9m"), "R6")


def test_r6_a_hand_with_three_unpaired_cards_may_eat_a_ca() -> None:
    g = opened({0: "9v", 1: "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2s 3s 3s 4s 8m 9m"})
    assert p0_counts(g.hand(1))[2] == 3
    allowed(g, 1, eat("9m"))


# R7(a): the dealer discards 5v, eats the Chắn 2m, discards 5s: only Chắn from then on.
R7A_STOCK = "2v 2s 2m 2v 2s 7s 8m"


@pytest.mark.parametrize("sevens", ["7v", "7v 7v"])  # 7v 7v: R7 is reported before R2
def test_r7_after_discarding_a_ca_only_chan_may_be_eaten(sevens: str) -> None:
    g = opened({0: f"5v 5s 2m 8m {sevens}"}, stock=R7A_STOCK)
    walk_to(g, 0, "2m")
    g.act(0, eat("2m"))
    allowed(g, 0, discard("5s"))  # no Cạ eaten yet, so R7(b) does not apply
    walk_to(g, 0, "7s")
    illegal(g, 0, eat("7v"), "R7")
    g.act(0, PASS)
    assert g.offer == Offer(card("8m"), "stock", 0, 0, True)
    allowed(g, 0, eat("8m"))  # a Chắn is still allowed


def test_r7_having_eaten_a_ca_a_discard_may_not_complete_a_discarded_ca() -> None:
    g = opened({0: "5v 5s 7v"}, stock="2v 2s 7s")
    walk_to(g, 0, "7s")
    allowed(g, 0, eat("7v"))  # the Cạ 7s 7v, eaten this turn
    message = illegal(g, 0, discard("5s"), "R7", "5s", "5v")
    assert "with your discarded 5v" in message
    allowed(g, 0, some_discard(g, "5s"))


def test_r7_having_eaten_only_chan_a_discarded_ca_may_be_completed() -> None:
    g = opened({0: "5v 5s 7s"}, stock="2v 2s 7s")
    walk_to(g, 0, "7s")
    g.act(0, eat("7s"))
    allowed(g, 0, discard("5s"))
    assert g.seats[0].discarded_ca()


def test_r8_an_eat_that_leaves_no_legal_discard_is_illegal() -> None:
    g = opened({0: "9m", 1: NINE_CHAN})
    illegal(g, 1, eat("9m"), "R8", "9m")


def test_r8_an_eat_that_leaves_a_legal_discard_is_allowed() -> None:
    g = opened({0: "9m", 1: NINE_CHAN.replace("4s 4s", "4s 4m")})
    allowed(g, 1, eat("9m"))
    assert {a.card.code for a in g.legal_actions() if a.card} == {"4s", "4m"}


# Seat 1 refuses 9m and 8m by passing them, then holds 7m 7m 7m, seven Chắn and those two.
R8_CHIU_SEAT1 = "7m 7m 7m 2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2s 3s 3s 9m 8m"


def r8_chiu_deal(stock: str = "8m cc cc cc 7m") -> Game:
    g = opened({0: "9m", 1: R8_CHIU_SEAT1}, stock=stock)
    g.act(1, PASS)  # refuses 9m
    g.act(1, PASS)  # refuses 8m
    assert sorted(f.code for f in g.view(1).memory.refused) == ["8m", "9m"]
    return g


def test_r8_a_chiu_that_leaves_no_legal_discard_is_illegal() -> None:
    g = r8_chiu_deal()
    walk_to(g, 1, "7m")
    assert g.offer is not None and g.offer.door == 1 and g.offer.claims_open
    illegal(g, 1, CHIU, "R8", "7m")
    illegal(g, 1, eat("7m"), "R9", "7m")
    assert g.legal_actions() == [PASS]


def test_r8_a_chiu_that_wins_at_once_needs_no_discard() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2s 3s 3s 4s 4s 7m 7m 7m"
    g = opened({0: "7m", 2: hand})
    assert g.claims == [(2, "chiu")]
    allowed(g, 2, CHIU)
    assert g.legal_actions() == [WIN]
    allowed(g, 2, WIN)
    assert {"chiu_u", "thap_thanh"} <= settled(g, 2, "chiu")


def test_r9_holding_three_you_may_chiu_or_pass_but_not_eat() -> None:
    g = opened({0: "6s", 1: "6s 6s 6s 6v"})
    assert g.legal_actions() == [CHIU, PASS]
    illegal(g, 1, eat("6s"), "R9", "6s")
    illegal(g, 1, eat("6v"), "R9", "6s")  # also breaks R1: R9 is reported first
    allowed(g, 1, CHIU)
    assert [m.kind for m in g.seats[1].melds] == ["chiu"]
    assert g.pending == Decision(1, "discard")


def test_r9_on_a_passed_on_stock_card_only_pass_remains() -> None:
    g = opened({0: "8v", 2: "6s 6s 6s"}, stock="6s")
    g.act(1, PASS)
    assert g.claims == [(2, "chiu")]
    g.act(2, PASS)  # declines
    g.act(1, PASS)
    assert g.pending == Decision(2, "offer")
    assert g.legal_actions() == [PASS]
    illegal(g, 2, eat("6s"), "R9", "6s")


# --- C1–C5: claims ------------------------------------------------------------------------------

def test_c1_an_ordinary_discard_never_wins() -> None:
    g = opened({0: "9m", 1: WAITS_9_BY_9M})
    assert g.claims == []
    illegal(g, 1, WIN, "C1")


def test_c1_any_seat_may_win_on_a_stock_card_at_any_door() -> None:
    g = opened({0: "8v", 3: WAITS_9_BY_9V}, stock="9m")
    g.act(1, PASS)
    assert g.offer is not None and g.offer.door == 1
    assert g.claims == [(3, "win")] and g.pending == Decision(3, "claim")
    allowed(g, 3, WIN)
    assert settled(g, 3, "other_door") == {"u_xuong"}
    assert g.result is not None and g.result.winning_card == card("9m")
    assert g.result.points == 2 and g.result.payments == (-2, -2, -2, 6)


@pytest.mark.parametrize(("claim", "win_by"), [("win", "other_door"), ("chiu", "chiu")])
def test_c1_three_of_the_winning_face_win_directly_or_by_chiu(claim: str, win_by: str) -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2s 3s 3s 4s 4s 7m 7m 7m"
    g = opened({0: "8v", 3: hand}, stock="7m")
    g.act(1, PASS)
    assert g.claims == [(3, "win")]
    allowed(g, 3, Action(claim))
    if claim == "chiu":
        assert g.pending == Decision(3, "discard")
        allowed(g, 3, WIN)
    settled(g, 3, win_by)


def c4_deal() -> Game:
    """Dealer 0 discards 7m; seat 3 Chíus it out of turn and discards 9m, which seat 1
    (waiting on 9m) gets back."""
    g = opened({0: "7m", 1: WAITS_9_BY_9M, 3: "7m 7m 7m 9m"}, stock="8v")
    assert g.claims == [(3, "chiu")]
    g.act(3, CHIU)
    g.act(3, discard("9m"))
    return g


def test_c1_no_win_on_a_returned_card() -> None:
    g = c4_deal()
    assert g.offer == Offer(card("9m"), "return", 3, 1, True)
    illegal(g, 1, WIN, "C1")


def test_c2_three_identical_cards_may_claim_the_fourth() -> None:
    g = opened({0: "7m", 3: "7m 7m 7m"})
    assert g.pending == Decision(3, "claim") and g.legal_actions() == [PASS, CHIU]
    allowed(g, 3, CHIU)
    assert [m.codes for m in g.seats[3].melds] == [["7m"] * 4]
    assert g.seats[0].discards == [] and g.pending == Decision(3, "discard")
    assert sum(g.hand(3)) == 16


def test_c2_a_chiu_needs_three_in_hand() -> None:
    g = opened({0: "7m", 1: "7m 7m"})
    message = illegal(g, 1, CHIU, "C2", "7m")
    assert "seat 1 holds 2" in message


def test_c2_chiu_u_wins_at_once() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 2s 2m 3s 3m 4s 4m 6s 6m 7m 7m 7m"  # 4 Chắn, 4 Cạ
    g = opened({0: "7m", 2: hand})
    g.act(2, CHIU)
    assert WIN in g.legal_actions()
    g.act(2, WIN)
    assert "chiu_u" in settled(g, 2, "chiu")
    assert [m.to_json() for m in g.log[-2:]] == [{"seat": 2, "do": "chiu"},
                                                 {"seat": 2, "do": "win"}]


def c3_stock_deal() -> Game:
    """9m revealed at seat 1's door: seat 3 can win on it, seat 2 holds three, seat 1
    can eat it with 9s."""
    g = opened({0: "8v", 1: "9s", 2: "9m 9m 9m", 3: WAITS_9_BY_9V}, stock="9m")
    g.act(1, PASS)
    return g


def test_c3_on_a_stock_card_win_claims_then_chiu_then_the_eat() -> None:
    g = c3_stock_deal()
    assert g.claims == [(3, "win"), (2, "chiu")]
    assert g.pending == Decision(3, "claim")
    assert g.legal_actions() == [PASS, WIN]
    g.act(3, PASS)
    assert g.pending == Decision(2, "claim")
    g.act(2, PASS)
    assert g.pending == Decision(1, "offer")
    allowed(g, 1, eat("9s"))
    assert len(g.log) == 3  # the two declined claims are not recorded (C5)


def test_c3_a_lower_claim_or_the_eat_waits_for_the_win_claim() -> None:
    g = c3_stock_deal()
    for seat, action in ((2, CHIU), (1, eat("9s")), (1, PASS)):
        with pytest.raises(IllegalActionError, match=r"^C3: seat 3 has priority"):
            g.act(seat, action)
        assert not g.can(seat, action)
    allowed(g, 3, WIN)
    settled(g, 3, "other_door")


def test_c3_out_of_priority_claim_is_reported_as_c3() -> None:
    g = c3_stock_deal()
    illegal(g, 2, CHIU, "C3", "9m")


def test_c3_a_record_shows_only_the_claim_that_prevailed() -> None:
    g = c3_stock_deal()
    play_recorded(g, 2, CHIU)  # seat 3's win claim was declined: not recorded
    assert [m.to_json() for m in g.log] == [
        {"seat": 0, "do": "discard", "card": "8v"}, {"seat": 1, "do": "pass"},
        {"seat": 2, "do": "chiu"}]
    assert g.pending == Decision(2, "discard")


def test_c3_win_claims_are_ordered_by_seat_from_the_door() -> None:
    hands = {
        0: "5s 5s 6s 6s 7s 7s 5m 5m 6m 6m 7m 7m 2s 2m 3s 3m 4s 4m 9m 8v",  # waits on 9m
        1: "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2m 3s 3m 4s 4m 9s",  # waits on 9m (Cạ)
        3: WAITS_9_BY_9V,
    }
    g = opened(hands, stock="8s 9m", first="8v")
    g.act(1, PASS)
    g.act(1, PASS)
    g.act(2, PASS)  # reveals 9m at seat 2's door
    assert g.offer is not None and g.offer.door == 2
    assert g.claims == [(3, "win"), (0, "win"), (1, "win")]
    g.act(3, PASS)
    assert g.pending == Decision(0, "claim")
    play_recorded(g, 1, WIN)  # seat 0's claim is declined on the way
    settled(g, 1, "other_door")
    assert [m.seat for m in g.log[-2:]] == [2, 1]


def test_c3_on_a_discard_an_out_of_turn_chiu_comes_before_the_eat() -> None:
    g = opened({0: "7m", 1: "7s", 3: "7m 7m 7m"})
    assert g.claims == [(3, "chiu")] and g.pending == Decision(3, "claim")
    with pytest.raises(IllegalActionError, match=r"^C3: seat 3 has priority"):
        g.act(1, eat("7s"))
    g.act(3, PASS)
    allowed(g, 1, eat("7s"), do=False)


def test_c4_the_returned_card_reaches_the_interrupted_seat() -> None:
    g = c4_deal()
    # not the seat after the claimant (seat 0)
    assert g.offer == Offer(card("9m"), "return", 3, 1, True)
    assert g.pending == Decision(1, "offer")
    illegal(g, 0, eat("9m"), "T2", "seat 1")
    # still a discard of the claimant for every rule
    assert g.seats[3].discards == [card("9m")]
    assert g.view(3).memory.discarded == (parse_face("9m"),)
    allowed(g, 1, eat("9m"), do=False)
    allowed(g, 1, PASS)  # passing it, seat 1 reveals at its own door (T3)
    assert g.offer == Offer(card("8v"), "stock", 1, 1, True)
    assert g.seats[3].discards == [card("9m")]


def test_c4_an_eaten_returned_card_leaves_the_claimants_discards() -> None:
    g = c4_deal()
    g.act(1, eat("9m"))
    assert g.seats[3].discards == []
    assert [m.codes for m in g.seats[1].melds] == [["9m", "9m"]]
    rec = g.to_record()
    assert [m["do"] for m in rec["moves"]] == ["discard", "chiu", "discard", "eat"]
    assert CHAN.replay(rec, partial=True).valid


def test_c4_after_a_chiu_on_a_revealed_card_the_discard_returns_to_the_door() -> None:
    g = c3_stock_deal()  # 9m revealed at seat 1's door
    g.act(3, PASS)
    g.act(2, CHIU)
    z = some_discard(g)
    g.act(2, z)
    assert g.offer is not None and g.offer.card == z.card
    assert (g.offer.source, g.offer.door, g.offer.to) == ("return", 2, 1)
    assert g.pending == Decision(1, "offer")
    illegal(g, 3, PASS, "T2", "seat 1")  # not the seat after the claimant


def test_c4_an_in_turn_chiu_discard_is_an_ordinary_discard() -> None:
    g = opened({0: "7m", 1: "7m 7m 7m 8v"})
    assert g.claims == [] and CHIU in g.legal_actions()
    g.act(1, CHIU)
    g.act(1, discard("8v"))
    assert g.offer == Offer(card("8v"), "discard", 1, 2, True)
    assert g.pending == Decision(2, "offer")


def test_c5_a_returned_card_may_be_claimed_and_returns_again() -> None:
    g = opened({0: "7m", 2: "8s 8s 8s", 3: "7m 7m 7m 8s"})
    g.act(3, CHIU)
    g.act(3, discard("8s"))
    assert g.offer == Offer(card("8s"), "return", 3, 1, True)
    assert g.claims == [(2, "chiu")]
    allowed(g, 2, CHIU)
    g.act(2, some_discard(g))
    assert g.offer is not None and (g.offer.source, g.offer.door, g.offer.to) == ("return", 2, 1)
    assert g.pending == Decision(1, "offer")


def test_c5_a_passed_on_stock_card_cannot_be_claimed() -> None:
    g = opened({0: "8v", 2: "6s 6s 6s"}, stock="6s")
    g.act(1, PASS)
    allowed(g, 2, CHIU, do=False)  # while claims are open
    g.act(2, PASS)
    g.act(1, PASS)
    assert g.offer is not None and not g.offer.claims_open
    illegal(g, 2, CHIU, "C5", "6s")


def test_c5_a_win_on_a_passed_on_stock_card_is_out_of_the_window() -> None:
    g = opened({0: "8v", 2: WAITS_9_BY_9V}, stock="9m")
    g.act(1, PASS)
    assert g.claims == [(2, "win")]
    g.act(2, PASS)
    g.act(1, PASS)
    assert g.pending == Decision(2, "offer")
    illegal(g, 2, WIN, "C5", "9m")


def test_c5_a_declined_claim_is_not_recorded() -> None:
    g = opened({0: "7m", 3: "7m 7m 7m"})
    g.act(3, PASS)  # declines the Chíu
    assert len(g.log) == 1 and g.claims == [] and g.pending == Decision(1, "offer")
    g.act(1, PASS)
    assert [m.to_json() for m in g.log] == [{"seat": 0, "do": "discard", "card": "7m"},
                                            {"seat": 1, "do": "pass"}]
    assert g.seats[3].refused == {}


def test_c5_the_claim_window_closes_at_the_next_ordinary_move() -> None:
    g = opened({0: "8v", 3: WAITS_9_BY_9V}, stock="9m")
    g.act(1, PASS)
    assert g.can(3, WIN)
    play_recorded(g, 1, PASS)  # seat 3 did not claim: declined
    assert g.log[-1].to_json() == {"seat": 1, "do": "pass"} and len(g.log) == 3
    assert g.claims == [] and not g.can(3, WIN)


def test_c5_a_late_claim_in_a_record_is_reported_as_c5() -> None:
    g = opened({0: "8v", 3: WAITS_9_BY_9V}, stock="9m")
    g.act(1, PASS)
    play_recorded(g, 1, PASS)
    with pytest.raises(IllegalActionError) as info:
        play_recorded(g, 3, WIN)
    assert info.value.rule == "C5" and "9m" in str(info.value)


def test_r8_a_recorded_chiu_leaving_no_discard_is_reported_as_r8() -> None:
    g = r8_chiu_deal(stock="8m 7m")
    g.act(2, PASS)  # 7m is revealed at seat 2's door; seat 1 holds three
    assert g.offer is not None and g.offer.card == card("7m") and g.offer.door == 2
    assert g.claims == [] and g.claim_problem(1, CHIU)[0] == "R8"
    with pytest.raises(IllegalActionError) as info:
        play_recorded(g, 1, CHIU)
    assert info.value.rule == "R8"


# --- W1–W3: winning hands ------------------------------------------------------------------

FIVE_CHAN_WAITS_9 = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2m 3s 3m 4s 4m 7s 7m 9v"


def test_w1_a_win_needs_at_least_six_chan() -> None:
    g = opened({0: "8v", 1: FIVE_CHAN_WAITS_9}, stock="9m")
    g.act(1, PASS)
    assert g.claims == [] and g.pending == Decision(1, "offer")
    illegal(g, 1, WIN, "W1", "9m")  # ten pairs, but 5 Chắn and 5 Cạ


def test_w1_six_chan_and_four_ca_win() -> None:
    g = opened({0: "8v", 1: FIVE_CHAN_WAITS_9}, stock="9v")
    g.act(1, PASS)
    assert g.claims == [(1, "win")]
    g.act(1, WIN)
    settled(g, 1, "own_door")
    assert g.result is not None and g.result.score is not None
    assert (g.result.score.chan, g.result.score.ca) == (6, 4)


def test_w1_exposed_melds_count_toward_the_twenty() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 2s 2m 3s 3m 4s 4m 9v 8m"
    g = opened({0: "7v", 1: hand}, stock="9s")
    g.act(1, eat("7v"))
    g.act(1, discard("8m"))
    g.act(2, PASS)  # reveals 9s at seat 2's door
    assert g.claims == [(1, "win")]
    g.act(1, WIN)
    settled(g, 1, "other_door")
    assert g.result is not None and g.result.score is not None
    assert (g.result.score.chan, g.result.score.ca) == (6, 4)


def test_w2_a_chi_chi_win_needs_exactly_six_chan_and_four_ca() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2m 3s 3m 4s 4m 7s 7m cc"
    g = opened({0: "8v", 1: hand}, stock="cc")
    g.act(1, PASS)
    assert g.claims == [(1, "win")]
    g.act(1, WIN)
    settled(g, 1, "own_door")


def test_w2_chi_chi_cannot_win_a_hand_of_seven_chan() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2m 3s 3m 4s 4m cc"
    g = opened({0: "8v", 1: hand}, stock="cc")
    g.act(1, PASS)
    assert g.claims == []
    illegal(g, 1, WIN, "W2", "cc")


def test_w2_chiu_u_on_chi_chi_with_six_chan_and_four_ca() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 2s 2m 3s 3m 4s 4m 6s 6m cc cc cc"
    g = opened({0: "cc", 2: hand})
    assert g.claims == [(2, "chiu")]
    g.act(2, CHIU)
    g.act(2, WIN)
    settled(g, 2, "chiu")


def test_w2_chiu_on_chi_chi_with_seven_chan_does_not_win() -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2m 3s 3m 4s 4m cc cc cc"
    g = opened({0: "cc", 2: hand})
    assert g.claims == [(2, "chiu")]
    g.act(2, CHIU)
    assert WIN not in g.legal_actions()
    illegal(g, 2, WIN, "W2", "cc")


THIEN_U = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 2s 2m 3s 3m 4s 4m 9v 9m"


def test_w3_the_dealer_may_declare_thien_u_on_a_winning_20() -> None:
    g = deal({0: THIEN_U})
    assert g.legal_actions()[0] == HEAVEN
    allowed(g, 0, HEAVEN)
    assert settled(g, 0, "heaven") == {"thien_u", "bach_thu"}
    assert g.result is not None and g.result.winning_card is None
    assert g.result.points == 4 + 1 and g.result.payments == (15, -5, -5, -5)


def test_w3_thien_u_needs_a_winning_20() -> None:
    illegal(deal({0: "8v"}), 0, HEAVEN, "W3")
    five_chan = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 2s 2m 3s 3m 4s 4m 7s 7m 9v 9m"
    illegal(deal({0: five_chan}), 0, HEAVEN, "W3")  # ten pairs, 5 Chắn


def test_w3_thien_u_only_for_the_dealer_before_its_first_discard() -> None:
    g = deal({0: THIEN_U})
    illegal(g, 1, HEAVEN, "T1", "seat 0")
    g.act(0, discard("9v"))  # declining it is allowed: a legal discard exists
    g.act(1, PASS)
    illegal(g, 1, HEAVEN, "T2", "heaven")


# --- §5: the reporting order ------------------------------------------------------------------

def test_order_t2_not_a_pair_before_r4() -> None:
    g = opened({0: "5v 5v 5v 5s 8v", 3: "5m"}, stock="2m 3m 5v")
    walk_to(g, 3, "5v")
    g.act(3, PASS)
    illegal(g, 0, eat("8v"), "T2", "8v", "5v")


def test_order_t7_before_r1_and_r2() -> None:
    g = dead_dealer()
    illegal(g, 0, eat("2s"), "T7")  # holds 2v (R1) and two 2s (R2)


def test_order_r4_before_r1_and_r2() -> None:
    g = opened({0: "5v 5v 5v 5s"}, stock="2m 3m 5v")
    walk_to(g, 0, "5v")
    illegal(g, 0, eat("5s"), "R4", "5v")  # holds 5v: R1 broken too


def test_order_r1_before_r2() -> None:
    g = opened({0: "5v", 1: "5v 5s 5s"})
    illegal(g, 1, eat("5s"), "R1", "5v")


def test_order_r2_before_r3() -> None:
    g = opened({0: "6v", 1: "6v 6v 2s"}, stock="2s")
    g.act(1, PASS)  # refuses 6v: it could eat the third as a Chắn
    assert g.view(1).memory.refused == (parse_face("6v"),)
    g.act(1, eat("2s"))
    illegal(g, 1, discard("6v"), "R2", "6v")


def test_order_r3_before_r5() -> None:
    g = opened({0: "6v", 1: "6v 6m"}, stock="6s")
    g.act(1, PASS)  # refuses 6v; the hand holds the Cạ 6v 6m
    illegal(g, 1, eat("6v"), "R3", "6v")
    illegal(g, 1, eat("6m"), "R5")


def test_order_r5_before_r6() -> None:
    hand = "2v 2v 3v 3v 5v 5v 6v 6v 7v 7v 2s 2s 3s 3s 5s 5s 4s 4m 9m"  # waiting, Cạ 4s 4m
    g = opened({0: "4v", 1: hand})
    illegal(g, 1, eat("4s"), "R5")


def test_order_r6_before_r8() -> None:
    g = opened({0: "9v", 1: NINE_CHAN})
    illegal(g, 1, eat("9m"), "R6")


# --- messages name the card ----------------------------------------------------------------

def _r5() -> tuple[Game, int, Action, str]:
    return opened({0: "5m", 1: "5v 5s"}), 1, eat("5v"), "R5"


def _r6() -> tuple[Game, int, Action, str]:
    return opened({0: "9v", 1: WAITING_8_CHAN}), 1, eat("9m"), "R6"


def _r7() -> tuple[Game, int, Action, str]:
    g = opened({0: "5v 5s 2m 8m 7v"}, stock=R7A_STOCK)
    walk_to(g, 0, "2m")
    g.act(0, eat("2m"))
    g.act(0, discard("5s"))
    walk_to(g, 0, "7s")
    return g, 0, eat("7v"), "R7"


def _t7() -> tuple[Game, int, Action, str]:
    return dead_dealer(), 0, eat("2v"), "T7"


def _c1() -> tuple[Game, int, Action, str]:
    return opened({0: "9m", 1: WAITS_9_BY_9M}), 1, WIN, "C1"


@pytest.mark.parametrize("scenario", [_r5, _r6, _r7, _t7, _c1], ids=["R5", "R6", "R7", "T7", "C1"])
def test_messages_name_the_offered_card(scenario: Any) -> None:
    g, seat, action, rule = scenario()
    assert g.offer is not None
    illegal(g, seat, action, rule, g.offer.card.code)
