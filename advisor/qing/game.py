"""The Qing Kanhu rules engine: one deal for 2–6 players, from the deal to the pot (rules
Q6–Q8).

Whose decision is pending and every legal action for it are always known. An action
is refused with the rule it breaks, through its :class:`~advisor.games.engine.Triad`
(``verify_draw``, ``can_draw``, ``draw``…) or given as data to :meth:`Game.act`; each
one played is logged as a :class:`Move`.

>>> g = Game.from_deal(players=3, seed=7)
>>> (g.pending.phase, sum(g.hand(g.dealer))), g.can_draw(g.dealer)
(('turn', 15), False)
>>> g.verify((g.dealer + 1) % 3, Action("draw"))
Traceback (most recent call last):
...
advisor.errors.IllegalActionError: Q6: it is seat 1's decision (turn), not seat 2's
>>> g.act(g.dealer, next(a for a in g.legal_actions() if a.do == "discard"))
>>> g.pending.phase, g.pending.seat == (g.dealer + 1) % 3
('offer', True)

Phases:

* ``turn`` — the seat holds 15 cards (concealed and exposed): it wins (Q5) or discards
  to its left (Q6);
* ``offer`` — the seat on the discarder's left takes the discard into an eye or a boy
  shown at once, wins with it (Q7), or draws from the stock (Q6); when the stock is
  empty it may only take, win or ``pass``, which ends the deal drawn (Q8) — and when it
  can do none but pass the deal is drawn at once;
* ``over`` — someone won, or the deal is drawn.
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from advisor.counts import add_all, tally
from advisor.errors import AdvisorError, PositionError, RecordError
from advisor.games.actions import CardAction, read_card_action
from advisor.games.engine import Decision, Move, RuleEngine, Triad, check_pending, legal_from
from advisor.games.holding import deal_hidden
from advisor.games.records import check_deal
from advisor.qing.cards import (
    CARDS,
    FLOWERS,
    KINDS,
    PACK,
    Card,
    Counts,
    card,
    cards_of,
    codes,
    counts_of,
    format_cards,
    parse_card,
    parse_cards,
)
from advisor.qing.position import meld_of
from advisor.qing.rules import Rules, _boys
from advisor.qing.scoring import settlement
from advisor.qing.solver import HAND_SIZE, Group, solver
from advisor.qing.view import MAX_PLAYERS, MIN_PLAYERS, View

RECORD_FORMAT = "qing-record/1"
PHASES = ("turn", "offer", "over")
DOS = ("win", "discard", "take", "draw", "pass")
HOWS = ("deal", "draw", "take", "discard")
"""How a deal is won: on the dealer's dealt cards, after a draw, after a take (the turn
that follows it), or with the discard itself (Q7)."""
_ALLOWED = {"turn": ("win", "discard"), "offer": ("win", "take", "draw", "pass")}


def dealer_of(cut: Card, players: int) -> int:
    """Q6: the dealer is found by counting round the players, from seat 0, up to the
    number of the card drawn (a flower, which has no number, is put back and another
    drawn).

    >>> dealer_of(card("7s"), 4), dealer_of(card("2c"), 6)
    (2, 1)
    """
    if cut.flower:
        raise RecordError(f"cut: {cut.code} has no number; a flower is drawn again (Q6)",
                          field="cut", token=cut.code)
    return (cut.rank - 1) % players


# --- actions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Action(CardAction[Card]):
    """What a seat does — the bot protocol's ACTION. On its turn a seat may ``win`` or
    ``discard`` a ``card``; offered a discard, it may ``win`` with it, ``take`` it
    (``with`` the hand cards shown with it at once in an eye or a boy, Q7), ``draw``
    from the stock, or — the stock empty — ``pass``, and the deal is drawn (Q8).

    >>> Action.from_json({"do": "take", "with": ["6c", "5c"]})
    Action(do='take', card=None, with_=(card('5c'), card('6c')))
    >>> Action("discard", card("RF")).to_json()
    {'do': 'discard', 'card': 'RF'}
    """

    WITH: ClassVar[frozenset[str]] = frozenset({"take"})

    @classmethod
    def from_json(cls, obj: object) -> Action:
        do, text, shown = read_card_action(
            obj, dos=DOS, card=("discard",), needs_card=("discard",), with_=cls.WITH,
            example='{"do": "draw"}')
        if shown is not None:
            return take_action(parse_cards(shown, limit=(99,) * KINDS))
        return cls(do, None if text is None else parse_card(text))


def take_action(cards: Iterable[Card]) -> Action:
    """A ``take`` showing these hand cards with the discard."""
    return Action("take", None, tuple(sorted(cards, key=lambda c: c.index)))


def take_options(hand: Counts, x: Card, rules: Rules) -> list[tuple[tuple[Card, ...], Group]]:
    """Every distinct set of hand cards that shows the discard ``x`` in an eye or a boy
    (Q7), leaving at least one card in hand, with the group it makes; longest first. With
    ``extras_replace`` (Q4), any flowers of the hand may stand for any cards of a boy (a
    boy keeps at least one real card), and a flower discard may stand for a card of a boy
    of hand cards.

    >>> h = counts_of(parse_cards("3c 4c 6c 7c 5s 5m RF"))
    >>> [(format_cards(w), g.name) for w, g in take_options(h, card("5c"), Rules())]
    [('3c 4c 6c 7c', 'sequence'), ('3c 4c 6c', 'sequence'), ('4c 6c 7c', 'sequence'),
     ('3c 4c', 'sequence'), ('4c 6c', 'sequence'), ('6c 7c', 'sequence'), ('5s 5m', 'triplet')]
    >>> h = counts_of(parse_cards("5s 9s RF WF OT 2c"))
    >>> [format_cards(w) for w, _ in take_options(h, card("6s"), Rules(extras_replace=True))
    ...  if len(w) == 2]
    ['5s RF', '5s WF', '5s OT', 'RF WF', 'RF OT', 'WF OT']
    """
    size = sum(hand)
    if not rules.extras_replace:
        out = []
        for needs, cards, g in _shown_with(x.index, rules):
            if len(cards) < size:
                for k, n in needs:
                    if hand[k] < n:
                        break
                else:
                    out.append((cards, g))
        out.sort(key=lambda wg: (-len(wg[0]), [c.index for c in wg[0]]))
        return out
    found: dict[Counts, Group] = {}
    hand_flowers = [k for k in FLOWERS for _ in range(hand[k])]
    for p in (*rules.eyes, *_boys(9)):
        need = dict(p.need)
        stand_in = x.index not in need
        if stand_in and (p.is_eye or not rules.extras_replace or not x.flower):
            continue
        if not stand_in:
            need[x.index] -= 1
        # the needed cards, each held or (a boy's, with extras_replace) a flower's to fill
        needed = [k for k, n in need.items() for _ in range(n)]
        free = 0 if p.is_eye else len(hand_flowers)
        fills = _fills(needed, free)
        if stand_in:  # the flower on offer stands for one of the needed cards
            fills = {f for f in _fills(needed, free + 1) if f}
        for fill in fills:
            real = [0] * KINDS
            for k in needed:
                real[k] += 1
            for k in fill:
                real[k] -= 1
            if any(real[k] > hand[k] for k in range(KINDS)):
                continue
            if stand_in and not sum(real):
                continue  # a boy holds a real card
            # the boy's own cards are numerals: every flower of the hand is free to fill
            for way in set(itertools.combinations(hand_flowers, len(fill) - stand_in)):
                w = list(real)
                for k in way:
                    w[k] += 1
                key = tuple(w)
                if key in found or size - sum(w) < 1 or any(w[k] > hand[k] for k in FLOWERS):
                    continue
                try:
                    found[key] = meld_of([*cards_of(key), x], rules)
                except AdvisorError:
                    continue
    out = [(tuple(cards_of(k)), g) for k, g in found.items()]
    out.sort(key=lambda wg: (-len(wg[0]), [c.index for c in wg[0]]))
    return out


@functools.cache
def _shown_with(x: int, rules: Rules) -> tuple[tuple[tuple[tuple[int, int], ...],
                                                   tuple[Card, ...], Group], ...]:
    """Without ``extras_replace``: every distinct set of cards that shows a discard of kind
    ``x`` in an eye or a boy (Q7) — what a hand must hold for it (sparse), the cards and
    the group — whatever the hand (:func:`take_options` keeps those the hand holds)."""
    found: dict[tuple[tuple[int, int], ...], tuple[tuple[Card, ...], Group]] = {}
    for p in (*rules.eyes, *_boys(9)):
        need = dict(p.need)
        if x not in need:
            continue
        need[x] -= 1
        key = tuple((k, n) for k, n in sorted(need.items()) if n)
        if key in found:
            continue
        cards = tuple(CARDS[k] for k, n in key for _ in range(n))
        try:
            found[key] = (cards, meld_of([*cards, CARDS[x]], rules))
        except AdvisorError:
            continue
    return tuple((need, cards, g) for need, (cards, g) in found.items())


def _fills(needed: Sequence[int], most: int) -> set[tuple[int, ...]]:
    """The sets of needed cards (at most ``most`` of them) that flowers may stand for."""
    out: set[tuple[int, ...]] = set()
    for n in range(min(most, len(needed)) + 1):
        out.update(itertools.combinations(needed, n))
    return out


@dataclass(frozen=True)
class Result:
    """How the deal ended: the winner (None: drawn, Q8), how he won, his groups, and the
    settlement of the pot (Q8)."""

    winner: int | None
    how: str | None  # one of HOWS; None for a drawn deal
    groups: tuple[Group, ...]
    settlement: tuple[int, ...]

    @property
    def points(self) -> int:
        """What the winner takes from the others' stakes (Q8): n − 1; 0 when drawn."""
        return max(self.settlement)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "how": self.how, "points": self.points,
                "groups": [g.to_json() for g in self.groups],
                "settlement": list(self.settlement)}


