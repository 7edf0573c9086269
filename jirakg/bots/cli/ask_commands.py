"""`jirakg ask` (one turn) and `jirakg chat` (a conversation) on the command line."""

from __future__ import annotations

import asyncio
import sys
from contextlib import AsyncExitStack
from typing import Literal

import click

from jirakg.actions.models import ActionOutcome
from jirakg.bots.cli.answer_text import answer_text, hyperlinks_supported
from jirakg.bots.cli.context import asker_for, moment, now_option, settings_from, user_option, with_jira
from jirakg.bots.cli.jira_access import jira_url as jira_for
from jirakg.bots.cli.line_input import LineInput
from jirakg.engine.session import engine_session
from jirakg.engine.turn import TurnContext, TurnResult
from jirakg.errors import JirakgError
from jirakg.intents.embedded import NOT_TEXT, input_problem

COMMANDS = "Commands: /explain, /feedback up|down [comment], /confirm, /cancel, /reset, /quit"
NOT_UTF8 = ("That line holds a control character or bytes that are not UTF-8 (check the terminal's encoding); "
            "nothing was sent.")


def _show(result: TurnResult, explain: bool) -> None:
    click.echo(answer_text(result, hyperlinks_supported(sys.stdout)))
    if explain:
        for line in result.explain:
            click.echo(f"  plan: {line}")


@click.command()
@click.argument("question")
@click.option("--conversation", default=None, help="Continue this conversation id.")
@click.option("--jira-url", default=None, help="Jira base URL (default: configured, else the demo).")
@click.option("--jira-token", default=None, help="API token or personal access token for --jira-url.")
@click.option("--explain", is_flag=True, help="Show the retrieval plan and cache hits.")
@click.option("--json", "as_json", is_flag=True, help="Print the turn as JSON.")
@click.option("--yes", is_flag=True, help="Make the change a write request proposes (actions.enabled), after "
              "printing it.")
@now_option
@user_option
@click.pass_context
def ask(ctx: click.Context, question: str, conversation: str | None, jira_url: str | None, jira_token: str | None,
        explain: bool, as_json: bool, yes: bool, now_text: str | None, user: str | None) -> None:
    """Ask one question."""
    problem = input_problem(question)
    if problem:
        raise click.ClickException(problem)
    settings = with_jira(settings_from(ctx), jira_url, jira_token)
    now = moment(now_text)

    async def turn(url: str) -> tuple[TurnResult, ActionOutcome | None]:
        async with engine_session(url, settings, now=(lambda: now) if now else None, people=bool(user)) as engine:
            result = await engine.ask(TurnContext(text=question, conversation_id=conversation, asker=asker_for(user)))
            if result.action is None or not yes:
                return result, None
            _print(result, as_json, explain)  # the proposal first: what is about to change
            return result, await engine.confirm_action(result.action.id, asker_for(user), "cli")

    try:
        with jira_for(settings, now) as url:
            result, outcome = asyncio.run(turn(url))
    except JirakgError as exc:
        raise click.ClickException(str(exc)) from exc
    if outcome is not None:
        click.echo(outcome.model_dump_json() if as_json else outcome.text)
    else:
        _print(result, as_json, explain)


def _print(result: TurnResult, as_json: bool, explain: bool) -> None:
    if as_json:
        click.echo(result.reply().model_dump_json(exclude=None if explain else {"explain"}))
    else:
        _show(result, explain)


@click.command()
@click.option("--conversation", default=None, help="Continue this conversation id.")
@now_option
@user_option
@click.pass_context
def chat(ctx: click.Context, conversation: str | None, now_text: str | None, user: str | None) -> None:
    """Talk to jirakg; follow-up questions keep their context."""
    settings = settings_from(ctx)
    now = moment(now_text)

    def loop(runner: asyncio.Runner, url: str, lines: LineInput) -> None:
        # Lines are read on the main thread, between the engine's turns on the runner's loop, so that
        # readline owns the terminal and Ctrl-C reaches whichever is running.
        stack = AsyncExitStack()
        engine = runner.run(stack.enter_async_context(
            engine_session(url, settings, now=(lambda: now) if now else None, people=bool(user))))
        try:
            conversation_id, last = conversation, None
            click.echo(f"Ask about your Jira. {COMMANDS}")
            while True:
                try:
                    line = lines.read("> ")
                except KeyboardInterrupt:  # as in a shell: Ctrl-C drops the line; /quit or Ctrl-D leaves
                    click.echo()
                    continue
                if line is None:
                    return
                line = line.strip()
                if not line:
                    continue
                if line in ("/quit", "/exit"):
                    return
                if NOT_TEXT.search(line):  # not even a command: a feedback comment must be text too
                    click.echo(NOT_UTF8)
                elif line == "/reset":
                    conversation_id, last = None, None
                    click.echo("New conversation.")
                elif line == "/explain":
                    click.echo("\n".join(last.explain) if last else "Nothing asked yet.")
                elif line.startswith("/feedback"):
                    parts = line.split(maxsplit=2)
                    if last is None or len(parts) < 2 or parts[1] not in ("up", "down"):
                        click.echo("Usage: /feedback up|down [comment], after an answer.")
                    else:
                        rating: Literal["up", "down"] = "up" if parts[1] == "up" else "down"
                        comment = parts[2] if len(parts) > 2 else None
                        runner.run(engine.feedback(last.turn_id, rating, comment, user=user, channel="cli"))
                        click.echo("Thanks, recorded.")
                elif line in ("/confirm", "/cancel"):
                    if last is None or last.action is None:
                        click.echo("There is no proposed change to confirm or cancel.")
                        continue
                    decide = engine.confirm_action if line == "/confirm" else engine.cancel_action
                    try:
                        click.echo(runner.run(decide(last.action.id, asker_for(user), "cli")).text)
                    except JirakgError as exc:
                        click.echo(str(exc))
                elif line.startswith("/"):
                    click.echo(COMMANDS)
                elif problem := input_problem(line):
                    click.echo(problem)
                else:
                    turn = TurnContext(text=line, conversation_id=conversation_id, asker=asker_for(user))
                    try:
                        last = runner.run(engine.ask(turn))
                    except JirakgError as exc:
                        click.echo(str(exc))
                        continue
                    except KeyboardInterrupt:  # Ctrl-C while waiting: that question is dropped
                        click.echo("Stopped.")
                        continue
                    conversation_id = last.conversation_id
                    _show(last, explain=False)
        finally:
            runner.run(stack.aclose())

    try:
        with (jira_for(settings, now) as url, LineInput(settings.data_dir / "chat_history") as lines,
              asyncio.Runner() as runner):
            loop(runner, url, lines)
    except JirakgError as exc:
        raise click.ClickException(str(exc)) from exc

