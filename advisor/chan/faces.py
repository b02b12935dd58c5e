"""Chắn as the faces and tools see it (:mod:`advisor.games.faces`): its verbs ``score``,
``analyze`` and ``advice`` (the command ``advise``: a VIEW, a typed decision or a record
prefix with its seat; playout worlds) with their fields, and its ``simulate`` options.
The command line and the service make them from :data:`GAME`, and its terminal game
(``play``) from :data:`advisor.chan.terminal.TERMINAL`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from advisor.chan import text as texts
from advisor.chan.advice import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Advice, advise
from advisor.chan.analysis import analyze
from advisor.chan.bots import GreedyBot
from advisor.chan.cards import BY_CODE, FULL_DECK, faces_of
from advisor.chan.core import TWIN
from advisor.chan.game import RECORD_FORMAT, SEATS, Action, Game, claims_first, legal_of
from advisor.chan.position import (
    TYPED_SOURCES,
    WIN_BY,
    Position,
    position_from_fields,
    view_of_position,
)
from advisor.chan.profiles import PROFILES
from advisor.chan.record import RESULT_FORM, UPGRADES, game_from_record, play_recorded
from advisor.chan.scoring import score
from advisor.chan.simulate import outcome, start
from advisor.chan.strong import StrongBot
from advisor.chan.terminal import TERMINAL
from advisor.chan.view import View
from advisor.games.faces import (
    Context,
    Drawn,
    Faces,
    Field,
    HandPage,
    Look,
    Verb,
    on_position,
    text_hooks,
)
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
          kind="int", metavar="N", minimum=0),
)


def from_flags(flags: dict[str, Any]) -> dict[str, Any]:
    """The position object the flags spell (:func:`position_from_fields`)."""
    return position_from_fields(flags.pop("hand"), flags.pop("melds", ()), **flags)


SCORE = Verb(
    "score",
    "Score a finished hand (rules §7).\n\n"
    "Hand + melds + winning card make 20 cards. A hand that does not win is a result, "
    '`{"win": false, "reason": …}`, not an error.',
    on_position(score, Position.from_json), texts.score_text, POSITION_FIELDS,
    examples=('--hand "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v" --win 8m '
              "--by own_door",
              "examples/win.json --json",
              "- --json < examples/positions.jsonl"),
    example={"hand": "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v",
             "winning_card": "8m", "win_by": "own_door"},
    from_flags=from_flags)

ANALYZE = Verb(
    "analyze",
    "Analyze a hand: pairing, distance, waits and useful cards.\n\n"
    "19 cards wait for a card (`waits`, `useful`); 20 owe a discard and get the discard "
    "table (`discards`) as well.",
    on_position(analyze, Position.from_json), texts.analysis_text, POSITION_FIELDS,
    examples=('--hand "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"',
              "examples/hand.json"),
    example={"hand": "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"},
    from_flags=from_flags)

ADVICE_FIELDS: tuple[Field, ...] = (
    Field("hand", "Your concealed cards", short="-H", metavar="CARDS"),
    Field("melds", "Your exposed melds; repeat the flag or separate melds with ';'",
          kind="many", short="-m", metavar="MELDS"),
    Field("offer", "The card offered to you", metavar="CARD"),
    Field("from", "Where the offered card comes from: the previous seat's discard, a stock "
                  "card revealed at your door (you may claim a win on it, C1), or a stock "
                  "card revealed at the previous door and passed on to you (T4: no claim)",
          kind="choice", choices=TYPED_SOURCES, default="discard"),
    Field("seen", "Other cards seen: melds, discards, doors", metavar="CARDS"),
    Field("stock_left", "Stock cards left", kind="int", minimum=0, maximum=23),
    Field("discarded", "Memory: faces you discarded (R4, R7)", metavar="CARDS"),
    Field("refused", "Memory: faces you refused (R3)", metavar="CARDS"),
    Field("laid_in_ca", "Memory: faces you laid in an eaten Cạ", metavar="CARDS"),
    Field("ate_ca", "Memory: you have eaten a Cạ (R7)", kind="flag"),
    Field("rules", "Rules profile", kind="choice", choices=tuple(PROFILES), short="-r",
          default="house"),
)
"""The flags that spell a decision typed by a player
(:func:`advisor.chan.position.view_of_position`, which also takes ``seat`` and
``dealer``)."""

# The VIEW shown in the OpenAPI document (and tried by schemathesis): examples/view.json.
VIEW_EXAMPLE: dict[str, Any] = {
    "rules": "house", "seat": 2, "dealer": 0, "phase": "offer", "to_act": 2,
    "hand": ["2v", "2v", "3s", "3m", "4s", "4s", "5v", "6v", "6s", "6s", "7m", "8v", "8s",
             "8s", "9s", "9m", "cc"],
    "stock_left": 17,
    "offer": {"card": "5v", "source": "discard", "door": 1, "to": 2, "claims_open": True},
    "table": [
        {"melds": [["6s", "6s"], ["5v", "5m"]], "discards": ["3s", "8v"], "passed": [],
         "dead": False},
        {"melds": [["4v", "4v"], ["7v", "7v"]], "discards": ["2s", "5v"], "passed": [],
         "dead": False},
        {"melds": [["3v", "3v"]], "discards": ["4m"], "passed": ["2v"], "dead": False},
        {"melds": [["9v", "9s"]], "discards": [], "passed": ["7m"], "dead": False},
    ],
    "memory": {"discarded": ["4m"], "refused": ["2v"], "laid_in_ca": [], "ate_ca": False},
}


def _advise(obj: object, ctx: Context) -> Advice:
    """The advice on what a user holds (:meth:`GameSpec.read`: the VIEW and the engine's
    legal actions). Exactly ``ctx.samples`` playout worlds, unless the clock passes the
    caller's limit (or the budget's safety cap) first: a note says so."""
    view, legal = GAME.read(obj, ctx.seat)
    return advise(view, legal, budget_ms=ctx.budget_ms, samples=ctx.samples, seed=ctx.seed,
                  limit_ms=ctx.limit_ms, search=bool(ctx.search))


ADVICE = Verb(
    "advice",
    "Rank every legal action: eat or pass, which card to discard, claim or not.\n\n"
    "The object is the VIEW the engine sends (rules §8.3), a decision typed as the flags "
    "spell it (`hand`, `melds`, `offer`, `from`, `seen`, `stock_left`, `rules`, the memory "
    "`discarded`, `refused`, `laid_in_ca`, `ate_ca`, and `seat`, `dealer`) or a record "
    "prefix (`chan-record/2`, or /1; with a seat, the decision must be that seat's). The chances "
    "come from the value model (a few milliseconds); `samples` adds playouts of the "
    "leading actions in exactly that many worlds, reproducible for a `seed`; the server "
    "caps both (`GET /v1/meta`). `search` plays every action out, within the budget, in "
    "worlds drawn from what the table shows, every seat then playing as `greedy+`, and "
    "ranks them by the expected settlement (`ranked_by`). Only the request's deadline (or "
    "the safety cap of `budget_ms`) cuts the worlds short: its `work` then says how many "
    "were played, a note why.",
    _advise, texts.advice_text, ADVICE_FIELDS, budget=True,
    samples=True, search=True, records=True,
    spends_budget=lambda ctx: ctx.samples is not None or bool(ctx.search),
    command="advise",
    examples=("examples/view.json",
              '--hand "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m" --offer 8s '
              "--from discard",
              "--record examples/chan_prefix.json --seat 2 --json"),
    example=VIEW_EXAMPLE)


def look(code: str) -> Look:
    """A card as the hand page draws it: its rank over its Vietnamese name (the flower
    for Chi chi)."""
    f = BY_CODE[code]
    rank, suit = f.vi.split(" ") if f.rank else ("Chi", "chi")
    return Look(f.code, f.vi, f.red, str(f.rank) if f.rank else "✿", rank, suit)


def drawn(a: Any) -> Drawn:
    """An analysis's cards: the hand, the exposed melds, the winning card."""
    pos = a.position
    rows: list[tuple[str, Any]] = [("", [[f.code for f in faces_of(pos.hand)]])]
    if pos.exposed.melds:
        rows.append(("Exposed", [[f.code for f in m.faces] for m in pos.exposed.melds]))
    if pos.winning_card is not None:
        rows.append(("Winning card", [[pos.winning_card.code]]))
    return rows


