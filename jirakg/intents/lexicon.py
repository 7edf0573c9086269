"""The instance's vocabulary: every value a question may name, with the words people use for it.

Built from Jira's own metadata (fields, statuses, priorities, types, link types, projects) and
from a sample of issues (people, labels, components, versions, sprints), so the parser only
ever grounds words in values that exist in the connected instance.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, Field, PrivateAttr

from jirakg.graph.node import DEPENDENCY_AS_BLOCKING
from jirakg.text.words import unicode_words

KINDS = ("project", "status", "category", "type", "priority", "link", "component", "version", "label", "sprint",
         "person", "field", "resolution", "option")
NAME_JOINERS = frozenset("and or of to the for a an in on with".split())  # never a name's first or last word
PARTIAL_STOP = frozenset("app apps application the and for api service services module plugin sdk server client "
                         "library lib tool tools".split())  # too common to name one component
# Everyday words for deciding against an issue: the instance's Won't Fix, else its Won't Do ("turned down" names
# whichever of the two it has, Won't Fix where it has both).
DECLINED_WORDS = ["won t dos", "wont dos", "won t fixes", "not to fix", "decided not to fix", "not to do",
                  "decided not to do", "rejected", "declined", "decline to fix", "declined to fix", "turned down",
                  "not worth doing", "not worth fixing", "weren t worth fixing", "wasn t worth fixing",
                  "isn t worth fixing", "aren t worth fixing", "gave up on", "given up on", "abandoned",
                  "decided to drop", "decided against", "chose to drop", "chose not to do", "refused", "said no to",
                  "say no to", "says no to", "saying no to",
                  "scrapped", "shelved", "killed off", "got dropped", "we dropped", "were dropped",
                  "was dropped", "been dropped", "ended up dropping", "thrown away", "threw away", "throwing away",
                  "thrown out", "threw out", "tossed out", "binned",
                  "decided to skip", "chose to skip", "not to bother with", "not bother with", "didn t bother with",
                  "leave alone", "left alone", "chose to leave"]
# Waiting for review, whether the workflow calls it In Review or (as Fluid's does) Pull Request
UNDER_REVIEW = ["under review", "being reviewed", "in code review", "waiting for review", "awaiting review",
                "up for review", "waiting on review", "waiting on code review", "waiting for code review",
                "waiting to be reviewed", "awaiting a review", "waiting on a review", "waiting for a review",
                "pending review", "needs review", "needs a review", "needing review", "ready for review"]
# Everyday words for common Jira names; added only to values the instance actually has.
SYNONYMS = {
    ("type", "bug"): ["defect", "defects", "bug report", "bugz", "glitch", "glitches", "fault", "faults", "broken",
                      "broken things", "breakage", "breakages", "broken behaviour", "broken behavior",
                      "something broken", "something not working", "things being broken", "something being broken",
                      "problems", "problem reports"],
    ("type", "story"): ["user story", "user stories"],
    ("type", "task"): ["chore", "chores"],
    ("type", "new feature"): ["feature request", "feature requests", "new feature request", "new feature requests",
                              "feature idea", "feature ideas", "feature",
                              "features", "new capability", "new capabilities", "brand new capabilities",
                              "new functionality", "brand new functionality", "new to be added",
                              "something new added", "new things added"],
    ("type", "improvement"): ["enhancement", "enhancements"],
    # the kinds above and below a story, said by people who never used Jira
    ("type", "epic"): ["theme", "themes", "umbrella", "umbrellas", "body of work", "bodies of work"],
    ("type", "sub-task"): ["sub piece", "sub pieces", "subpiece", "subpieces", "child step", "child steps",
                           "checklist step", "checklist steps",
                           "sub item", "sub items", "subitem", "subitems", "child task", "child tasks",
                           # "smaller split-off pieces of work", "smaller pieces of bigger tasks"
                           "split off pieces", "split off piece", "split off work", "smaller child tasks",
                           "pieces of bigger tasks", "smaller pieces split off", "pieces split off"],
    ("type", "risk"): ["danger", "dangers", "could go wrong", "might go wrong"],
    ("type", "initiative"): ["strategic goal", "strategic goals", "company level goal", "company level goals",
                             "strategic bet", "strategic bets"],
    ("status", "blocked"): ["stuck", "impeded", "on hold", "held up", "can't move forward", "cannot move forward",
                            "can't go forward"],
    ("status", "reopened"): ["came back", "come back", "coming back", "opened again", "opened up again", "back open",
                             "reopen", "kicked back", "bounced back", "sent back"],
    ("status", "in review"): [*UNDER_REVIEW, "changes to be reviewed", "with reviewers", "with the reviewers",
                              "waiting on a review", "awaiting code review", "ready for review", "needs review",
                              "needs a review", "need a review", "waiting for a reviewer",
                              "waiting on a reviewer", "someone to review", "somebody to review",
                              "someone to look over", "somebody to look over", "look over the code", "looked over",
                              "someone to check", "somebody to check", "look them over", "look it over",
                              "peer review", "second pair of eyes"],
    # where review happens as a pull request (Fluid's workflow)
    ("status", "pull request"): [*UNDER_REVIEW, "code review", "in review", "open pr", "open prs", "pr review",
                                 "pr reviews", "pull request review", "waiting on a pr", "awaiting a pr",
                                 "someone to review", "somebody to review", "review and merge", "waiting to be merged",
                                 "waiting to merge", "waiting for a merge"],
    # labels by what they are about: "speed-related items", "tagged as a slowdown"
    ("component", "ios app"): ["iphone", "iphone app", "iphone apps", "ipad app"],
    ("label", "performance"): ["speed", "slowness", "slowdown", "slowdowns", "sluggish", "sluggishness",
                               "perf", "latency"],
    ("label", "tech-debt"): ["technical debt"],
    ("label", "customer-reported"): ["reported by customers", "customer reports", "from customers",
                                     "customer complaints", "customer complaint", "complaints from customers",
                                     "raised by customers", "customers complained about"],
    ("label", "ux"): ["usability", "user experience"],
    ("label", "quick-win"): ["easy win", "easy wins", "low hanging fruit"],
    ("label", "needs-design"): ["waiting for design", "waiting on design", "design input",
                                "waiting for design input", "waiting on design input", "waiting on a designer",
                                "waiting for a designer", "needs a designer", "need a designer"],
    ("label", "regression"): ["regressions", "broke again", "broken again"],
    ("label", "compliance"): ["regulatory"],
    ("resolution", "won't fix"): ["won't do", "wont fix", "wontfix", "will not fix", *DECLINED_WORDS],
    ("resolution", "won't do"): ["won't fix", "wont do", "wont fix", "will not fix", "will not do", *DECLINED_WORDS],
    ("resolution", "duplicate"): ["duplicates", "dupe", "dupes", "duplicated", "repeats of", "repeat of",
                                  "already reported", "same as another", "same as another one", "identical one",
                                  "an identical one", "same thing twice"],
    ("resolution", "not a bug"): ["not to be bugs", "not really bugs", "not really a bug", "not actually bugs",
                                  "not actually a bug", "weren't actually bugs", "weren't really bugs",
                                  "working as intended", "works as intended", "expected behaviour", "expected behavior",
                                  "not actually a defect"],
    ("resolution", "fixed"): ["implemented", "fixes", "got fixed", "repaired", "got repaired", "sorted out",
                              "got sorted"],
    ("resolution", "incomplete"): ["not enough info", "not enough information", "not enough detail", "missing info",
                                   "missing information", "insufficient info", "insufficient information",
                                   "too little info", "lacked detail", "lacking detail", "wasn't enough info",
                                   "wasn't enough information", "weren't enough details", "without enough info"],
    ("resolution", "migrated"): ["moved elsewhere", "moved somewhere else", "moved to another tracker",
                                 "moved to github", "migrated elsewhere", "moved out", "moved off",
                                 "moving them elsewhere", "moving it elsewhere", "migrating them", "migrating it"],
    ("resolution", "cannot reproduce"): ["can't reproduce", "could not reproduce", "couldn't reproduce",
                                         "not reproducible", "unreproducible", "nobody could reproduce",
                                         "no one could reproduce", "could not be reproduced", "couldn't be reproduced",
                                         "can't be reproduced", "managed to reproduce", "failed to reproduce",
                                         "unable to reproduce", "can't repro", "cannot repro", "couldn't repro",
                                         "could not repro", "unable to repro", "couldn't recreate",
                                         "could not recreate", "nobody could recreate", "no one could recreate",
                                         # "nobody could make them happen" is longer than an alias may be
                                         "could make it happen", "could make them happen", "couldn't make happen",
                                         "could not make happen", "make happen again", "make them happen again",
                                         "make it happen again"],
}
# Everyday words for a distinctive word of a project's name ("the phone apps" for Mobile Apps, "the online shop" for
# Web Storefront), said by people who never saw the project list
NAME_WORD_SYNONYMS = {"mobile": ("phone", "phone app", "phone apps", "mobile app"),
                      "storefront": ("shop", "online shop", "online store", "web shop", "webshop", "shop website",
                                     "store website"),
                      "web": ("website", "web site"), "operations": ("infrastructure team", "ops team")}
# Well-known abbreviations and numeronyms of the words component and label names are made of; each names a value only
# where exactly one component (or label) of the instance is called by its expansion.
ABBREVIATIONS = {
    "k8s": ("kubernetes",), "i18n": ("internationalization", "internationalisation"),
    "l10n": ("localization", "localisation"), "a11y": ("accessibility",), "o11y": ("observability",),
    "ci": ("ci cd", "continuous integration"), "cd": ("ci cd", "continuous delivery", "continuous deployment"),
    "cicd": ("ci cd",), "ml": ("machine learning",), "ai": ("artificial intelligence",),
    "auth": ("authentication", "authorization", "authorisation"), "db": ("database",), "infra": ("infrastructure",),
    "sec": ("security",),
}
# A word of a name and its other form, either way round: "preferences framework" for Prefs Framework, "push notifs"
# for Push Notifications
SHORT_FORMS = {"prefs": "preferences", "pref": "preference", "notifs": "notifications", "notif": "notification",
               "config": "configuration", "docs": "documentation", "admin": "administration", "env": "environment",
               "repo": "repository", "repos": "repositories", "perf": "performance", "mgmt": "management",
               "msgs": "messages", "msg": "message", "ops": "operations"}
APOSTROPHE = re.compile(r"(?<=\w)['’](?=\w)")
CATEGORY_WORDS = {"new": ["to do", "todo", "open", "not started", "new"],
                  "indeterminate": ["in progress", "ongoing", "active", "started", "underway"],
                  "done": ["done", "closed", "finished", "resolved", "complete", "completed"]}


class Term(BaseModel):
    kind: str
    value: str  # what JQL needs: a name, key, account id or field id
    label: str  # how to show it
    aliases: list[str] = Field(default_factory=list)  # normalised words that name it
    field: str | None = None  # an option's select field, by name ("Severity")


class Sprint(BaseModel):
    id: str
    name: str
    start: str | None = None  # ISO timestamps as Jira gives them
    end: str | None = None


class Release(BaseModel):
    project: str
    name: str
    date: str | None = None  # its release date, "2026-12-31"
    released: bool = False


class Lexicon(BaseModel):
    terms: list[Term] = Field(default_factory=list)
    project_keys: list[str] = Field(default_factory=list)
    priority_order: list[str] = Field(default_factory=list)  # highest first
    inverse_links: dict[str, str] = Field(default_factory=dict)  # "depends on" <-> "is depended on by"
    link_type_names: dict[str, str] = Field(default_factory=dict)  # "dependency" -> "depends on" (its outward side)
    sprints: list[Sprint] = Field(default_factory=list)  # for "the past 3 sprints"
    # person value -> the project keys of the sampled issues they are assignee or reporter of: tells two
    # people of one first name apart when the question names a project
    works_in: dict[str, list[str]] = Field(default_factory=dict)
    releases: list[Release] = Field(default_factory=list)  # versions per project, with their dates
    types_in: dict[str, list[str]] = Field(default_factory=dict)  # project key -> the issue types its issues have
    components_in: dict[str, list[str]] = Field(default_factory=dict)  # project key -> its issues' components
    # project key -> the statuses its sampled issues are in: a stand-in for its workflow ("in progress" names the
    # status only where the project's workflow has it)
    statuses_in: dict[str, list[str]] = Field(default_factory=dict)
    status_categories: dict[str, str] = Field(default_factory=dict)  # status name -> its category key
    # projects whose workflow closes issues without a resolution (Fluid's C2LC): none of their sampled issues in
    # the Done category has one, so there "unresolved" is outside the Done category
    closed_without_resolution: list[str] = Field(default_factory=list)
    type_levels: dict[str, int] = Field(default_factory=dict)  # issue type -> its hierarchy level (Epic 1, Story 0)
    # an epic's, feature's or initiative's summary (normalised) -> the keys of those so called: free words, kept apart
    # from the terms, whose words the readers know as values
    epics: dict[str, list[str]] = Field(default_factory=dict)

    _by_kind: dict[str, list[Term]] | None = PrivateAttr(None)

    def of(self, kind: str) -> list[Term]:
        if self._by_kind is None:  # asked many times per question: index once
            self._by_kind = {}
            for term in self.terms:
                self._by_kind.setdefault(term.kind, []).append(term)
        return self._by_kind.get(kind, [])

    def done_statuses(self) -> set[str]:
        """The workflow states in the Done category."""
        return {name for name, key in self.status_categories.items() if key == "done"}

    def points_field(self) -> Term | None:
        """The instance's story-points field: the first field whose name says story points."""
        return next((t for t in self.of("field") if "story point" in t.label.lower()), None)

    def link_said(self, description: str) -> str:
        """A link description as this instance says it: without a Blocks type, "is blocked by" is its "depends on"
        and "blocks" its "is depended on by" (the relation the graph reads them as, `DEPENDENCY_AS_BLOCKING`)."""
        have = {t.value for t in self.of("link")}
        if description in have:
            return description
        return next((own for own, (_, blocking) in DEPENDENCY_AS_BLOCKING.items()
                     if blocking == description and own in have), description)

    def sprint_field(self) -> Term | None:
        """The instance's Sprint field."""
        return next((t for t in self.of("field") if t.label.lower() == "sprint"), None)

    @classmethod
    def build(cls, *, fields: Iterable[dict] = (), statuses: Iterable[dict] = (), priorities: Iterable[dict] = (),
              issue_types: Iterable[dict] = (), link_types: Iterable[dict] = (), projects: Iterable[dict] = (),
              issues: Iterable[dict] = (), planned_sprints: Iterable[dict] = (), epics: Iterable[dict] = ()) -> Lexicon:
        """`planned_sprints`: sprints the boards list that the issues may not show yet (named, not windows).
        `epics`: issues of the types above a story (key, summary, type), named by their summaries, as are such issues
        among `issues` when they carry a summary."""
        terms = _Terms()
        statuses, priorities, issue_types = list(statuses), list(priorities), list(issue_types)
        link_types = list(link_types)
        _add_metadata_terms(terms.add, fields, statuses, priorities, issue_types, link_types)
        projects = list(projects)
        project_keys = _add_project_terms(terms.add, projects)
        sprints: dict[str, Sprint] = {}
        issues = list(issues)
        for issue in issues:
            _add_issue_terms(terms.add, issue.get("fields", {}), sprints)
        for planned in planned_sprints:
            terms.add("sprint", str(planned["id"]), planned["name"])
        terms.add_synonyms()
        terms.add_partial_names()
        terms.add_abbreviations()
        terms.add_short_forms()
        _add_select_options(terms, fields, issues)
        lexicon = cls(terms=list(terms.found.values()), project_keys=sorted(set(project_keys)),
                      sprints=sorted(sprints.values(), key=lambda s: s.start or ""), works_in=_works_in(issues),
                      releases=_releases(projects, issues), types_in=_in_projects(issues, "issuetype"),
                      components_in=_in_projects(issues, "components"),
                      statuses_in=_in_projects(issues, "status"),
                      closed_without_resolution=_closed_without_resolution(issues),
                      status_categories={s["name"]: s["statusCategory"]["key"] for s in statuses
                                         if (s.get("statusCategory") or {}).get("key")},
                      type_levels={t["name"]: t["hierarchyLevel"] for t in issue_types
                                   if isinstance(t.get("hierarchyLevel"), int)},
                      epics=_epics_by_summary([*issues, *epics], issue_types))
        lexicon.priority_order = [p["name"] for p in priorities] or [t.value for t in lexicon.of("priority")]
        lexicon.inverse_links = {**{t["outward"]: t["inward"] for t in link_types},
                                 **{t["inward"]: t["outward"] for t in link_types}}
        lexicon.link_type_names = {t["name"].lower(): t["outward"] for t in link_types if t.get("name")}
        return lexicon


