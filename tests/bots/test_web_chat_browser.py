"""The web chat in a real headless Chromium (Debian's, driven by Playwright), at desktop and phone (390x844)
sizes: the empty state's examples, one request per question, errors as alerts with a retry, the question
box kept in view, ratings kept over a reload, list tables with "view all in Jira", readable JQL with the raw
JQL one click away, dark mode, and the API-token box only when tokens are configured. Each screenshot is
taken by the test and checked (its size, and what the page showed when it was taken)."""

from __future__ import annotations

import re
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, sync_playwright

from tests.bots.web_env import KEY, OWNER, RAW, jirakg_server

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps dialling Google on this closed network.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
OPEN_IN_PROJ = sum(1 for i in RAW.values()
                   if i["fields"]["project"]["key"] == "PROJ" and i["fields"]["resolution"] is None)


@pytest.fixture(scope="module")
def browser():
    if not shutil.which("chromium"):
        pytest.fail("chromium is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with jirakg_server(tmp_path_factory.mktemp("web")) as (url, settings):
        yield url, settings


def open_page(browser, url: str, size: dict, **context) -> Page:
    page = browser.new_context(viewport=size, **context).new_page()
    page.goto(url)
    return page


def screenshot(page: Page, path: Path) -> None:
    """A full-viewport screenshot, checked to be the size of the viewport it claims to show."""
    page.screenshot(path=path)
    width, height = struct.unpack(">II", path.read_bytes()[16:24])  # the PNG's IHDR
    assert (width, height) == (page.viewport_size["width"], page.viewport_size["height"])


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] \
        and box["y"] + box["height"] <= size["height"]


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@SIZES
def test_empty_state_examples_answer_with_one_click(browser, server, size, tmp_path) -> None:
    url, _ = server
    page = open_page(browser, url, size)
    examples = page.locator("#examples button")
    examples.first.wait_for()
    assert examples.count() >= 4 and page.locator("#empty").is_visible()
    assert page.locator("#token-form").is_hidden()  # no tokens configured: no token box
    assert in_view(page, "#question") and no_sideways_scroll(page)
    screenshot(page, tmp_path / "empty.png")
    asked = next(t for t in examples.all_inner_texts() if t.startswith("Who is the assignee of "))
    owned = asked.removeprefix("Who is the assignee of ").removesuffix("?")
    examples.filter(has_text=asked).click()
    answer = page.locator(".turn .answer").first
    answer.wait_for()
    assert page.locator(".turn .question").first.inner_text() == asked
    assert RAW[owned]["fields"]["assignee"]["displayName"] in answer.inner_text()
    assert page.locator("#empty").is_hidden()
    screenshot(page, tmp_path / "answered.png")
    page.context.close()


def test_one_request_per_question_while_in_flight(browser, server) -> None:
    url, _ = server
    page = open_page(browser, url, PHONE)
    held: list[Route] = []
    page.route("**/api/v1/ask", lambda route: held.append(route))  # the request waits until the test lets it go
    page.locator("#question").fill(f"Who owns {KEY}?")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('question').disabled")
    assert page.locator("#send").is_disabled() and page.locator("#status").inner_text() == "Thinking…"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.locator("#send").click(force=True)  # a disabled button: the click does nothing
    page.locator("#examples button").first.click()  # nor does an example while a question is in flight
    assert len(held) == 1
    held[0].continue_()
    page.locator(".turn .answer").first.wait_for()
    assert page.locator(".turn").count() == 1 and len(held) == 1
    assert page.locator("#question").is_enabled() and page.evaluate("document.activeElement.id") == "question"
    page.context.close()


