"""Sprint questions keep their scope: a team named by the Team field ("the platform team"), a word several
names share asked back instead of dropped, and a sprint named in one sentence and asked about in the next."""

from __future__ import annotations

import pytest

from tests.intents.demo_lexicon import LEXICON, ORG
from tests.intents.team_shapes import one


@pytest.mark.parametrize("question", [
    "how far along is the platform team in its ongoing iteration?",
    "what is the progress of the platform team's current sprint?",
    "platform team sprint progress",
    "is the platform team on track this sprint?",
])
def test_the_platform_team_is_the_team_field_value(question: str) -> None:
    call = one(question)
    assert call.name == "sprint", call
    assert [(o.field, o.value) for o in call.slots.options] == [("Team", "Platform Team")]
    assert call.slots.ignored == [] and call.slots.sprint_state == "open"


@pytest.mark.parametrize("question", [
    "how is the platform project sprint going",
    "open bugs in the platform project",
    "who has the most open issues in the platform project?",
])
def test_a_word_several_projects_share_is_asked_back(question: str) -> None:
    call = one(question)
    assert call.name == "clarify", call
    assert "Core Platform" in call.slots.reason and "Data Platform" in call.slots.reason


@pytest.mark.parametrize(("question", "sprint"), [
    ("can you pull up WEB Sprint 50 for me? I want to know how much of it got done", "WEB Sprint 50"),
    ("could you open DATA Sprint 51? how many of its tickets were completed", "DATA Sprint 51"),
    ("I'm looking at DATA Sprint 51. How many of its issues got done?", "DATA Sprint 51"),
    ("pull up MOB Sprint 49. how much of it was finished?", "MOB Sprint 49"),
])
def test_a_sprint_named_in_one_sentence_and_asked_about_in_the_next(question: str, sprint: str) -> None:
    call = one(question)
    assert call.name == "sprint", call
    assert [s.name for s in LEXICON.sprints if s.id in call.slots.sprints] == [sprint]
    assert "done" not in (call.jql or "").lower()  # "got done" asks how much, it selects nothing


@pytest.mark.parametrize("question", ["how's the current mobile sprint going so far?",
                                      "how far along is the current WEB sprint?"])
def test_how_far_along_and_so_far_are_the_progress_question(question: str) -> None:
    call = one(question)
    assert call.name == "sprint" and call.slots.ignored == []


@pytest.mark.parametrize(("question", "person"), [("samir reported current sprint", "Samir Patel"),
                                                  ("bugs Hiro Sato filed current sprint", "Hiro Sato")])
def test_a_person_s_issues_in_the_sprint_are_a_search_of_its_members(question: str, person: str) -> None:
    call = one(question)
    assert call.name == "search" and "sprint in openSprints()" in (call.jql or "") and "created" not in (call.jql or "")
    (account,) = [p.account_id for p in ORG.people if p.display_name == person]
    assert f'reporter = "{account}"' in (call.jql or "") and not call.slots.ignored, call


@pytest.mark.parametrize("question", ["bugs Hiro Sato filed last sprint", "bugs Hiro Sato filed the previous sprint"])
def test_filed_last_sprint_is_when_they_were_filed(question: str) -> None:
    call = one(question)
    assert "created >=" in (call.jql or "") and "openSprints" not in (call.jql or "") and not call.slots.ignored, call


@pytest.mark.parametrize(("question", "number"), [
    ("what went into the Operations project's twentieth iteration?", 20),
    ("Operations stories in their iteration number 21", 21),
    ("list what was planned for the 23rd two week cycle of Operations", 23),
])
def test_a_sprint_said_by_its_number_is_that_projects_sprint(question: str, number: int) -> None:
    sprint = next(t.value for t in LEXICON.of("sprint") if t.label == f"OPS Sprint {number}")
    call = one(question)
    assert call.name == "search" and call.slots.sprints == [sprint] and call.slots.projects == ["OPS"], call
