"""The AI-assistant thread experience (bolt's `Assistant`): suggested prompts drawn from issues the
person may see when a thread opens, "is thinking…" while a question is answered, the thread titled
after its first question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from slack_bolt.middleware.assistant.async_assistant import AsyncAssistant

from jirakg.access import AccountNotLinked
from jirakg.bots.slack.delivery import Delivery

if TYPE_CHECKING:
    from jirakg.bots.slack.bot import SlackBot

GREETING = "Ask me about Jira issues: their status, owners, blockers, searches and counts."
TITLE_LIMIT = 80
PROMPTS_LIMIT = 4  # Slack shows at most four suggested prompts
THINKING = "is thinking…"


def assistant_for(bot: SlackBot) -> AsyncAssistant:
    assistant = AsyncAssistant()

    @assistant.thread_started
    async def started(body, payload, say, set_suggested_prompts):
        if not await bot.first_delivery("event", body.get("event_id")):
            return
        user = payload["assistant_thread"]["user_id"]
        try:
            asker = await bot.asker(bot.app.client, user)
            examples = [example.text for example in await bot.open_engine.examples(asker, "slack")]
        except AccountNotLinked as exc:
            await say(bot.how_to_link(exc))
            return
        await say(GREETING)
        await set_suggested_prompts(prompts=examples[:PROMPTS_LIMIT], title="Try asking")

    @assistant.user_message
    async def asked(body, payload, say, set_status, set_title):
        if not await bot.first_delivery("event", body.get("event_id")):
            return
        channel, thread, user = payload["channel"], payload["thread_ts"], payload.get("user")
        conversation = f"slack:{channel}:{thread}:{user}"
        if not await bot.open_engine.remembers(f"slack-titled:{conversation}"):
            await set_title(payload.get("text", "")[:TITLE_LIMIT] or "Question")
            await bot.open_engine.remember(f"slack-titled:{conversation}")
        await set_status(THINKING)  # Slack clears it when the reply is posted

        async def post(text: str, blocks: list[dict]) -> None:
            await say(text=text, blocks=blocks)

        async def private(text: str) -> None:  # an assistant thread is the person's own DM
            await say(text=text)
        await bot.answer(payload.get("text", ""), conversation, user, Delivery(post, private))

    return assistant