@SIZES
def test_errors_are_alerts_with_a_retry(browser, server, size, tmp_path) -> None:
    url, _ = server
    page = open_page(browser, url, size)
    # One route for the whole test, its answer switched in place: routes swapped between requests could let a
    # request through to the real server before the new one is in force
    failure = ["unreachable"]
    page.route("**/api/v1/ask", lambda route: route.abort("connectionrefused") if failure[0] == "unreachable"
               else route.fulfill(status=500, body="<html>oops</html>") if failure[0] == "500"
               else route.continue_())
    page.locator("#question").fill(f"Who owns {KEY}?")
    page.keyboard.press("Enter")
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "could not be reached" in alert.inner_text() and "Failed to fetch" not in alert.inner_text()
    assert page.evaluate("document.activeElement.className") == "retry"  # the keyboard is on the retry
    screenshot(page, tmp_path / "unreachable.png")
    failure[0] = "500"
    page.keyboard.press("Enter")  # Retry, from the keyboard
    page.locator(".failed .message", has_text="HTTP 500").wait_for()
    assert page.locator(".failed").count() == 1  # the retried question replaced its failed turn
    failure[0] = ""
    page.locator(".failed .retry").click()
    page.locator(".turn:not(.failed) .answer").first.wait_for()
    assert OWNER in page.locator(".turn .answer").first.inner_text() and page.locator(".failed").count() == 0
    assert no_sideways_scroll(page)
    page.context.close()


def test_question_box_stays_in_view_in_a_long_conversation(browser, server, tmp_path) -> None:
    url, _ = server
    page = open_page(browser, url, PHONE)
    for n in range(4):
        page.locator("#question").fill("open issues in PROJ")
        page.keyboard.press("Enter")
        page.locator(".turn .answer").nth(n).wait_for()
    assert page.evaluate("document.documentElement.scrollHeight") > 3 * PHONE["height"]
    for where in ("0", "document.documentElement.scrollHeight / 2", "document.documentElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {where})")
        assert in_view(page, "#question") and in_view(page, "#send"), where
    assert no_sideways_scroll(page)
    screenshot(page, tmp_path / "long.png")
    page.context.close()


@SIZES
def test_a_cut_list_is_a_table_once_with_all_of_it_in_jira(browser, server, size, tmp_path) -> None:
    url, settings = server
    assert OPEN_IN_PROJ > 10
    page = open_page(browser, url, size)
    page.locator("#question").fill("open issues in PROJ")
    page.keyboard.press("Enter")
    turn = page.locator(".turn").first
    turn.locator(".answer").wait_for()
    rows = turn.locator(".rows tbody tr")
    assert rows.count() == 10 and turn.locator(".rows").is_visible()
    keys = [r.split("\t")[0] for r in rows.all_inner_texts()]
    text = turn.locator(".answer").inner_text()
    assert text.startswith(f"{OPEN_IN_PROJ} issues match") and not set(keys) & set(re.findall(r"[A-Z]+-\d+", text))
    # listed once: in the table, not also in the text
    assert "more." not in text
    view_all = turn.locator(".view-all a")
    assert view_all.inner_text() == f"View all {OPEN_IN_PROJ} in Jira"
    href = view_all.get_attribute("href")
    assert href.startswith(str(settings.jira.url).rstrip("/") + "/issues/?jql=")  # the Jira the answer came from
    assert turn.locator(".rows tbody tr a").first.get_attribute("href").endswith(f"/browse/{keys[0]}")
    assert no_sideways_scroll(page)
    screenshot(page, tmp_path / "table.png")
    with page.context.expect_page() as opened:  # the link runs the answer's JQL in the Jira it came from
        view_all.click()
    navigator = opened.value
    navigator.wait_for_load_state()
    assert navigator.locator("h1").inner_text() == f"{OPEN_IN_PROJ} issues"
    page.reload()  # a reloaded conversation shows the same table and link
    page.locator(".turn .rows tbody tr").first.wait_for()
    assert page.locator(".turn .rows tbody tr").count() == 10
    assert page.locator(".turn .view-all a").get_attribute("href") == href
    page.context.close()


def test_readable_jql_with_the_raw_jql_one_click_away(browser, server) -> None:
    url, _ = server
    person = RAW[KEY]["fields"]["assignee"]
    page = open_page(browser, url, DESKTOP)
    page.locator("#question").fill(f"How many open issues does {person['displayName']} have?")
    page.keyboard.press("Enter")
    turn = page.locator(".turn").first
    turn.locator(".answer").wait_for()
    assert f'assignee = "{person["displayName"]}"' in turn.locator(".answer").inner_text()
    assert person["accountId"] not in turn.locator(".answer").inner_text()
    plan = turn.locator(".plan")
    assert plan.is_hidden()
    turn.locator(".explain summary").focus()
    page.keyboard.press("Enter")  # a details/summary: the keyboard opens it too
    assert plan.is_visible() and person["accountId"] in plan.inner_text()
    page.context.close()


