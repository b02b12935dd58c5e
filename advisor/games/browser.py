"""The browser table of any game: a deal at seat 0 against bots, kept as plain JSON, and
what the one table page (``/play/<game>``) draws of it.

A game declares how it looks at the table in ``advisor.<game>.browser.BROWSER`` (a
:class:`Browser`): how a card is drawn, how the hand is grouped, what lies in the middle
of the table (the card on offer, the trick), what each other seat shows, the words of an
action and of a logged move, which moves are not public (given the phase of the deal
they were made in: some are not seen at all), the options a table is dealt with
(:class:`TableOption`), the older stored tables it still reads, and the result
explained. The page renders these generically; the engine, the bots and the advisor come
from the game's contract (:class:`advisor.games.spec.GameSpec`).

:class:`GameTable` is the deal: the game, the table size, its options, how it was dealt —
a practice deal's seed (never shown while it is played), or the cards of a real deal,
shuffled from the system's entropy with no seed kept —, the opponents and every move,
with the phase it was made in. It is stored as JSON (:meth:`GameTable.to_json`) and
rebuilt by replaying the moves through the engine, so every stored state is a legal one.

>>> from advisor.registry import game
>>> t = GameTable.new(game("qing"), players=3, seed=4, opponents=["greedy"] * 2)
>>> t.waiting or t.over
True
>>> GameTable.from_json(game("qing"), t.to_json()).to_json() == t.to_json()
True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from advisor.errors import AdvisorError, IllegalActionError
from advisor.games.engine import PlayersSeat
from advisor.games.spec import AnySpec

TABLE_FORMAT = "game-table/1"
HUMAN = 0
SEED_BITS = 63
MAX_SEED = 2**SEED_BITS - 1
"""A practice seed is a whole number from 0 to 2^63 − 1."""

Json = dict[str, Any]


@dataclass(frozen=True)
class Face:
    """A card as the page draws it: a big mark (``top``), a short word (``mid``), the
    suit's word (``low``), red or black, and its full name."""

    code: str
    top: str
    mid: str
    low: str
    name: str
    red: bool = False

    def to_json(self) -> Json:
        return {"top": self.top, "mid": self.mid, "low": self.low, "name": self.name,
                "red": self.red}


