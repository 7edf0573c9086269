"""The mechanisms the tenth round's tuning pool (tune29) showed missing, each in wordings of its own: closed "without
fixing" (any resolution but the fix, Done where no resolution is called Fixed); a name's word in its other form
("notifs", "preferences"); the verb before quoted words ('mention "rollback"'); a count of a sprint's issues in a
state (no sprint report); English between typed JQL clauses ("where"), "resolution is unresolved", a link type of
several words unquoted; no release, version or work cycle said as "not in any"; an affected version nobody
recorded; "# of" after a lead-in; a deadline that has gone by; nobody looking after an issue; an excluded component
or label keeping the issues that have none; neither of two ended states; a state a release is planned for; labels
quoted after "tagged" (each of them with "both"); an issue type quoted beside "kind" or "type"; two names sharing
their last word said once; a story ended by a semicolon; a remark on why the question is asked; a negation before
what was done to the issues ("not finished in 2026.Q4") kept from the place after it; orders said by when the
issues were raised or closed, in order of creation, due first, least important first, by assignee (tune30 on): a
project or component described beside its name; "pre 2012"; "in the next week"; the word "epic" beside its key;
English after typed JQL; the second of two excluded kinds, each described; a found-in version past a possessive; an
epic by its summary; the environment as the setup or platform details; what is excluded after pointing words. Each
has a near neighbour that keeps its old reading."""

from __future__ import annotations

import re

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon
from tests.intents.test_everyday_conditions import NOW, PARSER, one
from tests.intents.test_sixth_round_wordings import assert_clauses

