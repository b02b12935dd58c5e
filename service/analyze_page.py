"""``GET /analyze/<game>``: a page to paste a hand into and read what ``advisor GAME
analyze`` prints for it — the same text, from the same renderer (the game's ``analyze``
verb), as HTML — for every registered game with that verb; ``GET /analyze`` is the
registry's default game's (Chắn's: with a winning card, ``advisor chan score`` too). A
plain form and a GET query: no script needed, and a result can be shared by its URL. The
game is in the path, as in ``/play/<game>`` and ``/v1/<game>/…``: a shared URL says which
game's page it is before its hand, and its query holds only that game's flags.

The form is the verb's flags (:class:`advisor.games.faces.Field`), each a query
parameter named as its flag without the dashes (``hand``, ``melds``, ``win``,
``extras-replace``), and the object is built from them as the command line builds it.
The hand takes any notation the CLI's ``--hand`` takes, or a whole JSON object (the
verb's, as ``POST /v1/<game>/analyze`` takes it) pasted as it is. How the game's cards
are named and drawn is the game's :class:`advisor.games.faces.HandPage`.

>>> from advisor.registry import game
>>> print(text_html("Win: 5 points\\n8s 7m <b>", game("chan").faces.page))
<span class="head">Win: 5 points</span>
<span class="c red" title="Bát Sách">8s</span> <span class="c" title="Thất Văn">7m</span> &lt;b&gt;
>>> analyzed()
['chan', 'khanhoo', 'qing']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, render_template, request
from markupsafe import Markup, escape

from advisor.errors import AdvisorError
from advisor.games.faces import Context, Field, HandPage, Look, Verb
from advisor.games.spec import AnySpec
from advisor.registry import DEFAULT, GAMES, game
from advisor.text import PLAIN
from service.positions import BadJSON, decode_json

bp = Blueprint("analyze_page", __name__)

VERB = "analyze"
SCORE = "score"
NO_PAGE = HandPage()


@bp.after_request
def _private(resp: Response) -> Response:
    """The page shows the hand its URL carries: no shared cache keeps it."""
    resp.headers["Cache-Control"] = "no-store"
    return resp


def analyzed() -> list[str]:
    """The registered games with an ``analyze`` verb, in the registry's order."""
    return [g.name for g in GAMES if _verb(g, VERB) is not None]


def _verb(spec: AnySpec, name: str) -> Verb | None:
    try:
        return spec.faces.verb(name)
    except KeyError:
        return None


def page_of(spec: AnySpec) -> HandPage:
    """The game's hand page declaration (the default: text as it is, no cards drawn)."""
    return spec.faces.page or NO_PAGE


def param(f: Field) -> str:
    """A field's query parameter: its flag without the dashes (``--win``: ``win``)."""
    return f.flag.lstrip("-")


def text_html(text: str, page: HandPage) -> Markup:
    """A renderer's plain text (no colour, so its columns line up as in a terminal) as
    HTML: everything escaped, the first line (the summary) bold, each card as the game
    writes it a span with its name, red cards red."""
    head, _, rest = str(escape(text)).partition("\n")
    if page.written is not None and page.look is not None:
        written = re.compile(rf"(?<![\w-])({page.written})(?![\w-])")
        look = page.look

        def span(m: re.Match[str]) -> str:
            f = look(m.group(1))
            return (f'<span class="c{" red" if f.red else ""}" title="{escape(f.name)}">'
                    f"{m.group(1)}</span>")

        head, rest = written.sub(span, head), written.sub(span, rest)
    out = f'<span class="head">{head}</span>'
    if rest:
        out += "\n" + rest
    return Markup(out)


def _value(f: Field, text: str) -> Any:
    """A form field's value as the command line's flag would have it (None: not given)."""
    text = text.strip()
    if f.kind == "flag":
        return True if text else None
    if f.kind in ("many", "arguments"):  # as a repeatable flag: a tuple, empty when unset
        return (text,) if text else ()
    if not text:
        return None
    if f.kind == "choice":
        if text not in f.choices:
            raise AdvisorError(f"{f.name}: '{text}' is not one of {', '.join(f.choices)}",
                               field=f.name, token=text)
        return text
    if f.kind in ("int", "float"):
        try:
            number: float = int(text) if f.kind == "int" else float(text)
        except ValueError:
            whole = "a whole number" if f.kind == "int" else "a number"
            raise AdvisorError(f"{f.name}: '{text}' is not {whole}", field=f.name,
                               token=text) from None
        if (f.minimum is not None and number < f.minimum) or \
                (f.maximum is not None and number > f.maximum):
            raise AdvisorError(f"{f.name}: {text} is not within {_bounds(f)}", field=f.name,
                               token=text)
        return number
    return text


