"""``advisor chan advise``: a VIEW file, a record prefix, or flags."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from advisor.chan.advice import advise
from advisor.cli import main
from advisor.cli.common import EXIT_BAD_INPUT, EXIT_USAGE

ROOT = Path(__file__).resolve().parents[2]
VIEW = ROOT / "examples" / "view.json"
GOLDEN = ROOT / "tests" / "chan" / "golden" / "records.jsonl"


def test_advise_view_file_text() -> None:
    r = CliRunner().invoke(main, ["chan", "advise", str(VIEW), "--samples", "4"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith(("Eat", "Pass", "Discard", "Chíu", "Win"))
    assert "playouts in 4 sampled worlds" in r.stdout


def test_advise_json_equals_library() -> None:
    # a budget the 6 worlds never reach, so that the machine's load cannot cut them short
    r = CliRunner().invoke(main, ["chan", "advise", str(VIEW), "--samples", "6", "--seed", "2",
                                  "--budget-ms", "5000", "--json"])
    assert r.exit_code == 0
    got = json.loads(r.stdout)
    want = advise(json.loads(VIEW.read_text()), samples=6, seed=2, budget_ms=5000).to_json()
    got.pop("ms"), want.pop("ms")
    assert got == want


def test_advise_record_prefix(tmp_path: Path) -> None:
    rec = json.loads(GOLDEN.read_text().splitlines()[0])["record"]
    rec.pop("result")
    rec["moves"] = rec["moves"][:7]
    path = tmp_path / "prefix.json"
    path.write_text(json.dumps(rec))
    from advisor.chan.faces import GAME as CHAN

    seat = CHAN.replay(rec, partial=True).game.pending.seat  # type: ignore[union-attr]
    r = CliRunner().invoke(main, ["chan", "advise", "--record", str(path), "--seat", str(seat),
                                  "--samples", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["seat"] == seat
    other = (seat + 1) % 4
    r = CliRunner().invoke(main, ["chan", "advise", "--record", str(path), "--seat", str(other)])
    assert r.exit_code == EXIT_BAD_INPUT and f"seat {seat}'s decision" in r.stderr


def test_advise_flags() -> None:
    r = CliRunner().invoke(main, ["chan", "advise", "--hand",
                                  "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 9v 2s 2m 3s 3m 7m",
                                  "--offer", "8s", "--seen", "9v 9s", "--stock-left", "10",
                                  "--samples", "3", "--json"])
    assert r.exit_code == 0, r.output
    j = json.loads(r.stdout)
    assert {a["action"]["do"] for a in j["actions"]} <= {"eat", "pass"}


def test_advise_errors() -> None:
    run = CliRunner()
    assert run.invoke(main, ["chan", "advise"]).exit_code == EXIT_USAGE
    r = run.invoke(main, ["chan", "advise", "-"], input="{")
    assert r.exit_code == EXIT_BAD_INPUT and "malformed JSON" in r.stderr
    r = run.invoke(main, ["chan", "advise", "--hand", "2v van", "--offer", "3v"])
    assert r.exit_code == EXIT_BAD_INPUT and "ambiguous" in r.stderr
    r = run.invoke(main, ["chan", "advise", "-"], input=json.dumps({"seat": 1}))
    assert r.exit_code == EXIT_BAD_INPUT and "missing" in r.stderr


def test_advise_typed_positions_are_checked_for_size() -> None:
    """Bad input exits 3 with a message naming the problem (§4): a hand that does not add
    up, 19 cards and no card on offer, two cards on offer."""
    run = CliRunner()
    waiting = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"
    for args, message in [
        (["--hand", "2v 2v", "--offer", "3v"], "hand and melds make 2 cards"),
        (["--hand", waiting], "give the card on offer"),
        (["--hand", waiting, "--offer", "3m 4v"], "one card is on offer, not 2"),
    ]:
        r = run.invoke(main, ["chan", "advise", *args])
        assert r.exit_code == EXIT_BAD_INPUT and message in r.stderr, (args, r.output)
        assert r.stdout == ""


def test_advise_stock_flag_poses_the_claim() -> None:
    """--from stock: the card was revealed at the player's own door, so the claim window
    is open (C1, C5) and a winning card is a certain win (Ù chì)."""
    waiting = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"
    r = CliRunner().invoke(main, ["chan", "advise", "--hand", waiting, "--offer", "3m",
                                  "--from", "stock"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Win on 3m: certain, +9 to this seat (Ù chì)")


def test_advise_search_equals_library() -> None:
    """``--search``: the search, as the library runs it for the same budget and seed (the
    work is counted moves, so the same on any machine); it takes no ``--samples``."""
    from advisor.chan.advice import search_per_ms

    ms = 2000 / search_per_ms()  # 2,000 moves, on either engine
    r = CliRunner().invoke(main, ["chan", "advise", str(VIEW), "--search", "--seed", "3",
                                  "--budget-ms", str(ms), "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    want = advise(json.loads(VIEW.read_text()), search=True, seed=3, budget_ms=ms).to_json()
    got.pop("ms"), want.pop("ms")
    assert got == want and got["ranked_by"] == "expected"
    assert got["work"]["unit"] == "moves"
    r = CliRunner().invoke(main, ["chan", "advise", str(VIEW), "--search", "--samples", "2"])
    assert r.exit_code == EXIT_BAD_INPUT and "search" in r.stderr and "samples" in r.stderr