DEMO = [
    # closed without a fix: any resolution but Done (this instance records a fix as Done); a fix version is no fix
    ("WEB bugs we closed without fixing them", ['resolution != "Done"', 'statusCategory = "done"'], ()),
    ("WEB bugs closed without a fix version", ["fixVersion is EMPTY"], ("resolution !=",)),
    # a word of a name in its other form
    ("open bugs in push notifs", ['component = "Push Notifications"'], ("text ~",)),
    # the verb before quoted words is no word to search for
    ('how many OPS tasks mention "rollback"', ['text ~ "rollback"'], ('"tasks"', "mention")),
    # no release, version or work cycle, said as "not in any"
    ("open MOB bugs not in any release", ["fixVersion is EMPTY"], ()),
    ("open WEB stories that aren't part of any version yet", ["fixVersion is EMPTY"], ()),
    ("open DATA tasks never put into a work cycle", ["sprint is EMPTY"], ()),
    ("Which open bugs in the Checkout area aren't planned for any release?",
     ['component = "Checkout"', "fixVersion is EMPTY"], ()),
    # a deadline gone by; nobody looking after the issues
    ("OPS tasks whose deadline has already gone by", ["duedate < now()", "resolution is EMPTY"], ()),
    ("DATA tasks that don't have anybody handling them", ["assignee is EMPTY"], ()),
    ("which tickets don't have anyone looking after them? most urgent first",
     ["assignee is EMPTY", "ORDER BY priority DESC"], ()),
    # an excluded component or label keeps the issues with none; a wanted one stays as it is
    ("open MOB bugs outside the iOS App component", ['(component != "iOS App" OR component is EMPTY)'], ()),
    ("OPS tasks not tagged security", ['(labels != "security" OR labels is EMPTY)'], ()),
    ("OPS tasks tagged security", ['labels = "security"'], ("EMPTY",)),
    # a known word with a letter left out
    ("DATA stories not estimatd yet", ['"Story point estimate" is EMPTY'], ()),
    # neither of two ended states; a state a release is planned for is no state
    ("PROJ bugs that aren't done or closed", ["resolution is EMPTY"], ('statusCategory = "done"',)),
    ("MOB stories planned to be finished in 2026.Q4", ['fixVersion = "2026.Q4"'], ("statusCategory", "resolution")),
    ("MOB stories finished in 2026.Q4", ['fixVersion = "2026.Q4"', 'statusCategory = "done"'], ()),
    # labels quoted after "tagged", each of them when "both" is said; a label's words inflected
    ("How many tickets are tagged with both 'performance' and 'regression'?",
     ['labels = "performance" AND labels = "regression"'], ("text ~",)),
    ("items tagged 'performance' or 'regression'", ['labels in ("performance", "regression")'], ("text ~",)),
    ("WEB items tagged as needing design", ['labels = "needs-design"'], ()),
    # the link to the issue named is that link, not also one each result has; "still" blocking is unresolved
    ("unresolved issues that OPS-553 is blocked by", ['issue in linkedIssues(OPS-553, "is blocked by")'],
     ("issueLinkType",)),
    ("what is still blocking OPS-553", ['issue in linkedIssues(OPS-553, "is blocked by")', "resolution is EMPTY"], ()),
    ("# of issues labelled tech-debt and quick-win", ['labels = "tech-debt" AND labels = "quick-win"'], ("in (",)),
    ("issues labelled tech-debt or quick-win", ['labels in ("tech-debt", "quick-win")'], ()),
    # a negation before a verb of what is done to the issues is the verb's, not the place's after it
    ("what's not finished in the 2026.Q4 release", ['fixVersion = "2026.Q4"', "resolution is EMPTY"], ("!=",)),
    ("tickets not yet closed in DATA", ['project = "DATA"', "resolution is EMPTY"], ("!=",)),
    ("epics not complete in PROJ", ['project = "PROJ"'], ("!=",)),
    ("what hasn't shipped in 2026.Q3", ['fixVersion = "2026.Q3"', 'statusCategory != "done"'], ()),
    ("stories not planned for 2026.Q4", ['(fixVersion != "2026.Q4" OR fixVersion is EMPTY)'], ()),  # placed: not in it
    ("stories not in MOB", ['project != "MOB"'], ()),
    # resolved some other way: never also unresolved (the two together select nothing)
    ("OPS tasks that were not resolved as done", ['resolution != "Done"'], ("resolution is EMPTY",)),
    ("OPS tasks that were not resolved", ["resolution is EMPTY"], ("!=",)),
    # orders: by when they were raised or closed, in order of creation, due first, least important first, by assignee
    ("open MOB bugs sorted by when they were raised", ["ORDER BY created ASC"], ()),
    ("open MOB bugs sorted by when they were closed", ["ORDER BY resolutiondate DESC"], ()),
    ("open MOB bugs in order of creation", ["ORDER BY created ASC"], ()),
    ("open MOB bugs, those due first at the top", ["ORDER BY duedate ASC"], ()),
    ("open MOB bugs, least important first", ["ORDER BY priority ASC"], ("priority =", "text ~")),
    ("open MOB bugs ordered by assignee", ["ORDER BY assignee ASC"], ()),
    ("open MOB bugs from most to least important", ["ORDER BY priority DESC"], ("priority =",)),
    ("open MOB bugs from least to most urgent", ["ORDER BY priority ASC"], ("priority =",)),
    ("open MOB bugs listed by how urgent they are", ["ORDER BY priority DESC"], ()),
    ("open MOB bugs in the order they were created", ["ORDER BY created ASC"], ()),
    ("open MOB bugs, biggest priority first", ["ORDER BY priority DESC"], ("text ~",)),
    ("open MOB bugs, ordered by their due dates", ["ORDER BY duedate ASC"], ()),
    ("open WEB bugs due in the next 7 days, sorted by deadline", ["ORDER BY duedate ASC", "duedate <= 7d"], ()),
    # "in the next week" is the 7 days from now, and a window said twice is one clause
    ("unfinished work with a deadline coming up in the next week", ["duedate >= now() AND duedate <= 7d"],
     ("2026/11/0", "7d AND duedate >= now()")),
    # the word "epic" beside the key it names is no kind asked for
    ("what's still open in the WEB-410 epic", ['parent = "WEB-410"', "resolution is EMPTY"], ("issuetype",)),
    # a state quoted after a word that puts the issues in it
    ("stories in 'In Review'", ['status = "In Review"'], ("text ~",)),
    # the second of two excluded kinds, each described
    ("non-defect stories and tasks in WEB", ['issuetype in ("Story", "Task")', 'issuetype != "Bug"'], ()),
    # a version a problem was found in, past a possessive; the field typed as one word
    ("Which problems found in the data team's 2026.Q3 version are still unresolved?",
     ['affectedVersion = "2026.Q3"'], ("fixVersion",)),
    ("DATA issues with affectedVersion 2026.Q3 and no resolution", ['affectedVersion = "2026.Q3"'], ("fixVersion",)),
]

# the same, where the answer names words it did not use ("child", "oops", "small pieces")
NOTED = [
    ("For the Wish lists v2 epic (WEB-410), which child items are still not done?", ['parent = "WEB-410"'],
     ('issuetype = "Epic"',)),
    # "oops" is no misspelt OPS; a key is typed in its own length
    ("oops, open bugs in MOB", ['project = "MOB"'], ('"OPS"',)),
    # "late" before a time is when, not overdue (the word is named as not used); "late MOB bugs" stays overdue
    ("MOB bugs created late last year", ['created >= "2025/01/01'], ("duedate",)),
    ("which MOB bugs are late", ["duedate < now()"], ()),
    # "that" after "waiting on" opens a clause: what OPS-553 waits on, not what waits on it
    ("what is OPS-553 waiting on that is open", ['issue in linkedIssues(OPS-553, "is blocked by")'], ('"blocks"',)),
    # "take on" after "the web storefront team" is a verb, no team's name
    ("how many stories did the web storefront team take on in WEB Sprint 50?", ['project = "WEB"'], ()),
    ("open tickets tagged security, ignoring the big umbrella epics and the small sub-task pieces",
     ['issuetype not in ("Epic", "Sub-task")'], ('issuetype = "Sub-task"',)),
]

