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

from jirakg.intents.models import IntentName, Measure

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "twenty": 20}
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
    "teammates": "assignee",
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
CHILD_WORDS = re.compile(r"\b(?:child(?:ren)?|sub-?issues?|kids)\b|\b(?:under|beneath|below|inside|"
                         r"(?:hanging |sitting )?off|attached to) (?:it|them)\b")
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
WITHIN = (rf"(?:\s+(?:inside|within|in|for) each (?:one|{G})\b)?{PRODUCT_OF}(?:\s+(?:they|it|these|those) (?:hits?|"
          rf"touch(?:es)?|affects?|belongs? to|falls? (?:in|into|under)|are in|is in|sits? in)\b)?{PRODUCT_OF}"
          # "a per-component view"
          rf"(?:\s+(?:view|picture|overview|summary|breakdown|split|counts?|numbers|totals?)\b)?")
BREAKDOWN = [
    re.compile(rf"\b(?:broken (?:down|out)|break(?:s|ing)?(?: \w+)? (?:down|out)|breakdown|split(?: up)?|grouped|group|"
               rf"divided(?: up)?|categori[sz]ed|"
               rf"bucket(?:ed)?|"
               rf"tall(?:y|ied)|distribution|distributed|spread|sliced|slice|counts?|numbers|totals?)\b"
               rf"(?P<keep>(?:\s+[^\s]+){{0,8}}?)\s+(?:by|per|across|over|between|into|among|on)\s+(?:their |its |the |"
               rf"each |which |what )?(?:different |various |individual |separate )?(?:{AREA_OF} )?(?P<g1>{G})\b"
               rf"(?:\s*(?:,|and|then|by|per|/)\s*(?:then\s+)?(?:by\s+|per\s+)?(?:the |their |its )?"
               rf"(?P<g2>{G})\b)?{WITHIN}"),
    re.compile(rf"(?<!sort )(?<!sorted )(?<!order )(?<!ordered )(?<!rank )(?<!ranked )(?<!reported )(?<!created )"
               # "across components" but not "across projects", which says where the issues are counted
               rf"(?<!filed )(?<!raised )(?<!logged )(?<!opened )(?<!submitted )(?<!written )"
               rf"\b(?:per|(?:for )?(?:each|every)(?P<keep>\s+[\w.'-]+)?|by|"
               rf"across(?: the| its| their)?(?: different| various)?(?!\s+projects?\b))\s+(?P<g1>{G})\b"
               # "pull every Highest priority bug": a word between "every" and a field before an issue noun is a value
               rf"(?(keep)(?!\s+(?:{NOUN}|glitch(?:es)?)\b))"
               rf"(?:\s*(?:,|and|then|per|by|/)\s*(?:then\s+)?(?:per\s+|by\s+)?(?P<g2>{G})\b)?{WITHIN}"),
    re.compile(rf"\b(?P<g1>{G})\s+(?:breakdown|distribution|mix|split|spread|counts)\b"),
    # "DATA tickets created per month": creation counted by its month (the verb is no condition here)
    re.compile(r"\b(?:created|opened|filed|raised|reported|new)\s+(?:per|each|every|by|a)\s+(?P<g1>month|week)\b"),
    re.compile(r"\bwhat (?P<g1>kinds?|types?|sorts?) of (?:work|issues?|tickets?|things)\b"),
    re.compile(rf"\b(?:mix|variety|range|spread|distribution|split|breakdown|tally|count) of (?:\w+\s+){{0,2}}?"
               rf"(?P<g1>{G})\b(?:\s+(?:among|across))?"),
    re.compile(r"\bhow (?P<g1>urgent|severe|important|critical)\b(?= (?:is|are|were|was)\b)"),
    # "WEB bugs by how urgent they are"
    re.compile(r"\b(?:by|per|across|over) how (?P<g1>urgent|severe|important|critical)(?: (?:they|it) (?:are|is))?\b"),
    # "where are the open WEB bugs sitting (in the workflow)?": where issues are is their status
    # "where in the workflow is the open mobile work stuck?"
    re.compile(r"\bwhere (?P<g1>in the workflow|in the process) (?:are|is|do|does)\b(?P<keep>.{0,60}?)"
               r"(?:\b(?:sitting|sit|stuck|stand|standing)\b|$)"),
    # "which tags show up on DATA tickets and how often?", "which parts of SJRK do the open tickets belong to?"
    re.compile(rf"\b(?:which|what) (?P<g1>{G}) (?:show up|appear|turn up|come up|are used|get used|occur)\b"
               rf"(?P<keep>.{{0,60}}?)(?:,? (?:and )?how (?:often|many times|frequently)\b|[?.]|$)"),
    re.compile(rf"\b(?:which|what) (?P<keep0>(?:\S+ ){{0,6}}?)(?P<g1>{G})\b{PRODUCT_OF}(?P<keep>.{{0,80}}?)\b"
               rf"(?:belong to|"
               rf"fall (?:in|into|under)|(?:targeted|aimed|planned|scheduled|slated) (?:at|for))\b"
               rf"(?:,? with (?:the |their )?counts?)?"),
    # "which statuses are the open OPS tickets in?", "what priorities are the DATA bugs at?"
    re.compile(rf"\b(?:which|what) (?P<g1>{G}) (?:are|is|were) (?P<keep>.{{1,60}}?) (?:in|at|under|on)\s*[?.]?$"),
    # "how did FLOE tickets end up: fixed, duplicate, won't fix?": how issues ended is their resolution; the values
    # listed after it are examples of the groups
    re.compile(r"\bhow (?:did|were|was|have|do)\b(?P<keep>.{0,60}?)\b(?P<g1>end(?:ed)? up|wind up|get resolved|"
               r"get closed|been resolved|been closed|resolved|closed)\b(?:\s*[:(-].*|,.*(?:,|\bor\b).*)?"),
    re.compile(r"\bwhere (?:are|is|do|does)\b(?P<keep>.{0,60}?)\b(?P<g1>sitting|sit|stuck|stand|standing|"
               r"in the workflow|in the process)\b(?: in the (?:workflow|process))?"),
]
# "how urgent are the OPS bugs": a field asked about through its scale
SCALE_WORDS = {"urgent": "priority", "severe": "priority", "important": "priority", "critical": "priority",
               **dict.fromkeys(["end up", "ended up", "wind up", "get resolved", "get closed", "been resolved",
                                "been closed", "resolved", "closed"], "resolution"),
               **dict.fromkeys(["sitting", "sit", "stuck", "stand", "standing", "in the workflow", "in the process"],
                               "status")}
