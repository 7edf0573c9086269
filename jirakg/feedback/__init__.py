"""Every answered turn and the feedback on it, in SQLite (default) or PostgreSQL."""

from jirakg.feedback.errors import FeedbackRowRefused, FeedbackStoreError, FeedbackStoreUnavailable
from jirakg.feedback.models import ActionLog, FeedbackRow, TurnLog
from jirakg.feedback.store import FeedbackStore, open_feedback_store

__all__ = ["ActionLog", "FeedbackRow", "FeedbackRowRefused", "FeedbackStore", "FeedbackStoreError",
           "FeedbackStoreUnavailable", "TurnLog", "open_feedback_store"]
