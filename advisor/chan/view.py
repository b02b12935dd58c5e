"""A seat's VIEW (rules §8.3): what it can see, what it cannot, and worlds consistent
with it.

The unseen cards are the 100 minus everything the seat has seen: its hand, every meld,
every discard on the table, every card left at a door, and a revealed card on offer.
A *world* deals the unseen cards at random to the other hands and the stock, so the
rules engine can play the rest of the deal (determinized Monte Carlo).
"""

from __future__ import annotations

import random
from typing import Any

from advisor.chan.cards import BY_CODE, COPIES, FACES, Counts, Face, counts_of, parse_cards
from advisor.chan.game import SEATS, Game, Offer, SeatState
from advisor.chan.pairing import Meld
from advisor.chan.profiles import PROFILES
from advisor.errors import AdvisorError, HandSizeError, PositionError

VIEW_PHASES = ("start", "offer", "discard", "claim")


def _cards(view: dict[str, Any], name: str, value: Any) -> list[Face]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected a list of card codes", field=name)
    try:
        return parse_cards(value)
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def check_view(view: object) -> dict[str, Any]:
    """Validate the shape of a VIEW; errors name the field."""
    if not isinstance(view, dict):
        raise PositionError("a VIEW must be a JSON object", field="$")
    for key in ("seat", "dealer", "phase", "hand", "stock_left", "table"):
        if key not in view:
            raise PositionError(f"{key}: missing from the VIEW", field=key)
    for key in ("seat", "dealer"):
        v = view[key]
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < SEATS:
            raise PositionError(f"{key}: a seat number 0–3 (S2)", field=key)
    if view["phase"] not in VIEW_PHASES:
        raise PositionError(f"phase: one of {', '.join(VIEW_PHASES)}", field="phase")
    if view.get("rules", "house") not in PROFILES:
        raise PositionError(f"rules: unknown profile {view.get('rules')!r}", field="rules")
    sl = view["stock_left"]
    if not isinstance(sl, int) or isinstance(sl, bool) or not 0 <= sl <= 23:
        raise PositionError("stock_left: an integer from 0 to 23 (S3)", field="stock_left")
    table = view["table"]
    if not isinstance(table, list) or len(table) != SEATS or \
            not all(isinstance(t, dict) for t in table):
        raise PositionError("table: one object per seat, four in all", field="table")
    if view["phase"] not in ("start", "discard") and view.get("offer") is None:
        raise PositionError(f"offer: a VIEW in the {view['phase']} phase needs the card on "
                            "offer", field="offer")
    _check_size(view)
    offer = view.get("offer")
    if isinstance(offer, dict) and offer.get("source") in ("discard", "return"):
        door, card = offer.get("door"), offer.get("card")
        pile = table[door].get("discards") if isinstance(door, int) and 0 <= door < SEATS \
            else None
        if not isinstance(pile, list) or not pile or not isinstance(card, str) or \
                _face(pile[-1], f"table[{door}].discards") != _face(card, "offer.card"):
            raise PositionError(f"offer: a card offered from seat {door}'s discards is the last "
                                f"of table[{door}].discards", field="offer")
    return view


def _check_size(view: dict[str, Any]) -> None:
    """The seat's cards must add up for its decision (S3, §4): 19 at rest when a card is
    on offer (20 for a dead dealer, T7), 20 when it owes a discard or opens the deal."""
    me, phase = view["seat"], view["phase"]
    mine = view["table"][me]
    hand = _cards(view, "hand", view["hand"])  # a card that is no card is named first
    melds = mine.get("melds", [])
    if not isinstance(melds, list):
        raise PositionError(f"table[{me}].melds: expected a list of melds (lists of card codes)",
                            field=f"table[{me}].melds")
    held = len(hand) + sum(len(_cards(view, f"table[{me}].melds", m)) for m in melds)
    if phase == "start":
        if me != view["dealer"]:
            raise PositionError(f"phase: only the dealer (seat {view['dealer']}) opens the deal "
                                "(T1)", field="phase")
        want, why = 20, "the dealer opens with 20 cards (S3, T1)"
    elif phase == "discard":
        want, why = 20, "a seat owing a discard holds 20 cards, hand and melds (§4)"
    elif mine.get("dead"):
        want, why = 20, "a dead dealer keeps its 20 cards (T7)"
    else:
        want, why = 19, "with a card on offer a seat holds 19 cards, hand and melds (§4)"
    if held != want:
        raise HandSizeError(f"hand: hand and melds make {held} card{'s' * (held != 1)}; {why}",
                            field="hand")


def seen_counts(view: dict[str, Any]) -> Counts:
    """Every card the seat has seen, as a count vector (hand included)."""
    c = list(counts_of(_cards(view, "hand", view["hand"])))
    for i, t in enumerate(view["table"]):
        for m in t.get("melds", []):
            for f in _cards(view, f"table[{i}].melds", m):
                c[f.index] += 1
        for key in ("discards", "passed"):
            for f in _cards(view, f"table[{i}].{key}", t.get(key, [])):
                c[f.index] += 1
    offer = view.get("offer")
    if offer and offer.get("source") == "stock":
        c[_face(offer.get("card"), "offer.card").index] += 1
    for f in FACES:
        if c[f.index] > COPIES:
            raise PositionError(f"the VIEW shows {c[f.index]} copies of {f.code}; the deck has "
                                "four (§1)", field="table", token=f.code)
    return tuple(c)


