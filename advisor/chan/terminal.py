"""Chắn's terminal game (``advisor chan play``), declared for the one turn loop of the
command line (:class:`advisor.games.terminal.Terminal`): the table as the player at seat
0 sees it, what the bots did since his last move, his legal actions numbered, the moves
he may type (``d 5v``, ``eat 9s``, ``pass``, card names), refusals with the rule's name,
the advisor's ranking and the settlement.

The table is the library's (:class:`advisor.chan.session.Table`, shared with the browser
game): the bots play until the player has a real decision, a forced move is played for
him. Everything drawn during the deal comes from the player's VIEW (rules §8.3), so
nothing hidden leaks onto the screen; the other hands are shown only once the deal is
over.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from advisor.chan.advice import MAX_BUDGET_MS, advise
from advisor.chan.analysis import analyze
from advisor.chan.cards import FACES, Face, parse_face, sub
from advisor.chan.game import SEATS, Action, Do, Game
from advisor.chan.pairing import Exposed
from advisor.chan.position import Position
from advisor.chan.profiles import PROFILES
from advisor.chan.record import game_from_record
from advisor.chan.session import HUMAN, Step, Table, check_opponent
from advisor.chan.text import advice_text, card, cards, hand_lines, score_text, waits_text
from advisor.chan.view import Offer, View
from advisor.errors import AdvisorError, IllegalActionError
from advisor.games.faces import Field
from advisor.games.terminal import DEFAULT_ADVICE_MS, OptionError, Terminal, Unclear
from advisor.text import Style

RULE_TITLES = {
    "S2": "Seats", "T1": "Opening", "T2": "Offer", "T3": "Reveal", "T4": "Passed stock card",
    "T5": "Discards", "T6": "Stock exhausted", "T7": "Dead dealer",
    "R1": "Chắn first", "R2": "Keep your Chắn", "R3": "Refused Chắn", "R4": "No taking back",
    "R5": "One Cạ per rank", "R6": "No Cạ while waiting", "R7": "Discarded Cạ",
    "R8": "An eat needs a discard", "R9": "Three of a kind",
    "C1": "Win claim", "C2": "Chíu", "C3": "Priority", "C4": "Return after Chíu",
    "C5": "Claim window", "W1": "Winning hand", "W2": "Chi chi wins", "W3": "Thiên ù",
}
"""The short names of the rules (docs/rules/chan.md), shown with a refusal."""

WIN_BY = {
    "own_door": "on {card}, a stock card revealed at {its} own door",
    "other_door": "on {card}, a stock card revealed at another seat's door",
    "chiu": "by Chíu on {card} (Chíu ù)",
    "heaven": "with the dealt cards (Thiên ù)",
}

HELP = """\
Type the number of a listed action, or a command (cards in any notation: 5v, ngũ vạn,
5 myriads, bat sach):
  d CARD, discard CARD   discard a card
  eat CARD, e CARD       eat the card on offer with CARD from your hand
                         ('eat' alone when there is one way to eat it)
  CARD                   discard it, or eat with it when a card is on offer
  pass, p                pass the card on offer, or let a claim go by (C5)
  chiu, c                claim the card by Chíu, holding three of it (C2)
  win, w, u              win on a revealed stock card (C1), or Chíu ù
  heaven                 declare Thiên ù: the dealer's 20 dealt cards win (W3)
  ?                      the advisor's ranking of your legal actions
  t, table               draw the table again
  log                    every move so far
  h, help                this help
  q, quit                leave the table"""


def who(seat: int) -> str:
    return "you" if seat == HUMAN else f"seat {seat}"


def whose(seat: int) -> str:
    return "your" if seat == HUMAN else f"seat {seat}'s"


def _its(seat: int) -> str:
    """The possessive for a seat that is the subject of the sentence."""
    return "your" if seat == HUMAN else "its"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _named(st: Style, f: Face) -> str:
    return f"{card(st, f)} ({f.vi})"


# --- refusals -------------------------------------------------------------------------------

_YOU = (
    (re.compile(r"\bseat 0 does not hold\b"), "you do not hold"),
    (re.compile(r"\bseat 0 holds\b"), "you hold"),
    (re.compile(r"\bseat 0's cards\b"), "your cards"),
)


def illegal_text(err: IllegalActionError) -> str:
    """The engine's refusal, addressed to the player, with the rule's name:
    ``Not allowed — R3 (Refused Chắn): 6v was refused at move 14, …``."""
    message = err.message.removeprefix(f"{err.rule}: ")
    for pattern, repl in _YOU:
        message = pattern.sub(repl, message)
    if "not hold" in message:  # a card not in the hand: no rule's title to puzzle over
        return f"Not allowed: {message} ({err.rule})."
    title = RULE_TITLES.get(err.rule)
    return f"Not allowed — {err.rule}{f' ({title})' if title else ''}: {message}."


# --- what happened -----------------------------------------------------------------------

class Narrator:
    """Tells the table's steps one line each, naming the cards involved: a copy of the
    deal follows the steps, so each line can say which card was eaten, passed or revealed.

    The bots' declined claims are not told: the claim window was asked of them only
    because they could claim (C5), which would reveal their hands. The player's own
    declined claims, and the moves played for him because they were his only legal
    move, are told as such."""

    def __init__(self, deal: dict[str, Any]) -> None:
        self.game: Game = game_from_record(deal)
        self.told = 0
        self.lines: list[str] = []

    def tell(self, steps: Sequence[Step], chosen: int | None, st: Style) -> list[str]:
        """Lines for the steps not told yet; ``chosen`` is the index of the step the
        player chose (his other steps were forced)."""
        new: list[str] = []
        for step in steps[self.told:]:
            line = self._line(step, forced=step.seat == HUMAN and step.index != chosen, st=st)
            if line is not None:
                number = f"#{step.move}" if step.move is not None else ""
                new.append(f"  {number:>4}  {line}")
        self.told = len(steps)
        self.lines += new
        return new

    def _line(self, step: Step, *, forced: bool, st: Style) -> str | None:
        g = self.game
        a, seat = step.action, step.seat
        offer = g.offer
        x = offer.card if offer is not None else None
        chiu_card, chiu_return = g.chiu_card, g.chiu_return
        refused = set(g.seats[HUMAN].refused)
        revealed = g.revealed
        g.act(seat, a)
        name, its = who(seat), _its(seat)
        if step.phase == "claim" and a.do == "pass":
            if seat != HUMAN:
                return None
            text = f"you let the claim on {card(st, x) if x else '?'} go by (C5)"
        elif a.do == "heaven":
            text = f"{name} declared Thiên ù: the dealt cards win (W3)"
        elif a.do == "discard":
            assert a.card is not None
            text = f"{name} {'opened with' if step.phase == 'start' else 'discarded'} " \
                   f"{card(st, a.card)}"
            if chiu_return is not None:
                text += f"; it is returned to {who(chiu_return)} (C4)"
        elif a.do == "eat":
            assert a.card is not None and x is not None
            kind = "Chắn" if a.card == x else "Cạ"
            text = f"{name} ate {card(st, x)} with {card(st, a.card)} ({kind})"
        elif a.do == "chiu":
            assert offer is not None and x is not None
            text = f"{name} claimed {card(st, x)} by Chíu (C2)"
            if seat != offer.to:
                text += ", out of turn"
        elif a.do == "win":
            if step.phase == "discard":
                text = f"{name} won by Chíu ù on {card(st, chiu_card) if chiu_card else '?'}"
            else:
                assert offer is not None and x is not None
                door = f"{its} own door" if offer.door == seat else f"{whose(offer.door)} door"
                text = f"{name} won on {card(st, x)}, revealed at {door}"
        elif step.phase == "start":  # T7: declined Thiên ù with no legal discard
            text = f"{name} (the dealer) had no legal discard: a dead dealer (T7)"
        else:
            assert offer is not None and x is not None
            text = f"{name} passed {card(st, x)}"
            if offer.source == "stock" and offer.door == seat:
                text += f" (revealed at {its} door): on to {who((seat + 1) % SEATS)} (T4)"
            elif offer.source == "stock":
                text += f": it stays at {whose(offer.door)} door"
            for i in sorted(set(g.seats[HUMAN].refused) - refused):
                text += f"; {FACES[i].code} is now refused for you (R3)"
        if g.revealed > revealed and g.offer is not None:
            text += f", then revealed {card(st, g.offer.card)} at {its} door (T3)"
        if g.over and g.result is not None and g.result.winner is None:
            text += "; the stock is empty: a draw (T6)"
        if forced:
            text += st.dim("  (your only legal move)")
        return text


# --- the table ---------------------------------------------------------------------------

def table_text(table: Table, st: Style) -> str:
    """The whole table from the player's seat: every seat's melds, discards and passed
    stock cards, the stock, the card on offer, and the player's hand by group."""
    view = table.view()
    g = table.game
    moves = len(g.log)
    out = [st.head(f"── Chắn · rules {view.rules} · seed {table.seed} · "
                   f"{moves} move{'s' * (moves != 1)} · stock {view.stock_left} ──")]
    names = ["you", *table.opponents]
    for seat in (1, 2, 3, HUMAN):
        t = view.table[seat]
        tags = [names[seat]] if seat != HUMAN else []
        if seat == view.dealer:
            tags.append("dealer")
        if t.dead:
            tags.append("dead, T7")
        label = who(seat) + (f" ({', '.join(tags)})" if tags else "")
        melds = " · ".join(cards(st, m.faces) for m in t.melds) or "—"
        out.append(f"  {st.head(_cap(label))}   melds: {melds}")
        line = f"      discards: {cards(st, t.discards) or '—'}"
        if t.passed:
            line += f"   passed at the door: {cards(st, t.passed)}"
        out.append(line)
    out += hand_text(view, st)
    if view.offer is not None:
        out.append(f"On offer: {_named(st, view.offer.card)} — {_source(view.offer)}")
    return "\n".join(out)


