"""Pairs declared once: the spec from which the faces make its commands, endpoints,
``simulate``, ``replay`` and ``play``. It is not in :data:`advisor.registry.GAMES`, so
it takes no part in parallel runs (a spec travels to another process by its name,
looked up as ``advisor.<name>.faces.GAME``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.errors import PositionError
from advisor.games.faces import Context, Faces, Field, Verb
from advisor.games.simulate import PlayerStats, RunSummary, rotations
from advisor.games.spec import GameSpec, Run
from tests.games.toy.advice import advise, legal_of
from tests.games.toy.bots import GreedyBot
from tests.games.toy.cards import CARDS, parse_cards, score
from tests.games.toy.game import RECORD_FORMAT, Action, Game, game_from_record
from tests.games.toy.text import action_text, advice_text, score_text, simulation_text, view_text
from tests.games.toy.view import PHASES, View


@dataclass(frozen=True)
class Score:
    hand: tuple[str, ...]
    score: int

    def to_json(self) -> dict[str, Any]:
        return {"hand": list(self.hand), "score": self.score}


def _score(obj: object, ctx: Context) -> Score:
    if not isinstance(obj, dict) or "hand" not in obj:
        raise PositionError("hand: give the hand", field="hand")
    hand = parse_cards(obj["hand"])
    return Score(hand, score(hand))


def _view_of(obj: object) -> View:
    """A VIEW as the flags spell it (``--sizes 3,3``) or as the engine sends it."""
    if isinstance(obj, dict) and isinstance(obj.get("sizes"), str):  # "3,3" from flags
        obj = {**obj, "sizes": [int(x) for x in obj["sizes"].split(",") if x.isdigit()]}
    return View.from_json(obj)


def _advise(obj: object, ctx: Context) -> Any:
    return GAME.advice(obj, ctx)


class Summary(RunSummary):
    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "duplicate": self.duplicate, "deals": self.deals,
                "games": self.games, **self.players_json(), **self.work_json()}


def start(specs: Sequence[str], *, games: int, seed: int, duplicate: bool,
          first: int) -> Run[Game]:
    n = len(specs)
    summary = Summary(list(specs), seed, duplicate, {"players": n},
                      [PlayerStats(p, s, scored=True) for p, s in enumerate(specs)])
    return Run(summary, rotations(lambda k: Game.from_deal(n, random.Random(
        f"toy:{seed}:{k}").randrange(2**31)), lambda g: Game(g.dealt, g.stock_dealt),
        players=n, games=games, first=first, duplicate=duplicate))


def outcome(game: Game) -> list[tuple[int, bool, int]]:
    r = game.result
    assert r is not None
    return [(r.settlement[s], r.winner == s, r.scores[s]) for s in range(game.players)]


def audit(game: Game) -> None:
    r = game.result
    assert r is not None, "the deal is not over"
    held = [c for h in game.hands for c in h] + game.pile + game.stock
    assert sorted(held) == sorted(CARDS), "cards not accounted for"
    assert all(len(h) == 3 for h in game.hands) and sum(r.settlement) == 0


VIEW_FIELDS = (
    Field("hand", "The seat's cards, e.g. '3r 3b 5r'", short="-H", metavar="CARDS"),
    Field("seat", "The seat", kind="int", minimum=0, maximum=2),
    Field("phase", "What the seat must do", kind="choice", choices=PHASES),
    Field("to_act", "The seat to act", kind="int", minimum=0, maximum=2),
    Field("pile", "The discards, the latest last (repeat the flag)", kind="many"),
    Field("stock", "Cards in the stock", kind="int", minimum=0),
    Field("sizes", "Each seat's hand size", kind="numbers"),
)
SCORE = Verb("score", "Score a hand: twice the rank of each pair (X4).", _score, score_text,
             (VIEW_FIELDS[0],), examples=('--hand "3r 3b 5r"',), example={"hand": "3r 3b 5r"})
ADVICE = Verb("advice", "Rank every legal action of the seat to act.", _advise, advice_text,
              VIEW_FIELDS, budget=True, command="advise",
              example={"hand": "3r 3b 5r 6b", "seat": 0, "phase": "discard", "to_act": 0,
                       "pile": [], "stock": 9, "sizes": [4, 3]})

GAME: GameSpec[Game, Action, View] = GameSpec(
    "toy", "Pairs", (2, 3), RECORD_FORMAT, read_action=Action.from_json,
    read_view=_view_of, view_of_position=_view_of, legal_of=legal_of,
    from_record=game_from_record, deal=Game.from_deal,
    outcome=outcome, bot_rules=lambda g: {"players": g.players},
    greedy=lambda seed: GreedyBot(), advise=advise, default_budget_ms=10,
    max_budget_ms=1000, simulation=start, audit=audit,
    faces=Faces((SCORE, ADVICE), (), "greedy,random", simulation_text,
                view_text=view_text, action_text=action_text))