def test_dark_mode_follows_the_system(browser, server, tmp_path) -> None:
    url, _ = server
    page = open_page(browser, url, PHONE, color_scheme="dark")
    page.locator("#examples button").first.wait_for()
    page.locator("#examples button").first.click()
    page.locator(".turn .answer").first.wait_for()

    def luminance(selector: str, prop: str) -> float:
        rgb = page.evaluate(f"getComputedStyle(document.querySelector('{selector}')).{prop}")
        r, g, b = (int(v) for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
    assert luminance("body", "backgroundColor") < 0.15 and luminance("body", "color") > 0.75
    assert luminance(".turn", "backgroundColor") < 0.2 and luminance("#question", "backgroundColor") < 0.2
    assert luminance(".turn .answer a", "color") > 0.5  # links readable on the dark card
    screenshot(page, tmp_path / "dark.png")
    page.context.close()


def test_ask_rate_and_reload_keeps_everything(browser, server) -> None:
    url, settings = server
    page = open_page(browser, url, {"width": 375, "height": 740})
    page.keyboard.type(f"Who owns {KEY}?")  # the question box has the focus on load
    page.keyboard.press("Enter")
    answer = page.locator(".turn .answer").first
    answer.wait_for()
    assert OWNER in answer.inner_text()
    assert answer.locator("a", has_text=KEY).get_attribute("href").endswith(f"/browse/{KEY}")
    page.locator(".turn .down").first.focus()
    page.keyboard.press("Enter")
    comment = page.locator(".turn .comment textarea").first
    comment.wait_for()
    assert page.evaluate("document.activeElement.tagName") == "TEXTAREA"  # focus moved to the comment
    page.keyboard.type("The owner changed last week.")
    page.locator(".turn .comment button").first.click()
    page.locator(".turn .note", has_text="Thanks for the comment.").wait_for()
    page.locator("#question").fill("what is its status?")
    page.locator("#question").press("Enter")
    page.locator(".turn .answer").nth(1).wait_for()
    assert RAW[KEY]["fields"]["status"]["name"] in page.locator(".turn .answer").nth(1).inner_text()
    page.locator(".turn .up").nth(1).click()
    page.locator(".turn .note", has_text="Thanks for the feedback.").wait_for()
    page.reload()  # the tab's conversation comes back: links, and each answer's rating
    page.locator(".turn").nth(1).wait_for()
    assert page.locator(".turn .down").first.get_attribute("aria-pressed") == "true"
    assert page.locator(".turn .up").first.get_attribute("aria-pressed") == "false"
    assert page.locator(".turn .up").nth(1).get_attribute("aria-pressed") == "true"
    assert page.locator("#empty").is_hidden()
    with page.context.expect_page() as opened:  # the link opens the issue in a new tab
        page.locator(".turn .answer a", has_text=KEY).first.click()
    issue_page = opened.value
    issue_page.wait_for_load_state()
    assert RAW[KEY]["fields"]["summary"] in issue_page.locator("h1").inner_text()
    page.context.close()
    # Read straight from the table: Playwright's sync API holds this thread's event loop.
    with sqlite3.connect(settings.feedback.sqlite_path) as db:
        rows = db.execute("SELECT t.question, f.rating, f.comment, f.channel FROM feedback f "
                          "JOIN turns t ON t.turn_id = f.turn_id WHERE f.comment IS NOT NULL").fetchall()
    assert rows == [(f"Who owns {KEY}?", "down", "The owner changed last week.", "api")]


def test_token_box_only_when_tokens_are_configured(browser, tmp_path) -> None:
    with jirakg_server(tmp_path, web={"api_tokens": ["s3cret"]}) as (url, _):
        page = open_page(browser, url, PHONE)
        token_form = page.locator("#token-form")
        token_form.wait_for()  # the examples were refused without a token: the box is offered
        assert in_view(page, "#token") and in_view(page, "#question")
        page.locator("#token").fill("s3cret")
        page.keyboard.press("Enter")
        page.locator("#examples button").first.wait_for()  # with the token, the examples come
        assert token_form.is_hidden()
        page.context.close()
