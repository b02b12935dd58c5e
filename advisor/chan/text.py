"""Chắn for people: Vietnamese names, the pairing by group, red cards in red (with a
colouring :class:`~advisor.text.Style`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from advisor.chan.advice import Advice
from advisor.chan.analysis import Analysis
from advisor.chan.cards import Face
from advisor.chan.game import Action, Result
from advisor.chan.pairing import GROUP_NAMES, Meld, Pairing, Useful
from advisor.chan.scoring import ScoreResult
from advisor.chan.simulate import Summary
from advisor.chan.view import Offer, View
from advisor.text import Style, unseen_list


def card(st: Style, f: Face) -> str:
    return st.red(f.code) if f.red else f.code


def cards(st: Style, faces: Iterable[Face]) -> str:
    return " ".join(card(st, f) for f in faces)


def _names(faces: Sequence[Face]) -> str:
    names: list[str] = []
    for f in faces:
        if not names or names[-1] != f.vi:
            names.append(f.vi)
    return " + ".join(names)


def _group_lines(st: Style, kind: str, faces: Sequence[Face]) -> str:
    label = GROUP_NAMES.get(kind, kind)
    plain = " ".join(f.code for f in faces)
    pad = " " * max(1, 13 - len(plain))
    return f"  {label:<16}{cards(st, faces)}{pad}{st.dim(_names(faces))}"


def _meld_lines(st: Style, melds: Sequence[Sequence[Face]]) -> list[str]:
    kinds = {2: "Chắn", 4: "Chíu"}
    lines = []
    for m in melds:
        kind = kinds[len(m)] if len({f.index for f in m}) == 1 else "Cạ"
        plain = " ".join(f.code for f in m)
        lines.append(f"  {kind + ' (exposed)':<16}{cards(st, m)}{' ' * max(1, 13 - len(plain))}"
                     f"{st.dim(_names(m))}")
    return lines


def hand_lines(st: Style, p: Pairing, melds: Sequence[Meld]) -> list[str]:
    """The concealed cards by group of the canonical pairing (P0), then the exposed melds."""
    out = ["Hand by group:"]
    out += [_group_lines(st, g.kind, g.faces) for g in p.groups]
    if melds:
        out.append("Exposed melds:")
        out += _meld_lines(st, [m.faces for m in melds])
    return out


def waits_text(st: Style, ws: Sequence[Useful]) -> str:
    return unseen_list((card(st, w.face), w.unseen) for w in ws)


_ILLEGAL = {
    "R2": ": a face held exactly 2 or 4 times stays as Chắn",
    "R3": ": a refused face may not be discarded",
    "R7": ": it would complete a discarded Cạ after an eaten Cạ",
}


def analysis_text(a: Analysis, st: Style) -> str:
    p = a.pairing
    pos = a.position
    out = [st.head(
        f"{a.cards} cards · {a.chan} Chắn · {a.ca} Cạ · {p.unpaired} unpaired · "
        f"distance {'—' if a.distance is None else a.distance}"
        f"{' (waiting)' if a.distance == 1 and a.waits else ''}"
        f"{' · WIN (W1)' if a.win else ''}   [{pos.rules}]")]
    out += hand_lines(st, p, pos.exposed.melds)
    if a.distance is None:
        out.append("No winning set exists: more than four exposed Cạ (W1 needs six Chắn).")
    if a.cards == 19:
        if a.waits:
            out.append(f"Waits: {waits_text(st, a.waits)}")
        else:
            if a.why_not_waiting is not None:
                out.append(f"Not waiting: {a.why_not_waiting}; the hand must change another "
                           "card first.")
            out.append(f"Useful cards: {waits_text(st, a.useful)}")
    if a.discards:
        out.append("Discards, best first (unpaired, distance, waits or useful cards · unseen):")
        for d in a.discards:
            if not d.legal:
                why = _ILLEGAL.get(d.rule or "", "")
                out.append(f"  {card(st, d.face):>3}  {d.face.vi:<12} illegal ({d.rule}{why})")
                continue
            dist = "—" if d.distance is None else str(d.distance)
            what = f"waits {waits_text(st, d.waits)}" if d.waits else \
                f"useful {waits_text(st, d.useful)}"
            out.append(f"  {card(st, d.face):>3}  {d.face.vi:<12} unpaired {d.unpaired:<2} "
                       f"distance {dist:<2} {what}")
    return "\n".join(out)


def score_text(r: ScoreResult, st: Style) -> str:
    if not r.win:
        return st.head(f"No win [{r.rules}]: {r.reason}") + f"\n{r.chan} Chắn · {r.ca} Cạ"
    out = [st.head(f"Win: {r.points} points   [{r.rules}]"), f"{r.chan} Chắn · {r.ca} Cạ"]
    out.append("Pairs:")
    out.append("  " + "  ".join(cards(st, pair) for pair in r.pairs))
    out.append("Bonuses (cước):        base  dịch  count")
    for b in r.bonuses:
        main = "  ← main" if b.code == r.main else ""
        out.append(f"  {b.bonus.name:<20} {b.bonus.base:>4}  {b.bonus.dich:>4}  {b.count:>5}{main}")
    out.append(f"Points: {r.formula}")
    return "\n".join(out)


def simulation_text(s: Summary) -> str:
    head = (f"{s.deals} deals{' × 4 seats rotated (duplicate)' if s.duplicate else ''}, "
            f"seed {s.seed}, rules {s.rules}")
    out = [head, f"{'player':<8}{'spec':<28}{'wins':>6}{'share':>8}{'mean':>9}  95% CI"]
    for p in s.players:
        lo, hi = p.ci95()
        share = p.wins / p.deals if p.deals else 0.0
        out.append(f"{p.player:<8}{p.spec[:27]:<28}{p.wins:>6}{share:>8.1%}{p.mean:>9.2f}"
                   f"  [{lo:.2f}, {hi:.2f}]")
    out.append(f"draws {s.draws} ({s.draws / max(s.games, 1):.1%}) · {s.speed()}")
    return "\n".join(out)


def advice_text(a: Advice, st: Style) -> str:
    """The ranked actions as a table, and the best one in a sentence."""
    played = a.samples > 0
    out = [st.head(a.explanation),
           f"{'#':>2}  {'action':<18}{'win':>6} {'(95 %)':<9}{'expected':>9}"
           f"{'dist':>6}  waits / useful"]
    for n, e in enumerate(a.actions, 1):
        act = e.action
        label = act.do if act.card is None else f"{act.do} {act.card.code}"
        if act.do == "eat" and act.card is not None:
            label = f"eat with {act.card.code}"
        if e.then is not None:
            label += f" → {e.then.code}"
        lo, hi = e.interval()
        win = f"{e.win * 100:.0f} %"
        band = "certain" if e.certain else f"{lo * 100:.0f}–{hi * 100:.0f}"
        exp = f"{e.expected:+.2f}"
        dist = "—" if e.distance is None else str(e.distance)
        if e.waits:
            tail = "waits " + " ".join(f"{card(st, w.face)}({w.unseen})" for w in e.waits)
        elif e.useful:
            tail = f"{len(e.useful)} useful faces, {e.useful_unseen} unseen"
        else:
            tail = ""
        out.append(f"{n:>2}  {label:<18}{win:>6} {band:<9}{exp:>9}{dist:>6}  {tail}")
        if played and e.sampled is not None:
            sp = e.sampled
            if sp.worlds > 1:
                out.append(st.dim(f"{'':<4}playouts: {sp.win * 100:.0f} ± "
                                  f"{sp.win_se * 100:.0f} % won, {sp.expected:+.2f} ± "
                                  f"{sp.expected_se:.2f} over {sp.worlds} worlds"))
    if any(e.distance is None for e in a.actions):
        out.append(st.dim("distance —: no winning set can be made any more (W1: more than "
                          "four exposed Cạ)"))
    out += [st.dim(f"note: {n}") for n in a.notes]
    how = {"certain": "a certain outcome",
           "model": "chances from the value model, fitted on simulated deals (docs/advisor.md)",
           "model+look": f"chances from the value model, the close calls moved by playouts "
                         f"in {a.samples} sampled worlds (budget {a.budget_ms:g} ms, seed "
                         f"{a.seed})",
           "model+search": "chances from the value model, moved by the search's playouts "
                           f"({a.work.done if a.work else 0} moves played by successive "
                           f"halving; budget {a.budget_ms:g} ms, seed {a.seed})",
           "model+playouts": f"chances from the value model; playouts in {a.samples} sampled "
                             f"worlds (budget {a.budget_ms:g} ms, seed {a.seed})"}.get(
        a.method, a.method)
    out.append(st.dim(f"{how} · {a.seconds * 1000:.1f} ms"))
    return "\n".join(out)


# --- a seat's VIEW and the end, for any seat ----------------------------------------------

_SOURCES = {"discard": "discarded by {door}", "stock": "revealed at {door}'s door",
            "return": "returned after {door}'s Chíu (C4)"}
_WIN_BY = {"own_door": "on {card}, revealed at its own door",
           "other_door": "on {card}, revealed at another seat's door",
           "chiu": "by Chíu on {card} (Chíu ù)", "heaven": "with the dealt cards (Thiên ù)"}


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _offer_text(o: Offer, me: int) -> str:
    text = _SOURCES[o.source].format(door=_who(o.door, me))
    return text + ("" if o.claims_open else ", no claims (T4)")


def view_text(v: View, st: Style) -> str:
    """What a seat sees at its decision (§8.3): every seat's melds, discards and stock cards
    passed at its door, the card on offer, its own hand.

    >>> from advisor.chan.game import Game
    >>> print(view_text(Game.from_deal(seed=7).view(1), Style()).splitlines()[0])
    Seat 1 · start · stock 23 · rules house
    """
    lines = [st.head(f"Seat {v.seat} · {v.phase} · stock {v.stock_left} · rules {v.rules}")]
    for i, t in enumerate(v.table):
        tags = [tag for tag, on in (("dealer", i == v.dealer), ("dead, T7", t.dead)) if on]
        who = _who(i, v.seat) + (f" ({', '.join(tags)})" if tags else "")
        melds = " · ".join(cards(st, m.faces) for m in t.melds) or "—"
        line = f"  {who:<18} melds {melds} · discards {cards(st, t.discards) or '—'}"
        if t.passed:
            line += f" · passed at the door {cards(st, t.passed)}"
        lines.append(line)
    if v.offer is not None:
        lines.append(f"On offer to {_who(v.offer.to, v.seat)}: {card(st, v.offer.card)}, "
                     f"{_offer_text(v.offer, v.seat)}")
    if v.chiu is not None:
        lines.append(f"After the Chíu on {card(st, v.chiu.card)}: a discard is owed")
    lines.append(f"Your hand: {cards(st, v.hand)}")
    return "\n".join(lines)


def action_text(a: Action) -> str:
    """An action in words: ``discard 5v``, ``eat with 9s``, ``pass``."""
    return str(a)


def result_text(r: Result, st: Style) -> str:
    """The end of a deal: the winner, how and the score (§7), or a draw (T6); the
    settlement."""
    if r.winner is None or r.score is None:
        head = st.head("The stock is exhausted: a draw (T6).")
    else:
        how = _WIN_BY.get(r.win_by or "heaven", "").format(
            card=r.winning_card.code if r.winning_card else "")
        head = st.head(f"Seat {r.winner} won {how}.") + "\n" + score_text(r.score, st)
    pays = " · ".join(f"seat {s} {p:+d}" for s, p in enumerate(r.payments))
    return f"{head}\n" + st.head(f"Settlement: {pays}")
