"""``GET /analyze`` (service/analyze_page.py): the CLI's analysis and score as a page —
the same text, escaped, red cards marked; errors name the bad token."""

from __future__ import annotations

import html
import json
import re

import pytest
from flask.testing import FlaskClient

from advisor.chan.analysis import analyze
from advisor.chan.position import Position
from advisor.chan.scoring import score
from advisor.chan.text import analysis_text, score_text
from advisor.text import PLAIN
from service import create_app

HAND = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def _section(page: str, name: str) -> str:
    """The text of a <pre> section, tags removed and entities decoded."""
    m = re.search(rf'id="{name}".*?<pre class="out">(.*?)</pre>', page, re.S)
    assert m, f"no {name} section"
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1)))


def test_the_form_alone(client: FlaskClient) -> None:
    resp = client.get("/analyze")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and '<form class="analyze' in page
    assert 'id="analysis"' not in page and 'id="error"' not in page


def test_analysis_and_score_are_the_clis_text(client: FlaskClient) -> None:
    resp = client.get("/analyze", query_string={"hand": HAND, "win": "8m", "by": "own_door"})
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    pos = Position.from_json({"hand": HAND, "winning_card": "8m", "win_by": "own_door"})
    assert _section(page, "analysis") == analysis_text(analyze(pos), PLAIN)
    assert _section(page, "score") == score_text(score(pos), PLAIN)
    assert '<span class="c red" title="Bát Vạn">8v</span>' in page  # red cards in red
    assert page.count('class="card') >= 20  # the cards drawn


def test_a_waiting_hand_shows_its_waits(client: FlaskClient) -> None:
    hand = "2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9s 2s 2m 3s"
    page = client.get("/analyze", query_string={"hand": hand}).get_data(as_text=True)
    assert "Waits: 3v (2), 3s (3), 3m (4) — 9 unseen" in _section(page, "analysis")
    assert 'id="score"' not in page


def test_names_melds_and_json_positions(client: FlaskClient) -> None:
    by_name = client.get("/analyze", query_string={
        "hand": "nhị vạn, 2 myriads, 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7 coins 7m",
        "melds": "8v 8m"})
    assert by_name.status_code == 200
    pos = Position.from_json({"hand": HAND.replace(" 8v", ""), "melds": ["8v 8m"]})
    assert _section(by_name.get_data(as_text=True), "analysis") == \
        analysis_text(analyze(pos), PLAIN)
    as_json = client.get("/analyze", query_string={
        "hand": json.dumps({"hand": HAND, "winning_card": "8m", "rules": "cvv"})})
    assert as_json.status_code == 200
    assert "[cvv]" in _section(as_json.get_data(as_text=True), "score")


@pytest.mark.parametrize(("hand", "token"), [
    ("2v 2v zz 4v", "zz"),
    ("2v 2v 2v 2v 2v", "2v"),
    ("tam van 2v", "van"),
])
def test_errors_name_the_bad_token(client: FlaskClient, hand: str, token: str) -> None:
    resp = client.get("/analyze", query_string={"hand": hand})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert 'id="error"' in page
    assert f'<code class="token">{token}</code>' in page


def test_input_is_escaped(client: FlaskClient) -> None:
    resp = client.get("/analyze", query_string={"hand": "<script>alert(1)</script>",
                                                "melds": '"><b>x'})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "<script>alert" not in page and "<b>x" not in page
    assert "&lt;script&gt;" in page


def test_wrong_size_is_explained(client: FlaskClient) -> None:
    resp = client.get("/analyze", query_string={"hand": "2v 2v 3s"})
    assert resp.status_code == 422
    assert "analysis needs 19" in html.unescape(resp.get_data(as_text=True))
