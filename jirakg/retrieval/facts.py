"""What a plan retrieved, one typed shape per kind of retrieval (a discriminated union), so an
answer never has to guess which of a dozen optional attributes are set."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from jirakg.graph import Node
from jirakg.graph.node import ChangeEntry
from jirakg.retrieval.plan import RetrievalPlan


class FactsBase(BaseModel):
    plan: RetrievalPlan
    cache_hit: bool | None = None  # None: the retrieval did not go through the JQL cache
    nodes: list[Node] = Field(default_factory=list)  # the issues the answer is about, in order
    matched: int | None = None  # how many issues the query matched in Jira, when more than were read (the cap)
    capped: bool = False  # more issues matched than were read (jira.max_issues_per_question)


class NoFacts(FactsBase):
    kind: Literal["none"] = "none"


class IssueFacts(FactsBase):
    """Issues named by key (metadata)."""
    kind: Literal["issues"] = "issues"


class SearchFacts(FactsBase):
    """Issues a JQL query selected, in its order."""
    kind: Literal["search"] = "search"
    children_in_all: int | None = None  # a count among one issue's children: how many children it has in all


class RelativesFacts(FactsBase):
    """Issues related to one subject: its children, linked issues or whole subtree."""
    kind: Literal["relatives"] = "relatives"
    subject: Node


class ChainFacts(FactsBase):
    """A transitive dependency walk from the subject: keys by hop, and any cycles."""
    kind: Literal["chain"] = "chain"
    subject: Node
    layers: list[list[str]]
    cycles: list[list[str]]


class CyclesFacts(FactsBase):
    """Deadlocks among every issue in a blocking link ("are any tickets blocking each other in a loop?"), each
    cycle touching the issues the plan's JQL selects; `nodes` are the issues in the cycles."""
    kind: Literal["cycles"] = "cycles"
    linked: int  # issues in a blocking link that were read
    cycles: list[list[str]]


class ChangeFacts(FactsBase):
    """The subject's changelog entries that match, newest first."""
    kind: Literal["changes"] = "changes"
    subject: Node
    changes: list[ChangeEntry]


class TeamFacts(FactsBase):
    """The issues a team question selected (with changelogs when it needs them), and a second set its
    answer reads: the part of a share, or the unresolved issues blocking the selected ones."""
    kind: Literal["team"] = "team"
    others: list[Node] = Field(default_factory=list)
    compared: list[Node] = Field(default_factory=list)  # a ratio: the second part (`others` is the first)
    subject: Node | None = None  # reasoning about one issue: that issue
    # sprint progress: the sprints on the scope's boards (as an issue's Sprint field holds them), read when
    # no selected issue is in the sprint asked about; with how many issues each holds beyond the selection
    board_sprints: list[dict] = Field(default_factory=list)
    sprint_sizes: dict[str, int] = Field(default_factory=dict)


Facts = Annotated[NoFacts | IssueFacts | SearchFacts | RelativesFacts | ChainFacts | CyclesFacts | ChangeFacts
                  | TeamFacts,
                  Field(discriminator="kind")]
