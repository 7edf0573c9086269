"""`jirakg serve` starts while Jira is down: /readyz names what is missing, a question gets one sentence
(503), and once a devjira starts on the configured port, start-up finishes in the background and the same
question is answered, without a restart. Real processes: jirakg serve as a child, devjira on a socket."""

from __future__ import annotations

import time

import pytest

from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.bots.web_env import DATASET, call
from tests.local_servers import free_port
from tests.reliability.served import start, stop

pytestmark = [pytest.mark.child_process, pytest.mark.slow]


def ask(url: str, text: str) -> tuple[int, dict]:
    status, reply, _ = call(f"{url}/api/v1/ask", "POST", {"text": text})
    return status, reply


def test_serve_starts_without_jira_and_recovers_when_it_answers(tmp_path) -> None:
    port = free_port()
    jira = f"http://127.0.0.1:{port}"
    served = start(tmp_path, jira, {"JIRAKG_JIRA__MAX_RETRIES": "1", "JIRAKG_JIRA__TIMEOUT_S": "2"})
    try:
        status, ready, _ = call(f"{served.url}/readyz")
        assert status == 503 and ready["ready"] is False
        assert ready["checks"]["jira_startup"].startswith("Start-up is waiting for Jira: Jira at ")
        assert ready["checks"]["jira"] != "ok"
        assert ready["checks"]["graph_store"] == "ok" and ready["checks"]["feedback_store"] == "ok"

        status, reply = ask(served.url, "open bugs")
        assert status == 200  # anonymous Jira: answered, with a sentence where Jira was needed
        assert reply["answer"].startswith(f"Jira at {jira} is not answering")
        assert "Traceback" not in served.log.read_text()

        with BackgroundServer(create_app(DATASET, ServerOptions()), port=port):
            for _ in range(120):  # start-up asks again at most every 15 s
                if call(f"{served.url}/readyz")[0] == 200:
                    break
                time.sleep(0.5)
            status, ready, _ = call(f"{served.url}/readyz")
            assert status == 200 and "jira_startup" not in ready["checks"]
            status, reply = ask(served.url, "open bugs")
            assert status == 200 and " match " in reply["answer"] and reply["citations"]
    finally:
        stop(served)


def test_a_jira_with_credentials_is_not_answered_unchecked_while_it_is_down(tmp_path) -> None:
    """Without the permission set-up nobody's view can be checked: one sentence, not an unchecked answer."""
    port = free_port()
    served = start(tmp_path, f"http://127.0.0.1:{port}",
                   {"JIRAKG_JIRA__AUTH": "bearer", "JIRAKG_JIRA__TOKEN": "service-token",
                    "JIRAKG_JIRA__MAX_RETRIES": "1", "JIRAKG_JIRA__TIMEOUT_S": "2"})
    try:
        status, reply = ask(served.url, "open bugs")
        assert status == 503
        assert reply == {"error": "Jira has not answered since jirakg started, so nobody's permissions can be "
                                  "checked yet; try again in a minute."}
    finally:
        stop(served)
