"""What a seat can infer of the other hands from the table: the **belief** the search draws
its worlds from (:func:`tables`), instead of dealing the unseen cards uniformly.

In Chắn a hand only shrinks after the deal (a revealed card never enters it, T3; an eat
lays the offered card and a hand card out as a meld, T2), so whatever a seat holds now it
also held at every earlier decision. Two kinds of evidence follow.

- **Certain, by the rules (R2).** A face held two or four times is locked: none of it may
  be thrown. So a seat that threw a face held one or three copies of it then, and — when
  none of its melds holds that face, so no copy left its hand since but the one thrown —
  holds none or two now, never one or three.
- **Likely, by what players do.** A seat offered a card it could have eaten as a Chắn
  (it holds the face, and has not thrown it: R4) rarely lets it go; one holding a free
  copy of the same rank in another suit (a Cạ partner) lets it go more often; a seat
  holding three copies of a face seldom declines the fourth (a Chíu, C5). Each pass seen
  on the table weighs a world where the seat holds such cards by the rate at which players
  pass in that case (:data:`RATES`), against 1 where it holds none. The rates are fitted
  by maximum likelihood — the share of passes among such offers — on self-play of several
  different players (``benchmarks/fit_chan_belief.py``): a model of players in general,
  not a copy of one bot.

What the table shows of passes: a discard still lying before seat ``s`` was let go by the
seat after it (it was offered to ``s + 1``, T2); a card lying at ``s``'s door (``passed``)
was turned up by ``s`` and let go by ``s`` and by ``s + 1`` (T3, T4); any card lying on the
table was not claimed by Chíu by a seat other than the one it came from.

The belief is a table per seat and face: the weight of holding 0 … 4 copies now; the
weights multiply (:class:`advisor_core` draws worlds from it by a Metropolis chain started
from a face-by-face deal: ``rust/core/src/chan/view.rs``). :func:`weight` is the same
product for a whole world, for the tests and the probes.

>>> from advisor.chan.game import Game
>>> import random
>>> g = Game.from_deal(rng=random.Random(3))
>>> t = tables(g.view(1))
>>> t[1] is None, len(t[0]), t[0][0]
(True, 25, [1.0, 1.0, 1.0, 1.0, 1.0])
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from advisor.chan.cards import FACES, NFACES, Face
from advisor.chan.game import SEATS
from advisor.chan.pairing import p0_counts
from advisor.chan.view import View

Table = list[list[float]]  # face → weight of holding 0 … 4 copies


@dataclass(frozen=True)
class Rates:
    """How often players let a card go, by what their hand offers them (see the module's
    docstring): the likelihood of a pass, relative to a hand that offers nothing."""

    chan1: float  # holds 1 of the face, not thrown (a Chắn eat, R1, pairs a lone card)
    chan2: float  # holds 2 of it, not thrown (a Chắn eat breaks a Chắn)
    ca: float  # holds a free copy (1 or 3) of the rank in another suit (a Cạ eat)
    chiu: float  # holds 3 of the face (a Chíu, C5)

    @classmethod
    def load(cls, path: Path) -> Rates:
        data = json.loads(path.read_text())
        return cls(*(float(data[k]["rate"]) for k in ("chan1", "chan2", "ca", "chiu")))


RATES_FILE = Path(__file__).with_name("belief.json")
FLOOR = 0.02
"""The least weight a pass gives a world: no fitted rate goes below it (a rate of 0 seen
in the self-play would make a world impossible on evidence that is not a rule)."""


@lru_cache(maxsize=1)
def rates() -> Rates:
    """The fitted rates (:data:`RATES_FILE`), each at least :data:`FLOOR`."""
    r = Rates.load(RATES_FILE)
    return Rates(*(max(x, FLOOR) for x in (r.chan1, r.chan2, r.ca, r.chiu)))


@lru_cache(maxsize=1)
def rates_unpaired() -> float:
    """λ of :func:`belief`, fitted with the rates: how much less likely each further
    unpaired card makes a hand."""
    return float(json.loads(RATES_FILE.read_text())["unpaired"]["lambda"])


def _partners(f: Face) -> list[int]:
    """The faces that make a Cạ with ``f``: its rank in the other suits (Chi chi: none)."""
    if f.suit == "c":
        return []
    return [g.index for g in FACES if g.rank == f.rank and g.suit not in ("c", f.suit)]


def _ones() -> Table:
    return [[1.0] * 5 for _ in range(NFACES)]


def tables(view: View, r: Rates | None = None) -> list[Table | None]:
    """The belief about each other seat's hand, given what ``view`` shows (None for the
    VIEW's own seat): see the module's docstring."""
    r = r or rates()
    out: list[Table | None] = [None if s == view.seat else _ones() for s in range(SEATS)]
    thrown: list[set[int]] = [{f.index for f in t.discards} for t in view.table]
    in_melds: list[set[int]] = [{f.index for m in t.melds for f in m.faces} for t in view.table]
    # R2, certain: a face thrown, in none of the seat's melds, is held 0 or 2 times now
    for s, t in enumerate(out):
        if t is None:
            continue
        for i in thrown[s] - in_melds[s]:
            t[i][1] = t[i][3] = 0.0

    def passed(s: int, f: Face) -> None:
        t = out[s % SEATS]
        if t is None:
            return
        i = f.index
        if i not in thrown[s % SEATS]:  # R4: a face it threw it may not eat
            t[i][1] *= r.chan1
            t[i][2] *= r.chan2
        for j in _partners(f):
            t[j][1] *= r.ca
            t[j][3] *= r.ca

    def unclaimed(source: int, f: Face) -> None:
        for s in range(SEATS):
            t = out[s]
            if s != source and t is not None:
                t[f.index][3] *= r.chiu

    for s, seat in enumerate(view.table):
        lying = list(seat.discards)
        if view.offer is not None and view.offer.source != "stock" and view.offer.door == s \
                and lying and lying[-1] == view.offer.card:
            lying.pop()  # the card on offer now: nobody has let it go yet
        for f in lying:
            passed(s + 1, f)
            unclaimed(s, f)
        for f in seat.passed:
            passed(s, f)
            passed(s + 1, f)
            unclaimed(s, f)
    return out


def belief(view: View, r: Rates | None = None, unpaired: float | None = None
           ) -> dict[str, Any]:
    """The belief as the core reads it: :func:`tables` (``faces``) and, for each other
    seat, how strongly a world is weighed against the cards it leaves unpaired
    (``unpaired``: e^(−λ × the ranks of odd count in its hand), λ fitted:
    :func:`rates_unpaired`)."""
    lam = rates_unpaired() if unpaired is None else unpaired
    return {"faces": tables(view, r),
            "unpaired": [0.0 if s == view.seat else lam for s in range(SEATS)]}


def temper(b: dict[str, Any], t: float) -> dict[str, Any]:
    """The belief ``b`` at temperature ``1/t``: every weight raised to the power ``t``
    (a certainty, weight 0, stays one) and λ times ``t`` — ``t < 1`` flattens it toward the
    uniform deal, ``t = 0`` is the uniform deal within the rules' certainties."""
    faces = [None if f is None else [[w ** t if w > 0 else 0.0 for w in row] for row in f]
             for f in b["faces"]]
    return {"faces": faces, "unpaired": [lam * t for lam in b["unpaired"]]}


