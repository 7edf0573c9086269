"""The error a JQL query can raise; its message is what Jira would say."""


class JqlError(ValueError):
    pass
