"""Who may see and do what in the demo organisation. Nothing here draws from the generator's random
stream, so every issue stays as it was (the embargoed ones gain `fields.security`).

- Groups: `<key>-team` for each project (its members), `jira-users` (everyone), `jira-contributors`
  (everyone but the read-only auditor), `jira-administrators` and `security` (the leads of PROJ and
  OPS); the service account `jirakg-service` is in every group.
- OPS is browsable only by `ops-team` and `jira-administrators`; every other project by `jira-users`.
  Contributors may create issues and comment in the open projects (OPS: its team). Editing,
  transitions, assigning, links and being assigned belong to the project's team and the administrators.
- The auditor (`auditor@example.com`, in `jira-users` and no team) may browse the open projects and do
  nothing else there: the person to show a refusal with.
- About one PROJ issue in twenty, chosen by a hash of its key, is under the "Security embargo" level,
  which admits the `security` group and the issue's reporter.
- Every person's API token is `demo-` followed by the SHA-1 hex digest of their accountId
  (`api_token`): sign in with basic `email:token`, or send the token as a bearer.
"""

from __future__ import annotations

import hashlib

from jirakg.devjira.demo.organisation import Organisation, Project
from jirakg.devjira.demo.schema import BASE_URL

EVERYONE = "jira-users"
CONTRIBUTORS = "jira-contributors"
AUDITOR_NAME = "auditor"
AUDITOR_ACCOUNT_ID = "5f" + hashlib.sha1(AUDITOR_NAME.encode()).hexdigest()[:22]
ADMINISTRATORS = "jira-administrators"
SECURITY = "security"
RESTRICTED_PROJECT = "OPS"
SECURITY_LEADS = ("PROJ", "OPS")  # the projects whose leads join the security group
EMBARGO_PROJECT = "PROJ"
EMBARGO_SHARE = 20  # one issue in this many
EMBARGO = {"self": f"{BASE_URL}/rest/api/2/securitylevel/10100", "id": "10100", "name": "Security embargo",
           "description": "A vulnerability under embargo until its fix ships."}
SERVICE_NAME = "jirakg-service"
SERVICE_ACCOUNT_ID = "5f" + hashlib.sha1(SERVICE_NAME.encode()).hexdigest()[:22]


def api_token(account_id: str) -> str:
    return "demo-" + hashlib.sha1(account_id.encode()).hexdigest()


def embargoed(key: str) -> bool:
    return (key.startswith(EMBARGO_PROJECT + "-")
            and int(hashlib.sha1(key.encode()).hexdigest(), 16) % EMBARGO_SHARE == 0)


def team_group(project_key: str) -> str:
    return f"{project_key.lower()}-team"


def service_account() -> dict:
    return {"self": f"{BASE_URL}/rest/api/2/user?accountId={SERVICE_ACCOUNT_ID}", "accountId": SERVICE_ACCOUNT_ID,
            "name": SERVICE_NAME, "emailAddress": f"{SERVICE_NAME}@example.com", "displayName": "jirakg service",
            "active": True, "timeZone": "UTC", "accountType": "app"}


def auditor() -> dict:
    return {"self": f"{BASE_URL}/rest/api/2/user?accountId={AUDITOR_ACCOUNT_ID}", "accountId": AUDITOR_ACCOUNT_ID,
            "emailAddress": f"{AUDITOR_NAME}@example.com", "displayName": "Avery Auditor", "active": True,
            "timeZone": "UTC", "accountType": "atlassian"}


def permission_scheme(project: Project) -> dict[str, list[str]]:
    team = [team_group(project.key), ADMINISTRATORS]
    restricted = project.key == RESTRICTED_PROJECT
    readers = team if restricted else [EVERYONE]
    contributors = team if restricted else [CONTRIBUTORS]
    return {"BROWSE_PROJECTS": readers, "CREATE_ISSUES": contributors, "ADD_COMMENTS": contributors,
            "EDIT_ISSUES": team, "TRANSITION_ISSUES": team, "ASSIGN_ISSUES": team, "ASSIGNABLE_USER": team,
            "LINK_ISSUES": team, "DELETE_ISSUES": [ADMINISTRATORS]}


def access_metadata(org: Organisation) -> dict:
    """The identity model's metadata keys (see jirakg.devjira.identity and jirakg.devjira.permissions)."""
    everyone = [person.account_id for person in org.people]
    security = list(dict.fromkeys(org.projects[key].lead.account_id for key in SECURITY_LEADS))
    members = {team_group(p.key): [m.account_id for m in p.members] for p in org.projects.values()}
    members |= {EVERYONE: [*everyone, AUDITOR_ACCOUNT_ID], CONTRIBUTORS: everyone, ADMINISTRATORS: [],
                SECURITY: security}
    return {
        "groups": [{"name": name, "members": [*accounts, SERVICE_ACCOUNT_ID]} for name, accounts in members.items()],
        "globalPermissions": {"ADMINISTER": [ADMINISTRATORS], "USER_PICKER": [EVERYONE]},
        "issueSecurityLevels": [{**{k: v for k, v in EMBARGO.items() if k != "self"},
                                 "grants": [f"group:{SECURITY}", "reporter"]}],
        "apiTokens": {api_token(account): account for account in [*everyone, AUDITOR_ACCOUNT_ID, SERVICE_ACCOUNT_ID]},
    }
