"""The conditions of a search in plain words → filters, with every word of the question accounted for.

Each reader takes the words it understands and marks them used: dates on the field they are about,
people in their role (assignee or reporter), negation ("not bugs", "other than Ana"), emptiness
("no fix version"), resolution apart from status, sprints, links, text mentions, then every value the
instance knows. What is left is checked: a word that looks like a condition (a field name, a date
word, a negation, a name after "project" or "assigned to") is never dropped quietly — an unknown
name becomes a question back with the closest values, anything else is reported as ignored.
"""

from __future__ import annotations

import calendar
import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from difflib import get_close_matches
from typing import Literal

from jirakg.intents.grounding import HIGH_WORDS, LOW_WORDS, MINOR_WORDS, URGENT_WORDS, Grounder, Match
from jirakg.intents.history_conditions import HistoryReader
from jirakg.intents.jql_builder import CURRENT_USER, quote
from jirakg.intents.lexicon import CODED_OPTION, QUARTERS, Lexicon, Sprint, Term
from jirakg.intents.models import (
    DateField,
    DateRange,
    EmptiableField,
    FieldOption,
    HistoryCondition,
    LinkFilter,
    NumberFilter,
    Slots,
    TimeWindow,
    ValueFilters,
)
from jirakg.intents.readings import CATEGORY_LABELS, category_note, literal_status, priority_note
from jirakg.intents.timewindows import (
    COUNT,
    GLUED_UNITS,
    MONTHS,
    NUMBER_WORDS,
    SEASONS,
    WEEKDAYS,
    find_windows,
    parse_iso,
)
from jirakg.intents.value_slots import NO_NAME_AFTER_FIELD, NO_VALUE, unknown_slot_value, unplaced_name, value_names
from jirakg.jql.keys import ISSUE_KEY_SHAPE
from jirakg.text.close_words import CloseWords
from jirakg.text.words import unicode_words

KEY = ISSUE_KEY_SHAPE
USED = "_"  # stands in for a used word, so later readers cannot match across it
# (a full stop only before a word that opens a request: "Tech. Documentation" is a name)
# a negation in brackets ends with them: "completed as Done (not dropped) between July and September"
NEGATED_ASIDE = re.compile(r"\((?:not|no|never|except|excluding|without)\b[^()]*\)")
SENTENCE_END_WORD = re.compile(r"(?<=[a-z0-9)\"'])(?:[?!;]+|\.(?=\s+(?:which|what|how|who|where|when|show|list|give|"
                               r"find|get|can|could|would|please|i|we|my|our|are|is|do|does|did|any|so|but|also|then|"
                               r"count|tell|and|just|only)\b))\s+(?=\S)")
NEGATION = re.compile(r"\b(?:no longer|not still|not|no|non|without|except|excluding|exclude|other than|besides|"
                      r"but not|isn t|aren t|hasn t|haven t|"
                      r"(?:don|doesn|didn|wasn|weren) t(?! (?:forget|miss|mind|worry|hesitate)\b)|"
                      r"nothing (?:that s |that is |which is )?(?:marked|rated|set to|set as|tagged)|"
                      r"(?:anyone|anybody|everyone|everybody|someone|somebody|all|any) but|"
                      r"never|nor|apart from|aside from|outside|minus|leave out|leaving out|ignore|ignoring|remove|"
                      r"(?:some |any )?other way than|anything but|anything other than|"
                      r"(?:leave|leaving|put|putting) aside(?! for)|"
                      r"drop|filter out|take out|take away|get(?:ting)? rid of|skip)\b"
                      r"(?P<rest>(?: (?!_\b)\w+){0,5})$"  # not past a sentence's end (`SENTENCE_END_WORD`)
                      # "the planned work rather than the defects": its value follows at once, not "… rather than
                      # vibes: how many OPS tickets"
                      r"|\b(?:rather than|instead of)(?: (?:the|any|all|those|these))?(?: \w+)?$"
                      # "haven't reached a done state": only to the state reached, not past a verb ("hasn't been
                      # started yet in Inclusive Cities")
                      # "haven't been given to": through a verb and the word that names its value
                      r"|\b(?:haven|hasn|hadn) t(?: yet| ever)?(?: (?:been|got|gotten|reached|hit|into))+"
                      r"(?: (?:a|an|the|any))?(?: \w+)?(?: (?:to|by|as|into))?$")
# words between a negation and the resolution it reaches that select nothing themselves
POINTING_WORDS = frozenset("whatever what anything everything the ones those that which is are was were been has have "
                           "already marked as set ended end up got closed resolved count counting any all".split())
# the reason an issue was closed with ("closed because it wasn't actually a defect"), or a judgement given of it ("we
# concluded it wasn't a bug"), not the asker's own ("as they are not bugs": a type)
ENDED_BECAUSE = r"(?:closed|resolved|rejected|shut|dismissed|bounced|marked)\b(?: \w+){0,3}? (?:because|since)"
JUDGED = r"(?:turned out|concluded|decided|found|deemed|judged|determined|confirmed|agreed)"
JUDGED_NO_BUG = re.compile(rf"\b(?:{JUDGED}|{ENDED_BECAUSE})"
                           r"(?: that)?(?: (?:it|they|this|these))?(?: was| were| is| are)? "
                           r"(?:not|wasn t|weren t|isn t|aren t)(?: to be)?(?: actually| really| even)? (?:a |an )?"
                           r"(?:real |genuine |actual )?(?:bugs?|defects?|problems?|issues?)(?: at all)?\b")
# "closed because they didn't have enough info": the lack that ended them
LACKED_INFO = re.compile(rf"\b{ENDED_BECAUSE} (?:they |it |the reports? |there )?(?:didn t|did not|don t|do not|"
                         r"doesn t|does not|wasn t|weren t|never) (?:have |had |contain |give |include |provide |"
                         r"come with )?(?:enough|sufficient) (?:info|information|details?|context)\b")
# "closed because the team couldn't make the problem happen"
NOT_REPRODUCED = re.compile(r"\b(?:couldn t|could not|can t|cannot|unable to|failed to|never managed to) "
                            r"(?:make|get) (?:the (?:problem|bug|issue|error|crash|failure)|it|them|this) "
                            r"(?:to )?(?:happen|occur|show up|appear)(?: again)?\b")
# "closed because they repeated another ticket": closed as a copy of it
REPEATED_ANOTHER = re.compile(r"\b(?:closed|resolved|shut)(?: \w+){0,2}? (?:because|as|since) (?:they|it) "
                              r"(?:repeated|duplicated|copied|restated) (?:another|an earlier|an existing|a previous|"
                              r"some other) (?:ticket|issue|report|bug)\b")
RESOLUTIONS_SAID = (("not a bug", JUDGED_NO_BUG), ("incomplete", LACKED_INFO), ("cannot reproduce", NOT_REPRODUCED),
                    ("duplicate", REPEATED_ANOTHER))
# "nobody has picked them up yet", "still unassigned": work still waiting for someone, so open work
NOT_YET_TAKEN = re.compile(r"\b(?:nobody|no one|noone) (?:has |have |had )?(?:yet )?(?:picked|taken|claimed|"
                           r"grabbed|took)\b[^.?!;]{0,20}?\byet\b|"
                           r"\bstill (?:unassigned|unowned|(?:has |have )?(?:nobody|no one|no owner))\b|"
                           r"\bnot (?:yet (?:picked up|taken)|(?:picked up|taken) yet)\b")
# words after a negation that make it another condition's ("not assigned to Ana", "not filed by Sam")
NEGATES_ANOTHER = frozenset("assigned reported created filed raised opened owned".split())
# "neither bugs nor sub-tasks": one negated list, as "not bugs or sub-tasks" reads
NEITHER_NOR = re.compile(r"\bneither (?P<first>[^,.;:?!]{1,30}?) nor\b")
# "have neither a component nor an owner assigned": each field empty
_EMPTIABLE_NOUN = (r"(?:components?|owners?|assignees?|fix ?versions?|labels?|due ?dates?|descriptions?|epics?|"
                   r"parents?|sprints?|versions?)")
NEITHER_EMPTY = re.compile(rf"\b(?:have |has |having |with |got )?neither (?:an? |any )?(?P<first>{_EMPTIABLE_NOUN}) "
                           rf"nor (?:an? |any )?(?P<second>{_EMPTIABLE_NOUN})(?: (?:assigned|set|given|yet))*\b")
# a project or component described beside its name: "Kettle, the server-side framework, …", "the museum app project
# (Fluid Engage)"
DESCRIBED_AFTER = re.compile(r"(?P<name>\b[\w'-]+(?: [\w'-]+){0,3})(?P<rest>, (?:the|a|an|our|its) "
                             r"(?![^,]*\b(?:ones?|open|closed|unresolved|resolved|done|finished)\b)[^,?.;:()]{3,60},)")
DESCRIBED_IN_BRACKETS = re.compile(r"\b(?:the|our|a|an) [^,()?.;:]{3,80}? \((?P<name>[^()]{2,40})\)")
# "the Wish lists v2 epic (WEB-410)", "the MOB-655 epic": the word says what the issue named is, no kind asked for
KIND_BESIDE_KEY = re.compile(rf"\b(?:epic|initiative|feature)\s*\(\s*(?P<key>{KEY})\s*\)|"
                             rf"\b(?P<key2>{KEY}) (?:epic|initiative|feature)\b(?! (?:issues?|tickets?|links?)\b)",
                             re.IGNORECASE)
# "critical bugs pre 2012", "post-2015 tickets": before or after that year
HI_LEVEL = re.compile(r"\bhi\b(?= or (?:highest|high)\b|[ -]priority\b)")  # "hi or highest prio": High
PRE_POST_YEAR = re.compile(r"\b(pre|post|b4)[- ]?(?=(?:19|20)\d\d\b)")  # "b4 2010", typed on a phone
# "image or layout reorderer": two names, their shared last word(s) said once
SHARED_TAIL = re.compile(r"\b(?P<a>[a-z][\w-]*) (?P<join>or|and) (?P<b>[a-z][\w-]*) "
                         r"(?P<tail>[a-z][\w-]*(?: [a-z][\w-]*)?)")
# "still not fixed or closed", "aren't done or closed": neither of the two ended states
ENDED = r"(?:fixed|resolved|done|finished|completed|closed)"
NOT_ENDED_EITHER = re.compile(r"\b(?P<not>not|never|(?:isn|aren|wasn|weren)['’ ]?t|(?:haven|hasn)['’ ]?t been)"
                              rf"(?P<yet> yet)? (?P<a>{ENDED}) or (?P<b>{ENDED})\b")
# "not blocked, in review or done": a comma list after a negation, closed by "or"/"nor"/"and", is one negated list
# "(for example won't fix or duplicate)": examples of what was said before, no condition of their own
EXAMPLES = re.compile(r"\(\s*(?:for example|for instance|e\.?g\.?|such as|like)\b[^()]{0,80}\)|"
                      # "other than Fixed — for example done, won't do or duplicate": examples of what the set holds
                      r"(?:,|\s[—–-])\s*(?:for example|for instance|e\.g\.?)[^.;?!()]{0,80}|"
                      # "due this month (nov)": the period said again ("the past month (october)" names which)
                      rf"(?<=this month) ?\(\s*(?:i\.?e\.?,? )?(?:{'|'.join(MONTHS)})(?: \d{{4}})?"
                      r"\s*\)")
NOT_UN = re.compile(r"\b(?:not|isn't|aren't|wasn't|weren't|is not|are not) un(?P<what>assigned|resolved|fixed)\b")
STOPPED_BEING = re.compile(r"\b(?:stopped|ceased) being ")
EXCLUDED_AFTER = re.compile(r"\b(?P<what>(?:the )?(?:[\w-]+ )?[\w-]+'s|(?:the )?(?:[\w'-]+ ){0,2}?[\w'-]+ ones|"
                            r"(?:the )?(?!be\b)[\w'-]+) "
                            r"(?:(?:can|could|should|may|might|will) (?:be |get )|(?:are|is) )?"  # "… can be left out"
                            r"(?:excluded|left out|not included)\b")
# "take the bug reports out of that", "pull the stories out": what sits between the verb and "out" is excluded
TAKEN_OUT = re.compile(r"\b(?:take|taking|strip|stripping|leave|leaving|filter|filtering|knock|cross|throw|toss) "
                       r"(?P<what>(?:the |any |all the |all )?(?:[\w'-]+ ){0,2}[\w'-]+) out\b"
                       r"(?: of (?:that|those|this|these|it|them|the list|there|the results?))?")
ONE_OF_THE_COMMENTS = re.compile(r"\b(?:one|any|some|either) of (?P<whose>the|their|its) comments\b", re.IGNORECASE)
SORTING = re.compile(r"\b(?:sort|sorted|sorting|order|ordered|rank|ranked)\b", re.IGNORECASE)
HIGH_TO_LOW = re.compile(r"\b(?:from )?(?:(?P<high>high(?:est)?) to low(?:est)?|low(?:est)? to high(?:est)?)\b",
                         re.IGNORECASE)
# "excluding those whose resolution is Duplicate": the field's value left out
EXCLUDING_WHOSE = re.compile(r"\b(?:excluding|except(?: for)?|leav(?:e|ing) out|apart from|other than|"
                             r"(?:take|taking|filter|filtering) out) "
                             r"(?:those|the ones|ones|issues|tickets|anything|everything|any) "
                             r"(?:whose|with (?:a|the|an)) "
                             r"(?P<field>resolution|status|priority|(?:issue ?)?type|component|label) "
                             r"(?:is|was|are|were|of) ", re.IGNORECASE)
# "leaving out any that are also filed under Demos", "except the ones already in Keyboard Accessibility": what follows
# is excluded, the words between only point at it
EXCLUDING_THOSE = re.compile(r"\b(?:leav(?:e|ing) out|excluding|except(?: for)?|apart from|aside from|ignoring|"
                             r"remov(?:e|ing)|drop(?:ping)?|(?:filter(?:ing)?|take|taking) out|get(?:ting)? rid of) "
                             r"(?:any|those|the ones|ones|anything|everything|the issues|the tickets)(?: that| which)?"
                             r" (?:are |were |is |s |re )?(?:also |already )?(?:filed |put |sitting )?"
                             r"(?:under(?= )|(?=in ))")  # ("… the ones in review": the state keeps its "in")
JQL_PERIOD = re.compile(r"(?<=[a-z] )-(?=\d+(?:d|w|wk|wks|mo|y)\b)")
EITHER_AFTER = re.compile(r"\b(?P<before>by|to|from|in|with) either\b(?= [^,.;:?!]*\bor\b)")
SLASHED_LIST = re.compile(r"(?<=[a-z])\s*/\s*(?=[a-z])")  # words joined by a slash, not dates or "w/"
EITHER_DIRECTION = re.compile(r"\b(?:in )?(?:either|both|any) (?:direction|directions|way|side|sides)\b")
# a bracketed list, perhaps opened by a word that says it spells out what came before
SPELLED_OUT = re.compile(r"\(\s*(?:i\.?e\.?,? |e\.?g\.?,? |so |meaning |that is,? |including )?"
                         r"(?P<items>[^()]{3,80})\)")
LIST_SPLIT = re.compile(r"\s*(?:,|\bor\b|\band\b|/|\bincluding\b)\s*")
NEGATED_COMMA_LIST = re.compile(r"\b(?:not|except|excluding|other than|besides|isn't|aren't|neither|without)\s+"
                                r"(?P<list>[^,.;:?!()]{1,30}(?:,\s*[^,.;:?!()]{1,30}){1,4}?,?\s+(?:or|nor|and)\s)")
# who opens issues: "did people open last month", "what we still have open" (`OPEN_AS_VERB`)
OPENERS = r"(?:we|you|they|i|people|folks|users|customers|someone|somebody|anyone|everyone)"
# The word before a time expression names the date field; the nearest cue wins.
DATE_CUES: list[tuple[DateField, str]] = [
    ("created", rf"creat(?:e|ed|ion)|opened|did {OPENERS} open|filed?|raised?|"
                r"report(?:ed)?|logged|log|submit(?:ted)?|added|add|"
                r"entered|came in|new|(?<!change )(?<!changes )made|written|wrote"),  # not "any change made to them"
    ("updated", r"updated?|updates|chang(?:e|es|ed)|modifi(?:ed|y)|touch(?:ed)?|edit(?:ed)?|active|activity|"
                r"worked on|moved|(?:been|kept|keeps?) moving|movement|looked(?: at)?"),
    ("resolved", r"resolved?|clos(?:e|ed)|fix(?:ed)?|complet(?:e|ed)|finish(?:ed)?|done|ship(?:ped)?|solved?|"
                 r"squash(?:ed)?|delivered|close out|closed out|wrap(?:ped|ping)?(?: up)?|knock(?:ed|ing)?(?: out)?|"
                 r"dropped|rejected|abandoned|cancell?ed|declined|turned down|refused|decided against|g[ai]ven? up on|"
                 r"(?:decided?|cho(?:o)?se|opted) not to|"
                 r"scrapped|shelved|killed off|sorted out|dealt with|taken care of|handled"),
    ("due", r"due(?: ?dates?)?|deadlines?|target dates?|(?:needs?|has|have|must|should|meant to|supposed to|"
            r"expected to)(?: to)? be "
            r"(?:done|finished|fixed|completed|resolved|closed|shipped|delivered)|overdue by|late by|"
            # "what does MOB still need to deliver this month": what is due then
            r"(?:needs?|has|have|got) to (?:deliver|finish|ship|complete|close|fix|resolve)"),
]
# Words that say the issues were not updated: "stale for a month", "idle for 2 weeks"
STALE_CUE = r"stale|idle|inactive|dormant|untouched|neglected|quiet"
STALE_SAID = re.compile(rf"\b(?:{STALE_CUE}|gathering dust|gone quiet|forgotten)\b")
DATE_CUE_WORDS = re.compile("|".join(rf"(?:{cue})" for _, cue in [*DATE_CUES, ("updated", STALE_CUE),
                                                                   ("due", "dates?")]))
