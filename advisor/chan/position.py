"""A seat's cards as a position (rules §8.1): parsed and validated in one place.

Both faces of the project — the CLI's flags and JSON, the service's requests — end
here, so every malformed position gets the same error naming the field and token.

>>> p = Position.from_json({"hand": "2v 2v", "melds": ["3s 3s"]})
>>> p.rules, p.hand_size, p.exposed.chan
('house', 2, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.chan.cards import (
    COPIES,
    EMPTY,
    FACES,
    Counts,
    Face,
    add,
    counts_of,
    parse_cards,
    parse_face,
)
from advisor.chan.pairing import NO_MELDS, WIN_SIZE, Exposed, Meld
from advisor.chan.profiles import PROFILES, profile
from advisor.chan.view import View
from advisor.counts import plus
from advisor.errors import AdvisorError, HandSizeError, PositionError
from advisor.forms import split_melds
from advisor.games.fields import CardFields, json_fields

WIN_BY = ("own_door", "other_door", "chiu", "heaven")
"""How a win was made: on the stock card at the winner's own door (Ù chì), on a stock
card at another door, by Chíu (C2), or Thiên ù (W3)."""

FIELDS = (
    "rules", "hand", "melds", "winning_card", "win_by", "dealt_fours", "options", "context",
    "seen",
)
CONTEXT_FIELDS = ("won_previous_deal", "stock_revealed")


@dataclass(frozen=True)
class Position:
    """Concealed hand, exposed melds and, for scoring, how the hand won."""

    hand: Counts
    exposed: Exposed = NO_MELDS
    winning_card: Face | None = None
    win_by: str | None = None
    rules: str = "house"
    dealt_fours: tuple[Face, ...] = ()
    options: Mapping[str, bool] = field(default_factory=dict)
    won_previous_deal: bool = False
    stock_revealed: int | None = None
    seen: Counts = EMPTY

    @property
    def hand_size(self) -> int:
        return sum(self.hand)

    @property
    def total(self) -> int:
        """Hand + melds (+ winning card): 20 for a complete hand (W1)."""
        return self.hand_size + self.exposed.size + (self.winning_card is not None)

    @property
    def final_hand(self) -> Counts:
        """The concealed cards with the winning card added."""
        if self.winning_card is None:
            return self.hand
        i = self.winning_card.index
        return plus(self.hand, i)

    # --- construction ---------------------------------------------------------------

    @classmethod
    def build(
        cls,
        *,
        hand: str | Sequence[str],
        melds: Sequence[str | Sequence[str]] = (),
        winning_card: str | None = None,
        win_by: str | None = None,
        rules: str = "house",
        dealt_fours: str | Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        won_previous_deal: bool = False,
        stock_revealed: int | None = None,
        seen: str | Sequence[str] = (),
    ) -> Position:
        """Parse and validate each field; errors name the field and the token."""
        prof = profile(rules)
        opts = dict(options or {})
        for name, value in opts.items():
            if name not in prof.options:
                known = ", ".join(prof.options) or "none"
                raise PositionError(
                    f"options.{name}: unknown option for rules '{rules}' (known: {known})",
                    field=f"options.{name}",
                )
            if not isinstance(value, bool):
                raise PositionError(f"options.{name}: must be true or false",
                                    field=f"options.{name}")
        fields = CardFields((COPIES,) * len(FACES),
                            lambda text, left: parse_cards(text, limit=left),
                            index=lambda f: f.index,
                            together="the hand, melds, winning card and seen cards")
        take = fields.take
        hand_faces = take("hand", hand)
        meld_list = fields.groups("melds", melds, Meld.of, "melds")
        win = take("winning_card", winning_card) if winning_card is not None else []
        if winning_card is not None and len(win) != 1:
            raise PositionError(f"winning_card: expected one card, got {len(win)}",
                                field="winning_card", token=str(winning_card))
        fours = _parse_fours(dealt_fours)
        seen_faces = take("seen", seen)
        if win_by is not None and win_by not in WIN_BY:
            raise PositionError(
                f"win_by: '{win_by}' is not one of {', '.join(WIN_BY)}",
                field="win_by", token=win_by,
            )
        if stock_revealed is not None and (
            not isinstance(stock_revealed, int) or isinstance(stock_revealed, bool)
            or not 0 <= stock_revealed <= 23
        ):
            raise PositionError("context.stock_revealed: an integer from 0 to 23 (S3)",
                                field="context.stock_revealed")
        if not isinstance(won_previous_deal, bool):
            raise PositionError("context.won_previous_deal: must be true or false",
                                field="context.won_previous_deal")
        pos = cls(
            hand=counts_of(hand_faces),
            exposed=Exposed.of(meld_list),
            winning_card=win[0] if win else None,
            win_by=win_by,
            rules=prof.name,
            dealt_fours=fours,
            options=opts,
            won_previous_deal=won_previous_deal,
            stock_revealed=stock_revealed,
            seen=counts_of(seen_faces),
        )
        if pos.total > WIN_SIZE:
            raise HandSizeError(
                f"hand: {pos.hand_size} cards in hand, {pos.exposed.size} in melds"
                f"{' and a winning card' if pos.winning_card else ''} make {pos.total}; "
                f"at most {WIN_SIZE} (W1)",
                field="hand",
            )
        return pos

    @classmethod
    def from_json(cls, obj: object) -> Position:
        """A position from its §8.1 JSON object (already decoded)."""
        given = json_fields(obj, FIELDS, {"hand": "the concealed cards"},
                            objects=("context", "options"))
        assert isinstance(obj, dict)  # json_fields has checked it

        context = given("context", {})
        for key in context:
            if key not in CONTEXT_FIELDS:
                raise PositionError(
                    f"context.{key}: unknown field (known: {', '.join(CONTEXT_FIELDS)})",
                    field=f"context.{key}",
                )
        options = given("options", {})
        rules = given("rules", "house")
        if not isinstance(rules, str):
            raise PositionError("rules: expected a profile name", field="rules")
        for name in ("winning_card", "win_by"):
            if obj.get(name) is not None and not isinstance(obj[name], str):
                raise PositionError(f"{name}: expected a string", field=name)
        return cls.build(
            hand=obj["hand"],
            melds=given("melds", []),
            winning_card=obj.get("winning_card"),
            win_by=obj.get("win_by"),
            rules=rules,
            dealt_fours=given("dealt_fours", []),
            options=options,
            won_previous_deal=bool_or_none(context.get("won_previous_deal")),
            stock_revealed=context.get("stock_revealed"),
            seen=given("seen", []),
        )

    def to_json(self) -> dict[str, Any]:
        """The §8.1 JSON object (round-trips with :meth:`from_json`)."""
        from advisor.chan.cards import format_cards

        out: dict[str, Any] = {"rules": self.rules, "hand": format_cards(self.hand),
                               "melds": [" ".join(m.codes) for m in self.exposed.melds]}
        if self.winning_card is not None:
            out["winning_card"] = self.winning_card.code
        if self.win_by is not None:
            out["win_by"] = self.win_by
        if self.dealt_fours:
            out["dealt_fours"] = [f.code for f in self.dealt_fours]
        if self.options:
            out["options"] = dict(self.options)
        context: dict[str, Any] = {}
        if self.won_previous_deal:
            context["won_previous_deal"] = True
        if self.stock_revealed is not None:
            context["stock_revealed"] = self.stock_revealed
        if context:
            out["context"] = context
        if any(self.seen):
            out["seen"] = format_cards(self.seen)
        return out


def position_from_fields(
    hand: str, melds: str | Sequence[str] = (), *, winning_card: str | None = None,
    win_by: str | None = None, rules: str | None = None, seen: str | None = None,
    dealt_fours: str | None = None, ga: bool | None = None, won_previous: bool | None = None,
    stock_revealed: int | None = None,
) -> dict[str, Any]:
    """The position object (§8.1) that typed fields spell — the CLI's flags, the analyze
    page's form — to be validated by :meth:`Position.from_json` like a file. Melds are
    separated by ``;`` or ``|``; a winning card without ``win_by`` was won from another
    seat's door.

    >>> position_from_fields("2v 2v", "3s 3s; 4m 4m", winning_card="5v")
    {'hand': '2v 2v', 'melds': ['3s 3s', '4m 4m'], 'winning_card': '5v', 'win_by': 'other_door'}
    """
    obj: dict[str, Any] = {"hand": hand}
    split = split_melds(melds)
    if split:
        obj["melds"] = split
    if winning_card is not None:
        obj["winning_card"] = winning_card
        obj["win_by"] = win_by or "other_door"
    elif win_by is not None:
        obj["win_by"] = win_by
    if rules is not None:
        obj["rules"] = rules
    if seen:
        obj["seen"] = seen
    if dealt_fours:
        obj["dealt_fours"] = dealt_fours
    if ga:
        obj["options"] = {"ga": True}
    context: dict[str, Any] = {}
    if won_previous:
        context["won_previous_deal"] = True
    if stock_revealed is not None:
        context["stock_revealed"] = stock_revealed
    if context:
        obj["context"] = context
    return obj


def bool_or_none(value: Any) -> Any:
    """``null`` means false; any other value is passed on to be type-checked."""
    return False if value is None else value


def _parse_fours(value: str | Sequence[str]) -> tuple[Face, ...]:
    if not isinstance(value, (str, list, tuple)):
        raise PositionError("dealt_fours: expected a list of faces", field="dealt_fours")
    try:
        faces = parse_cards(value)
    except AdvisorError as err:
        raise type(err)(f"dealt_fours: {err.message}", field="dealt_fours",
                        token=err.token) from None
    if len({f.index for f in faces}) != len(faces):
        raise PositionError("dealt_fours: a face is listed twice", field="dealt_fours")
    return tuple(faces)


def unseen(pos: Position) -> Counts:
    """Copies of each face the seat has not seen (hand, melds, winning card, seen)."""
    known = add(add(pos.final_hand, pos.exposed.counts), pos.seen)
    return tuple(COPIES - n for n in known)


# --- a decision typed by a player, as a VIEW -------------------------------------------------

TYPED_SOURCES = ("discard", "stock", "passed")
"""Where a typed card on offer comes from: the previous seat's discard; a stock card
revealed at the seat's own door (claims open, C5); a stock card revealed at the previous
seat's door and passed on to the seat (T4: no claim any more)."""
TYPED_FIELDS = ("hand", "melds", "seat", "dealer", "offer", "from", "seen", "stock_left",
                "rules", "discarded", "refused", "laid_in_ca", "ate_ca")
