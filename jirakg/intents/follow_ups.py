"""Follow-up questions narrow the previous result set: the earlier conditions stay, the new ones add
to them or replace one of the same kind."""

from __future__ import annotations

import re

from jirakg.intents.models import Slots, ValueFilters

REPORTER_WORDS = re.compile(r"\b(?:report(?:ed|s)?|file[ds]?|raised?|logged|opened|wrote)\b")
ASSIGNEE_WORDS = re.compile(r"\b(?:as+ign(?:ed|s|ee)?|working on|works on|owns|on (?:his|her|their) plate|"
                            r"fixing|handling)\b")
# A follow-up that picks out of the last set keeps its person in the earlier role too ("which of those are
# assigned to her too", "only the ones she reported"); one that turns to another set moves the person
# ("and the ones she reported?", "what about the ones he filed?", "flip it around").
PICKS_OUT = re.compile(r"\b(?:of (?:those|these|them|that list|this list)|out of|among|only|just|too|also|"
                       r"as well|narrow|keep)\b")
TURNS_TO = re.compile(r"^(?:[^.!?:;,]*[.!?:;,]\s*)?(?:and|now|then|what about|how about|same but|same for)\b|"
                      r"\b(?:instead|rather|flip|the other way)\b")
# A person pointed back to ("the ones she reported"); "them"/"they" point at the issues, not a person.
PERSON_PRONOUN = re.compile(r"\b(?:she|he|her|him|his|herself|himself)\b")
CREATION_WORDS = re.compile(r"\b(?:created|opened|new|filed|raised|reported|logged|added)\b")
# Words that name a set of issues of their own: a question with one starts afresh ("WEB bugs").
ISSUE_NOUNS = re.compile(r"\b(?:issues?|tickets?|bugs?|stor(?:y|ies)|tasks?|epics?|risks?|features?|initiatives?|"
                         r"sub-?tasks?|items?|work|everything|anything|all)\b")
# Words that only say a value replaces the earlier one, point back at a person or acknowledge the last
# answer ("Okay. And in MOB instead?"); never words to search for in a follow-up.
NOT_SEARCHED = frozenset({"instead", "rather", "himself", "herself", "themselves", "okay", "ok", "thanks", "cheers"})


def narrowed(previous: Slots, new: Slots, words: str = "") -> Slots:
    """A follow-up keeps the earlier conditions and adds or replaces what it states ("and in FLOE?",
    "how many of those are bugs?", "only the open ones", "sort them by priority"). `words`, the
    follow-up's own lower-cased text, tells a role or date field it restates from one it leaves out."""
    new, moved_from = _in_earlier_roles(previous, new, words)
    merged = previous.model_copy(deep=True)
    if moved_from:
        setattr(merged, moved_from, [])
    for name in ValueFilters.model_fields:
        if getattr(new, name):
            setattr(merged, name, list(getattr(new, name)))
        if getattr(new.excluded, name):
            both = getattr(merged.excluded, name) + getattr(new.excluded, name)
            setattr(merged.excluded, name, list(dict.fromkeys(both)))
    merged.empty = list(dict.fromkeys(merged.empty + new.empty))
    merged.filled = list(dict.fromkeys(merged.filled + new.filled))
    merged.dates = [d for d in merged.dates if d.field not in {n.field for n in new.dates}] + new.dates
    merged.links += [link for link in new.links if link not in merged.links]
    merged.parents = list(dict.fromkeys(merged.parents + new.parents))
    merged.descendants_of = list(dict.fromkeys(merged.descendants_of + new.descendants_of))
    merged.was_statuses = new.was_statuses or merged.was_statuses
    merged.history += [condition for condition in new.history if condition not in merged.history]
    # a named sprint or version replaces an earlier "current sprint" / "unreleased" and the other way round
    merged.version_state = new.version_state or (None if new.fix_versions else merged.version_state)
    if new.version_state and not new.fix_versions:
        merged.fix_versions = []
    merged.numbers = [n for n in merged.numbers if n.field not in {m.field for m in new.numbers}] + new.numbers
    merged.overdue = merged.overdue or new.overdue
    merged.sprint_state = new.sprint_state or (None if new.sprints else merged.sprint_state)
    if new.sprint_state and not new.sprints:
        merged.sprints = []
    merged.text = _searched_words(new.text) or merged.text
    merged.typed_jql = " AND ".join(filter(None, [merged.typed_jql, new.typed_jql])) or None
    merged.order_by = new.order_by or merged.order_by
    merged.ignored = new.ignored
    if new.statuses:
        merged.status_categories = []
    return merged


def refines_alone(words: str) -> bool:
    """A few words that name no issues of their own only refine the last set ("tagged regression",
    "medium priority", "how many still open?"); read alone they would answer over every issue."""
    return len(re.findall(r"[\w.'-]+", words)) <= 4 and not ISSUE_NOUNS.search(words)


def _in_earlier_roles(previous: Slots, new: Slots, words: str) -> tuple[Slots, str | None]:
    """A follow-up's person or date put where the earlier question had it, and the role the person
    moved out of: "the ones she reported" after "assigned to Carla" moves Carla to reporter; "what about
    Wen?" after "what did Ana report" asks what Wen reported; "and this week?" after "resolved last week"
    is resolved this week."""
    new = new.model_copy(deep=True)
    moved_from = None
    reporter_word, assignee_word = REPORTER_WORDS.search(words), ASSIGNEE_WORDS.search(words)
    if not (new.assignees or new.reporters) and PERSON_PRONOUN.search(words):
        switch = bool(TURNS_TO.search(words)) and not PICKS_OUT.search(words)
        if reporter_word and not assignee_word and previous.assignees and not previous.reporters:
            new.reporters, moved_from, used = list(previous.assignees), "assignees", reporter_word.group()
        elif assignee_word and not reporter_word and previous.reporters and not previous.assignees:
            new.assignees, moved_from, used = list(previous.reporters), "reporters", assignee_word.group()
        if moved_from:  # the role word was used, so it is no longer named as ignored
            moved_from = moved_from if switch else None
            new.ignored = [w for w in new.ignored if w != used and not used.startswith(w) and not w.startswith(used)]
    elif new.assignees and not new.reporters and not (reporter_word or assignee_word) \
            and previous.reporters and not previous.assignees:
        new.reporters, new.assignees = new.assignees, []
    if new.dates and not CREATION_WORDS.search(words) and all(d.field == "created" for d in new.dates):
        earlier = {d.field for d in previous.dates}
        if len(earlier) == 1 and "created" not in earlier:
            field = earlier.pop()
            new.dates = [d.model_copy(update={"field": field}) for d in new.dates]
    return new, moved_from


def _searched_words(text: str | None) -> str | None:
    """The follow-up's words to search for, without those that only say "instead of the earlier value"."""
    kept = [w for w in (text or "").split() if w.lower() not in NOT_SEARCHED]
    return " ".join(kept) or None
