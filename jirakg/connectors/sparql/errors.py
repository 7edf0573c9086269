"""Typed SPARQL errors; each message is a sentence a person can act on."""

from jirakg.errors import JirakgError


class SparqlError(JirakgError):
    pass


class EndpointUnavailable(SparqlError):
    pass


class QueryRejected(SparqlError):
    pass
