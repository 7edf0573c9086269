"""A remote endpoint's answers are kept per endpoint, bounded in entries and in age."""

from __future__ import annotations

import asyncio

from jirakg.connectors.sparql.query_cache import MAX_ROWS, QueryCache
from jirakg.connectors.sparql.remote import RemoteEndpoint
from jirakg.connectors.sparql.results import RdfTerm, Results


def test_answers_expire_and_the_least_recently_used_goes_first() -> None:
    now = [0.0]
    cache = QueryCache(entries=2, ttl_s=10, clock=lambda: now[0])
    a, b, c = Results(boolean=True), Results(boolean=False), Results(variables=["x"])
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a  # "a" is now the more recently used
    cache.put("c", c)
    assert cache.get("b") is None and cache.get("a") is a and cache.get("c") is c
    now[0] = 10.0
    assert cache.get("a") is None  # too old: the graph may have changed


def test_each_endpoint_keeps_its_own_answers() -> None:
    first, second = RemoteEndpoint("http://127.0.0.1:1/a"), RemoteEndpoint("http://127.0.0.1:1/b")
    first.cache.put("ASK {}", Results(boolean=True))
    assert second.cache.get("ASK {}") is None


def test_a_repeated_query_is_not_sent_again() -> None:
    endpoint = RemoteEndpoint("http://127.0.0.1:1/nothing-listens-here", timeout_s=1)
    endpoint.cache.put("ASK {}", Results(boolean=True))
    assert asyncio.run(endpoint.query("ASK {}")).boolean is True  # answered without the (absent) server


def test_a_whole_graph_read_is_not_kept() -> None:
    """The label index reads every label once: kept, a million rows would stay in memory for the TTL."""
    def rows(n: int) -> Results:
        return Results(variables=["s"], rows=[{"s": RdfTerm(kind="iri", value=f"urn:e{i}")} for i in range(n)])
    cache = QueryCache()
    small, whole = rows(MAX_ROWS), rows(MAX_ROWS + 1)
    cache.put("an entity's values", small)
    cache.put("every label", whole)
    assert cache.get("an entity's values") is small and cache.get("every label") is None
