"""What a parser produces: intents with typed slots and issue keys."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

IntentName = Literal["metadata", "children", "linked", "dependencies", "changelog", "summary", "search",
                     "count", "breakdown", "ranking", "stats", "workload", "sprint", "release", "risk", "activity",
                     "comments", "reasoning", "kg_question", "help", "clarify"]
DateField = Literal["created", "updated", "resolved", "due"]
EmptiableField = Literal["assignee", "reporter", "fixVersion", "affectedVersion", "component", "labels", "duedate",
                         "resolution", "sprint", "parent", "description", "environment", "issueLinkType", "comment"]
SprintState = Literal["open", "closed", "future"]


class TimeWindow(BaseModel):
    start: str | None = None  # ISO timestamps, UTC; None means open-ended
    end: str | None = None
    phrase: str = ""  # the words it came from, e.g. "last week"


class DateRange(TimeWindow):
    """A window on one date field: "created in March 2008", "resolved last week", "due this week"."""
    field: DateField = "created"


class HistoryCondition(BaseModel):
    """A field's past, as Jira's history operators search it: `assignee WAS currentUser()` ("used to be mine"),
    `status CHANGED TO "Blocked" AFTER "2026/10/01 00:00"` ("moved to Blocked since October")."""
    # fixVersion: "slipped from 2026.Q3 into 2026.Q4"; priority: "escalated to Highest"
    field: Literal["status", "assignee", "fixVersion", "priority"]
    # changed from: "used to be Carla's" (not now); changed: "changed hands last week" (no value)
    operator: Literal["was", "was not", "changed to", "changed from", "changed"]
    value: str | None = None  # a status name, an account id or currentUser()
    after: str | None = None  # ISO timestamps bounding when
    before: str | None = None


class LinkFilter(BaseModel):
    """Issues with a link. With `key`: linked to that issue, by `link_type` as the link reads from `key`
    (Jira's linkedIssues(key, type): "is blocked by" finds key's blockers). Without: issues having a link
    that reads `link_type` from their own side ("blocks": issues that block something)."""
    key: str | None = None
    link_type: str | None = None


class NumberFilter(BaseModel):
    """A number field compared with a value: story points >= 8; with no value, = is empty and != is set."""
    field: str  # the field's name as JQL takes it
    operator: Literal["=", "!=", "<", "<=", ">", ">="]
    value: float | None


Metric = Literal["issues", "points", "age", "resolution_time", "comments", "links", "watchers", "votes"]


class Measure(BaseModel):
    """How a team question aggregates the issues its conditions select: "bugs per priority per component",
    "who has the most open issues", "the oldest blocker", "what fraction … are resolved", "average age"."""
    group_by: list[str] = Field(default_factory=list)  # up to two field ids, or project, created_month, created_week
    metric: Metric = "issues"  # what is counted, summed or compared
    direction: Literal["most", "fewest"] = "most"  # "oldest" is the most age, "newest" the fewest
    top: int | None = None  # "top 5", "the 3 oldest"
    statistic: Literal["share", "ratio", "average", "median", "sum", "throughput"] | None = None
    subset_jql: str | None = None  # share: the part whose fraction is asked ("… are resolved"); ratio: the first
    versus_jql: str | None = None  # ratio: the second part ("bugs to *stories*")
    parts: list[str] = Field(default_factory=list)  # ratio: the two parts as asked ("bugs", "stories")
    period: Literal["week", "month"] = "month"  # throughput
    detail: Literal["latest", "authors", "count", "mentions", "all"] = "all"  # comments: what is asked of them
    points_field: str | None = None  # the instance's story-points field id, when the answer uses points
    sprint_field: str | None = None  # the instance's sprint field id (sprint progress, grouping by sprint)
    actor: str | None = None  # activity: the person whose changes are asked about (display name)
    # risk: the instance's issue type a question's "risks" also names ("OPS risks"): its open issues are named too
    register_type: str | None = None


TextField = Literal["text", "summary", "description", "environment", "comment"]  # where words are searched


class FieldOption(BaseModel):
    model_config = ConfigDict(frozen=True)  # kept in lists made unique by value

    field: str  # the custom field's name, as JQL accepts it
    value: str


class ValueFilters(BaseModel):
    """Values that select issues; every one exists in the instance (names, keys, account ids)."""
    projects: list[str] = Field(default_factory=list)
    issue_types: list[str] = Field(default_factory=list)
    statuses: list[str] = Field(default_factory=list)
    status_categories: list[str] = Field(default_factory=list)  # new | indeterminate | done
    priorities: list[str] = Field(default_factory=list)
    assignees: list[str] = Field(default_factory=list)  # account ids / user keys, or currentUser()
    reporters: list[str] = Field(default_factory=list)
    components: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)
    fix_versions: list[str] = Field(default_factory=list)
    affected_versions: list[str] = Field(default_factory=list)  # "bugs affecting 1.4"
    sprints: list[str] = Field(default_factory=list)  # sprint ids
    resolutions: list[str] = Field(default_factory=list)
    options: list[FieldOption] = Field(default_factory=list)  # values of select custom fields ("S1 - Critical")

    def is_empty(self) -> bool:
        return not any(getattr(self, name) for name in ValueFilters.model_fields)


class Slots(ValueFilters):
    """Everything an intent may carry; each intent uses the ones its spec names."""
    excluded: ValueFilters = Field(default_factory=ValueFilters)  # "not bugs", "except Done", "other than Ana"
    empty: list[EmptiableField] = Field(default_factory=list)  # "unassigned", "no fix version", "unresolved"
    filled: list[EmptiableField] = Field(default_factory=list)  # "has a due date", "resolved"
    dates: list[DateRange] = Field(default_factory=list)
    overdue: bool = False  # due before today and not resolved
    every_label: bool = False  # the labels named each describe the issues: all of them, not any
    every_sprint: bool = False  # "in both DATA Sprint 51 and 52", "carried over from 51 into 52": in each sprint
    sprint_state: SprintState | None = None  # "in the current sprint": sprint in openSprints()
    sprint_state_excluded: bool = False  # "not in the current sprint": outside it, the backlog included
    carried_over: bool = False  # "rolled over from an earlier sprint": in a running sprint and in a closed one
    was_statuses: list[str] = Field(default_factory=list)  # "had been Blocked at some point": status WAS
    history: list[HistoryCondition] = Field(default_factory=list)  # "used to be mine", "moved to Blocked since May"
    version_state: Literal["released", "unreleased"] | None = None  # "planned for a release not shipped yet"
    numbers: list[NumberFilter] = Field(default_factory=list)  # "8 story points or more"
    descendants_of: list[str] = Field(default_factory=list)  # issue keys whose whole subtree is wanted
    links: list[LinkFilter] = Field(default_factory=list)
    parents: list[str] = Field(default_factory=list)  # issue keys whose children are wanted
    text: str | None = None  # words to search for, or a knowledge-graph question
    # where the words are searched: everywhere, the title, or the environment ("IE6 in the environment")
    text_field: TextField = "text"
    typed_jql: str | None = None  # a condition the person typed as JQL, its values grounded
    order_by: str | None = None  # a JQL ORDER BY clause: "priority DESC"
    fields: list[str] = Field(default_factory=list)  # field ids asked for (metadata, changelog)
    link_type: str | None = None  # linked/dependencies: a link description such as "is blocked by"
    window: TimeWindow | None = None  # changelog: when the changes happened
    measure: Measure | None = None  # team questions: how the selected issues are aggregated
    reason: str | None = None  # clarify: why the question could not be resolved
    ignored: list[str] = Field(default_factory=list)  # words of the question that looked like conditions, not used
    assumed: list[str] = Field(default_factory=list)  # readings chosen among several, said with the answer



class IntentCall(BaseModel):
    name: IntentName
    issue_keys: list[str] = Field(default_factory=list)
    slots: Slots = Field(default_factory=Slots)
    jql: str | None = None  # search/count: the JQL the filters became (or the JQL the person typed)


class ParsedQuery(BaseModel):
    text: str
    intents: list[IntentCall]
    parser: Literal["embedded", "llm"] = "embedded"
    fallback_reason: str | None = None  # why the LLM parser's reading was not used and the embedded one was

    @property
    def fell_back(self) -> bool:
        return self.fallback_reason is not None


class ConversationState(BaseModel):
    """What the parser needs from earlier turns."""

    active_keys: list[str] = Field(default_factory=list)  # most recent first
    last_results: list[str] = Field(default_factory=list)  # keys listed in the last answer, in order
    last_intent: str | None = None
    last_search: Slots | None = None  # the conditions of the last set of issues, for follow-ups
