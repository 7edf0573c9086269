"""The shape of a team question: how it aggregates the issues it selects ("per priority", "who has the
most", "the oldest", "what fraction of … are", "average age", "workload", "how is the sprint going",
"what is blocking the release", "at risk", "what changed", "latest comment", "why is … late").

`read_team` finds that shape and blanks the words it used, so the condition reader reads the rest
(project, people, types, dates) exactly as it reads a search, and a word neither understood is still
named in the answer rather than dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Literal

from jirakg.intents.conditions import (
    HAS_COMMENTS,
    LEVEL_NOUN,
    NO_COMMENTS,
    PREVIOUS_SPRINT,
    REPORTED_VERBS,
    SORTED_AT_END,
    TOP_BEFORE_LEVEL,
    every_text_field,
    no_points_said,
)
from jirakg.intents.conditions import REPORTED as REPORTED_WORDS
from jirakg.intents.models import IntentName, Measure
from jirakg.text.close_words import CloseWords

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "twenty": 20}
# The verbs of an issue's creation ("filed", "logged"): one list for every rule below that reads creation
CREATED = f"(?:{REPORTED_WORDS})"
# The same verbs in any tense, beside a person ranked or grouped: the reporter ("who submits the most bugs")
REPORTED = re.compile(r"\b(?:report(?:s|ed)?|fil(?:e|es|ed)|rais(?:e|es|ed)|logg?(?:s|ed)?|open(?:s|ed)|"
                      r"creat(?:e|es|ed)|submit(?:s|ted)?)\b")
SPRINT = "sprint"  # a grouping by sprint: the parser puts the instance's sprint field id in its place
# Words for the fields a breakdown or ranking groups by, plural forms included.
GROUP_WORDS = {
    "status": "status", "statuses": "status", "state": "status", "states": "status", "stage": "status",
    "stages": "status", "type": "issuetype", "types": "issuetype", "issue type": "issuetype",
    "issue types": "issuetype", "ticket type": "issuetype", "ticket types": "issuetype", "work type": "issuetype",
    "work types": "issuetype", "kind": "issuetype", "kinds": "issuetype", "priority": "priority",
    "priorities": "priority", "priority level": "priority", "priority levels": "priority",
    "severity": "priority",
    "severities": "priority", "severity level": "priority", "severity levels": "priority",
    "assignee": "assignee", "assignees": "assignee", "person": "assignee",
    "people": "assignee", "owner": "assignee", "owners": "assignee", "developer": "assignee",
    "developers": "assignee", "dev": "assignee", "devs": "assignee", "teammate": "assignee",
    "teammates": "assignee", "folks": "assignee",
    # "who's on it", "who is working on them"
    **dict.fromkeys([f"who{be} {on} {it}" for be in ("'s", " is") for on in ("on", "working on")
                     for it in ("it", "them")], "assignee"),
    "engineer": "assignee", "engineers": "assignee", "team member": "assignee",
    "team members": "assignee", "reporter": "reporter", "reporters": "reporter", "component": "components",
    "components": "components", "area": "components", "areas": "components", "module": "components",
    "modules": "components", "part": "components", "parts": "components", "fix version": "fixVersions",
    "fix versions": "fixVersions", "version": "fixVersions",
    "versions": "fixVersions", "release": "fixVersions", "releases": "fixVersions", "label": "labels",
    "labels": "labels", "tag": "labels", "tags": "labels", "sprint": SPRINT, "sprints": SPRINT,
    "resolution": "resolution", "resolutions": "resolution", "month": "created_month", "months": "created_month",
    "week": "created_week", "weeks": "created_week", "project": "project", "projects": "project",
    "who it's assigned to": "assignee", "who it is assigned to": "assignee", "who they're assigned to": "assignee",
    "who they are assigned to": "assignee", "who reported it": "reporter", "who reported them": "reporter",
    "epic": "epic", "epics": "epic", "parent epic": "epic", "parent epics": "epic",
}
# An epic's issues said as its children: "which epic has the most open children" counts the children
CHILD_WORDS = re.compile(r"\b(?:child(?:ren)?|sub-?issues?|kids)\b|\b(?:hanging |sitting )?(?:under|beneath|below|"
                         r"inside|off|attached to) (?:it|them)\b")
G = "(?:" + "|".join(sorted(map(re.escape, GROUP_WORDS), key=len, reverse=True)) + ")"
NOUN = (r"(?:issues?|bugs?|tickets?|tasks?|stor(?:y|ies)|epics?|blockers?|items?|features?|requests?|defects?|"
        r"problems?|sub-?tasks?|improvements?|ones?|things?|work)")
COUNT = r"(?:\d+|" + "|".join(NUMBER_WORDS) + ")"
# "the biggest backlog of", "the largest pile of", "the highest bug count": the most, said as a heap (the word
# before the heap may select the issues: "bug")
HEAP = r"(?:backlog|pile|stack|queue|heap|load|amount|share|count|number|total|tally|tail|list)"
MOST = (r"(?P<most>most|fewest|least|highest number of|largest number of|biggest number of|greatest number of|"
        r"lowest number of|smallest number of|fewest number of|more|"
        rf"(?:biggest|largest|heaviest|greatest|highest|longest|smallest|lightest|shortest|lowest) "
        rf"(?P<keepheap>\w+ )?{HEAP}(?: of)?)")
# "the app areas", "the product areas": a component said with what it is a part of
AREA_OF = r"(?:app|product|code|codebase|feature|functional|system)"
# After the groups, words that only restate them: "then by status inside each type", "the components they hit",
# "the areas of the product"
PRODUCT_OF = r"(?:\s+of the (?:product|code|codebase|system|app)\b)?"
WITHIN = (rf"(?:\s+(?:inside|within|in|for) each (?:one|{G})\b)?{PRODUCT_OF}"
          rf"(?:\s+(?:that |which )?(?:they're|they are|it's|it is|they were|it was) assigned to\b)?"
          rf"(?:\s+(?:they|it|these|those) (?:hits?|"
          rf"touch(?:es)?|affects?|belongs? to|falls? (?:in|into|under)|are in|is in|sits? in)\b)?{PRODUCT_OF}"
          # "a per-component view"
          rf"(?:\s+(?:view|picture|overview|summary|breakdown|split|counts?|numbers|totals?)\b)?")
# A field asked about through its scale, said in the rules below and mapped to the field by SCALE_WORDS: "how urgent
# are the OPS bugs" (priority), "how did they end up" (resolution), "where are they sitting" (status)
URGENCY_WORDS = ("urgent", "severe", "important", "critical")
ENDED_WORDS = ("end up", "ended up", "wind up", "get resolved", "get closed", "been resolved", "been closed",
               "resolved", "closed")
PLACED_WORDS = ("sitting", "sit", "stuck", "stand", "standing")
WORKFLOW_WORDS = ("in the workflow", "in the process")
SCALE_WORDS = {**dict.fromkeys(URGENCY_WORDS, "priority"), **dict.fromkeys(ENDED_WORDS, "resolution"),
               **dict.fromkeys((*PLACED_WORDS, *WORKFLOW_WORDS), "status")}
URGENCY, ENDED, PLACED, WORKFLOW = ("(?:" + "|".join(words) + ")"
                                    for words in (URGENCY_WORDS, ENDED_WORDS, PLACED_WORDS, WORKFLOW_WORDS))
BREAKDOWN = [
    re.compile(rf"\b(?:broken (?:down|out)|break(?:s|ing)?(?P<keep1>(?: [\w'.-]+){{0,3}}?) (?:down|out)|breakdown|"
               rf"split(?: up)?|grouped|group|"
               rf"divid(?:e|es|ed)(?: up)?|divv(?:y|ied)(?: up)?|categori[sz]ed|"
               rf"bucket(?:ed)?|"
               rf"tall(?:y|ied)|distribution|distributed|spread|sliced|slice|counts?|numbers|totals?)\b"
               rf"(?P<keep>(?:\s+[^\s]+){{0,8}}?)\s+(?:by|per|across|over|between|into|among|on)\s+(?:their |its |the |"
               rf"each |which |what )?(?:different |various |individual |separate )?(?:{AREA_OF} )?(?P<g1>{G})\b"
               rf"(?:\s*(?:,|and|then|by|per|/)\s*(?:then\s+)?(?:by\s+|per\s+)?(?:the |their |its )?"
               rf"(?P<g2>{G})\b)?{WITHIN}"),
    re.compile(r"(?<!sort )(?<!sorted )(?<!order )(?<!ordered )(?<!rank )(?<!ranked )"
               + "".join(rf"(?<!{verb} )" for verb in (*REPORTED_VERBS, "written", "assigned")) +
               # "across components" but not "across projects", which says where the issues are counted
               rf"\b(?:per|(?:(?:landed|land|lands|went|go|goes|fell|fall|falls|sit|sits|"
               rf"sitting|ended up|end up) (?:in|into|on|under) |for )?(?:each|every)"
               rf"(?!(?:(?<=across each)|(?<=across every))\s+projects?\b)(?P<keep>\s+[\w.'-]+)?|by|"
               rf"across(?: the| its| their)?(?: different| various)?(?!\s+projects?\b))\s+(?P<g1>{G})\b"
               # "logged by people other than Justin": who is left out, no grouping
               rf"(?!\s+(?:other than|except|besides|apart from|but not)\b)"
               # "by urgency desc": an order
               rf"(?!\s+(?:asc|desc|ascending|descending)\b)"
               # "pull every Highest priority bug": a word between "every" and a field before an issue noun is a value
               rf"(?(keep)(?!\s+(?:{NOUN}|glitch(?:es)?)\b))"
               rf"(?:\s*(?:,|and|then|per|by|/)\s*(?:then\s+)?(?:per\s+|by\s+)?(?P<g2>{G})\b)?{WITHIN}"),
    re.compile(rf"\b(?P<g1>{G})\s+(?:breakdown|distribution|mix|split|spread|counts|picture|overview|numbers)\b"
               rf"(?:\s+(?:among|across|between|within|of|for)\b)?"),
    # "DATA tickets created per month": creation counted by its month (the verb is no condition here)
    re.compile(rf"\b(?:{CREATED}|new)\s+(?:per|each|every|by|a)\s+(?P<g1>month|week)\b"),
    re.compile(r"\bwhat (?P<g1>kinds?|types?|sorts?) of (?:work|issues?|tickets?|things)\b"),
    # "monthly counts of new DATA tickets": creation counted by its month
    re.compile(r"\b(?P<g1>month|week)ly (?:counts?|numbers|totals?|tally|breakdown)(?: of)?"
               rf"(?: (?:new|incoming|{CREATED}))?\b"),
    re.compile(rf"\b(?:{CREATED}|came in|come in) (?P<g1>month|week)ly\b"),
    # "what labels do the open OPS bugs carry, and how often"
    re.compile(rf"\b(?:which|what) (?P<g1>{G}) (?:do|does|did) (?P<keep>.{{1,60}}?) (?:carry|have|get|use|hit|touch|"
               rf"fall (?:in|into|under)|belong to|sit in|land in)\b(?:,? (?:and )?how (?:often|many times|"
               rf"frequently|many)\b(?: each)?)?"),
    # ("count of highest priority items": the field word describes the items counted, no grouping; "count of bugs
    # in project MOB": the field word names where they are)
    re.compile(rf"\b(?:mix|variety|range|spread|distribution|split|breakdown|tally|count) of "
               rf"(?:(?!(?:in|within|under|for|from)\s)\w+\s+){{0,2}}?"
               rf"(?P<g1>{G})\b(?! (?:items?|issues?|tickets?|bugs?|tasks?|stories|work|things|ones|stuff)\b)"
               rf"(?:\s+(?:among|across))?"),
    re.compile(rf"\bhow (?P<g1>{URGENCY})\b(?= (?:is|are|were|was)\b)"),
    # "WEB bugs by how urgent they are"
    re.compile(rf"\b(?:by|per|across|over) how (?P<g1>{URGENCY})(?: (?:they|it) (?:are|is))?\b"),
    # "where are the open WEB bugs sitting (in the workflow)?": where issues are is their status
    # "where in the workflow is the open mobile work stuck?"
    re.compile(rf"\bwhere (?P<g1>{WORKFLOW}) (?:are|is|do|does)\b(?P<keep>.{{0,60}}?)(?:\b{PLACED}\b|$)"),
    # "which tags show up on DATA tickets and how often?", "which parts of SJRK do the open tickets belong to?"
    re.compile(rf"\b(?:which|what) (?P<g1>{G}) (?:show up|appear|turn up|come up|are used|get used|occur)\b"
               rf"(?P<keep>.{{0,60}}?)(?:,? (?:and )?how (?:often|many times|frequently)\b|[?.]|$)"),
    # ("which Mobile component issues are slated for 0.3b": a field word before an issue noun says which issues)
    # ("… that don't say which part of the platform they belong to" is a condition on the component)
    # ("what work in the Prefs Framework component was targeted at 1.5": the component the work is in, no grouping)
    re.compile(rf"(?<!say )(?<!says )(?<!state )(?<!mention )(?<!name )\b(?:which|what) "
               rf"(?P<keep0>(?:(?!(?:in|within|under|from) )\S+ ){{0,6}}?)"
               rf"(?P<g1>{G})\b(?! {NOUN}\b){PRODUCT_OF}"
               # "… but don't belong to any sprint" is a condition
               rf"(?P<keep>.{{0,80}}?)\b(?<!n't )(?<!n t )(?<!not )(?<!never )(?<!n t been )(?<!not been )"
               rf"(?:belong to|fall (?:in|into|under)|(?:targeted|aimed|planned|scheduled|slated) (?:at|for))\b"
               rf"(?:,? with (?:the |their )?counts?)?"),
    # "which statuses are the open OPS tickets in?", "what priorities are the DATA bugs at?"
    re.compile(rf"\b(?:which|what) (?P<g1>{G}) (?:are|is|were) (?P<keep>.{{1,60}}?) (?:in|at|under|on)\s*[?.]?$"),
    # "how did FLOE tickets end up: fixed, duplicate, won't fix?": how issues ended is their resolution; the values
    # listed after it are examples of the groups
    re.compile(rf"\bhow (?:did|were|was|have|do)\b(?P<keep>.{{0,60}}?)\b(?P<g1>{ENDED})\b"
               r"(?:\s*[:(-].*|,.*(?:,|\bor\b).*)?"),
    re.compile(rf"\bwhere (?:are|is|do|does)\b(?P<keep>.{{0,60}}?)\b(?P<g1>{PLACED}|{WORKFLOW})\b(?: {WORKFLOW})?"),
]
SCALE_QUESTION = re.compile(rf"\bhow {URGENCY}\b")
# The words between "who" and "most" may select the issues ("who on data platform has the most…"): kept
WHO_MOST = re.compile(rf"\bwho(?:'s|s| is| has| have| had| got|'s got| has got)?\s+(?:sitting on |holding |carrying |"
                      rf"owning |stuck with |owns |holds |carries |handles |sits on )?(?P<keep>(?:[\w']+\s+){{0,7}}?)"
                      rf"(?:the\s+)?{MOST}\b")
PREPOSITION = r"(?:in|on|of|for|from|at|with|by|to|and|or|but|than|the|a|an)"
# What a person did to the issues counted, kept as a condition: "which developer closed the most bugs last month"
DID = rf"(?:closed|resolved|fixed|finished|completed|shipped|handled|worked on|{CREATED})"
WHICH_MOST = [
    # any verb right before "the most" counts what the group has: "racks up", "collects", "attracts"
    re.compile(rf"\b(?:which|what)\s+(?:of (?:the |our |all (?:the )?)?)?(?:(?P<top>{COUNT})\s+)?"
               rf"(?P<keep0>(?:\w+\s+){{0,2}}?)(?P<g1>{G})\b{PRODUCT_OF}(?P<keep>(?:\s+[^\s]+){{0,8}}?)\s+(?:(?:has|have|had|"
               rf"gets?|got|with|contains?|holds?|carries|sees?|is|are|"
               rf"(?P<keepverb>{DID}))\s+(?:(?!{DID}\b)\w+\s+){{0,2}}?|"
               rf"(?!{PREPOSITION}\b)[a-z']+\s+(?:(?:up|in|on|out|down)\s+)?(?!most of\b))(?:the\s+)?{MOST}\b"
               rf"(?:\s+(?:common|frequent|popular|used|seen|often|frequently)\b)?"),
    # "among the Mobile Apps epics, which one has the most open work under it"
    re.compile(rf"\b(?:among|of|out of) (?:the |all (?:the )?|our )?(?P<keep0>(?:[\w-]+\s+){{0,3}}?)(?P<g1>{G}),?\s+"
               rf"which(?: one| of them)?\s+(?:has|have|had|gets?|got|holds?|carries)\s+(?:the\s+)?{MOST}\b"),
    # keywords: "MOB epic most open children", "component most bugs"
    re.compile(rf"^(?P<keep0>(?:(?!top\b)[\w-]+\s+){{0,3}}?)(?P<g1>{G})\s+(?:with\s+)?(?:the\s+)?{MOST}\b"),
    # "the most common issue type in OPS", "the least used label"
    re.compile(rf"\b(?:the\s+)?(?P<most>most|least) (?:common|frequent|popular|used|seen) (?P<g1>{G})\b"),
    re.compile(rf"\b(?:top\s+(?P<top>{COUNT})?\s*)?(?:the\s+)?(?P<g1>{G})\s+with\s+(?:the\s+)?{MOST}\b"),
    # "rank the MOB components by number of open bugs": the values ordered by how many issues each has
    re.compile(rf"\b(?:rank|ranked|order|ordered|sort|"
               rf"sorted)\s+(?:the\s+)?(?P<keep0>(?:\w+\s+){{0,2}}?)(?P<g1>{G})\s+by\s+"
               rf"(?:the\s+)?(?:(?:number|count|amount) of|how many)\b"),
    # "top 3 reporters"; "top priority bugs", "web bugs that are top priority" is a priority value ("top" said of the
    # issues' priority)
    re.compile(rf"\btop\s+(?!priority\b|{COUNT}\s+{LEVEL_NOUN})"
               rf"(?P<top>{COUNT})?\s*(?P<keep>(?:\w+\s+){{0,2}}?)(?P<g1>{G})\b(?!\s+{NOUN}\b)"),
    # "who's the biggest bug reporter on FLOE": the one with the most, said as a title
    re.compile(r"\b(?:biggest|most prolific|leading|number one|no\. ?1)\s+(?P<keep>(?:\w+\s+)??)"
               r"(?P<g1>reporter|assignee|owner)\b"),
]
RANKED_ISSUES = re.compile(
    rf"\b(?:(?:the\s+)?(?:top\s+)?(?P<top>{COUNT})\s+)?(?P<age>oldest|newest|youngest|earliest|"
    # "the first tickets reported": ranked; "First Discovery tickets reported by …" names a component
    rf"(?:(?<=the )|(?<=the very )|very )first(?=(?:\s+[^\s]+){{1,3}}?\s+(?:ever\s+)?{CREATED})|"
    rf"most recent(?:ly {CREATED})?|latest|"
    rf"longest[- ](?:open|running|standing|lived|outstanding|unresolved)|stalest)"
    rf"(?!(?:\s+[^\s]+){{0,2}}?\s+(?:first|at the top|on top|up top)\b)"  # "newest ones on top" orders a list
    rf"(?=(?:\s+[^\s]+){{0,4}}?\s+{NOUN}\b)")
# "the oldest of those", "which of them was created most recently": the issues ranked are the ones just listed
# An age said of the issue asked for: "which … is the oldest", "which … was filed most recently" ("created last
# week" is a date)
AGE_ASKED = (rf"(?:oldest|newest|youngest|earliest|latest|most recent|"
             rf"{CREATED} (?:most recently|earliest|(?:last|first)(?!\s+\w)))")
RANKED_AMONG = re.compile(
    r"\b(?:which|what)(?: one| ones)?(?: of (?:those|these|them|the list|that list))?(?: is| was| are| were| has been)"
    rf"(?: the)? (?P<age>{AGE_ASKED})\b|"
    r"\b(?:the )?(?P<age2>oldest|newest|youngest|earliest|latest|most recent)(?: one| ones)? (?:of|among|in) "
    r"(?:those|these|them|the list|that list)\b")
WHICH_GROUP = re.compile(rf"\b(?:which|what) (?P<g>{G})\b")  # "which component …": the values of a field ranked
# "what's been sitting unresolved in WEB the longest": the words between select the issues
WAITING = r"(?:open|waiting|unresolved|sitting|outstanding|(?:hanging|lingering)(?: around)?)"
OPEN_LONGEST = re.compile(rf"\b(?:been )?{WAITING}(?:\s+{WAITING})*\b(?P<keep>(?:\s+(?!{WAITING}\b)[^\s]+){{0,5}}?)\s+"
                          rf"(?:the |for the )?longest\b(?: for (?:a |an |the )?(?:fix|resolution|answer|response|"
                          rf"reply|decision|review))?|"
                          rf"\b(?:gone|been|waited|sat|stayed|lasted)(?: the)? longest without (?:being |getting |a )?"
                          rf"(?:resolved|fixed|closed|done|fix|resolution)\b")
LIST_STARTS = re.compile(r"\b(?:start(?:ing)?|begin(?:ning)?) (?:from|with)(?: \S+){0,3} *$")
# "which unresolved data bug is the oldest": the age said after the issues it ranks
RANKED_AFTER = re.compile(rf"\b(?:which|what)(?P<keep>(?:\s+[^\s]+){{0,5}}?\s+{NOUN})\s+(?:is|are|was|were)\s+"
                          rf"(?:the\s+)?(?P<age>{AGE_ASKED}|stalest)\b")
# "the top 3 most voted", "the 5 most watched": how many issues are ranked
TOP_N = rf"\b(?:(?:the\s+)?(?:top\s+)?(?P<top>{COUNT})\s+|top\s+)?"
BY_METRIC = [
    (re.compile(r"\b(?:(?P<most>most|fewest|least|highest number of|largest number of) (?:comments|replies|discussion|"
                r"chatter|conversation|back[- ]and[- ]forth)|"
                r"most[- ](?:commented|discussed|talked[- ]about)|"
                rf"top\s+(?:(?P<top>{COUNT})\s+)?(?:most[- ])?(?:commented|discussed)|"
                r"(?P<fewest>least[- ](?:commented|discussed|talked[- ]about))|"
                # "the most discussion", "the chattiest", "has people talking the most"
                r"(?P<most2>most|least) (?:discussion|chatter|back-and-forth|debate)|chattiest|"
                r"(?:busiest|longest|biggest) (?:comment |discussion )?(?:thread|discussion|conversation)s?|"
                r"(?:people|folks|everyone|users|the team) (?:talking|commenting|chatting|arguing|discussing)"
                r"(?: (?:on|about) it)? (?:the )?(?P<most3>most|least))\b"),
     "comments"),
    (re.compile(r"\b(?:(?P<most>most|fewest|least) (?:links|linked|connected|dependencies)|most[- ]linked|"
                r"(?:tied|linked|connected) to the (?:largest|highest|biggest|greatest) number of|"
                r"(?:tied|linked|connected) to the (?P<most2>most|fewest)(?: other)?(?: issues| tickets)?)\b"),
     "links"),
    (re.compile(r"\b(?:(?P<most>most|highest|largest|biggest|fewest|lowest|smallest) (?:story )?(?:points?|"
                r"point estimates?|estimates?)(?: total| sum| count)?|(?:biggest|largest) (?:stor(?:y|ies)|estimates?)|"
                # "the biggest open DATA story in terms of estimate": the words between select the issues
                r"(?P<most2>biggest|largest|highest|heaviest|smallest|"
                r"lowest)\b(?P<keep>.{0,60}?)\b(?:in terms of|in|by|"
                r"going by(?: the)?|measured (?:in|by)) (?:story )?(?:points?|estimates?|size|effort))\b"), "points"),
    # "the most watched DATA bug", "which issue has the most watchers", "fewest followers"
    (re.compile(TOP_N + r"(?:(?P<most>most|fewest|least|highest number of|largest number of|biggest number of|"
                r"greatest number of|highest|largest|biggest) (?:watchers|followers|people watching)|"
                r"(?:highest|largest|biggest) (?:watcher|watch) counts?|(?P<most2>most|least)[- ]"
                r"(?:watched|followed)|(?P<most3>most|fewest) people (?:follow|watch)(?:ing)?|"
                # "being followed by the most people", "the biggest crowd watching it"
                r"(?:is |are )?(?:everyone|everybody) (?:is )?(?:watching|following)|"
                r"(?:being |is |are )?(?:watched|followed|tracked) by (?:the )?(?P<most4>most|fewest) "
                r"(?:people|users|folks)|(?P<most5>biggest|largest|smallest) (?:crowd|audience|following|"
                r"number of people|group of people)(?: (?:watching|following))?)\b"), "watchers"),
    # "the most voted open bug", "which story has the most votes", "top-voted", "most upvoted"
    (re.compile(TOP_N + r"(?:(?P<most>most|fewest|least|highest number of|largest number of|biggest number of|"
                r"greatest number of|highest|largest|biggest) (?:votes|upvotes)|(?:highest|largest|biggest) vote "
                r"(?:counts?|totals?)|(?P<most2>most|least)[- ](?:voted|upvoted|voted[- ]for)|"
                r"top[- ]voted|"
                # "have people upvoted the most", "do the most people want fixed, going by votes"
                r"(?:have |has |did )?(?:people|users|folks|customers|everyone) (?:have |has )?(?:up)?vote[sd]?"
                r"(?: for)?"
                r"(?: it| on)? (?:the )?(?P<most4>most|least)|(?P<most5>most|fewest) (?:people|users|folks|customers) "
                r"(?:want|wanted|asked for|requested|care about)\b.{0,30}?,? ?(?:going|judging) by (?:the )?"
                r"(?:votes|upvotes|vote counts?))\b"), "votes"),
]
IN_PERCENT = (r"(?:in percent|in percentages?|as a percent(?:age)?|as a share|as a fraction|percentage-wise|"
              r"by percentage|in %)\??")
# A ratio between two parts of the selection: "ratio of bugs to stories in MOB", "the bug-to-story ratio",
# "how is the backlog split between bugs and stories", "open bugs vs open stories in DATA", "how many bugs for
# every story". A part is a few words ending at a preposition that starts the shared conditions ("in MOB").
KIND = r"(?:bugs?|stor(?:y|ies)|tasks?|epics?|sub-?tasks?|features?|improvements?|initiatives?|defects?)"
PART = r"(?:[\w'-]+ ){0,3}?"
PART_END = r"(?=\s+(?:in|on|for|across|within|among|from|at|under|of|inside|over|this|last|since)\b|\s*[?.,!;:]|$)"
RATIO = [
    re.compile(rf"\bratio (?:of|between) (?:the )?(?P<a>{PART}[\w'-]+) (?:to|and|vs\.?|versus|against) (?:the )?"
               rf"(?P<b>{PART}[\w'-]+){PART_END}"),
    re.compile(r"\b(?P<a>[\w'-]+)[- ](?:to|vs\.?|versus)[- ](?P<b>[\w'-]+) ratio\b"),
    re.compile(rf"\b(?:split(?: up)?|divided|balanced?|distributed) (?:between|among|into) (?:the )?"
               rf"(?P<a>{PART}[\w'-]+) (?:and|vs\.?|versus) (?:the )?(?P<b>{PART}[\w'-]+){PART_END}"),
    re.compile(rf"\b(?P<a>{PART}{KIND}) (?:vs\.?|versus|compared (?:to|with)|against|relative to) (?:the )?"
               rf"(?P<b>{PART}{KIND}){PART_END}"),
    # "how many defects does Mobile Apps have for every user story": the words naming who has them select
    re.compile(rf"\bhow many (?P<a>{PART}{KIND}) (?:are there |have we got |"
               rf"(?:do|does|did) (?P<keep>(?:[\w'.-]+ ){{1,3}}?)"
               rf"(?:have|has|get|see|hold|carry|log) )?(?:for every|for each|per) (?:one |single )?(?:user )?"
               rf"(?P<b>{KIND})\b"),
    # "how does the number of tasks compare to the number of bugs in OPS"
    re.compile(rf"\b(?:the )?(?:number|count|amount) of (?P<a>{PART}{KIND}) (?:compares?|stacks? up|measures? up) "
               rf"(?:to|with|against) (?:the )?(?:number|count|amount) of (?P<b>{PART}{KIND}){PART_END}"),
]
# "the backlog" split between two kinds: the unresolved issues
BACKLOG = re.compile(r"\b(?:the |our |their )?backlog\b")
# "never got resolved": the part still open
NEVER = re.compile(r"\b(?:never|not yet|not) (?:got|get|gets|been|were|was|are|is|have been|has been|being) "
                   r"(?:resolved|fixed|closed|done|finished|completed)\b")
SHARE = [
    re.compile(r"\b(?:what|which)?\s*(?:is\s+)?(?:the\s+)?(?P<t>fraction|percentage|percent|proportion|share|ratio|"
               r"portion|%|how much|how big (?:a |of a )?(?:chunk|part|portion|slice|piece|share))\s+of\s+"
               r"(?:the\s+|all\s+)?(?P<base>.+?)\s+(?:are|is|were|was|have been|has been|"
               r"got|gets|get|ended up|end up|remain|stay|have|has|did|do)\s+(?P<part>.+?)"
               r"(?:,? ?" + IN_PERCENT + r")?$"),
    re.compile(r"(?:\b|(?=%))(?P<t>fraction|percentage|percent|proportion|share|%) of (?:the |all )?(?P<base>.+?) "
               r"(?P<part>(?:still|resolved|closed|fixed|marked|flagged|unresolved|open|done)\b.*)$"),
    re.compile(r"\b(?:out of|of) (?:all )?(?:the )?(?P<base>.+?),? what (?:fraction|percentage|percent|proportion|"
               r"share|portion) (?:of them )?(?:are|is|were|have|has|got|get) (?P<part>.+)$"),
    re.compile(r"\b(?:what )?(?P<t>fraction|percentage|percent|proportion|share) of (?:the |all )?(?P<base>.+?) "
               r"(?:with|that are|that have|which are|marked|flagged|having) (?P<part>.+)$"),
    # "is most of the DATA work done yet?": how much of it is, as a share
    re.compile(r"^(?:is|are|was|were|has|have) (?:most|much|more than half|half) of (?:the |all )?(?P<base>.+?) "
               r"(?:been )?(?P<part>(?:done|finished|resolved|closed|completed?|fixed|shipped)\b.*?)$"),
    # "how many DATA bugs are still open, in percent?", "how often were DECA tickets closed as won't fix, by percentage"
    re.compile(r"\bhow (?:many|often) (?:of )?(?:the |all )?(?P<base>.+?) (?:are|is|were|was|got|get|have been|"
               r"has been) (?P<part>.+?),? " + IN_PERCENT),
    re.compile(r"\bhow often (?:are|is|were|was|do|does|did|have|has) (?:the |all )?(?P<base>.+?) (?:get |got |been )?"
               r"(?P<part>(?:closed|resolved|fixed|done|finished|marked|flagged|set|labell?ed|tagged)\b.*?),? "
               + IN_PERCENT),
]
RATE = re.compile(r"(?P<t>\b(?:resolution|completion|fix|done|closure|close) rate|(?:\bpercent(?:age)?|%)\s+"
                  r"(?P<part>resolved|done|closed|complete|completed|finished|fixed|open|unresolved))\b")
RATE_PARTS = {"resolution": "resolved", "completion": "done", "fix": "resolved", "done": "done", "closure": "resolved",
              "close": "resolved"}
# "half of" as a median; "the first half of 2025" is a time
AVERAGE = re.compile(r"\b(?P<stat>average|avg|mean|median|typical|typically|"
                     r"(?<!first )(?<!1st )(?<!second )(?<!2nd )(?<!latter )half of)\b")
RESOLUTION_TIME = re.compile(
    r"\b(?:time to (?:resolve|fix|close|resolution|complete|get \w+ (?:done|fixed|resolved))|resolution time|"
    r"(?:time|(?:number of )?days|(?:number of )?weeks) (?:it )?takes? (?P<keep3>[\w-]+ )?to (?:resolve|fix|close|ship|"
    r"deliver|finish|complete|get \w+ (?:done|fixed|resolved))|"
    r"cycle time|lead time|turnaround(?: time)?|days to (?:resolve|fix|close)|"
    r"takes? (?:us |them )?to (?:get \w+ )?(?:resolve|fix|close|resolved|fixed|closed)|to (?:resolve|fix|close)|"
    r"how long (?:does|do|did) (?:it|they) take|(?:time |days )?from (?:being )?(?:creat\w*|open\w*|filed|filing|"
    r"reported) (?:to|until|till) (?:being )?(?:resolu\w*|resolv\w*|clos\w*|done|fix\w*)|"
    # "how many days pass between a mobile bug being filed and it being closed": the words after "between" select
    r"(?:how many days (?:pass|go by|elapse) )?between (?P<keep>.{0,40}?)(?:\bbeing )?\b(?:filed|created|opened|"
    r"reported)\b.{0,40}\b(?:closed|resolved|fixed|done)(?: out\b)?|"
    r"(?:resolved|fixed|closed) within|(?:take|took) .{0,20}from being (?:opened|created|filed))\b")
# "how long do DATA bugs take to get fixed", "how quickly do OPS bugs get fixed", "how many days does it usually
# take to resolve a bug"
HOW_LONG_AUX = (r"(?:does|do|did|is it taking|it takes|it took|does it take|do they take|do we take)\b")
# the auxiliary may be left out after "how long" in an indirect question ("a feel for how long MOB bugs take to fix")
HOW_LONG = re.compile(rf"\bhow (?:(?:long|quickly|fast|soon)(?: {HOW_LONG_AUX})?|(?:many days|"
                      rf"many weeks) {HOW_LONG_AUX})"
                      r"(?:\s+(?:it|they|we|us))?"
                      r"(?:\s+(?:usually|normally|generally|typically))?(?P<keep>.{0,60}?)(?:\b(?:take|takes|"
                      r"took|taking|to|get|got|be|being)\b\s*)*"
                      r"\b(?:resolv\w*|fix\w*|clos\w*|done)\b")
# "the typical open ticket (the middle one, not the average)": the median, whichever word comes first
MEDIAN_NOT_AVERAGE = re.compile(r"\b(?:the )?middle (?:one|value|ticket|issue)\b|,? ?\bnot (?:the )?(?:average|mean)\b")
# "how long on average do WEB bugs stay open": their time to resolve; the words between select the issues
STAY_OPEN = re.compile(r"\bhow (?:long|many days|many weeks)\b(?P<keep>.{0,60}?)\b(?:stay|stays|stayed|remain|remains|"
                       r"remained|sit|sits|sat|"
                       r"are|is) (?:open|unresolved)(?: for)?\b|\bhow (?:long|many days|"
                       r"many weeks)\b(?P<keep2>.{0,60}?)"
                       r"\b(?:open|unresolved) (?:before|until|till) (?:it's |it is |they're |they are |"
                       r"it gets |they get |"
                       r"being |getting |it was |they were )?(?:done|resolved|closed|fixed|finished)\b")
# "how long have the open OPS tickets been sitting there": the age of open work; the words between select it
HOW_LONG_WAITING = re.compile(r"\bhow long\b(?: (?:have|has)\b)?(?P<keep>.{0,60}?)\b(?:(?:have|"
                              r"has) )?been (?:sitting|open|waiting|around|"
                              r"hanging around|lingering|unresolved|outstanding|in the backlog)(?: there| around)?\b")
# "which OPS story is the biggest in points": the issues ranked, no sum
SUPERLATIVE_POINTS = re.compile(r"\b(?:biggest|largest|highest|heaviest|smallest|lowest|lightest)\b.{0,60}?\b(?:in|by) "
                                r"(?:story )?(?:points?|estimates?)\b")
# "how long do bugs usually stay open": the statistic said as a habit
USUALLY = re.compile(r"\b(?:usually|normally|generally|typically|tends? to|on average)\b")
AGE = re.compile(r"\b(?:age|how old|old are|open for|been open|days open|(?:how many )?(?:days|weeks|months) old)\b")
POINTS = re.compile(r"\b(?:story points?|points|estimates?)\b")
SUM = re.compile(r"\b(?:total|sum(?: of)?|how many|combined|overall)\s+(?:the\s+)?(?:story points?|points|estimates?)"
                 r"(?: count| total)?(?: of)?\b|"
                 # ("a size estimate in points", "sized in points": how the issues are sized, no sum)
                 r"\b(?:story points?|points) (?:in total|total|combined|altogether|in)\b|"
                 r"(?<!estimate )(?<!estimates )(?<!size )(?<!sized )(?<!estimated )\bin points\b|"
                 r"\b(?:add|adding|sum|summing|tot|totting) up (?:the |all )?(?:story )?(?:points|"
                 r"estimates?)(?: (?:on|of|for))?\b|"
                 r"\b(?:story )?(?:points|estimates?) added up\b|"
                 r"\b(?:story points?|points|estimates?)(?P<keep>(?: \w+){0,2}?) (?:sum|total|summed)\s*[?.!]?$")
# "story points per assignee", "the sum of the estimates by developer", "how many points does each person have":
# a breakdown that sums points instead of counting issues
POINTS_PER = re.compile(r"\b(?:(?:the\s+)?(?:total|sum(?: of)?|combined|how many|how much)\s+(?:the\s+)?)?"
                        r"(?:story[- ]points?(?: estimates?)?|points?|estimates?|estimation)\b(?: total)?")
ARRIVE = r"(?:come|comes|coming|came|arrive|arrives|arriving|get created|gets created|are created|get opened)(?: in)?"
LEAVE = r"(?:(?:get|gets|got|are|being) )?(?:closed|resolved|fixed|done|go out|going out|leave)"
THROUGHPUT = re.compile(rf"\b(?:{CREATED}|new|incoming) (?:vs\.?|versus|and|against|compared (?:to|with)) "
                        r"(?:resolved|closed|fixed|done)\b|"
                        rf"\b{CREATED}\b(?P<keep3>(?: [\w'-]+){{1,3}}?) (?:vs\.?|versus|"
                        r"compared (?:to|with)|"
                        r"against|and how many) (?:get |got |are |were )?(?:closed|resolved|fixed|done)\b|"
                        r"\bthroughput\b|\binflow(?: (?:and|vs\.?|versus) outflow)?|"
                        rf"\b{ARRIVE} (?:vs\.?|versus|against|compared (?:to|with)|and how many) {LEAVE}\b|"
                        # "are we closing DATA issues faster than they come in": the words between select the issues
                        r"\b(?:closing|resolving|fixing|closed|resolved|fixed|clearing)\b(?P<keep>(?: [\w'-]+){0,4}?) "
                        rf"(?:faster|quicker|slower|more quickly|more slowly) than (?:they|new ones|new \w+|"
                        rf"it) {ARRIVE}\b|"
                        rf"\b{ARRIVE} (?:faster|quicker|slower|more quickly|more slowly) than (?:we|they|the team) "
                        r"(?:can )?(?:close|resolve|fix|clear|get through)(?: them| it)?\b|"
                        r"\b(?:the |our )?backlog (?:is )?(?:growing|shrinking)(?: or (?:growing|shrinking))?\b|"
                        # "closing MOB bugs compared to new ones coming in", "close per month compared with how many
                        # were opened": the words between select the issues
                        r"\b(?:clos(?:e|es|ed|ing)|resolv(?:e|es|ed|ing)|fix(?:es|ed|"
                        r"ing)?)\b(?P<keep2>(?: [\w'-]+){0,5}?) "
                        r"(?:compared (?:to|with)|versus|vs\.?|against) (?:how many (?:were |got |are |get )?|the |)"
                        rf"(?:{CREATED}|new ones|new \w+|incoming|(?:what|ones) (?:comes?|coming) in|"
                        rf"(?:come|comes|came|coming|arrive|arrived) in|arrive|arrived|get {CREATED})"
                        r"(?: coming in| arriving)?\b")
# The least loaded person asked for: "who has spare capacity", "who could take on more work", "the lightest workload"
LIGHT_LOAD = (r"(?:spare|free|most|more) capacity|room for more(?: work)?|(?:could|can|able to) take on more(?: work)?|"
              r"(?:least|less) (?:busy|loaded)|(?:lightest|smallest|lowest) (?:work ?)?load")
# The fields a split of the work over is a breakdown, not a workload: "work spread over the areas"
OTHER_FIELDS = "(?:" + "|".join(sorted((re.escape(w) for w, f in GROUP_WORDS.items() if f != "assignee"), key=len,
                                       reverse=True)) + ")"
WORKLOAD = re.compile(
    r"\b(?:work ?load|overloaded|overworked|over-?loaded|overwhelmed|over-?stretched|maxed out|swamped|snowed under|"
    # "how many open tickets does each person have on their plate": an amount on each person's plate
    # ("how many does Farid have on his plate" counts one person's)
    r"drowning|(?:how much|how many|most|more|less|least|fewest)\b(?P<keep2>.{0,60}?)\bon (?:their|"
    r"everyone's|people's|each \w+'s) plates?|"
    r"too much (?:(?:open |unfinished |unresolved )?work|on (?:\w+ )?plate|(?:going )?on|to do)|"
    # "is work evenly spread in MOB": whether the work is shared fairly
    r"(?:evenly|fairly|equally|well|unevenly|unfairly) (?:spread|split|shared|distributed|divided|balanced)|"
    r"(?:spread|split|shared|distributed|divided|balanced) (?:out |up )?(?:evenly|fairly|equally|well|unevenly|"
    r"unfairly)|"
    # "who is carrying how much of the open work", "who owns what amount of it": amounts per person
    r"who(?: is| are|'s)? (?:carrying|holding|owning|owns|has|handling|doing|sitting on) (?:how much|what (?:amount|"
    r"share|portion|part|proportion))|how much (?:is |work is )?on (?:\w+'s|his|her|their|my|our) plate|"
    r"(?:at|over) capacity|busiest(?! (?:comment )?(?:thread|discussion|conversation))|load (?:per|by) person|"
    r"(?:team|people|everyone|everybody)(?:'s|s'|s)? load|"
    r"spread of work|stretched thin|(?:team |our |their )?capacity|"
    # "what does everyone on the WEB team have on their plate", "what's on each DATA engineer's plate"
    r"on (?:their|everyone's|everybody's|people's|each (?P<keep5>(?:\w+ )?)\w+'s) plates?|"
    # "how much open work does each OPS person carry"
    r"how much (?P<keep3>(?:open |unfinished |unresolved )?)work (?:does|do) (?P<keep4>(?:each|every) .{0,30}?)"
    r"\b(?:carry|have|hold|own|handle|sit on)|"
    # "how is the work shared out across OPS", not "split between bugs and stories" (a ratio) or "by priority"
    rf"\bwork (?:is |being |gets |getting )?(?:divided|split|shared|spread|distributed|balanced|divvied)(?: up| out)?"
    rf"(?!\s+(?:by|per|into)\b)(?!\s+(?:between|among|across|over) (?:the |its |their )?(?:(?:different|various) )?"
    rf"(?:{KIND}|{OTHER_FIELDS})\b)(?: (?:evenly|fairly|equally|well|unevenly|unfairly))?"
    rf"(?:\s+(?:across|among|between|within)\b)?|"
    r"(?:heavier|heaviest|biggest) (?:work ?)?load|(?:divided|split|shared|spread|distributed|balanced) (?:up )?"
    r"(?:among|between|across) (?:the |our )?(?P<keep>[\w-]+ )?(?:people|team members|team|developers|assignees|"
    r"engineers|devs|folks|everyone|us)|how much each|"
    r"more than (?:their|his|her|a|the) (?:fair )?share|(?:doing|carrying|holding) most of the (?:work|tickets|issues)|"
    r"(?:(?:way|far|much|a lot) )?more (?:open |unfinished |unresolved )?(?:tickets|issues|work) than (?:the rest|"
    r"everyone|everybody|others|the others|anyone)(?: else)?|who (?:is|are) (?:most )?(?:loaded|stretched|busy)|"
    r"how (?:busy|loaded|stretched|swamped|heavy) (?:is|are)|bandwidth|"
    # "who on MOB could use some help", "who is working on what in MOB": each person's load
    r"(?<=who )(?P<keep6>(?:[\w']+ ){0,3}?)(?:could use|could do with|needs?|might need) (?:some |a little |more )?"
    r"help|\bwho(?:'s| is| are)? (?:working on|doing|holding|owning|has|got|'s got) what\b|"
    rf"{LIGHT_LOAD})\b")
SPRINT_WORD = re.compile(r"\bsprint\b")
# A sprint said as a condition on the issues asked for, not a sprint reported on: "no sprint", "in a sprint that has
# already been closed", "even though their sprint already finished"
SPRINT_CONDITION = re.compile(r"\b(?:no|any|without a|not in a|outside (?:the|a|any)) sprints?\b|"
                              r"\b(?:that|which|their|its) sprints? (?:(?:that|which) )?(?:has |have |had |was |were )?"
                              r"(?:already )?(?:been )?(?:closed|finished|ended|completed|over)\b")
PROGRESS = re.compile(r"\b(?:how(?:'s| is| are| does| do)?\b.{0,40}\b(?:going|doing|looking|tracking|progressing|"
                      # ("whose status category is To Do": a condition on the issues)
                      r"coming along|shaping up)|(?<!in )progress|on track|burn ?down|health|status report|"
                      r"(?<!whose )status(?! category| (?:is |= )?(?:done|closed|blocked|open|to do|in progress)\b)|"
                      r"where (?:are|do) we stand|where are we|how far|state of|finish on time|make it|"
                      r"how (?:many|much)\b.{0,70}\b(?:done|finished|completed?)|done (?:vs\.?|versus|out of|of)|"
                      r"did .{0,40}\bfinish|getting through|"
                      r"how did\b.{0,40}\b(?:go|wrap(?:ped)? up|turn(?:ed)? out|end(?:ed)? up)|"
                      r"(?:going to|gonna|will (?:we|they|it|the \w+)|can (?:we|they)) (?:finish|complete|make it))\b")
LISTING = re.compile(rf"\b(?:list|show|which|what are|what's left|what is left)\b(?:\s+\w+){{0,5}}\s+{NOUN}\b")
# A version said by its number is a release too ("Infusion 1.5", "v2.0"): the condition reader grounds it, and a
# number no version has is asked back
RELEASE_WORD = r"(?:release(?![ -]?notes)|version|fix ?version|milestone|\d{4}\.q\d|v?\d+(?:\.\d+)+)"
# "done vs open": both sides of a report, no condition on the issues
DONE_VERSUS = r"done (?:vs\.?|versus|against|and|or) (?:not done|undone|open|left|remaining|to do)"
RELEASE = [
    re.compile(rf"\bhow(?:'s| is| are)?\b.{{0,40}}\b{RELEASE_WORD}\b.{{0,20}}\b(?:going|doing|looking|coming along|"
               rf"tracking|progressing|shaping up)\b"),
    re.compile(rf"\b(?:what|who|which \w+|(?:is |are )?(?:there )?(?:anything|anyone|something))(?:'s| is| are)? "
               rf"(?:still )?(?P<blocking>blocking|holding up|holding back|"
               rf"delaying|(?:standing |stands |getting |gets )?in the way of)\b.{{0,40}}\b{RELEASE_WORD}\b"),
    # "are we on track for the MOB 2026.Q4 release", "are they set to ship 2026.Q4"
    re.compile(rf"\b(?:are|is|am) (?:we|they|you|things|it|the team)(?: still)? (?:on track|on schedule|on time|"
               rf"ready|set|"
               rf"good|going to make it|gonna make it) (?:for|to (?:ship|hit|make|deliver|land|release))\b"
               rf".{{0,40}}\b{RELEASE_WORD}\b"),
    # "we promised 2026.Q4 to the board - is MOB going to make it?": the release named before whether "it" makes it
    re.compile(rf"\b{RELEASE_WORD}\b.{{0,60}}\b(?:is|are|will) (?:\w+ ){{0,3}}?(?:going to |gonna |likely to )?"
               rf"(?:make it|ship it|land it|hit it|deliver it|get it out)\b"),
    # "is v1.5 of Infusion done yet?": a release asked whether it is finished, not whether anything in it is
    re.compile(rf"^(?:is|are|has|have) (?!any)(?:the )?.{{0,30}}\b{RELEASE_WORD}\b.{{0,25}}\b(?:done|finished|complete|"
               rf"completed|shipped|out|released)\b(?: yet)?"),
    # "how many issues are in Infusion 1.5, by status" groups the release's issues; "1.5: done vs not done" reports
    # ("fix version Future Work whose status is not Done" states a condition on the status, it asks no report)
    # ("2026.Q4 in progress" is a state its issues are in)
    re.compile(rf"\b{RELEASE_WORD}\b.{{0,30}}\b(?<!by )(?<!per )(?<!each )(?:(?<!in )progress|"
               rf"(?<!whose )(?<!not )(?<!a )status(?! (?:is|isn't|other|not|=|!=|in|was|category)\b)|readiness|health|"
               rf"(?P<blocking>blockers)|on track|ready|{DONE_VERSUS})\b"),
    re.compile(rf"\b(?:progress|status|readiness|health|(?P<blocking>blockers)) (?:of|on|for) (?:the )?.{{0,30}}"
               rf"\b{RELEASE_WORD}\b"),
    re.compile(rf"\bis (?:the )?.{{0,30}}\b{RELEASE_WORD}\b.{{0,20}}\b(?:on track|ready|going to ship|late|at risk|"
               rf"on schedule|on time|(?:going to|gonna|about to|likely to) (?:make it|land|ship))\b"),
    re.compile(rf"\bwhat(?:'s| is| does)\b.{{0,40}}\b{RELEASE_WORD}\b.{{0,20}}\b(?:look(?:ing|s)? like|shaping up)\b"),
    re.compile(rf"\bhow (?:ready|prepared|close) (?:is|are)\b.{{0,40}}\b{RELEASE_WORD}\b"),
    re.compile(rf"\b(?:how much of|how close|how far|how much (?:work |stuff )?(?:is |'s )?(?:still )?(?:left|"
               rf"remaining|"
               rf"outstanding|to go))\b.{{0,60}}\b{RELEASE_WORD}\b"),
    re.compile(rf"\b{RELEASE_WORD}\b.{{0,60}}\b(?:what'?s left|"
               rf"is anything blocking|holding it up|(?<!status )(?:are|is|'s) (?:\w+ )?(?:done|finished))\b"),
    # "was everything in Decapod 0.6 finished?": a release by its version number, asked whether all of it is done
    re.compile(rf"^(?:was|were|is|are|has|have|did) (?:everything|all(?: of)?(?: the \w+)?|it all) (?:in|of|from|for|"
               rf"planned for|targeted at) .{{0,30}}?(?:{RELEASE_WORD}|\d+(?:\.\d+)+)\b.{{0,20}}\b(?:done|finished|"
               rf"completed?|shipped|closed|resolved|fixed)\b"),
    # how a release went, asked as a question: "how did the mobile 2026.Q3 version turn out", "did OPS get
    # everything into 2026.Q3?", "check if everything planned for MOB 2026.Q3 shipped"
    re.compile(rf"^(?:.{{0,40}}\b(?:check|see|know|tell me) (?:if|whether) |how |did |was |were |has |have )"
               rf".{{0,50}}\b{RELEASE_WORD}\b.{{0,20}}\b(?:turn(?:ed)? out|go|went|end(?:ed)? up|ship(?:ped)?|"
               rf"land(?:ed)?|wrap(?:ped)? up|make it|made it|get done|got done)\b"),
    re.compile(rf"^(?:.{{0,40}}\b(?:check|see|know|tell me) (?:if|whether) |did |was |were |has |have |is |are )"
               rf".{{0,30}}\b(?:get|got|make|made|ship|shipped|finish|finished|deliver|delivered|land|landed) "
               rf"(?:everything|all|it all)\b.{{0,30}}\b{RELEASE_WORD}\b"),
    re.compile(rf"^(?:.{{0,40}}\b(?:check|see|know|tell me) (?:if|whether) |did |was |were |has |have |is |are )"
               rf"(?:everything|all|the work|the stuff) (?:planned|scheduled|targeted|slated|meant) (?:for|in)\b"
               rf".{{0,30}}\b{RELEASE_WORD}\b"),
]
MISS = r"miss(?: (?:a|the|their|its|our) (?:deadlines?|due dates?|dates?))?"
RISK = re.compile(rf"\b(?:at risk|risky|in danger|endangered|slipping|likely to (?:{MISS}|slip|be late)|"
                  rf"(?:might|may|could|will|going to|gonna) (?:{MISS}|slip|be late|not make)|jeopard\w*|red flags?|"
                  r"warning signs?|in trouble|(?:danger|trouble) zone|on fire|where(?:'s| is| are) the fires?|"
                  r"late or about to|"
                  rf"(?:most )?likely to {MISS}|miss (?:a|the|their) (?:deadline|due date)|running (?:late|behind)|"
                  r"behind schedule|fall(?:ing|en)? behind|"
                  r"(?:overdue|late|behind) or (?:stuck|blocked|stalled|at risk|about to \w+)|"
                  r"(?:stuck|blocked|stalled) or (?:overdue|late|behind))\b")
REQUEST = re.compile(r"\b(?:what|which|who|where|how|list|show|find|give|any|tell|are there|is there|anything|need|"
                     r"want|can you|could you|would you|check|flag|pull|see)\b")
NAME = r"[\w.'-]+(?: [\w.'-]+){0,2}?"  # a person as asked: "ana", "Ana Schmidt"
ACTIVITY = re.compile(rf"\b(?:what(?:'s| has| have)?\s+(?:changed|happened|moved|been happening|gone on|been going on|"
                      rf"went on|was going on|goes on)|"
                      rf"what'?s new|activity|recent changes|changes|movement|"
                      rf"what did (?P<p1>{NAME}) (?:do|work on|change|touch|accomplish|achieve|get up to)|"
                      rf"what has (?!to be )(?P<p2>{NAME}) (?:been up to|been doing|done|changed|been working on)|"
                      rf"what was (?P<p3>{NAME}) up to|catch me up on|how (?:busy|active) (?:was|were|has|have)|"
                      rf"(?:did )?anything (?:happen|change)|how much has (?P<p4>{NAME}) touched|"
                      rf"which changes did (?P<p5>{NAME}) make|look like over)\b")
# What an activity report counts, named beside it ("how many were created and resolved …, and how many status
# changes"): the report's own figures, not conditions on the issues
ACTIVITY_COUNTS = re.compile(r"\bhow many (?:issues |tickets )?(?:were |got |have been )?"
                             r"(?=created|opened|new|resolved|closed|status|reassign)|"
                             r"\bstatus (?=changes|moves|transitions)|\breassignments\b|"
                             r"(?<=changes )(?:happened|occurred|were made)\b")
# "latest activity first", "newest changes at the top", "sorted by last activity": an order of a list, not a report
ORDERED_BY_ACTIVITY = re.compile(r"\b(?:newest|latest|most recent|recent|last|freshest) (?:activity|changes|updates|"
                                 r"movement) (?:first|at the top|on top|up top)\b|"
                                 r"\b(?:sort(?:ed)?|order(?:ed)?) by (?:recent |latest |last )?(?:activity|changes)\b")
NO_ACTIVITY = re.compile(r"\b(?:no|without(?: any)?|zero|not any)\s+(?:recent\s+)?$")
COMMENTS = re.compile(r"\b(?:comment(?:s|ed|er|ers|ing)?|discussions?|remarks?|replies|chatter|chatty|conversations?|"
                      r"back[- ]and[- ]forth)\b")
# "for the staffing discussion I need one number": the asker's meeting, not the issues' comments
MEETING = re.compile(r"\b(?:for|before|after|at|during|ahead of) (?:the |our |a |this |next |tomorrow s |"
                     r"tomorrow's |today's |today s )?(?:\w+ )?discussion\b(?! (?:on|of|about|in|under)\b)")
# "whose last activity was before 2012", "no changes since 2012": a date on the issues' updates, a search
# ("OPS activity in October" asks what happened)
ACTIVITY_DATE = re.compile(r"\b(?:whose|their|its|last|latest|most recent|no|any|saw|seen|had|has|have|with|"
                           r"without) (?:any )?(?:(?:bit|sign|trace|piece) of )?(?:activity|changes|updates|movement) "
                           r"(?:was |has been |happened )?"
                           r"(?:before|after|since|in|during|between|from|until|older than|over the|within)\b")
# Who wrote the most comments on a set of issues: "who comments the most", "the top commenter", "who has left the
# most comments", "who talks the most on …"
SPEAKS = r"(?:comment(?:s|ed|ing)?|talk(?:s|ed|ing)?|chat(?:s|ted|ting)?|post(?:s|ed)?|repl(?:y|ies|ied)|writes?|wrote)"
COMMENTERS = re.compile(rf"\bwho(?:'s|s| is| has| have)?\s+(?:\w+\s+){{0,2}}?{SPEAKS}\s+(?:the\s+)?most\b|"
                        rf"\bwho(?:'s|s| is| has| have)?\s+(?:\w+\s+){{0,2}}?(?:the\s+)?(?:most|highest number of) "
                        rf"(?:comments|replies)\b|"
                        rf"\b(?:top|most active|biggest|main) (?:commenters?|posters?)\b|\bcommenters? with the most\b")
VOCAL = re.compile(r"\bwho(?:'s|s| is| has| have)?(?: been)?\s+(?:the\s+)?(?:most vocal|most active|loudest|"
                   r"chattiest)\b")
# About one issue, people who spoke on it commented: "who said something last on OPS-29", "who's been talking on it"
SPOKEN = re.compile(r"\b(?:said|says|talking|talked|chatting|chatted|thread|wrote|replied|replies|posted)\b|"
                    # "what did people last say on PROJ-3": people saying something on an issue is a comment
                    r"\b(?:people|folks|anyone|anybody|everyone|everybody|someone|somebody|they|the team)"
                    r"(?: \w+)? say\b")
COMMENT_DETAIL = [
    ("mentions", re.compile(r"\b(?:mention(?:s|ing|ed)?|contain(?:s|ing)?|say(?:s|ing)?|talk(?:s|ing|ed)? about|"
                            r"refer(?:s|red|ring)? to|about|with the word|brought up|bring(?:s|ing)? up|"
                            r"rais(?:e|es|ed|ing))\s+(?:the |a |an )?['\"“]?"
                            # "what did folks say last on VULAB-20": when or where it was said, not what
                            r"(?!(?:on|in|under|about|to|there|last|first|recently|lately|anything|something)\b)"
                            r"(?P<word>[\w.-]+)")),
    ("latest", re.compile(r"\b(?:latest|last|most recent(?:ly)?|newest|recent(?:ly)?)\b")),
    # "how many people commented": who they were, counted in the answer
    ("count", re.compile(r"\b(?:(?:how many|number of)(?! (?:different |distinct )?(?:people|persons|folks|users|"
                         r"commenters))|count|how (?:chatty|talkative)|how much (?:discussion|chatter|talk|"
                         r"back[- ]and[- ]forth))\b")),
    ("authors", re.compile(r"\b(?:who|which (?:people|persons|users|folks|contributors)|took part|participated|"
                           r"participants?|(?:how many|number of) (?:different |distinct )?(?:people|persons|folks|"
                           r"users|commenters))\b")),
]
# ("what has slipped past its deadline", "what work has missed its deadline" said of many select the overdue: why
# one issue is late is ISSUE_LATE's)
WHY_LATE = re.compile(r"\bwhy\b.{0,40}\b(?:late|behind|slipping|slipped|delayed|stuck|overdue|"
                      r"miss(?:ed)? (?:its|the|their) (?:date|deadline|due date)|"
                      r"not (?:done|finished|moving|closed|complete)|taking (?:so )?long|blocked|stalled|at risk|red|"
                      r"off track|behind schedule)\b|\bwhat(?:'s| is) (?:holding|keeping|stopping|dragging|slowing|"
                      r"getting in the way of|in the way of)\b|\blate reason\b|\breason .{0,20}\blate\b|"
                      # "why hasn't it shipped yet", "PROJ-370 should have been done by now, why isn't it?"
                      r"\bwhy (?:hasn't|has not|haven't|have not|isn't|is not|aren't|are not|wasn't|didn't|did not|"
                      r"doesn't|does not)\b(?:.{0,40}\b(?:done|finished|delivered|shipped|landed|released|closed|"
                      r"resolved|complete|completed|fixed|moving|ready|out)\b|\s*(?:it|they|that)?\s*[?.!]?$)|"
                      # "explain the delay on …", "the hold-up on …", "what's causing the delay"
                      r"\b(?:explain|causing|caused|behind|reason for|cause of) (?:the |this |that |all "
                      r"the )?(?:delays?|hold-?ups?|holdups?|slippage)\b(?: (?:on|with|of|in|for|to)\b)?|"
                      r"\b(?:the |this |that )?(?:delays?|hold-?ups?|holdups?|slippage) (?:on|with|of|in|for|"
                      r"to)\b")
# Said of an issue named, these ask why it is late; said of many ("everything that is past its due date") they
# select the issues
ISSUE_LATE = re.compile(r"\bkeeps? (?:slipping|sliding|getting (?:pushed|delayed)|being (?:pushed|delayed))\b|"
                        r"\b(?:is|was|it's|went|gone|slipped|slid) (?:\w+ )?past (?:its|the) (?:due )?"
                        r"(?:date|deadline)\b|"
                        r"\bshould(?:'ve| have) been (?:done|finished|delivered|shipped|closed|completed|resolved)\b|"
                        r"\breason\b.{0,30}\b(?:behind|still open|delayed|not (?:done|finished|closed))\b|"
                        r"\bdragging(?: on)?\b|\bwas due\b.{0,30}\bago\b|"
                        r"\b(?:being|running|still|so) (?:late|behind|overdue|delayed)\b|"
                        r"\b(?:delays?|delayed|hold-?ups?|holdups?|slippage|lateness)\b|"
                        r"\b(?:late|behind|overdue|stuck|missed (?:its|the) (?:date|deadline|due date))\b.{0,20}"
                        r"\bwhy\b|"
                        r"\b(?:hasn't|has not|isn't|is not|not) (?:moved|moving|budged|progressed|progressing)\b|"
                        r"\bblocking\b.{0,30}\bfrom (?:completing|finishing|closing|shipping|getting (?:done|finished|"
                        r"closed)|being (?:done|finished|closed))\b")
LOOK_FIRST = re.compile(r"\b(?:what|which)(?P<keep0>(?: [\w-]+){0,3}?) (?:should|would|do you think) (?:i|we|you)"
                        r"(?P<keep1>(?: [\w-]+){0,3}?) (?:be )?(?:look(?:ing)? at|focus(?:ing)? on|worry about|"
                        r"work(?:ing)? on|prioriti[sz](?:e|ing)|tackl(?:e|ing)|pick(?:ing)? up|address(?:ing)?|"
                        r"fix(?:ing)?|deal(?:ing)? with|handl(?:e|ing)|pay(?:ing)? attention to)"
                        r"(?: first| next)?\b|"
                        # "what should the platform team be focusing on": the words between say whose work
                        r"\bwhat should(?P<keep2>(?: [\w-]+){1,3}?) be (?:focus(?:ing)? on|working on|looking at|"
                        r"prioriti[sz]ing|tackling)\b|\bwhat(?P<keep3>(?: [\w-]+){0,2}?) needs? (?:(?:attention|fixing)"
                        r"(?: first| most urgently| most| urgently| asap)?|(?:doing|to be (?:fixed|done|looked at))"
                        # "what still needs doing for the release" lists the open work; said with an order, triage
                        r" (?:first|most urgently|most|urgently|asap))\b|"
                        r"\b(?:the )?(?:biggest|main|worst) (?:problems?|concerns?|headaches?|worries|pain points?)\b|"
                        r"\b(?:hot ?spots?|trouble spots?|pain points?)\b|\bwhere should (?:i|we) (?:start|"
                        r"begin|focus)\b|"
                        r"\b(?:what|which(?P<keep>(?: [\w-]+){1,3}?)) needs? (?:my |our |some |a |the most |"
                        r"most )?(?:attention|"
                        r"looking at|a look)(?: first| most| next)?\b|"
                        # not "what are the most urgent Core Platform tickets", the top priority's issues
                        r"\bwhat(?:'s| is| are) (?:the )?most urgent\b(?!(?: [\w-]+){0,3} (?:issues?|tickets?|bugs?|"
                        r"problems?|stor(?:y|ies)|tasks?|items?|defects?|epics?)\b)|"
                        # "… sorted so the most urgent things come first" orders a list
                        # … nor "how many of the most urgent things …", a count of the top priority's
                        r"(?<!how many of the )\bmost urgent (?:things|work|stuff)\b"
                        r"(?! (?:comes? )?(?:first|at the top|on top)\b)|"
                        r"\bwhat to (?:focus on|look at) first\b|\bbefore anything else\b|\bpriorities first\b|"
                        # "anything I should worry about in PROJ", "is there anything worrying in MOB"
                        r"\b(?:anything|what)(?: (?:i|we) should| should (?:i|we)| to)? (?:be )?(?:worry|worried|"
                        r"concerned) about\b|\banything (?:worrying|concerning|alarming)\b|\bworth worrying about\b|"
                        r"\b(?:i|we) (?:should|ought to|need to) (?:know|hear|be (?:worried|concerned)) about\b|"
                        r"\bwhat(?:'s| is| are)? (?:the )?(?:most |really )?pressing\b|"
                        r"\bwhere (?:do|would|can|could|shall) (?:i|we|you|one) (?:start|begin|focus)\b|"
                        r"\bwhere to (?:start|begin)\b|"
                        r"\b(?:what|which \w+) (?:deserves?|requires?|warrants?) (?:my |our |the most |most |some )?"
                        r"(?:attention|a look)(?: first| most| next)?\b|"
                        # not "work down from the top of the list", which orders it
                        r"\b(?<!from )(?<!from the )(?:at |on )?(?:the )?top of (?:my|our|the) (?:list|to-?do list|"
                        r"pile|queue)\b|\bon (?:my|our) radar\b|"
                        # "what matters most", "what comes first", "the first thing I should deal with"
                        r"\bwhat (?:matters|counts) (?:most|first)\b|\bwhat (?:first|next)\s*[?.!]?$|"
                        r"\b(?:focus|priority) areas?\b|\bwhere to focus\b|\battention needed\b|"
                        r"\b(?:top|main|key|biggest) priorities\b(?=\s*(?:now|right now|today|this week|for|in|"
                        r"[?.!]|$))|\bwhat (?:comes|goes|should go|"
                        r"should come) first\b|"
                        r"\b(?:the )?first thing (?:i|we) (?:should|need to|must|ought to) (?:deal with|do|look at|"
                        r"tackle|handle|fix)\b|\b(?:what|which \w+) (?:deserves?|needs?) (?:my |our )?focus\b")


@dataclass
class TeamAsk:
    name: IntentName
    measure: Measure
    rest: str  # the question with the words of its shape blanked, for the condition reader
    subset: str | None = None  # share: the words naming the part ("resolved"); ratio: the first part ("bugs")
    versus: str | None = None  # ratio: the words naming the second part ("stories")
    actor: str | None = None  # activity: the first name of the person whose changes are asked about
    about_issue: bool = False  # the question names or points at one issue


# Words that make a short question a search with conditions rather than a sprint or risk report
CONDITION_WORDS = (r"\b(?:un\w+|open|not|no|nobody|no one|noone|except|minus|without|overdue|assigned|owns?|owned|"
                   r"owners?|done|finished|mine|my|me|others?|high|low|blocked|closed|resolved|in progress|to do|"
                   r"reported|filed|raised|logged|won't|won t|wont|duplicates?|showstoppers?|critical|urgent|"
                   r"trivial|minor|major|highest|lowest)\b")
SHORT = 6  # words: a question this short is keywords ("OPS risks", "DATA Sprint 51")
SENTENCE = re.compile(r"(?<=[.!?])(?<!\b\w\.\w\.)\s+")  # "i.e." and "e.g." end no sentence
SHAPE_WORDS = frozenset({*GROUP_WORDS, "story", "stories", "points", "sprint", "workload", "comments", "comment",
                        "release", "average", "median", "percentage", "fraction", "proportion", "oldest", "newest",
                        "reporter", "estimate", "changes", "activity", "overloaded", "commenter", "commenters",
                        "issue", "issues", "ticket", "tickets"})
# Everyday words a letter away from a shape word ("start" / "state", "starts" / "stats"): never typos of it
NOT_TYPOS = frozenset({"start", "starts", "stars", "stare", "staff", "stable", "stage", "stake", "place", "weekly",
                       "monthly", "prioritise", "prioritize", "prioritised", "prioritized", "charges", "charged"})
# A typo keeps its first letter: only words starting alike are compared (this runs on every long word asked).
ISSUE_NOUNS = ("issue", "ticket", "story")
SHAPE_WORDS_BY_LETTER = {first: CloseWords(sorted(w for w in SHAPE_WORDS if w[0] == first))
                         for first in {w[0] for w in SHAPE_WORDS}}
NO_SHAPE_WORDS = CloseWords(())
SYNONYMS = [(re.compile(r"\biterations?\b"), "sprint"),
            (re.compile(r"\b(this|current|next|last|new|our|the) cycle\b(?! time)"), r"\1 sprint"),  # not cycle time
            (re.compile(r"\b(\w+)-wise\b"), r"by \1"),
            (re.compile(r"\b(?:chim(?:e|es|ed|ing)|weigh(?:s|ed|ing)?) in\b"), "commented"),
            (re.compile(r"\bat-risk\b"), "at risk"), (re.compile(r"\b(closed|resolved) out\b"), r"\1"),
            (re.compile(r"\burgency\b"), "priority"), (re.compile(r"\bper-(\w+)"), r"per \1"),
            (TOP_BEFORE_LEVEL, ""),  # "which of them had the top Blocker priority": that level, nothing ranked
            (re.compile(r"\b(\w+) by \1\b"), r"per \1"),
            # "which part is the buggiest, going by the number of bug reports": the most bugs
            (re.compile(r"\bthe buggiest (\w+)\b"), r"the \1 with the most bugs"),
            (re.compile(r"\b(?:is|are) the buggiest\b(?:,? (?:going|judging) by (?:the )?(?:number|count) of "
                        r"(?:bugs?|bug reports|defects))?"), "has the most bugs")]


def normalised(text: str) -> str:
    """Misspelt shape words corrected ("priorty", "componnet", "stroy") and synonyms made the usual word
    ("iteration" → sprint, "status-wise" → by status), so the rules below see one spelling."""
    for pattern, usual in SYNONYMS:
        text = pattern.sub(usual, text)

    def corrected(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in SHAPE_WORDS or word in NOT_TYPOS:
            return word
        # another form of a word ("changed", "reports") is not a typo
        stem = re.sub(r"(?:s|es|ed|ing)$", "", word)
        close = [w for w in SHAPE_WORDS_BY_LETTER.get(word[0], NO_SHAPE_WORDS).matches(word, n=1, cutoff=0.8)
                 if not w.startswith(stem)]
        return close[0] if close else word
    text = re.sub(r"[a-z]{5,}", corrected, text)
    # a four-letter slip in an issue noun ("newest SJRK isue"): only a near miss of the noun itself
    return re.sub(r"\b[a-z]{4}\b", lambda m: next(iter(get_close_matches(m.group(0), ISSUE_NOUNS, n=1, cutoff=0.85)),
                                                     m.group(0)), text)


def read_team(text: str, *, has_key: bool) -> TeamAsk | None:
    """The team-question shape of `text` (lower case), or None for a question of another kind. Only the
    sentences that ask something are read for it: "We're at risk on Q4. Which bugs are open?" asks for
    bugs; the other sentences still give conditions."""
    sentences = SENTENCE.split(normalised(text))
    asking = [n for n, sentence in enumerate(sentences) if REQUEST.search(sentence) or sentence.endswith("?")]
    readers = (_comments, _reasoning_about_issue) if has_key else ISSUE_READERS
    for n in asking or range(len(sentences)):
        joined = _joined_reading(sentences, n + 1, readers) if n + 1 < len(sentences) else None
        n += joined is not None  # the pair ends at the sentence pointing back
        joined = joined or _joined_reading(sentences, n, readers)
        if joined:
            sentences[n - 1:n + 1] = [joined.rest]
            joined.rest = AS_ASKED.sub(" ", " ".join(sentences))
            joined.about_issue = has_key
            return joined
        for reader in readers:
            ask = reader(sentences[n])
            if ask:
                if ask.name == "breakdown" and "project" in ask.measure.group_by:
                    # "I'm the portfolio PM, how many open issues does each project have": the role is the
                    # asker's, not a project condition (one project cannot be broken down by project)
                    sentences = [ROLE.sub(" ", sentence) for sentence in sentences]
                    ask.rest = ROLE.sub(" ", ask.rest)
                ask.rest = AS_ASKED.sub(" ", " ".join([*sentences[:n], ask.rest, *sentences[n + 1:]]))
                ask.about_issue = has_key
                return ask
    return None


# A word pointing back to what the sentence before named: "pull up WEB Sprint 50. how much of *it* got done"
BACK_REFERENCE = re.compile(r"\b(?:it|its|that|this|those|these|them|they|their)\b")


# Reports on one thing a sentence names and the next calls "it"; other shapes are read sentence by sentence
NAMED_REPORTS = frozenset({"sprint", "release"})


def _joined_reading(sentences: list[str], n: int, readers) -> TeamAsk | None:
    """A sprint or release report that needs two sentences, the second pointing back at the first ("can you pull
    up WEB Sprint 50? I want to know how much of it got done"): read from both together when the second alone
    does not have it and the first alone has none, or only names the sprint or release ("DATA Sprint 51.")."""
    if n == 0 or not BACK_REFERENCE.search(sentences[n]):
        return None
    both = f"{sentences[n - 1]} {sentences[n]}"
    for reader in readers:
        ask = reader(both)
        if not ask or ask.name not in NAMED_REPORTS or reader(sentences[n]):
            continue
        earlier = reader(sentences[n - 1])
        if earlier is None or earlier.name == ask.name:
            return ask
    return None


def reads_together(first: str, second: str) -> bool:
    """Whether two parts of a question (lower case) are one team question, the second pointing back at what
    the first named ("can you pull up WEB Sprint 50? I want to know how much of it got done")."""
    return _joined_reading([normalised(first), normalised(second)], 1, ISSUE_READERS) is not None


# How the answer is wanted or why it is asked, not which issues: "a summary of OPS changes", "a recap of the
# sprint", "across all projects" (no project condition), "for Bruno's platform review" (the occasion, not a person)
AS_ASKED = re.compile(r"\bfor (?:my|our) (?:weekly |monthly |next )?(?:1:1s?|one-on-ones?|1-on-1s?)\b|"
                      r"\b(?:a |an |the )?(?:quick |short |brief )?(?:summary|recap|rundown|overview|update|report)"
                      r" (?:of|on|for|about)\b|"
                      # "give me a sense of how long…", "roughly what proportion…": how exact the answer need be
                      r"\b(?:give|get) (?:me |us )?(?:a |some )?(?:rough |quick |general |ballpark )?(?:sense|"
                      r"idea|feel|"
                      r"feeling|impression) (?:of|for)\b|\b(?:give|tell|show) me (?:a|the) (?:percent(?:age)?|%|"
                      r"fraction|"
                      r"share)\b|\bin (?:days|hours|weeks)\b(?=\s*[?.!]?$)|\b(?:roughly|"
                      r"approximately|approx|ballpark|more or less|"
                      r"give or take)\b|\b(?:across|over|in|for) (?:all|every) (?:the )?(?:projects?|teams?)\b|"
                      r"\bfor [\w.-]+'s (?:\w+ )?(?:review|meeting|standup|stand-up|sync|presentation|demo|planning|"
                      r"retro|retrospective|report|deck|slides|1:1|one-on-one)\b|"
                      r"(?:(?<=\bthe )|(?<=\bour )|(?<=\bmy ))(?:daily|weekly|monthly|quarterly|month|week) "
                      r"(?=(?:[\w-]+ ){0,2}?(?:report|summary|recap|update|review|sync|meeting)\b)")
ROLE = re.compile(r"\b(?:i'm|i am|as) (?:the|a|an|their|our) (?:[\w-]+ ){0,2}?(?:pm|lead|manager|owner|director|"
                  r"head|coordinator|analyst)\b")
# "the most recent bug someone filed", "the first ticket ever created": creation is what the age ranks
CREATED_BY_ANYONE = re.compile(r"\b(?:someone|somebody|anyone|anybody|people|we|they|ever)\s+(?:\w+\s+)?"
                               rf"(?:{CREATED}|made)\b(?: against\b)?")


def _kept(match: re.Match[str]) -> str:
    """A match replaced by the words inside it that select issues (its groups named keep…)."""
    return " " + " ".join(v for k, v in match.groupdict().items() if k.startswith("keep") and v) + " "


def _blank(text: str, *matches: re.Match[str] | None, keep: str | None = None) -> str:
    """`text` with the matches (found in `text`) blanked, except their named groups starting with `keep`
    (conditions inside the phrase)."""
    blanked = [False] * len(text)
    for match in filter(None, matches):
        blanked[match.start():match.end()] = [True] * (match.end() - match.start())
    for match in filter(None, matches):
        for name in match.groupdict():
            if keep and name.startswith(keep) and match.group(name):
                blanked[match.start(name):match.end(name)] = [False] * (match.end(name) - match.start(name))
    return "".join(" " if gone else char for char, gone in zip(text, blanked, strict=True))


def _number(word: str | None) -> int | None:
    if not word:
        return None
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word)


def _direction(word: str | None) -> str:
    return "fewest" if (word or "").startswith(("fewest", "least", "lowest", "smallest", "lightest",
                                                "shortest")) else "most"


# "bugs in the Comments component": a value's name, no comments asked about
NAMED_COMMENTS = re.compile(r"\bcomments? (?:component|module|label)\b")


def _comments_said(text: str) -> str:
    """`text` without the words that say "comments" of no issue's comments (a meeting, a value's name)."""
    return HAS_COMMENTS.sub(" ", NAMED_COMMENTS.sub(" ", MEETING.sub(" ", text)))  # "bugs with comments": a filter


def _comments(text: str) -> TeamAsk | None:
    said = _comments_said(text)
    if not (COMMENTS.search(said) or SPOKEN.search(said)) or BY_METRIC[0][0].search(text):
        return None
    for detail, pattern in COMMENT_DETAIL:
        match = pattern.search(text)
        if match:
            subset = match.group("word") if detail == "mentions" else None
            return TeamAsk("comments", Measure(detail=detail), text, subset=subset)  # type: ignore[arg-type]
    return TeamAsk("comments", Measure(detail="all"), text)


# Keywords "KETTLE comments couchdb": the one word after "comments" at the end is what they mention, unless it
# says when or which issues
KEYWORD_MENTION = re.compile(r"\bcomments\s+(?!(?:on|in|for|about|of|from|by|today|yesterday|"
                             r"recently|lately|this|last|now|count|total|number)\b)" + rf"(?!{CONDITION_WORDS})"
                             r"[\"“']?(?P<word>[\w.-]+)[\"”']?\??$")


# The issues themselves asked for, listed or counted, before the comments that select them
# ("how many comments on open DECA bugs" counts the comments; "… mentioning staging count", as keywords, the issues)
ISSUES_ASKED = re.compile(r"\b(?:which|what|list|show|find|how many|number of|count)\b(?: (?!comments?\b)[\w-]+){0,4}? "
                          r"(?:issues|tickets|items|bugs|stories|tasks|reports)\b|\b(?:count|total)\s*[?.]?\s*$|"
                          # "Infusion bugs where the discussion mentions regression": the issues, named first
                          r"^\W*(?:[\w-]+ ){0,3}(?:issues|tickets|items|bugs|stories|tasks)"
                          r" (?=where|whose|with|that|which|in which)")


# A count beside the text the comments hold, said as keywords: the issues counted, not their comments
COUNTED_BY_COMMENT_TEXT = re.compile(r"\bcomments? (?:text\b|\")(?=.*\b(?:count|how many|number of|total)\b)|"
                                     r"\b(?:count|how many|number of|total)\b.*\bcomments? (?:text\b|\")")


# "unresolved, 'IE8' in comments": the words the issues' comments hold select the issues
WORDS_IN_COMMENTS = re.compile(r"(?<!\bwhat )(?<!\bwhat s )(?!(?:anything|something|everything|nothing|what|new|said|"
                               r"written|posted|much|activity|going|up|else)\b)[\w.-]+['\"”’]? in "
                               r"(?:(?:one|any|some) of )?(?:the |their |its |a )?comments?\b"
                               r"(?! (?:on|of|for|about|from|by)\b)")
# words that ask about the comments themselves, rather than list keywords for the issues
ASKS_ABOUT_COMMENTS = re.compile(r"\b(?:what|which|who|whom|how|show|list|find|give|tell|get|pull|summari[sz]e|read|"
                                 r"see|any|are there|is there)\b")
# "issues with NVDA mentioned in a comment": what the comments say selects the issues
# 'Uploader comments "file size"': the quoted words, searched for in the comments
QUOTED_AFTER_COMMENTS = re.compile(r"\bcomments?(?: text)?\s*[\"']")
SAID_IN_COMMENTS = re.compile(r"\b(?:mentioned|brought up|came up|come up|raised|talked about)\b")


def _comment_search(text: str) -> TeamAsk | None:
    """Comments mentioning a word across the issues a question selects ("DATA comments mentioning dbt"), and who
    wrote the most of them ("who comments the most on OPS tickets?")."""
    if NO_COMMENTS.search(text) or HAS_COMMENTS.search(text) or every_text_field(text) \
            or WORDS_IN_COMMENTS.search(text) or QUOTED_AFTER_COMMENTS.search(text):
        # "unresolved FLUID issues with no comments": the issues, searched for having none; "whether in the title or
        # the discussion": the issues, searched for the words anywhere
        return None
    # "who's been most vocal in the comments": the people who wrote the most of them
    said = _comments_said(text)
    match = COMMENTERS.search(text) or (VOCAL.search(text) if COMMENTS.search(said) else None)
    if match:
        return TeamAsk("comments", Measure(detail="authors"), COMMENTS.sub(" ", _blank(text, match)))
    if not COMMENTS.search(said) or BY_METRIC[0][0].search(text):  # "most commented" ranks
        return None
    match = COMMENT_DETAIL[0][1].search(text) or (KEYWORD_MENTION.search(text) if len(text.split()) <= SHORT else None)
    if match and (ISSUES_ASKED.search(text[:match.start()]) or ISSUES_ASKED.search(text[match.end():])
                  or COUNTED_BY_COMMENT_TEXT.search(text)
                  or (not ASKS_ABOUT_COMMENTS.search(text)
                      and re.search(r"\bcomments? (?:contains?|containing|says?|saying|mentions?)\b", text))):
        # "which INFRA issues have comments mentioning Jenkins": the issues, a search on their comments; so is a
        # comment's text among keywords that ask nothing ("Infusion, created 2012, comment contains regression")
        return None
    if match:
        rest = COMMENTS.sub(" ", _blank(text, match))
        return TeamAsk("comments", Measure(detail="mentions"), rest, subset=match.group("word"))
    # "who's been weighing in on the open WEB bugs": the people who commented on them
    who = re.search(r"\bwho(?:'s| has| have| is| are)?(?: been| all| else)?\b", text)
    if who and not re.search(r"\b(?:no|without|zero|never|any|with)\s+(?:\w+\s+)?(?:comments?|discussions?)\b", text):
        return TeamAsk("comments", Measure(detail="authors"), COMMENTS.sub(" ", _blank(text, who)))
    counted = re.search(r"\b(?:how many|number of|total|count|how much)\b", text)
    if COUNTED_BY_COMMENT_TEXT.search(text) or (ISSUES_ASKED.search(text) and SAID_IN_COMMENTS.search(text)):
        return None  # 'SJRK status Closed comments "pull request" count', "issues with NVDA mentioned in a comment"
    if counted or len(text.split()) <= SHORT:  # "comments on open DECA bugs": how many, on which issues
        rest = COMMENTS.sub(" ", _blank(text, counted) if counted else text)
        return TeamAsk("comments", Measure(detail="count"), rest)
    return None


def _about_many(text: str) -> TeamAsk | None:
    """Reasoning without an issue named: "which tickets missed their date" lists them, it asks no reason."""
    if LISTING.search(text):
        match = LOOK_FIRST.search(text)
        return TeamAsk("reasoning", Measure(), _blank(text, match, keep="keep")) if match else None
    return _reasoning(text)


# The asker's own situation beside a question of what to look at: "if I only had an hour", "I'm taking over MOB
# tomorrow" — when the asker acts, not when the issues were created
ASKER_SITUATION = [re.compile(r"\bif (?:i|we) (?:only )?(?:had|have|got|get) (?:an? |one |\d+ |a few |some |the )?"
                              r"(?:hour|minute|day|afternoon|morning|moment|time)s?\b|\b(?:taking|take|took) over\b|"
                              r"\b(?:i'm|i am|we're|we are)(?: just| quite| pretty)? new (?:to|on|in|at)\b"),
                   re.compile(r"\b(?:i|i'm|we|we're)\b(?P<keep>[^,.?!]{0,40}?)\b(?:today|tonight|tomorrow|"
                              r"this (?:morning|afternoon|week)|next week|right now)\b")]
WHEN_ASKED = re.compile(r"\b(?:today|tonight|tomorrow|this (?:morning|afternoon|week)|next week|right now)\b")
# A date word right after one of these is on the issues ("filed today", "due this week")
DATED = re.compile(rf"\b(?:{CREATED}|updated|touched|changed|resolved|closed|fixed|"
                   r"done|due|came in|come in|new)\s+(?:\w+\s+)?$")


def _asker_situation(text: str, *, any_time: bool) -> str:
    """`text` without the words saying when or how the asker works; with `any_time`, a time said without a date
    field ("what should I look at first in OPS today") is also when the asker looks."""
    for pattern in ASKER_SITUATION:
        text = _blank(text, *pattern.finditer(text), keep="keep")
    if any_time:
        for said in WHEN_ASKED.finditer(text):
            if not DATED.search(text[:said.start()]):
                text = _blank(text, said)
    return text


def _reasoning_about_issue(text: str) -> TeamAsk | None:
    return TeamAsk("reasoning", Measure(), text) if ISSUE_LATE.search(text) else _reasoning(text)


def _reasoning(text: str) -> TeamAsk | None:
    match = WHY_LATE.search(text) or LOOK_FIRST.search(text)
    if not match:
        return None
    return TeamAsk("reasoning", Measure(), _asker_situation(_blank(text, match, keep="keep"), any_time=True))


# The words of a progress question, blanked for the condition reader; the phrases around them may hold
# conditions ("how is the current DATA sprint going"), so a whole match is never blanked.
PROGRESS_WORDS = re.compile(r"\b(?:how far(?: along)?|so far|far along|how close|to (?:being )?done|not done|undone|"
                            r"on time|on schedule|scope|look(?:ing|s)? like|prepared|"
                            r"how(?:'s)?|is|are|does|do|going|doing|looking|tracking|progressing|coming along|"
                            r"shaping up|progress|on track|burn ?down|health|status report|status|readiness|ready|"
                            r"where (?:are|do) we stand|how far|state of|finish on time|make it|blocking|blockers|"
                            r"holding (?:\w+ )?up|holding back|delaying|in the way of|what(?:'s)?|who|still|"
                            r"done|finish(?:ed)?|completed?|out of|total|overall|vs|versus|how many|how much|left|"
                            r"active|current|ongoing|running|this|now|ship(?:ped|ping)?|land(?:ed|ing)?|"
                            r"turn(?:ed)? out|"
                            r"went|yet|to go|released|out|remaining|outstanding|along|"
                            r"(?:standing |stands |getting |gets )?in the way of|"
                            r"(?:on|set|ready|good) (?:for|to (?:ship|hit|make|deliver|land|release))|we|they|"
                            r"wrap(?:ped)? up|made it|get done|got done|everything|planned|scheduled|targeted|"
                            r"slated|(?:check|see) (?:if|whether))\b")


# "C2LC issues by fix version and status": versions are what the issues are grouped by, no release is reported on
BY_RELEASE = re.compile(r"\b(?:by|per|each|every|across)\s+(?:the\s+)?(?:fix ?)?(?:versions?|releases?)\b")
RELEASE_NOUN = r"(?:release|fix ?version|version|milestone)"
# Issues or conditions on them: a short question with none of these names a sprint or release alone
ASKS_FOR_ISSUES = re.compile(rf"\b{NOUN}\b|{CONDITION_WORDS}|\b(?:components?|labels?|priority)\b")


# "how many things planned for 2026.Q4 are finished?": a count of the issues in that state, not the release's report
# ("how many story points are left", "how many done vs open" are reports), of a release or a sprint
STATE_COUNTED = re.compile(r"\bhow many (?=done|finished|completed?|closed|resolved|fixed)|"
                           r"\bhow many\b(?:(?!\b(?:points?|vs\.?|versus|out of)\b).){0,60}\b"
                           r"(?:(?:are|were|got|have been|has been|is|ended up|end up|wound up)\b(?:\s+\w+){0,2}|"
                           # "haven't been completed yet", "still not done", "how many done in …"
                           r"(?:not|haven[' ]?t|hasn[' ]?t|have not|has not|aren[' ]?t|isn[' ]?t|weren[' ]?t|yet to be)"
                           r"(?: yet| been| ever)*)\s+"
                           r"(?:done|finished|completed?|closed|resolved|fixed|shipped)\b"
                           r"(?!\s+(?:vs\.?|versus|against|and not|or not|out of)\b)")
# …unless the rest is asked too ("how many are done and how many are left?"), or the count is of the release named
# before it ("is 2026.Q4 looking ok - how many of its issues are done?"): its report
REST_ASKED = re.compile(r"\b(?:and how many|left|remaining|to go|its|overall|in total|altogether|all told)\b")


def _uncounted(text: str) -> str:
    """The text without the count of issues in a state it asks for, which no report answers."""
    counted = STATE_COUNTED.search(text) if not REST_ASKED.search(text) else None
    return text[:counted.start()] + text[counted.end():] if counted else text


def _release(text: str) -> TeamAsk | None:
    # "WEB fix version 2026.Q4": a release named alone, no issues or question words ("what's planned for …", a
    # list), asks how it is going
    alone = (len(text.split()) <= SHORT and re.search(rf"\b{RELEASE_NOUN}\b", text)
             and re.search(r"\d", text) and not REQUEST.search(text)
             and not ASKS_FOR_ISSUES.search(text) and not re.search(r"\b(?:count|affects?|affected)\b", text))
    # the count asked is no report; what else the question asks ("… and is anything blocking it?") may be one
    rest = _uncounted(text)
    if not BY_RELEASE.search(text) and (alone or any(pattern.search(rest) for pattern in RELEASE)):
        # "the 2026.Q3 fix version": the noun after a version's name only says what the name is
        named = re.sub(rf"(?<=\d) {RELEASE_NOUN}\b|\b{DONE_VERSUS}\b", " ", text)
        return TeamAsk("release", Measure(), PROGRESS_WORDS.sub(" ", named))
    return None


def _sprint(text: str) -> TeamAsk | None:
    # "DATA Sprint 51", "current OPS sprint": a sprint alone, without issues asked for, asks how it went
    # ("WEB Sprint 51 status Done count" counts its issues in that state)
    alone = len(text.split()) <= SHORT and not ASKS_FOR_ISSUES.search(text) and not re.search(
        r"\b(?:count|total|number)\b", text)
    if SPRINT_WORD.search(text) and (PROGRESS.search(_uncounted(text)) or alone) and not LISTING.search(text) \
            and not SPRINT_CONDITION.search(text):
        rest = PROGRESS_WORDS.sub(" ", text)
        # "the previous WEB sprint" names one sprint for the condition reader; elsewhere the word only says sprint
        if not PREVIOUS_SPRINT.search(rest):
            rest = re.sub(r"\bsprint\b(?!\s+\d)", " ", rest)
        return TeamAsk("sprint", Measure(), rest)
    return None


# "who's carrying the biggest load": the person asked for is who the workload answer ranks
CARRYING = re.compile(r"\bwho(?:'s| is| are)? (?:carrying|holding|shouldering|handling|taking on|bearing)\b")
# "which MOB developer": the person a workload ranking answers with
WHICH_PERSON = re.compile(r"\b(?:which|what)\b(?P<keep>(?:\s+\S+){0,3}?)\s+(?:"
                          + "|".join(word for word, field in GROUP_WORDS.items()
                                     if field == "assignee" and " " not in word)
                          + r")\b")
SHARED_OUT = re.compile(r"\b(?:divided|split|shared|spread|distributed|balanced)\b")
# "compared with the rest of the team" beside a workload word: the comparison the workload answer makes anyway
COMPARED = re.compile(r"\b(?:compared (?:with|to)|vs\.?|versus|relative to|more than) (?:the rest|everyone(?: else)?|"
                      r"everybody(?: else)?|others|the others)(?: of (?:the team|us|them|the group))?\b")


# Beside a workload word, the load itself and the people it is spread over: "is the load balanced", "capacity
# across the MOB team" (the word before "team" still selects)
LOAD_OF = re.compile(r"\b(?:the |their |our )?(?:work ?)?load\b|\b(?:across|among|between|over) (?:the |our |their )?"
                     r"(?P<keep>[\w-]+ )?(?:team|people|folks|devs|developers|engineers|team members|everyone|"
                     r"everybody)\b|"
                     # "how loaded is each OPS engineer": the people the load is asked of
                     r"\b(?:each|every|per) (?P<keep2>[\w-]+ )?(?:person|engineer|developer|dev|assignee|team member|"
                     r"member|teammate)\b|"
                     # "how busy are the FLUID devs": the people a workload is always of
                     r"\b(?:devs|developers|engineers|folks|team members|teammates|people)\b")


def _workload(text: str) -> TeamAsk | None:
    match = WORKLOAD.search(text)
    if not match:
        return None
    request = re.split(r"[.;!?]\s+|\s[—–-]\s", text[match.end():])[1:]  # the sentences after the workload word's
    if request and re.search(r"\b(?:which|what|list|show)\b", " ".join(request)) and (
            LISTING.search(" ".join(request)) or re.search(r"\bwhat does (?:she|he|they) have\b", " ".join(request))):
        return None  # "Ben looks overloaded — which of his open tickets are past their deadline?": a list asked
    rest = CARRYING.sub(" ", COMPARED.sub(" ", _blank(text, match, keep="keep")))
    rest = _blank(rest, *LOAD_OF.finditer(rest), keep="keep")
    if re.fullmatch(LIGHT_LOAD, match.group(0)):  # who has the least open work, not the workload's heaviest first
        rest = _blank(rest, WHICH_PERSON.search(rest), keep="keep")
        return TeamAsk("ranking", Measure(group_by=["assignee"], direction="fewest"), f"{rest} unresolved")
    points = POINTS_PER.search(rest)
    if points and SHARED_OUT.search(match.group(0)):  # "how are the points split between people": points per person
        return TeamAsk("breakdown", Measure(group_by=["assignee"], metric="points"), _blank(rest, points))
    return TeamAsk("workload", Measure(group_by=["assignee"]), rest)


# "OPS risks", "what are the risks in DATA": the work at risk. Said with a state, a count or a list ("open risks",
# "how many risks", "which risks are linked to…") risks are issues of a Risk type, searched as such.
RISKS = re.compile(r"\brisks\b")
RISK_ITEMS = re.compile(rf"{CONDITION_WORDS}|\b(?:how many|count|number|which|list|show|logged|linked|filed|raised|"
                        r"type|tickets?|issues?|of them|key)\b")


def _risk(text: str) -> TeamAsk | None:
    match = RISK.search(text) or (None if RISK_ITEMS.search(text) else RISKS.search(text))
    short = len(text.split()) <= SHORT  # "DATA at risk": a keyword question asks too
    if not match or not (REQUEST.search(text) or short):
        return None
    return TeamAsk("risk", Measure(), _asker_situation(_blank(text, match), any_time=False))


def _activity(text: str) -> TeamAsk | None:
    match = ACTIVITY.search(ORDERED_BY_ACTIVITY.sub(lambda m: " " * len(m.group()), text))  # offsets kept
    if not match or LISTING.search(text) or ACTIVITY_DATE.search(text):
        return None  # "which issues had activity since Monday", "tickets whose last activity was before 2012"
    if NO_ACTIVITY.search(text[:match.start()]):  # "bugs with no activity in 10 days": stale issues, a search
        return None
    actor = next((match.group(f"p{n}") for n in range(1, 6) if match.group(f"p{n}")), None)
    counted = [*ACTIVITY_COUNTS.finditer(text), *THROUGHPUT.finditer(text)]
    return TeamAsk("activity", Measure(), _blank(text, match, *counted) + (f" {actor}" if actor else ""),
                   actor=actor)


def _share(text: str) -> TeamAsk | None:
    text = NEVER.sub("are still open", text)
    match = next(filter(None, (pattern.search(text) for pattern in SHARE)), None)
    if match:
        # "gets flagged top priority": the verb only says the part has the value
        part = re.sub(r"^(?:flagged|marked|set|labell?ed|tagged|rated|classed|classified)(?: as| at| to| with)?\s+", "",
                      match.group("part"))
        return TeamAsk("stats", Measure(statistic="share"), text[:match.start()] + " " + match.group("base"),
                       subset=part)
    rate = RATE.search(text)
    if rate:
        part = rate.group("part") or RATE_PARTS[rate.group("t").split()[0]]
        return TeamAsk("stats", Measure(statistic="share"), _blank(text, rate), subset=part)
    return None


def _ratio(text: str) -> TeamAsk | None:
    match = next(filter(None, (pattern.search(text) for pattern in RATIO)), None)
    if not match:
        return None
    a, b = match.group("a"), match.group("b")
    rest = BACKLOG.sub(" unresolved ", _blank(text, match, keep="keep"))
    rest = re.sub(r"\b(?:what(?:'s| is)|how (?:is|are|do|does|did)|the|of)\b|,? ?as an? (?:ratio|proportion)\b",
                  " ", rest)
    return TeamAsk("stats", Measure(statistic="ratio", parts=[a, b]), rest, subset=a, versus=b)


def _middle(text: str, average: re.Match[str] | None) -> Literal["median", "average"]:
    """The statistic an age or a time is asked as: the median when said ("median", "the middle one, not the
    average"), else the average."""
    median = (average and average.group("stat") in ("median", "half of")) or MEDIAN_NOT_AVERAGE.search(text)
    return "median" if median else "average"


def _statistic(text: str) -> TeamAsk | None:
    if match := THROUGHPUT.search(text):
        period = "week" if re.search(r"\bweek(?:s|ly)?\b", text) else "month"
        rest = re.sub(r"\b(?:per|by|each|a|every) (?:week|month)\b|\b(?:weekly|monthly)\b|\b(?:from )?(week|"
                      r"month) to \1\b",
                      " ", _blank(text, match, keep="keep"))
        rest = re.sub(r"\b(?:the )?trends? (?:of|in|for)\b|\bover time\b", " ", rest)
        return TeamAsk("stats", Measure(statistic="throughput", period=period), rest)  # type: ignore[arg-type]
    average = AVERAGE.search(text)
    waiting = HOW_LONG_WAITING.search(text)
    if waiting or (re.search(r"\bhow old\b", text) and not RANKED_ISSUES.search(text)):
        # "how long have the open OPS tickets been sitting there", "how old is the MOB backlog": their age
        rest = BACKLOG.sub(" unresolved ", _blank(text, waiting, keep="keep")) + (" unresolved" if waiting else "")
        for pattern in (MEDIAN_NOT_AVERAGE, AVERAGE, AGE, USUALLY):
            rest = pattern.sub(" ", rest)
        return TeamAsk("stats", Measure(statistic=_middle(text, average), metric="age"), rest)
    how_long = HOW_LONG.search(text) or STAY_OPEN.search(text) or (RESOLUTION_TIME.search(text) if average else None)
    if average or how_long:
        statistic = _middle(text, average)
        # "how long do DATA bugs take to get fixed": the words between the question's own select the issues
        rest = HOW_LONG.sub(_kept, STAY_OPEN.sub(_kept, text))
        rest = RESOLUTION_TIME.sub(_kept, rest)
        rest = BACKLOG.sub(" unresolved ", USUALLY.sub(" ", MEDIAN_NOT_AVERAGE.sub(" ", rest)))
        rest = re.sub(r"\b(?:takes?|took|taking)\b", " ", rest)  # "does it take us …": the time is the measure
        for pattern in (AVERAGE, AGE, POINTS):
            rest = pattern.sub(" ", rest)
        metric = ("resolution_time" if how_long or RESOLUTION_TIME.search(text)
                  else "points" if POINTS.search(text) else "age")
        return TeamAsk("stats", Measure(statistic=statistic, metric=metric), rest)  # type: ignore[arg-type]
    # ("without any story points in the current sprint": the issues with none, no sum of them)
    match = None if no_points_said(text) else SUM.search(text)
    # "… per assignee" is a breakdown of the points, "who (which component) has the most story points in DATA" and
    # "which story is the biggest in points" rankings
    if not match or any(pattern.search(_blank(text, match)) for pattern in BREAKDOWN[:2]) or (
            SUPERLATIVE_POINTS.search(text) or (
                (WHO_MOST.search(text) or WHICH_GROUP.search(text) or re.search(r"\bwho\b", text))
                and BY_METRIC[2][0].search(text))):
        return None
    # "how many points are left in the sprint": the points of its unresolved issues
    rest = re.sub(r"\b(?:are |is )?(?:still )?(?:left|remaining|outstanding)\b", " unresolved ",
                  _blank(text, match, keep="keep"))
    return TeamAsk("stats", Measure(statistic="sum", metric="points"), rest)


def _ranking(text: str) -> TeamAsk | None:
    for pattern, metric in BY_METRIC:
        match = pattern.search(text)
        if match:
            said = next((value for name, value in match.groupdict().items() if name.startswith("most") and value),
                        None)
            direction = "fewest" if match.groupdict().get("fewest") else _direction(said)
            # "who's got the highest story point total": a person's figure, however the most is said
            who = WHO_MOST.search(text) or re.search(r"\bwho(?:'s got|'s| has got| has| have| got)?\b", text)
            which = WHICH_GROUP.search(text)
            named = GROUP_WORDS[which.group("g")] if which and GROUP_WORDS[which.group("g")] != "epic" else None
            # "which component has the most story points": that field's values summed (only points are summed
            # per value); watchers and votes belong to issues, not groups; epics are issues
            by_field = named if metric == "points" and not who else None
            group = ([] if metric in ("watchers", "votes") else [by_field] if by_field
                     else ["assignee"] if who or named else [])
            measure = Measure(metric=metric, direction=direction, group_by=group,  # type: ignore[arg-type]
                              top=_number(match.groupdict().get("top")))
            # the measure said twice ("the longest discussion thread, i.e. the most comments"): both are the measure
            rest = _blank(text, who, which if by_field else None, *pattern.finditer(text), keep="keep")
            # "has gotten the most comments": the verb only says the issue has them
            rest = re.sub(r"\b(?:gotten|received|collected|attracted|accumulated|drawn)\b", " ", rest)
            if metric == "watchers":  # "which issue do the most people follow": the verb is the metric's
                rest = re.sub(r"\b(?:follow|watch)\b", " ", rest)
            return TeamAsk("ranking", measure, rest)
    who = WHO_MOST.search(text)
    if who:
        role = "reporter" if REPORTED.search(text) or REPORTER_TITLE.search(text) else "assignee"
        rest = ASSIGNED.sub(" ", _open_work(text, re.sub(r"\bwho\b", " ", _blank(text, who, keep="keep"))))
        if role == "reporter":  # the verb or title named the role ranked, not a condition ("files bugs against DATA")
            rest = AGAINST.sub(" ", REPORTER_TITLE.sub(" ", REPORTED.sub(" ", rest)))
        return TeamAsk("ranking", Measure(group_by=[role], direction=_direction(who.group("most"))), rest)  # type: ignore[arg-type]
    for pattern in WHICH_MOST:
        match = pattern.search(text)
        if match:
            field = GROUP_WORDS[match.group("g1")]
            top = _number(match.groupdict().get("top"))
            rest = _open_work(text, _blank(text, match, keep="keep"))
            if field == "assignee" and REPORTED.search(match.group(0)):  # "which person has filed the most bugs"
                field, rest = "reporter", AGAINST.sub(" ", REPORTED.sub(" ", rest))
            rest = BACK_TO_GROUP.sub(" ", rest)
            if field == "assignee":  # "which engineer has the most bugs assigned": the role ranked, no condition
                rest = ASSIGNED.sub(" ", rest)
            if field == "epic":  # "which epic has the most open children": the children are the issues counted
                rest = CHILD_WORDS.sub(" ", rest)
            measure = Measure(group_by=[field], direction=_direction(match.groupdict().get("most")),  # type: ignore[arg-type]
                              top=top)
            return TeamAsk("ranking", measure, rest)
    match = RANKED_ISSUES.search(text) or RANKED_AFTER.search(text) or RANKED_AMONG.search(text) \
        or OPEN_LONGEST.search(text)
    if match and LIST_STARTS.search(text[:match.start()]):
        match = None  # "starting from whatever has waited longest", "…, starting with the earliest": a list in order
    if match:
        age = match.groupdict().get("age") or match.groupdict().get("age2") or "longest"
        newest = age.startswith(("newest", "youngest", "most recent", "latest")) or age.endswith(("recently", "last"))
        still_open = match.re is OPEN_LONGEST or any(w in age for w in ("open", "outstanding", "unresolved"))
        rest = CREATED_BY_ANYONE.sub(" ", _blank(text, match, keep="keep")) + (" unresolved" if still_open else "")
        rest = re.sub(rf"\bhow old (?:is|are|was|were)\b|\bever {CREATED}\b", " ", rest)
        measure = Measure(metric="age", direction="fewest" if newest else "most",
                          top=_number(match.groupdict().get("top")))
        return TeamAsk("ranking", measure, rest)
    return None


# Beside a breakdown, words that restate the counting or say a team has the issues, and select none: "what sorts
# of tickets does the data team deal with, and how many of each?"
AS_COUNTED = re.compile(r",?\s*(?:and )?how many (?:of each|in each|of every|each|of them|per (?:one|kind|type))\b|"
                        r"\b(?:deals?|dealt|dealing) with\b|\b(?:looks?|looked|looking) after\b|"
                        r"\b(?:takes?|took|taking) care of\b")


def _open_work(text: str, rest: str) -> str:
    """A ranking of people by their backlog or how loaded they are counts their open work: "who has the smallest
    backlog", "which OPS person is the least loaded"."""
    return OPEN_WORK.sub(" ", rest) + " unresolved" if OPEN_WORK.search(text) else rest


# "who is the most prolific reporter": the role ranked said as a title
REPORTER_TITLE = re.compile(r"\b(?:prolific|active|frequent)\s+(?=(?:\w+\s+)?reporters?\b)|\breporters?\b")
# "filed against DATA": the project a report is filed in; "the most bugs against it": the value ranked
AGAINST = re.compile(r"\bagainst\b")
BACK_TO_GROUP = re.compile(r"\b(?:against|for|on|in) (?:it|them|each(?: one)?)\s*[?.!]?$")
ASSIGNED = re.compile(r"\bassigned(?: to (?:them|him|her|each|each one))?\b|\b(?:on|to|under) (?:their|his|"
                      r"her) names?\b")
OPEN_WORK = re.compile(r"\b(?:backlog|(?:work ?)?load(?:ed)?|busy)\b")


# A second level said apart from the first: "for every component in WEB, how many bugs are there per priority"; the
# word between "each" and the field may select the issues ("each FLOE component")
SECOND_LEVEL = re.compile(rf"\b(?:(?:per|by|(?:for )?(?:each|every)(?P<keep>\s+[\w.'-]+)?|across(?: the| its| their)?)"
                          rf"\s+(?P<g>{G})|(?P<named>{G})\s+(?:breakdown|distribution|mix|split|spread|picture|overview))\b")


def _level(said: re.Match[str]) -> str:
    """The field a SECOND_LEVEL match groups by."""
    return GROUP_WORDS[said.group("g") or said.group("named")]


# "open vs done" beside a breakdown: the issues counted on both sides, by their status
OPEN_VERSUS_DONE = re.compile(r"\b(?:open|unresolved|to do|in progress|not done) (?:vs\.?|versus|and|or|against) "
                              r"(?:done|closed|resolved|finished)\b|\b(?:done|closed|resolved|finished) "
                              r"(?:vs\.?|versus|and|or|against) (?:open|unresolved|to do|in progress|not done)\b")
# "a priority by component matrix": two fields crossed
MATRIX = re.compile(r"(?<!\blast )(?<!\bthis )(?<!\bnext )(?<!\bpast )(?<!\bprevious )(?<!\bthe same )"  # a date
                    rf"\b(?P<g1>{G}) (?:by|x|vs\.?|versus|against) (?P<g2>{G})\b(?: (?:matrix|table|grid|cross-?tab|"
                    rf"breakdown|split|view|counts?))?")
# "the split of DATA work between stories, tasks and bugs": the kinds named are grouped by type, and select
KINDS_SPLIT = re.compile(rf"\b(?:split|mix|spread|distribution|breakdown|balance)\b(?P<keep0>.{{0,40}}?)\s+"
                         rf"(?P<g1>between|among|across|into)\s+(?P<keep>(?:the )?{KIND}(?:,? (?:and |or )?{KIND})+)")


def _breakdown(text: str) -> TeamAsk | None:
    if re.search(r"\b(?:sort|sorted|order|ordered|rank|ranked|arrange|arranged|listed)\b", text) or (
            SORTED_AT_END.search(text) and not BREAKDOWN[0].search(text) and "how many" not in text):
        return None  # "sort the open bugs by priority", "open risks by priority": a list in that order
    for pattern in (MATRIX, KINDS_SPLIT, *BREAKDOWN):
        match = pattern.search(text)
        if match:
            first = match.group("g1") if pattern is not KINDS_SPLIT else "type"
            # "what kinds of work": the issue type
            fields = [GROUP_WORDS.get(first) or SCALE_WORDS.get(first) or "issuetype"]
            second = match.groupdict().get("g2")
            if second and GROUP_WORDS[second] not in fields:
                fields.append(GROUP_WORDS[second])
            # "group PROJ's backlog by component": its unresolved issues
            rest = BACKLOG.sub(" unresolved ", AS_COUNTED.sub(" ", _blank(text, match, keep="keep")))
            if OPEN_VERSUS_DONE.search(rest) and "status" not in fields:  # both sides counted: no condition
                fields, rest = [*fields, "status"][:2], OPEN_VERSUS_DONE.sub(" ", rest)
            # "by priority within each component": a field said after the first is a second level, not a restatement
            inner = SECOND_LEVEL.search(text, match.end("g1"), match.end()) if len(fields) == 1 else None
            if inner and (field := _level(inner)) not in fields:
                fields.append(field)
            second_level = SECOND_LEVEL.search(rest) if len(fields) == 1 else None
            if second_level and (field := _level(second_level)) not in fields:
                fields = [field, *fields] if second_level.start() < match.start() else [*fields, field]
                rest = _blank(rest, second_level, keep="keep")
            if fields[0] == "assignee" and REPORTED.search(rest):  # "how many bugs did each person file": reporters
                fields[0], rest = "reporter", REPORTED.sub(" ", rest)
            if "priority" in fields:  # "how urgent is the open work, per priority": asks, selects nothing
                rest = SCALE_QUESTION.sub(" ", rest)
            points = POINTS_PER.search(rest)
            if points:  # "story points per assignee": the points summed, "story" is no issue type here
                rest = _blank(rest, points)
            return TeamAsk("breakdown", Measure(group_by=fields, metric="points" if points else "issues"), rest)
    return None


# The readers of a question naming no issue, in order: a release named wins over "what's holding up …", and
# "which tickets missed their date" lists them
ISSUE_READERS = (_release, _about_many, _comment_search, _sprint, _workload, _risk, _activity, _ratio, _share,
                 _statistic, _ranking, _breakdown)
