"""The Slack app (slack-bolt): mentions, direct messages, /jirakg, threads as conversations, feedback."""

from jirakg.bots.slack.bot import SlackBot

__all__ = ["SlackBot"]
