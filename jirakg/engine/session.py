"""An engine wired from settings: connector, store, GraphManager, lexicon (cached), history."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime

from jirakg.access import Access
from jirakg.access.atlassian_oauth import AtlassianOAuth
from jirakg.access.credentials import PersonalCredentials
from jirakg.access.links import AccountLinks
from jirakg.access.people import AccountDirectory
from jirakg.access.permissions import permission_api, require_check_permission
from jirakg.access.sealed import Sealer
from jirakg.access.sight import Decisions
from jirakg.access.sign_in import CALLBACK_PATH, SignIn
from jirakg.actions.service import Actions
from jirakg.answer.kg_session import KgSession
from jirakg.answer.llm_answerer import LlmAnswerer
from jirakg.config import Settings
from jirakg.config.loading import ConfigError
from jirakg.connectors.jira.errors import JiraUnavailable
from jirakg.connectors.jira.factory import connector_for
from jirakg.engine.engine import Engine
from jirakg.engine.history import HistoryStore
from jirakg.engine.startup import Ready, start_when_jira_answers
from jirakg.engine.vocabulary import instance_lexicon
from jirakg.feedback import open_feedback_store
from jirakg.graph import GraphManager, open_store
from jirakg.graph.entities import EntityLabelCache
from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.llm_parser import LlmParser
from jirakg.intents.llm_routing import LlmRouting
from jirakg.intents.parser import Parser
from jirakg.jql.readable import JqlNames
from jirakg.llm import LlmClient

LEXICON_TTL_S = 3600


@asynccontextmanager
async def engine_session(url: str, settings: Settings, *, now: Callable[[], datetime] | None = None,
                         people: bool = True) -> AsyncIterator[Engine]:
    """The one way an engine is built; `now` fixes the moment relative dates count from (evaluations).
    `people`: turns may come from people other than the operator, so the service account must be able to
    check their permissions (checked here: without it nothing starts)."""
    connector = connector_for(url, settings.jira)
    store = open_store(settings.store)
    llm = LlmClient.from_settings(settings.llm) if settings.llm.enabled else None
    feedback = open_feedback_store(settings.feedback)
    recovery: asyncio.Task | None = None
    try:
        if llm:
            await llm.start()  # a model name the endpoint does not serve stops start-up here
        manager = GraphManager(connector, store, base_url=url, ttl_s=settings.store.cache_ttl_s,
                               max_issues=settings.jira.max_issues_per_question)

        def understanding(lexicon: Lexicon) -> tuple[Parser, LlmAnswerer | None]:
            embedded = EmbeddedParser(lexicon, now=now) if now else EmbeddedParser(lexicon)
            parser = LlmParser(llm, embedded, LlmRouting.load(settings.llm.routing_file)) if llm else embedded
            return parser, LlmAnswerer(llm, lexicon) if llm else None

        async def from_jira() -> Ready:
            lexicon = await _lexicon(url, manager)
            return Ready(*understanding(lexicon), await _access(manager, settings, people), jql_names(lexicon))

        history = HistoryStore(store, settings.store.history_turns, settings.store.conversation_ttl_s)
        # Loading (and, for a kept store, hashing) a graph file takes seconds at scale: not on the loop.
        kg = await asyncio.to_thread(KgSession.from_settings, settings.sparql, llm, EntityLabelCache(store))
        try:
            ready, waiting = await from_jira(), None
        except JiraUnavailable as exc:  # start anyway: answer from what is cached, and keep asking Jira
            lexicon = await _cached_lexicon(url, manager) or Lexicon.build()
            ready, waiting = Ready(*understanding(lexicon), None, jql_names(lexicon)), str(exc)
        engine = Engine(ready.parser, manager, history, ready.answerer, kg, feedback, llm,
                        turn_timeout_s=settings.turn_timeout_s, clock=now, access=ready.access,
                        jql_names=ready.jql_names,
                        actions=Actions(store, feedback, settings.actions.proposal_ttl_s,
                                        own_tokens=settings.jira.permissions == "user-token")
                        if settings.actions.enabled else None)
        if waiting is not None:
            engine.waiting_for_jira = waiting
            engine.access_needed = not _shows_everyone_the_same(settings)
            recovery = asyncio.create_task(start_when_jira_answers(engine, from_jira))
        yield engine
    finally:
        if recovery is not None:
            recovery.cancel()
            await asyncio.gather(recovery, return_exceptions=True)
        await connector.http.close()
        await store.close()
        await feedback.close()
        if llm:
            await llm.close()


def jql_names(lexicon: Lexicon) -> JqlNames:
    return JqlNames(people={t.value: t.label for t in lexicon.of("person")},
                    sprints={s.id: s.name for s in lexicon.sprints},
                    fields={t.value: t.label for t in lexicon.of("field") if t.value.startswith("customfield_")})


async def _access(manager: GraphManager, settings: Settings, people: bool) -> Access | None:
    """None where there is no one to check: an anonymous Jira shows everyone the same issues."""
    if _shows_everyone_the_same(settings):
        return None
    sign_in = await _sign_in(manager, settings) if settings.jira.permissions == "user-token" else None
    if people and sign_in is None:
        await require_check_permission(manager.connector)
    return Access(manager, AccountDirectory(manager.connector, settings.jira.account_ttl_s),
                  await permission_api(manager.connector), Decisions(settings.jira.permission_ttl_s), sign_in)


def _shows_everyone_the_same(settings: Settings) -> bool:
    """A configured Jira reached anonymously: nobody's view needs checking."""
    return settings.jira.url is not None and settings.jira.auth == "anonymous"


async def _sign_in(manager: GraphManager, settings: Settings) -> SignIn:
    """People call Jira with their own tokens: Atlassian's OAuth app on Cloud, personal access tokens otherwise."""
    jira, address = settings.jira, settings.web.address
    cloud = await manager.connector.deployment() == "cloud"
    if cloud and not jira.oauth.enabled:
        raise ConfigError("jira.permissions: user-token on Jira Cloud needs an OAuth 2.0 (3LO) app: set "
                          "jira.oauth.client_id and jira.oauth.client_secret (JIRAKG_JIRA__OAUTH__CLIENT_ID, "
                          "JIRAKG_JIRA__OAUTH__CLIENT_SECRET), with the callback URL "
                          f"{address}{CALLBACK_PATH}.")
    assert jira.credentials_key is not None, "checked by the settings"
    sealer = Sealer(jira.credentials_key.get_secret_value())
    oauth = AtlassianOAuth(jira.oauth, address + CALLBACK_PATH) if cloud else None
    return SignIn(PersonalCredentials(manager.store, sealer, oauth),
                  AccountLinks(manager.store, manager.connector.http.base_url), sealer, oauth,
                  manager.connector.http, manager.base_url, address)


async def _lexicon(url: str, manager: GraphManager) -> Lexicon:
    """The instance vocabulary changes slowly; rebuild it at most hourly."""
    lexicon = await _cached_lexicon(url, manager, LEXICON_TTL_S)
    if lexicon is None:
        lexicon = await instance_lexicon(manager.connector)
        await manager.store.put_state(f"lexicon:{url}", f"{time.time()}\n{lexicon.model_dump_json()}")
    return lexicon


async def _cached_lexicon(url: str, manager: GraphManager, max_age_s: float = float("inf")) -> Lexicon | None:
    """The vocabulary kept in the store, if it is younger than `max_age_s` (any age while Jira is down)."""
    cached = await manager.store.get_state(f"lexicon:{url}")
    if cached:
        stamp, _, body = cached.partition("\n")
        if time.time() - float(stamp) < max_age_s:
            return Lexicon.model_validate_json(body)
    return None