class _Terms:
    """Terms in the order they are met, one per kind and value, each alias once."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, str], Term] = {}

    def add(self, kind: str, value: str | None, label: str | None, *aliases: str | None) -> None:
        if not value:
            return
        term = self.found.setdefault((kind, value), Term(kind=kind, value=value, label=label or value))
        # A sprint's id is a bare number: as a word it would turn "9" or "2019" into a sprint.
        for alias in (label, *([] if kind == "sprint" else [value]), *aliases):
            # as typed without the apostrophe too: "wont fix", "michelle dsouza"
            for text in dict.fromkeys([unicode_words(alias or ""), unicode_words(APOSTROPHE.sub("", alias or ""))]):
                if text and text not in term.aliases:
                    term.aliases.append(text)

    def add_partial_names(self) -> None:
        """Shorter names people use: the one telling word of a component's name ("Android" for "Android App"), and a
        sprint named after its project ("MOB Sprint 52") by the project's name or word ("mobile sprint 52")."""
        taken = {alias for term in self.found.values() for alias in term.aliases}
        self._component_words(taken)
        projects = {t.value.lower(): t.aliases for t in self.found.values() if t.kind == "project"}
        for term in [t for t in self.found.values() if t.kind == "sprint"]:
            key, _, rest = unicode_words(term.label).partition(" ")
            term.aliases += [f"{name} {rest}" for name in projects.get(key, []) if f"{name} {rest}" not in taken]
        for term in [t for t in self.found.values() if t.kind == "version"]:
            said = [*_quarter_names(term.label), *_v_number(term.label)]
            term.aliases += [a for a in said if a not in taken and a not in term.aliases]

    def _component_words(self, taken: set[str]) -> None:
        components = [t for t in self.found.values() if t.kind == "component"]
        counts: dict[str, int] = {}
        for term in components:
            for word in set(unicode_words(term.label).split()):
                counts[word] = counts.get(word, 0) + 1
        for term in components:
            words = unicode_words(term.label).split()
            # only "<name> <generic word>" ("iOS App"): a word of a longer name is too often an everyday word
            distinct = [w for w in words if w not in PARTIAL_STOP]
            if len(words) > 1 and len(distinct) == 1 and counts[distinct[0]] == 1 and distinct[0] not in taken:
                term.aliases.append(distinct[0])
        shortened = _shortened_names([t.label for t in components])
        for term in components:  # "storytelling server" (Storytelling Tool Server), where no other is so called
            term.aliases += [part for part in shortened.get(term.label, []) if part not in taken]

    def add_abbreviations(self) -> None:
        """"k8s" for the Kubernetes component, "a11y" for Accessibility: an abbreviation whose expansion is a whole
        component or label name, or a word of one ("ML Features"), of exactly one value of that kind."""
        taken = {alias for term in self.found.values() for alias in term.aliases}
        for kind in ("component", "label"):
            terms = [t for t in self.found.values() if t.kind == kind]
            for short, expansions in ABBREVIATIONS.items():
                if short in taken:
                    continue
                named = [t for t in terms if any(_has_phrase(unicode_words(t.label), e) for e in expansions)]
                if len(named) == 1:
                    named[0].aliases.append(short)
                    taken.add(short)

    def add_short_forms(self) -> None:
        """A component, label or project name said with one of its words in its other form (SHORT_FORMS), where
        that names no other value."""
        other = {**SHORT_FORMS, **{long: short for short, long in SHORT_FORMS.items()}}
        taken = {alias for term in self.found.values() for alias in term.aliases}
        for term in [t for t in self.found.values() if t.kind in ("component", "label", "project")]:
            for alias in list(term.aliases):
                words = alias.split()
                for i, word in enumerate(words):
                    said = " ".join([*words[:i], other.get(word, word), *words[i + 1:]])
                    if word in other and said not in taken:
                        term.aliases.append(said)
                        taken.add(said)

    def add_synonyms(self) -> None:
        """Everyday words, only for the values the instance has."""
        for (kind, name), words in SYNONYMS.items():
            taken = {alias for (k, _), t in self.found.items() if k == kind for alias in t.aliases}
            for term in self.found.values():
                if term.kind == kind and term.value.lower() == name:
                    # "won't fix" names Won't Do only where the instance has no Won't Fix of its own
                    term.aliases += [unicode_words(w) for w in words if unicode_words(w) not in taken]