@dataclass(frozen=True)
class TableOption:
    """An option a table of the game is dealt with (``POST /v1/play/<game>`` takes it by
    ``name``; the page offers its ``choices`` before a deal): each choice a value and its
    description, the first the default."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]

    @property
    def default(self) -> str:
        return self.choices[0][0]

    def read(self, value: object) -> str:
        """The value given, one of the choices; else an :class:`AdvisorError` naming the
        option and its choices."""
        allowed = [c for c, _ in self.choices]
        if not isinstance(value, str) or value not in allowed:
            raise AdvisorError(f"{self.name}: '{value}' is not one of {', '.join(allowed)}",
                               field=self.name, token=str(value))
        return value

    def to_json(self) -> Json:
        return {"name": self.name, "label": self.label,
                "choices": [{"value": v, "description": d} for v, d in self.choices]}


@dataclass(frozen=True)
class Browser:
    """How a game is drawn at the browser table (see the module's docstring). Each hook
    takes the player's VIEW's JSON (or the engine, at the end) and answers JSON; the
    page draws it the same way for every game.

    * ``faces`` — every card of the game, drawn;
    * ``groups(view)`` — the hand grouped: ``[{"label", "cards", "note"?}]``;
    * ``middle(view)`` — the middle of the table: ``{"label", "cards"}`` (the card on
      offer) or ``{"label", "plays": [{"seat", "cards" | "count", "shown"}]}`` (a trick);
    * ``seats(view)`` — per seat, rows ``[{"label", "cards" | "text"}]``;
    * ``action_text(action, view)`` — a legal action in words;
    * ``move_text(seat, action)`` — a logged move in words (``action`` as public);
    * ``public(seat, action, phase)`` — a move as the other seats see it, given the
      ``phase`` of the deal it was made in (``phase(game)``); None: they do not see it
      at all (default: as made);
    * ``phase(game)`` — the phase of the decision pending in the engine, kept with each
      move (default: none, ``""``);
    * ``result(game)`` — the end explained: ``{"headline", "lines", "groups",
      "payments"}``;
    * ``tap`` — the actions taken by a tap on a card of the hand: a ``do`` with a
      ``card`` field (``discard``), or with ``cards`` (a play chosen card by card).
    """

    title: str
    subtitle: str
    faces: tuple[Face, ...]
    groups: Callable[[Json], list[Json]]
    middle: Callable[[Json], Json]
    seats: Callable[[Json], list[list[Json]]]
    action_text: Callable[[Json, Json], str]
    move_text: Callable[[int, Json], str]
    result: Callable[[Any], Json]
    tap: tuple[str, ...] = ("discard",)
    default_players: int = 3
    public: Callable[[int, Json, str], Json | None] = field(
        default=lambda seat, action, phase: action)
    phase: Callable[[Any], str] | None = None
    options: tuple[TableOption, ...] = ()
    deal: Callable[[int, int, Mapping[str, str]], Any] | None = None
    stored: Mapping[str, Callable[[Json], Json]] = field(default_factory=dict)
    record_practice: bool = False
    dealer: str = "dealer"
    rules_line: str = ""

    def faces_json(self) -> dict[str, Json]:
        return {f.code: f.to_json() for f in self.faces}


@cache
def browser(name: str) -> Browser | None:
    """The game's declaration (``advisor.<name>.browser.BROWSER``), None when the game has
    none (no table in the browser)."""
    try:
        module = import_module(f"advisor.{name}.browser")
    except ModuleNotFoundError:
        return None
    found: Browser | None = getattr(module, "BROWSER", None)
    return found


def stored_table(state: Json) -> Json:
    """A stored table as a ``game-table/1`` object: one of a format the game declares it
    still reads (:attr:`Browser.stored`) brought to it; any other as it is (its reader
    checks it)."""
    if state.get("format") == TABLE_FORMAT:
        return state
    from advisor.registry import GAMES  # the registry's games import this module's users

    for spec in GAMES:
        look = browser(spec.name)
        if look is not None and state.get("format") in look.stored:
            return look.stored[str(state["format"])](state)
    return state


def read_options(spec: AnySpec, look: Browser, given: Mapping[str, object]) -> dict[str, str]:
    """The table's options (:attr:`Browser.options`), each given or its default; one the
    game does not have is an :class:`AdvisorError` naming it."""
    known = {o.name: o for o in look.options}
    for name in given:
        if name not in known:
            has = f"its options: {', '.join(known)}" if known else "it has none"
            raise AdvisorError(f"{name}: {spec.title} has no such option at the table "
                               f"({has})", field=name, token=name)
    return {name: (o.read(given[name]) if name in given else o.default)
            for name, o in known.items()}


def seat_name(seat: int) -> str:
    return "You" if seat == HUMAN else f"AI {seat}"


def hand_groups(hand: Iterable[str], order: Callable[[str], int],
                label: Callable[[str], str]) -> list[Json]:
    """The hand's cards in the game's ``order``, grouped under their ``label`` s (each
    group where its first card falls)."""
    out: dict[str, list[str]] = {}
    for code in sorted(hand, key=order):
        out.setdefault(label(code), []).append(code)
    return [{"label": k, "cards": v} for k, v in out.items()]


def offer_middle(view: Json) -> Json:
    """The middle of a table where a discard is offered: the discard and who threw it,
    else whose turn it is."""
    offer = view.get("offer")
    if offer:
        return {"label": f"{seat_name(offer['by'])}'s discard, on offer",
                "cards": [offer["card"]]}
    return {"label": ("Your turn" if view["to_act"] == view["seat"]
                      else f"{seat_name(view['to_act'])} to play"), "cards": []}


def read_seed(text: object) -> int:
    """A practice seed as typed: plain ASCII digits (no sign, no space, no other digit
    of Unicode), 0 to 2^63 − 1; anything else is an :class:`AdvisorError` naming it.
    Read as a string, so that a seed above 2^53 is never rounded.

    >>> read_seed("18446744073709551"), read_seed(7)
    (18446744073709551, 7)
    >>> read_seed("²")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    advisor.errors.AdvisorError: seed: '²' is not a practice seed: plain digits 0-9, ...
    """
    if isinstance(text, bool):
        text = str(text)
    if isinstance(text, int):
        text = str(text)
    shown = str(text)
    if (not isinstance(text, str) or not text or len(text) > 19
            or not all("0" <= ch <= "9" for ch in text) or int(text) > MAX_SEED):
        raise AdvisorError(f"seed: '{shown}' is not a practice seed: plain digits 0-9, from 0 "
                           f"to {MAX_SEED}", field="seed", token=shown)
    return int(text)


@dataclass
class GameTable(PlayersSeat[Any, Any]):
    """A deal at the browser table (see the module's docstring): the player's decisions
    are its seat's (:class:`~advisor.games.engine.PlayersSeat`). ``seed`` is a practice
    deal's (None for a real deal, whose cards are ``dealt``: the game's record of the deal
    before any move); ``phases`` the phase of the deal each move was made in."""

    spec: AnySpec
    players: int
    seed: int | None
    practice: bool
    opponents: list[str]
    moves: list[tuple[int, Json]]
    options: dict[str, str] = field(default_factory=dict)
    dealt: Json | None = None
    phases: list[str] = field(default_factory=list)
    game: Any = None

    @classmethod
    def new(cls, spec: AnySpec, *, players: int, seed: int | None,
            opponents: Sequence[str], options: Mapping[str, object] | None = None,
            ) -> GameTable:
        """Deal a table (from ``seed``: a practice deal; else from the system's entropy,
        keeping the cards and no seed) under its ``options`` (:func:`read_options`), and
        play the bots up to the player's first decision."""
        low, high = spec.players
        if not low <= players <= high:
            raise AdvisorError(f"players: a table of {spec.title} has {low} to {high} players,"
                               f" not {players}", field="players", token=str(players))
        if len(opponents) != players - 1:
            raise AdvisorError(f"opponents: {players} players need {players - 1} opponents, "
                               f"not {len(opponents)}", field="opponents")
        look = browser(spec.name)
        chosen = read_options(spec, look, options or {}) if look else {}
        for o in opponents:
            spec.make_bot(o).close()  # raises AdvisorError naming a bad spec
        table = cls(spec, players, seed, seed is not None, list(opponents), [], chosen)
        table.game = table._deal(seed if seed is not None else secrets.randbits(SEED_BITS))
        if seed is None:
            table.dealt = table._dealt()
        table.advance()
        return table

    def _deal(self, seed: int) -> Any:
        look = browser(self.spec.name)
        if look is not None and look.deal is not None:
            return look.deal(self.players, seed, self.options)
        return self.spec.deal(self.players, seed)

    def _dealt(self) -> Json:
        """The deal's cards as the game's record of it before any move."""
        rec: Json = self.game.to_record(["you", *self.opponents])
        return {k: v for k, v in rec.items() if k not in ("moves", "result")}

    @classmethod
    def from_json(cls, spec: AnySpec, obj: Any) -> GameTable:
        """The table stored as :meth:`to_json` (or in a format the game still reads:
        :func:`stored_table`), its moves replayed through the engine."""
        if isinstance(obj, dict):
            obj = stored_table(obj)
        if not isinstance(obj, dict) or obj.get("format") != TABLE_FORMAT \
                or obj.get("game") != spec.name:
            raise AdvisorError(f"format: not a {spec.name} table", field="format")
        seed, dealt = obj.get("seed"), obj.get("dealt")
        # (a real deal stored before its cards were kept has its seed, not practice)
        table = cls(spec, int(obj["players"]), None if seed is None else int(seed),
                    bool(obj["practice"]), list(obj["opponents"]), [],
                    dict(obj.get("options") or {}), dealt)
        if dealt is not None:
            table.game = spec.from_record(dealt)
        elif table.seed is not None:
            table.game = table._deal(table.seed)
        else:
            raise AdvisorError("dealt: a table needs its seed or its cards", field="dealt")
        for seat, action in obj["moves"]:
            table._apply(int(seat), spec.read_action(action))
        return table

    def to_json(self) -> Json:
        out: Json = {"format": TABLE_FORMAT, "game": self.spec.name, "players": self.players,
                     "seed": self.seed, "practice": self.practice,
                     "opponents": list(self.opponents)}
        if self.options:
            out["options"] = dict(self.options)
        if self.dealt is not None:
            out["dealt"] = self.dealt
        out["moves"] = [[seat, action] for seat, action in self.moves]
        return out

    @property
    def over(self) -> bool:
        return self.game.pending is None

    def _apply(self, seat: int, action: Any) -> None:
        look = browser(self.spec.name)
        phase = look.phase(self.game) if look is not None and look.phase is not None else ""
        self.game.act(seat, action)
        self.moves.append((seat, action.to_json()))
        self.phases.append(phase)

    def act(self, action: Any) -> None:
        """The player's action (the engine checks it: an illegal one raises
        :class:`IllegalActionError` and changes nothing), then the bots' turns."""
        if not self.waiting:
            raise IllegalActionError("T1", "the deal is over" if self.over
                                     else "it is not your turn")
        self._apply(HUMAN, action)
        self.advance()

    def advance(self) -> None:
        """Play the bots, and every forced move, up to the player's next real decision."""
        g = self.game
        bots: dict[int, Any] = {}

        def seat_bot(seat: int) -> Any:
            if seat not in bots:
                bot = self.spec.make_bot(self.opponents[seat - 1],
                                         seed=(self.seed or 0) % 1_000_003 + seat + len(self.moves))
                bot.start(seat, self.spec.bot_rules(g))
                bots[seat] = bot
            return bots[seat]

        try:
            self.play_to_player(seat_bot)
        finally:
            for bot in bots.values():
                bot.close()

    def public_log(self) -> list[Json]:
        """Every move as the player saw it, in words (a move others could not see is
        told as they saw it, and one they do not see at all is left out:
        :attr:`Browser.public`, given the move's phase)."""
        look = browser(self.spec.name)
        out = []
        for (seat, action), phase in zip(self.moves, self.phases, strict=True):
            shown = action if look is None or seat == HUMAN \
                else look.public(seat, action, phase)
            if shown is None:
                continue
            text = look.move_text(seat, shown) if look else f"{seat_name(seat)}: {shown}"
            out.append({"seat": seat, "action": shown, "text": text})
        return out

    def reveal(self) -> list[list[str]] | None:
        """Every seat's concealed cards, once the deal is over (None before)."""
        if not self.over:
            return None
        return [list(self.game.view(s).to_json().get("hand", []))
                for s in range(self.players)]

    def record(self) -> Json:
        """The finished deal as the game's record (every hand: only once it is over)."""
        record: Json = self.game.to_record(["you", *self.opponents])
        look = browser(self.spec.name)
        if self.practice and look is not None and look.record_practice:
            record["practice"] = {"seed": self.seed}
        return record


__all__ = ["MAX_SEED", "TABLE_FORMAT", "Browser", "Face", "GameTable", "TableOption", "browser",
           "hand_groups", "offer_middle", "read_options", "read_seed", "seat_name",
           "stored_table"]
