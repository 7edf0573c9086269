"""Knowledge-graph connectors: an embedded pyoxigraph store and remote SPARQL 1.1 endpoints."""

from jirakg.connectors.sparql.embedded import EmbeddedStore
from jirakg.connectors.sparql.errors import EndpointUnavailable, QueryRejected, SparqlError
from jirakg.connectors.sparql.labels import resolve_labels
from jirakg.connectors.sparql.remote import RemoteEndpoint
from jirakg.connectors.sparql.results import RdfTerm, Results

__all__ = ["EmbeddedStore", "EndpointUnavailable", "QueryRejected", "RdfTerm", "RemoteEndpoint", "Results",
           "SparqlError", "resolve_labels"]
