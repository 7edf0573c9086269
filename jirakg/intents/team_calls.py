"""A team question's shape (`team_questions.read_team`) made into an intent call: its conditions read by
the condition reader, its measure grounded in the instance's fields, and what it cannot answer without
(a release to report on, the part a share is about, an issue to read comments of) asked for."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from difflib import get_close_matches

from jirakg.intents.asking import clarify, which_issue
from jirakg.intents.conditions import ConditionReader, Unknown
from jirakg.intents.follow_ups import earlier_date_field, narrowed
from jirakg.intents.jql_builder import MINUTE, build_jql, quote
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import ConversationState, DateRange, IntentCall, Slots
from jirakg.intents.release_dates import dated_release
from jirakg.intents.team_questions import RISKS, SPRINT, WHY_LATE, TeamAsk
from jirakg.intents.timewindows import MONTHS, find_windows, parse_window

NAMED_PERIOD = re.compile(rf"\b(?:{'|'.join(MONTHS)})\b|\d{{4}}")
KeyResolver = Callable[[str, ConversationState, str | None, list[str]], list[str]]


class TeamCalls:
    def __init__(self, lexicon: Lexicon, conditions: ConditionReader, now: Callable[[], datetime],
                 resolve_keys: KeyResolver) -> None:
        self.lexicon = lexicon
        self.conditions = conditions
        self.now = now
        self.resolve_keys = resolve_keys
        self.points_field = points.value if (points := lexicon.points_field()) else None
        self.sprint_field = sprint.value if (sprint := lexicon.sprint_field()) else None
        self.people = {t.value: t.label for t in lexicon.of("person")}

    def call(self, ask: TeamAsk, keys: list[str], lowered: str, state: ConversationState, issue_in_view: str | None,
             follow_up: bool, typed: str | None = None) -> IntentCall:
        measure = ask.measure.model_copy(update={
            "points_field": self.points_field, "sprint_field": self.sprint_field,
            "group_by": [self.sprint_field if f == SPRINT else f for f in ask.measure.group_by
                         if f != SPRINT or self.sprint_field]})
        if ask.about_issue or (ask.name == "reasoning" and WHY_LATE.search(lowered)):
            keys = keys or self.resolve_keys(lowered, state, issue_in_view, [])
            if not keys:
                return clarify(which_issue(self.lexicon.project_keys))
            return IntentCall(name=ask.name, issue_keys=keys, slots=Slots(measure=measure, text=ask.subset))
        try:
            slots = self.conditions.read(ask.rest, Slots(), terse_text=False, typed=typed,
                                         date_field=earlier_date_field(state.last_search) if follow_up else None)
            share = ask.subset if measure.statistic == "share" else None
            part = self.conditions.read(share, Slots(), terse_text=False) if share else None
            sides = ([self.conditions.read(side, Slots(), terse_text=False) for side in (ask.subset, ask.versus)]
                     if measure.statistic == "ratio" and ask.subset and ask.versus else [])
        except Unknown as exc:
            return clarify(str(exc))
        if follow_up and state.last_search is not None:
            slots = narrowed(state.last_search, slots, done=self.lexicon.done_statuses())
        self._type_elsewhere(slots)
        now = self.now().strftime(MINUTE)
        if part is not None:
            subset = build_jql(part, now=now)
            if not subset:
                return clarify(f"I could not tell which part of the issues '{ask.subset}' means; ask for example "
                                f"'what fraction of FLUID bugs are resolved?'.")
            measure.subset_jql = subset
            slots.ignored += part.ignored
        if sides:  # a ratio: each part as its own condition, both within the selection
            jqls = [build_jql(side, now=now) for side in sides]
            if not all(jqls) or sides[0].ignored or sides[1].ignored:
                return clarify(f"I could not tell which issues '{ask.subset}' and '{ask.versus}' mean; ask for "
                               f"example 'ratio of bugs to stories in MOB'.")
            measure.subset_jql, measure.versus_jql = jqls
        if ask.name == "sprint" and not slots.sprints:
            self._numbered_sprint(slots, lowered)
        if ask.name == "sprint" and not slots.sprints and not slots.sprint_state:
            slots.sprint_state = "open"  # "how is the sprint going": the active one
        if ask.name == "release" and not slots.fix_versions:
            asked_back = self._dated_release(lowered, slots)
            if asked_back:
                return clarify(asked_back)
        if ask.name == "release" and not slots.fix_versions:
            return clarify(self._which_release(ask.rest))
        if ask.name == "release" and (shared := self._shared_version(slots)):
            return clarify(shared)
        if ask.name == "risk" and RISKS.search(lowered):
            # "OPS risks": what is at risk, and the issues of the instance's Risk type, if it has one
            measure.register_type = next((t.label for t in self.lexicon.of("type")
                                          if t.label.lower() == "risk"), None)
        if ask.name == "activity":
            self._activity(slots, lowered)
            # "what did Ana do", "Ana Schmidt this week": the person acted; "assigned to Ana" selects issues
            if slots.assignees and slots.assignees[0] in self.people and "assigned" not in lowered:
                measure.actor = self.people[slots.assignees[0]]
                slots.assignees = []
        if ask.name == "comments":
            slots.text = ask.subset
            slots.measure = measure
            # comments mentioning a word are on the issues whose comments hold it or a word starting with it
            # ("couch" in "couchdb", as the answer matches it): the fetch asks Jira for those only. Both forms, as
            # Jira stems the words it indexes but not a wildcard ("jenkins*" misses "jenkins", indexed "jenkin").
            selected = slots.model_copy(update={"text": None})
            if measure.detail == "mentions" and ask.subset:
                mentioned = f"comment ~ {quote(ask.subset)} OR comment ~ {quote(ask.subset + '*')}"
                selected.typed_jql = f"({slots.typed_jql}) AND ({mentioned})" if slots.typed_jql else mentioned
            return IntentCall(name="comments", slots=slots, jql=build_jql(selected, now=now) or None)
        slots.measure = measure
        return IntentCall(name=ask.name, slots=slots, jql=build_jql(slots, now=now) or None)

    def _activity(self, slots: Slots, lowered: str) -> None:
        """The window the changes are counted in (this week unless asked), on the issues updated since."""
        now = self.now()
        found = [w for *_, w in find_windows(lowered, now, self.lexicon.sprints)]
        # "over the past month, in October": the calendar month named is what the vaguer phrase meant
        named = [w for w in found if NAMED_PERIOD.search(w.phrase)]
        window = (named or found)[0] if found else parse_window("this week", now)
        assert window is not None
        slots.dates = [d for d in slots.dates if d.phrase not in {w.phrase for w in found}]
        slots.dates.append(DateRange(field="updated", start=window.start, phrase=window.phrase))
        slots.window = window

    def _numbered_sprint(self, slots: Slots, lowered: str) -> None:
        """"did the mobile team finish sprint 52": the project's sprint of that number ("MOB Sprint 52"), when
        the question names one project and that project has exactly one sprint so numbered."""
        number = re.search(r"\b(?:sprint|iteration) (\d+)\b", lowered)
        if not number or len(slots.projects) != 1:
            return
        wanted = f"{slots.projects[0]} sprint {number.group(1)}".lower()
        found = [t.value for t in self.lexicon.of("sprint") if t.label.lower() == wanted]
        if len(found) == 1:
            slots.sprints, slots.sprint_state = found, None
            slots.ignored = [w for w in slots.ignored if w not in ("sprint", "iteration", number.group(1))]

    def _type_elsewhere(self, slots: Slots) -> None:
        """"the big WEB initiatives" where WEB has no Initiative: a type above every type of the named projects in
        the instance's hierarchy is read as their largest (Epic), said with the answer. Any other type they lack
        stays: the issue sample may miss a rare one, and an empty answer says so truthfully."""
        used = {kind for project in slots.projects for kind in self.lexicon.types_in.get(project, [])}
        levels = self.lexicon.type_levels
        for i, kind in enumerate(slots.issue_types):
            if not used or kind in used:
                continue
            named = ", ".join(slots.projects)
            where = sorted(p for p, kinds in self.lexicon.types_in.items() if kind in kinds)
            elsewhere = f"; {kind} issues are in {', '.join(where)}" if where else ""
            top = max((t for t in used if t in levels), key=lambda t: levels[t], default=None)
            if top is not None and kind in levels and levels[kind] > levels[top]:
                slots.issue_types[i] = top
                slots.assumed.append(f"{named} has no {kind} issues{elsewhere}. I read them as {named}'s "
                                     f"{top} issues, its largest pieces of work.")

    def _dated_release(self, lowered: str, slots: Slots) -> str | None:
        """"the end-of-year release", "the next MOB release": the one version whose release date fits becomes the
        release asked about; several or none are asked back, with the candidates."""
        found = dated_release(lowered, self.lexicon.releases, slots.projects, self.now().date())
        if found is None:
            return None
        if len(found.names) == 1:
            slots.fix_versions = found.names
            said = set(found.phrase.replace("-", " ").split())
            slots.dates = [d for d in slots.dates if not set(d.phrase.replace("-", " ").split()) & said]
            slots.ignored = [w for w in slots.ignored if w not in said and w not in ("end", "year")]
            slots.assumed.append(f"I read '{found.phrase}' as {found.names[0]}, the version {found.wanted}.")
            return None
        if not found.names:
            return f"No version is {found.wanted}; which release do you mean? Name a fix version."
        listed = ", ".join(f"'{r.name}' ({r.project}, {r.date})" for r in found.candidates[:6])
        return f"Several versions are {found.wanted}: {listed}; which one do you mean?"

    def _shared_version(self, slots: Slots) -> str | None:
        """"what's holding up the 0.5 release" where several projects have a 0.5 of their own: one report over
        unrelated releases would answer nothing asked, so the project is asked for. A name every project with
        versions has ("2026.Q4" in the demo organisation) is one release train and reported as asked."""
        if slots.projects or len(slots.fix_versions) != 1:
            return None
        name = slots.fix_versions[0]
        owners = sorted({r.project for r in self.lexicon.releases if r.name == name})
        if len(owners) < 2 or set(owners) == {r.project for r in self.lexicon.releases}:
            return None
        return (f"Several projects have a version '{name}' ({', '.join(owners)}); which project's release do you "
                f"mean? For example '{owners[0]} {name}'.")

    def _which_release(self, text: str) -> str:
        versions = sorted({t.label for t in self.lexicon.of("version")})
        near = [v for word in text.split() for v in get_close_matches(word, versions, n=3, cutoff=0.6)][:3]
        near = near or versions[-3:]
        return ("Which release do you mean? Name a fix version, for example "
                + ", ".join(f"'{v}'" for v in near) + ".")
