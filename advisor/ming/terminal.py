"""Ming Kanhu's terminal game (``advisor ming play``), declared as :class:`Looks` for the
generic table of the one turn loop (:mod:`advisor.cli.playing`): every play told from
the player's VIEW (another seat's face-down play as its number of cards) with who took
each trick and its bonus, the plays the hand holds, cards typed to lead or follow
(``7c``, ``9c 9s 9m``, ``9c 9s 9m leopard``), the follows that are the same for the
outcome offered once, and the end with every trick's bonus and the settlement.

**Follows that are the same for the outcome.** A follow that does not beat is laid face
down (M5): the others see only how many cards it holds, and the trick's winner takes it
whatever it is (1 point a card, M6). What a face-down follow decides is only which cards
stay in the hand; two cards of it are interchangeable when neither can ever be part of a
combination the hand could still lead or follow with (M4: the other cards of every
combination holding it are not all in the hand, and a hand never grows), neither scores a
bonus as a single (5 and 8 Myriads, M3) nor is Thousand Myriads (which beats only
Myriads), and they are of one suit with no card the player has not seen between them
(M3: against every card another seat may hold, they beat and are beaten alike). The menu
offers one face-down follow per set of such classes — the lowest cards of each class —
and any of the others may still be typed. Early in a deal few cards are interchangeable,
so the menu numbers at most :data:`FACE_DOWN_SHOWN` face-down follows, those giving up the
lowest cards; every other one is typed as its cards (``9c 8c 7c``).
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.errors import AdvisorError
from advisor.games import terminal as generic
from advisor.games.terminal import Looks, Step, Terminal, Unclear
from advisor.ming.cards import CARDS, FULL, cards_of, format_cards, mask_of, parse_cards
from advisor.ming.game import Action, Game
from advisor.ming.plays import (
    COMBINATIONS,
    LEOPARD_9,
    SINGLE_BONUS,
    combinations_in,
    describe,
    read_lead,
)
from advisor.ming.text import action_text, cards
from advisor.ming.view import SeenTrick, View
from advisor.text import Style

TM = 29
"""Thousand Myriads' index: it beats only Myriads (M3)."""


def who(seat: int) -> str:
    return "you" if seat == 0 else f"seat {seat}"


# --- the log ---------------------------------------------------------------------------------

def _play_text(a: Action, seat: int, st: Style) -> str:
    name = who(seat)
    if a.do == "lead":
        if a.cards.bit_count() == 3:
            play = read_lead(a.cards, a.declare)
            if format_cards(a.cards) in play.name:
                return f"{name} led {play.name}"
            return f"{name} led {play.name} ({cards(st, a.cards)})"
        return f"{name} led {cards(st, a.cards)}"
    if a.beats:
        return f"{name} beat it with {cards(st, a.cards)}"
    if seat == 0:
        return f"you laid {cards(st, a.cards)} face down"
    n = a.cards.bit_count()
    return f"{name} laid {n} card{'s' * (n != 1)} face down"


def trick_taken(t: SeenTrick, st: Style) -> str:
    n = sum(p.count for p in t.plays)
    assert t.winner is not None
    bonus = f", +{t.bonus} bonus" if t.bonus else ""
    return f"{who(t.winner)} took the trick ({n} cards{bonus}, M6)"


def narrate(step: Step, st: Style) -> str:
    """One play, and the trick it completed."""
    before: View = step.before
    after: View = step.after
    text = _play_text(step.action, step.seat, st)
    for t in after.tricks[len(before.tricks):]:
        text += f"; {trick_taken(t, st)}"
    return text


# --- the hand and the menu -------------------------------------------------------------------

def classes(view: View) -> dict[int, tuple[int, ...]]:
    """Each hand card's class (see the module's docstring): cards of one class are the
    same for the outcome when laid face down."""
    hand = view.hand
    unseen = FULL & ~view.known
    out: dict[int, tuple[int, ...]] = {}
    for c in cards_of(hand):
        bit = c.bit
        plain = c.index not in SINGLE_BONUS and c.index != TM and not any(
            m & bit and (m & ~bit) & hand == m & ~bit for m in COMBINATIONS)
        if not plain:
            out[c.index] = (c.index,)
            continue
        below = sum(1 for o in cards_of(unseen) if o.suit == c.suit and o.index < c.index)
        out[c.index] = (-1, ord(c.suit), below)
    return out


FACE_DOWN_SHOWN = 8
"""Face-down follows numbered in the menu at most: those giving up the lowest cards (the
others are typed)."""


def menu(view: View, legal: Sequence[Action]) -> list[Action]:
    """The legal actions: every follow that beats, and a face-down follow once per set of
    classes — at most :data:`FACE_DOWN_SHOWN` of them, those giving up the lowest cards."""
    if view.phase != "follow":
        return list(legal)
    cls = classes(view)
    seen: set[tuple[tuple[int, ...], ...]] = set()
    beat, down = [], []
    for a in legal:
        if a.beats:
            beat.append(a)
            continue
        key = tuple(sorted(cls[c.index] for c in cards_of(a.cards)))
        if key not in seen:
            seen.add(key)
            down.append(a)
    down.sort(key=lambda a: sorted((c.index for c in cards_of(a.cards)), reverse=True))
    return beat + down[:FACE_DOWN_SHOWN]


