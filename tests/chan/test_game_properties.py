"""Invariants of the rules engine over random legal play (Hypothesis stateful test).

After every action: the 100 cards are all accounted for exactly once; hand sizes follow
the rules (19 at rest, 20 while owing a discard, for the dealer's opening, the dead
dealer and the winner); the VIEW of the seat to act reads back from its JSON; every
listed legal action is accepted and every other action is rejected with a rule ID; at
the end, payments sum to zero and the record replays.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant

from advisor.chan.cards import FACES, FULL_DECK
from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import SEATS, Action, Game
from advisor.chan.view import View
from tests.games import checks as games_checks
from tests.games.checks import legal_accepted_others_refused

RULE_ID = re.compile(r"^(S[1-3]|T[1-7]|R[1-9]|C[1-5]|W[1-3])$")
EVERY_ACTION = [Action("heaven"), Action("pass"), Action("chiu"), Action("win"),
                *(Action("discard", f) for f in FACES), *(Action("eat", f) for f in FACES)]


def expected_size(g: Game, seat: int) -> int:
    s = g.seats[seat]
    if s.dead:
        return 20
    if g.result is not None:
        return 20 if g.result.winner == seat else 19
    d = g.pending
    assert d is not None
    if d.phase == "start":
        return 20 if seat == g.dealer else 19
    if d.phase == "discard" and d.seat == seat:
        return 20
    return 19


class RandomDeals(games_checks.RandomDeals):
    """Chắn deals played at random: a declined claim is the first of every claim."""

    game: Game
    spec = CHAN
    claim_first = Action("pass")

    @initialize(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(["house", "cvv"]))
    def deal(self, seed: int, rules: str) -> None:
        self.game = Game.from_deal(seed=seed, rules=rules)

    def check_finished(self, result: Any) -> None:
        assert result is not None
        assert sum(result.payments) == 0
        if result.winner is not None:
            assert result.payments[result.winner] == 3 * result.points > 0

    @invariant()
    def cards_accounted_for(self) -> None:
        assert self.game.cards_in_play() == FULL_DECK

    @invariant()
    def hand_sizes(self) -> None:
        g = self.game
        for seat in range(SEATS):
            s = g.seats[seat]
            total = sum(s.hand) + sum(len(m.faces) for m in s.melds)
            assert total == expected_size(g, seat), (seat, g.pending, total)

    @invariant()
    def the_view_of_the_seat_to_act_round_trips(self) -> None:
        """The VIEW a bot is given is written as the bot protocol's JSON and read back
        equal (a VIEW read from JSON is a seat's with a decision pending)."""
        d = self.game.pending
        if d is not None:
            v = self.game.view(d.seat)
            assert View.from_json(json.loads(json.dumps(v.to_json()))) == v

    @invariant()
    def legal_accepted_others_rejected_with_a_rule(self) -> None:
        legal_accepted_others_refused(self.game, SEATS, EVERY_ACTION, RULE_ID)


RandomDeals.TestCase.settings = settings(max_examples=25, stateful_step_count=120,
                                         deadline=None)
TestRandomDeals = RandomDeals.TestCase


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_the_engines_yes_no_checks_agree_with_its_reasons(seed: int) -> None:
    """The engine's quick yes/no checks say what its reasoned checks say, at every
    decision of a random deal: a discard allowed (R7b, R2, R3), some discard left (R8),
    a win on the public card (C1, W1, T7); and the legal actions are, in order, the
    candidates _check accepts."""
    import random

    from advisor.chan.game import discard_problem, has_legal_discard, legal_discards, may_discard

    rng = random.Random(seed)
    g = Game.from_deal(rng=random.Random(seed))
    while (d := g.pending) is not None:
        for seat, s in enumerate(g.seats):
            for f in FACES:
                if s.hand[f.index]:
                    assert may_discard(s, f) == (discard_problem(s, f) is None)
            assert has_legal_discard(s) == bool(legal_discards(s))
            if g.offer is not None:
                assert g._wins_on_offer(seat) == (g._win_problem(seat) is None)
        legal = g.legal_actions()
        assert legal == [a for a in g._candidates(d) if g._check(d.seat, a) is None]
        g.act(d.seat, rng.choice(legal))
