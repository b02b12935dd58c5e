"""A seat's VIEW: what one seat may know of a deal in play — its own hand, every exposed
group, the discards nobody took, the discard on offer, the sizes of the other hands and
of the stock. A frozen value, made by the engine (``Game.view(seat)``) or read from JSON
(:meth:`View.from_json`, which checks every field once and names the one at fault).

>>> from advisor.qing.game import Game
>>> g = Game.from_deal(4, seed=3)
>>> v = g.view(g.dealer)
>>> type(v).from_json(v.to_json()) == v, v.phase, sum(v.hand)
(True, 'turn', 15)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from advisor.errors import AdvisorError, PositionError
from advisor.qing.cards import PACK, Card, Counts, add, codes, counts_of, parse_card, parse_cards
from advisor.qing.rules import Rules
from advisor.qing.solver import HAND_SIZE, Group, meld_of

MIN_PLAYERS, MAX_PLAYERS = 2, 6
VIEW_PHASES = ("turn", "offer", "over")
_FIELDS = ("seat", "phase", "players", "dealer", "to_act", "options", "hand", "melds",
           "pile", "offer", "hand_sizes", "stock_left", "discards")
_OPTIONAL = ("discards",)


@dataclass(frozen=True)
class View:
    """What ``seat`` may know (see the module's docstring)."""

    seat: int
    phase: str
    players: int
    dealer: int
    to_act: int
    rules: Rules
    hand: Counts
    melds: tuple[tuple[Group, ...], ...]  # every seat's exposed groups
    pile: tuple[Card, ...]  # discards nobody took, in order; the offer last
    offer: Card | None
    offer_by: int | None
    hand_sizes: tuple[int, ...]  # concealed cards of each seat
    stock_left: int
    discards: tuple[tuple[Card, ...], ...] = ()  # every card each seat threw, in order

    def __post_init__(self) -> None:
        if not self.discards:  # not given: none known for any seat
            object.__setattr__(self, "discards", tuple(() for _ in range(self.players)))

    # --- what the seat knows ---------------------------------------------------------------

    @property
    def my_melds(self) -> tuple[Group, ...]:
        return self.melds[self.seat]

    @property
    def own(self) -> Counts:
        """The seat's own cards, concealed and exposed."""
        return add(self.hand, counts_of(c for g in self.my_melds for c in g.cards))

    @property
    def target(self) -> int:
        """Concealed cards the seat wins with."""
        return HAND_SIZE - sum(len(g.cards) for g in self.my_melds)

    @property
    def eye(self) -> bool:
        return any(g.kind == "eye" for g in self.my_melds)

    @property
    def seen(self) -> Counts:
        """Cards seen outside the seat's own: other seats' groups and the pile."""
        cards = [c for s, gs in enumerate(self.melds) if s != self.seat for g in gs
                 for c in g.cards]
        return counts_of([*cards, *self.pile])

    @property
    def unseen(self) -> Counts:
        """Copies of each kind the seat has not seen: in other hands or the stock."""
        return tuple(p - a - b for p, a, b in zip(PACK, self.own, self.seen))

    def thrown_by(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has thrown this deal (as far as the VIEW says)."""
        return self.discards[seat]

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "phase": self.phase, "players": self.players,
            "dealer": self.dealer, "to_act": self.to_act, "options": self.rules.to_json(),
            "hand": codes(self.hand),
            "melds": [[g.codes for g in gs] for gs in self.melds],
            "pile": [c.code for c in self.pile],
            "offer": None if self.offer is None else {"card": self.offer.code,
                                                      "by": self.offer_by},
            "hand_sizes": list(self.hand_sizes), "stock_left": self.stock_left,
            "discards": [[c.code for c in d] for d in self.discards],
        }

    @classmethod
    def from_json(cls, obj: object) -> View:
        """A VIEW from its JSON, every field checked (errors name it)."""
        if not isinstance(obj, dict):
            raise PositionError("a VIEW must be a JSON object", field="$")
        unknown = sorted(set(obj) - set(_FIELDS))
        if unknown:
            raise PositionError(f"{unknown[0]}: unknown field of a VIEW", field=unknown[0])
        missing = [k for k in _FIELDS if k not in obj and k not in _OPTIONAL]
        if missing:
            raise PositionError(f"{missing[0]}: missing from the VIEW", field=missing[0])
        players = _int(obj, "players", MIN_PLAYERS, MAX_PLAYERS)
        seat = _int(obj, "seat", 0, players - 1)
        dealer = _int(obj, "dealer", 0, players - 1)
        to_act = _int(obj, "to_act", 0, players - 1)
        phase = obj["phase"]
        if phase not in VIEW_PHASES:
            raise PositionError(f"phase: one of {', '.join(VIEW_PHASES)}", field="phase")
        try:
            rules = Rules.from_json(obj["options"])
        except AdvisorError as err:
            raise PositionError(f"options: {err.message}", field="options") from None
        hand = counts_of(_cards(obj["hand"], "hand"))
        melds_obj = obj["melds"]
        if not isinstance(melds_obj, list) or len(melds_obj) != players:
            raise PositionError("melds: one list of groups per seat", field="melds")
        melds = []
        for s, gs in enumerate(melds_obj):
            if not isinstance(gs, list):
                raise PositionError(f"melds[{s}]: expected a list of groups", field=f"melds[{s}]")
            row = []
            for n, g in enumerate(gs):
                name = f"melds[{s}][{n}]"
                try:
                    row.append(meld_of(_cards(g, name), rules))
                except AdvisorError as err:
                    raise PositionError(f"{name}: {err.message}", field=name) from None
            melds.append(tuple(row))
        pile = tuple(_cards(obj["pile"], "pile"))
        offer_obj = obj["offer"]
        offer: Card | None = None
        offer_by: int | None = None
        if offer_obj is not None:
            if not isinstance(offer_obj, dict):
                raise PositionError("offer: expected {\"card\", \"by\"} or null", field="offer")
            offer = _cards([offer_obj.get("card")], "offer.card")[0]
            offer_by = _int(offer_obj, "by", 0, players - 1, "offer.by")
            if not pile or pile[-1] != offer:
                raise PositionError("offer: the card on offer is the last of the pile",
                                    field="offer")
        if (phase == "offer") != (offer is not None):
            raise PositionError("offer: a card is on offer in the offer phase only",
                                field="offer")
        sizes = obj["hand_sizes"]
        if not isinstance(sizes, list) or len(sizes) != players or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= HAND_SIZE
                for n in sizes):
            raise PositionError("hand_sizes: one count per seat, 0–15", field="hand_sizes")
        stock_left = _int(obj, "stock_left", 0, 120)
        thrown = obj.get("discards") or [[] for _ in range(players)]
        if not isinstance(thrown, list) or len(thrown) != players:
            raise PositionError("discards: one list of cards per seat", field="discards")
        discards = tuple(tuple(_cards(d, f"discards[{s}]")) for s, d in enumerate(thrown))
        view = cls(seat, phase, players, dealer, to_act, rules, hand, tuple(melds), pile, offer,
                   offer_by, tuple(sizes), stock_left, discards)
        if sum(hand) != sizes[seat]:
            raise PositionError(f"hand_sizes: seat {seat} holds {sum(hand)} cards, not "
                                f"{sizes[seat]}", field="hand_sizes")
        if any(n < 0 for n in view.unseen):
            k = next(i for i, n in enumerate(view.unseen) if n < 0)
            raise PositionError(f"the VIEW shows more than four copies of "
                                f"{codes(tuple(int(i == k) for i in range(len(PACK))))[0]} "
                                "(Q1)", field="hand")
        return view


def _int(obj: dict[str, Any], key: str, lo: int, hi: int, name: str | None = None) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise PositionError(f"{name or key}: an integer from {lo} to {hi}", field=name or key)
    return value


def _cards(value: object, name: str) -> list[Card]:
    if isinstance(value, list) and not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected card codes", field=name)
    if not isinstance(value, (str, list)):
        raise PositionError(f"{name}: expected card codes", field=name)
    try:
        return parse_cards(value, limit=(99,) * len(PACK)) if isinstance(value, list) or \
            " " in value else [parse_card(value)]
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "VIEW_PHASES", "View"]