def _source(offer: Offer) -> str:
    door, to = offer.door, offer.to
    if offer.source == "discard":
        return f"discarded by {who(door)}"
    if offer.source == "return":
        return f"discarded by {who(door)} after an out-of-turn Chíu, returned to {who(to)} (C4)"
    text = f"revealed from the stock at {whose(door)} door"
    if not offer.claims_open:
        text += f", passed on by {who(door)} (T4)"
    return text


def hand_text(view: View, st: Style) -> list[str]:
    """The player's cards as ``advisor chan analyze`` lays them out: the canonical pairing
    by group, the exposed melds, the distance to a win and the waits."""
    hand = view.hand_counts
    exposed = Exposed.of(view.table[HUMAN].melds)
    try:
        seen = sub(view.seen, tuple(h + e for h, e in zip(hand, exposed.counts)))
        a = analyze(Position(hand=hand, exposed=exposed, rules=view.rules, seen=seen))
    except AdvisorError:  # not 19 or 20 cards: only a dead dealer, who never decides
        return []
    dist = "—" if a.distance is None else str(a.distance)
    waiting = " (waiting)" if a.distance == 1 and a.waits else ""
    out = [st.head(f"Your cards: {a.cards} · {a.chan} Chắn · {a.ca} Cạ · "
                   f"{a.pairing.unpaired} unpaired · distance {dist}{waiting}")]
    out += hand_lines(st, a.pairing, exposed.melds)
    if a.waits and a.cards == 19:
        out.append(f"Waits: {waits_text(st, a.waits)}")
    return out