def hand_lines(view: View, st: Style) -> list[str]:
    """The plays the hand holds: its combinations (M4) and its singles."""
    combos = combinations_in(view.hand)
    out = [st.head(f"Your plays ({view.hand.bit_count()} cards):")]
    if combos:
        out.append("  combinations: " + "; ".join(
            (p.name if format_cards(p.cards) in p.name else f"{p.name} {cards(st, p.cards)}")
            + (f" (+{p.bonus})" if p.bonus else "") for p in combos))
    else:
        out.append("  combinations: none")
    bonus = [CARDS[i] for i in SINGLE_BONUS if view.hand >> i & 1]
    out.append(f"  singles: {cards(st, view.hand)}"
               + (f"  (bonus as a winning single: {' '.join(c.code for c in bonus)})"
                  if bonus else ""))
    return out


def situation(view: View, menu_: Sequence[Action]) -> str:
    if view.phase == "lead":
        return "Your lead: one card, or three that make a combination (M5)."
    t = view.trick
    assert t is not None
    n = t.plays[0].count
    beat = sum(1 for a in menu_ if a.beats)
    return (f"Your follow: play {n} card{'s' * (n != 1)} (M5) — {beat} way"
            f"{'s' * (beat != 1)} to beat; a follow that does not beat is laid face down "
            "(the lowest such choices are listed; type any other cards, e.g. "
            f"'{' '.join(c.code for c in cards_of(view.hand)[:n])}').")


def label(a: Action, view: View) -> str:
    if a.do == "lead" and a.cards.bit_count() == 3:
        name = describe(a.cards)
        text = f"lead {name}" if format_cards(a.cards) in name else \
            f"lead {name} {format_cards(a.cards)}"
        return text + (f" as a {a.declare}" if a.cards == LEOPARD_9 and a.declare else "")
    return action_text(a)


# --- what the player types -------------------------------------------------------------------

def read(text: str, view: View, menu_: Sequence[Action]) -> Action | None:
    """Cards to lead or follow with (``7c``, ``9c 9s 9m``; ``lead``/``follow``/``play``
    before them may be said; ``leopard`` or ``special`` after a Leopard 9). None: not a
    move."""
    words = text.split()
    if words and words[0].casefold() in ("lead", "follow", "play", "l", "f"):
        words = words[1:]
    declare = None
    if words and words[-1].casefold() in ("leopard", "special"):
        declare = words.pop().casefold()
    if not words:
        raise Unclear("which cards? e.g. '7c' or '9c 9s 9m'")
    try:
        held = mask_of(parse_cards(" ".join(words)))
    except AdvisorError:
        return None
    if view.phase == "lead":
        return Action("lead", held, declare)  # type: ignore[arg-type]
    return Action("follow", held)


# --- the end ---------------------------------------------------------------------------------

def end(game: Game, names: Sequence[str], st: Style) -> str:
    """Every seat's captured cards and bonuses (each bonus with the trick that scored
    it), the scores and the settlement, and the unused stock."""
    r = game.result
    assert r is not None
    out = [st.head("══ The deal is over ══")]
    top = "A tie for the top score." if r.winner is None else \
        f"{who(r.winner).capitalize()} scored the most: {r.points}."
    out.append(st.head(top))
    for s in range(game.players):
        name = who(s) if s == 0 else f"{who(s)} ({names[s]})"
        out.append(f"  {name}: {r.captured[s]} cards captured + {r.bonuses[s]} bonus = "
                   f"{r.scores[s]} ({r.tricks[s]} trick{'s' * (r.tricks[s] != 1)})")
        for k, t in enumerate(game.tricks, 1):
            if t.best_seat == s and t.best.bonus:
                out.append(f"      trick {k}: +{t.best.bonus} for winning with "
                           f"{t.best.name} ({format_cards(t.best.cards)})")
    out.append("Settlement (M7: each receives from every other the difference of their "
               "scores): " + " · ".join(f"{who(s)} {p:+d}" for s, p in enumerate(r.settlement)))
    out.append(f"Unused stock: {cards(st, game.stock) or '—'}")
    return "\n".join(out)


HELP = """\
Type the number of a choice, or the cards to play (codes or names):
  7c                     lead or follow with one card
  9c 9s 9m               lead a combination (M4), or follow with three cards
  9c 9s 9m leopard       lead a Leopard 9 as a Leopard (a Special when not said)
""" + generic.table_help("play") + """
A follow that does not beat is laid face down; face-down follows that are the same for
the outcome are offered once (docs/cli.md says when), but any cards may be typed."""

LOOKS = Looks(narrate=narrate, hand=hand_lines, situation=situation, label=label, read=read,
              end=end, help=HELP, notation="7c, 9c 9s 9m", menu=menu)

TERMINAL = Terminal(looks=LOOKS)
"""``advisor ming play``, declared: the generic table in Ming's words."""

__all__ = ["HELP", "LOOKS", "TERMINAL", "classes", "end", "menu", "narrate", "read"]
