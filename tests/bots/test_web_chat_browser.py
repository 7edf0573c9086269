"""The web chat in a real headless Chromium (Debian's, driven by Playwright): ask on a phone-width
screen with the keyboard, see the answer with an issue link, give 👎 with a comment, and read the
feedback back from the store."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from playwright.sync_api import sync_playwright

from tests.bots.web_env import KEY, OWNER, RAW, jirakg_server

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps dialling Google on this closed network.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not shutil.which("chromium"):
        pytest.fail("chromium is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def test_ask_see_a_link_and_leave_a_comment(tmp_path, browser) -> None:
    with jirakg_server(tmp_path) as (url, settings):
        page = browser.new_page(viewport={"width": 375, "height": 740})
        page.goto(url)
        page.keyboard.type(f"Who owns {KEY}?")  # the question box has the focus on load
        page.keyboard.press("Enter")
        answer = page.locator(".turn .answer").first
        answer.wait_for()
        assert OWNER in answer.inner_text()
        link = answer.locator("a", has_text=KEY)
        assert link.get_attribute("href").endswith(f"/browse/{KEY}")
        page.locator(".turn .down").first.focus()
        page.keyboard.press("Enter")
        comment = page.locator(".turn .comment textarea").first
        comment.wait_for()
        assert page.evaluate("document.activeElement.tagName") == "TEXTAREA"  # focus moved to the comment
        page.keyboard.type("The owner changed last week.")
        page.locator(".turn .comment button").first.click()
        page.locator(".turn .note", has_text="Thanks for the comment.").wait_for()
        page.locator(".turn .explain").first.click()
        assert "metadata" in page.locator(".turn .plan").first.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375  # no sideways scrolling on a phone
        page.keyboard.press("Tab")
        page.locator("#question").fill("what is its status?")
        page.locator("#question").press("Enter")
        page.locator(".turn .answer").nth(1).wait_for()
        assert RAW[KEY]["fields"]["status"]["name"] in page.locator(".turn .answer").nth(1).inner_text()
        page.reload()  # the tab's conversation comes back, links and all
        page.locator(".turn").nth(1).wait_for()
        assert page.locator(".turn .answer a", has_text=KEY).first.get_attribute("href").endswith(f"/browse/{KEY}")
        with page.context.expect_page() as opened:  # the link opens the issue in a new tab
            page.locator(".turn .answer a", has_text=KEY).first.click()
        issue_page = opened.value
        issue_page.wait_for_load_state()
        assert RAW[KEY]["fields"]["summary"] in issue_page.locator("h1").inner_text()
        page.close()
    # Read straight from the table: Playwright's sync API holds this thread's event loop.
    with sqlite3.connect(settings.feedback.sqlite_path) as db:
        rows = db.execute("SELECT t.question, f.rating, f.comment, f.channel FROM feedback f "
                          "JOIN turns t ON t.turn_id = f.turn_id").fetchall()
    assert rows == [(f"Who owns {KEY}?", "down", "The owner changed last week.", "api")]
