"""The Ming Kanhu rules engine: one deal for 2 or 3 players, from the deal to the
settlement (rules M2–M7).

Seats are numbered in the order of play: play is counter-clockwise (M2), and the seat
after ``s`` is ``(s + 1) % players``. The holder of the highest card dealt is *eldest*
and leads the first trick; the winner of each trick leads the next (M6).

Each action comes as a triad, as in the other games: :meth:`Game.verify` raises an
:class:`~advisor.errors.IllegalActionError` naming the rule broken, :meth:`Game.can`
answers yes or no, :meth:`Game.act` applies it and logs a :class:`Move`.

>>> g = Game.from_deal(2, seed=3)
>>> g.pending.phase, g.pending.seat == g.eldest, g.hand_size(0), g.hand_size(1)
('lead', True, 13, 13)
>>> a = g.legal_actions()[0]
>>> g.act(g.eldest, a)
>>> g.pending.phase, len(g.legal_actions()) == 13
('follow', True)

Phases: ``lead`` (the seat leads one card or a combination, M5), ``follow`` (the seat
plays as many cards as the lead: shown if they beat the best play so far, face down
otherwise, M5), ``over`` (the hands are empty, M6).
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import AdvisorError, PositionError, RecordError
from advisor.games.engine import Decision, Move, RuleEngine, check_pending, legal_from
from advisor.games.holding import deal_hidden
from advisor.ming.cards import CARDS, FULL, cards_of, codes, format_cards, mask_of, parse_cards
from advisor.ming.plays import (
    DECLARATIONS,
    LEOPARD_9,
    Declare,
    Kind,
    Play,
    beating,
    beats,
    combinations_in,
    read_lead,
    reading,
)
from advisor.ming.view import HAND_SIZES, SeenPlay, SeenTrick, View

MIN_PLAYERS, MAX_PLAYERS = 2, 3
RECORD_FORMAT = "ming-record/2"
"""Today's record format: ``ming-record/1`` with the result in the shape every game's
has (``how`` added; ``advisor.ming.record.UPGRADES`` reads the old)."""
DOS = ("lead", "follow")


def settlement(scores: Sequence[int]) -> tuple[int, ...]:
    """M7: each player receives from every other player the difference of their scores.

    >>> settlement([15, 11]), settlement([10, 7, 13])
    ((4, -4), (0, -9, 9))
    """
    total = sum(scores)
    n = len(scores)
    return tuple(n * s - total for s in scores)


# --- actions --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """What a seat does — the bot protocol's ACTION: ``lead`` (``cards``: one card or a
    combination; ``declare``: what a Leopard 9 is, ``leopard`` or ``special`` — a Special
    when not said, M5) or ``follow`` (``cards``: as many as the lead). ``beats`` says
    whether a follow beats the best play so far (shown) or not (laid face down): the
    engine fills it in its legal actions and records; a bot may leave it out. It is not
    part of the action's identity.

    >>> a = Action.from_json({"do": "lead", "cards": "9c 9s 9m"})
    >>> a.declare, a.to_json()
    ('special', {'do': 'lead', 'cards': ['9c', '9s', '9m'], 'declare': 'special'})
    >>> Action.from_json({"do": "follow", "cards": ["5s"], "beats": True}) == \\
    ...     Action("follow", mask_of(parse_cards("5s")))
    True
    """

    do: str
    cards: int  # bitmask
    declare: Declare | None = None
    beats: bool | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.do == "lead" and self.cards == LEOPARD_9 and self.declare is None:
            object.__setattr__(self, "declare", "special")  # M5: undeclared, a Special

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.do, "cards": codes(self.cards)}
        if self.declare is not None:
            out["declare"] = self.declare
        if self.beats is not None:
            out["beats"] = self.beats
        return out

    @classmethod
    def from_json(cls, obj: object) -> Action:
        if not isinstance(obj, dict):
            raise RecordError('an action must be a JSON object like {"do": "lead", '
                              '"cards": ["5s"]}')
        do = obj.get("do")
        if do not in DOS:
            raise RecordError(f"do: '{do}' is not one of {', '.join(DOS)}", field="do")
        allowed = {"do", "seat", "cards", "declare" if do == "lead" else "beats"}
        unknown = sorted(set(obj) - allowed)
        if unknown:
            raise RecordError(f"{unknown[0]}: unknown field for '{do}'", field=unknown[0])
        raw = obj.get("cards")
        if not isinstance(raw, (str, list)) or (
                isinstance(raw, list) and not all(isinstance(c, str) for c in raw)):
            raise RecordError(f"cards: '{do}' needs its cards, a list of codes", field="cards")
        cards = mask_of(parse_cards(raw))
        if not cards:
            raise RecordError(f"cards: '{do}' needs its cards", field="cards")
        declare = obj.get("declare")
        if declare is not None and declare not in DECLARATIONS:
            raise RecordError(f"declare: '{declare}' is not one of leopard, special",
                              field="declare")
        b = obj.get("beats")
        if b is not None and not isinstance(b, bool):
            raise RecordError("beats: true or false", field="beats")
        return cls(do, cards, declare, b)

    def __str__(self) -> str:
        text = format_cards(self.cards)
        if self.do == "lead":
            try:
                play = read_lead(self.cards, self.declare)
            except AdvisorError:  # an illegal lead, named in an error message
                return f"lead {text}"
            return f"lead {play.name} ({text})" if play.size == 3 else f"lead {text}"
        return f"follow {text}" + ("" if self.beats is None else
                                   " (beats)" if self.beats else " (face down)")


@dataclass(frozen=True)
class Result:
    """The end of a deal (M7): each seat's captured cards, bonuses and score, the tricks
    it won, and the settlement; ``winner`` is the seat with the highest score (None on a
    tie for it) and ``points`` that score."""

    captured: tuple[int, ...]
    bonuses: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(c + b for c, b in zip(self.captured, self.bonuses))

    @property
    def points(self) -> int:
        return max(self.scores)

    @property
    def winner(self) -> int | None:
        top = [s for s, x in enumerate(self.scores) if x == self.points]
        return top[0] if len(top) == 1 else None

    @property
    def settlement(self) -> tuple[int, ...]:
        return settlement(self.scores)

    @property
    def how(self) -> str | None:
        """How the deal was won: ``score``, the highest deal score (M7); None on a tie."""
        return None if self.winner is None else "score"

    def to_json(self) -> dict[str, Any]:
        """The result's JSON: the shape every game's result has (``winner``, ``how``,
        ``points``, ``settlement``; docs/records.md), with Ming's own ``scores``, and its
        ``captured``, ``bonuses`` and ``tricks`` by seat."""
        return {"winner": self.winner, "how": self.how, "points": self.points,
                "scores": list(self.scores),
                "settlement": list(self.settlement), "captured": list(self.captured),
                "bonuses": list(self.bonuses), "tricks": list(self.tricks)}


@dataclass
class Trick:
    """A trick: the leader, the lead as read (M5), the plays (seat, cards, shown) and the
    best play so far and its seat."""

    leader: int
    lead: Play
    declare: Declare | None
    plays: list[tuple[int, int, bool]]
    best: Play
    best_seat: int
    # a completed trick as each seat saw it (:meth:`Game.view`), made once per seat
    seen: dict[int, SeenTrick] = field(default_factory=dict, compare=False, repr=False)

    @property
    def cards(self) -> int:
        return sum(m.bit_count() for _, m, _ in self.plays)


@functools.lru_cache(maxsize=1 << 14)
def _leads(hand: int) -> tuple[Action, ...]:
    """A hand's leads (:meth:`Game.legal_actions`), made once per hand."""
    acts = [Action("lead", c.bit) for c in cards_of(hand)]
    for p in combinations_in(hand):
        declare = p.kind if p.cards == LEOPARD_9 else None
        acts.append(Action("lead", p.cards, declare))  # type: ignore[arg-type]
    return tuple(acts)


