"""One record reader: a record's stated result is compared with the one its moves reach
by one function (:func:`advisor.games.records.result_mismatch`, on the game's
``result_form``), the same in ``advisor GAME replay``, ``advisor GAME review``, the
library's review and ``POST /v1/<game>/review``. Results are compared as values: the
lists whose order is free (Chắn's bonuses, §7; Khanhoo's declaration, K8; Qing's groups,
Q5) in every order are accepted everywhere, and a result that differs is refused
everywhere, naming the field and its rule."""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from advisor.chan.game import Game as ChanGame
from advisor.cli import main
from advisor.errors import RecordError, ResultMismatchError
from advisor.games.records import ResultForm, result_mismatch
from advisor.games.review import replay_steps, review
from advisor.games.spec import AnySpec
from advisor.registry import GAMES, game
from service import create_app
from tests.service.test_review_api import _record as _greedy  # a greedy deal's record


def _chan_tom_twice_and_bach_thu() -> dict[str, Any]:
    """A Chắn deal won with Tôm ×2 and Bạch thủ (both base 4, dịch 1: tied, §7)."""
    g = ChanGame.from_deal(seed=951)
    while not g.over:
        assert g.pending is not None
        g.act(g.pending.seat, g.legal_actions()[-1])
    rec: dict[str, Any] = g.to_record()
    assert [(b["code"], b["count"]) for b in rec["result"]["bonuses"]] == [("tom", 2),
                                                                          ("bach_thu", 1)]
    return rec


def _orders(rec: dict[str, Any], key: str) -> Iterator[dict[str, Any]]:
    """The record with its result's ``key`` list in every order (each distinct order
    once)."""
    seen = set()
    for order in itertools.permutations(rec["result"][key]):
        text = json.dumps(order, sort_keys=True)
        if text in seen:
            continue
        seen.add(text)
        out = copy.deepcopy(rec)
        out["result"][key] = list(order)
        yield out


def _chan_variants() -> list[dict[str, Any]]:
    """Tôm ×2 and Bạch thủ in every order, Tôm as one entry of count 2 or as two of 1."""
    rec = _chan_tom_twice_and_bach_thu()
    split = copy.deepcopy(rec)
    tom, bach = split["result"]["bonuses"]
    split["result"]["bonuses"] = [tom | {"count": 1}, tom | {"count": 1}, bach]
    return [*_orders(rec, "bonuses"), *_orders(split, "bonuses")]


ORDERS = {  # the game, its records with the free list in every order
    "chan": _chan_variants,
    "khanhoo": lambda: list(_orders(_greedy("khanhoo", 34), "combinations")),
    "qing": lambda: list(_orders(_greedy("qing", 10), "groups")),
}


def test_every_game_with_a_free_order_is_here() -> None:
    free = {g.name for g in GAMES if g.result_form.unordered or g.result_form.forms}
    assert free == set(ORDERS)


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_every_order_replays_and_reviews(name: str, tmp_path: Path) -> None:
    spec = game(name)
    variants = ORDERS[name]()
    assert len(variants) >= 5 if name == "chan" else len(variants) == 6
    client = create_app({"TESTING": True}).test_client()
    for rec in variants:
        assert spec.replay(rec).valid, spec.replay(rec).describe()
        replay_steps(spec, rec, frozenset())  # the review's reader: no error
        r = client.post(f"/v1/{name}/review?seat=0&budget_ms=1", json=rec)
        assert r.status_code == 200, r.get_json()
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(rec, ensure_ascii=False) + "\n" for rec in variants))
    run = CliRunner().invoke(main, [name, "replay", str(path)])
    assert run.exit_code == 0, run.output
    run = CliRunner().invoke(main, [name, "review", str(path), "--seat", "0", "--budget-ms",
                                    "1", "--json"])
    assert run.exit_code == 0, run.output
    assert len(run.output.splitlines()) == len(variants)


def test_the_reported_record_is_reviewed_whole() -> None:
    """The record of the issue: Tôm ×2 listed after Bạch thủ, from another engine."""
    rec = _chan_variants()[1]
    assert rec["result"]["bonuses"][0]["code"] == "bach_thu"
    out = review(game("chan"), rec, seats=[0], budget_ms=1)
    assert out.complete


def _changed(name: str) -> tuple[dict[str, Any], str, str]:
    """A record whose stated result differs from its moves', the field and the rule."""
    if name == "chan":
        rec = _chan_tom_twice_and_bach_thu()
        rec["result"]["bonuses"][1] = rec["result"]["bonuses"][1] | {"code": "leo",
                                                                    "name": "Lèo"}
        return rec, "result.bonuses", "§7"
    rec = _greedy(name, {"khanhoo": 34, "qing": 10, "ming": 1}[name])
    if name == "khanhoo":
        rec["result"]["combinations"] = rec["result"]["combinations"][1:]
        return rec, "result.combinations", "K8"
    if name == "qing":
        rec["result"]["settlement"] = rec["result"]["settlement"][::-1]
        return rec, "result.settlement", "Q8"
    rec["result"]["scores"][0] += 1
    return rec, "result.scores", "M7"


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_a_different_result_is_refused_everywhere_naming_field_and_rule(
        name: str, tmp_path: Path) -> None:
    spec = game(name)
    rec, field, rule = _changed(name)
    out = spec.replay(rec)
    assert not out.valid and out.rule == rule and out.move is None
    assert isinstance(out.error, ResultMismatchError) and out.error.field == field
    assert out.error.message.startswith(f"{field} ({rule}): the record says ")
    with pytest.raises(RecordError) as raised:
        replay_steps(spec, rec, frozenset())
    assert raised.value.field == field and raised.value.message == out.error.message
    r = create_app({"TESTING": True}).test_client().post(f"/v1/{name}/review", json=rec)
    assert r.status_code == 422
    assert r.get_json()["field"] == field and r.get_json()["detail"] == out.error.message
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec, ensure_ascii=False))
    for verb in ("replay", "review"):
        run = CliRunner().invoke(main, [name, verb, str(path)])
        assert run.exit_code == 3 and f"{field} ({rule})" in run.output


def test_a_lesser_bonus_first_is_not_a_main_one() -> None:
    """§7: the first listed bonus is the main one, so it must be of the highest rank."""
    rec = _chan_tom_twice_and_bach_thu()
    rec["result"]["bonuses"].insert(0, {"code": "u_xuong", "name": "Ù xuông", "count": 1,
                                        "base": 2, "dich": 0})
    out = game("chan").replay(rec)
    assert out.rule == "§7" and out.error is not None and out.error.field == "result.bonuses"


def test_missing_and_unknown_fields_are_named() -> None:
    form = ResultForm({"points": "K8"})
    got = {"winner": 0, "points": 3}
    assert result_mismatch(form, {"winner": 0, "points": 3}, got) is None
    missing = result_mismatch(form, {"winner": 0}, got)
    assert missing is not None and missing.field == "result.points" and missing.rule == "K8"
    extra = result_mismatch(form, {**got, "bonus": 1}, got)
    assert extra is not None and extra.field == "result.bonus"
    assert "not a field" in extra.message
    bad = result_mismatch(form, [1], got)
    assert bad is not None and bad.field == "result"


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
def test_every_field_of_a_result_has_its_rule(spec: AnySpec) -> None:
    rec = _greedy(spec.name, 1)
    assert set(rec["result"]) <= set(spec.result_form.rules)
