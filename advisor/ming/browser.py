"""Ming Kanhu at the browser table (:mod:`advisor.games.browser`): the Chinese cards of
the pack, the hand grouped by suit, the trick in the middle (a face-down follow shown
face down), each seat's cards left, captured and tricks, and the end explained by the
scores. A play is chosen card by card: tap the cards, then the play."""

from __future__ import annotations

from typing import Any

from advisor.games.browser import Browser, Face, Json, hand_groups, seat_name
from advisor.ming.cards import CARDS
from advisor.ming.cards import card as card_of

_ZH = {"c": "文", "s": "索", "m": "萬"}
_SPECIAL = {"HC": ("½", "半文"), "ZC": ("0", "空文"), "TM": ("TM", "千萬")}
"""The special cards' marks: Latin on top (readable without a CJK font), Chinese under."""


def _face(c: Any) -> Face:
    suit = {"c": "Cash", "s": "Strings", "m": "Myriads"}.get(str(c.suit), "")
    zh = _ZH.get(c.suit, "") if isinstance(c.suit, str) else ""
    if c.code in _SPECIAL:
        top, mid = _SPECIAL[c.code]
        return Face(c.code, top, mid, suit, c.name, red=bool(c.red))
    return Face(c.code, str(c.rank), zh, suit, c.name, red=bool(c.red))


def _names(codes: list[str]) -> str:
    return ", ".join(card_of(c).name for c in codes)


def groups(view: Json) -> list[Json]:
    return hand_groups(view["hand"], lambda c: card_of(c).index,
                       lambda c: _face(card_of(c)).low)


def middle(view: Json) -> Json:
    trick = view.get("trick")
    if trick and trick.get("plays"):
        return {"label": f"The trick, led by {seat_name(trick['leader'])}",
                "plays": trick["plays"]}
    last = view["tricks"][-1] if view.get("tricks") else None
    label = ("Your lead" if view["to_act"] == view["seat"]
             else f"{seat_name(view['to_act'])} to lead")
    if last is not None and last.get("winner") is not None:
        label += f" — {seat_name(last['winner'])} won the last trick"
    return {"label": label, "cards": []}


def seats(view: Json) -> list[list[Json]]:
    won = [0] * view["players"]
    for t in view.get("tricks", []):
        if t.get("winner") is not None:
            won[t["winner"]] += 1
    return [[{"label": "Hand", "text": f"{view['hand_sizes'][s]} cards"},
             {"label": "Captured", "text": f"{view['captured'][s]} cards in {won[s]} "
                                           f"trick{'' if won[s] == 1 else 's'}"
                                           + (f", bonus {view['bonuses'][s]}"
                                              if view["bonuses"][s] else "")}]
            for s in range(view["players"])]


def _play_text(action: Json) -> str:
    cards = action.get("cards")
    if isinstance(cards, int):
        return f"follows with {cards} card{'' if cards == 1 else 's'} face down"
    text = f"{action['do']} {_names(cards or [])}"
    if action.get("declare"):
        text += f" as a {action['declare']}"
    if action["do"] == "follow" and action.get("beats") is not None:
        text += " (beats the trick)" if action["beats"] else " (face down)"
    return text


def action_text(action: Json, view: Json) -> str:
    text = _play_text(action)
    return text[:1].upper() + text[1:]


def move_text(seat: int, action: Json) -> str:
    return f"{seat_name(seat)}: {_play_text(action)}"


def public(seat: int, action: Json, phase: str) -> Json:
    """A follow that does not beat is played face down: the others see how many cards."""
    if action["do"] == "follow" and action.get("beats") is False:
        return {"do": "follow", "cards": len(action["cards"]), "beats": False}
    return action


def result(game: Any) -> Json:
    r = game.result.to_json()
    lines = [f"{seat_name(s)}: {r['captured'][s]} cards captured in {r['tricks'][s]} "
             f"trick{'' if r['tricks'][s] == 1 else 's'} + {r['bonuses'][s]} bonus = "
             f"{r['scores'][s]}" for s in range(len(r["scores"]))]
    head = "A tie for the top score" if r["winner"] is None else \
        f"{seat_name(r['winner'])} scored the most: {r['points']}"
    lines.append("Each seat settles with each other by the difference of their scores "
                 "(M7): the payments below.")
    return {"headline": head, "lines": lines, "groups": [], "payments": r["settlement"]}


BROWSER = Browser(
    title="Ming Kanhu", subtitle="tricks with the Chinese cards",
    faces=tuple(_face(c) for c in CARDS), groups=groups, middle=middle, seats=seats,
    action_text=action_text, move_text=move_text, result=result, tap=("lead", "follow"),
    default_players=3, public=public)

__all__ = ["BROWSER"]
