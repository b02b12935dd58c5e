"""Search under hidden cards, shared by every game: the legal actions of a decision judged
by playouts in worlds dealt from the seat's VIEW (determinized, or perfect-information,
Monte Carlo), the budget spent where the leading actions are close.

A game gives the search one function, ``sample(action, world)``: deal world number
``world`` from the VIEW (the cards the seat has not seen dealt to the others and the
stock, consistent with what the rules have shown), play ``action`` in it and play the deal
on — to its end, or as far as the game's search goes before it values what it reaches —
and say what the seat got: a :class:`Sample` (whether it won, its settlement, the work
it cost in counted units). World ``w`` must be the same world for every action, and its
playout policies seeded from ``w`` alone (common random numbers: the actions are compared
on the same cards, so their difference is measured far more precisely than their level),
and everything must follow from ``w`` and the game's seed, so an answer is reproducible.

:func:`halve` spends a :class:`~advisor.games.budget.Meter` by **successive halving**:
every action is played in the first worlds; then, round by round, the better half (by
the criterion, ``win`` or ``expected``) goes on to the next worlds, each round's worlds
shared by the actions still in, until one is left or the work is spent; and it **stops
early** when the leader is ahead of every other action still in by more than
:data:`Z_STOP` standard errors of the paired difference. Every action is judged on the
worlds it reached (at least :data:`FIRST_WORLDS`, budget allowing): an action dropped
early carries fewer worlds and a wider error.

>>> import random
>>> chance = {"a": 0.2, "b": 0.5, "c": 0.45}
>>> def sample(action, world):
...     r = random.Random(world).random()  # the world: the same draw for every action
...     return Sample(float(r < chance[action]), 0.0, 1)
>>> from advisor.games.budget import Meter
>>> arms = halve(["a", "b", "c"], sample, Meter("playouts", 300), by="win")
>>> [a.action for a in arms], arms[0].worlds > arms[-1].worlds
(['b', 'c', 'a'], True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

from advisor.games.budget import Meter

A = TypeVar("A")
By = Literal["win", "expected"]

FIRST_WORLDS = 4
"""Worlds every action is played in before any is dropped (the first round), as far as
the budget goes."""
Z_STOP = 3.0
"""Standard errors of the paired difference by which the leader must be ahead of every
other action still in for the search to stop before its work is spent."""
MIN_STOP_WORLDS = 16
"""The fewest worlds the leader must have been played in before the search stops early."""
CHECK_EVERY = 8
"""Within a round, whether to stop early is asked every this many worlds."""


@dataclass(frozen=True)
class Sample:
    """One playout of one action in one world: the seat's win (1, 0, or a leaf value's
    chance), its settlement, and the counted work it cost."""

    win: float
    pay: float
    cost: int = 1


@dataclass
class Arm(Generic[A]):
    """An action and its playouts, world by world (world ``w`` is the ``w``-th sample:
    every arm is played in the worlds 0, 1, 2 … in order)."""

    action: A
    wins: list[float] = field(default_factory=list)
    pays: list[float] = field(default_factory=list)
    dropped: int = 0  # the round after which it was dropped (0: never)

    @property
    def worlds(self) -> int:
        return len(self.wins)

    @property
    def win(self) -> float:
        return sum(self.wins) / len(self.wins) if self.wins else 0.0

    @property
    def expected(self) -> float:
        return sum(self.pays) / len(self.pays) if self.pays else 0.0

    def values(self, by: By) -> list[float]:
        return self.wins if by == "win" else self.pays

    def mean(self, by: By) -> float:
        return self.win if by == "win" else self.expected


def _se(xs: Sequence[float]) -> float | None:
    n = len(xs)
    if n < 2:
        return None
    m = sum(xs) / n
    return math.sqrt(max(sum((x - m) ** 2 for x in xs) / (n - 1), 0.0) / n)


def paired(a: Arm[A], b: Arm[A], by: By) -> tuple[float, float | None]:
    """The mean difference ``a − b`` over the worlds both were played in, and its standard
    error (None with fewer than two).

    >>> x, y = Arm("x", [1, 1, 0, 1], [0] * 4), Arm("y", [0, 1, 0, 0], [0] * 4)
    >>> paired(x, y, "win")
    (0.5, 0.28867513459481287)
    """
    n = min(a.worlds, b.worlds)
    d = [p - q for p, q in zip(a.values(by)[:n], b.values(by)[:n])]
    return (sum(d) / n if n else 0.0), _se(d)


def soft(d: float, margin: float) -> float:
    """``d`` moved toward 0 by ``margin`` (0 within it): soft thresholding, how a
    difference within the noise is stated as none.

    >>> soft(0.3, 0.1), soft(-0.05, 0.1)
    (0.19999999999999998, -0.0)
    """
    return math.copysign(max(abs(d) - margin, 0.0), d)


def _key(arm: Arm[A], by: By) -> tuple[float, float]:
    other: By = "expected" if by == "win" else "win"
    return (arm.mean(by), arm.mean(other))


Batch = Callable[[Sequence[A], int, int], list[list[Sample]]]
"""Samples in bulk: ``batch(actions, w, n)`` → for each world ``w … w + n − 1``, in order,
the sample of each action (in the order given) — each the sample ``sample(action, world)``
would give (the compiled core plays a batch at once, :mod:`advisor.core`)."""


def rows(got: Sequence[tuple[object, float, int]], actions: int) -> list[list[Sample]]:
    """The compiled core's playouts (``(won, settlement, moves)`` world by world, each
    world's in the order of the ``actions`` asked) as a :data:`Batch` returns them: one
    row of samples a world.

    >>> rows([(True, 3, 9), (False, -1, 7), (False, 0, 5), (True, 3, 4)], 2)[1]
    [Sample(win=0.0, pay=0.0, cost=5), Sample(win=1.0, pay=3.0, cost=4)]
    """
    return [[Sample(float(bool(won)), float(pay), moves) for won, pay, moves in
             got[i:i + actions]] for i in range(0, len(got), actions)]


def one_by_one(batch: Batch[A]) -> Callable[[A, int], Sample]:
    """The ``sample(action, world)`` of a :data:`Batch`: a batch of one."""
    return lambda action, world: batch([action], world, 1)[0][0]


def halve(actions: Sequence[A], sample: Callable[[A, int], Sample], meter: Meter, *,
          by: By = "win", first: int | None = FIRST_WORLDS, z_stop: float = Z_STOP,
          min_stop: int = MIN_STOP_WORLDS, keep: int | None = None,
          batch: Batch[A] | None = None) -> list[Arm[A]]:
    """Judge ``actions`` by ``sample(action, world)`` within ``meter``'s work (its units are
    the samples' costs), by successive halving (see the module's docstring); the arms,
    best first by ``by`` among those played in the most worlds (an action dropped in an
    earlier round comes after every action that outlasted it; the given order breaks
    ties). The work is counted, so the same inputs give the same answer on any machine
    (unless the meter's safety cap cuts it: :attr:`Meter.cut`). With ``keep``, the action
    of that index is never dropped (an anchor every other is compared with to the end:
    the action a caller plays unless the search shows another better). With ``first`` None,
    the first round is not a fixed few worlds but its share of the work, as every later
    round's (every action played in one world first, to measure a sample's cost): no
    action is dropped on the evidence of a handful of worlds. With ``batch``, the
    samples are asked for a few worlds at a time (up to the next early-stop check, and no
    more than the work left buys) and taken in the same order: the same answer, fewer
    calls."""
    arms = [Arm(a) for a in actions]
    if len(arms) < 2:
        return arms
    alive = list(arms)
    done_rounds = 0
    cost = 0.0  # the mean cost of a sample so far
    samples = 0
    while meter.more:
        probe = False
        if done_rounds == 0 and first is not None:
            step = first
        elif samples == 0:  # one world first, to measure what a sample costs
            step, probe = 1, True
        else:
            # the rounds left: halvings down to two actions, then one last round of both
            left = max(1, math.ceil(math.log2(len(alive))))
            step = max(1, int(meter.left / max(cost, 1e-9) / (len(alive) * left)))
        start = alive[0].worlds
        stop = False
        ahead: dict[int, list[Sample]] = {}  # world → the alive arms' samples, asked in bulk
        for w in range(start, start + step):
            if batch is not None and w not in ahead and _going(meter):
                upto = min(start + step, (w // CHECK_EVERY + 1) * CHECK_EVERY)
                per_world = max(cost, 1.0) * len(alive)
                n = max(1, min(upto - w, math.ceil(meter.left / per_world)))
                for k, row in enumerate(batch([a.action for a in alive], w, n)):
                    ahead[w + k] = row
            for i, arm in enumerate(alive):
                if not _going(meter):
                    break
                got = ahead[w][i] if batch is not None else sample(arm.action, w)
                arm.wins.append(got.win)
                arm.pays.append(got.pay)
                meter.spend(got.cost)
                samples += 1
                cost += (got.cost - cost) / samples
            if not _going(meter):
                break
            if (w + 1) % CHECK_EVERY == 0 and _clear_leader(
                    sorted(alive, key=lambda a: _key(a, by), reverse=True), by, z_stop,
                    min_stop):
                stop = True
                break
        if probe and not stop:
            continue  # the cost measured: the first round proper starts from it
        done_rounds += 1
        alive.sort(key=lambda a: _key(a, by), reverse=True)
        if stop or not _going(meter) or _clear_leader(alive, by, z_stop, min_stop):
            break  # a leader beyond doubt, or the work spent (a round cut short drops none)
        if len(alive) > 2:
            half = math.ceil(len(alive) / 2)
            anchor = arms[keep] if keep is not None else None
            for arm in alive[half:]:
                if arm is not anchor:
                    arm.dropped = done_rounds
            alive = [a for a in alive if not a.dropped]
    order = {id(a): n for n, a in enumerate(arms)}
    return sorted(arms, key=lambda a: (a.dropped == 0, a.dropped, *_key(a, by),
                                       -order[id(a)]), reverse=True)


def _going(meter: Meter) -> bool:
    """Whether the meter has work left and time to do it (a call, not the property read
    in place: the work spent inside the loop changes it)."""
    return meter.more


def _clear_leader(alive: Sequence[Arm[A]], by: By, z: float, least: int) -> bool:
    """Whether the first of ``alive`` (sorted) is ahead of every other by more than ``z``
    standard errors of the paired difference, after at least ``least`` worlds."""
    if len(alive) < 2 or alive[0].worlds < least:
        return False
    for other in alive[1:]:
        diff, se = paired(alive[0], other, by)
        if se is None or (se == 0 and diff <= 0) or (se > 0 and diff <= z * se):
            return False
    return True


__all__ = ["CHECK_EVERY", "FIRST_WORLDS", "MIN_STOP_WORLDS", "Z_STOP", "Arm", "Batch", "By",
           "Sample", "halve", "one_by_one", "paired", "rows", "soft"]
