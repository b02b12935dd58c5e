"""A game's commands and endpoints, declared once in the library: the faces (the
command line, the web service) build them from these declarations, so a game writes no
face code of its own.

A :class:`Verb` is one job on a JSON object (score a hand, analyse it, advise it, judge a
trick): ``advisor GAME VERB`` on the command line, ``POST /v1/GAME/VERB`` in the service.
Its :class:`Field` s are both the command's flags and the JSON object's fields: a flag
``--hand`` fills ``"hand"``, ``--extras-replace`` fills ``"extras_replace"``, and the
object so made is what a file or a request body holds. The verb's ``answer`` turns one
such object and a :class:`Context` (what the face was asked besides the object: a
budget, a seed…) into a result with ``to_json()``, and its ``text`` prints the result
for people.

:class:`Faces` gathers a game's verbs and what its ``simulate`` command needs (the game
options it takes and how a run's summary reads). No Click, Flask or marshmallow here.

>>> f = Field("extras_replace", "The flowers stand for any card of a boy", kind="flag")
>>> f.flag
'--extras-replace'
>>> Context(50.0, seed=3)
Context(budget_ms=50.0, seed=3, samples=None, limit_ms=None, seat=None, search=None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from advisor.games.terminal import Terminal
from advisor.text import Style

Kind = Literal["text", "flag", "int", "float", "choice", "many", "arguments", "numbers"]


@dataclass(frozen=True)
class Field:
    """One field of a verb's JSON object, and the flag that fills it.

    ``kind``: ``text`` (a string, e.g. cards), ``flag`` (true when given), ``int`` and
    ``float`` (within ``minimum``/``maximum``), ``choice`` (one of ``choices``), ``many``
    (a repeatable flag; a list of strings), ``arguments`` (the command's positional
    arguments; a list of strings), ``numbers`` (integers: a list in JSON, ``3,5`` on the
    command line, read by the library). A field left out of the command is left out of the
    object, so the library's own default applies; ``default`` is only shown in help.
    """

    name: str
    help: str
    kind: Kind = "text"
    choices: tuple[str, ...] = ()
    short: str | None = None
    metavar: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    default: Any = None
    required: bool = False  # the API refuses an object without it (the CLI may read a file)
    hidden: bool = False  # a flag kept working but not shown in help (an older spelling)
    spelt: str | None = None  # the flag when it is not the name (``--win``: winning_card)

    @property
    def flag(self) -> str:
        return self.spelt or "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Context:
    """What a face was asked besides the object: an advice's time budget (ms) and seed,
    the playout worlds (``samples``: Chắn's, None elsewhere), the caller's time limit
    for this object (``limit_ms``: the server's deadline for one request, None: none),
    the seat whose decision a record prefix must stop at (``seat``, None: the one
    to act) and whether the search was asked for (``search``: True, an advice that offers
    it spends its budget on the search; False, on the value model alone; None, the
    game's default — Qing's searches, Chắn's does not). A verb that is not an advice
    ignores it."""

    budget_ms: float = 100.0
    seed: int = 0
    samples: int | None = None
    limit_ms: float | None = None
    seat: int | None = None
    search: bool | None = None


Answer = Callable[[Any, Context], Any]
"""A verb's job: (the JSON object, the context) → a result with ``to_json()``."""


@dataclass(frozen=True)
class Verb:
    """One job of a game on a JSON object.

    ``answer(obj, ctx)`` returns a result with ``to_json()``, raising the library's typed
    errors for bad input. With ``budget`` the verb is an advice under a time budget: the
    command takes ``--budget-ms`` and ``--seed`` (and, with ``samples``, ``--samples``
    worlds), the endpoint the same as query parameters, capped by the service, which runs
    it through the worker's gate; ``spends_budget(ctx)`` tells whether an object is
    expected to take the whole budget (default: yes), for the gate's deadline.
    With ``samples`` an advice also takes playout worlds (``--samples``, ``?samples=``:
    ``Context.samples``); with ``search`` it offers its search on request (``--search``,
    ``?search=true``; ``--no-search``, ``?search=false``: the model alone;
    ``Context.search``); with ``records`` its command takes a record prefix as
    ``--record FILE`` and, with it or with a FILE, the seat whose decision it must be
    (``--seat``: ``Context.seat``). ``help``'s first line is the summary of the command
    and endpoint.
    ``examples`` are command lines shown in ``--help`` (without the leading
    ``advisor GAME VERB``); ``example`` is a request body shown in the OpenAPI document.
    ``command`` is the command's name when it differs from the endpoint's (``advise``
    for ``/advice``); ``what`` names the object in messages ("position"); ``from_flags``
    turns the flags given into the object when they do not map one to one (default:
    :func:`object_from_flags`). The first field must be given when the object is spelt
    by flags.
    """

    name: str
    help: str
    answer: Answer
    text: Callable[[Any, Style], str]
    fields: tuple[Field, ...] = ()
    examples: tuple[str, ...] = ()
    example: Mapping[str, Any] | None = None
    budget: bool = False  # its default and maximum budget are the game's (the spec's)
    samples: bool = False
    search: bool = False
    records: bool = False
    spends_budget: Callable[[Context], bool] | None = None
    command: str | None = None
    what: str = "position"
    from_flags: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    @property
    def command_name(self) -> str:
        return self.command or self.name

    def expects_budget(self, ctx: Context) -> bool:
        """Whether an object is expected to take the whole budget of ``ctx``."""
        return self.spends_budget(ctx) if self.spends_budget is not None else self.budget

    def object_of(self, flags: Mapping[str, Any]) -> dict[str, Any]:
        """The object the given flags spell."""
        if self.from_flags is not None:
            return self.from_flags(dict(flags))
        return object_from_flags(self.fields, flags)


@dataclass(frozen=True)
class Look:
    """A card as a page draws it: its code, its full name (a title), red or black, and
    its three lines — a big mark (``top``), a short word (``mid``), the suit's word
    (``low``)."""

    code: str
    name: str
    red: bool
    top: str
    mid: str
    low: str


Drawn = Sequence[tuple[str, Sequence[Sequence[str]]]]
"""The cards an answer shows, by row: (label, groups of cards as written); the row
labelled ``""`` is the hand itself."""


@dataclass(frozen=True)
class HandPage:
    """What the hand page (the service's ``/analyze``: a hand pasted, the ``analyze``
    verb's text read) needs of a game beyond its verbs.

    ``written`` is a regular expression of one card as the game's text writes it, and
    ``look`` what such a card (or its code) looks like: the page names each card so
    written and draws it. ``drawn`` tells which cards an analysis shows (:data:`Drawn`).
    ``score_when`` are the fields of the object that make it a finished hand: given one
    of them, the page adds the ``score`` verb's text. ``heading`` and ``lang`` are the
    page's heading after the game's title, and the language of the game's names.

    >>> page = HandPage(r"[1-9]x", lambda c: Look(c, f"{c[0]} of x", False, c[0], "x", ""))
    >>> page.look("3x").name
    '3 of x'
    """

    written: str | None = None
    look: Callable[[str], Look] | None = None
    drawn: Callable[[Any], Drawn] | None = None
    score_when: tuple[str, ...] = ()
    heading: str = "analyse a hand"
    lang: str = "en"


def drawn_from_json(melds: str) -> Callable[[Any], Drawn]:
    """The cards of an analysis whose JSON has a ``hand`` (a string of codes) and
    ``melds`` (lists of codes): the hand, then the melds labelled ``melds``."""

    def drawn(result: Any) -> Drawn:
        j = result.to_json()
        rows: list[tuple[str, Sequence[Sequence[str]]]] = [("", [j["hand"].split()])]
        if j.get("melds"):
            rows.append((melds, [m.split() if isinstance(m, str) else m
                                 for m in j["melds"]]))
        return rows

    return drawn


@dataclass(frozen=True)
class Faces:
    """What the faces build for a game: its verbs, and its ``simulate`` command —
    ``fields`` are the game's options for a run (passed to the registry's ``simulate``
    as keyword arguments), ``seats`` the default players, ``text`` the summary for
    people."""

    verbs: tuple[Verb, ...]
    simulate_fields: tuple[Field, ...] = ()
    simulate_seats: str = "greedy,random"
    simulation_text: Callable[[Any], str] | None = None
    # The terminal game (``advisor GAME play``, dealt by the spec's ``deal``), when both
    # are given: ``view_text`` what the seat sees, ``action_text`` an action in words; the
    # end is ``result_text`` (default: the result's JSON).
    view_text: Callable[[Any, Style], str] | None = None
    action_text: Callable[[Any], str] | None = None
    result_text: Callable[[Any, Style], str] | None = None
    # The terminal game's own table, options, looks and words (advisor.games.terminal);
    # a hook it leaves None, or no ``terminal`` at all, is the generic game's.
    terminal: Terminal | None = None
    # How the hand page (the service's ``/analyze``) reads the game's cards and draws
    # them, beside its ``analyze`` verb (default: the text as it is, no card drawn).
    page: HandPage | None = None

    def verb(self, name: str) -> Verb:
        for v in self.verbs:
            if v.name == name:
                return v
        raise KeyError(name)


def on_position(run: Callable[[Any], Any], read: Callable[[Any], Any]) -> Answer:
    """The answer of a verb that reads a position from its JSON (``read``: the game's
    ``Position.from_json``) and answers ``run`` of it (a score, an analysis)."""
    return lambda obj, ctx: run(read(obj))


TEXT_HOOKS = ("simulation_text", "view_text", "action_text", "result_text")
"""The hooks of :class:`Faces` that a game's ``text`` module answers, by their names."""


def text_hooks(texts: Any) -> dict[str, Any]:
    """The :data:`TEXT_HOOKS` of :class:`Faces` from a game's ``text`` module."""
    return {name: getattr(texts, name) for name in TEXT_HOOKS}


@dataclass(frozen=True)
class Table:
    """A table to play on: its number of players and the game's options for
    ``simulate`` (as its keyword arguments)."""

    name: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)


def object_from_flags(fields: tuple[Field, ...], values: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON object that the given flags spell: each field given, by its name (an
    unset flag, an empty ``many`` or ``arguments``, is left out)."""
    obj: dict[str, Any] = {}
    for f in fields:
        value = values.get(f.name)
        if value is None or (value is False and f.kind == "flag"):
            continue
        if f.kind in ("many", "arguments"):
            if not value:
                continue
            value = list(value)
        obj[f.name] = value
    return obj


__all__ = ["Answer", "Context", "Drawn", "Faces", "Field", "HandPage", "Kind", "Look", "Table",
           "Verb", "drawn_from_json", "object_from_flags"]
