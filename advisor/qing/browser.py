"""Qing Kanhu at the browser table (:mod:`advisor.games.browser`): the Chinese cards of
the pack, the hand grouped by suit with the extras (1s and flowers) apart, the discard
on offer in the middle, each seat's shown groups and discards, and the end explained
by the winner's eye and boys."""

from __future__ import annotations

from typing import Any

from advisor.games.browser import Browser, Face, Json, hand_groups, offer_middle, seat_name
from advisor.qing.cards import CARDS, SUIT_NAMES, SUIT_ZH
from advisor.qing.cards import card as card_of
from advisor.qing.faces import GAME
from advisor.qing.text import action_text as _action_text


def _face(c: Any) -> Face:
    if not c.rank:  # a flower, the Old Thousand: its code on top (no CJK font needed)
        return Face(c.code, c.code, c.zh, c.name.split()[-1], c.name, red=c.code == "RF")
    return Face(c.code, str(c.rank), SUIT_ZH[c.suit], SUIT_NAMES[c.suit], c.name,
                red=c.suit == "c")


def _named(text: str) -> str:
    words = []
    for w in text.split(" "):
        try:
            words.append(card_of(w).name if len(w) == 2 else w)
        except Exception:  # not a card: a word
            words.append(w)
    return " ".join(words)


def groups(view: Json) -> list[Json]:
    """The hand by suit; the extras (Q4: every 1, the flowers) as a group of their own."""
    return hand_groups(view["hand"], lambda c: card_of(c).index, _group)


def _group(code: str) -> str:
    c = card_of(code)
    return "Extras (1s, flowers)" if c.extra else str(SUIT_NAMES[c.suit])


middle = offer_middle


def seats(view: Json) -> list[list[Json]]:
    return [[{"label": "Hand", "text": f"{view['hand_sizes'][s]} cards"},
             {"label": "Shown", "groups": view["melds"][s]},
             {"label": "Discards", "cards": view["discards"][s][-8:]}]
            for s in range(view["players"])]


def action_text(action: Json, view: Json) -> str:
    text = _named(_action_text(GAME.read_action(action)))
    offer = view.get("offer")
    if action["do"] == "take" and offer:
        text = text.replace("take it", f"take {card_of(offer['card']).name}")
    if action["do"] == "win":
        text = "win (declare the hand)" if view["phase"] == "turn" else \
            f"win on {card_of(offer['card']).name}" if offer else "win"
    return text[:1].upper() + text[1:]


def move_text(seat: int, action: Json) -> str:
    return f"{seat_name(seat)}: {_named(_action_text(GAME.read_action(action)))}"


_HOW = {"deal": "with the dealt hand", "draw": "on a card drawn from the stock",
        "take": "on a discard taken", "discard": "on another seat's discard"}


def result(game: Any) -> Json:
    r = game.result.to_json()
    if r["winner"] is None:
        return {"headline": "A drawn deal: the stock ran out (Q8); the stakes are returned.",
                "lines": [], "groups": [], "payments": r["settlement"]}
    who = seat_name(r["winner"])
    groups_ = []
    for g in r["groups"]:
        label = f"{'Eye' if g['kind'] == 'eye' else 'Boy'}: {g['name']}"
        if g["extras"]:
            label += " (with extras)"
        groups_.append({"label": label, "cards": g["cards"] + g["extras"]})
    return {"headline": f"{who} won {_HOW.get(r['how'], r['how'])} and take"
                        f"{'' if r['winner'] == 0 else 's'} the pot: +{r['points']}",
            "lines": ["The winning hand is one eye and boys (Q5); every other seat pays "
                      "its stake to the winner (Q8)."],
            "groups": groups_, "payments": r["settlement"]}


BROWSER = Browser(
    title="Qing Kanhu", subtitle="an eye and boys: the Chinese cards' rummy",
    faces=tuple(_face(c) for c in CARDS), groups=groups, middle=middle, seats=seats,
    action_text=action_text, move_text=move_text, result=result)

__all__ = ["BROWSER"]
