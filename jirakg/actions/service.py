"""Proposals kept in the graph store until confirmed, cancelled or expired; a confirmation claims its
proposal atomically (`claim_state`), so a double click or two replicas do one change. Done as the
asker (their token, or the service account after Jira's permission check for them), read back, the
graph cache refreshed, and audited in the feedback store."""

from __future__ import annotations

import logging
import time

from jirakg.actions.grounding import READ_FIELDS, Grounder
from jirakg.actions.models import ActionOutcome, ActionRefused, Change, Proposal
from jirakg.actions.permission import may
from jirakg.actions.wording import WriteRequest
from jirakg.connectors.jira.errors import IssueNotFound, JiraError, PersonRefused
from jirakg.engine.turn import Asker, Surface, TurnContext
from jirakg.feedback import ActionLog, FeedbackStore
from jirakg.graph import GraphManager
from jirakg.graph.stores.base import GraphStore

log = logging.getLogger(__name__)
DISABLED = ("jirakg only reads Jira here, so it changed nothing; a jirakg administrator can let people "
            "create, transition, assign, comment and link after confirming, with actions.enabled: true "
            "(JIRAKG_ACTIONS__ENABLED=true).")
ALREADY = "That proposal was already confirmed or cancelled; nothing more was changed."
GONE = "That proposal has expired or does not exist, so nothing was changed; ask again."
# Fields whose cached queries a change can make stale, per action.
STALE_FIELDS = {"create": [], "transition": ["status", "resolution", "statusCategory"],
                "assign": ["assignee"], "unassign": ["assignee"], "comment": ["comment"],
                "link": ["issuelinks", "issueLinkType"], "fix_version": ["fixVersion", "fixVersions"]}