@dataclass
class SeatState:
    """One seat's cards: the concealed hand, the exposed groups, what it discarded."""

    hand: list[int]
    dealt: Counts
    melds: list[Group] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)

    def counts(self) -> Counts:
        return tuple(self.hand)

    @property
    def exposed(self) -> int:
        return sum(len(g.cards) for g in self.melds)

    @property
    def target(self) -> int:
        """Concealed cards it wins with."""
        return HAND_SIZE - self.exposed

    @property
    def eye(self) -> bool:
        return any(g.kind == "eye" for g in self.melds)


@dataclass(frozen=True)
class Offer:
    card: Card
    by: int


# --- the game ------------------------------------------------------------------------------

class Game(RuleEngine):
    """One deal of Qing Kanhu."""

    def __init__(self, hands: Sequence[Counts], stock: Sequence[Card], dealer: int, *,
                 rules: Rules | None = None, cut: Card | None = None) -> None:
        self.players = len(hands)
        self.rules = rules or Rules()
        self.dealer = dealer
        self.cut = cut
        self._check_deal(hands, stock)
        self.seats = [SeatState(list(h), tuple(h)) for h in hands]
        self.initial_stock: tuple[Card, ...] = tuple(stock)
        self.stock: list[Card] = list(stock)
        self.pile: list[Card] = []  # discards nobody took, in order (the offer last)
        self.log: list[Move[Action]] = []
        self.offer: Offer | None = None
        self.result: Result | None = None
        self._phase = "turn"
        self._to_act = dealer
        self._solver = solver(self.rules)

    @classmethod
    def from_deal(cls, players: int = 4, seed: int | str | None = None, *,
                  rng: random.Random | None = None, rules: Rules | None = None) -> Game:
        """Shuffle the pack, find the dealer (Q6: the first numbered card from the top,
        counted round the players from seat 0), and deal 15 cards to the dealer and 14 to
        each other player, in order from the dealer's left; the rest is the stock."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise AdvisorError(f"players: {players}; a table has {MIN_PLAYERS} to "
                               f"{MAX_PLAYERS} (Q1)", field="players")
        rng = rng or random.Random(seed)
        deck = cards_of(PACK)
        rng.shuffle(deck)
        cut = next(c for c in deck if not c.flower)
        dealer = dealer_of(cut, players)
        hands: list[Counts] = [()] * players
        pos = 0
        for k in range(players):
            seat = (dealer + k) % players
            n = HAND_SIZE if k == 0 else HAND_SIZE - 1
            hands[seat] = counts_of(deck[pos:pos + n])
            pos += n
        return cls(hands, deck[pos:], dealer, rules=rules, cut=cut)

    def _check_deal(self, hands: Sequence[Counts], stock: Sequence[Card]) -> None:
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise RecordError(f"hands: {n} hands; a deal has {MIN_PLAYERS} to {MAX_PLAYERS} "
                              "players", field="hands")
        if not isinstance(self.dealer, int) or not 0 <= self.dealer < n:
            raise RecordError(f"dealer: seat {self.dealer} does not exist (Q6)", field="dealer")
        if self.cut is not None and dealer_of(self.cut, n) != self.dealer:
            raise RecordError(f"dealer: counting {self.cut.rank} round {n} players from seat 0 "
                              f"gives seat {dealer_of(self.cut, n)}, not {self.dealer} (Q6)",
                              field="dealer")
        check_deal(hands, (c.index for c in stock), PACK, [c.code for c in CARDS],
                   lambda seat: HAND_SIZE - (seat != self.dealer), dealt_rule="Q6",
                   pack_rule="Q1")

    def clone(self) -> Game:
        """An independent copy of the deal as it stands (the rules and their solver,
        which never change, are shared)."""
        return copy.deepcopy(self, {id(self.rules): self.rules, id(self._solver): self._solver})

    # --- what is pending -----------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The seat on ``seat``'s left, who plays next (Q6)."""
        return (seat + 1) % self.players

    def wins(self, seat: int, extra: Card | None = None) -> bool:
        """Whether the seat's cards (with ``extra``, the discard on offer) win (Q5)."""
        s = self.seats[seat]
        hand = s.counts() if extra is None else \
            s.counts()[:extra.index] + (s.hand[extra.index] + 1,) + s.counts()[extra.index + 1:]
        return sum(hand) == s.target and self._solver.wins(hand, s.eye)

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision; a win first."""
        d = self.pending
        if d is None:
            return []
        s = self.seats[d.seat]
        if d.phase == "turn":
            acts = [Action("win")] if self.wins(d.seat) else []
            return acts + [Action("discard", c) for c in CARDS if s.hand[c.index]]
        assert self.offer is not None
        x = self.offer.card
        acts = [Action("win")] if self.wins(d.seat, x) else []
        acts += [take_action(w) for w, _ in take_options(s.counts(), x, self.rules)]
        acts.append(Action("draw") if self.stock else Action("pass"))
        return acts

    # --- legality --------------------------------------------------------------------------

    def _check(self, seat: int, a: Action) -> tuple[str, str] | None:
        """(rule, reason) of the rule the action breaks, or None."""
        if problem := self._turn_problem(seat, a.do, _ALLOWED, rule="Q6", over="Q8"):
            return problem
        phase = self._phase
        s = self.seats[seat]
        if phase == "turn":
            if a.do == "discard":
                if a.card is None or not s.hand[a.card.index]:
                    return ("Q6", f"seat {seat} does not hold "
                                  f"{a.card.code if a.card else 'the card'}")
                return None
            if not self.wins(seat):
                return ("Q5", "the hand does not win: it needs an eye, and every other card in "
                              "boys or added as an extra")
            return None
        offer = self.offer
        assert offer is not None
        x = offer.card
        if a.do == "draw":
            return None if self.stock else ("Q8", "the stock is empty: take the discard, win "
                                                  "with it, or pass (a drawn deal)")
        if a.do == "pass":
            return None if not self.stock else ("Q6", "the stock is not empty: draw, or take "
                                                      "the discard")
        if a.do == "win":
            if not self.wins(seat, x):
                return ("Q7", f"the hand does not win with {x.code}")
            return None
        need = counts_of(a.with_)
        if any(need[i] > s.hand[i] for i in range(KINDS)):
            return ("Q7", f"seat {seat} does not hold {format_cards(a.with_)}")
        if sum(s.hand) - len(a.with_) < 1:
            return ("Q7", "after showing the group no card would be left to discard")
        try:
            meld_of([*a.with_, x], self.rules)
        except AdvisorError:
            return ("Q7", f"{format_cards([*a.with_, x])} is not an eye or a boy: a discard "
                          "is taken only to show it at once in one")
        if all(w != a.with_ for w, _ in take_options(s.counts(), x, self.rules)):
            return ("Q7", f"{format_cards([*a.with_, x])}: the discard is shown only with "
                          "cards of the hand that make the group with it (Q4: flowers stand "
                          "for a boy's cards only with extras_replace)")
        return None

    # --- the triads --------------------------------------------------------------------------

    win = Triad(lambda: Action("win"),
                "Show a winning hand (Q5), on one's turn or with the discard on offer (Q7).")

    discard = Triad(lambda c: Action("discard", c),
                    "Throw a card to the player on one's left (Q6).")

    take = Triad(take_action,
                 "Take the discard and show it at once with these hand cards (Q7).")

    draw = Triad(lambda: Action("draw"), "Draw the top card of the stock (Q6).")

    pass_ = Triad(lambda: Action("pass"),
                  "Leave the discard with the stock empty: the deal is drawn (Q8).")

    # --- applying actions --------------------------------------------------------------------

    def _do_discard(self, seat: int, a: Action) -> None:
        s, c = self.seats[seat], a.card
        assert c is not None
        s.hand[c.index] -= 1
        s.discards.append(c)
        self.pile.append(c)
        self.offer = Offer(c, seat)
        self._phase, self._to_act = "offer", self.next_seat(seat)
        if not self.stock:
            legal = self.legal_actions()
            if [x.do for x in legal] == ["pass"]:
                self._finish(None, None)  # Q8: nothing to take, nothing to draw

    def _do_draw(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        c = self.stock.pop(0)
        s.hand[c.index] += 1
        self.offer = None
        self._phase, self._to_act = "turn", seat

    def _do_pass(self, seat: int, a: Action) -> None:
        self._finish(None, None)

    def _do_take(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        assert self.offer is not None
        x = self.pile.pop()
        for c in a.with_:
            s.hand[c.index] -= 1
        s.melds.append(meld_of([*a.with_, x], self.rules))
        self.offer = None
        self._phase, self._to_act = "turn", seat

    def _do_win(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        if self._phase == "offer":
            assert self.offer is not None
            x = self.pile.pop()
            s.hand[x.index] += 1
            how = "discard"
        else:
            last = next((m.action.do for m in reversed(self.log[:-1]) if m.seat == seat),
                        None)
            how = "deal" if last is None else "take" if last == "take" else "draw"
        found = self._solver.decompose(s.counts(), s.melds)
        assert found is not None
        self._finish(seat, how, found.groups)

    def _finish(self, winner: int | None, how: str | None,
                groups: tuple[Group, ...] = ()) -> None:
        self.result = Result(winner, how, groups, settlement(self.players, winner))
        self.offer = None
        self._phase = "over"

    # --- views and records -------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know of the deal (:class:`advisor.qing.view.View`)."""
        offer = self.offer
        return View(seat, self._phase, self.players, self.dealer, self._to_act, self.rules,
                    self.seats[seat].counts(), tuple(tuple(s.melds) for s in self.seats),
                    tuple(self.pile), offer.card if offer else None,
                    offer.by if offer else None, tuple(sum(s.hand) for s in self.seats),
                    len(self.stock), tuple(tuple(s.discards) for s in self.seats))

    def cards_in_play(self) -> Counts:
        """Every card's whereabouts summed (hands, exposed groups, stock, pile): always the
        whole pack."""
        shown = [x.index for s in self.seats for g in s.melds for x in g.cards]
        return add_all([tally([*shown, *(x.index for x in (*self.stock, *self.pile))], KINDS),
                        *(s.hand for s in self.seats)])

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]:
        """The deal as a ``qing-record/1`` object (docs/qing.md)."""
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "options": self.rules.to_json()}
        if self.cut is not None:
            rec["cut"] = self.cut.code
        rec["dealer"] = self.dealer
        if players is not None:
            rec["players"] = list(players)
        rec["hands"] = [codes(s.dealt) for s in self.seats]
        rec["stock"] = [c.code for c in self.initial_stock]
        rec["moves"] = [m.to_json() for m in self.log]
        if self.result is not None:
            rec["result"] = self.result.to_json()
        return rec