_FOLLOWS: tuple[dict[int, Action], dict[int, Action]] = ({}, {})


def _follow(cards: int, wins: bool) -> Action:
    """The follow of ``cards`` (beating the best play or not), one object per pair."""
    a = _FOLLOWS[wins].get(cards)
    if a is None:
        a = _FOLLOWS[wins][cards] = Action("follow", cards, None, wins)
    return a


def _follows(hand: int, size: int, kind: Kind, best: Play) -> list[Action]:
    """A hand's follows to a lead of ``size`` cards and ``kind`` whose best play so far
    is ``best`` (:meth:`Game.legal_actions`): every set of ``size`` of its cards, lowest
    first, each with whether it beats (:func:`beating`)."""
    win = beating(kind, best)
    bits = [1 << c.index for c in cards_of(hand)]
    if size == 1:
        masks: Iterable[int] = bits
    elif size == 3:
        masks = [a | b | c for a, b, c in itertools.combinations(bits, 3)]
    else:
        masks = [sum(combo) for combo in itertools.combinations(bits, size)]
    lose, won = _FOLLOWS
    out = []
    for m in masks:
        a = (won if m in win else lose).get(m)
        out.append(a if a is not None else _follow(m, m in win))
    return out


# --- the game -------------------------------------------------------------------------------

