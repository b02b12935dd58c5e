"""Game records (``chan-record/2``, rules §8.2; ``chan-record/1`` still read): the deal a
record holds, and how a recorded move is played. Its replay is every game's
(:meth:`advisor.games.spec.GameSpec.replay`): the deal read here, every move played
through the engine — so every rule is checked — and the result compared. Declined
claims are not recorded (C5): when the engine asks for a claim and the record's next
move is not that claim, the claim was declined (:func:`play_recorded`).

>>> from advisor.chan.faces import GAME
>>> g = Game.from_deal(seed=3)
>>> while not g.over:
...     g.act(g.pending.seat, g.legal_actions()[-1])
>>> rec = g.to_record()
>>> rec["format"], GAME.replay(rec).valid
('chan-record/2', True)
"""

from __future__ import annotations

from typing import Any

from advisor.chan.cards import counts_of, parse_cards, parse_face
from advisor.chan.game import RECORD_FORMAT, Action, Game, bonuses_as_ruled
from advisor.chan.profiles import PROFILES
from advisor.errors import IllegalActionError, RecordError
from advisor.games.records import (
    ResultForm,
    read_deal,
    read_header,
    read_records,
    seat_number,
    upgrades,
)

RECORD_FIELDS = ("format", "rules", "options", "dealer", "players", "hands", "stock", "moves",
                 "result", "practice")
"""A record's fields; ``practice`` (``{"seed": N}``) marks a browser game's practice deal,
dealt from a seed anyone may give again."""

RESULT_FORM = ResultForm(
    rules={"winner": "C1", "how": "C1", "win_by": "C1", "winning_card": "C1", "points": "§7",
           "settlement": "§7", "bonuses": "§7", "payments": "§7"},
    forms={"bonuses": bonuses_as_ruled})
"""How a record's result is compared (:func:`advisor.games.records.result_mismatch`): the
win by its claim (C1), the points, bonuses and payments by §7 — the bonuses as the rules
count them, the main one by its rank and then the multiset, so two tied bonuses (Tôm and
Bạch thủ) may come in either order."""


def _v1_result(result: dict[str, Any]) -> dict[str, Any]:
    """What a ``chan-record/1`` result lacks: ``how`` (its ``win_by``; null for a draw)
    and ``settlement`` (its ``payments``)."""
    return {"how": result.get("win_by"), "settlement": result["payments"]}


UPGRADES = upgrades(RECORD_FORMAT, _v1_result, "chan-record/1")
"""The older formats still read: ``chan-record/1``, whose result lacks ``how`` and
``settlement``."""


def game_from_record(rec: object) -> Game:
    """The deal of a record, before any move (errors name the field)."""
    options = read_header(rec, RECORD_FORMAT, RECORD_FIELDS, UPGRADES)
    assert isinstance(rec, dict)
    rules = rec.get("rules", "house")
    if rules not in PROFILES:
        raise RecordError(f"rules: unknown profile {rules!r}", field="rules")
    dealer = seat_number(rec, "dealer", "a seat number 0–3")
    hands, stock = read_deal(rec, parse_cards, hands="four lists of cards",
                             stock="a list of 23 cards")
    return Game([counts_of(h) for h in hands], stock, dealer, rules=rules, options=options)


def play_recorded(g: Game, seat: int, action: Action) -> None:
    """Apply a move as a record states it: declined claims are not recorded (C5), so
    every claim the engine asks for before this move is declined first."""
    _decline_claims_before(g, seat, action)
    g.act(seat, action)


def _decline_claims_before(g: Game, seat: int, action: Action) -> None:
    while g.pending is not None and g.pending.phase == "claim":
        if action.do in ("win", "chiu"):
            if seat == g.pending.seat:
                return
            in_turn_chiu = action.do == "chiu" and g.offer is not None and seat == g.offer.to
            if seat not in (s for s, _ in g.claims) and not in_turn_chiu:
                raise IllegalActionError(*g.claim_problem(seat, action))
        g.act(g.pending.seat, Action("pass"))


__all__ = ["RECORD_FIELDS", "RESULT_FORM", "UPGRADES", "game_from_record", "parse_face",
           "play_recorded", "read_records"]