def _add_metadata_terms(add, fields: Iterable[dict], statuses: Iterable[dict], priorities: Iterable[dict],
                        issue_types: Iterable[dict], link_types: Iterable[dict]) -> None:
    for field in fields:
        add("field", field["id"], field.get("name"), *field.get("clauseNames", []))
    for status in statuses:
        add("status", status["name"], status["name"])
    for category, words in CATEGORY_WORDS.items():
        add("category", category, words[0], *words)
    for priority in priorities:
        add("priority", priority["name"], priority["name"])
    for kind in issue_types:
        add("type", kind["name"], kind["name"], *_type_names(kind["name"]))
    for link in link_types:
        # The type's name ("Blocks") reads as its outward direction only.
        add("link", link["outward"], link["outward"], link["name"], link["outward"].removeprefix("is "))
        add("link", link["inward"], link["inward"], link["inward"].removeprefix("is "))


def _add_project_terms(add, projects: list[dict]) -> list[str]:
    """Projects (by key, name and distinctive name words), their components and versions; the keys."""
    names = [p.get("name") or "" for p in projects]
    distinctive, unique = _distinctive_words(names, 6), _distinctive_words(names, 3)
    shortened = _shortened_names(names)
    for project in projects:
        words = unicode_words(project.get("name") or "").split()
        # A short word alone is too often an everyday word ("core"); said with "project" it names the project.
        add("project", project["key"], project.get("name"), project.get("name"),
            *[w for w in words if w in distinctive], *[f"{w} project" for w in words if w in unique],
            *[said for w in words if w in distinctive for said in NAME_WORD_SYNONYMS.get(w, ())],
            *shortened.get(project.get("name") or "", []))
        for component in project.get("components", []):
            add("component", component["name"], component["name"])
        for version in project.get("versions", []):
            add("version", version["name"], version["name"])
    return [project["key"] for project in projects]


