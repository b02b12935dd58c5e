"""Every game's table in Chromium: whole deals of Khanhoo, Qing Kanhu and Ming Kanhu played
by taps at a phone's size (390×844, scale 3, touch) and a laptop's (1366×768), checking at
EVERY decision that the middle of the table, the hand and every control that takes a legal
action are on the first screen and nothing is wider than it. With ``CHAN_SCREENSHOTS=1``
the pictures of docs/play.md are saved (``make screenshots``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from advisor.registry import game
from tests.service.test_play_browser import ARGS, CHROMIUM, DOCS, SCREENSHOTS, base_url  # noqa: F401

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium")

SIZES = {"phone": (390, 844, True), "laptop": (1366, 768, False)}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def _page(browser: Browser, size: str) -> Page:
    width, height, mobile = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=3 if mobile else 1, is_mobile=mobile,
                                  has_touch=mobile, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(90_000)  # a wait, not a measure: a busy machine is slow
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def _wait(page: Page) -> None:
    page.locator("body:not(.busy)").wait_for()


def _on_first_screen(page: Page, height: int, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), where
    assert page.evaluate("window.scrollY") == 0, where
    boxes = [("#mid", page.locator("#mid").bounding_box()),
             ("#hand", page.locator("#hand").bounding_box())]
    controls = page.locator("[data-action]")
    for i in range(controls.count()):
        boxes.append((controls.nth(i).get_attribute("data-action") or "",
                      controls.nth(i).bounding_box()))
    for name, box in boxes:
        assert box is not None, (where, name)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (where, name, box)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("name", "seed"), [("khanhoo", 4), ("qing", 3), ("ming", 2)])
def test_a_whole_deal_every_decision_on_the_first_screen(
        browser: Browser, base_url: str, name: str, seed: int,  # noqa: F811
        size: str, tmp_path: Path) -> None:
    height = SIZES[size][1]
    page = _page(browser, size)
    page.goto(f"{base_url}/play/{name}?seed={seed}")
    assert not page.is_visible("#hint") and not page.is_visible("#leave")  # before a deal
    assert not page.is_visible("#log")
    with page.expect_response(lambda r: f"/v1/play/{name}" in r.url):
        page.click("#deal")
    _wait(page)
    assert page.evaluate("table.practice") and page.is_visible("#practice")
    assert page.is_visible("#key-warning")
    decisions = 0
    hinted = False
    while not page.evaluate("table.over"):
        assert decisions < 200
        _on_first_screen(page, height, f"{name} {size} decision {decisions}")
        if not hinted:
            with page.expect_response(lambda r: "/hint" in r.url):
                page.click("#hint")
            _wait(page)
            assert page.is_visible("#ranking")
            # the hint is read beside the decision: nothing of it moved
            _on_first_screen(page, height, f"{name} {size} hint")
            assert page.locator("#ranking tr").count() == page.evaluate("table.legal.length") + 1
            assert page.locator("#hand .hinted, #actions .hinted").count() >= 1 or \
                page.locator("#actions .more").count()
            legend = page.inner_text("#hint-legend")
            assert "95%" in legend and "Expected" in legend
            if size == "phone" and SCREENSHOTS:
                page.screenshot(path=str(DOCS / f"play-{name}-phone.png"))
            if size == "laptop" and SCREENSHOTS:
                page.screenshot(path=str(DOCS / f"play-{name}-laptop.png"))
            hinted = True
        control = page.locator("[data-action]").first
        with page.expect_response(lambda r: "/action" in r.url):
            control.click()
        _wait(page)
        decisions += 1
    assert page.is_visible("#result") and page.locator("#payments td").count() == \
        page.evaluate("table.players")
    assert page.locator("#hands .row").count() == page.evaluate("table.players")
    assert page.inner_text("#log").count("AI 1") >= 1
    with page.expect_download() as download:
        page.click("#record")
    path = tmp_path / "deal.json"
    download.value.save_as(path)
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert game(name).replay(rec).valid
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_leave_resume_stale_hint_and_seeds(browser: Browser, base_url: str) -> None:  # noqa: F811
    page = _page(browser, "phone")
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/play/qing?seed=%C2%B2")  # not a practice seed: refused in words
    assert "not a practice seed" in page.inner_text("#refused")
    assert not page.is_visible("#practice")
    with page.expect_response(lambda r: "/v1/play/qing" in r.url):
        page.click("#deal")
    _wait(page)
    assert page.evaluate("table.practice") is False
    version = page.evaluate("table.version")
    page.reload()  # the table lives on the server: a reload resumes it
    page.wait_for_selector("[data-action]")
    assert page.evaluate("table.version") == version
    # another tab plays on: this tab's hint is for a decision gone, and it refreshes
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector("[data-action]")
    with other.expect_response(lambda r: "/action" in r.url):
        other.locator("[data-action]").first.click()
    other.locator("body:not(.busy)").wait_for()
    with page.expect_response(lambda r: "/hint" in r.url):
        page.click("#hint")
    _wait(page)
    assert "another tab" in page.inner_text("#error")
    assert page.evaluate("table.version") == other.evaluate("table.version")
    other.close()
    page.click("#leave")  # on a phone: the table goes, the setup comes
    assert page.is_visible("#setup") and not page.is_visible("#game")
    assert page.evaluate("localStorage.length") == 0
    big = str(2**53 + 1)
    page.goto(f"{base_url}/play/ming?seed={big}")
    assert page.inner_text("#practice-seed") == big
    with page.expect_response(lambda r: "/v1/play/ming" in r.url):
        page.click("#deal")
    _wait(page)
    assert page.evaluate("table.practice")
    page.context.close()


def _hint_readable(page: Page, width: int, height: int, where: str) -> None:
    """The hint opened where it can be read: its ranking starts on the screen, is no wider
    than the screen, and the page did not move."""
    assert page.evaluate("window.scrollY") == 0, where
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), where
    box = page.locator("#hint-out").bounding_box()
    assert box is not None and box["y"] + 80 <= height, (where, box)
    ranking = page.locator("#ranking").bounding_box()
    assert ranking is not None and ranking["x"] >= 0 and ranking["x"] + ranking["width"] <= width, \
        (where, ranking)
    assert page.evaluate("document.getElementById('ranking').scrollWidth "
                         "<= document.getElementById('hint-out').clientWidth"), where


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("seed", [54, 10])
def test_chan_a_whole_deal_every_decision_on_the_first_screen(
        browser: Browser, base_url: str, seed: int, size: str,  # noqa: F811
        tmp_path: Path) -> None:
    """Chắn at the table that holds a whole deal: practice deal 54 pushed decisions 3 and
    10 below the fold on a laptop, and a phone stacked a discard's 8–12 buttons."""
    width, height, _ = SIZES[size]
    page = _page(browser, size)
    page.goto(f"{base_url}/play/chan?seed={seed}")
    for stray in ("#hint", "#leave", "#log"):
        assert not page.is_visible(stray), stray
    with page.expect_response(lambda r: "/v1/play" in r.url):
        page.click("#deal")
    _wait(page)
    assert page.evaluate("table.practice") and page.is_visible("#practice")
    assert page.is_visible("#key-warning")
    decisions = 0
    hinted: set[str] = set()
    while not page.evaluate("table.over"):
        assert decisions < 200
        where = f"chan {seed} {size} decision {decisions}"
        _on_first_screen(page, height, where)
        legal = [e["action"] for e in page.evaluate("table.legal")]
        assert page.locator("[data-action]").count() == len(legal), where
        kind = "discard" if any(a["do"] == "discard" for a in legal) else "offer"
        if kind not in hinted:
            with page.expect_response(lambda r: "/hint" in r.url):
                page.click("#hint")
            _wait(page)
            _on_first_screen(page, height, f"{where} with its hint")
            _hint_readable(page, width, height, where)
            assert page.locator("#ranking tr").count() == len(legal) + 1
            assert page.locator("[data-action].hinted").count() == 1, where
            best = json.loads(page.locator("[data-action].hinted").get_attribute("data-action")
                              or "{}")
            if best.get("do") in ("discard", "eat"):  # the card itself is ringed in the hand
                assert page.locator("#hand .card.hinted").count() == 1, where
                ringed = page.locator("#hand .card.hinted").get_attribute("data-card")
                assert ringed == best.get("card" if best["do"] == "discard" else "with")
            if SCREENSHOTS and seed == 54 and kind == "discard":
                page.screenshot(path=str(DOCS / f"play-chan-{size}.png"))
            hinted.add(kind)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # read the log
        control = page.locator("[data-action]").first
        with page.expect_response(lambda r: "/action" in r.url):
            control.click()
        _wait(page)
        decisions += 1
    assert hinted == {"discard", "offer"}
    result = page.locator("#result")
    assert result.is_visible()
    box = result.bounding_box()
    assert box is not None and box["y"] < height  # brought into view
    assert page.locator("#payments td").count() == 4
    assert page.locator("#hands .row").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    with page.expect_download() as download:
        page.click("#record")
    path = tmp_path / "deal.json"
    download.value.save_as(path)
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["practice"] == {"seed": seed} and game("chan").replay(rec).valid
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_cards_are_readable_without_a_chinese_font(browser: Browser, base_url: str) -> None:  # noqa: F811
    """Without a CJK font (a fresh machine's headless Chromium) a Chinese character is an
    empty box: the cards then show their Latin marks only — rank or code, and the suit."""
    page = _page(browser, "laptop")
    page.goto(f"{base_url}/play/qing?seed=3")
    with page.expect_response(lambda r: "/v1/play/qing" in r.url):
        page.click("#deal")
    _wait(page)
    cjk = page.evaluate("CJK")
    texts = page.locator("#game .card").all_inner_texts()
    assert texts and all(t.split() for t in texts)
    han = [t for t in texts if any("\u3400" <= ch <= "\u9fff" for ch in t)]
    if cjk:
        assert han  # the Chinese names shown where they can be drawn
    else:
        assert han == [], han
    for t in texts:  # a Latin mark on every card: a rank, a code or ½
        assert any((ch.isascii() and ch.isalnum()) or ch == "½" for ch in t.split()[0]), t
    page.context.close()


