"""Knowledge-graph and Jira questions in one conversation, on the demo graph jirakg ships; the
expected facts are read from the Turtle file with pyoxigraph, not through the pipeline."""

from __future__ import annotations

import asyncio

from jirakg.answer.kg_session import KgSession
from jirakg.connectors.sparql import EmbeddedStore
from jirakg.engine.engine import Engine
from jirakg.engine.history import HistoryStore
from jirakg.engine.turn import OPERATOR, TurnContext
from jirakg.graph import GraphManager
from jirakg.graph.stores import MemoryStore
from jirakg.intents.embedded import EmbeddedParser
from tests.engine.demo_env import DATASET, LEXICON, NOW, RAW
from tests.jira_env import connector, devjira
from tests.kg_env import TTL, fact


def test_kg_and_jira_share_a_conversation() -> None:
    key = next(k for k in RAW if RAW[k]["fields"]["assignee"])
    questions = ["Where was Antony Cheng born?", "What is his height?", f"Who owns {key}?", "When was he born?",
                 "Who is Meira Okafor married to?", "Where was he born?"]
    with devjira(DATASET) as url:
        async def run():
            async with connector(url) as jira:
                manager = GraphManager(jira, MemoryStore(), base_url=url)
                engine = Engine(EmbeddedParser(LEXICON, now=lambda: NOW), manager, HistoryStore(manager.store),
                                kg=KgSession(EmbeddedStore(TTL)))
                results, conversation = [], None
                for question in questions:
                    results.append(await engine.ask(TurnContext(text=question, conversation_id=conversation,
                                                                 asker=OPERATOR)))
                    conversation = results[-1].conversation_id
                return results
        born, height, owner, birthday, spouse, spouse_born = asyncio.run(run())
    assert born.intents == ["kg_question"] and fact("AntonyCheng", "birthPlace") in born.answer
    assert fact("AntonyCheng", "height") in height.answer
    assert owner.intents == ["metadata"] and RAW[key]["fields"]["assignee"]["displayName"] in owner.answer
    assert birthday.intents == ["kg_question"] and fact("AntonyCheng", "birthDate") in birthday.answer
    assert fact("MeiraOkafor", "spouse") in spouse.answer
    # "he" is the previous answer (Meira's spouse), not Meira herself
    assert fact("AntonyCheng", "birthPlace") in spouse_born.answer


def test_without_a_graph_the_answer_says_how_to_configure_one() -> None:
    with devjira(DATASET) as url:
        async def run():
            async with connector(url) as jira:
                manager = GraphManager(jira, MemoryStore(), base_url=url)
                engine = Engine(EmbeddedParser(LEXICON, now=lambda: NOW), manager, HistoryStore(manager.store))
                return await engine.ask(TurnContext(text="Where was Antony Cheng born?", asker=OPERATOR))
        result = asyncio.run(run())
    assert result.intents == ["kg_question"] and "sparql.endpoint" in result.answer
