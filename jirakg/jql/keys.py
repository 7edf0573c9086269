"""The shapes of a Jira issue key (PROJECT-123: the project key starts with a letter, the number
has no leading zero), one pattern per place a key is read."""

import re

# The shape alone, no groups, any case: for embedding in larger patterns that read keys in running text.
ISSUE_KEY_SHAPE = r"[A-Za-z][A-Za-z0-9_]*-[1-9]\d*"
# A key as Jira writes it, the whole string: validates keys before they go into JQL or a look-up.
ISSUE_KEY = re.compile(r"^([A-Z][A-Z0-9_]*)-([1-9]\d*)$")
# A key as people type it in a question: any case, anywhere in the text; (project, number) groups.
ISSUE_KEY_IN_QUESTION = re.compile(r"\b([A-Za-z][A-Za-z0-9_]*)-([1-9]\d{0,6})\b")
# A key as an answer writes it (ours or a model's): upper case, anywhere in the text, no groups.
ISSUE_KEY_IN_ANSWER = re.compile(r"\b[A-Z][A-Z0-9_]+-\d+\b")
# A key as a JQL value, the whole string: Jira accepts any case there; (project, number) groups.
ISSUE_KEY_IN_JQL = re.compile(r"^([A-Z][A-Z0-9_]*)-(\d+)$", re.IGNORECASE)
