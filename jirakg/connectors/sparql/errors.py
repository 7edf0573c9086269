"""Typed SPARQL errors; each message is a sentence a person can act on."""


class SparqlError(Exception):
    pass


class EndpointUnavailable(SparqlError):
    pass


class QueryRejected(SparqlError):
    pass
