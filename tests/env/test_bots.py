"""The environment deals as ``simulate`` deals, and the game's own players, wrapped as
policies, play through it exactly the deals ``simulate`` plays: the same records, move
for move, and rewards that are the settlements."""

from __future__ import annotations

import pytest

from advisor.env import BotPolicy, make_env, play_deal
from advisor.registry import game

TABLES = [
    ("chan", ["greedy", "random", "advisor", "greedy+"], {}),
    ("chan", ["random", "greedy", "random", "greedy"], {"rules": "cvv"}),
    ("khanhoo", ["greedy", "random", "advisor:5"], {}),
    ("khanhoo", ["greedy+", "random", "greedy", "random"], {"orphan": True, "trio": True}),
    ("qing", ["greedy", "random", "advisor:5", "greedy+"], {}),
    ("qing", ["greedy", "random"], {"extras_replace": True}),
    ("ming", ["advisor:5", "random"], {}),
    ("ming", ["greedy", "random", "greedy+"], {}),
]


def simulated(name: str, specs: list[str], games: int, seed: int, options: dict) -> list[dict]:
    records: list[dict] = []
    game(name).simulate(specs, games=games, seed=seed,
                        on_game=lambda g, _: records.append(g.to_record()), **options)
    return records


@pytest.mark.parametrize(("name", "specs", "options"), TABLES,
                         ids=[f"{t[0]}-{','.join(t[1])}" for t in TABLES])
def test_bots_through_the_environment_play_the_deals_of_simulate(
        name: str, specs: list[str], options: dict) -> None:
    spec = game(name)
    env = make_env(name, players=len(specs), **options)
    policies = [BotPolicy(s) for s in specs]
    played = []
    for k in range(3):
        env.reset(seed=17 if k == 0 else None)
        assert env.deal_number == k
        rewards = play_deal(env, policies)
        assert rewards == {f"player_{s}": float(pay)
                           for s, (pay, _, _) in enumerate(spec.outcome(env.game))}
        played.append(env.game.to_record())
    assert played == simulated(name, specs, 3, 17, options)


def test_a_seed_deals_the_same_deal_again_and_a_deal_number_any_deal_of_the_run() -> None:
    env = make_env("khanhoo", players=4)
    env.reset(seed=3)
    first = env.game.to_record()
    env.reset()
    second = env.game.to_record()
    assert first != second
    env.reset(seed=3)
    assert env.game.to_record() == first
    env.reset(options={"deal": 1})
    assert env.game.to_record() == second
    assert [r["hands"] for r in simulated("khanhoo", ["random"] * 4, 2, 3, {})] == \
        [first["hands"], second["hands"]]


def test_a_policy_is_told_the_result_once_the_deal_is_over() -> None:
    ended: list[dict] = []
    policy = BotPolicy("greedy")
    env = make_env("ming")
    env.reset(seed=1)
    policy(env, env.agent_selection)  # the first decision makes the bot
    assert policy.bot is not None
    policy.bot.end = ended.append  # type: ignore[method-assign,assignment]
    policies = [policy, BotPolicy("random")] if env.agent_selection == "player_0" else \
        [BotPolicy("random"), policy]
    play_deal(env, policies)
    assert ended == [env.game.result.to_json()]
