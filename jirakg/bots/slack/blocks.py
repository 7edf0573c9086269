"""Answers as Block Kit: the answer with linked issue keys, a compact table of listed issues, and the
👍 / 👎 / Add comment / Explain buttons, each carrying the turn id."""

from __future__ import annotations

from jirakg.engine.turn import TurnResult
from jirakg.jql.keys import ISSUE_KEY_IN_ANSWER

SECTION_LIMIT = 3000  # Block Kit's limit for a section's text
TABLE_ROWS = 5  # two fields a row, ten fields a section


def escape(text: str) -> str:
    """mrkdwn control characters, so a question or summary cannot become a link or a mention."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def linked(text: str, urls: dict[str, str]) -> str:
    return ISSUE_KEY_IN_ANSWER.sub(lambda m: f"<{urls[m.group(0)]}|{m.group(0)}>" if m.group(0) in urls else m.group(0),
                                   escape(text))


def answer_blocks(result: TurnResult) -> list[dict]:
    text = linked(result.answer, result.urls)
    if len(text) > SECTION_LIMIT:
        text = text[:SECTION_LIMIT - 1].rsplit("\n", 1)[0] + "…"
    blocks: list[dict] = [{"type": "section", "text": {"type": "mrkdwn", "text": text or "(no answer)"}}]
    if result.rows:  # a list: the issues as a compact two-column table (Block Kit allows 10 fields)
        fields = []
        for row in result.rows[:TABLE_ROWS]:
            key = f"<{result.urls[row.key]}|{row.key}>" if row.key in result.urls else row.key
            fields.append({"type": "mrkdwn", "text": f"*{key}* {escape(row.summary)[:80]}"})
            fields.append({"type": "mrkdwn", "text": escape(" · ".join(v for v in (row.status, row.assignee) if v))
                           or " "})
        blocks.append({"type": "section", "fields": fields})
        if len(result.rows) > TABLE_ROWS:
            more = f"{len(result.rows) - TABLE_ROWS} more in the answer above"
            blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": more}]})
    blocks.append({"type": "actions", "block_id": "turn", "elements": [
        _button("👍", "feedback_up", result.turn_id), _button("👎", "feedback_down", result.turn_id),
        _button("Add comment", "feedback_comment", result.turn_id), _button("Explain", "explain", result.turn_id)]})
    return blocks


def _button(text: str, action_id: str, turn_id: str) -> dict:
    return {"type": "button", "text": {"type": "plain_text", "text": text, "emoji": True}, "action_id": action_id,
            "value": turn_id}


def thanks_blocks(original: list[dict], rating: str) -> list[dict]:
    """The message after a rating: the answer stays, the buttons give way to a note."""
    kept = [b for b in original if b.get("type") != "actions"]
    note = "Thanks — marked helpful." if rating == "up" else "Thanks — marked not helpful."
    return [*kept, {"type": "context", "elements": [{"type": "mrkdwn", "text": note}]}]


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
