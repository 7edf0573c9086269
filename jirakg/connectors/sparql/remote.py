"""Any SPARQL 1.1 endpoint through SPARQLWrapper: JSON results, GET or POST by query length,
timeouts, retries on failures that may pass, custom headers and basic auth; off the event loop."""

from __future__ import annotations

import asyncio
import json
import math
import socket
import urllib.error

from SPARQLWrapper import GET, JSON, POST, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, EndPointNotFound, QueryBadFormed, Unauthorized

from jirakg.connectors.sparql.errors import EndpointUnavailable, QueryRejected, SparqlError
from jirakg.connectors.sparql.results import Results, from_json

POST_OVER_CHARS = 1500  # long queries go in a POST body: URLs have length limits


class RemoteEndpoint:
    def __init__(self, url: str, *, timeout_s: float = 20.0, attempts: int = 3, headers: dict[str, str] | None = None,
                 user: str | None = None, password: str | None = None) -> None:
        self.url = url
        self.timeout_s = timeout_s
        self.attempts = attempts
        self.headers = headers or {}
        self.credentials = (user, password) if user else None

    async def query(self, sparql: str) -> Results:
        last = "no answer"
        for attempt in range(self.attempts):
            try:
                return await asyncio.to_thread(self._query, sparql)
            except _Retryable as exc:
                last = str(exc)
                await asyncio.sleep(0.2 * 2 ** attempt)
        raise EndpointUnavailable(f"The SPARQL endpoint {self.url} is not answering ({last}); try again shortly.")

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
        except (EndPointInternalError, urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError) as exc:
            raise _Retryable(type(exc).__name__ + (f": {exc.reason}" if hasattr(exc, "reason") else "")) from exc
        try:
            return from_json(json.loads(raw))
        except (ValueError, KeyError, TypeError) as exc:
            raise SparqlError(f"The SPARQL endpoint {self.url} answered something that is not SPARQL JSON "
                              f"results ({exc}).") from exc


class _Retryable(Exception):
    pass


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
