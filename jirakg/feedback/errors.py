"""Why the feedback store did not do what was asked, each as a sentence for a person."""

from jirakg.errors import JirakgError


class FeedbackStoreError(JirakgError):
    """The feedback store cannot be opened or used."""


class FeedbackStoreUnavailable(FeedbackStoreError):
    """The database did not answer (down, restarting, past its deadline); nothing was stored."""


class FeedbackRowRefused(FeedbackStoreError):
    """The database refused this one row (a character it cannot hold, a broken constraint); the rows
    written beside it are stored."""
