"""A position typed by a player (docs/ming.md) as the seat's VIEW: its hand, the trick
so far, the cards seen out of play, the scores — parsed and validated in one place, for
the command line's flags and files and the service's requests.

What the player does not type stays unknown: the earlier tricks become single-card
plays, those holding the cards seen shown, the others face down, and each seat's score
is counted as captured cards.

>>> v = view_of_position({"hand": "1s 2s 3s 4s 5s 6s 7s 8s 9s", "players": 3, "seat": 2,
...                       "trick": ["7c", "?"]})
>>> v.phase, v.hand_sizes, v.trick.leader, [p.shown for p in v.trick.plays]
('follow', (8, 8, 9), 0, [True, False])
"""

from __future__ import annotations

from advisor.errors import AdvisorError, PositionError
from advisor.games.fields import json_fields
from advisor.ming.cards import cards_of, mask_of
from advisor.ming.plays import DECLARATIONS, LEOPARD_9, beats, play_cards, read_lead, reading
from advisor.ming.view import HAND_SIZES, SeenPlay, SeenTrick, View

FIELDS = ("players", "seat", "hand", "trick", "leopard9", "seen", "scores")


def view_of_position(obj: object) -> View:
    """The VIEW a typed position spells: the seat's ``hand``, the ``trick`` so far (plays
    in order, the lead first; ``?`` for each card of a face-down play the seat did not
    see), the cards ``seen`` out of play (earlier tricks), ``players`` (2 by default),
    ``scores`` so far, ``leopard9`` (what a Leopard 9 led was declared) and the seat's
    number (``seat``, 0 by default). Errors name the field."""
    given = json_fields(obj, FIELDS, {"hand": "the seat's cards"})
    n = given("players", 2)
    if n not in HAND_SIZES:
        raise PositionError("players: 2 or 3 (M2)", field="players")
    seat = given("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise PositionError(f"seat: a seat number from 0 to {n - 1}", field="seat")
    hand = mask_of(play_cards(given("hand", None), "hand"))
    known = hand
    raw = given("trick", None) or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or len(raw) >= n:
        raise PositionError(f"trick: the plays so far, at most {n - 1} before the seat's",
                            field="trick")
    plays: list[tuple[int, int]] = []  # (cards known, count)
    for i, p in enumerate(raw):
        text = p if isinstance(p, str) else " ".join(p) if isinstance(p, list) else None
        if text is None:
            raise PositionError(f"trick[{i}]: cards as a string or a list", field=f"trick[{i}]")
        tokens = text.split()
        hidden = sum(t == "?" for t in tokens)
        cards = mask_of(play_cards(" ".join(t for t in tokens if t != "?"),
                                   f"trick[{i}]", known))
        known |= cards
        if hidden and (i == 0 or cards):
            raise PositionError(f"trick[{i}]: the lead is shown; a face-down play is all "
                                "'?' (or its cards, if the seat saw them)",
                                field=f"trick[{i}]")
        plays.append((cards, hidden + cards.bit_count()))
    seen_raw = given("seen", [])
    seen = mask_of(play_cards(seen_raw, "seen", known)) if seen_raw else 0
    scores = given("scores", [0] * n)
    if not isinstance(scores, list) or len(scores) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in scores):
        raise PositionError(f"scores: {n} scores so far", field="scores")
    declare = given("leopard9", None)
    if declare is not None and declare not in DECLARATIONS:
        raise PositionError("leopard9: leopard or special", field="leopard9")
    size = hand.bit_count()
    if size == 0 or size > HAND_SIZES[n]:
        raise PositionError(f"hand: {size} cards; a hand holds 1 to {HAND_SIZES[n]} (M2)",
                            field="hand")
    leader = (seat - len(plays)) % n
    sizes = [size] * n
    trick: SeenTrick | None = None
    if plays:
        try:
            lead = read_lead(plays[0][0], declare if plays[0][0] == LEOPARD_9 else None)
        except AdvisorError as err:
            raise PositionError(f"trick[0]: {err.message}", field="trick[0]") from None
        best = lead
        seen_plays = []
        for j, (cards, count) in enumerate(plays):
            s = (leader + j) % n
            if count != lead.size:
                raise PositionError(f"trick[{j}]: {count} cards; the lead has {lead.size} (M5)",
                                    field=f"trick[{j}]")
            sizes[s] = size - lead.size
            shown = j == 0
            if j and cards:
                r = reading(cards, lead.kind)
                if r is not None and beats(r, best):
                    best, shown = r, True
            seen_plays.append(SeenPlay(s, count, shown, cards))
        trick = SeenTrick(leader, tuple(seen_plays),
                          (declare or "special") if plays[0][0] == LEOPARD_9 else None)
    # the earlier tricks, as far as the seat says: one card a seat each, the seen shown
    earlier = HAND_SIZES[n] - size
    out = cards_of(seen)
    if len(out) > n * earlier:
        raise PositionError(f"seen: {len(out)} cards, but the {earlier} tricks played hold "
                            f"{n * earlier}", field="seen")
    tricks = []
    for k in range(earlier):
        row = out[k * n : (k + 1) * n]
        tricks.append(SeenTrick(leader, tuple(
            SeenPlay((leader + j) % n, 1, j < len(row), row[j].bit if j < len(row) else 0)
            for j in range(n)), None, leader, 0))
    return View(seat, "lead" if trick is None else "follow", n, (leader - 1) % n, leader, seat,
                hand, tuple(sizes), tuple(scores), (0,) * n, 30 - n * HAND_SIZES[n],
                tuple(tricks), trick)


__all__ = ["FIELDS", "view_of_position"]