NAMED_FIELDS = {"status": "status", "issuetype": "type", "priority": "priority", "resolution": "resolution"}


QUARTERS = {"1": "first", "2": "second", "3": "third", "4": "fourth"}


def _quarter_names(label: str) -> list[str]:
    """A release named by its quarter ("2026.Q4") as people say it: "q4 2026", "fourth quarter 2026"."""
    quarter = re.fullmatch(r"(\d{4})[ .\-/]?q([1-4])|q([1-4])[ .\-/]?(\d{4})", label.strip().lower())
    if not quarter:
        return []
    year, number = quarter.group(1) or quarter.group(4), quarter.group(2) or quarter.group(3)
    return [f"q{number} {year}", f"{year} q{number}", f"{QUARTERS[number]} quarter {year}",
            f"{QUARTERS[number]} quarter of {year}", f"{year} {QUARTERS[number]} quarter"]


def _v_number(label: str) -> list[str]:
    """A version named by a bare number ("1.5") as people write it: "v1.5"."""
    return [f"v{unicode_words(label)}"] if re.fullmatch(r"\d+(?:\.\d+)+", label.strip()) else []


def _add_issue_terms(add, fields: dict, sprints: dict[str, Sprint]) -> None:
    for role in ("assignee", "reporter", "creator"):
        person = fields.get(role)
        if person:
            name = person.get("displayName") or person.get("name")
            first, *rest = (name or "").split(" ")
            # as people write a name short: "carla m", "jhung", "A. Cheetham"
            short = [f"{first} {rest[-1][0]}", f"{first[0]}{rest[-1]}", f"{first[0]} {rest[-1]}"] if (
                rest and len(first) > 1 and len(rest[-1]) >= 4 and rest[-1].isalpha()) else []  # not "Blake E" as "be"
            add("person", person.get("accountId") or person.get("key") or person.get("name"), name,
                person.get("emailAddress"), person.get("name"), first, *short)
    for label in fields.get("labels") or []:
        add("label", label, label)
    for kind, field_ids in (("component", ("components",)), ("version", ("fixVersions", "versions"))):
        for value in (v for field_id in field_ids for v in fields.get(field_id) or []):
            add(kind, value["name"], value["name"])
    for field_id, kind in NAMED_FIELDS.items():
        value = fields.get(field_id)
        if value:
            add(kind, value["name"], value["name"], *(_type_names(value["name"]) if kind == "type" else []))
    _add_sprints(add, fields, sprints)