# A sprint by its number, said as people who never saw its name would: "the fiftieth iteration", "cycle number 50"
UNITS_ORDINAL = {w: n for n, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                                            "twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                                            "nineteenth".split(), 1)}
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()  # their values in NUMBER_WORDS
TENS_ORDINAL = {w: 10 * n for n, w in enumerate("twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth "
                                                "ninetieth".split(), 2)}
NUMBERED_SPRINT = re.compile(
    rf"\b(?:(?:(?P<tens>{'|'.join(TENS)}) )?(?P<unit>{'|'.join(UNITS_ORDINAL)})|"
    rf"(?P<tens_ordinal>{'|'.join(TENS_ORDINAL)})|(?P<digits>\d+)(?:st|nd|rd|th)) "
    r"(?:(?:one|two|three|four|1|2|3|4) weeks? )?(?:sprint|iteration|cycle)\b|"
    r"\b(?:sprint|iteration|cycle) (?:number |no |# ?)(?P<number>\d+)\b")


def _ordinal_number(said: re.Match) -> int:
    if said.group("number") or said.group("digits"):
        return int(said.group("number") or said.group("digits"))
    if said.group("tens_ordinal"):
        return TENS_ORDINAL[said.group("tens_ordinal")]
    return (NUMBER_WORDS[said.group("tens")] if said.group("tens") else 0) + UNITS_ORDINAL[said.group("unit")]


# Each cue as `_date_field` looks for it, compiled once: field, pattern, whether it says "not updated"
DATE_CUE_PATTERNS: list[tuple[DateField, re.Pattern[str], bool]] = [
    (name, re.compile(rf"\b(?:{cue})\b"), cue == STALE_CUE) for name, cue in [*DATE_CUES, ("updated", STALE_CUE)]]
# "for a month", "in 30 days", "within 2 weeks": back from now after a negation, forward for a due date, else unread
SPAN = re.compile(rf"^(?:(?:for|in|within) )?(?:{COUNT} (?:days?|weeks?|fortnights?|months?)|"
                  rf"\d+(?:{'|'.join(GLUED_UNITS)}))$")
LAST_BEFORE_CUE = re.compile(r"\b(?:last|most recently)\s*$")  # "last updated more than 3 months ago"
UPCOMING = re.compile(r"^(?:soon|shortly|coming up)$")
OVERDUE = re.compile(r"\b(?:overdue|(?:(?:slipped|slid|gone|went|blown|blew|run|ran) )?(?:past|through) "
                     r"(?:their |its |the )?"
                     r"(?:due(?: date)?s?|deadlines?|"
                     # "slipped past the date they were meant to be finished by"
                     r"dates? (?:they|it) (?:was|were) (?:meant|supposed|due|expected) to be (?:finished|done|"
                     r"delivered|completed|fixed|closed)(?: by)?)|behind schedule|"
                     # ("created late last year", "late in October": a time, not overdue)
                     r"late(?! (?:last|this|next|(?:in|into) (?:the )?(?:year|month|week|quarter|day)|"
                     rf"(?:in |into )?(?:(?:19|20)\d\d|{'|'.join(MONTHS)}|{'|'.join(SEASONS)}))\b)|"
                     r"missed (?:their |its |the )?(?:due dates?|deadlines?)|"
                     r"(?:due ?dates?|deadlines?|target dates?) (?:that |which )?(?:s |is |are |has |have |had )?"
                     r"(?:already )?"
                     r"(?:passed|gone by|gone past|lapsed|come and gone|expired|behind (?:us|them)))\b")
# "don't have a fix version", "hasn't got an assignee": the same emptiness as "no fix version"
HAVE_NOT = (r"(?:(?:don t|doesn t|didn t|do not|does not|did not) (?:yet |even |ever )?(?:have|get|got|carry|"
            r"belong to)|"
            r"(?:haven t|hasn t|have not|has not) (?:yet |even |ever )?(?:got|gotten|had|been given)) (?:a |an |any )?")
WITHOUT = rf"(?:no |without (?:an? |any )?|missing (?:an? )?|lack(?:ing)? (?:an? )?|with no |{HAVE_NOT})"
# ("Low or lowest priority" lists levels by name: read with the values)
LEAST = re.compile(r"(?<!\bor )(?<!\band )(?<!\bnor )\b(?:least|lowest|not very) (?:important|urgent|critical|pressing|"
                   r"priority)\b(?! last\b)|"
                   r"\b(?:rated |ranked |sitting |put )?(?:at )?the (?:very )?bottom of the (?:importance|priority|"
                   r"urgency) (?:scale|ladder|list)\b")
# "never put in a release", "without being assigned to a sprint", "never got a fix version (set)"
NOT_PUT = (r"(?:(?:(?:not|never|haven t|hasn t|have not|has not|aren t|isn t|weren t|wasn t) (?:yet )?(?:been )?"
           r"(?:got |gotten )?|without (?:ever )?(?:being |having been |getting |having )?)"
           r"(?:assigned|slotted|put|planned|scheduled|targeted|added|pulled|filed|tied|given|set|tagged|associated|"
           r"linked|attached|connected|sorted|placed|categori[sz]ed|classified|grouped) "
           r"(?:in|into|to|for|on|under|with|at|against)? ?(?:a |any |an )?"
           r"(?:particular |specific |single |planned |upcoming |future |scheduled )?|"
           r"(?:never|not|without)(?: ever| yet)? (?:got|get|getting|gotten|been given|given|having|had) "
           r"(?:a |any |an )?|"
           # "stories that didn't make it into any release"
           r"(?:didn t|did not|never|don t|doesn t|haven t|hasn t) (?:yet )?(?:make|made|get|got) (?:it )?"
           r"(?:in|into|onto|to) (?:a |any |an )?)")
DECLINED = re.compile(r"(?<!status )(?<!state )\b(?:(?:closed|resolved|marked|ended(?: up)?) as |marked )?"
                      r"(?:not going to (?:be )?|"
                      r"(?P<decided>declined?|declining|refused?|refusing|cho(?:o)?se not|decided? not|"
                      r"opt(?:ed)? not) to |"
                      r"won t (?:be )?|wouldn t (?:be )?|would not (?:be )?|"
                      r"will not (?:be )?|not to be )"
                      r"(?P<verb>fix(?:ed)?|do(?:ne)?|go ahead(?: with)?|pursue|proceed(?: with)?)\b")
# The reporter's verbs, plain and past, shared by every pattern that reads a reporter (team questions too)
REPORT = "report|file|raise|log|open|create|submit|flag"
REPORTED_VERBS = ("reported", "filed", "raised", "logged", "opened", "created", "submitted", "flagged", "brought up",
                  "put forward", "proposed", "suggested", "requested")
REPORTED = "|".join(REPORTED_VERBS)
# Words for settling an issue: negated ("never sorted out", "nobody has dealt with") they leave it unresolved
SETTLED = (r"(?:resolved|fixed|done|finished|completed|closed|dealt with|addressed|taken care of|sorted(?: out)?|"
           r"handled|solved|wrapped up|fixed up|settled|put to bed|brought to a close|closed out|finali[sz]ed)")
# settling verbs that never name a workflow state ("not done" is the Done category, `_categories`)
UNSETTLED_VERBS = (r"(?:dealt with|addressed|taken care of|sorted(?: out)?|handled|solved|settled|put to bed|"
                   r"brought to a close|closed out|finali[sz]ed)")
# what people call a component when they say it has none: "never filed under any part of the app"
COMPONENT_WORDS = (r"(?:components?|(?:product |functional )?areas?|modules?|"
                   r"parts? of the (?:app|apps|product|system|codebase|code|platform|software|project))")
LINKED_NOUN = r"(?:issues?|tickets?|items?|work|things?|bugs?|stories|tasks?)"  # what links join
# "never planned into a work cycle"
SPRINT_NOUN = r"(?:sprints?|iterations?|(?:work|two week|dev|development) cycles?)"
SET_SAID = r"(?: set| assigned| added| given)"
GIVEN = rf"{SET_SAID}?"  # "never got a fix version set": the same emptiness
OUTCOME = r"(?:final )?(?:outcome|resolution)"  # the resolution, said in everyday words
NOT_BE = r"(?:not|isn t|aren t|wasn t|weren t)"  # "aren't in any epic" ("are not" is read at its "not")
NOT_BE_GIVEN = (r"(?:(?:haven t|hasn t|have not|has not|never|not) (?:yet |ever )?(?:been )?|"
                r"(?:isn t|aren t|wasn t|weren t) )")
# a field's emptiness said after an exclusion: "leaving out the unassigned ones" wants the field set
EXCLUDING_BEFORE = re.compile(r"\b(?:leave out|leaving out|leave aside|except(?: for)?|excluding|exclude|ignore|"
                              r"ignoring|skip|skipping|drop|dropping|minus|other than|apart from|aside from|"
                              r"not counting|filter out|take out|remove)(?: the| any| all| those)?"
                              r"(?: ones?| issues?| tickets?| items?| things?)?(?: that| which)?"
                              r"(?: are| is| have| has)?$")
# the environment field in everyday words: "the setup", "the platform details", "the browser/OS details"
ENVIRONMENT_SAID = (r"(?:environment(?: fields?)?|setup(?: info| details)?|platform (?:info|details|information)|"
                    # "the details about the setup", "the details about where the problem was seen"
                    r"details (?:about|on|of) (?:the |their |its )?(?:setup|platform|system|browser|"
                    r"where (?:the problem|the bug|it|they) (?:was|were|is|are) (?:seen|found|happening))|"
                    r"(?:computer|browser|system|os)(?: (?:and|or) (?:browser|os|system|computer|platform))? "
                    r"(?:details|info|information))")
# "no comments at all", "zero discussion on them", "nobody has commented on": issues without comments (the team
# questions leave these to the search)
NO_COMMENTS = re.compile(rf"\b(?:(?:{WITHOUT}|zero |0 |not a single |not one )(?:single )?(?:comments?|discussion|"
                         r"replies|remarks)(?: at all)?|(?:nobody|no one|noone) (?:has |have |had |ever )*"
                         r"(?:commented|replied|said anything)(?: on (?:it|them))?|"
                         r"(?:never|not) (?:been |got |gotten )?commented on|"
                         # "have not received a single comment", "where nobody has written any comment yet"
                         r"(?:not|never|haven t|hasn t) (?:yet )?(?:received|got|gotten|had) (?:a single|a|any|one) "
                         r"comments?|(?:nobody|no one|noone) (?:has |have )?(?:yet )?(?:written|left|added|posted) "
                         r"(?:a |an |any |a single )?comments?|uncommented)\b")
# "bugs with comments", "that already have some discussion on them", "where somebody has already left a comment" (not
# "with comments mentioning X": words in the comments)
HAS_COMMENTS = re.compile(r"\b(?:(?:with|has|have|having|got|gotten|received) (?:a |an |any |some |at least one |"
                          r"already |already got |already have )?(?:comments?|discussion|replies)(?: on (?:it|them))?"
                          r"(?! (?:mentioning|that|which|saying|about|containing|where|from|by|with|like)\b)|"
                          r"(?:somebody|someone|anyone|people) (?:has |have )?(?:already )?"
                          r"(?:left|written|added|posted) (?:a |an |any |some )?comments?(?: on (?:it|them))?)\b")
# a field named, then said to be empty, as in a keyword query ("status=Closed but resolution empty")
FIELD_NAMES_EMPTIED: dict[str, EmptiableField] = {
    "resolution": "resolution", "component": "component", "fixversion": "fixVersion", "fixver": "fixVersion",
    "affectedversion": "affectedVersion", "affectsversion": "affectedVersion", "assignee": "assignee",
    "duedate": "duedate", "description": "description", "label": "labels", "environment": "environment",
    "reporter": "reporter"}
FIELD_SAID_EMPTY = re.compile(r"\b(?P<field>resolution|components?|fix ?vers?(?:ions?)?|affect(?:ed|s) ?versions?|"
                              r"assignee|reporter|due ?date|description|labels?|environment) (?:is |are )?(?:still )?"
                              r"(?:empty|blank|missing|unset|not set|none|null)\b")
EMPTY_FIELDS: list[tuple[str, re.Pattern[str]]] = [
    ("assignee", re.compile(rf"\b(?:unassigned|(?:assigned|given|handed) to (?:nobody|no one|noone)\b|"
                            rf"{NOT_BE} (?:yet )?assigned"
                            r"(?: to (?:anyone|anybody|someone|a person|any person)|(?! to\b))|"
                            # ("haven't been assigned a fix version": the version is what they lack)
                            r"(?:haven t|hasn t|have not|has not) (?:yet )?been (?:yet )?assigned"
                            r"(?: to (?:anyone|anybody|someone|a person|any person)|"
                            r"(?! (?:to|a|an|any|the|in|into|for)\b))|"
                            # "which of those hasn't anyone been assigned to yet?"
                            r"(?:haven t|hasn t|have not|has not) (?:anyone|anybody|someone|somebody) (?:yet )?"
                            r"been assigned|"
                            # "just the ones nobody has": has at all
                            r"(?:(?<=\bones )|(?<=\bthose ))(?:nobody|no one) has\b(?!\s*\w)|"
                            r"(?:nobody|no one|noone)(?: ?s)? (?:is |has been |have been |been |was |"
                            r"has )?"
                            r"(?:assigned|owns?|owned|"
                            r"(?:picked|grabbed|claimed|taken|took)(?: (?:it |them )?(?:up|on))?|"
                            r"working on|job|responsibility|"
                            # "has nobody looking after it": someone doing it now is its assignee
                            r"(?:currently )?(?:looking after|handling|dealing with|taking care of|minding|"
                            r"in charge of))|"
                            rf"{WITHOUT}(?:owner|assignee){GIVEN}|"
                            rf"{HAVE_NOT}(?:anybody|anyone|somebody|someone|a person) "
                            r"(?:assigned|on (?:it|them)|(?:looking after|working on|handling|taking care of|"
                            r"dealing with) (?:it|them))|"
                            # "never assigned", "without ever being assigned to anyone"; not "… to a sprint"
                            r"(?:never (?:been |got |gotten )?|without (?:ever )?(?:being |having been |getting )?)"
                            r"(?:ever )?assigned(?: to (?:anyone|anybody|someone|a person|any person)|"
                            r"(?! (?:to|in|into|for)\b))|"
                            r"without (?:an? |any )?(?:owner|assignee)|nobody s|"
                            r"without (?:anyone|anybody|someone|somebody|a person|any person) (?:being )?assigned|"
                            r"(?:never|not) (?:got|had|gotten|get|have) (?:anyone|anybody|someone) assigned"
                            r"(?: to (?:them|it))?(?! to\b)|"
                            r"(?:never|not) (?:yet )?(?:been |got |gotten )?given (?:an? |any )?(?:owner|assignee)|"
                            r"(?:never|not) (?:yet )?(?:got|gotten|had|received|found) (?:an? |any )?"
                            r"(?:owner|assignee)|"
                            r"owned by (?:nobody|no one)(?! (?:but|except|other than|besides|apart from))|"
                            r"not (?:yet )?(?:picked up|taken)|(?:un|not )owned|ownerless|unclaimed|"
                            r"(?:nobody|no one)(?: s)? responsib\w*|(?:need|needs|needing|still need|still needs|"
                            r"waiting for|looking for|without) (?:an? )?(?:owner|assignee)|"
                            # "with nobody on them", "that nobody was ever put on", "don't have an owner yet"
                            r"(?:with |without )?(?:nobody|no one|noone|anybody|anyone) (?:is |was |has been |"
                            r"have been )?(?:ever )?(?:put )?on (?:it|them|this|that|those|these)\b|"
                            # "sub-tasks nobody is on"; not "nobody on the team", "anyone on Floe"
                            r"(?:nobody|no one|noone) (?:is |was |has been )?(?:ever )?on(?=\s*$|\s+(?:in|yet|and|or|"
                            r"right now|at the moment|currently|for|from)\b)|"
                            r"(?:nobody|no one) (?:was |has been |have been |is |got )?(?:ever )?put on|"
                            r"(?:with )?(?:(?:nobody|no one)(?: s| is)?|no) name on (?:it|them)|"
                            r"(?:don t|doesn t|do not|does not|didn t|did not) (?:yet )?have (?:an? |any )?"
                            r"(?:owner|assignee)|(?:nobody|no one|noone) (?:has |have )?(?:yet )?been (?:handed|given)"
                            r"(?: (?:to )?work on)?|"
                            # "still has no person attached to it", "no person responsible for them"
                            r"no (?:person|one|owner|human|name) (?:attached|assigned|tied)(?: to (?:it|them))?|"
                            r"no (?:person|human|individual) (?:is )?(?:responsible|in charge|looking after|handling|"
                            r"working on|taking care of)|"
                            # "which ones aren't with anyone yet?"
                            rf"{NOT_BE} (?:yet )?with (?:anyone|anybody|someone|somebody|a person)|"
                            # "haven't been given to anyone", "don't have anyone responsible for them"
                            rf"{NOT_BE_GIVEN}(?:given|handed|passed) (?:over )?to (?:anyone|anybody|someone|"
                            r"somebody|a person|any person)|"
                            rf"{HAVE_NOT}(?:anybody|anyone|somebody|someone|a person) (?:responsible|in charge))\b")),
    # "no reporter", "nobody recorded as the reporter", "we don't know who raised them"
    ("reporter", re.compile(rf"\b(?:{WITHOUT}reporters?{GIVEN}|(?:unknown|missing|empty|blank) reporters?|"
                            r"(?:nobody|no one|noone) (?:is |was |has been )?(?:recorded|listed|named|set|shown|given) "
                            r"as (?:the |its |their )?reporter|"
                            r"(?:don t|do not|didn t|did not|can t|cannot) (?:know|tell|see) who (?:reported|raised|"
                            r"filed|opened|logged|created|wrote up|entered) (?:it|them|those|these)|"
                            r"(?:reported|raised|filed|logged) by (?:nobody|no one|an unknown person))\b")),
    # "no version" alone: the one a fix is planned for, the version most set
    ("fixVersion", re.compile(rf"\b(?:{WITHOUT}(?:fix ?versions?|fixversions?|releases?|"
                              rf"versions?(?! (?:affected|found))|"
                              # "no fix release", "don't have a planned release version"
                              rf"(?:target|fix|planned|scheduled) (?:release versions?|versions?|releases?)){GIVEN}|"
                              rf"unscheduled|{NOT_PUT}(?:releases?|fix ?versions?|versions?){GIVEN}|"
                              # "not in any release", "aren't part of any version yet"
                              rf"(?:{NOT_BE}|not) (?:yet )?(?:in|on|part of|inside) (?:a |an |any )"
                              r"(?:releases?|fix ?versions?|versions?)|"
                              # "never planned for a fix in any release", "not scheduled into any release"
                              r"(?:never|not) (?:yet )?(?:been )?(?:planned|scheduled|targeted|slated)"
                              r"(?: (?:for|into|in) (?:a fix|fixing))? (?:for|in|into|to) (?:a |an |any )"
                              r"(?:releases?|fix ?versions?|versions?))\b")),
    # "no affects version", "missing an affected version"
    ("affectedVersion", re.compile(rf"\b(?:{WITHOUT}(?:affects?|affected) versions?{GIVEN}|"
                                   rf"{WITHOUT}versions? (?:affected|found(?: in)?)\b|"
                                   # "don't say which release they were found in"
                                   # "don't record what version they affect", "leave out which release it was
                                   # found in"
                                   r"(?:(?:don t|doesn t|do not|does not|never|dont|doesnt) (?:say|name|mention|list|"
                                   r"give|state|record|specify|note|include|tell)|leaves? out|left out|omits?|omitted) "
                                   r"(?:which|what|any|a|the) (?:release|version|build)s? "
                                   r"(?:the (?:problem|bug|issue) |they |it )?(?:were |was |are |is )?"
                                   r"(?:(?:found|seen|broken|happen\w*|occur\w*|show\w* up|appear\w*) in|affects?|"
                                   r"hits?))\b")),
    ("component", re.compile(rf"\b(?:{WITHOUT}{COMPONENT_WORDS}{GIVEN}|"
                             # "that aren't in any component", "sitting in no component"
                             rf"(?:{NOT_BE} (?:in|under|part of) (?:any|a) |in no ){COMPONENT_WORDS}|"
                             rf"(?:nobody|no one) (?:has |have )?(?:yet |ever )?(?:tagged|put|filed|labell?ed) "
                             rf"(?:them |it )?(?:with|under|in) (?:a |an |any )?{COMPONENT_WORDS}|"
                             rf"{NOT_PUT}{COMPONENT_WORDS}{GIVEN}|"
                             # "doesn't say which part of the platform it belongs to"
                             rf"(?:don t|doesn t|do not|does not|never) (?:say|name|mention|state) (?:which|what) "
                             rf"{COMPONENT_WORDS} (?:it|they) (?:belongs?|falls?|sits?) (?:to|in|under))\b")),
    ("labels", re.compile(rf"\b(?:{WITHOUT}(?:labels?|tags?){GIVEN}|unlabell?ed|not labell?ed|untagged|"
                          r"(?:haven t|hasn t|have not|has not|never) (?:yet )?(?:been )?(?:tagged|labell?ed)"
                          r"(?: with anything| at all)?|"
                          r"(?:nobody|no one) (?:has |have )?(?:yet |ever )?(?:tagged|labell?ed))\b")),
    # "no deadline", "no date they're expected by"
    ("duedate", re.compile(rf"\b{WITHOUT}(?:due ?dates?|deadlines?|target dates?|"
                           r"dates? (?:(?:they|it) (?:re|s|are|is) |(?:set )?for when (?:they|it) (?:re|s|are|is) )?"
                           r"(?:expected|due|needed|promised)(?: by)?)\b")),
    # "no links", "not connected to any other ticket", "standing alone, with no ties to other tickets"
    ("issueLinkType", re.compile(rf"\b(?:{WITHOUT}(?:issue )?(?:links?|linked {LINKED_NOUN})"
                                 rf"(?: (?:to|with) (?:anything|(?:any |an )?other {LINKED_NOUN}|"
                                 rf"another {LINKED_NOUN}))?|"
                                 # ("without a connection" is the product's: ties and connections to other tickets)
                                 rf"{WITHOUT}(?:connections?|ties) (?:to|with) (?:anything|(?:any |an )?other "
                                 rf"{LINKED_NOUN}|another {LINKED_NOUN})|"
                                 rf"unlinked|{NOT_BE} (?:linked|connected|tied) (?:to|with) (?:anything|anything else|"
                                 rf"(?:any |an )?other {LINKED_NOUN}|another {LINKED_NOUN}|any {LINKED_NOUN})|"
                                 r"(?:stands?|standing) (?:alone|on (?:its|their) own))\b")),
    # "no platform info", "nothing filled in about the browser": no environment (before the description's "details")
    ("environment", re.compile(rf"\b(?:{WITHOUT}{ENVIRONMENT_SAID}|"
                               rf"(?:leave|leaves|left) (?:the )?{ENVIRONMENT_SAID} (?:blank|empty)|"
                               rf"(?:empty|blank) {ENVIRONMENT_SAID})\b")),
    ("description", re.compile(rf"\b(?:{WITHOUT}(?:descriptions?|details|write ups?)|(?:empty|blank) descriptions?|"
                               r"undescribed)\b")),
    ("comment", NO_COMMENTS),
    # "stories without an epic", "not under any epic": no parent at all (an epic is what a story's parent is)
    ("parent", re.compile(rf"\b(?:{WITHOUT}(?:parent|epic)s?{GIVEN}|"
                          rf"{NOT_BE} (?:in|under|part of) (?:a |an |any )?(?:parent|epic)s?|"
                          rf"(?:don t|doesn t|do not|does not) belong to (?:a |an |any )?(?:parent|epic)s?|"
                          rf"{NOT_PUT}(?:parent|epic)s?{GIVEN})\b")),
    ("sprint", re.compile(rf"\b(?:{NOT_BE} in (?:a |any )?{SPRINT_NOUN}|{WITHOUT}{SPRINT_NOUN}{GIVEN}|in the backlog|"
                          rf"{NOT_PUT}{SPRINT_NOUN}{GIVEN})\b")),
    ("resolution", re.compile(r"\b(?:unresolved|not (?:yet )?(?:been )?resolved(?: yet)?|(?:isn t|aren t|hasn t been|"
                              r"haven t been|hasnt been|havent been|isnt|arent|never|"
                              r"not been) (?:yet )?resolved(?: yet)?|"
                              r"no resolution|without (?:a )?resolution|unfixed|"
                              r"without (?:ever )?(?:being|getting|having been) resolved|"
                              # "yet to be closed", "still need attention", "we haven't gotten to"
                              r"(?:yet|still) to be (?:closed|resolved|fixed|done|finished|completed|sorted out|"
                              r"wrapped up|dealt with)|(?:still )?needs? (?:some |more )?attention|"
                              r"(?:haven t|hasn t|have not|has not) (?:yet )?(?:gotten|got|gone) (?:round |around )?to"
                              r"(?: (?:it|them))?(?: yet)?|"
                              # "nobody recorded how they ended", "the final outcome was never filled in"
                              rf"(?:nobody|no one) (?:has |ever |yet )*(?:recorded|set|filled in|entered|gave) "
                              rf"(?:how (?:it|they) ended|(?:an? |the |any )?{OUTCOME})|"
                              rf"(?:the |an? |their |its )?{OUTCOME} (?:was |were |has |have |is |are )?(?:never|not) "
                              r"(?:yet )?(?:been )?(?:filled in|set|recorded|entered|given)|"
                              rf"(?:without|with no|no) (?:an? |any )?{OUTCOME}(?: (?:recorded|set|filled in))?|"
                              # "closed without anyone recording a resolution"
                              r"without (?:anyone |anybody |someone |us )?(?:recording|setting|picking|choosing|"
                              r"giving(?: it| them)?) (?:a |any )?resolution|"
                              r"(?<!resolution )(?<!resolution is )not (?:yet )?fixed(?: yet)?|"
                              r"(?:isn t|aren t|hasn t been|haven t been) fixed(?: yet)?|still open|"
                              r"(?:didn t|did not|don t|do not|doesn t|does not|never|wasn t|weren t) (?:get |got |"
                              r"been |was |"
                              rf"were )?{SETTLED}|"
                              r"(?:what s|what is) (?:still )?left(?: to (?:do|resolve|fix|finish|close|complete))?|"
                              r"still waiting for a fix|left to do|(?:are|is) (?:still )?(?:left|remaining)\s*$|"
                              r"(?:still )?(?:hanging|kicking|lying|sitting) around|still hanging|"
                              r"left (?:unfinished|undone|unresolved|open|hanging)|still around|"
                              # "the dangers we are still keeping an eye on": still followed, so not settled
                              r"still (?:keeping an eye on|keeping tabs on|watching|monitoring)|"
                              r"still(?= broken\b)|"  # "what's still broken": unresolved, and broken things are bugs
                              r"(?:still )?lingering|not (?:yet )?wrapped up(?: yet)?|"
                              r"(?:isn t|aren t|hasn t been|haven t been) wrapped up(?: yet)?|"
                              r"(?:have|has|need|needs) to (?:be )?(?:finish|"
                              r"finished|deliver|delivered|ship|shipped|"
                              r"complete|completed|done|fix|fixed|resolve|resolved)|"
                              r"left to (?:resolve|fix|finish|close|complete)|"
                              r"(?:waiting for|awaiting|pending|in need of|needing|needs|need) (?:a |any )?"
                              r"(?:fix|resolution)|"
                              r"still needs? work|needs? (?:more )?work|"
                              r"(?:still )?needs? (?:doing|finishing|completing|fixing|resolving|closing|wrapping up|"
                              r"sorting out)|"
                              r"(?<!category is )(?<!status is )still to do|"
                              r"(?:don t|doesn t|do not|does not) (?:yet )?have (?:a |any )?resolution|"
                              # "never had a resolution recorded", "have no outcome recorded"
                              r"(?:never|hasn t|haven t|has not|have not|didn t|did not) (?:ever |yet )?"
                              r"(?:had|got|gotten|been given|received) (?:a |an |any )?(?:resolution|outcome)"
                              r"(?: recorded| set| entered)?|"
                              r"(?:have |has |with )?no (?:resolution|outcome) (?:recorded|set|given|entered)|"
                              rf"waiting to be {SETTLED}|un(?:solved|settled)|"
                              # "still not sorted", "we still haven't dealt with", "unaddressed"
                              rf"(?:not|(?:haven t|hasn t|have not|has not|aren t|isn t|are not|is not|weren t|"
                              rf"wasn t)(?: yet| still)?(?: been)?) (?:yet )?{UNSETTLED_VERBS}"
                              rf"(?: (?:and|or|nor) {SETTLED})?(?: yet)?|"  # "not dealt with and closed yet"
                              r"unaddressed|unhandled|unsorted|"
                              rf"(?:nobody|no one) (?:has |have )?(?:yet |ever |really )?{SETTLED}|"
                              r"need (?:a |some )?fix(?:ing)?|"
                              # "still waiting for design input": not done, and what it waits for is read on
                              r"still(?= (?:waiting|awaiting)\b)|"
                              # "what Bruno still has going", "the debt we still owe": still theirs, so not settled
                              r"still (?:has|have|got|owes?|carry|carries|holds?)(?= (?:going|open|outstanding|"
                              r"pending|left)\b|$)|"
                              r"(?:we|they|he|she|you|i) (?:are |re |is |s )?still (?:sitting on|holding|carrying|"
                              # ("not resolved as Done": resolved some other way, `_resolutions`)
                              r"owe|owing))\b(?! as\b)")),
]
FILLED_FIELDS: list[tuple[str, re.Pattern[str]]] = [
    ("comment", HAS_COMMENTS),
    ("duedate", re.compile(r"\b(?:with|has|have|having) (?:a |an )?(?:due ?dates?|deadlines?)\b")),
    # ("with a fix version assigned": the verb says no more, and no assignee)
    ("fixVersion", re.compile(rf"\b(?:with|has|have|having) (?:a |an )?fix ?versions?{GIVEN}\b")),
    ("component", re.compile(rf"\b(?:with|has|have|having) (?:a |an |any )?components?{GIVEN}\b")),
    ("sprint", re.compile(rf"\b(?:with|has|have|having) (?:a |an )?sprints?{SET_SAID}\b")),
    ("parent", re.compile(rf"\b(?:with|has|have|having) (?:a |an )?(?:(?:parent|epic)s?{SET_SAID}|parents?)\b")),
    ("issueLinkType", re.compile(r"\b(?:with|has|have|having) (?:an? |any |some )?(?:issue )?links?\b"
                                 r"(?! (?:to|with|[a-z]+ing)\b)")),  # not "with link sharing"
    # ("with resolution Duplicate" names which)
    ("resolution", re.compile(r"\b(?:(?:has|have|having|with|carry|carries|carrying) (?:a |an )?resolution"
                              r"(?! (?!(?:set|recorded|filled|entered|already|and|or|but|that|which|in|on|from|at|by|"
                              r"since|before|after)\b)[a-z])|"
                              r"resolution (?:was |is |has been )?(?:set|recorded)|"
                              # "someone already recorded an outcome", "a final outcome has already been set"
                              rf"(?:someone|somebody) (?:has )?(?:already )?(?:recorded|set|entered) (?:an? |the )?"
                              rf"{OUTCOME}|(?:an? |the )?{OUTCOME} (?:has |had |was |is )?(?:already )?(?:been )?"
                              r"(?:recorded|set|filled in|entered))\b")),
    # ("Quinn both reported and is assigned to": her, in both roles)
    ("assignee", re.compile(r"\b(?:" + "".join(f"(?<!{verb} and )" for verb in REPORTED_VERBS)
                            + r"(?:is|are) assigned(?: to (?:someone|somebody|anyone))?|has an? (?:owner|assignee)|"
                            r"have an? (?:owner|assignee)|"
                            # "have somebody assigned", "someone has picked up"; keywords ending "… assigned"
                            r"(?:has|have|with) (?:somebody|someone|a person) (?:assigned|on (?:it|them))|"
                            r"(?:somebody|someone) (?:has |have )?(?:picked up|taken on|grabbed|claimed)|"
                            r"assigned$)\b(?! to [a-z])")),
]
# "not done", "isn't done yet": outside the Done category the word names (an issue closed without a resolution is
# done); "unfinished" and "still open" keep meaning unresolved, as Jira's own filters read them
NOT_DONE = re.compile(r"(?:not (?:yet )?done|(?:isn t|aren t|hasn t been|haven t been) (?:yet )?done)")
CATEGORIES: list[tuple[list[str], re.Pattern[str]]] = [
    (["new", "indeterminate"], re.compile(r"\b(?:not (?:yet )?(?:done|closed|finished|completed?|complete)|"
                                          r"(?:hasn t|haven t|has not|have not|didn t|did not) (?:yet )?(?:been )?"
                                          r"(?:finished|completed|done|closed)|"
                                          r"(?:isn t|aren t) (?:yet )?(?:done|closed|finished|completed?)|open|"
                                          r"unfinished|incomplete|outstanding|remaining|pending|active|live|unclosed|"
                                          r"in the works|in the pipeline|"
                                          r"undone|in flight|not complete)\b")),
    (["done"], re.compile(r"\b(?:closed|done|resolved|finished|completed?|fixed|solved|shipped|wrapped up|"
                          r"sorted out|dealt with|taken care of|put to bed|knocked out)\b")),
    # "not started", "nobody has started yet" before "started": the longer phrase decides
    # ("able to do", "have to do" are plain verbs)
    # ("Alan's to do" is whose the work is)
    (["new"], re.compile(r"\b(?:(?<!able )(?<!have )(?<!has )(?<!had )(?<!need )(?<!needs )(?<!want )(?<!going )"
                         r"(?<!got )(?<!given )(?<! s )to do|todo|not (?:(?:yet|even) )?(?:been )?(?:started|begun)|"
                         r"untouched|"
                         r"(?:haven t|hasn t) (?:anyone|anybody|someone|somebody) (?:yet )?(?:started|begun|touched)|"
                         r"(?:still )?waiting to be (?:started|begun|picked up)|"
                         r"(?:haven t|hasn t|have not|has not|"
                         r"isn t|aren t|wasn t|weren t|nobody has|no one has|nobody|no one) (?:yet |"
                         r"even )?(?:been )?(?:started|begun|"
                         r"picked up)(?: yet)?|"
                         # "hasn't been touched yet": not started ("not touched in 2 weeks" is stale, a date)
                         r"(?:haven t|hasn t|have not|has not|not|nobody has|no one has) (?:yet (?:been )?touched|"
                         r"(?:been )?touched yet))\b")),
    (["indeterminate"], re.compile(r"\b(?:in progress|ongoing|underway|under way|wip|work in progress|"
                                   r"(?:actively |currently )?being worked on|"
                                   r"actively working(?: on)?|in flight|started|kicked off|"
                                   r"still going|in the middle of|"
                                   r"(?:people|someone|somebody|anyone) (?:is |are )?(?:currently |"
                                   r"actively )?working on|actively worked on|currently being worked)\b")),
]
STATE_PHRASES = {"in progress", "to do", "todo", "open", "done", "closed", "resolved"}
# "in a done state", "any closed status": the word after a state read is part of it
STATE_OF_A_KIND = re.compile(rf"(?<!\S){USED} (?:state|states|status)\b")
# Read as categories unless "status" is said: "open" and "in progress" span several workflow states; "closed" or
# "done" name the instance's own state when it has one of that name.
CATEGORY_STATES = {"open", "resolved", "in progress", "to do"}
NOT_FIXED_WHEN_DONE = re.compile(r"\b(?:closed|resolved|resolve|close|done|finished|completed|shut)\b(?: \w+){0,3}? "
                                 r"(?:but |yet |though |and )?(?P<not>(?:not|never|weren t|wasn t|isn t|aren t|without)"
                                 r"(?: being| getting| been)?(?: actually| really| properly)? fixed|"
                                 # "resolved without actually fixing them", "closed without a fix", "didn't fix it"
                                 r"without (?:actually |really |properly |ever )?(?:fixing|a fix|any fix)"
                                 r"(?: them| it)?(?! version)|"
                                 r"(?:didn t|did not|never) (?:actually |really |properly )?fix(?: them| it)?)\b")
STATUS_WORD = re.compile(r"\b(?:status|state|workflow|column|step)\b")  # "in the Won't Fix status": the workflow's
MOVED_TO = re.compile(r"\b(?:moved|set|changed|transitioned|put) (?:to|in|into)$")  # a state the issue was moved to
MARKED = re.compile(r"\b(?:marked|set to|moved to|flagged)(?: as)?$")  # "marked resolved": the workflow state so named
# "whose status falls in the in-progress bucket", "statuses that belong to To Do": the category by another word
FALLS_IN = (r"(?:whose |its |their |the )?status(?:es)? (?:that )?(?:falls?|sits?|lands?|belongs?) "
            r"(?:in|under|into|within|to) (?:the )?")
NAMED_CATEGORY = re.compile(r"\bstatus ?category (?:is |= )?(?P<not>not |isn t |!= )?(?P<category>done|to do|"
                            rf"in progress|new|indeterminate|complete)\b|"
                            rf"\b(?P<not2>(?:not|isn t|aren t) (?:in )?(?:the |a )?)?(?:{FALLS_IN})?"
                            rf"(?P<category2>done|to do|in progress) (?:status )?(?:category|bucket)\b|"
                            rf"\b{FALLS_IN}(?P<category3>done|to do|in progress)\b")
CATEGORY_KEYS = {"done": "done", "complete": "done", "to do": "new", "new": "new", "in progress": "indeterminate",
                 "indeterminate": "indeterminate"}
AGAINST = re.compile(r"\bagainst(?: the)?$")  # "filed against the uploader": the component it is filed under
AFFECTS = re.compile(r"\b(?:affects?|affecting|affected|affectedversions?|against|(?:found|seen|broken|broke|happens?|"
                     r"happening|occurs?|shows? up|showing up|showed up|turned up|cropped up|popped up|appeared|"
                     r"reproduces?|hit) in|"
                     r"reported (?:in|on|against)|(?:that |which )?(?:hit|hits|hitting|broke|break))"
                     r"(?: the| that| this)?"
                     r"(?:(?<=the) \w+(?: s)?)?"  # "found in the data team's 2026.Q3 version"
                     r"(?: versions?| releases?| builds?)?(?: (?:is|was|=|of))?$")  # "whose affected version is 0.3b"
# "with 1.4 as an affected version", "2026.Q2 affects version": the version's role said after it
AFFECTS_AFTER = re.compile(r"^(?:as (?:an? |the |their |its )?)?(?:affects?|affected) (?:versions?|releases?)\b")
HISTORY = re.compile(r"\b(?:at (?:some|any|one) (?:point|stage|time)|ever been|ever|previously|"
                     r"in the past|had been|used to be|was once|were once|once(?! (?:it|they|we|you|the|that|this|"
                     r"those|these|done|fixed|resolved|closed)\b)|along the way|"
                     r"spent (?:some |any )?time)\b")
# ("reopened after having been closed": the settling is the earlier state)
SETTLED_NOW = re.compile(r"(?<!been )\b(?:resolved|closed|done|fixed|finished|completed)\b")
CURRENT_STATE = re.compile(r"\b(?:ended up|ending up|ended|end up|ended up in|ended in|now|currently|finally)$")
# "open OPS tickets before sprint planning": the state word is about the issues, and a sprint meeting no sprint
# ("open in the current sprint": the state of the issues, then their sprint)
SPRINT_BETWEEN = r"(?P<between>(?: (?!(?:issues?|tickets?|bugs?|stor(?:y|ies)|tasks?|items?|work|in)\b)\w+){0,3}?)"
SPRINT_EVENT = r"(?! (?:planning|review|retro|retrospective|demo|meeting|kick-?off|goal))"
# one sprint, the one before the current: "the previous WEB sprint", "last sprint" (a time where a date word says so)
PREVIOUS_SPRINT = re.compile(r"\b(?:the )?(?:last|previous|prior|most recent|latest) (?:(?:closed|finished|completed|"
                             r"ended) )?(?P<between>(?:\w+ ){0,2}?)sprint\b(?!s)(?! \d)")
SPRINT_STATES = [
    ("open", re.compile(rf"\b(?:current|this|active|open|ongoing|running|present)\b{SPRINT_BETWEEN} "
                        rf"sprints?\b{SPRINT_EVENT}|"
                        r"\b(?:sprints?|iterations?|cycles?) (?:in flight|under ?way|in progress)\b|"
                        r"\bsprints? (?:right now|at the moment)\b|"  # "overdue things in the sprint rn"
                        r"\bsprints? (?:that s|that is|which is|currently) (?:running|active|"
                        r"ongoing|open|in progress)\b|"
                        # "the cycle that just started", "the current iteration": a sprint by its other names
                        r"\b(?:sprint|cycle|iteration) (?:that |which )?(?:has )?just (?:started|began|begun|"
                        r"kicked off)\b|"
                        r"\b(?:current|this|currently running|running|active|ongoing|present)"
                        r"(?: (?:one|two|three|four|1|2|3|4) weeks?)? (?:cycles?|iterations?)\b")),
    # "the two-week cycle the storefront team is running right now": the team's name stays for the readers after
    ("open", re.compile(r"\b(?:(?:one|two|three|four|1|2|3|4) weeks? )?(?:sprints?|iterations?|cycles?)\b"
                        r"(?P<between>(?: \w+){0,4}?) (?:is |are )?"
                        r"(?:(?:currently|now) (?:running|under ?way|going on|in progress|happening)|"
                        r"(?:running|under ?way|going on|happening) (?:right now|now|currently|at the moment))\b")),
    ("closed", re.compile(r"\b(?:closed|previous|past|completed|finished|old|earlier|ended)\b"
                          r"(?P<between>(?: (?!closed\b|finished\b|completed\b|ended\b)\w+){0,3}?)"
                          r"(?: (?:closed|finished|completed|ended))? "
                          r"sprints\b|\bsprints? (?:that |which )?(?:has |have |was |were |is |"
                          r"had )?(?:already )?(?:been )?(?:closed|finished|"
                          r"ended|completed)\b")),
    # "in a closed sprint too" (not "the completed sprint": the one that ended last)
    ("closed", re.compile(r"\b(?:an?|any|some|one) (?:(?:earlier|older|past|previous|prior) )?"
                          r"(?:closed|completed|finished|ended) sprint\b")),
    # ("the items planned in the MOB Sprint 52 iteration" are in a named sprint)
    ("future", re.compile(r"\b(?:(?:future|next|upcoming|coming)\b(?P<between>(?: \w+){0,3}?)|planned) sprints?\b"))]
# work carried from one sprint into the next: in a running sprint, and in a closed one before
# (said as done: "what might spill over" from the running sprint has not yet)
CARRIED_OVER = re.compile(r"\b(?:(?:carried|rolled|spilled|spilt) (?:over|forward|into)|"
                          r"(?:carry|roll|spill)-?overs?)\b")
SPRINT_OF_PROJECT = re.compile(r"\bsprint (?P<n>\d+) (?:on|of|in|for|from) (?:the )?(?P<project>[\w-]+(?: [\w-]+)?)"
                               r"(?P<kind> (?:project|team|board))?\b")
PLAIN_LEVEL = re.compile(r"\b(?:high|low|top)-level\b")  # "a high-level view": no priority
# "the top Blocker priority": that level, "top" says nothing more
TOP_BEFORE_LEVEL = re.compile(rf"\btop (?=(?!(?:most|priority|{COUNT})\b)[a-z]+ priority\b)")
QUARTER_NUMBERS = {**{name: int(n) for n, name in QUARTERS.items()}, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "last": 4,
                   "final": 4}
# "Q2 2021", "the second quarter of 2021", "2009 q4": a quarter of a year (`_quarter_months`)
QUARTER_SAID = re.compile(rf"\b(?:(?:the )?(?P<nth>{'|'.join(QUARTER_NUMBERS)}) quarter (?:of )?(?P<y1>(?:19|20)\d\d)|"
                          r"q(?P<q>[1-4])(?: of)? (?P<y2>(?:19|20)\d\d)|(?P<y3>(?:19|20)\d\d)[ .-]?q(?P<q3>[1-4])|"
                          # "the last three months of 2008"
                          r"(?:the )?(?P<edge>first|last|final) (?:three|3) months (?:of|in) (?P<y4>(?:19|20)\d\d))\b")
# "the Web Storefront sprint": a project's sprint without its number (`_project_sprint` checks the name)
PROJECT_SPRINT = re.compile(rf"\bthe (?P<between>(?:\w+ ){{1,3}}?)sprint\b(?!s)(?! \d){SPRINT_EVENT}")
# "Justin has been filing a lot": a habit of reporting
HABIT = (r"(?:has been|have been|is|are|was|keeps?|kept) (?:always )?(?:filing|raising|reporting|logging|opening|"
         r"creating|submitting|flagging)\b")
# "Farid originally flagged", "did she personally file": who did it, said with emphasis
BY_ONESELF = r"(?:(?:ever|personally|actually|originally|initially|first|really|himself|herself|themselves) )?"
ME_REPORTER = re.compile(rf"\b(?:i (?:ve |have )?(?:been )?(?:{REPORTED}|logging|reporting|filing|wrote)|"
                         rf"(?:have|did|do) i (?:ever |already )?(?:{REPORT}|{REPORTED})|"
                         rf"(?:{REPORTED}|written) by me)\b")
# "I didn't report", "filed by anyone but me": the asker excluded as reporter
NOT_ME_REPORTER = re.compile(rf"\b(?:i (?:didn t|did not|haven t|have not|never|ve never|have never) (?:ever )?"
                             rf"(?:{REPORT}|{REPORTED}|wrote|written)|(?:{REPORTED}|written) by (?:someone|somebody|"
                             rf"anyone|anybody|people|others?) (?:other than|besides|except|but) me)\b")
# "not mine", "other than my tickets", "except what is on my plate", "but not assigned to her": right before
NOT_MINE = re.compile(r"\b(?:not|never|(?:isn|aren|wasn|weren) t|except|excluding|other than|besides|but not|"
                      r"apart from|aside from|rather than|instead of)(?: (?:the ones|those|what is|what s|that are|"
                      r"which are))?(?: (?:assigned to|on|in|among|from|of))?$")
ME_ASSIGNEE = re.compile(r"\b(?:assigned to me|on my plate|(?:am i|i m|i am) (?:still )?on the hook|"
                         r"i m working on|i am working on|i own|i m assigned|"
                         r"i am assigned|what (?:have|has) i (?:still )?got|"
                         r"have i (?:still )?got (?:anything |something |stuff )?(?=open|left|on|in)|"
                         # ("here's my question: how many issues …" asks for no one's issues)
                         r"my(?! (?:question|query|ask|request|manager|boss|lead)\b)(?= (?:\w+ ){0,3}?(?:issues?|"
                         r"tickets?|bugs?|tasks?|stories|story|work|"
                         r"items?|"
                         r"epics?|defects?|sub-?tasks?|features?|things|stuff|assignments|queue|backlog|plate|open|"
                         r"unresolved|current))|mine|owned by me|what (?:do|does|should|must) i (?:still )?(?:have|"
                         r"own)(?! to\b)|"
                         r"i (?:still )?(?:have|need) to (?:finish|do|fix|complete|work on|close|resolve)|"
                         r"(?:am|m) i (?:still )?(?:responsible for|working on|on)|i m (?:still )?responsible for|"
                         r"i am (?:still )?responsible for)\b")
TO_DO = re.compile(r"\b(?:have|need) to\b")  # "I still have to finish": work not done yet
NOT_ME = re.compile(r"\b(?:(?:someone|somebody|anyone|anybody|people) (?:other than|besides|except|but) me"
                    r"(?: (?:is |are )?(?:handling|working on|assigned))?|not (?:assigned to )?me)\b")
# Someone other than… whom the question does not say: the person it names (in another role), else the asker
SOMEONE_ELSE = re.compile(r"\b(?:(?:is |are )?(?:now |currently |ended up |end up )?(?:assigned to|owned by|handled by|"
                          r"with|belongs? to|belonging to) "
                          r"(?:others|other people|"
                          r"someone else|somebody else|another person|other folks|a colleague|teammates|"
                          r"a different person|somebody different|someone different)|"
                          r"(?:(?:someone|somebody) else|another person|other people) "
                          r"(?:has |had |now |since |is |are )?(?:ended up |end up |now )?"
                          r"(?:owns?|owned|owning|has|had|took over|taken over|picked up|is working on|is handling|"
                          r"handles|handled)|(?:taken over|picked up) by (?:someone|somebody) else|"
                          r"(?:is |are )?(?:now|currently) (?:someone|somebody) else(?: s)?|"
                          # "where the assignee is a different person than Colin", "fixed by someone else as assignee"
                          r"(?:the )?assignee (?:is |was |being )?(?:a |an )?(?:different person|someone else|"
                          r"somebody else|another person|different)(?: (?:than|from))?|"
                          r"(?:(?<=fixed )|(?<=handled )|(?<=resolved )|(?<=closed ))by (?:someone|somebody) else"
                          r"(?: as (?:the )?assignee)?)\b")
SOMEONE_ELSE_REPORTED = re.compile(rf"\b(?:(?:{REPORTED}|written|raised) by (?:someone|somebody) else|"
                                   rf"(?:someone|somebody) else (?:has |had )?(?:{REPORTED}|wrote))\b")
# "assigned to somebody other than him": the person the question names
OTHER_THAN_PRONOUN = re.compile(r"\b(?:is |are )?(?:assigned to|owned by|handled by|worked on by|with|"
                                r"belong(?:s|ing)? to) (?:someone|somebody|anyone|anybody|people|others?|"
                                r"another person) (?:other than|besides|except|but) (?P<pronoun>him|her|them)\b")
# "the reporter is not", "whose assignee isn't": the field, then whether it is the person
FIELD_IS = r"(?: (?:is|was|isn t|wasn t|is not|was not|not|=|!=))?"
REPORTER_BEFORE = re.compile(rf"\b{BY_ONESELF}(?:{REPORTED}|written(?: up| down)?|entered|authored) by"
                             r"(?: (?:anyone|anybody|people|someone|somebody|others?) (?:other than|"
                             rf"except|but|besides))?$|\b(?<!apart )(?<!aside )from$|"
                             rf"\b(?:reporter|author|creator){FIELD_IS}$")
REPORTER_AFTER = re.compile(rf"^(?:(?!(?:but|and|or|yet|then|assigned|assignee|owns|owned|"
                            rf"owner)\b)[a-z]+ (?=(?:has |have |had )?(?:{REPORTED})\b))?"
                            rf"(?:has |have |had )?{BY_ONESELF}"
                            # "filled": "filed" typed twice
                            rf"(?:{REPORTED}|wrote|written up|entered|authored|filled|made|(?:put|sent|handed) in)\b|"
                            # "Farid was the one to raise", "who first logged"
                            rf"^(?:(?:was|is|were) )?the (?:one|person) (?:who|to|that) {BY_ONESELF}"
                            rf"(?:{REPORT}|{REPORTED})\b|"
                            rf"^{HABIT}|^as (?:the |its |their )?(?:reporter|author)\b|"
                            # "where Quinn is the reporter"
                            r"^(?:is|was|are|were|s) (?:the |its |their )?(?:reporter|author|creator)\b|"
                            # "Justin's reports", "Justin's bug reports" ('s dropped)
                            r"^(?:bug |defect |problem )?(?:reports|filings|submissions|write ups)\b")
# "Carla didn't report", "Ana isn't working on", "… but she doesn't own": a role the person does not have
NOT_DOING = (r"(?:didn t|did not|doesn t|does not|don t|do not|isn t|is not|aren t|are not|wasn t|was not|weren t|"
             r"hasn t|has not|haven t|have not|never)(?: been| ever| yet| even| actually| currently| herself|"
             r" himself)?")
NOT_REPORTING = rf"{NOT_DOING} (?:{REPORT}|{REPORTED}|wrote|write|written)\b"
NOT_OWNING = (rf"{NOT_DOING} (?:assigned(?: to)?|owns?|owned|work(?:s|ed|ing)? on|handl(?:e|es|ed|ing)|"
              r"responsible for)\b(?: (?:it|them|those|these|herself|himself|themselves))?")
NOT_ROLE_AFTER = [("reporters", re.compile(rf"^{NOT_REPORTING}")), ("assignees", re.compile(rf"^{NOT_OWNING}"))]
# the same said of a person named before: "reported by Carla that she doesn't own", "Carla raised but isn't on"
NOT_ROLE_LATER = [("reporters", re.compile(rf"\b(?:he|she|they|but|and|yet) {NOT_REPORTING}")),
                  ("assignees", re.compile(rf"\b(?:he|she|they|but|and|yet) {NOT_OWNING}"))]
# "did Cindy open", "does Ana file": a plain verb is the reporter's only after do/did, else "Ana open bugs" is Ana's
REPORTER_ASKED = re.compile(rf"^(?:both )?(?:\w+ and )?(?:{REPORT}|write|enter)\b")  # "did Maya find and write up"
COVERING = re.compile(r"\b(?:covering|filling in|standing in|stepping in|deputi[sz]ing|subbing) for$")
THIRD_PERSON = re.compile(r"\b(?:he|she|his|her|hers|him|they|them|their)\b")
# "how many did the team bother to fix", "did we end up fixing": asks which were fixed
DID_FIX = re.compile(r"\b(?:did|have|has) (?:\w+ ){1,3}?(?:(?:actually |ever |really )?(?:bother(?:ed)? to|"
                     r"end(?:ed)? up|manage(?:d)? to|get around to|got around to|succeed in|get to)|actually|"
                     r"really|ever) (?:fix|fixing|repair|repairing)\b")
DID_BEFORE = re.compile(r"\b(?:did|does|do)$")
# "did we actually finish", "the properly completed ones": done as opposed to dropped, the instance's Done (or Fixed)
ACTUALLY_DONE = re.compile(r"(?<!n t )(?<!not )(?<!never )\b(?:actually|really|properly|truly|genuinely|successfully) "
                           r"(?:got |get |been |were |was )?"
                           r"(?:finish(?:ed|ing)?|complet(?:e|ed|ing)|done|deliver(?:ed|ing)?|ship(?:ped|ping)?)\b")
# The words that say a resolution follows, used with it: "closed as", "ended up (as)", "turned out (to be)",
# "(closed) because", "we decided (weren't worth fixing)"
RESOLUTION_CUE = re.compile(r"\b(?:resolved|closed|marked|flagged|ended) as\b|\b(?:resolution|outcome)\b|"
                            r"\bturned out\b|"
                            r"\b(?:(?:closed|resolved|dismissed)(?: off| out)? )?because\b|\bended up(?: as)?\b|"
                            r"\b(?:we|they|the team) decided\b")
DONE_WORD = r"(?:closed|done|finished|completed?|resolved|fixed|dealt with)"
# words that say a version is the one a fix went into or is planned for
FIX_VERSION_SAID = re.compile(r"\b(?:(?<!won't )(?<!won t )(?<!wont )(?<!not )(?<!never )(?<!to )fix(?:ed|es)?|"
                              r"releases?|released|planned|target(?:ed|s)?|scheduled|slated|"
                              r"ship(?:s|ped|ping)?|going out|go out|lands?|landed|milestone)\b")
# With a resolution named, a done word set against it is the other resolutions, which the named one leaves out
# already: "resolved as Won't Fix? Not closed for other reasons", "closed as Won't Do, not the ones that got done".
OTHER_ENDINGS = re.compile(rf"\bnot (?:the|those) (?:ones? |issues? |tickets? )?(?:that |which )?"
                           rf"(?:got |were |was |are |have been )?{DONE_WORD}(?: ones)?\b|"
                           rf"\bnot (?:the )?{DONE_WORD} ones\b|\b(?:not|never) {DONE_WORD} (?:(?:for|with|in|by) )?"
                           rf"(?:any |some )?(?:other|another|different) (?:reasons?|ways?|resolutions?|means)\b")
# The cues that say assignee whatever follows; "a note for Ana… the stories she reported" is about her reports
OWNED_CUES = (rf"assigned to|owned by|(?:assignee|owner){FIELD_IS}|sitting with|belong(?:s|ing)? to|handled by|"
              r"worked on by|being worked on by|(?:handed|passed|given|routed|sent|allocated)(?: over)? to")
OWNED_BEFORE = re.compile(rf"\b(?:{OWNED_CUES})$")
BOTH_ROLES_BEFORE = re.compile(rf"\b(?:(?:{REPORTED}|written) by (?:and|&) (?:{OWNED_CUES})|"
                               rf"(?:{OWNED_CUES}) (?:and|&) (?:{REPORTED}|written) by)$")
# "Quinn both reported and is assigned to", keywords "quinn reported and assigned"
BOTH_ROLES_AFTER = re.compile(rf"^(?:both )?(?:{REPORTED}|wrote) (?:and|&) (?:is |are |was |were |got |has been |"
                              r"have been )?(?:assigned(?: to)?|owns?|owned|(?:still )?working on)\b")
ASSIGNEE_BEFORE = re.compile(rf"\b(?:{OWNED_CUES}|on|with|for|to)$")  # and the plain prepositions: "with Ana"
# "what is Divya working on at the moment": the work a person is doing now is unresolved work
# "sitting on" alone is only whose they are; said with a now it is the work they hold now
WORKING_NOW = re.compile(r"^(?:is |are |s )?(?:(?:still |currently |now )?(?:working on|busy with|tackling|handling)|"
                         r"(?:still |currently |now )(?:sitting|chewing) on|"
                         r"(?:sitting|chewing) on (?:right now|at the moment|currently|now))\b")
# the reporter went on to own the issue: "filed and ended up owning himself", "both reported and got assigned"
BOTH_ROLES = re.compile(r"\b(?:and|but)(?: then)?(?: also)? (?:(?:ended|end|ending) up |(?:was|were|is|are|got|get|"
                        r"gets|been|has been|have been) )?(?:owning|owns?|own|assigned|given|handed|working on|"
                        r"took (?:it |them )?on|picked (?:it |them )?up)"
                        r"(?! to (?!work on\b)\w+ (?!himself|herself|themselves))"
                        r"(?: (?:it|them|those|these))?(?: (?:to work on|himself|herself|themselves|themself|as well|"
                        r"too|also))*\b")
# "Farid's plate", "what does Farid still have on his plate": as with working on, the work on a plate is open work
PLATE = re.compile(r"^(?:still )?(?:s |has |have )?(?:still )?(?:got )?(?:left |open )?(?:on (?:his|her|their) )?"
                   r"(?:plate|desk|queue|court)\b|"
                   r"^(?:is |s |are )?(?:still )?(?:currently |now )?on the hook\b")  # "what is Colin on the hook for"
ASSIGNEE_AFTER = re.compile(r"^(?:is|was|s) (?:the |its |their )?(?:assignee|owner)\b|"  # "where Ana is the assignee"
                            r"^(?:is |are |has been |have been )?(?:still |currently |now )?(?:working on|works on|"
                            r"sitting on|chewing on|tackling|"
                            r"(?:dug|digs|digging|looked|looks|looking) (?:into|at)|"
                            r"owns|(?:has|have)(?! been\b)|"
                            r"is handling|handles|(?:been )?assigned|handling|"
                            # "the tickets Samir picked up", "what he took on", "bugs he is responsible for"
                            r"picked up|took on|has taken on|(?:is |are )?(?:responsible|accountable) for|"
                            r"(?:is |are )?dealing with|deals with|(?:is |are )?looking after|looks after)\b|"
                            r"^as (?:the |its |their )?(?:assignee|owner)\b|"
                            # "the ones Allison was asked to handle"
                            r"^(?:was|were|is|are|has been|have been) (?:asked|told|supposed|meant|expected) to "
                            r"(?:handle|fix|work on|look at|look into|take care of|deal with|pick up)\b")
TEXT_VERBS = [r"mentioning|mentions?|mention of|containing|contains?|that (?:talk|talks) about|talking about|"
              r"uses? the words?|using the words?|"
              r"(?:that |which )?(?:bring|brings|bringing) up|"
              r"with the words?|matching|referring to|refers? to|that say|says|saying|"
              r"with (?:the )?(?:text|phrase|word)|"
              r"that reference|referencing|that include|including the word",
              # "related to another ticket": a link, not a topic
              r"(?:that are |which are |is |are )?(?:about|regarding|concerning|on the topic of|"
              r"related to(?! (?:another|other|others|something|anything|each other|one another)\b))"]
TEXT_STOP = (r"(?=\s+(?:in|from|by|for|that|which|and|or|assigned|reported|filed|created|opened|since|before|after|"
             r"with|without|where|sorted|ordered|last|this|not|raised|owned|closed|resolved|updated|due|during|between|"
             r"anywhere|somewhere|please|still|are|is|were|was|have|has|did|do|does|we|you|they|i|can|could|saw|had|"
             r"got|made|written|logged|"
             r"count|total)\b|"
             r"\s*[.,;?!()]|"
             r"\s*$)")
TEXT_MENTIONS = [re.compile(rf"\b(?:{verbs})\s+(?P<words>[\w'-]+(?: [\w'-]+){{0,3}}?){TEXT_STOP}")
                 for verbs in TEXT_VERBS]  # a mention verb first, then "about"
# the words before their verb: "where safari gets mentioned", "every item where Safari comes up"
MENTIONED_AFTER = re.compile(r"\bwhere (?!(?:someone|somebody|anyone|anybody|people|folks|they|we|he|she|a person|"
                             r"the team|someone else)\b)"
                             r"(?P<words>[\w'-]+(?: [\w'-]+){0,2}?) (?:gets |is |are )?(?:mentioned|brought up|"
                             r"comes? up|appears?|shows? up)\b|"
                             # keywords: "INFRA docker mentions count"
                             r"\b(?!(?:that|which|who|whose|with|any|no|the|a|an|its|their|some)\b)"
                             r"(?P<keyword>[\w'-]+) mentions?(?=(?: count| total)?\s*[?.!]?\s*$|\s*[,;]|"
                r" (?:that are |which are |and )?(?:still )?(?:un)?resolved\b| (?:still )?open\b)")
# "a customer asked about X", "I'd like to mention X", "Hiro knows about X": what people say or know, not
# words the issues contain
ASKER_TALKS = re.compile(r"\b(?:asks?|asked|asking|know|knows|knew|wonder(?:s|ed|ing)?|curious|worried|heard|hear|"
                         r"cares?|cared|think|thinking|thought|complain(?:s|ed|ing)?|to)\s+$")
IN_TITLE = re.compile(r"\b(?:(?P<words>[\w-]+(?: (?!right in\b)[\w-]+){0,3}) )?(?:right )?in "
                      r"(?:the |its |their )?(?:short |one line )?(?:summary|title|heading|headline|subject line)s?"
                      r"(?:/(?:summary|title))?\b|\bin (?:its|their) names?\b|"
                      r"\b(?:whose|with a|the) (?:short |one line )?(?:title|summary|heading|headline|subject line)\b")
# "IE6 in the environment", "with IE6 in their environment field", "IE6 environment" (a browser or platform code)
IN_ENVIRONMENT = re.compile(rf"\b(?:(?P<words>[\w-]+) )?in (?:the |its |their )?{ENVIRONMENT_SAID}\b|"
                            r"\b(?P<code>[a-z]+\d[\w-]*) environment\b|\b(?:whose|the) environment(?: field)?\b|"
                            # "reported against the Production environment", "bugs in the staging environment"
                            r"\b(?:against|in|on|from) (?:the |our )?(?P<named>[a-z][\w-]*) environment\b|"
                            # "bugs seen on Ubuntu, according to the platform details", "on ubuntu per the setup info"
                            rf"\b(?:on|in) (?P<on>[\w.-]+),? (?:according to|per|as (?:listed|given) in|going by|"
                            rf"based on) (?:the |their |its )?{ENVIRONMENT_SAID}\b")
# "say in their setup details that they happened on Safari": the word after, before any word said before
HAPPENED_ON = re.compile(rf"\b(?:(?:say|says|said|show|shows|note|notes|list|lists) )?(?:in (?:the |their |its ))?"
                         rf"{ENVIRONMENT_SAID}(?: (?:says?|shows?|notes?|lists?|states?))?,? (?:that )?(?:they|it) "
                         r"(?:happened|happens|happen|occurred|occur|occurs|were seen|was seen|showed up|show up|"
                         r"came up|broke) (?:on|in|with|under) "
                         r"(?P<words>[\w.-]+)\b")
# the field words are searched in, said after them ("demo in the summary", "IE6 in the environment")
# "regression in the comments", "where somebody's remarks mention X", "where a reply uses the word X"
IN_COMMENTS = re.compile(r"\b(?:(?P<words>[\w-]+) (?:(?:come|comes|came|coming) up |(?:was |is |gets |got )?"
                         r"(?:mentioned|brought up|raised) )?)?(?:somewhere |anywhere )?in (?:the |its |their |a )?"
                         r"(?:comments?|replies|discussion(?: threads?)?|back[- ]and[- ]forth)\b|"
                         r"\b(?:somebody s|someone s|people s|whose|the|a) (?:remarks|comments?|replies|reply|"
                         r"discussion(?: threads?)?|comment threads?)\b|"
                         # "issues that have comments mentioning Jenkins": the words mentioned are in the comments
                         r"\b(?:have|has|having|with)(?: any| some)? (?:remarks|comments|replies)"
                         r"(?: (?:that|which))?\b")
# a text field named right before the quoted words: 'summary "screen reader"', 'comments "pull request"'
QUOTED_IN: dict[str, Literal["summary", "description", "environment", "comment"]] = {
    "summary": "summary", "title": "summary", "description": "description", "desc": "description",
    "environment": "environment", "env": "environment",  # "env" where the instance knows it as a word ("Coding Env")
    "comment": "comment", "comments": "comment"}
# a quoted name's field said after a word that leaves it out: 'exclude component "Checkout"', 'not in sprint "…"'
LEFT_OUT_BEFORE = re.compile(r"\b(?:exclude|excluding|except(?: for)?|without|not in|not|other than|leave out|"
                             r"leaving out|apart from|minus)\s+(?:the\s+|any\s+)?$")
# a word that puts the issues in the quoted state: "show 'In Progress'", "sitting in 'Pull Request'"
STATE_BEFORE_QUOTE = re.compile(r"\b(?:show|shows|showing|in|at|marked(?: as)?|set to|sitting in|moved to|still)\s*$")
# the verb that says the quoted words are searched for ('mention "screen reader"'), used with them
MENTION_BEFORE_QUOTE = re.compile(r"\b(?:that |which |where )?(?:mention|mentions|mentioning|mentioned|"
                                  r"contain|contains|containing|say|says|saying|talk about|talks about|talking about)"
                                  r"(?: the (?:words?|phrase|term))?\s*$")
QUOTED_IN_FIELD = re.compile(rf"\b({'|'.join(QUOTED_IN)})(?: text)?\s*$")
# words that may open a mentioned phrase without being searched for ("something about offline", "a pull request")
DETERMINERS = frozenset("a an the any some of this that these those our their its my your his her something anything "
                        "about".split())
TEXT_VERB_WORDS = frozenset("mentions mentioning mention containing contains says saying".split())
# keywords: "MOB bugs summary offline count", "with comment text customer reported count"
KEYWORD_FIELD_TEXT = re.compile(r"(?<!in )(?<!the )(?<!their )(?<!its )"
                                r"\b(?P<field>summary|title|description|desc|environment|env|comments? text|"
                                r"(?<!full )(?<!free )text|"
                                # "comment contains regression": with its verb, what the comments say
                                r"comments?(?= (?:contains?|containing|say|saying|says|mentions?|mentioning)\b)) "
                                r"(?:(?P<verb>mentions?|mentioning|containing|contains?|says?|saying|with|has|"
                                r"having) )?"
                                # … up to a state said after them ("summary rate-limit open")
                                r"(?P<words>[\w'-]+(?: [\w'-]+){0,2}?)(?= (?:count|total|only|please|open|unresolved|"
                                r"resolved|closed)\b|\s*[?.!]?\s*$|"
                                r"\s*[,;]|"
                                # "environment Production priority High": up to the next field said as a keyword
                                r" (?:priority|status|type|issuetype|project|component|assignee|reporter|labels?|"
                                r"resolution|created|updated|sprint|fixversion)\b)")
# "the words screen reader in their title": several words, said as words, then where they are
WORDS_SAID = r"\b(?:the |a )?(?:words?|phrase|term|text) [\"']?(?P<words>[\w'-]+(?: [\w'-]+){0,3}?)[\"']? in "
PHRASE_IN_TITLE = re.compile(WORDS_SAID + r"(?:(?:the |its |their )?(?:summary|title|heading|headline)s?|"
                             r"(?:its|their) names?)\b")  # "the words screen reader in their name"
PHRASE_IN_COMMENTS = re.compile(WORDS_SAID + r"(?:the |its |their |a )?(?:comments?|discussion|replies)\b")
# "'steps to reproduce' in their description", "whose write-up mentions…", "titled with something about X"
IN_DESCRIPTION = re.compile(r"\b(?:(?P<words>[\w-]+(?: [\w-]+){0,3}) )?(?<!anywhere )in (?:the |its |their )?"
                            r"(?:descriptions?|descs?|write[- ]?ups?|body text)\b|"
                            r"(?<!in )\b(?:whose|the|their|its) (?:description|write[- ]?up|body text)\b")
TITLED = re.compile(r"\b(?:titled|going by (?:their|its|the) titles?)\b(?P<words>)")
# words that say the text is searched everywhere ("screen reader anywhere", "full text search"), none to search for
TEXT_ANYWHERE = re.compile(r"\b(?:anywhere|everywhere)(?: (?:in|at all in) (?:the |its |their )?(?:text|ticket|tickets|"
                           r"issue|issues|fields?))?\b(?! in)|\bfull[- ]text(?: search)?\b|\bin (?:the |any )?text\b")
# "whose headline has the word Safari in it": the word, in the title
TITLE_HAS_WORD = re.compile(r"\b(?:title|summary|headline|heading|subject line)s? (?:has|have|contains?|includes?|"
                            r"mentions?|with) (?:the )?(?:words?|phrase|term) "
                            r"[\"']?(?P<words>[\w'.-]+(?: [\w'.-]+){0,3}?)[\"']?(?: in (?:it|them|there)\b|"
                            r"(?=\s*[,.;?!]|\s*$| (?:and|or|but|where|that|which|with|from|for|still|are|is|not)\b))")
TEXT_FIELD_SAID: tuple[tuple[Literal["summary", "description", "environment", "comment"], re.Pattern[str]], ...] = (
    ("summary", TITLE_HAS_WORD), ("summary", PHRASE_IN_TITLE), ("comment", PHRASE_IN_COMMENTS), ("summary", IN_TITLE),
    ("summary", TITLED),
    ("description", IN_DESCRIPTION), ("environment", HAPPENED_ON), ("environment", IN_ENVIRONMENT),
    ("comment", IN_COMMENTS))
# two or more of the fields text is searched in, listed: the text anywhere ("whether in titles, write-ups or the
# discussion underneath")
_TEXT_FIELD = (r"(?:the |its |their |a )?(?:titles?|summary|summaries|descriptions?|write[- ]?ups?|body|bodies|text|"
               r"comments?|discussions?|replies)(?: (?:underneath|below|thread))?")
SEVERAL_TEXT_FIELDS = re.compile(rf"\b(?:whether |either |anywhere |both )?(?:in )?{_TEXT_FIELD}"
                                 rf"(?:,? (?:or |and |nor )?(?:in )?{_TEXT_FIELD})+\b")


def every_text_field(text: str) -> re.Match | None:
    """The fields listed where text is searched, when they take in the comments: the text anywhere."""
    return next((m for m in SEVERAL_TEXT_FIELDS.finditer(text)
                 if re.search(r"\b(?:comments?|discussions?|replies|underneath|thread)\b", m.group(0))), None)
SOME_THING = frozenset({"something", "anything", "nothing", "everything"})
# verbs before the words a description is searched for: "bugs that include a stack trace in the description"
LEADS_TO_WORDS = frozenset("include includes including contain contains containing with has have having spell spells "
                           "out mention mentions mentioning say says saying give gives list lists show shows describe "
                           "describes that which where".split())
ON_TOP = (r"(?:ones? |issues? |tickets? |things? |items? |work )?(?:comes? |are |is |sits? |shows? up )?"
          r"(?:first|at the top|on top|up top)")
PUT = r"(?:(?:put|show|list|have|give me|with|sorted so|ordered so) (?:that )?(?:them |those |these |it |the )?)?"
# the fields an order is said by ("sorted by last update")
SORT_FIELDS = (r"priority|created|creation date|created date|date created|deadlines?|date|age|updated|last updated|"
               r"last update|key|status|due dates?|due|resolution date|resolved|(?:last |latest |recent )?activity|"
               r"urgency|importance")
SORTED_BY = (r"(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?|arrange(?:d)?|list(?:ed)?) (?:them |it |those |these |"
             r"the list |the results )?")
ORDER = re.compile(rf"\b{SORTED_BY}by (?:when (?:it|they) (?:was|were|got) )?(?P<whenverb>raised|filed|opened|reported|"
                   r"logged|submitted|added|changed|touched|modified|closed|fixed|finished|completed)\b|"
                   # "sorted by assignee": said with the sorting verb ("bugs by assignee" is a grouping)
                   rf"\b{SORTED_BY}by (?:the )?(?P<person>assignee|reporter|owner)\b|"
                   # "least important first": the lowest level first
                   rf"\b{PUT}(?P<leastfirst>least (?:important|urgent|pressing|critical|severe)|lowest priority) "
                   rf"{ON_TOP}\b|"
                   # "from most to least important", "by how urgent they are", "in the order they were created"
                   r"\bfrom (?:the )?(?P<mostleast>most|least) to (?:the )?(?:least|most) (?:important|urgent|pressing|"
                   r"critical|severe|serious)\b|"
                   rf"\b(?:{SORTED_BY})?by how (?P<how>urgent|important|severe|critical|pressing|serious) "
                   r"(?:they|it) (?:are|is)\b|"
                   r"\bin (?:the )?order (?:they|it) (?:were|was|got) (?P<whenverb2>raised|filed|opened|reported|"
                   r"logged|submitted|added|created|changed|closed|fixed|resolved)\b|"
                   rf"\b(?:{SORTED_BY})?by (?:their |its )?(?:when (?:it|they) (?:was|were|is|are|re|s) )?"
                   rf"(?P<field>{SORT_FIELDS})"
                   r"(?:,? (?:from |with the )?"
                   r"(?P<way>asc|desc|ascending|descending|"
                   r"highest first|highest to lowest|lowest to highest|"
                   r"most urgent first|top first|newest first|latest first|oldest first|lowest first|"
                   r"earliest first|soonest first|most recent first))\b|"
                   rf"\b{SORTED_BY}by (?:their |its )?(?:when (?:it|they) (?:was|were|is|are|re|s) )?"
                   rf"(?P<field2>{SORT_FIELDS})\b|"
                   # "from newest to oldest", "sorted oldest to newest"
                   r"\b(?:(?:sort(?:ed)?|order(?:ed)?|list(?:ed)?|arrange(?:d)?) (?:them |it )?)?(?:from )?(?:the )?"
                   r"(?P<span>newest|latest|most recent|oldest|earliest) to (?:the )?(?:oldest|earliest|newest|latest|"
                   r"most recent)\b|"
                   # "in descending order of priority", "in priority order"
                   r"\bin (?P<dir>descending |ascending )?order of (?P<field3>priority|due date|creation date|creation|"
                   r"last update|urgency|importance)\b|\bin (?P<field4>priority|due date) order\b|"
                   # "most recently resolved first"
                   rf"\b(?P<resolvedfirst>(?:most )?recently (?:resolved|closed|fixed|completed)) {ON_TOP}\b|"
                   rf"\b{PUT}(?P<first>oldest|newest|most recent|latest|highest[- ]priority|biggest priority|"
                   rf"top[- ]priority|most urgent|most pressing|"
                   rf"most important|worst|most severe|most serious|most critical) "
                   rf"{ON_TOP}(?: and (?:the )?least (?:pressing|urgent|important)(?: ones?| items?)? "
                   r"(?:last|at the bottom))?\b|"
                   rf"\b{PUT}(?:newest|latest|most recent|(?:most )?recent|(?:most )?recently) "
                   rf"(?:update|updates|updated|activity|change|changed|touched|modified|edited)s? {ON_TOP}\b|"
                   # "ordered from top urgency down", "listed from the highest priority to the lowest"
                   r"\b(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?|arrange(?:d)?|list(?:ed)?) (?:them |it |those |these )?"
                   r"from (?:the )?(?P<urgent>(?:highest|top|most urgent|most important|most pressing|most)"
                   r"(?: (?:priority|urgency|importance))?) (?:to (?:the )?(?:lowest|least \w+)|down(?:wards?)?)\b|"
                   # "starting with the earliest one"
                   r"\b(?:start(?:ing)?|begin(?:ning)?) (?:from|with) (?:the )?(?P<start>earliest|oldest|newest|latest|"
                   r"most recent|most important|most urgent|highest priority)"
                   r"(?: ones?| issues?| tickets?| items?| filed| created| reported| raised| logged)?\b|"
                   # "most recently added at the top", "starting from whatever has been waiting longest"
                   rf"\b(?P<added>(?:most )?recently|newly|latest|last) (?:added|created|filed|logged|opened|raised|"
                   rf"reported|submitted)(?: ones?| issues?| tickets?)? {ON_TOP}\b|"
                   r"\b(?:start(?:ing)?|begin(?:ning)?) (?:from|with) "
                   r"(?:the ones? |whatever |what |those |the issues? )?"
                   r"(?:that |which )?(?P<waiting>(?:has|have) been waiting|waited|waiting) (?:the )?longest\b|"
                   # "starting with the ones left alone the longest": the stalest first
                   r"\b(?:start(?:ing)?|begin(?:ning)?) (?:from|with) (?:the ones? |whatever |those |the issues? )?"
                   r"(?:that |which )?(?:have been |has been |were |was )?(?P<stale2>left alone|left untouched|"
                   r"untouched|idle|sitting idle) (?:the )?longest\b|"
                   r"\b(?:whatever|what|the ones?|those) (?:was |were |has been |have been )?(?P<changed>changed|"
                   r"updated|touched) (?:most )?recently (?:showing |shown |listed )?(?:first|at the top|on top)\b|"
                   r"\b(?P<longest>longest[- ]waiting|waiting longest) (?:ones? |issues? |tickets? )?"
                   r"(?:first|at the top|on top)\b|"
                   # "with the ones that have waited longest at the top", "the most overdue first"
                   r"\b(?:the ones? |those |whatever )?(?:that |which )?(?P<waited>(?:have |has )?(?:been )?"
                   r"wait(?:ed|ing) (?:the )?longest) (?:at the top|first|on top)\b|"
                   r"\b(?P<overdue>most (?:overdue|late)|(?:latest|furthest) past (?:its |their )?due(?: date)?) "
                   r"(?:ones? |issues? |items? )?(?:first|at the top|on top)\b|"
                   # as keywords sort: "sort updated desc"; "oldest created first", "sort them earliest due first"
                   r"\b(?:sort(?:ed)?|order(?:ed)?) (?:them |it |those |these )?(?P<bare>priority|created|updated|"
                   r"due date|due|resolved|key|status) (?P<bareway>asc|desc|ascending|descending)\b|"
                   rf"\b(?:(?:sort(?:ed)?|order(?:ed)?) (?:them |it |those |these )?)?(?P<age>oldest|newest|earliest|"
                   rf"latest) (?P<agefield>created|updated|due|resolved) {ON_TOP}\b|"
                   # "stalest first", "least recently touched at the top"
                   # "oldest update first", "the ones left alone longest first" (left alone: no Won't Do here)
                   rf"\b{PUT}(?P<stale>stalest|least recently (?:updated|touched|changed|active)|longest untouched|"
                   rf"longest idle|most stale|oldest (?:update|activity|change)|"
                   rf"(?:(?:the )?ones? |those )?(?:(?:that |which )?(?:have been |has been |were |was )?)?"
                   rf"(?:left alone|left untouched|untouched|idle|sitting idle) (?:the )?longest) {ON_TOP}\b|"
                   # "soonest deadline first", "latest due date at the top", "due soonest first"
                   rf"\b{PUT}(?:(?P<due>soonest|earliest|nearest|closest|next)|(?P<duelate>latest|furthest)) "
                   rf"(?:deadlines?|due dates?|due) {ON_TOP}\b|\b{PUT}(?P<duesoon>due (?:soonest|earliest|next|first)) "
                   rf"(?:{ON_TOP})?|"
                   rf"\b{PUT}(?P<soonest>soonest) {ON_TOP}\b")  # "soonest first": what falls due first
# by size: "sort by story points desc", "biggest first", "smallest ones at the top"
POINTS_ORDER = re.compile(rf"\b{SORTED_BY}by (?:the |their |its )?(?:story )?(?:points?|pts|sp|estimates?|size)"
                          r"(?: (?P<way>asc|desc|ascending|descending))?\b|"
                          rf"\b{PUT}(?:(?P<big>biggest|largest|most points|highest estimates?|largest estimates?)|"
                          rf"(?P<small>smallest|fewest points|lowest estimates?|smallest estimates?)) {ON_TOP}\b")
# "open risks by priority", "olga open by due date": a list said last in an order, as in a keyword query
SORTED_AT_END = re.compile(r"\b(?:(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?) )?(?:by|in order of) "
                           r"(?P<field>priority|urgency|importance|due date|creation date|last update|last activity|"
                           r"age)"
                           r"(?: (?P<way>asc|desc|ascending|descending))?\W*$|"
                           # "MOB open epics, created asc": a field and a direction, as JQL's ORDER BY says them
                           r"\b(?P<field2>created|updated|due date|due|priority|resolved|key) "
                           r"(?P<way2>asc|desc|ascending|descending)\W*$")
# the named groups of ORDER's everyday wordings and the ORDER_FIELDS entry each says
ORDER_SAID = {"added": "newest", "waiting": "oldest", "longest": "oldest", "waited": "oldest", "changed": "last update",
              "urgent": "most urgent", "overdue": "due date", "stale": "stalest", "stale2": "stalest",
              "due": "due date", "duesoon": "due date", "duelate": "latest due", "span": "created",
              "resolvedfirst": "resolution date", "leastfirst": "least urgent", "how": "priority",
              "soonest": "due date"}
ORDER_FIELDS = {"priority": "priority DESC", "created": "created ASC", "creation date": "created ASC",
                "date": "created ASC", "age": "created ASC", "updated": "updated DESC", "last update": "updated DESC",
                "key": "key ASC", "status": "status ASC", "due date": "duedate ASC", "due": "duedate ASC",
                "created date": "created ASC", "date created": "created ASC", "last updated": "updated DESC",
                "latest due": "duedate DESC", "stalest": "updated ASC", "activity": "updated DESC",
                "last activity": "updated DESC", "latest activity": "updated DESC", "recent activity": "updated DESC",
                "resolution date": "resolutiondate DESC", "resolved": "resolutiondate DESC",
                "oldest": "created ASC", "newest": "created DESC", "most recent": "created DESC",
                "latest": "created DESC", "earliest": "created ASC", "highest priority": "priority DESC",
                "most urgent": "priority DESC", "most pressing": "priority DESC", "most important": "priority DESC",
                "worst": "priority DESC", "most severe": "priority DESC", "most serious": "priority DESC",
                "most critical": "priority DESC", "urgency": "priority DESC", "importance": "priority DESC",
                "least urgent": "priority ASC", "creation": "created ASC", "deadline": "duedate ASC",
                "due dates": "duedate ASC", "biggest priority": "priority DESC", "top priority": "priority DESC",
                "deadlines": "duedate ASC", "assignee": "assignee ASC",
                "owner": "assignee ASC", "reporter": "reporter ASC", **dict.fromkeys(
                    ("raised", "filed", "opened", "reported", "logged", "submitted", "added"), "created ASC"),
                **dict.fromkeys(("changed", "touched", "modified"), "updated DESC"),
                **dict.fromkeys(("closed", "fixed", "finished", "completed"), "resolutiondate DESC")}
OTHER_WORK = (r"(?:(?:something|anything)(?: else)?|others|(?:some |an |any |at least one |one or more )?"
              r"(?:other|another|different|more) (?:issues?|tickets?|"
              r"work|stuff|items?|things?|stories|tasks|jobs?|pieces? of work)|work|stuff|other people|someone else)"
              # "waiting on another item to be done first": the other item's state, not theirs
              r"(?: (?:to be|being|getting|to get) (?:done|finished|completed|fixed|resolved|closed))?(?: first)?")
LINK_ANY = [
    ("blocks", re.compile(rf"\bblockers? (?:for|of|to) {OTHER_WORK}\b|"  # "blockers for other tickets": links
                          rf"\b(?:that |which )?(?:block|blocks|are blocking|is blocking|blocking|hold up|holds up|"
                          rf"holding up|are holding up) {OTHER_WORK}\b|"
                          # "PROJ blocking issues": issues that block, unless an issue they block is named
                          rf"\bblocking(?= (?:issues|tickets|bugs|items)\b(?! (?:for|of|on) ))|"
                          # "that other work is waiting on"; not "open stuff blocked by …", the issues asked about
                          rf"\b(?:(?:that |which ){OTHER_WORK}|(?!(?:work|stuff)\b){OTHER_WORK}) (?:is |are )?"
                          rf"(?:waiting|depending|dependent|blocked) (?:on|for|by)\b"
                          # "web stuff waiting for someone to review it": the issues asked about wait for a person
                          r"(?! (?:someone|somebody|a reviewer|reviewers?|an? (?:code )?review|(?:code )?review)\b)")),
    ("is blocked by", re.compile(rf"\b(?:(?:are |is |being |currently )?(?:stuck |held up )?(?:blocked|held up|stuck|"
                                 r"waiting|dependent|relies|rely|relying|"
                                 rf"depending) (?:by|on|behind|for) {OTHER_WORK}|(?:have|has|with) (?:a |an |open |"
                                 rf"unresolved |any )?blockers?)\b(?!(?:,? (?:or|and) \w+)* (?:priority|"
                                 rf"severity))|"  # "Blocker priority"
                                 # "can't move until something else gets done first"
                                 rf"\b(?:can t|cannot|can not|won t) (?:move|go ahead|proceed|start|progress|continue)"
                                 rf"(?: forward)? (?:until|till|before) (?:(?:something|anything) else|another one|"
                                 rf"{OTHER_WORK})"
                                 r"(?: (?:gets|is|has been) (?:done|finished|fixed|resolved)(?: first)?)?\b|"
                                 # "that have another ticket linked as blocking them"
                                 rf"\b(?:have|has|having|with) {OTHER_WORK} (?:linked |recorded |set )?as "
                                 r"(?:blocking|a blocker (?:of|for|to)) (?:them|it)\b|"
                                 # "that have a blocked-by link to another ticket"
                                 r"\b(?:have|has|having|with) (?:a |an |any )?blocked[- ]by (?:issue )?links?"
                                 rf"(?: (?:to|from|with) {OTHER_WORK})?\b|"
                                 # "has a dependency on something else", "bugs with dependencies"
                                 rf"\b(?:has|have|having|with) (?:a |an |any |some |open |unresolved )?"
                                 rf"dependenc(?:y|ies)(?: on {OTHER_WORK})?\b|"
                                 # "needing some other piece of work before they can go ahead"
                                 rf"\bneed(?:s|ing|ed)? {OTHER_WORK} (?:to be )?(?:done |finished |fixed )?"
                                 r"(?:first|before)\b|"
                                 # "that another ticket is recorded as blocking", "that some other ticket blocks"
                                 rf"\b(?:that |which )?{OTHER_WORK} (?:is |are |was |were |has been |have been )?"
                                 r"(?:recorded |marked |listed |flagged |down )?(?:as )?(?:blocking|blocks|block|"
                                 rf"holding up|holds up)(?: (?:it|them|these|those))?\b(?! {OTHER_WORK})|"
                                 # keywords ending "… is blocked by"; the link named anywhere
                                 r"\b(?:is |are )?blocked by(?: links?)?$|\bis blocked by links?\b"))]
# The issues on the other side of a link, said without naming them: "depend on something else", "supersede older ones"
OTHER_SIDE = (r"(?:(?:something|anything)(?: else)?|(?:some |an |any |at least one |one or more )?(?:other|another|"
              r"different|older|earlier|newer) (?:existing |already filed |earlier )?"
              r"(?:issues?|tickets?|stories|tasks|items?|bugs?|ones|entr(?:y|ies)|reports?|work|pieces? of work|"
              r"write ups?)|"
              r"others|one another|each other|another one|"
              r"the same (?:thing|issue|ticket|problem|bug|request)|another)")  # "floe issues that duplicate another"


COPIES = r"(?:duplicates|copies|copy|dupes?|repeats?)"
# Everyday verbs for a link description, before the issues on the other side ("copies of some other ticket")
EVERYDAY_LINK_VERBS = {"duplicates": [rf"(?:(?:is|are|was|were) )?{COPIES} of", r"repeat(?:s|ing)?",
                                      r"(?:(?:is|are|was|were) )?(?:just )?(?:the same as|copy|copies)"],
                       "supersedes": [r"replac(?:e|es|ed|ing)", r"t(?:ake|akes|ook|aking) (?:the place of|over from)"],
                       "is superseded by": [r"(?:(?:is|are|was|were|been|got) )?replaced by"],
                       "relates to": [r"(?:(?:is|are|was|were|been|(?:marked|flagged|linked|recorded) as) )?"
                                      r"related (?:to|with)"]}
# Descriptions that name their link wherever they stand ("FLUID supersedes fixed"); "duplicates" or "relates to"
# in the middle of a question are as often a resolution or plain words
KEYWORD_ANYWHERE = {"supersedes", "is superseded by", "depends on", "is depended on by"}
# The same link said from the other side, whole: "other tickets were filed as copies of them", "have duplicates"
EVERYDAY_LINKED = {"duplicates": [rf"\blinked (?:to|with) {OTHER_SIDE} as (?:being )?(?:an? )?(?:duplicate|copy|dupe) "
                                  r"of (?:it|them|that one)\b"],
                   "is duplicated by": [rf"\b(?:{OTHER_SIDE} (?:(?:is|are|was|were|got|been|have been|has been) )?"
                                       rf"(?:marked|filed|closed|flagged|resolved|raised|logged) as {COPIES} of ?"
                                       rf"(?:them|it|this|that)?|(?:have|has|with) (?:some |any )?{COPIES})\b"],
                   # "items that have a risk attached to them", "with linked risks"
                   "has risk": [r"\b(?:have|has|having|with) (?:a |an |any |some )?risks? (?:attached|linked|tied|"
                                r"connected|logged|recorded)(?: (?:to|against|on|with) (?:it|them))?\b|"
                                r"\b(?:have|has|having|with) (?:a |an |any |some )?(?:linked|attached) risks?\b"],
                   # "a 'related to' connection", "related-to links", "connected to another ticket as related"
                   "relates to": [r"\b(?:related|relates)(?:[- ]to)? (?:links?|connections?|relationships?)\b",
                                  rf"\b(?:connected|linked|tied) (?:to|with) {OTHER_SIDE} as related\b"]}


def link_verb_patterns(descriptions: list[str]) -> list[tuple[str, re.Pattern[str]]]:
    """The instance's own link descriptions as verbs before the issues on the other side ("tickets that depend on
    something else", "duplicates of other issues", "superseded by newer ones")."""
    patterns = []
    for description in descriptions:
        verb, *rest = description.split()
        tail = re.escape(" ".join(rest))
        if verb == "is":  # "is superseded by": "are superseded by", "superseded by"
            said = rf"(?:(?:is|are|was|were|been|being|got) )?{tail}"
        elif verb == "has":  # "has risk": "have risk"
            said = rf"(?:has|have|having) {tail}"
        else:  # "depends on": "depend on", "depending on"; "duplicates": "duplicates of", "duplicate"
            stem = verb[:-2] if re.search(r"(?:x|s|sh|ch)es$", verb) else verb.removesuffix("s")
            said = (rf"(?:{re.escape(verb)}|{re.escape(stem)}|{re.escape(stem.removesuffix('e'))}ing)"
                    + (rf" {tail}" if tail else "(?: of)?"))
        # "have a depends on link to something else", "MOB duplicates links", keywords ending "… is duplicated by"
        as_keywords = (rf"\b{re.escape(description)}(?: links?)?(?: (?:count|number|total))?"
                       + (r"\b" if description in KEYWORD_ANYWHERE else "$")
                       + rf"|\b{re.escape(description)}(?: issue)? links?\b")  # "with duplicates link": anywhere
        said = "|".join([said, *EVERYDAY_LINK_VERBS.get(description, [])])
        said_whole = [rf"\b(?:that |which )?(?:{said}) (?:{OTHER_SIDE}|(?:links?|relationships?)(?: (?:to|with) "
                      rf"{OTHER_SIDE})?)\b", as_keywords, *EVERYDAY_LINKED.get(description, [])]
        patterns.append((description, re.compile("|".join(said_whole))))
    return patterns


# A bare "blocked" is a link only where the instance has no workflow state called Blocked.
BARE_BLOCKED = re.compile(r"\b(?:that |which )?(?:are |is )?blocked\b(?! by)")
KEY_LINKS = [  # (pattern around an issue key, link type as it reads from the key, or None for any)
    (re.compile(rf"\b(?:linked|related|connected|tied|attached)(?: (?:to|with))? (?:(?:in )?any way )?(?P<key>{KEY})\b|"
                rf"\b(?P<key2>{KEY})(?:'s|’s| s)? (?:links|linked issues|related issues)\b", re.I), None),
    (re.compile(rf"\b(?:blocked by|waiting (?:on|for)|held up by|depend(?:s|ing|ent)? on) (?P<key>{KEY})\b", re.I),
     "blocks"),
    (re.compile(rf"\b(?:that |which )?(?:block|blocks|blocking|are blocking|is blocking|hold up|"
                rf"holds up) (?P<key>{KEY})\b",
                re.I), "is blocked by"),
    (re.compile(rf"\bduplicates? of (?P<key>{KEY})\b", re.I), "is duplicated by"),
]
# The linked issues of the one issue the question names, said without repeating its key
THE_LINKED = re.compile(r"\b(?:the|its|those|these|their) (?P<linked>linked|related|connected) (?:issues|tickets|items|"
                        r"ones|work)\b")
# A sentence ends and the request begins: a time phrase before it without a date word is the asker's story
# a dash before the end: the request after it was a team question's phrase, read (and blanked) before the conditions
CONTEXT_BEFORE_REQUEST = re.compile(r"(?:[.!?;:)]\s+|\s[-–]\s)(?:\w+\s+){0,3}?(?:which|what|how|list|show|give|find|"
                                    r"can|could|please|are there|is there)\b|\s[-–]\s+[?!.]?\s*$")
ISSUE_NOUN = re.compile(r"\b(?:issues?|tickets?|bugs?|defects?|stor(?:y|ies)|tasks?|epics?|items?|features?|"
                        r"sub-?tasks?|work)\b")
ISSUES_SAID = re.compile(rf"{ISSUE_NOUN.pattern}|\bproblems?\b|\bones\b")  # "serious problems", "the nasty ones"
# ("still have open": still the state; "did people open last month": the verb)
OPEN_AS_VERB = re.compile(rf"\b(?:did|do|does|{OPENERS})$")
NOT_SINCE = re.compile(r"\b(?:not|never|n['’ ]t|(?:is|are|has|have|was|were)n['’ ]t|nobody(?: has| have|['’ ]s)?|"
                       r"no one(?: has| have|['’ ]s)?|no-one(?: has| s)?|no|without(?: any| an?)?|zero)"
                       r"(?: been| yet| even| really)?(?: (?:seen|had|got|gotten|shown))?(?: any| an?)?\s*$")
# Why or for whom the asker asks, said inside the request ("for Carla's performance review", "the security team asked
# for", "our team lead wants"): its words select nothing; an owner named before the occasion ("Carla's") still may.
OCCASION = (r"(?:meetings?|reviews?|sync|triage|retro|retrospective|reports?|notes|stand-?ups?|planning|sessions?|"
            r"audits?|calls?|demos?|presentations?|decks?|slides?|emails?|summar(?:y|ies)|check-?ins?|handover|post-?mortems?)")
# An occasion is said with a determiner or an owner ("for the sync", "for Ana's review"): "waiting for review" is none
PURPOSE = re.compile(rf"\b(?:for|ahead of|prepping for|preparing(?: for)?|getting ready for) "
                     rf"(?P<said>(?:(?:the|our|my|this|next|a|an|[a-z]+day's|tomorrow's|weekly|monthly|"
                     rf"quarterly)\s+)*)(?P<owner>(?:[a-z]+ )?[a-z]+'s\s+)?"
                     rf"(?P<aside>(?:[\w.-]+\s+){{0,2}}?{OCCASION}(?:\s+{OCCASION})?)\b")
REQUESTER = re.compile(r"\b(?P<aside>(?:the|our|my|a|their) (?:[\w-]+ ){0,2}?(?:team|lead|manager|boss|director|"
                       r"customer|client|pm|po|cto|ceo|vp|stakeholders?|leadership|group|folks|people)s? "
                       r"(?:has |have |had |just |also |again |keeps? |kept |is |are |was )?"
                       r"(?:asked|asks|asking|wants?|wanted|needs?|needed|requested|would like|wondered|wonders|"
                       r"wondering)\b(?: (?:me |us |again )?(?:for|about|to see|to know|"
                       r"to get|to have))?)")
# What the asker will do with the answer ("… so I can chase their owners today"): its words select nothing, unless
# it says what they want to see ("so I can see the ones updated today")
# ("so I can triage the ones created this week": the ones it names are a condition)
SO_THAT = re.compile(r"\bso (?:that )?(?:i|we)(?: (?:can|could|may|might|will)|'ll|'d) "
                     r"(?P<aside>(?!(?:\w+ )?(?:see|view|look|find|list|show|check(?! in\b| with\b| back\b)|know|"
                     r"count|tell)\b)"
                     r"[^.?!;:,]*?)(?=\s+(?:the ones|those|these|which|that|whose)\b|\s*[,.?!;:]|\s*$)")
# A remark after the request on what the issues need ("…, those need someone today", "…; they have to ship this
# week"): the asker's urgency, not a condition (unless it says when they are due)
REMARK = re.compile(r"[,;:.!]\s*(?P<aside>(?:those|these|they|they're|they are|them all|which) (?:all |really |still )?"
                    r"(?:need|needs|have to|has to|must|should|ought to|gotta|got to|are going to)\b"
                    r"(?![^.?!;]*\b(?:due|deadline)\b)[^.?!;]*)")
# Politeness and hedges with a negation in them ("if it's not too much trouble", "not sure if this is the right
# place"): their "not" negates no value of the request
HEDGE = re.compile(r"\b[\w]+-quality (?:check|review|audit|pass|sweep)\b:?|"  # "Data-quality check:" says why
                   r"\b(?:if (?:it'?s|it is|that'?s|that is|this is) not (?:too much )?(?:trouble|a problem|a bother|"
                   r"an issue|a hassle|a big deal|too hard|too difficult)|no (?:rush|pressure|worries|hurry)|"
                   r"(?:i'?m |i am )?not (?:sure|certain) (?:if|whether|this|that|it|how)\b[^,.;:?!]*|"
                   r"not (?:urgent|important|a big deal|a priority),? but|(?:sorry,? )?not to (?:bother|nag) you|"
                   # "I might be wrong about the wording, but", "I may not have the terms right, but"
                   r"(?:i )?(?:might|may|could) (?:be wrong|not have (?:the|my) \w+ right)(?: about [^,.;:?!]*)?,? but|"
                   r"(?:i'?m |i am )?not sure i have (?:the|my) \w+ right,? but)")
PROBLEMS = re.compile(r"\bproblems?\b")  # bugs to some, any issue to others: the reading is said
# "I was off last week", "we'll be away next week": a time the asker tells of themselves
ASKER_AWAY = re.compile(r"\b(?:i|we) (?:was|were|am|m|re|are|ve been|have been|had been|will be|ll be) "
                        r"(?:off|away|out|on leave|on holiday|on vacation|sick|travelling|traveling)\b[^,.;:]*$")
TAGGED = re.compile(r"\b(?:marked|tagged|labell?ed)(?: as| with)?(?: both)?(?: the)?\s*$")
# "regardless of who fixed it", "no matter what state it is in": says what the question does not limit
# "blocking problems", "marked as blocking", "blocking or critical": the Blocker level, where the instance has one and
# no block links of its own (Fluid's blocks are dependencies); "blocking other issues" stays a link
BLOCKING_LEVEL = re.compile(r"\b(?:marked|ranked|flagged|rated|set|labell?ed|classed|classified) as blocking\b|"
                            r"\bblocking\b(?! (?:other|others|another|something|anything|some|any|each|one|work|"
                            r"stuff|progress|it|them|the|a|an|us|me)\b)(?= (?:or|and) (?:critical|high|major)\b|"
                            r" (?:[\w-]+ ){0,3}?(?:bugs?|problems?|issues?|tickets?|defects?)\b(?! (?:for|of|on)\b)|"
                            r"\s*(?:$|[?.,;]))")
# "high+ prio": that level or above ("c++" is no level)
LEVEL_PLUS = re.compile(r"(?<=[a-z]{3})(?<!point)(?<!points)\+(?![\w+])(?: (?:prio|priority)\b)?")  # ("8 points+")
# "include High as well, not just Highest", "WEB bugs, not only the open ones": what the set is more than, no condition
# ("not just its stories but their sub-tasks too" is read whole elsewhere)
NOT_JUST = re.compile(r"\bnot (?:just|only|merely|simply) (?![^,.;:?!]*\bbut\b)[^,.;:?!]*")
# "leave out anything that's already been finished": the words between a negation and the state it reaches
# ("take away the ones that turned out to be repeats": whatever the state, the value comes within reach of the verb)
BEEN_BEFORE_STATE = re.compile(r"(?P<kept>\b(?:leav(?:e|ing) out|exclud(?:e|ing)|except(?: for)?|skip(?:ping)?|"
                               r"drop(?:ping)?|ignor(?:e|ing)|minus|tak(?:e|ing) away|get(?:ting)? rid of) "
                               r"(?:anything|everything|whatever|the ones|ones|any|all|"
                               r"those|stuff|issues|tickets) )(?:that|which)(?:['’ ]s|['’ ]re| is| are| has| have| had|"
                               r" was| were)?(?: already| now| since)?(?: been| gotten| got)?"
                               r"(?: turned out to be| ended up(?: as| being)?)? ")
# "the go/no-go meeting": a decision's name, no negation of what follows
GO_NO_GO = re.compile(r"\bgo\s*(?:/|-|or)\s*no[- ]go\b|\bno[- ]go\b")
REGARDLESS = re.compile(r"\b(?:regardless of|irrespective of|no matter|whatever|whichever) (?:who|what|when|how|which|"
                        r"where|whether|its|their|the|kind|type|state|status|priority)\b[^,.;:?!]*")
# The state the whole is to reach, not one the issues are in: "what's left before we can call it finished"
GOAL_STATE = re.compile(r"\b(?:before|until|till|so|and|then) (?:we|i|they|you) (?:can |could |may )?"
                        r"(?:call|mark|consider|declare) (?:it|this|that|the \w+) "
                        r"(?:done|finished|complete|completed|closed|shipped|ready)\b|"
                        # "planned to be dealt with in version 0.4": the release it is planned for, no state
                        r"\b(?:planned|scheduled|slated|meant|supposed|targeted|expected) to be "
                        r"(?:done|finished|fixed|resolved|completed|closed|shipped|dealt with|sorted out|addressed|"
                        r"delivered)(?= (?:in|for)\b)")
# "closed or not", "open and closed": both sides of a state, so no condition on it (not "unassigned and unresolved")
STATES_SAID = r"(?:open|closed|resolved|unresolved|done|finished|fixed|assigned|unassigned)"
OPEN_SAID, CLOSED_SAID = r"(?:open|unresolved|not done|unfinished)", r"(?:closed|resolved|done|finished|fixed)"
EITHER_WAY = re.compile(rf"\b(?:whether )?(?:{STATES_SAID},? or not|{OPEN_SAID},? (?:or|and|and/or) {CLOSED_SAID}|"
                        rf"{CLOSED_SAID},? (?:or|and|and/or) {OPEN_SAID}|assigned,? (?:or|and) unassigned|"
                        r"unassigned,? (?:or|and) assigned)\b")
# contractions typed without the apostrophe: "arent", "couldnt", "nobodys touched"
UNAPOSTROPHED = re.compile(r"\b(aren|isn|don|doesn|didn|haven|hasn|wasn|weren|couldn|wouldn|shouldn|can|won|nobody|"
                           r"someone|somebody)(t|s)\b")
CONTRACTION = re.compile(r"\b(that|what|it|there|who|here|where|how)'s\b")  # "that's running": not a possessive
# "checkout is critical for us": how much something matters to the asker, no priority of its issues
MATTERS = re.compile(r"\b(?:is|are|'s) (?:really |very |super |so |quite )?(?:critical|important|crucial|vital|key|"
                     r"urgent) (?:for|to) (?:us|me|the (?:team|business|company)|our (?:team|business|company))\b")
# "epic WEB-410", "the wish lists v2 epic, WEB-410": words that name the issue, no type to filter on
DESCRIPTOR = re.compile(rf"\b(?:the )?(?:epic|initiative|feature|story|task|bug|issue|ticket|sub-?task)\s+(?={KEY}\b)|"
                        rf"\bthe (?:[\w.-]+ ){{1,5}}?(?:epic|initiative|feature|story),\s+(?={KEY}\b)")
# "in the MOB-655 epic": the noun after the key, singular, says what the issue is
# ("the WEB-410 wish lists epic", "DATA-407, the Dbt models v3 epic": its name may come between)
DESCRIPTOR_AFTER = re.compile(rf"(?P<key>\b{KEY}),?(?:\s+(?!(?:is|are|was|were|and|or|in|on|of)\b)[\w.-]+){{0,4}}?\s+"
                              r"(?:epic|initiative|feature|story|task|issue|ticket|sub-?task)\b(?!['’]s)")
# "across all projects", "in every project": no project condition, said so the words are not left over
EVERY_PROJECT = re.compile(r"\b(?:across|in|over|for|from) (?:all|every|each|any)(?: of)? (?:the |our )?projects?\b")
DEEP = re.compile(r"\b(?:descendants?|however deep|in (?:its|the) (?:whole )?hierarchy|at any (?:depth|level)|"
                  r"(?:at |on )?all levels(?: down)?|every level(?: down)?|anywhere (?:under|"
                  r"underneath|below|beneath|inside)|recursively|whole (?:tree|hierarchy)|entire (?:tree|hierarchy)|"
                  r"all the way down|everything (?:under|underneath|beneath|below)|(?:any|every) depth|"
                  # "sub-tasks included", "not just its stories but their sub-tasks too": every level below
                  r"(?:incl|including|plus) (?:all )?(?:their |its |the )?sub-?tasks(?: too| as well)?|"
                  r"sub-?tasks (?:included|too|as well)|"
                  r"not just (?:its|the) \w+ but (?:also )?(?:their|its|the) sub-?tasks(?: too| as well)?)\b")
DIRECT = re.compile(r"\b(?:direct|directly|immediate|immediately|first-level)\b")
# ("INFRA-60 depends on issues assigned to Alan" names linked issues, not children)
KEY_CHILDREN = re.compile(rf"\b(?P<key>{KEY})(?:'s|’s| s)? (?:(?!(?:depends?|blocks?|blocked|duplicates?|relates?|"
                          rf"linked|on|by|to)\b)\w+ ){{0,2}}?(?:child |direct |sub-?)?"
                          rf"(?:epics|stories|tasks|bugs|features|sub-?tasks|"
                          rf"(?P<noun>children|kids|child issues|issues|items|tickets|work))\b")
UNRELEASED = re.compile(r"\b(?:(?:unreleased|not (?:yet )?released)(?: (?:fix )?(?:versions?|releases?))?|"
                        r"upcoming releases?|future releases?|next releases?|"
                        r"(?:a |any |the )?(?:releases?|versions?) (?:we |that |which )?"
                        # "the release that will contain the fix hasn't gone out yet"
                        r"(?:(?:will |would |should )?(?:contain|include|ship|carry|have) (?:the |their |its )?"
                        r"(?:fix|fixes|change|changes|it|them) )?(?:haven t|have not|hasn t|"
                        r"has not|didn t|did not) (?:been |yet )?(?:shipped|released|gone out|come out)(?: yet)?|"
                        r"(?:fix ?versions?|fixversions?) (?:is |are )?(?:still )?unreleased|"
                        r"not (?:yet )?shipped|not-yet-released (?:versions?|releases?)|"
                        # "slated for releases not out yet", "versions that aren't out yet"
                        r"(?:releases?|versions?) (?:that |which )?(?:(?:are|is) not|aren t|isn t|not) (?:yet )?"
                        r"(?:out|live|shipped)(?: yet)?)\b")
RELEASED = re.compile(r"\b(?:released versions?|already (?:released|shipped) (?:versions?|releases?)|shipped releases?|"
                      r"past releases?)\b")
_POINTS = r"(?:story )?(?:points?|pts?|sp)"
_N = r"\d+(?:\.\d+)?"
_SIZED_AT = r"(?:estimated|sized|pointed|rated) (?:at )?"  # "sized 8 or bigger": the points said by the verb
_MORE = r"(?:or more|and up|and above|or higher|or above|plus|or larger|or bigger|or greater|and over|or over)"
_LESS = r"(?:or less|or fewer|or smaller|or lower|or below|and under|and below)"
POINTS_AT_LEAST = re.compile(rf"\b(?:{_SIZED_AT})?(?:(?P<n>{_N})\s*(?:\+|{_MORE})\s*{_POINTS}|(?P<m>{_N}) {_POINTS} "
                             rf"{_MORE})\b|\b(?:at least|min(?:imum)?) (?P<k>{_N}) {_POINTS}\b|"
                             rf"\b{_SIZED_AT}(?P<j>{_N}) {_MORE}\b|\b(?P<p>{_N}) ?{_POINTS}\+")  # "8pt+"
POINTS_AT_MOST = re.compile(rf"\b(?:{_SIZED_AT})?(?:(?P<n>{_N}) {_LESS} {_POINTS}|(?P<m>{_N}) {_POINTS} {_LESS})\b|"
                            rf"\b(?:at most|max(?:imum)?|no more than) (?P<k>{_N}) {_POINTS}\b|"
                            rf"\b{_SIZED_AT}(?P<j>{_N}) {_LESS}\b")
POINTS_OVER = re.compile(rf"\b(?:more than|over|greater than|bigger than|above|larger than) (?P<n>{_N}) {_POINTS}\b")
POINTS_UNDER = re.compile(rf"\b(?:less than|under|fewer than|below|smaller than) (?P<n>{_N}) {_POINTS}\b")
POINTS_EXACT = re.compile(r"\b(?:estimated at |worth |of |with )?(?P<n>\d+(?:\.\d+)?) (?:story )?(?:points?|pts)\b")
# "without story points", "nobody has sized", "unestimated": no story points at all
SIZED = r"(?:estimated|sized|pointed)"
POINTS_EMPTY = re.compile(rf"\b(?:"
                          # "haven't been given a size estimate in points"
                          rf"{NOT_PUT}(?:an? |any )?(?:size |point |story point |points )?(?:estimates?|sizes?|points?)"
                          r"(?: in (?:story )?points)?|"
                          rf"{WITHOUT}(?:story )?(?:points?|estimates?|estimation|size)|"
                          rf"un{SIZED}|(?:not|never|(?:have|has|are|is|were|was)n['’ ]?t) (?:yet )?(?:been )?"
                          rf"{SIZED}(?: yet)?|"
                          rf"(?:nobody|no one)(?:['’ ]s)? (?:has |have )?(?:yet )?{SIZED}(?: (?:it|them))?)\b")
# A plain verb is the reporter's only in a question or after "did" ("did she report", "she did file"): "what does
# she have open" is her open work
PRONOUN_REPORTER = re.compile(rf"\b(?:(?:did|does|do) (?:he|she|they)|(?:he|she|they) (?:did|does|do)) {BY_ONESELF}"
                              rf"(?:{REPORT}|write up)\b|"
                              rf"\b(?:(?:has|have|had) )?(?:he|she|they) (?:has |have |had |did )?{BY_ONESELF}"
                              rf"(?:{REPORTED}|wrote up)\b|\b(?:{REPORTED}) by (?:him|her|them)\b|"
                              rf"\b(?:(?:he|she|they) (?:was|were|is)|(?:was|were|is) (?:he|she|they)) the "
                              rf"(?:one|person) (?:who|to|that) {BY_ONESELF}(?:{REPORT}|{REPORTED})\b|"
                              rf"\b(?:he|she|they) {HABIT}")
PRONOUN_NOT_REPORTER = re.compile(rf"\b(?:{REPORTED}) by (?:anyone|someone|"
                                  r"somebody|people|others?) (?:other than|except|but|besides) (?:him|her|them)\b")
SOMEONE_OTHER_THAN = re.compile(rf"(?:(?:assigned|owned|handled|worked on|belong(?:s|ing)?|{REPORTED}) (?:by|to) )?"
                                r"(?:someone|somebody|anyone|anybody|everyone|everybody|another person|others?|people) "
                                r"(?:other than|besides|except|but)$")
# "assigned to nobody but Carla", "reported by no one except Ana": that person only
ONLY_BEFORE = re.compile(rf"(?:(?:assigned|owned|handled|worked on|belong(?:s|ing)?|(?P<reported>{REPORTED})) "
                         r"(?:by|to) )?(?:nobody|no one|noone|no-one|none) (?:but|except|other than|besides|"
                         r"apart from)$")
# The words before a person that are used with them ("filed by", "other than", "with")
PERSON_CUE_BEFORE = re.compile(rf"\b(?:{BY_ONESELF}(?:{REPORTED}|written(?: up| down)?|assigned|owned|handled|"
                               r"worked on|belong(?:s|ing)?|(?:handed|passed|given|routed|sent|allocated)(?: over)?) "
                               rf"(?:by|to)|(?:assignee|owner){FIELD_IS}|other than|except|excluding|not|from|for|on|"
                               r"with|to|sitting with|by)$")
# A person who had the issues once: `assignee CHANGED FROM` them ("used to be assigned to Carla", "did Carla
# previously own but no longer does")
PAST_OWNER_BEFORE = re.compile(r"\b(?:used to be|used to belong to|previously|formerly|originally|once|had been|"
                               # "assignee was Ana", "were at some point given to Ana"
                               r"(?:assignee|owner) (?:was|used to be)|at (?:some|one) (?:point|stage|time)"
                               r"(?: (?:given|assigned|handed|passed))?)"
                               r"(?: (?:assigned to|owned by|with|on|handled by|belonging to|to))?$")
PAST_OWNER_AFTER = re.compile(r"^(?:(?:previously|formerly|originally|once|used to) (?:own|owned|have|had|handle|"
                              r"handled|work on|worked on)|(?:owned|had|handled) (?:previously|before|once|earlier))\b")
# "Carla's tickets before they moved to someone else", "what Ana handed over to others": hers once, not now
# (what is yet to be handed on is still theirs: "so we know what needs to be passed on")
HANDED_ON = re.compile(r"(?<!\bto be )(?<!\bbe )\b(?:(?:moved|went|gone|passed|handed|given|transferred|reassigned|"
                       r"shifted|reallocated)"
                       r"(?: (?:it|them|those|these))?(?: over| on| off)? to (?:(?:someone|somebody) else|other people|"
                       r"others|another person|a colleague|teammates)|(?:handed|passed) (?:it |them )?"
                       r"(?:over|on|off))\b(?! to\b)")  # ("handed over to Elena": given to her)
NO_LONGER = re.compile(r"\b(?:but |and )?(?:no longer|not any ?more|not now)(?: (?:does|do|is|are|has|have|owns?))?\b")
PRONOUN_ASSIGNEE = re.compile(r"\b(?:assigned to (?:him|her)|(?:he|she) (?:is |s )?(?:still )?(?:working on|owns|"
                              r"has(?! been\b)))\b")
# "did Anastasia report and take on herself", "opened for himself": the one person named is the assignee too
PRONOUN_SELF = re.compile(r"\b(?:(?:has |have |had )?(?:assign(?:ed)?|tak(?:e|en|ing)|took|giv(?:e|en)|gave|kept|keep|"
                          r"claim(?:ed)?|grabb?(?:ed)?|pick(?:ed)? up)(?: (?:it|them|up|on))? )?(?:to|for|on) "
                          r"(?:himself|herself|themselves|themself)\b")
# "that aren't his", "which are hers": the pronoun's own work
PRONOUN_OWNS = re.compile(r"\b(?:is|are|was|were) (?:still )?(?:his|hers|theirs)\b")
PRONOUN_NOT_OWNS = re.compile(r"\b(?:isn t|aren t|wasn t|weren t|(?:is|are|was|were) not|not) (?:his|hers|theirs)\b")
# A pronoun's role said later, refused or not, read for the one person the question names
PRONOUN_ROLES: list[tuple[str, re.Pattern[str], bool]] = [
    *((role, pattern, True) for role, pattern in NOT_ROLE_LATER), ("reporters", PRONOUN_NOT_REPORTER, True),
    ("assignees", PRONOUN_NOT_OWNS, True), ("assignees", PRONOUN_OWNS, False), ("assignees", PRONOUN_ASSIGNEE, False),
    ("assignees", PRONOUN_SELF, False), ("reporters", PRONOUN_REPORTER, False)]
# "the enhancements Justin asked for": what a person asked for, with nothing asked after it, they reported
REQUESTED_AFTER = re.compile(r"^(?:has |have |had )?(?:ask(?:ed)? for|request(?:ed)?|suggest(?:ed)?|propose(?:d)?)\b"
                             r"(?! (?:the|a|an|me|us|"
                             r"all|every|some|any|to|those|these|them|it|my|our|his|her|their|what|which|how|help|"
                             r"more|that|this|list|numbers?|counts?)\b)")
NOT_A_ROLE = re.compile(r"^(?:and \w+ )?(?:wants?|asked|asks|needs?|said|says|will|would|is asking|mentioned|told|"
                        r"thinks|is going|has asked|wanted|requested|is preparing|prepares)\b")
# "of" only after the children it names: "the blockers of OPS-5", "the status of OPS-5" name no parent
# Words that put issues below another: "under", "hanging off", "rolling up to"
UNDER = (r"(?:under|underneath|within|inside|below|beneath|belong(?:s|ing)? to|part of|contained in|hang(?:s|ing)? off|"
         r"(?:split|broken|carved) out of|"
         r"sitting under|roll(?:s|ing)? up (?:in)?to)")
PARENT = re.compile(rf"\b(?:{UNDER}|in) (?:the )?"
                    rf"(?:epic|initiative|feature|story|parent|issue)? ?(?P<key>{KEY})\b(?!'s| s\b)|"  # not "in X's"
                    rf"\b(?:children|kids|child issues|issues|items|tickets|work|"
                    rf"(?P<kind>sub-?tasks|subtasks|stories|tasks|bugs|epics|features)) "
                    rf"(?P<under>(?:of|under) (?:the )?(?P<key2>{KEY}))\b|"
                    # keywords: "open stories MOB-655" (the kind at once before the key, nothing said after it)
                    rf"\b(?P<kind3>sub-?tasks|subtasks|stories|tasks|bugs) (?P<key3>{KEY})\s*$|"
                    # "issues whose parent is WEB-410", "stories with epic MOB-3"
                    rf"\b(?:whose|with|having|that have) (?:the |a |an |as )?(?:parent|epic)(?: issue)? "
                    rf"(?:is |being |set to |of )?(?:the )?(?:epic |issue )?(?P<key4>{KEY})\b",
                    re.I)
MORE_KEYS = re.compile(rf"(?:\s*(?:,|and|or|&)\s*(?:,\s*)?(?:and\s+)?{KEY}\b)+", re.I)  # ", WEB-496 and WEB-522"
# Words that carry no condition: question scaffolding, politeness, and the nouns for "issues".
FILLER = frozenset("""
a about after again all also am among amongst an and any anything anyone are aren as ask at be been before being both
but by can could d did do does doing done each even every everything few find for from get gets getting give go going
got had has have having he her here hers him his how i if in into is isn it its just know kind let like list ll look
looking
lot lots m may me might more most much must my need needs needed now of off on one only or other our ours out over
own please pls pull quick quickly re really right s see shall she should show so some something sort still such t
tell than thank thanks that the their them then there these they thing things this those through to too up us ve
very want wanted was we were what whats when where whether which while who whom whose why will with would yet you
your himself herself themselves myself itself remain remains
issue issues ticket tickets item items work stuff entries entry records record ones jira results result
problem problems
count counting number numbers total tally figure how many much amount exact actual size big large pile heap roughly
quantity headcount
already anymore earlier
approximately
currently current right now today also just same exactly basically actually maybe perhaps
meeting prepare preparing prep triage standup review report reporting notes note release-notes planning plan sanity
help need needed trying try figure out check checking curious wondering wonder quick question team our we
pull up bring display fetch dig surface pull-up retrieve gimme lemme wanna gonna hey hi hello folks guys set
went gone goes came come comes across
people person anyone anybody someone somebody everyone everybody others colleagues colleague teammates
""".split())
LONG_FILLER = sorted({w for w in FILLER | {"whats", "thats"} if len(w) >= 4})
CLOSE_FILLER = CloseWords(LONG_FILLER)
FILLER_ANAGRAMS = {(w[0], "".join(sorted(w))) for w in LONG_FILLER}  # "shwo": the letters of "show", swapped
# Words that look like conditions: never dropped without saying so.
# Words about the asker's situation, not about the issues ("I'm on call this weekend", "for the retro"): a
# leftover word outside FILLER and this list is named as not used, whatever it is, so none widens silently.
SCAFFOLD = frozenset("""
per remember rundown call weekend moment ever cleaning cleanup asked asking wants wish knows saw noticed chase catch
keep busy leadership full picture update updates manager managers retro retrospective stand standup schedule packed
steering group meets sorry minutes writing wrap ahead boss lead send sending share sharing slide slides deck email
morning afternoon evening tonight covering cover away vacation holiday leave back decide deciding remind reminder
filling standing stepping subbing signed
curiosity
""".split())
FIELD_WORDS = frozenset("""priority priorities status statuses state type types kind component components label labels
labelled labeled tag tags version versions release releases sprint sprints epic epics parent assignee assignees
assigned owner owners reporter reporters reported resolution resolved due deadline created updated modified changed
fixed closed opened filed raised logged made written severity severe urgent critical blocker blockers important overdue
late stale
old
older newer newest oldest recent recently lately week weeks month months year years day days today yesterday
tomorrow since before after between until during ago last past next within soon shortly quarter quarters idle inactive
dormant untouched""".split())
WEEKDAY = re.compile(rf"(?:on |over |during |at |from )?(?:this |last |next |past |previous |the )?"
                     rf"(?:{'|'.join(WEEKDAYS)}|weekend)")
# "came back after we thought they were fixed": reopened; the state before it is no condition on the issues now
RETURNED_AFTER = re.compile(r"\b(?:came back|come back|coming back|reopened|re-opened|opened again|back open)"
                            r"(?P<after> after (?:[\w']+ ){0,5}?(?:fixed|closed|resolved|done|finished|shipped))\b")
# "the status of …": what a list shows; "in progress for Ana" is a state
ASKED_FIELD = re.compile(r"\b(?:what (?:is|are) |what s |show (?:me )?|give (?:me )?|list )?(?:the )?(?:current )?"
                         r"(?:status(?:es)?|states?|(?<!in )progress) (?:of|for|on)\b")
INTENT_WORDS = frozenset("""depend depends depending dependency dependencies block blocks blocking blocked blocker
linked
link links duplicate duplicates related relates relate children child subtasks subtask history changed change changes
summary summarize summarise overview progress chain deadlock cycle cycles transitively""".split())
# level words with another everyday sense ("a serious backlog", "severe outages", "a nasty workaround", "major release")
ADJECTIVE_LEVELS = HIGH_WORDS - {"important"}
LEVEL_WORDS = URGENT_WORDS | HIGH_WORDS | MINOR_WORDS | LOW_WORDS  # everyday words for a level, read with a note
# "critical or worse", "at least major"; "minor or lower", "at most minor": a priority and those above or below it
OR_ABOVE = r"(?:or|and) (?:worse|higher|above|more|up|greater|more severe)"
OR_BELOW = r"(?:or|and) (?:lower|below|less|down)"
UPWARD_AFTER = re.compile(rf"(?:priority )?{OR_ABOVE}\b")
DOWNWARD_AFTER = re.compile(rf"(?:priority )?{OR_BELOW}\b")
UPWARD_SAID = re.compile(rf"\b{OR_ABOVE}\b|\bat least\b")
DOWNWARD_SAID = re.compile(rf"\b{OR_BELOW}\b|\bat most\b")
# "more urgent than Medium", "anything below High": the levels past the one named, not it
COMPARED = re.compile(r"\b(?:(?:with |of |at )?(?:a )?priority )?"
                      r"(?:(?P<more>more|less) (?:urgent|important|pressing|severe|critical|serious)|"
                      r"(?P<higher>higher|lower)(?: priority| in priority)?|(?P<side>above|below)|"
                      # "priority less than Major", "less than major priority"
                      r"(?P<less>(?<=priority )(?:less|more)|(?:less|more)(?= than [a-z]+ (?:priority|prio)\b)))"
                      r" (?:than )?"
                      r"(?:priority )?(?:the )?(?P<level>[a-z]+)(?: priority)?\b")
# "the top two urgency levels", "the two highest priorities", "the bottom 2 priority levels": counted off the scheme
# (shared with the ranking reader, which must leave "the top two urgency levels" to this one)
LEVEL_NOUN = r"(?:(?:urgency|priority|importance|severity) )?(?:levels|priorities|tiers|grades|ranks)\b"
LEVELS_COUNTED = re.compile(rf"\b(?:(?:at|in|with|of) )?(?:the )?(?:(?P<top>top|highest|upper)|"
                            rf"(?P<bottom>bottom|lowest)) (?P<n>two|three|2|3) {LEVEL_NOUN}|"
                            rf"\b(?:(?:at|in|with|of) )?(?:the )?(?P<n2>two|three|2|3) (?:(?P<top2>highest|top)|"
                            rf"(?P<bottom2>lowest|bottom)) {LEVEL_NOUN}")
# a time said before anything else of its sentence: "Over the past week, …", "Since March, what …"
FRONTED = re.compile(r"(?:^|[.;?!:]\s+)\W*(?:(?:and|so|ok|okay|also|now) )?(?:over|in|during|within|since|for|from)?"
                     r"\s*(?:the\s*)?$")
FUZZY_VALUE = 0.8  # the grounder scores misspellings 0.8+ ("reorderrer"); below, a near word is another word
NAME_STOP = frozenset("in on and or with from for that which who since before after to at by the a an is are".split())
KEYWORD_QUERY = 6  # words: a query this short is keywords, not a sentence
STORY_DATE = re.compile(r"yesterday|today|tomorrow|weeks?|months?|years?|quarter|" + "|".join(
    name.lower() for name in calendar.month_name if name))
FOREIGN = frozenset("""cuántos cuantos cuáles cuales qué errores abiertos abiertas están estan tareas proyecto los las
del por para combien quels quelles sont ouverts ouvertes projet tâches bogues dans welche wieviele viele sind offene
offenen fehler aufgaben projekt quantos quais são abertos abertas tarefas projeto quanti quali sono aperti aperte
progetto compiti qué que tengo tienes en el la mis mi asignados asignadas abierto abierta im noch offen welche mir meine
meinem zugewiesen aktuellen dem der die das und ist les des mes sont dans pour quelles est sur""".split())
ENGLISH_MARKERS = frozenset("what which how show list find the are is all any open who me my of to".split())


@dataclass
class Words:
    """The question's normalised words, each used at most once."""
    tokens: list[str]
    used: list[bool] = field(default_factory=list)
    resolutions_at: set[int] = field(default_factory=set)  # where a resolution read begins

    def __post_init__(self) -> None:
        self.used = [False] * len(self.tokens)

    def free(self) -> str:
        return " ".join(USED if used else token for token, used in zip(self.tokens, self.used, strict=True))

    def take(self, start: int, end: int) -> None:
        for i in range(start, end):
            self.used[i] = True

    def take_near(self, index: int, count: int, *, backward: bool) -> None:
        """The `count` free words nearest `index`, before it or from it on: a cue read through `before`/`after`."""
        step, i = (-1, index - 1) if backward else (1, index)
        while count and 0 <= i < len(self.tokens):
            if not self.used[i]:
                self.used[i], count = True, count - 1
            i += step

    def take_where(self, start: int, end: int, keep: set[int]) -> None:
        for i in range(start, end):
            if i not in keep:
                self.used[i] = True

    def span(self, match: re.Match, group: int | str = 0) -> tuple[int, int]:
        """Word positions of a match (or one of its groups) on `free()`."""
        text = self.free()
        segment = text[match.start(group):match.end(group)]
        start = text[:match.start(group) + len(segment) - len(segment.lstrip())].count(" ")
        return start, start + segment.strip().count(" ") + 1

    def take_all(self, pattern: re.Pattern[str]) -> list[re.Match]:
        found: list[re.Match] = []
        while True:
            match = pattern.search(self.free())
            if not match or not match.group(0).strip():
                return found
            self.take(*self.span(match))
            found.append(match)

    def before(self, start: int, count: int = 3) -> str:
        first = max(0, start - count)
        return " ".join(t for t, u in zip(self.tokens[first:start], self.used[first:start], strict=True)
                        if not u)

    def after(self, end: int, count: int = 3) -> str:
        last = end + count
        return " ".join(t for t, u in zip(self.tokens[end:last], self.used[end:last], strict=True) if not u)

    def left(self) -> list[str]:
        return [t for t, u in zip(self.tokens, self.used, strict=True) if not u]


class Text:
    """The lower-cased question; what a reader uses is blanked to spaces, so later spans stay aligned."""

    def __init__(self, value: str) -> None:
        self.value = value

    def blank(self, start: int, end: int) -> None:
        self.value = self.value[:start] + " " * (end - start) + self.value[end:]


def _iso_now(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _mirror(past: str, now: str) -> str:
    """The moment as far after `now` as `past` is before it (ISO, UTC)."""
    then, current = (datetime.fromisoformat(t.replace("Z", "+00:00")) for t in (past, now))
    return _iso_now(current + (current - then))


class Unknown(ValueError):
    """A value the question names that the instance does not have; the message says so with the closest."""


class ConditionReader:
    def __init__(self, lexicon: Lexicon, grounder: Grounder, now: Callable[[], datetime]) -> None:
        self.uncued: list[str] = []  # time phrases of the question being read that no date word named
        self.date_field: DateField | None = None  # the field of a time no date word names, when not created
        self.plate = False  # a person's plate was said in the question being read
        self.waiting: str | None = None  # "nobody has picked up yet": said of work still waiting for someone
        self.typed = ""  # the question being read as typed
        self.unresolved_said: list[str] = []  # its words read as unresolved
        self.unused: list[str] = []  # words of the question being read that no reader used, filler aside
        # "assigned to someone else", "… other than him", and the role: whom it excludes is read with the people
        self.other_than: tuple[re.Match, str] | None = None
        self.possessive = ""  # the lower-cased question, where "Justin Obara's" still shows whose issues
        self.lexicon = lexicon
        self.grounder = grounder
        self.now = now
        self.history = HistoryReader(lexicon, now, lexicon.sprints)
        self.known = {alias for term in lexicon.terms for alias in term.aliases}
        self.known_words = {word for alias in self.known for word in alias.split()}
        # near a known name: asked of the same leftover words by several readers, so remembered
        known_pool = CloseWords(self.known)
        self._near_known = functools.lru_cache(maxsize=4096)(
            lambda word: bool(known_pool.matches(word, n=1, cutoff=0.8)))
        # Facts of the instance every question consults, computed once per lexicon.
        self.status_values = {t.value.lower() for t in lexicon.of("status")}
        self.type_words = {alias for t in lexicon.of("type") for alias in t.aliases}  # "about bugs he raised": no text
        self.status_aliases = {alias for t in lexicon.of("status") for alias in t.aliases}
        self.blocked_status = "blocked" in self.status_values
        self.options_listed = _options_listed(lexicon)
        # "blocker-level tickets": the level ("high-level" is plain English)
        levels = [t.value.lower() for t in lexicon.of("priority") if t.value.lower() not in ("high", "low")]
        self.level_said = re.compile(rf"\b({'|'.join(map(re.escape, levels))})-level\b") if levels else None
        self.blocking_level = "blocker" in {t.value.lower() for t in lexicon.of("priority")} and (
            lexicon.link_said("blocks") != "blocks")
        # block links have words of their own (LINK_ANY)
        self.link_names = {t.value for t in lexicon.of("link")} | {"blocks", "is blocked by"}
        # a state's category by its name, and the one state a last word names ("review" for In Review)
        self.status_category_of = {name.lower(): key for name, key in lexicon.status_categories.items()}
        ends = [name.split()[-1] for name in self.status_category_of]
        self.status_by_last_word = {name.split()[-1]: name for name in self.status_category_of
                                    if ends.count(name.split()[-1]) == 1}
        self.link_verbs = link_verb_patterns([t.value for t in lexicon.of("link")
                                              if t.value not in ("blocks", "is blocked by")])
        # "a dependency link", "supersession links": a link of the type by its name, either side of it ("a
        # duplicates link" names one side, by its own words)
        # ("tangled up in a dependency with another ticket", "linked as a dependency": not a resolution's name, "as a
        # duplicate")
        resolutions = {t.value.lower() for t in lexicon.of("resolution")}
        self.named_links = [(re.compile(rf"\b(?:{'|'.join(map(re.escape, forms))}) (?:issue )?links?\b" + (
            rf"|\b(?:in|by|linked (?:to|with) (?:\w+ ){{0,3}}?as) (?:a |an )?"
            rf"(?:{'|'.join(map(re.escape, forms - resolutions))})(?: link| relationship)?"
            r"(?: (?:with|to) (?:another|other|something|some other)\b(?: \w+)?)?"
            if forms - resolutions else "")), outward)
                            for name, outward in lexicon.link_type_names.items()
                            if (forms := _noun_forms(name) - {outward, lexicon.inverse_links.get(outward, "")})]
        # "has risk link": one side of a link type, by its own description
        sides = sorted({t.value.lower() for t in lexicon.of("link")}, key=len, reverse=True)
        self.side_link = re.compile(rf"\b(?P<link>{'|'.join(map(re.escape, sides))}) (?:issue )?links?\b"
                                    r"(?: (?:with|to) (?:another|other|something|some other)\b(?: \w+)?)?") \
            if sides else None
        # "link type is blocked by", "issue link type duplicates": a link type by its name or either description
        said = sorted({t.value.lower() for t in lexicon.of("link")} | set(lexicon.link_type_names), key=len,
                      reverse=True)
        self.link_type_said = re.compile(rf"\b(?:issue ?)?link ?types? (?:is |= ?|of |: ?)?[\"']?"
                                         rf"(?P<link>{'|'.join(map(re.escape, said))})\b[\"']?") if said else None
        self.points_field = points.label if (points := lexicon.points_field()) else None
        self.version_names = " | ".join(f" {alias} " for t in lexicon.of("version") for alias in t.aliases)
        names = sorted(lexicon.epics, key=len, reverse=True)
        # "the Wish lists v2 epic", "epic In-app purchases v1": a parent by its summary, beside the word for its kind
        self.epic_said = re.compile(
            rf"\b(?P<kind>(?:epic|initiative|feature)\s+)?(?P<name>{'|'.join(_said_loosely(n) for n in names)})"
            rf"(?P<kind2>\s+(?:epic|initiative|feature))?\b") if names else None
        self.resolution_names = {t.value.lower(): t.value for t in lexicon.of("resolution")}
        self.status_words = {unicode_words(t.value) for t in lexicon.of("status")}
        self.value_names = value_names(lexicon)
        # names with a date word in them ("Inline Edit", "New Feature"): said as names, they cue no date field
        cue_names = sorted({alias for t in lexicon.terms if t.kind in ("component", "project", "version", "type")
                            for alias in t.aliases if " " in alias
                            and any(cue.search(alias) for _, cue, _ in DATE_CUE_PATTERNS)}, key=len, reverse=True)
        self.cue_names = re.compile(rf"\b(?:{'|'.join(map(re.escape, cue_names))})\b") if cue_names else None
        self.no_value_words = FILLER | FIELD_WORDS | self.known_words  # no unknown value in a slot is made of these
        self.project_keys = [t.value for t in lexicon.of("project")]
        # each word of a project name of several words -> the projects whose name holds it ("platform")
        self.project_name_words: dict[str, list[Term]] = {}
        for term in lexicon.of("project"):
            label = term.label.lower()
            for word in dict.fromkeys(label.split()):
                if word != label:
                    self.project_name_words.setdefault(word, []).append(term)

    def read(self, text: str, slots: Slots, *, people: bool = True, terse_text: bool = True,
             typed: str | None = None, date_field: DateField | None = None) -> Slots:
        """Fill `slots` with the conditions of `text` (a question part, issue keys included); raises
        Unknown for a name the instance does not have. `typed`: the question as typed, when `text` was
        lower-cased on the way (its capitals tell a name). `date_field`: the field a time said without a
        date word is on (a follow-up's "what about next week?" after "due this week")."""
        self.date_field = date_field
        self.typed = typed or text
        self.unresolved_said = []
        self.plate = False  # a person's plate was said: open work, unless the question says a state
        self.waiting = None
        raw = " ".join(text.lower().replace("’", "'").replace("‘", "'").split())
        raw = EITHER_WAY.sub(" ", UNAPOSTROPHED.sub(r"\1'\2", raw))
        raw = re.sub(r"[a-z]{4,}", self._corrected, raw)
        self.possessive = raw
        for said in (HEDGE, GOAL_STATE, REGARDLESS, GO_NO_GO, NOT_JUST):  # blanked, so the text keeps its length
            raw = said.sub(lambda m: " " * len(m.group(0)), raw)
        raw = BEEN_BEFORE_STATE.sub(lambda m: m.group("kept").ljust(len(m.group(0))), raw)
        if self.blocking_level:
            raw = BLOCKING_LEVEL.sub(lambda m: "blocker".ljust(len(m.group(0))), raw)
        if self.level_said:
            raw = self.level_said.sub(lambda m: m.group(1).ljust(len(m.group(0))), raw)
        raw = PLAIN_LEVEL.sub(lambda m: " " * len(m.group(0)), TOP_BEFORE_LEVEL.sub("    ", raw))
        for listed, name in self.options_listed:  # "a severity rating of critical or major": each that severity
            raw = listed.sub(functools.partial(_each_with_field, field_name=name), raw)
        raw = QUARTER_SAID.sub(self._quarter_months, SPRINT_OF_PROJECT.sub(self._sprint_of_project, raw))
        # "in progress/PR/reopened": any of them
        raw = LEVEL_PLUS.sub(" priority or above", SLASHED_LIST.sub(" or ", raw.replace("and/or", "or")))
        if SORTING.search(raw):  # "sort by prio high to low": the order's direction, not a range of levels
            raw = HIGH_TO_LOW.sub(lambda m: " descending" if m.group("high") else " ascending", raw)
        raw = EXCLUDED_AFTER.sub(r"excluding \g<what>", raw)  # "WEB issues, bugs excluded"
        raw = TAKEN_OUT.sub(r"excluding \g<what>", raw)  # "take the bug reports out of that"
        raw = EXCLUDING_THOSE.sub("excluding ", EXCLUDING_WHOSE.sub(r"excluding \g<field> ", raw))
        raw = ONE_OF_THE_COMMENTS.sub(r"\g<whose> comments", raw)  # "in one of their comments": in their comments
        # "aren't unresolved" is resolved; "stopped being blocked" is no longer blocked
        raw = NOT_UN.sub(r"\g<what>", STOPPED_BEING.sub("no longer ", raw))
        raw = EXAMPLES.sub(" ", SPELLED_OUT.sub(self._category_spelled_out, raw))
        raw = NEITHER_NOR.sub(r"not \g<first> or", NEITHER_EMPTY.sub(r"with no \g<first> and no \g<second>", raw))
        raw = SHARED_TAIL.sub(self._shared_tail, raw)
        raw = self._named_parents(self._without_descriptions(raw))
        raw = KIND_BESIDE_KEY.sub(lambda m: m.group("key") or m.group("key2"), raw)
        raw = PRE_POST_YEAR.sub(lambda m: "after " if m.group(1) == "post" else "before ", HI_LEVEL.sub("high", raw))
        raw = NOT_ENDED_EITHER.sub(r"\g<not>\g<yet> \g<a> and not \g<b>", raw)
        raw = NEGATED_COMMA_LIST.sub(lambda m: m.group(0).replace(",", " or"), raw)
        raw = EITHER_AFTER.sub(r"\g<before>", raw)  # "reported by either Colin or Antranig": by one of them
        raw = JQL_PERIOD.sub("", raw)  # "created -30d", as JQL says a period back: "created 30d"
        plans = list(SO_THAT.finditer(raw))
        asides = [m for m in PURPOSE.finditer(raw) if m.group("said") or m.group("owner")] + list(
            REQUESTER.finditer(raw)) + plans + list(REMARK.finditer(raw))
        aside = [w for m in asides for w in self.story_words(m.group("aside"))]
        # what the asker will do is no situation: each of its words is named ("… so I can chase their owners")
        aside += [w for w in dict.fromkeys(w for m in plans for w in unicode_words(m.group("aside")).split())
                  if _content(w) and w not in aside]
        for m in sorted(asides, key=lambda m: m.start(), reverse=True):  # the owner stays: "Carla's review"
            for group in ("said", "aside"):
                if group in m.re.groupindex and m.group(group):
                    raw = raw[:m.start(group)] + " " * (m.end(group) - m.start(group)) + raw[m.end(group):]
        raw = ASKED_FIELD.sub(" ", self._raw_conditions(raw, slots))
        # a sentence's end stands as a used word's mark: no reader matches across it ("… in Infusion never got triaged.
        # Which Infusion bugs …": the negation is the first sentence's)
        raw = NEGATED_ASIDE.sub(rf"\g<0> {USED} ", SENTENCE_END_WORD.sub(f" {USED} ", raw))
        words = Words(unicode_words(raw).split())
        if people:  # first: "is assigned to someone other than me", "what do I still have to finish"
            self._me(words, slots)
        self._link_types_named(words, slots)
        self._order(words, slots)  # before the resolutions: "the ones left alone longest first" is no Won't Do
        self._declined(words, slots)
        self._not_fixed(words, slots)
        self._empties(words, slots)
        self._resolutions(words, slots)
        previous_sprint = self._previous_sprint_said(words)  # the words said, or None
        self._sprint_state(words, slots)
        if slots.sprint_state is None:
            self._project_sprint(words, slots)
        self._version_state(words, slots)
        self._links_without_key(words, slots)
        if people:
            self._people(words, slots)
            self._both_roles(words, slots)
        words.take_all(EVERY_PROJECT)
        while self.lexicon.priority_order and (least := LEAST.search(words.free())):
            start, end = words.span(least)
            words.take(start, end)
            negation = _negation(words.before(start, 6))  # "not the least important": every level but the last
            if negation:
                _take_negation(words, negation, start)
            target = (slots.excluded if negation else slots).priorities
            target += [] if self.lexicon.priority_order[-1] in target else [self.lexicon.priority_order[-1]]
        for match in words.take_all(NAMED_CATEGORY):  # before values: "status category not done" names no status
            excluded = match.group("not") or match.group("not2")
            target = slots.excluded.status_categories if excluded else slots.status_categories
            category = match.group("category") or match.group("category2") or match.group("category3")
            target.append(CATEGORY_KEYS[category])
        self._priority_compared(words, slots)
        self._values(words, slots, people)
        self._numbered_sprint(words, slots)
        if previous_sprint and not slots.carried_over:  # ("rolled over from a previous sprint": any closed one)
            self._previous_sprint(slots, previous_sprint)
        if slots.parents and slots.issue_types and not DIRECT.search(raw):
            # "bugs under INIT-5": a kind can sit levels below the issue named, and kinds do not nest
            slots.descendants_of, slots.parents = slots.descendants_of + slots.parents, []
        self._categories(words, slots)
        words.take_all(STATE_OF_A_KIND)
        _excluded_wins(slots)
        unfixed = slots.resolutions and not {r.lower() for r in slots.resolutions} & {"fixed", "done"} \
            and not FIX_VERSION_SAID.search(self.possessive)
        if ("fixVersion" in slots.empty or unfixed) and slots.fix_versions:
            # "2.0 issues with no target release", "VP 0.1 wontfix": a version beside no fix version, or beside an
            # ending that fixed nothing, is the one affected
            slots.affected_versions += [v for v in slots.fix_versions if v not in slots.affected_versions]
            slots.assumed.append(f"I read {', '.join(slots.fix_versions)} as the version affected.")
            slots.fix_versions = []
        if (self.plate or self.waiting) and "resolution" not in slots.empty and not (
                slots.statuses or slots.status_categories or slots.resolutions or slots.was_statuses
                or "resolution" in slots.filled or _resolution_dated(slots)):
            slots.empty.append("resolution")  # "on Ana's plate": her open work, unless a state is said
            if self.waiting and not self.plate:
                slots.assumed.append(f"I read '{self.waiting}' as work still open.")
        stale = STALE_SAID.search(self.possessive)
        if stale and not (slots.statuses or slots.status_categories or slots.resolutions or slots.empty
                          or slots.filled or slots.was_statuses) and any(
                d.field == "updated" and d.end and not d.start for d in slots.dates):
            slots.empty.append("resolution")  # "tasks stale 90d": work left open and untouched, not closed work
            slots.assumed.append(f"I read '{stale.group(0)}' as open work.")
        if "resolution" in slots.empty:
            self._unresolved_notes(slots)
        if PROBLEMS.search(raw) and any(t.lower() == "bug" for t in slots.issue_types + slots.excluded.issue_types):
            slots.assumed.append("I read 'problems' as bugs.")
        self._unknown_names(words, typed or text)
        slots.ignored = self._leftovers(words, slots)
        # named, as a story's words are; not the name of a person the request reads ("… about his workload")
        read_people = {w for t in self.lexicon.of("person") if t.value in slots.assignees + slots.reporters
                       for w in unicode_words(t.label).split()} if aside else set()
        slots.ignored += [w for w in aside if w not in slots.ignored and w not in read_people]
        self._aside_project(asides, slots)
        self._ambiguous_project_word(slots)
        unplaced = unplaced_name(typed or text, slots.ignored, self.lexicon)
        if unplaced:
            raise Unknown(unplaced)
        self.unused = [w for w in words.left() if w not in FILLER and w != USED and not w.isdigit() and len(w) > 2]
        if terse_text:
            self._keywords_as_text(words, slots, text)
        # "… (leave out anything nobody owns)": an emptiness both said and excluded is excluded; both would select
        # nothing at all
        slots.empty = [field for field in slots.empty if field not in slots.filled]
        return slots

    # --- on the lower-cased text, before punctuation goes ---------------------------------------

    def _raw_conditions(self, raw: str, slots: Slots) -> str:
        text = Text(CONTRACTION.sub(lambda m: f"{m.group(1)} is", raw))
        for match in list(RETURNED_AFTER.finditer(text.value)):  # how it ended before it came back: history
            text.blank(match.start("after"), match.end("after"))
        tagged_end = None  # where the last quoted label ends: "tagged 'performance' and 'regression'"
        for match in re.finditer(r'"([^"]{1,100})"|(?<![\w])\'([^\']{2,100})\'(?![\w])', text.value):
            quoted = match.group(1) or match.group(2)
            tagged = TAGGED.search(text.value[:match.start()])
            listed = tagged_end is not None and re.fullmatch(r"\s*(?:,|and|or)?\s*",
                                                             text.value[tagged_end:match.start()])
            kind = re.search(r"\b(sprint|project|component|label|version|release|status|"
                             r"epic|type)\s*$", text.value[:match.start()])
            link = re.match(r"\s*(?:issue )?(?:links?|relationships?|relations?)\b", text.value[match.end():])
            # "the 'Website' component", "the 'Website' part": the name's kind said after it
            named_kind = re.match(r"\s*(component|project|label|version|release|sprint|status|part|piece|area|"
                                  r"module)s?\b", text.value[match.end():])
            kind_named = None if named_kind is None else (
                "component" if named_kind.group(1) in ("part", "piece", "area", "module")
                else named_kind.group(1).replace("release", "version"))
            # "of the 'Sub-issue' kind": an issue type by its name, which must exist
            kind_after = re.match(r"\s*(?:issue |ticket )?(?:kind|type)\b", text.value[match.end():])
            if kind:  # sprint "MOB Sprint 99": a name, which must exist; 'exclude component "Checkout"': not in it
                left_out = LEFT_OUT_BEFORE.search(text.value[:kind.start()])
                self._quoted_value(kind.group(1).replace("release", "version"), quoted,
                                   slots.excluded if left_out else slots)
                if left_out:
                    text.blank(left_out.start(), left_out.end())
                text.blank(kind.start(), kind.end())  # "of type 'Task'": the word only says what the name is
            elif kind_after:
                self._quoted_value("type", quoted, slots)
                text.blank(match.end(), match.end() + kind_after.end())
            elif named_kind and kind_named and any(m.score >= 0.9 for m in self.grounder.find(kind_named, quoted)):
                self._quoted_value(kind_named, quoted, slots)
                text.blank(match.end(), match.end() + named_kind.end())
            elif quoted.lower() in self.status_values and STATE_BEFORE_QUOTE.search(text.value[:match.start()]):
                self._quoted_value("status", quoted, slots)  # "initiatives that show 'In Progress'": that state
            elif (tagged or listed) and any(t.value.lower() == quoted.lower() for t in self.lexicon.of("label")):
                self._quoted_value("label", quoted, slots)  # things marked 'regression': the label of that name
                if tagged:
                    slots.every_label = slots.every_label or " both" in tagged.group(0)
                    text.blank(tagged.start(), tagged.end())
                tagged_end = match.end()
            elif option := next((t for t in self.lexicon.of("option") if t.value.lower() == quoted.lower()), None):
                # "with the severity 'S2 - Major'": the select field's option of that name, the field word with it
                chosen = FieldOption(field=option.field or "", value=option.value)
                slots.options += [] if chosen in slots.options else [chosen]
                if field_word := re.search(rf"\b{re.escape((option.field or '').lower())}\s*(?:is|of|=|:)?\s*$",
                                           text.value[:match.start()]):
                    text.blank(field_word.start(), field_word.end())
            elif link and quoted.lower() in self.link_names:  # an 'is blocked by' link
                slots.links.append(LinkFilter(link_type=self.lexicon.link_said(quoted.lower())))
                text.blank(match.end(), match.end() + link.end())
            else:
                slots.text = " ".join(filter(None, [slots.text, quoted]))
                if verb := MENTION_BEFORE_QUOTE.search(text.value[:match.start()]):
                    text.blank(verb.start(), verb.end())
                if field := QUOTED_IN_FIELD.search(text.value[:match.start()]):
                    slots.text_field = QUOTED_IN[field.group(1)]
                    text.blank(field.start(), field.end())
            text.blank(match.start(), match.end())
        for pattern, link_type in KEY_LINKS:
            for match in list(pattern.finditer(text.value)):
                key = match.group("key") or match.group("key2")
                said = self.lexicon.link_said(link_type) if link_type else None
                slots.links.append(LinkFilter(key=str(key).upper(), link_type=said))
                if re.search(r"\bstill\s+$", text.value[:match.start()]) and "resolution" not in slots.empty:
                    slots.empty.append("resolution")  # "what is still blocking OPS-553": the blockers not resolved
                text.blank(match.start(), match.end())
        named = {k.upper() for k in re.findall(rf"\b{KEY}\b", text.value, re.I)}
        linked = THE_LINKED.search(text.value)
        if linked and len(named) == 1 and not slots.links:  # "PROJ-12 has many links; which linked issues are open"
            slots.links.append(LinkFilter(key=named.pop()))
            text.blank(linked.start("linked"), linked.end("linked"))
        for match in list(MATTERS.finditer(text.value)):
            text.blank(match.start(), match.end())
        text.value = DESCRIPTOR.sub("", text.value)
        text.value = DESCRIPTOR_AFTER.sub(r"\g<key>", text.value)
        self._parents(text, slots)
        self._numbers(text, slots)
        # a key left is not a filter: "PROJ" and "9" of PROJ-9; "sev-1" (no project SEV) is words to read
        text.value = re.sub(rf"\b{KEY}\b", lambda m: USED if self._of_a_project(m.group(0))
                            else m.group(0).replace("-", " "), text.value)
        # overdue as said, before the dates go ("created late last year" is a time); blanked after them
        said_overdue = OVERDUE.search(text.value) is not None
        self.history.read(text.value, slots, text.blank)  # before dates: "moved to Blocked since May" bounds a change
        self._dates(text, slots)
        self._text(text, slots)
        overdue = OVERDUE.search(text.value) if said_overdue else None
        if overdue:
            slots.overdue = True
            text.blank(overdue.start(), overdue.end())
        return text.value

    def _states_said_of_a_category(self, words: Words, slots: Slots) -> None:
        """"being worked on right now, counting ones in review or blocked": states of one category named beside the
        words that say that category only say what it holds; the category is meant."""
        categories = {self.lexicon.status_categories.get(status) for status in slots.statuses}
        if len(slots.statuses) < 2 or len(categories) != 1 or None in categories or slots.status_categories \
                or slots.excluded.statuses:
            return  # one state named beside the words ("done, resolved in 2025") is that state
        category = str(categories.pop())
        for named, pattern in CATEGORIES:
            said = pattern.search(words.free())
            if named == [category] and said and _negation(words.before(words.span(said)[0], 6)) is None:
                slots.statuses, slots.status_categories = [], [category]
                return

    @staticmethod
    def _category_restated(words: Words, named: set[str]) -> None:
        """Words that say the category already named ("started but not finished (in progress, in review or
        blocked)") are used with it; words that say another stay unused, and are named."""
        agreeing = []
        for categories, pattern in CATEGORIES:
            for match in pattern.finditer(words.free()):
                start, end = words.span(match)
                negation = _negation(words.before(start, 6))
                if named <= set(categories) if negation is None else not named & set(categories):
                    agreeing.append((start, end, negation))
        for start, end, negation in agreeing:
            words.take(start, end)
            if negation is not None:
                _take_negation(words, negation, start)

    def _category_spelled_out(self, match: re.Match) -> str:
        """"(in progress, in review or blocked)": the states of one category listed in brackets, after the words that
        say it ("started but not finished"), are that category, named so; no list a negation before could reach."""
        by_name, last_words = self.status_category_of, self.status_by_last_word
        items = [item.strip() for item in LIST_SPLIT.split(match.group("items")) if item.strip()]
        items = [last_words.get(item, item) if item not in by_name else item for item in items]
        categories = {by_name.get(item) for item in items}
        if len(items) < 2 or len(categories) != 1 or None in categories:
            return match.group(0)
        category = str(categories.pop())
        if {name for name, key in by_name.items() if key == category} - set(items):
            return match.group(0)  # "(in review or blocked)": some of its states, named
        before = match.string[max(0, match.start() - 40):match.start()]
        said = [named for named, pattern in CATEGORIES if re.search(rf"(?:{pattern.pattern})\W*(?:\w+\W*)?$", before)]
        if said and all(named == [category] for named in said):
            return " " * len(match.group(0))  # "haven't reached a finished state (done or won't do)": said already
        return f" {CATEGORY_LABELS[category].lower()} category "

    def _named_parents(self, raw: str) -> str:
        """"what's left in the Wish lists v2 epic": the epic its summary names, as its key ("… under WEB-410"); two
        epics of that summary are asked about."""
        def keyed(match: re.Match) -> str:
            if not (match.group("kind") or match.group("kind2")) or re.match(rf"\s*\(?\s*{KEY}", raw[match.end():]):
                return match.group(0)  # no word for its kind, or the key said beside it ("… epic (WEB-410)")
            keys = self.lexicon.epics[unicode_words(match.group("name"))]
            if any(re.search(rf"\b{re.escape(key)}\b", raw, re.IGNORECASE) for key in keys):
                return match.group(0)  # "the Alert routing v1 epic, OPS-455": its key is said, the name describes it
            if len(keys) > 1:
                raise Unknown(f"'{match.group('name')}' names {len(keys)} issues: {', '.join(keys)}. Which one?")
            under = re.search(rf"\b(?:{UNDER}|in|of)\s+(?:the\s+)?$", raw[:match.start()])
            return f" {keys[0]} " if under else f" under {keys[0]} "

        # only where a kind is said: the names are many, the words rare
        if self.epic_said is None or not re.search(r"\b(?:epic|initiative|feature)\b", raw):
            return raw
        return self.epic_said.sub(keyed, raw)

    def _without_descriptions(self, raw: str) -> str:
        """"In Kettle, the server-side framework, which …", "the museum mobile app project (Fluid Engage)": words that
        describe a project or component the question names say what it is, no condition ("framework" is no
        component there)."""
        def names(said: str, whole: bool) -> bool:  # the words end with a name ("in Kettle"), or are one
            words = unicode_words(said).split()
            return any(m.score == 1.0 for size in ([len(words)] if whole else range(1, min(4, len(words)) + 1))
                       for kind in ("project", "component")
                       for m in self.grounder.find(kind, " ".join(words[-size:])))

        def appositive(match: re.Match) -> str:
            return match.group("name") + ("," if names(match.group("name"), False) else match.group("rest"))

        def parenthesised(match: re.Match) -> str:
            return f" {match.group('name')} " if names(match.group("name"), True) else match.group(0)

        return DESCRIBED_IN_BRACKETS.sub(parenthesised, DESCRIBED_AFTER.sub(appositive, raw))

    def _shared_tail(self, match: re.Match) -> str:
        """"image or layout reorderer": two names sharing their last word(s), said once, when both are names of one
        kind (Image Reorderer, Layout Reorderer)."""
        first, second, tail = match.group("a"), match.group("b"), match.group("tail").split()
        for size in (2, 1):
            end = " ".join(tail[:size])
            kinds = [{m.term.kind for m in self.grounder.find(kind, f"{said} {end}") if m.score == 1.0}
                     for said in (first, second) for kind in ("component", "project", "label")]
            if len(tail) >= size and any(a & b for a, b in zip(kinds[:3], kinds[3:], strict=True)):
                return f"{first} {end} {match.group('join')} {second} {' '.join(tail)}"
        return match.group(0)

    def _corrected(self, match: re.Match) -> str:
        """A misspelt condition word ("unresolvd", "assgined") as meant; the instance's own words stay."""
        word = match.group(0)
        if word in CUE_VOCABULARY or word in FILLER or word in self.known_words:
            return word
        close = [c for c in CLOSE_CUES.matches(word, n=1, cutoff=0.85)
                 if c[0] == word[0] and abs(len(c) - len(word)) <= 1 and not c.startswith(word)  # "finish" is a word
                 and not (word.endswith("er") and c == word[:-2] + "ed")]  # "starter" is no "started"
        swapped = [c for c in CUE_VOCABULARY if c[0] == word[0] and c != word and sorted(c) == sorted(word)]
        return (close or swapped or [word])[0]  # swapped letters ("opne") are too far for the ratio in short words

    def _quoted_value(self, kind: str, value: str, slots: ValueFilters) -> None:
        kind = "project" if kind == "epic" else kind
        matches = [m for m in self.grounder.find(kind, value) if m.score >= 0.9]
        if not matches:
            raise Unknown(self._no_such(kind, value))
        target = getattr(slots, _ATTRIBUTE[kind])
        if matches[0].term.value not in target:
            target.append(matches[0].term.value)

    def _of_a_project(self, key: str) -> bool:
        """Whether a key-shaped word names a project the instance has ("MOB-655"; not "sev-1", "covid-19")."""
        return key.split("-")[0].upper() in self.project_keys

    def _parents(self, text: Text, slots: Slots) -> None:
        deep = DEEP.search(text.value)  # read before "under INIT-3" is used: "anywhere under INIT-3"
        for pattern in (PARENT, KEY_CHILDREN):
            for match in list(pattern.finditer(text.value)):
                key = next(k for k in match.groups() if k and re.fullmatch(KEY, k)).upper()
                if not self._of_a_project(key):
                    continue  # "sev-1 bugs": no project SEV, so no issue either
                slots.parents.append(key)
                # "children of WEB-410 and WEB-496": each key listed after it is a parent too
                listed = MORE_KEYS.match(text.value, match.end())
                if pattern is PARENT and listed:
                    slots.parents += [k.upper() for k in re.findall(KEY, listed.group(0))
                                      if self._of_a_project(k) and k.upper() not in slots.parents]
                    text.blank(listed.start(), listed.end())
                # "MOB-655 open stories": only the key is used; "open stories" are conditions still to read
                if pattern is KEY_CHILDREN:
                    text.blank(match.start("key"), match.end("key"))
                    if match.group("noun"):  # "DATA-5's children": the noun only says they are its children
                        text.blank(match.start("noun"), match.end("noun"))
                elif match.group("kind"):  # "bugs under INIT-5": the kind is a condition still to read
                    text.blank(match.start("under"), match.end("under"))
                elif match.group("kind3"):  # "open stories MOB-655": likewise
                    text.blank(match.start("key3"), match.end("key3"))
                else:
                    text.blank(match.start(), match.end())
        if deep:  # the whole subtree, not only the direct children
            roots = slots.parents or [k.upper() for k in re.findall(rf"\b{KEY}\b", text.value)[:1]]
            slots.descendants_of, slots.parents = roots, []
            if roots and deep.group(0).startswith("everything"):  # "everything under": some mean its children only
                slots.assumed.append(f"I included every level under {', '.join(roots)}, sub-tasks too.")
            text.value = DEEP.sub(" ", text.value)
            for key in roots:
                text.value = re.sub(rf"\b{re.escape(key.lower())}\b", " ", text.value)

    def _dates(self, text: Text, slots: Slots) -> None:
        found = []
        now = _iso_now(self.now())
        value = text.value  # as the windows were found: the loop blanks what it reads
        ahead: dict[tuple[int, int], TimeWindow] | None = None  # found only when a due date is asked about
        windows = find_windows(value, self.now(), self.lexicon.sprints)
        for start, end, window in windows:
            before = text.value[:start]
            if self.cue_names:
                before = self.cue_names.sub(lambda m: " " * len(m.group(0)), before)
            field_name, cued, negated, modifier = self._date_field(before)
            if not cued and FRONTED.search(before) and (after := self._cue_after(text.value[end:])):
                # "Over the past seven days, how many tickets were closed?": the time said first, its cue after
                # ("…, which bugs were not updated?": negated there as before it)
                field_name, cued, negated = after
            field_name = field_name if cued else self.date_field or field_name
            if field_name == "due":  # a due date is mostly ahead: "due in March", "deadline before 1 Jan" read forward
                if ahead is None:
                    ahead = {(s, e): w for s, e, w in find_windows(value, self.now(), self.lexicon.sprints, ahead=True)}
                window = ahead.get((start, end), window)
            terse = cued and SPAN.match(window.phrase) and not re.match(r"(?:for|in|within) ", window.phrase)
            if (SPAN.match(window.phrase) or UPCOMING.match(window.phrase)) and not negated and field_name != "due" \
                    and not terse:  # "updated 30d", as keywords say it: in the last 30 days
                continue  # "fixed within 10 days" is a duration, "created soon" nothing: left unread, so named
            if SPAN.match(window.phrase) and not negated and window.start and (not terse or field_name == "due"):
                # "due in 2 weeks", "due 2wks": ahead
                window = window.model_copy(update={"start": now, "end": _mirror(window.start, now)})
            if negated and window.start:  # "not updated since 2012": last updated before it
                window = window.model_copy(update={"start": None, "end": window.start})
            elif field_name == "due" and window.start and not window.end and window.start < now:
                window = window.model_copy(update={"end": now})  # "due in the last 2 weeks": not the ones ahead
            if "sprint" in window.phrase and (not cued or negated or (
                    window.phrase.startswith("current")
                    and not re.search(r"\b(?:in|during|over|since)\s*(?:the\s*)?$", before))):
                continue  # "in the current sprint", "Zoe reported current sprint", "not done in the current sprint":
                # membership, not a time
            if field_name != "due" and window.start and window.start > now and (
                    not cued or not DATE_CUE_WORDS.search(re.split(r"[,;:.!?]", before)[-1])):
                continue  # "the planning call is next week", "won't fix, I'll deal with them tomorrow": nothing was
                # created or resolved in the future, unless its own clause says so ("created in 2030": none)
            if not cued and WEEKDAY.fullmatch(window.phrase) and not window.phrase.startswith("from "):
                continue  # "before planning on monday", "on call this weekend": a day said without what happened
                # then is the asker's
            if not cued and len(windows) > 1 and ASKER_AWAY.search(text.value[:start]):
                continue  # "I was off last week … updated in the last 7 days": the asker's time, not the issues'
            sentence = re.split(r"[.!?;:(]\s+|\s[-–]\s", text.value[:start])[-1]
            if not cued and CONTEXT_BEFORE_REQUEST.search(text.value[end:]) and not ISSUE_NOUN.search(sentence):
                continue  # "sprint 52 ended yesterday. What is still open?": when the asker's story happened, not
                # the issues' ("bugs from October. Which are open?" is theirs); its words are named as not used
            found.append((cued, DateRange(field=field_name, start=window.start, end=window.end, phrase=window.phrase)))
            text.blank(start, end)
            if back := re.search(r"\b(?:way )?back\s*$", text.value[:start]):  # "back in 2008": when, said so
                text.blank(back.start(), start)
            if modifier:  # "not", "no", "last" before the date word: read with it
                text.blank(*modifier)
        cued_ranges = {(d.start, d.end) for cued, d in found if cued}
        self.uncued = [d.phrase for cued, d in found if not cued]
        # "for last week's newsletter: what did the team resolve last week?": the uncued copy is context
        slots.dates += [d for cued, d in found if cued or (d.start, d.end) not in cued_ranges]

    def _numbers(self, text: Text, slots: Slots) -> None:
        """Story points compared with a number: "8+ points", "more than 5 points", "estimated at 3 points"; or none
        given: "unestimated"."""
        field = self.points_field
        if field is None:
            return
        for match in no_points_said(text.value):
            slots.numbers.append(NumberFilter(field=field, operator="=", value=None))
            text.blank(match.start(), match.end())
        comparisons = ((POINTS_AT_LEAST, ">="), (POINTS_AT_MOST, "<="), (POINTS_OVER, ">"), (POINTS_UNDER, "<"),
                       (POINTS_EXACT, "="))
        for pattern, operator in comparisons:
            for match in list(pattern.finditer(text.value)):
                number = next(v for v in match.groupdict().values() if v)
                slots.numbers.append(NumberFilter(field=field, operator=operator, value=float(number)))  # type: ignore[arg-type]
                text.blank(match.start(), match.end())

    @staticmethod
    def _cue_after(after: str) -> tuple[DateField, bool, bool] | None:
        """The date field a cue names in the clause after a time said first (the nearest cue winning), and whether
        the cue is negated."""
        clause = re.split(r"[.;?!]", after)[0][:80]
        found = [(m.start(), name) for name, cue, stale in DATE_CUE_PATTERNS if not stale
                 for m in cue.finditer(clause)]
        if not found:
            return None
        start, name = min(found)
        negated = bool(NOT_SINCE.search(re.sub(r"\b(?:been|yet)\s*$", "", clause[:start].rstrip())))
        # ("…, which tasks have not been closed?": still open, which says nothing of when they were resolved)
        return None if negated and name == "resolved" else (name, True, negated)

    @staticmethod
    def _date_field(before: str) -> tuple[DateField, bool, bool, tuple[int, int] | None]:
        """The date field the words before a time expression name (the nearest cue in the same clause),
        whether one did ("created" when none does), whether the cue is negated ("not updated since"), and the
        span of the word before the cue that says so, or of "last" in "last updated"."""
        best: tuple[int, int, int, DateField] = (-1, 0, -1, "created")  # end, length, start, field
        # (a negation in brackets is its own: "completed (not dropped) between July and September")
        tail = NEGATED_ASIDE.sub(lambda m: " " * len(m.group(0)), re.split(r"[.;?!]", before[-60:])[-1])
        stale = False
        for name, cue, says_stale in DATE_CUE_PATTERNS:
            for match in cue.finditer(tail):
                # the cue ending nearest wins, the longer of two ending together ("needs to be done by": due)
                if (match.end(), match.end() - match.start()) > best[:2]:
                    best = (match.end(), match.end() - match.start(), match.start(), name)
                    stale = says_stale
        if best[0] < 0:
            return "created", False, False, None
        offset = len(before) - len(tail)
        said = NOT_SINCE.search(tail[:best[2]]) or LAST_BEFORE_CUE.search(tail[:best[2]])
        modifier = (offset + said.start(), offset + said.end()) if said else None
        if stale or " be " in tail[best[2]:best[0]]:  # "needs to be done by", "untouched for": no status
            modifier = (offset + best[2], offset + best[0])
        negated = stale or bool(said and said.re is NOT_SINCE)
        return best[3], True, negated, modifier

    # --- on the words ----------------------------------------------------------------------------

    def _empties(self, words: Words, slots: Slots) -> None:
        for said in words.take_all(FIELD_SAID_EMPTY):  # "resolution empty", "fix version is blank"
            emptied = FIELD_NAMES_EMPTIED[re.sub(r"s$", "", said.group("field").replace(" ", ""))]
            slots.empty += [] if emptied in slots.empty else [emptied]
            self.unresolved_said += [said.group(0)] if emptied == "resolution" else []
        for name, pattern in EMPTY_FIELDS:
            found = []
            while (match := pattern.search(words.free())) and match.group(0).strip():
                start, end = words.span(match)
                words.take(start, end)
                if excluding := EXCLUDING_BEFORE.search(words.before(start, 4)):  # "leaving out the unassigned"
                    words.take_near(start, len(excluding.group(0).split()), backward=True)
                    slots.filled += [] if name in slots.filled else [name]  # type: ignore[list-item]
                    continue
                found.append(match)
            if found and name not in slots.empty:
                slots.empty.append(name)  # type: ignore[arg-type]
            # "nobody has picked up yet", "still unassigned": work still waiting for someone, so open work
            waiting = NOT_YET_TAKEN.search(self.possessive) if found and name == "assignee" else None
            self.waiting = waiting.group(0) if waiting else self.waiting
            self.unresolved_said += [m.group(0) for m in found] if name == "resolution" else []
        for name, pattern in FILLED_FIELDS:  # ("don't have anyone working on them assigned": said empty already)
            if words.take_all(pattern) and name not in slots.filled and name not in slots.empty:
                slots.filled.append(name)  # type: ignore[arg-type]

    def _not_fixed(self, words: Words, slots: Slots) -> None:
        """"closed but not fixed", "resolved without being fixed": ended some other way, not left unresolved."""
        # where no resolution is called Fixed, Done is how a fix is recorded (said with the answer)
        fixed = self.resolution_names.get("fixed") or self.resolution_names.get("done")
        if fixed is None:
            return
        for match in list(NOT_FIXED_WHEN_DONE.finditer(words.free())):
            if fixed not in slots.excluded.resolutions:
                slots.excluded.resolutions.append(fixed)
                if fixed.lower() != "fixed":
                    slots.assumed.append(f"I read '{match.group('not')}' as any resolution but {fixed}.")
            words.take(*words.span(match, "not"))

    def _declined(self, words: Words, slots: Slots) -> None:
        """"the team declined to fix", "closed as not going to be done": the instance's won't-fix or won't-do
        resolution, the one the words name first."""
        names = self.resolution_names
        found = [(words.span(m), m.group("verb"), m.group("decided")) for m in DECLINED.finditer(words.free())]
        last_end, last_value = -1, ""
        fixed = names.get("fixed")
        for (start, end), verb, decided in found:
            if " ".join(words.tokens[start:end]) in self.status_words and self._said_as_status(words, start, end):
                continue  # "in the Won't Fix status", "moved to won't fix": the workflow state, where there is one
            # "won't be done" says the name; "decided not to do" a decision, the instance's usual Won't Fix first
            preferred = ("won't fix", "won't do") if verb.startswith("fix") or decided else ("won't do", "won't fix")
            value = next((names[n] for n in preferred if n in names), None)
            if value is None:
                raise Unknown(self._no_such("resolution", "Won't Fix"))
            if fixed and start >= 2 and words.tokens[start - 2] == "fixed" and words.tokens[start - 1] in LIST_JOINERS:
                start -= 2  # "neither Fixed nor Won't Fix", "other than fixed or wont fix": Fixed is listed too
                _read_resolution(words, slots, fixed, start, start + 1)
            if start == last_end:  # "decided not to do (won't fix)": the second names the first, no negation of it
                target = slots.excluded.resolutions if last_value in slots.excluded.resolutions else slots.resolutions
                target[target.index(last_value)] = value
                words.take(start, end)
            else:
                _read_resolution(words, slots, value, start, end)  # "except the won't do ones": excluded
            last_end, last_value = end, value
        if last_value:
            words.take_all(RESOLUTION_CUE)  # "whose outcome was won't fix": the word that said it is used

    def _resolutions(self, words: Words, slots: Slots) -> None:
        """"resolved as Duplicate", "closed as won't fix", "Won't Fix resolution": a resolution needs a cue
        or a name of two words, as single words ("fixed", "done") are also plain verbs."""
        fixed = self.resolution_names.get("fixed")
        if fixed and words.take_all(DID_FIX) and fixed not in slots.resolutions:
            slots.resolutions.append(fixed)
        success = [v for n, v in self.resolution_names.items() if n in ("done", "fixed")]
        for said in words.take_all(ACTUALLY_DONE) if success else []:
            slots.resolutions += [v for v in success if v not in slots.resolutions]
            slots.assumed.append(f"I read '{said.group(0)}' as resolution {' or '.join(success)}.")
        for name, phrase in RESOLUTIONS_SAID:  # "what Justin raised that we concluded wasn't actually a defect"
            value = self.resolution_names.get(name)
            if value is None or value in slots.resolutions:
                continue
            for said in words.take_all(phrase):
                slots.resolutions.append(value)
                slots.assumed.append(f"I read '{said.group(0)}' as resolution {value}.")
        found = self.grounder.scan(words.free(), {"resolution"})
        for match in found:
            before = words.before(match.start, 3)
            # "incomplete or cannot reproduce": a word listed with another resolution is one too
            listed = any(words.tokens[min(a.end, b.end):max(a.start, b.start)] in (["or"], ["nor"])
                         for a, b in ((match, other) for other in found if other is not match)) or (
                slots.resolutions and match.start >= 2 and words.used[match.start - 2]
                and words.tokens[match.start - 1] == "or") or (  # "won't do or incomplete", the first read already
                slots.resolutions and match.end + 1 < len(words.tokens) and words.used[match.end + 1]
                and words.tokens[match.end] == "or")  # "duplicate or won't fix", the second read already
            if match.end < len(words.tokens) and words.tokens[match.end] == "as" and any(
                    other.start in (match.end + 1, match.end + 2) for other in found):
                words.take(match.start, match.end)  # "abandoned as incomplete": the resolution after "as" says which
                continue
            if re.fullmatch(r"of (?:them|it|this|that|those|these)", words.after(match.end, 2)) or _names_a_link(
                    words, match.end) or re.search(r"\blinked as(?: an?)?$", before):
                continue  # "marked as duplicates of them", "with a duplicates link", "linked as duplicates": a link
            if re.search(r"\bbe$", before) and words.tokens[match.start] == "fixed":
                continue  # "scheduled to be fixed in 0.5": the plan (a fix version), not how it ended
            # "closed as", "the Duplicate resolution", "closed because the report was incomplete"
            # "ended up Incomplete"; "ended up Done" is the state, where the workflow has one of that name
            ended = re.search(r"\b(?:ended up|turned out(?: to be)?)(?: an?)?$", before) and (
                match.term.value.lower() not in self.status_values)
            left = re.search(r"\bleft(?: them| it)?$", before)  # "left incomplete", "left them incomplete"
            cue = ended or left or re.search(r"\b(?:as|(?:resolution|outcome)(?: (?:is|was|of|set to|being|equals?))?"
                                             r"(?: not| isn t| other than| anything but| except)?|"
                                             r"resolved|closed|marked|with|flagged)(?: an?)?$", before) \
                or re.search(r"\b(?:closed|resolved|dismissed|shut)(?: off| out)? (?:because\b|(?:for|as) being$)",
                             words.before(match.start, 7))
            after = words.after(match.end, 1)
            single = " ".join(words.tokens[match.start:match.end])
            if match.term.value.lower() in self.status_values and self._said_as_status(words, match.start, match.end):
                continue  # "in the Won't Fix status", "moved to won't fix": the status, where the instance has one
            named_issues = single in ADJECTIVE_RESOLUTIONS and ISSUES_SAID.fullmatch(after)  # "duplicate bugs, ones"
            # "how many engage incomplete", "justin reported incomplete": where a resolution has that name, the word
            # said of the issues is it; "incomplete work", "still incomplete" are their state
            bare = single == "incomplete" and not re.search(
                rf"{ISSUES_SAID.pattern}|\b(?:stuff|things)\b", words.after(match.end, 3)) and not re.search(
                r"\b(?:still|remains?|remained|are|is|were|was|stays?|stayed|yet|seem|seems|looks?)$", before)
            stated = bool(cue or match.end - match.start > 1 or after == "resolution"
                          or single not in VERB_LIKE_RESOLUTIONS or single == "fixed" or named_issues or listed)
            if (stated or bare) and match.score >= 0.9:
                _read_resolution(words, slots, match.term.value, match.start, match.end)  # "not the won't-dos"
                if not stated:
                    slots.assumed.append(f"I read '{single}' as resolution {match.term.value}.")
                words.take_all(RESOLUTION_CUE)
                if left:
                    words.take_near(match.start, left.group(0).count(" ") + 1, backward=True)
        if slots.resolutions:
            words.take_all(OTHER_ENDINGS)

    @staticmethod
    def _sprint_state(words: Words, slots: Slots) -> None:
        """"the current sprint", "the active Web Storefront sprint": the words between stay for the
        readers after this one (a team's or project's name); "not in the current sprint" is outside it. Work in a
        running sprint and in a closed one too was carried over ("rolled over into the current sprint")."""
        said = set()
        carried = bool(words.take_all(CARRIED_OVER))
        for state, pattern in SPRINT_STATES:
            match = pattern.search(words.free())
            if match:
                said.add(state)
                slots.sprint_state = state  # type: ignore[assignment]
                start, end = words.span(match)
                negation = _negation(words.before(start, 4))
                if negation and re.fullmatch(r"(?: yet| currently)? (?:in|from|part of)(?: the| a| an| any)?",
                                             negation.groupdict().get("rest") or ""):
                    slots.sprint_state_excluded = True
                    _take_negation(words, negation, start)
                between = match.groupdict().get("between") or ""
                kept = set(range(*words.span(match, "between"))) if between.strip() else set()
                words.take_where(start, end, keep=kept)
        # ("the stuff we keep carrying over" from closed sprints, "what might spill over" from this one: either)
        if ({"open", "closed"} <= said or (carried and "open" in said)) and not slots.sprint_state_excluded:
            slots.sprint_state, slots.carried_over = "open", True

    def _quarter_months(self, match: re.Match) -> str:
        """"created in Q2 2021", "the second quarter of 2021": its three months, where no release is named so (the
        demo's "2026.Q4" is a release)."""
        if unicode_words(match.group(0)).removeprefix("the ") in self.known:
            return match.group(0)
        said = match.group("nth") or match.group("q") or match.group("q3") or (
            "1" if match.group("edge") == "first" else "4")
        quarter = QUARTER_NUMBERS.get(said) or int(said)
        year = match.group("y1") or match.group("y2") or match.group("y3") or match.group("y4")
        first, last = calendar.month_name[3 * quarter - 2].lower(), calendar.month_name[3 * quarter].lower()
        return f"from {first} {year} to {last} {year}"

    def _sprint_of_project(self, match: re.Match) -> str:
        """"sprint 50 on web", "sprint 50 of the web storefront project": the sprint as named ("web sprint 50"),
        where the instance has one so named."""
        number, words = match.group("n"), match.group("project").split()
        for size in (2, 1)[2 - len(words):]:
            said = " ".join(words[:size])
            if f"{said} sprint {number}" in self.known:
                return " ".join([said, "sprint", number, *words[size:]])  # the project's kind word said no more
        return match.group(0)

    def _project_sprint(self, words: Words, slots: Slots) -> None:
        """"halfway through the Web Storefront sprint": a project's sprint, named by the project alone, is the one
        it is running; the project's name stays for the readers after this one."""
        match = PROJECT_SPRINT.search(words.free())
        if match and any(m.score == 1.0 for m in self.grounder.find("project", match.group("between"))):
            slots.sprint_state = "open"
            words.take_where(*words.span(match), keep=set(range(*words.span(match, "between"))))

    @staticmethod
    def _previous_sprint_said(words: Words) -> str | None:
        """"in the previous WEB sprint", "how did the last sprint go": the words between stay for the readers after
        this one; which sprint it is waits for the project (`_previous_sprint`)."""
        match = PREVIOUS_SPRINT.search(words.free())
        if match:
            between = match.group("between")
            words.take_where(*words.span(match), keep=set(range(*words.span(match, "between"))) if between else set())
        return match.group(0) if match else None

    def _numbered_sprint(self, words: Words, slots: Slots) -> None:
        """"the ops team's fiftieth iteration", "their iteration number 50": the project's sprint of that number (a
        sprint is named after its project's key), where one project is asked about and has it."""
        said = NUMBERED_SPRINT.search(words.free())
        if not said or len(slots.projects) != 1:
            return
        name = f"{slots.projects[0]} Sprint {_ordinal_number(said)}".lower()
        sprint = next((t for t in self.lexicon.of("sprint") if t.label.lower() == name), None)
        if sprint is not None:
            slots.sprints += [] if sprint.value in slots.sprints else [sprint.value]
            words.take(*words.span(said))

    def _previous_sprint(self, slots: Slots, said: str) -> None:
        """The sprint that ended last in each project asked about, or in every project (a sprint is named after its
        project's key); said with the answer. With no sprint known, every closed sprint."""
        now = self.now()
        last: dict[str, Sprint] = {}
        for sprint in (s for s in self.lexicon.sprints if s.end and parse_iso(s.end) <= now):
            project = sprint.name.split()[0]
            if (not slots.projects or project in slots.projects) and (
                    project not in last or parse_iso(sprint.end or "") > parse_iso(last[project].end or "")):
                last[project] = sprint
        if not last:
            slots.sprint_state = "closed"
            return
        slots.sprints += [s.id for s in last.values()]
        slots.assumed.append(f"I read '{said}' as {', '.join(s.name for s in last.values())}, the last to end.")

    @staticmethod
    def _version_state(words: Words, slots: Slots) -> None:
        if words.take_all(UNRELEASED):
            slots.version_state = "unreleased"
        elif words.take_all(RELEASED):
            slots.version_state = "released"

    def _link_types_named(self, words: Words, slots: Slots) -> None:
        """"link type duplicates": the link type, before any reader takes its name as a resolution (beside an issue
        key, the key's link, read with it)."""
        if self.link_type_said is None or re.search(KEY, self.typed, re.IGNORECASE):
            return
        for match in words.take_all(self.link_type_said):
            named = match.group("link")
            link = LinkFilter(link_type=self.lexicon.link_said(self.lexicon.link_type_names.get(named, named)))
            slots.links += [] if link in slots.links else [link]

    def _links_without_key(self, words: Words, slots: Slots) -> None:
        for match in words.take_all(self.side_link) if self.side_link else ():
            link = LinkFilter(link_type=self.lexicon.link_said(match.group("link")))
            slots.links += [] if link in slots.links else [link]
        for pattern, outward in self.named_links:
            if words.take_all(pattern):
                for side in (outward, self.lexicon.inverse_links.get(outward, outward)):
                    link = LinkFilter(link_type=side)
                    slots.links += [] if link in slots.links else [link]
        patterns = LINK_ANY if self.blocked_status else [*LINK_ANY, ("is blocked by", BARE_BLOCKED)]
        for link_type, pattern in [*patterns, *self.link_verbs]:
            if words.take_all(pattern):
                link = LinkFilter(link_type=self.lexicon.link_said(link_type))
                slots.links += [] if link in slots.links else [link]
        keyless = [link.link_type for link in slots.links if not link.key and link.link_type]
        if keyless and words.take_all(EITHER_DIRECTION):  # "a dependency link, either direction": both sides
            slots.links += [LinkFilter(link_type=self.lexicon.inverse_links[kind]) for kind in keyless
                            if self.lexicon.inverse_links.get(kind, kind) not in keyless]

    def _order(self, words: Words, slots: Slots) -> None:
        if self.points_field:  # "sort by story points desc", "biggest first": by the instance's points field
            for match in words.take_all(POINTS_ORDER):
                way = "desc" if match.group("big") else "asc" if match.group("small") else match.group("way")
                slots.order_by = _directed(f"{quote(self.points_field)} ASC", way)
        for match in words.take_all(SORTED_AT_END):
            slots.order_by = _directed(ORDER_FIELDS[match.group("field") or match.group("field2")],
                                       match.group("way") or match.group("way2"))  # "by urgency desc"
        for match in words.take_all(ORDER):
            chosen = next(filter(None, (match.group(name) for name in (
                "field", "field2", "field3", "field4", "bare", "agefield", "first", "start", "whenverb", "whenverb2",
                "person"))), None) or ("least urgent" if match.group("mostleast") == "least" else
                                       "priority" if match.group("mostleast") else None) or next(
                (field for group, field in ORDER_SAID.items() if match.group(group)), "updated")
            way = match.group("way") or match.group("bareway") or match.group("age") or match.group("span") or (
                match.group("dir") or "").strip() or None
            slots.order_by = _directed(ORDER_FIELDS[chosen.replace("-", " ")], way)  # "highest-priority first"

    def _text(self, text: Text, slots: Slots) -> None:
        """"mentioning keyboard", "about the uploader": words to search for, at most four, up to the
        next condition or punctuation; a mention verb is preferred over "about"."""
        for anywhere in TEXT_ANYWHERE.finditer(text.value):  # "JAWS anywhere in text": where, not what
            text.blank(anywhere.start(), anywhere.end())
        keyword = KEYWORD_FIELD_TEXT.search(text.value)
        said = keyword.group("words") if keyword else ""
        # after a bare field word only words no reader knows ("summary offline"); after "comment text", any
        strict = keyword is not None and not keyword.group("field").startswith("comment") and not keyword.group("verb")
        if keyword and not slots.text and not (any if strict else all)(
                w in FILLER or w in FIELD_WORDS or (strict and (w.startswith("un") or w in TEXT_VERB_WORDS
                                                                or w in self.type_words))
                for w in said.split()) and not any(
                m.score == 1.0 for kind in ("status", "resolution", "priority", "type", "project", "person")
                for m in self.grounder.find(kind, said)):  # "summary fixed count": the resolution, no word
            field = keyword.group("field").split()[0]
            slots.text, slots.text_field = keyword.group("words"), QUOTED_IN.get(field, "text")
            text.blank(keyword.start(), keyword.end())
        after = MENTIONED_AFTER.search(text.value)
        if after:
            said = after.group("words") or after.group("keyword")
            slots.text = " ".join(w for w in unicode_words(said).split() if w != USED)
            text.blank(after.start(), after.end())
        for said, mention in zip(("mentioning", "about"), TEXT_MENTIONS, strict=True):
            if slots.text:  # a mention verb is preferred over "about", and words said before their verb over both
                break
            for match in mention.finditer(text.value):
                phrase = [w for w in unicode_words(match.group("words")).split() if w != USED]
                while phrase and phrase[0] in FILLER and (phrase[0] in DETERMINERS or len(phrase) == 1):
                    phrase.pop(0)  # "a pull request": the article goes, "pull" stays
                if len(phrase) > 1 and phrase[0] in ("word", "words", "phrase", "term"):
                    phrase.pop(0)  # "mention the word keyboard": the word said, not "word"
                while phrase and phrase[-1] in FILLER:  # "about the Reorderer itself"
                    phrase.pop()
                # "whose title mentions a demo": words of the title even where a component has that name
                titled = re.search(r"\b(?:titles?|summary|summaries)\s+$", text.value[:match.start()])
                if (not phrase or all(w in FILLER or w.isdigit() or w in self.type_words for w in phrase)
                        # "mentioning checkout" asks for the word even where a component has that name
                        or (said == "about" and self._value_kind(COMPONENT_NOUN_AFTER.sub("", " ".join(phrase)))
                            and not titled)
                        or re.search(r"\b(?:what|how)\s+$", text.value[:match.start()])
                        or ASKER_TALKS.search(text.value[:match.start()])):
                    continue  # "what about in FLOE", "about the Uploader component", "asked about X": not text
                slots.text = " ".join(filter(None, [slots.text, " ".join(phrase)]))
                text.blank(match.start(), match.end())
                break
        if slots.text and (several := every_text_field(text.value)):
            text.blank(several.start(), several.end())  # "in the title, the write-up or the discussion": anywhere
            return
        for where, pattern in TEXT_FIELD_SAID:
            found = pattern.search(text.value)
            if found is None:
                continue
            words = found.group("words") or found.groupdict().get("code") or found.groupdict().get("on")
            if found.groupdict().get("named"):  # (not "in the coding environment", a component's name)
                if f"{found.group('named')} environment" in self.known:
                    continue
                words = found.group("named")
            start = found.start()
            if words and pattern in (IN_DESCRIPTION, IN_TITLE):  # "include a stack trace in their write-up"
                said = words.split()  # the last word before "in", and those before it that are no other word's
                kept = len(said) - 1
                while kept:
                    if not self._ends_described_words(said[kept - 1]):
                        kept -= 1
                    elif said[kept - 1] in ("to", "of") and kept >= 2 and not self._ends_described_words(
                            said[kept - 2]):
                        kept -= 2  # "steps to reproduce"
                    else:
                        break
                words = " ".join(said[kept:]) if said[kept] not in FILLER else None
                start = found.end("words") - len(words or "")
            if words and (words in FILLER or ISSUE_NOUN.fullmatch(words) or words in SOME_THING):
                words = None  # "something in the environment", "bugs in the summary": no word to search for
            if slots.text or words:  # "demo in summary", "whose title mentions demo"
                slots.text, slots.text_field = slots.text or words, where
                text.blank(start if words else found.start(), found.end())
                break

    def _ends_described_words(self, word: str) -> bool:
        """A word before the words a description is searched for ("bugs that include …") that is not one of them."""
        return len(word) < 2 or word in FILLER or word in LEADS_TO_WORDS or word in self.known or bool(
            ISSUE_NOUN.fullmatch(word))

    def _value_kind(self, phrase: str) -> str | None:
        matches = self.grounder.find("component", phrase) + self.grounder.find("label", phrase)
        return matches[0].term.kind if matches and matches[0].score == 1.0 else None

    def _me(self, words: Words, slots: Slots) -> None:
        self.other_than = None  # whom "someone else" excludes is known once the people are read
        for pattern, role in ((SOMEONE_ELSE_REPORTED, "reporters"), (SOMEONE_ELSE, "assignees"),
                              (OTHER_THAN_PRONOUN, "assignees")):
            found = words.take_all(pattern)
            if found and self.other_than is None:
                self.other_than = (found[0], role)
                if pattern is not OTHER_THAN_PRONOUN:  # with nobody named, other than the asker
                    getattr(slots.excluded, role).append(CURRENT_USER)
        for pattern, target in ((NOT_ME_REPORTER, slots.excluded.reporters), (NOT_ME, slots.excluded.assignees)):
            if words.take_all(pattern) and CURRENT_USER not in target:
                target.append(CURRENT_USER)
        for pattern, role in ((ME_REPORTER, "reporters"), (ME_ASSIGNEE, "assignees")):
            while (match := pattern.search(words.free())) and match.group(0).strip():
                start, end = words.span(match)
                negation = NOT_MINE.search(words.before(start, 6))  # "not mine", "other than my tickets"
                target = getattr(slots.excluded if negation else slots, role)
                target += [] if CURRENT_USER in target else [CURRENT_USER]
                # "what's on my plate", "what do I still have to finish": my open work, as with a named person
                plate = not {"plate", "hook"}.isdisjoint(f"{match.group(0)} {words.after(end, 1)}".split())
                if (plate or TO_DO.search(match.group(0))) and not negation and "resolution" not in slots.empty:
                    slots.empty.append("resolution")
                words.take(start, end)
                if negation:
                    _take_negation(words, negation, start)

    def _people(self, words: Words, slots: Slots) -> None:
        mentioned = []
        uncued: dict[str, str] = {}  # assignees by default, no word saying so: "Justin has been filing… Justin raised"
        groups = [g for g in sorted(_by_span(self.grounder.scan(words.free(), {"person"})), key=lambda g: g[0].start)
                  if g[0].score == 1.0 or not _word_not_name(" ".join(words.tokens[g[0].start:g[0].end]), g[0])]
        # "reported by Carla or Hiro", "not Ana's or Bruno's", "Carla or Hiro filed": a list of people has one role
        listed = [i > 0 and _joined(words.tokens[groups[i - 1][0].end:g[0].start], empty=True)
                  for i, g in enumerate(groups)]
        read: dict[int, tuple[str, bool]] = {}  # the role and negation read for each person of a list
        for i, group in enumerate(groups):
            match = group[0]
            phrase = " ".join(words.tokens[match.start:match.end])
            asker = _asker_listed(words, match.start, slots)  # "not assigned to me or Carla": as the asker is
            decided = (read.get(i - 1) if listed[i] else None) or asker
            if decided:
                role, negated = read[i] = decided
                if len(group) > 1 and match.score == 1.0 and len({m.term.value for m in group}) > 1:
                    match = self._one_of(group, words, slots)
                target = getattr(slots.excluded if negated else slots, role)
                target += [] if match.term.value in target else [match.term.value]
                _asker_after(words, match.end, target)
                words.take(match.start - 1 if asker else groups[i - 1][0].end, match.end)
                continue
            both = BOTH_ROLES_BEFORE.search(words.before(match.start, 7))
            both_after = BOTH_ROLES_AFTER.search(words.after(match.end, 7))
            if both_after and i + 1 < len(groups) and \
                    groups[i + 1][0].start <= match.end + both_after.group(0).count(" ") + 2:
                both_after = None  # "Quinn reported and assigned to Farid": the other role is the next person's
            if both or both_after:  # "reported by and assigned to Anastasia": one person in two roles
                for role in ("reporters", "assignees"):
                    getattr(slots, role).append(match.term.value)
                read[i] = ("assignees", False)
                if both:
                    words.take(match.start - both.group(0).count(" ") - 1, match.end)
                elif both_after:
                    words.take_near(match.end, both_after.group(0).count(" ") + 1, backward=False)
                    words.take(match.start, match.end)
                continue
            last = next((j for j in range(i + 1, len(groups)) if not listed[j]), len(groups)) - 1
            tail = groups[last][0].end  # the words after the list ("Carla or me") say its role
            tail += 2 if _me_listed_at(words, tail) else 0
            before, after = words.before(match.start, 5), words.after(tail, 4)
            # "what does Farid still have open": the state, whatever words were used already
            asked = DID_BEFORE.search(before) and REPORTER_ASKED.search(after) and not re.match(
                r"(?:still )?(?:have|has|got) (?:still )?open\b", " ".join(words.tokens[tail:tail + 4]))
            only = ONLY_BEFORE.search(words.before(match.start, 8))
            requested = REQUESTED_AFTER.search(after) if before else None  # "the enhancements Justin asked for"
            # "bugs assigned to Antranig were opened again": the cue before the name says its role; "Carla's bugs
            # reported by Hiro": the cue is the next person's
            following = groups[last + 1][0].start if last + 1 < len(groups) else None
            reported_after = None if OWNED_BEFORE.search(before) or (
                following is not None and following - tail <= 3 and words.tokens[following - 1] == "by") \
                else REPORTER_AFTER.search(words.after(tail, 6))  # "Farid was the one to raise"
            reported = (REPORTER_BEFORE.search(before) or reported_after or asked or requested
                        or (only and only.group("reported")))
            role = "reporters" if reported else "assignees"
            refused = next(((r, m) for r, p in NOT_ROLE_AFTER if (m := p.search(words.after(tail, 6)))), None)
            role = refused[0] if refused else role  # "Carla didn't report", "Ana isn't working on"
            if role == "assignees" and not ASSIGNEE_BEFORE.search(before) and PRONOUN_NOT_REPORTER.search(words.free()):
                mentioned.append(match)  # "Hiro knows the bugs he filed; show those filed by anyone other than him"
                words.take_all(PRONOUN_REPORTER)
                continue
            said = PRONOUN_REPORTER.search(words.free())
            if role == "assignees" and not OWNED_BEFORE.search(before) and said and not NOT_MINE.search(
                    words.before(words.span(said)[0], 6)):  # "… not reported by her" is read with the pronouns
                role = "reporters"  # "Gregor is leaving… the tickets he raised"
                words.take_all(PRONOUN_REPORTER)
            if requested and role == "reporters":
                words.take(tail, tail + requested.group(0).count(" ") + 1)
            if role == "assignees" and NOT_A_ROLE.search(after) and not ASSIGNEE_BEFORE.search(before):
                mentioned.append(match)
                continue  # "Quinn wants to escalate…": the person asking for it, not a filter
            if COVERING.search(before) and not THIRD_PERSON.search(" ".join(words.tokens[match.end:])):
                mentioned.append(match)
                continue  # "covering for Carla in ops": whose work the asker takes on; "what does she have" selects
            if len(group) > 1 and match.score == 1.0 and len({m.term.value for m in group}) > 1:
                if USED in words.tokens[match.end:] and any(
                        g[0].start > words.tokens.index(USED, match.end) for g in groups[i + 1:]):
                    mentioned.append(match)
                    continue  # "Nice work from Carla. What did Farid get done?": a name the request does not ask about
                match = self._one_of(group, words, slots)
            past = PAST_OWNER_BEFORE.search(before) or PAST_OWNER_AFTER.search(after) or (
                not refused and _negation(before) is None and HANDED_ON.search(words.free()))
            if past and role == "assignees":  # "used to be assigned to Carla": her issues once, handed on since
                slots.history.append(HistoryCondition(field="assignee", operator="changed from",
                                                      value=match.term.value))
                words.take(match.start, match.end)
                if past.re is PAST_OWNER_BEFORE:
                    words.take(max(0, match.start - past.group(0).count(" ") - 1), match.start)
                elif past.re is PAST_OWNER_AFTER:
                    words.take(tail, tail + past.group(0).count(" ") + 1)
                words.take_all(HANDED_ON)
                words.take_all(NO_LONGER)
                continue
            negated = (_negation(before) is not None and not only) or refused is not None
            plate = PLATE.search(words.after(tail, 7))  # longer than `after`: "still have on her plate"
            working = WORKING_NOW.search(words.after(tail, 6))  # "is sitting on right now"
            owned = ASSIGNEE_BEFORE.search(before) or ASSIGNEE_AFTER.search(after) or working or plate
            if role == "assignees" and not (negated or owned):
                role = self._possessed_role(phrase, match, slots)
                uncued.update({match.term.value: match.term.label} if role == "assignees" else {})
            target = getattr(slots.excluded if negated else slots, role)
            if match.term.value not in target:
                target.append(match.term.value)
            read[i] = (role, negated)
            _asker_after(words, match.end, target)
            words.take(match.start, match.end)
            somebody_else = SOMEONE_OTHER_THAN.search(before)
            if somebody_else and role == "assignees" and "assignee" not in slots.filled:
                slots.filled.append("assignee")  # "assigned to someone other than Ana": assigned, not to Ana
            # "logged by people other than Ana": the whole cue is used with her, verb included
            cue_before = only or somebody_else or REPORTER_BEFORE.search(before) or PERSON_CUE_BEFORE.search(before)
            if cue_before:
                taken = cue_before.group(0).count(" ") + 1
                words.take(max(0, match.start - taken), match.start)
            negation = None if only else _negation(before)
            if negation:  # "not assigned to Ana", "remove the ones filed by Ana": the negation is used with her
                _take_negation(words, negation, match.start)
            # a cue of the other role after the name is the next person's: "raised by Ines, assigned to Farid"
            owned_after = (plate or ASSIGNEE_AFTER.search(after)) if role == "assignees" else None
            cue_after = (refused[1] if refused else None) or (reported_after or (
                asked and REPORTER_ASKED.search(after)) or owned_after)
            if cue_after:  # read through `after`, which skips the words used already
                words.take_near(tail, cue_after.group(0).count(" ") + 1, backward=False)
            # "ended up on Farid's plate" says where the issues went, not that they are open ("which items were on
            # Justin's plate": once his, in whatever state now)
            landed = re.search(r"\b(?:ended up|end up|landed|went|gone|got|put|were|was|had been|used to be) on$",
                               before)
            self.plate = self.plate or (role == "assignees" and not negated and bool(working or plate) and not landed)
        # a verb of creation makes the person the reporter; no mention without a role word also makes them assignee
        slots.assignees = [p for p in slots.assignees if p not in uncued or p not in slots.reporters]
        # a name with no role word: the reading is said, as the reporter is as likely meant
        slots.assumed += [f"I read {uncued[p]} as the assignee." for p in slots.assignees if p in uncued]
        named = [*slots.assignees, *slots.reporters, *slots.excluded.assignees, *slots.excluded.reporters,
                 *(h.value for h in slots.history if h.field == "assignee" and h.value),
                 *(m.term.value for m in mentioned)]
        named = [p for p in dict.fromkeys(named) if p != CURRENT_USER]  # everyone named, in whatever role
        # "Justin wants the problems he reported", "not opened by Carla but assigned to her", "reported by Carla
        # that she doesn't own": the pronoun is the one person named; beside two people it is left named as unused
        for role, pattern, declined in PRONOUN_ROLES:
            while len(named) == 1 and (said := pattern.search(words.free())):
                start, end = words.span(said)
                negation = NOT_MINE.search(words.before(start, 6))  # "but not assigned to her"
                target = getattr(slots.excluded if declined or negation else slots, role)
                target += [] if named[0] in target else named
                words.take(start, end)
                if negation:
                    _take_negation(words, negation, start)
                for person in mentioned:  # the person asking is used with the pronoun that stands for them
                    words.take(person.start, person.end)
        if self.other_than:
            self._other_than(*self.other_than, slots, named)

    def _both_roles(self, words: Words, slots: Slots) -> None:
        """"the tickets Jonathan filed and ended up owning himself": the one reporter named is the assignee too."""
        if len(slots.reporters) != 1 or slots.assignees or slots.excluded.reporters or not BOTH_ROLES.search(
                self.possessive):
            return
        slots.assignees.append(slots.reporters[0])
        slots.filled = [name for name in slots.filled if name != "assignee"]  # "… and got assigned": to them
        words.take_all(BOTH_ROLES)

    def _whose_to_do(self, words: Words, start: int, phrase: str) -> bool:
        """"Giovanni's to do": whose the work is (the person, read already, stood right before), not a state."""
        return phrase == "to do" and start > 0 and words.used[start - 1] and bool(
            re.search(rf"\b{re.escape(words.tokens[start - 1])}'s to do\b", self.possessive))

    def _possessed_role(self, phrase: str, match: Match, slots: Slots) -> str:
        """"Justin Obara's tickets created since 2019": issues someone has, dated by a word saying when they were
        created, are the ones they created, as are those closed in a way that turns a report down (both said with
        the answer); otherwise ("Quinn's activity from last week") they are theirs to do."""
        if re.search(rf"\b{re.escape(phrase)}'s (?:[\w-]+ ){{0,3}}(?:reports|write-?ups|filings)\b", self.possessive):
            return "reporters"  # "Justin's still-outstanding Infusion reports": what he reported
        if re.search(rf"\b{re.escape(phrase)}'s\b", self.possessive) and any(
                d.field == "created" and d.phrase not in self.uncued for d in slots.dates):
            slots.assumed.append(f"I read '{match.term.label}'s' issues as the ones {match.term.label} reported, as "
                                 f"they are dated by when they were created.")
            return "reporters"
        # "justin duplicates 2010", "Colin's tickets that ended up as won't fix": a report turned down is the
        # reporter's ("the tickets he owned": his to do)
        turned_down = [r for r in slots.resolutions if r.lower().replace("’", "'") in TURNED_DOWN]
        if turned_down and not OWNED_SAID.search(self.possessive):
            slots.assumed.append(f"I read {match.term.label} as the reporter, as the issues were closed as "
                                 f"{' or '.join(turned_down)}, which says how a report ended.")
            return "reporters"
        return "assignees"

    @staticmethod
    def _other_than(said: re.Match, role: str, slots: Slots, named: list[str]) -> None:
        """"reported by Gregor and assigned to someone else", "did Gregor raise that somebody other than him
        owns": the one person the question names is the one excluded; with nobody named, "someone else" is
        other than the asker (read as such by `_me`) and "him" is asked back."""
        if len(named) == 1:
            excluded = getattr(slots.excluded, role)
            if said.re is not OTHER_THAN_PRONOUN:
                excluded.remove(CURRENT_USER)
            excluded += [] if named[0] in excluded else named
            slots.filled += [] if role != "assignees" or "assignee" in slots.filled else ["assignee"]
        elif said.re is OTHER_THAN_PRONOUN:
            raise Unknown(f"Who do you mean by '{said.group('pronoun')}'? Please name the person.")

    def _one_of(self, group: list[Match], words: Words, slots: Slots) -> Match:
        """People sharing the name said: the one who works in the project the question names (assignee or
        reporter of its issues), said with the answer; else the question is asked back."""
        said = " ".join(words.tokens[group[0].start:group[0].end])
        projects = {m.term.value for m in self.grounder.scan(words.free(), {"project"}) if m.score == 1.0}
        candidates = list({m.term.value: m for m in group}.values())
        working = [m for m in candidates if projects & set(self.lexicon.works_in.get(m.term.value, []))]
        if projects and len(working) == 1:
            others = ", ".join(sorted(m.term.label for m in candidates if m is not working[0]))
            where = ", ".join(sorted(projects))
            slots.assumed.append(f"I read '{said}' as {working[0].term.label}, who works in {where} "
                                 f"({others} {'do' if len(candidates) > 2 else 'does'} not).")
            return working[0]
        names = ", ".join(sorted({m.term.label for m in candidates}))
        raise Unknown(f"'{said}' could be {names}; which one do you mean?")

    def _values(self, words: Words, slots: Slots, people: bool) -> None:
        kinds = {"type", "status", "priority", "component", "label", "project", "version", "sprint", "option"}
        matches = _prefer_hinted(self.grounder.scan(words.free(), kinds), words, self.lexicon.components_in,
                                 slots.projects)
        negated_until = -1  # where the last negated value ended: "not in review or blocked" negates both
        negated_kind = ""
        labels: list[Match] = []
        sprints: list[Match] = []
        for match in matches:
            phrase = " ".join(words.tokens[match.start:match.end])
            if match.term.kind == "status" and phrase in STATE_PHRASES - self.status_aliases:
                continue
            if match.term.kind == "status" and phrase in STATE_PHRASES and words.before(match.start, 1) in (
                    "a", "an", "any") and words.after(match.end, 1) in ("state", "states", "status"):
                continue  # "not in a done state": any state of that kind, the category
            if match.term.kind == "status" and phrase == "to do" and words.after(match.end, 1) == "with" and \
                    words.before(match.start, 1) not in ("in", "is", "are", "status", "into", "to"):
                words.take(match.start, match.end + 1)
                continue  # "defects to do with captions": about captions, in whatever state
            if match.term.kind == "status" and self._whose_to_do(words, match.start, phrase):
                continue  # "the tasks that were Giovanni's to do": whose they were, in whatever state
            if match.term.kind == "type" and phrase == "problem" and words.before(match.start, 1) in (
                    "the", "a", "that", "this", "same", "their", "its", "his", "her"):
                continue  # "couldn't recreate the problem": one problem told of, not the kind of the issues
            if match.term.kind == "type" and phrase == "bugs" and words.after(match.end, 1) in ("me", "us") \
                    and words.before(match.start, 1) in ("it", "this", "that"):
                continue  # "it bugs me how many …": a verb
            if match.term.kind == "type" and phrase == "broken" and words.after(match.end, 1) in (
                    "out", "down", "up", "into", "apart", "off"):
                continue  # "sub-tasks broken out of bigger ones", "broken down by priority": no bug is said
            if match.term.kind == "type" and phrase in ("broken", "broke") and re.fullmatch(r"in \S*\d\S*",
                                                                                words.after(match.end, 2)):
                continue  # "stuff broken in 2026.q2": the version it affects (`AFFECTS`), not the kind of issue
            if _names_a_link(words, match.end):
                continue  # "with a duplicates link": the link type (`_links_without_key`), not the resolution
            if match.score < (0.9 if match.term.kind == "priority" else FUZZY_VALUE) or (
                    match.term.kind == "option" and match.score < 1.0):
                continue  # "importance" is no misspelt "important", "browsers" no component "Browse"; an option's
                # code differs from another's by one character ("sev 1", "sev 2"): never a misspelling
            if match.term.kind == "option" and not self._option_meant(match, words):
                continue
            if phrase in ADJECTIVE_LEVELS and match.score < 1.0 and not self._said_of_issues(match, words):
                continue  # "a major release", "significant progress": a level is said of issues ("major WEB bugs")
            if match.term.kind == "priority" and re.search(r"\bsever", phrase) and any(
                    (m.term.field or "").lower().startswith("sev") for m in matches):
                words.take(match.start, match.end)  # "the most severe (S1)": said of the severity its option names
                continue
            if match.term.kind == "status" and phrase in ("closed", "done") and (re.search(
                    r"\b(?:were|was|been|be|got|get|gets|being)(?: \w+ly)?$", words.before(match.start, 2))
                    or words.after(match.end, 1) in ("because", "cause", "for", "since", "due")
                    # "closed as something besides fixed", "closed with an outcome other than Fixed": how it ended
                    or re.match(r"(?:as (?:something|anything)|with (?:an? |some |any )?(?:other )?(?:outcome|"
                                r"resolution))\b", " ".join(words.tokens[match.end:match.end + 4]))):
                continue  # "(were) closed because…", "haven't been done": a verb, read as unresolved or done
            if match.term.kind == "status" and phrase in ("closed", "resolved") and match.end in words.resolutions_at:
                continue  # "closed wont fix", "resolved duplicate": how it was closed, the resolution after it
            if match.term.kind == "status" and phrase in CATEGORY_STATES and not self._capitalised(match) \
                    and not re.search(r"\b(?:status|state|column)\b",
                                      words.before(match.start, 3) + " " + words.after(match.end, 1)) \
                    and not MARKED.search(words.before(match.start, 2)) and not self._in_state(words, match) \
                    and not _listed_with_a_state(match, matches, words):
                continue  # "open bugs", "in progress": the status category, not one workflow state
            if match.term.kind == "status" and match.end < len(words.tokens) and words.tokens[match.end] in (
                    "in", "as") and any(o.term.value == match.term.value and o.start == match.end + 1 for o in matches):
                words.take(match.start, match.end + 1)  # "stuck in Blocked": one state, named by what follows
                continue
            before = words.before(match.start, 6)
            if match.term.kind == "status" and phrase == "done" and _negation(before) and not STATUS_WORD.search(
                    before + " " + words.after(match.end, 1)) and not _listed_with_a_state(match, matches, words):
                continue  # "not done": outside the Done category (`_categories`), not only the state named Done;
                # "not in Done or Won't Do" names the states
            joined = words.tokens[negated_until:match.start] if 0 <= negated_until <= match.start else ["_"]
            # "non-defect Floe tickets": a value right after a negated one is not in its list without an "or";
            # "isn't a bug or a story": the article does not end the list
            # ("ignoring the big umbrella epics and the small sub-task pieces": two words describe the next of the
            # kind; not another value of it, "non-defect stories and tasks")
            negated = _negation(before) is not None or (
                any(t in LIST_JOINERS for t in joined) and self._continues_excluded(joined, match, slots, negated_kind))
            if negated:
                negated_until, negated_kind = match.end, match.term.kind
            values = self._priority_range(match, phrase, words) if match.term.kind == "priority" else [match.term.value]
            if match.term.kind == "priority" and (match.score >= 1.0 or phrase in LEVEL_WORDS):
                note = priority_note(phrase, values)
                slots.assumed += [note] if note and note not in slots.assumed else []
            if match.term.kind == "status" and not CURRENT_STATE.search(words.before(match.start, 2)) and (
                    _history_after(match, matches, words)
                    or re.search(r"\b(?:had|has|have) been (?:in )?$", words.before(match.start, 3) + " ")
                    # "was Blocked, now Done", "resolved last month, was blocked": a state before the one the
                    # issues are said to be in now, or were settled in before
                    or (re.search(r"\b(?:was|were)$", words.before(match.start, 1)) and (
                        re.search(r"\b(?:now|currently)\b", words.after(match.end, 4))
                        or SETTLED_NOW.search(" ".join(words.tokens[:match.start - 1]))))
                    # "were ever in Blocked", "spent some time in the Blocked step", "previously blocked"
                    or re.search(r"\b(?:ever|once|previously|formerly|used to be|spent (?:some |any )?time)"
                                 r"(?: been)?(?: in| through)?(?: the)?$", words.before(match.start, 5))):
                negated, target = False, slots.was_statuses  # "had been in Blocked at some point"
            elif match.term.kind == "option":
                options = (slots.excluded if negated else slots).options
                option = FieldOption(field=match.term.field or "", value=match.term.value)
                options += [] if option in options else [option]
                target = []
            elif match.term.kind == "version" and (
                    (cue := AFFECTS.search(words.before(match.start, 6)))
                    or (cue := AFFECTS_AFTER.search(words.after(match.end, 4)))):
                target = slots.excluded.affected_versions if negated else slots.affected_versions
                backward = cue.re is AFFECTS
                words.take_near(match.start if backward else match.end, len(cue.group(0).split()), backward=backward)
            else:
                target = getattr(slots.excluded if negated else slots, _ATTRIBUTE[match.term.kind])
            target.extend(v for v in values if v not in target)
            if target is slots.labels:
                labels.append(match)
            elif target is slots.sprints:
                sprints.append(match)
            words.take(match.start, match.end)
            against = AGAINST.search(words.before(match.start, 3))
            if match.term.kind == "component" and against:
                words.take(match.start - against.group(0).count(" ") - 1, match.start)
            if match.term.kind == "status" and (marked := MARKED.search(words.before(match.start, 2))):
                words.take(max(0, match.start - len(marked.group(0).split())), match.start)
            negation = _negation(before)
            if negation:
                _take_negation(words, negation, match.start)
            # an option's own field names its kind ("severity S1")
            hint_before, hint_after = _hint_patterns(KIND_HINTS.get(match.term.kind)
                                                     or re.escape((match.term.field or "").lower()))
            hint = hint_before.search(words.before(match.start, 4))
            if hint:  # "status isn't Done": the free words before it, past the negation read with it
                words.take_near(match.start, hint.group(0).count(" ") + 1, backward=True)
            if hint_after.match(words.after(match.end, 1)):  # "speed-related items"
                words.take(match.end, match.end + 1)
        if slots.statuses:
            slots.status_categories = []
        # "customer complaints about things that broke again": labels said apart, not listed, each describe the
        # issues (all of them); a list ("performance or regression", "security and compliance") is any of them
        # ("both the tech-debt and the quick-win labels", "tagged X and also tagged Y": each of them, said so)
        between = [words.tokens[a.end:b.start] for a, b in itertools.pairwise(labels)]
        before_first = words.tokens[max(0, labels[0].start - 3):labels[0].start] if labels else []
        # "labelled tech-debt and quick-win": each label the issues carry ("tagged X or Y" is either)
        both = "both" in before_first or (bool({"labelled", "labeled", "tagged"} & set(before_first))
                                          and all(gap == ["and"] for gap in between))
        slots.every_label = slots.every_label or (bool(between) and (both or all(
            gap and (not set(gap) & LIST_JOINERS or {"also", "tagged", "labelled", "labeled"} & set(gap))
            and "or" not in gap for gap in between)))
        # "in both DATA Sprint 51 and DATA Sprint 52", "in Sprint 51 and got carried over into Sprint 52": each
        if len(sprints) == 2:
            gap = words.tokens[sprints[0].end:sprints[1].start]
            slots.every_sprint = slots.every_sprint or ("or" not in gap and (
                "both" in words.tokens[max(0, sprints[0].start - 3):sprints[0].start]
                or bool(CARRIED_INTO.search(" ".join(gap)))))

    def _continues_excluded(self, joined: list[str], match: Match, slots: Slots, negated_kind: str) -> bool:
        """The words `joined` between an excluded value and this one, a list word among them, leave it in the
        exclusion: only list words and articles, or ("ignoring the big umbrella epics and the small sub-task
        pieces") two words describing the next of the same kind, never another value of it ("non-defect stories
        and tasks"); the values excluded already may be said again."""
        excluded = set(getattr(slots.excluded, _ATTRIBUTE.get(match.term.kind, "labels"), []))
        described = [named for named in ({m.term.value for m in self.grounder.find(match.term.kind, t)
                                          if m.score == 1.0} for t in joined
                                         if t not in LIST_JOINERS and t not in ("a", "an"))
                     if not (named and named <= excluded)]
        return not described or (len(described) <= 2 and match.term.kind == negated_kind and not any(described))

    def _said_of_issues(self, match: Match, words: Words) -> bool:
        """"serious bugs", "nasty WEB tickets", "bugs that are severe": the word describes the issues, right before
        their noun (a value's name between) or said of them at the end."""
        after = words.after(match.end, 3).split()
        named = next((i for i, word in enumerate(after) if word not in self.known_words), len(after))
        return any(ISSUES_SAID.match(word) for word in after[:named + 1]) or (
            not after and bool(re.search(r"\b(?:is|are|s|were|was)(?: really| very)?$", words.before(match.start, 2))))

    @staticmethod
    def _option_meant(match: Match, words: Words) -> bool:
        """A bare code ("S3") is the option only beside its field's word ("severe", "sev") anywhere, or before the
        issues it describes ("S1 or S2 bugs"): alone it may name something else ("S3 buckets")."""
        if match.end - match.start > 1 or not re.fullmatch(r"[a-z]+\d+", words.tokens[match.start]):
            return True
        stem = (match.term.field or "")[:3].lower()
        following = re.sub(r"^(?:(?:or|and|to|through|[a-z]+\d+) )*", "",
                           " ".join(words.tokens[match.end:match.end + 6]))
        return bool(stem and re.search(rf"\b{re.escape(stem)}", " ".join(words.tokens))) or bool(
            ISSUE_NOUN.match(following) or re.match(r"(?:problems?|incidents?|ones)\b", following))

    def _priority_compared(self, words: Words, slots: Slots) -> None:
        order = self.lexicon.priority_order
        for match in list(LEVELS_COUNTED.finditer(words.free())):
            count = {"two": 2, "three": 3}.get(match.group("n") or match.group("n2"), 0) or int(
                match.group("n") or match.group("n2"))
            chosen = order[:count] if match.group("top") or match.group("top2") else order[-count:]
            slots.priorities += [p for p in chosen if p not in slots.priorities]
            words.take(*words.span(match))
        for match in list(COMPARED.finditer(words.free())):
            at = next((i for i, level in enumerate(order) if level.lower() == match.group("level")), None)
            if at is None:
                continue
            up = (match.group("more") or match.group("higher") or match.group("side") or match.group("less")) in (
                "more", "higher", "above")
            slots.priorities += [p for p in (order[:at] if up else order[at + 1:]) if p not in slots.priorities]
            words.take(*words.span(match))

    def _priority_range(self, match: Match, phrase: str, words: Words) -> list[str]:
        """"important", "critical or worse": that level and every one above it, as people mean it; "minor or
        lower" likewise downwards; a priority named by its name ("high priority") stays itself."""
        order = self.lexicon.priority_order
        if match.term.value not in order:
            return [match.term.value]
        at = order.index(match.term.value)
        after, before = words.after(match.end, 3), words.before(match.start, 2)
        everyday = phrase in HIGH_WORDS and match.score < 1.0  # "serious", not the scheme's own "Major"
        if phrase in LOW_WORDS and match.score < 1.0:
            return order[at:]  # "low priority" where no level is called Low: the level it reads and the one below
        if UPWARD_AFTER.match(after) or re.search(r"\bat least$", before) or everyday:
            words.take_all(UPWARD_SAID)
            return order[:at + 1]
        if DOWNWARD_AFTER.match(after) or re.search(r"\bat most$", before):
            words.take_all(DOWNWARD_SAID)
            return order[at:]
        return [match.term.value]

    def _said_as_status(self, words: Words, start: int, end: int) -> bool:
        """A name of both a status and a resolution said as the status: beside "status", after "moved to" or "is in",
        or listed right after a workflow state ("not in Done or Won't Do", "neither Done nor Won't Do")."""
        near = words.before(start, 3) + " " + words.after(end, 2)
        listed = re.search(r"(?P<state>[\w ]+?) (?:or|nor|and|and not)$", words.before(start, 4))
        return bool(STATUS_WORD.search(near) or MOVED_TO.search(words.before(start, 2)) or re.search(
            r"\b(?:not|sitting|still|are|is|were|was) in$", words.before(start, 2)) or (
            listed and any(f" {listed.group('state')}".endswith(f" {name}") for name in self.status_aliases)))

    @staticmethod
    def _in_state(words: Words, match: Match) -> bool:
        """"tickets in Open", "still at Open": a state a ticket is in, named as the workflow names it ("in open sprints"
        is no state)."""
        after = words.after(match.end, 1)
        return words.before(match.start, 1) in ("in", "at") and not ISSUE_NOUN.match(after) \
            and not after.startswith("sprint")

    def _unresolved_notes(self, slots: Slots) -> None:
        """"open", "still to do" read as unresolved where the workflows of the projects asked about have a state of
        that name, which some who say it mean: the reading is said."""
        for said in dict.fromkeys(self.unresolved_said):
            state = next((t.value for t in self.lexicon.of("status") if said.removeprefix("still ") == t.value.lower()),
                         None)
            if state and all(state in self.lexicon.statuses_in.get(p, [state]) for p in slots.projects):
                slots.assumed.append(f"I read '{said}' as unresolved, in any state, not only the {state} status.")

    def _capitalised(self, match: Match) -> bool:
        """"Show me Open FLOE items": a state's name capitalised mid-sentence is the workflow's state."""
        return bool(re.search(rf"(?<=[a-z,;] ){re.escape(match.term.label)}\b", self.typed))

    def _categories(self, words: Words, slots: Slots) -> None:
        """Several category words narrow each other ("underway but not finished" is in progress); a status said by
        its name is that status where the workflow has it (`readings`); a category read from a description is
        said with the answer."""
        self._states_said_of_a_category(words, slots)
        if slots.status_categories and not slots.statuses:
            self._category_restated(words, set(slots.status_categories))
        if slots.statuses or slots.status_categories:
            return
        wanted: set[str] | None = None
        said: dict[str, list[str]] = {"wanted": [], "excluded": [], "outside": []}  # the words read, by how
        for categories, pattern in CATEGORIES:
            for match in words.take_all(pattern):
                phrase = match.group(0)
                start = words.span(match)[0]
                # "which epics did we open in 2025": created, which the date already says; "how do DATA's open
                # issues split" has the state before its noun
                if (phrase == "open" and OPEN_AS_VERB.search(words.before(start, 2))
                        and not ISSUE_NOUN.match(" ".join(words.tokens[start + 1:start + 2]))) \
                        or self._whose_to_do(words, start, phrase):
                    continue
                negation = _negation(words.before(start, 6))  # "with no description that are in progress": none
                negated = negation is not None
                if negation:  # "not in progress": the "not" is used
                    _take_negation(words, negation, start)
                # "not done", "not finished": outside the Done category, whatever the workflow calls its states
                status = None if negated and phrase == "done" else literal_status(self.lexicon, phrase,
                                                                                  slots.projects)
                if status:
                    target = slots.excluded.statuses if negated else slots.statuses
                    target += [] if status in target else [status]
                elif negated:
                    excluded = slots.excluded.status_categories + categories
                    slots.excluded.status_categories = list(dict.fromkeys(excluded))
                    said["excluded"].append(phrase)
                elif categories == ["done"] and slots.resolutions:
                    continue  # "closed as Duplicate", "the completed ones resolved as Done": the resolution says it
                elif categories == ["done"] and phrase in ("resolved", "closed") and _resolution_dated(slots):
                    continue  # "resolved in September": the resolution date says it ("completed" says how it ended)
                else:
                    wanted = set(categories) if wanted is None else wanted & set(categories) or set(categories)
                    said["wanted"].append(phrase)
        if wanted == {"new", "indeterminate"} and all(NOT_DONE.fullmatch(p) for p in said["wanted"]):
            # "not done yet": not in the Done category (an issue closed without a resolution is done)
            slots.excluded.status_categories = list(dict.fromkeys([*slots.excluded.status_categories, "done"]))
            said["outside"] = said["wanted"]
        elif wanted == {"new", "indeterminate"}:
            # "open", "outstanding": unresolved, as people and Jira's own filters mean it
            if "resolution" not in slots.empty:
                slots.empty.append("resolution")
            self.unresolved_said += said["wanted"]
        elif wanted and not slots.statuses:  # a status named beside a description is the narrower reading
            slots.status_categories = [c for c in ("new", "indeterminate", "done") if c in wanted]
        for key, categories in (("wanted", slots.status_categories), ("excluded", slots.excluded.status_categories),
                                ("outside", slots.excluded.status_categories)):
            if said[key] and len(categories) == 1:
                note = category_note(self.lexicon, " ".join(dict.fromkeys(said[key])), categories[0], slots.projects,
                                     outside=key == "outside")
                slots.assumed += [] if note in slots.assumed else [note]

    def _unknown_names(self, words: Words, original: str) -> None:
        """A name after a word that says what it is ("project Atlas", "assigned to Zed", "release 9.9") must
        exist; a name looks like one: capitalised as typed, or holding a digit ("release history" is no name)."""
        slot = unknown_slot_value(original, self.value_names, self.no_value_words)
        if slot:
            raise Unknown(self._no_such(*slot))
        free = words.free()
        named = re.search(r"\b(?:project|component|sprint|release|version|label|epic|status|"
                          r"team) (?!_)([a-z0-9][\w]*)\b|"
                          r"\b(?:the |in |for )(?!_)([a-z][\w]*) (project|component|sprint|release|team|board)\b", free)
        if named:
            value = named.group(1) or named.group(2)
            kind = (named.group(3) or named.group(0).split()[0]).replace("release", "version")
            typed = re.search(rf"\b{re.escape(value)}\b", original, re.IGNORECASE)
            capitalised = bool(typed and typed.group(0)[:1].isupper())
            looks_named = bool(re.search(r"\d", value)) or capitalised or original.islower()
            if not capitalised and (re.search(r"(?:ed|ing)$", value) or re.search(
                    rf"\b{re.escape(value)} (?:down|up|off|out|over|away|on)\b", free)):
                looks_named = False  # "what the web team planned", "the project wound down": a verb, no name
            if re.fullmatch(NO_NAME_AFTER_FIELD, value):
                looks_named = False
            if value not in FILLER | FIELD_WORDS | NO_VALUE and value not in self.known_words and looks_named:
                raise Unknown(self._no_such(kind, typed.group(0) if typed else value))
        self._unknown_project_key(words, original)
        for version in re.findall(r"(?<![\w.])\d+(?:\.\d+)+(?![\w.])", original):
            # "Coding Environment 0.9" is part of a version's name ("Coding Env 0.9"): not unknown
            if f" {unicode_words(version)} " not in self.version_names and unicode_words(version) in words.free():
                raise Unknown(self._no_such("version", version))  # "Infusion 9.0": a version no release has
        person = re.search(r"\b(?:assigned to|reported by|filed by|raised by|owned by|created by|opened by|logged by|"
                           r"submitted by) (?!_)([a-z][a-z'.-]+)(?: (?!_)([a-z][a-z'.-]+))?\b", free)
        if person and person.group(1) not in FILLER | NO_VALUE:
            surname = person.group(2) if person.group(2) and person.group(2) not in NAME_STOP | FIELD_WORDS else None
            raise Unknown(self._no_such("person", " ".join(filter(None, [person.group(1), surname])).title()))

    def _ambiguous_project_word(self, slots: Slots) -> None:
        """A word left over that is part of the names of several projects ("the platform project" beside Core
        Platform and Data Platform) is asked back: dropping it would answer over every project."""
        for word in slots.ignored:
            named = self.project_name_words.get(word, [])
            if len(named) > 1 and not {t.value for t in named} & set(slots.projects):
                names = " or ".join(f"{t.label} ({t.value})" for t in sorted(named, key=lambda t: t.label))
                raise Unknown(f"'{word}' could be the project {names}; which one do you mean?")

    def _unknown_project_key(self, words: Words, original: str) -> None:
        """A word typed in capitals like a project key and close to one ("DTA issues at risk", "workload OPZ")
        is a mistyped project: asked back, never dropped to answer over every project."""
        free = set(words.left())
        for typed in re.findall(r"(?<![\w-])([A-Z][A-Z0-9]{1,9})(?![\w-])", original):
            word = typed.lower()
            if word in free and word not in self.known_words and get_close_matches(typed, self.project_keys, n=1,
                                                                                   cutoff=0.6):
                raise Unknown(self._no_such("project", typed))

    def _no_such(self, kind: str, value: str) -> str:
        return no_such(self.lexicon, kind, value)

    def _keywords_as_text(self, words: Words, slots: Slots, asked: str) -> None:
        """In a terse query ("gdpr unresolved") a word that is no value, field or filler is a search term."""
        if len(unicode_words(asked).split()) > KEYWORD_QUERY:  # as asked: used phrases are gone from `words`
            return
        if any(NEGATION.fullmatch(w) or w in ("lack", "lacking", "missing") for w in words.left()):
            return  # "stories without points": searching for "points" would find the opposite; both are named
        terms = [w for w in words.left() if w not in FILLER and w != USED and not self._condition_like(w)
                 and w not in FIELD_WORDS and w not in INTENT_WORDS and not w.isdigit()
                 and not re.search(r"(?:ed|ing|ly)$", w)  # verbs and adverbs ("proposed") describe, not search
                 and not _superlative(w, asked)]
        if terms:
            slots.text = " ".join(filter(None, [slots.text, *terms]))
            slots.ignored = [w for w in slots.ignored if w not in terms]

    def _leftovers(self, words: Words, slots: Slots) -> list[str]:
        """Words left that no reader used, in the order asked: any word that is not question scaffolding."""
        ignored = []
        stated = _stated_in_filler(words)
        for word in words.left():
            if word in stated and word not in ignored:
                ignored.append(word)
                continue
            if word in FILLER or word == USED or (word.isdigit() and len(word) <= 2):
                continue
            if slots.dates and DATE_CUE_WORDS.fullmatch(word):
                continue  # "created", "closed": the date read after it already names its field
            # letters and digits mixed ("k8s", "i18n") name a thing as surely as a word does
            content = len(word) > 2 and (word.isalpha() or MIXED_NAME.fullmatch(word) is not None) and (
                word not in SCAFFOLD and not _misspelt_filler(word))
            if (self._condition_like(word) or content) and word not in ignored:
                ignored.append(word)
        return ignored

    def _aside_project(self, asides: list[re.Match[str]], slots: Slots) -> None:
        """"For the FLOE retro, break the issues down by resolution": the one project an aside names is where the
        request's issues are, when the request names none (as with a story's project, `context_sentences`)."""
        if slots.projects or slots.excluded.projects:
            return
        named = {m.term.value: m for a in asides for m in self.grounder.scan(a.group("aside"), {"project"})
                 if m.score == 1.0}
        if len(named) == 1:
            project, match = named.popitem()
            slots.projects.append(project)
            said = set(unicode_words(match.term.label.lower()).split()) | {project.lower()}
            slots.ignored = [w for w in slots.ignored if w not in said]

    def story_words(self, story: str) -> list[str]:
        """The words of the asker's story (left out of the request) that look like a condition or a date."""
        return list(dict.fromkeys(w for w in unicode_words(story.lower()).split()
                                  if w not in FILLER and (self._condition_like(w) or STORY_DATE.fullmatch(w))))

    def _condition_like(self, word: str) -> bool:
        """A field, date, negation or value word: in a terse query it is no search term either."""
        return bool(word in FIELD_WORDS or word in WEEKDAYS or re.fullmatch(r"\d{4}|\d+[a-z]*", word)
                    or NEGATION.search(word) or word in self.known or self._near_known(word))


def _superlative(word: str, asked: str) -> bool:
    """"the chattiest ticket", "the flurbiest bug": a measure the asker ranks by, not a word to search for (named as
    not used when no reader knows it)."""
    return bool(re.fullmatch(r"[a-z]{2,}(?:iest|[^aeiou\W]est)", word) and re.search(
        rf"\bthe {word}(?: \w+)? (?:issues?|tickets?|bugs?|stor(?:y|ies)|tasks?|epics?|ones?|items?)\b", asked.lower()))


MIXED_NAME = re.compile(r"(?=[a-z0-9]*[a-z])(?=[a-z0-9]*\d)[a-z0-9]+")
LIST_JOINERS = frozenset({"or", "and", "nor", "neither", "either"})
NOUN_NEGATIONS = frozenset({"no", "without"})


BEING = frozenset("is are was were been being got".split())


def _listed_with_a_state(match: Match, matches: list[Match], words: Words) -> bool:
    """"in progress, in review or blocked": a category's words listed with workflow states name a state too."""
    return any(other.term.kind == "status" and " ".join(words.tokens[other.start:other.end]) not in CATEGORY_STATES
               and _joined([t for t in words.tokens[min(match.end, other.end):max(match.start, other.start)]
                            if t not in BEING], empty=True)  # "open or were reopened"
               for other in matches if other is not match)


def _joined(between: list[str], empty: bool = False) -> bool:
    """Words that join two people into one list: "or", "and", "nor", with the preposition said again ("or by")."""
    return (empty and not between) or (all(t in LIST_JOINERS or t in ("by", "to") for t in between)
                                       and any(t in LIST_JOINERS for t in between))


def _asker_listed(words: Words, start: int, slots: Slots) -> tuple[str, bool] | None:
    """The role and negation of the asker when a person is listed right after them ("me or Carla")."""
    me = max((i for i in range(max(0, start - 3), start) if words.tokens[i] in ("me", "mine")), default=None)
    if me is None or not _joined(words.tokens[me + 1:start]):
        return None
    return next(((role, negated) for role, negated in (("assignees", True), ("reporters", True), ("assignees", False),
                                                      ("reporters", False))
                 if CURRENT_USER in getattr(slots.excluded if negated else slots, role)), None)


def _me_listed_at(words: Words, at: int) -> bool:
    """"… or me", "… and me" starts at `at`: the asker listed after a person."""
    return words.tokens[at:at + 1] != [] and words.tokens[at] in LIST_JOINERS and words.tokens[at + 1:at + 2] == ["me"]


def _asker_after(words: Words, end: int, target: list[str]) -> None:
    """"assigned to Carla or me": the asker listed after a person, in their role."""
    if _me_listed_at(words, end) and not any(words.used[end:end + 2]):
        target += [] if CURRENT_USER in target else [CURRENT_USER]
        words.take(end, end + 2)


def _excluded_wins(slots: Slots) -> None:
    """A value both required and excluded ("Justin reviews his own queue… assigned to someone other than Justin",
    "the planned work rather than the defects… just not bugs"): the exclusion is what was asked, the other mention
    was the asker's story or the negated word read again."""
    for name in ValueFilters.model_fields:
        excluded = getattr(slots.excluded, name)
        if excluded:
            setattr(slots, name, [v for v in getattr(slots, name) if v not in excluded])


def _resolution_dated(slots: Slots) -> bool:
    """A resolution date was said ("resolved in September"): the issues were resolved, whatever else is said."""
    return any(d.field == "resolved" for d in slots.dates)


def _names_a_link(words: Words, end: int) -> bool:
    """A value's words followed by "link(s)" name a link type ("with a duplicates (issue) link"), not the value."""
    return re.fullmatch(r"(?:issue )?links?(?: .*)?", words.after(end, 2)) is not None


def _directed(order: str, way: str | None) -> str:
    """An order ("created ASC") turned the way said, if one was ("newest first", "desc", "soonest first")."""
    if not way:
        return order
    ascending = way.startswith(("asc", "oldest", "lowest", "earliest", "soonest"))
    return order.rsplit(" ", 1)[0] + (" ASC" if ascending else " DESC")  # ('"Story point estimate" ASC')


def _noun_forms(name: str) -> set[str]:
    """A link type's name as a noun, one or several: "dependency", "dependencies"."""
    return {name, name[:-1] + "ies" if name.endswith("y") else name + "s"}


# what is done to an issue, said after a negation and before where it is ("not finished in 2026.Q4", "not worked on
# in OPS Sprint 52"): the negation is the verb's; not the verbs that place an issue ("not planned for 2026.Q4")
STATE_VERBS = frozenset("finished done resolved closed fixed completed complete shipped started begun merged delivered "
                        "addressed handled sorted touched updated worked moved reviewed tested estimated released "
                        "picked".split())


def _said_loosely(name: str) -> str:
    """A pattern for a name (normalised words) as typed: any punctuation between its words ("in-app")."""
    return r"[\W_]+".join(map(re.escape, name.split()))


def _negation(before: str) -> re.Match | None:
    """The negation that reaches the value after `before`; "no"/"without" negate the noun right after them, so
    "stories with no estimate in MOB" negates the estimate, not MOB."""
    negation = NEGATION.search(before)
    # the nearest reaches it: "not finished yet, leaving out sub-tasks" leaves out the sub-tasks only
    while negation is not None and (nearer := NEGATION.search(before, negation.start() + 1)) is not None:
        negation = nearer
    if negation is None:
        return None
    first, *between = negation.group(0).split()
    if first in NOUN_NEGATIONS and between[:1] != ["longer"] and any(
            _content(w) and w not in FIELD_WORDS for w in between):
        return None
    if first == "non" and between:  # a prefix: "non-bug tickets Justin raised" are his, and not bugs
        return None
    rest = [w for w in (negation.group("rest") or "").split() if w not in ("yet", "been", "ever", "actually", "really")]
    if len(rest) > 1 and rest[0] in STATE_VERBS and rest[1] in ("in", "on", "under", "within", "yet"):
        return None  # "what's not finished in the 2026.Q4 release": the negation is the verb's, the release wanted
    return negation


# a word of owning said anywhere ("the tickets he owned"): the person named is the assignee
OWNED_SAID = re.compile(r"\b(?:owned|owns|own|owning|assigned|working on|worked on|handled|handling|looked after)\b")
# "in Sprint 51 and got carried over into Sprint 52": in each of the two
CARRIED_INTO = re.compile(r"\b(?:carried|rolled|moved|spilled|slipped|pushed) (?:over )?(?:in)?to\b")
# resolutions that turn a report down rather than settle the work it asks for
TURNED_DOWN = frozenset({"won't fix", "won't do", "duplicate", "cannot reproduce", "can't reproduce", "not a bug",
                         "incomplete", "invalid", "not a problem", "obsolete", "works as designed", "rejected"})
# Words before a negated resolution that say the issues have one ("closed as something besides Fixed", "given an
# outcome that was neither …", "not resolved as Done"); after a word that leaves out, they only describe what is left
# out ("leave out the ones closed as duplicates")
SETTLED_BEFORE = frozenset({"resolved", "closed", "outcome", "outcomes", "resolution", "resolutions", "ended"})


# one name in a list of a select field's options, or what joins two of them
OPTION_IN_LIST = re.compile(r"(?P<joiner>\s*(?:,|\bor\b|\band\b|/)\s*)|(?P<name>[^\s,/]+(?: (?!or\b|and\b)[^\s,/]+)*)")
# words between a select field's name and the options listed after it ("severity rating of critical")
BEFORE_OPTIONS = r"(?: (?:rating|ratings|level|levels|value|of|is|are|as|at|the|a|an|set to|either|marked))*\W{0,3}"


def _each_with_field(match: re.Match, field_name: str) -> str:
    """The options listed in `match` each with the field's name after it ("critical severity or major severity")."""
    return OPTION_IN_LIST.sub(lambda w: w.group(0) if w.group("joiner") else f"{w.group(0)} {field_name}",
                              match.group("list"))


def _options_listed(lexicon: Lexicon) -> list[tuple[re.Pattern[str], str]]:
    """For each select field with coded options ("S1 - Critical"), its options listed by name right after the
    field's name ("severity rating of critical or major", "severity level (critical)") or right before it ("critical
    or major severity"): each is read with the field's name beside it, as its aliases have it."""
    names: dict[str, set[str]] = {}
    for term in lexicon.of("option"):
        coded = CODED_OPTION.match(unicode_words(term.value))
        if coded and coded.group(3) and term.field:
            names.setdefault(unicode_words(term.field), set()).add(coded.group(3))
    patterns = []
    for field_name, said in names.items():
        name = "|".join(map(re.escape, sorted(said, key=len, reverse=True)))
        listed = rf"(?P<list>(?:{name})(?:\s*(?:,|\bor\b|\band\b|/)\s*(?:{name}))*)\b"
        patterns += [(re.compile(rf"\b{re.escape(field_name)}{BEFORE_OPTIONS}{listed}"), field_name),
                     (re.compile(rf"\b{listed} {re.escape(field_name)}\b"), field_name)]
    return patterns


def _resolution_negation(words: Words, start: int) -> int | None:
    """Where a negation within four words before a resolution starts ("weren't resolved as Won't Do", "leave out
    the won't fix ones")."""
    negation = _negation(" ".join(words.tokens[max(0, start - 4):start]))
    if negation is not None and (negation.group("rest") or " ").split()[:1] in ([w] for w in NEGATES_ANOTHER):
        return None  # "bugs not assigned to Antranig closed as won't fix": the negation is the person's
    if negation is None:  # "leaving out whatever is already marked done": further off, past words that only point
        negation = _negation(" ".join(words.tokens[max(0, start - 9):start]))
        if negation is None or not set((negation.group("rest") or "").split()) <= POINTING_WORDS:
            return None
    return start - negation.group(0).count(" ") - 1


def no_points_said(text: str) -> list[re.Match[str]]:
    """Where `text` says the issues have no story points ("unestimated", "haven't been given a size estimate"),
    read as the word readers read "haven't" ("haven t"), the offsets kept."""
    return list(POINTS_EMPTY.finditer(re.sub(r"['’]", " ", text)))


def _history_after(match: Match, matches: list[Match], words: Words) -> bool:
    """A word of the past right after a state ("blocked at some point"), unless it leads to another state ("done
    and were previously blocked": the past is Blocked's)."""
    after = words.after(match.end, 4)
    past = HISTORY.search(after)
    return past is not None and not any(
        other.term.kind == "status" and match.end < other.start <= match.end + len(after[:past.end()].split()) + 1
        for other in matches)


def _read_resolution(words: Words, slots: Slots, value: str, start: int, end: int) -> None:
    """The resolution said at `start`-`end`, wanted, or excluded with the negation before it, which is used."""
    if start and words.tokens[start - 1] == "nobody" and words.tokens[start] == "could":
        start -= 1  # "nobody could make them happen": who could not is part of the name said
    if start and words.tokens[start - 1] in ("never", "not") and value.lower() == "cannot reproduce":
        start -= 1  # "could never make them happen again": the failure is the name said, no negation of it
    negation = _resolution_negation(words, start)
    target = slots.excluded.resolutions if negation is not None else slots.resolutions
    if value not in target:
        target.append(value)
    if negation is not None and "resolution" not in slots.filled and (
            SETTLED_BEFORE.intersection(words.tokens[max(0, negation - 5):negation])
            or (words.tokens[negation] in ("not", "t", "never")
                and SETTLED_BEFORE.intersection(words.tokens[negation:start]))):
        # "resolved as anything except Fixed", "not resolved as Done": resolved ones, and not so
        slots.filled.append("resolution")
    words.take(start if negation is None else negation, end)
    words.resolutions_at.add(start)


def _take_negation(words: Words, negation: re.Match, start: int) -> None:
    """Uses the negation and the words up to the value it negates ("except the stuff that is already Done")."""
    words.take(max(0, start - negation.group(0).count(" ") - 1), start)


def _content(word: str) -> bool:
    return len(word) > 2 and word.isalpha() and word not in FILLER and word not in SCAFFOLD and word != USED


# Scaffolding words that state a condition in some places: a time word right after the issues ("tickets from
# before the review") dates them, and "back" after a verb of return ("came back after being closed") says reopened.
ISSUES_THEN_TIME = re.compile(r"\b(?:issues?|tickets?|bugs?|stor(?:y|ies)|tasks?|epics?|items?|work|stuff|things?|"
                              r"anything|everything|ones|from) (?P<time>before|after|since|until|till|during)"
                              r"(?: (?:the|a|an|our|my))? (?P<what>[a-z]+)\b")
RETURNED = re.compile(r"\b(?:came|come|comes|coming|bounced?|bouncing|sent|kicked|went|got) (?P<back>back)\b"
                      r"(?! (?:in|from|on|to me)\b)")


def _stated_in_filler(words: Words) -> set[str]:
    """The words of `ISSUES_THEN_TIME` and `RETURNED` still free: conditions, though each word alone is filler."""
    free = words.free()
    stated = {m.group("back") for m in RETURNED.finditer(free)}
    for match in ISSUES_THEN_TIME.finditer(free):
        stated |= {match.group("time")} | ({match.group("what")} if match.group("what") != USED else set())
    return stated


def _misspelt_filler(word: str) -> bool:
    """"shwo", "isues", "whats": question scaffolding typed fast, not a condition."""
    if word in LONG_FILLER:
        return True
    return (word[:1], "".join(sorted(word))) in FILLER_ANAGRAMS or bool(
        len(word) >= 5 and CLOSE_FILLER.matches(word, n=1, cutoff=0.88))


def foreign_language(text: str) -> bool:
    """Questions in another language get a sentence, not an English answer over a dropped condition."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    foreign = sum(w in FOREIGN for w in words) + 2 * bool(re.search(r"[¿¡]", text))
    return foreign >= 2 and foreign >= sum(w in ENGLISH_MARKERS for w in words)


_ATTRIBUTE = {"type": "issue_types", "status": "statuses", "priority": "priorities", "component": "components",
              "label": "labels", "project": "projects", "person": "assignees", "version": "fix_versions",
              "sprint": "sprints"}


def _by_span(matches: list[Match]) -> list[list[Match]]:
    groups: dict[tuple[int, int], list[Match]] = {}
    for match in matches:
        groups.setdefault((match.start, match.end), []).append(match)
    return [sorted(g, key=lambda m: -m.score) for g in groups.values()]


ADJECTIVE_RESOLUTIONS = {"duplicate", "invalid"}  # before an issue noun they can only be the resolution
VERB_LIKE_RESOLUTIONS = {"done", "complete", "completed", "incomplete", "resolved", "invalid", "fixed", "duplicate"}
# The words beside a value that say what kind it is: they decide between kinds that share a name
# ("Infrastructure" project and component) and are used up with the value.
KIND_HINTS = {
    "project": "projects?", "component": "components?|module|area|part|piece", "sprint": "sprints?",
    "label": "labels?|tag(?:ged|s)?(?: as| with)?|labell?ed(?: as| with)?", "type": "type|issue type",
    "priority": "priority|importance|urgency", "status": "status|state",
    "version": "releases?|versions?|fix ?versions?|affects?|affecting|affected|against|found in|targeted (?:at|for)|"
               "slated for|scheduled for|planned for"}
KIND_HINT_WORDS = {kind: re.compile(rf"\b(?:{hint})\b") for kind, hint in KIND_HINTS.items()}
# "the security or compliance labels": the word after a list of two says the kind of both
LISTED_BEFORE_KIND = re.compile(r"(?:or|and|nor) (?:[\w.-]+ ){1,2}?(?=(?:labels?|tags?|components?)\b)")
COMPONENT_NOUN_AFTER = re.compile(rf"\s+(?:{KIND_HINTS['component']})$")  # "about the uploader part": the component


@functools.lru_cache(maxsize=64)
def _hint_patterns(kind_words: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A kind's own word (or an option's field) said before its value ("severity is S1"), and after it
    ("speed-related"); compiled once per kind."""
    return re.compile(rf"\b(?:(?:{kind_words})(?: is| =| of| the| an?)?)$"), re.compile(rf"(?:{kind_words}|related)\b")


CUE_VOCABULARY = sorted("""unresolved unassigned resolved assigned reported reporter assignee priority overdue component
components release releases released unreleased version versions duplicate duplicates blocked blocking blocker blockers
created updated closed critical important highest lowest sprint sprints label labels labelled resolution mentioning
containing outstanding finished completed started progress review open description environment january february march
april august september october november december""".split())  # months: "septmber", "febuary"
CLOSE_CUES = CloseWords(CUE_VOCABULARY)
KIND_ORDER = ["type", "status", "priority", "project", "component", "version", "sprint", "label", "option"]


def _word_not_name(phrase: str, match: Match) -> bool:
    """A word only close to a person's name that is no misspelling of it: a word of the question ("Ned") or the name
    cut short ("care" for Caren: "I only care about …")."""
    return phrase in FILLER or (" " not in phrase and any(alias.startswith(phrase) for alias in match.term.aliases))


def _prefer_hinted(matches: list[Match], words: Words, components_in: dict[str, list[str]],
                   projects: list[str]) -> list[Match]:
    """The same words may name several kinds ("Infrastructure" project and component, "security" label and
    component): a word beside them that says which decides, else the more usual kind, unless the projects named
    have no such component ("MOB security bugs" where only OPS has a Security component: the label). A component
    or label named like a field ("Release") needs that word."""
    kept = []
    named = {m.term.value for m in matches if m.term.kind == "project" and m.score == 1.0} | set(projects)
    for group in _by_span(matches):
        near = words.before(group[0].start, 2) + " " + words.after(group[0].end, 1)
        beside = words.before(group[0].start, 1) + " " + words.after(group[0].end, 1)
        listed = LISTED_BEFORE_KIND.match(words.after(group[0].end, 4))
        near += " " + words.after(group[0].end + len(listed.group(0).split()), 1) if listed else ""
        hinted = [m for m in group
                  if m.term.kind in KIND_HINT_WORDS and KIND_HINT_WORDS[m.term.kind].search(near)]
        phrase = " ".join(words.tokens[group[0].start:group[0].end])
        group = [m for m in group
                 if not (m.term.kind in ("component", "label") and phrase in FIELD_WORDS and m not in hinted)]
        if hinted:
            group = hinted
        elif all(m.score < 1.0 for m in group) and any(
                KIND_HINT_WORDS[kind].search(beside) for kind in ("project", "component")):
            continue  # "the Core project": the word says which kind, so no misspelling of another's ("chore")
            # ("the mobile apps project, which important items": a word further off says nothing of this one)
        kinds = {m.term.kind for m in group}
        if not hinted and named and components_in and {"component", "label"} <= kinds and not any(
                m.term.value in components_in.get(p, []) for m in group for p in named):
            group = [m for m in group if m.term.kind != "component"]
        if len({m.term.kind for m in group}) > 1:
            first = min(KIND_ORDER.index(m.term.kind) for m in group)
            group = [m for m in group if KIND_ORDER.index(m.term.kind) == first]
        kept += group
    return kept


def no_such(lexicon: Lexicon, kind: str, value: str) -> str:
    """The sentence for a value the instance does not have, with the closest ones it does."""
    kind = "project" if kind == "epic" else kind
    names = {t.label.lower(): t.label for t in lexicon.of(kind)}
    names.update({t.value.lower(): t.value for t in lexicon.of(kind) if kind == "project"})
    close = [names[c] for c in get_close_matches(value.lower(), names, n=3, cutoff=0.5)]
    named = "release or version" if kind == "version" else kind
    what = "nobody called" if kind == "person" else f"no {named} called"
    hint = f" The closest are {', '.join(close)}." if close else ""
    if not close and kind in FEW_VALUED and 0 < len(names) <= MOST_NAMED:  # a short list, said whole
        hint = f" Its {FEW_VALUED[kind]} are {', '.join(names.values())}."
    return f"There is {what} '{value}' in this Jira.{hint}"


FEW_VALUED = {"status": "statuses", "priority": "priorities", "resolution": "resolutions"}
MOST_NAMED = 12
