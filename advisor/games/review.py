"""The review of a finished deal, in every game: the record replayed through the engine,
and at each decision of the reviewed seats the game's advice from that seat's VIEW as it
stood — the action played beside the best one, and what the played action lost.

Written once, on the game contract (:class:`~advisor.games.spec.GameSpec`): the record is
replayed with the spec's own ``from_record``/``play_recorded`` (so a move a record leaves
implicit, like Chắn's declined claims, is a decision too), each decision advised with the
spec's ``advise``, and judged from the common answer (:mod:`advisor.games.answer`) alone.
A game that can state the exact truth of a deal declares ``exact_review``
(:data:`ExactJudge`), used generically.

Classes (``docs/review.md``): the drop in the chance to win, ``loss_win`` — ``best`` when
nothing is lost, else ``good`` below :data:`INACCURACY`, ``inaccuracy``, ``mistake`` from
:data:`MISTAKE`, ``blunder`` from :data:`BLUNDER` — and, in a game whose advice ranks by
``expected``, the same thresholds on ``loss_expected`` per ``points_per_chance`` points
(the worse of the two). A loss within the two actions' combined error
(:func:`within_error`) is never worse than ``good``.

Seeds: the review of seat ``s`` draws each decision's seed from its own stream,
``random.Random(seed * 1009 + s)`` (:func:`seat_stream`), one draw per decision with more
than one legal action — exactly what the advisor bot ``spec.make_bot("advisor:MS",
seed=seed * 1009 + s)`` draws when it plays the deal. Reviewing such a deal at the same
budget and seed therefore re-asks the very questions the bot answered — but in a game
whose advice searches by default (Qing), where the review asks the value model alone
(``spec.review_advice``): its losses follow results more closely than the search's.

>>> classify(0.0), classify(0.03), classify(0.07), classify(0.15), classify(0.5)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> within_error(0.1, 0.05, 0.04), within_error(0.1, 0.01, 0.01)
(True, False)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.errors import AdvisorError, RecordError
from advisor.games import budget as _budget
from advisor.games.answer import NOT_JUDGED, Z95
from advisor.games.records import read_move, result_mismatch
from advisor.games.spec import AnySpec

INACCURACY = 0.05
"""A drop of this much in the chance to win is an inaccuracy …"""
MISTAKE = 0.10
"""… a mistake …"""
BLUNDER = 0.20
"""… a blunder (the drops chess reviewers use on their winning-chance scale)."""
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
SEED_STRIDE = 1009
"""A seat's seed stream: ``seed * SEED_STRIDE + seat`` (the simulator's bot seeds)."""
NOT_JUDGED_CLASS = None
"""The class of a decision whose played action the advice did not judge: no class."""


def classify(loss: float) -> str:
    """The class of a drop ``loss`` on the winning-chance scale."""
    if loss <= 0:
        return "best"
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "good"


def within_error(loss: float, se_a: float | None, se_b: float | None) -> bool:
    """Whether ``loss`` lies inside the two figures' combined 95 % error, 1.96 ·
    sqrt(se_a² + se_b²); an error that is not stated (None) is unbounded."""
    if se_a is None or se_b is None:
        return True
    return loss <= Z95 * math.sqrt(se_a ** 2 + se_b ** 2)


def seat_stream(seed: int, seat: int) -> random.Random:
    """The stream the review of ``seat`` draws its decisions' seeds from (one
    ``randrange(2**31)`` per decision with more than one legal action)."""
    return random.Random(seed * SEED_STRIDE + seat)


Judge = Callable[[Any, int, Any], "dict[str, Any] | None"]
"""A game's exact judge of one deal: at a decision (the engine as it stands, the seat to
act, the action played), the exact figures as JSON, or None where it cannot."""


ExactJudge = Callable[[Any, "float | None"], "Judge | None"]
"""A game's ``exact_review``: from a deal before its first move and a deadline (a time of
the meters' clock, :data:`advisor.games.budget.clock`; None: none), its exact judge (None
when the game cannot solve this deal exactly, e.g. the table is too large). A judge whose
search reaches the deadline raises :class:`ExactStopped`: the figures stop there. Each figure
the judge gives is the deciding seat's, in points of the deal's settlement: ``margin``
(perfect play from here, the deal's score so far included), ``played_margin`` and
``error`` (their difference, never below 0)."""


class ExactStopped(Exception):
    """The exact judge's search passed its deadline: no exact figure from this decision
    on (the review says where they stop, and why)."""


@dataclass(frozen=True)
class Step:
    """One act the engine received while the record replayed: during the record's move
    ``move`` (1-based), ``seat`` played ``action`` from ``view`` among ``legal``;
    ``implied`` when the record does not write it (a move the game leaves implicit)."""

    move: int
    seat: int
    view: Any
    legal: tuple[Any, ...]
    action: Any
    implied: bool
    exact: dict[str, Any] | None = None


class _Observed:
    """A deal in replay whose every act is seen before it is made (the engine itself
    behind it: every rule is still the engine's)."""

    def __init__(self, game: Any, seats: frozenset[int],
                 judge: Judge | None) -> None:
        self.game = game
        self.seats = seats
        self.judge = judge
        self.steps: list[Step] = []
        self.move = 0
        self.recorded: tuple[int, Any] | None = None
        self.stopped: tuple[int, str] | None = None  # the exact figures' end: move, why

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def act(self, seat: int, action: Any) -> None:
        g = self.game
        d = g.pending
        step = None
        if d is not None and d.seat == seat:
            legal = tuple(g.legal_actions())
            if len(legal) > 1 and action in legal:
                exact = None
                if self.judge is not None and self.stopped is None:
                    try:
                        exact = self.judge(g, seat, action)
                    except ExactStopped as why:
                        self.stopped = (self.move, str(why))
                view = g.view(seat) if seat in self.seats else None
                step = Step(self.move, seat, view, legal, action,
                            self.recorded != (seat, action), exact)
        g.act(seat, action)
        if step is not None:
            self.steps.append(step)


@dataclass(frozen=True)
class Decision:
    """One reviewed decision (its JSON is the documented shape, docs/review.md; ``exact``
    when the game states the exact truth)."""

    move: int
    seat: int
    played: Any
    best: Any
    played_text: str
    best_text: str
    played_win: float | None
    best_win: float | None
    loss_win: float | None
    played_expected: float | None
    best_expected: float | None
    loss_expected: float | None
    certain: bool
    klass: str | None
    why: str
    implied: bool = False
    exact: Mapping[str, Any] | None = field(default=None, hash=False)

    @property
    def matched(self) -> bool:
        return bool(self.played == self.best)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "move": self.move, "seat": self.seat, "played": self.played, "best": self.best,
            "played_win": self.played_win, "best_win": self.best_win,
            "loss_win": self.loss_win, "played_expected": self.played_expected,
            "best_expected": self.best_expected, "loss_expected": self.loss_expected,
            "certain": self.certain, "class": self.klass, "why": self.why}
        if self.exact is not None:
            out["exact"] = dict(self.exact)
        return out


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions in sum: how many, how many as advised first (``matched``), the
    share classed ``best`` or ``good`` (``accuracy``), the losses added up and the count
    of each bad class."""

    seat: int
    decisions: int
    matched: int
    accuracy: float | None
    loss_win: float
    loss_expected: float | None
    blunders: int
    mistakes: int
    inaccuracies: int
    exact_error: int | None = None

    @classmethod
    def of(cls, seat: int, ds: Sequence[Decision]) -> SeatSummary:
        classed = [d for d in ds if d.klass is not None]
        fine = sum(d.klass in ("best", "good") for d in classed)
        exp = [d.loss_expected for d in ds if d.loss_expected is not None]
        errors = [int(d.exact["error"]) for d in ds
                  if d.exact is not None and d.exact.get("error") is not None]
        return cls(seat, len(ds), sum(d.matched for d in ds),
                   round(fine / len(classed), 4) if classed else None,
                   round(sum(d.loss_win or 0.0 for d in ds), 4),
                   round(sum(exp), 3) if exp else None,
                   sum(d.klass == "blunder" for d in ds),
                   sum(d.klass == "mistake" for d in ds),
                   sum(d.klass == "inaccuracy" for d in ds),
                   sum(errors) if errors else None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "decisions": self.decisions, "matched": self.matched, "accuracy": self.accuracy,
            "loss_win": self.loss_win, "loss_expected": self.loss_expected,
            "blunders": self.blunders, "mistakes": self.mistakes,
            "inaccuracies": self.inaccuracies}
        if self.exact_error is not None:
            out["exact_error"] = self.exact_error
        return out


@dataclass(frozen=True)
class Review:
    """The review of one record: its game and header, the seats reviewed, every decision
    reviewed in the order played, each seat's summary, the time it took and the budget
    of each advice, the seed, whether the record was whole (``complete``), ``notes`` for
    the reader, the exact figures when the game states them (``exact``) and the moves
    (action JSON and words) for a page that shows the deal."""

    game: str
    record: Mapping[str, Any]
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    ms: float
    budget_ms: float
    seed: int
    complete: bool
    notes: tuple[str, ...] = ()
    exact: Mapping[str, Any] | None = field(default=None, hash=False)
    moves: tuple[tuple[int, Any], ...] = ()

    def summary(self) -> dict[int, SeatSummary]:
        return {s: SeatSummary.of(s, [d for d in self.decisions if d.seat == s])
                for s in self.seats}

    def costliest(self) -> list[Decision]:
        """The decisions that lost something, the costliest first (by the chance lost,
        then the points)."""
        lost = [d for d in self.decisions if (d.loss_win or 0) > 0 or (d.loss_expected or 0) > 0]
        return sorted(lost, key=lambda d: (-(d.loss_win or 0.0), -(d.loss_expected or 0.0),
                                           d.move))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "record": dict(self.record), "seats": list(self.seats),
            "decisions": [d.to_json() for d in self.decisions],
            "summary": {str(s): x.to_json() for s, x in self.summary().items()},
            "ms": round(self.ms, 1), "budget_ms": self.budget_ms, "seed": self.seed,
            "complete": self.complete, "notes": list(self.notes)}
        if self.exact is not None:
            out["exact"] = dict(self.exact)
        return out


HEADER_OMITS = ("hands", "stock", "moves")


def header(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A record's header: everything but its cards and its moves, with the number of
    moves."""
    out = {k: v for k, v in rec.items() if k not in HEADER_OMITS}
    moves = rec.get("moves")
    out["moves"] = len(moves) if isinstance(moves, list) else 0
    return out


def check_format(spec: AnySpec, rec: object, games: Sequence[AnySpec] = ()) -> dict[str, Any]:
    """``rec`` as a record of ``spec``'s game; a record of another of ``games`` says which
    game it is, anything else what is wrong."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object", field="$")
    fmt = rec.get("format")
    if not spec.reads(fmt):
        other = next((g for g in games if g.reads(fmt)), None)
        if other is not None:
            raise RecordError(f"format: this is a {other.name} record ('{fmt}'), not a "
                              f"{spec.name} one: review it with `advisor {other.name} "
                              "review`", field="format", token=str(fmt))
        raise RecordError(f"format: expected '{spec.record_format}', got {fmt!r}",
                          field="format")
    return rec


def replay_steps(spec: AnySpec, rec: dict[str, Any], seats: frozenset[int],
                 exact: bool = True, exact_s: float | None = None
                 ) -> tuple[_Observed, bool, list[tuple[int, Any]]]:
    """Replay ``rec`` through the game's engine, seeing every decision with more than
    one legal action (the VIEW kept for ``seats``). Returns the observed deal, whether the
    record is whole, and the recorded moves (seat, action) as replayed. A move the rules
    refuse raises a :class:`RecordError` naming it and its rule, and so does a stated result
    that is not the one the moves reach (compared as every replay compares it,
    :func:`~advisor.games.records.result_mismatch`); a record that stops
    before the deal's end is reviewed up to there (``complete`` False). The exact judge,
    with ``exact``, has ``exact_s`` seconds (None: no limit)."""
    now = spec.current(rec)  # a record of an older format, read as today's
    rec = now if isinstance(now, dict) else rec
    try:
        deal = spec.from_record(rec)
    except AdvisorError as err:
        raise RecordError(err.message, field=err.field, token=err.token) from None
    deadline = None if exact_s is None else _budget.clock() + exact_s
    judge = spec.exact_review(deal, deadline) if exact and spec.exact_review is not None \
        else None
    g = _Observed(deal, seats, judge)
    moves = rec.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves: expected a list", field="moves")
    played: list[tuple[int, Any]] = []
    apply = spec.play_recorded
    for number, mv in enumerate(moves, 1):
        try:
            seat, action = read_move(mv, spec.read_action)
            g.move, g.recorded = number, (seat, action)
            if apply is None:
                g.act(seat, action)
            else:
                apply(g, seat, action)  # the deal, observed
        except AdvisorError as err:
            raise RecordError(f"move {number} ({_move_words(mv)}) is illegal: "
                              f"{err.message}",
                              field=f"moves[{number - 1}]") from None
        played.append((seat, action))
    want = rec.get("result")
    if deal.over and deal.result is not None and want is not None:
        wrong = result_mismatch(spec.result_form, want, deal.result.to_json())
        if wrong is not None:  # the same comparison as every replay's
            raise wrong
    return g, bool(deal.over), played


def _move_words(mv: object) -> str:
    if isinstance(mv, dict):
        return ", ".join(f"{k} {v}" for k, v in mv.items())
    return repr(mv)


def _figures(act: Mapping[str, Any]) -> str:
    """What an action's answer says of the hand it leaves, in words (the game's extras:
    waits, distance, and the chance)."""
    parts = []
    waits = act.get("waits")
    distance = act.get("distance")
    if isinstance(waits, list) and waits:
        unseen = sum(int(w.get("unseen", 0)) for w in waits if isinstance(w, dict))
        cards = ", ".join(str(w.get("card")) for w in waits if isinstance(w, dict))
        parts.append(f"waiting on {cards}, {unseen} unseen")
    elif isinstance(distance, int):
        parts.append("a winning hand" if distance == 0 else
                     f"{distance} card{'s' * (distance != 1)} from a win")
    if act.get("win") is not None:
        parts.append(f"{act['win'] * 100:.0f} % to win")
    if act.get("expected") is not None:
        parts.append(f"{act['expected']:+.1f} points expected")
    return ", ".join(parts)


def _words(act: Mapping[str, Any]) -> str:
    text = str(act.get("text") or act.get("action"))
    return text[:1].lower() + text[1:]


def judge_decision(answer: Mapping[str, Any], step: Step, played_json: Any,
                   points_per_chance: float | None) -> Decision:
    """One decision judged from the common answer (its JSON): the played action is found
    among the ranked ones; what it lost against the one advised first, and its class."""
    actions = answer["actions"]
    best = actions[0]
    played = next((a for a in actions if a["action"] == played_json), None)
    aside = " (a move the record leaves implicit)" if step.implied else ""
    if played is None or played["method"] == NOT_JUDGED:
        why = (f"you played {_words(played or {'action': played_json})}{aside}; the advice "
               f"did not judge it within its budget, so nothing is said of what it cost; "
               f"it advised {_words(best)} ({_figures(best)})")
        return Decision(step.move, step.seat, played_json, best["action"],
                        _words(played or {"action": played_json}), _words(best), None,
                        best["win"], None, None, best["expected"], None, False,
                        NOT_JUDGED_CLASS, why, step.implied, step.exact)
    ranked_by = answer["ranked_by"]
    certain = bool(played["certain"] and best["certain"])
    same = played is best or played["action"] == best["action"]

    def loss(key: str) -> float | None:
        if same:
            return 0.0 if played[key] is not None else None
        if played[key] is None or best[key] is None:
            return None
        return round(max(0.0, float(best[key]) - float(played[key])), 4)

    def se(act: Mapping[str, Any], key: str) -> float | None:
        value = 0.0 if act["certain"] else act[f"{key}_se"]
        return None if value is None else float(value)

    loss_win, loss_exp = loss("win"), loss("expected")
    klass = "best"
    if not same:
        grades = []
        if loss_win is not None:
            g = classify(loss_win)
            if g not in ("best", "good") and within_error(loss_win, se(played, "win"),
                                                          se(best, "win")):
                g = "good"
            grades.append(g)
        if ranked_by == "expected" and loss_exp is not None and points_per_chance:
            g = classify(loss_exp / points_per_chance)
            if g not in ("best", "good") and within_error(loss_exp, se(played, "expected"),
                                                          se(best, "expected")):
                g = "good"
            grades.append(g)
        key_loss = loss_win if ranked_by == "win" else loss_exp
        if not grades:
            klass = "best" if not key_loss else "good"
        else:
            klass = max(grades, key=CLASSES.index)
            if key_loss is not None and key_loss <= 0:
                klass = "best"  # ranked at least as high as the advice's own first
    if same:
        why = (f"you played {_words(played)}{aside}, the advice's first choice "
               f"({_figures(played)})")
    else:
        cost = []
        if loss_win:
            cost.append(f"{loss_win * 100:.0f} % of winning chance")
        if loss_exp:
            cost.append(f"{loss_exp:.1f} points")
        lost = " and ".join(cost) or "nothing the advice can tell apart"
        why = (f"you played {_words(played)}{aside} ({_figures(played)}); "
               f"{_words(best)} was advised ({_figures(best)}): it cost {lost}")
        if klass == "good" and (loss_win or 0) >= INACCURACY:
            why += ", inside the two figures' error, so no worse than good"
    return Decision(step.move, step.seat, played["action"], best["action"], _words(played),
                    _words(best), played["win"], best["win"], loss_win, played["expected"],
                    best["expected"], loss_exp, certain, klass, why, step.implied, step.exact)


def review(spec: AnySpec, rec: object, *, seats: Sequence[int] | None = None,
           budget_ms: float, seed: int = 0, games: Sequence[AnySpec] = (),
           exact: bool = True, exact_s: float | None = None,
           on_progress: Callable[[int, int], None] | None = None) -> Review:
    """Review a record of ``spec``'s game: every decision of ``seats`` (default: every
    seat) with more than one legal action, advised at ``budget_ms`` with the seat's seed
    stream (:func:`seat_stream`) — by the game's advice without its search where the
    search is its default (``spec.review_advice``) —, with the game's exact figures when it
    declares them (``exact``), within ``exact_s`` seconds (None: no limit; past it the
    figures stop, and a note says where). ``on_progress(done, total)`` after each
    decision.

    Errors: a record of another of ``games`` names its game; a record whose moves break
    a rule names the first illegal move and its rule; a seat outside the table is an
    :class:`~advisor.errors.AdvisorError` on the field ``seat``."""
    started = time.perf_counter()
    rec = check_format(spec, rec, games)
    try:
        table = len(spec.from_record(rec).to_record()["hands"])  # the table's size
    except AdvisorError as err:
        raise RecordError(err.message, field=err.field, token=err.token) from None
    chosen = tuple(range(table)) if seats is None else tuple(sorted(set(seats)))
    for s in chosen:
        if not 0 <= s < table:
            raise AdvisorError(f"seat: {s} is not a seat of this {table}-player deal "
                               f"(0 to {table - 1})", field="seat", token=str(s))
    observed, complete, played_moves = replay_steps(spec, rec, frozenset(chosen), exact,
                                                    exact_s)
    streams = {s: seat_stream(seed, s) for s in chosen}
    steps = [st for st in observed.steps if st.seat in streams]
    decisions: list[Decision] = []
    advise = spec.review_advice  # the model alone where the default searches (Qing)
    for i, st in enumerate(steps):
        answer = advise(st.view, list(st.legal), budget_ms=budget_ms,
                             seed=streams[st.seat].randrange(2**31)).to_json()
        decisions.append(judge_decision(answer, st, st.action.to_json(),
                                        spec.points_per_chance))
        if on_progress is not None:
            on_progress(i + 1, len(steps))
    notes = []
    if not complete:
        notes.append(f"the record stops after {len(played_moves)} moves, before the deal's "
                     "end: its prefix is reviewed")
    if any(d.klass is None for d in decisions):
        notes.append("some played actions were not judged within the budget: they have no "
                     "class (a larger --budget-ms judges more)")
    if observed.stopped is not None:
        move, why = observed.stopped
        notes.append(f"the exact figures stop at move {move}: {why}")
    truth = _exact_summary(observed.steps, chosen) if observed.judge is not None else None
    return Review(spec.name, header(rec), chosen, tuple(decisions),
                  (time.perf_counter() - started) * 1000, budget_ms, seed, complete,
                  tuple(notes), truth,
                  tuple((s, a.to_json()) for s, a in played_moves))


def _exact_summary(steps: Sequence[Step], seats: Sequence[int]) -> dict[str, Any]:
    """The exact figures over the deal: the perfect-play margin before every decision
    (the deciding seat's) and each reviewed seat's error in points, added up."""
    margins = [{"move": st.move, "seat": st.seat, "margin": st.exact["margin"]}
               for st in steps if st.exact is not None]
    errors = {str(s): sum(int(st.exact.get("error") or 0) for st in steps
                          if st.seat == s and st.exact is not None) for s in seats}
    return {"margins": margins, "errors": errors}


__all__ = ["BLUNDER", "CLASSES", "INACCURACY", "MISTAKE", "Decision", "ExactJudge",
           "ExactStopped", "Judge",
           "Review", "SeatSummary", "Step", "check_format", "classify", "header",
           "judge_decision", "replay_steps", "review", "seat_stream", "within_error"]