"""The fields of a typed decision (the ``advise`` command's flags)."""
_SEATS = 4


def view_of_position(obj: object) -> View:
    """The VIEW that the few facts a player types spell (the ``advise`` command's flags,
    :data:`TYPED_FIELDS`): ``hand``, ``melds``, the card on ``offer`` and where it comes
    ``from`` (:data:`TYPED_SOURCES`, ``discard`` by default), other cards ``seen``, the
    ``stock_left``, the ``rules`` profile, the seat's memory (``discarded``, ``refused``,
    ``laid_in_ca``, ``ate_ca``), ``seat`` and ``dealer`` (0 by default).

    The decision is the one the engine would pose: with a card on offer the seat holds
    19 cards and may eat or pass; without one it holds 20 and discards. (On a stock card
    revealed at its own door that completes its hand, the claims come first, C1, C5:
    :func:`advisor.chan.game.claims_first`.)

    Such a VIEW is *partial*: cards the player has seen but not typed are unknown, so the
    worlds sampled from it put the unseen cards beyond the other hands and the stock out
    of play at random. Without ``stock_left``, the stock holds what the other three
    hands (19 cards each) leave, at most 23.

    >>> v = view_of_position({"hand": "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s "
    ...                               "2m 3s", "offer": "3m", "from": "stock"})
    >>> v.phase, v.offer.door, v.partial, v.stock_left
    ('offer', 0, True, 23)
    """
    json_fields(obj, TYPED_FIELDS, {"hand": "the concealed cards"})
    assert isinstance(obj, dict)  # json_fields has checked it
    given = {k: v for k, v in obj.items() if v is not None}
    source = given.get("from", "discard")
    if source not in TYPED_SOURCES:
        raise PositionError(f"from: one of {', '.join(TYPED_SOURCES)}, not {source!r}",
                            field="from")
    seat, dealer = given.get("seat", 0), given.get("dealer", 0)
    for name, v in (("seat", seat), ("dealer", dealer)):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < _SEATS:
            raise PositionError(f"{name}: a seat number 0–3 (S2)", field=name)
    rules = given.get("rules", "house")
    melds_given = given.get("melds", [])
    if isinstance(melds_given, str):
        melds_given = [melds_given]
    if not isinstance(melds_given, list):
        raise PositionError("melds: expected a list of melds", field="melds")
    meld_texts: list[str] = []
    for i, m in enumerate(melds_given):
        if isinstance(m, list) and all(isinstance(c, str) for c in m):
            m = " ".join(m)
        if not isinstance(m, str):
            raise PositionError(f"melds[{i}]: expected cards, as a string or a list of codes",
                                field=f"melds[{i}]")
        meld_texts += split_melds([m])
    hand_faces = _typed_cards("hand", given["hand"])
    meld_faces = [_typed_cards(f"melds[{i}]", m) for i, m in enumerate(meld_texts)]
    table: list[dict[str, Any]] = [{"melds": [], "discards": [], "passed": [], "dead": False}
                                   for _ in range(_SEATS)]
    table[seat]["melds"] = [[f.code for f in m] for m in meld_faces]
    table[(seat + 2) % _SEATS]["discards"] = [f.code for f in
                                              _typed_cards("seen", given.get("seen", []))]
    memory = {name: [f.code for f in _typed_cards(name, given.get(name, []))]
              for name in ("discarded", "refused", "laid_in_ca")}
    ate_ca = given.get("ate_ca", False)
    if not isinstance(ate_ca, bool):
        raise PositionError("ate_ca: true or false", field="ate_ca")
    size = len(hand_faces) + sum(len(m) for m in meld_faces)
    offer = given.get("offer")
    view: dict[str, Any] = {
        "rules": rules, "seat": seat, "dealer": dealer,
        "phase": "offer" if offer else ("start" if size == 20 and not meld_faces else
                                        "discard"),
        "to_act": seat, "hand": [f.code for f in hand_faces], "stock_left": 0,
        "table": table, "partial": True, "memory": {**memory, "ate_ca": ate_ca},
    }
    if view["phase"] == "start":
        view["dealer"] = seat
    if offer is None and size == 19:
        raise HandSizeError("hand: 19 cards wait for a card; give the card on offer (offer), "
                            "or 20 cards to choose a discard (§4)", field="offer")
    if offer is not None:
        cards = _typed_cards("offer", offer)
        if len(cards) != 1:
            raise PositionError(f"offer: one card is on offer, not {len(cards)} ({offer!r})",
                                field="offer")
        card = cards[0]
        door = seat if source == "stock" else (seat - 1) % _SEATS
        if source == "discard":
            table[door]["discards"].append(card.code)
        view["offer"] = {"card": card.code, "source": "discard" if source == "discard" else
                         "stock", "door": door, "to": seat, "claims_open": source != "passed"}
    typed = View.from_json(view)  # the sizes (§4) and the cards (§1), before anything is dealt
    hidden = sum(typed.hidden_sizes)
    room = sum(typed.unseen) - hidden
    if room < 0:
        raise PositionError(f"seen: too many cards accounted for; the other three hands "
                            f"alone hold {hidden}", field="seen")
    stock_left = given.get("stock_left", min(room, 23))
    if not isinstance(stock_left, int) or isinstance(stock_left, bool) or \
            not 0 <= stock_left <= min(room, 23):
        raise PositionError(f"stock_left: from 0 to {min(room, 23)} (the unseen cards left "
                            "for the stock, S3)", field="stock_left")
    return dataclasses.replace(typed, stock_left=stock_left)


def _typed_cards(name: str, value: object) -> list[Face]:
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise PositionError(f"{name}: expected cards, as a string or a list of codes",
                            field=name)
    try:
        return parse_cards(value) if value.strip() else []
    except AdvisorError as err:
        raise type(err)(f"{name}: {err.message}", field=name, token=err.token) from None


__all__ = ["PROFILES", "TYPED_FIELDS", "TYPED_SOURCES", "WIN_BY", "Position", "parse_face",
           "position_from_fields", "unseen", "view_of_position"]
