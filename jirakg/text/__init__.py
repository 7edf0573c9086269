"""Text matching shared by the Jira question parser and knowledge-graph linking: how words are
normalised for comparison, and one index of phrases for exact and misspelt look-ups."""
