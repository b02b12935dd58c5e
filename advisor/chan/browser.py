"""Chắn at the browser table (:mod:`advisor.games.browser`): its cards by their
Vietnamese names, the hand as the analysis pairs it, the card on offer in the middle, each
door's melds (four of one card named a Chíu, C2), discards and passed cards, and the end
explained: the winner's ten pairs grouped Chắn and Cạ, each bonus (cước) and why (§7).

A table of Chắn is dealt under a rules profile (option ``rules``: ``house`` or ``cvv``).
A claim a seat declines is not seen by the others (C5): telling it would tell that the
seat held three of the card, or could win on it, so the log leaves it out. Tables stored
as ``chan-session/1`` (before every game's table was one) are read through
:func:`from_session`.
"""

from __future__ import annotations

from typing import Any

from advisor.chan.cards import FACES, parse_face
from advisor.chan.game import Game
from advisor.chan.profiles import CONDITIONS, PROFILES
from advisor.chan.session import SESSION_FORMAT
from advisor.games.browser import TABLE_FORMAT, Browser, Face, Json, TableOption, seat_name

RANK_MARK = {0: "✿"}


def _face(f: Any) -> Face:
    word, suit = f.vi.split(" ") if f.rank else ("Chi", "chi")
    return Face(f.code, RANK_MARK.get(f.rank, str(f.rank)), word, suit, f.vi, red=f.red)


def name(code: str) -> str:
    """A card's name: ``Tam Vạn``."""
    return str(parse_face(code).vi)


def groups(view: Json) -> list[Json]:
    """The hand in the order of the cards (rank, then suit), one group."""
    order = {f.code: f.index for f in FACES}
    return [{"label": "", "cards": sorted(view["hand"], key=lambda c: order[c])}]


def _offer_text(offer: Json) -> str:
    to = "you" if offer["to"] == 0 else seat_name(offer["to"])
    if offer["source"] == "discard":
        return f"{seat_name(offer['door'])}'s discard, offered to {to}"
    if offer["source"] == "return":
        return f"returned to {to} after {seat_name(offer['door'])}'s Chíu"
    door = "your" if offer["door"] == 0 else f"{seat_name(offer['door'])}'s"
    return f"revealed at {door} door, offered to {to}"


def middle(view: Json) -> Json:
    """The card on offer and where it comes from, else whose turn it is."""
    offer = view.get("offer")
    if offer:
        return {"label": _offer_text(offer), "cards": [offer["card"]]}
    return {"label": ("Your turn" if view["to_act"] == view["seat"]
                      else f"{seat_name(view['to_act'])} to play"), "cards": []}


def seats(view: Json) -> list[list[Json]]:
    """Each door: its melds (four of one card labelled a Chíu, C2), discards and passed
    cards, and whether it is dead."""
    rows = []
    for door in view["table"]:
        melds = [{"label": "Chíu", "cards": m} if len(m) == 4 else m for m in door["melds"]]
        row = [{"label": "Melds", "groups": melds},
               {"label": "Discards", "cards": door["discards"]},
               {"label": "Passed", "cards": door["passed"]}]
        if door.get("dead"):
            row.append({"label": "Dead", "text": "cannot win this deal"})
        rows.append(row)
    return rows


def action_text(action: Json, view: Json) -> str:
    """A legal action in words, the Vietnamese verb first: ``Ăn · eat Tam Vạn with …``."""
    offer = view["offer"]["card"] if view.get("offer") else None
    do = action["do"]
    if do == "discard":
        return f"Đánh · discard {name(action['card'])}"
    if do == "eat":
        kind = "Chắn" if action["with"] == offer else "Cạ"
        return f"Ăn · eat {name(offer or '')} with {name(action['with'])} ({kind})"
    if do == "pass":
        if view["phase"] == "claim":
            return "No claim"
        if view["phase"] == "start":
            return "Decline Thiên ù"
        return f"Bỏ · pass {name(offer)}" if offer else "Bỏ · pass"
    if do == "chiu":
        return f"Chíu {name(offer)}" if offer else "Chíu"
    if do == "win":
        if view["phase"] == "discard":
            return "Ù · win (Chíu ù)"
        return f"Ù · win on {name(offer)}" if offer else "Ù · win"
    if do == "heaven":
        return "Thiên ù · declare a win"
    return str(do)


