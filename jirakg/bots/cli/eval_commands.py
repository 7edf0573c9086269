"""`jirakg eval ...`: measure how well the product understands questions."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import get_args

import click
from pydantic import BaseModel

from jirakg.answer.kg_session import KgSession
from jirakg.bots.cli.context import moment, now_option, settings_from, with_jira
from jirakg.bots.cli.jira_access import jira_url
from jirakg.config import Settings
from jirakg.config.settings import LlmSettings
from jirakg.connectors.jira import JiraError
from jirakg.connectors.sparql import EmbeddedStore, RemoteEndpoint, SparqlError
from jirakg.engine.answer_evaluation import AnswerReport, evaluate_answers, load_answer_cases
from jirakg.engine.session import engine_session
from jirakg.engine.turn import OPERATOR, TurnContext
from jirakg.handlers import children, linked
from jirakg.intents.evaluation import Case, Report, evaluate, keys_for, load_cases, summary_line
from jirakg.intents.llm_routing import IntentScores, LlmRouting
from jirakg.intents.models import IntentCall
from jirakg.llm import LlmClient, LlmConfigError
from jirakg.retrieval.kgqa.evaluation import KgReport, evaluate_kgqa
from jirakg.retrieval.kgqa.linking import EntitySearch, linker_for
from jirakg.retrieval.subtrees import resolved_jql


@click.group("eval")
def eval_group() -> None:
    """Evaluate question understanding."""


@eval_group.command("nlq")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--jira-url", "jira_url_override", default=None,
              help="The Jira the cases refer to (default: the configured one or the demo).")
@click.option("--parser", "parser_name", type=click.Choice(["embedded", "llm", "both"]), default="embedded",
              show_default=True, help="llm needs llm.base_url and llm.model; it falls back to embedded per question. "
              "both: each, compared per intent, and the routing written to llm.routing_file.")
@now_option
@click.option("--json", "as_json", is_flag=True, help="End each file's report with one JSON line of metrics.")
@click.option("--show-failures", is_flag=True, help="List the cases the parser got wrong.")
@click.pass_context
def nlq(ctx: click.Context, files: tuple[Path, ...], jira_url_override: str | None, parser_name: str,
        now_text: str | None, as_json: bool, show_failures: bool) -> None:
    """Score intent parsing, issue keys and JQL execution accuracy on FILES (JSONL cases), each on its own; the
    files share one session, so the instance's vocabulary is read once."""
    settings = settings_from(ctx)
    settings = with_jira(settings, jira_url_override, None)
    if parser_name != "embedded" and not settings.llm.enabled:
        raise click.ClickException(f"--parser {parser_name} needs an endpoint: set llm.base_url "
                                   "(JIRAKG_LLM__BASE_URL) and llm.model (JIRAKG_LLM__MODEL).")
    if parser_name == "both" and len(files) > 1:
        raise click.ClickException("--parser both writes one routing: give it one file.")
    now = moment(now_text) or datetime.now(UTC)
    try:
        sets = {file: load_cases(file) for file in files}
        with jira_url(settings, now) as url:
            names = ["embedded", "llm"] if parser_name == "both" else [parser_name]
            reports = {name: asyncio.run(_run(url, settings, sets, now, name)) for name in names}
    except (JiraError, LlmConfigError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    for file in files:
        if len(files) > 1:
            click.echo(f"{file}:")
        for name, by_file in reports.items():
            if len(reports) > 1:
                click.echo(f"{name} parser:")
            _print(by_file[file], name, show_failures, as_json)
    if parser_name == "both":
        (file,) = files
        routing = LlmRouting(measured_on=str(file), model=settings.llm.model or "", scores={
            intent: IntentScores(cases=tally.cases, embedded=reports["embedded"][file].by_intent[intent].accuracy,
                                 llm=tally.accuracy) for intent, tally in reports["llm"][file].by_intent_own.items()})
        path = settings.llm.routing_file or settings.data_dir / "llm_routing.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(routing.model_dump_json(indent=2), encoding="utf-8")
        for intent, score in routing.scores.items():
            click.echo(f"{intent}: embedded {score.embedded:.2f}, llm {score.llm:.2f} over {score.cases} cases → "
                       f"{'llm' if routing.uses_llm(intent) else 'embedded'}")
        click.echo(f"routing written to {path}")


def _print(report: Report, parser_name: str, show_failures: bool, as_json: bool) -> None:
    if show_failures:
        for failure in report.failures:
            widened = " (widened silently)" if failure["widened_silently"] else ""
            click.echo(f"- {failure['query']!r}{widened}: gold {failure['gold']} {failure['gold_jql'] or ''}\n"
                       f"  got {failure['got']}")
    click.echo(f"single-intent F1 {report.single.f1:.3f}, multi-intent F1 {report.multi.f1:.3f}, "
               f"issue keys {report.issue_key_accuracy:.3f}, JQL execution {report.jql_execution_accuracy}, "
               f"p50 {report.p50_ms:.1f} ms, p95 {report.p95_ms:.1f} ms over {report.cases} cases"
               + (f", {report.fallbacks} fell back to the embedded parser" if parser_name == "llm" else ""))
    if report.llm_calls:
        click.echo("model calls: " + "; ".join(
            f"{stage} " + ", ".join(f"{outcome} {n}" for outcome, n in outcomes.items())
            for stage, outcomes in report.llm_calls.items()))
    if report.fallback_reasons:
        click.echo("fallback reasons: " + "; ".join(f"{why} ({n})" for why, n in report.fallback_reasons.items()))
    click.echo(f"widened silently {report.widened_silently}, answered instead of asking "
               f"{report.answered_instead_of_asking}")
    for title, tallies in (("form", report.by_variant), ("category", report.by_category)):
        if tallies:
            click.echo(f"by {title}: "
                       + ", ".join(f"{name} {t.accuracy:.2f} ({t.cases})" for name, t in tallies.items()))
    if as_json:
        click.echo(summary_line(report))


async def _run(url: str, settings: Settings, sets: dict[Path, list[Case]], now: datetime,
               parser_name: str) -> dict[Path, Report]:
    """Each case in a fresh conversation on an in-memory store: earlier questions are asked through the
    whole engine (so follow-ups see real results), then only the last one is parsed and timed."""
    updates: dict[str, BaseModel] = {"store": settings.store.model_copy(update={"backend": "memory"})}
    # Embedded: no model at all; llm: the model on every intent, whatever an earlier routing said.
    updates["llm"] = settings.llm.model_copy(update={"base_url": None} if parser_name == "embedded"
                                             else {"routing_file": None})
    async with engine_session(url, settings.model_copy(update=updates), now=lambda: now, people=False) as engine:
        async def replay(history: list[str]) -> str | None:
            conversation = None
            for question in history:
                reply = await engine.ask(TurnContext(text=question, conversation_id=conversation, asker=OPERATOR))
                conversation = reply.conversation_id
            return conversation

        async def run(what: str | IntentCall) -> set[str] | None:
            """A gold JQL as written; an answer as its handler runs it: the search's slots resolved through the
            issue graph first, an issue's links or children as that handler lists them."""
            manager = engine.services.manager
            if isinstance(what, str):
                return await keys_for(manager, what)
            if what.jql is not None:
                return await keys_for(manager, await resolved_jql(what.jql, what.slots, manager))
            handler = children.HANDLER if what.name == "children" else linked.HANDLER
            try:
                facts = await handler.fetch(handler.plan(what), manager)
            except JiraError:
                return None
            return {node.key for node in facts.nodes}

        return {file: await evaluate(cases, lambda case, conversation: engine.understand(case.query, conversation),
                                     run, replay) for file, cases in sets.items()}


@eval_group.command("answers")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--dataset", default=None, help="Only the cases of this dataset (demo, fluid).")
@click.option("--jira-url", "jira_url_override", default=None,
              help="The Jira the cases refer to (default: the configured one or the demo).")
@now_option
@click.option("--json", "as_json", is_flag=True, help="End with one JSON line of metrics.")
@click.option("--show-failures", is_flag=True, help="List the cases answered wrong, with what was missing.")
@click.pass_context
def answers(ctx: click.Context, file: Path, dataset: str | None, jira_url_override: str | None, now_text: str | None,
            as_json: bool, show_failures: bool) -> None:
    """Score whole answers on FILE (JSONL cases with expectations computed from the raw data)."""
    settings = settings_from(ctx)
    settings = with_jira(settings, jira_url_override, None)
    settings = settings.model_copy(update={"store": settings.store.model_copy(update={"backend": "memory"}),
                                           "llm": settings.llm.model_copy(update={"base_url": None})})
    now = moment(now_text) or datetime.now(UTC)

    async def run(url: str) -> AnswerReport:
        async with engine_session(url, settings, now=lambda: now, people=False) as engine:
            return await evaluate_answers(cases, lambda text, conversation: engine.ask(
                TurnContext(text=text, conversation_id=conversation, asker=OPERATOR)))

    try:
        cases = load_answer_cases(file, dataset)
        with jira_url(settings, now) as url:
            report = asyncio.run(run(url))
    except (JiraError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if show_failures:
        for failure in report.failures:
            click.echo(f"- {failure['id']} {failure['query']!r} [{failure['intent']} → {','.join(failure['got'])}]: "
                       f"{'; '.join(failure['problems'])}\n  " + "\n  ".join(failure["answer"]))
    click.echo(f"answers right {report.accuracy:.3f}, intent {report.intent_accuracy:.3f}, p95 {report.p95_ms:.1f} ms "
               f"over {report.cases} cases")
    for title, tallies in (("intent", report.by_intent), ("form", report.by_form)):
        click.echo(f"by {title}: " + ", ".join(f"{name} {t.accuracy:.2f} ({t.cases})" for name, t in tallies.items()))
    if as_json:
        click.echo(report.model_dump_json(exclude={"failures"}))


@eval_group.command("kgqa")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--endpoint", default=None, help="A SPARQL endpoint holding the graph (default: load FOLDER/kg.nt).")
@click.option("--entity-search", type=click.Choice(get_args(EntitySearch)), default="auto",
              show_default=True, help="How entities are found by label (see sparql.entity_search).")
@click.option("--llm", "with_llm", is_flag=True, help="With the configured model (llm.base_url, llm.model): it "
              "reformulates, picks the relation among the best few and words the answer, each checked and falling "
              "back to the rules; prints how often its output was used and why not.")
@click.option("--json", "as_json", is_flag=True, help="End with one JSON line of metrics.")
@click.pass_context
def kgqa(ctx: click.Context, folder: Path, endpoint: str | None, entity_search: EntitySearch, with_llm: bool,
         as_json: bool) -> None:
    """Score knowledge-graph answers on FOLDER (kg.nt + dialogues.jsonl): P@1, MRR, Hit@5."""
    llm_settings = settings_from(ctx).llm if with_llm else None
    if llm_settings is not None and not llm_settings.enabled:
        raise click.ClickException("--llm needs an endpoint: set llm.base_url (JIRAKG_LLM__BASE_URL) and llm.model "
                                   "(JIRAKG_LLM__MODEL).")
    try:
        graph = RemoteEndpoint(endpoint) if endpoint else EmbeddedStore(folder / "kg.nt")
        report = asyncio.run(_kgqa(graph, linker_for(graph, entity_search, embedded=endpoint is None), folder,
                                   llm_settings))
    except (SparqlError, OSError, LlmConfigError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"dialogue P@1 {report.dialogue.p_at_1:.3f} MRR {report.dialogue.mrr:.3f} "
               f"Hit@5 {report.dialogue.hit_at_5:.3f}; self-contained P@1 {report.self_contained.p_at_1:.3f}; "
               f"p50 {report.p50_ms:.1f} ms, p95 {report.p95_ms:.1f} ms per turn over {report.questions} questions")
    if report.llm is not None:
        use = report.llm
        stages = ", ".join(f"{stage} {n}" for stage, n in use.by_stage.items()) or "no stage"
        click.echo(f"llm output used in {use.used} of {use.turns} turns ({use.used / (use.turns or 1):.0%}; {stages})")
        calls = "; ".join(f"{stage} " + ", ".join(f"{outcome} {n}" for outcome, n in outcomes.items())
                          for stage, outcomes in use.calls.items())
        click.echo(f"llm calls: {calls or 'none'}")
        if use.fallback_reasons:
            click.echo("fallback reasons: " + "; ".join(f"{why} ({n})" for why, n in use.fallback_reasons.items()))
    if as_json:
        click.echo(report.model_dump_json())


async def _kgqa(graph, linker, folder: Path, llm_settings: LlmSettings | None) -> KgReport:
    """The evaluation with the configured model when given: its name checked and its mode probed first."""
    if llm_settings is None:
        return await evaluate_kgqa(KgSession(graph, linker), folder)
    llm = LlmClient.from_settings(llm_settings)
    try:
        await llm.start()
        return await evaluate_kgqa(KgSession(graph, linker, llm), folder, with_llm=True)
    finally:
        await llm.close()
