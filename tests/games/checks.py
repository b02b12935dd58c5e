"""Checks every game's engine tests share."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from advisor.errors import IllegalActionError


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
