"""``GET /analyze``: a page to paste a hand into and read what ``advisor chan analyze``
and ``advisor chan score`` print for it — the same text, from the same renderers
(:mod:`advisor.chan.text`), as HTML. A plain form and a GET query: no script needed,
and a result can be shared by its URL.

The hand takes any notation the CLI's ``--hand`` takes (codes, Vietnamese or English
names), or a whole JSON position (rules §8.1) pasted as it is.

>>> print(text_html("Win: 5 points\\n8s 7m <b>"))
<span class="head">Win: 5 points</span>
<span class="c red" title="Bát Sách">8s</span> <span class="c" title="Thất Văn">7m</span> &lt;b&gt;
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Response, render_template, request
from markupsafe import Markup, escape

from advisor.chan.analysis import analyze
from advisor.chan.cards import BY_CODE, Face, faces_of
from advisor.chan.position import WIN_BY, Position, position_from_fields
from advisor.chan.profiles import PROFILES
from advisor.chan.scoring import score
from advisor.chan.text import analysis_text, score_text
from advisor.errors import AdvisorError
from advisor.text import PLAIN
from service.positions import BadJSON, decode_json

bp = Blueprint("analyze_page", __name__)


@bp.after_request
def _private(resp: Response) -> Response:
    """The page shows the hand its URL carries: no shared cache keeps it."""
    resp.headers["Cache-Control"] = "no-store"
    return resp

FIELDS = ("hand", "melds", "win", "by", "rules", "seen")
_PLAIN = PLAIN
_CODE = re.compile(r"(?<![\w-])([2-9][vsm]|cc)(?![\w-])")


def text_html(text: str) -> Markup:
    """A renderer's plain text (no colour, so its columns line up as in a terminal) as
    HTML: everything escaped, the first line (the summary) bold, each card code a span
    with its Vietnamese name, red cards red."""

    def span(m: re.Match[str]) -> str:
        f = BY_CODE[m.group(1)]
        return f'<span class="c{" red" if f.red else ""}" title="{f.vi}">{f.code}</span>'

    head, _, rest = str(escape(text)).partition("\n")
    out = f'<span class="head">{_CODE.sub(span, head)}</span>'
    if rest:
        out += "\n" + _CODE.sub(span, rest)
    return Markup(out)


def position_json(form: dict[str, str]) -> dict[str, Any]:
    """The position (§8.1) the form spells, as the CLI builds it from its flags; a hand
    that is a JSON object is taken as the whole position."""
    hand = form.get("hand", "").strip()
    if hand.startswith("{"):
        try:
            given = decode_json(hand)
        except BadJSON as err:
            raise AdvisorError(f"hand: not a valid JSON position: {err.message}",
                               field="hand") from None
        if not isinstance(given, dict):
            raise AdvisorError("hand: a JSON position must be an object", field="hand")
        return given
    return position_from_fields(hand, form.get("melds", ""), winning_card=form.get("win") or None,
                                win_by=form.get("by") or None, rules=form.get("rules") or None,
                                seen=form.get("seen") or None)


def _cards(faces: Iterable[Face]) -> list[dict[str, Any]]:
    return [{"code": f.code, "vi": f.vi, "red": f.red, "rank": f.rank} for f in faces]


@bp.get("/analyze")
def page() -> tuple[str, int]:
    """The form, and for a hand: the analysis, and the score when the hand has won."""
    form = {k: request.args.get(k, "") for k in FIELDS}
    out: dict[str, Any] = {"form": form, "rules": list(PROFILES), "win_by": WIN_BY}
    status = 200
    if form["hand"].strip():
        try:
            pos = Position.from_json(position_json(form))
            out["hand"] = _cards(faces_of(pos.hand))
            out["winning"] = _cards([pos.winning_card] if pos.winning_card else [])
            out["melds"] = [_cards(m.faces) for m in pos.exposed.melds]
            out["analysis"] = text_html(analysis_text(analyze(pos), _PLAIN))
            if pos.winning_card is not None or pos.win_by is not None:
                out["score"] = text_html(score_text(score(pos), _PLAIN))
        except AdvisorError as err:
            out["error"] = err
            status = 422
    return render_template("analyze.html", **out), status


__all__ = ["bp", "position_json", "text_html"]
