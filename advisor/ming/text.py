"""Ming Kanhu text for people: tricks, advice and simulation summaries (Myriads in red
on a terminal)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from advisor.ming.advice import Z95, Advice
from advisor.ming.cards import Card, cards_of, format_cards
from advisor.ming.game import Action, Result
from advisor.ming.plays import LEOPARD_9, TrickResult
from advisor.ming.simulate import Summary
from advisor.ming.view import SeenTrick, View
from advisor.text import Style


def card(st: Style, c: Card) -> str:
    return st.red(c.code) if c.red else c.code


def cards(st: Style, cs: Iterable[Card] | int) -> str:
    listed = cards_of(cs) if isinstance(cs, int) else list(cs)
    return " ".join(card(st, c) for c in listed)


def trick_text(t: TrickResult, st: Style) -> str:
    """A trick: each play, shown or face down, then who takes it and what it scores.

    >>> from advisor.ming.plays import trick
    >>> from advisor.text import PLAIN
    >>> print(trick_text(trick(["7c 3s 3m", "9c 1s 1m"]), PLAIN))
    play 0  7c 3s 3m   Pangolin (led)
    play 1  9c 1s 1m   Tiger — beats
    Play 1 takes the trick: 6 cards + bonus 5 = 11 points
    """
    out = []
    for i, (mask, p, shown) in enumerate(zip(t.masks, t.plays, t.shown)):
        what = p.name if p is not None and p.kind != "single" else ""
        tag = "(led)" if i == 0 else "— beats" if shown else st.dim("face down")
        text = cards(st, mask)
        pad = " " * max(1, 11 - len(" ".join(c.code for c in cards_of(mask))))
        out.append(f"play {i}  {text}{pad}{(what + ' ') if what else ''}{tag}".rstrip())
    bonus = f" + bonus {t.bonus}" if t.bonus else ""
    out.append(st.head(f"Play {t.winner} takes the trick: {t.cards} cards{bonus} = "
                       f"{t.cards + t.bonus} points"))
    return "\n".join(out)


def advice_text(adv: Advice, st: Style) -> str:
    """Advice: the best play's explanation, then every play ranked."""
    out = [st.head(f"Seat {adv.seat} ({adv.phase}): {adv.explanation}")]
    out.append(f"{'play':<40}{'settlement':>11}{'±':>7}{'worlds':>8}  method")
    shown = adv.options if len(adv.options) <= 25 else adv.options[:25]
    for o in shown:
        value = f"{o.settlement:+.2f}"
        margin = "—" if math.isnan(o.se) else "exact" if o.method == "exact" else \
            f"{Z95 * o.se:.2f}"
        how = o.method if o.same_as is None else f"{o.method}, as {o.same_as}"
        out.append(f"{o.what[:39]:<40}{value:>11}{margin:>7}{o.worlds:>8}  {how}")
    if len(adv.options) > len(shown):
        out.append(st.dim(f"… and {len(adv.options) - len(shown)} more plays"))
    spent = " (budget spent)" if adv.budget_spent else ""
    out.append(st.dim(f"settlement: expected for the deal (M7), scores so far "
                      f"{list(adv.scores)}; ± the 95% margin over the worlds · "
                      f"{adv.worlds} of {adv.possible:,} worlds ({adv.method}) · "
                      f"{adv.ms:.0f} ms{spent}"))
    return "\n".join(out)


def simulation_text(s: Summary, st: Style | None = None) -> str:
    """A simulation summary: one line per player, then speed."""
    head = (f"{s.deals} deals{' × every seat (duplicate)' if s.duplicate else ''}, seed "
            f"{s.seed}, {len(s.players)} players")
    out = [head, f"{'player':<8}{'spec':<24}{'tops':>6}{'points':>8}{'tricks':>8}"
                 f"{'bonus':>7}{'mean':>8}  95% CI"]
    for p in s.players:
        lo, hi = p.ci95()
        out.append(f"{p.player:<8}{p.spec[:23]:<24}{p.wins:>6}{p.points:>8}"
                   f"{s.tricks[p.player]:>8}{s.bonuses[p.player]:>7}{p.mean:>8.2f}"
                   f"  [{lo:.2f}, {hi:.2f}]")
    out.append(f"ties for the top {s.draws} · {s.speed()}")
    return "\n".join(out)


__all__ = ["advice_text", "card", "cards", "simulation_text", "trick_text"]


# --- the terminal game ----------------------------------------------------------------------

def _seat(i: int, me: int) -> str:
    return "you" if i == me else f"seat {i}"


def view_text(v: View, st: Style) -> str:
    """What the seat sees at its decision: the scores, the trick so far (a face-down play
    it did not make shows as its number of cards), the last trick, its hand."""
    lines = [st.head(f"Seat {v.seat} · {v.phase} · trick {len(v.tricks) + 1}")]
    lines.append("  scores: " + ", ".join(
        f"{_seat(i, v.seat)} {s} ({v.captured[i]} cards + {v.bonuses[i]})"
        for i, s in enumerate(v.scores)))
    if v.tricks:
        last = v.tricks[-1]
        assert last.winner is not None
        lines.append(f"  last trick: {_plays(last, v.seat, st)} — "
                     f"{_seat(last.winner, v.seat)} took it"
                     + (f" (+{last.bonus})" if last.bonus else ""))
    if v.trick is not None and v.trick.plays:
        lines.append(f"  this trick: {_plays(v.trick, v.seat, st)}")
    lines.append(f"Your hand: {cards(st, v.hand)}")
    return "\n".join(lines)


def _plays(t: SeenTrick, me: int, st: Style) -> str:
    out = []
    for p in t.plays:
        shown = cards(st, p.cards) if p.cards else f"{p.count} face down"
        out.append(f"{_seat(p.seat, me)} {shown}" + ("" if p.shown else " (down)"))
    return "; ".join(out)


def action_text(a: Action) -> str:
    """An action in words: ``lead 7c 3s 3m``, ``follow 5s (beats)``, ``follow 9c
    (face down)``."""
    text = f"{a.do} {format_cards(a.cards)}"
    if a.declare is not None and a.cards == LEOPARD_9:
        text += f" as {'a Leopard' if a.declare == 'leopard' else 'a Special'}"
    if a.do == "follow" and a.beats is not None:
        text += " (beats)" if a.beats else " (face down)"
    return text


def result_text(r: Result, st: Style) -> str:
    """The end of a deal (M7): each seat's score and settlement."""
    head = "A tie for the top." if r.winner is None else \
        f"{_seat(r.winner, 0).capitalize()} scored the most: {r.points}."
    return st.head(head) + "\n" + "\n".join(
        f"  {_seat(i, 0)}: {s} ({r.captured[i]} cards + {r.bonuses[i]}), settles "
        f"{r.settlement[i]:+d}" for i, s in enumerate(r.scores))
