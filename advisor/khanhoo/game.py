"""The Khanhoo rules engine: one deal for 2–5 players, from the deal to the score
(rules K3–K8, K10).

The game always knows whose decision is pending and the complete list of legal actions
for it. Each action comes as a triad, as in the Chắn engine: ``verify_x`` raises an
:class:`~advisor.errors.IllegalActionError` naming the rule broken, ``can_x`` answers
yes or no, and ``x`` applies it and appends a frozen :class:`Move` to the log.
:meth:`Game.act` does the same for an :class:`Action` given as data.

>>> g = Game.from_deal(players=3, seed=7)
>>> d = g.pending
>>> d.phase, d.seat == g.leader, sum(g.hand(g.leader))
('turn', True, 16)
>>> g.verify(g.dealer, Action("discard", card("5h")))
Traceback (most recent call last):
...
advisor.errors.IllegalActionError: K4: it is seat 0's decision (turn), not seat 2's
>>> a = next(a for a in g.legal_actions() if a.do == "discard")
>>> g.act(g.leader, a)
>>> g.log[0].to_json() == {"seat": g.leader, "do": "discard", "card": a.card.code}
True

Phases:

* ``turn`` — the seat holds one card more than it goes out with: it goes out (K6),
  discards (K4), lays a cache (K10) or declares a natural Quartette (K10);
* ``claim`` — a discard is on offer: each seat that can claim it is asked in order of
  play from the discarder's left: the next player may *take* it for any combination, the
  others may *bump* for one (K5), a cache holder may claim it as his fourth card (K10);
  when all have answered, the best claim wins (K5's priority);
* ``draw`` — nobody claimed: the next player draws the top stock card, the discard pile
  being turned over when the stock is empty (K4); with no stock at all he takes the
  discard into his hand;
* ``over`` — someone went out, a Quartette ended the deal, or the deal reached its turn
  limit (a draw).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import product
from typing import Any, ClassVar

from advisor.counts import add_all, minus, tally
from advisor.errors import AdvisorError, PositionError, RecordError
from advisor.games.actions import CardAction, read_card_action
from advisor.games.engine import Decision, Move, RuleEngine, Triad, check_pending, legal_from
from advisor.games.holding import deal_hidden
from advisor.games.records import check_deal
from advisor.khanhoo.cards import (
    CARDS,
    JOKER,
    KINDS,
    SET_KINDS,
    Card,
    Counts,
    card,
    cards_of,
    counts_of,
    format_cards,
    parse_card,
    parse_cards,
)
from advisor.khanhoo.melds import HAND_SIZE, ORPHAN_SIZE, Combination, solver
from advisor.khanhoo.position import meld_of
from advisor.khanhoo.rules import Pattern, Rules, table_pack
from advisor.khanhoo.scoring import OUT_BONUS, QUARTETTE_BY_CACHE, deal_scores, settlement
from advisor.khanhoo.view import (
    MAX_PLAYERS,
    MAX_TURNS,
    MIN_PLAYERS,
    PHASES,
    Offered,
    TableSeat,
    View,
)

RECORD_FORMAT = "khanhoo-record/2"
"""Today's record format: ``khanhoo-record/1`` with the result in the shape every game's
has (``how`` and ``settlement`` added; ``advisor.khanhoo.record.UPGRADES`` reads the old)."""
DOS = ("discard", "out", "cache", "quartette", "take", "bump", "pass", "draw")
_ALLOWED = {"turn": ("out", "discard", "cache", "quartette"),
            "claim": ("pass", "take", "bump", "quartette"), "draw": ("draw",)}


def table_rules(players: int, *, variation: bool = False, **options: bool) -> Rules:
    """The pack for a number of players (K1): 2 sets + 1 Joker for 2 or 4 players (with 4,
    every card is dealt), 2 sets + 2 Jokers for 3, 4 sets + 1 Joker for 5; or the 3-set
    variation (K9) with 2 Jokers.

    >>> table_rules(3).describe()
    '2 sets + 2 Jokers (62 cards), 2-set table'
    """
    if variation:
        return Rules(3, 2, **options)
    sets, jokers = table_pack(players)
    return Rules(sets, jokers, **options)


# --- actions and moves --------------------------------------------------------------------

def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


@dataclass(frozen=True)
class Action(CardAction[Card]):
    """What a seat does — the bot protocol's ACTION:

    * ``discard`` / ``out`` (``card``: the card thrown; ``out`` declares the rest, K6);
    * ``cache`` (``card``: the Trio laid face down) and ``quartette`` (K10);
    * ``take`` / ``bump`` (``with``: the hand cards laid with the discard, K5);
    * ``pass`` (no claim) and ``draw``.

    >>> Action.from_json({"do": "bump", "with": ["7d", "Js"]})
    Action(do='bump', card=None, with_=(card('7d'), card('Js')))
    >>> Action("out", card("9d")).to_json()
    {'do': 'out', 'card': '9d'}
    """

    WITH: ClassVar[frozenset[str]] = frozenset({"take", "bump"})

    @classmethod
    def from_json(cls, obj: object) -> Action:
        do, text, shown = read_card_action(
            obj, dos=DOS, card=("discard", "out", "cache", "quartette"),
            needs_card=("discard", "out", "cache"), with_=cls.WITH, example='{"do": "pass"}')
        if shown is not None:
            cards = parse_cards(shown, limit=(99,) * KINDS)
            return cls(do, None, tuple(sorted(cards, key=lambda c: c.index)))
        return cls(do, None if text is None else parse_card(text))


def claim_action(do: str, cards: Iterable[Card]) -> Action:
    """A ``take`` or ``bump`` laying these hand cards with the discard."""
    return Action(do, None, tuple(sorted(cards, key=lambda c: c.index)))


@dataclass(frozen=True)
class Result:
    """How the deal ended: who went out (or ended it by a Quartette) and the scores, or a
    draw when the turn limit was reached."""

    winner: int | None
    by: str | None  # "out", "quartette" (natural), "cache" (Quartette by cache); None: draw
    points: int
    scores: tuple[int, ...]
    discard: Card | None = None
    combinations: tuple[Combination, ...] = ()

    @property
    def settlement(self) -> tuple[int, ...]:
        """Each seat's balance, the Skat-style settlement of the deal's scores (K8)."""
        return settlement(self.scores)

    def to_json(self) -> dict[str, Any]:
        """The result's JSON: the shape every game's result has (``winner``, ``how`` — the
        result's ``by`` —, ``points``, ``settlement``; docs/records.md), then Khanhoo's own
        ``by``, ``scores``, ``discard`` and ``combinations``."""
        return {
            "winner": self.winner, "how": self.by, "by": self.by, "points": self.points,
            "settlement": list(self.settlement), "scores": list(self.scores),
            "discard": self.discard.code if self.discard else None,
            "combinations": [c.to_json() for c in self.combinations],
        }


@dataclass
class SeatState:
    """One seat's cards: the concealed hand, the laid melds, the cache, and what it has
    taken from the discards into its hand (not natural, K10)."""

    hand: list[int]
    target: int
    dealt: Counts
    melds: list[Combination] = field(default_factory=list)
    cache: Combination | None = None
    taken: list[int] = field(default_factory=lambda: [0] * KINDS)
    discards: list[Card] = field(default_factory=list)

    def counts(self) -> Counts:
        return tuple(self.hand)

    @property
    def size(self) -> int:
        """Hand + melds + cache."""
        laid = sum(len(m.cards) for m in self.melds)
        return sum(self.hand) + laid + (3 if self.cache else 0)

    @property
    def laid(self) -> tuple[Combination, ...]:
        """Melds, and the cache (a Trio) which counts like one when the seat goes out."""
        return tuple(self.melds) + ((self.cache,) if self.cache else ())

    def natural(self, i: int) -> int:
        """Copies of kind ``i`` in hand that did not come from a discard."""
        return self.hand[i] - self.taken[i]


@dataclass
class Offer:
    """The discard on offer and the claims (seat → action) made so far."""

    card: Card
    by: int
    queue: list[int]
    claims: dict[int, Action] = field(default_factory=dict)


# --- the game -----------------------------------------------------------------------------

class Game(RuleEngine):
    """One deal of Khanhoo."""

    def __init__(
        self,
        hands: Sequence[Counts],
        stock: Sequence[Card],
        dealer: int,
        *,
        rules: Rules | None = None,
        orphan: int | None = None,
        max_turns: int = MAX_TURNS,
    ) -> None:
        self.players = len(hands)
        self.rules = rules or table_rules(self.players)
        self.dealer = dealer
        self.orphan = orphan
        self.max_turns = max_turns
        self._check_deal(hands, stock)
        self.leader = (dealer + 1) % self.players
        self.seats = [SeatState(list(h), ORPHAN_SIZE if s == orphan else HAND_SIZE, tuple(h))
                      for s, h in enumerate(hands)]
        self.initial_stock: tuple[Card, ...] = tuple(stock)
        self.stock: list[Card] = list(stock)
        self.no_stock = not stock
        self.pile: list[Card] = []
        self.turnovers = 0
        self.discards = 0
        self.log: list[Move[Action]] = []
        self.offer: Offer | None = None
        self.result: Result | None = None
        self._phase = "turn"
        self._to_act = self.leader
        self._solver = solver(self.rules)

    @classmethod
    def from_deal(cls, players: int = 3, seed: int | None = None, *,
                  rng: random.Random | None = None, rules: Rules | None = None,
                  dealer: int | None = None, orphan: int | None = None,
                  max_turns: int = MAX_TURNS) -> Game:
        """Shuffle the pack and deal (K3): 15 cards each, 16 to the leader (the dealer's
        left); the orphan gets 6, or 7 as leader (K7). The dealer is drawn at random."""
        rng = rng or random.Random(seed)
        rules = rules or table_rules(players)
        deck = cards_of(rules.pack.counts)
        rng.shuffle(deck)
        dealer = rng.randrange(players) if dealer is None else dealer
        leader = (dealer + 1) % players if 0 <= dealer < players else -1
        hands, pos = [], 0
        for seat in range(players):
            n = (ORPHAN_SIZE if seat == orphan else HAND_SIZE) + (seat == leader)
            hands.append(counts_of(deck[pos : pos + n]))
            pos += n
        return cls(hands, deck[pos:], dealer, rules=rules, orphan=orphan, max_turns=max_turns)

    def _check_deal(self, hands: Sequence[Counts], stock: Sequence[Card]) -> None:
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise RecordError(f"hands: {n} hands; a deal has {MIN_PLAYERS} to {MAX_PLAYERS} "
                              "players", field="hands")
        if not 0 <= self.dealer < n:
            raise RecordError(f"dealer: seat {self.dealer} does not exist (K3)", field="dealer")
        if self.orphan is not None and (n != 4 or not 0 <= self.orphan < n):
            raise RecordError("orphan: an orphan needs four players and an existing seat (K7)",
                              field="orphan")
        if not isinstance(self.max_turns, int) or self.max_turns < 1:
            raise RecordError("max_turns: a positive number of discards", field="max_turns")
        leader = (self.dealer + 1) % n
        check_deal(hands, (c.index for c in stock), self.rules.pack.counts,
                   [c.code for c in CARDS],
                   lambda seat: (ORPHAN_SIZE if seat == self.orphan else HAND_SIZE)
                   + (seat == leader), dealt_rule="K3, K7", pack_rule="K1",
                   pack_name=f"the pack ({self.rules.pack.describe()})")

    def clone(self) -> Game:
        """An independent copy of the deal as it stands, to try moves on (the rules and
        their solver, which never change, are shared).

        >>> g = Game.from_deal(3, seed=1)
        >>> h = g.clone()
        >>> h.act(h.leader, h.legal_actions()[-1])
        >>> len(g.log), len(h.log)
        (0, 1)
        """
        return copy.deepcopy(self, {id(self.rules): self.rules, id(self._solver): self._solver})

    # --- what is pending -----------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The seat on ``seat``'s left: play is clockwise (K4)."""
        return (seat + 1) % self.players

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision. In a claim, ``pass`` comes first;
        in a turn, the ways of going out come first, best first."""
        d = self.pending
        if d is None:
            return []
        s = self.seats[d.seat]
        if d.phase == "draw":
            return [Action("draw")]
        if d.phase == "claim":
            assert self.offer is not None
            return [Action("pass"), *self._claim_options(d.seat)]
        outs = self._outs(s)
        acts = [Action("out", c) for c, _ in outs]
        if not (self.rules.must_go_out and outs):
            acts += [Action("discard", c) for c in CARDS if s.hand[c.index]]
        if self.rules.trio:
            acts += [Action("cache", c) for c in CARDS[:SET_KINDS]
                     if s.cache is None and s.natural(c.index) >= 3 and sum(s.hand) > 3]
            acts += [Action("quartette", c) for c in CARDS[:SET_KINDS]
                     if self._natural_quartette(s, c)]
        return acts

    def _outs(self, s: SeatState) -> list[tuple[Card, int]]:
        """(card thrown, points) of every way of going out now (K6), best first."""
        hand = s.counts()
        if self._solver.best(hand, True) is None:
            return []
        out = []
        for c in CARDS:
            if hand[c.index]:
                decl = self._solver.best(minus(hand, c.index), False)
                if decl is not None:
                    out.append((c, decl.points))
        out.sort(key=lambda cp: -cp[1])
        return out

    @staticmethod
    def _natural_quartette(s: SeatState, c: Card) -> bool:
        cached = 3 if s.cache is not None and s.cache.cards[0] == c else 0
        return s.natural(c.index) + cached >= 4

    def claimants(self, by: int) -> list[int]:
        """Seats asked about a discard of ``by``, in order of play from his left (K5); what
        each may claim (a take, a bump, a Quartette by cache) is decided seat by seat."""
        return [(by + k) % self.players for k in range(1, self.players)]

    def may_bump(self, seat: int, by: int) -> bool:
        """Out of turn, on a discard of ``by`` (K5)."""
        n = self.players
        if seat in (by, (by + 1) % n) or n == 2:
            return False
        return n > 3 or seat == (by + 2) % n

    def _claim_options(self, seat: int) -> list[Action]:
        """Every take or bump (and Quartette by cache) open to ``seat`` on the offer."""
        offer = self.offer
        assert offer is not None
        s = self.seats[seat]
        x = offer.card
        out: list[Action] = []
        cache = s.cache
        if cache is not None and x.index != JOKER and cache.cards[0] == x:
            out.append(Action("quartette"))
        if seat == self.next_seat(offer.by):
            do = "take"
        elif self.may_bump(seat, offer.by):
            do = "bump"
        else:
            return out
        for with_, combo in meld_options(s.counts(), x, self.rules):
            if do == "bump" and combo.code == "sequence" and not self.rules.bump_sequences:
                continue
            out.append(claim_action(do, with_))
        return out

    # --- the triads --------------------------------------------------------------------

    discard = Triad(lambda c: Action("discard", c),
                    "Throw a card face up (K4); it is offered to the claimants (K5).")

    out = Triad(lambda c: Action("out", c),
                "Go out: every card but ``c`` is in combinations; ``c`` is thrown (K6).")

    take = Triad(lambda with_: claim_action("take", with_),
                 "As the next player, claim the discard for a combination laid at once (K5).")

    bump = Triad(lambda with_: claim_action("bump", with_),
                 "Claim the discard out of turn for a combination laid at once (K5).")

    pass_ = Triad(lambda: Action("pass"), "Make no claim on the discard.")

    draw = Triad(lambda: Action("draw"), "Draw the top stock card (K4).")

    cache = Triad(lambda c: Action("cache", c),
                  "Lay a natural Trio of ``c`` face down as a cache (K10).")

    quartette = Triad(lambda c=None: Action("quartette", c),
                      "End the deal with a Quartette: by cache on the discard, or natural (K10).")

    # --- legality ------------------------------------------------------------------------

    def _check(self, seat: int, a: Action) -> tuple[str, str] | None:
        """(rule, reason) of the rule the action breaks, or None."""
        if problem := self._turn_problem(seat, a.do, _ALLOWED, rule="K4", over="K6"):
            return problem
        phase = self._phase
        s = self.seats[seat]
        if a.do in ("discard", "out", "cache") and (a.card is None or not s.hand[a.card.index]):
            return ("K4", f"seat {seat} does not hold {a.card.code if a.card else 'a card'}")
        if phase == "draw":
            return None
        if phase == "claim":
            return self._check_claim(seat, a)
        return self._check_turn(s, a)

    def _check_turn(self, s: SeatState, a: Action) -> tuple[str, str] | None:
        if a.do == "out":
            assert a.card is not None
            hand = s.counts()
            i = a.card.index
            if self._solver.best(minus(hand, i), False) is None:
                return ("K6", f"without {a.card.code} the hand's cards are not all in "
                              "combinations")
            return None
        if a.do == "discard":
            if self.rules.must_go_out and self._outs(s):
                return ("K4", "the hand can go out and the rules say it must (must_go_out)")
            return None
        if not self.rules.trio:
            return ("K10", f"'{a.do}' needs the Trio and Quartette option (trio)")
        if a.do == "cache":
            assert a.card is not None
            if s.cache is not None:
                return ("K10", "a seat lays one cache at most")
            if a.card.index == JOKER or s.natural(a.card.index) < 3:
                return ("K10", f"a cache is a natural Trio: three {a.card.code} not taken from "
                               "a discard")
            if sum(s.hand) <= 3:
                return ("K10", "after laying the cache no card would be left to discard")
            return None
        if a.card is None or a.card.index == JOKER or not self._natural_quartette(s, a.card):
            what = a.card.code if a.card else "a card"
            return ("K10", f"a Quartette in turn needs four natural {what} (in hand or in the "
                           "cache)")
        return None

    def _check_claim(self, seat: int, a: Action) -> tuple[str, str] | None:
        offer = self.offer
        assert offer is not None
        if a.do == "pass":
            return None
        s = self.seats[seat]
        x = offer.card
        if a.do == "quartette":
            if a.card is not None:
                return ("K10", "a Quartette by cache claims the discard; it names no card")
            if s.cache is None or x.index == JOKER or s.cache.cards[0] != x:
                return ("K10", f"a Quartette by cache needs a cache of {x.code}")
            return None
        if a.do == "take" and seat != self.next_seat(offer.by):
            return ("K5", f"only the next player (seat {self.next_seat(offer.by)}) takes the "
                          "discard in turn; others bump")
        if a.do == "bump" and not self.may_bump(seat, offer.by):
            if seat == self.next_seat(offer.by):
                why = "the next player takes the discard in turn; he does not bump"
            elif self.players == 2:
                why = "nobody bumps in a 2-hand game"
            else:
                why = f"in a 3-hand game only seat {(offer.by + 2) % 3} may bump"
            return ("K5", f"seat {seat} may not bump: {why}")
        need = counts_of(a.with_)
        if any(need[i] > s.hand[i] for i in range(KINDS)):
            return ("K5", f"seat {seat} does not hold {format_cards(a.with_)}")
        try:
            combo = meld_of([*a.with_, x], self.rules)
        except AdvisorError:  # a MeldError: no combination
            return ("K5", f"{format_cards([*a.with_, x])} is not a combination: a discard is "
                          "taken only to complete one")
        if a.do == "bump" and combo.code == "sequence" and not self.rules.bump_sequences:
            return ("K5", "a bump is never for a Sequence")
        if sum(s.hand) - len(a.with_) < 1:
            return ("K5", "after laying the combination no card would be left to discard")
        return None

    # --- applying actions ----------------------------------------------------------------

    def _do_discard(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        c = a.card
        assert c is not None
        s.hand[c.index] -= 1
        if s.taken[c.index] > s.hand[c.index]:
            s.taken[c.index] = s.hand[c.index]
        s.discards.append(c)
        self.pile.append(c)
        self.discards += 1
        if self.discards >= self.max_turns:
            self._finish(None, None, 0)
            return
        self.offer = Offer(c, seat, self.claimants(seat))
        self._ask_next()

    def _ask_next(self) -> None:
        """Ask the next seat in the queue that has a claim to make; resolve when none."""
        offer = self.offer
        assert offer is not None
        while offer.queue:
            seat = offer.queue[0]
            if self._claim_options(seat):
                self._phase, self._to_act = "claim", seat
                return
            offer.queue.pop(0)
        self._resolve()

    def _do_pass(self, seat: int, a: Action) -> None:
        assert self.offer is not None
        self.offer.queue.pop(0)
        self._ask_next()

    def _do_take(self, seat: int, a: Action) -> None:
        self._claim(seat, a)

    def _do_bump(self, seat: int, a: Action) -> None:
        self._claim(seat, a)

    def _claim(self, seat: int, a: Action) -> None:
        assert self.offer is not None
        self.offer.claims[seat] = a
        self.offer.queue.pop(0)
        self._ask_next()

    def _resolve(self) -> None:
        """K5: the combination scoring more wins; ties go to the claimant nearest the
        discarder's left. A Quartette by cache beats every other claim (K10)."""
        offer = self.offer
        assert offer is not None
        best: tuple[tuple[int, int], int, Action] | None = None
        for seat, a in offer.claims.items():
            distance_left = (seat - offer.by) % self.players
            if a.do == "quartette":
                rank = (1 << 20, -distance_left)
            else:
                rank = (meld_of([*a.with_, offer.card], self.rules).points, -distance_left)
            if best is None or rank > best[0]:
                best = (rank, seat, a)
        nxt = self.next_seat(offer.by)
        if best is None:
            self.offer = None
            self._phase, self._to_act = "draw", nxt
            return
        _, seat, a = best
        s = self.seats[seat]
        x = self.pile.pop()
        self.offer = None
        if a.do == "quartette":
            assert s.cache is not None
            combo = Combination.of(_of_a_kind(self.rules, "quartette", x), [*s.cache.cards, x])
            self._finish(seat, "cache", QUARTETTE_BY_CACHE, combinations=(combo,))
            return
        for c in a.with_:
            s.hand[c.index] -= 1
            if s.taken[c.index] > s.hand[c.index]:
                s.taken[c.index] = s.hand[c.index]
        s.melds.append(meld_of([*a.with_, x], self.rules))
        self._phase, self._to_act = "turn", seat

    def _do_draw(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        if self.no_stock:  # K4: with no stock at all, the previous discard
            c = self.pile.pop()
            s.taken[c.index] += 1
        else:
            if not self.stock:  # K4: the discard pile turned over
                self.stock, self.pile = self.pile, []
                self.turnovers += 1
            c = self.stock.pop(0)
        s.hand[c.index] += 1
        self._phase, self._to_act = "turn", seat

    def _do_out(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        c = a.card
        assert c is not None
        s.hand[c.index] -= 1
        decl = self._solver.best(s.counts(), False)
        assert decl is not None
        s.discards.append(c)
        self.pile.append(c)
        laid = s.laid
        points = sum(m.points for m in laid) + decl.points + OUT_BONUS
        self._finish(seat, "out", points, c, laid + decl.combinations)

    def _do_cache(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        c = a.card
        assert c is not None
        s.hand[c.index] -= 3
        s.cache = Combination.of(_of_a_kind(self.rules, "trio", c), [c, c, c])

    def _do_quartette(self, seat: int, a: Action) -> None:
        if self._phase == "claim":
            self._claim(seat, a)
            return
        s = self.seats[seat]
        c = a.card
        assert c is not None
        cached = s.cache is not None and s.cache.cards[0] == c
        combo = Combination.of(_of_a_kind(self.rules, "quartette", c), [c] * 4)
        take = 4 - (3 if cached else 0)
        s.hand[c.index] -= take
        if cached:
            s.cache = None
        s.melds.append(combo)
        self._finish(seat, "quartette", QUARTETTE_BY_CACHE, combinations=(combo,))

    def _finish(self, winner: int | None, by: str | None, points: int, discard: Card | None = None,
                combinations: tuple[Combination, ...] = ()) -> None:
        if winner is not None and by == "cache":
            s = self.seats[winner]
            assert s.cache is not None
            s.melds.append(combinations[0])
            s.cache = None
        self.result = Result(winner, by, points, deal_scores(self.players, winner, points),
                             discard, combinations)
        self.offer = None
        self._phase = "over"

    # --- views ---------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know: its hand and cache, every laid meld, the discard
        pile in order, the sizes of the other hands and of the stock (the bot protocol's
        VIEW)."""
        s = self.seats[seat]
        return View(
            self.rules, self.players, seat, self.dealer, self.leader, self.orphan,
            self._phase, self._to_act, tuple(cards_of(s.counts())),
            s.cache.cards[0] if s.cache else None, len(self.stock), self.no_stock,
            self.turnovers, self.discards, self.max_turns, tuple(self.pile),
            None if self.offer is None else Offered(self.offer.card, self.offer.by),
            tuple(TableSeat(tuple(tuple(m.cards) for m in t.melds), t.cache is not None,
                            sum(t.hand), t.target, tuple(t.discards)) for t in self.seats))

    def cards_in_play(self) -> Counts:
        """Every card's whereabouts summed: hands, melds, caches, stock and pile. Always
        the whole pack."""
        laid = (x for s in self.seats for m in s.laid for x in m.cards)
        loose = tally((x.index for x in (*laid, *self.stock, *self.pile)), KINDS)
        return add_all([loose, *(s.hand for s in self.seats)])

    # --- records -------------------------------------------------------------------------

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]:
        """The deal as a ``khanhoo-record/2`` object (docs/khanhoo.md)."""
        rec: dict[str, Any] = {"format": RECORD_FORMAT, **self.rules.to_json(),
                               "dealer": self.dealer}
        if self.orphan is not None:
            rec["orphan"] = self.orphan
        if self.max_turns != MAX_TURNS:
            rec["max_turns"] = self.max_turns
        if players is not None:
            rec["players"] = list(players)
        rec["hands"] = [_cards_json(cards_of(s.dealt)) for s in self.seats]
        rec["stock"] = _cards_json(self.initial_stock)
        rec["moves"] = [m.to_json() for m in self.log]
        if self.result is not None:
            rec["result"] = self.result.to_json()
        return rec


def _of_a_kind(rules: Rules, code: str, c: Card) -> Pattern:
    """The Trio or Quartette pattern of card kind ``c`` (K10)."""
    return next(p for p in rules.containing[c.index] if p.kind.code == code)


def meld_options(hand: Counts, x: Card, rules: Rules) -> list[tuple[tuple[Card, ...], Combination]]:
    """Every distinct set of hand cards that makes a combination with the discard ``x``
    (Jokers in hand standing for any card, and ``x`` itself if it is a Joker), leaving at
    least one card in hand; with the combination it makes (its best reading), best first.

    >>> from advisor.khanhoo.cards import parse_cards
    >>> h = counts_of(parse_cards("7d 7d 8d 9d Qs Ks"))
    >>> [(format_cards(w), c.code) for w, c in meld_options(h, card("Js"), Rules())]
    [('7d 7d', 'royal_j'), ('Qs Ks', 'courts')]
    """
    return list(_meld_options(tuple(hand), x, rules))


@cache
def _claim_patterns(rules: Rules, x: int) -> tuple[tuple[Pattern, tuple[int, ...],
                                                         tuple[int, ...]], ...]:
    """The patterns a discard of kind ``x`` may complete, each with the kinds and copies
    the hand must still give (the discard fills one place; a Joker discard fills any)."""
    out = []
    for p in rules.patterns if x == JOKER else rules.containing[x]:
        need = dict(p.need)
        if x != JOKER:
            need[x] -= 1
        kinds = tuple(i for i, m in need.items() if m)
        out.append((p, kinds, tuple(need[i] for i in kinds)))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _meld_options(hand: Counts, x: Card, rules: Rules
                  ) -> tuple[tuple[tuple[Card, ...], Combination], ...]:
    """:func:`meld_options`, remembered: a discard's claims are asked of a seat while the
    claim queue is built and again when it decides (values: cards and combinations)."""
    jokers = hand[JOKER]
    size = sum(hand)
    found: dict[Counts, Combination] = {}
    for p, kinds, needs in _claim_patterns(rules, x.index):
        have = 0
        for i, m in zip(kinds, needs):
            h = hand[i]
            have += m if m < h else h
        if have + jokers < p.size - 1:
            continue  # not enough cards for it, even with every Joker
        ranges = [range(min(m, hand[i]), -1, -1) for i, m in zip(kinds, needs)]
        for used in product(*ranges):
            real = sum(used)
            from_hand = p.size - 1 - real  # Jokers from the hand fill the other places
            if not 0 <= from_hand <= jokers or size - real - from_hand < 1:
                continue
            with_counts = [0] * KINDS
            for i, u in zip(kinds, used):
                with_counts[i] = u
            with_counts[JOKER] += from_hand
            key = tuple(with_counts)
            if key not in found:
                found[key] = meld_of([*cards_of(key), x], rules)
    out = [(tuple(cards_of(k)), c) for k, c in found.items()]
    out.sort(key=lambda wc: (-wc[1].points, len(wc[0]), [c.index for c in wc[0]]))
    return tuple(out)


# --- a deal consistent with a VIEW ------------------------------------------------------------

def world(view: View, rng: random.Random | None = None) -> Game:
    """A deal in play as the VIEW's seat sees it, its decision pending: the cards it has
    not seen dealt (in kind order, or shuffled by ``rng``) to the other hands, their
    caches and the stock. A VIEW that cannot be a seat's view of a deal — a card the
    pack (K1) cannot hold, cards that do not add up (K3, K7), no decision of its seat
    pending — raises a :class:`PositionError` naming the field.

    >>> g = Game.from_deal(players=3, seed=4)
    >>> world(g.view(g.leader)).legal_actions() == g.legal_actions()
    True
    """
    rules, n, me = view.rules, view.players, view.seat
    check_pending(view, _ALLOWED)
    seen = [0] * KINDS
    for c in (*view.hand, *view.pile, *((view.cache,) * 3 if view.cache else ())):
        seen[c.index] += 1
    seats: list[SeatState] = []
    for i, t in enumerate(view.table):
        at = f"table[{i}]."
        want = ORPHAN_SIZE if i == view.orphan else HAND_SIZE
        if t.target != want:
            raise PositionError(f"{at}target: seat {i} goes out with {want} cards (K6, K7)",
                                field=at + "target")
        melds = []
        for m in t.melds:
            try:
                melds.append(meld_of(m, rules))
            except AdvisorError as err:
                raise PositionError(f"{at}melds: {err.message}", field=at + "melds",
                                    token=err.token) from None
            for c in m:
                seen[c.index] += 1
        held = t.cards + sum(len(m) for m in t.melds) + 3 * t.cache
        owes = i == me and view.phase == "turn"
        if held != want + owes:
            name = "hand" if i == me else at + "cards"
            raise PositionError(f"{name}: seat {i} holds {held} cards, hand and melds; "
                                f"{'in its turn' if owes else 'at rest'} it holds "
                                f"{want + owes} (K3, K4)", field=name)
        seats.append(SeatState([0] * KINDS, want, (), melds, None, [0] * KINDS,
                               [c for c in t.discards if c is not None]))
    if view.table[me].cards != len(view.hand):
        raise PositionError(f"hand: {len(view.hand)} cards, but table[{me}].cards is "
                            f"{view.table[me].cards}", field="hand")
    if view.table[me].cache != (view.cache is not None):
        raise PositionError(f"cache: table[{me}].cache says otherwise", field="cache")
    for c, shown, most in zip(CARDS, seen, rules.pack.counts):
        if shown > most:
            raise PositionError(f"hand: the VIEW shows {shown} of {c.code}; the pack "
                                f"({rules.pack.describe()}) has {most} (K1)",
                                field="hand", token=c.code)
    unseen = [p - k for p, k in zip(rules.pack.counts, seen)]
    for i, s in enumerate(seats):
        if view.table[i].cache:  # a cache: a natural Trio (K10), another seat's unseen
            kind = view.cache if i == me else next(
                (CARDS[k] for k in range(SET_KINDS) if unseen[k] >= 3), None)
            if kind is None:
                raise PositionError(f"table[{i}].cache: no Trio is left unseen for it",
                                    field=f"table[{i}].cache")
            if i != me:
                unseen[kind.index] -= 3
            s.cache = Combination.of(_of_a_kind(rules, "trio", kind), [kind] * 3)
    sizes = [0 if i == me else t.cards for i, t in enumerate(view.table)]
    hands, _ = deal_hidden(unseen, [*sizes, view.stock_left], rng, field="stock_left",
                           partial=view.dealer is None)  # a typed position: K3 unchecked
    for i, s in enumerate(seats):
        hand = counts_of(CARDS[k] for k in hands[i]) if i != me else counts_of(view.hand)
        s.hand, s.dealt = list(hand), hand
    g = Game.__new__(Game)
    g.players, g.rules, g.orphan, g.max_turns = n, rules, view.orphan, view.max_turns
    g.dealer = view.dealer if view.dealer is not None else (me - 1) % n
    g.leader = view.leader if view.leader is not None else (g.dealer + 1) % n
    g.seats = seats
    g.stock = [CARDS[k] for k in hands[-1]]
    g.initial_stock = tuple(g.stock)
    g.no_stock, g.pile = view.no_stock, list(view.pile)
    g.turnovers, g.discards = view.turnovers, view.discards_made
    g.log, g.result, g.offer = [], None, None
    g._phase, g._to_act, g._solver = view.phase, me, solver(rules)
    if view.phase == "claim":
        o = view.offer
        if o is None:
            raise PositionError("offer: a claim needs the discard on offer", field="offer")
        if not view.pile or view.pile[-1] != o.card or o.by == me:
            raise PositionError("offer: the discard on offer is the last of the pile, thrown "
                                "by another seat", field="offer")
        queue = g.claimants(o.by)
        g.offer = Offer(o.card, o.by, queue[queue.index(me):])
    elif view.offer is not None:
        raise PositionError(f"offer: no discard is on offer in the {view.phase} phase",
                            field="offer")
    return g


legal_of = legal_from(world)


__all__ = [
    "DOS", "MAX_PLAYERS", "MAX_TURNS", "MIN_PLAYERS", "PHASES", "RECORD_FORMAT", "Action",
    "Decision", "Game", "Move", "Offer", "Result", "SeatState", "card", "claim_action",
    "legal_of", "meld_options", "table_rules", "world",
]
