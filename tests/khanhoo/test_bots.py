"""Bots and the simulator: built-in bots play legal games; an external bot that
misbehaves (garbage, illegal or late replies, crashing) is replaced by the first legal
action and reported, never a crash."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from advisor.errors import AdvisorError
from advisor.games.bots import ExecBot, RandomBot
from advisor.khanhoo.bots import GreedyBot, SeatCards, partners
from advisor.khanhoo.cards import card, counts_of, parse_cards
from advisor.khanhoo.game import Action, Game, claim_action
from advisor.khanhoo.record import replay
from advisor.khanhoo.seats import make_bot
from advisor.khanhoo.simulate import ROUTES, play, route, simulate
from tests.khanhoo.test_game import cs, deal, play_until

EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "examples" / "khanhoo_bot.py"

BODIES = {
    "garbage": """
        import sys
        for line in sys.stdin:
            print("not json", flush=True)
    """,
    "illegal": """
        import json, sys
        for line in sys.stdin:
            if json.loads(line)["type"] == "decide":
                print(json.dumps({"do": "discard", "card": "Qs"}), flush=True)
    """,
    "late": """
        import json, sys, time
        first = True
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "decide":
                if first:
                    time.sleep(1)
                    first = False
                print(json.dumps(msg["legal"][0]), flush=True)
    """,
    "crash": """
        import sys
        sys.stdin.readline()
        sys.exit(3)
    """,
}


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return f"{sys.executable} {path}"


def test_example_bot_plays_legal_games() -> None:
    s = simulate(["greedy", "random", f"exec:{sys.executable} {EXAMPLE_BOT}"], games=4, seed=4)
    assert s.incidents == [] and s.games == 4


@pytest.mark.parametrize("kind", list(BODIES))
def test_misbehaving_bot_is_replaced_by_the_first_legal_action(tmp_path: Path,
                                                                 kind: str) -> None:
    cmd = _script(tmp_path, kind, BODIES[kind])
    records = []
    s = simulate(["greedy", f"exec:{cmd}"], games=2, seed=1, time_limit=0.2,
                 on_game=lambda g, p: records.append(g.to_record(p)))
    assert s.games == 2 and s.incidents, "the misbehaviour is reported"
    assert all(i.seat == 1 for i in s.incidents)
    expect = {"garbage": "malformed", "illegal": "illegal", "late": "no reply",
              "crash": "exited"}[kind]
    assert expect in s.incidents[0].reason
    assert all(replay(r).valid for r in records)


def test_bot_that_cannot_start(tmp_path: Path) -> None:
    bot = make_bot(f"exec:{tmp_path / 'no-such-program'}")
    assert isinstance(bot, ExecBot)
    g = Game.from_deal(2, seed=1)
    play(g, [bot, GreedyBot()])
    assert g.over and "could not start" in bot.incidents[0].reason


def test_seat_specs() -> None:
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("exec:python3 x.py"), ExecBot)
    for bad in ("", "exec:", "smart", "greedy:3", "advisor:"):
        with pytest.raises(AdvisorError, match="seat spec"):
            make_bot(bad)


def test_greedy_goes_out_when_it_can() -> None:
    g = Game.from_deal(2, seed=1)
    s = g.seats[g.leader]
    s.hand = list(counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2c 2d 9d",
                                        limit=(9,) * 31)))
    legal = g.legal_actions()
    assert GreedyBot().decide(g.view(g.leader), legal) == Action("out", card("9d"))


def test_greedy_discards_the_loosest_card() -> None:
    g = Game.from_deal(2, seed=1)
    s = g.seats[g.leader]
    s.hand = list(counts_of(parse_cards("Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d 5c",
                                        limit=(9,) * 31)))
    a = GreedyBot().decide(g.view(g.leader), g.legal_actions())
    assert a.do == "discard" and a.card is not None and a.card.code in ("9d", "5c")


def test_seat_cards_from_a_view() -> None:
    g = Game.from_deal(3, seed=2)
    seat = SeatCards.of(g.view(g.leader))
    assert seat.hand == g.hand(g.leader) and seat.target == 15
    assert sum(seat.unseen) == g.rules.pack.size - 16
    assert partners(counts_of(parse_cards("4h 5h 5c 9d")), card("5h")) == 2


def test_simulation_is_deterministic_for_a_seed() -> None:
    a = simulate(["greedy", "random", "random"], games=6, seed=9).to_json()
    b = simulate(["greedy", "random", "random"], games=6, seed=9).to_json()
    for key in ("seconds", "games_per_second", "moves_per_second"):
        a.pop(key), b.pop(key)
    assert a == b


def test_slices_of_a_run_merge_into_the_whole_run() -> None:
    specs = ["greedy", "greedy", "greedy"]
    whole = simulate(specs, games=4, seed=3, duplicate=True)
    part = simulate(specs, games=2, seed=3, duplicate=True)
    part.merge(simulate(specs, games=2, seed=3, duplicate=True, first=2))
    assert [p.to_json() for p in part.players] == [p.to_json() for p in whole.players]
    assert (part.games, part.outcomes) == (whole.games, whole.outcomes)


def test_duplicate_gives_every_player_every_seat() -> None:
    s = simulate(["greedy", "random", "random"], games=2, seed=2, duplicate=True)
    assert s.games == 6 and all(p.deals == 6 for p in s.players)
    assert sum(p.total for p in s.players) == 0


def test_identical_players_in_duplicate_are_symmetric() -> None:
    s = simulate(["greedy"] * 3, games=3, seed=3, duplicate=True)
    assert len({(p.wins, p.total) for p in s.players}) == 1


def test_greedy_beats_random() -> None:
    s = simulate(["greedy", "random"], games=40, seed=5)
    greedy, rand = s.players
    assert greedy.wins > 2 * rand.wins


def test_table_size_and_orphan() -> None:
    with pytest.raises(AdvisorError, match="2 to 5"):
        simulate(["greedy"], games=1)
    with pytest.raises(AdvisorError, match="K7"):
        simulate(["greedy"] * 3, games=1, orphan=True)
    s = simulate(["greedy"] * 4, games=2, seed=1, orphan=True)
    assert s.games == 2


# --- how the wins came (simulate.route) --------------------------------------------------------

OUT_ON_A_TRIPLET = "5h 5c Ad 2d 3d 4d 6d 7d 8d 9d 6c 7c 8c 9c Js"  # 5d completes it


def test_route_k3_the_leader_going_out_on_the_dealt_cards() -> None:
    g = deal(3, 2, {0: "Ah 2h 3h 4h 5h 6h 7h 8h 9h Ac 2c 3c 4c 5c 6c 9d"})
    g.out(0, card("9d"))
    assert route(g) == "deal"


@pytest.mark.parametrize(("seat", "claim"), [(1, "take"), (2, "bump")])
def test_route_k5_going_out_on_a_claimed_discard(seat: int, claim: str) -> None:
    g = deal(3, 2, {0: "5d", seat: OUT_ON_A_TRIPLET})
    g.discard(0, card("5d"))
    play_until(g, seat, "claim")
    g.act(seat, claim_action(claim, cs("5h 5c")))
    play_until(g, seat, "turn")
    g.out(seat, card("Js"))
    assert route(g) == claim


def test_route_k4_going_out_on_a_card_from_the_stock() -> None:
    g = deal(3, 2, {0: "Ks", 1: OUT_ON_A_TRIPLET}, stock="5d")
    g.discard(0, card("Ks"))
    play_until(g, 1, "draw")
    g.draw(1)
    g.out(1, card("Js"))
    assert route(g) == "draw"


def test_route_of_an_unfinished_or_drawn_deal_is_none() -> None:
    g = Game.from_deal(3, seed=1)
    assert route(g) is None
    g = Game.from_deal(3, seed=1, max_turns=2)
    play(g, [GreedyBot()] * 3)
    assert g.result is not None and g.result.winner is None and route(g) is None


def test_every_win_has_one_route_and_slices_merge() -> None:
    specs = ["greedy"] * 3  # deterministic bots, so slices replay the whole run
    whole = simulate(specs, games=6, seed=5, duplicate=True)
    assert sum(sum(r.values()) for r in whole.routes) == whole.games - whole.draws
    assert [sum(r.values()) for r in whole.routes] == [p.wins for p in whole.players]
    assert {how for r in whole.routes for how in r} <= set(ROUTES)
    part = simulate(specs, games=3, seed=5, duplicate=True)
    part.merge(simulate(specs, games=3, seed=5, duplicate=True, first=3))
    assert part.routes == whole.routes
    assert whole.to_json()["win_routes"] == [dict(sorted(r.items())) for r in whole.routes]