def _add_sprints(add, fields: dict, sprints: dict[str, Sprint]) -> None:
    """Sprints are found by shape (id, name, state) in whichever custom field holds them."""
    for value in fields.values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, dict) and {"id", "name", "state"} <= set(item):  # a sprint
                    add("sprint", str(item["id"]), item["name"])
                    sprints.setdefault(str(item["id"]), Sprint(id=str(item["id"]), name=item["name"],
                                                               start=item.get("startDate"), end=item.get("endDate")))


def _epics_by_summary(issues: list[dict], issue_types: list[dict]) -> dict[str, list[str]]:
    """"the Wish lists v2 epic": the issues of the types above a story, by summary (a type without a level counts
    when it is called Epic)."""
    levels = {t["name"]: t.get("hierarchyLevel") for t in issue_types}
    found: dict[str, list[str]] = {}
    for issue in issues:
        values = issue.get("fields") or {}
        kind = (values.get("issuetype") or {}).get("name", "")
        level = levels.get(kind)
        name = unicode_words(values.get("summary") or "")
        if name and (level if isinstance(level, int) else int(kind.lower() == "epic")) >= 1 \
                and issue["key"] not in found.get(name, []):
            found.setdefault(name, []).append(issue["key"])
    return found


def _releases(projects: Iterable[dict], issues: list[dict]) -> list[Release]:
    """Each project's versions with their release dates: from the catalogue when it lists them, else as the
    sampled issues' fix versions carry them."""
    found: dict[tuple[str, str], Release] = {}
    listed = [(p["key"], v) for p in projects for v in p.get("versions") or []]
    carried = [((f.get("project") or {}).get("key"), v) for f in (i.get("fields") or {} for i in issues)
               for v in f.get("fixVersions") or []]
    for project, version in listed + carried:
        if project and version.get("name") and (project, version["name"]) not in found:
            found[(project, version["name"])] = Release(project=project, name=version["name"],
                                                        date=version.get("releaseDate"),
                                                        released=bool(version.get("released")))
    return sorted(found.values(), key=lambda r: (r.project, r.date or "", r.name))