PAGE = HandPage(r"[2-9][vsm]|cc", look, drawn, score_when=("winning_card", "win_by"),
                heading="phân tích bài (analyse a hand)", lang="vi")
"""The hand page of Chắn: what ``advisor chan analyze`` prints, and ``advisor chan
score`` with a winning card."""


def audit(game: Game) -> None:
    """A finished deal's invariants: the payments sum to zero and every card of the deck
    is somewhere."""
    assert game.result is not None, "the deal is not over"
    assert sum(game.result.payments) == 0, "payments do not sum to zero"
    assert game.cards_in_play() == FULL_DECK, "cards not accounted for"


GAME: GameSpec[Game, Action, View] = GameSpec(
    "chan", "Chắn", (SEATS, SEATS), RECORD_FORMAT,
    read_action=Action.from_json, read_view=View.from_json,
    view_of_position=lambda obj: claims_first(view_of_position(obj)), legal_of=legal_of,
    from_record=game_from_record,
    deal=lambda players, seed: Game.from_deal(seed=seed), outcome=outcome,
    bot_rules=lambda g: g.rules,
    greedy=lambda seed: GreedyBot(), strong=lambda seed: StrongBot(), advise=advise,
    search=partial(advise, search=True), default_budget_ms=DEFAULT_BUDGET_MS,
    max_budget_ms=MAX_BUDGET_MS, simulation=start, audit=audit, play_recorded=play_recorded,
    result_form=RESULT_FORM, upgrades=UPGRADES,
    endpoints="advisor.chan.endpoints", twin=TWIN,
    faces=Faces((SCORE, ANALYZE, ADVICE), (RULES,), "greedy,random,random,random",
                terminal=TERMINAL, page=PAGE, **text_hooks(texts)))

__all__ = ["ADVICE", "ADVICE_FIELDS", "GAME", "PAGE", "POSITION_FIELDS", "VIEW_EXAMPLE"]
