"""slack-bolt wiring. HTTP mode serves /slack/events (events, the slash command and interactions,
one path as Bolt allows) from `jirakg serve`; Socket Mode connects out, for a laptop.

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
from jirakg.bots.slack.blocks import answer_blocks, comment_modal, escape, explain_text, thanks_blocks
from jirakg.bots.web.json_body import MAX_DEPTH, BadBody, nesting, read_body
from jirakg.config import ConfigError
from jirakg.config.settings import SlackSettings
from jirakg.engine.engine import Engine
from jirakg.engine.turn import Asker, TurnContext, owner_of
from jirakg.errors import JirakgError

log = logging.getLogger("jirakg.slack")
EMAIL_TTL_S = 3600
MENTION = re.compile(r"<@[A-Z0-9]+>\s*")
NOT_YOURS = "Only the person who asked can rate or explain that answer, and only while it is kept."


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
    def _open_engine(self) -> Engine:
        """The engine; the server opens it before it takes a request."""
        if self.engine is None:
            raise RuntimeError("The Slack bot got a request before the engine was open.")
        return self.engine

    async def _first_delivery(self, kind: str, delivery_id: object) -> bool:
        """True once per event id or slash-command trigger, across retries, replays and replicas."""
        if not isinstance(delivery_id, str) or not delivery_id:
            return True
        return await self._open_engine.claim_event(f"slack-{kind}:{delivery_id}")

    def _register(self) -> None:
        app = self.app

        @app.event("app_mention")
        async def mention(body, event, client):
            if await self._first_delivery("event", body.get("event_id")):
                await self._reply(client, event, thread=event.get("thread_ts") or event["ts"])

        @app.event("message")
        async def direct_message(body, event, client):
            if event.get("channel_type") != "im" or event.get("subtype") or event.get("bot_id"):
                return
            if await self._first_delivery("event", body.get("event_id")):
                await self._reply(client, event, thread=event.get("thread_ts"))

        @app.command("/jirakg")
        async def command(ack, command, client):
            await ack()  # within Slack's 3 s; the answer follows as a message
            if not await self._first_delivery("command", command.get("trigger_id")):
                return  # the same signed request again (a replay within Slack's five minutes)
            words = command.get("text", "").split()
            if words[:1] == ["link"]:
                await client.chat_postEphemeral(channel=command["channel_id"], user=command["user_id"],
                                                text=await self._link(command["user_id"], words[1:]))
                return
            await self._answer(client, command["channel_id"], None, command.get("text", ""),
                               f"slack:{command['channel_id']}:command:{command['user_id']}", command["user_id"])

        @app.action(re.compile("^feedback_(up|down)$"))
        async def rate(ack, body, action, client):
            await ack()
            rating = action["action_id"].removeprefix("feedback_")
            user = body["user"]["id"]
            if not await self._open_engine.feedback(action["value"], rating, user=user, channel="slack"):
                await client.chat_postEphemeral(channel=body["channel"]["id"], user=user, text=NOT_YOURS)
                return
            message = body.get("message") or {}
            if message.get("ts"):
                await client.chat_update(channel=body["channel"]["id"], ts=message["ts"], text=message.get("text", ""),
                                         blocks=thanks_blocks(message.get("blocks", []), rating))
            if rating == "down":
                await client.views_open(trigger_id=body["trigger_id"], view=comment_modal(action["value"], "down"))

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
                await self._open_engine.feedback(turn_id, None, text, user=body["user"]["id"], channel="slack")

        @app.action("explain")
        async def explain(ack, body, action, client):
            await ack()
            turn = await self._open_engine.turn(action["value"], owner_of("slack", body["user"]["id"]))
            plans = turn.plans if turn else []
            await client.chat_postEphemeral(channel=body["channel"]["id"], user=body["user"]["id"],
                                            text=explain_text(plans) if plans else NOT_YOURS)

        @app.error
        async def failed(error, body):
            log.error("slack handler failed", extra={"fields": {"error": type(error).__name__}})

    async def _reply(self, client, event: dict, thread: str | None) -> None:
        # Each person has their own conversation in a thread: it is theirs to continue and rate.
        place = f"slack:{event['channel']}:{thread}" if thread else f"slack:{event['channel']}"
        conversation = f"{place}:{event.get('user')}"
        await self._answer(client, event["channel"], thread, MENTION.sub("", event.get("text", "")), conversation,
                           event.get("user"))

    async def _link(self, user: str, words: list[str]) -> str:
        access = self._open_engine.access
        if access is None:
            return "This Jira shows everyone the same issues, so there is no account to link."
        try:
            account = await access.link("slack", user, words)
        except JirakgError as exc:
            return str(exc)
        return f"Linked: I now answer you as {account.display_name or account.id} in Jira."

    async def _asker(self, client, user: str | None) -> Asker:
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

    async def _answer(self, client, channel: str, thread: str | None, text: str, conversation: str,
                      user: str | None) -> None:
        question = html.unescape(text).strip() or "help"  # Slack sends &, < and > escaped
        try:
            turn = TurnContext(text=question, surface="slack", conversation_id=conversation,
                               asker=await self._asker(client, user))
            result = await self._open_engine.ask(turn)
        except AccountNotLinked as exc:  # about this person only, so only they see it
            signs_in = self._open_engine.access is not None and self._open_engine.access.sign_in is not None
            await client.chat_postEphemeral(channel=channel, user=user,
                                            text=str(exc) if signs_in else f"{exc}\n{USAGE}")
            return
        except JirakgError as exc:  # not answered, or not kept: the sentence says which
            await client.chat_postMessage(channel=channel, thread_ts=thread, text=str(exc))
            return
        except Exception:  # a sentence in the thread beats silence; the trace goes to the log
            log.exception("slack answer failed")
            await client.chat_postMessage(channel=channel, thread_ts=thread,
                                          text="Something went wrong answering that; it has been logged.")
            return
        await client.chat_postMessage(channel=channel, thread_ts=thread, text=escape(result.answer)[:3000],
                                      blocks=answer_blocks(result))