def _in_projects(issues: list[dict], field: str) -> dict[str, list[str]]:
    """Project key -> the names the issues of that project have in `field` (issue types, statuses, components)."""
    found: dict[str, set[str]] = {}
    for fields in (issue.get("fields") or {} for issue in issues):
        project, value = (fields.get("project") or {}).get("key"), fields.get(field) or {}
        names = [v.get("name") for v in value] if isinstance(value, list) else [value.get("name")]  # "components"
        if project:
            found.setdefault(project, set()).update(n for n in names if n)
    return {project: sorted(names) for project, names in found.items()}


def _closed_without_resolution(issues: list[dict], fewest: int = 5) -> list[str]:
    """Projects with at least `fewest` sampled issues in the Done category and a resolution on none of them."""
    done: dict[str, int] = {}
    resolved: set[str] = set()
    for fields in (issue.get("fields") or {} for issue in issues):
        project = (fields.get("project") or {}).get("key")
        if project and ((fields.get("status") or {}).get("statusCategory") or {}).get("key") == "done":
            done[project] = done.get(project, 0) + 1
            if fields.get("resolution"):
                resolved.add(project)
    return sorted(p for p, count in done.items() if count >= fewest and p not in resolved)


def _works_in(issues: list[dict]) -> dict[str, list[str]]:
    found: dict[str, set[str]] = {}
    for fields in (issue.get("fields") or {} for issue in issues):
        project = (fields.get("project") or {}).get("key")
        for role in ("assignee", "reporter"):
            person = fields.get(role) or {}
            value = person.get("accountId") or person.get("key") or person.get("name")
            if project and value:
                found.setdefault(value, set()).add(project)
    return {person: sorted(projects) for person, projects in found.items()}