def weight(belief: Sequence[Table | None], hands: Sequence[Sequence[int]]) -> float:
    """The belief's weight of a world whose seats hold ``hands`` (count vectors; the
    VIEW's own seat is not weighed)."""
    w = 1.0
    for t, h in zip(belief, hands):
        if t is not None:
            for i in range(NFACES):
                w *= t[i][h[i]]
    return w


def effective_worlds(weights: Sequence[float]) -> float:
    """Kish's effective number of a weighted sample: (Σw)² ÷ Σw²."""
    s, s2 = sum(weights), sum(w * w for w in weights)
    return s * s / s2 if s2 > 0 else 0.0


def log_weight(b: dict[str, Any], hands: Sequence[Sequence[int]]) -> float:
    """The logarithm of a world's whole weight under :func:`belief` ``b``: its faces'
    tables (:func:`weight`) and e^(−λ × the cards each other hand leaves unpaired, P0's
    count); −inf for a world the rules rule out."""
    w = weight(b["faces"], hands)
    if w <= 0:
        return -math.inf
    lams: list[float] = b["unpaired"]
    return math.log(w) - sum(lam * p0_counts(tuple(h))[2] for lam, h in zip(lams, hands))


__all__ = ["FLOOR", "RATES_FILE", "Rates", "effective_worlds", "log_weight", "rates",
           "tables", "temper", "weight"]
