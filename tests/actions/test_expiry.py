"""A proposal confirmed after its lifetime changes nothing, even when its record is still in the store."""

from __future__ import annotations

import asyncio
import time

import pytest

from jirakg.actions.models import ActionRefused
from jirakg.actions.service import Actions
from jirakg.actions.wording import read_write_request
from jirakg.connectors.jira import JiraAuth
from jirakg.devjira.demo.access import SERVICE_ACCOUNT_ID, api_token, service_account
from jirakg.engine.turn import OPERATOR, TurnContext
from jirakg.graph import GraphManager
from jirakg.graph.stores.memory import MemoryStore
from tests.devjira import http
from tests.jira_env import connector, demo_dataset, devjira

SERVICE = service_account()
AUTH = (SERVICE["emailAddress"], api_token(SERVICE_ACCOUNT_ID))


def test_an_expired_proposal_changes_nothing() -> None:
    dataset = demo_dataset(issues=200, seed=5)
    key = next(i["key"] for i in dataset.issues if i["key"].startswith("PROJ-")
               and i["fields"]["status"]["name"] == "To Do" and not i["fields"].get("security"))

    async def run(url: str) -> None:
        async with connector(url, auth=JiraAuth("basic", *AUTH)) as jira:
            store = MemoryStore()
            manager = GraphManager(jira, store, base_url=url)
            actions = Actions(store, None, ttl_s=1, own_tokens=False)
            turn = TurnContext(text=f"Move {key} to In Progress", asker=OPERATOR)
            request = read_write_request(turn.text)
            assert request is not None
            proposal = await actions.propose(request, turn, manager)
            # Kept longer than its lifetime, as a store that has not yet swept it would.
            await store.put_state(f"action:{proposal.id}", proposal.model_dump_json(), 3600)
            await asyncio.sleep(max(0.0, proposal.expires_at - time.time()) + 0.1)
            with pytest.raises(ActionRefused, match="expired"):
                await actions.confirm(proposal.id, turn.owner, OPERATOR, manager)

    with devjira(dataset) as url:
        asyncio.run(run(url))
        assert http.call(f"{url}/rest/api/2/issue/{key}", auth=AUTH).body["fields"]["status"]["name"] == "To Do"
