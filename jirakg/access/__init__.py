"""Who is asking, and what that person may see: identity from the surface to a Jira account, and
Jira's own permission answers applied between fetch and answer."""

from jirakg.access.gate import Access, AccountNotLinked
from jirakg.access.sight import Sight

__all__ = ["Access", "AccountNotLinked", "Sight"]
