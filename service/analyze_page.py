"""``GET /analyze``: a page to paste a hand into and read what ``advisor chan analyze``
and ``advisor chan score`` print for it — the same text, from the same renderers
(:mod:`advisor.cli.render`), as HTML. A plain form and a GET query: no script needed,
and a result can be shared by its URL.

The hand takes any notation the CLI's ``--hand`` takes (codes, Vietnamese or English
names), or a whole JSON position (rules §8.1) pasted as it is.

>>> html = text_html("\\x01hWin: 5 points\\x02 " + "\\x01r8s\\x02 <b>")
>>> str(html)
'<span class="head">Win: 5 points</span> <span class="c red" title="Bát Sách">8s</span> &lt;b&gt;'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, render_template, request
from markupsafe import Markup, escape

from advisor.chan.analysis import analyze
from advisor.chan.cards import BY_CODE, Face, faces_of
from advisor.chan.position import WIN_BY, Position
from advisor.chan.profiles import PROFILES
from advisor.chan.scoring import score
from advisor.cli.render import Style, analysis_text, score_text
from advisor.errors import AdvisorError

bp = Blueprint("analyze_page", __name__)

FIELDS = ("hand", "melds", "win", "by", "rules", "seen")
_MELD_SPLIT = re.compile(r"\s*[;|]\s*")
_MARK = re.compile("\x01([rkhd])(?:([0-9a-z]{2})\x02)?")
_CLASS = {"h": "head", "d": "dim"}


class Marked(Style):
    """The CLI's styles as control-character marks, which survive HTML escaping and are
    then turned into spans (:func:`text_html`)."""

    def __init__(self) -> None:
        super().__init__(color=True)

    def card(self, f: Face) -> str:
        return f"\x01{'r' if f.red else 'k'}{f.code}\x02"

    def head(self, text: str) -> str:
        return f"\x01h{text}\x02"

    def dim(self, text: str) -> str:
        return f"\x01d{text}\x02"


def text_html(text: str) -> Markup:
    """A renderer's text with :class:`Marked` styles as HTML: everything escaped, cards
    as spans with their Vietnamese name, red cards red."""

    def span(m: re.Match[str]) -> str:
        kind, code = m.group(1), m.group(2)
        if code is not None:
            f = BY_CODE[code]
            return (f'<span class="c{" red" if f.red else ""}" title="{f.vi}">'
                    f"{f.code}</span>")
        return f'<span class="{_CLASS[kind]}">'

    return Markup(_MARK.sub(span, str(escape(text))).replace("\x02", "</span>"))


def position_json(form: dict[str, str]) -> dict[str, Any]:
    """The position (§8.1) the form spells, as the CLI builds it from its flags; a hand
    that is a JSON object is taken as the whole position."""
    hand = form.get("hand", "").strip()
    if hand.startswith("{"):
        try:
            given = json.loads(hand)
        except ValueError as err:
            raise AdvisorError(f"hand: not a valid JSON position: {err}", field="hand") from None
        if not isinstance(given, dict):
            raise AdvisorError("hand: a JSON position must be an object", field="hand")
        return given
    obj: dict[str, Any] = {"hand": hand}
    melds = [m for m in _MELD_SPLIT.split(form.get("melds", "").strip()) if m]
    if melds:
        obj["melds"] = melds
    if form.get("win"):
        obj["winning_card"] = form["win"]
        obj["win_by"] = form.get("by") or "other_door"
    elif form.get("by"):
        obj["win_by"] = form["by"]
    if form.get("rules"):
        obj["rules"] = form["rules"]
    if form.get("seen"):
        obj["seen"] = form["seen"]
    return obj


def _cards(faces: Iterable[Face]) -> list[dict[str, Any]]:
    return [{"code": f.code, "vi": f.vi, "red": f.red, "rank": f.rank} for f in faces]


@bp.get("/analyze")
def page() -> tuple[str, int]:
    """The form, and for a hand: the analysis, and the score when the hand has won."""
    form = {k: request.args.get(k, "").replace("\x01", "").replace("\x02", "")
            for k in FIELDS}
    out: dict[str, Any] = {"form": form, "rules": list(PROFILES), "win_by": WIN_BY}
    status = 200
    if form["hand"].strip():
        try:
            pos = Position.from_json(position_json(form))
            out["hand"] = _cards(faces_of(pos.hand))
            out["winning"] = _cards([pos.winning_card] if pos.winning_card else [])
            out["melds"] = [_cards(m.faces) for m in pos.exposed.melds]
            out["analysis"] = text_html(analysis_text(analyze(pos), Marked()))
            if pos.winning_card is not None or pos.win_by is not None:
                out["score"] = text_html(score_text(score(pos), Marked()))
        except AdvisorError as err:
            out["error"] = err
            status = 422
    return render_template("analyze.html", **out), status


__all__ = ["Marked", "bp", "position_json", "text_html"]