SCALE_QUESTION = re.compile(r"\bhow (?:urgent|severe|important|critical)\b")
# The words between "who" and "most" may select the issues ("who on data platform has the most…"): kept
WHO_MOST = re.compile(rf"\bwho(?:'s|s| is| has| have| had| got|'s got| has got)?\s+(?:sitting on |holding |carrying |"
                      rf"owning |stuck with |owns |holds |carries |handles |sits on )?(?P<keep>(?:[\w']+\s+){{0,5}}?)"
                      rf"(?:the\s+)?{MOST}\b")
PREPOSITION = r"(?:in|on|of|for|from|at|with|by|to|and|or|but|than|the|a|an)"
# What a person did to the issues counted, kept as a condition: "which developer closed the most bugs last month"
DID = (r"(?:closed|resolved|fixed|finished|completed|shipped|handled|worked on|reported|filed|raised|opened|created|"
       r"logged)")
WHICH_MOST = [
    # any verb right before "the most" counts what the group has: "racks up", "collects", "attracts"
    re.compile(rf"\b(?:which|what)\s+(?:of (?:the |our |all (?:the )?)?)?(?:(?P<top>{COUNT})\s+)?"
               rf"(?P<keep0>(?:\w+\s+){{0,2}}?)(?P<g1>{G})\b{PRODUCT_OF}(?P<keep>(?:\s+[^\s]+){{0,8}}?)\s+(?:(?:has|have|had|"
               rf"gets?|got|with|contains?|holds?|carries|sees?|is|are|(?P<keepverb>{DID}))\s+(?:\w+\s+){{0,2}}?|"
               rf"(?!{PREPOSITION}\b)[a-z']+\s+(?:(?:up|in|on|out|down)\s+)?(?!most of\b))(?:the\s+)?{MOST}\b"
               rf"(?:\s+(?:common|frequent|popular|used|seen)\b)?"),
    # "the most common issue type in OPS", "the least used label"
    re.compile(rf"\b(?:the\s+)?(?P<most>most|least) (?:common|frequent|popular|used|seen) (?P<g1>{G})\b"),
    re.compile(rf"\b(?:top\s+(?P<top>{COUNT})?\s*)?(?:the\s+)?(?P<g1>{G})\s+with\s+(?:the\s+)?{MOST}\b"),
    # "rank the MOB components by number of open bugs": the values ordered by how many issues each has
    re.compile(rf"\b(?:rank|ranked|order|ordered|sort|sorted)\s+(?:the\s+)?(?P<keep0>(?:\w+\s+){{0,2}}?)(?P<g1>{G})\s+by\s+"
               rf"(?:the\s+)?(?:(?:number|count|amount) of|how many)\b"),
    re.compile(rf"\btop\s+(?P<top>{COUNT})?\s*(?P<keep>(?:\w+\s+){{0,2}}?)(?P<g1>{G})\b"),
]
RANKED_ISSUES = re.compile(
    rf"\b(?:(?:the\s+)?(?:top\s+)?(?P<top>{COUNT})\s+)?(?P<age>oldest|newest|youngest|earliest|"
    rf"(?:very )?first(?=(?:\s+[^\s]+){{1,3}}?\s+(?:ever\s+)?(?:created|filed|opened|reported|raised|logged))|"
    rf"most recent(?:ly (?:created|opened|filed|reported|raised))?|latest|"
    rf"longest[- ](?:open|running|standing|lived|outstanding|unresolved)|stalest)"
    rf"(?=(?:\s+[^\s]+){{0,4}}?\s+{NOUN}\b)")
# "the oldest of those", "which of them was created most recently": the issues ranked are the ones just listed
RANKED_AMONG = re.compile(
    r"\b(?:which|what)(?: one| ones)?(?: of (?:those|these|them|the list|that list))?(?: is| was| are| were| has been)"
    r"(?: the)? (?P<age>oldest|newest|youngest|earliest|latest|most recent|(?:created|opened|filed|raised|reported) "
    r"(?:most recently|last|first|earliest))\b|"
    r"\b(?:the )?(?P<age2>oldest|newest|youngest|earliest|latest|most recent)(?: one| ones)? (?:of|among|in) "
    r"(?:those|these|them|the list|that list)\b")