class Actions:
    def __init__(self, store: GraphStore, feedback: FeedbackStore | None, ttl_s: int, *, own_tokens: bool) -> None:
        self.store = store
        self.feedback = feedback
        self.ttl_s = ttl_s
        self.own_tokens = own_tokens  # jira.permissions: user-token — the person's own token calls Jira

    async def propose(self, request: WriteRequest, turn: TurnContext, manager: GraphManager) -> Proposal:
        check_for = None if turn.asker.service_account or self.own_tokens else turn.asker
        grounder = Grounder(manager.connector, self.ttl_s, check_for)
        proposal = await grounder.propose(request, turn.asker, turn.owner, turn.surface, turn.issue_key)
        await self.store.put_state(f"action:{proposal.id}", proposal.model_dump_json(), self.ttl_s)
        return proposal

    async def _pending(self, action_id: str, owner: str) -> Proposal:
        raw = await self.store.get_state(f"action:{action_id}")
        proposal = Proposal.model_validate_json(raw) if raw else None
        if proposal is None or proposal.expires_at < time.time():
            claimed = await self.store.get_state(f"action-claim:{action_id}")
            raise ActionRefused(ALREADY if claimed else GONE)
        if proposal.owner != owner:
            raise ActionRefused("Only the person who asked for this change can confirm or cancel it; nothing was "
                                "changed.")
        return proposal

    async def _claim(self, proposal: Proposal, how: str) -> None:
        if not await self.store.claim_state(f"action-claim:{proposal.id}", how, self.ttl_s + 60):
            raise ActionRefused(ALREADY)

    async def cancel(self, action_id: str, owner: str) -> ActionOutcome:
        proposal = await self._pending(action_id, owner)
        await self._claim(proposal, "cancelled")
        await self.store.put_state(f"action:{action_id}", None)
        return ActionOutcome(action_id=action_id, status="cancelled", text="Cancelled; nothing was changed.",
                             issue_key=proposal.issue_key)

    async def confirm(self, action_id: str, owner: str, asker: Asker, manager: GraphManager) -> ActionOutcome:
        """Done once: ActionRefused (one sentence) when it is gone, someone else's, already claimed, not
        allowed for the asker or refused by Jira."""
        proposal = await self._pending(action_id, owner)
        await self._claim(proposal, "confirmed")
        await self.store.put_state(f"action:{action_id}", None)
        connector = manager.connector
        if not asker.service_account and not await may(connector, asker, proposal.permission, proposal.project_key,
                                                       proposal.issue_key, self.own_tokens):
            sentence = (f"Jira does not let you do that ({proposal.permission.replace('_', ' ').lower()} in "
                        f"{proposal.project_key}), so nothing was sent.")
            await self._audit(proposal, asker, "refused", sentence)
            raise ActionRefused(sentence)
        key = proposal.issue_key
        try:
            for call in proposal.calls:
                answer = await connector.http.request(call.method, call.path, body=call.body)
                if proposal.kind == "create" and isinstance(answer, dict):
                    key = answer.get("key")
        except PersonRefused:
            raise
        except JiraError as exc:
            sentence = f"Jira refused the change: {str(exc).rstrip('.')}. Nothing was changed."
            await self._audit(proposal, asker, "failed", sentence)
            raise ActionRefused(sentence) from exc
        assert key is not None, "a create answers with its key"
        changes = await self._read_back(proposal, key, manager)
        await self._audit(proposal.model_copy(update={"issue_key": key, "changes": changes}), asker, "done", None)
        return ActionOutcome(action_id=action_id, status="done", issue_key=key, changes=changes,
                             text=f"Done: {_done_title(proposal, key)}.\n" +
                             "\n".join(f"• {c.field}: {c.before} → {c.after}" for c in changes))

    async def _read_back(self, proposal: Proposal, key: str, manager: GraphManager) -> list[Change]:
        """The issue as Jira now has it, into the cache at once; the changes as read back."""
        keys = [k for k in (key, proposal.other_key) if k]
        await manager.invalidate(keys=keys, fields=STALE_FIELDS[proposal.kind], any_new_issue=proposal.kind == "create")
        # One fetch of both ends (a single `key in (...)` search) stores the new versions in the graph cache
        # and is what the changes are read back from.
        read_back = await manager.nodes(keys, READ_FIELDS)
        if key.upper() not in read_back:
            raise IssueNotFound(key.upper())
        fields = read_back[key.upper()].fields
        read = {"Status": (fields.get("status") or {}).get("name"),
                "Assignee": (fields.get("assignee") or {}).get("displayName") or "Unassigned",
                "Fix versions": ", ".join(v["name"] for v in fields.get("fixVersions") or []),
                "Summary": fields.get("summary")}
        changes = []
        for change in proposal.changes:
            now = read.get(change.field)
            if now is not None and change.after not in now:
                log.warning("action %s: %s read back as %r, not %r", proposal.id, change.field, now, change.after)
                change = change.model_copy(update={"after": f"{now} (Jira kept this, not {change.after})"})
            changes.append(change)
        return changes

    async def _audit(self, proposal: Proposal, asker: Asker, outcome: str, detail: str | None) -> None:
        if self.feedback is None:
            return
        await self.feedback.record_action(ActionLog(
            action_id=proposal.id, kind=proposal.kind, issue_key=proposal.issue_key,
            account_id=None if asker.service_account else asker.account_id, user=asker.surface_user_id,
            channel=proposal.surface, request=proposal.request, changes=[c.model_dump() for c in proposal.changes],
            outcome=outcome, detail=detail))  # type: ignore[arg-type]


def _done_title(proposal: Proposal, key: str) -> str:
    return f"created {key}" if proposal.kind == "create" else proposal.title


def confirm_hint(surface: Surface, action_id: str) -> tuple[str, str]:
    """How each surface confirms and cancels a proposal."""
    if surface == "cli":
        return "run the same command again with --yes, or /confirm in jirakg chat", "/cancel, or do nothing"
    if surface in ("api", "web", "jira", "mcp"):
        return f"POST /api/v1/actions/{action_id}/confirm", f"POST /api/v1/actions/{action_id}/cancel"
    return "press Confirm", "press Cancel"
