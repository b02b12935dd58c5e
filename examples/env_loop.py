#!/usr/bin/env python3
"""Play every game through its PettingZoo environment (docs/env.md): first a random agent
against the game's greedy bot, then the game's own players — the advisor, greedy and
random — wrapped as policies, checked against ``simulate`` on the same seeds: the same
deals, the same moves, the same settlements. No training; needs the env extra
(``pip install '.[env]'``; ``make install`` has it). Try it:

    .venv/bin/python examples/env_loop.py --deals 3
    .venv/bin/python examples/env_loop.py --game ming --show
"""

from __future__ import annotations

import argparse

from advisor.env import BotPolicy, GameEnv, make_env, play_deal
from advisor.registry import game

TABLES = {  # each game's usual table, the advisor in the first seat
    "chan": ["advisor:10", "greedy", "random", "greedy"],
    "khanhoo": ["advisor:10", "greedy", "random"],
    "qing": ["advisor:10", "greedy", "random", "greedy"],
    "ming": ["advisor:10", "greedy"],
}


def random_agent(env: GameEnv, agent: str) -> int | None:
    """An agent that sees only its observation: a legal index drawn from the mask."""
    if env.terminations[agent] or env.truncations[agent]:
        return None
    mask = env.observe(agent)["action_mask"]
    index: int = env.action_space(agent).sample(mask)
    return index


def against_greedy(name: str, deals: int, seed: int, show: bool) -> None:
    """The random agent at seat 0, the game's greedy bot at the others."""
    env = make_env(name, render_mode="ansi" if show else None)
    env.action_space("player_0").seed(seed)
    policies = [random_agent, *(BotPolicy("greedy") for _ in env.possible_agents[1:])]
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for k in range(deals):
        env.reset(seed=seed if k == 0 else None)
        if show and k == 0:
            print(env.render(), "\n")
        for agent, reward in play_deal(env, policies).items():
            totals[agent] += reward
    print(f"{env.spec.title}: random agent against greedy, {deals} deals: "
          + ", ".join(f"{a} {t:+g}" for a, t in totals.items()))


def same_as_simulate(name: str, deals: int, seed: int) -> None:
    """The game's players as policies through the environment, and through ``simulate``."""
    specs = TABLES[name]
    env = make_env(name, players=len(specs))
    policies = [BotPolicy(s) for s in specs]
    through_env = []
    for k in range(deals):
        env.reset(seed=seed if k == 0 else None)
        play_deal(env, policies)
        through_env.append(env.game.to_record())
    simulated: list[dict[str, object]] = []
    game(name).simulate(specs, games=deals, seed=seed,
                        on_game=lambda g, _: simulated.append(g.to_record()))
    assert through_env == simulated, f"{name}: the environment and simulate differ"
    print(f"{game(name).title}: {', '.join(specs)} through the environment and through "
          f"simulate: {deals} identical deal{'s' * (deals != 1)} (seed {seed})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(TABLES), help="one game (default: all)")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", action="store_true", help="render the first decision")
    args = parser.parse_args()
    for name in [args.game] if args.game else TABLES:
        against_greedy(name, args.deals, args.seed, args.show)
        same_as_simulate(name, args.deals, args.seed)


if __name__ == "__main__":
    main()
