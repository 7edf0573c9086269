"""Any SPARQL 1.1 endpoint through SPARQLWrapper: JSON results, GET or POST by query length,
timeouts, retries on failures that may pass, custom headers and basic auth; off the event loop."""

from __future__ import annotations

import asyncio
import json
import math
import urllib.error

from SPARQLWrapper import GET, JSON, POST, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, EndPointNotFound, QueryBadFormed, Unauthorized

from jirakg.connectors.retry import RetryPolicy, TransientFailure, retry_after_seconds
from jirakg.connectors.sparql.errors import EndpointUnavailable, QueryRejected, SparqlError
from jirakg.connectors.sparql.query_cache import QueryCache
from jirakg.connectors.sparql.results import Results, from_json

POST_OVER_CHARS = 1500  # long queries go in a POST body: URLs have length limits
ATTEMPTS = 3  # a question waits on every query; a longer wait is worse than a clear sentence
# A long question can become a query many times its size (one VALUES row per phrase); past this it is
# not sent: the endpoint is someone else's to overload.
MAX_QUERY_CHARS = 100_000


class RemoteEndpoint:
    def __init__(self, url: str, *, timeout_s: float = 20.0, retry: RetryPolicy | None = None,
                 headers: dict[str, str] | None = None, user: str | None = None, password: str | None = None) -> None:
        self.url = url
        self.timeout_s = timeout_s
        self.retry = retry or RetryPolicy(attempts=ATTEMPTS)
        self.headers = headers or {}
        self.credentials = (user, password) if user else None
        self.cache = QueryCache()

    async def query(self, sparql: str) -> Results:
        if len(sparql) > MAX_QUERY_CHARS:
            raise QueryRejected(f"That question would need a knowledge-graph query of {len(sparql) // 1000} KB, "
                                f"more than the {MAX_QUERY_CHARS // 1000} KB jirakg sends; ask it more briefly.")

        def unavailable(reason: str) -> EndpointUnavailable:
            return EndpointUnavailable(f"The SPARQL endpoint {self.url} is not answering ({reason}); "
                                       "try again shortly.")

        cached = self.cache.get(sparql)
        if cached is not None:
            return cached
        results = await self.retry.run(lambda: asyncio.to_thread(self._query, sparql), unavailable)
        self.cache.put(sparql, results)
        return results

    def _query(self, sparql: str) -> Results:
        client = SPARQLWrapper(self.url)
        client.setQuery(sparql)
        client.setReturnFormat(JSON)
        client.setTimeout(max(1, math.ceil(self.timeout_s)))  # whole seconds only; 0 would mean none
        client.setMethod(POST if len(sparql) > POST_OVER_CHARS else GET)
        for name, value in self.headers.items():
            client.addCustomHttpHeader(name, value)
        if self.credentials:
            client.setCredentials(*self.credentials)
        try:
            raw = client.query().response.read()
        except QueryBadFormed as exc:
            raise QueryRejected(f"The SPARQL endpoint rejected the query: {_first_line(exc)}") from exc
        except Unauthorized as exc:
            raise SparqlError(f"The SPARQL endpoint {self.url} refused the credentials.") from exc
        except EndPointNotFound as exc:
            raise EndpointUnavailable(f"There is no SPARQL endpoint at {self.url}.") from exc
        except (EndPointInternalError, urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            # Any other HTTP answer (429, 502, 503, ...) comes as urllib's HTTPError, with its headers.
            wait = (retry_after_seconds(exc.headers.get("Retry-After"))
                    if isinstance(exc, urllib.error.HTTPError) else None)
            raise TransientFailure(type(exc).__name__ + (f": {exc.reason}" if hasattr(exc, "reason") else ""),
                                   wait) from exc
        try:
            return from_json(json.loads(raw))
        except (ValueError, KeyError, TypeError) as exc:
            raise SparqlError(f"The SPARQL endpoint {self.url} answered something that is not SPARQL JSON "
                              f"results ({exc}).") from exc


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
