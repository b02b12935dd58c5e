"""The browser table's shared contract (advisor.games.browser): a move kept with the phase
it was made in and hidden from the log when the game says the others do not see it; the
options a table is dealt with, one the game lacks refused naming it; a real deal kept by
its cards, with no seed; a table stored in an older format read back."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from advisor.errors import AdvisorError
from advisor.games import browser as tables
from advisor.games.browser import TABLE_FORMAT, GameTable, TableOption, read_options
from advisor.registry import game

QING = game("qing")


def _look(monkeypatch: pytest.MonkeyPatch, **changes: Any) -> None:
    """Qing's declaration with ``changes`` (the cache of declarations by name bypassed)."""
    look = dataclasses.replace(tables.browser("qing"), **changes)
    monkeypatch.setattr(tables, "browser", lambda name: look if name == "qing" else None)


def _played(seed: int = 3) -> GameTable:
    t = GameTable.new(QING, players=3, seed=seed, opponents=["greedy"] * 2)
    while not t.over and len(t.moves) < 12:
        t.act(t.legal()[0])
    return t


def test_each_move_keeps_its_phase_and_a_hidden_move_is_left_out_of_the_log(
        monkeypatch: pytest.MonkeyPatch) -> None:
    phases = iter(range(10_000))
    _look(monkeypatch, phase=lambda g: f"p{next(phases) % 2}",
          public=lambda seat, action, phase: None if phase == "p1" else action)
    t = _played()
    assert len(t.phases) == len(t.moves) and set(t.phases) <= {"p0", "p1"}
    log = t.public_log()
    hidden = [i for i, (seat, _) in enumerate(t.moves) if seat != 0 and t.phases[i] == "p1"]
    assert hidden and len(log) == len(t.moves) - len(hidden)
    # the player's own moves are always told, whatever their phase
    assert [e["seat"] for e in log].count(0) == [s for s, _ in t.moves].count(0)
    # the phases are replayed, not stored: the stored table has none
    phases = iter(range(10_000))
    again = GameTable.from_json(QING, t.to_json())
    assert again.phases == t.phases and "phases" not in t.to_json()


def test_a_table_option_is_read_and_an_unknown_one_is_refused_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    option = TableOption("pace", "Pace", (("slow", "one card at a time"), ("fast", "two")))
    look = dataclasses.replace(tables.browser("qing"), options=(option,))
    assert read_options(QING, look, {}) == {"pace": "slow"}
    assert read_options(QING, look, {"pace": "fast"}) == {"pace": "fast"}
    with pytest.raises(AdvisorError) as bad:
        read_options(QING, look, {"pace": "odd"})
    assert bad.value.field == "pace" and "slow, fast" in bad.value.message
    with pytest.raises(AdvisorError) as unknown:
        read_options(QING, tables.browser("qing"), {"rules": "cvv"})
    assert unknown.value.field == "rules" and "no such option" in unknown.value.message
    # a table dealt with options keeps them, and deals under them again
    dealt: list[Any] = []
    _look(monkeypatch, options=(option,),
          deal=lambda players, seed, options: dealt.append(dict(options)) or QING.deal(
              players, seed))
    t = GameTable.new(QING, players=3, seed=5, opponents=["greedy"] * 2,
                      options={"pace": "fast"})
    assert t.to_json()["options"] == {"pace": "fast"}
    GameTable.from_json(QING, t.to_json())
    assert dealt == [{"pace": "fast"}, {"pace": "fast"}]


def test_a_real_deal_keeps_its_cards_and_no_seed() -> None:
    t = GameTable.new(QING, players=3, seed=None, opponents=["greedy"] * 2)
    stored = t.to_json()
    assert stored["seed"] is None and stored["practice"] is False and stored["dealt"]
    assert GameTable.from_json(QING, stored).view().to_json() == t.view().to_json()
    # a real deal stored with its seed, as tables were before: read as it was
    old = {**_played(7).to_json(), "practice": False}
    assert not GameTable.from_json(QING, old).practice


def test_a_table_in_an_older_format_is_read_through_the_games_converter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    t = _played()
    old = {"format": "qing-old/1", "the_seed": t.seed, "steps": t.to_json()["moves"]}

    def convert(obj: dict[str, Any]) -> dict[str, Any]:
        return {"format": TABLE_FORMAT, "game": "qing", "players": 3, "seed": obj["the_seed"],
                "practice": True, "opponents": ["greedy"] * 2, "moves": obj["steps"]}

    _look(monkeypatch, stored={"qing-old/1": convert})
    monkeypatch.setattr("advisor.registry.GAMES", [QING])
    assert GameTable.from_json(QING, old).to_json() == t.to_json()
    assert tables.stored_table({"format": "other/1"}) == {"format": "other/1"}
