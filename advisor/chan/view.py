"""A seat's VIEW (rules §8.3): what it can see of a deal in play, as a frozen value.

A seat sees its hand and its memory (R3, R4, R7), what the table shows of every seat
(melds, discards, stock cards passed at its door, a dead dealer), the card on offer and
the size of the stock. The engine makes a VIEW (``Game.view(seat)``); JSON becomes one
once, at the edge, through :meth:`View.from_json`, which checks every field and card and
raises the library's typed errors naming the field; :meth:`View.to_json` writes the bot
protocol's VIEW object.

The unseen cards are the 100 minus everything the seat has seen: its hand, every meld,
every discard on the table, every card left at a door, and a revealed card on offer
(:attr:`View.unseen`). A *world* deals them at random to the other hands and the stock
(:func:`advisor.chan.lookahead.world`).

>>> from advisor.chan.game import Game
>>> v = Game.from_deal(seed=7).view(0)
>>> v.phase, len(v.hand), v.stock_left, sum(v.unseen)
('start', 20, 23, 80)
>>> View.from_json(v.to_json()) == v
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, cast, get_args

from advisor.chan.cards import BY_CODE, COPIES, FACES, Counts, Face, counts_of, parse_cards
from advisor.chan.pairing import Meld
from advisor.chan.profiles import PROFILES
from advisor.errors import AdvisorError, HandSizeError, PositionError

SEATS = 4
Phase = Literal["start", "offer", "discard", "claim", "over"]
"""The phase of a decision (§8.3); ``over`` once the deal has ended."""
PHASES: tuple[Phase, ...] = get_args(Phase)
VIEW_PHASES = ("start", "offer", "discard", "claim")
"""The phases a VIEW read from JSON may be in: a decision pending."""
Source = Literal["discard", "stock", "return"]
"""Where the public card came from: a discard, the stock (revealed at a door, T3), or a
card returned after a Chíu (C2)."""
SOURCES: tuple[Source, ...] = get_args(Source)


@dataclass(frozen=True)
class Offer:
    """The card that is public now: where it came from and whom it is offered to."""

    card: Face
    source: Source
    door: int  # the discarding seat, the door it was revealed at, or the Chíu claimant
    to: int  # the seat it is offered to
    claims_open: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "source": self.source, "door": self.door,
                "to": self.to, "claims_open": self.claims_open}


@dataclass(frozen=True)
class TableSeat:
    """What the table shows of one seat: its exposed melds, its discards lying in front
    of it (T5), the stock cards passed at its door (T4), and whether it is a dead dealer
    (T7)."""

    melds: tuple[Meld, ...] = ()
    discards: tuple[Face, ...] = ()
    passed: tuple[Face, ...] = ()
    dead: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"melds": [m.codes for m in self.melds],
                "discards": [f.code for f in self.discards],
                "passed": [f.code for f in self.passed], "dead": self.dead}


@dataclass(frozen=True)
class Memory:
    """The seat's own history the restrictions depend on: the faces it discarded, in
    order (R4, R7), refused (R3) and laid in an eaten Cạ, and whether it ate a Cạ (R7)."""

    discarded: tuple[Face, ...] = ()
    refused: tuple[Face, ...] = ()
    laid_in_ca: tuple[Face, ...] = ()
    ate_ca: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"discarded": [f.code for f in self.discarded],
                "refused": [f.code for f in self.refused],
                "laid_in_ca": [f.code for f in self.laid_in_ca], "ate_ca": self.ate_ca}


@dataclass(frozen=True)
class Chiu:
    """After a Chíu, the seat owes a discard: the card it claimed (a Chíu ù wins on it)
    and the seat the discard is returned to (C2, C4; None in turn)."""

    card: Face
    return_to: int | None

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "return_to": self.return_to}


@dataclass(frozen=True)
class View:
    """Everything ``seat`` may know of the deal (see the module's docstring).

    A *partial* VIEW is typed by a player (``advisor.chan.advice.view_from_position``):
    cards seen but not typed are unknown, so its worlds put the unseen cards the other
    hands and the stock do not hold out of play. ``options`` are the profile's options
    a VIEW read from JSON may set."""

    rules: str
    seat: int
    dealer: int
    phase: Phase
    to_act: int
    hand: tuple[Face, ...]
    stock_left: int
    offer: Offer | None
    table: tuple[TableSeat, ...]
    memory: Memory
    chiu: Chiu | None = None  # in the discard phase after a Chíu
    partial: bool = False
    options: tuple[tuple[str, bool], ...] = ()

    @property
    def mine(self) -> TableSeat:
        """What the table shows of the seat itself."""
        return self.table[self.seat]

    @cached_property
    def hand_counts(self) -> Counts:
        """The hand as a count vector."""
        return counts_of(self.hand)

    @cached_property
    def seen(self) -> Counts:
        """Every card the seat has seen, as a count vector (its hand included)."""
        c = list(self.hand_counts)
        for t in self.table:
            for m in t.melds:
                for f in m.faces:
                    c[f.index] += 1
            for f in (*t.discards, *t.passed):
                c[f.index] += 1
        if self.offer is not None and self.offer.source == "stock":
            c[self.offer.card.index] += 1
        return tuple(c)

    @cached_property
    def unseen(self) -> Counts:
        """Copies of each face the seat has not seen."""
        return tuple(COPIES - n for n in self.seen)

    @property
    def hidden_sizes(self) -> tuple[int, ...]:
        """Cards in each seat's concealed hand but this one's (0): 19 minus its melds at
        rest, 20 for a dead dealer."""
        return tuple(0 if i == self.seat else
                     (20 if t.dead else 19) - sum(len(m.faces) for m in t.melds)
                     for i, t in enumerate(self.table))

    def to_json(self) -> dict[str, Any]:
        """The bot protocol's VIEW object."""
        out: dict[str, Any] = {"rules": self.rules}
        if self.options:
            out["options"] = dict(self.options)
        out.update(seat=self.seat, dealer=self.dealer, phase=self.phase, to_act=self.to_act,
                   hand=[f.code for f in self.hand], stock_left=self.stock_left)
        if self.offer is not None:
            out["offer"] = self.offer.to_json()
        out["table"] = [t.to_json() for t in self.table]
        out["memory"] = self.memory.to_json()
        if self.chiu is not None:
            out["chiu"] = self.chiu.to_json()
        if self.partial:
            out["partial"] = True
        return out

    @classmethod
    def from_json(cls, obj: object) -> View:
        """A VIEW from its JSON — the VIEW of a seat with a decision to make — every
        field and card checked (:func:`check_view`, then each card, no face more than
        four times (§1), the melds (§2), the memory, the offer); errors name the field.
        Absent fields take what a seat with no history would see: no memory, ``to_act``
        the seat, the offer's ``to`` and ``claims_open`` as the phase implies."""
        view = check_view(obj)
        me, phase = view["seat"], cast(Phase, view["phase"])
        table: list[dict[str, Any]] = view["table"]
        hand = tuple(_cards("hand", view["hand"]))
        shown: list[Shown] = []  # every seat's melds, discards and passed cards
        for i, t in enumerate(table):
            melds = t.get("melds", [])
            if not isinstance(melds, list):
                raise PositionError(f"table[{i}].melds: expected a list of melds (lists of "
                                    "card codes)", field=f"table[{i}].melds")
            shown.append(([_cards(f"table[{i}].melds", m) for m in melds],
                          _cards(f"table[{i}].discards", t.get("discards", [])),
                          _cards(f"table[{i}].passed", t.get("passed", []))))
        offer = view.get("offer")
        if offer is not None and not isinstance(offer, dict):
            raise PositionError("offer: an object with the card, its source and door",
                                field="offer")
        revealed = [_face(offer.get("card"), "offer.card")] \
            if offer and offer.get("source") == "stock" else []
        faces = [*hand, *revealed]
        for melds, discards, passed in shown:
            faces += [f for m in melds for f in m] + discards + passed
        seen = counts_of(faces)
        for f in FACES:
            if seen[f.index] > COPIES:
                raise PositionError(f"the VIEW shows {seen[f.index]} copies of {f.code}; the "
                                    "deck has four (§1)", field="table", token=f.code)
        mine = _table_seat(shown[me], table[me])
        memory = _memory(view.get("memory"))
        seats = tuple(mine if i == me else _table_seat(s, table[i]) for i, s in enumerate(shown))
        chiu = view.get("chiu") if phase == "discard" else None
        return cls(
            view.get("rules", "house"), me, view["dealer"], phase,
            _seat(view.get("to_act", me), "to_act"), hand, view["stock_left"],
            _offer(offer, me, phase) if offer else None, seats, memory,
            _chiu(chiu) if chiu else None, bool(view.get("partial")), _options(view))


def check_view(view: object) -> dict[str, Any]:
    """Validate the shape of a VIEW's JSON, the seat's card count for its decision (§4)
    and a discard on offer being the last of its pile; errors name the field. The rest
    of the cards are read by :meth:`View.from_json`."""
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
    rules = view.get("rules", "house")
    if not isinstance(rules, str) or rules not in PROFILES:
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
    hand = _cards("hand", view["hand"])  # a card that is no card is named first
    melds = mine.get("melds", [])
    if not isinstance(melds, list):
        raise PositionError(f"table[{me}].melds: expected a list of melds (lists of card codes)",
                            field=f"table[{me}].melds")
    held = len(hand) + sum(len(_cards(f"table[{me}].melds", m)) for m in melds)
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


def _cards(name: str, value: Any) -> list[Face]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected a list of card codes", field=name)
    try:
        return parse_cards(value)
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


def _face(code: object, name: str) -> Face:
    if not isinstance(code, str) or code.lower() not in BY_CODE:
        raise PositionError(f"{name}: not a card code: {code!r}", field=name)
    return BY_CODE[code.lower()]


def _seat(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        raise PositionError(f"{name}: a seat number 0–3 (S2)", field=name)
    return value


Shown = tuple[list[list[Face]], list[Face], list[Face]]
"""A seat's melds, discards and passed cards, read from the JSON."""


def _table_seat(shown: Shown, t: dict[str, Any]) -> TableSeat:
    melds, discards, passed = shown
    return TableSeat(tuple(Meld.of(m) for m in melds), tuple(discards), tuple(passed),
                     bool(t.get("dead")))


def _memory(mem: object) -> Memory:
    if not mem:
        return Memory()
    if not isinstance(mem, dict):
        raise PositionError("memory: an object with discarded, refused, laid_in_ca and "
                            "ate_ca", field="memory")
    return Memory(tuple(_cards("memory.discarded", mem.get("discarded", []))),
                  tuple(_cards("memory.refused", mem.get("refused", []))),
                  tuple(_cards("memory.laid_in_ca", mem.get("laid_in_ca", []))),
                  bool(mem.get("ate_ca")))


def _offer(offer: dict[str, Any], me: int, phase: str) -> Offer:
    """The card on offer; whom it is offered to and whether claims are open, when not
    given, as the phase implies."""
    card = _face(offer.get("card"), "offer.card")
    source = offer.get("source")
    if source not in SOURCES:
        raise PositionError(f"offer.source: one of {', '.join(SOURCES)}", field="offer.source")
    door = _seat(offer.get("door"), "offer.door")
    to = offer.get("to", me if phase == "offer" else None)
    if to is None:
        to = (door + 1) % SEATS if source == "discard" else door
    to = _seat(to, "offer.to")
    claims_open = offer.get("claims_open", phase == "claim" or source != "stock" or door == to)
    if not isinstance(claims_open, bool):
        raise PositionError("offer.claims_open: true or false", field="offer.claims_open")
    return Offer(card, cast(Source, source), door, to, claims_open)


def _chiu(chiu: object) -> Chiu:
    if not isinstance(chiu, dict):
        raise PositionError("chiu: an object with the card and return_to", field="chiu")
    back = chiu.get("return_to")
    return Chiu(_face(chiu.get("card"), "chiu.card"),
                None if back is None else _seat(back, "chiu.return_to"))


def _options(view: dict[str, Any]) -> tuple[tuple[str, bool], ...]:
    options = view.get("options") or {}
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, bool) for k, v in options.items()):
        raise PositionError("options: an object of true/false flags", field="options")
    return tuple(options.items())


__all__ = ["PHASES", "SEATS", "SOURCES", "VIEW_PHASES", "Chiu", "Memory", "Offer", "Phase",
           "Source", "TableSeat", "View", "check_view"]
