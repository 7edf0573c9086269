"""The web chat in a real headless Chromium: a proposed change shows Confirm and Cancel; Confirm makes
it once (the buttons are then disabled) and says what was done, Cancel changes nothing. Checked in devjira."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.actions.test_actions_rest import served
from tests.bots.test_web_chat_browser import DESKTOP, browser, open_page  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


def test_confirm_and_cancel_buttons(browser, tmp_path) -> None:  # noqa: F811
    with served("cloud", tmp_path) as site:
        key = site.open_key('project = PROJ AND status = "To Do"')
        page = open_page(browser, site.url, DESKTOP)
        page.evaluate("sessionStorage.setItem('jirakg.token', 'member')")
        page.reload()

        def ask(text: str):
            before = page.locator("#log .turn").count()
            page.fill("#question", text)
            page.click("#send")
            expect(page.locator("#log .turn")).to_have_count(before + 1)
            return page.locator("#log .turn").last

        turn = ask(f"Move {key} to In Progress")
        assert "Status: To Do → In Progress" in turn.locator(".answer").inner_text()
        assert turn.locator(".proposal").is_visible() and site.writes.seen == []
        turn.locator(".confirm").click()
        expect(turn.locator(".outcome")).to_contain_text("Done:")
        assert turn.locator(".confirm").is_disabled() and turn.locator(".cancel").is_disabled()
        assert site.issue(key)["fields"]["status"]["name"] == "In Progress"

        turn = ask(f"comment on {key}: never sent")
        turn.locator(".cancel").click()
        expect(turn.locator(".outcome")).to_have_text("Cancelled; nothing was changed.")
        assert len(site.writes.seen) == 1
        assert "never sent" not in str(site.issue(key)["fields"]["comment"])