@pytest.mark.parametrize(("name", "seed"), [("chan", 10), ("khanhoo", 4)])
def test_review_this_deal(browser: Browser, base_url: str, name: str,  # noqa: F811
                          seed: int) -> None:
    """At the end of a deal, "Review this deal" shows the review of the player's seat:
    its summary, the chart (the review page's SVG, as an image) and every decision, the
    same as the review endpoint says; a review the server refuses is said in words."""
    page = _page(browser, "laptop")
    page.goto(f"{base_url}/play/{name}?seed={seed}")
    with page.expect_response(lambda r: "/v1/play" in r.url):
        page.click("#deal")
    _wait(page)
    assert not page.is_visible("#review-deal")  # only once the deal is over
    decisions = 0
    while not page.evaluate("table.over"):
        assert decisions < 200
        with page.expect_response(lambda r: "/action" in r.url):
            page.locator("[data-action]").first.click()
        _wait(page)
        decisions += 1
    with page.expect_response(lambda r: r.url.endswith("/review")) as answer:
        page.click("#review-deal")
    _wait(page)
    review = answer.value.json()
    assert answer.value.status == 200 and review["seats"] == [0]
    assert page.is_visible("#review") and not page.is_visible("#error")
    reviewed = review["summary"]["0"]["decisions"]
    assert reviewed == len(review["decisions"]) >= 1
    summary = page.inner_text("#review-summary")
    assert summary.startswith(f"{reviewed} decision") and "accuracy" in summary
    assert page.locator("#review-decisions li").count() == reviewed
    assert review["decisions"][0]["why"] in page.inner_text("#review-decisions")
    chart = page.locator("#review-chart")
    assert chart.is_visible()
    assert page.evaluate("document.querySelector('#review-chart').naturalWidth") > 0  # drawn
    assert (chart.get_attribute("src") or "").startswith("data:image/svg+xml")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # too long for the server's review budget: said in words, with what to do instead
    page.route("**/review", lambda route: route.fulfill(
        status=413, content_type="application/problem+json",
        body=json.dumps({"type": "/problems/review-too-long", "status": 413,
                         "title": "Review too long", "detail": "12 decisions × 100 ms"})))
    with page.expect_response(lambda r: r.url.endswith("/review")):
        page.click("#review-deal")
    _wait(page)
    said = page.inner_text("#error")
    assert "more decisions than this server reviews" in said
    assert f"advisor {name} review" in said
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
