"""Khanhoo text for people: cards with suit symbols (red suits in red on a terminal),
declarations, analyses, advice, settlements and simulation summaries."""

from __future__ import annotations

from collections.abc import Iterable

from advisor.khanhoo.advice import Z95, Advice
from advisor.khanhoo.analysis import Analysis
from advisor.khanhoo.cards import Card, cards_of
from advisor.khanhoo.game import Action, Result
from advisor.khanhoo.melds import Combination, Useful
from advisor.khanhoo.scoring import ScoreResult, Settlement
from advisor.khanhoo.simulate import ROUTES, Summary
from advisor.khanhoo.view import View
from advisor.text import Style, seat_line, unseen_list


def card(st: Style, c: Card) -> str:
    return st.red(c.symbol) if c.red else c.symbol


def cards(st: Style, cs: Iterable[Card]) -> str:
    return " ".join(card(st, c) for c in cs)


def _combination(st: Style, c: Combination, laid: bool) -> str:
    plain = " ".join(x.symbol for x in c.cards)
    pad = " " * max(1, 28 - len(plain))
    jokers = f"  (Jk as {' '.join(x.symbol for x in c.jokers_as)})" if c.jokers_as else ""
    tag = st.dim(" laid") if laid else ""
    return f"  {c.name:<20}{cards(st, c.cards)}{pad}{c.points:>3}{tag}{jokers}"


def score_text(r: ScoreResult, st: Style) -> str:
    """A score result: the points and the declaration, or the distance."""
    suffix = ""
    if not r.out:
        d = "—" if r.distance is None else str(r.distance)
        return st.head(f"Not out: {r.cards} cards, distance {d} (cards to exchange to go out)"
                       f"{suffix}")
    out = [st.head(f"Out: {r.points} points ({r.points - r.bonus} + {r.bonus} for going out)"
                   f"{suffix}")]
    out += [_combination(st, c, n < r.laid) for n, c in enumerate(r.combinations)]
    if r.discard is not None:
        out.append(f"Throw away: {card(st, r.discard)}")
    return "\n".join(out)


def _useful(st: Style, useful: Iterable[Useful]) -> str:
    return unseen_list((card(st, u.card), u.unseen) for u in useful)


def analysis_text(a: Analysis, st: Style) -> str:
    """An analysis: the hand, then the declaration, the useful cards or the discards."""
    pos = a.position
    head = (f"{pos.total} cards · target {pos.target} · "
            f"{'OUT' if a.out else f'distance {a.distance}'}   [{pos.rules.describe()}]")
    out = [st.head(head), f"Hand: {cards(st, cards_of(pos.hand))}"]
    if pos.melds:
        out.append("Laid: " + "  ".join(cards(st, m.cards) for m in pos.melds))
    if a.out:
        out.append(score_text(a.score, st))
    if pos.total == pos.target:
        if not a.out:
            out.append(f"Useful cards: {_useful(st, a.useful)}")
    else:
        out.append("Discards, best first:")
        for d in a.discards:
            if d.out:
                out.append(f"  {card(st, d.card):>3}  goes out with {d.points} points")
            else:
                dist = "—" if d.distance is None else str(d.distance)
                out.append(f"  {card(st, d.card):>3}  distance {dist:<2} useful "
                           f"{_useful(st, d.useful)}")
    return "\n".join(out)


def _chance(p: float) -> str:
    """A stated chance to a tenth of a percent; one that is not certain never reads 0% or
    100%."""
    if p < 0.0005:
        return "<0.1%"
    if p > 0.9995:
        return ">99.9%"
    return f"{p:.1%}"