def _bounds(f: Field) -> str:
    low = "" if f.minimum is None else f"{f.minimum:g}"
    high = "" if f.maximum is None else f"{f.maximum:g}"
    return f"{low}–{high}" if low and high else f"at least {low}" if low else f"at most {high}"


def object_of(verb: Verb, form: Mapping[str, str]) -> Any:
    """The object the form spells, as the command line builds it from its flags; a hand
    that is a JSON object is taken as the whole object."""
    first = verb.fields[0]
    hand = form.get(param(first), "").strip()
    if hand.startswith("{"):
        try:
            given = decode_json(hand)
        except BadJSON as err:
            raise AdvisorError(f"{first.name}: not a valid JSON {verb.what}: {err.message}",
                               field=first.name) from None
        if not isinstance(given, dict):
            raise AdvisorError(f"{first.name}: a JSON {verb.what} must be an object",
                               field=first.name)
        return given
    return verb.object_of({f.name: _value(f, form.get(param(f), "")) for f in verb.fields})


def _row(page: HandPage, groups: Any) -> list[list[Look]]:
    look = page.look
    assert look is not None
    return [[look(c) for c in g] for g in groups]


_REPEAT = re.compile(r"; repeat\b")
"""Where a repeatable flag's help starts telling how to repeat it."""


def label(f: Field) -> str:
    """A field's label: its help, a repeatable flag's told as one input (``;`` between
    its items).

    >>> from advisor.chan.faces import POSITION_FIELDS
    >>> label(POSITION_FIELDS[1])
    'Exposed melds, separated by ;'
    """
    if f.kind == "many":
        return _REPEAT.split(f.help)[0] + ", separated by ;"
    return f.help


def _form(verb: Verb) -> list[dict[str, Any]]:
    """The form's inputs: each field with its parameter and its example value."""
    example = verb.example or {}
    out = []
    for f in verb.fields:
        shown = example.get(f.name)
        out.append({"field": f, "param": param(f), "label": label(f), "placeholder":
                    "; ".join(shown) if isinstance(shown, list) else shown or ""})
    return out


def render(spec: AnySpec, url: str) -> tuple[str, int]:
    """The page of ``spec`` at ``url``: the form, and for a hand the analysis (and the
    score when the game asks for it and the hand is finished)."""
    verb = _verb(spec, VERB)
    if verb is None:
        abort(404)
    page = page_of(spec)
    form = {param(f): request.args.get(param(f), "") for f in verb.fields}
    out: dict[str, Any] = {
        "spec": spec, "verb": verb, "page": page, "url": url, "form": form,
        "inputs": _form(verb), "games": [game(n) for n in analyzed()],
        "first": param(verb.fields[0]), "chooser_url": _url}
    status = 200
    if form[out["first"]].strip():
        try:
            obj = object_of(verb, form)
            result = verb.answer(obj, Context())
            if page.drawn is not None and page.look is not None:
                out["rows"] = [(label, _row(page, groups))
                               for label, groups in page.drawn(result)]
            out["analysis"] = text_html(verb.text(result, PLAIN), page)
            score = _verb(spec, SCORE)
            if score is not None and isinstance(obj, dict) and \
                    any(obj.get(k) is not None for k in page.score_when):
                out["score"] = text_html(score.text(score.answer(obj, Context()), PLAIN),
                                         page)
                out["score_verb"] = score
        except AdvisorError as err:
            out["error"] = err
            status = 422
    return render_template("analyze.html", **out), status


def _url(name: str) -> str:
    """A game's page: ``/analyze`` for the default game, ``/analyze/<game>`` else."""
    return "/analyze" if name == DEFAULT.name else f"/analyze/{name}"


@bp.get("/analyze")
def page() -> tuple[str, int]:
    """The default game's page: the form, and for a hand its analysis (and score)."""
    return render(DEFAULT, "/analyze")


@bp.get("/analyze/<name>")
def game_page(name: str) -> tuple[str, int]:
    """A game's page (404 for a name that is not a game with an analysis)."""
    if name not in analyzed():
        abort(404)
    return render(game(name), _url(name))


__all__ = ["analyzed", "bp", "label", "object_of", "page_of", "param", "text_html"]