# --- the decision ------------------------------------------------------------------------

def situation_text(view: View, legal: Sequence[Action]) -> str:
    """Whose turn it is and why: the opening, an offer, a claim window, a discard owed."""
    phase = view.phase
    offer = view.offer
    can = {a.do for a in legal}
    if phase == "start":
        text = "Your turn: you are the dealer and open with a discard (T1)"
        if "heaven" in can:
            text += ", or declare Thiên ù: your 20 cards already win (W3)"
        return text + "."
    if phase == "discard":
        chiu = view.chiu
        if chiu is None:
            meld = view.table[HUMAN].melds[-1]
            return f"Your turn: you ate {' '.join(meld.codes)}; now discard one card (T2)."
        text = f"Your turn: you claimed {chiu.card.code} by Chíu; now discard one card"
        if chiu.return_to is not None:
            text += f" — it goes back to {who(chiu.return_to)} (C4)"
        if "win" in can:
            text += ", or win now: Chíu ù (C2)"
        return text + "."
    assert offer is not None
    x = offer.card.code
    if phase == "claim":
        claims = [w for do, w in (("win", "win on it (C1)"), ("chiu", "claim it by Chíu (C2)"))
                  if do in can]
        return (f"Claim window on {x} (C5), before the next ordinary move: you may "
                f"{' or '.join(claims)}; pass lets it go by.")
    if offer.source == "stock" and offer.door == HUMAN:
        then = "pass it on to seat 1 (T4)"
    elif offer.source == "stock":
        then = f"pass (it stays at {whose(offer.door)} door) and reveal a stock card (T3)"
    else:
        then = "pass and reveal a stock card (T3)"
    if offer.source == "return":
        text = f"Your turn: {x} is returned to you after {who(offer.door)}'s Chíu (C4): " \
               f"eat it, or {then}"
    else:
        text = f"Your turn: {x} is offered to you (T2): eat it, or {then}"
    if "chiu" in can:
        text += "; holding three, you may also Chíu (C2)"
    return text + "."