SELECT_FIELD = "com.atlassian.jira.plugin.system.customfieldtypes:select"
CODED_OPTION = re.compile(r"^([a-z]+)(\d+)(?: (.+))?$")  # "s1 critical": a code, then a name


def select_fields(fields: Iterable[dict]) -> dict[str, str]:
    """Single-select custom fields by id: their names, the fields whose values the issue sample must carry."""
    return {f["id"]: f["name"] for f in fields
            if (f.get("schema") or {}).get("custom") == SELECT_FIELD and f.get("name")}


def _add_select_options(terms: _Terms, fields: Iterable[dict], issues: list[dict]) -> None:
    """The coded values of single-select custom fields the issues carry ("Severity: S1 - Critical"); only by words
    no other value has."""
    selects = select_fields(fields)
    taken = {alias for term in terms.found.values() for alias in term.aliases}
    for fields_of_issue in (issue.get("fields") or {} for issue in issues):
        for field_id, field_name in selects.items():
            option = fields_of_issue.get(field_id)
            if not isinstance(option, dict) or not option.get("value") or ("option", option["value"]) in terms.found:
                continue
            aliases = [a for a in _option_aliases(field_name, option["value"], taken) if a not in taken]
            if aliases:
                terms.found[("option", option["value"])] = Term(kind="option", value=option["value"],
                                                                label=option["value"], field=field_name,
                                                                aliases=aliases)