def move_text(seat: int, action: Json) -> str:
    """A logged move in words."""
    who = seat_name(seat)
    do = action["do"]
    if do == "discard":
        return f"{who}: discard {name(action['card'])}"
    if do == "eat":
        return f"{who}: eat with {name(action['with'])}"
    if do == "pass":
        return f"{who}: pass"
    if do == "chiu":
        return f"{who}: claim by Chíu"
    if do == "win":
        return f"{who}: win (Ù)"
    if do == "heaven":
        return f"{who}: declare Thiên ù"
    return f"{who}: {do}"


def phase(game: Game) -> str:
    """The phase of the decision pending (``over`` once the deal is)."""
    return game.pending.phase if game.pending else "over"


def public(seat: int, action: Json, phase: str) -> Json | None:
    """A claim a seat declines is not seen (C5); every other move is public."""
    if phase == "claim" and action["do"] == "pass":
        return None
    return action


_HOW = {"own_door": "on the card revealed at their own door (Ù chì)",
        "other_door": "on a revealed stock card", "chiu": "by Chíu (Chíu ù)",
        "heaven": "with the dealt hand (Thiên ù)", "discard": "on a discard"}


def result(game: Game) -> Json:
    """The winner, how and for how much; each bonus and why (§7); the winner's ten pairs
    grouped Chắn (the same card twice) and Cạ (same rank, other suit), exposed melds
    first — or a draw (T6)."""
    r = game.result
    assert r is not None
    out = r.to_json()
    if r.winner is None or r.score is None:
        return {"headline": "Draw — the stock ran out (T6); nobody pays", "lines": [],
                "groups": [], "payments": out["payments"], "explained": []}
    who = seat_name(r.winner)
    points = f"{r.points} point{'' if r.points == 1 else 's'}"
    how = _HOW.get(r.win_by or "", r.win_by or "")
    lines = [f"Winning card: {name(r.winning_card.code)}"] if r.winning_card else []
    pairs = [[a.code, b.code] for a, b in r.score.pairs]
    chan = [c for p in pairs if p[0] == p[1] for c in p]
    ca = [c for p in pairs if p[0] != p[1] for c in p]
    return {"headline": f"{who} {'win' if r.winner == 0 else 'wins'} {points} {how}",
            "lines": lines,
            "groups": [{"label": f"Chắn ({len(chan) // 2})", "cards": chan},
                       {"label": f"Cạ ({len(ca) // 2})", "cards": ca}],
            "payments": out["payments"],
            "explained": [{"name": b["name"], "because": CONDITIONS.get(b["code"], ""),
                           "points": f"{b['count']} × {b['base']} (dịch {b['dich']})"}
                          for b in out["bonuses"]]}


def deal(players: int, seed: int, options: Any) -> Game:
    """A deal under the table's rules profile (S1–S3)."""
    return Game.from_deal(seed=seed, rules=options.get("rules", "house"))


def from_session(obj: Json) -> Json:
    """A table stored as ``chan-session/1`` as a ``game-table/1`` object: its deal kept as
    dealt (the cards; a practice deal's seed), its rules, its bots and every action,
    declined claims included."""
    deal_record = obj.get("deal") or {}
    return {"format": TABLE_FORMAT, "game": "chan", "players": 4, "seed": obj.get("seed"),
            "practice": obj.get("seed") is not None, "opponents": list(obj["opponents"]),
            "options": {"rules": str(deal_record.get("rules", "house"))},
            "dealt": deal_record, "moves": list(obj.get("steps") or [])}


RULES = TableOption("rules", "Rules", tuple((p.name, p.description) for p in PROFILES.values()))

BROWSER = Browser(
    title="Chắn", subtitle="twenty cards in pairs: the Vietnamese game",
    faces=tuple(_face(f) for f in FACES), groups=groups, middle=middle, seats=seats,
    action_text=action_text, move_text=move_text, result=result, default_players=4,
    public=public, phase=phase, options=(RULES,), deal=deal,
    stored={SESSION_FORMAT: from_session}, record_practice=True, dealer="Cái")

__all__ = ["BROWSER", "from_session"]
