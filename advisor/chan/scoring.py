"""Scoring a winning hand (rules §7) and settling a deal.

>>> from advisor.chan.position import Position
>>> p = Position.build(
...     hand="2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v",
...     winning_card="8m", win_by="own_door")
>>> r = score(p)
>>> r.points, r.main, [b.code for b in r.bonuses]
(5, 'tom', ['tom', 'u_chi'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from advisor.chan.cards import BY_CODE, CC, FACES, Counts, Face, add, red_count
from advisor.chan.pairing import MAX_CA, MIN_CHAN, WIN_SIZE, p0_counts, pairing
from advisor.chan.position import Position
from advisor.chan.profiles import Bonus, Profile, profile
from advisor.errors import HandSizeError, PositionError

SEATS = 4
_TOM = tuple(BY_CODE[c].index for c in ("3v", "3s", "7m"))
_LEO = tuple(BY_CODE[c].index for c in ("cc", "8s", "9v"))


@dataclass(frozen=True)
class BonusCount:
    """A bonus that applies, and how many instances of it."""

    bonus: Bonus
    count: int

    @property
    def code(self) -> str:
        return self.bonus.code

    def to_json(self) -> dict[str, Any]:
        b = self.bonus
        return {"code": b.code, "name": b.name, "count": self.count, "base": b.base, "dich": b.dich}


@dataclass(frozen=True)
class ScoreResult:
    """The score of a position: a win with its bonuses and points, or why it is no win."""

    win: bool
    reason: str = ""
    points: int = 0
    chan: int = 0
    ca: int = 0
    main: str | None = None
    bonuses: tuple[BonusCount, ...] = ()
    ga: int = 0
    formula: str = ""
    pairs: tuple[tuple[Face, Face], ...] = field(default=(), repr=False)
    rules: str = "house"

    def to_json(self) -> dict[str, Any]:
        """The §8.1 score result."""
        if not self.win:
            return {"win": False, "reason": self.reason, "chan": self.chan, "ca": self.ca}
        out: dict[str, Any] = {
            "win": True, "points": self.points, "chan": self.chan, "ca": self.ca,
            "main": self.main, "bonuses": [b.to_json() for b in self.bonuses],
        }
        if self.ga:
            out["ga"] = self.ga
        out["formula"] = self.formula
        out["pairs"] = [[a.code, b.code] for a, b in self.pairs]
        return out


def _check_complete(pos: Position) -> None:
    if pos.win_by == "heaven":
        if pos.winning_card is not None:
            raise PositionError("winning_card: Thiên ù (W3) has no winning card; omit it",
                                field="winning_card")
        if pos.exposed.size:
            raise PositionError("melds: Thiên ù (W3) is declared before any meld is exposed",
                                field="melds")
    elif pos.winning_card is None:
        raise PositionError(
            "winning_card: missing; give the card won on, or win_by 'heaven' for Thiên ù (W3)",
            field="winning_card",
        )
    if pos.total != WIN_SIZE:
        raise HandSizeError(
            f"hand: hand + melds + winning card make {pos.total} cards; a finished hand has "
            f"{WIN_SIZE} (W1)",
            field="hand",
        )
    if pos.win_by == "chiu":
        assert pos.winning_card is not None
        if pos.hand[pos.winning_card.index] != 3:
            raise PositionError(
                f"win_by: a win by Chíu needs three {pos.winning_card.code} in hand (C2)",
                field="win_by",
            )
    all_cards = add(pos.final_hand, pos.exposed.counts)
    for f in pos.dealt_fours:
        if all_cards[f.index] != 4:
            raise PositionError(
                f"dealt_fours: {f.code} was dealt four times but the hand does not hold all four",
                field="dealt_fours", token=f.code,
            )


def _instances(pos: Position, prof: Profile, chan: int, ca: int) -> list[tuple[str, int]]:
    """(code, count) of every bonus of §7 that applies, before replacements."""
    cards: Counts = add(pos.final_hand, pos.exposed.counts)
    win = pos.winning_card
    red = red_count(cards)
    found: list[tuple[str, int]] = []
    if pos.win_by == "own_door":
        found.append(("u_chi", 1))
    if pos.win_by == "heaven":
        found.append(("thien_u", 1))
    found.append(("tom", min(cards[i] for i in _TOM)))
    if chan == MIN_CHAN:
        if win is None:
            found.append(("bach_thu", 1))
        else:
            ca_ranks = {f.rank for m in pos.exposed.melds if m.kind == "ca" for f in m.faces[:1]}
            ca_ranks |= {g.faces[0].rank for g in pairing(pos.final_hand).groups if g.kind == "ca"}
            if win.index == CC or win.rank not in ca_ranks:
                found.append(("bach_thu", 1))
    found.append(("leo", min(cards[i] for i in _LEO)))
    found.append(("thien_khai", len(pos.dealt_fours)))
    if pos.win_by == "chiu":
        found.append(("chiu_u", 1))
    # one Bòn per face: two eaten Chắn of one face are one set of four (§7)
    bon_faces = sorted({m.faces[0] for m in pos.exposed.melds
                        if m.kind == "chan" and cards[m.faces[0].index] == 4},
                       key=lambda f: f.index)
    found.append(("bon", len(bon_faces)))
    if red == 0:
        found.append(("bach_dinh", 1))
    if red == 8:
        found.append(("tam_do", 1))
    if cards[CC] == 4 and red == 4:
        found.append(("kinh_tu_chi", 1))
    if chan == 10:
        found.append(("thap_thanh", 1))
    if pos.won_previous_deal:
        found.append(("thong", 1))
    if pos.stock_revealed is not None and pos.stock_revealed <= 1 and pos.win_by != "heaven":
        found.append(("dia_u", 1))
    found.append(("co_chiu", sum(m.kind == "chiu" for m in pos.exposed.melds)))
    # Replacements (cvv): Bạch thủ on Chi chi, and a Bòn completed by the winning card.
    if "bach_thu_chi" in prof.replaces and win is not None and win.index == CC:
        found = [("bach_thu_chi", n) if c == "bach_thu" else (c, n) for c, n in found]
    if "u_bon" in prof.replaces and win is not None and any(f == win for f in bon_faces):
        found = [(c, n - 1) if c == "bon" else (c, n) for c, n in found] + [("u_bon", 1)]
    return [(c, n) for c, n in found if n > 0 and c in prof.bonuses]


def score(pos: Position) -> ScoreResult:
    """Score a finished hand (hand + melds + winning card = 20) by its profile (§7).

    A hand that does not win gives ``win=False`` with the reason — not an error;
    a malformed one (wrong count, missing winning card) raises.
    """
    _check_complete(pos)
    prof = profile(pos.rules)
    hand_chan, hand_ca, unpaired = p0_counts(pos.final_hand)
    chan, ca = hand_chan + pos.exposed.chan, hand_ca + pos.exposed.ca
    if unpaired:
        return ScoreResult(False, f"{unpaired} unpaired card{'s' * (unpaired > 1)}: "
                           "W1 needs ten pairs", chan=chan, ca=ca, rules=prof.name)
    if chan < MIN_CHAN:
        return ScoreResult(False, f"{chan} Chắn: W1 needs at least {MIN_CHAN}",
                           chan=chan, ca=ca, rules=prof.name)
    win = pos.winning_card
    if win is not None and win.index == CC and (chan, ca) != (MIN_CHAN, MAX_CA):
        return ScoreResult(
            False, f"a win on Chi chi needs exactly {MIN_CHAN} Chắn and {MAX_CA} Cạ (W2); "
            f"this hand has {chan} Chắn and {ca} Cạ", chan=chan, ca=ca, rules=prof.name)

    order = list(prof.bonuses)
    found = sorted(
        _instances(pos, prof, chan, ca),
        key=lambda cn: (-prof.bonuses[cn[0]].base, -prof.bonuses[cn[0]].dich, order.index(cn[0])),
    )
    if not found:
        found = [("u_xuong", 1)]
    counts = tuple(BonusCount(prof.bonuses[c], n) for c, n in found)
    instances = [bc.bonus for bc in counts for _ in range(bc.count)]
    main = instances[0]  # highest base, ties by higher dịch (§7)
    if prof.thap_thanh_sums_bases and any(b.code == "thap_thanh" for b in instances):
        terms = [(b.name, b.base) for b in instances]
    else:
        rest = list(instances)
        rest.remove(main)
        terms = [(main.name, main.base)] + [(b.name, b.dich) for b in rest]
    points = sum(v for _, v in terms)
    ga = 0
    if pos.options.get("ga") and prof.ga_points:
        codes = {b.code for b in instances}
        ga = sum(c in codes for c in prof.ga_codes)
        ga += int("u_chi" in codes and bool(codes & {"bach_thu", "bach_thu_chi"}))  # Chì bạch thủ
        if ga:
            terms.append((f"gà ×{ga}", ga * prof.ga_points))
            points += ga * prof.ga_points
    formula = " + ".join(f"{name} {v}" for name, v in terms) + f" = {points}"
    pairs = [(m.faces[i], m.faces[i + 1]) for m in pos.exposed.melds
             for i in range(0, len(m.faces), 2)] + pairing(pos.final_hand).pairs
    return ScoreResult(True, "", points, chan, ca, main.code, counts, ga, formula,
                       tuple(pairs), prof.name)


def settlement(winner: int | None, points: int, seats: int = SEATS) -> tuple[int, ...]:
    """Payments for each seat: each loser pays the points to the winner (§7).

    >>> settlement(2, 5)
    (-5, -5, 15, -5)
    >>> settlement(None, 0)
    (0, 0, 0, 0)
    """
    if winner is None:
        return (0,) * seats
    if not 0 <= winner < seats:
        raise PositionError(f"winner: seat {winner} does not exist (S2: seats 0–{seats - 1})",
                            field="winner")
    return tuple(points * (seats - 1) if s == winner else -points for s in range(seats))


__all__ = ["FACES", "BonusCount", "ScoreResult", "score", "settlement"]
