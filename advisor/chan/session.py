"""A table of four for a human: seat 0 is the player, the other three are bots (§ "you
and three AI players, one deal"). Shared by the terminal game and the browser game.

The table plays the bots until the human has a real decision (one with more than one
legal action; a forced move is played for him), then waits for :meth:`Table.act`.
Its state is plain JSON (:meth:`Table.to_json`): the deal and every action taken,
declined claims included, so it can be stored anywhere and restored exactly —
whichever bots are playing, since their past decisions are in the list.

>>> t = Table.new(seed=3, opponents=["greedy"] * 3)
>>> t.waiting or t.over
True
>>> Table.from_json(t.to_json()).to_json() == t.to_json()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.chan.advice import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, advise
from advisor.chan.bots import GreedyBot
from advisor.chan.cards import faces_of
from advisor.chan.game import SEATS, Action, Game, Offer
from advisor.chan.record import game_from_record
from advisor.chan.view import View
from advisor.errors import AdvisorError, IllegalActionError
from advisor.games.advice import Seats
from advisor.games.bots import Bot
from advisor.games.engine import PlayersSeat

SESSION_FORMAT = "chan-session/1"
HUMAN = 0
OPPONENT_SPECS = ("random", "greedy", "advisor", "advisor:MS")


OPPONENTS = Seats.standard(lambda seed: GreedyBot(), advise, DEFAULT_BUDGET_MS,
                           MAX_BUDGET_MS, parse=Action.from_json)
"""The table's seat specs — the spec's (:attr:`advisor.chan.faces.GAME`), made here from
the same parts because the game's spec declares the terminal game, which plays on this
table."""


def check_opponent(spec: str) -> str:
    """An opponent spec the table accepts: random, greedy, advisor or advisor:MS — never
    ``exec:`` (a table may run inside the service, which starts no process)."""
    spec = spec.strip()
    if spec.startswith("exec:"):
        raise AdvisorError(f"'{spec}': a table's opponents are random, greedy, advisor or "
                           "advisor:MS", field="opponents", token=spec)
    OPPONENTS.make_bot(spec)  # raises AdvisorError naming the spec
    return spec


@dataclass(frozen=True)
class Step:
    """One action taken at the table, with its 0-based index in :attr:`Table.steps`."""

    index: int
    seat: int
    phase: str
    action: Action
    move: int | None  # the move number in the record; None for a declined claim
    offer: Offer | None = None  # the public card the action was taken on, if any
    revealed: Offer | None = None  # the stock card the action made a seat reveal (T3)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "phase": self.phase,
                "action": self.action.to_json(), "move": self.move}

    def seen_by(self, seat: int) -> bool:
        """Whether ``seat`` sees this step happen. Every ordinary move and every claim
        made is public; a declined claim is not (C5) — telling it would tell that the
        seat held three of the card, or could win on it."""
        return self.phase != "claim" or self.action.do != "pass" or self.seat == seat

    def public_json(self) -> dict[str, Any]:
        """The step as any seat at the table saw it: who did what, on which public
        card, and the stock card it made a seat reveal."""
        out: dict[str, Any] = {"seat": self.seat, "phase": self.phase,
                               "action": self.action.to_json()}
        if self.offer is not None:
            out["offer"] = {"card": self.offer.card.code, "source": self.offer.source,
                            "door": self.offer.door}
        if self.revealed is not None:
            out["revealed"] = {"card": self.revealed.card.code, "door": self.revealed.door}
        return out


@dataclass
class Table(PlayersSeat[View, Action]):
    """One deal between the human (seat 0) and three bots; its VIEW (§8.3), its
    decisions and legal actions are the player's seat's (:class:`PlayersSeat`)."""

    game: Game
    opponents: list[str]
    seed: int | None = None
    steps: list[Step] = field(default_factory=list)
    _bots: list[Bot] | None = field(default=None, repr=False)

    # --- construction ----------------------------------------------------------------

    @classmethod
    def new(cls, *, seed: int | None = None, rules: str = "house",
            opponents: Sequence[str] = ("greedy", "greedy", "greedy"),
            advance: bool = True) -> Table:
        """Deal a new game and play up to the human's first decision.

        Without ``seed`` the cards are shuffled from the operating system's entropy
        (:class:`random.SystemRandom`): no seed exists, so none can be searched for from
        the player's own hand, and the deal lives only where the table is kept. With a
        ``seed`` it is a *practice deal*: the same seed deals the same cards, to anyone
        (:attr:`practice`; its record says so)."""
        if len(opponents) != 3:
            raise AdvisorError(f"opponents: {len(opponents)} given; the table has three",
                               field="opponents")
        specs = [check_opponent(s) for s in opponents]
        rng = random.SystemRandom() if seed is None else random.Random(seed)
        t = cls(Game.from_deal(rng=rng, rules=rules), specs, seed)
        if advance:
            t.advance()
        return t

    @classmethod
    def from_json(cls, obj: Any) -> Table:
        """Restore a table from :meth:`to_json` (errors name the field)."""
        if not isinstance(obj, dict) or obj.get("format") != SESSION_FORMAT:
            raise AdvisorError(f"format: expected '{SESSION_FORMAT}'", field="format")
        g = game_from_record(obj.get("deal"))
        opponents = obj.get("opponents")
        if not isinstance(opponents, list) or len(opponents) != 3:
            raise AdvisorError("opponents: expected three seat specs", field="opponents")
        t = cls(g, [check_opponent(str(s)) for s in opponents], obj.get("seed"))
        for n, raw in enumerate(obj.get("steps") or []):
            try:
                seat, action = int(raw[0]), Action.from_json(raw[1])
            except (TypeError, ValueError, IndexError, KeyError, AdvisorError):
                raise AdvisorError(f"steps[{n}]: expected [seat, action]",
                                   field=f"steps[{n}]") from None
            t._apply(seat, action)
        return t

    def to_json(self) -> dict[str, Any]:
        deal = self.game.to_record()
        deal.pop("moves", None)
        deal.pop("result", None)
        return {"format": SESSION_FORMAT, "seed": self.seed, "opponents": list(self.opponents),
                "deal": deal, "steps": [[s.seat, s.action.to_json()] for s in self.steps]}

    # --- play ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.over

    def act(self, action: Action) -> list[Step]:
        """The human's action: verified by the engine (an illegal one raises
        :class:`IllegalActionError` with its rule ID and changes nothing), then the bots
        play until the human's next decision. Returns every step taken."""
        if not self.waiting:
            raise IllegalActionError("T1", "it is not your turn" if not self.over
                                     else "the deal is over")
        first = len(self.steps)
        self.game.verify(HUMAN, action)
        self._apply(HUMAN, action)
        self.advance()
        return self.steps[first:]

    def advance(self) -> list[Step]:
        """Play the bots (and the human's forced moves) until the human has a real
        decision or the deal is over. Returns the steps taken."""
        first = len(self.steps)
        g = self.game
        self.play_to_player(lambda seat: self.bots[seat])
        if g.over:
            assert g.result is not None
            for b in self.bots[1:]:
                b.end(g.result.to_json())
        return self.steps[first:]

    def showdown(self) -> dict[str, Any] | None:
        """Once the deal is over (None before): every seat's concealed cards at the end
        (``hands``, by seat) and the winner's ten pairs, exposed melds first (``pairs``;
        empty for a draw) — what the record would show."""
        if not self.over:
            return None
        g = self.game
        score = g.result.score if g.result is not None else None
        return {"hands": [[f.code for f in faces_of(g.hand(s))] for s in range(SEATS)],
                "pairs": [[a.code, b.code] for a, b in score.pairs] if score else []}

    def public_log(self) -> list[dict[str, Any]]:
        """What the human has seen happen, in order (:meth:`Step.public_json`): every
        step but the bots' declined claims."""
        return [s.public_json() for s in self.steps if s.seen_by(HUMAN)]

    def _apply(self, seat: int, action: Action) -> None:
        g = self.game
        phase = g.pending.phase if g.pending else "over"
        before, offer, stock = len(g.log), g.offer, len(g.stock)
        g.act(seat, action)
        move = g.log[-1].number if len(g.log) > before else None
        revealed = g.offer if len(g.stock) < stock else None
        self.steps.append(Step(len(self.steps), seat, phase, action, move, offer, revealed))

    @property
    def bots(self) -> list[Bot]:
        """The bots, indexed by seat; index 0 (the human) is None."""
        if self._bots is None:
            base = self.seed or 0
            bots: list[Any] = [None]
            for seat, spec in enumerate(self.opponents, 1):
                b = OPPONENTS.make_bot(spec, seed=base * 4 + seat)
                b.start(seat, self.game.rules)
                bots.append(b)
            self._bots = bots
        return self._bots

    def close(self) -> None:
        """Let the bots go (a bot that runs a process ends it)."""
        for b in (self._bots or [])[1:]:
            b.close()

    @property
    def practice(self) -> bool:
        """A practice deal: dealt from a seed anyone may give again (see :meth:`new`)."""
        return self.seed is not None

    def record(self) -> dict[str, Any]:
        """The deal as a ``chan-record/2`` object (a prefix while it is being played); a
        practice deal's record says so, with its seed (``practice``)."""
        rec = self.game.to_record(players=["you", *self.opponents])
        if self.practice:
            rec["practice"] = {"seed": self.seed}
        return rec


__all__ = ["HUMAN", "OPPONENT_SPECS", "SESSION_FORMAT", "Step", "Table", "check_opponent"]
