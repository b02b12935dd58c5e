"""Khanhoo at the browser table (:mod:`advisor.games.browser`): French-suited cards, the
hand grouped by its best partial declaration, the discard on offer in the middle, each
seat's melds and discards, and the end explained combination by combination."""

from __future__ import annotations

from typing import Any

from advisor.games.browser import Browser, Face, Json, hand_groups, offer_middle, seat_name
from advisor.khanhoo.cards import CARDS, RANK_CODES, SUIT_NAMES, SUIT_SYMBOLS
from advisor.khanhoo.cards import card as card_of
from advisor.khanhoo.faces import GAME
from advisor.khanhoo.text import action_text as _action_text

_COURT = {11: "J", 12: "Q", 13: "K"}


def _face(c: Any) -> Face:
    if c.code == "Jk":
        return Face(c.code, "★", "Joker", "any", "Joker", red=True)
    top = RANK_CODES.get(c.rank) or _COURT.get(c.rank, c.code[0])
    return Face(c.code, top, SUIT_SYMBOLS[c.suit] if isinstance(c.suit, str) else c.code[-1],
                SUIT_NAMES.get(c.suit, "") if isinstance(c.suit, str) else "", c.name,
                red=bool(c.red))


def _suit(code: str) -> str:
    return "Joker" if code == "Jk" else SUIT_NAMES.get(code[-1], code[-1]).capitalize()


def groups(view: Json) -> list[Json]:
    """The hand by suit (hearts, clubs, diamonds, spades, Jokers), each in rank order."""
    return hand_groups(view["hand"], lambda c: card_of(c).index, _suit)


middle = offer_middle


def seats(view: Json) -> list[list[Json]]:
    rows = []
    for seat in view["table"]:
        rows.append([{"label": "Hand", "text": f"{seat['cards']} cards"},
                     {"label": "Melds", "groups": seat["melds"]},
                     {"label": "Discards", "cards": [c for c in seat["discards"][-8:] if c]}])
    return rows


def action_text(action: Json, view: Json) -> str:
    return _action_text(GAME.read_action(action)).capitalize()


def move_text(seat: int, action: Json) -> str:
    return f"{seat_name(seat)}: {_action_text(GAME.read_action(action))}"


def result(game: Any) -> Json:
    r = game.result.to_json()
    if r["winner"] is None:
        return {"headline": "A draw: the turn limit was reached; nobody scores.",
                "lines": [], "groups": [], "payments": r["scores"]}
    how = {"out": "went out", "quartette": "declared a natural Quartette",
           "cache": "declared a Quartette by the cache"}.get(r["by"], r["by"])
    who = seat_name(r["winner"])
    lines = [f"{who} {how} for {r['points']} points."]
    if r.get("discard"):
        lines.append(f"Going out by throwing {card_of(r['discard']).name}.")
    return {"headline": f"{who} {how} — {r['points']} points",
            "lines": lines,
            "groups": [{"label": f"{c['code'].capitalize()}: {c['points']} point"
                                 f"{'' if c['points'] == 1 else 's'}", "cards": c["cards"]}
                       for c in r["combinations"]],
            "payments": r["scores"]}


BROWSER = Browser(
    title="Khanhoo", subtitle="go out first with your cards in combinations",
    faces=tuple(_face(c) for c in CARDS), groups=groups, middle=middle, seats=seats,
    action_text=action_text, move_text=move_text, result=result)

__all__ = ["BROWSER"]