def action_label(a: Action, view: View, legal: Sequence[Action] = ()) -> str:
    """A legal action in words, as the numbered list shows it; passing a card the player
    may eat as a Chắn is marked, since it refuses that face (R3)."""
    offer = view.offer
    x = offer.card.code if offer else "?"
    if a.do == "discard":
        assert a.card is not None
        return f"discard {a.card.code}"
    if a.do == "eat":
        assert a.card is not None
        return f"eat {x} with {a.card.code} ({'Chắn' if a.card.code == x else 'Cạ'})"
    if a.do == "chiu":
        return f"Chíu {x}"
    if a.do == "win":
        if view.phase == "discard" and view.chiu:
            return f"win: Chíu ù on {view.chiu.card.code}"
        return f"win on {x}"
    if a.do == "heaven":
        return "declare Thiên ù"
    if view.phase == "claim":
        return "pass (no claim)"
    if view.phase == "start":
        return "pass (no legal discard, T7)"
    passing = "pass (on to seat 1)" if offer and offer.source == "stock" and \
        offer.door == HUMAN else "pass (reveal)"
    if any(e.do == "eat" and e.card is not None and e.card.code == x for e in legal):
        passing = f"{passing[:-1]}; refuses {x}, R3)"
    return passing


def options_text(legal: Sequence[Action], view: View) -> str:
    """The legal actions numbered from 1, four to a line when there are many."""
    items = [f"{n:>2}) {action_label(a, view, legal)}" for n, a in enumerate(legal, 1)]
    if len(items) <= 4:
        return "\n".join(f"  {i}" for i in items)
    width = max(len(i) for i in items) + 3
    rows = [items[k : k + 4] for k in range(0, len(items), 4)]
    return "\n".join("  " + "".join(i.ljust(width) for i in row).rstrip() for row in rows)


# --- the end ------------------------------------------------------------------------------

def end_text(table: Table, st: Style) -> str:
    """The outcome: the winner and how, the bonuses and the points formula, the
    settlement, and every hand as it ended."""
    g = table.game
    r = g.result
    assert r is not None
    out = [st.head("══ The deal is over ══")]
    if r.winner is None:
        out.append("The stock is exhausted: a draw (T6). Everyone settles 0.")
    else:
        assert r.score is not None
        how = WIN_BY[r.win_by or "heaven"].format(
            card=r.winning_card.code if r.winning_card else "", its=_its(r.winner))
        out.append(st.head(f"{_cap(who(r.winner))} won {how}."))
        out.append(score_text(r.score, st))
    pays = " · ".join(f"{who(s)} {p:+d}" for s, p in enumerate(r.payments))
    out.append(st.head(f"Settlement: {pays}"))
    out.append("Hands at the end:")
    for seat, s in enumerate(g.seats):
        melds = " · ".join(cards(st, m.faces) for m in s.melds)
        hand = cards(st, (f for f in FACES for _ in range(s.hand[f.index])))
        label = who(seat) if seat == HUMAN else f"{who(seat)} ({table.opponents[seat - 1]})"
        out.append(f"  {label}: {hand}" + (f"   melds: {melds}" if melds else ""))
    if table.seed is not None:
        out.append(again_text(table, table.seed))
    return "\n".join(out)


def again_text(table: Table, seed: int) -> str:
    """How to deal this deal again: its seed, its opponents and rules when not the
    defaults. Said at the end, since a deal may end before the player's first decision
    (every move of his forced), so that the table with its seed was never drawn."""
    command = f"advisor chan play --seed {seed}"
    if table.opponents != ["greedy"] * 3:
        same = len(set(table.opponents)) == 1
        command += f" --opponents {table.opponents[0] if same else ','.join(table.opponents)}"
    if table.game.rules != "house":
        command += f" --rules {table.game.rules}"
    return f"Seed {seed}: {command} deals it again."



# --- what the player types ----------------------------------------------------------------

HELP_LINE = ("type a number from the list, a command (d 5v, eat 9s, pass, chiu, win, heaven), "
             "? for advice, h for help, q to quit")

_WORDS = {
    "?": "advice", "hint": "advice", "advice": "advice", "advise": "advice",
    "h": "help", "help": "help",
    "t": "table", "table": "table",
    "log": "log", "moves": "log",
    "q": "quit", "quit": "quit", "exit": "quit",
}
"""Commands that talk to the program, not to the table."""

