"""Conditions on what issues went through, read as Jira's history operators: "moved to Blocked since October" is
`status CHANGED TO "Blocked" AFTER …` (not a status now and an update date), "used to be mine but now someone else's"
is `assignee WAS currentUser()` beside `assignee != currentUser()` (not "mine now")."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from datetime import datetime

from jirakg.intents.jql_builder import CURRENT_USER
from jirakg.intents.lexicon import Lexicon, Sprint
from jirakg.intents.models import HistoryCondition, Slots, TimeWindow
from jirakg.intents.timewindows import find_windows
from jirakg.text.words import unicode_words

Windows = Callable[[], list[tuple[int, int, TimeWindow]]]  # the question's time phrases, read when first asked for

CHANGE_VERB = (r"\b(?:moved|move|went|gone|changed|transitioned|became|become|turned|put|switched|set|got)"
               r"(?: back| over)?(?: (?:to|into|in to|in))?(?: the)?(?: status)? ")
LEVEL_VERB = r"(?:escalated|raised|bumped|upgraded|increased|elevated|promoted|lowered|dropped|downgraded|reduced)"
SINCE = re.compile(r"^(?:\s*[,—–-])?(?: (?:status|state|column))?(?: at (?:some|any|one) (?:point|stage|time))?"
                   r"(?: (?:(?:in|over|during) the course of|since|after|from|in|during|between|over|within|"
                   r"throughout)\b)?")
# "last week … which tickets got moved into Blocked during that week": the window said earlier in the question
THAT_TIME = re.compile(r"^ (?:during|in|within|over|throughout) (?:that|the same|this) (?:week|month|time|period|day|"
                       r"sprint|year)\b|^ (?:then|at that time|back then)\b")
PAST_MINE = re.compile(r"\b(?:previously|formerly|originally|once|used to be|was once|were once)"
                       r"(?: (?:assigned to|on|with|owned by|in))? (?:me|mine|my plate|my queue|my name)\b")
NOW_SOMEONE_ELSE = re.compile(
    r"\b(?:(?:but|and) )?(?:(?:are|is) )?(?:now|currently|today) (?:(?:are |is )?(?:assigned to|belongs? to|belonging "
    r"to|with|on|owned by|in) )?(?:someone|somebody|another person|another|other people|others|a different person)"
    r"(?: else)?(?: s\b|'s\b| plate| queue)?")


# "had their assignee changed to Ines", "handed over to Ines" (with a time): given to that person then ("assigned to
# Ines in the last 14 days" is hers, the time another condition's)
ASSIGN_VERB = (r"\b(?:(?:had |has |have |got )?(?:their |its |the )?assignee (?:was |got |been |has been )?(?:changed|"
               r"switched|set)|reassigned|handed(?: over)?|passed(?: over| on)?|transferred) to ")
# "slipped from 2026.Q3 into 2026.Q4", "were planned for 2.0 but are now in 2.1": in the second release now, and in the
# first before (`fixVersion WAS`)
RELEASE_MOVE = (r"(?:slipped|slid|moved|pushed|carried|bumped|rolled|deferred|postponed|punted|shifted|"
                r"rescheduled)(?: out| back| over| forward)? from")
# "were planned for", "once targeted at", "used to be planned for", "fix version was"
_PLANNED = r"(?:in|at|planned for|targeted (?:at|for)|scheduled for|slated for|set to)"
RELEASE_WAS = (rf"(?:(?:was|were|used to be|once(?: been)?|originally) {_PLANNED}|"
               r"(?:fix ?version|release|version) (?:was|used to be))")
# "but are now planned for", ", now at", ", now"
RELEASE_NOW = rf"(?:,? (?:and|but) |,? )(?:(?:are|is|it s|they re) )?now(?: {_PLANNED})?"
# said the other way round: "now in 2026.Q4 but originally planned for 2026.Q3", "2026.Q4 items that were on 2026.Q3
# before" (one release said to be the earlier)
RELEASE_BEFORE = r"(?:originally|once|previously|first|initially|before)"
RELEASE_BEFORE_SAID = re.compile(rf"\b{RELEASE_BEFORE}\b")


# "what was in progress on October 15", "which were in review as of 2026-10-20": the state then, not now
STATE_THEN = r"\b(?:was|were)(?: (?:still|already|all|sitting|actively))?(?: (?:in|at))?(?: the)? "
AS_OF = re.compile(r"\bas (?:of|at)\b")
ON_SAID = re.compile(r"\b(?:on|as of|as at)\b")  # (a day said so at all: else no time phrase is read for a state)
ON_DAY = re.compile(r"\b(?:on|as of|as at)\s*$|^(?:on|as of|as at)\b")
# "changed hands in the last week", "reassigned in the past 2 weeks", "handed to a different person since Monday":
# the assignee changed then, to and from whoever
NEW_OWNER = re.compile(r"\b(?:changed (?:hands|owners?|assignees?)|(?:had |got |has had )?(?:their |its |the )?"
                       r"(?:assignee|owner) (?:changed|switched|swapped)|"
                       r"(?:got|had|has had) (?:a )?new (?:owner|assignee)|reassigned|"
                       r"(?:handed|passed|given|moved) (?:over |on )?to (?:a different|another|a new|someone else|"
                       r"somebody else)(?: (?:person|owner|assignee|colleague))?)"
                       r"(?! to\b| from\b| away\b)")

# "reassigned away from Carla since September", "taken off Carla's plate", "assignee changed from Carla", "what did
# Carla hand off this month": hers once, someone else's since (within the time said, if any)
TAKEN_FROM = (r"\b(?:(?:assignee|owner) (?:changed|switched|moved) (?:away )?from|(?:re)?assigned away from|"
              r"(?:reassigned|moved|taken|pulled|removed|shifted|transferred)(?: away)? (?:from|off(?: of)?)) ")
HANDED_OFF = r" (?:has |have |had |did )?(?:hand(?:ed)?|pass(?:ed)?|g[ai]ve) (?:off|away|on)\b(?! to\b)"
# "closed as Won't Do without anyone ever starting on them", "never in progress": never in the In Progress state
NEVER_STARTED = re.compile(r"\b(?:never|not once)(?: (?:been|got|gotten|was|were|ever|even|actually))* "
                           r"(?:started|begun|in progress)\b|"  # ("Carla never worked on": not hers, `NOT_OWNING`)
                           r"\bwithout (?:any(?:one|body) )?(?:ever )?(?:being |having been |getting )?(?:started|"
                           r"starting(?: on (?:it|them))?|begun|in progress|working on (?:it|them))\b|"
                           r"\bbefore any(?:one|body) (?:ever )?(?:began|started|begun|had begun|had started)"
                           r"(?: (?:working|work) on (?:it|them))?\b")
# ("never started" of open work is work still to do, a state now: only of settled work is it a past)
SETTLED_SAID = re.compile(r"\b(?:closed|resolved|done|finished|completed|won[' ]?t|dropped|rejected|cancel+ed|"
                          r"declined|abandoned|scrapped|duplicates?|cannot reproduce|fixed)\b")
DATE_CUE = re.compile(r"\b(?:created|updated|resolved|due|filed|reported|opened|raised|closed|fixed)\s*$")


class HistoryReader:
    def __init__(self, lexicon: Lexicon, now: Callable[[], datetime], sprints: Sequence[Sprint] = ()) -> None:
        self.now = now
        self.sprints = sprints
        aliases = {alias: t.value for t in lexicon.of("status") for alias in t.aliases}
        self.statuses = aliases
        self.in_progress = next((t.value for t in lexicon.of("status") if t.value.lower() == "in progress"), None)
        names = "|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True))
        self.change = re.compile(rf"{CHANGE_VERB}(?P<status>{names})\b") if aliases else None
        done = lexicon.done_statuses()
        open_names = "|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True) if aliases[a] not in done)
        # ("mobile stuff in progress on oct 15": without a was, only a day said right after the state is its day)
        self.state_then = re.compile(rf"(?P<then>{STATE_THEN})?\b(?P<status>{open_names})(?: status| state| column)?"
                                     r"\b") if open_names else None
        # "escalated to Highest", "priority was raised to Highest": a level moved into, with or without a time
        self.levels = {alias: t.value for t in lexicon.of("priority") for alias in t.aliases}
        levels = "|".join(re.escape(a) for a in sorted(self.levels, key=len, reverse=True))
        self.level_change = re.compile(
            rf"\b(?:priority (?:was |got |has been |had been |been )?)?{LEVEL_VERB} (?:up |down )?to (?:the )?"
            rf"(?P<level>{levels})(?: priority| level| prio)?\b") if levels else None
        self.versions = {alias: t.value for t in lexicon.of("version") for alias in t.aliases}
        # ("2026.Q3" as typed is the alias "2026 q3")
        said = "|".join(re.escape(a).replace(r"\ ", r"[\s.]") for a in sorted(self.versions, key=len, reverse=True))
        release = r"(?: (?:release|version|milestone))?"
        self.release_move = re.compile(
            rf"\b(?:{RELEASE_MOVE} (?:the )?(?P<was>{said}){release} (?:in)?to (?:the )?(?P<now>{said})|"
            rf"{RELEASE_WAS} (?:the )?(?P<was2>{said}){release}{RELEASE_NOW} (?:the )?(?P<now2>{said}){release}|"
            rf"(?P<now3>{said}){release}(?: [\w']+){{0,3}}? (?:that |which |but )?(?:were |was )?(?:{RELEASE_BEFORE} )?"
            rf"(?:{_PLANNED}|on) (?:the )?(?P<was3>{said}){release}(?: {RELEASE_BEFORE})?)\b"
        ) if self.versions else None
        self.people = {unicode_words(t.label.lower()): t.value for t in lexicon.of("person") if " " in t.label}
        names = "|".join(re.escape(n) for n in sorted(self.people, key=len, reverse=True))
        self.assign_change = re.compile(rf"{ASSIGN_VERB}(?P<person>{names})\b") if self.people else None
        self.taken_from = re.compile(rf"{TAKEN_FROM}(?P<person>{names})(?:'s| s)?(?: (?:plate|desk|queue|list|"
                                     rf"name))?\b|\b(?P<giver>{names}){HANDED_OFF}") if self.people else None

    def read(self, text: str, slots: Slots, blank: Callable[[int, int], None]) -> None:
        """Fill `slots.history` from `text` (lower-cased), blanking what is used through `blank`."""
        # the time phrases, read once and only for a reader that found its cue (most questions have none)
        windows: Windows = functools.cache(lambda: find_windows(text, self.now(), self.sprints))
        self._changes(text, slots, blank, windows)
        self._states_then(text, slots, blank)
        self._assignee_changes(text, slots, blank, windows)
        self._new_owners(text, slots, blank, windows)
        self._owners_left(text, slots, blank, windows)
        self._never_started(text, slots, blank)
        self._level_changes(text, slots, blank, windows)
        self._past_assignee(text, slots, blank)
        self._release_moved(text, slots, blank)

    def _release_moved(self, text: str, slots: Slots, blank: Callable[[int, int], None]) -> None:
        """A fix version moved from one release to another: in the second now, and in the first at some point (said
        again in other words: "slipped from 2026.Q3 to 2026.Q4 (once targeted at 2026.Q3, now at 2026.Q4)")."""
        for moved in self.release_move.finditer(text) if self.release_move else ():
            was = moved.group("was") or moved.group("was2") or moved.group("was3")
            now = moved.group("now") or moved.group("now2") or moved.group("now3")
            if moved.group("was3") and not RELEASE_BEFORE_SAID.search(moved.group(0)):
                continue  # "2026.Q4 items planned for 2026.Q3": two releases, neither said to be earlier
            was, now = self.versions[unicode_words(was)], self.versions[unicode_words(now)]
            slots.fix_versions += [] if now in slots.fix_versions else [now]
            before = HistoryCondition(field="fixVersion", operator="was", value=was)
            slots.history += [] if before in slots.history else [before]
            blank(moved.start(), moved.end())

    def _changes(self, text: str, slots: Slots, blank: Callable[[int, int], None], windows: Windows
                 ) -> None:
        """A status moved into while a time phrase bounds when: only then is it a change, not the status now."""
        changes = list(self.change.finditer(text)) if self.change else []
        if not changes:
            return  # most questions: no time phrases to read a second time
        for match in changes:
            end_of_cue, window = _window_after(text, match, windows())
            that_time = THAT_TIME.match(text[match.end():])
            if window is None and that_time and len(windows()) == 1:
                start, end, found = windows()[0]
                blank(start, end)
                window, end_of_cue = (match.end(), match.end(), found), match.end() + that_time.end()
            if window is None:
                continue
            _, end, found = window
            slots.history.append(HistoryCondition(field="status", operator="changed to",
                                                  value=self.statuses[match.group("status")],
                                                  after=found.start, before=found.end))
            blank(match.start(), max(end, end_of_cue))

    def _states_then(self, text: str, slots: Slots, blank: Callable[[int, int], None]) -> None:
        """A state the issues were in on a day said with "on" ("what was in progress in WEB on October 15"):
        `status WAS` that day, not the state now and a creation date. States of the Done category stay what they
        say ("resolved on May 3" is a resolution date)."""
        matches = list(self.state_then.finditer(text)) if self.state_then and ON_SAID.search(text) else []
        # ("as of 2026-10-05" is that day, read as "on" is: the offsets kept)
        windows = find_windows(AS_OF.sub("   on", text), self.now(), self.sprints) if matches else []
        day = match = None
        for match in matches:
            day = next(((s, e, w) for s, e, w in windows if s >= match.end() and (
                ON_DAY.search(text[:s]) or ON_DAY.search(w.phrase)) and (
                match.group("then") or text[match.end():s].strip(" ,") in ("", "on", "as of", "as at"))), None)
            if day is not None:
                break
        if day is None or match is None:
            return
        start, end, window = day
        slots.history.append(HistoryCondition(field="status", operator="was", value=self.statuses[
            match.group("status")], after=window.start, before=window.end))
        blank(match.start("status"), match.end())
        on = ON_DAY.search(text[:start])
        blank(on.start() if on else start, end)

    def _new_owners(self, text: str, slots: Slots, blank: Callable[[int, int], None], windows: Windows
                    ) -> None:
        """Issues whose assignee changed, to and from whoever, within the time said right after ("changed hands
        in the last week"): `assignee CHANGED` then."""
        changes = list(NEW_OWNER.finditer(text))
        for match in changes:
            end_of_cue, window = _window_after(text, match, windows())
            if window is None:
                continue
            slots.history.append(HistoryCondition(field="assignee", operator="changed", after=window[2].start,
                                                  before=window[2].end))
            blank(match.start(), max(window[1], end_of_cue))

    def _never_started(self, text: str, slots: Slots, blank: Callable[[int, int], None]) -> None:
        """"closed without ever being started", "dropped before anybody began working on it": of settled work,
        never In Progress (`status WAS NOT`), not a state now (a closed issue's state says nothing of whether it was
        started)."""
        match = NEVER_STARTED.search(text) if self.in_progress else None
        if match is None or not SETTLED_SAID.search(text):
            return
        slots.history.append(HistoryCondition(field="status", operator="was not", value=self.in_progress))
        blank(match.start(), match.end())

    def _owners_left(self, text: str, slots: Slots, blank: Callable[[int, int], None], windows: Windows
                     ) -> None:
        """Issues taken from a person ("reassigned away from Carla since September"): `assignee CHANGED FROM` them,
        within the time said right after, or the one time the question says that no date word claims."""
        changes = list(self.taken_from.finditer(text)) if self.taken_from else []
        if not changes:
            return
        unclaimed = [w for w in windows() if not DATE_CUE.search(text[:w[0]])]
        for match in changes:
            end_of_cue, window = _window_after(text, match, windows())
            window = window or (unclaimed[0] if len(unclaimed) == 1 else None)
            slots.history.append(HistoryCondition(
                field="assignee", operator="changed from",
                value=self.people[match.group("person") or match.group("giver")],
                after=window[2].start if window else None, before=window[2].end if window else None))
            blank(match.start(), end_of_cue)
            if window:
                blank(window[0], window[1])

    def _assignee_changes(self, text: str, slots: Slots, blank: Callable[[int, int], None], windows: Windows
                          ) -> None:
        """Issues given to a person while a time phrase right after bounds when ("handed over to Ines Novak in the
        last 14 days"): `assignee CHANGED TO` then, not their assignee now and a creation date."""
        changes = list(self.assign_change.finditer(text)) if self.assign_change else []
        for match in changes:
            window = _window_after(text, match, windows())[1]
            if window is None:
                continue
            slots.history.append(HistoryCondition(field="assignee", operator="changed to",
                                                  value=self.people[match.group("person")],
                                                  after=window[2].start, before=window[2].end))
            blank(match.start(), window[1])

    def _level_changes(self, text: str, slots: Slots, blank: Callable[[int, int], None], windows: Windows
                       ) -> None:
        """A priority level moved into ("escalated to Highest"), within the time said right after it if any."""
        changes = list(self.level_change.finditer(text)) if self.level_change else []
        for match in changes:
            end_of_cue, window = _window_after(text, match, windows())
            slots.history.append(HistoryCondition(field="priority", operator="changed to",
                                                  value=self.levels[match.group("level")],
                                                  after=window[2].start if window else None,
                                                  before=window[2].end if window else None))
            blank(match.start(), max(window[1], end_of_cue) if window else match.end())

    @staticmethod
    def _past_assignee(text: str, slots: Slots, blank: Callable[[int, int], None]) -> None:
        """"Used to be mine, now someone else's": was the asker's, and is now assigned to someone other than them."""
        past = PAST_MINE.search(text)
        if past is None:
            return
        slots.history.append(HistoryCondition(field="assignee", operator="was", value=CURRENT_USER))
        blank(past.start(), past.end())
        now = NOW_SOMEONE_ELSE.search(text)
        if now:
            slots.excluded.assignees.append(CURRENT_USER)
            slots.filled.append("assignee")
            blank(now.start(), now.end())


def _window_after(text: str, match: re.Match[str], windows: list[tuple[int, int, TimeWindow]]
                  ) -> tuple[int, tuple[int, int, TimeWindow] | None]:
    """Where a change's cue ends (its "since", "during" or "at some point" included) and the time phrase right
    after it, if one is said there."""
    since = SINCE.match(text[match.end():])
    end_of_cue = match.end() + (since.end() if since else 0)
    return end_of_cue, next(((s, e, w) for s, e, w in windows if match.end() <= s <= end_of_cue + 1), None)
