"""The intent map: for each intent, what it means, how it is asked, what it needs and how to answer.

The names are a contract with the evaluation files. The descriptions, examples and guidelines
also generate the LLM parser's prompt, so they are written for a reader, not a machine.
"""

from __future__ import annotations

from pydantic import BaseModel

from jirakg.intents.models import IntentName, ValueFilters

# The `Slots` a search or count reads its conditions from.
# Every condition the JQL builder writes: the LLM's schema for a search offers exactly these.
FILTER_SLOTS = [*ValueFilters.model_fields, "excluded", "empty", "filled", "dates", "overdue", "every_label",
                "every_sprint", "sprint_state", "sprint_state_excluded", "carried_over", "links", "parents",
                "descendants_of", "was_statuses", "history", "version_state", "numbers", "text", "text_field",
                "order_by"]


class IntentSpec(BaseModel):
    name: IntentName
    description: str
    examples: list[str]
    slots: list[str]  # names of `Slots` fields this intent uses
    fields: list[str]  # the sub-schema the answer needs, fetched on top of the graph's structure
    handler: str  # the module of `jirakg.handlers` that plans, fetches and words it
    guideline: str  # how the answer is written


INTENTS: dict[str, IntentSpec] = {spec.name: spec for spec in [
    IntentSpec(
        name="metadata", description="One or more fields of given issues, any field including custom fields by name.",
        examples=["Who is the assignee of PROJ-12?", "What is the priority and due date of MOB-3?",
                  "How many story points is WEB-40?"],
        slots=["fields"], fields=["assignee", "priority", "duedate", "reporter", "labels", "components",
                                  "fixVersions", "resolution", "created", "updated"],
        handler="metadata",
        guideline="State each asked field's value first, naming the issue with its link; "
                  "say 'not set' for empty fields."),
    IntentSpec(
        name="children", description="Child issues of a parent, optionally of one type or status.",
        examples=["Status of all epics under INIT-3?", "List the sub-tasks of PROJ-7.",
                  "Which stories under MOB-2 are done?"],
        slots=["issue_types", "statuses", "status_categories"], fields=["assignee", "priority"],
        handler="children",
        guideline="Say how many children match, then list them (key, summary, status), "
                  "ten at most before 'and N more'."),
    IntentSpec(
        name="linked", description="Issues linked to an issue, by link type and direction.",
        examples=["List all issues blocked by PROJ-9.", "What blocks PROJ-40?", "Which risks does INIT-2 have?"],
        slots=["link_type"], fields=["assignee", "priority"],
        handler="linked",
        guideline="Name the relation in words ('blocked by'), then list the linked issues with status; "
                  "say so when there are none."),
    IntentSpec(
        name="dependencies", description="Transitive dependency chains, deadlocks (cycles) and the critical path.",
        examples=["What transitively blocks the release epic?", "Is there a deadlock around PROJ-4?",
                  "Show the full chain of blockers for MOB-12."],
        slots=["link_type"], fields=["assignee", "priority"],
        handler="dependencies",
        guideline="Give the number of issues in the chain and its depth, then the chain hop by hop; "
                  "report any cycle explicitly."),
    IntentSpec(
        name="changelog", description="The history of an issue: which field changed, by whom, within a time window.",
        examples=["Who changed the status of PROJ-7 last?", "What changed on PROJ-7 last week?",
                  "When was MOB-3 moved to Done?"],
        slots=["fields", "window"], fields=[],
        handler="changelog",
        guideline="Answer the asked change first (who, when, from → to), newest first; "
                  "say when nothing changed in the window."),
    IntentSpec(
        name="summary", description="A synthesised status or progress report of an issue or its subtree.",
        examples=["Summarize the current status of EPIC-4.", "How far along is INIT-2?",
                  "Give me an overview of PROJ-10."],
        slots=[], fields=["assignee", "priority", "customfield_10016", "duedate"],
        handler="summary",
        guideline="Lead with progress (done / in progress / to do, by count and story points), "
                  "then blockers and risks, then what is late."),
    IntentSpec(
        name="search", description="Issues matching filters given in plain words (turned into JQL).",
        examples=["Open critical bugs in Prefs Framework assigned to Ana", "Stories in progress in MOB",
                  "What did Ben resolve last week?"],
        slots=FILTER_SLOTS, fields=["assignee", "priority"],
        handler="search",
        guideline="Say how many issues match and list the first ten (key, summary, status, assignee); "
                  "state the filter used."),
    IntentSpec(
        name="count", description="How many issues match filters.",
        examples=["How many open issues does Ana have?", "Count the blocked stories."],
        slots=FILTER_SLOTS, fields=[],
        handler="count",
        guideline="Give the number first, then the filter used."),
    IntentSpec(
        name="breakdown", description="Counts of the selected issues grouped by one or two fields (also per epic), "
                                      "or their story points summed per value of one field.",
        examples=["Break down DECA issues by type", "How many bugs per status in FLUID?",
                  "Open bugs per priority per component", "Story points per assignee in DATA"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority"],
        handler="breakdown",
        guideline="One line per group, largest first, with its share; a total first; groups with no value "
                  "are 'none'; the second level inside its first-level line."),
    IntentSpec(
        name="ranking", description="Who or which has the most or fewest of something; oldest, newest, most "
                                    "commented, linked, watched or voted issues; the epic with the most open "
                                    "children; top N.",
        examples=["Who has the most open issues in C2LC?", "Which component of FLUID has the most unresolved bugs?",
                  "Oldest unresolved blocker in FLUID", "Which VP issue has the most comments?"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority", "created"],
        handler="ranking",
        guideline="Lead with the winner and its figure, naming every tie; then the runners-up; say so when the "
                  "set is empty."),
    IntentSpec(
        name="stats", description="A ratio or statistic over the selected issues: percentage, the ratio between two "
                                  "parts (bugs to stories), average or median age or time to resolve, story-point "
                                  "sums, created vs resolved per period.",
        examples=["What fraction of FLOE issues are resolved?", "Ratio of bugs to stories in MOB",
                  "Average time to resolve FLUID bugs",
                  "Total story points in the current DATA sprint", "Created vs resolved per month in DECA"],
        slots=[*FILTER_SLOTS, "measure"], fields=["created", "resolutiondate"],
        handler="stats",
        guideline="Lead with the figure and the counts it comes from; say which issues it covers."),
    IntentSpec(
        name="workload", description="Open work per person: issues, story points, by priority, overdue and blocked; "
                                     "who is overloaded compared with the team's median.",
        examples=["Who is overloaded?", "What is the workload in DATA?", "How much is on Ana's plate?"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority", "duedate"],
        handler="workload",
        guideline="Lead with the most loaded person against the median and by how much; one line per person."),
    IntentSpec(
        name="sprint", description="Progress of the current or a named sprint: done vs committed, in progress, "
                                   "blocked, added after the start, days left.",
        examples=["How is the current DATA sprint going?", "Sprint progress for MOB Sprint 52"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority"],
        handler="sprint",
        guideline="Lead with done of total (issues and story points) and days left, then what is in progress, "
                  "blocked and added after the start, then a one-line verdict from those figures."),
    IntentSpec(
        name="release", description="Progress of a fix version and what blocks it.",
        examples=["How is the 2026.Q4 release going?", "What is blocking the 2026.Q4 release?"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority", "duedate", "fixVersions"],
        handler="release",
        guideline="Lead with done of total; then open issues by status, the unresolved issues blocking them "
                  "(also from outside the release), overdue items, and the release date."),
    IntentSpec(
        name="risk", description="Open issues at risk, each with its reasons: overdue, due soon and not started, "
                                 "blocked, stale in progress, high priority and unassigned.",
        examples=["Which open issues are at risk of missing their due date?", "What is at risk in DATA?"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority", "duedate"],
        handler="risk",
        guideline="Lead with how many issues are at risk; one line per issue with its reasons as data "
                  "(days overdue, the blocker's key, days since the last update)."),
    IntentSpec(
        name="activity", description="What changed in a project, epic, sprint or for a person in a window: new "
                                     "issues, resolutions, transitions, reassignments.",
        examples=["What changed in the Data Platform this week?", "What did Ana do since Monday?"],
        slots=[*FILTER_SLOTS, "window", "measure"], fields=["assignee", "created", "reporter", "resolutiondate"],
        handler="activity",
        guideline="Lead with the window used and the counts (new, resolved, status changes, reassignments); "
                  "then the issues; say plainly when nothing changed."),
    IntentSpec(
        name="comments", description="The comments of an issue: the latest, who commented, how many, those "
                                     "mentioning a word.",
        examples=["Latest comment on PROJ-3", "Who commented on FLUID-5333?", "Comments on MOB-3 mentioning Safari"],
        slots=["text", "measure"], fields=["comment"],
        handler="comments",
        guideline="Lead with what was asked (author and date of the latest, the count, the authors)."),
    IntentSpec(
        name="reasoning", description="Why an issue or epic is late, or what to look at first in a project: an "
                                      "answer assembled from blockers, overdue and stale work, and added scope.",
        examples=["Why is EPIC-4 late?", "What should I look at first in PROJ?"],
        slots=[*FILTER_SLOTS, "measure"], fields=["assignee", "priority", "duedate"],
        handler="reasoning",
        guideline="Lead with the main reason; then each fact with the issue it comes from, most serious first."),
    IntentSpec(
        name="kg_question", description="A fact about an entity in the knowledge graph.",
        examples=["Where was Antony Cheng born?", "What is his height?", "Which papers did she publish in 2019?"],
        slots=["text"], fields=[], handler="kg_question",
        guideline="Answer with the fact and its entity's label only; "
                  "add nothing that is not in the retrieved triples."),
    IntentSpec(
        name="help", description="What the bot can do.",
        examples=["What can you do?", "help", "How do I ask about dependencies?"],
        slots=[], fields=[], handler="help",
        guideline="List the kinds of questions with one example each."),
    IntentSpec(
        name="clarify", description="The question cannot be resolved; ask back.",
        examples=["What about it?", "And the other one?", "Tell me more."],
        slots=["reason"], fields=[], handler="clarify",
        guideline="Say what is missing (which issue, which field) in one sentence and offer an example question."),
]}
