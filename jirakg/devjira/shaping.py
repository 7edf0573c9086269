"""Issue objects as the REST API returns them: field selection, expansions, v3 rich text."""

from __future__ import annotations

from collections.abc import Iterable

SEARCH_CHANGELOG_LIMIT = 100  # changelogs embedded in search results stop here, as Jira's do
RICH_TEXT_FIELDS = ("description", "environment")


def parse_list(value: str | Iterable[str] | None) -> list[str]:
    """Jira takes fields and expand either comma-separated or as repeated/JSON lists."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else [part for v in value for part in str(v).split(",")]
    return [item.strip() for item in items if item.strip()]


def select_fields(available: Iterable[str], requested: list[str], default: str) -> list[str]:
    wanted = requested or [default]
    names = list(available)
    chosen: list[str] = []
    for item in wanted:
        if item in ("*all", "*navigable"):
            chosen += [n for n in names if n not in chosen]
        elif not item.startswith("-") and item in names and item not in chosen:
            chosen.append(item)
    excluded = {item[1:] for item in wanted if item.startswith("-")}
    return [name for name in chosen if name not in excluded]


def shape_issue(issue: dict, fields: list[str], expand: list[str], *, version: int,
                changelog_limit: int | None) -> dict:
    source = issue.get("fields", {})
    shaped: dict = {"expand": issue.get("expand", "renderedFields,names,schema,operations,editmeta,changelog"),
                    "id": issue["id"], "self": issue.get("self", ""), "key": issue["key"]}
    if fields:
        selected = {name: source[name] for name in fields if name in source}
        if version == 3:
            selected = to_v3_fields(selected)
        shaped["fields"] = selected
    if "changelog" in expand:
        shaped["changelog"] = changelog_page(issue, changelog_limit)
    return shaped


def histories(issue: dict) -> list[dict]:
    return (issue.get("changelog") or {}).get("histories") or []


def changelog_page(issue: dict, limit: int | None) -> dict:
    every = histories(issue)
    shown = every if limit is None else every[:limit]
    return {"startAt": 0, "maxResults": len(shown), "total": len(every), "histories": shown}


def to_v3_fields(fields: dict) -> dict:
    """API v3 returns rich text as Atlassian Document Format instead of wiki markup."""
    converted = dict(fields)
    for name in RICH_TEXT_FIELDS:
        if isinstance(converted.get(name), str):
            converted[name] = adf(converted[name])
    comment = converted.get("comment")
    if isinstance(comment, dict) and comment.get("comments"):
        converted["comment"] = {**comment, "comments": [
            {**c, "body": adf(c["body"]) if isinstance(c.get("body"), str) else c.get("body")}
            for c in comment["comments"]]}
    return converted


def adf(text: str) -> dict:
    paragraphs = [p for p in text.split("\n\n") if p]
    return {"type": "doc", "version": 1, "content": [
        {"type": "paragraph", "content": [{"type": "text", "text": p}]} for p in paragraphs]}