def advice_text(adv: Advice, st: Style) -> str:
    """Advice: the best action's explanation, then every action ranked."""
    out = [st.head(f"Seat {adv.seat} ({adv.phase}): {adv.first.explanation}")]
    out.append(f"{'action':<28}{'first':>7}{'±':>6}{'points':>8}{'±':>6}{'dist':>6}{'acc':>5}"
               "  method")
    for o in adv.options:
        dist = "—" if o.distance is None else str(o.distance)
        if o.p_first is None or o.p_first_se is None or o.points is None or \
                o.points_se is None:  # not judged: no number stated
            out.append(f"{str(o.action)[:27]:<28}{'—':>7}{'':>6}{'—':>8}{'':>6}{dist:>6}"
                       f"{'—':>5}  not judged")
            continue
        first, margin = _chance(o.p_first), f"{Z95 * o.p_first_se:.1%}"
        points, pmargin = f"{o.points:.2f}", f"{Z95 * o.points_se:.2f}"
        if o.certain:
            first, margin, pmargin = "100%", "exact", "exact"
        out.append(f"{str(o.action)[:27]:<28}{first:>7}{margin:>6}{points:>8}{pmargin:>6}"
                   f"{dist:>6}{o.acceptance:>5}  {o.method}")
    spent = " (budget spent: later actions not judged)" if adv.budget_spent else ""
    out.append(st.dim(f"first: chance of going out first; points: expected deal score; ± the "
                      f"95% margin of the fit · {adv.seconds * 1000:.0f} ms{spent}"))
    return "\n".join(out)


def settlement_text(s: Settlement, st: Style) -> str:
    """A settlement: each player's score and balance, then the payments."""
    out = [st.head("Settlement (each pays every player above him the difference)")]
    for name, score, bal in zip(s.names, s.scores, s.balances):
        out.append(f"  {name:<10}{score:>6}{bal:>+8}")
    for i, j, amount in s.payments:
        out.append(st.dim(f"  {s.names[i]} pays {s.names[j]} {amount}"))
    return "\n".join(out)


def simulation_text(s: Summary) -> str:
    """A simulation summary: one line per player, then draws and speed."""
    head = (f"{s.deals} deals{' × every seat (duplicate)' if s.duplicate else ''}, seed "
            f"{s.seed}, {s.rules.describe()}")
    out = [head, f"{'player':<8}{'spec':<24}{'wins':>6}{'share':>8}{'points':>8}{'mean':>8}"
                 "  95% CI"]
    for p in s.players:
        lo, hi = p.ci95()
        out.append(f"{p.player:<8}{p.spec[:23]:<24}{p.wins:>6}{p.win_share:>8.1%}"
                   f"{p.points:>8}{p.mean:>8.2f}  [{lo:.2f}, {hi:.2f}]")
    if any(s.routes):
        out.append("wins by the last card: " + "; ".join(
            f"player {p} " + ", ".join(f"{how} {r[how]}" for how in ROUTES if r.get(how))
            for p, r in enumerate(s.routes) if r))
    out.append(f"draws {s.draws} ({s.draws / max(s.games, 1):.1%}) · {s.speed()}")
    return "\n".join(out)


# --- the terminal game ----------------------------------------------------------------------

def view_text(v: View, st: Style) -> str:
    """What the seat sees at its decision: the table, the card on offer, its hand."""
    lines = [st.head(f"Seat {v.seat} · {v.phase} · stock {v.stock_left} · "
                     f"{v.discards_made} discards")]
    for i, seat in enumerate(v.table):
        who = "you" if i == v.seat else f"seat {i}"
        melds = "  ".join(cards(st, m) for m in seat.melds) or "—"
        thrown = " ".join(card(st, c) for c in seat.discards[-5:] if c is not None)
        lines.append(seat_line(who, seat.cards, melds, thrown))
    if v.offer is not None:
        lines.append(f"On offer: {card(st, v.offer.card)} from seat {v.offer.by}")
    lines.append(f"Your hand: {cards(st, v.hand)}")
    return "\n".join(lines)


def action_text(a: Action) -> str:
    """An action in words: ``discard 9♦``, ``take 2♣ with A♥ 3♦``…"""
    words = {"discard": "discard", "out": "go out, throwing", "cache": "cache the Trio of",
             "quartette": "declare the Quartette", "take": "take it with",
             "bump": "bump it with", "pass": "pass", "draw": "draw"}
    text = words.get(a.do, a.do)
    if a.card is not None:
        text += " " + a.card.symbol
    if a.with_:
        text += " " + " ".join(c.symbol for c in a.with_)
    return text


def result_text(r: Result, st: Style) -> str:
    """The end of a deal: who went out and the scores, or a draw."""
    if r.winner is None:
        head = "A draw: the turn limit was reached."
    else:
        who = "You" if r.winner == 0 else f"Seat {r.winner}"
        head = f"{who} went out ({r.by}) for {r.points} points."
    return st.head(head) + "\nScores: " + ", ".join(
        f"{'you' if i == 0 else f'seat {i}'} {s:+d}" for i, s in enumerate(r.scores))
