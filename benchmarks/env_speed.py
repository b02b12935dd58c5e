"""Environment speed per game (docs/env_speed.md): steps per second of a random agent
playing every seat through the PettingZoo environment, beside ``simulate``'s moves per
second with random seats on the same deals.

    python benchmarks/env_speed.py                     # every game at its usual table
    python benchmarks/env_speed.py --games qing --deals 40 --repeat 3

A step is one move of the deal (the dead steps that close an episode are not counted).
``env`` is PettingZoo's loop as an agent writes it: ``env.last()`` (the observation and
the mask), an index drawn from the mask by the action space, ``env.step``. ``env, no
observation`` is the same loop with ``last(observe=False)`` and a legal index drawn from
``env.legal_actions()``: the engine and the numbering without the encoding, to show what
the observation costs. ``simulate`` plays the same deals between ``random`` seats. Each
figure is the best of ``--repeat`` runs (the least disturbed by other work on the
machine).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from functools import partial
from typing import Any

from advisor.env import make_env
from advisor.registry import game

DEALS = {"chan": 300, "khanhoo": 20, "qing": 40, "ming": 600}
"""Deals timed per game at its usual table: each run takes a second or two."""


def env_run(name: str, deals: int, seed: int, observe: bool) -> tuple[int, float]:
    """(moves, seconds) of ``deals`` deals by a random agent at every seat."""
    env = make_env(name)
    for a in env.possible_agents:
        env.action_space(a).seed(seed)
    rng = random.Random(seed)
    moves = 0
    t = time.perf_counter()
    for k in range(deals):
        env.reset(seed=seed if k == 0 else None)
        for agent in env.agent_iter():
            obs, _, done, cut, _ = env.last(observe=observe)
            if done or cut:
                env.step(None)
                continue
            if observe:
                action: Any = env.action_space(agent).sample(obs["action_mask"])
            else:
                action = env.index(rng.choice(env.legal_actions()))
            env.step(action)
            moves += 1
    return moves, time.perf_counter() - t


def simulate_run(name: str, deals: int, seed: int) -> tuple[int, float]:
    spec = game(name)
    players = len(spec.faces.simulate_seats.split(","))
    summary = spec.simulate(["random"] * players, games=deals, seed=seed)
    return summary.moves, summary.seconds


def best(run: Any, repeat: int) -> float:
    """Moves per second, the best of ``repeat`` runs."""
    rates = []
    for _ in range(repeat):
        moves, seconds = run()
        rates.append(moves / max(seconds, 1e-9))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(DEALS), help="comma-separated games")
    parser.add_argument("--deals", type=int, help="deals per game (default: per game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; best of "
          f"{args.repeat} runs; random play at every seat")
    print(f"{'game':<9}{'players':>8}{'actions':>9}{'obs':>6}{'deals':>7}"
          f"{'env steps/s':>13}{'no obs':>9}{'simulate moves/s':>18}{'env/sim':>9}")
    for name in args.games.split(","):
        deals = args.deals or DEALS[name]
        env = make_env(name)
        stepped = best(partial(env_run, name, deals, args.seed, True), args.repeat)
        bare = best(partial(env_run, name, deals, args.seed, False), args.repeat)
        simulated = best(partial(simulate_run, name, deals, args.seed), args.repeat)
        print(f"{name:<9}{len(env.possible_agents):>8}"
              f"{env.numbering.size:>9}{env.encoding.layout.size:>6}{deals:>7}"
              f"{stepped:>13,.0f}{bare:>9,.0f}{simulated:>18,.0f}{stepped / simulated:>9.2f}")


if __name__ == "__main__":
    main()
