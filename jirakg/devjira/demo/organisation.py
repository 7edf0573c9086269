"""People, teams, releases and sprints of the demo organisation (everything but the issues)."""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from jirakg.devjira.demo import wording
from jirakg.devjira.demo.schema import BASE_URL, COMPONENTS, PROJECTS

DAY_MS = 86_400_000
SPRINT_DAYS = 14
HISTORY_DAYS = 730
TIME_ZONES = ["Europe/Lisbon", "Europe/Berlin", "America/Sao_Paulo", "America/New_York",
              "Asia/Tokyo", "Africa/Lagos", "Asia/Kolkata", "Australia/Sydney"]


@dataclass(frozen=True, slots=True)
class Person:
    account_id: str
    display_name: str
    email: str
    time_zone: str

    def object(self) -> dict:
        return {
            "self": f"{BASE_URL}/rest/api/2/user?accountId={self.account_id}",
            "accountId": self.account_id,
            "emailAddress": self.email,
            "displayName": self.display_name,
            "active": True,
            "timeZone": self.time_zone,
            "accountType": "atlassian",
        }


@dataclass(frozen=True, slots=True)
class Version:
    id: str
    name: str
    release_ms: int
    released: bool

    def object(self) -> dict:
        return {"self": f"{BASE_URL}/rest/api/2/version/{self.id}", "id": self.id, "name": self.name,
                "archived": False, "released": self.released, "releaseDate": date_text(self.release_ms)}


@dataclass(frozen=True, slots=True)
class Sprint:
    id: int
    name: str
    board_id: int
    start_ms: int
    end_ms: int
    state: str

    def object(self) -> dict:
        return {"id": self.id, "name": self.name, "state": self.state, "boardId": self.board_id,
                "goal": "", "startDate": timestamp_text(self.start_ms),
                "endDate": timestamp_text(self.end_ms)}


@dataclass(slots=True)
class Project:
    id: str
    key: str
    name: str
    kind: str
    lead: Person
    members: list[Person]
    components: list[dict]
    versions: list[Version] = field(default_factory=list)
    sprints: list[Sprint] = field(default_factory=list)

    def object(self) -> dict:
        return {"self": f"{BASE_URL}/rest/api/2/project/{self.id}", "id": self.id, "key": self.key,
                "name": self.name, "projectTypeKey": "software"}


@dataclass(slots=True)
class Organisation:
    start_ms: int
    end_ms: int
    people: list[Person]
    projects: dict[str, Project]


def timestamp_text(ms: int) -> str:
    """Jira's timestamp format, e.g. 2026-03-14T09:21:33.123+0000."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + f".{ms % 1000:03d}+0000"


def date_text(ms: int) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(ms // 1000))


def build_organisation(rng: random.Random, end: datetime) -> Organisation:
    end_ms = int(end.timestamp() * 1000)
    start_ms = end_ms - HISTORY_DAYS * DAY_MS
    people = _people(rng)
    projects: dict[str, Project] = {}
    next_component = 10000
    next_version = 10000
    next_sprint = 1
    for index, (key, name, kind) in enumerate(PROJECTS):
        members = rng.sample(people, 8 if kind == "team" else 5)
        components = []
        for component in COMPONENTS[key]:
            components.append({"self": f"{BASE_URL}/rest/api/2/component/{next_component}",
                               "id": str(next_component), "name": component})
            next_component += 1
        project = Project(str(10000 + index), key, name, kind, members[0], members, components)
        if kind == "team":
            project.versions, next_version = _versions(start_ms, end_ms, next_version)
            project.sprints, next_sprint = _sprints(key, index, start_ms, end_ms, next_sprint)
        projects[key] = project
    return Organisation(start_ms, end_ms, people, projects)


def _people(rng: random.Random) -> list[Person]:
    names = rng.sample([(first, last) for first in wording.FIRST_NAMES for last in wording.LAST_NAMES], 40)
    people = []
    for first, last in names:
        digest = hashlib.sha1(f"{first} {last}".encode()).hexdigest()
        people.append(Person(
            account_id=f"5f{digest[:22]}",
            display_name=f"{first} {last}",
            email=f"{first.lower()}.{last.lower()}@example.com",
            time_zone=rng.choice(TIME_ZONES),
        ))
    return people


def _versions(start_ms: int, end_ms: int, next_id: int) -> tuple[list[Version], int]:
    """Quarterly releases from the start of history until two quarters after the end."""
    versions = []
    moment = datetime.fromtimestamp(start_ms / 1000, UTC)
    year, quarter = moment.year, (moment.month - 1) // 3 + 1
    while True:
        last_month = quarter * 3
        release = datetime(year + (last_month == 12), last_month % 12 + 1, 1, tzinfo=UTC) - timedelta(days=1)
        release_ms = int(release.timestamp() * 1000)
        versions.append(Version(str(next_id), f"{year}.Q{quarter}", release_ms, release_ms <= end_ms))
        next_id += 1
        if release_ms > end_ms + 120 * DAY_MS:
            return versions, next_id
        year, quarter = (year + 1, 1) if quarter == 4 else (year, quarter + 1)


def _sprints(key: str, index: int, start_ms: int, end_ms: int, next_id: int) -> tuple[list[Sprint], int]:
    """Back-to-back two-week sprints covering all of history and the next six weeks."""
    sprints = []
    length = SPRINT_DAYS * DAY_MS
    begin = start_ms + index * DAY_MS  # teams do not all start sprints on the same day
    number = 1
    while begin < end_ms + 3 * length:
        finish = begin + length
        state = "closed" if finish <= end_ms else "active" if begin <= end_ms else "future"
        sprints.append(Sprint(next_id, f"{key} Sprint {number}", index, begin, finish, state))
        next_id += 1
        number += 1
        begin = finish
    return sprints, next_id
