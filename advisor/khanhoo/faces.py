"""Khanhoo as the faces see it (:mod:`advisor.games.faces`): its verbs — ``score``,
``analyze``, ``advice`` (the command ``advise``) and ``settle`` (a match's scores) —
with their fields, and its ``simulate`` options. The command line and the service are
made from :data:`GAME`.
"""

from __future__ import annotations

from typing import Any

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
from advisor.khanhoo import text as texts
from advisor.khanhoo.advice import MAX_BUDGET_MS, Budget, advise
from advisor.khanhoo.analysis import analyze
from advisor.khanhoo.bots import GreedyBot
from advisor.khanhoo.cards import RANK_CODES, SUIT_NAMES, SUIT_SYMBOLS, parse_card
from advisor.khanhoo.core import TWIN
from advisor.khanhoo.game import (
    MAX_PLAYERS,
    MAX_TURNS,
    MIN_PLAYERS,
    RECORD_FORMAT,
    Action,
    Game,
    legal_of,
)
from advisor.khanhoo.position import Position, position_from_fields, view_of_position
from advisor.khanhoo.record import RESULT_FORM, UPGRADES, game_from_record
from advisor.khanhoo.rules import OPTION_HELP
from advisor.khanhoo.scoring import Settlement, score
from advisor.khanhoo.simulate import outcome, start
from advisor.khanhoo.strong import StrongBot
from advisor.khanhoo.terminal import TERMINAL
from advisor.khanhoo.view import View

RULES_FIELDS: tuple[Field, ...] = (
    Field("sets", "Sets in the pack; 3 is the variation, K9", kind="int", minimum=2,
          maximum=4, default=2),
    Field("jokers", "Jokers in the pack", kind="int", minimum=0, maximum=5, default=1),
    *(Field(name, text, kind="flag") for name, text in OPTION_HELP.items()),
)
"""The flags that choose the pack and the options (K1, K-run, K5, K9, K10)."""

TABLE_PACK_FIELDS: tuple[Field, ...] = (
    Field("sets", "Sets in the pack; 3 is the variation, K9 [default: the table's pack, "
          "K1: 2, or 4 at five players]", kind="int", minimum=2, maximum=4),
    Field("jokers", "Jokers in the pack [default: the table's pack, K1: 1, or 2 at three "
          "players]", kind="int", minimum=0, maximum=5),
)
"""The pack of a table whose number of players is known: by default the pack K1 deals to
that many (a 61-card pack is never dealt to three)."""


