"""What an agent observes: a fixed row within its declared bounds, a mask of exactly the
engine's legal actions, and nothing the seat may not see — two deals that differ only in
cards hidden from the seat give it the same observation."""

from __future__ import annotations

import random
from importlib import import_module

import numpy as np
import pytest

from advisor.env import GameEnv, make_env
from tests.env.tables import IDS, TABLES


def random_steps(env: GameEnv, rng: random.Random):
    """Play the deal with uniformly random legal indices; yield before every step."""
    while env.agents and not env.terminations[env.agent_selection]:
        yield env.agent_selection
        legal = [env.index(a) for a in env.legal_actions()]
        env.step(rng.choice(legal))


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_every_observation_is_in_bounds_and_masks_exactly_the_legal_actions(
        name: str, options: dict) -> None:
    env = make_env(name, **options)
    rng = random.Random(1)
    for deal in range(4):
        env.reset(seed=5, options={"deal": deal})
        for agent in random_steps(env, rng):
            legal = env.legal_actions()
            for other in env.agents:
                obs = env.observe(other)
                assert env.observation_space(other).contains(obs)
                assert obs["observation"].dtype == np.float32
                assert obs["action_mask"].dtype == np.int8
                if other != agent:
                    assert not obs["action_mask"].any()
            mask = env.observe(agent)["action_mask"]
            assert int(mask.sum()) == len(legal)  # two legal actions never share an index
            assert all(mask[env.index(a)] for a in legal)
        for agent in env.agents:  # the end: every VIEW still observed, no action open
            obs = env.observe(agent)
            assert env.observation_space(agent).contains(obs) and not obs["action_mask"].any()


def _observed(name: str, options: dict, game: object, agent: str) -> tuple[list, list]:
    env = make_env(name, **options)
    env.reset(options={"game": game})
    obs = env.observe(agent)
    return obs["observation"].tolist(), obs["action_mask"].tolist()


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_two_worlds_that_differ_only_in_hidden_cards_are_observed_alike(
        name: str, options: dict) -> None:
    """The game's ``world(view, rng)`` deals the cards the seat has not seen at random:
    the seat to act observes every such world alike; and, where the world keeps the
    deal's history (all but Ming's, which keeps only the trick in progress), as it
    observes the deal itself."""
    world = import_module(f"advisor.{name}.game").world
    env = make_env(name, **options)
    rng = random.Random(2)
    checked = differed = 0
    for deal in range(3):
        env.reset(seed=9, options={"deal": deal})
        for agent in random_steps(env, rng):
            if rng.random() > 0.25:
                continue
            view = env.view(agent)
            one, two = world(view, random.Random(1)), world(view, random.Random(2))
            differed += one.to_record()["hands"] != two.to_record()["hands"]
            seen = _observed(name, options, one, agent)
            assert seen == _observed(name, options, two, agent)
            if name != "ming":
                obs = env.observe(agent)
                assert seen == (obs["observation"].tolist(), obs["action_mask"].tolist())
            checked += 1
    assert checked >= 5 and differed >= checked // 2


@pytest.mark.parametrize("players", [2, 3])
def test_ming_a_swap_of_hidden_cards_is_not_seen(players: int) -> None:
    """Ming's worlds drop the finished tricks, so the deal itself is changed instead: a
    card still in another seat's hand swapped with one of the unused stock (M2), every
    move replayed — the seat to act observes both deals alike, history and all."""
    from advisor.ming.faces import GAME

    env = make_env("ming", players=players)
    rng = random.Random(4)
    swapped = 0
    for deal in range(4):
        env.reset(seed=3, options={"deal": deal})
        for agent in random_steps(env, rng):
            me = env.seat(agent)
            other = (me + 1) % players
            if rng.random() > 0.3 or not env.game.hands[other]:
                continue
            rec = env.game.to_record()
            held = [c for c in rec["hands"][other] if env.game.hands[other] >> _bit(c) & 1]
            card, spare = rng.choice(held), rng.choice(rec["stock"])
            hands = [list(h) for h in rec["hands"]]
            hands[other][hands[other].index(card)] = spare
            stock = [card if c == spare else c for c in rec["stock"]]
            replay = GAME.replay({**rec, "hands": hands, "stock": stock}, partial=True)
            assert replay.valid, replay.describe()
            twin = replay.game
            assert twin.to_record()["hands"] != rec["hands"]
            obs = env.observe(agent)
            assert _observed("ming", {"players": players}, twin, agent) == \
                (obs["observation"].tolist(), obs["action_mask"].tolist())
            swapped += 1
    assert swapped >= 5


def _bit(code: str) -> int:
    from advisor.ming.cards import parse_card

    return parse_card(code).index
