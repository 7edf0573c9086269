"""Every answered turn and the feedback on it, in SQLite (default) or PostgreSQL."""

from jirakg.feedback.models import FeedbackRow, TurnLog
from jirakg.feedback.store import FeedbackStore, FeedbackStoreError, open_feedback_store

__all__ = ["FeedbackRow", "FeedbackStore", "FeedbackStoreError", "TurnLog", "open_feedback_store"]
