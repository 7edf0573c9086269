"""The read tools: each turns its typed input into the engine's own calls — a turn, or an intent's
plan and fetch from `handlers/` through the asker's view of the graph — and its facts into typed output."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from jirakg.analysis.critical_path import critical_path
from jirakg.analysis.groups import grouped, percent
from jirakg.analysis.values import person, values
from jirakg.answer.templated import shown
from jirakg.bots.mcp.models import (
    AskInput,
    BreakdownInput,
    BreakdownOutput,
    Change,
    DependenciesInput,
    DependenciesOutput,
    FeedbackInput,
    FeedbackOutput,
    Group,
    HistoryInput,
    HistoryOutput,
    Hop,
    IssueInput,
    IssueOutput,
    IssueRef,
    KgAskInput,
    LinkedIssue,
    SearchInput,
    SearchOutput,
    SubGroup,
)
from jirakg.engine.engine import Engine
from jirakg.engine.turn import Asker, AskReply, Surface, TurnContext
from jirakg.errors import JirakgError
from jirakg.graph import GraphManager, Node
from jirakg.graph.node import ChangeEntry
from jirakg.handlers import changelog, children, dependencies, search, team
from jirakg.intents.models import IntentCall, Measure, Slots, TimeWindow

DETAIL_FIELDS = ["priority", "assignee", "reporter", "created", "updated", "resolution", "resolutiondate", "duedate",
                 "labels", "components", "fixVersions"]
SURFACE: Surface = "mcp"


class ToolRefused(JirakgError):
    """A call the tool cannot answer as asked: words that select no issues, an answer that is not there."""


@dataclass(frozen=True)
class Caller:
    """Who calls a tool, through which engine: every tool runs as this asker."""
    engine: Engine
    asker: Asker

    async def graph(self) -> GraphManager:
        """The issue graph as the asker may browse it; AccountNotLinked when they have no Jira account."""
        _, services = await self.engine.services_for(self.asker, SURFACE)
        return services.manager


async def ask(given: AskInput, caller: Caller) -> AskReply:
    result = await caller.engine.ask(TurnContext(text=given.question, surface=SURFACE, asker=caller.asker,
                                                 conversation_id=given.conversation_id,
                                                 issue_key=given.issue_key.upper() if given.issue_key else None))
    return result.reply()


async def kg_ask(given: KgAskInput, caller: Caller) -> AskReply:
    result = await caller.engine.ask(TurnContext(text=given.question, surface=SURFACE, asker=caller.asker,
                                                 conversation_id=given.conversation_id, knowledge_graph=True))
    return result.reply()


async def search_issues(given: SearchInput, caller: Caller) -> SearchOutput:
    call, manager = await _selection(caller.engine, given.query), await caller.graph()
    found = await search.fetch(search.plan(call.model_copy(update={"name": "search"})), manager)
    jql = found.plan.jql or ""
    return SearchOutput(jql=jql, url=manager.search_url(jql), total=len(found.nodes),
                        issues=[_ref(node, manager) for node in found.nodes[:given.limit]])


async def get_issue(given: IssueInput, caller: Caller) -> IssueOutput:
    key, manager = given.key.upper(), await caller.graph()
    node = await manager.node(key, DETAIL_FIELDS, changelog=True)
    kids = await children.fetch(children.plan(IntentCall(name="children", issue_keys=[key])), manager)
    linked = node.linked()
    others = await manager.nodes(sorted({other for other, _, _ in linked}), ["assignee"])
    newest = sorted(node.changelog or [], key=lambda entry: entry.created, reverse=True)
    links = [LinkedIssue(**_ref(others[other], manager).model_dump(),
                         relation=node.link_verbs.get(kind, {}).get(side, kind))
             for other, kind, side in linked if other in others]  # one the asker may not browse is left out
    return IssueOutput(key=node.key, url=manager.issue_url(node.key), summary=node.summary, type=node.type,
                       project=node.project, status=node.status,
                       fields={f: shown(node.fields.get(f)) for f in DETAIL_FIELDS}, parent=node.parent,
                       children=[_ref(n, manager) for n in kids.nodes], links=links,
                       recent_changes=_changes(newest[:given.changes]))


async def walk_dependencies(given: DependenciesInput, caller: Caller) -> DependenciesOutput:
    key = given.key.upper()
    slots = Slots(link_type="blocks" if given.direction == "blocks" else None)
    manager = await caller.graph()
    facts = await dependencies.chain(dependencies.plan(IntentCall(name="dependencies", issue_keys=[key],
                                                                  slots=slots)), manager)
    by_key = {node.key: node for node in facts.nodes}
    chain = [Hop(**_ref(by_key[k], manager).model_dump(), level=level)
             for level, layer in enumerate(facts.layers, 1) for k in layer if k in by_key]
    direction = "outward" if given.direction == "blocks" else "inward"
    return DependenciesOutput(key=facts.subject.key, direction=given.direction, chain=chain, cycles=facts.cycles,
                              critical_path=critical_path(facts.subject, facts.nodes, "Blocks", direction))


async def history(given: HistoryInput, caller: Caller) -> HistoryOutput:
    window = TimeWindow(start=_utc(given.since), end=_utc(given.until)) if given.since or given.until else None
    call = IntentCall(name="changelog", issue_keys=[given.key.upper()], slots=Slots(fields=given.fields, window=window))
    facts = await changelog.fetch(changelog.plan(call), await caller.graph())
    return HistoryOutput(key=facts.subject.key, changes=_changes(facts.changes))


async def breakdown(given: BreakdownInput, caller: Caller) -> BreakdownOutput:
    call = await _selection(caller.engine, given.query) if given.query.strip() else IntentCall(name="search")
    fields: list[str] = list(given.group_by) or team.measure_of(call).group_by or ["status"]
    plan = team.plan(IntentCall(name="breakdown", jql=call.jql, slots=call.slots.model_copy(
        update={"measure": Measure(group_by=fields)})))
    facts = await team.fetch(plan, await caller.graph())
    nodes = facts.nodes
    groups = []
    for value, count in grouped(nodes, fields[0]):
        inner = grouped([n for n in nodes if value in values(n, fields[0])], fields[1]) if len(fields) > 1 else []
        groups.append(Group(value=value, count=int(count), percent=percent(int(count), len(nodes)),
                            groups=[SubGroup(value=v, count=int(c)) for v, c in inner]))
    return BreakdownOutput(jql=facts.plan.jql or team.EVERYTHING, total=len(nodes), group_by=fields, groups=groups)


async def feedback(given: FeedbackInput, caller: Caller) -> FeedbackOutput:
    stored = await caller.engine.feedback(given.turn_id, given.rating, given.comment,
                                          user=caller.asker.surface_user_id, channel=SURFACE)
    if not stored:
        raise ToolRefused(f"There is no answer with turn_id {given.turn_id}.")
    return FeedbackOutput(recorded=True, turn_id=given.turn_id)


async def _selection(engine: Engine, text: str) -> IntentCall:
    """The issues `text` selects, read by the engine's parser as any question is (JQL typed as JQL runs
    as JQL, its values grounded); the parser's own sentence when it cannot be read."""
    parsed = await engine.understand(text)
    call = parsed.intents[0]
    if call.name == "clarify":
        raise ToolRefused(call.slots.reason or "I could not read that as a search.")
    if call.jql is None and call.slots.measure is None:  # a team question without conditions counts everything
        raise ToolRefused(f"'{text}' does not select issues; ask it with the ask tool, or write the conditions "
                         "(for example 'open bugs in PROJ' or 'project = PROJ AND status = Open').")
    return call


def _ref(node: Node, manager: GraphManager) -> IssueRef:
    return IssueRef(key=node.key, summary=node.summary, status=node.status, assignee=person(node),
                    url=manager.issue_url(node.key))


def _changes(entries: list[ChangeEntry]) -> list[Change]:
    return [Change(at=entry.created, author=entry.author, field=item.field, before=item.from_string,
                   after=item.to_string) for entry in entries for item in entry.items]


def _utc(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat()
