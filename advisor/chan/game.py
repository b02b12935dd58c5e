"""The Chắn rules engine: one deal, from the deal to the settlement (rules §3–§7).

The game always knows whose decision is pending and the complete list of legal actions
for it. Each action comes as a triad, in the style of pokerkit: ``verify_x`` raises an
:class:`~advisor.errors.IllegalActionError` naming the first rule broken (§5's order),
``can_x`` answers yes or no, and ``x`` applies it and appends a frozen :class:`Move` to
the log. :meth:`Game.act` does the same for an :class:`Action` given as data.

>>> g = Game.from_deal(seed=7)
>>> d = g.pending
>>> d.phase, d.seat == g.dealer, sum(g.hand(g.dealer))
('start', True, 20)
>>> g.verify_discard((g.dealer + 1) % 4, parse_face("5v"))
Traceback (most recent call last):
...
advisor.errors.IllegalActionError: T1: it is seat 0's decision (start), not seat 1's
>>> g.discard(g.dealer, g.legal_actions()[-1].card)
>>> g.log[0].to_json() == {"seat": g.dealer, "do": "discard", "card": g.log[0].action.card.code}
True

Card flow, in one place:

* a discard lies in front of the seat that made it (T5) and is offered to the next seat;
* a revealed stock card is offered to the door's seat, then (if passed) to the next seat
  without claims (T4, C5), then stays face up at the door (``passed``);
* a claim (C1–C3) is asked of every seat that can make it, in priority order, before
  the offered seat's ordinary move; declined claims are not recorded (C5);
* an out-of-turn Chíu's discard is returned to the seat the card was offered to (C4).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast, get_args

from advisor.chan.cards import (
    CC,
    FACES,
    NFACES,
    Counts,
    Face,
    counts_of,
    parse_face,
)
from advisor.chan.pairing import RANK_TABLE, Exposed, Meld, is_win, p0_counts, unpack
from advisor.chan.position import Position
from advisor.chan.profiles import profile
from advisor.chan.scoring import ScoreResult, score, settlement
from advisor.chan.view import (
    PHASES,
    SEATS,
    SOURCES,
    Chiu,
    Memory,
    Offer,
    Phase,
    TableSeat,
    View,
)
from advisor.counts import minus, plus, replace
from advisor.errors import PositionError, RecordError
from advisor.games.engine import Decision, Move, RuleEngine, Triad, legal_from

DEALER_CARDS = 20
OTHER_CARDS = 19
STOCK_CARDS = 23

Do = Literal["heaven", "discard", "eat", "pass", "chiu", "win"]
"""What an action does (§8.3)."""
DOS: tuple[Do, ...] = get_args(Do)


# --- actions and moves --------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """What a seat does: ``heaven``, ``discard`` (card), ``eat`` (with a hand card),
    ``pass``, ``chiu``, ``win`` — the bot protocol's ACTION (§8.3).

    >>> Action.from_json({"do": "eat", "with": "9s"})
    Action(do='eat', card=parse_face('9s'))
    >>> Action("discard", parse_face("5v")).to_json()
    {'do': 'discard', 'card': '5v'}
    """

    do: Do
    card: Face | None = None  # the discarded card, or the hand card an eat uses

    def to_json(self) -> dict[str, str]:
        out: dict[str, str] = {"do": self.do}
        if self.card is not None:
            out["with" if self.do == "eat" else "card"] = self.card.code
        return out

    @classmethod
    def from_json(cls, obj: object) -> Action:
        if not isinstance(obj, dict):
            raise RecordError("an action must be a JSON object like {\"do\": \"pass\"}")
        do = obj.get("do")
        if do not in DOS:
            raise RecordError(f"do: '{do}' is not one of {', '.join(DOS)}", field="do")
        do = cast(Do, do)
        key = {"discard": "card", "eat": "with"}.get(do)
        unknown = set(obj) - {"do", "seat"} - ({key} if key else set())
        if unknown:
            raise RecordError(f"{sorted(unknown)[0]}: unknown field for '{do}'",
                              field=sorted(unknown)[0])
        if key is None:
            return cls(do)
        text = obj.get(key)
        if not isinstance(text, str):
            raise RecordError(f"{key}: '{do}' needs a card", field=key)
        return cls(do, parse_face(text))

    def __str__(self) -> str:
        if self.card is None:
            return self.do
        return f"{self.do} {'with ' if self.do == 'eat' else ''}{self.card.code}"


@dataclass(frozen=True)
class Result:
    """How the deal ended: a winner with the score and payments, or a draw (T6)."""

    winner: int | None
    win_by: str | None = None
    winning_card: Face | None = None
    score: ScoreResult | None = None
    payments: tuple[int, ...] = (0, 0, 0, 0)

    @property
    def points(self) -> int:
        return self.score.points if self.score else 0

    def to_json(self) -> dict[str, Any]:
        """The result's JSON: the shape every game's result has (``winner``, ``how`` — the
        win's ``win_by`` —, ``points``, ``settlement`` — the payments —; docs/records.md),
        then Chắn's own ``win_by``, ``winning_card``, ``bonuses`` and ``payments``."""
        if self.winner is None:
            return {"winner": None, "how": None, "points": 0,
                    "settlement": list(self.payments), "bonuses": [],
                    "payments": list(self.payments)}
        assert self.score is not None
        return {
            "winner": self.winner, "how": self.win_by, "win_by": self.win_by,
            "winning_card": self.winning_card.code if self.winning_card else None,
            "points": self.points, "settlement": list(self.payments),
            "bonuses": [b.to_json() for b in self.score.bonuses],
            "payments": list(self.payments),
        }


def bonuses_as_ruled(bonuses: object) -> object:
    """A result's ``bonuses`` as the rules define them (§7 Points): the *main* bonus —
    the first listed, known by its rank (base, then dịch: tied bonuses may be main
    either one) — then the multiset of bonus instances (an entry of ``count`` n is n
    instances), in no order. Two lists equal here score the same. Anything that is not
    a list of bonus objects is returned as it is (compared as it is).

    >>> tom = {"code": "tom", "name": "Tôm", "count": 2, "base": 4, "dich": 1}
    >>> chi = {"code": "u_chi", "name": "Ù chì", "count": 1, "base": 4, "dich": 1}
    >>> one = tom | {"count": 1}
    >>> bonuses_as_ruled([tom, chi]) == bonuses_as_ruled([chi, one, one])
    True
    """
    if not isinstance(bonuses, list) or not bonuses or not all(
            isinstance(b, dict) and isinstance(b.get("count"), int)
            and not isinstance(b.get("count"), bool) and 1 <= b["count"] <= 16
            for b in bonuses):
        return bonuses
    main = bonuses[0]
    instances = sorted(json.dumps({k: v for k, v in b.items() if k != "count"}, sort_keys=True,
                                  ensure_ascii=False)
                       for b in bonuses for _ in range(b["count"]))
    return ("main", main.get("base"), main.get("dich"), instances)


# --- a seat's cards and memory ------------------------------------------------------------

@dataclass
class SeatState:
    """Everything about one seat: its cards and the memory the restrictions need."""

    hand: list[int]
    dealt: Counts
    melds: list[Meld] = field(default_factory=list)
    discards: list[Face] = field(default_factory=list)  # on the table now (T5)
    passed: list[Face] = field(default_factory=list)  # stock cards left at this door (T4)
    dead: bool = False
    # memory (R3, R4, R7): face index -> the move that created the entry
    discarded: dict[int, int] = field(default_factory=dict)
    discard_log: list[Face] = field(default_factory=list)
    refused: dict[int, int] = field(default_factory=dict)
    laid_in_ca: dict[int, int] = field(default_factory=dict)
    ate_ca: bool = False
    _exposed: Exposed | None = field(default=None, repr=False, compare=False)

    def counts(self) -> Counts:
        return tuple(self.hand)

    @property
    def exposed(self) -> Exposed:
        """The melds summarised for evaluation (cached until the melds change)."""
        if self._exposed is None or len(self._exposed.melds) != len(self.melds):
            self._exposed = Exposed.of(self.melds)
        return self._exposed

    def discarded_ca(self) -> bool:
        """R7(a): two discards of one rank in different suits (Chi chi never counts)."""
        seen: dict[int, set[str]] = {}
        for f in self.discard_log:
            if f.index != CC:
                seen.setdefault(f.rank, set()).add(f.suit)
        return any(len(s) >= 2 for s in seen.values())

    def memory(self) -> Memory:
        """The memory as the seat's VIEW shows it."""
        return Memory(tuple(self.discard_log), tuple(FACES[i] for i in sorted(self.refused)),
                      tuple(FACES[i] for i in sorted(self.laid_in_ca)), self.ate_ca)

    def table_seat(self) -> TableSeat:
        """What the table shows of the seat."""
        return TableSeat(tuple(self.melds), tuple(self.discards), tuple(self.passed), self.dead)

    @classmethod
    def of_view(cls, view: View) -> SeatState:
        """The seat's own cards and memory (R3, R4, R7) as its VIEW shows them: what the
        rules engine needs to judge its actions. Moves are unknown, so memory entries are
        dated move 0."""
        t, mem = view.mine, view.memory
        hand = view.hand_counts
        s = cls(list(hand), hand, list(t.melds), list(t.discards), list(t.passed), t.dead)
        s.discard_log = list(mem.discarded)
        s.discarded = {f.index: 0 for f in s.discard_log}
        s.refused = {f.index: 0 for f in mem.refused}
        s.laid_in_ca = {f.index: 0 for f in mem.laid_in_ca}
        s.ate_ca = mem.ate_ca
        return s


def _rank_ca(hand: Sequence[int], rank: int) -> bool:
    """Does the canonical pairing of the hand hold a Cạ of this rank (R5)?"""
    start = (rank - 2) * 3
    return unpack(RANK_TABLE[hand[start] * 25 + hand[start + 1] * 5 + hand[start + 2]])[1] > 0


# --- what a seat may discard, and what an action leaves it ---------------------------------

def discard_problem(s: SeatState, z: Face) -> tuple[str, str] | None:
    """(rule, reason) if the seat may not discard ``z`` now (R7b, R2, R3), else None.

    The one place these restrictions live: the engine, the advisor's look-ahead, the bots
    and the discard table of ``analyze`` all ask it.
    """
    if s.ate_ca and z.index != CC:  # R7b
        for d in s.discard_log:
            if d.index != CC and d.rank == z.rank and d.suit != z.suit:
                return ("R7", f"having eaten a Cạ, you may not discard {z.code}: with your "
                              f"discarded {d.code} it would complete a discarded Cạ")
    n = s.hand[z.index]
    if n in (2, 4):  # R2
        kept = "a Chắn" if n == 2 else "two Chắn"
        return ("R2", f"you hold exactly {n} {z.code}; they stay {kept}")
    if z.index in s.refused:  # R3
        return ("R3", f"{z.code} was refused at move {s.refused[z.index]}, so it may not be "
                      "discarded")
    return None


def may_discard(s: SeatState, z: Face) -> bool:
    """Whether the seat may discard ``z`` now: :func:`discard_problem` is None (the same
    rules, R7b, R2, R3, without the reasons)."""
    i = z.index
    if s.hand[i] in (2, 4) or i in s.refused:  # R2, R3
        return False
    if s.ate_ca and i != CC:  # R7b
        rank, suit = z.rank, z.suit
        for d in s.discard_log:
            if d.index != CC and d.rank == rank and d.suit != suit:
                return False
    return True


def legal_discards(s: SeatState) -> list[Face]:
    """The faces the seat may discard now, in deck order."""
    hand = s.hand
    return [FACES[i] for i in range(NFACES) if hand[i] and may_discard(s, FACES[i])]


def has_legal_discard(s: SeatState) -> bool:
    """Whether the seat may discard some card now (``legal_discards`` is not empty)."""
    hand = s.hand
    return any(hand[i] and may_discard(s, FACES[i]) for i in range(NFACES))


@dataclass(frozen=True)
class Prospect:
    """What an action leaves its seat — the look-ahead every evaluator shares.

    ``hand`` and ``exposed`` are the seat's cards once the action is made (before the
    discard it owes, if any); ``discards`` are the discards the rules then allow (R2, R3,
    R7b, judged on the hand and memory after the action); ``wins`` says the action wins
    at once (``win``, ``heaven``) or leaves a win on the table (a Chíu ù, C2).
    """

    hand: Counts
    exposed: Exposed
    owes: bool
    discards: tuple[Face, ...] = ()
    wins: bool = False


def prospect(s: SeatState, action: Action, offered: Face | None) -> Prospect:
    """What ``action`` leaves the seat ``s`` when ``offered`` is the public card.

    The action is assumed legal (ask the engine first). After an eat or a Chíu the owed
    discards are the engine's own legal discards in the state the action leaves.

    >>> from advisor.chan.cards import counts_of, parse_cards
    >>> hand = counts_of(parse_cards(
    ...     "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m"))
    >>> p = prospect(SeatState(list(hand), hand), Action("eat", parse_face("8v")),
    ...              parse_face("8s"))
    >>> [f.code for f in p.discards]   # not 7v: it is held exactly twice (R2)
    ['2s', '2m', '3s', '3m', '7m', '9v']
    """
    hand = s.counts()
    do = action.do
    if do in ("win", "heaven"):
        return Prospect(hand, s.exposed, False, (), True)
    if do == "discard":
        assert action.card is not None
        i = action.card.index
        return Prospect(minus(hand, i), s.exposed, False)
    if do == "pass":
        return Prospect(hand, s.exposed, False)
    assert offered is not None
    x = offered.index
    if do == "eat":
        assert action.card is not None
        y = action.card.index
        after = minus(hand, y)
        meld = Meld.of([action.card, offered])
        ate_ca = s.ate_ca or meld.kind == "ca"
        wins = False
    else:  # chiu (C2)
        after = minus(hand, x, 3)
        meld = Meld.of([offered] * 4)
        ate_ca = s.ate_ca
        wins = hand[x] == 3 and is_win(replace(hand, x, 4), s.exposed, offered)
    then = SeatState(list(after), s.dealt, discard_log=s.discard_log, refused=s.refused,
                     ate_ca=ate_ca)
    return Prospect(after, Exposed.of([*s.exposed.melds, meld]), True,
                    tuple(legal_discards(then)), wins)


# --- the game -----------------------------------------------------------------------------

_HEAVEN, _WIN, _PASS, _CHIU = Action("heaven"), Action("win"), Action("pass"), Action("chiu")
_DISCARDS = tuple(Action("discard", f) for f in FACES)
_EATS = tuple(Action("eat", f) for f in FACES)
"""The candidate actions, made once (actions are values)."""


class Game(RuleEngine):
    """One deal of Chắn for four seats."""

    def __init__(
        self,
        hands: Sequence[Counts],
        stock: Sequence[Face],
        dealer: int,
        *,
        rules: str = "house",
        options: dict[str, bool] | None = None,
        won_previous_deal: bool = False,
    ) -> None:
        self.rules = profile(rules).name
        self.options = dict(options or {})
        self.won_previous_deal = won_previous_deal
        self.dealer = dealer
        self._check_deal(hands, stock, dealer)
        self.seats = [SeatState(list(h), tuple(h)) for h in hands]
        self.initial_stock: tuple[Face, ...] = tuple(stock)
        self.stock: list[Face] = list(stock)
        self.log: list[Move[Action]] = []
        self.offer: Offer | None = None
        self.claims: list[tuple[int, str]] = []  # (seat, "win" | "chiu") still to ask
        self.owing: int | None = None  # seat owing a discard
        self.chiu_return: int | None = None  # after an out-of-turn Chíu: where its discard goes
        self.chiu_card: Face | None = None  # the card just claimed by Chíu (a Chíu ù wins on it)
        self.result: Result | None = None
        self._phase: Phase = "start"
        self._to_act = dealer

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def in_play(
        cls, seats: Sequence[SeatState], stock: Sequence[Face], dealer: int, *,
        seat: int, phase: Phase, offer: Offer | None = None, to_act: int | None = None,
        chiu_card: Face | None = None, chiu_return: int | None = None, rules: str = "house",
        options: dict[str, bool] | None = None,
    ) -> Game:
        """A deal in play as one ``seat`` sees it to act, in ``phase``: its seats (hands,
        melds, discards and memories), the stock, and the card on offer. For a claim, the
        claims are queued as the rules queue them (C1–C3) and those of the seats ahead of
        ``seat`` counted as declined; a seat with no claim on the card is refused. After a
        Chíu, ``chiu_card`` and ``chiu_return`` say what a Chíu ù wins on and where the
        discard goes (C2). This is how a VIEW is turned into a game to play out
        (:func:`advisor.chan.lookahead.world`)."""
        g = cls.__new__(cls)
        g.rules = profile(rules).name
        g.options = dict(options or {})
        g.won_previous_deal = False
        g.dealer = dealer
        g.seats = list(seats)
        g.stock = list(stock)
        g.initial_stock = tuple(stock)
        g.log = []
        g.result = None
        g.claims = []
        g.owing = None
        g.chiu_return = None
        g.chiu_card = None
        g.offer = offer
        g._phase, g._to_act = phase, seat if to_act is None else to_act
        if phase == "claim":
            if offer is None:
                raise PositionError("offer: a claim needs the card on offer", field="offer")
            g._make_public(offer)  # the claims, in priority order
            while g.claims and g.claims[0][0] != seat:
                g.claims.pop(0)  # seats before this one in priority have declined
            if not g.claims:
                raise PositionError(f"phase: seat {seat} has no claim on the card on offer "
                                    "(C1–C3)", field="phase")
            g._phase, g._to_act = "claim", seat
        elif phase == "discard":
            g.owing = seat
            g.chiu_card, g.chiu_return = chiu_card, chiu_return
        return g

    @classmethod
    def from_deal(
        cls, seed: int | None = None, *, rng: random.Random | None = None,
        dealer: int | None = None, rules: str = "house", options: dict[str, bool] | None = None,
    ) -> Game:
        """Shuffle the 100 cards and deal (S1–S3); the dealer is chosen at random (S2)."""
        rng = rng or random.Random(seed)
        deck = [f for f in FACES for _ in range(4)]
        rng.shuffle(deck)
        dealer = rng.randrange(SEATS) if dealer is None else dealer
        hands, pos = [], 0
        for seat in range(SEATS):
            n = DEALER_CARDS if seat == dealer else OTHER_CARDS
            hands.append(counts_of(deck[pos : pos + n]))
            pos += n
        return cls(hands, deck[pos:], dealer, rules=rules, options=options)

    @staticmethod
    def _check_deal(hands: Sequence[Counts], stock: Sequence[Face], dealer: int) -> None:
        if len(hands) != SEATS:
            raise RecordError(f"hands: {len(hands)} hands; a deal has {SEATS} (S2)", field="hands")
        if not 0 <= dealer < SEATS:
            raise RecordError(f"dealer: seat {dealer} does not exist (S2)", field="dealer")
        for seat, h in enumerate(hands):
            want = DEALER_CARDS if seat == dealer else OTHER_CARDS
            if sum(h) != want:
                raise RecordError(f"hands[{seat}]: {sum(h)} cards; seat {seat} is dealt {want} "
                                  "(S3)", field=f"hands[{seat}]")
        if len(stock) != STOCK_CARDS:
            raise RecordError(f"stock: {len(stock)} cards; the stock has {STOCK_CARDS} (S3)",
                              field="stock")
        total = [sum(h[i] for h in hands) for i in range(NFACES)]
        for f in stock:
            total[f.index] += 1
        for f, n in zip(FACES, total):
            if n != 4:
                raise RecordError(f"the deal holds {n} copies of {f.code}; the deck has four (S1)",
                                  field="hands", token=f.code)

    # --- what is pending --------------------------------------------------------------------

    @property
    def revealed(self) -> int:
        """Stock cards revealed so far."""
        return STOCK_CARDS - len(self.stock)

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision; in the claim phase the first is
        ``pass`` ("no claim")."""
        d = self.pending
        if d is None:
            return []
        # every candidate is a move of the phase, by the seat to act, of a card it holds:
        # of _check's rules only the phase's own remain to be asked
        seat, phase = d.seat, d.phase
        if phase == "discard":
            st, hand = self.seats[seat], self.seats[seat].hand
            out = [_WIN] if self._check_chiu_win(seat) is None else []
            out += [_DISCARDS[i] for i in range(NFACES) if hand[i] and may_discard(st, FACES[i])]
            return out
        check = (self._check_start if phase == "start" else self._check_claim
                 if phase == "claim" else self._check_discard if phase == "discard"
                 else self._check_offer)
        return [a for a in self._candidates(d) if check(seat, a) is None]

    def _candidates(self, d: Decision[Phase]) -> list[Action]:
        s = self.seats[d.seat]
        hand = s.hand
        if d.phase == "start":
            return [_HEAVEN, *(_DISCARDS[i] for i in range(NFACES) if hand[i]), _PASS]
        if d.phase == "discard":
            return [_WIN, *(_DISCARDS[i] for i in range(NFACES) if hand[i])]
        if d.phase == "claim":
            return [_PASS, _WIN, _CHIU]
        assert self.offer is not None
        x = self.offer.card
        partners = [f for f in FACES if hand[f.index] and (
            f.index == x.index or (x.index != CC and f.index != CC and f.rank == x.rank))]
        partners.sort(key=lambda f: f.index != x.index)
        return [*(_EATS[f.index] for f in partners), _CHIU, _PASS]

    # --- the triads ----------------------------------------------------------------------------

    def _logged(self, seat: int, action: Action) -> bool:
        """A declined claim is not logged, nor recorded (C5)."""
        return not (self._phase == "claim" and action.do == "pass")

    heaven = Triad(lambda: Action("heaven"), "Declare Thiên ù (T1, W3).")

    discard = Triad(lambda card: Action("discard", card), "Discard a card (T1, T2, T5).")

    eat = Triad(lambda with_card: Action("eat", with_card),
                "Eat the offered card with a hand card, as a Chắn or a Cạ (T2).")

    pass_ = Triad(lambda: Action("pass"),
                  "Pass the offered card (T2–T4), decline a claim (C5), or, as the dealer, "
                  "decline Thiên ù with no legal discard (T7).")

    chiu = Triad(lambda: Action("chiu"), "Claim the public card with three in hand (C2).")

    win = Triad(lambda: Action("win"),
                "Claim a win on the revealed stock card (C1), or after a Chíu (Chíu ù, C2).")

    def claim_problem(self, seat: int, action: Action) -> tuple[str, str]:
        """Why ``seat`` may not make this claim (``win`` or ``chiu``) on the public card."""
        if self.offer is None:
            return ("C1", "no card is public")
        problem = self._win_problem(seat) if action.do == "win" else self._chiu_problem(seat)
        return problem or ("C5", f"the claim on {self.offer.card.code} was declined")

    # --- legality ------------------------------------------------------------------------------

    def _check(self, seat: int, a: Action) -> tuple[str, str] | None:
        """(rule, reason) of the first rule the action breaks (§5's order), or None."""
        if self.over:
            return ("T6" if self.result and self.result.winner is None else "C1",
                    "the deal is over")
        phase, to_act = self._phase, self._to_act
        turn_rule = "T1" if phase == "start" else "C3" if phase == "claim" else "T2"
        if not 0 <= seat < SEATS:
            return (turn_rule, f"there is no seat {seat} (S2)")
        if seat != to_act:
            if a.do in ("win", "chiu") and self.offer is not None and phase in ("claim", "offer"):
                problem = self.claim_problem(seat, a)
                if phase != "claim" or problem[0] != "C5":
                    return problem  # why this seat may not claim at all
            card = f" on {self.offer.card.code}" if self.offer is not None else ""
            if phase == "claim":
                return ("C3", f"seat {to_act} has priority{card} and decides first, not seat "
                              f"{seat}")
            return (turn_rule, f"it is seat {to_act}'s decision ({phase}), not seat {seat}'s")
        s = self.seats[seat]
        allowed = {"start": ("heaven", "discard", "pass"), "discard": ("discard", "win"),
                   "claim": ("pass", "win", "chiu"), "offer": ("eat", "pass", "chiu", "win")}[phase]
        if a.do not in allowed:
            # name the moves the seat can make now, not every move of the phase (a win is
            # a move of the offer phase only on a stock card, C1)
            now: list[str] = list(dict.fromkeys(x.do for x in self.legal_actions()))
            now = now or list(allowed)
            return (turn_rule, f"'{a.do}' is not a move in the {phase} phase "
                               f"(allowed now: {', '.join(now)})")
        if a.do == "eat" and a.card is None and phase == "offer" and self.offer is not None:
            return self._eat_any_problem(s, self.offer.card)
        if a.do in ("discard", "eat") and (a.card is None or not s.hand[a.card.index]):
            what = "a card" if a.card is None else a.card.code
            return (turn_rule, f"seat {seat} does not hold {what}")
        if phase == "start":
            return self._check_start(seat, a)
        if phase == "claim":
            return self._check_claim(seat, a)
        if phase == "discard":
            return self._check_discard(seat, a)
        return self._check_offer(seat, a)

    def _check_discard(self, seat: int, a: Action) -> tuple[str, str] | None:
        if a.do == "win":
            return self._check_chiu_win(seat)
        assert a.card is not None
        return discard_problem(self.seats[seat], a.card)

    def _check_start(self, seat: int, a: Action) -> tuple[str, str] | None:
        s = self.seats[seat]
        if a.do == "heaven":
            if not is_win(s.counts()):
                return ("W3", "the dealer's 20 cards do not form a winning set")
            return None
        if a.do == "discard":
            assert a.card is not None
            return discard_problem(s, a.card)
        # pass: decline Thiên ù; only a dealer without a legal opening discard (T7)
        if has_legal_discard(s):
            return ("T1", "the dealer must discard (or declare Thiên ù); passing is only for a "
                          "dealer with no legal discard (T7)")
        return None

    def _check_claim(self, seat: int, a: Action) -> tuple[str, str] | None:
        if a.do == "pass":
            return None
        kind = self.claims[0][1]
        if a.do == "win":
            if kind != "win":
                return ("C1", "a win can be claimed only on a revealed stock card")
            return self._win_problem(seat)
        problem = self._chiu_problem(seat)
        if problem is None and kind == "win" and not self._chiu_wins(seat):
            return ("C3", "win claims come first; a Chíu that does not win waits its turn")
        return problem

    def _check_offer(self, seat: int, a: Action) -> tuple[str, str] | None:
        s = self.seats[seat]
        assert self.offer is not None
        if a.do == "pass":
            return None
        if a.do == "win":  # claims were asked before this ordinary move (C3, C5)
            return self.claim_problem(seat, a)
        if a.do == "chiu":
            if not self.offer.claims_open:
                return ("C5", f"claims on {self.offer.card.code} are closed: it was passed on "
                              "from the door where it was revealed")
            return self._chiu_problem(seat)
        assert a.card is not None
        return self._eat_problem(s, self.offer.card, a.card)

    def _eat_any_problem(self, s: SeatState, x: Face) -> tuple[str, str]:
        """An eat of ``x`` that names no hand card: why no card of the hand may eat it —
        the problem of the first card that pairs with it (the same card first), or T2
        when none does."""
        partners = [f for f in FACES if s.hand[f.index] and (
            f.index == x.index or (CC not in (f.index, x.index) and f.rank == x.rank))]
        partners.sort(key=lambda f: (f.index != x.index, f.index))
        for y in partners:
            return self._eat_problem(s, x, y) or (
                "T2", f"name the card to eat {x.code} with ('eat {y.code}')")
        return ("T2", f"you hold no card that pairs with {x.code}: an eat makes a Chắn (same "
                      "card) or a Cạ (same rank, another suit)")

    def _eat_problem(self, s: SeatState, x: Face, y: Face) -> tuple[str, str] | None:
        """Checks in §5's reporting order: pair, T7, R4, R9, R1, R7, R2, R3, R5, R6, R8."""
        chan = y.index == x.index
        if not chan and (x.index == CC or y.index == CC or y.rank != x.rank):
            return ("T2", f"{y.code} does not pair with {x.code}: an eat makes a Chắn (same "
                          "card) or a Cạ (same rank, another suit)")
        if s.dead:
            return ("T7", f"a dead dealer never eats ({x.code})")
        for mem, why in ((s.discarded, "discarded"), (s.laid_in_ca, "laid from your hand into "
                                                                    "an eaten Cạ")):
            if x.index in mem:
                return ("R4", f"you {why} {x.code} at move {mem[x.index]}; you may not eat it")
        held = s.hand[x.index]
        if held == 3:
            return ("R9", f"holding three {x.code}, you may Chíu or pass, not eat it")
        if held and not chan:
            return ("R1", f"you hold {x.code}, so it may be eaten only as a Chắn")
        if not chan:
            if s.discarded_ca():
                return ("R7", f"you have discarded two cards of one rank in different suits, so "
                              f"you may eat {x.code} only as a Chắn")
            n = s.hand[y.index]
            if n in (2, 4):
                return ("R2", f"you hold exactly {n} {y.code}; they stay a Chắn and cannot "
                              "make a Cạ")
            for f in (x, y):
                if f.index in s.refused:
                    return ("R3", f"{f.code} was refused at move {s.refused[f.index]}, so no Cạ "
                                  "you eat may contain it")
            if _rank_ca(s.hand, x.rank):
                return ("R5", f"your hand already holds a Cạ of rank {x.rank}, so {x.code} may "
                              "not be eaten as a Cạ")
            if p0_counts(s.counts())[2] == 1:
                return ("R6", f"your hand has exactly one unpaired card (it is waiting), so "
                              f"{x.code} may not be eaten as a Cạ")
        # R8: a legal discard must remain, judged after the eat
        s.hand[y.index] -= 1
        was = s.ate_ca
        s.ate_ca = was or not chan
        ok = has_legal_discard(s)
        s.ate_ca = was
        s.hand[y.index] += 1
        if not ok:
            return ("R8", f"after eating {x.code} with {y.code} no card could be discarded")
        return None

    def _chiu_problem(self, seat: int) -> tuple[str, str] | None:
        s = self.seats[seat]
        assert self.offer is not None
        x = self.offer.card
        if s.hand[x.index] != 3:
            return ("C2", f"a Chíu needs three {x.code} in hand; seat {seat} holds "
                          f"{s.hand[x.index]}")
        if s.dead:
            return ("T7", f"a dead dealer never claims ({x.code})")
        if self._chiu_wins(seat):
            return None
        s.hand[x.index] -= 3
        ok = has_legal_discard(s)
        s.hand[x.index] += 3
        if not ok:
            return ("R8", f"after a Chíu on {x.code} no card could be discarded and it does not "
                          "win")
        return None

    def _chiu_wins(self, seat: int) -> bool:
        """Would a Chíu on the public card complete a win (Chíu ù, C2)?"""
        assert self.offer is not None
        s = self.seats[seat]
        x = self.offer.card
        if s.hand[x.index] != 3:
            return False
        hand = s.counts()
        return is_win(replace(hand, x.index, 4), s.exposed, x)

    def _wins_on_offer(self, seat: int) -> bool:
        """Whether ``seat`` may win on the public card: :meth:`_win_problem` is None."""
        s, offer = self.seats[seat], self.offer
        assert offer is not None
        return (not s.dead and offer.source == "stock" and offer.claims_open
                and is_win(plus(s.counts(), offer.card.index), s.exposed, offer.card))

    def _win_problem(self, seat: int) -> tuple[str, str] | None:
        s = self.seats[seat]
        assert self.offer is not None
        x = self.offer.card
        if s.dead:
            return ("T7", f"a dead dealer never wins ({x.code})")
        if self.offer.source != "stock":
            kind = "a returned card" if self.offer.source == "return" else "a discard"
            return ("C1", f"{x.code} is {kind}; a win can be claimed only on a revealed stock "
                          "card")
        if not self.offer.claims_open:
            return ("C5", f"claims on {x.code} are closed: it was passed on from the door where "
                          "it was revealed (T4)")
        hand = s.counts()
        with_x = plus(hand, x.index)
        if not is_win(with_x, s.exposed, x):
            rule = "W2" if x.index == CC and is_win(with_x, s.exposed) else "W1"
            return (rule, f"seat {seat}'s cards with {x.code} do not form a winning set")
        return None

    def _check_chiu_win(self, seat: int) -> tuple[str, str] | None:
        s = self.seats[seat]
        x = self.chiu_card
        if x is None:
            return ("C1", "a win is claimed on a revealed stock card or right after a Chíu")
        if not is_win(s.counts(), s.exposed, x):
            rule = "W2" if x.index == CC and is_win(s.counts(), s.exposed) else "W1"
            return (rule, f"the cards with the Chíu on {x.code} do not form a winning set")
        return None

    # --- applying actions ----------------------------------------------------------------------

    def _do_heaven(self, seat: int, a: Action) -> None:
        self._finish(seat, "heaven", None)

    def _do_discard(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        z = a.card
        assert z is not None
        s.hand[z.index] -= 1
        s.discards.append(z)
        s.discard_log.append(z)
        s.discarded.setdefault(z.index, len(self.log))
        self.owing = None
        self.chiu_card = None
        back = self.chiu_return
        self.chiu_return = None
        if back is not None:  # C4: an out-of-turn Chíu's discard goes back
            self._make_public(Offer(z, "return", seat, back, True))
        else:
            self._make_public(Offer(z, "discard", seat, (seat + 1) % SEATS, True))

    def _do_pass(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        if self._phase == "start":  # T7: the dealer declines Thiên ù with no legal discard
            s.dead = True
            self._reveal(seat)
            return
        if self._phase == "claim":
            self.claims.pop(0)
            self._next_claim()
            return
        offer = self.offer
        assert offer is not None
        x = offer.card
        # R3: passing a card it could legally have eaten as a Chắn refuses that face
        if s.hand[x.index] and x.index not in s.refused and \
                self._eat_problem(s, x, x) is None:
            s.refused[x.index] = len(self.log)
        if offer.source == "stock" and offer.door == seat:  # T4: on to the next seat
            self._make_public(Offer(x, "stock", seat, (seat + 1) % SEATS, False))
            return
        if offer.source == "stock":  # passed twice: it stays at its door
            self.seats[offer.door].passed.append(x)
        self._reveal(seat)

    def _do_eat(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        y = a.card
        assert y is not None and self.offer is not None
        x = self._take_public()
        s.hand[y.index] -= 1
        meld = Meld.of([y, x])
        s.melds.append(meld)
        if meld.kind == "ca":
            s.ate_ca = True
            s.laid_in_ca.setdefault(y.index, len(self.log))
        self._owe_discard(seat)

    def _do_chiu(self, seat: int, a: Action) -> None:
        s = self.seats[seat]
        assert self.offer is not None
        in_turn = seat == self.offer.to
        back = None if in_turn else self.offer.to
        x = self._take_public()
        s.hand[x.index] -= 3
        s.melds.append(Meld.of([x] * 4))
        self.claims = []
        self._owe_discard(seat)
        self.chiu_return = back
        self.chiu_card = x

    def _do_win(self, seat: int, a: Action) -> None:
        if self._phase == "discard":  # Chíu ù
            assert self.chiu_card is not None
            self._finish(seat, "chiu", self.chiu_card)
            return
        assert self.offer is not None
        by = "own_door" if self.offer.door == seat else "other_door"
        x = self._take_public()
        self.seats[seat].hand[x.index] += 1
        self._finish(seat, by, x)

    # --- flow ---------------------------------------------------------------------------------

    def _take_public(self) -> Face:
        """Remove the public card from where it lies (a discard pile, or the door)."""
        offer = self.offer
        assert offer is not None
        if offer.source in ("discard", "return"):
            pile = self.seats[offer.door].discards
            assert pile and pile[-1] == offer.card
            pile.pop()
        self.offer = None
        return offer.card

    def _owe_discard(self, seat: int) -> None:
        self.owing = seat
        self.claims = []
        self._phase, self._to_act = "discard", seat

    def _reveal(self, seat: int) -> None:
        """T3: reveal the top stock card at the seat's door; T6: a draw if there is none."""
        if not self.stock:
            self.offer = None
            self.result = Result(None)
            self._phase = "over"
            return
        card = self.stock.pop(0)
        self._make_public(Offer(card, "stock", seat, seat, True))

    def _make_public(self, offer: Offer) -> None:
        """The card becomes public: queue the claims (C1–C3), then the ordinary offer."""
        self.offer = offer
        self.claims = []
        if offer.claims_open:
            order = [(offer.door + k) % SEATS for k in range(SEATS)]
            x = offer.card.index
            if offer.source == "stock":
                self.claims += [(s, "win") for s in order if self._wins_on_offer(s)
                                or (self._chiu_wins(s) and self._chiu_problem(s) is None)]
            claimed = {s for s, _ in self.claims}
            self.claims += [(s, "chiu") for s in order if s != offer.to and s not in claimed
                            and self.seats[s].hand[x] == 3 and self._chiu_problem(s) is None]
        self._next_claim()

    def _next_claim(self) -> None:
        assert self.offer is not None
        if self.claims:
            self._phase, self._to_act = "claim", self.claims[0][0]
        else:
            self._phase, self._to_act = "offer", self.offer.to

    def _finish(self, seat: int, win_by: str, card: Face | None) -> None:
        s = self.seats[seat]
        hand = list(s.hand)
        melds = list(s.melds)
        if win_by == "chiu":  # score the Chíu as three in hand and the winning fourth
            assert card is not None
            melds.pop()
            hand[card.index] += 3
        elif card is not None:
            hand[card.index] -= 1
        pos = Position(
            hand=tuple(hand), exposed=Exposed.of(melds), winning_card=card, win_by=win_by,
            rules=self.rules, dealt_fours=tuple(f for f in FACES if s.dealt[f.index] == 4),
            options=self.options, won_previous_deal=self.won_previous_deal,
            stock_revealed=self.revealed,
        )
        result = score(pos)
        assert result.win, result.reason
        self.result = Result(seat, win_by, card, result, settlement(seat, result.points))
        self.offer = None
        self.claims = []
        self._phase = "over"

    def prospect(self, seat: int, action: Action) -> Prospect:
        """What a legal ``action`` of ``seat`` leaves it (:func:`prospect`)."""
        return prospect(self.seats[seat], action, self.offer.card if self.offer else None)

    def can_claim(self, seat: int, do: str) -> bool:
        """May ``seat`` claim the public card now — ``win`` on it (C1) or ``chiu`` (C2) —
        were the claims asked of it?"""
        if self.offer is None or self.over:
            return False
        if do == "win":
            return self._win_problem(seat) is None or (
                self._chiu_wins(seat) and self._chiu_problem(seat) is None)
        return self._chiu_problem(seat) is None

    def clone(self) -> Game:
        """An independent copy of the deal as it stands (the log is not copied)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.seats = [
            SeatState(list(s.hand), s.dealt, list(s.melds), list(s.discards), list(s.passed),
                      s.dead, dict(s.discarded), list(s.discard_log), dict(s.refused),
                      dict(s.laid_in_ca), s.ate_ca)
            for s in self.seats
        ]
        g.stock = list(self.stock)
        g.claims = list(self.claims)
        g.log = []
        return g

    # --- views ---------------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know (§8.3 VIEW)."""
        s = self.seats[seat]
        chiu = Chiu(self.chiu_card, self.chiu_return) \
            if self.chiu_card is not None and self._phase == "discard" else None
        hand = s.hand
        v = View(self.rules, seat, self.dealer, self._phase, self._to_act,
                 tuple([f for f, n in zip(FACES, hand) if n for _ in range(n)]),
                 len(self.stock), self.offer, tuple(t.table_seat() for t in self.seats),
                 s.memory(), chiu)
        v.__dict__["hand_counts"] = tuple(hand)  # known: no need to count the faces again
        return v

    def cards_in_play(self) -> Counts:
        """Every card's whereabouts summed: hands, melds, discards, doors, stock, offer.
        Always the full deck (four of each face)."""
        c = [0] * NFACES
        for s in self.seats:
            for i, n in enumerate(s.hand):
                c[i] += n
            for f in (*(f for m in s.melds for f in m.faces), *s.discards, *s.passed):
                c[f.index] += 1
        for f in self.stock:
            c[f.index] += 1
        if self.offer is not None and self.offer.source == "stock":
            c[self.offer.card.index] += 1
        return tuple(c)

    # --- records -------------------------------------------------------------------------------

    def to_record(self, players: Iterable[str] | None = None) -> dict[str, Any]:
        """The deal as a ``chan-record/2`` object (§8.2)."""
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "rules": self.rules,
                               "dealer": self.dealer}
        if self.options:
            rec["options"] = dict(self.options)
        if players is not None:
            rec["players"] = list(players)
        rec["hands"] = [[f.code for f in FACES for _ in range(s.dealt[f.index])]
                        for s in self.seats]
        rec["stock"] = [f.code for f in self.initial_stock]
        rec["moves"] = [m.to_json() for m in self.log]
        if self.result is not None:
            rec["result"] = self.result.to_json()
        return rec


RECORD_FORMAT = "chan-record/2"
"""Today's record format: ``chan-record/1`` with the result in the shape every game's
has (``how`` and ``settlement`` added; ``advisor.chan.record.UPGRADES`` reads the old)."""


# --- a deal consistent with a VIEW ------------------------------------------------------------

def world(view: View, rng: random.Random | None = None) -> Game:
    """A full game state consistent with the VIEW (determinized Monte Carlo): the unseen
    cards dealt at random to the other hands and the stock; the seat's own cards and
    memory exactly as seen. A VIEW whose unseen cards cannot fill the other hands and the
    stock (or, unless partial, exceed them) raises :class:`PositionError`."""
    me = view.seat
    unseen = view.unseen
    sizes = view.hidden_sizes
    surplus = sum(unseen) - sum(sizes) - view.stock_left
    if surplus < 0 or (surplus and not view.partial):
        raise PositionError(
            f"the VIEW does not add up: {sum(unseen)} unseen cards, but the other hands hold "
            f"{sum(sizes)} and the stock {view.stock_left}", field="table")
    pool = [f for f in FACES for _ in range(unseen[f.index])]
    if rng is not None:
        rng.shuffle(pool)
    seats: list[SeatState] = []
    pos = 0
    for i, t in enumerate(view.table):
        if i == me:
            seats.append(SeatState.of_view(view))
            continue
        hand = counts_of(pool[pos : pos + sizes[i]])
        pos += sizes[i]
        s = SeatState(list(hand), hand, list(t.melds), list(t.discards), list(t.passed),
                      t.dead)
        # what the table shows of another seat's history
        s.discard_log = list(s.discards)
        s.discarded = {f.index: 0 for f in s.discards}
        s.ate_ca = any(m.kind == "ca" for m in t.melds)
        seats.append(s)
    stock = pool[pos : pos + view.stock_left]
    # A partial VIEW (typed by a player) leaves some seen cards untyped: out of play.
    seats[(me + 2) % SEATS].passed.extend(pool[pos + view.stock_left :])
    chiu = view.chiu
    if view.to_act != me:
        raise PositionError(f"to_act: it is seat {view.to_act}'s decision, not seat {me}'s",
                            field="to_act")
    return Game.in_play(seats, stock, view.dealer, seat=me, phase=view.phase, offer=view.offer,
                        to_act=view.to_act, chiu_card=chiu.card if chiu else None,
                        chiu_return=chiu.return_to if chiu else None, rules=view.rules,
                        options=dict(view.options))


legal_of = legal_from(world)


def claims_first(view: View) -> View:
    """A typed VIEW (``partial``) offered a stock card revealed at its own door: the
    claims on it come first (C1, C5) when the seat can win on it — its phase is then the
    claim, as the engine would pose it."""
    o = view.offer
    if view.partial and view.phase == "offer" and o is not None and o.source == "stock" \
            and o.door == view.seat and world(view).can_claim(view.seat, "win"):
        return dataclasses.replace(view, phase="claim")
    return view


__all__ = [
    "DOS",
    "PHASES",
    "RECORD_FORMAT",
    "SEATS",
    "SOURCES",
    "Action",
    "Decision",
    "Do",
    "Game",
    "Move",
    "Offer",
    "Phase",
    "Prospect",
    "Result",
    "SeatState",
    "claims_first",
    "discard_problem",
    "legal_discards",
    "legal_of",
    "prospect",
    "world",
]
