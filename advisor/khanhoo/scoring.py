"""Scoring a hand (K6, K8) and settling a match (the Skat-style settlement).

>>> from advisor.khanhoo.position import Position
>>> best = "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"
>>> r = score(Position.build(hand=best))
>>> r.out, r.points, r.bonus, [c.code for c in r.combinations]
(True, 34, 5, ['double_khanhoo', 'double_triplet', 'royal_k'])
>>> settlement([52, 49, 47, 47])
(13, 1, -7, -7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.errors import HandSizeError, PositionError
from advisor.khanhoo.cards import Card
from advisor.khanhoo.melds import Combination, distance, solver
from advisor.khanhoo.position import Position

OUT_BONUS = 5
"""Points for going out (K8)."""
QUARTETTE_BY_CACHE = 12 + OUT_BONUS
"""A Quartette by cache (or a natural one) ends the deal scoring 12 + 5 (K10)."""
MATCH_TARGETS = (50, 100)
MAX_SETTLEMENT_PLAYERS = 8
"""The most players a Khanhoo match has (K1: up to eight, with 4 sets)."""


@dataclass(frozen=True)
class ScoreResult:
    """A complete hand's declaration and points, or how far the hand is from one."""

    out: bool
    points: int = 0
    bonus: int = 0
    discard: Card | None = None
    combinations: tuple[Combination, ...] = ()
    laid: int = 0  # how many of the combinations were laid face up (they come first)
    distance: int | None = None
    cards: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"out": true, "points", "bonus", "discard", "combinations"}`` or
        ``{"out": false, "distance"}`` (the rules page's score result)."""
        if not self.out:
            return {"out": False, "distance": self.distance, "cards": self.cards}
        combos = []
        for n, c in enumerate(self.combinations):
            obj = c.to_json()
            if n < self.laid:
                obj["laid"] = True
            combos.append(obj)
        return {"out": True, "points": self.points, "bonus": self.bonus,
                "discard": self.discard.code if self.discard else None, "combinations": combos}


def score(pos: Position) -> ScoreResult:
    """Score a complete hand: hand + melds = 15 cards all in combinations, or 16 with
    the best card to throw away (6 or 7 for the orphan, K7). Points are the laid melds'
    and the concealed combinations' plus 5 for going out (K8). A hand that cannot go
    out gives ``out=False`` with its distance — not an error."""
    if pos.total not in (pos.target, pos.target + 1):
        raise HandSizeError(
            f"hand: hand + melds make {pos.total} cards; a score needs {pos.target} (all in "
            f"combinations) or {pos.target + 1} (going out with one to throw away) (K6)",
            field="hand")
    spare = pos.total == pos.target + 1
    decl = solver(pos.rules).best(pos.hand, spare)
    if decl is None:
        d = distance(pos.hand, pos.rules, pos.concealed_target, pos.own)
        return ScoreResult(False, distance=d, cards=pos.total)
    points = pos.meld_points + decl.points + OUT_BONUS
    return ScoreResult(True, points, OUT_BONUS, decl.discard, pos.melds + decl.combinations,
                       len(pos.melds), 0, pos.total)


def deal_scores(players: int, winner: int | None, points: int) -> tuple[int, ...]:
    """Each player's score for a deal: the points to the player who went out, 0 to the
    others (K8); all 0 for a deal nobody went out of.

    >>> deal_scores(3, 1, 17)
    (0, 17, 0)
    """
    if winner is not None and not 0 <= winner < players:
        raise PositionError(f"winner: seat {winner} does not exist (seats 0–{players - 1})",
                            field="winner")
    return tuple(points if s == winner else 0 for s in range(players))


def settlement(scores: Sequence[int]) -> tuple[int, ...]:
    """The Skat-style settlement of a match: each player pays every player above him
    the difference of their scores, so a player's balance is his score times the number
    of players less the sum of all scores.

    >>> settlement([52, 49, 47, 47])
    (13, 1, -7, -7)
    >>> settlement([10, 10])
    (0, 0)
    """
    if not 2 <= len(scores) <= MAX_SETTLEMENT_PLAYERS:
        raise PositionError(f"scores: {len(scores)} scores; a settlement is between 2 and "
                            f"{MAX_SETTLEMENT_PLAYERS} players (K1)", field="scores")
    for n, s in enumerate(scores):
        if not isinstance(s, int) or isinstance(s, bool):
            raise PositionError(f"scores[{n}]: {s!r} is not an integer score",
                                field=f"scores[{n}]")
    total = sum(scores)
    return tuple(len(scores) * s - total for s in scores)


@dataclass(frozen=True)
class Settlement:
    """A match's settlement: each player's balance and every payment between two players.

    >>> Settlement.of([52, 49, 47, 47], ["A", "B", "C", "D"]).to_json()["balances"]
    [13, 1, -7, -7]
    """

    scores: tuple[int, ...]
    names: tuple[str, ...]
    balances: tuple[int, ...]
    payments: tuple[tuple[int, int, int], ...]  # (payer, payee, amount), amount > 0

    @classmethod
    def of(cls, scores: Sequence[int], names: Sequence[str] | None = None) -> Settlement:
        """The settlement of these scores (players named A, B, … unless ``names``)."""
        balances = settlement(scores)
        if names is None:
            names = [chr(ord("A") + n) if n < 26 else f"P{n + 1}" for n in range(len(scores))]
        if len(names) != len(scores):
            raise PositionError(f"names: {len(names)} names for {len(scores)} scores",
                                field="names")
        pays = tuple((i, j, scores[j] - scores[i]) for i in range(len(scores))
                     for j in range(len(scores)) if scores[j] > scores[i])
        return cls(tuple(scores), tuple(names), balances, pays)

    @classmethod
    def from_json(cls, obj: object) -> Settlement:
        """From ``{"scores": [52, 49, 47, 47], "names": ["A", "B", "C", "D"]}`` (names
        optional); errors name the field."""
        if not isinstance(obj, dict):
            raise PositionError("a settlement request must be a JSON object", field="$")
        unknown = sorted(set(obj) - {"scores", "names"})
        if unknown:
            raise PositionError(f"{unknown[0]}: unknown field (known: scores, names)",
                                field=unknown[0])
        scores = obj.get("scores")
        if not isinstance(scores, list):
            raise PositionError("scores: expected a list of the players' scores",
                                field="scores")
        names = obj.get("names")
        if names is not None and (not isinstance(names, list) or
                                  not all(isinstance(n, str) for n in names)):
            raise PositionError("names: expected a list of strings", field="names")
        return cls.of(scores, names)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores), "names": list(self.names),
            "balances": list(self.balances),
            "payments": [{"from": self.names[i], "to": self.names[j], "amount": a}
                         for i, j, a in self.payments],
        }


def match_winner(totals: Sequence[int], target: int) -> int | None:
    """The player who reached ``target`` (the highest if several), or None (K8).

    >>> match_winner([48, 51, 50], 50)
    1
    """
    best = max(range(len(totals)), key=lambda s: (totals[s], -s))
    return best if totals[best] >= target else None


__all__ = ["MAX_SETTLEMENT_PLAYERS", "OUT_BONUS", "QUARTETTE_BY_CACHE", "ScoreResult",
           "Settlement", "deal_scores", "match_winner", "score", "settlement"]