TYPED = [
    # English between typed clauses, "resolution is unresolved"
    ("count issues in project = OPS where assignee is empty", "count", ['project = "OPS"', "assignee IS EMPTY"]),
    # English after the JQL is read as conditions; a year and a comma before ORDER BY as meant
    ("component = Kubernetes and labels = tech-debt and unresolved", "search",
     ['component = "Kubernetes"', "resolution is EMPTY"]),
    ("DATA issues in openSprints() labeled tech-debt", "search", ["sprint IN openSprints()", 'labels = "tech-debt"']),
    ("count reporter = Elena Rossi and created in 2025", "count",
     ['created >= "2025-01-01" AND created < "2026-01-01"']),
    ("priority = High and created < 2026, order by created asc", "search",
     ['created < "2026-01-01"', "ORDER BY created ASC"]),
    ("project = MOB and resolution is unresolved", "search", ['project = "MOB"', "resolution IS EMPTY"]),
    ('summary ~ "bugs where people are" and project = MOB', "search", ['summary ~ "bugs where people are"']),
]


def asked(question: str) -> str:
    return "count" if re.search(r"how many|# of", question.lower()) else "search"


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    assert call.name == asked(question), call.name
    assert_clauses(call.jql or "", present, absent)
    assert call.slots.ignored == [], call.slots.ignored