def unseen_counts(view: dict[str, Any]) -> Counts:
    """Copies of each face the seat has not seen."""
    return tuple(COPIES - n for n in seen_counts(view))


def _face(code: object, name: str) -> Face:
    if not isinstance(code, str) or code.lower() not in BY_CODE:
        raise PositionError(f"{name}: not a card code: {code!r}", field=name)
    return BY_CODE[code.lower()]


def hidden_sizes(view: dict[str, Any]) -> list[int]:
    """Cards in each other seat's hand: 19 minus its melds at rest, 20 for a dead dealer."""
    out = []
    for i, t in enumerate(view["table"]):
        if i == view["seat"]:
            out.append(0)
            continue
        melds = sum(len(m) for m in t.get("melds", []))
        out.append((20 if t.get("dead") else 19) - melds)
    return out


def seat_state(view: dict[str, Any]) -> SeatState:
    """The seat's own cards and memory (R3, R4, R7) as its VIEW shows them: what the
    rules engine needs to judge its actions. Moves are unknown, so memory entries are
    dated move 0."""
    me = view["seat"]
    t = view["table"][me]
    hand = counts_of(_cards(view, "hand", view["hand"]))
    melds = [Meld.of(_cards(view, f"table[{me}].melds", m)) for m in t.get("melds", [])]
    s = SeatState(list(hand), hand, melds, _cards(view, "", t.get("discards", [])),
                  _cards(view, "", t.get("passed", [])), bool(t.get("dead")))
    mem = view.get("memory") or {}
    s.discard_log = _cards(view, "memory.discarded", mem.get("discarded", []))
    s.discarded = {f.index: 0 for f in s.discard_log}
    s.refused = {f.index: 0 for f in _cards(view, "memory.refused", mem.get("refused", []))}
    s.laid_in_ca = {f.index: 0 for f in _cards(view, "memory.laid_in_ca",
                                                 mem.get("laid_in_ca", []))}
    s.ate_ca = bool(mem.get("ate_ca"))
    return s


def world(view: dict[str, Any], rng: random.Random) -> Game:
    """A full game state consistent with the VIEW: the unseen cards dealt at random to the
    other hands and the stock; the seat's own cards and memory exactly as seen."""
    check_view(view)
    me = view["seat"]
    unseen = unseen_counts(view)
    sizes = hidden_sizes(view)
    surplus = sum(unseen) - sum(sizes) - view["stock_left"]
    if surplus < 0 or (surplus and not view.get("partial")):
        raise PositionError(
            f"the VIEW does not add up: {sum(unseen)} unseen cards, but the other hands hold "
            f"{sum(sizes)} and the stock {view['stock_left']}", field="table")
    pool = [f for f in FACES for _ in range(unseen[f.index])]
    rng.shuffle(pool)
    seats: list[SeatState] = []
    pos = 0
    for i, t in enumerate(view["table"]):
        if i == me:
            seats.append(seat_state(view))
            continue
        hand = counts_of(pool[pos : pos + sizes[i]])
        pos += sizes[i]
        melds = [Meld.of(_cards(view, f"table[{i}].melds", m)) for m in t.get("melds", [])]
        s = SeatState(list(hand), hand, melds, _cards(view, "", t.get("discards", [])),
                      _cards(view, "", t.get("passed", [])), bool(t.get("dead")))
        # what the table shows of another seat's history
        s.discard_log = list(s.discards)
        s.discarded = {f.index: 0 for f in s.discards}
        s.ate_ca = any(m.kind == "ca" for m in melds)
        seats.append(s)
    stock = pool[pos : pos + view["stock_left"]]
    # A partial VIEW (typed by a player) leaves some seen cards untyped: out of play.
    seats[(me + 2) % SEATS].passed.extend(pool[pos + view["stock_left"] :])
    phase = view["phase"]
    offer = view.get("offer")
    public = None
    if offer:
        card = _face(offer.get("card"), "offer.card")
        source = offer.get("source")
        door = offer.get("door")
        to = offer.get("to", me if phase == "offer" else None)
        if to is None:
            to = (door + 1) % SEATS if source == "discard" else door
        claims_open = offer.get("claims_open", phase == "claim" or source != "stock"
                                or door == to)
        public = Offer(card, source, door, to, claims_open)
    chiu = view.get("chiu") if phase == "discard" else None
    return Game.in_play(seats, stock, view["dealer"], seat=me, phase=phase, offer=public,
                        to_act=view.get("to_act", me),
                        chiu_card=_face(chiu.get("card"), "chiu.card") if chiu else None,
                        chiu_return=chiu.get("return_to") if chiu else None,
                        rules=view.get("rules", "house"),
                        options=dict(view.get("options") or {}))


def hidden_count(view: dict[str, Any]) -> int:
    """How many cards the seat cannot see (other hands and the stock)."""
    return sum(unseen_counts(view))


__all__ = ["check_view", "hidden_count", "hidden_sizes", "seat_state", "seen_counts",
           "unseen_counts", "world"]
