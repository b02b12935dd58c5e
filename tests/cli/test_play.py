"""``advisor chan play``: whole deals driven through the CLI with scripted input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from advisor.chan.cards import BY_CODE, parse_cards, parse_face
from advisor.chan.faces import GAME as CHAN
from advisor.chan.game import Action
from advisor.chan.session import HUMAN, Table
from advisor.chan.terminal import Narrator, Unclear, read_command
from advisor.chan.view import Memory, Offer, TableSeat, View
from advisor.cli import main
from advisor.cli.common import EXIT_USAGE
from advisor.cli.playing import playable
from advisor.games.spec import AnySpec
from advisor.registry import GAMES
from advisor.text import PLAIN

TO_THE_END = "1\n" * 400  # option 1 is always legal; a deal never needs this many


def play(*args: str, input: str = TO_THE_END) -> Result:
    return CliRunner().invoke(main, ["chan", "play", *args], input=input)


def finished(r: Result) -> None:
    assert r.exit_code == 0, r.output
    assert "══ The deal is over ══" in r.stdout and "Settlement: you " in r.stdout
    assert "internal error" not in r.output and "Traceback" not in r.output


def replays(path: Path) -> dict:
    r = CliRunner().invoke(main, ["chan", "replay", str(path)])
    assert r.exit_code == 0 and "1 of 1 records valid" in r.stdout, r.output
    return json.loads(path.read_text())


@pytest.mark.parametrize(("seed", "rules"), [(1, "house"), (2, "cvv"), (3, "house"), (4, "cvv"),
                                             (5, "house")])
def test_option_one_plays_a_whole_deal_and_records_it(tmp_path: Path, seed: int,
                                                      rules: str) -> None:
    out = tmp_path / "deal.json"
    r = play("--seed", str(seed), "--rules", rules, "--opponents", "greedy",
             "--record", str(out))
    finished(r)
    assert f"rules {rules} · seed {seed}" in r.stdout
    rec = replays(out)
    assert rec["rules"] == rules and rec["players"] == ["you", "greedy", "greedy", "greedy"]
    assert f"Record written to {out}" in r.stdout
    if rec["result"]["winner"] is not None:
        assert "Bonuses (cước):" in r.stdout and "Points: " in r.stdout


# --- typed commands ---------------------------------------------------------------------

def typed(action: Action, view: View, rng: random.Random) -> str:
    """The action as a player might type it, in one of the notations."""
    if action.card is not None:
        f = action.card
        card = rng.choice([f.code, f.code.upper(), f.vi, f.vi.lower(), f.en])
        verb = {"discard": ["d", "discard", "đánh"], "eat": ["eat", "e", "eat with", "ăn"]}
        return f"{rng.choice(verb[action.do])} {card}" if rng.random() < 0.8 else card
    words = {"pass": ["pass", "p", "PASS"], "chiu": ["chiu", "chíu", "c"],
             "win": ["win", "w", "ù"], "heaven": ["heaven", "thiên ù"]}[action.do]
    return rng.choice(words)


def script(seed: int, rules: str, opponents: list[str], choose: str) -> tuple[str, Table]:
    """Input that plays a deal to its end, with the table it should reach: the bots are
    deterministic for a seed, so a twin table predicts every decision."""
    rng = random.Random(seed)
    t = Table.new(seed=seed, rules=rules, opponents=opponents)
    lines = []
    while not t.over:
        legal = t.legal()
        a = legal[-1] if choose == "last" else rng.choice(legal)
        if rng.random() < 0.25:
            lines.append(str(legal.index(a) + 1))
        else:
            lines.append(typed(a, t.view(), rng))
        t.act(a)
    return "\n".join(lines) + "\n", t


@pytest.mark.parametrize(("seed", "rules", "choose"), [(11, "house", "random"),
                                                       (12, "cvv", "last"),
                                                       (13, "house", "last"),
                                                       (14, "cvv", "random")])
def test_typed_commands_play_a_whole_deal(tmp_path: Path, seed: int, rules: str,
                                          choose: str) -> None:
    opponents = ["greedy", "random", "greedy"]
    text, twin = script(seed, rules, opponents, choose)
    out = tmp_path / "deal.jsonl"
    r = play("--seed", str(seed), "--rules", rules, "--opponents", ",".join(opponents),
             "--record", str(out), input=text)
    finished(r)
    assert "Not allowed" not in r.stdout and "neither a card" not in r.stdout
    assert replays(out) == twin.record()


# --- refusals, garbage, the end of input ----------------------------------------------------

def _first_decision(pred):
    for seed in range(200):
        t = Table.new(seed=seed)
        if pred(t):
            return seed, t
    raise AssertionError("no seed found")  # pragma: no cover


def test_illegal_discard_names_the_rule_and_the_game_goes_on() -> None:
    def pair_to_discard(t: Table) -> bool:
        return t.view().phase in ("start", "discard") and any(
            t.view().hand.count(c) == 2 for c in t.view().hand)

    seed, t = _first_decision(pair_to_discard)
    pair = next(c.code for c in t.view().hand if t.view().hand.count(c) == 2)
    r = play("--seed", str(seed), input=f"d {pair}\n" + TO_THE_END)
    finished(r)
    assert f"Not allowed — R2 (Keep your Chắn): you hold exactly 2 {pair}" in r.stdout


def test_refused_chan_may_not_be_discarded() -> None:
    """Pass a card you could eat as a Chắn (R3), then try to discard that face."""
    for seed in range(300):
        t = Table.new(seed=seed)
        lines: list[str] = []
        refused = None
        while not t.over and len(lines) < 60:
            legal, view = t.legal(), t.view()
            offer = view.offer
            if refused is None and offer is not None and view.phase == "offer" and any(
                    a.do == "eat" and a.card == offer.card for a in legal):
                refused = offer.card.code
                lines.append("pass")
                t.act(Action("pass"))
                continue
            if refused and view.phase == "discard" and \
                    view.hand.count(BY_CODE[refused]) in (1, 3):
                lines.append(f"d {refused}")
                move = t.game.seats[HUMAN].refused[BY_CODE[refused].index]
                r = play("--seed", str(seed), input="\n".join(lines) + "\n" + TO_THE_END)
                finished(r)
                assert (f"Not allowed — R3 (Refused Chắn): {refused} was refused at move "
                        f"{move}, so it may not be discarded.") in r.stdout
                assert f"; refuses {refused}, R3)" in r.stdout  # the pass was marked
                assert f"{refused} is now refused for you (R3)" in r.stdout
                return
            lines.append("1")
            t.act(legal[0])
    raise AssertionError("no seed found")  # pragma: no cover


def test_garbage_never_crashes() -> None:
    garbage = ["", "   ", "foo", "0", "99", "-1", "d", "d van", "d 1v", "eat", "eat 2v 3v",
               "chiu 2v", "win now", "😀", "d 5v 5v 5v 5v 5v", "discard with", "???", "heaven",
               "\x1b[A", "e with", "log", "t", "h"]
    r = play("--seed", "7", input="\n".join(garbage) + "\n" + TO_THE_END)
    finished(r)
    out = r.stdout
    assert "'foo' is neither a card nor a command" in out
    assert "There is no option 99" in out and "There is no option 0" in out
    assert "ambiguous" in out and "outside 2–9" in out
    assert "'\\x1b[A' is neither a card nor a command" in out  # spelled out
    assert "No move has been made yet." in out
    assert "d CARD, discard CARD" in out  # the help


@pytest.mark.parametrize("given", ["", "1\n", "1\n1\n1\n"])
def test_end_of_input_leaves_cleanly(tmp_path: Path, given: str) -> None:
    out = tmp_path / "deal.json"
    r = play("--seed", "9", "--record", str(out), input=given)
    assert r.exit_code == 0, r.output
    assert "You left the table" in r.stdout and "No record written" in r.stdout
    assert not out.exists()


def test_quit() -> None:
    r = play("--seed", "9", input="q\n")
    assert r.exit_code == 0 and "You left the table after" in r.stdout


def test_question_mark_shows_the_advisors_ranking() -> None:
    r = play("--seed", "4", "--advice-ms", "5", input="?\nq\n")
    assert r.exit_code == 0, r.output
    assert " #  action" in r.stdout and "The advisor would play option " in r.stdout


# --- options and looks ----------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["smart", "exec:python3 bot.py", "greedy,greedy",
                                  "advisor:0"])
def test_bad_opponents_are_a_usage_error(spec: str) -> None:
    r = play("--opponents", spec, input="q\n")
    assert r.exit_code == EXIT_USAGE and "--opponents" in r.output


def test_no_colour_off_a_terminal_and_red_cards_on_one(monkeypatch: pytest.MonkeyPatch) -> None:
    r = play("--seed", "3", input="q\n")
    assert "\x1b[" not in r.stdout
    monkeypatch.setattr("advisor.cli.playing.use_color", lambda: True)
    r = CliRunner().invoke(main, ["chan", "play", "--seed", "3"], input="q\n", color=True)
    assert "\x1b[31m" in r.stdout  # a red card, in red


def test_the_table_shows_what_the_player_may_know() -> None:
    r = play("--seed", "3", input="q\n")
    out = r.stdout
    for needle in ("Seat 1 (greedy", "Seat 2 (greedy", "Seat 3 (greedy", "You", "melds:",
                   "discards:", "stock 2", "Your cards:", "Hand by group:", "Your turn"):
        assert needle in out
    assert "Hands at the end" not in out


def test_bots_declined_claims_are_not_told() -> None:
    """A bot is asked for a claim only when it can make one: telling that it declined
    would reveal its hand (C5)."""
    st = PLAIN
    silent = 0
    for seed in range(40):
        t = Table.new(seed=seed, opponents=["random"] * 3, advance=False)
        n = Narrator(t.record())
        t.advance()
        while not t.over:
            t.act(t.legal()[0])
        lines = n.tell(t.steps, None, st)
        silent += sum(s.phase == "claim" and s.action.do == "pass" and s.seat != HUMAN
                      for s in t.steps)
        assert len(lines) == sum(not (s.phase == "claim" and s.action.do == "pass"
                                      and s.seat != HUMAN) for s in t.steps)
        assert CHAN.replay(t.record()).valid
    assert silent > 0


# --- reading what the player types -------------------------------------------------------

# A VIEW cut down to what reading a command looks at: 5s offered to seat 0 by seat 3.
VIEW_OFFER = View("house", 0, 0, "offer", 0, tuple(parse_cards("5v 5m 9s 9s")), 10,
                  Offer(parse_face("5s"), "discard", 3, 0, True),
                  (TableSeat(), TableSeat(), TableSeat(), TableSeat(discards=(parse_face("5s"),))),
                  Memory())


@pytest.mark.parametrize(("text", "want"), [
    ("eat 5v", Action.from_json({"do": "eat", "with": "5v"})),
    ("e with ngũ vạn", Action.from_json({"do": "eat", "with": "5v"})),
    ("ăn 5 coins", Action.from_json({"do": "eat", "with": "5m"})),
    ("5M", Action.from_json({"do": "eat", "with": "5m"})),
    ("pass", Action("pass")), ("P", Action("pass")), ("chíu", Action("chiu")),
    ("win 5s", Action("win")), ("ù", Action("win")), ("thiên ù", Action("heaven")),
    ("d 9s", Action.from_json({"do": "discard", "card": "9s"})),
    ("2", Action("pass")), ("?", "advice"), ("Q", "quit"), ("log", "log"), ("help", "help"),
])
def test_read_command(text: str, want: object) -> None:
    legal = [Action.from_json({"do": "eat", "with": "5v"}), Action("pass")]
    assert read_command(text, VIEW_OFFER, legal) == want


def test_eat_alone_takes_the_only_way_or_asks_which() -> None:
    one = [Action.from_json({"do": "eat", "with": "5m"}), Action("pass")]
    assert read_command("eat", VIEW_OFFER, one) == one[0]
    assert read_command("eat 5s", VIEW_OFFER, one) == one[0]  # the offered card: eat it
    two = [Action.from_json({"do": "eat", "with": "5v"}),
           Action.from_json({"do": "eat", "with": "5m"}), Action("pass")]
    with pytest.raises(Unclear, match="eat 5s with which card\\? 'eat 5v' or 'eat 5m'"):
        read_command("eat", VIEW_OFFER, two)
    with pytest.raises(Unclear, match="the card on offer is 5s"):
        read_command("chiu 9s", VIEW_OFFER, two)


def test_a_card_not_held_is_said_plainly_with_no_rule_title() -> None:
    from advisor.chan.terminal import illegal_text
    from advisor.errors import IllegalActionError

    said = illegal_text(IllegalActionError("T2", "seat 0 does not hold 8v"))
    assert said == "Not allowed: you do not hold 8v (T2)."
    said = illegal_text(IllegalActionError("R2", "you hold exactly 2 8v; they stay a Chắn"))
    assert said.startswith("Not allowed — R2 (Keep your Chắn): ")


# --- every registered game on the one turn loop ------------------------------------------------

@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_every_registered_game_plays_a_whole_deal_through_the_one_loop(
        info: AnySpec, tmp_path: Path) -> None:
    assert playable(info)
    command = main.commands[info.name].commands["play"]  # type: ignore[attr-defined]
    assert command.callback.__module__ == "advisor.cli.playing"  # made by the one loop
    out = tmp_path / "deal.json"
    r = CliRunner().invoke(main, [info.name, "play", "--seed", "5", "--record", str(out)],
                           input="1\n" * 2000)
    assert r.exit_code == 0, r.output
    assert "internal error" not in r.output and "Traceback" not in r.output
    assert f"Record written to {out} (check it: advisor {info.name} replay {out})." in r.stdout
    record = json.loads(out.read_text())
    assert record["format"] == info.record_format and info.replay(record).valid


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_every_game_left_unfinished_writes_no_record(info: AnySpec, tmp_path: Path) -> None:
    out = tmp_path / "deal.json"
    r = CliRunner().invoke(main, [info.name, "play", "--seed", "5", "--record", str(out)],
                           input="")
    assert r.exit_code == 0, r.output
    assert "> \n" in r.stdout  # the end of input ends the prompt's line
    assert f"No record written to {out}" in r.stdout and not out.exists()
    r = CliRunner().invoke(main, [info.name, "play", "--record", str(out / "x" / "y")])
    assert r.exit_code == EXIT_USAGE and "Invalid value for --record: no such folder" in r.output


def test_without_a_seed_one_is_drawn_shown_and_deals_the_same_deal_again() -> None:
    import re
    r = play(input="q\n")
    assert r.exit_code == 0 and "seed None" not in r.stdout
    m = re.search(r"seed (\d+)", r.stdout)
    assert m is not None, r.stdout
    again = play("--seed", m.group(1), input="q\n")
    assert again.stdout == r.stdout  # the same cards, the same bots' moves, the same words


def test_a_deal_over_before_the_players_first_decision_still_names_its_seed() -> None:
    # Seed 8: every move of the player's is forced and seat 3 wins at move 9, so the
    # table (with its seed) is never drawn; the end says how to deal it again.
    r = play("--seed", "8", input="q\n")
    finished(r)
    assert "Hand by group:" not in r.stdout
    assert r.stdout.rstrip().endswith("Seed 8: advisor chan play --seed 8 deals it again.")
    r = play("--seed", "8", "--opponents", "advisor", "--rules", "cvv")  # played out
    assert "advisor chan play --seed 8 --opponents advisor --rules cvv deals it again." \
        in r.stdout