def _option_aliases(field_name: str, value: str, taken: set[str]) -> list[str]:
    """A coded option by its name, its code ("S1", "sev 1") and its name beside the field's ("critical severity");
    a plain name ("Platform Team") by itself, unless a word of it already names something ("Mobile Team" is read
    as the Mobile Apps project elsewhere): "the platform team" must not lose "platform"."""
    name, words = unicode_words(field_name), unicode_words(value)
    coded = CODED_OPTION.match(words)
    if not coded:
        own = [w for w in words.split() if w not in name.split()]
        return [words] if own and not any(w in taken for w in own) else []
    code, number, rest = coded.groups()
    aliases = [words, f"{name} {words}", f"{words} {name}", f"{code}{number}", f"{code}{number}s", f"{name} {number}",
               f"{name[:3]} {number}", f"{name[:3]}{number}", f"{name[:3]}{number}s",
               f"{name[:3]} {number}s"]  # "any S1s still open?", "which sev1s"
    if rest:
        # "major severity", "major in severity"; "sev 1 critical": the code and the name together
        aliases += [f"{name} {rest}", f"{rest} {name}", f"{code}{number} {rest}", f"{rest} in {name}",
                    f"{name} {number} {rest}", f"{name[:3]} {number} {rest}", f"{name[:3]}{number} {rest}"]
    return list(dict.fromkeys(aliases))


def _distinctive_words(names: list[str], shortest: int) -> set[str]:
    """Words of project names, at least `shortest` letters, that name one project ("storefront")."""
    counts: dict[str, int] = {}
    for name in names:
        for word in set(unicode_words(name).split()) - NAME_JOINERS:
            counts[word] = counts.get(word, 0) + 1
    return {word for word, count in counts.items() if count == 1 and len(word) >= shortest}


def _shortened_names(names: list[str]) -> dict[str, list[str]]:
    """A long name said in part, each part of two words or more found in one name only: "coding to learn"
    (Coding to Learn and Create), "repair kit" (Social Justice Repair Kit), or its first and last words
    ("storytelling server" for Storytelling Tool Server)."""
    parts: dict[str, set[str]] = {}
    for name in names:
        words = unicode_words(name).split()
        for start in range(len(words)):
            for end in range(start + 2, len(words) + 1):
                if (end - start < len(words) and words[start] not in NAME_JOINERS
                        and words[end - 1] not in NAME_JOINERS):
                    parts.setdefault(" ".join(words[start:end]), set()).add(name)
        if len(words) > 2 and not {words[0], words[-1]} & NAME_JOINERS:
            parts.setdefault(f"{words[0]} {words[-1]}", set()).add(name)
    shortened: dict[str, list[str]] = {}
    for part, owners in parts.items():
        if len(owners) == 1:
            shortened.setdefault(owners.pop(), []).append(part)
    return shortened


def _has_phrase(name: str, phrase: str) -> bool:
    return f" {phrase} " in f" {name} "


def _type_names(name: str) -> list[str]:
    """A type as people write it: plural, and closed up ("subtasks" for Sub-task)."""
    closed = name.replace("-", "")
    return [_plural(name), *([closed, _plural(closed)] if closed != name else [])]


def _plural(name: str) -> str:
    lowered = name.lower()
    if lowered.endswith("y") and not lowered.endswith(("ay", "ey", "oy", "uy")):
        return lowered[:-1] + "ies"
    if lowered.endswith(("s", "x", "ch", "sh")):
        return lowered + "es"
    return lowered + "s"
