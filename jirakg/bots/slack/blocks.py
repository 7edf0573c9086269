"""Block Kit: answers (linked issue keys; a list once, as a compact table), their buttons, the shared
copy of a private answer, issue link previews, the App Home tab and the feedback modal."""

from __future__ import annotations

from collections.abc import Sequence

from jirakg.answer.parts import IssueRow
from jirakg.engine.glance import IssueGlance
from jirakg.engine.turn import ActionProposal, JiraList
from jirakg.jql.keys import ISSUE_KEY_IN_ANSWER

SECTION_LIMIT = 3000  # Block Kit's limit for a section's text
TABLE_ROWS = 5  # two fields a row, ten fields a section
TEXT_LIMIT = 3000  # a message's fallback text, shown in notifications


def escape(text: str) -> str:
    """mrkdwn control characters, so a question or summary cannot become a link or a mention."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def linked(text: str, urls: dict[str, str]) -> str:
    return ISSUE_KEY_IN_ANSWER.sub(lambda m: f"<{urls[m.group(0)]}|{m.group(0)}>" if urls.get(m.group(0))
                                   else m.group(0), escape(text))


def without_listed(text: str, rows: Sequence[IssueRow]) -> str:
    """The answer's own list lines dropped when the table shows the same issues: a list appears once."""
    keys = {row.key for row in rows}
    return "\n".join(line for line in text.split("\n")
                     if not (line.startswith("- ") and line[2:].split(" ", 1)[0] in keys))


def answer_blocks(answer: str, urls: dict[str, str], rows: Sequence[IssueRow], turn_id: str, *,
                  asked: tuple[str, str] | None = None, shareable: bool = False,
                  jira_list: JiraList | None = None, action: ActionProposal | None = None) -> list[dict]:
    """`asked`: (Slack user, question), shown above an answer that is not in reply to its question
    (a slash command's, a shared one); `shareable`: a private answer's "Share in channel" button;
    `jira_list`: a list cut short, linked whole in Jira; `action`: a proposed change, with Confirm and Cancel."""
    text = linked(without_listed(answer, rows) if rows else answer, urls)
    if len(text) > SECTION_LIMIT:
        text = text[:SECTION_LIMIT - 1].rsplit("\n", 1)[0] + "…"
    blocks: list[dict] = []
    if asked is not None:
        user, question = asked
        blocks.append({"type": "context", "elements": [
            {"type": "mrkdwn", "text": f"<@{user}> asked: {escape(question)[:2900]}"}]})
    blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": text or "(no answer)"}})
    for start in range(0, len(rows), TABLE_ROWS):  # Block Kit allows ten fields a section
        fields = []
        for row in rows[start:start + TABLE_ROWS]:
            key = f"<{urls[row.key]}|{row.key}>" if urls.get(row.key) else row.key
            fields.append({"type": "mrkdwn", "text": f"*{key}* {escape(row.summary)[:80]}"})
            fields.append({"type": "mrkdwn", "text": escape(" · ".join(v for v in (row.status, row.assignee) if v))
                           or " "})
        blocks.append({"type": "section", "fields": fields})
    if jira_list is not None:
        blocks.append({"type": "context", "elements": [
            {"type": "mrkdwn", "text": f"<{jira_list.url}|View all {jira_list.total} in Jira>"}]})
    if action is not None:
        blocks.append({"type": "actions", "block_id": "proposal", "elements": [
            {**_button("Confirm", "action_confirm", action.id), "style": "primary"},
            {**_button("Cancel", "action_cancel", action.id), "style": "danger"}]})
    buttons = [_button("👍", "feedback_up", turn_id), _button("👎", "feedback_down", turn_id),
               _button("Add comment", "feedback_comment", turn_id), _button("Explain", "explain", turn_id)]
    if shareable:
        buttons.append({**_button("Share in channel", "share", turn_id), "style": "primary"})
    blocks.append({"type": "actions", "block_id": "turn", "elements": buttons})
    return blocks


def fallback_text(answer: str) -> str:
    return escape(answer)[:TEXT_LIMIT]


def _button(text: str, action_id: str, value: str) -> dict:
    return {"type": "button", "text": {"type": "plain_text", "text": text, "emoji": True}, "action_id": action_id,
            "value": value}


def comment_modal(turn_id: str, rating: str) -> dict:
    return {"type": "modal", "callback_id": "feedback_modal", "private_metadata": f"{rating}:{turn_id}",
            "title": {"type": "plain_text", "text": "Feedback"}, "submit": {"type": "plain_text", "text": "Send"},
            "close": {"type": "plain_text", "text": "Cancel"},
            "blocks": [{"type": "input", "block_id": "comment", "optional": rating == "down",
                        "label": {"type": "plain_text",
                                  "text": "What was wrong or missing?" if rating == "down" else "Your comment"},
                        "element": {"type": "plain_text_input", "action_id": "text", "multiline": True,
                                    "max_length": 2000}}]}


def explain_text(result_explain: list[str]) -> str:
    return "*How this was answered*\n" + "\n".join(f"• `{escape(line)}`" for line in result_explain[:20])


def issue_preview(issue: IssueGlance) -> dict:
    """A link preview (chat.unfurl's value for one URL): summary, status, assignee, priority, and a button."""
    return {"blocks": [
        {"type": "section", "text": {"type": "mrkdwn", "text": f"*<{issue.url}|{issue.key}>* {escape(issue.summary)}"}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": f"*Status:* {escape(issue.status)}"},
                                         {"type": "mrkdwn", "text": f"*Assignee:* {escape(issue.assignee)}"},
                                         {"type": "mrkdwn", "text": f"*Priority:* {escape(issue.priority)}"}]},
        {"type": "actions", "elements": [_button("Ask about this issue", "ask_issue", issue.key)]}]}


def home_view(examples: list[str], recent: list[str], account: str, linking: str) -> dict:
    """The App Home tab: what to ask (issues that exist for this person), what they asked, their account."""
    def bullets(lines: list[str]) -> str:
        return "\n".join(f"• {escape(line)}" for line in lines)
    blocks: list[dict] = [
        {"type": "header", "text": {"type": "plain_text", "text": "Ask jirakg about Jira"}},
        {"type": "section", "text": {"type": "mrkdwn", "text":
            "Mention @jirakg in a channel, message me here, use `/jirakg`, or open me as an assistant."}}]
    if examples:
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": "*Try asking*\n" + bullets(examples)}})
    blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": "*Your recent questions*\n"
                                               + (bullets(recent) if recent else "None yet.")}})
    blocks += [{"type": "divider"},
               {"type": "section", "text": {"type": "mrkdwn", "text": f"*Your Jira account*\n{escape(account)}"}}]
    if linking:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": linking}]})
    return {"type": "home", "blocks": blocks}
