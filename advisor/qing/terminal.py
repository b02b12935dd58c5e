"""Qing Kanhu's terminal game (``advisor qing play``), declared as :class:`Looks` for the
generic table of the one turn loop (:mod:`advisor.cli.playing`): every seat's moves told
from the player's VIEW (another seat's draw as "drew a card", the player's own with its
card; the pass that ends a drawn deal), the hand grouped in an eye and boys with the
waits or the best discards, moves typed in Qing's notation (``8m`` or ``d 8m``, ``t`` /
``take``, ``w`` / ``win``, ``draw``, ``pass``), and the end with the winner's groups and
the pot explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from advisor.errors import AdvisorError
from advisor.games import terminal as generic
from advisor.games.terminal import Looks, Step, Terminal, Unclear
from advisor.qing.analysis import discard_rows, waits_of
from advisor.qing.cards import CARDS, IS_EXTRA, NUMERALS, Card, cards_of, counts_of, parse_cards
from advisor.qing.game import HOWS, Action, Game
from advisor.qing.position import Position
from advisor.qing.rules import Pattern, Rules
from advisor.qing.solver import solver
from advisor.qing.text import action_text, card, cards, group_line
from advisor.qing.view import View
from advisor.text import Style


def who(seat: int) -> str:
    return "you" if seat == 0 else f"seat {seat}"


# --- the log ---------------------------------------------------------------------------------

def narrate(step: Step, st: Style) -> str | None:
    """One move, as the player may know it."""
    a: Action = step.action
    before: View = step.before
    after: View = step.after
    name = who(step.seat)
    x = before.offer
    if a.do == "discard":
        return f"{name} discarded {card(st, a.card)}" if a.card else f"{name} discarded"
    if a.do == "take":
        shown = after.melds[step.seat][-1] if after.melds[step.seat] else None
        group = f", showing the {shown.kind} {shown.name}" if shown is not None else ""
        return f"{name} took {card(st, x) if x else 'the discard'} with " \
               f"{cards(st, a.with_)}{group} (Q7)"
    if a.do == "win":
        if before.phase == "offer" and x is not None:
            return f"{name} won with the discard {card(st, x)} (Q7)"
        return f"{name} won (Q5)"
    if a.do == "draw":
        if step.seat == 0:
            new = list(cards_of(after.hand))
            for c in cards_of(before.hand):
                new.remove(c)
            return f"you drew {cards(st, new)}"
        return f"{name} drew a card"
    return (f"{name} passed {card(st, x) if x else ''}: the stock is empty and nobody "
            "won, the deal is drawn (Q8)")


# --- the hand --------------------------------------------------------------------------------

def grouping(hand: tuple[int, ...], rules: Rules, eye: bool) -> tuple[
        list[Pattern], list[Card], list[Card]]:
    """The concealed cards in the groups that hold the most of them (one eye at most, none
    when an eye is shown), the extras (Q4) and the cards left over."""
    by_low = solver(rules).by_low

    @cache
    def best(c: tuple[int, ...], has_eye: bool) -> tuple[int, tuple[Pattern, ...]]:
        i = next((k for k in range(NUMERALS) if c[k]), None)
        if i is None:
            return 0, ()
        loose = list(c)
        loose[i] -= 1
        top = best(tuple(loose), has_eye)
        for p in by_low[i]:
            if p.kind == "eye" and has_eye:
                continue
            if any(c[k] < n for k, n in p.need):
                continue
            nc = list(c)
            for k, n in p.need:
                nc[k] -= n
            n, groups = best(tuple(nc), has_eye or p.kind == "eye")
            if n + p.size > top[0]:
                top = (n + p.size, (p, *groups))
        return top

    _, groups = best(tuple(hand), eye)
    left = list(hand)
    for p in groups:
        for k, n in p.need:
            left[k] -= n
    rest = cards_of(tuple(left))
    extras = [c for c in rest if IS_EXTRA[c.index]]
    loose = [c for c in rest if not IS_EXTRA[c.index]]
    return list(groups), extras, loose


def hand_lines(view: View, st: Style) -> list[str]:
    """The hand in an eye and boys (the shown groups first), the extras and the loose
    cards; the waits (14 cards) or the best discards (15)."""
    out = [st.head(f"Your hand by group ({sum(view.hand)} concealed, "
                   f"{sum(len(g.cards) for g in view.my_melds)} shown):")]
    out += [group_line(st, g) for g in view.my_melds]
    groups, extras, loose = grouping(view.hand, view.rules, view.eye)
    for p in groups:
        plain = [CARDS[k] for k, n in p.need for _ in range(n)]
        out.append(f"  {p.kind:<5}{p.name:<15}{cards(st, plain)}")
    if extras:
        out.append(f"  extras (Q4)         {cards(st, extras)}")
    out.append(f"  loose               {cards(st, loose) or '—'}")
    own = tuple(h + m for h, m in zip(view.hand, counts_of(
        c for g in view.my_melds for c in g.cards)))
    pos = Position(view.rules, view.hand, view.my_melds, view.seen,
                   tuple(o - h for o, h in zip(own, view.hand)))
    try:
        if sum(view.hand) == pos.target - 1:
            waits = waits_of(pos, view.hand)
            out.append("Waits: " + (" ".join(f"{card(st, w.card)}×{w.unseen}" for w in waits)
                                    if waits else "none yet"))
        elif sum(view.hand) == pos.target:
            rows = discard_rows(pos)[:3]
            out.append("Best discards: " + ", ".join(
                f"{card(st, r.card)} (distance {r.distance}"
                + (f", {r.unseen} waits unseen)" if r.waits else ")") for r in rows))
    except AdvisorError:  # pragma: no cover - the table's hands are always whole
        pass
    return out


# --- the decision ----------------------------------------------------------------------------

def situation(view: View, menu: Sequence[Action]) -> str:
    can = {a.do for a in menu}
    if view.phase == "offer" and view.offer is not None:
        ways = [w for do, w in (("win", "win with it (Q7)"), ("take", "take it into a group "
                "shown at once (Q7)"), ("draw", "draw from the stock (Q6)"),
                ("pass", "pass: the stock is empty, the deal is drawn (Q8)")) if do in can]
        return f"{who(view.offer_by or 0).capitalize()} discarded {view.offer.code} to you: " \
               + ", or ".join(ways) + "."
    return "Your turn: discard a card to your left (Q6)" + \
        (", or win: your cards make an eye and boys (Q5)" if "win" in can else "") + "."


def label(a: Action, view: View) -> str:
    if a.do == "take" and view.offer is not None:
        return f"take {view.offer.code} with {' '.join(c.code for c in a.with_)}"
    return action_text(a)


# --- what the player types -------------------------------------------------------------------

WORDS = {"d": "discard", "discard": "discard", "t": "take", "take": "take", "w": "win",
         "win": "win", "draw": "draw", "dr": "draw", "p": "pass", "pass": "pass"}


def read(text: str, view: View, menu: Sequence[Action]) -> Action | None:
    """A move in Qing's notation: ``8m`` or ``d 8m`` (discard), ``t`` / ``take`` (the only
    way, or ``take 5c 6c``), ``w`` / ``win``, ``draw``, ``pass``; a card alone at an offer
    is the way to take with it. None: not a move."""
    split = generic.split_move(text, WORDS, parse_cards)
    if split is None:
        return None
    _, do, named = split
    if do is None:
        hint = ("at an offer type 't', 'take' with the cards, 'win', 'draw' or the number of "
                "a choice")
        return generic.cards_alone(text, view.phase == "turn", menu, named, ("take",),
                                   lambda c: Action("discard", c), hint)
    if do in ("win", "draw", "pass"):
        return Action(do)
    if do == "discard":
        if len(named) != 1:
            raise Unclear("discard which card? e.g. 'd 8m'")
        return Action("discard", named[0])
    if named:
        return Action("take", None, tuple(sorted(named, key=lambda c: c.index)))
    ways = [a for a in menu if a.do == "take"]
    if len(ways) == 1:
        return ways[0]
    if not ways:
        return Action("take", None, ())  # not legal: the engine says why
    raise Unclear("take with which cards? " + " or ".join(
        f"'take {' '.join(c.code for c in a.with_)}'" for a in ways))


# --- the end ---------------------------------------------------------------------------------

HOW = {"deal": "with the dealt cards", "draw": "after drawing from the stock",
       "take": "after taking a discard", "discard": "with the discard"}
assert set(HOW) == set(HOWS)


def end(game: Game, names: Sequence[str], st: Style) -> str:
    """The winner and how, his groups, the pot, and every hand as it ended."""
    r = game.result
    assert r is not None
    n = game.players
    out = [st.head("══ The deal is over ══")]
    if r.winner is None:
        out.append("A drawn deal: the stock ran out and nobody won (Q8); every stake is "
                   "returned.")
    else:
        out.append(st.head(f"{who(r.winner).capitalize()} won {HOW.get(r.how or '', '')} "
                           "(Q5): an eye and boys."))
        out += [group_line(st, g) for g in r.groups]
        out.append(f"The pot (Q8): each of the {n} players staked 1; {who(r.winner)} takes "
                   f"the {n - 1} of the others.")
    out.append(st.head("Settlement: " + " · ".join(
        f"{who(s)} {p:+d}" for s, p in enumerate(r.settlement))))
    out += generic.end_hands(who, names, ((cards(st, cards_of(seat.counts())),
                                   "  ".join(cards(st, g.cards) for g in seat.melds))
                                  for seat in game.seats), "shown")
    return "\n".join(out)


HELP = """\
Type the number of a choice, or a move (cards as 8m, 1c, RF, or names):
  8m, d 8m, discard 8m   discard a card to your left (Q6)
  t, take                take the discard into a group (the only way, or 'take 5c 6c') (Q7)
  w, win                 win: with your cards, or with the discard (Q5, Q7)
  draw                   draw from the stock (Q6)
  pass                   pass when the stock is empty: the deal is drawn (Q8)
""" + generic.table_help()

LOOKS = Looks(narrate=narrate, hand=hand_lines, situation=situation, label=label, read=read,
              end=end, help=HELP, notation="8m, d 8m, t, w, draw")

TERMINAL = Terminal(looks=LOOKS)
"""``advisor qing play``, declared: the generic table in Qing's words."""

__all__ = ["HELP", "LOOKS", "TERMINAL", "end", "grouping", "narrate", "read"]
