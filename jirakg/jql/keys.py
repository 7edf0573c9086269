"""The shape of a Jira issue key: PROJECT-123, project keys upper-case, numbers from 1."""

import re

ISSUE_KEY = re.compile(r"^([A-Z][A-Z0-9_]*)-([1-9]\d*)$")