def _with_table_pack(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    pack = {f.name: f for f in TABLE_PACK_FIELDS}
    return tuple(pack.get(f.name, f) for f in fields)


POSITION_FIELDS: tuple[Field, ...] = (
    Field("hand", "Concealed cards, e.g. 'Ah 2c 3d Js Qs Ks' (1 for Ace, ♥♣♦♠ too)",
          short="-H", metavar="CARDS"),
    Field("melds", "Combinations laid face up; repeat the flag or separate with ';'",
          kind="many", short="-m", metavar="CARDS"),
    Field("seen", "Cards seen elsewhere (for unseen counts)", metavar="CARDS"),
    Field("orphan", "The seat is the orphan: it goes out with 6 cards (K7)", kind="flag"),
    *RULES_FIELDS,
)

ADVICE_FIELDS: tuple[Field, ...] = (
    *_with_table_pack(POSITION_FIELDS),
    Field("offer", "A discard on offer (the seat may claim it)", metavar="CARD"),
    Field("from", "Who threw the offer: 'left' (the seat is next: take or draw) or 'other' "
                  "(bump)", kind="choice", choices=("left", "other")),
    Field("players", "Players", kind="int", minimum=2, maximum=5, default=3),
    Field("turn", "Turns each opponent has played (for their chance of going out)",
          kind="int", minimum=0),
)


SCORE = Verb(
    "score",
    "Score a complete hand (K6, K8).\n\n"
    "15 cards in combinations, or 16 going out with the best card to throw away; 6 or 7 "
    "for the orphan (K7). A hand that cannot go out gives its distance (a result, "
    "`{\"out\": false, \"distance\": …}`, not an error).",
    on_position(score, Position.from_json), texts.score_text, POSITION_FIELDS,
    examples=('--hand "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"',
              "examples/khanhoo_hand.json --json"),
    example={"hand": "Ah Ah 2c 2c 3d 3d 5h 5h 5c 5c 5d 5d Ks 9h 9h"},
    from_flags=position_from_fields)

ANALYZE = Verb(
    "analyze",
    "Analyze a hand: its distance, the useful cards or the discard table.\n\n"
    "At rest (15 cards) its distance and the cards that lower it (`useful`); owing a card "
    "(16) the discard table (`discards`), best first; 6 and 7 for the orphan.",
    on_position(analyze, Position.from_json), texts.analysis_text, POSITION_FIELDS,
    examples=('--hand "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"',
              '--hand "4h 5h Ac 2c 3c 7d 8d 9h Qs Ks 5d 6c" -m "7h 7c Jk"'),
    example={"hand": "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d"},
    from_flags=position_from_fields)

ADVICE = Verb(
    "advice",
    "Rank the legal actions of the seat to act: a position, or a record prefix.\n\n"
    "Each action with its chance of going out first and the points it can expect. A "
    "position of 16 cards is a turn; of 15 with a discard on `offer`, a claim (K5). A "
    "record prefix (`\"format\": \"khanhoo-record/2\"`, or /1) is advised for the seat to act "
    "at its end.",
    lambda obj, ctx: GAME.advice(obj, ctx), texts.advice_text, ADVICE_FIELDS, budget=True,
    command="advise",
    examples=('--hand "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d 5c"',
              '--hand "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d" --offer 2c --from left',
              "examples/khanhoo_advice.json --json"),
    example={"hand": "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d", "offer": "2c",
             "from": "left", "players": 3},
    from_flags=position_from_fields)

def _settle_flags(flags: dict[str, Any]) -> dict[str, Any]:
    """The settlement request the command line spells: ``52 49 47 47 --names A,B,C,D``
    (a score that is not a whole number is left for the library to name)."""
    obj: dict[str, Any] = {"scores": [int(x) if x.lstrip("-").isdigit() else x
                                      for x in flags.get("scores") or ()]}
    if flags.get("names"):
        obj["names"] = [n.strip() for n in flags["names"].split(",")]
    return obj


SETTLE = Verb(
    "settle",
    "Settle a match from the players' scores (as in Skat).\n\n"
    "Each player pays every player above him the difference of their scores: his balance "
    "is his score times the number of players less the sum of all scores.",
    lambda obj, ctx: Settlement.from_json(obj), texts.settlement_text,
    (Field("scores", "The players' scores", kind="arguments", metavar="SCORES"),
     Field("names", "The players' names, in the order of SCORES", metavar="A,B,…")),
    examples=("52 49 47 47 --names A,B,C,D",
              "echo '{\"scores\": [52, 49, 47, 47]}' | advisor khanhoo settle --file - --json"),
    example={"scores": [52, 49, 47, 47], "names": ["A", "B", "C", "D"]},
    what="match", from_flags=_settle_flags)

SIMULATE_FIELDS: tuple[Field, ...] = (
    Field("variation", "The 3-set variation (K9): 3 sets + 2 Jokers", kind="flag"),
    Field("orphan", "Four players: one of them is orphan (K7)", kind="flag"),
    Field("max_turns", "Discards after which a deal nobody went out of is a draw",
          kind="int", minimum=1, default=MAX_TURNS),
    *_with_table_pack(RULES_FIELDS),
)

_COURT = {11: "J", 12: "Q", 13: "K"}


def look(written: str) -> Look:
    """A card (its code, or as the text writes it: ``A♥``) as the hand page draws it:
    its rank over its suit's symbol and name; the Joker a star."""
    c = parse_card(written)
    if not c.suit:
        return Look(c.code, c.name, c.red, "★", "Joker", "any")
    top = RANK_CODES.get(c.rank) or _COURT[c.rank]
    return Look(c.code, c.name, c.red, top, SUIT_SYMBOLS[c.suit], SUIT_NAMES[c.suit])


PAGE = HandPage(r"[A2-9JQK][♥♣♦♠]|Jk", look, drawn_from_json("Laid"))
"""The hand page of Khanhoo: what ``advisor khanhoo analyze`` prints."""


def audit(game: Game) -> None:
    """A finished deal's invariants: the scores add up to the winner's points (none in a
    draw), and every card of the pack is somewhere."""
    r = game.result
    assert r is not None, "the deal is not over"
    assert sum(r.scores) == r.points and (r.winner is None) == (r.points == 0), \
        "the scores do not add up to the winner's points"
    assert game.cards_in_play() == game.rules.pack.counts, "cards not accounted for"


TABLES = (
    Table("2 players", 2), Table("3 players", 3), Table("4 players, no stock", 4),
    Table("4 players, orphan", 4, {"orphan": True}), Table("5 players", 5),
    Table("3 players, variation + trio", 3, {"variation": True, "trio": True}),
)

GAME: GameSpec[Game, Action, View] = GameSpec(
    "khanhoo", "Khanhoo", (MIN_PLAYERS, MAX_PLAYERS), RECORD_FORMAT,
    read_action=Action.from_json, read_view=View.from_json, view_of_position=view_of_position,
    legal_of=legal_of, from_record=game_from_record,
    deal=lambda players, seed: Game.from_deal(players, seed), outcome=outcome, twin=TWIN,
    bot_rules=lambda g: g.rules.to_json(),
    greedy=lambda seed: GreedyBot(), strong=lambda seed: StrongBot(), advise=advise,
    default_budget_ms=Budget().ms,
    max_budget_ms=MAX_BUDGET_MS, simulation=start, audit=audit, tables=TABLES,
    result_form=RESULT_FORM, upgrades=UPGRADES,
    endpoints="advisor.khanhoo.endpoints",
    faces=Faces((SCORE, ANALYZE, ADVICE, SETTLE), SIMULATE_FIELDS, "greedy,random,random",
                terminal=TERMINAL, page=PAGE, **text_hooks(texts)))

__all__ = ["GAME"]