# --- a deal consistent with a VIEW ------------------------------------------------------------

def world(view: View, rng: random.Random | None = None) -> Game:
    """A deal in play as the VIEW's seat sees it, its decision pending: the cards it has
    not seen dealt (in kind order, or shuffled by ``rng``) to the other hands and the
    stock (any left over are out of play). A VIEW that cannot be a seat's view of a deal
    — cards that do not add up (Q1, Q6), a discard offered to another seat, no decision
    of its seat pending — raises a :class:`PositionError` naming the field.

    >>> g = Game.from_deal(4, seed=3)
    >>> world(g.view(g.dealer)).legal_actions() == g.legal_actions()
    True
    """
    n, me = view.players, view.seat
    check_pending(view, _ALLOWED)
    for i, (size, groups) in enumerate(zip(view.hand_sizes, view.melds)):
        held = size + sum(len(g.cards) for g in groups)
        want = HAND_SIZE if i == me and view.phase == "turn" else HAND_SIZE - 1
        if held != want:
            name = "hand" if i == me else "hand_sizes"
            raise PositionError(f"{name}: seat {i} holds {held} cards, concealed and exposed; "
                                f"{'in its turn' if want == HAND_SIZE else 'at rest'} it "
                                f"holds {want} (Q6)", field=name)
    if view.offer is not None and view.offer_by != (me - 1) % n:
        raise PositionError(f"offer: a discard is offered to the next player, seat "
                            f"{(0 if view.offer_by is None else view.offer_by + 1) % n}, "
                            f"not seat {me} (Q6)", field="offer")
    sizes = [0 if i == me else size for i, size in enumerate(view.hand_sizes)]
    hands, _ = deal_hidden(view.unseen, [*sizes, view.stock_left], rng, field="stock_left")
    seats = []
    for i in range(n):
        hand = view.hand if i == me else counts_of(CARDS[k] for k in hands[i])
        seats.append(SeatState(list(hand), hand, list(view.melds[i]), list(view.discards[i])))
    g = Game.__new__(Game)
    g.players, g.rules, g.dealer, g.cut, g.seats = n, view.rules, view.dealer, None, seats
    g.stock = [CARDS[k] for k in hands[-1]]
    g.initial_stock = tuple(g.stock)
    g.pile, g.log, g.result = list(view.pile), [], None
    g.offer = None if view.offer is None else Offer(view.offer, (me - 1) % n)
    g._phase, g._to_act, g._solver = view.phase, me, solver(view.rules)
    return g


legal_of = legal_from(world)


__all__ = ["DOS", "HOWS", "MAX_PLAYERS", "MIN_PLAYERS", "PHASES", "RECORD_FORMAT", "Action",
           "Decision", "Game", "Move", "Offer", "Result", "SeatState", "card", "dealer_of",
           "legal_of", "take_action", "take_options", "world"]
