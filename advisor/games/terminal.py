"""The terminal game (``advisor GAME play``) as a game declares it: the table it is played
on, and the hooks that give it the game's own looks and words. The turn loop that reads
the player's input is the command line's (:mod:`advisor.cli.playing`); everything it
shows or understands comes from a :class:`Terminal`.

A game that declares no :class:`Terminal` (or leaves hooks out) gets the generic game:
a :class:`SeatTable` of its engine and bots, the seat's VIEW and its legal actions
numbered, a number read per decision.

>>> read_number("2", None, ["pass", "take"])
'take'
>>> read_number("Q", None, ["pass", "take"])
'quit'
>>> read_number("x", None, ["pass", "take"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
advisor.games.terminal.Unclear: 'x': type the number of an action, ... q to quit (1–2)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from advisor.errors import AdvisorError, IllegalActionError
from advisor.text import Style

COMMANDS = ("advice", "help", "table", "log", "quit")
"""The words :attr:`Terminal.parse_move` may answer instead of an action: they talk to
the program, not to the table."""

DEFAULT_ADVICE_MS = 200.0
"""Time the advisor takes for ``?`` at the terminal: a person can wait longer than a bot."""

C = TypeVar("C")

HELP_LINE = "type the number of an action, ? for the advisor's ranking, q to quit"


class Unclear(AdvisorError):
    """Input that names no action: the message says what to type instead."""


class OptionError(AdvisorError):
    """A ``play`` option the game refuses; ``field`` is the option's name."""


