"""Making an environment: the game's name and options as ``simulate`` takes them, bad
ones named; and its text, in the game's own words."""

from __future__ import annotations

import re

import pytest

from advisor.env import make_env
from advisor.errors import AdvisorError
from advisor.text import PLAIN
from tests.env.tables import GAMES


@pytest.mark.parametrize(("name", "options", "message"), [
    ("poker", {}, "game: 'poker' is not one of chan, khanhoo, ming, qing"),
    ("chan", {"players": 3}, "players: Chắn is for 4 players, not 3"),
    ("ming", {"players": 4}, "players: Ming Kanhu is for 2 to 3 players, not 4"),
    ("ming", {"rules": "cvv"}, "rules: not an option of Ming Kanhu (its options: players)"),
    ("qing", {"eye6": "mine"}, "eye6: 'mine' is not one of culin, wilkinson"),
    ("qing", {"extras_replace": 1}, "extras_replace: true or false, not 1"),
    ("khanhoo", {"max_turns": 0}, "max_turns: a whole number from 1, not 0"),
    ("khanhoo", {"orphan": True}, "orphan: the orphan needs four players (K7)"),
    ("khanhoo", {"render_mode": "rgb_array"}, "render_mode: one of human, ansi"),
])
def test_a_bad_game_table_or_option_is_named(name: str, options: dict, message: str) -> None:
    with pytest.raises(AdvisorError) as err:
        make_env(name, **options)
    assert err.value.message.startswith(message)


@pytest.mark.parametrize("name", GAMES)
def test_render_shows_the_decision_and_then_the_end_in_the_games_words(name: str) -> None:
    env = make_env(name, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    agent = env.agent_selection
    faces = env.spec.faces
    assert isinstance(text, str) and faces.view_text and faces.action_text
    assert text.startswith(f"{env.spec.title} · {agent} to act\n")
    assert faces.view_text(env.view(agent), PLAIN) in text
    for a in env.legal_actions():
        assert f"{env.index(a):>5}: {faces.action_text(a)}" in text
    while not env.terminations[env.agent_selection]:
        env.step(env.index(env.legal_actions()[0]))
    end = env.render()
    assert isinstance(end, str) and end.splitlines()[-1].startswith("Rewards: player_0 ")


def test_render_human_prints_and_no_mode_warns(capsys: pytest.CaptureFixture[str]) -> None:
    env = make_env("ming", render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "Ming Kanhu · player_" in capsys.readouterr().out
    quiet = make_env("ming")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


@pytest.mark.parametrize(("options", "message"), [
    ({"deal": -1}, "options.deal: a deal number from 0, not -1"),
    ({"game": "a deal"}, "options.game: a deal of Khanhoo in play"),
])
def test_a_bad_reset_option_is_named_and_changes_nothing(options: dict, message: str) -> None:
    env = make_env("khanhoo")
    env.reset(seed=2)
    before = env.game.to_record(), env.run_seed, env.deal_number
    with pytest.raises(AdvisorError, match=re.escape(message)):
        env.reset(seed=5, options=options)
    assert (env.game.to_record(), env.run_seed, env.deal_number) == before


def test_a_deal_in_play_is_played_on() -> None:
    from advisor.khanhoo.game import Game

    other = make_env("khanhoo", players=4)
    with pytest.raises(AdvisorError, match=r"options\.game: a deal between 4 players"):
        other.reset(options={"game": Game.from_deal(3, seed=1)})
    env = make_env("khanhoo")
    dealt = Game.from_deal(3, seed=1)
    env.reset(options={"game": dealt})
    assert env.game is dealt and env.deal_number is None
    assert env.agent_selection == f"player_{dealt.leader}"
