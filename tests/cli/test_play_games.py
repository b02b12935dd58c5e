"""``advisor GAME play`` for every registered game, through the one turn loop: typed moves
in the game's notation, the log of every seat's moves, forced moves played for the player,
records written and replayable, ``--record`` checked before dealing, and ``--players`` /
``--seats`` that disagree refused."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from advisor.cli import main
from advisor.cli.common import EXIT_USAGE
from advisor.cli.playing import terminal
from advisor.games.spec import AnySpec
from advisor.ming.game import Game as MingGame
from advisor.ming.terminal import FACE_DOWN_SHOWN, menu
from advisor.registry import GAMES


def _codes(cards: Any) -> str:
    return " ".join(c.code for c in cards)


SPELL: dict[str, Callable[[Any], str]] = {
    "chan": lambda a: f"d {a.card.code}" if a.do == "discard" else
    f"eat {a.card.code}" if a.do == "eat" else a.do,
    "khanhoo": lambda a: f"d {a.card.code}" if a.do == "discard" else
    f"{a.do} {a.card.code}" if a.card is not None else
    f"{a.do} {_codes(a.with_)}" if a.with_ else a.do,
    "qing": lambda a: f"d {a.card.code}" if a.do == "discard" else
    f"take {_codes(a.with_)}" if a.do == "take" else a.do,
    "ming": lambda a: " ".join(c.code for c in __import__(
        "advisor.ming.cards", fromlist=["cards_of"]).cards_of(a.cards)),
}
"""A legal action as a player types it in the game's notation (never its number)."""

ONLY = {"chan": "(your only legal move)", "khanhoo": "(your only choice: played for you)",
        "qing": "(your only choice: played for you)", "ming": "(your only choice: played "
        "for you)"}

IDS = {"ids": lambda g: g.name}


def first_decision(info: AnySpec, seed: int) -> tuple[Any, list[Any]]:
    term = terminal(info)
    assert term.table is not None
    table = term.table({"seed": seed})
    table.advance()
    return table.view(), list(table.legal())


def play(info: AnySpec, *args: str, input: str) -> Any:
    return CliRunner().invoke(main, [info.name, "play", *args], input=input)


@pytest.mark.parametrize("info", GAMES, **IDS)  # type: ignore[arg-type]
def test_a_typed_move_is_played_and_the_log_tells_every_seat(info: AnySpec) -> None:
    _, legal = first_decision(info, 11)
    typed = SPELL[info.name](legal[-1])
    r = play(info, "--seed", "11", input=f"{typed}\nlog\nq\n")
    assert r.exit_code == 0, r.output
    assert "Not allowed" not in r.stdout and "neither a card" not in r.stdout, r.stdout
    log = r.stdout.split("Every move so far:", 1)[1]
    assert re.search(r"#\s*\d+\s+you ", log), log  # the typed move, by the player
    assert re.search(r"#\s*\d+\s+seat \d ", r.stdout), r.stdout  # the bots' moves too


@pytest.mark.parametrize("info", GAMES, **IDS)  # type: ignore[arg-type]
def test_whole_deals_record_replay_and_forced_moves_are_played_for_you(
        info: AnySpec, tmp_path: Path) -> None:
    forced = 0
    for seed in (1, 2, 3):
        out = tmp_path / f"deal{seed}.json"
        r = play(info, "--seed", str(seed), "--record", str(out), input="1\n" * 2000)
        assert r.exit_code == 0, r.output
        assert "Traceback" not in r.output
        assert f"Record written to {out}" in r.stdout
        forced += r.stdout.count(ONLY[info.name])
        replay = CliRunner().invoke(main, [info.name, "replay", str(out)])
        assert replay.exit_code == 0 and "1 of 1 records valid" in replay.stdout, \
            replay.output
        assert json.loads(out.read_text())["format"] == info.record_format
        if info.name != "chan":  # Chắn's end is its own (tests/cli/test_play.py)
            assert "══ The deal is over ══" in r.stdout and "Settlement" in r.stdout
    assert forced, "no forced move was played for the player in three deals"


@pytest.mark.parametrize("info", GAMES, **IDS)  # type: ignore[arg-type]
def test_a_record_in_a_missing_folder_is_refused_before_dealing(info: AnySpec,
                                                                tmp_path: Path) -> None:
    r = play(info, "--seed", "1", "--record", str(tmp_path / "no" / "deal.json"),
             input="1\n" * 50)
    assert r.exit_code == EXIT_USAGE
    assert "no such folder" in r.output and "your move" not in r.output.casefold()


@pytest.mark.parametrize("info", GAMES, **IDS)  # type: ignore[arg-type]
def test_players_and_seats_that_disagree_are_refused(info: AnySpec) -> None:
    if info.name == "chan":  # a table of four: the three opponents are named, one way
        r = play(info, "--opponents", "greedy,random", input="q\n")
        assert r.exit_code == EXIT_USAGE and "three" in r.output
        assert "--players" not in play(info, "--help", input="").stdout
        return
    high = info.players[1]
    r = play(info, "--players", str(high), "--seats", "greedy", input="q\n")
    assert r.exit_code == EXIT_USAGE and "agree" in r.output, r.output
    r = play(info, "--players", "2", "--seats", "greedy", "--seed", "1", input="q\n")
    assert r.exit_code == 0 and "against greedy (" in r.stdout


@pytest.mark.parametrize("info", [g for g in GAMES if g.name != "chan"], **IDS)  # type: ignore[arg-type]
def test_the_default_table_is_simulates(info: AnySpec) -> None:
    r = play(info, "--seed", "1", input="q\n")
    opponents = r.stdout.split("against ", 1)[1].split(" (", 1)[0].split(", ")
    assert len(opponents) + 1 == len(info.faces.simulate_seats.split(","))


def test_rule_flags_reach_the_deal() -> None:
    r = CliRunner().invoke(main, ["khanhoo", "play", "--seed", "1", "--variation", "--trio"],
                           input="q\n")
    assert r.exit_code == 0 and "3 sets" in r.stdout and "trio" in r.stdout, r.output
    r = CliRunner().invoke(main, ["qing", "play", "--seed", "1", "--eye6", "wilkinson",
                                  "--extras-replace"], input="q\n")
    assert r.exit_code == 0 and "ilkinson" in r.stdout, r.output
    r = CliRunner().invoke(main, ["khanhoo", "play", "--variation", "--sets", "2"],
                           input="q\n")
    assert r.exit_code == EXIT_USAGE


def test_ming_follows_after_a_three_card_lead_fit_a_compact_menu() -> None:
    """Every follow that beats is offered; face-down follows at most FACE_DOWN_SHOWN, and
    any face-down follow is still accepted when typed."""
    seen = 0
    for seed in range(40):
        g = MingGame.from_deal(2, seed=seed)
        while g.pending is not None:
            d = g.pending
            legal = g.legal_actions()
            if d.phase == "follow" and g.trick is not None and g.trick.lead.size == 3:
                offered = menu(g.view(d.seat), legal)
                assert [a for a in offered if a.beats] == [a for a in legal if a.beats]
                assert len([a for a in offered if not a.beats]) <= FACE_DOWN_SHOWN
                assert all(a in legal for a in offered)
                seen += 1
            g.act(d.seat, legal[-1])
    assert seen