@pytest.mark.parametrize(("question", "present", "absent"), NOTED, ids=[q for q, _, _ in NOTED])
def test_demo_wordings_with_words_named(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    assert call.name == asked(question), call.name
    assert_clauses(call.jql or "", present, absent)


def test_without_fixing_says_which_resolution_it_read() -> None:
    call = one(PARSER, "MOB bugs resolved but not actually fixed")
    assert any("any resolution but Done" in line for line in call.slots.assumed), call.slots.assumed


@pytest.mark.parametrize(("question", "intent", "present"), TYPED, ids=[q for q, _, _ in TYPED])
def test_typed_jql_with_english_joins(question: str, intent: str, present: list[str]) -> None:
    call = one(PARSER, question)
    assert call.name == intent, (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, ())


@pytest.mark.parametrize("question", [
    "How many of the items in WEB Sprint 52 haven't been finished yet?",
    "WEB Sprint 52: how many tickets still not done?",
    "how many done in DATA sprint 51",
])
def test_a_count_of_a_sprints_issues_in_a_state_is_a_count(question: str) -> None:
    call = one(PARSER, question)
    assert call.name == "count", call.name
    assert "sprint = " in (call.jql or "")
    assert any(c in (call.jql or "") for c in ("resolution is EMPTY", "statusCategory", 'status = "Done"'))


@pytest.mark.parametrize(("question", "intent"), [
    ("quantity of open MOB bugs", "count"),
    ("give me the headcount of open MOB bugs", "count"),
    ("how much open work does Elena Rossi have", "count"),
    ("do we have many open bugs in MOB? a number please", "count"),
    ("how much work is in the 2026.Q4 release", "search"),  # a release's issues, as before
    ("how is WEB Sprint 52 going", "sprint"),  # the report, as before
    ("which release are the open MOB bugs planned for", "breakdown"),  # a grouping, as before
    ("open MOB bugs by assignee", "breakdown"),  # no sorting verb: a grouping, as before
    ("MOB: # of bugs still open", "count"),
])
def test_near_neighbours_keep_their_intent(question: str, intent: str) -> None:
    assert one(PARSER, question).name == intent


FLUID = [
    ("Video Player blockers we resolved without actually fixing them", ['resolution != "Fixed"'], ()),
    ("uploader bugs closed without a fix version", ["fixVersion is EMPTY"], ("resolution !=",)),
    ("preferences framework bugs", ['component = "Prefs Framework"'], ("text ~",)),
    ("How many Decapod bugs don't record which version they affect?", ["affectedVersion is EMPTY"], ()),
    ("decapod bugs that leave out which release the problem was found in", ["affectedVersion is EMPTY"], ()),
    ('Floe tickets that mention "screen reader"', ['text ~ "screen reader"'], ("mention",)),
    ("how many issues where issueLinkType in (supersedes, is superseded by)",
     ['issueLinkType IN ("supersedes", "is superseded by")'], ()),
    # an issue type quoted beside the word that says it is one
    ("How many of the Fluid Engage tickets are of the 'Sub-issue' kind?", ['issuetype = "Sub-issue"'], ("text ~",)),
    ("engage issues of type 'Task'", ['issuetype = "Task"'], ("text ~",)),
    # two names sharing their last word, said once
    ("image or layout reorderer issues in open state",
     ['component in ("Image Reorderer", "Layout Reorderer")'], ("text ~",)),
    ("bugs or tasks in uploader", ['issuetype in ("Bug", "Task")', 'component = "Uploader"'], ()),
    # a story before a semicolon; the person it names is whose hands the issues are in
    ("Antranig is the IoC System expert; which unresolved IoC System issues are currently in his hands?",
     ['assignee = "antranig.basman"', 'component = "IoC System"'], ()),
    # a project or component described beside its name: the description is no condition
    ("In Kettle, the server-side framework, which bugs never got resolved?", ['project = "KETTLE"'], ("component",)),
    ("In the museum mobile app project (Fluid Engage), how many issues were marked as critical?",
     ['project = "ENGAGE"', 'priority = "Critical"'], ("component",)),
    ("For the drag-and-drop reordering piece (Reorderer), how many reports were closed because the team couldn't make "
     "the problem happen?", ['component = "Reorderer"', 'resolution = "Cannot Reproduce"'], ("!=",)),
    ("critical bugs pre 2012 never resolved, oldest first", ['created < "2012/01/01', "ORDER BY created ASC"], ()),
    ("Which Inclusive Learning Design Handbook issues never had anyone assigned to them?", ["assignee is EMPTY"], ()),
    ("Infusion bugs where the discussion mentions regression.", ['comment ~ "regression"'], ('"regression."',)),
    ("How many Uploader issues were closed as won't fix? I want to show how much we decided not to do there.",
     ['resolution = "Won\'t Fix"'], ()),
    # the environment in everyday words: the setup, the platform details; none filled in
    ("How many bugs list Ubuntu in the setup?", ['environment ~ "ubuntu"'], ()),
    ("how many bugs on ubuntu per the setup info", ['environment ~ "ubuntu"'], ()),
    ("Tickets with Opera in the title and no platform info.", ["environment is EMPTY", 'summary ~ "opera"'],
     ("project",)),
    # what is excluded after words that only point at it ("any that are also filed under")
    ("Show me the unresolved Inline Edit bugs, leaving out any that are also filed under Demos.",
     ['component = "Inline Edit"', '(component != "Demos" OR component is EMPTY)'], ("component in",)),
    ("uploader bugs except the ones marked as duplicate", ['resolution != "Duplicate"'], ()),
    ("uploader bugs except the ones in Open", ['status != "Open"'], ()),
    # a remark after the request on why it is asked asks for nothing more
    ("How many Decapod bugs don't record which version they affect? I'd like to know how incomplete our reports are.",
     ["affectedVersion is EMPTY"], ()),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    calls = fluid_parser.parse(question).intents
    assert len(calls) == 1, calls
    call = calls[0]
    assert call.name == ("count" if "how many" in question.lower() else "search"), (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


EPICS = Lexicon.build(issue_types=[{"name": "Epic", "hierarchyLevel": 1}, {"name": "Story", "hierarchyLevel": 0}],
                      projects=[{"key": "WEB", "name": "Web Storefront"}],
                      epics=[{"key": key, "fields": {"summary": summary, "issuetype": {"name": "Epic"}}}
                             for key, summary in (("WEB-1", "Wish lists v1"), ("WEB-2", "Wish lists v1"),
                                                  ("WEB-3", "Gift cards"), ("WEB-4", "In-app purchases v1"))])


@pytest.mark.parametrize(("question", "parents"), [
    ("what's still open in the Gift cards epic?", ["WEB-3"]),
    ("which items in the in app purchases v1 epic haven't been started", ["WEB-4"]),
    ("work belonging to epic Gift cards", ["WEB-3"]),
    ("open issues about gift cards", []),  # no word for its kind: words to search for
    ("what is still open under the wish lists v1 epic (WEB-1)", ["WEB-1"]),  # its key said: no question which
])
def test_an_epic_by_its_summary_is_its_key(question: str, parents: list[str]) -> None:
    (call,) = EmbeddedParser(EPICS, now=lambda: NOW).parse(question).intents
    assert call.slots.parents == parents, call


def test_a_summary_two_epics_share_is_asked_about() -> None:
    (call,) = EmbeddedParser(EPICS, now=lambda: NOW).parse("what's in the wish lists v1 epic").intents
    assert call.name == "clarify" and "WEB-1" in (call.slots.reason or "") and "WEB-2" in (call.slots.reason or "")
