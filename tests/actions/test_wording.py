"""Write requests recognised from their wordings (tests/data/actions/wordings.jsonl, written before the
rules): every dev wording exactly; the scored part, which the rules were not tuned on, scored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jirakg.actions.wording import WriteRequest, read_write_request

CASES = [json.loads(line) for line in (Path(__file__).parents[1] / "data/actions/wordings.jsonl").read_text()
         .splitlines() if line.strip()]
SLOTS = ("issue", "other", "value", "project", "summary", "priority", "assignee", "parent", "resolution")


def matches(case: dict, found: WriteRequest | None) -> bool:
    if case["action"] == "none" or found is None:
        return found is None and case["action"] == "none"
    if found.kind != case["action"]:
        return False
    wrong = [s for s in SLOTS if s in case and (getattr(found, s) or "").lower() != case[s].lower()]
    return not wrong and ("type" not in case or (found.issue_type or "").lower() == case["type"].lower())


@pytest.mark.parametrize("case", [c for c in CASES if c["split"] == "dev"], ids=lambda c: c["text"])
def test_dev_wordings(case: dict) -> None:
    assert matches(case, read_write_request(case["text"]))


def test_scored_wordings() -> None:
    scored = [c for c in CASES if c["split"] == "scored"]
    right = sum(matches(c, read_write_request(c["text"])) for c in scored)
    assert len(scored) >= 10 and right / len(scored) >= 0.8, f"{right}/{len(scored)}"


def test_questions_about_changes_are_not_write_requests() -> None:
    for text in ("who moved PROJ-3 to In Progress?", "was PROJ-3 assigned to me?", "when was PROJ-3 created?",
                 "create date of PROJ-3", "how many bugs were created in PROJ last week?"):
        assert read_write_request(text) is None, text
