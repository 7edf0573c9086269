"""Each issue-key pattern reads keys the way its place needs: questions in any case, answers and
validation in Jira's own upper case, JQL values in any case."""

from __future__ import annotations

from jirakg.jql.keys import ISSUE_KEY, ISSUE_KEY_IN_ANSWER, ISSUE_KEY_IN_JQL, ISSUE_KEY_IN_QUESTION


def test_a_valid_key_is_the_whole_string_in_upper_case_without_a_leading_zero() -> None:
    assert ISSUE_KEY.match("PROJ-12").groups() == ("PROJ", "12")
    assert not any(ISSUE_KEY.match(k) for k in ("proj-12", "PROJ-012", "PROJ-0", "PROJ-12 ", "1PROJ-2"))


def test_questions_name_keys_in_any_case() -> None:
    assert ISSUE_KEY_IN_QUESTION.findall("who owns proj-12 and MOB-3?") == [("proj", "12"), ("MOB", "3")]
    assert ISSUE_KEY_IN_QUESTION.findall("is 2024-05 late? PROJ-12345678") == []


def test_answers_cite_keys_in_upper_case() -> None:
    assert ISSUE_KEY_IN_ANSWER.findall("PROJ-12 blocks WEB-4; see proj-9") == ["PROJ-12", "WEB-4"]


def test_jql_values_are_keys_in_any_case() -> None:
    assert ISSUE_KEY_IN_JQL.match("proj-012").groups() == ("proj", "012")
    assert not ISSUE_KEY_IN_JQL.match("proj 12")
