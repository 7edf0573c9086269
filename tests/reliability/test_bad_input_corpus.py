"""Every request of the bad-input corpus, sent to one `jirakg serve` process with every surface on
(REST, webhook with a secret, Slack over HTTP, the Forge panel) and a knowledge-graph endpoint that is
down: none is answered with a 500, each refusal is a sentence, and nothing logs a traceback."""

from __future__ import annotations

import pytest
from aiohttp import web

from jirakg.devjira.runner import BackgroundServer
from tests.bots.forge_env import APP_ID, jwks
from tests.bots.slack_api import BOT_TOKEN, SIGNING_SECRET
from tests.devjira import http
from tests.local_servers import free_port
from tests.reliability.bad_inputs import WEBHOOK_SECRET, corpus
from tests.reliability.served import serving

pytestmark = [pytest.mark.child_process, pytest.mark.slow]
CORPUS = corpus()


async def _jwks(request: web.Request) -> web.Response:
    return web.json_response(jwks())


def test_the_corpus_is_large_enough() -> None:
    assert len(CORPUS) >= 60 and len({case.name for case in CORPUS}) == len(CORPUS)


def test_no_bad_input_gets_a_500(tmp_path) -> None:
    keys = web.Application()
    keys.router.add_get("/jwks.json", _jwks)
    with BackgroundServer(keys) as jwks_server, serving(tmp_path, {
            "JIRAKG_JIRA__WEBHOOK_SECRET": WEBHOOK_SECRET, "JIRAKG_SLACK__BOT_TOKEN": BOT_TOKEN,
            "JIRAKG_SLACK__SIGNING_SECRET": SIGNING_SECRET, "JIRAKG_FORGE__APP_ID": APP_ID,
            "JIRAKG_FORGE__JWKS_URL": f"{jwks_server}/jwks.json",
            "JIRAKG_SPARQL__ENDPOINT": f"http://127.0.0.1:{free_port()}/query",
            "JIRAKG_SPARQL__TIMEOUT_S": "1"}) as served:
        replies = {case.name: http.call(served.url + case.path, case.method, raw=case.raw, headers=case.headers)
                   for case in CORPUS}
        log = served.log.read_text()
    failed = {name: (reply.status, reply.body) for name, reply in replies.items() if reply.status >= 500
              and reply.status != 503}
    assert failed == {}
    unavailable = {name: reply.body for name, reply in replies.items() if reply.status == 503}
    assert all("SPARQL endpoint" in reply["error"] for reply in unavailable.values()), unavailable
    for name, reply in replies.items():
        error = reply.body.get("error") if isinstance(reply.body, dict) else None
        if reply.status >= 400 and error is not None:
            assert isinstance(error, str) and error.rstrip().endswith((".", "?")), (name, error)
    assert "Traceback" not in log and '"status": 500' not in log
