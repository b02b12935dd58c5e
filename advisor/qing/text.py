"""Qing Kanhu text for people: scores (the groups of a winning hand), analyses (distance,
waits, discards), advice and simulation summaries.

>>> from advisor.text import PLAIN
>>> from advisor.qing.position import Position
>>> from advisor.qing.scoring import score
>>> print(score_text(score(Position.build(hand="9c 1s 1m 2c 3c 4c 5s 6s 7s 8s 5m 5m 5m RF 1c")),
...                  PLAIN))
Wins (15 cards) [Culin's sixth eye]
  eye  Tiger          9c 1s 1m      + 1c RF
  boy  sequence       2c 3c 4c
  boy  sequence       5s 6s 7s 8s
  boy  triplet        5m 5m 5m
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor.qing.advice import Advice
from advisor.qing.analysis import Analysis, Useful
from advisor.qing.cards import Card, cards_of
from advisor.qing.game import Action, Result
from advisor.qing.scoring import ScoreResult
from advisor.qing.simulate import Summary
from advisor.qing.solver import Group
from advisor.qing.view import View
from advisor.text import Style, seat_line, unseen_list


def card(st: Style, c: Card) -> str:
    return st.red(c.code) if c.red else c.code


def cards(st: Style, cs: Iterable[Card]) -> str:
    return " ".join(card(st, c) for c in cs)


def group_line(st: Style, g: Group) -> str:
    """One group: kind, name, cards, the extras added and what flowers stand for."""
    plain = " ".join(c.code for c in g.cards)
    pad = " " * max(1, 14 - len(plain))
    extras = f"+ {cards(st, g.extras)}" if g.extras else ""
    stands = st.dim(f"  (flowers as {' '.join(c.code for c in g.stands_for)})") \
        if g.stands_for else ""
    shown = st.dim("  exposed") if g.exposed else ""
    return f"  {g.kind:<5}{g.name:<15}{cards(st, g.cards)}{pad}{extras}{stands}{shown}".rstrip()


def score_text(r: ScoreResult, st: Style) -> str:
    """A score: the groups of a winning hand, or the distance."""
    rules = f"[{r.rules.describe()}]"
    if not r.win:
        return st.head(f"No win: {r.cards} cards, distance {r.distance} (cards to exchange to "
                       f"win) {rules}")
    return "\n".join([st.head(f"Wins ({r.cards} cards) {rules}"),
                      *(group_line(st, g) for g in r.groups)])


def _waits(st: Style, waits: Iterable[Useful]) -> str:
    return unseen_list((card(st, w.card), w.unseen) for w in waits)


def analysis_text(a: Analysis, st: Style) -> str:
    """An analysis: the hand, then the win, the waits or the discards."""
    pos = a.position
    state = "WINS" if a.win else f"distance {a.distance}"
    out = [st.head(f"{pos.total} cards · {state}   [{pos.rules.describe()}]"),
           f"Hand: {cards(st, cards_of(pos.hand))}"]
    if pos.melds:
        out.append("Exposed: " + "  ".join(cards(st, g.cards) for g in pos.melds))
    if a.win:
        out += [group_line(st, g) for g in a.score.groups]
    if pos.total == 14:
        if a.distance == 1:
            out.append(f"Waits: {_waits(st, a.waits)}")
    else:
        out.append("Discards, best first:")
        for d in a.discards:
            waits = f"  waits {_waits(st, d.waits)}" if d.waits else ""
            out.append(f"  {card(st, d.card):>3}  distance {d.distance}{waits}")
    return "\n".join(out)


def advice_text(adv: Advice, st: Style) -> str:
    """Advice: the first option's explanation, then every action ranked."""
    out = [st.head(f"Seat {adv.seat} ({adv.phase}): {adv.first.explanation}")]
    out.append(f"{'action':<30}{'win':>7}{'±95%':>7}{'dist':>6}  method")
    for o in adv.options:
        if o.certain:
            p, margin = "100%", "exact"
        elif o.p_win is None or o.method == "only":
            p, margin = "—", ""
        else:
            p = f"{o.p_win:.0%}"
            margin = "—" if o.p_win_se is None else f"{1.96 * o.p_win_se:.0%}"
        dist = "—" if o.distance is None else str(o.distance)
        how = o.method if o.judged else f"not judged ({o.method})"
        out.append(f"{o.what[:29]:<30}{p:>7}{margin:>7}{dist:>6}  {how}")
    out.append(st.dim(f"win: share of {adv.playouts} playouts won (fast policy at every seat) "
                      f"· {adv.seconds * 1000:.0f} ms of {adv.budget_ms:g}"))
    return "\n".join(out)


def simulation_text(s: Summary, st: Style | None = None) -> str:
    """A simulation summary: one line per player, then how deals were won, and speed."""
    head = (f"{s.deals} deals{' × every seat (duplicate)' if s.duplicate else ''}, seed "
            f"{s.seed}, {s.rules.describe()}")
    out = [head, f"{'player':<8}{'spec':<24}{'wins':>6}{'share':>8}{'mean':>8}  95% CI"]
    for p in s.players:
        lo, hi = p.ci95()
        out.append(f"{p.player:<8}{p.spec[:23]:<24}{p.wins:>6}{p.win_share:>8.1%}"
                   f"{p.mean:>8.2f}  [{lo:.2f}, {hi:.2f}]")
    if s.hows:
        out.append("deals won by: " + ", ".join(f"{how} {n}" for how, n in sorted(s.hows.items())))
    out.append(f"drawn {s.draws} ({s.draws / max(s.games, 1):.1%}) · {s.speed()}")
    return "\n".join(out)


__all__ = ["advice_text", "analysis_text", "card", "cards", "group_line", "score_text",
           "simulation_text"]


# --- the terminal game ----------------------------------------------------------------------

def _seat(i: int, me: int) -> str:
    return "you" if i == me else f"seat {i}"


def view_text(v: View, st: Style) -> str:
    """What the seat sees at its decision: each seat's shown groups and last discards, the
    discard on offer, its own hand."""
    lines = [st.head(f"Seat {v.seat} · {v.phase} · stock {v.stock_left}")]
    for i in range(v.players):
        shown = "  ".join(cards(st, g.cards) for g in v.melds[i]) or "—"
        thrown = cards(st, v.discards[i][-5:]) if v.discards and v.discards[i] else ""
        lines.append(seat_line(_seat(i, v.seat), v.hand_sizes[i], shown, thrown, "shown"))
    if v.offer is not None:
        lines.append(f"On offer: {card(st, v.offer)} from {_seat(v.offer_by or 0, v.seat)}")
    lines.append(f"Your hand: {cards(st, cards_of(v.hand))}")
    return "\n".join(lines)


def action_text(a: Action) -> str:
    """An action in words: ``discard 7c``, ``take it with 5c 6c``, ``win``, ``draw``."""
    if a.do == "take":
        return "take it with " + " ".join(c.code for c in a.with_)
    return a.do + (f" {a.card.code}" if a.card is not None else "")


def result_text(r: Result, st: Style) -> str:
    """The end of a deal (Q8): who won and how, his groups, and the pot."""
    if r.winner is None:
        return st.head("A drawn deal: the stock ran out (Q8); the stakes are returned.")
    who = "You" if r.winner == 0 else f"Seat {r.winner}"
    lines = [st.head(f"{who} won ({r.how}) and take(s) the pot: +{r.points}.")]
    lines += [group_line(st, g) for g in r.groups]
    return "\n".join(lines)
