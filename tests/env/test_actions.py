"""The actions' numbering: a fixed table per game that holds every legal action, one
index each; an index that is not legal is refused by the engine with its rule and
changes nothing."""

from __future__ import annotations

import random
import re

import pytest

from advisor.env import GameEnv, encoding, make_env
from advisor.errors import AdvisorError, IllegalActionError
from advisor.registry import game
from tests.env.tables import GAMES, IDS, TABLES
from tests.env.test_observation import random_steps

RULE = re.compile(r"^[A-Z][A-Za-z0-9-]*$")


def _state(env: GameEnv) -> tuple:
    return (env.game.to_record(), env.agent_selection, dict(env.rewards),
            dict(env._cumulative_rewards), dict(env.terminations),
            [env.observe(a)["observation"].tolist() for a in env.agents],
            env.observe(env.agent_selection)["action_mask"].tolist())


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_an_illegal_index_names_its_rule_and_changes_nothing(name: str, options: dict) -> None:
    env = make_env(name, **options)
    size = env.numbering.size
    spans = env.numbering.spans
    rng = random.Random(7)
    refused = set()
    for deal in range(2):
        env.reset(seed=21, options={"deal": deal})
        for agent in random_steps(env, rng):
            if rng.random() > 0.25:
                continue
            mask = env.observe(agent)["action_mask"]
            tries = [rng.randrange(size) for _ in range(6)]
            tries += [s.start + rng.randrange(s.count) for s in spans]  # every kind of action
            before = _state(env)
            for i in tries:
                if mask[i]:
                    continue
                with pytest.raises(IllegalActionError) as err:
                    env.step(i)
                assert RULE.match(err.value.rule)
                assert err.value.message.startswith(f"{err.value.rule}: ")
                refused.add(err.value.rule)
                assert _state(env) == before
    assert refused


@pytest.mark.parametrize("bad", [-1, 10**6, 2.0, "3", None, True])
def test_a_value_that_is_no_index_is_refused(bad: object) -> None:
    env = make_env("qing")
    env.reset(seed=1)
    before = _state(env)
    with pytest.raises(AdvisorError, match=r"^action: .* is not an action index"):
        env.step(bad)
    assert _state(env) == before


def test_steps_before_a_reset_are_refused() -> None:
    env = make_env("chan")
    with pytest.raises(AdvisorError, match="reset the environment first"):
        env.step(0)


@pytest.mark.parametrize("name", GAMES)
def test_every_index_names_an_action_that_is_numbered_back_to_it(name: str) -> None:
    """``action(i, view)`` and ``index`` agree over the whole table, in each phase."""
    env = make_env(name)
    numbering = env.numbering
    views: dict[str, object] = {}
    rng = random.Random(3)
    for deal in range(5):
        env.reset(seed=2, options={"deal": deal})
        for agent in random_steps(env, rng):
            v = env.view(agent)
            views.setdefault(v.phase, v)
    for phase, v in views.items():
        for i in range(numbering.size):
            if name == "ming" and phase == "follow" and i == numbering.span(
                    "leopard 9 as a leopard").start:
                continue  # only a lead is declared (M5): a follow of 9c 9s 9m is index 4089's
            assert numbering.index(numbering.action(i, v)) == i, (phase, i)


def test_khanhoo_the_table_of_shown_sets_is_every_set_a_claim_can_show() -> None:
    """:data:`SHOWN` is every set the engine offers, in a pack that holds every
    combination with five Jokers (3 sets, K9; the doubles kept; Trio, K10)."""
    from advisor.khanhoo.cards import CARDS
    from advisor.khanhoo.game import meld_options
    from advisor.khanhoo.observation import SHOWN
    from advisor.khanhoo.rules import Rules

    rules = Rules(3, 5, trio=True, variation_keeps_doubles=True)
    hand = rules.pack.counts
    offered = {tuple(c.index for c in w) for x in CARDS for w, _ in meld_options(hand, x, rules)}
    assert offered == set(SHOWN) and len(SHOWN) == len(set(SHOWN))


def test_qing_the_table_of_shown_sets_holds_every_take() -> None:
    """Without ``extras_replace`` the first 426 sets are every take the engine offers,
    under either sixth eye; with it, the takes of a numeral and of a flower on offer are
    in the table too (all thirty kinds take a minute: the benchmarks' business)."""
    from advisor.qing.cards import CARDS, PACK, card
    from advisor.qing.game import take_options
    from advisor.qing.observation import SHOWN
    from advisor.qing.rules import EYE6, Rules

    plain = {tuple(c.index for c in w) for eye6 in EYE6 for x in CARDS
             for w, _ in take_options(PACK, x, Rules(eye6))}
    assert plain == set(SHOWN[:426])
    for x in (card("5s"), card("RF")):
        shown = {tuple(c.index for c in w) for w, _ in take_options(PACK, x, Rules("culin", True))}
        assert shown <= set(SHOWN)


def test_ming_a_leopard_9_may_be_led_as_either() -> None:
    """9c 9s 9m led: its own index leads it as a Special (the default, M5), 4090 as a
    Leopard."""
    from advisor.ming.cards import mask_of, parse_cards
    from advisor.ming.game import Game

    mine = mask_of(parse_cards("9c 9s 9m TM 1s 2s 3s 4s 5s 6s 7s 8s 8m"))
    theirs = mask_of(parse_cards("8c 7c 6c 5c 4c 3c 2c 1c HC ZC 1m 2m 3m"))
    env = make_env("ming")
    env.reset(options={"game": Game([mine, theirs], (1 << 30) - 1 & ~(mine | theirs))})
    leopard = env.numbering.span("leopard 9 as a leopard").start
    special = env.index(next(a for a in env.legal_actions() if a.declare == "special"))
    mask = env.observe("player_0")["action_mask"]
    assert mask[leopard] and mask[special] and special != leopard
    env.step(leopard)
    assert env.game.trick.declare == "leopard"


@pytest.mark.parametrize("name", GAMES)
def test_the_numbering_is_the_games_own(name: str) -> None:
    numbering = encoding(game(name)).numbering
    assert numbering.spans[0].start == 0
    assert sum(s.count for s in numbering.spans) == numbering.size