class Game(RuleEngine):
    """One deal of Ming Kanhu."""

    def __init__(self, hands: Sequence[int], stock: int, dealer: int = 0) -> None:
        self.players = len(hands)
        self.dealer = dealer
        self._check_deal(hands, stock)
        self.dealt: tuple[int, ...] = tuple(hands)
        self.hands: list[int] = list(hands)
        self.stock = stock
        self.eldest = max(range(self.players), key=lambda s: hands[s].bit_length())  # M2
        self.captured = [0] * self.players
        self.bonuses = [0] * self.players
        self.won = [0] * self.players
        self.tricks: list[Trick] = []  # completed
        self.trick: Trick | None = None
        self.log: list[Move[Action]] = []
        self.result: Result | None = None
        self._phase = "lead"
        self._to_act = self.eldest

    @classmethod
    def from_deal(cls, players: int = 2, seed: int | None = None, *,
                  rng: random.Random | None = None, dealer: int | None = None) -> Game:
        """Shuffle the 30 cards and deal (M2): 13 each to 2 players, 9 each to 3, the
        rest to the unused stock. The dealer is drawn at random; he deals one card at a
        time counter-clockwise, from the seat after his."""
        if players not in HAND_SIZES:
            raise AdvisorError(f"players: {players}; Ming Kanhu is for 2 or 3 players (M2)",
                               field="players")
        rng = rng or random.Random(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        dealer = rng.randrange(players) if dealer is None else dealer
        size = HAND_SIZES[players]
        hands = [0] * players
        for k in range(size * players):
            hands[(dealer + 1 + k) % players] |= deck[k].bit
        stock = mask_of(deck[size * players :])
        return cls(hands, stock, dealer)

    def _check_deal(self, hands: Sequence[int], stock: int) -> None:
        n = self.players
        if n not in HAND_SIZES:
            raise RecordError(f"hands: {n} hands; a deal has 2 or 3 players (M2)", field="hands")
        if not isinstance(self.dealer, int) or not 0 <= self.dealer < n:
            raise RecordError(f"dealer: seat {self.dealer} does not exist", field="dealer")
        size = HAND_SIZES[n]
        seen = 0
        for s, h in enumerate(hands):
            if h.bit_count() != size:
                raise RecordError(f"hands[{s}]: {h.bit_count()} cards; each of {n} players is "
                                  f"dealt {size} (M2)", field=f"hands[{s}]")
            if seen & h:
                raise RecordError(f"hands[{s}]: {format_cards(seen & h)} dealt twice (M1)",
                                  field=f"hands[{s}]")
            seen |= h
        if seen & stock:
            raise RecordError(f"stock: {format_cards(seen & stock)} is also in a hand (M1)",
                              field="stock")
        if seen | stock != FULL:
            raise RecordError(f"stock: the unused cards are the 30 − {n * size} dealt; "
                              f"{format_cards(FULL & ~(seen | stock))} missing (M2)",
                              field="stock")

    def clone(self) -> Game:
        """An independent copy of the deal as it stands, to try moves on.

        >>> g = Game.from_deal(3, seed=1)
        >>> h = g.clone()
        >>> h.act(h.eldest, h.legal_actions()[0])
        >>> len(g.log), len(h.log)
        (0, 1)
        """
        return copy.deepcopy(self)

    # --- what is pending -------------------------------------------------------------------

    def hand(self, seat: int) -> tuple[int, ...]:
        """The concealed cards of ``seat``, as a 0/1 count vector in pack order."""
        return tuple(self.hands[seat] >> i & 1 for i in range(len(CARDS)))

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (counter-clockwise, M2)."""
        return (seat + 1) % self.players

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision. A lead: every single, lowest
        first, then every combination in hand (a Leopard 9 twice: as a Leopard and as a
        Special). A follow: every set of as many cards as the lead, each with whether it
        beats."""
        d = self.pending
        if d is None:
            return []
        hand = self.hands[d.seat]
        if d.phase == "lead":
            return list(_leads(hand))
        t = self.trick
        assert t is not None
        return _follows(hand, t.lead.size, t.lead.kind, t.best)

    def _check(self, seat: int, a: Any) -> tuple[str, str] | None:
        if not isinstance(a, Action):
            return ("M5", f"{a!r} is not an action of Ming Kanhu")
        if self.result is not None:
            return ("M6", "the deal is over: the hands are empty")
        if not 0 <= seat < self.players:
            return ("M5", f"there is no seat {seat} ({self.players} players)")
        if seat != self._to_act:
            return ("M5", f"it is seat {self._to_act}'s turn to {self._phase}, not seat "
                          f"{seat}'s")
        if a.do != self._phase:
            return ("M5", f"seat {seat} must {self._phase} now, not {a.do}")
        hand = self.hands[seat]
        if a.cards & ~hand:
            return ("M5", f"seat {seat} does not hold {format_cards(a.cards & ~hand)}")
        if a.do == "lead":
            try:
                read_lead(a.cards, a.declare)
            except AdvisorError as err:
                return ("M5", err.message.removeprefix("M5: "))
            return None
        t = self.trick
        assert t is not None
        n = a.cards.bit_count()
        if n != t.lead.size:
            return ("M5", f"a follow plays as many cards as the lead: {t.lead.size}, not {n}")
        if a.declare is not None:
            return ("M5", "only a Leopard 9 led is declared")
        real = beats(reading(a.cards, t.lead.kind), t.best)
        if a.beats is not None and a.beats != real:
            return ("M5", f"{format_cards(a.cards)} " + (
                "does not beat" if a.beats else "beats") + f" {t.best.name}: it is " +
                ("laid face down" if a.beats else "shown"))
        return None

    # --- applying actions ------------------------------------------------------------------

    def _do_lead(self, seat: int, a: Action) -> None:
        play = read_lead(a.cards, a.declare)
        self.hands[seat] &= ~a.cards
        self.trick = Trick(seat, play, a.declare, [(seat, a.cards, True)], play, seat)
        self._phase, self._to_act = "follow", self.next_seat(seat)

    def _do_follow(self, seat: int, a: Action) -> None:
        t = self.trick
        assert t is not None
        r = reading(a.cards, t.lead.kind)
        win = beats(r, t.best)
        if self.log and self.log[-1].action is a and a.beats is None:
            self.log[-1] = Move(self.log[-1].number, seat, Action("follow", a.cards, None, win))
        self.hands[seat] &= ~a.cards
        t.plays.append((seat, a.cards, win))
        if win:
            assert r is not None
            t.best, t.best_seat = r, seat
        nxt = self.next_seat(seat)
        if nxt != t.leader:
            self._to_act = nxt
            return
        w = t.best_seat  # M6: the best play takes the trick and leads the next
        self.captured[w] += t.cards
        self.bonuses[w] += t.best.bonus
        self.won[w] += 1
        self.tricks.append(t)
        self.trick = None
        if not self.hands[w]:
            self.result = Result(tuple(self.captured), tuple(self.bonuses), tuple(self.won))
            self._phase = "over"
            return
        self._phase, self._to_act = "lead", w

    # --- views -----------------------------------------------------------------------------

    def _seen(self, t: Trick, seat: int, complete: bool) -> SeenTrick:
        plays = tuple(SeenPlay(s, m.bit_count(), shown, m if shown or s == seat else 0)
                      for s, m, shown in t.plays)
        if complete:
            return SeenTrick(t.leader, plays, t.declare, t.best_seat, t.best.bonus)
        return SeenTrick(t.leader, plays, t.declare)

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know (:mod:`advisor.ming.view`)."""
        return View(
            seat, self._phase, self.players, self.dealer, self.eldest, self._to_act,
            self.hands[seat], tuple(h.bit_count() for h in self.hands),
            tuple(self.captured), tuple(self.bonuses), self.stock.bit_count(),
            tuple(t.seen.get(seat) or t.seen.setdefault(seat, self._seen(t, seat, True))
                  for t in self.tricks),
            self._seen(self.trick, seat, False) if self.trick else None)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(c + b for c, b in zip(self.captured, self.bonuses))

    def cards_in_play(self) -> int:
        """Every card's whereabouts: hands, tricks (taken or in progress) and the stock —
        always the whole pack, each card once."""
        m = self.stock
        for h in self.hands:
            m |= h
        for t in (*self.tricks, *((self.trick,) if self.trick else ())):
            for _, cards, _ in t.plays:
                m |= cards
        return m

    # --- records ---------------------------------------------------------------------------

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]:
        """The deal as a ``ming-record/2`` object (docs/ming.md)."""
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "dealer": self.dealer}
        if players is not None:
            rec["players"] = list(players)
        rec["hands"] = [codes(h) for h in self.dealt]
        rec["stock"] = codes(self.stock)
        rec["moves"] = [m.to_json() for m in self.log]
        if self.result is not None:
            rec["result"] = self.result.to_json()
        return rec


# --- a deal consistent with a VIEW ------------------------------------------------------------

def world(view: View, rng: random.Random | None = None) -> Game:
    """A deal in play as the VIEW's seat sees it, its decision pending: the cards it has
    not seen dealt (in pack order, or shuffled by ``rng``) to the other hands and to the
    face-down plays of the trick in progress; the rest is the unused stock and the
    earlier tricks' face-down cards. No decision of its seat pending, or too few unseen
    cards, raises a :class:`PositionError` naming the field.

    >>> g = Game.from_deal(3, seed=1)
    >>> world(g.view(g.eldest)).legal_actions() == g.legal_actions()
    True
    """
    n, me = view.players, view.seat
    check_pending(view, DOS)
    if (view.trick is None) != (view.phase == "lead"):
        raise PositionError(f"trick: a {view.phase} " + ("has no trick in progress"
                            if view.phase == "lead" else "follows a trick in progress"),
                            field="trick")
    known = view.known
    unseen = [0 if known >> c.index & 1 else 1 for c in CARDS]
    plays = view.trick.plays if view.trick is not None else ()
    hidden = [p.count for p in plays if not p.cards]
    sizes = [0 if i == me else size for i, size in enumerate(view.hand_sizes)]
    dealt, _ = deal_hidden(unseen, [*sizes, *hidden], rng, field="hand_sizes")
    masks = [sum(1 << k for k in d) for d in dealt]
    hands = [view.hand if i == me else masks[i] for i in range(n)]
    g = Game.__new__(Game)
    g.players, g.dealer, g.eldest = n, view.dealer, view.eldest
    g.dealt, g.hands = tuple(hands), list(hands)
    g.stock = FULL & ~(sum(hands) | known | sum(masks[n:]))
    g.captured, g.bonuses = list(view.captured), list(view.bonuses)
    g.won = [sum(t.winner == s for t in view.tricks) for s in range(n)]
    g.tricks, g.trick, g.log, g.result = [], None, [], None
    g._phase, g._to_act = view.phase, me
    if view.trick is not None:
        t, faced = view.trick, iter(masks[n:])
        lead = read_lead(t.plays[0].cards, t.declare)
        best, best_seat = lead, t.leader
        laid = []
        for p in t.plays:
            cards = p.cards or next(faced)
            if p.shown and p.seat != t.leader:
                r = reading(cards, lead.kind)
                if r is None or not beats(r, best):
                    raise PositionError("trick: a play shown beats the best so far (M5)",
                                        field="trick")
                best, best_seat = r, p.seat
            laid.append((p.seat, cards, p.shown))
        g.trick = Trick(t.leader, lead, t.declare, laid, best, best_seat)
    return g


legal_of = legal_from(world)


__all__ = ["DOS", "MAX_PLAYERS", "MIN_PLAYERS", "RECORD_FORMAT", "Action", "Decision", "Game",
           "Move", "Result", "Trick", "legal_of", "settlement", "world"]