class PlayTable(Protocol):
    """A deal at seat 0 against bots: the bots play until the player has a real decision
    (a forced move is played for him). ``act`` hands the engine the player's action (an
    illegal one raises :class:`IllegalActionError` with its rule ID and changes nothing),
    then plays on to his next decision."""

    @property
    def over(self) -> bool: ...

    def view(self) -> Any: ...

    def legal(self) -> Sequence[Any]: ...

    def act(self, action: Any) -> Any: ...

    def advance(self) -> Any: ...

    def record(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


class PlayLog(Protocol):
    """What happened at the table, told to the player: ``tell`` the text of what happened
    since it was last asked (None: nothing to say), ``lines`` every move so far."""

    @property
    def lines(self) -> list[str]: ...

    def tell(self, style: Style) -> str | None: ...


@dataclass(frozen=True)
class Terminal:
    """A game's terminal game: each hook it leaves None is the generic one.

    * ``options`` — the ``play`` command's options, by name, instead of the generic
      ``--players``, ``--seats``, ``--seed``, ``--budget-ms``, ``--record``; the loop reads
      ``record`` (a file to write the finished deal to) and ``budget_ms`` (the time for
      ``?``) among them; ``command_help`` is the command's ``--help``.
    * ``table(options)`` — the :class:`PlayTable` to play on, from the options' values
      (a missing one is None); a bad option raises :class:`OptionError` naming it.
    * ``intro(table)`` — said once before the first decision (None: nothing).
    * ``log(table)`` — a :class:`PlayLog`, made before the first move is played.
    * ``decision_text(table, style)`` — the table and the decision, with the legal
      actions the player may choose by number.
    * ``parse_move(text, view, legal)`` — what the player typed: an action (the engine
      judges it) or one of :data:`COMMANDS`; raises :class:`AdvisorError` (the message
      says what to type) when it names neither.
    * ``refusal_text(error)`` — the engine's refusal of an illegal action, with its rule.
    * ``help_text`` — what ``help`` shows (None: no help command).
    * ``coach(table, budget_ms, style)`` — the advisor's ranking for ``?``.
    * ``end_text(table, style)`` — the outcome, once the deal is over.
    * ``left_text(table)`` — said when the player leaves an unfinished deal.
    * ``prompt(style)`` — the prompt before the player's input.
    * ``looks`` — the game's own words for the generic table (:class:`Looks`): what it
      tells of each move, how it groups the hand, what it reads, how it ends.
    """

    options: tuple[Any, ...] | None = None  # advisor.games.faces.Field
    command_help: str | None = None
    table: Callable[[Mapping[str, Any]], PlayTable] | None = None
    intro: Callable[[Any], str | None] | None = None
    log: Callable[[Any], PlayLog | None] | None = None
    decision_text: Callable[[Any, Style], str] | None = None
    parse_move: Callable[[str, Any, Sequence[Any]], Any] | None = None
    refusal_text: Callable[[IllegalActionError], str] | None = None
    help_text: str | None = None
    coach: Callable[[Any, float, Style], str] | None = None
    end_text: Callable[[Any, Style], str] | None = None
    left_text: Callable[[Any], str] | None = None
    prompt: Callable[[Style], str] | None = None
    looks: Looks | None = None


@dataclass(frozen=True)
class Step:
    """One move at a :class:`StepTable`: its number (from 1), the seat, the action, whether
    it was the player's only choice (played for him), and the player's VIEW before and
    after it — what a log may tell of it without telling what is hidden."""

    number: int
    seat: int
    action: Any
    forced: bool
    before: Any
    after: Any


@dataclass(frozen=True)
class Looks:
    """A game's own words at the generic table (every hook takes the player's VIEW, seat 0):

    * ``narrate(step, style)`` — one line for a move, or None when the player is not told
      of it (a bot's declined claim: it was asked only because it could claim);
    * ``hand(view, style)`` — the player's cards grouped, with his waits or useful cards;
    * ``situation(view, menu)`` — whose decision it is and what it is about;
    * ``label(action, view)`` — an action in the menu;
    * ``read(text, view, menu)`` — a move typed in the game's notation (an action, for
      the engine to judge), or None when the text is no move;
    * ``menu(view, legal)`` — the choices offered, when the game collapses actions that
      are the same for the outcome into one (None: every legal action);
    * ``end(game, names, style)`` — the outcome explained, every hand revealed;
    * ``help`` — the moves the player may type, for ``h``; ``notation`` a short example
      for the prompt's help line.
    """

    narrate: Callable[[Step, Style], str | None]
    hand: Callable[[Any, Style], list[str]]
    situation: Callable[[Any, Sequence[Any]], str]
    label: Callable[[Any, Any], str]
    read: Callable[[str, Any, Sequence[Any]], Any]
    end: Callable[[Any, Sequence[str], Style], str]
    help: str
    notation: str
    menu: Callable[[Any, Sequence[Any]], list[Any]] | None = None


class SeatTable:
    """The generic :class:`PlayTable`: an engine, seat 0 for the player and a bot at
    every other seat, played as :func:`advisor.games.simulate.play` plays a deal (each
    bot told its seat at the start and the result at the end; forced moves played
    without asking)."""

    def __init__(self, game: Any, bots: Sequence[Any], specs: Sequence[str],
                 seed: int | None, rules: Any = None) -> None:
        self.game, self.bots, self.specs, self.seed = game, list(bots), list(specs), seed
        for seat, bot in enumerate(self.bots, 1):
            bot.start(seat, rules)

    @property
    def over(self) -> bool:
        return self.game.pending is None

    @property
    def waiting(self) -> bool:
        d = self.game.pending
        return d is not None and d.seat == 0

    def view(self) -> Any:
        return self.game.view(0)

    def legal(self) -> list[Any]:
        return list(self.game.legal_actions()) if self.waiting else []

    def act(self, action: Any) -> None:
        if not self.waiting:
            raise IllegalActionError("T1", "it is not your turn" if not self.over
                                     else "the deal is over")
        self.game.act(0, action)
        self.advance()

    def advance(self) -> None:
        g = self.game
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if len(legal) == 1:
                g.act(d.seat, legal[0])
            elif d.seat == 0:
                return
            else:
                g.act(d.seat, self.bots[d.seat - 1].decide(g.view(d.seat), legal))
        result = g.result.to_json()
        for bot in self.bots:
            bot.end(result)

    def record(self) -> dict[str, Any]:
        record: dict[str, Any] = self.game.to_record(["you", *self.specs])
        return record

    def close(self) -> None:
        for bot in self.bots:
            bot.close()


class StepTable(SeatTable):
    """A :class:`SeatTable` that keeps every move as a :class:`Step` for the log, and
    offers the player the game's menu (:attr:`Looks.menu`): a decision whose menu holds a
    single choice is played for him (the step says so)."""

    def __init__(self, game: Any, bots: Sequence[Any], specs: Sequence[str],
                 seed: int | None, rules: Any = None,
                 menu: Callable[[Any, Sequence[Any]], list[Any]] | None = None) -> None:
        super().__init__(game, bots, specs, seed, rules)
        self.menu = menu
        self.steps: list[Step] = []
        self._seen = game.view(0)

    def legal(self) -> list[Any]:
        if not self.waiting:
            return []
        legal = list(self.game.legal_actions())
        return self.menu(self.view(), legal) if self.menu is not None else legal

    def _play(self, seat: int, action: Any, forced: bool) -> None:
        self.game.act(seat, action)
        after = self.game.view(0)
        logged = self.game.log[-1].action if self.game.log else action
        self.steps.append(Step(len(self.steps) + 1, seat, logged, forced, self._seen, after))
        self._seen = after

    def act(self, action: Any) -> None:
        if not self.waiting:
            raise IllegalActionError("T1", "it is not your turn" if not self.over
                                     else "the deal is over")
        self.game.verify(0, action)
        self._play(0, action, False)
        self.advance()

    def advance(self) -> None:
        g = self.game
        while (d := g.pending) is not None:
            legal = g.legal_actions()
            if d.seat == 0:
                menu = self.legal()
                if len(menu) == 1:
                    self._play(0, menu[0], True)
                    continue
                return
            if len(legal) == 1:
                self._play(d.seat, legal[0], False)
            else:
                self._play(d.seat, self.bots[d.seat - 1].decide(g.view(d.seat), legal), False)
        result = g.result.to_json()
        for bot in self.bots:
            bot.end(result)


class StepLog:
    """The moves of a :class:`StepTable` told in the game's words (:attr:`Looks.narrate`):
    ``tell`` the moves since the player's last decision, ``lines`` every move so far."""

    def __init__(self, table: StepTable, narrate: Callable[[Step, Style], str | None]) -> None:
        self.table, self.narrate = table, narrate
        self.told = 0
        self.lines: list[str] = []

    def tell(self, style: Style) -> str | None:
        new = []
        for step in self.table.steps[self.told:]:
            line = self.narrate(step, style)
            if line is None:
                continue
            if step.forced:
                line += style.dim("  (your only choice: played for you)")
            new.append(f"  #{step.number:<3} {line}")
        self.told = len(self.table.steps)
        self.lines += new
        return "\n" + "\n".join(["What happened:", *new]) if new else None


def read_number(text: str, view: Any, legal: Sequence[Any]) -> Any:
    """The generic reading of the player's input: the number of a legal action, ``q``
    or ``?``."""
    text = text.strip().lower()
    if text in ("q", "quit", "exit"):
        return "quit"
    if text in ("?", "hint", "advice"):
        return "advice"
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    raise Unclear(f"'{text}': {HELP_LINE} (1–{len(legal)})")


def table_help(moves: str = "move") -> str:
    """The help's lines for the commands the table answers itself, the same in every game
    (``moves``: what the log lists).

    >>> print(table_help("play").splitlines()[2])
      log                    every play so far
    """
    return ("  ?                      the advisor's ranking\n"
            "  table                  draw the table again\n"
            f"  log                    every {moves} so far\n"
            "  h, help                this help\n"
            "  q, quit                leave the table")


def end_hands(who: Callable[[int], str], names: Sequence[str],
              hands: Iterable[tuple[str, str]], laid: str) -> list[str]:
    """The end's last lines: each seat's hand as it ended (``hands``: its cards and what
    it laid, drawn), the bots named; ``laid`` is the game's word for what it laid.

    >>> end_hands(lambda s: f"seat {s}", ["you", "greedy"], [("9h", ""), ("2c", "7d 7d")],
    ...           "laid")
    ['Hands at the end:', '  seat 0: 9h', '  seat 1 (greedy): 2c   laid: 7d 7d']
    """
    out = ["Hands at the end:"]
    for s, (hand, melds) in enumerate(hands):
        name = who(s) if s == 0 else f"{who(s)} ({names[s]})"
        out.append(f"  {name}: {hand}" + (f"   {laid}: {melds}" if melds else ""))
    return out


class Shows(Protocol):
    """An action that may show cards of the hand (a take, a bump: its ``with_``)."""

    @property
    def do(self) -> str: ...
    @property
    def with_(self) -> tuple[Any, ...]: ...


A = TypeVar("A", bound=Shows)


def cards_alone(text: str, turn: bool, menu: Sequence[A], named: Sequence[Any],
                claims: Collection[str], discard: Callable[[Any], A], hint: str) -> A:
    """The move that the cards ``named``, typed alone as ``text``, make: at the seat's
    ``turn`` one card is discarded; else the first action of the ``menu`` among ``claims``
    that shows those cards, in any order. No such move: :class:`Unclear`, with the
    ``hint``."""
    if turn and len(named) == 1:
        return discard(named[0])
    want = sorted(c.index for c in named)
    for a in menu:
        if a.do in claims and sorted(c.index for c in a.with_) == want:
            return a
    raise Unclear(f"'{text.strip()}': {hint}")


def split_move(text: str, words: Mapping[str, str],
               parse: Callable[[str], list[C]]) -> tuple[str, str | None, list[C]] | None:
    """A move as typed in a game's notation, taken apart: its first word (case folded),
    the action that word names in ``words`` (None: the move is cards alone) and the cards
    ``parse`` reads after it (all the text's cards when no action is named). None when no
    action is named and the text is not cards: not a move; bad cards after a named action
    raise the parser's :class:`AdvisorError`.

    >>> split_move("d 9h", {"d": "discard"}, str.split), split_move("9h", {}, str.split)
    (('d', 'discard', ['9h']), ('9h', None, ['9h']))
    """
    parts = text.split()
    head = parts[0].casefold()
    do = words.get(head)
    rest = parts[1:] if do else parts
    try:
        named = parse(" ".join(rest)) if rest else []
    except AdvisorError:
        if do is None:
            return None
        raise
    return head, do, named


def numbered_text(view_text: Callable[[Any, Style], str], action_text: Callable[[Any], str],
                  view: Any, legal: Sequence[Any], style: Style) -> str:
    """The generic decision: the VIEW as the game draws it, the legal actions numbered."""
    lines = [view_text(view, style)]
    lines += [f"  {i:>2}. {action_text(a)}" for i, a in enumerate(legal, 1)]
    return "\n".join(lines)


__all__ = [
    "COMMANDS",
    "DEFAULT_ADVICE_MS",
    "HELP_LINE",
    "Looks",
    "OptionError",
    "PlayLog",
    "PlayTable",
    "SeatTable",
    "Step",
    "StepLog",
    "StepTable",
    "Terminal",
    "Unclear",
    "numbered_text",
    "read_number",
]
