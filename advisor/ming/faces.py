"""Ming Kanhu as the faces see it (:mod:`advisor.games.faces`): its verbs — ``trick``
(who wins a trick) and ``advice`` (the command ``advise``) — and its ``simulate``. The
command line and the service are made from :data:`GAME`.

>>> TRICK.answer({"plays": [["7c", "3s", "3m"], "9c 1s 1m"]}, Context()).to_json()
{'winner': 1, 'cards': 6, 'bonus': 5}
"""

from __future__ import annotations

from typing import Any

from advisor.errors import PositionError
from advisor.games.advice import Advice
from advisor.games.faces import Context, Faces, Field, Verb, text_hooks
from advisor.games.spec import GameSpec
from advisor.ming import text as texts
from advisor.ming.advice import MAX_BUDGET_MS, Budget, advise
from advisor.ming.bots import GreedyBot, StrongBot
from advisor.ming.cards import FULL
from advisor.ming.core import TWIN
from advisor.ming.game import RECORD_FORMAT, Action, Game, legal_of
from advisor.ming.plays import DECLARATIONS, TrickResult, trick
from advisor.ming.position import view_of_position
from advisor.ming.record import RESULT_FORM, UPGRADES, game_from_record
from advisor.ming.review import exact_review
from advisor.ming.simulate import outcome, start
from advisor.ming.terminal import TERMINAL
from advisor.ming.view import View, check_view

TRICK_FIELDS: tuple[Field, ...] = (
    Field("plays", "The plays in order, the lead first: one argument per play, e.g. "
                   "'7c 3s 3m' (codes or names: '9 Cash', 'Half Cash', 'Thousand Myriads')",
          kind="arguments", metavar="PLAY...", required=True),
    Field("leopard9", "What a Leopard 9 led is declared (M5)", kind="choice",
          choices=DECLARATIONS, default="special"),
)

ADVICE_FIELDS: tuple[Field, ...] = (
    Field("hand", "The seat's cards, e.g. '9c 9s 9m 1s 2s 3s 5m'", short="-H",
          metavar="CARDS"),
    Field("trick", "The plays so far in this trick, the lead first; '?' for each card of "
                   "a face-down play not seen (repeat the flag)", kind="many",
          metavar="CARDS"),
    Field("seen", "Cards seen out of play: the shown plays of earlier tricks, the seat's "
                  "own face-down plays", metavar="CARDS"),
    Field("players", "Players", kind="int", minimum=2, maximum=3, default=2),
    Field("seat", "The seat's number; the trick's plays are by the seats before it",
          kind="int", minimum=0, maximum=2, default=0),
    Field("scores", "Scores so far, one per seat, comma-separated", kind="numbers",
          metavar="N,N[,N]"),
    Field("leopard9", "What a Leopard 9 led in this trick was declared", kind="choice",
          choices=DECLARATIONS),
)


def _trick(obj: object, ctx: Context) -> TrickResult:
    if not isinstance(obj, dict):
        raise PositionError("a trick must be a JSON object with its plays", field="$")
    unknown = sorted(set(obj) - {"plays", "leopard9"})
    if unknown:
        raise PositionError(f"{unknown[0]}: unknown field of a trick", field=unknown[0])
    plays = obj.get("plays")
    if not isinstance(plays, list):
        raise PositionError("plays: the plays in order, the lead first (a list)",
                            field="plays")
    return trick(plays, obj.get("leopard9"))


def _advise(obj: object, ctx: Context) -> Advice:
    if isinstance(obj, dict) and isinstance(obj.get("scores"), str):
        text = obj["scores"]
        try:
            obj = {**obj, "scores": [int(x) for x in text.replace(" ", "").split(",") if x]}
        except ValueError:
            raise PositionError(f"scores: '{text}' is not numbers separated by commas",
                                field="scores", token=text) from None
    return GAME.advice(obj, ctx)


def _trick_text(result: Any, st: Any) -> str:
    return texts.trick_text(result, st)


TRICK = Verb(
    "trick",
    "Judge a trick: who wins it (the index of the winning play, the lead being 0), how many "
    "cards he takes and the bonus he scores (M3–M6).",
    _trick, _trick_text, TRICK_FIELDS,
    examples=('"7c 3s 3m" "9c 1s 1m" --json', '"3s" "5m" "TM"',
              '"9c 9s 9m" "1s 1m TM" --leopard9 leopard'),
    example={"plays": [["7c", "3s", "3m"], ["9c", "1s", "1m"]], "leopard9": "special"},
    what="trick")

ADVICE = Verb(
    "advice",
    "Rank every legal play of the seat to act — which single or combination to lead, which "
    "cards to follow with, whether to beat — by the settlement it can expect for the deal "
    f"(M7). A position, or a record prefix ({RECORD_FORMAT}) advised for the seat to act "
    "at its end.",
    _advise, texts.advice_text, ADVICE_FIELDS, budget=True,
    command="advise",
    examples=('--hand "9c 9s 9m 1s 2s 3s 5m" --seen "4s 5s 6s 7s 8s 1m 2m 3m 4m 6m 7m 8m"',
              '--hand "1s 2s 3s 4s 5s 6s 7s 8s 9s" --players 3 --seat 2 --trick 7c '
              '--trick "?"',
              "examples/ming_prefix.json --json"),
    example={"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3, "seat": 2,
             "trick": ["7c", "?"], "scores": [0, 0, 0]})

def audit(game: Game) -> None:
    """A finished deal's invariants (M6, M7): every card of the pack is somewhere, the
    tricks took every dealt card (26 with two players, 27 with three), and the
    settlement balances."""
    r = game.result
    assert r is not None, "the deal is not over"
    assert game.cards_in_play() == FULL, "cards not accounted for"
    assert sum(r.captured) == 30 - bin(game.stock).count("1"), "the tricks took too few"
    assert sum(r.settlement) == 0, "the settlement does not balance"


POINTS_PER_CHANCE = 20.0
"""A whole chance to win, in points of settlement, for the review's classes: twice the
mean |settlement| of greedy deals (8.0 with 2 players, 12.4 with 3; docs/review.md)."""

GAME: GameSpec[Game, Action, View] = GameSpec(
    "ming", "Ming Kanhu", (2, 3), RECORD_FORMAT,
    read_action=Action.from_json, read_view=check_view, view_of_position=view_of_position,
    legal_of=legal_of, from_record=game_from_record,
    deal=lambda players, seed: Game.from_deal(players, seed), outcome=outcome,
    bot_rules=lambda g: {"players": g.players},
    greedy=lambda seed: GreedyBot(), strong=lambda seed: StrongBot(), advise=advise,
    default_budget_ms=Budget().ms,
    max_budget_ms=MAX_BUDGET_MS, simulation=start, audit=audit,
    exact_review=exact_review, points_per_chance=POINTS_PER_CHANCE, result_form=RESULT_FORM,
    upgrades=UPGRADES,
    endpoints="advisor.ming.endpoints", twin=TWIN,
    faces=Faces((TRICK, ADVICE), (), "advisor,greedy", terminal=TERMINAL, **text_hooks(texts)))

__all__ = ["ADVICE", "GAME", "TRICK"]
