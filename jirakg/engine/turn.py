"""The typed values a turn enters and leaves the engine as."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from jirakg.answer.parts import ExplainStep, IssueRow
from jirakg.llm.turn_budget import LlmCall

Surface = Literal["cli", "api", "web", "slack", "jira", "mcp"]


class Asker(BaseModel):
    """Who asks, as far as the surface verified it: its own user id, and an email or the Jira account.
    Never taken from anything a client can set."""
    surface_user_id: str | None = None
    account_id: str | None = None
    display_name: str | None = None
    email: str | None = None
    # The operator (the CLI without --user, an API token issued to a machine, the open local demo):
    # answers as the service account, unchecked.
    service_account: bool = False


OPERATOR = Asker(service_account=True)  # whoever runs jirakg itself: answered as the service account


def owner_of(surface: Surface, user: str | None) -> str:
    """Whose a conversation is: the user the surface verified (a token's fingerprint, a Slack user, a Forge
    account), on that surface. Only its owner may read, continue or rate it."""
    return f"{surface}:{user or 'anonymous'}"


class TurnContext(BaseModel):
    """One question as an adapter hands it to the engine."""
    text: str
    surface: Surface = "cli"
    conversation_id: str | None = None
    asker: Asker = Field(default_factory=Asker)
    issue_key: str | None = None  # the issue in view (the Jira sidebar, an API client's context)
    # Asked of the knowledge graph by the client's choice (MCP's kg_ask), not routed from the words.
    knowledge_graph: bool = False

    @property
    def owner(self) -> str:
        return owner_of(self.surface, self.asker.surface_user_id)


class TurnStats(BaseModel):
    """How a turn was answered, for metrics and the feedback store."""
    parser: str = "embedded"  # embedded | llm | embedded (why the LLM parse was not used)
    answerer: str = "templated"  # templated | llm (the model worded at least one part)
    cache_hits: int = 0
    cache_misses: int = 0
    # Each stage where the model failed or was rejected and the embedded path answered, and why.
    fallback_reasons: list[str] = Field(default_factory=list)
    llm_calls: list[LlmCall] = Field(default_factory=list)

    @property
    def llm_fallbacks(self) -> int:
        return len(self.fallback_reasons)


class ProposedChange(BaseModel):
    field: str
    before: str
    after: str


class ActionProposal(BaseModel):
    """A change to Jira waiting for its asker's confirmation, as every surface shows it."""
    id: str
    title: str
    changes: list[ProposedChange]
    expires_at: float = Field(description="epoch seconds; after this the proposal changes nothing")
    confirm: str = Field(description="how to confirm it, e.g. POST /api/v1/actions/{id}/confirm")
    cancel: str


class Citation(BaseModel):
    key: str
    url: str | None = None


class JiraList(BaseModel):
    """Every issue of a list the answer cut short, in the issue navigator of the Jira it came from."""
    total: int
    jql: str
    url: str


class AskReply(BaseModel):
    """A turn as every surface prints it as JSON (CLI `--json`, REST, MCP)."""
    answer: str
    turn_id: str
    conversation_id: str
    citations: list[Citation]
    intents: list[str]
    explain: list[str] = Field(default_factory=list, description="the retrieval plans, for 'Explain'")
    rows: list[IssueRow] = Field(default_factory=list, description="for a list answer: the issues it names")
    jira_list: JiraList | None = Field(None, description="for a list cut short: all of it in Jira")
    parser: str = Field("embedded", description="embedded | llm | embedded (why the LLM parse was not used)")
    answerer: str = Field("templated", description="templated | llm")
    fallback_reasons: list[str] = Field(default_factory=list,
                                        description="each stage where the LLM was not used, and why")
    action: ActionProposal | None = Field(None, description="a proposed change to Jira, done only once confirmed")


class TurnResult(BaseModel):
    answer: str
    turn_id: str
    conversation_id: str
    intents: list[str]
    citations: list[str]
    urls: dict[str, str] = Field(default_factory=dict)
    steps: list[ExplainStep] = Field(default_factory=list)
    rows: list[IssueRow] = Field(default_factory=list)  # the issues a list answer names, for a table
    jira_list: JiraList | None = None
    stats: TurnStats = Field(default_factory=TurnStats)
    action: ActionProposal | None = None  # a change to Jira this turn proposed

    @property
    def explain(self) -> list[str]:
        return [str(step) for step in self.steps]

    def reply(self) -> AskReply:
        return AskReply(answer=self.answer, turn_id=self.turn_id, conversation_id=self.conversation_id,
                        citations=[Citation(key=k, url=self.urls.get(k)) for k in self.citations],
                        intents=self.intents, explain=self.explain, rows=self.rows, jira_list=self.jira_list,
                        parser=self.stats.parser,
                        answerer=self.stats.answerer, fallback_reasons=self.stats.fallback_reasons,
                        action=self.action)