_DOS: dict[str, Do] = {
    "pass": "pass", "p": "pass", "bo": "pass",
    "chiu": "chiu", "c": "chiu",
    "win": "win", "w": "win", "u": "win",
    "heaven": "heaven", "thien": "heaven",
}
_CARD_DOS: dict[str, Do] = {"d": "discard", "discard": "discard", "danh": "discard",
             "eat": "eat", "e": "eat", "an": "eat"}


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("đ", "d")


def read_command(text: str, view: View, legal: Sequence[Action]) -> Action | str:
    """What the player typed: an :class:`Action` for the table (legal or not: the table
    judges it), or one of the words ``advice``, ``help``, ``table``, ``log``, ``quit``.
    Raises :class:`Unclear` (or a :class:`~advisor.errors.CardError` naming the token)
    when the input names no action.

    >>> from advisor.chan.game import Game
    >>> view = Game.from_deal(seed=7).view(0)
    >>> read_command("d ngũ vạn", view, [Action("discard", parse_face("5v"))])
    Action(do='discard', card=parse_face('5v'))
    >>> read_command("2", view, [Action("discard", parse_face("5v"))])
    Traceback (most recent call last):
    ...
    advisor.games.terminal.Unclear: there is no option 2: choose 1–1
    """
    words = text.split()
    if not words:
        raise Unclear(HELP_LINE)
    head, args = _fold(words[0]), words[1:]
    if args and _fold(args[0]) == "with":  # eat with 9s
        args = args[1:]
    rest = " ".join(args)
    if len(words) == 1 and head.isdigit():
        n = int(head)
        if not 1 <= n <= len(legal):
            raise Unclear(f"there is no option {n}: choose 1–{len(legal)}")
        return legal[n - 1]
    folded = _fold(" ".join(words))
    if folded in _WORDS:
        return _WORDS[folded]
    if folded == "thien u":
        return Action("heaven")
    if head in _DOS:
        do = _DOS[head]
        if rest:
            _check_public(do, parse_face(rest), view)
        return Action(do)
    if head in _CARD_DOS:
        do = _CARD_DOS[head]
        if do == "eat":
            return _eat(parse_face(rest) if rest else None, view, legal)
        if not rest:
            raise Unclear("discard which card? e.g. 'd 5v'")
        return Action("discard", parse_face(rest))
    try:
        card = parse_face(" ".join(words))
    except AdvisorError as err:
        if err.message.startswith("unknown card"):
            raise Unclear(f"'{text.strip()}' is neither a card nor a command: "
                          f"{HELP_LINE}") from None
        raise
    if view.phase == "claim":
        raise Unclear(f"a claim window is open: type {' or '.join(a.do for a in legal)}, or "
                      "the number of the action")
    if view.phase == "offer":
        return _eat(card, view, legal)
    return Action("discard", card)


def _check_public(do: str, card: Face, view: View) -> None:
    """``chiu 7m``, ``win 7m``: the card named must be the one the action is on."""
    public = view.chiu.card if view.chiu else view.offer.card if view.offer else None
    if public != card:
        on = f"the card on offer is {public.code}" if public else "no card is on offer"
        raise Unclear(f"'{do}' acts on the public card, and {on}: type '{do}' alone")


def _eat(card: Face | None, view: View, legal: Sequence[Action]) -> Action:
    """``eat CARD`` eats with that hand card; ``eat`` alone, or naming the offered card
    the hand does not hold, means the only legal way to eat it."""
    x = view.offer.card if view.offer else None
    held = set(view.hand)
    if card is not None and (card in held or x is None or card != x):
        return Action("eat", card)
    eats = [a for a in legal if a.do == "eat"]
    if len(eats) == 1:
        return eats[0]
    if eats:
        ways = " or ".join(f"'eat {a.card.code}'" for a in eats if a.card is not None)
        raise Unclear(f"eat {x} with which card? {ways}")
    return Action("eat", card if x is None else None)  # not legal: the engine says why


# --- the terminal game ------------------------------------------------------------------------

