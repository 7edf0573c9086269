"""The built Jira sidebar in a real headless Chromium. The test plays Jira's part of the Custom UI
bridge (`window.__bridge.callBridge`, which @forge/bridge calls): `invoke` is proxied to a real
`jirakg serve` with a freshly signed Forge invocation token, as Forge Remote does; `navigate` is
recorded; `enableTheming` sets Jira's dark theme tokens. The sidebar must answer with clickable
keys that open through the router, take a 👎 comment inline, show errors with a retry, send one
request per question, and draw with the theme's tokens."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from jirakg.bots.web.forge_token import FitVerifier
from tests.bots.forge_env import APP_ID, jwks_server, token
from tests.bots.test_web_chat_browser import browser  # noqa: F401  (the Chromium fixture)
from tests.bots.web_env import KEY, OWNER, call, feedback_rows, jirakg_server
from tests.integrations.forge_app import PANEL, built_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Jira's dark theme, as far as the sidebar uses it: the tokens are CSS custom properties on <html>.
DARK = {"--ds-surface": "#1D2125", "--ds-text": "#B6C2CF", "--ds-link": "#579DFF",
        "--ds-text-danger": "#FD9891", "--ds-border": "#A6C5E229"}
HOST = """
window.__bridge = { callBridge: async (command, payload) => {
  if (command === "enableTheming") {
    const style = document.createElement("style");
    style.textContent = "html[data-color-mode=dark] {" + TOKENS + "}";
    document.head.append(style);
    document.documentElement.dataset.colorMode = "dark";
    return;
  }
  return window.jiraHost(command, payload === undefined ? null : payload);
} };
""".replace("TOKENS", json.dumps("".join(f"{name}: {value};" for name, value in DARK.items())))


class Jira:
    """The host side: Forge Remote to jirakg (with a signed token) and the router."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.invoked: list[dict] = []
        self.navigated: list[dict] = []
        self.fail_next = False

    def __call__(self, command: str, payload: dict | None):
        if command == "navigate":
            self.navigated.append(payload or {})
            return None
        if command != "invoke":
            return None
        self.invoked.append(payload or {})
        if self.fail_next:
            self.fail_next = False
            return {"success": True, "payload": {"status": 503, "body": {"error": "Jira did not answer in time."}}}
        status, body, _ = call(self.url + payload["path"], payload["method"], payload["body"],
                               {"Authorization": f"Bearer {token()}"})
        return {"success": True, "payload": {"status": status, "body": body, "headers": {}}}


@pytest.fixture(scope="module")
def sidebar(tmp_path_factory) -> Path:
    return built_app(tmp_path_factory.mktemp("forge")) / PANEL / "build" / "index.html"


def rgb(hex_colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)))


def test_the_sidebar_answers_links_keys_and_takes_a_comment_inline(tmp_path, browser, sidebar: Path) -> None:  # noqa: F811
    with jwks_server() as jwks, jirakg_server(tmp_path, forge=FitVerifier(APP_ID, jwks)) as (url, settings):
        jira = Jira(url)
        page = browser.new_page(viewport={"width": 320, "height": 700})  # the sidebar's width
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.expose_function("jiraHost", jira)
        page.add_init_script(HOST)
        page.goto(sidebar.as_uri())

        # Jira's dark theme reaches the page through its tokens.
        page.wait_for_function("document.documentElement.dataset.colorMode === 'dark'")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == rgb(DARK["--ds-surface"])
        assert page.evaluate("getComputedStyle(document.body).color") == rgb(DARK["--ds-text"])

        # One request per question: Enter on a second question while the first is in flight sends nothing.
        # (Both in one script: the host answers a call as soon as this test waits on the page.)
        page.evaluate("""() => {
          const box = document.getElementById("question");
          const enter = () => box.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true}));
          box.value = "who owns this?"; enter();
          box.value = "and its status?"; enter();
        }""")
        answer = page.locator("#log .a").first
        answer.wait_for()
        assert OWNER in answer.inner_text()
        assert [i["path"] for i in jira.invoked] == ["/forge/ask"]
        assert page.locator("#question").input_value() == "and its status?"  # kept, to send when free

        # The cited key is a link; clicking it opens the issue through the bridge's router.
        link = answer.locator("a.issue", has_text=KEY)
        assert link.get_attribute("href").endswith(f"/browse/{KEY}")
        assert page.evaluate("getComputedStyle(document.querySelector('a.issue')).color") == rgb(DARK["--ds-link"])
        link.click()
        assert jira.navigated == [{"target": "issue", "issueKey": KEY, "type": "new-tab"}]

        # 👎 opens a comment box in the page (no window.prompt), focused; the comment is stored.
        page.get_by_role("button", name="Not helpful").click()
        comment = page.locator(".comment textarea")
        comment.wait_for()
        assert page.evaluate("document.activeElement.tagName") == "TEXTAREA"
        page.keyboard.type("The owner changed last week.")
        page.locator(".comment button").click()
        page.locator(".note", has_text="Thanks for the comment.").wait_for()
        assert dialogs == []

        # An error is announced as an alert with a retry, which then answers.
        jira.fail_next = True
        page.locator("#question").press("Enter")  # sends "and its status?"
        alert = page.get_by_role("alert")
        alert.wait_for()
        assert alert.inner_text() == "Jira did not answer in time."
        page.get_by_role("button", name="Retry").click()
        page.locator("#log .a").nth(1).wait_for()
        assert [i["path"] for i in jira.invoked].count("/forge/ask") == 3
        assert page.get_by_role("alert").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API keeps an event loop running in this one
        rows = thread.submit(feedback_rows, settings.feedback.sqlite_path).result()
    rated = [r for r in rows if r.get("rating") == "down"]
    assert rated and rated[0]["comment"] == "The owner changed last week." and rated[0]["rated_by"] == "557058:user"
