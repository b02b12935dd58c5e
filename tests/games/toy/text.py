"""Pairs in words."""

from __future__ import annotations

from typing import Any

from advisor.text import Style
from tests.games.toy.advice import Advice
from tests.games.toy.game import Action
from tests.games.toy.view import View


def view_text(v: View, st: Style) -> str:
    return (f"Your hand: {' '.join(v.hand)}\nDiscards: {' '.join(v.pile) or '-'}; "
            f"{v.stock} in the stock; you must {v.phase}")


def action_text(a: Action) -> str:
    return a.do if a.card is None else f"{a.do} {a.card}"


def advice_text(adv: Advice, st: Style) -> str:
    return "\n".join(f"{action_text(o.action):<12}{o.value:6.2f}" for o in adv.options)


def score_text(result: Any, st: Style) -> str:
    return f"{' '.join(result.hand)}: {result.score} points"


def simulation_text(s: Any, st: Style | None = None) -> str:
    return "\n".join(f"{p.spec}: {p.wins} wins, {p.mean:+.2f} a deal" for p in s.players)
