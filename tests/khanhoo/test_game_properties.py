"""Invariants of the rules engine over random legal play (Hypothesis stateful test).

After every action: the pack is accounted for exactly once; each seat holds its target
at rest and one card more while it owes one; every seat's VIEW reads back from its JSON;
every listed legal action is accepted and every other action is rejected with a rule ID;
at the end, only the winner scores and the record replays.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant

from advisor.khanhoo.cards import CARDS, cards_of
from advisor.khanhoo.faces import GAME as KHANHOO
from advisor.khanhoo.game import Action, Game, claim_action, table_rules
from advisor.khanhoo.rules import Rules
from advisor.khanhoo.view import View
from tests.games import checks as games_checks
from tests.games.checks import legal_accepted_others_refused

RULE_ID = re.compile(r"^K(1|3|4|5|6|7|8|10)$")
SIMPLE = [Action("pass"), Action("draw"), Action("quartette"),
          *(Action(do, c) for do in ("discard", "out", "cache", "quartette") for c in CARDS)]
CONFIGS = [
    (2, table_rules(2), None), (3, table_rules(3), None), (4, table_rules(4), None),
    (4, table_rules(4), 2), (5, table_rules(5), None), (3, Rules(3, 2, trio=True), None),
    (5, Rules(4, 1, trio=True), None), (3, table_rules(3, bump_sequences=True), None),
]


class RandomDeals(games_checks.RandomDeals):
    """Khanhoo deals played at random over the configurations: passing is the first of
    every claim."""

    game: Game
    spec = KHANHOO
    claim_first = Action("pass")

    @initialize(seed=st.integers(0, 2**32 - 1), config=st.sampled_from(CONFIGS))
    def deal(self, seed: int, config: tuple[int, Rules, int | None]) -> None:
        players, rules, orphan = config
        self.game = Game.from_deal(players, seed=seed, rules=rules, orphan=orphan, max_turns=25)

    def check_finished(self, r: Any) -> None:
        assert r is not None
        if r.winner is None:
            assert set(r.scores) == {0} and r.by is None
        else:
            assert r.scores[r.winner] == r.points >= 5
            assert sum(r.scores) == r.points

    @invariant()
    def cards_accounted_for(self) -> None:
        assert self.game.cards_in_play() == self.game.rules.pack.counts

    @invariant()
    def hand_sizes(self) -> None:
        g = self.game
        d = g.pending
        for seat, s in enumerate(g.seats):
            owes = d is not None and d.phase == "turn" and d.seat == seat
            if d is None:
                assert s.size in (s.target, s.target + 1)
            else:
                assert s.size == s.target + owes, (seat, d, s.size)

    @invariant()
    def views_round_trip(self) -> None:
        """Every seat's VIEW is written as the bot protocol's JSON and read back equal."""
        for seat in range(self.game.players):
            v = self.game.view(seat)
            assert View.from_json(json.loads(json.dumps(v.to_json()))) == v

    @invariant()
    def legal_accepted_others_rejected_with_a_rule(self) -> None:
        g = self.game
        d = g.pending
        if d is None:
            return
        legal = set(g.legal_actions())
        tries = list(SIMPLE)
        if d.phase == "claim":
            held = cards_of(g.hand(d.seat))
            tries += [claim_action(do, held[k:k + 2]) for do in ("take", "bump")
                      for k in range(0, len(held) - 1, 3)]
            tries += [a for a in legal if a.do in ("take", "bump")]
        legal_accepted_others_refused(g, g.players, tries, RULE_ID)


RandomDeals.TestCase.settings = settings(max_examples=25, stateful_step_count=150,
                                         deadline=None)
TestRandomDeals = RandomDeals.TestCase
