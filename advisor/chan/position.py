"""A seat's cards as a position (rules §8.1): parsed and validated in one place.

Both faces of the project — the CLI's flags and JSON, the service's requests — end
here, so every malformed position gets the same error naming the field and token.

>>> p = Position.from_json({"hand": "2v 2v", "melds": ["3s 3s"]})
>>> p.rules, p.hand_size, p.exposed.chan
('house', 2, 1)
"""

from __future__ import annotations

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
from advisor.counts import plus
from advisor.errors import AdvisorError, HandSizeError, PositionError
from advisor.forms import split_melds
from advisor.games.fields import CardFields, in_field, json_fields

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
        if not isinstance(melds, (list, tuple)):
            raise PositionError("melds: expected a list of melds", field="melds")
        meld_list = []
        for i, m in enumerate(melds):
            faces = take(f"melds[{i}]", m)
            meld_list.append(in_field(f"melds[{i}]", lambda: Meld.of(faces)))  # noqa: B023
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
        given = json_fields(obj, FIELDS, {"hand": "the concealed cards"})
        assert isinstance(obj, dict)  # json_fields has checked it

        context = given("context", {})
        if not isinstance(context, dict):
            raise PositionError("context: expected an object", field="context")
        for key in context:
            if key not in CONTEXT_FIELDS:
                raise PositionError(
                    f"context.{key}: unknown field (known: {', '.join(CONTEXT_FIELDS)})",
                    field=f"context.{key}",
                )
        options = given("options", {})
        if not isinstance(options, dict):
            raise PositionError("options: expected an object", field="options")
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


__all__ = ["PROFILES", "WIN_BY", "Position", "parse_face", "position_from_fields", "unseen"]
