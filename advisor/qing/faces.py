"""Qing Kanhu as the faces see it: its verbs (``score``, ``analyze``, ``advice``), their
fields, and its ``simulate`` command — from which the command line (``advisor qing …``)
and the service (``POST /v1/qing/…``) are generated.

>>> from advisor.games.faces import Context
>>> GAME.faces.verb("score").answer({"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c",
...                                  "extras_replace": True}, Context()).to_json()["win"]
True
"""

from __future__ import annotations

from functools import partial

from advisor.games.faces import (
    Faces,
    Field,
    HandPage,
    Look,
    Table,
    Verb,
    drawn_from_json,
    on_position,
    text_hooks,
)
from advisor.games.spec import GameSpec
from advisor.qing import text as texts
from advisor.qing.advice import MAX_BUDGET_MS, advise
from advisor.qing.analysis import analyze
from advisor.qing.bots import GreedyBot, StrongBot
from advisor.qing.cards import PACK, SUIT_NAMES, SUIT_ZH, parse_card
from advisor.qing.core import TWIN
from advisor.qing.game import MAX_PLAYERS, MIN_PLAYERS, RECORD_FORMAT, Action, Game, legal_of
from advisor.qing.position import Position, view_of_position
from advisor.qing.record import RESULT_FORM, game_from_record
from advisor.qing.rules import EYE6, OPTION_HELP
from advisor.qing.scoring import score
from advisor.qing.simulate import outcome, start
from advisor.qing.terminal import TERMINAL
from advisor.qing.view import View

ADVICE_MS = 100.0
"""Qing's default budget (the command, the endpoint, the ``advisor`` seat), as the other
games': about 70 playouts beside the value model."""

HAND = Field("hand", "The concealed cards (1c…9c 1s…9s 1m…9m RF WF OT, or names: '3 Cash', "
             "'3文', 'Red Flower', '紅花')", short="-H", metavar="CARDS")
MELDS = Field("melds", "An exposed group (a taken discard shown, Q7); repeat, or separate "
              "groups with ';'", kind="many", short="-m", metavar="CARDS")
SEEN = Field("seen", "Cards seen elsewhere (discards, other players' groups), for the unseen "
             "counts", metavar="CARDS")
EYE6_FIELD = Field("eye6", OPTION_HELP["eye6"], kind="choice", choices=EYE6, default="culin")
EXTRAS = Field("extras_replace", OPTION_HELP["extras_replace"], kind="flag")
OFFER = Field("offer", "The discard on offer from the seat on your right (you hold 14 "
              "cards); leave out when you hold 15", metavar="CARD")
PLAYERS = Field("players", "Players at the table", kind="int", minimum=MIN_PLAYERS,
                maximum=MAX_PLAYERS, default=4)
STOCK = Field("stock_left", "Cards left in the stock (by default, all the cards not seen "
              "less the other hands)", kind="int", minimum=0, maximum=120)
POSITION_FIELDS = (HAND, MELDS, SEEN, EYE6_FIELD, EXTRAS)


WIN_EXAMPLE = "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c"

def look(written: str) -> Look:
    """A card as the hand page draws it: its rank over its suit (Chinese and English);
    a flower's code over its Chinese name."""
    c = parse_card(written)
    if not c.rank:
        return Look(c.code, c.name, c.red, c.code, c.zh, c.name.split()[-1])
    return Look(c.code, c.name, c.red, str(c.rank), SUIT_ZH[c.suit], SUIT_NAMES[c.suit])


PAGE = HandPage(r"[1-9][csm]|RF|WF|OT", look, drawn_from_json("Shown"))
"""The hand page of Qing Kanhu: what ``advisor qing analyze`` prints."""


def audit(game: Game) -> None:
    """A finished deal's invariants: the 120 cards all somewhere, and the pot (Q8) paid
    to the winner by the others, or returned."""
    r = game.result
    assert r is not None, "the deal is not over"
    assert game.cards_in_play() == PACK, "cards not accounted for"
    assert sum(r.settlement) == 0, "the settlement does not balance"
    n = len(r.settlement)
    assert (r.winner is None and not any(r.settlement)) or \
        (r.winner is not None and r.settlement[r.winner] == n - 1), "the pot is not the winner's"


GAME: GameSpec[Game, Action, View] = GameSpec(
    name="qing",
    title="Qing Kanhu",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    record_format=RECORD_FORMAT,
    read_action=Action.from_json,
    read_view=View.from_json,
    view_of_position=view_of_position,
    legal_of=legal_of,
    from_record=game_from_record,
    deal=lambda players, seed: Game.from_deal(players, seed),
    outcome=outcome, bot_rules=lambda g: g.rules.to_json(),
    twin=TWIN,
    greedy=lambda seed: GreedyBot(),
    strong=lambda seed: StrongBot(),
    advise=advise,
    search=partial(advise, search=True),
    model=partial(advise, search=False),
    default_budget_ms=ADVICE_MS,
    max_budget_ms=MAX_BUDGET_MS,
    simulation=start,
    result_form=RESULT_FORM,
    endpoints="advisor.qing.endpoints",
    faces=Faces(
        verbs=(
            Verb("score", "Does a 15-card hand win (Q5)? Its groups, or its distance.\n\n"
                 "An eye, every other card in boys, extras (the three aces 1c 1s 1m, and RF, "
                 "WF, OT) added to groups.",
                 on_position(score, Position.from_json), texts.score_text,
                 POSITION_FIELDS,
                 examples=(f'--hand "{WIN_EXAMPLE}" --json',
                           '--hand "2c 3c 4c 5s 6s 7s 5m 5m 5m 1c RF WF" -m "9c 1s 1m"',
                           f'--hand "{WIN_EXAMPLE}" --eye6 wilkinson --extras-replace'),
                 example={"hand": WIN_EXAMPLE}),
            Verb("analyze", "The distance to a win, the waits (14 cards) or the discards (15).",
                 on_position(analyze, Position.from_json), texts.analysis_text,
                 POSITION_FIELDS,
                 examples=('--hand "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF"',
                           '--hand "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 2s" '
                           '--seen "1c 1c"'),
                 example={"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF"}),
            Verb("advice", "Every legal action ranked by its chance of winning the deal.\n\n"
                 "A position (15 cards: win or throw; 14 and --offer: take, win or draw) or "
                 "a record prefix (format qing-record/1). By default the search: every "
                 "action played out in worlds dealt from what the seat sees, every seat "
                 "then playing as `greedy+`, each action stated against the `greedy+` "
                 "player's own choice, within the budget (about 0.1 s of CPU a decision "
                 "on the compiled core). `search=false` (`--no-search`): the value model "
                 "alone, a few milliseconds, weaker.",
                 lambda obj, ctx: GAME.advice(obj, ctx), texts.advice_text,
                 (*POSITION_FIELDS, OFFER, PLAYERS, STOCK),
                 examples=('--hand "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 2s"',
                           '--hand "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF" --offer 3s '
                           '--players 4',
                           "examples/qing_view.json --json"),
                 example={"hand": "9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF", "offer": "3s"},
                 budget=True, search=True, command="advise"),
        ),
        simulate_fields=(EYE6_FIELD, EXTRAS),
        simulate_seats="greedy,greedy,greedy,random",
        terminal=TERMINAL, page=PAGE, **text_hooks(texts),
    ),
    audit=audit,
    tables=(*(Table(f"{n} players", n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            Table("4 players, wilkinson + extras_replace", 4,
                  {"eye6": "wilkinson", "extras_replace": True})),
)

__all__ = ["GAME"]
