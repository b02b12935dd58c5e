"""Chắn as the faces and tools see it (:mod:`advisor.games.faces`): its verbs ``score``
and ``analyze`` with their fields, and its ``simulate`` options. The command line and
the service make them from :data:`GAME`, and its terminal game (``play``) from
:data:`advisor.chan.terminal.TERMINAL`. Chắn's own ``advise`` (a VIEW, a record prefix
with a seat, or flags; playout worlds) is written in ``advisor.cli.chan`` and
``service.chan``.
"""

from __future__ import annotations

from typing import Any

from advisor.chan.advice import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, advise
from advisor.chan.analysis import analyze
from advisor.chan.bots import GreedyBot
from advisor.chan.cards import FULL_DECK
from advisor.chan.game import RECORD_FORMAT, SEATS, Action, Game
from advisor.chan.position import WIN_BY, Position, position_from_fields
from advisor.chan.profiles import PROFILES
from advisor.chan.record import game_from_record, play_recorded
from advisor.chan.scoring import score
from advisor.chan.simulate import outcome, start
from advisor.chan.terminal import TERMINAL
from advisor.chan.text import analysis_text, score_text, simulation_text
from advisor.chan.view import View
from advisor.games.faces import Faces, Field, Verb
from advisor.games.spec import GameSpec

RULES = Field("rules", "Rules profile", kind="choice", choices=tuple(PROFILES), short="-r",
              default="house")

POSITION_FIELDS: tuple[Field, ...] = (
    Field("hand", "Concealed cards, e.g. '2v 2v tam vạn 7 coins'", short="-H",
          metavar="CARDS"),
    Field("melds", "Exposed melds; repeat the flag or separate melds with ';'", kind="many",
          short="-m", metavar="MELDS"),
    Field("winning_card", "The winning card (score), or a card to add (analyze)",
          spelt="--win", short="-w", metavar="CARD"),
    Field("win_by", "How the win was made [default: other_door with --win]", kind="choice",
          choices=WIN_BY, spelt="--by"),
    RULES,
    Field("seen", "Other cards already seen (melds, discards)", metavar="CARDS"),
    Field("dealt_fours", "Faces dealt four of a kind", metavar="FACES"),
    Field("ga", "cvv option: count gà", kind="flag"),
    Field("won_previous", "Context: the winner also won the previous deal (Thông)",
          kind="flag"),
    Field("stock_revealed", "Context: stock cards revealed when the win was made (Địa ù)",
          kind="int", metavar="N"),
)


def from_flags(flags: dict[str, Any]) -> dict[str, Any]:
    """The position object the flags spell (:func:`position_from_fields`)."""
    return position_from_fields(flags.pop("hand"), flags.pop("melds", ()), **flags)


SCORE = Verb(
    "score",
    "Score a finished hand (rules §7).\n\n"
    "Hand + melds + winning card make 20 cards. A hand that does not win is a result, "
    '`{"win": false, "reason": …}`, not an error.',
    lambda obj: score(Position.from_json(obj)), score_text, POSITION_FIELDS,
    examples=('--hand "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v" --win 8m '
              "--by own_door",
              "examples/win.json --json",
              "- --json < examples/positions.jsonl"),
    example={"hand": "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v",
             "winning_card": "8m", "win_by": "own_door"},
    from_flags=from_flags)

ANALYZE = Verb(
    "analyze",
    "Analyse a hand: pairing, distance, waits and useful cards.\n\n"
    "19 cards wait for a card (`waits`, `useful`); 20 owe a discard and get the discard "
    "table (`discards`) as well.",
    lambda obj: analyze(Position.from_json(obj)), analysis_text, POSITION_FIELDS,
    examples=('--hand "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"',
              "examples/hand.json"),
    example={"hand": "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"},
    from_flags=from_flags)

def audit(game: Game) -> None:
    """A finished deal's invariants: the payments sum to zero and every card of the deck
    is somewhere."""
    assert game.result is not None, "the deal is not over"
    assert sum(game.result.payments) == 0, "payments do not sum to zero"
    assert game.cards_in_play() == FULL_DECK, "cards not accounted for"


GAME: GameSpec[Game, Action, View] = GameSpec(
    "chan", "Chắn", (SEATS, SEATS), RECORD_FORMAT,
    read_action=Action.from_json, read_view=View.from_json, from_record=game_from_record,
    deal=lambda players, seed: Game.from_deal(seed=seed), outcome=outcome,
    bot_rules=lambda g: g.rules,
    greedy=lambda seed: GreedyBot(), advise=advise, default_budget_ms=DEFAULT_BUDGET_MS,
    max_budget_ms=MAX_BUDGET_MS, simulation=start, audit=audit, play_recorded=play_recorded,
    faces=Faces((SCORE, ANALYZE), (RULES,), "greedy,random,random,random", simulation_text,
                terminal=TERMINAL))

__all__ = ["GAME", "POSITION_FIELDS"]
