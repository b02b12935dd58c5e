"""Checks every game's engine tests share."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule

from advisor.errors import IllegalActionError, RecordError


def legal_accepted_others_refused(g: Any, seats: int, tries: Iterable[Any],
                                  rule_id: re.Pattern[str]) -> None:
    """At ``g``'s pending decision, for every seat and every action of ``tries``: a legal
    action (the seat to act, listed by ``legal_actions()``) is accepted; anything else is
    refused with the ID of a rule of the game (``rule_id``) leading its message."""
    d = g.pending
    if d is None:
        return
    legal = set(g.legal_actions())
    for seat in range(seats):
        for a in tries:
            if seat == d.seat and a in legal:
                assert g.can(seat, a)
                continue
            try:
                g.verify(seat, a)
            except IllegalActionError as err:
                assert rule_id.match(err.rule), err.rule
                assert err.message.startswith(f"{err.rule}: ")
            else:
                raise AssertionError(f"seat {seat} {a} accepted but not listed as legal")


def replays_to_its_result(spec: Any, rec: dict[str, Any]) -> None:
    """A record replays through the game's ``spec`` — every move legal — to the result it
    states."""
    r = spec.replay(rec)
    assert r.valid, r.describe()
    assert r.game is not None and r.game.result is not None
    assert r.game.result.to_json() == rec["result"]



def refused_naming(spec: Any, rec: object, field: str) -> None:
    """A malformed record is refused by the game's replay with a :class:`RecordError`
    naming the field at fault."""
    r = spec.replay(rec)
    assert not r.valid and isinstance(r.error, RecordError)
    assert r.error.field == field

def random_legal_step(g: Any, draw: Any, *, claim_first: Any = None) -> None:
    """One step of a deal played at random: the pending decision has a legal action (a
    claim's first is ``claim_first``, where given), and one of them, drawn with
    Hypothesis's ``draw``, is played."""
    legal = g.legal_actions()
    assert legal, "a pending decision always has a legal action"
    d = g.pending
    assert d is not None
    if claim_first is not None and d.phase == "claim":
        assert legal[0] == claim_first
    g.act(d.seat, draw(st.sampled_from(legal)))


class RandomDeals(RuleBasedStateMachine):
    """Deals played by choosing uniformly among the legal actions. A game's machine deals
    (an ``initialize`` rule that sets ``game``), may name the first action of every claim
    (``claim_first``) and checks a finished deal in ``check_finished``; every finished
    deal's record replays through the game's ``spec``."""

    game: Any
    spec: Any
    claim_first: Any = None

    @precondition(lambda self: not self.game.over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        random_legal_step(self.game, data.draw, claim_first=self.claim_first)

    @precondition(lambda self: self.game.over)
    @rule()
    def finished(self) -> None:
        self.check_finished(self.game.result)
        replayed = self.spec.replay(self.game.to_record())
        assert replayed.valid, replayed.describe()

    def check_finished(self, result: Any) -> None:
        assert result is not None
