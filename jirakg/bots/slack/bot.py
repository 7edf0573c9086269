"""slack-bolt wiring. HTTP mode serves /slack/events (events, the slash command and interactions,
one path as Bolt allows) from `jirakg serve`; Socket Mode connects out, for a laptop.

Where an answer goes: a mention's in its thread, which the bot then follows without a new mention; a
direct message's in the DM; an assistant thread's there (bolt's `Assistant`: suggested prompts, status,
title); a slash command's or a message shortcut's privately through the interaction's `response_url`,
with "Share in channel". Anything about one person (errors, feedback thanks, Explain) goes to them alone.

Bolt verifies every request's signature and timestamp (401 otherwise) and acknowledges before the
listeners run, so answers go out asynchronously. Slack retries a delivery it thinks failed; an
event id is answered once, remembered in the shared store so another replica does not answer it.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import re
import urllib.parse

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from jirakg.access import AccountNotLinked
from jirakg.access.links import USAGE
from jirakg.access.memo import Memo
from jirakg.bots.slack.assistant import assistant_for
from jirakg.bots.slack.blocks import (
    answer_blocks,
    comment_modal,
    escape,
    explain_text,
    fallback_text,
    home_view,
    issue_preview,
)
from jirakg.bots.slack.delivery import Delivery
from jirakg.bots.slack.issue_links import issue_keys_in
from jirakg.bots.web.json_body import MAX_DEPTH, BadBody, nesting, read_body
from jirakg.config import ConfigError
from jirakg.config.settings import SlackSettings
from jirakg.engine.engine import Engine
from jirakg.engine.turn import Asker, TurnContext, owner_of
from jirakg.errors import JirakgError

log = logging.getLogger("jirakg.slack")
EMAIL_TTL_S = 3600
MENTION = re.compile(r"<@[A-Z0-9]+>\s*")
NOT_YOURS = "Only the person who asked can see how that answer was made, and only while it is kept."
NOT_KEPT = "That answer is no longer kept, so it cannot be rated or shared."


def _slack_shaped(raw: bytes, content_type: str) -> bool:
    """A JSON object (events), or a form whose `payload`, if any, is one (interactions, slash commands)."""
    text = raw.decode()
    if content_type == "application/json":
        document: object = json.loads(text) if nesting(raw) <= MAX_DEPTH else None
    else:
        payload = urllib.parse.parse_qs(text).get("payload")
        if not payload:
            return True
        document = json.loads(payload[0]) if nesting(payload[0].encode()) <= MAX_DEPTH else None
    return isinstance(document, dict)


class SlackBot:
    def __init__(self, engine: Engine | None, settings: SlackSettings, base_url: str | None = None) -> None:
        """`engine`: None until the server opens it; `base_url`: another Slack Web API address (tests use a
        local one)."""
        if settings.bot_token is None:
            raise ConfigError("slack.bot_token (JIRAKG_SLACK__BOT_TOKEN) is required for the Slack bot")
        self.engine = engine
        self.settings = settings
        self._emails: Memo[str] = Memo(EMAIL_TTL_S, EMAIL_TTL_S)  # Slack user → their profile's email
        token = settings.bot_token.get_secret_value()
        client = AsyncWebClient(token=token, base_url=base_url) if base_url else AsyncWebClient(token=token)
        self.app = AsyncApp(client=client, signing_secret=settings.signing_secret.get_secret_value()
                            if settings.signing_secret else None)
        self._register()

    def add_routes(self, app: web.Application) -> None:
        for path in ("/slack/events", "/slack/commands", "/slack/interactions"):
            app.router.add_post(path, self.handle)

    async def handle(self, request: web.Request) -> web.Response:
        # Bolt reads the timestamp as a number and parses the body before it checks the signature: anything
        # Slack would not send is refused here.
        if not request.headers.get("X-Slack-Request-Timestamp", "").isdigit():
            return web.json_response({"error": "The request is not signed by Slack."}, status=401)
        try:
            shaped = _slack_shaped(await read_body(request), request.content_type)
        except (BadBody, ValueError, RecursionError):
            shaped = False
        if not shaped:
            return web.json_response({"error": "The request body is not what Slack sends."}, status=400)
        return await to_aiohttp_response(await self.app.async_dispatch(await to_bolt_request(request)))

    async def socket_mode(self) -> None:
        """Connect out to Slack (Socket Mode) until cancelled."""
        from slack_bolt.adapter.socket_mode.aiohttp import AsyncSocketModeHandler

        if self.settings.app_token is None:
            raise ConfigError("slack.app_token (JIRAKG_SLACK__APP_TOKEN) is required in socket mode")
        handler = AsyncSocketModeHandler(self.app, self.settings.app_token.get_secret_value())
        try:
            await handler.connect_async()
            await asyncio.Event().wait()
        finally:
            await handler.close_async()

    @property
    def open_engine(self) -> Engine:
        """The engine; the server opens it before it takes a request."""
        if self.engine is None:
            raise RuntimeError("The Slack bot got a request before the engine was open.")
        return self.engine

    async def first_delivery(self, kind: str, delivery_id: object) -> bool:
        """True once per event id or slash-command trigger, across retries, replays and replicas."""
        if not isinstance(delivery_id, str) or not delivery_id:
            return True
        return await self.open_engine.claim_event(f"slack-{kind}:{delivery_id}")

    def _register(self) -> None:
        app = self.app
        app.use(assistant_for(self))

        @app.event("app_mention")
        async def mention(body, event, client):
            if await self.first_delivery("event", body.get("event_id")):
                await self._in_thread(client, event, event.get("thread_ts") or event["ts"])

        @app.event("message")
        async def message(body, event, client, context):
            if event.get("subtype") or event.get("bot_id") or not event.get("user"):
                return  # edits, joins, the bot's own messages
            if event.get("channel_type") == "im":  # a DM outside an assistant thread
                if await self.first_delivery("event", body.get("event_id")):
                    await self._in_thread(client, event, event.get("thread_ts"))
                return
            thread = event.get("thread_ts")
            # A reply in a thread the bot is in; a mention there is answered as app_mention instead.
            if (thread and f"<@{context.get('bot_user_id')}>" not in event.get("text", "")
                    and await self.open_engine.remembers(_thread_name(event["channel"], thread))
                    and await self.first_delivery("event", body.get("event_id"))):
                await self._in_thread(client, event, thread)

        @app.command("/jirakg")
        async def command(ack, command, respond):
            await ack()  # within Slack's 3 s; the answer follows through the response_url
            if not await self.first_delivery("command", command.get("trigger_id")):
                return  # the same signed request again (a replay within Slack's five minutes)
            words = command.get("text", "").split()
            if words[:1] == ["link"]:
                await respond(text=await self._link(command["user_id"], words[1:]), response_type="ephemeral")
                return
            user = command["user_id"]
            await self.answer(command.get("text", ""), f"slack:{command['channel_id']}:command:{user}", user,
                              self._privately(respond))

        @app.shortcut("ask_about_message")
        async def ask_about_message(ack, shortcut, respond):
            await ack()
            message, user = shortcut.get("message") or {}, shortcut["user"]["id"]
            conversation = f"slack:{shortcut['channel']['id']}:shortcut:{message.get('ts')}:{user}"
            await self.answer(MENTION.sub("", message.get("text", "")), conversation, user, self._privately(respond))

        @app.action("share")
        async def share(ack, body, action, respond):
            await ack()
            user, engine = body["user"]["id"], self.open_engine
            turn = await engine.turn(action["value"], owner_of("slack", user))
            if turn is None:
                await respond(text=NOT_KEPT, response_type="ephemeral", replace_original=False)
                return
            # A new message everyone in the channel sees, with the question; the private copy goes.
            await respond(text=fallback_text(turn.answer), response_type="in_channel", replace_original=False,
                          blocks=answer_blocks(turn.answer, {k: engine.issue_url(k) for k in turn.citations},
                                               turn.rows, turn.id, asked=(user, turn.question),
                                               jira_list=engine.jira_list(turn.full_list) if turn.full_list else None))
            await respond(delete_original=True)

        @app.action(re.compile("^feedback_(up|down)$"))
        async def rate(ack, body, action, client, respond):
            await ack()
            rating = action["action_id"].removeprefix("feedback_")
            if rating == "down":  # first, inside the trigger's three seconds
                await client.views_open(trigger_id=body["trigger_id"], view=comment_modal(action["value"], "down"))
            stored = await self.open_engine.feedback(action["value"], rating, user=body["user"]["id"],
                                                      channel="slack", seen=True)
            # Thanks to this person only: the message, and its buttons, stay as everyone else sees them.
            thanks = "Thanks — marked helpful." if rating == "up" else "Thanks — marked not helpful."
            await respond(text=thanks if stored else NOT_KEPT, response_type="ephemeral", replace_original=False)

        @app.action("feedback_comment")
        async def comment(ack, body, action, client):
            await ack()
            await client.views_open(trigger_id=body["trigger_id"], view=comment_modal(action["value"], "comment"))

        @app.view("feedback_modal")
        async def submitted(ack, body, view):
            await ack()
            _, _, turn_id = view["private_metadata"].partition(":")
            text = (view["state"]["values"].get("comment", {}).get("text", {}).get("value") or "").strip()
            if text:  # a 👎 is already recorded: the comment joins it without counting twice
                await self.open_engine.feedback(turn_id, None, text, user=body["user"]["id"], channel="slack",
                                                 seen=True)

        @app.action(re.compile("^action_(confirm|cancel)$"))
        async def decide(ack, body, action, client, respond):
            await ack()  # a proposed change: done only for the person it was proposed to, once
            engine, verb = self.open_engine, action["action_id"].removeprefix("action_")
            try:
                asker = await self.asker(client, body["user"]["id"])
                act = engine.confirm_action if verb == "confirm" else engine.cancel_action
                text = (await act(action["value"], asker, "slack")).text
            except AccountNotLinked as exc:
                text = self.how_to_link(exc)
            except JirakgError as exc:
                text = str(exc)
            await respond(text=escape(text), response_type="ephemeral", replace_original=False)

        @app.action("explain")
        async def explain(ack, body, action, respond):
            await ack()
            turn = await self.open_engine.turn(action["value"], owner_of("slack", body["user"]["id"]))
            plans = turn.plans if turn else []
            await respond(text=explain_text(plans) if plans else NOT_YOURS, response_type="ephemeral",
                          replace_original=False)

        @app.action("ask_issue")
        async def ask_issue(ack, body, action, respond):
            await ack()
            user, key = body["user"]["id"], action["value"]
            place = (body.get("channel") or {}).get("id", "home")
            await self.answer(f"summarize {key}", f"slack:{place}:issue:{key}:{user}", user,
                              self._privately(respond))

        @app.event("link_shared")
        async def link_shared(body, event, client):
            if not await self.first_delivery("event", body.get("event_id")):
                return
            keys = issue_keys_in([link["url"] for link in event.get("links", [])],
                                 self.open_engine.services.manager.base_url)
            try:
                asker = await self.asker(client, event.get("user"))
                seen = {url: await self.open_engine.glance(key, asker, "slack") for url, key in keys.items()}
            except AccountNotLinked:
                return  # nothing is shown for a person jirakg cannot match
            unfurls = {url: issue_preview(issue) for url, issue in seen.items() if issue is not None}
            if not unfurls:
                return
            place = ({"source": event["source"], "unfurl_id": event["unfurl_id"]} if event.get("unfurl_id")
                     else {"channel": event["channel"], "ts": event["message_ts"]})
            await client.chat_unfurl(unfurls=unfurls, **place)

        @app.event("app_home_opened")
        async def home(event, client):
            if event.get("tab") != "home":
                return
            user = event["user"]
            asker = await self.asker(client, user)
            try:
                examples = [example.text for example in await self.open_engine.examples(asker, "slack")]
                account = ("Answers are what your Jira account may see." if self.open_engine.access is not None
                           else "This Jira shows everyone the same issues, so there is no account to link.")
            except AccountNotLinked as exc:
                examples, account = [], str(exc)
            recent = await self.open_engine.recent.of(owner_of("slack", user))
            await client.views_publish(user_id=user, view=home_view(examples, recent, account, self._linking(user)))

        @app.error
        async def failed(error, body):
            log.error("slack handler failed", exc_info=error, extra={"fields": {"error": type(error).__name__}})

    def _privately(self, respond) -> Delivery:
        """Through an interaction's response_url: only the asker sees it, in any channel, the bot a member
        or not."""
        async def post(text: str, blocks: list[dict]) -> None:
            await respond(text=text, blocks=blocks, response_type="ephemeral", replace_original=False)

        async def private(text: str) -> None:
            await respond(text=text, response_type="ephemeral", replace_original=False)
        return Delivery(post, private, asked=True, shareable=True)

    async def _in_thread(self, client, event: dict, thread: str | None) -> None:
        """An answer where the question was asked (its thread, if any); each person has their own
        conversation there, theirs to continue and rate. Errors go to the asker alone."""
        channel, user = event["channel"], event.get("user")

        async def post(text: str, blocks: list[dict]) -> None:
            await client.chat_postMessage(channel=channel, thread_ts=thread, text=text, blocks=blocks)

        async def private(text: str) -> None:
            await client.chat_postEphemeral(channel=channel, user=user, thread_ts=thread, text=text)
        place = f"slack:{channel}:{thread}" if thread else f"slack:{channel}"
        answered = await self.answer(MENTION.sub("", event.get("text", "")), f"{place}:{user}", user,
                                     Delivery(post, private))
        if answered and thread:
            await self.open_engine.remember(_thread_name(channel, thread))

    async def _link(self, user: str, words: list[str]) -> str:
        access = self.open_engine.access
        if access is None:
            return "This Jira shows everyone the same issues, so there is no account to link."
        try:
            account = await access.link("slack", user, words)
        except JirakgError as exc:
            return str(exc)
        return f"Linked: I now answer you as {account.display_name or account.id} in Jira."

    async def asker(self, client, user: str | None) -> Asker:
        """The person behind a Slack user: their profile's email (scope users:read.email), remembered for an
        hour; a Jira account linked with `/jirakg link` takes precedence in the engine."""
        if user is None:
            return Asker()

        async def profile_email() -> str | None:
            try:
                profile = (await client.users_info(user=user))["user"]["profile"]
            except (SlackApiError, KeyError, TypeError):
                return None  # unknown here: the person is told how to link instead
            return profile.get("email") if isinstance(profile.get("email"), str) else None

        return Asker(surface_user_id=user, email=await self._emails.get(user, profile_email))

    def how_to_link(self, exc: AccountNotLinked) -> str:
        """The unmatched person's sentence, with `/jirakg link`'s usage unless Jira sign-in is offered (the
        sentence then carries its link)."""
        access = self.open_engine.access
        return str(exc) if access is not None and access.sign_in is not None else f"{exc}\n{USAGE}"

    def _linking(self, user: str) -> str:
        """How a person links (another) Jira account, for the Home tab; nothing when there is none to link."""
        access = self.open_engine.access
        if access is None:
            return ""
        if access.sign_in is not None:
            return "To answer as another Jira account, " + access.how_to_link("slack", user)
        return USAGE

    async def answer(self, text: str, conversation: str, user: str | None, delivery: Delivery) -> bool:
        """Answer one question; False when there was none (the asker was told why, privately)."""
        question = html.unescape(text).strip() or "help"  # Slack sends &, < and > escaped
        engine = self.open_engine
        try:
            turn = TurnContext(text=question, surface="slack", conversation_id=conversation,
                               asker=await self.asker(self.app.client, user))
            result = await engine.ask(turn)
        except AccountNotLinked as exc:  # about this person only, so only they see it
            await delivery.private(self.how_to_link(exc))
            return False
        except JirakgError as exc:  # not answered, or not kept: the sentence says which
            await delivery.private(str(exc))
            return False
        except Exception:  # a sentence beats silence; the trace goes to the log
            log.exception("slack answer failed")
            await delivery.private("Something went wrong answering that; it has been logged.")
            return False
        blocks = answer_blocks(result.answer, result.urls, result.rows, result.turn_id, jira_list=result.jira_list,
                               asked=(user, question) if delivery.asked and user else None,
                               shareable=delivery.shareable, action=result.action)
        await delivery.post(fallback_text(result.answer), blocks)
        await engine.recent.add(turn.owner, question)
        return True


def _thread_name(channel: str, thread: str) -> str:
    return f"slack-thread:{channel}:{thread}"
