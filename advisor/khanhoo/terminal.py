"""Khanhoo's terminal game (``advisor khanhoo play``), declared as :class:`Looks` for the
generic table of the one turn loop (:mod:`advisor.cli.playing`): what each seat did told
from the player's VIEW (another seat's draw as "drew a card", the player's own with its
card), the hand grouped in its best partial declaration with the useful cards or the
discards, the moves typed in the game's notation (``9h``, ``d 9h``, ``out 9h``, ``t``,
``take 2c 3c``, ``bump``, ``pass``, ``draw``), and the end with the winner's declaration
and the settlement explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from advisor.errors import AdvisorError
from advisor.games import terminal as generic
from advisor.games.terminal import Looks, Step, Terminal, Unclear
from advisor.khanhoo.cards import JOKER, Card, cards_of, counts_of, parse_cards
from advisor.khanhoo.game import Action, Game
from advisor.khanhoo.melds import discard_table, useful_cards
from advisor.khanhoo.position import meld_of
from advisor.khanhoo.rules import Pattern, Rules
from advisor.khanhoo.scoring import OUT_BONUS, settlement
from advisor.khanhoo.text import action_text, card, cards
from advisor.khanhoo.view import View
from advisor.text import Style


def who(seat: int) -> str:
    return "you" if seat == 0 else f"seat {seat}"


def _minus(a: Sequence[Card], b: Sequence[Card]) -> list[Card]:
    rest = list(a)
    for c in b:
        if c in rest:
            rest.remove(c)
    return rest


# --- the log ---------------------------------------------------------------------------------

def narrate(step: Step, st: Style) -> str | None:
    """One move, as the player may know it; a bot's declined claim is not told (it was
    asked only because it could claim, K5)."""
    a: Action = step.action
    before: View = step.before
    after: View = step.after
    name = who(step.seat)
    x = before.offer.card if before.offer is not None else None
    text: str | None
    if a.do == "discard":
        text = f"{name} discarded {card(st, a.card)}" if a.card else f"{name} discarded"
    elif a.do == "out":
        text = f"{name} went out, throwing {card(st, a.card)}" if a.card else f"{name} went out"
    elif a.do == "cache":
        text = f"{name} laid a cache: the Trio of {card(st, a.card)} face down (K10)" \
            if step.seat == 0 and a.card else f"{name} laid a cache: a Trio face down (K10)"
    elif a.do == "quartette":
        text = f"{name} declared a Quartette (K10)"
    elif a.do in ("take", "bump"):
        claim = "to take it" if a.do == "take" else "to bump it"
        text = f"{name} claimed {card(st, x) if x else 'the discard'} {claim} with " \
               f"{cards(st, a.with_)} (K5)"
    elif a.do == "pass":
        text = f"you let {card(st, x)} go by" if step.seat == 0 and x else None
    else:  # draw
        if step.seat == 0:
            new = _minus(after.hand, before.hand)
            text = f"you drew {cards(st, new)}" if new else "you drew"
            if before.no_stock and x is not None:
                text = f"you took the discard {card(st, x)} into your hand (K4, no stock)"
        elif before.no_stock and x is not None:
            text = f"{name} took the discard {card(st, x)} into its hand (K4, no stock)"
        else:
            text = f"{name} drew a card"
    laid = [f"{who(s)} laid {cards(st, m)}" + (f" with {card(st, x)}" if x else "")
            for s, (b, t) in enumerate(zip(before.table, after.table))
            for m in t.melds[len(b.melds):]]
    if laid:
        text = "; ".join([*([text] if text else []), *laid])
    return text


# --- the hand --------------------------------------------------------------------------------

def partial(hand: tuple[int, ...], rules: Rules) -> tuple[list[tuple[Pattern, list[int]]],
                                                          list[int]]:
    """The best partial declaration of ``hand`` (counts): combinations holding the most
    cards, then the most points (Jokers filling places), and the cards left over."""
    patterns = rules.containing

    @cache
    def best(c: tuple[int, ...]) -> tuple[int, int, tuple[tuple[Pattern, tuple[int, ...]], ...]]:
        i = next((k for k in range(len(c)) if c[k] and k != JOKER), None)
        if i is None:
            return 0, 0, ()
        loose = list(c)
        loose[i] -= 1
        top = best(tuple(loose))
        for p in patterns[i]:
            nc = list(c)
            used = [0] * len(c)
            for k, n in p.need:
                u = min(n, nc[k])
                nc[k] -= u
                used[k] += u
            miss = p.size - sum(used)
            if used[i] == 0 or miss > nc[JOKER]:
                continue
            nc[JOKER] -= miss
            used[JOKER] += miss
            n, pts, groups = best(tuple(nc))
            if (n + p.size, pts + p.points) > top[:2]:
                top = (n + p.size, pts + p.points, ((p, tuple(used)), *groups))
        return top

    _, _, groups = best(hand)
    left = list(hand)
    for _, used in groups:
        left = [a - b for a, b in zip(left, used)]
    return [(p, list(u)) for p, u in groups], left


def hand_lines(view: View, st: Style) -> list[str]:
    """The hand in its best partial declaration, the laid combinations, and the useful
    cards (at rest) or the best discards (owing a card)."""
    rules = view.rules
    mine = view.mine
    hand = counts_of(view.hand)
    laid = [meld_of(list(m), rules) for m in mine.melds]
    target = mine.target - sum(len(m) for m in mine.melds)
    groups, left = partial(hand, rules)
    out = [st.head(f"Your hand by combination ({len(view.hand)} in hand, "
                   f"{sum(len(m.cards) for m in laid)} laid; out with {mine.target}):")]
    for m in laid:
        out.append(f"  {m.name:<18}{cards(st, m.cards)}  {m.points} pt  (laid)")
    for p, used in groups:
        out.append(f"  {p.kind.name:<18}{cards(st, cards_of(tuple(used)))}  {p.points} pt")
    out.append(f"  {'loose':<18}{cards(st, cards_of(tuple(left))) or '—'}")
    own = tuple(h + sum(1 for m in mine.melds for c in m if c.index == i)
                for i, h in enumerate(hand))
    try:
        if sum(hand) == target:
            useful = useful_cards(hand, rules, target, own)
            out.append(f"Useful cards: {cards(st, useful) or '—'}")
        elif sum(hand) == target + 1:
            rows = discard_table(hand, rules, target, own, counts_of(view.pile))
            best = [r for r in rows[:3]]
            out.append("Best discards: " + ", ".join(
                f"{card(st, r.card)} ({'out' if r.out else f'distance {r.distance}'})"
                for r in best))
    except AdvisorError:  # pragma: no cover - the table's hands are always whole
        pass
    return out


# --- the decision ----------------------------------------------------------------------------

def situation(view: View, menu: Sequence[Action]) -> str:
    if view.phase == "claim" and view.offer is not None:
        x = view.offer.card.symbol
        nxt = view.offer.by == (view.seat - 1) % view.players
        return (f"{who(view.offer.by).capitalize()} discarded {x}: "
                + ("take it for any combination, or pass and draw (K5)." if nxt
                   else "bump it for a combination, or pass (K5)."))
    if view.phase == "draw":
        return "Nobody claimed the discard: draw (K4)."
    can = {a.do for a in menu}
    text = "Your turn: discard a card (K4)"
    if "out" in can:
        text += ", or go out (K6)"
    return text + "."


def label(a: Action, view: View) -> str:
    return action_text(a)


# --- what the player types -------------------------------------------------------------------

WORDS = {"d": "discard", "discard": "discard", "throw": "discard", "out": "out", "o": "out",
         "t": "take", "take": "take", "b": "bump", "bump": "bump", "p": "pass",
         "pass": "pass", "draw": "draw", "dr": "draw", "cache": "cache",
         "quartette": "quartette"}


def _discard(c: Card) -> Action:
    return Action("discard", c)


def read(text: str, view: View, menu: Sequence[Action]) -> Action | None:
    """A move in Khanhoo's notation: ``9h`` or ``d 9h`` (discard), ``out 9h``, ``t`` /
    ``take`` (the only way to take, or ``take 2c 3c``), ``bump …``, ``pass``, ``draw``,
    ``cache 7h``, ``quartette``. A card alone discards it (at a claim: the way to take or
    bump with it). None: not a move."""
    split = generic.split_move(text, WORDS, parse_cards)
    if split is None:
        return None
    head, do, named = split
    if do is None:
        return generic.cards_alone(
            text, view.phase == "turn", menu, named, ("take", "bump"), _discard,
            "type 'd CARD' to discard, 'take'/'bump' with the cards, 'pass', 'draw', or the "
            "number of a choice")
    if do in ("pass", "draw", "quartette"):
        return Action(do)
    if do in ("discard", "out", "cache"):
        if len(named) != 1:
            raise Unclear(f"{do} which card? e.g. '{head} 9h'")
        return Action(do, named[0])
    ways = [a for a in menu if a.do == do]
    if named:
        return Action(do, None, tuple(sorted(named, key=lambda c: c.index)))
    if len(ways) == 1:
        return ways[0]
    if not ways:
        return Action(do, None, ())  # not legal: the engine says why
    raise Unclear(f"{do} with which cards? " + " or ".join(
        f"'{do} {' '.join(c.code for c in a.with_)}'" for a in ways))


# --- the end ---------------------------------------------------------------------------------

def end(game: Game, names: Sequence[str], st: Style) -> str:
    """The winner's declaration with its points and the bonus for going out, each seat's
    score and settlement (as in Skat), and every hand as it ended."""
    r = game.result
    assert r is not None
    out = [st.head("══ The deal is over ══")]
    if r.winner is None:
        out.append(f"A draw: {game.max_turns} discards and nobody went out. Nobody scores.")
    else:
        how = {"out": "went out", "quartette": "declared a natural Quartette (K10)",
               "cache": "completed a Quartette from a cache (K10)"}.get(r.by or "", r.by)
        out.append(st.head(f"{who(r.winner).capitalize()} {how} for {r.points} points."))
        if r.combinations:
            out.append("Declaration:")
            for c in r.combinations:
                joker = f"  (Jk as {' '.join(x.symbol for x in c.jokers_as)})" \
                    if c.jokers_as else ""
                out.append(f"  {c.name:<18}{cards(st, c.cards)}  {c.points} pt{joker}")
            if r.discard is not None:
                out.append(f"  thrown away: {card(st, r.discard)}")
        if r.by == "out":
            out.append(f"Points: {r.points - OUT_BONUS} for the combinations + {OUT_BONUS} "
                       f"for going out (K8) = {r.points}.")
    pays = settlement(list(r.scores))
    out.append("Scores: " + ", ".join(f"{who(s)} {x:+d}" for s, x in enumerate(r.scores)))
    out.append(st.head("Settlement (each pays every player above him the difference): "
                       + " · ".join(f"{who(s)} {p:+d}" for s, p in enumerate(pays))))
    out += generic.end_hands(who, names, ((cards(st, cards_of(seat.counts())),
                                   "  ".join(cards(st, m.cards) for m in seat.melds))
                                  for seat in game.seats), "laid")
    return "\n".join(out)


HELP = """\
Type the number of a choice, or a move (cards as 9h, 9♥, Jk):
  9h, d 9h, discard 9h   discard a card (K4)
  out 9h                 go out, throwing 9h (K6)
  t, take                take the discard (the only way, or 'take 2c 3c') (K5)
  b, bump                bump the discard with a combination ('bump 7d Js') (K5)
  p, pass                let the discard go by
  draw                   draw from the stock (K4)
  cache 7h, quartette    lay a cache, declare a Quartette (K10)
""" + generic.table_help()

LOOKS = Looks(narrate=narrate, hand=hand_lines, situation=situation, label=label, read=read,
              end=end, help=HELP, notation="9h, d 9h, out 9h, t, draw, pass")

TERMINAL = Terminal(looks=LOOKS)
"""``advisor khanhoo play``, declared: the generic table in Khanhoo's words."""

__all__ = ["HELP", "LOOKS", "TERMINAL", "end", "narrate", "partial", "read"]

