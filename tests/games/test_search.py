"""The shared search under hidden cards (advisor.games.search): successive halving over
common worlds, counted work, early stopping, reproducibility."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from advisor.games.budget import Meter
from advisor.games.search import FIRST_WORLDS, Arm, Sample, halve, paired


def bandit(chances: dict[str, float], cost: int = 1, seen: list[tuple[str, int]] | None = None):
    """A world is a uniform draw, the same for every action: an action wins in it when
    the draw is below its chance (so a better action wins in every world a worse one
    wins in: common random numbers at their best)."""

    def sample(action: str, world: int) -> Sample:
        if seen is not None:
            seen.append((action, world))
        r = random.Random(world).random()
        return Sample(float(r < chances[action]), 10.0 * (r < chances[action]) - 1, cost)

    return sample


def test_one_action_is_not_sampled() -> None:
    calls: list[tuple[str, int]] = []
    arms = halve(["only"], bandit({"only": 0.5}, seen=calls), Meter("playouts", 100))
    assert [a.action for a in arms] == ["only"] and calls == [] and arms[0].worlds == 0


def test_the_best_action_is_found_and_the_work_is_counted() -> None:
    chances = {"a": 0.2, "b": 0.25, "c": 0.5, "d": 0.3, "e": 0.1}
    meter = Meter("moves", 2000)
    arms = halve(list(chances), bandit(chances, cost=3), meter, z_stop=99)
    assert arms[0].action == "c"
    assert meter.asked <= meter.done < meter.asked + 3  # the last sample's cost at most
    assert sum(a.worlds for a in arms) * 3 == meter.done
    # the survivors got more worlds than those dropped in the first round
    assert arms[0].worlds > max(a.worlds for a in arms if a.dropped == 1)


def test_every_action_is_judged_and_worlds_are_shared() -> None:
    calls: list[tuple[str, int]] = []
    chances = {"a": 0.2, "b": 0.6, "c": 0.4}
    arms = halve(list(chances), bandit(chances, seen=calls), Meter("playouts", 60))
    for arm in arms:
        assert arm.worlds >= FIRST_WORLDS
        # an action is played in the worlds 0, 1, 2 … in order: the same worlds as others
        assert [w for a, w in calls if a == arm.action] == list(range(arm.worlds))


def test_the_same_inputs_give_the_same_answer() -> None:
    chances = {"a": 0.3, "b": 0.35, "c": 0.33, "d": 0.1}

    def run() -> list[tuple[str, int, float]]:
        arms = halve(list(chances), bandit(chances), Meter("playouts", 500))
        return [(a.action, a.worlds, a.win) for a in arms]

    assert run() == run()


def test_a_clear_leader_stops_the_search_early() -> None:
    chances = {"bad": 0.0, "good": 1.0}
    meter = Meter("playouts", 10_000)
    arms = halve(list(chances), bandit(chances), meter, by="win")
    assert arms[0].action == "good"
    assert meter.done < 100  # stopped once the difference was beyond doubt


def test_by_expected_ranks_by_the_settlement() -> None:
    def sample(action: str, world: int) -> Sample:
        # "safe" wins more often, "bold" pays more on average
        r = random.Random(world).random()
        if action == "safe":
            return Sample(float(r < 0.6), 1.0 if r < 0.6 else -1.0)
        return Sample(float(r < 0.3), 9.0 if r < 0.3 else -1.0)

    assert halve(["safe", "bold"], sample, Meter("p", 400), by="win")[0].action == "safe"
    assert halve(["safe", "bold"], sample, Meter("p", 400), by="expected")[0].action == "bold"


def test_paired_difference() -> None:
    a = Arm("a", [1.0, 0.0, 1.0], [0.0] * 3)
    b = Arm("b", [0.0, 0.0], [0.0] * 2)
    diff, se = paired(a, b, "win")  # over the two worlds both were played in
    assert diff == 0.5 and se == 0.5


@given(st.lists(st.floats(0, 1), min_size=1, max_size=12), st.integers(0, 400),
       st.integers(1, 5))
def test_halving_invariants(chances: list[float], work: int, cost: int) -> None:
    names = [f"x{i}" for i in range(len(chances))]
    meter = Meter("moves", work)
    arms = halve(names, bandit(dict(zip(names, chances)), cost=cost), meter)
    assert sorted(a.action for a in arms) == sorted(names)
    assert sum(a.worlds for a in arms) * cost == meter.done
    assert meter.done < work + cost or len(names) == 1
    # the actions still in come first, then those dropped later before those dropped sooner
    dropped = [a.dropped for a in arms]
    assert dropped == sorted(dropped, key=lambda d: (d != 0, -d))
    # an action that outlasted another was played in at least as many worlds
    for x, y in itertools.pairwise(arms):
        if x.dropped != y.dropped:
            assert x.worlds >= y.worlds


def test_an_anchor_is_never_dropped() -> None:
    chances = {"anchor": 0.05, "a": 0.5, "b": 0.45, "c": 0.4, "d": 0.42}
    arms = halve(list(chances), bandit(chances), Meter("playouts", 400), keep=0, z_stop=99)
    anchor = next(a for a in arms if a.action == "anchor")
    assert anchor.dropped == 0 and anchor.worlds == arms[0].worlds
    assert arms[0].action == "a"


def test_samples_asked_in_batches_give_the_same_answer() -> None:
    """``batch`` asks for a few worlds at a time (the compiled core plays them at once);
    the arms, their worlds and the work spent are those of one sample at a time — the
    work cut mid-world included."""
    import random

    from advisor.games.budget import Meter
    from advisor.games.search import Sample, halve

    chance = {"a": 0.2, "b": 0.5, "c": 0.45, "d": 0.3, "e": 0.48}

    def sample(action: str, world: int) -> Sample:
        r = random.Random(world).random()
        return Sample(float(r < chance[action]), r, 1 + world % 3)

    calls = []

    def batch(actions: list[str], w: int, n: int) -> list[list[Sample]]:
        calls.append(n)
        return [[sample(a, w + k) for a in actions] for k in range(n)]

    for budget in (7, 50, 333, 2000):
        one, m1 = halve(list(chance), sample, m1 := Meter("units", budget), by="win"), m1
        two, m2 = halve(list(chance), sample, m2 := Meter("units", budget), by="win",
                        batch=batch), m2
        assert [(a.action, a.wins, a.pays, a.dropped) for a in one] == \
            [(a.action, a.wins, a.pays, a.dropped) for a in two]
        assert m1.done == m2.done
    assert max(calls) > 1  # worlds were asked for in bulk


def test_a_first_round_sized_by_the_work_drops_nothing_on_a_few_worlds() -> None:
    """With ``first=None`` the first round is its share of the work, as every later one:
    eight actions, three rounds (8 → 4 → 2 → both), 2,000 moves in samples of 5. One
    world first measures the cost (40 moves); then every action is played in 1,960 / 5 /
    (8 × 3) = 16 worlds more before any is dropped — not in FIRST_WORLDS."""
    chances = {a: 0.3 + 0.02 * i for i, a in enumerate("abcdefgh")}
    arms = halve(list(chances), bandit(chances, cost=5), Meter("moves", 2000),
                 first=None, z_stop=99)
    assert min(a.worlds for a in arms) == 17 > FIRST_WORLDS
    fixed = halve(list(chances), bandit(chances, cost=5), Meter("moves", 2000), z_stop=99)
    assert min(a.worlds for a in fixed) == FIRST_WORLDS
    for got in (arms, fixed):  # the work is counted all the same
        assert sum(5 * a.worlds for a in got) >= 2000
