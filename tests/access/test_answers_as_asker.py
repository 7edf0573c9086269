"""Every answer as the person asking, against devjira's permission model on a real socket, on each
graph store and both deployments (Cloud: one bulk permission check; Data Center: per project and
issue): a person outside a restricted project and an issue security level never sees a hidden key,
summary, count contribution, link or chain hop, even right after someone who may see them cached
the same queries. The truth is what devjira shows that person when they search with their own token."""

from __future__ import annotations

import asyncio
import re

import pytest
from pydantic import SecretStr

from jirakg.access import AccountNotLinked
from jirakg.access.permissions import PermissionCheckRefused
from jirakg.config import Settings
from jirakg.config.settings import FeedbackSettings
from jirakg.devjira.demo.access import RESTRICTED_PROJECT, SERVICE_ACCOUNT_ID, api_token
from jirakg.engine.session import engine_session
from jirakg.engine.turn import OPERATOR, Asker, TurnContext, TurnResult
from jirakg.feedback import open_feedback_store
from tests.access.people import DATASET, INSIDER, OUTSIDER, RAW, SERVICE, hidden_from, named_keys, visible_keys
from tests.jira_env import devjira

STORES = ["memory", "sqlite", pytest.param("redis", marks=pytest.mark.redis)]
COUNT = re.compile(r"\b(\d+)\b")
RAN = re.compile(r"match (.+)\.$")


def blocked_by_hidden(hidden: set[str]) -> str:
    """A visible issue that a hidden issue blocks."""
    return next(key for key, issue in RAW.items() if key not in hidden and any(
        link["type"]["name"] == "Blocks" and link.get("inwardIssue", {}).get("key") in hidden
        for link in issue["fields"]["issuelinks"]))


def parent_of_hidden(hidden: set[str]) -> str:
    return next(RAW[k]["fields"]["parent"]["key"] for k in sorted(hidden)
                if RAW[k]["fields"].get("parent") and RAW[k]["fields"]["parent"]["key"] not in hidden)


def shown(result: TurnResult) -> set[str]:
    return named_keys(result.answer) | set(result.citations) | {r.key for r in result.rows}


def store_of(store: str, tmp_path, redis_url: str | None, db: int) -> dict:
    """The graph store's settings; on Redis a database of its own on the shared test server, so that no
    other test's cache answers here."""
    return {"memory": {"backend": "memory"}, "sqlite": {"backend": "sqlite", "sqlite_path": tmp_path / "g.sqlite3"},
            "redis": {"backend": "redis", "redis_url": f"{(redis_url or '').rsplit('/', 1)[0]}/{db}"}}[store]


def settings_for(url: str, store: str, tmp_path, redis_url: str | None, db: int = 11) -> Settings:
    return Settings(data_dir=tmp_path, store=store_of(store, tmp_path, redis_url, db),
                    feedback={"sqlite_path": tmp_path / "feedback.sqlite3"},
                    jira={"url": url, "auth": "basic", "email": SERVICE["emailAddress"],
                          "token": api_token(SERVICE_ACCOUNT_ID)})


def as_person(user: dict) -> Asker:
    return Asker(surface_user_id=f"u-{user['accountId']}", email=user["emailAddress"])


@pytest.fixture(params=["cloud", "server"])
def jira(request):
    with devjira(DATASET, deployment=request.param) as url:
        yield url


@pytest.mark.parametrize("store", STORES)
def test_a_person_sees_only_what_jira_shows_them(jira, store, tmp_path, request) -> None:
    redis_url = request.getfixturevalue("redis_url") if store == "redis" else None
    hidden = hidden_from(jira, OUTSIDER)
    blocked = blocked_by_hidden(hidden)
    parent = parent_of_hidden(hidden)
    secret = sorted(k for k in hidden if k.startswith(RESTRICTED_PROJECT + "-"))[0]
    counts = ["How many open bugs are there?", f"How many issues are in {RESTRICTED_PROJECT}?",
              "How many issues are there in total?"]
    lists = [f"What blocks {blocked}?", f"What transitively blocks {blocked}?", f"List the children of {parent}",
             "open bugs", f"Summarize {parent}", "Who is overloaded?", "Break down bugs by project",
             f"What is linked to {blocked}?"]

    async def run() -> None:
        settings = settings_for(jira, store, tmp_path, redis_url, db=11 if "cloud" in request.node.name else 12)
        async with engine_session(jira, settings) as engine:
            async def ask(text: str, asker: Asker) -> TurnResult:
                return await engine.ask(TurnContext(text=text, surface="api", asker=asker))

            for question in [*counts, *lists, f"Who owns {secret}?"]:  # someone who sees everything caches first
                await ask(question, OPERATOR)
            for question in lists:
                result = await ask(question, as_person(OUTSIDER))
                assert not shown(result) & hidden, (question, result.answer)
            for question in counts:
                result = await ask(question, as_person(OUTSIDER))
                ran = RAN.search(result.answer)  # the count is of the JQL the answer names
                expected = len(visible_keys(jira, OUTSIDER, ran.group(1))) if ran else 0
                assert not shown(result) & hidden, (question, result.answer)
                assert expected in [int(n) for n in COUNT.findall(result.answer)] or (
                    expected == 0 and "no " in result.answer.lower()), (question, expected, result.answer)
            refused = await ask(f"Who owns {secret}?", as_person(OUTSIDER))
            assert secret in refused.answer and RAW[secret]["fields"]["summary"] not in refused.answer
            assert "not visible" in refused.answer or "no issue" in refused.answer
            # The person who may see them gets them, from the same cache.
            insider = await ask(f"Who owns {secret}?", as_person(INSIDER))
            assert secret in insider.citations

    asyncio.run(run())


def test_an_unknown_person_is_told_how_to_link_and_nothing_else(jira, tmp_path) -> None:
    async def run() -> None:
        async with engine_session(jira, settings_for(jira, "memory", tmp_path, None)) as engine:
            with pytest.raises(AccountNotLinked, match=r"looked for nobody@example\.com"):
                await engine.ask(TurnContext(text="open bugs", surface="api",
                                             asker=Asker(surface_user_id="x", email="nobody@example.com")))
            assert engine.services.manager.stats.misses == 0  # nothing was fetched for them

    asyncio.run(run())


def test_the_audit_keeps_who_asked_and_what_the_answer_showed(jira, tmp_path) -> None:
    async def run() -> tuple[TurnResult, list[dict]]:
        settings = settings_for(jira, "memory", tmp_path, None)
        async with engine_session(jira, settings) as engine:
            result = await engine.ask(TurnContext(text="open bugs", surface="api", asker=as_person(OUTSIDER)))
        store = open_feedback_store(FeedbackSettings(sqlite_path=tmp_path / "feedback.sqlite3"))
        try:
            return result, await store.export()
        finally:
            await store.close()

    result, rows = asyncio.run(run())
    assert rows[-1]["account_id"] == OUTSIDER["accountId"]
    assert rows[-1]["shown"] and set(rows[-1]["shown"]) == set(result.citations) | {r.key for r in result.rows}


def test_a_service_account_that_may_not_check_others_stops_start_up(jira, tmp_path) -> None:
    settings = settings_for(jira, "memory", tmp_path, None)
    settings = settings.model_copy(update={"jira": settings.jira.model_copy(update={
        "email": OUTSIDER["emailAddress"], "token": SecretStr(api_token(OUTSIDER["accountId"]))})})

    async def start() -> None:
        async with engine_session(jira, settings):
            pass

    with pytest.raises(PermissionCheckRefused, match="'Administer Jira' global permission"):
        asyncio.run(start())