OPTIONS = (
    Field("opponents", "The three bots: random | greedy | advisor | advisor:MS; one spec "
          "for all three, or three comma-separated (seats 1, 2, 3).", short="-o",
          metavar="SPEC[,SPEC,SPEC]", default="greedy"),
    Field("rules", "", kind="choice", choices=tuple(PROFILES), short="-r", default="house"),
    Field("seed", "Seed of the deal: the same seed and opponents play the same deal "
          "[default: random, shown on the table].", kind="int", short="-s"),
    Field("record", "Write the finished deal to FILE as a chan-record/2 (advisor chan "
          "replay validates it).", metavar="FILE"),
    Field("budget_ms", "Time the advisor may take for '?'.", kind="float", minimum=0.1,
          maximum=MAX_BUDGET_MS, default=DEFAULT_ADVICE_MS, spelt="--advice-ms"),
)
"""``advisor chan play``'s options (the generic ``--players`` and ``--seats`` do not fit
a table of four: Chắn names its three opponents and its rules profile)."""

COMMAND_HELP = """\
Play one deal of Chắn at seat 0 against three bots, with the advisor as coach.

After every move the table is drawn: your hand by group, every seat's melds,
discards and passed cards, the stock, the card on offer, and what the bots did.
Type the number of a listed action, or a command: 'd 5v', 'eat 9s', 'pass', 'chiu',
'win', 'heaven'; '?' shows the advisor's ranking, 'h' the help, 'q' leaves.

\b
Examples:
  advisor chan play
  advisor chan play --seed 7 --opponents advisor --record deal.json
  advisor chan play --rules cvv --opponents greedy,advisor:50,random
"""


def opponents(text: str) -> list[str]:
    """The three opponents' specs from ``--opponents``: one for all three, or three."""
    specs = [s.strip() for s in text.split(",")]
    if len(specs) == 1:
        specs *= 3
    if len(specs) != 3:
        raise OptionError(f"give one spec for all three seats or three, comma-separated "
                          f"(got {len(specs)})", field="opponents")
    try:
        return [check_opponent(s) for s in specs]
    except AdvisorError as err:
        raise OptionError(err.message, field="opponents") from None


def new_table(options: Mapping[str, Any]) -> Table:
    """The table for ``advisor chan play``, dealt but not played yet."""
    specs = opponents(options.get("opponents") or "greedy")
    seed = options.get("seed")
    if seed is None:  # a seed drawn and shown on the table, so the deal can be dealt again
        seed = random.SystemRandom().randrange(2**31)
    return Table.new(seed=seed, rules=options.get("rules") or "house",
                     opponents=specs, advance=False)


class Log:
    """The table's steps told by a :class:`Narrator`, after a blank line: what happened
    since the player's last decision (his moves played for him marked as forced)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.narrator = Narrator(table.record())
        self.chosen: int | None = None

    @property
    def lines(self) -> list[str]:
        return self.narrator.lines

    def tell(self, style: Style) -> str:
        lines = self.narrator.tell(self.table.steps, self.chosen, style)
        self.chosen = len(self.table.steps)  # the step the player chooses next
        return "\n" + "\n".join(["What happened:", *lines]) if lines else ""


def decision_text(table: Table, st: Style) -> str:
    view, legal = table.view(), table.legal()
    return "\n".join([table_text(table, st), situation_text(view, legal),
                      options_text(legal, view)])


def coach(table: Table, budget_ms: float, st: Style) -> str:
    """The advisor's ranking for ``?``, and the option it would play."""
    view, legal = table.view(), table.legal()
    seed = ((table.seed or 0) * 1000 + len(table.steps)) % 2**31
    try:
        advice = advise(view, budget_ms=budget_ms, seed=seed, legal=legal)
    except AdvisorError as err:  # pragma: no cover - the table's VIEW is always valid
        return f"The advisor cannot answer: {err.message}"
    n = legal.index(advice.best) + 1
    return "\n".join([advice_text(advice, st), st.head(
        f"The advisor would play option {n}: {action_label(advice.best, view, legal)}")])


def left_text(table: Table) -> str:
    moves = len(table.game.log)
    return f"You left the table after {moves} move{'s' * (moves != 1)}; the deal is not " \
           "finished."


TERMINAL = Terminal(
    options=OPTIONS, command_help=COMMAND_HELP, table=new_table, intro=lambda table: None,
    log=Log, decision_text=decision_text, parse_move=read_command, refusal_text=illegal_text,
    help_text=HELP, coach=coach, end_text=end_text, left_text=left_text,
    prompt=lambda st: st.head("Your move"))
"""``advisor chan play``, declared."""

__all__ = [
    "HELP",
    "RULE_TITLES",
    "TERMINAL",
    "Log",
    "Narrator",
    "Unclear",
    "action_label",
    "end_text",
    "hand_text",
    "illegal_text",
    "new_table",
    "options_text",
    "read_command",
    "situation_text",
    "table_text",
    "who",
]
