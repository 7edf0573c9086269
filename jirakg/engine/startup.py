"""Start-up without Jira: `jirakg serve` starts while Jira does not answer, and what start-up needs from
Jira (its vocabulary, the permission set-up) is asked for again in the background until it answers,
then put in place without a restart."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jirakg.connectors.jira.errors import JiraUnavailable
from jirakg.errors import JirakgError

if TYPE_CHECKING:
    from jirakg.access import Access
    from jirakg.answer.llm_answerer import LlmAnswerer
    from jirakg.engine.engine import Engine
    from jirakg.intents.parser import Parser
    from jirakg.jql.readable import JqlNames

log = logging.getLogger("jirakg.engine")

FIRST_WAIT_S = 1.0
MOST_WAIT_S = 15.0


@dataclass
class Ready:
    """What start-up gets from Jira: the parser, answerer and JQL names built on its vocabulary, and who may
    see what."""
    parser: Parser
    answerer: LlmAnswerer | None
    access: Access | None
    jql_names: JqlNames


async def start_when_jira_answers(engine: Engine, from_jira: Callable[[], Awaitable[Ready]]) -> None:
    """Asks again, waiting twice as long each time up to MOST_WAIT_S, until Jira answers; a refusal that
    waiting will not change (credentials, a missing permission) stays in /readyz and stops the asking."""
    wait = FIRST_WAIT_S
    while True:
        await asyncio.sleep(wait)
        try:
            ready = await from_jira()
        except JiraUnavailable as exc:
            engine.waiting_for_jira = str(exc)
            wait = min(MOST_WAIT_S, wait * 2)
            continue
        except JirakgError as exc:
            engine.waiting_for_jira = str(exc)
            log.error("start-up stopped", extra={"fields": {"reason": str(exc)}})
            return
        except Exception:  # a fault of ours: said in /readyz rather than lost in a task nobody awaits
            engine.waiting_for_jira = "start-up failed unexpectedly; the log has the details."
            log.exception("start-up failed")
            return
        engine.started(ready)
        log.info("jira answered; start-up finished")
        return
