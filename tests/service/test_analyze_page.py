"""``GET /analyze`` and ``/analyze/<game>`` (service/analyze_page.py): the CLI's analysis
(and Chắn's score) as a page for every game with an analysis — the same text, escaped,
cards named, red cards marked; errors name the bad token."""

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
from advisor.games.faces import Context
from advisor.registry import DEFAULT, GAMES, game
from advisor.text import PLAIN
from service import create_app
from service.analyze_page import analyzed

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


# --- every game with an analysis: /analyze/<game> ------------------------------------------


ANALYZED = [g.name for g in GAMES if "analyze" in [v.name for v in g.faces.verbs]]

GOOD = {  # one hand of each game, with what the page must show of it
    "chan": ({"hand": HAND}, {"hand": HAND}, "Bát Vạn"),
    "khanhoo": ({"hand": "4h 5h Ac 2c 3c 7d 8d 9h Qs Ks 5d 6c", "melds": "7h 7c Jk",
                 "trio": "on", "sets": "3"},
                {"hand": "4h 5h Ac 2c 3c 7d 8d 9h Qs Ks 5d 6c", "melds": ["7h 7c Jk"],
                 "options": {"trio": True}, "sets": 3}, "Queen of spades"),
    "qing": ({"hand": "2c 3c 4c 5s 6s 7s 5m 5m 5m 1c RF WF", "melds": "9c 1s 1m",
              "extras-replace": "on"},
             {"hand": "2c 3c 4c 5s 6s 7s 5m 5m 5m 1c RF WF", "melds": ["9c 1s 1m"],
              "extras_replace": True}, "Red Flower"),
}

BAD = {  # an unknown card, a fifth copy, a wrong hand size: the problem named
    "chan": [("2v 2v zz 4v", "zz"), ("2v 2v 2v 2v 2v", "fifth copy"), ("2v 2v 3s", "needs 19")],
    "khanhoo": [("Ah 2c Zz", "Zz"), ("Ah Ah Ah Ah 2c", "Ah"), ("Ah 2c 3d", "needs 15")],
    "qing": [("2c 3c 9z", "9z"), ("2c 2c 2c 2c 2c", "fifth copy"), ("2c 3c", "needs 14")],
}


def _url(name: str) -> str:
    return "/analyze" if name == DEFAULT.name else f"/analyze/{name}"


def test_the_games_with_an_analysis_are_the_registrys() -> None:
    assert analyzed() == ANALYZED
    assert set(GOOD) == set(BAD) == set(ANALYZED)  # a new game gets its own cases here


@pytest.mark.parametrize("name", ANALYZED)
def test_each_game_is_analysed_as_the_cli_prints_it(client: FlaskClient, name: str) -> None:
    query, obj, title = GOOD[name]
    for url in {_url(name), f"/analyze/{name}"}:
        resp = client.get(url, query_string=query)
        assert resp.status_code == 200, url
        page = resp.get_data(as_text=True)
        verb = game(name).faces.verb("analyze")
        assert _section(page, "analysis") == verb.text(verb.answer(obj, Context()), PLAIN)
        assert f'title="{title}"' in page  # the cards named
        assert 'id="cards"' in page and f"advisor {name} analyze" in page
        assert f'action="{_url(name)}"' in page


@pytest.mark.parametrize(("name", "hand", "problem"),
                         [(n, h, p) for n, cases in BAD.items() for h, p in cases])
def test_each_games_bad_hand_is_refused_by_name(client: FlaskClient, name: str, hand: str,
                                                problem: str) -> None:
    resp = client.get(f"/analyze/{name}", query_string={"hand": hand})
    assert resp.status_code == 422
    page = html.unescape(resp.get_data(as_text=True))
    assert 'id="error"' in page and problem in page
    assert 'id="analysis"' not in page


@pytest.mark.parametrize("name", ANALYZED)
def test_the_chooser_lists_the_registrys_games(client: FlaskClient, name: str) -> None:
    page = client.get(f"/analyze/{name}").get_data(as_text=True)
    chooser = page[page.index('id="games"'):page.index("</nav>", page.index('id="games"'))]
    for other in ANALYZED:
        title = html.escape(game(other).title)
        if other == name:
            assert f'<strong aria-current="page">{title}</strong>' in chooser
        else:
            assert f'<a href="{_url(other)}">{title}</a>' in chooser
    missing = [g.title for g in GAMES if g.name not in ANALYZED]
    assert all(t not in chooser for t in missing)


def test_a_game_without_an_analysis_is_not_found(client: FlaskClient) -> None:
    for name in [g.name for g in GAMES if g.name not in ANALYZED] + ["nope"]:
        assert client.get(f"/analyze/{name}").status_code == 404


@pytest.mark.parametrize(("query", "problem"), [
    ({"sets": "9"}, "sets: 9 is not within 2–4"),
    ({"sets": "two"}, "sets: 'two' is not a whole number"),
    ({"hand": "[1, 2]"}, "Ah"),
])
def test_bad_options_are_refused_by_name(client: FlaskClient, query: dict[str, str],
                                         problem: str) -> None:
    q = {"hand": "Ah 2c 3d 4h 5h 6h 7c 8c 9c Js Qs Ks 2h 2d 9d", **query}
    if q["hand"].startswith("["):
        q["hand"] = "{" + q["hand"]  # not JSON
        problem = "not a valid JSON position"
    resp = client.get("/analyze/khanhoo", query_string=q)
    assert resp.status_code == 422
    assert problem in html.unescape(resp.get_data(as_text=True))


def test_a_choice_outside_its_list_is_refused(client: FlaskClient) -> None:
    resp = client.get("/analyze/qing", query_string={"hand": "2c 3c", "eye6": "nope"})
    assert resp.status_code == 422
    assert "eye6: &#39;nope&#39; is not one of" in resp.get_data(as_text=True)
