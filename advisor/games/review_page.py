"""A review as one self-contained page (``advisor GAME review --html FILE``, the service's
``/review``): the deal move by move, the costliest decisions first, and an SVG chart
(made with pygal, embedded inline: the page works offline) of each reviewed seat's
stated chance of winning over the deal, its decisions marked by class. Every text that
comes from the record is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import pygal
from pygal.style import Style as ChartStyle

from advisor.games.review import CLASSES, Review

COLOURS = {"best": "#2e7d32", "good": "#7cb342", "inaccuracy": "#f9a825",
           "mistake": "#ef6c00", "blunder": "#c62828", None: "#9e9e9e"}
CSS = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.25rem;
text-align:left;vertical-align:top}.blunder{color:#c62828}.mistake{color:#ef6c00}
.inaccuracy{color:#a67c00}.chart svg{width:100%;height:auto}"""


def chart(r: Review) -> str:
    """The SVG of each reviewed seat's stated chance of winning (the played action's)
    decision by decision, one series per seat and per class, so a class is seen by its
    colour."""
    style = ChartStyle(colors=tuple(COLOURS[c] for c in CLASSES),
                       background="white", plot_background="white")
    c = pygal.XY(style=style, show_legend=True, range=(0, 1), x_title="move",
                 y_title="chance to win", stroke=False, dots_size=4, disable_xml_declaration=True,
                 legend_at_bottom=True, truncate_legend=-1, width=900, height=360,
                 js=[])  # no script fetched from the web: the page works offline
    for klass in CLASSES:
        pts = [{"value": (d.move, d.played_win),
                "label": f"seat {d.seat}: {d.played_text}"}
               for d in r.decisions if d.klass == klass and d.played_win is not None]
        c.add(klass, pts)
    for s in r.seats:
        line = [(d.move, d.played_win) for d in r.decisions
                if d.seat == s and d.played_win is not None]
        c.add(f"seat {s}", line, stroke=True, show_dots=False)
    return str(c.render(is_unicode=True))


def section(r: Review) -> str:
    """One review's part of the page."""
    e = escape
    out = [f"<h2>{e(r.game)} — seats {e(', '.join(map(str, r.seats)))}</h2>"]
    players = r.record.get("players")
    if isinstance(players, list):
        out.append("<p>Players: " + e(", ".join(f"{s}: {p}" for s, p in enumerate(players)))
                   + "</p>")
    out += [f"<p><em>{e(n)}</em></p>" for n in r.notes]
    out.append(f'<div class="chart">{chart(r)}</div>')
    out.append("<h3>The costliest decisions</h3><table><tr><th>move</th><th>seat</th>"
               "<th>class</th><th>lost</th><th>why</th></tr>")
    for d in r.costliest():
        lost = f"{(d.loss_win or 0) * 100:.0f} %" + (
            f", {d.loss_expected:.1f} pts" if d.loss_expected else "")
        out.append(f'<tr class="{e(d.klass or "")}"><td>{d.move}</td><td>{d.seat}</td>'
                   f"<td>{e(d.klass or 'not judged')}</td><td>{e(lost)}</td>"
                   f"<td>{e(d.why)}</td></tr>")
    out.append("</table><h3>Seats</h3><table><tr><th>seat</th><th>decisions</th>"
               "<th>as advised</th><th>accuracy</th><th>blunders</th><th>mistakes</th>"
               "<th>inaccuracies</th></tr>")
    for s, x in r.summary().items():
        acc = "—" if x.accuracy is None else f"{x.accuracy * 100:.0f} %"
        out.append(f"<tr><td>{s}</td><td>{x.decisions}</td><td>{x.matched}</td>"
                   f"<td>{acc}</td><td>{x.blunders}</td><td>{x.mistakes}</td>"
                   f"<td>{x.inaccuracies}</td></tr>")
    by_move = {d.move: d for d in r.decisions if not d.implied}
    out.append("</table><h3>The deal, move by move</h3><table><tr><th>move</th>"
               "<th>seat</th><th>played</th><th>review</th></tr>")
    for k, (seat, action) in enumerate(r.moves, 1):
        at = by_move.get(k)
        said = "" if at is None else f"{at.klass or 'not judged'}: {at.why}"
        klass = "" if at is None else at.klass or ""
        out.append(f'<tr class="{e(klass)}"><td>{k}</td><td>{seat}</td>'
                   f"<td>{e(_action_words(action))}</td><td>{e(said)}</td></tr>")
    out.append("</table>")
    return "\n".join(out)


def _action_words(action: object) -> str:
    if isinstance(action, dict):
        return " ".join(str(v if not isinstance(v, list) else " ".join(map(str, v)))
                        for v in action.values())
    return str(action)


def page(reviews: Sequence[Review], title: str = "Deal review") -> str:
    """The whole page: one section per review."""
    body = "\n".join(section(r) for r in reviews)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>'
            f"{escape(title)}</title><style>{CSS}</style></head><body><h1>{escape(title)}"
            f"</h1>\n{body}\n</body></html>\n")


__all__ = ["chart", "page", "section"]