WHICH_GROUP = re.compile(rf"\b(?:which|what) (?P<g>{G})\b")  # "which component …": the values of a field ranked
# "what's been sitting unresolved in WEB the longest": the words between select the issues
WAITING = r"(?:open|waiting|unresolved|sitting|outstanding|(?:hanging|lingering)(?: around)?)"
OPEN_LONGEST = re.compile(rf"\b(?:been )?{WAITING}(?:\s+{WAITING})*\b(?P<keep>(?:\s+(?!{WAITING}\b)[^\s]+){{0,5}}?)\s+"
                          rf"(?:the |for the )?longest\b")
# "which unresolved data bug is the oldest": the age said after the issues it ranks
RANKED_AFTER = re.compile(rf"\b(?:which|what)(?P<keep>(?:\s+[^\s]+){{0,5}}?\s+{NOUN})\s+(?:is|are|was|were)\s+"
                          rf"(?:the\s+)?(?P<age>oldest|newest|youngest|earliest|latest|most recent|stalest)\b")
# "the top 3 most voted", "the 5 most watched": how many issues are ranked
TOP_N = rf"\b(?:(?:the\s+)?(?:top\s+)?(?P<top>{COUNT})\s+|top\s+)?"
BY_METRIC = [
    (re.compile(r"\b(?:(?P<most>most|fewest|least|highest number of|largest number of) (?:comments|replies)|"
                r"most[- ](?:commented|discussed|talked[- ]about)|"
                r"(?P<fewest>least[- ](?:commented|discussed|talked[- ]about)))\b"),
     "comments"),
    (re.compile(r"\b(?:(?P<most>most|fewest|least) (?:links|linked|connected|dependencies)|most[- ]linked|"
                r"(?:tied|linked|connected) to the (?:largest|highest|biggest|greatest) number of|"
                r"(?:tied|linked|connected) to the (?P<most2>most|fewest)(?: other)?(?: issues| tickets)?)\b"),
     "links"),
    (re.compile(r"\b(?:(?P<most>most|highest|largest|biggest|fewest|lowest|smallest) (?:story )?(?:points?|"
                r"point estimates?|estimates?)(?: total| sum| count)?|(?:biggest|largest) (?:stor(?:y|ies)|estimates?)|"
                # "the biggest open DATA story in terms of estimate": the words between select the issues
                r"(?P<most2>biggest|largest|highest|heaviest|smallest|lowest)\b(?P<keep>.{0,60}?)\bin terms of "
                r"(?:story )?(?:points?|estimates?|size|effort))\b"), "points"),
    # "the most watched DATA bug", "which issue has the most watchers", "fewest followers"
    (re.compile(TOP_N + r"(?:(?P<most>most|fewest|least|highest number of|largest number of|biggest number of|"
                r"greatest number of|highest|largest|biggest) (?:watchers|followers|people watching)|"
                r"(?:highest|largest|biggest) (?:watcher|watch) counts?|(?P<most2>most|least)[- ]"
                r"(?:watched|followed)|(?P<most3>most|fewest) people (?:follow|watch)(?:ing)?|"
                # "being followed by the most people", "the biggest crowd watching it"
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
               r"portion|%|how much)\s+of\s+(?:the\s+|all\s+)?(?P<base>.+?)\s+(?:are|is|were|was|have been|has been|"
               r"got|gets|get|ended up|end up|remain|stay|have|has|did|do)\s+(?P<part>.+?)"
               r"(?:,? ?" + IN_PERCENT + r")?$"),
    re.compile(r"(?:\b|(?=%))(?P<t>fraction|percentage|percent|proportion|share|%) of (?:the |all )?(?P<base>.+?) "
               r"(?P<part>(?:still|resolved|closed|fixed|marked|flagged|unresolved|open|done)\b.*)$"),
    re.compile(r"\b(?:out of|of) (?:all )?(?:the )?(?P<base>.+?),? what (?:fraction|percentage|percent|proportion|"
               r"share|portion) (?:of them )?(?:are|is|were|have|has|got|get) (?P<part>.+)$"),
    re.compile(r"\b(?:what )?(?P<t>fraction|percentage|percent|proportion|share) of (?:the |all )?(?P<base>.+?) "
               r"(?:with|that are|that have|which are|marked|flagged|having) (?P<part>.+)$"),
    # "how many DATA bugs are still open, in percent?", "how often were DECA tickets closed as won't fix, by percentage"
    re.compile(r"\bhow (?:many|often) (?:of )?(?:the |all )?(?P<base>.+?) (?:are|is|were|was|got|get|have been|"
               r"has been) (?P<part>.+?),? " + IN_PERCENT),
    re.compile(r"\bhow often (?:are|is|were|was|do|does|did|have|has) (?:the |all )?(?P<base>.+?) (?:get |got |been )?"
               r"(?P<part>(?:closed|resolved|fixed|done|finished|marked|flagged|set|labell?ed|tagged)\b.*?),? "
               + IN_PERCENT),
]
RATE = re.compile(r"\b(?P<t>(?:resolution|completion|fix|done|closure|close) rate|(?:percent(?:age)?|%)\s+"
                  r"(?P<part>resolved|done|closed|complete|completed|finished|fixed|open|unresolved))\b")
RATE_PARTS = {"resolution": "resolved", "completion": "done", "fix": "resolved", "done": "done", "closure": "resolved",
              "close": "resolved"}
AVERAGE = re.compile(r"\b(?P<stat>average|avg|mean|median|typical|typically|half of)\b")
RESOLUTION_TIME = re.compile(
    r"\b(?:time to (?:resolve|fix|close|resolution|complete|get \w+ (?:done|fixed|resolved))|resolution time|"
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
HOW_LONG = re.compile(r"\bhow (?:long|many days|many weeks|quickly|fast|soon) (?:does|do|did|is it taking|it takes|"
                      r"it took|does it take|do they take|do we take)\b(?:\s+(?:it|they|we|us))?"
                      r"(?:\s+(?:usually|normally|generally|typically))?(?P<keep>.{0,60}?)(?:\b(?:take|takes|took|taking|to|get|got|be|being)\b\s*)*"
                      r"\b(?:resolv\w*|fix\w*|clos\w*|done)\b")
# "the typical open ticket (the middle one, not the average)": the median, whichever word comes first
MEDIAN_NOT_AVERAGE = re.compile(r"\b(?:the )?middle (?:one|value|ticket|issue)\b|,? ?\bnot (?:the )?(?:average|mean)\b")
# "how long on average do WEB bugs stay open": their time to resolve; the words between select the issues
STAY_OPEN = re.compile(r"\bhow (?:long|many days|many weeks)\b(?P<keep>.{0,60}?)\b(?:stay|stays|stayed|remain|remains|"
                       r"remained|sit|sits|sat|"
                       r"are|is) (?:open|unresolved)(?: for)?\b")
# "how long do bugs usually stay open": the statistic said as a habit
USUALLY = re.compile(r"\b(?:usually|normally|generally|typically|tends? to|on average)\b")
AGE = re.compile(r"\b(?:age|how old|old are|open for|been open|days open)\b")
POINTS = re.compile(r"\b(?:story points?|points|estimates?)\b")
SUM = re.compile(r"\b(?:total|sum(?: of)?|how many|combined|overall)\s+(?:the\s+)?(?:story )?(?:points|estimates?)"
                 r"(?: of)?\b|"
                 r"\b(?:story )?points (?:in total|total|combined|altogether|in)\b|\bin points\b")
# "story points per assignee", "the sum of the estimates by developer", "how many points does each person have":
# a breakdown that sums points instead of counting issues
POINTS_PER = re.compile(r"\b(?:(?:the\s+)?(?:total|sum(?: of)?|combined|how many|how much)\s+(?:the\s+)?)?"
                        r"(?:story[- ]points?(?: estimates?)?|points?|estimates?|estimation)\b(?: total)?")
THROUGHPUT = re.compile(r"\b(?:created|opened|filed|new|incoming) (?:vs\.?|versus|and|against|compared (?:to|with)) "
                        r"(?:resolved|closed|fixed|done)\b|\bthroughput\b|\binflow\b")
# The least loaded person asked for: "who has spare capacity", "who could take on more work", "the lightest workload"
LIGHT_LOAD = (r"(?:spare|free|most|more) capacity|room for more(?: work)?|(?:could|can|able to) take on more(?: work)?|"
              r"(?:least|less) (?:busy|loaded)|(?:lightest|smallest|lowest) (?:work ?)?load")
WORKLOAD = re.compile(
    r"\b(?:work ?load|overloaded|overworked|over-?loaded|overwhelmed|over-?stretched|maxed out|swamped|snowed under|"
    # "how many open tickets does each person have on their plate": an amount on each person's plate
    r"drowning|(?:how much|how many|most|more|less|least|fewest)\b(?P<keep2>.{0,60}?)\bon (?:their|his|her|"
    r"everyone's|people's|each \w+'s) plates?|"
    r"too much (?:(?:open |unfinished |unresolved )?work|on (?:\w+ )?plate)|"
    # "who is carrying how much of the open work", "who owns what amount of it": amounts per person
    r"who(?: is| are|'s)? (?:carrying|holding|owning|owns|has|handling|doing|sitting on) (?:how much|what (?:amount|"
    r"share|portion|part|proportion))|how much (?:is |work is )?on (?:\w+'s|his|her|their|my|our) plate|"
    r"(?:at|over) capacity|busiest|load (?:per|by) person|(?:team|people|everyone|everybody)(?:'s|s'|s)? load|"
    r"spread of work|stretched thin|"
    r"(?:heavier|heaviest|biggest) (?:work ?)?load|(?:divided|split|shared|spread|distributed|balanced) (?:up )?"
    r"(?:among|between|across) (?:the |our )?(?P<keep>[\w-]+ )?(?:people|team members|team|developers|assignees|"
    r"engineers|devs|folks|everyone|us)|how much each|"
    r"more than (?:their|his|her|a|the) (?:fair )?share|(?:doing|carrying|holding) most of the (?:work|tickets|issues)|"
    r"more (?:open |unfinished |unresolved )?(?:tickets|issues|work) than (?:the rest|everyone|everybody|others|"
    r"anyone)|who (?:is|are) (?:most )?(?:loaded|stretched|busy)|how busy (?:is|are)|bandwidth|"
    rf"{LIGHT_LOAD})\b")
SPRINT_WORD = re.compile(r"\bsprint\b")
PROGRESS = re.compile(r"\b(?:how(?:'s| is| are| does| do)?\b.{0,40}\b(?:going|doing|looking|tracking|progressing|"
                      r"coming along|shaping up)|progress|on track|burn ?down|health|status report|status|"
                      r"where (?:are|do) we stand|where are we|how far|state of|finish on time|make it|"
                      r"how (?:many|much)\b.{0,70}\b(?:done|finished|completed?)|done (?:vs\.?|versus|out of|of)|"
                      r"did .{0,40}\bfinish|getting through|end(?:ed)? up|"
                      r"how did\b.{0,40}\b(?:go|wrap(?:ped)? up|turn(?:ed)? out)|"
                      r"(?:going to|gonna|will (?:we|they|it|the \w+)|can (?:we|they)) (?:finish|complete|make it))\b")
LISTING = re.compile(rf"\b(?:list|show|which|what are|what's left|what is left)\b(?:\s+\w+){{0,3}}\s+{NOUN}\b")
RELEASE_WORD = r"(?:release(?![ -]?notes)|version|fix ?version|milestone|\d{4}\.q\d)"
RELEASE = [
    re.compile(rf"\bhow(?:'s| is| are)?\b.{{0,40}}\b{RELEASE_WORD}\b.{{0,20}}\b(?:going|doing|looking|coming along|"
               rf"tracking|progressing|shaping up)\b"),
    re.compile(rf"\b(?:what|who|which \w+)(?:'s| is| are)? (?:still )?(?P<blocking>blocking|holding up|holding back|"
               rf"delaying|in the way of)\b.{{0,40}}\b{RELEASE_WORD}\b"),
    re.compile(rf"\b{RELEASE_WORD}\b.{{0,30}}\b(?:progress|status|readiness|health|(?P<blocking>blockers)|on track|"
               rf"ready)\b"),
    re.compile(rf"\b(?:progress|status|readiness|health|(?P<blocking>blockers)) (?:of|on|for) (?:the )?.{{0,30}}"
               rf"\b{RELEASE_WORD}\b"),
    re.compile(rf"\bis (?:the )?.{{0,30}}\b{RELEASE_WORD}\b.{{0,20}}\b(?:on track|ready|going to ship|late|at risk|"
               rf"on schedule|on time|(?:going to|gonna|about to|likely to) (?:make it|land|ship))\b"),
    re.compile(rf"\b(?:how much of|how close|how far)\b.{{0,60}}\b{RELEASE_WORD}\b"),
    re.compile(rf"\b{RELEASE_WORD}\b.{{0,60}}\b(?:how many .{{0,30}}\b(?:done|finished|complete)|what'?s left|"
               rf"is anything blocking|holding it up|(?:are|is|'s) (?:\w+ )?(?:done|finished))\b"),
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
                  r"warning signs?|in trouble|(?:danger|trouble) zone|on fire|late or about to|"
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
NO_ACTIVITY = re.compile(r"\b(?:no|without(?: any)?|zero|not any)\s+(?:recent\s+)?$")
COMMENTS = re.compile(r"\b(?:comment(?:s|ed|er|ers|ing)?|discussions?)\b")
# "for the staffing discussion I need one number": the asker's meeting, not the issues' comments
MEETING = re.compile(r"\b(?:for|before|after|at|during|ahead of) (?:the |our |a |this |next |tomorrow s |"
                     r"tomorrow's |today's |today s )?(?:\w+ )?discussion\b(?! (?:on|of|about|in|under)\b)")
# "whose last activity was before 2012", "no changes since 2012": a date on the issues' updates, a search
# ("OPS activity in October" asks what happened)
ACTIVITY_DATE = re.compile(r"\b(?:whose|their|its|last|latest|most recent|no|any|saw|seen|had|has|have|with|"
                           r"without) (?:any )?(?:activity|changes|updates|movement) (?:was |has been |happened )?"
                           r"(?:before|after|since|in|during|between|from|until|older than|over the|within)\b")
# Who wrote the most comments on a set of issues: "who comments the most", "the top commenter", "who has left the
# most comments", "who talks the most on …"
SPEAKS = r"(?:comment(?:s|ed|ing)?|talk(?:s|ed|ing)?|chat(?:s|ted|ting)?|post(?:s|ed)?|repl(?:y|ies|ied)|writes?|wrote)"
COMMENTERS = re.compile(rf"\bwho(?:'s|s| is| has| have)?\s+(?:\w+\s+){{0,2}}?{SPEAKS}\s+(?:the\s+)?most\b|"
                        rf"\bwho(?:'s|s| is| has| have)?\s+(?:\w+\s+){{0,2}}?(?:the\s+)?(?:most|highest number of) "
                        rf"(?:comments|replies)\b|"
                        rf"\b(?:top|most active|biggest|main) (?:commenters?|posters?)\b|\bcommenters? with the most\b")
# About one issue, people who spoke on it commented: "who said something last on OPS-29", "who's been talking on it"
SPOKEN = re.compile(r"\b(?:said|says|talking|talked|chatting|chatted|thread|wrote|replied|replies|posted)\b")
COMMENT_DETAIL = [
    ("mentions", re.compile(r"\b(?:mention(?:s|ing|ed)?|contain(?:s|ing)?|say(?:s|ing)?|talk(?:s|ing|ed)? about|"
                            r"refer(?:s|red|ring)? to|about|with the word|brought up|bring(?:s|ing)? up|"
                            r"rais(?:e|es|ed|ing))\s+(?:the |a |an )?['\"“]?(?P<word>[\w.-]+)")),
    ("latest", re.compile(r"\b(?:latest|last|most recent(?:ly)?|newest|recent(?:ly)?)\b")),
    ("count", re.compile(r"\b(?:how many|number of|count)\b")),
    ("authors", re.compile(r"\b(?:who|which (?:people|persons|users|folks|contributors)|took part|participated|"
                           r"participants?)\b")),
]
WHY_LATE = re.compile(r"\b(?:slipped|slipping|slid) (?:past|beyond|over) (?:its|the|their|our) (?:due date|deadline|"
                      r"date)\b|\bwhy\b.{0,40}\b(?:late|behind|slipping|slipped|delayed|stuck|overdue|"
                      r"not (?:done|finished|moving|closed|complete)|taking (?:so )?long|blocked|stalled|at risk|red|"
                      r"off track|behind schedule)\b|\bwhat(?:'s| is) (?:holding|keeping|stopping|dragging|slowing|"
                      r"getting in the way of|in the way of)\b|\blate reason\b|\breason .{0,20}\blate\b|"
                      r"\bmissed (?:its|the|their) (?:date|deadline|due date)\b")
LOOK_FIRST = re.compile(r"\bwhat should (?:i|we) (?:look at|focus on|worry about|work on|prioriti[sz]e|tackle|pick up|"
                        r"address|fix)(?: first| next)?\b|\bwhere should (?:i|we) (?:start|begin|focus)\b|"
                        r"\b(?:what|which \w+) needs? (?:my |our )?(?:attention|looking at)\b|"
                        r"\bwhat(?:'s| is| are) (?:the )?most urgent\b|\bmost urgent (?:things|work|stuff)\b|"
                        r"\bwhat to (?:focus on|look at) first\b|\bbefore anything else\b|\bpriorities first\b")
REPORTED = re.compile(r"\b(?:report(?:s|ed)?|fil(?:e|es|ed)|rais(?:e|es|ed)|logg?(?:s|ed)?|open(?:s|ed)|"
                      r"creat(?:e|es|ed))\b")


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
CONDITION_WORDS = (r"\b(?:un\w+|open|not|no|except|minus|without|overdue|assigned|done|finished|mine|my|me|others?|"
                   r"high|low|blocked|closed|resolved|in progress|to do)\b")
SHORT = 6  # words: a question this short is keywords ("OPS risks", "DATA Sprint 51")
SENTENCE = re.compile(r"(?<=[.!?])\s+")
SHAPE_WORDS = frozenset({*GROUP_WORDS, "story", "stories", "points", "sprint", "workload", "comments", "comment",
                        "release", "average", "median", "percentage", "fraction", "proportion", "oldest", "newest",
                        "reporter", "estimate", "changes", "activity", "overloaded", "commenter", "commenters",
                        "issue", "issues", "ticket", "tickets"})
# Everyday words a letter away from a shape word ("start" / "state", "starts" / "stats"): never typos of it
NOT_TYPOS = frozenset({"start", "starts", "stars", "stare", "staff", "stable", "stage", "stake", "place"})
# A typo keeps its first letter: only words starting alike are compared (this runs on every long word asked).
ISSUE_NOUNS = ("issue", "ticket", "story")
SHAPE_WORDS_BY_LETTER = {first: sorted(w for w in SHAPE_WORDS if w[0] == first)
                         for first in {w[0] for w in SHAPE_WORDS}}
SYNONYMS = [(re.compile(r"\biterations?\b"), "sprint"), (re.compile(r"\b(\w+)-wise\b"), r"by \1"),
            (re.compile(r"\b(?:chimed|chime|weighed|weigh) in\b"), "commented"),
            (re.compile(r"\bat-risk\b"), "at risk"), (re.compile(r"\b(closed|resolved) out\b"), r"\1"),
            (re.compile(r"\burgency\b"), "priority"), (re.compile(r"\bper-(\w+)"), r"per \1"),
            (re.compile(r"\b(\w+) by \1\b"), r"per \1"),
            # "which part is the buggiest, going by the number of bug reports": the most bugs
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
        close = [w for w in get_close_matches(word, SHAPE_WORDS_BY_LETTER.get(word[0], ()), n=1, cutoff=0.8)
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
    readers = (_comments, _reasoning) if has_key else ISSUE_READERS
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
AS_ASKED = re.compile(r"\b(?:a |an |the )?(?:quick |short |brief )?(?:summary|recap|rundown|overview|update|report)"
                      r" (?:of|on|for|about)\b|\b(?:across|over|in|for) (?:all|every) (?:the )?(?:projects?|teams?)\b|"
                      r"\bfor [\w.-]+'s (?:\w+ )?(?:review|meeting|standup|stand-up|sync|presentation|demo|planning|"
                      r"retro|retrospective|report|deck|slides|1:1|one-on-one)\b|"
                      r"(?:(?<=\bthe )|(?<=\bour )|(?<=\bmy ))(?:daily|weekly|monthly|quarterly|month|week) "
                      r"(?=(?:[\w-]+ ){0,2}?(?:report|summary|recap|update|review|sync|meeting)\b)")
ROLE = re.compile(r"\b(?:i'm|i am|as) (?:the|a|an|their|our) (?:[\w-]+ ){0,2}?(?:pm|lead|manager|owner|director|"
                  r"head|coordinator|analyst)\b")
# "the most recent bug someone filed", "the first ticket ever created": creation is what the age ranks
CREATED_BY_ANYONE = re.compile(r"\b(?:someone|somebody|anyone|anybody|people|we|they|ever)\s+(?:\w+\s+)?"
                               r"(?:filed|created|opened|reported|raised|logged|made|submitted)\b(?: against\b)?")


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


def _comments(text: str) -> TeamAsk | None:
    said = MEETING.sub(" ", text)  # the words about the issues
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
                             r"recently|lately|this|last|now)\b)" + rf"(?!{CONDITION_WORDS})"
                             r"(?P<word>[\w.-]+)\??$")


def _comment_search(text: str) -> TeamAsk | None:
    """Comments mentioning a word across the issues a question selects ("DATA comments mentioning dbt"), and who
    wrote the most of them ("who comments the most on OPS tickets?")."""
    if match := COMMENTERS.search(text):
        return TeamAsk("comments", Measure(detail="authors"), COMMENTS.sub(" ", _blank(text, match)))
    if not COMMENTS.search(MEETING.sub(" ", text)) or BY_METRIC[0][0].search(text):  # "most commented" ranks
        return None
    match = COMMENT_DETAIL[0][1].search(text) or (KEYWORD_MENTION.search(text) if len(text.split()) <= SHORT else None)
    if match:
        rest = COMMENTS.sub(" ", _blank(text, match))
        return TeamAsk("comments", Measure(detail="mentions"), rest, subset=match.group("word"))
    counted = re.search(r"\b(?:how many|number of|total|count|how much)\b", text)
    if counted or len(text.split()) <= SHORT:  # "comments on open DECA bugs": how many, on which issues
        rest = COMMENTS.sub(" ", _blank(text, counted) if counted else text)
        return TeamAsk("comments", Measure(detail="count"), rest)
    return None


def _about_many(text: str) -> TeamAsk | None:
    """Reasoning without an issue named: "which tickets missed their date" lists them, it asks no reason."""
    if LISTING.search(text):
        match = LOOK_FIRST.search(text)
        return TeamAsk("reasoning", Measure(), _blank(text, match)) if match else None
    return _reasoning(text)


def _reasoning(text: str) -> TeamAsk | None:
    match = WHY_LATE.search(text) or LOOK_FIRST.search(text)
    return TeamAsk("reasoning", Measure(), _blank(text, match)) if match else None


# The words of a progress question, blanked for the condition reader; the phrases around them may hold
# conditions ("how is the current DATA sprint going"), so a whole match is never blanked.
PROGRESS_WORDS = re.compile(r"\b(?:how far(?: along)?|so far|far along|"
                            r"how(?:'s)?|is|are|does|do|going|doing|looking|tracking|progressing|coming along|"
                            r"shaping up|progress|on track|burn ?down|health|status report|status|readiness|ready|"
                            r"where (?:are|do) we stand|how far|state of|finish on time|make it|blocking|blockers|"
                            r"holding (?:\w+ )?up|holding back|delaying|in the way of|what(?:'s)?|who|still|"
                            r"done|finish(?:ed)?|completed?|out of|total|overall|vs|versus|how many|how much|left|"
                            r"active|current|ongoing|running|this|now|ship(?:ped)?|land(?:ed)?|turn(?:ed)? out|went|"
                            r"wrap(?:ped)? up|made it|get done|got done|everything|planned|scheduled|targeted|"
                            r"slated|(?:check|see) (?:if|whether))\b")


def _release(text: str) -> TeamAsk | None:
    # "WEB fix version 2026.Q4": a release named alone, no issues or question words ("what's planned for …", a
    # list), asks how it is going
    alone = (len(text.split()) <= SHORT and re.search(r"\b(?:release|fix ?version|version|milestone)\b", text)
             and re.search(r"\d", text) and not REQUEST.search(text)
             and not re.search(rf"\b{NOUN}\b|{CONDITION_WORDS}", text))
    if alone or any(pattern.search(text) for pattern in RELEASE):
        # "the 2026.Q3 fix version": the noun after a version's name only says what the name is
        named = re.sub(r"(?<=\d) (?:fix ?version|release|version|milestone)\b", " ", text)
        return TeamAsk("release", Measure(), PROGRESS_WORDS.sub(" ", named))
    return None


def _sprint(text: str) -> TeamAsk | None:
    # "DATA Sprint 51", "current OPS sprint": a sprint alone, without issues asked for, asks how it went
    alone = len(text.split()) <= SHORT and not re.search(rf"\b{NOUN}\b|{CONDITION_WORDS}", text)
    if SPRINT_WORD.search(text) and (PROGRESS.search(text) or alone) and not LISTING.search(text):
        return TeamAsk("sprint", Measure(), re.sub(r"\bsprint\b(?!\s+\d)", " ", PROGRESS_WORDS.sub(" ", text)))
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


def _workload(text: str) -> TeamAsk | None:
    match = WORKLOAD.search(text)
    if not match:
        return None
    rest = CARRYING.sub(" ", COMPARED.sub(" ", _blank(text, match, keep="keep")))
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
    return TeamAsk("risk", Measure(), _blank(text, match)) if match and (REQUEST.search(text) or short) else None


def _activity(text: str) -> TeamAsk | None:
    match = ACTIVITY.search(text)
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


def _statistic(text: str) -> TeamAsk | None:
    if match := THROUGHPUT.search(text):
        period = "week" if re.search(r"\bweek(?:s|ly)?\b", text) else "month"
        rest = re.sub(r"\b(?:per|by|each|a|every) (?:week|month)\b|\b(?:weekly|monthly)\b", " ", _blank(text, match))
        return TeamAsk("stats", Measure(statistic="throughput", period=period), rest)  # type: ignore[arg-type]
    average = AVERAGE.search(text)
    how_long = HOW_LONG.search(text) or STAY_OPEN.search(text) or (RESOLUTION_TIME.search(text) if average else None)
    if average or how_long or re.search(r"\bhow old are\b", text):
        median = (average and average.group("stat") in ("median", "half of")) or MEDIAN_NOT_AVERAGE.search(text)
        statistic = "median" if median else "average"
        # "how long do DATA bugs take to get fixed": the words between the question's own select the issues
        rest = STAY_OPEN.sub(lambda m: f" {m.group('keep')} ", HOW_LONG.sub(lambda m: f" {m.group('keep')} ", text))
        rest = RESOLUTION_TIME.sub(lambda m: f" {m.group('keep') or ''} ", rest)
        rest = USUALLY.sub(" ", MEDIAN_NOT_AVERAGE.sub(" ", rest))
        for pattern in (AVERAGE, AGE, POINTS):
            rest = pattern.sub(" ", rest)
        metric = ("resolution_time" if how_long or RESOLUTION_TIME.search(text)
                  else "points" if POINTS.search(text) else "age")
        return TeamAsk("stats", Measure(statistic=statistic, metric=metric), rest)  # type: ignore[arg-type]
    match = SUM.search(text)
    # "… per assignee" is a breakdown of the points, "who (which component) has the most story points in DATA" a
    # ranking
    if match and not any(pattern.search(_blank(text, match)) for pattern in BREAKDOWN[:2]) and not (
            (WHO_MOST.search(text) or WHICH_GROUP.search(text)) and BY_METRIC[2][0].search(text)):
        # "how many points are left in the sprint": the points of its unresolved issues
        rest = re.sub(r"\b(?:are |is )?(?:still )?(?:left|remaining|outstanding)\b", " unresolved ",
                      _blank(text, match))
        return TeamAsk("stats", Measure(statistic="sum", metric="points"), rest)
    return None


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
            rest = _blank(text, who, which if by_field else None, match, keep="keep")
            if metric == "watchers":  # "which issue do the most people follow": the verb is the metric's
                rest = re.sub(r"\b(?:follow|watch)\b", " ", rest)
            return TeamAsk("ranking", measure, rest)
    who = WHO_MOST.search(text)
    if who:
        role = "reporter" if REPORTED.search(text) else "assignee"
        rest = ASSIGNED.sub(" ", _open_work(text, re.sub(r"\bwho\b", " ", _blank(text, who, keep="keep"))))
        if role == "reporter":  # the verb named the role ranked, not a condition
            rest = REPORTED.sub(" ", rest)
        return TeamAsk("ranking", Measure(group_by=[role], direction=_direction(who.group("most"))), rest)  # type: ignore[arg-type]
    for pattern in WHICH_MOST:
        match = pattern.search(text)
        if match:
            field = GROUP_WORDS[match.group("g1")]
            top = _number(match.groupdict().get("top"))
            rest = _open_work(text, _blank(text, match, keep="keep"))
            if field == "assignee" and REPORTED.search(match.group(0)):  # "which person has filed the most bugs"
                field, rest = "reporter", REPORTED.sub(" ", rest)
            if field == "assignee":  # "which engineer has the most bugs assigned": the role ranked, no condition
                rest = ASSIGNED.sub(" ", rest)
            if field == "epic":  # "which epic has the most open children": the children are the issues counted
                rest = CHILD_WORDS.sub(" ", rest)
            measure = Measure(group_by=[field], direction=_direction(match.groupdict().get("most")),  # type: ignore[arg-type]
                              top=top)
            return TeamAsk("ranking", measure, rest)
    match = (RANKED_ISSUES.search(text) or RANKED_AFTER.search(text) or RANKED_AMONG.search(text)
             or OPEN_LONGEST.search(text))
    if match:
        age = match.groupdict().get("age") or match.groupdict().get("age2") or "longest"
        newest = age.startswith(("newest", "youngest", "most recent", "latest")) or age.endswith(("recently", "last"))
        still_open = match.re is OPEN_LONGEST or any(w in age for w in ("open", "outstanding", "unresolved"))
        rest = CREATED_BY_ANYONE.sub(" ", _blank(text, match, keep="keep")) + (" unresolved" if still_open else "")
        rest = re.sub(r"\bhow old (?:is|are|was|were)\b|\bever (?:created|filed|opened)\b", " ", rest)
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


ASSIGNED = re.compile(r"\bassigned(?: to (?:them|him|her|each|each one))?\b")
OPEN_WORK = re.compile(r"\b(?:backlog|(?:work ?)?load(?:ed)?|busy)\b")


def _breakdown(text: str) -> TeamAsk | None:
    if re.search(r"\b(?:sort|sorted|order|ordered|rank|ranked|arrange|arranged)\b", text):
        return None  # "sort the open bugs by priority" orders a list
    for pattern in BREAKDOWN:
        match = pattern.search(text)
        if match:
            first = match.group("g1")
            # "what kinds of work": the issue type
            fields = [GROUP_WORDS.get(first) or SCALE_WORDS.get(first) or "issuetype"]
            second = match.groupdict().get("g2")
            if second and GROUP_WORDS[second] not in fields:
                fields.append(GROUP_WORDS[second])
            rest = AS_COUNTED.sub(" ", _blank(text, match, keep="keep"))
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
