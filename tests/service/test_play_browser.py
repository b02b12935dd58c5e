"""End to end in a real browser: the system's Chromium, driven by Playwright, against the
app served on loopback by a real server thread. A whole deal of Chắn is played by clicks
on the one table page (``/play/chan``: service/templates/table.html, static/table.js), its
record downloaded and replayed; the analysis page is used as a person would.

The browser is Debian's ``/usr/bin/chromium`` (``.ci/run`` installs it); no browser is
ever downloaded. With ``CHAN_SCREENSHOTS=1`` the tests also save the pictures shown in
the README (``docs/play.png``, ``docs/analyze.png``): ``make screenshots``.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, Page, expect, sync_playwright
from werkzeug.serving import make_server

from advisor.chan.faces import GAME as CHAN
from advisor.cli import main as cli
from service import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DOCS = Path(__file__).resolve().parents[2] / "docs"
SCREENSHOTS = bool(os.environ.get("CHAN_SCREENSHOTS"))
SHEET_HAND = "2v 2v 4v 4v 5s 5s 6m 6m 9m 9m 2s 2m 4s 4m 3v 3s 7m 7m 8v"

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"no Chromium at {CHROMIUM} (Debian package 'chromium'; .ci/run installs it)")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("play") / "play.sqlite3"
    app = create_app({"PLAY_DB": str(db)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 900},
                                  accept_downloads=True)
    pg = context.new_page()
    errors: list[str] = []
    elsewhere: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    # anything the security policy refuses (an inline script or style, a foreign asset)
    pg.on("console", lambda msg: errors.append(msg.text)
          if "Content Security Policy" in msg.text or "Refused to" in msg.text else None)
    pg.on("request", lambda req: None if req.url.startswith((base_url, "data:"))
          else elsewhere.append(req.url))
    pg.set_default_timeout(90_000)  # a wait, not a measure: a busy machine is slow
    yield pg
    context.close()
    assert errors == [], "script errors on the page"
    assert elsewhere == [], "the page fetched something from elsewhere"


def _click(page: Page, selector: str) -> None:
    """Click a button that talks to the server and wait for its answer to be drawn."""
    with page.expect_response(lambda r: "/v1/play" in r.url):
        page.click(selector)
    page.locator("body:not(.busy)").wait_for()  # no script string: the page's CSP forbids eval


def test_a_whole_deal_by_clicks(page: Page, base_url: str, tmp_path: Path) -> None:
    page.goto(f"{base_url}/play/chan?seed=10")  # 13 decisions; AI 1 wins
    _click(page, "#deal")
    assert page.locator("#hand .card").count() >= 1
    assert "Cái" in page.inner_text("#seats")  # the dealer is marked
    clicks = 0
    hinted = reloaded = refused = False
    while not page.is_visible("#result"):
        assert clicks < 300, "the deal does not end"
        # every legal action is one control (a discard: its card in the hand); forced
        # ones are played
        buttons = page.locator("[data-action]")
        assert buttons.count() == page.evaluate("table.legal.length") >= 2
        if not hinted:
            _click(page, "#hint")
            assert page.locator("#ranking tr").count() == buttons.count() + 1
            assert page.locator("[data-action].hinted").count() == 1
            # every chance comes with the range it is 95% sure of, or says it is certain
            ranking = page.inner_text("#ranking")
            assert re.search(r"\d+% \((\d+–\d+|±<1)\)", ranking) or "(certain)" in ranking
            assert not re.search(r"\(\d+%–", ranking), ranking  # not "28% (28%–29%)"
            # the advisor's sentence names cards as the buttons do, not by code
            said = page.inner_text("#hint-out p >> nth=0")
            assert not re.search(r"\b([2-9][vsm]|cc)\b", said), said
            # the advisor's notes (e.g. playouts that prefer another action) are shown
            # with the ranking, as the CLI prints them
            page.evaluate("""() => showHint({explanation: "e", actions: [], best: null,
                notes: ["the playouts prefer discard 6v"], method: "model+playouts",
                work: {unit: "worlds", done: 38, asked: 38}, ms: 1})""")
            assert "Note: the playouts prefer discard Lục Vạn" in page.inner_text("#hint-out")
            hinted = True
        illegal = page.locator("#hand button.card:not(.legal)")
        if not refused and illegal.count():
            # A card the rules forbid: the server says which rule, and nothing changes.
            version = page.evaluate("table.version")
            _click(page, "#hand button.card:not(.legal) >> nth=0")
            assert page.is_visible("#error")
            assert page.inner_text("#error .rule").startswith("Not allowed (rule R")
            said = page.inner_text("#error")
            rule = said.split("rule ")[1].split(")")[0]
            assert said.count(rule) == 1, said  # the rule named once, in words

            assert page.evaluate("table.version") == version
            refused = True
        if clicks == 5 and not reloaded:
            if SCREENSHOTS:
                _click(page, "#hint")
                page.screenshot(path=str(DOCS / "play.png"), full_page=True)
            version = page.evaluate("table.version")
            page.reload()  # the table lives on the server: a reload resumes it
            page.wait_for_selector("[data-action]")
            assert page.evaluate("table.version") == version
            reloaded = True
        _click(page, "[data-action] >> nth=0")
        clicks += 1
    assert hinted and refused and reloaded
    expect(page.locator("#result")).to_be_in_viewport()  # brought into view at the end
    result = page.inner_text("#result")
    assert "point" in result or "Draw" in result
    assert page.locator("#payments td").count() == 4
    # every seat's hand at the end; the winner's 20 cards by group; each bonus in words
    assert page.locator("#hands .row").count() == 4
    assert page.locator("#winning-hand .card").count() == 20  # AI 1 wins this deal
    because = page.locator("#explained td.dim").all_inner_texts()
    assert because and all(len(text) > 10 for text in because), because
    assert "AI 1" in page.inner_text("#log")
    with page.expect_download() as download:
        page.click("#record")
    path = tmp_path / "deal.json"
    download.value.save_as(path)
    rec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert rec["format"] == CHAN.record_format and CHAN.replay(rec).valid
    assert rec["practice"] == {"seed": 10}  # dealt from /play?seed=10, and it says so
    run = CliRunner().invoke(cli, ["chan", "replay", str(path)])
    assert run.exit_code == 0, run.output


@pytest.mark.parametrize(("width", "height", "mobile"), [(390, 844, True), (1366, 768, False)])
def test_a_decision_is_on_the_first_screen(browser: Browser, base_url: str, width: int,
                                           height: int, mobile: bool) -> None:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=2 if mobile else 1, is_mobile=mobile,
                                  has_touch=mobile)
    page = context.new_page()
    page.goto(f"{base_url}/play/chan?seed=5")  # the practice label takes room too
    with page.expect_response(lambda r: "/v1/play" in r.url):
        page.click("#deal")
    page.wait_for_selector("#hand .card")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate("window.scrollY") == 0
    # the player's hand, the card on offer and the actions, without scrolling
    for selector in ("#hand", "#mid .card", "[data-action]"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] >= 0, selector
        assert box["y"] + box["height"] <= height, (selector, box)
    # on the felt or not, the words around the card on offer are readable (not white
    # on the page's light background)
    mid = page.locator("#mid")
    assert mid.evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)" \
        or mid.evaluate("e => getComputedStyle(e.parentElement).display") != "contents"
    context.close()


def test_the_pages_run_under_their_security_policy(page: Page, base_url: str) -> None:
    for path in ("/play/chan?seed=3", "/play", "/play/ming", "/analyze", "/docs"):
        response = page.goto(f"{base_url}{path}")
        assert response is not None
        headers = response.all_headers()
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        page.wait_for_load_state("load")
    # the API page's styles come from its own stylesheet, so the policy keeps them
    assert page.evaluate("getComputedStyle(document.body).maxWidth") == "960px"


def test_a_stale_tab_refreshes_itself_and_a_dead_server_is_said_in_words(
        page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play/chan?seed=10")
    _click(page, "#deal")
    other = page.context.new_page()  # the same browser: it resumes the same table
    other.goto(f"{base_url}/play/chan")
    other.wait_for_selector("[data-action]")
    _click(page, "[data-action] >> nth=0")  # the first tab plays on
    version = page.evaluate("table.version")
    _click(other, "[data-action] >> nth=0")  # the second chose on the old table
    assert "played on in another tab" in other.inner_text("#error")
    assert other.evaluate("table.version") == version  # it shows the deal as it is now
    other.close()
    page.route("**/v1/play/**", lambda route: route.abort())  # the server is gone
    page.click("[data-action] >> nth=0")
    page.wait_for_selector("#error:not([hidden])")
    said = page.inner_text("#error")
    assert "cannot be reached" in said and "TypeError" not in said


def test_leave_a_deal_and_a_practice_seed_is_dealt_once(page: Page, base_url: str) -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/play/chan?seed=10")
    _click(page, "#deal")
    assert page.is_visible("#practice") and "seed" not in page.url  # dealt, and dropped
    practice_hand = page.inner_text("#hand")
    page.click("#leave")  # in the middle of the deal
    assert page.is_visible("#setup") and not page.is_visible("#game")
    assert page.evaluate("localStorage.length") == 0
    _click(page, "#deal")  # a new deal: no longer the practice one
    assert not page.is_visible("#practice")
    assert page.evaluate("table.practice") is False
    assert page.inner_text("#hand") != practice_hand
    # asking for a practice deal does not silently resume the deal in progress
    page.goto(f"{base_url}/play/chan?seed=5")
    page.wait_for_load_state("load")
    assert page.is_visible("#setup") and not page.is_visible("#game")


def test_the_opening_discard_by_a_click_readable_cards_and_a_chiu_named(
        page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play/chan?seed=2")  # you are the dealer: the opening discard is yours
    _click(page, "#deal")
    assert page.evaluate("table.view.phase") == "start"
    legal = page.locator("#hand button.card.legal")
    assert legal.count() >= 1 and "click a card" in page.inner_text("#you")
    version = page.evaluate("table.version")
    _click(page, "#hand button.card.legal >> nth=0")
    assert page.evaluate("table.version") == version + 1
    assert page.evaluate("table.log[0].action.do") == "discard"
    # the small cards of melds, discards and doors are readable at desktop size
    size = page.locator(".seat .card.small .nm").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 9
    # four of one card among a seat's melds is labelled a Chíu (the server names it:
    # tests/chan/test_browser.py), and the page shows the name
    page.evaluate("""() => { const t = structuredClone(table);
        t.table.seats[1][0].groups = [{label: "Chíu", cards: ["5v", "5v", "5v", "5v"]},
                                      ["6s", "6s"]]; render(t); }""")
    kinds = page.locator("#seat1 .meld .kind")
    assert kinds.count() == 1 and kinds.inner_text() == "Chíu"


def test_the_analysis_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/analyze")
    page.fill("#hand", SHEET_HAND)
    page.fill("#win", "8m")
    page.select_option("#by", "own_door")
    page.click("#go")
    page.wait_for_selector("#analysis")
    page.wait_for_load_state("load")  # the stylesheet too
    analysis = page.inner_text("#analysis")
    assert "20 cards · 6 Chắn · 4 Cạ" in analysis and "Discards, best first" in analysis
    assert "Win: 5 points" in page.inner_text("#score")
    red = page.locator("#analysis .c.red").first
    assert red.evaluate("e => getComputedStyle(e).color") == "rgb(192, 22, 27)"
    assert page.locator("#cards .card").count() == 20
    if SCREENSHOTS:
        page.screenshot(path=str(DOCS / "analyze.png"), full_page=True)
    page.fill("#hand", "2v 2v zz 4v")
    page.click("#go")
    page.wait_for_selector("#error")
    assert "zz" in page.inner_text("#error .token")


def test_a_busy_hint_is_said_in_words_and_asked_once_more(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play/chan?seed=10")
    _click(page, "#deal")
    asked: list[str] = []
    busy = {"status": 503, "headers": {"Retry-After": "1"},
            "content_type": "application/problem+json",
            "body": json.dumps({"type": "/problems/busy", "title": "Server busy",
                                "status": 503, "detail": "every slot of this worker …"})}

    def always_busy(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(**busy)

    page.route("**/v1/play/chan/*/hint?*", always_busy)
    page.click("#hint")
    page.wait_for_selector("#error:not([hidden])")
    assert "busy with other players" in page.inner_text("#error")  # while it waits
    page.locator("body:not(.busy)").wait_for()
    said = page.inner_text("#error")
    assert "still busy" in said and "every slot" not in said  # words, not the raw text
    assert len(asked) == 2  # asked once more by itself, then no more
    # Once the server has room, the hint is given after one busy answer.
    page.unroute("**/v1/play/chan/*/hint?*")
    first = [True]

    def busy_once(route: Any) -> None:
        if first:
            first.clear()
            route.fulfill(**busy)
        else:
            route.continue_()

    page.route("**/v1/play/chan/*/hint?*", busy_once)
    page.click("#hint")
    page.wait_for_selector("#ranking")
    assert page.locator("#error").is_hidden()


def test_on_a_phone_leave_removes_the_table_and_nothing_stray_shows_before_a_deal(
        browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  device_scale_factor=3, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/play/chan?seed=10")
    for stray in ("#hint", "#leave", "#log"):  # the phone's #game {display: flex}
        assert not page.is_visible(stray), stray
    _click(page, "#deal")
    assert "tap a card" in page.inner_text("#you") or page.locator(
        "#hand button.card.legal").count() == 0
    page.click("#leave")
    assert page.is_visible("#setup") and not page.is_visible("#game")
    assert not page.is_visible("[data-action]")
    context.close()


def test_the_hint_and_the_setup_in_words(page: Page, base_url: str) -> None:
    """The table's wording: a card named once, a chance's range without its sign repeated,
    the range and "expected" explained, the hint ringing the card in the hand, the AIs
    explained before a deal and New deal styled as a button."""
    page.goto(f"{base_url}/play/chan?seed=54")  # the dealer's turn is AI 3's; you eat first
    explained = page.inner_text("#ais-explained")
    assert "greedy" in explained and "advisor" in explained and "house" in explained
    styled = page.locator("#deal").evaluate("e => getComputedStyle(e).backgroundColor")
    assert styled == "rgb(47, 122, 77)", styled  # the green of every other button
    _click(page, "#deal")
    page.evaluate("""() => showHint({explanation: "Discard 7m (Thất Văn): 5 unpaired",
        actions: [{action: {do: "eat", with: table.view.hand[0]}, win: 0.28,
                   win_interval: [0.276, 0.293], win_se: 0.004, expected: 0.1, distance: 3,
                   waits: []},
                  {action: {do: "pass"}, win: 0.3, win_interval: [0.3, 0.3], win_se: 0.001,
                   expected: -0.1, distance: 3, waits: []}],
        best: {do: "eat", with: table.view.hand[0]}, notes: [], method: "model",
        work: {unit: "worlds", done: 0, asked: 0}, ms: 3})""")
    said = page.inner_text("#hint-out")
    assert "Discard Thất Văn: 5 unpaired" in said, said  # not "Thất Văn (Thất Văn)"
    ranking = page.inner_text("#ranking")
    assert "28% (28–29)" in ranking and "30% (±<1)" in ranking, ranking
    legend = page.inner_text("#hint-legend")
    assert "95%" in legend and "Expected: the points" in legend, legend
    # an eat is ringed on the card of the hand it is laid with, not only on a button
    ringed = page.locator("#hand .card.hinted")
    assert ringed.count() == 1
    assert ringed.get_attribute("data-card") == page.evaluate("table.view.hand[0]")
