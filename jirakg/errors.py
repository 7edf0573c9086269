"""The one root of the errors jirakg raises on purpose, so an adapter can catch them all."""


class JirakgError(Exception):
    """A failure a person can act on: `str(error)` is that sentence. The cause, when there is one,
    is chained (`raise ... from exc`) so it reaches the logs, never the person."""
