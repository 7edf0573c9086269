"""The embedded parser: deterministic rules over the instance lexicon, no network, no LLM.

One question may hold several intents ("Who owns PROJ-12 and what blocks it?"); each part is
classified by ordered rules, its slots are grounded in values that exist in the instance, and
issue keys missing from a part come from the part before, the conversation, or the issue
open in the Jira sidebar.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import cast

from jirakg.intents.asking import WHICH_ISSUE, clarify, which_issue
from jirakg.intents.conditions import (
    CATEGORIES,
    DEEP,
    EXCLUDED_AFTER,
    ORDER,
    POINTS_ORDER,
    PURPOSE,
    SO_THAT,
    TAKEN_OUT,
    UNDER,
    ConditionReader,
    Unknown,
    foreign_language,
    no_such,
)
from jirakg.intents.context_sentences import IT, without_story
from jirakg.intents.dropped_conditions import Kind, dropped, kinds_in, role_moved, said_before, switched, without
from jirakg.intents.follow_ups import (
    ISSUE_NOUNS,
    POINTS_AT_PERSON,
    adjacent_window,
    earlier_date_field,
    narrowed,
    other_parent,
    people_pointed_back,
    pronoun_in_role,
    refines_alone,
    with_month_window,
    with_person,
    with_span_window,
    without_clauses_on,
)
from jirakg.intents.grounding import Grounder
from jirakg.intents.jql_builder import MINUTE, build_jql
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import (
    ConversationState,
    IntentCall,
    IntentName,
    LinkFilter,
    Measure,
    ParsedQuery,
    Slots,
)
from jirakg.intents.readings import settled_by_state
from jirakg.intents.team_calls import TeamCalls
from jirakg.intents.team_questions import POINTS, RELEASE, TeamAsk, read_team, reads_together
from jirakg.intents.timewindows import find_windows, parse_window, spelled_years
from jirakg.intents.typed_jql import ORDER_ALONE, TypedJql
from jirakg.intents.typos import ENGLISH, Typos
from jirakg.intents.value_slots import unknown_person
from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.keys import ISSUE_KEY_IN_QUESTION, ISSUE_KEY_SHAPE
from jirakg.text.close_words import CloseWords
from jirakg.text.words import unicode_words

MAX_CHARS = 2000
KEY_WORD = "issuekeyref"  # stands in for an issue key inside the text the rules read
NEEDS_KEY = {"metadata", "children", "linked", "dependencies", "changelog", "summary"}
SPLIT = re.compile(r"(?<=\?)\s+(?=\S)|;\s+|\s+(?:and also|and then|also|and|then)\s+(?=(?:what|who|which|how|when|"
                   r"where|"
                   r"does|did|list|show|summari[sz]e|give|tell|find|count)\b)", re.IGNORECASE)
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
            "fifth": 5, "5th": 5, "last": -1}
SINGULAR = re.compile(r"\b(it|its|it's|the same)\b|\b(?:this|that)\s*[?.!]*$|\b(?:this|that|the) (?:issue|ticket|"
                      r"epic|story|task|bug|feature|initiative|one|sub-?task|risk)\b")
PLURAL = re.compile(r"\b(those|they|them|these|their|all of them)\b")
ORDINAL = re.compile(rf"\b(?:the )?({'|'.join(ORDINALS)}) (?:one|issue|ticket|item)\b|#(\d+)\b")

# Blocking said in everyday words: "what is it waiting on", "what can't go ahead until X is done", "holding up"
WAITS_ON = (r"waiting (?:on|for)|stuck (?:behind|waiting)|(?:happen|be done|be finished|finish) first|"
            r"(?:can ?not|can't|cannot|won't) (?:go ahead|start|move|proceed|begin|continue) (?:until|before)")
HOLDS_UP = r"hold(?:s|ing)? (?:\w+ )?up|held up"
WAITED_FOR = re.compile(rf"\b(?:waiting (?:on|for)|(?:go ahead|start|move|proceed|begin|continue) (?:until|before)) "
                        # ("what is OPS-553 waiting on that is open": "that" opens a clause, it names no issue)
                        rf"(?:it|this|that(?!['’]s\b| (?:is|are|s|isn|aren|was|were|has|have|hasn|haven|still)\b)|"
                        rf"{KEY_WORD})\b|"
                        rf"\b(?:it|this|that|{KEY_WORD}) (?:is |are )?hold(?:s|ing)? up\b")

RULES: list[tuple[IntentName, re.Pattern[str]]] = [
    ("help", re.compile(r"^\s*((can you )?help|what can you do|what do you do|how (do|can|should) i (use|ask)|"
                        r"commands)\b"
                        r"|\bwhat (kinds? of |sorts? of )?questions can i ask\b")),
    # "# open bugs in WEB", "total open FLUID bugs", "the total of …", "tally of …", "the figure for …"; not a sum
    # ("total story points")
    # "are there more than 50 …? give me the exact number", "how big is the pile of …", "give me a figure:"
    ("count", re.compile(r"\b(how many|number of|count|tally|(?:the|a) figure for|(?:give|want) (?:me )?(?:a|one|the "
                         r"(?:exact|actual)) (?:figure|number)|(?:the|an) (?:exact|actual) (?:number|count|figure)|"
                         r"are there (?:more|fewer|less) than \w+|how (?:big|large) (?:is|was|are|were) "
                         r"(?:the |our |their )?(?:[\w']+ ){0,3}?(?:pile|list|backlog|set|heap|stack|queue)|"
                         r"(?:the|what s the|what is the) size of|what(?:'s| s| is) the number\b|"
                         # "quantity of open MOB bugs", "the headcount of …", "how much open work does Ana have"
                         r"(?:the )?(?:quantity|headcount|head count) of|how much (?:\w+ )?work (?:does|do) |"
                         r"totals?(?: (?:of|for))?(?! (?:story )?points?\b| estimates?\b| effort\b| time\b| "
                         r"hours\b))\b|"
                         # "Data Platform: # of tickets", "kettle # open"
                         r"(?:^|[:;,–-]|\bthe|(?<=[a-z]))\s*#\s?(?=[a-z])|"
                         r"(?<=[a-z0-9 ])#\s*[?.!]?\s*$")),  # keywords ending "… no component #"
    ("dependencies", re.compile(r"\b(transitive(ly)?|chain|deadlocks?|cycles?|circular|critical path|all (the )?"
                                r"way down|(blocking|waiting on|waiting for|holding up) (each other|one another)|"
                                r"in a (loop|circle)|whatever (those|they|these)( \w+)? (are|is) waiting|all (the )?"
                                r"blockers|everything (that )?(blocks|is blocking)|dependency (tree|graph)|"
                                r"recursive(ly)?|indirectly)\b")),
    ("changelog", re.compile(r"\b(history|changelog|change log|what (has |have )?changed|what's changed|who changed|"
                             r"when (was|did|were) .{0,40}\b(move|moved|change|changed|close|closed|resolve|resolved|"
                             r"reopen|reopened|assigned|reassigned|set|updated|transitioned|marked|put)|last changed|"
                             r"changes? (to|on|in)|took over|taken over|"
                             r"who (moved|set|updated|resolved|closed|reopened|assigned|reassigned|edited)|"
                             r"transition(ed|s)?|moved to|"
                             # "what happened to it this week", "since when has it been blocked", "handed to whom"
                             r"what (has |have )?happened|what was done to|walk me through|since when|how long has|"
                             r"(assignee|status|priority|owner) changes?|changes (last|this|in the|over|during|since)|"
                             r"(get|got|been|was) handed|handed (over|on|to)|(blocked|stuck|on hold) since)\b")),
    # "with X in the summary", "summary contains X", "summary X unresolved": the field words are searched in
    ("summary", re.compile(r"\b(summari[sz]e|(?<!\bin the )(?<!\bin its )(?<!\bin their )(?<!^)summary"
                           r"(?! (?:contains?|containing|mentions?|mentioning|says|saying|has|having|includes?|"
                           rf"field)\b)|^summary(?= (?:of|for|on|please|report|{KEY_WORD})\b|\s*[?.!]?\s*$)|"
                           r"overview|(?<!in )progress|status report|how far|how is .+ going|"
                           r"where does .+ stand|overall|"
                           r"how's .+ going|tl;?dr|brief me|catch me up|state of)\b")),
    # "closed as duplicates" is a resolution, not the duplicates link
    ("linked", re.compile(r"\b(block(s|ed|ing|ers?)?|depends? on|dependent|(?<!\bas )(?<!\bas a )duplicat\w*|"
                          rf"{WAITS_ON}|{HOLDS_UP}|same (?:problem|issue|bug|thing) as|"
                          r"relates? to|related|linked|"
                          r"links?|risks?|threats?|connected to|tied to|hooked up to|relationships?|relations|"
                          r"connections?|"
                          r"dependenc(?:y|ies))\b")),
    # "what's left to resolve in the wish lists epic, WEB-410?"
    ("children", re.compile(rf"\b(what(?:'s| is)(?: still)?(?: left| remaining| open)?"
                            r"(?: to (?:do|resolve|fix|finish|close|complete))? in "
                            rf"(?:the (?:[\w.-]+ ){{0,5}}?(?:epic|story|initiative|feature),? )?"
                            rf"(?:it|this|that|{KEY_WORD})|"
                            rf"children|child|kids|sub[- ]?tasks?|{UNDER}(?! (?:any|no)\b)|"  # ("under any part")
                            r"(?:whose|with|having) (?:the |a |an )?(?:parent|epic)|"
                            r"descendants?|pieces of|parts of|breakdown of)\b")),
]
# "what can't go ahead until OPS-553 is finished?": a state said of the named issue describes it, selects nothing
STATE_OF_NAMED = re.compile(r"\b(?P<lead>(?:until|till|before|once|after|when|unless|for)\s+)"
                            rf"(?P<named>{ISSUE_KEY_SHAPE}|it|this|that)\s+(?:is|gets?|got|has been|will be|to be)"
                            r"\s+(?:\w+\s+)?(?:done|finished|resolved|closed|fixed|complete|completed|"
                            r"shipped|merged|released)\b", re.IGNORECASE)
# "WEB-74 has been sitting in progress for four sprints": where the named issue has been sitting describes it
SITTING_OF_NAMED = re.compile(rf"\b(?P<named>{ISSUE_KEY_SHAPE})\s+(?:has been|had been|is|was|'s)\s+(?:sitting|stuck|"
                              r"stalled|parked|hanging|languishing|lingering)\b[^.,;?]*", re.IGNORECASE)
# "MOB-655 is due next week and I want to know what risks …": when the named issue is due describes it
DUE_OF_NAMED = re.compile(rf"\b(?P<named>{ISSUE_KEY_SHAPE})\s+(?:is|was|'s)\s+"
                          r"(?:due|supposed to (?:ship|land|be done)|scheduled)\b"
                          r"[^.,;?]*?(?=\s+(?:and|but|so)\b|[.,;?]|$)", re.IGNORECASE)
# blocking that goes round ("the cycle that just started" is a sprint, not a deadlock)
CYCLES = re.compile(r"\b(?:deadlock\w*|circular\w*|in a (?:loop|circle)|each other|one another)\b|"
                    r"\b(?:block|depend|wait)\w*\b.*\b(?:cycles?|loops?)\b|\b(?:cycles?|loops?)\b.*\b(?:block|depend)")
FIELD_OF_ISSUE = re.compile(r"\b(?:its|it's|it s) (?:\w+ )?(?:priority|status|state|assignee|owner|reporter|"
                            r"components?|due date|deadline|fix versions?|labels?|type|resolution|sprint|story points|"
                            r"estimate)\b|\bwho (?:reported|raised|filed|logged|opened|created|owns|is working on) "
                            r"(?:it|this|that)\b")
MANY_ISSUES = re.compile(r"\b(?:issues|tickets|bugs|stories|tasks|epics|children|sub-?tasks|items|ones|which of)\b")
RELATIVES = re.compile(r"\b(?:children|child issues|sub-?tasks|subtasks|blockers|block|blocks|blocked|blocking|linked|"
                       r"links|depends? on|dependencies|descendants|under it|below it|beneath it)\b")
ISSUE_INTENTS = frozenset({"dependencies", "changelog", "summary", "linked", "children"})  # asked of one named issue
INTENT_WORDS = ["blocks", "blocked", "blocking", "blockers", "summarize", "summarise", "summary", "history",
                "changelog", "changed", "change", "changes", "children", "subtasks", "sub-tasks", "depends",
                "duplicates", "duplicated", "deadlock", "transitively", "overview", "progress", "related", "linked",
                "assignee", "priority", "status", "reporter", "labels", "components"]
CLOSE_INTENT_WORDS = CloseWords(INTENT_WORDS)
SEARCH_WORDS = re.compile(r"\b(list|show|find|search|which|what|any|anything|everything|stuff|things|all|open|closed|"
                          r"unresolved|issues|bugs|tickets|stories|tasks|epics|items|reports)\b")
# ("wrote up", "written up": what reporters do to tickets, not what authors do to papers)
KG_WORDS = re.compile(r"\b(born|birth|died|death|height|tall|married|spouse|wife|husband|wrote(?! up)|written(?! up)|"
                      r"author\w*|publish\w*|papers?|publications?|articles?|affiliat\w*|nationality|capital|population|"
                      r"founded|member of|co-?authors?|venue|journal|conference|homepage|orcid|university)\b")
JIRA_WORDS = re.compile(r"\b(issues?|tickets?|bugs?|epics?|stor(y|ies)|tasks?|sprints?|jira|assignee|blockers?|"
                        r"priority|status|backlog|release)\b")
FIELD_WORDS = [
    (re.compile(r"\b(who owns|owner|owns|assignee|assigned|who is working|working on it|(?:person|who'?s|who is) "
                r"(?:\w+ )?on it|who has it|who'?s (?:handling|doing) it)\b"), "assignee"),
    (re.compile(r"\b(reporter|reported|who (raised|filed|opened|created))\b"), "reporter"),
    (re.compile(r"\b(due|deadline)\b"), "duedate"),
    (re.compile(r"\b(status|state)\b"), "status"),
    (re.compile(r"\b(priority|how urgent|how important)\b"), "priority"),
    (re.compile(r"\b(labels?|tags?)\b"), "labels"),
    (re.compile(r"\b(components?|which part of|what part of|filed under)\b"), "components"),
    # "which release is it in", "its fix version"; not the release in a story ("before the release goes out")
    (re.compile(r"\b(fix ?versions?|(?:which|what) (?:release|version)|(?:release|version) (?:is it|does it)|"
                r"targeted at|ships? in|shipping in)\b"), "fixVersions"),
    (re.compile(r"\b(resolution|resolved)\b"), "resolution"),
    (re.compile(r"\b(created|opened)\b"), "created"),
    (re.compile(r"\b(title|summary)\b"), "summary"),
    (re.compile(r"\bdescription\b"), "description"),
    (re.compile(r"\b(type|kind)\b"), "issuetype"),
]
SEARCH_KINDS = {"type", "status", "priority", "person", "component", "label", "project", "version", "sprint"}
NOT_A_RELEASE = {"component", "person", "label", "type"}  # values beside a release named alone select its issues
# A follow-up word anywhere, or at the start of any sentence ("Okay. And if we look at Ana instead?")
FOLLOW_UP = re.compile(r"\b(?:those|them|these|they|ones|the same|that list|the list|of those|of them|instead)\b|"
                       # "now leave out anything in Closed", "take out everything whose type is Bug"
                       r"\b(?:leave|leaving|take|taking|filter|filtering|strip) out\b|"
                       # "what's the total if we include MOB as well?": more values for the last set
                       r"\bif (?:we|you|i) (?:include|add|throw in)\b|"
                       r"\b(?:include|add|throw in)\b[^.?!]{1,40}\b(?:too|as well)\b|"
                       r"\b(?:cut|narrow|trim|whittle|pare|boil)(?: (?:it|that|this|them|those|the list|that list))?"
                       r" down\b|"
                       r"\b(?:what|how) (?:would|does|will|did|do) (?:that|it|this) look\b|"
                       # "bugs only", "critical alone", "bugs?": a word or two said alone after a list narrow it
                       r"^\W*(?:[\w'-]+ ){1,2}(?:only|alone)\W*$|"
                       # "reported by Ana Silva only": a longer value, naming no issues of its own
                       rf"^\W*(?!.*{ISSUE_NOUNS.pattern})(?:[\w'-]+ ){{3,4}}(?:only|alone)\W*$|"
                       # "New Feature type only": a value and the field it is of
                       r"^\W*(?:[\w'-]+ ){1,3}(?:type|kind|status|priority|component|label)s? (?:only|alone)\W*$|"
                       r"^\W*(?!(?:thanks|yes|cheers|always|perhaps|guess)\b)[\w'-]+s\?\s*$|"  # ("huh?" is no value)
                       r"(?:^|[.!?:;]\s+)(?:and|what about|how about|only|just|now|but|same|also|leave out|exclude|"
                       r"excluding|without|except|minus|drop|remove|skip|ignore|not|no|sort|order|narrow|filter|restrict|limit|"
                       r"other than|apart from|aside from|besides|"
                       r"which (?:ones? )?(?:are|were|have|has|assigned|reported|raised|filed|owned|given|got|came|"
                       r"went|ended|turned|never|still|did|didn't|don't|haven't|hasn't|aren't|weren't|need|needs)|"
                       r"which ones|"
                       # "how many were marked won't fix?": no issues named, so the ones just listed
                       r"(?:count |so )?how many (?:are|were|have|has|got|(?:aren|weren|haven)['’ ]?t|are not|"
                       r"were not|are still|still|"
                       # "how many resolved as dup?" after a list: of those
                       r"resolved|closed|fixed|reopened|finished|completed|marked|flagged|reported|raised|filed|logged|"
                       r"assigned)\b(?! there\b))\b|"
                       # "how many is that?", "how many stuck items is that in total?", "how many bugs?" said alone
                       r"\bhow many\b.*\b(?:is|are) (?:that|those|these)\b|^\W*how many [\w'-]+\W*$|"
                       r"\bhow many of the (?:things|items|stuff|issues|tickets|results)\b|"
                       r"^\W*(?:[\w'-]+ ){0,2}(?:count|total|number)\W*$|"  # "bug count?" after a list
                       r"^\W*count (?:the |all )?[\w'-]+\W*$|"  # "count bugs"
                       r"^\W*(?:bugs|stories|tasks|epics|sub-?tasks|risks|features|improvements)\W*$|"  # "bugs"
                       # "what's that number for WEB?" after a count: the same count, another value
                       r"\b(?:that|the same|this) (?:number|count|figure|total)\b|"
                       # "could you limit that to FLOE?", "broaden it to High as well": the last set, changed
                       r"\b(?:limit|restrict|narrow|filter|confine|scope|reduce|broaden|widen|extend|expand)"
                       r" (?:that|it|this|the list|that list|this list|the results?|the search)\b|"
                       # "take the bug reports out of that", "leave the stories out": a part of the last set removed
                       rf"{TAKEN_OUT.pattern}|"
                       # "how many are left, then?": what remains of the last set
                       r"\bhow many (?:are|is) (?:left|remaining)\b|"
                       r"\b(?:in|of|from|among|out of) (?:that|this|there)\W*$")  # "count of bugs in that", "in there"
# JQL typed after a list, as a change to it: "and status = Blocked?", "count where issuetype = Bug", "same but
# assignee = …", '… = "Michelle" instead'
TYPED_FOLLOW_UP = re.compile(r"^\W*(?:and|but|same(?: but| with| for)?|also|plus|only|just|now|then|what about|"
                             r"how about|(?:count|how many|number)(?: of (?:those|them))?(?: where| with|:? and)|where|"
                             r"with)\b|\binstead\W*$", re.IGNORECASE)
ADDED = re.compile(r"^\W*(?:(?:also )?add|include|use|set|make it|(?:replace|swap)(?: it| that| them)? (?:with|for)|"
                   r"change(?: it| that)? to|filter(?: it| that| them)? (?:to|by|on|for)|"
                   r"narrow(?: it| that| them)?(?: down)? (?:to|by)|(?:limit|restrict)(?: it| that| them)? to)\b\W*",
                   re.IGNORECASE)
LISTING = re.compile(r"\b(?:list|show|which|what are|give me)\b")  # a follow-up to a count asking for the issues
# what a follow-up that takes a condition away may say beside it and still ask for the same list again
ASKS_AGAIN = frozenset("""show me them those these all the of ones one please instead then now just list give again
    everything how many if we i you let's lets so ok okay actually sorry and can could what about count number still
    same search results it that in a or not whole full entire set everyone everybody anyone anybody for""".split())
LEFT_OUT = re.compile(r"\W*(?:exclude|excluding|without|minus|except|but not|not|leave out|take out|remove|drop)\W*",
                      re.IGNORECASE)
COUNT_SUFFIX = re.compile(r"\s*\((?:count|total|number|how many)\)\W*$", re.IGNORECASE)  # "… (count)": a count
COUNT_PREFIX = re.compile(r"^\W*(?:how many|count|number)\W*$", re.IGNORECASE)  # "how many: project = SJRK"
ONE_CLAUSE_JOINED = re.compile(r"\b(?:and|or|order by)\b", re.IGNORECASE)  # typed JQL of more than one clause
REQUEST = re.compile(r"(?<!-)\b(?:what|which|who|whom|how|when|where|why|list|show|find|give|get|count|tell|"  # "to-do"
                     r"display|pull|fetch|are there|is there|do|does|did|can|could|would|please|summari[sz]e|any)\b",
                     re.IGNORECASE)
ASKS_FOR_PERSON = re.compile(r"^(?:\W*[\w']+\W+){0,6}?(?:who|whos|who's|which (?:[\w']+ ){0,2}?(?:person|people|"
                             r"engineer|developer|dev|team member|member|colleague|teammate|assignee|reporter)s?)\b")
# Words that ask for a person in a role a list of issues shows ("who is working on the checkout bugs")
ROLE_WORDS = frozenset("working work works assigned owns own owner handling handles reported filed raised opened "
                       "created looking fixing doing".split())
# The only words beside a person and a window that still ask what they did ("and what about Ana yesterday");
# any other word ("what did Carla report in 2025") says which of their issues are meant
PERSON_WINDOW_FILLER = frozenset("and what about how for by".split())
WHICH_ISSUES = "Which issues do you mean? Name a project, type, status, person or component."
ENGLISH_ONLY = ("I understand questions in English only, for example 'How many open bugs are in PROJ?'; "
                "please ask again in English.")


PARSE_CACHE = 4096
SHORT_ORDER = 8  # words: an order said alone after a search ("most recently updated at the top") sorts that set


# A part that opens with a request ("Also list …", "Count everything he reported") or adds to it ("Its children too");
# one that only wants something asks when it names issues or asks how much ("I'd also like the MOB bugs", not "I'd
# like to hand them out")
ASKS_OPENING = re.compile(r"\W*(?:(?:and|also|then|but|so|now|ok|okay|please)\W+)*(?:(?:which|what|who|whom|whose|how|"
                          r"when|where|why|list|show|find|give|get|count|tell|display|pull|fetch|summari[sz]e|sort|"
                          r"order|are there|is there|can|could|would|will|do|does|did|any)\b|"
                          # ("I'd like to know how incomplete our bug reports are": why it is asked, no request)
                          r"(?:i(?: \w+)? (?:need|want|would like)|i'd (?:\w+ )?like)\b"
                          r"(?!(?: to)? (?:know|understand|see|gauge|judge|get a sense of) how (?!many\b|much\b))"
                          # ("I want to show how much we turned down": what the asker will do with the answer)
                          r"(?!(?: to)? (?:show|prove|explain|demonstrate|report|tell \w+) how\b)"
                          r".*\b(?:issues?|tickets?|bugs?|"
                          r"stor(?:y|ies)|tasks?|epics?|ones?|list|how (?:much|many)|of (?:it|them|those))\b)|"
                          r".*\b(?:too|also|as well)\b", re.IGNORECASE)  # "Its children too, if you can."
# A sentence after the request asking to see the issues themselves ("I'd like to see the list.", "list them")
WANTS_LIST = re.compile(r"(?<!n't )(?<!not )\b(?:see|want|like|need|get|have|send|share) (?:me )?the "
                        r"(?:full |whole |actual )?list\b|"
                        r"\b(?:list|show me|show) (?:them|those|these)(?: all)?\W*$", re.IGNORECASE)
# "how many MOB bugs are done and how many are left?": the second count is of the same issues, in another state
HOW_MANY_MORE = re.compile(r"^\W*(?:and )?how many (?:are|were|have|has|got|remain|still)\b", re.IGNORECASE)
WANTS_NUMBER = re.compile(r"\b(?:just|only) (?:give me )?(?:the|a) (?:count|number|total)\b|"
                          r"^\W*(?:a|the) (?:number|count|total),? please\b|"  # "… ? a number please"
                          r"\bgive me (?:just )?(?:a|the) (?:number|count|total)\b|"
                          r"\b(?:don't|do not) need (?:the|a) list\b", re.IGNORECASE)
# A part that narrows the request before it: "Only the unassigned ones.", "Just the open ones, please."
RESTRICTS = re.compile(r"\W*(?:but |and )?(?:only|just|except|excluding|exclude|not|none of|leaving out|leave out|"
                       r"without|ignore|ignoring|skip|skipping|drop|minus|apart from|other than)\b|"
                       r"\W*(?:the |\w+ )?ones\b", re.IGNORECASE)  # "Open ones only"
# The contrast in a restriction ("not the won't-dos", "Not his to-do pile") beside what it keeps ("only the …")
CONTRAST = re.compile(r"(?:^\W*|,\s*)(?:but )?not (?!only\b|just\b)[^,.;!?]+", re.IGNORECASE)
KEEPS = re.compile(r"\b(?:only|just)\b", re.IGNORECASE)
# Words that only say a link question is one ("FLUID-6 dependency links", "tied through a relationship")
LINK_NOUNS = frozenset("link links linked relationship relationships relation relations connection connections "
                       "connected tied".split())
BLOCKERS = re.compile(r"\bblockers\b")
BLOCKING_STEMS = frozenset(w[:6] for w in "block blocks blocked blocking waiting depend depends holding held".split())
# "tickets reported by Ana and which are still open": "which" with no noun of its own continues the part before
RELATIVE = re.compile(r"\W*(?:which|that) (?:are|is|were|was|have|has|had|got|still)\b|"
                      # "…, which are not resolved yet, and where somebody has already left a comment"
                      r"\W*(?:and |but )?(?:where|whose) (?:somebody|someone|nobody|no one|anyone|people|they|the)\b",
                      re.IGNORECASE)
# "How many bugs did Maya report in 2025? Please count only the ones created in 2025.": the same set, narrowed
ONLY_THE_ONES = re.compile(r"\b(?:(?:only|just) (?:count |include |list |show )?the ones|(?:count|include|list|show) "
                           r"only the ones)\b", re.IGNORECASE)
# "was everything in 0.6 finished?": a part opening like a yes/no question asks, it is no statement
YES_NO = re.compile(r"\s*(?:is|are|was|were|has|have|had|will|would|should|did|does|do)\b", re.IGNORECASE)
# After the request, what the asker will do with the answer ("We'll reassign those first."): no request of its own
OWN_PLAN = re.compile(r"\W*(?:and |then |so )?(?:i|we)(?:'ll|’ll| will|'m going to| am going to|'re going to| are "
                      r"going to| plan to)(?! (?:need|want|like)\b)\b", re.IGNORECASE)
# a role a pronoun may stand for ("our new designer … her attention"): no person to search for
ROLE_NOUN = re.compile(r"\b(?:designer|lead|manager|boss|colleague|co-?worker|teammate|intern|new hire|director|"
                       r"customer|client|pm|product owner|cto|ceo|architect|tester)\b")
COUNT_OF_ALL = re.compile(r"\b(?:issues|tickets|items|all|total|overall|altogether|everything|jira)\b")
POINTS_BACK = re.compile(r"^\W*(?:\w+ ){0,3}(?:of )?(?:those|these|them)\b|\b(?:like that|like this|that way)\W*$")
WHICH_ITEMS = re.compile(r"\bwhich (?:things|items|issues|tickets|work|stories|bugs|tasks|ones|pieces)\b")
SHORTHAND_SYMBOLS = re.compile(r"\s*[=~]\s*")  # "res=Incomplete", "env ~ Firefox": JQL's signs in shorthand
# "whats left", "hows the sprint": a question word typed without its apostrophe still asks
UNAPOSTROPHED = re.compile(r"\b(what|how|where|who|that|there)s\b", re.IGNORECASE)


class EmbeddedParser:
    def __init__(self, lexicon: Lexicon, *, now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.lexicon = lexicon
        self.grounder = Grounder(lexicon)
        self.projects = set(lexicon.project_keys)
        # "SEV-2": a select option's code typed in capitals, shaped like an issue key
        self.option_codes = {alias for term in lexicon.of("option") for alias in term.aliases}
        # a key counts as typed in capitals ("DATA"), a name ("data platform", "infusion", "kettle") in any case
        self.story_projects = {**{alias: t.label for t in lexicon.of("project") for alias in t.aliases
                                  if alias.upper() not in self.projects or alias == t.label.lower()},
                               **{key: key for key in lexicon.project_keys}}
        self.story_sprints = {alias: t.label for t in lexicon.of("sprint") for alias in t.aliases}
        self.now = now
        self.conditions = ConditionReader(lexicon, self.grounder, now)
        self.typed = TypedJql(lexicon, self.grounder, now)
        self.team = TeamCalls(lexicon, self.conditions, now, self.resolve_keys)
        self.people = {term.value: term.label for term in lexicon.of("person")}
        # the words of the instance's link types ("depends", "superseded", "dependency"), by their first letters
        # the instance's link words, and the blocking words read whatever it calls the relation ("waiting on")
        self.link_stems = {w[:6] for t in lexicon.of("link") for a in t.aliases for w in a.split() if len(w) >= 4} \
            | BLOCKING_STEMS
        self.known_words = {word for term in lexicon.terms for alias in term.aliases for word in alias.split()}
        self.type_plurals = {f"{alias}s" for term in lexicon.of("type") for alias in term.aliases if " " not in alias}
        self.typos = Typos(self.known_words)
        names = sorted({alias for term in lexicon.of("status") for alias in term.aliases}, key=len, reverse=True)
        self.states = re.compile(rf"\b(?:{'|'.join(map(re.escape, names))})\b(?! (?:by|on|from)\b)") if names else None
        self.points_field = points.value if (points := lexicon.points_field()) else None
        self.blocker_level = any(t.label.lower() == "blocker" for t in lexicon.of("priority"))
        self._parsed: OrderedDict[tuple, ParsedQuery] = OrderedDict()

    async def understand(self, text: str, state: ConversationState, issue_in_view: str | None) -> ParsedQuery:
        return self.parse(text, state, issue_in_view)

    def parse(self, text: str, history: ConversationState | None = None,
              issue_in_view: str | None = None) -> ParsedQuery:
        """Parses are remembered for the same text, history and issue in view within the same minute
        (time windows are relative to now): people ask the same questions again, and parsing costs most
        of a cached turn."""
        state = history or ConversationState()
        key = (text, state.model_dump_json(), issue_in_view, self.now().strftime("%Y%m%d%H%M"))
        if key in self._parsed:
            self._parsed.move_to_end(key)
            return self._parsed[key]  # shared, not copied: a parse is read-only once made (copies cost most of a turn)
        parsed = self._parse(text, state, issue_in_view)
        self._parsed[key] = parsed
        if len(self._parsed) > PARSE_CACHE:
            self._parsed.popitem(last=False)
        return parsed

    def _parse(self, text: str, state: ConversationState, issue_in_view: str | None) -> ParsedQuery:
        problem = input_problem(text)
        if problem:
            return ParsedQuery(text=text, intents=[clarify(problem)])
        asked = spelled_years(self.typos.corrected(UNAPOSTROPHED.sub(r"\1's", text.strip())), self.now())
        asked = COUNT_SUFFIX.sub("", f"how many: {asked}") if COUNT_SUFFIX.search(asked) else asked
        # "Farid is out sick … What is assigned to Farid Nguyen? Not his to-do pile": he, him, his, she, her point at
        # the one person the question names, not back into the story when the request names them itself. Only a
        # text with such a pronoun is asked for its person, and each text is scanned once.
        named: dict[str, str | None] = {}

        def one_person(said: str) -> str | None:
            words = unicode_words(said.lower())
            if words not in named:
                named[words] = self._one_person(words)
            return named[words]

        parent = other_parent(asked, state.last_search, self.projects) if state.last_intent in (
            "search", "count", "children") else None
        if parent is not None:  # "same for OPS-541" after the issues under OPS-450
            slots = cast(Slots, state.last_search).model_copy(update={"parents": [parent], "descendants_of": []})
            slots.typed_jql = without_clauses_on(slots.typed_jql, {"parent"}) if slots.typed_jql else None
            name: IntentName = "count" if state.last_intent == "count" else "search"
            return ParsedQuery(text=text, intents=[IntentCall(name=name, slots=slots, jql=build_jql(
                slots, now=self.now().strftime(MINUTE)))])
        if state.last_search is not None and state.last_intent in ("search", "count"):
            asked = with_span_window(asked, state.last_search)
            changed = self._changed(asked, state)  # before a story is told apart: "Ignore the label; show …"
            if isinstance(changed, IntentCall):
                return ParsedQuery(text=text, intents=[changed])
            asked, state = changed
        stripped, story = without_story(asked, self.story_projects, names_person=lambda s: bool(
            one_person(asked) and one_person(s)), sprints=self.story_sprints, fits=self._fits_project,
            person_in=one_person)
        calls: list[IntentCall] = []
        parts = _with_restrictions_joined([p for p in SPLIT.split(stripped) if p and p.strip()],
                                          self._without_contrast)
        # "Helping out on Kettle for a bit; which unresolved bugs…": a statement beside a request is context,
        # but a short part or one naming an issue ("Status of all epics under INIT-3?") is a request of its own
        # After the request, a sentence that neither asks nor opens with a request ("Doesn't matter how old they are.",
        # "Everything older can probably be closed.") is a remark about it, whatever question words it holds
        statements = [p for i, p in enumerate(parts)
                      if (not REQUEST.search(p) or (i and not ASKS_OPENING.match(p)))
                      and not YES_NO.match(p) and not p.endswith("?") and not EXCLUDED_AFTER.search(p.lower())
                      and (len(p.split()) >= 5 or (
                          i and OWN_PLAN.match(p)))]
        # "nobody has picked up OPS-553 yet. which tickets are waiting for it?": a statement naming the issue a
        # later request points at says which issue it is, and nothing more
        pointing = [p for p in parts if p not in statements and not ISSUE_KEY_IN_QUESTION.search(p)
                    and SINGULAR.search(p.lower())]
        statements = [p for p in statements if not ISSUE_KEY_IN_QUESTION.search(p) or pointing]
        wants_list = any(WANTS_LIST.search(p) for p in parts[1:])
        wants_number = any(WANTS_NUMBER.search(p) for p in parts[1:])
        # (when no part asks, the first is the request: "Now the same for NVDA; I suspect that list is longer.")
        remarks = statements if len(statements) < len(parts) else statements[1:]
        carried = [k for p in remarks for k in self._keys(p)[0]][-1:]
        requests = [p for p in parts if p not in remarks]
        leading = [p for p in parts[:parts.index(requests[0])] if p in remarks] if requests else []
        parts = requests
        parts = [self._pointed(p, one_person(asked), one_person) if POINTS_AT_PERSON.search(p) else p
                 for p in _rejoined(parts)]
        # "when did the assignee change, and who did MOB-683 go to?": the one issue the question names is the one
        # an earlier part asks about without naming it
        part_keys = [self._keys(p)[0] for p in parts]
        keys_named = list(dict.fromkeys(k for keys in part_keys for k in keys))
        carried = carried or (keys_named if len(keys_named) == 1 and len(parts) > 1 else [])
        told_set = self._told_set(leading, parts, state)  # (a statement said after the request is no set)
        for part, keys in zip(parts, part_keys, strict=True):
            previous = calls[-1] if calls else None
            within = told_set if told_set is not None and not calls else state
            if previous is not None and previous.name in ("search", "count") and _narrowing(previous.slots) \
                    and (PLURAL.search(part.lower()) or RELATIVE.match(part) or ONLY_THE_ONES.search(part)
                         or HOW_MANY_MORE.match(part) or self._order_alone(part.lower())):
                # "how many OPS bugs are open and which of them are blocked?": "them" is the set the part before
                # selected, narrowed as a follow-up narrows the last answer's
                within = state.model_copy(update={"last_search": previous.slots, "last_intent": previous.name})
            lowered = part.lower()
            # "give me a rundown of OPS-501: who's driving it, and what's still open?": the issue's own work
            its_work = bool(previous is not None and previous.issue_keys and len(carried) == 1 and not keys
                            and refines_alone(lowered) and self._filters_present(lowered)
                            and not SINGULAR.search(lowered) and not RELATIVES.search(lowered))
            call = self._part(part.strip(), within, issue_in_view, carried)
            if its_work and call.name in ("search", "count") and not call.issue_keys \
                    and not (call.slots.parents or call.slots.descendants_of or call.slots.links):
                call.slots.parents.append(carried[0])
                call.jql = build_jql(call.slots, now=self.now().strftime(MINUTE))
            if previous is not None:
                call = _selection_carried(previous, call)
            if previous is not None and call.jql and {previous.name, call.name} <= {"search", "count"} and \
                    previous.issue_keys == call.issue_keys and (previous.jql == call.jql or _restates(call, previous)):
                # "what are the open bugs in OPS? who are they assigned to?", "how many …? list them": one answer,
                # in the order the later part asks for ("… ? sort them by priority")
                previous.name = "search" if "search" in (previous.name, call.name) else previous.name
                if call.slots.order_by and call.slots.order_by != previous.slots.order_by:
                    previous.slots.order_by = call.slots.order_by
                    previous.jql = build_jql(previous.slots, now=self.now().strftime(MINUTE))
                continue
            if previous is not None and within is state and call.jql and not call.issue_keys \
                    and not previous.issue_keys and {previous.name, call.name} <= {"search", "count"} \
                    and previous.jql != call.jql and _restates(previous, call):
                # "I want to know what's still moving in Core Platform; show me PROJ issues with fix version 2026.Q4
                # …": a part that does not point back, stating every condition of the one before and more, is the
                # request the first only led up to
                calls[-1] = call
                carried = call.issue_keys or keys or carried
                continue
            if (previous and previous.name == call.name == "metadata" and previous.issue_keys == call.issue_keys):
                # "When is MOB-3 due and what is its priority": one question about two fields.
                previous.slots.fields = list(dict.fromkeys(previous.slots.fields + call.slots.fields))
            else:
                calls.append(call)
            carried = call.issue_keys or keys or carried  # "for DECA-1 list …, and who raised it?"
        if len(calls) > 1 and {c.name for c in calls} == {"activity", "stats"} and all(
                c.name == "activity" or (c.slots.measure and c.slots.measure.statistic == "throughput") for c in calls):
            # "how many were created and resolved in OPS in October, and how many status changes": together the
            # parts ask for one activity report, over the conditions either names
            whole = self._part(stripped, state, issue_in_view, [])
            calls = [whole] if whole.name == "activity" else calls
        calls = _without_context_parts(self._without_repeats(calls, state))
        if wants_number and not wants_list:
            # "which bugs were closed last week? Just give me the number.": the list is asked as a count
            calls = [c.model_copy(update={"name": "count"}) if c.name == "search" else c for c in calls]
        if wants_list:
            # "how many bugs were filed in July? I'd like to see the list.": the count is asked as a list
            calls = [c.model_copy(update={"name": "search"}) if c.name == "count" else c for c in calls]
        # the story's names are not conditions, and the answer says so (unless the request used the same value:
        # "the monthly ops report - … in OPS …"); read once for all the calls (each word is matched to the vocabulary)
        # (a remark after the request, "Doesn't matter if they're open.", is named the same way)
        said = set(unicode_words(" ".join(parts).lower()).split())  # "Farid is out sick … assigned to Farid Nguyen"
        described = [r for r in remarks if told_set is None or r != leading[-1]]  # (the statement pointed at: used)
        told = [w for w in self.conditions.story_words(" ".join([story, *described])) if w not in said]
        for call in calls:
            if call.name != "clarify":
                used = set(re.findall(r'"([^"]*)"', (call.jql or "").lower()))
                call.slots.ignored += [w for w in told if w not in call.slots.ignored and w not in used]
        return ParsedQuery(text=text, intents=calls)

    def _told_set(self, remarks: list[str], parts: list[str], state: ConversationState) -> ConversationState | None:
        """"Colin suggested some new things and enhancements; which of those haven't been done yet?": a request that
        points back ("those", "like that") with no earlier list points at the issues the statement before it
        describes, read as a search when every word of it is read; None otherwise."""
        if state.last_search is not None or not remarks or not parts or not POINTS_BACK.search(parts[0].lower()):
            return None
        told = self._part(remarks[-1], state, None, [])
        if told.name != "search" or told.slots.ignored or not _narrowing(told.slots) or "text ~" in (told.jql or ""):
            return None
        return state.model_copy(update={"last_search": told.slots, "last_intent": "search"})

    def _without_contrast(self, request: str, restriction: str) -> str:
        """"…in progress? Not his to-do pile, just the active work.", "…closed as Won't Do? Just those, not the ones
        that got done.": beside a state the request names, a state the restriction sets against it only contrasts (it is
        implied, or would contradict the request), so the contrast goes; any other word of the restriction stays."""
        contrast = CONTRAST.search(restriction)
        if contrast is None or not KEEPS.search(restriction[:contrast.start()] + restriction[contrast.end():]):
            return restriction
        try:
            asked, set_against = (self.conditions.read(text, Slots()) for text in (request, contrast.group()))
        except Unknown:
            return restriction
        states = ("statuses", "status_categories", "resolutions")
        if not any(getattr(asked, name) for name in ("statuses", "resolutions")) or not any(
                getattr(set_against, name) or getattr(set_against.excluded, name) for name in states):
            return restriction
        return (restriction[:contrast.start()] + restriction[contrast.end():]).strip(" ,")

    def _fits_project(self, request: str, label: str) -> bool:
        """"I'm digging up old design discussions. Which IoC System issues …": a component the request names that
        the story's project does not have sets the request elsewhere."""
        key = next((t.value for t in self.lexicon.of("project") if t.label == label), label)
        named = {m.term.value for m in self.grounder.scan(unicode_words(request.lower()), {"component"})
                 if m.score == 1.0}
        return not named or bool(named & set(self.lexicon.components_in.get(key, [])))

    def _one_person(self, words: str) -> str | None:
        """The one person `words` (as `unicode_words` gives them) name, if they name exactly one."""
        named = {m.term.label for m in self.grounder.scan(words, {"person"}) if m.score == 1.0}
        return named.pop() if len(named) == 1 else None

    @staticmethod
    def _pointed(part: str, person: str | None, one_person: Callable[[str], str | None]) -> str:
        """"… in May 2021? Count everything he reported.": in a part naming nobody, the pronoun points at the one
        person the question names."""
        return with_person(part, person) if person and not one_person(part) else part

    def _without_repeats(self, calls: list[IntentCall], state: ConversationState) -> list[IntentCall]:
        """"Are any of those blocked? Show me those.": a part that only points back at the last set, beside a
        part that narrows it, is that narrowed set; listed alone it would show the wider one."""
        if state.last_search is None or len(calls) < 2:
            return calls
        earlier = build_jql(state.last_search, now=self.now().strftime(MINUTE))
        searches = [c for c in calls if c.name in ("search", "count")]
        repeats = [c for c in searches if c.jql == earlier]
        return [c for c in calls if c not in repeats] if repeats and len(repeats) < len(searches) else calls

    # --- one part ------------------------------------------------------------------------

    def _part(self, part: str, state: ConversationState, issue_in_view: str | None, carried: list[str]) -> IntentCall:
        if foreign_language(part):
            return clarify(ENGLISH_ONLY)
        typed = self.typed.find(part)
        if typed is not None:
            return self._typed(*typed, state, refines=bool(TYPED_FOLLOW_UP.search(part) or ADDED.match(part)))
        stranger = unknown_person(part, self.lexicon, self.known_words, ENGLISH)
        if stranger:
            return clarify(no_such(self.lexicon, "person", stranger))
        keys, unknown = self._keys(part)
        # Keys become a placeholder so that their project part is not read as a filter ("PROJ" in PROJ-12).
        lowered = " ".join(ISSUE_KEY_IN_QUESTION.sub(
            lambda m: f" {KEY_WORD} " if f"{m.group(1).upper()}-{m.group(2)}" in keys + unknown else m.group(0),
            part).lower().split())
        if unknown and not keys:
            return clarify(f"There is no project {unknown[0].split('-')[0]} in this Jira; "
                                 f"known projects are {', '.join(sorted(self.projects))}.")
        # A pronoun refers only when there is something to refer to: "list them" in a first question is filler.
        refers = ((SINGULAR.search(lowered) and (state.active_keys or issue_in_view or carried))
                  or (PLURAL.search(lowered) and (state.last_results or state.active_keys or carried))
                  or ORDINAL.search(lowered))
        # In the Jira sidebar a question without filters is about the open issue ("what is the priority?").
        in_sidebar = bool(issue_in_view) and not self._filters_present(lowered)
        # "ahead of the release readiness review", "… so I can read up on its history": why the asker asks, and what
        # they will do next, ask for nothing
        asked = SO_THAT.sub(_before_aside, PURPOSE.sub(_before_aside, lowered))
        team = read_team(asked, has_key=bool(keys or refers or in_sidebar))
        if team is not None and asked != lowered:  # the same question read whole: the reader names the aside itself
            whole = read_team(lowered, has_key=bool(keys or refers or in_sidebar))
            team = whole if whole is not None and whole.name == team.name else team
        if team is not None and team.name == "release" and self.blocker_level and BLOCKERS.search(lowered):
            team = None  # "the 5.0 blockers", where Blocker is a priority: the release's Blocker issues
        elif team is not None and team.name == "release" and not any(p.search(lowered) for p in RELEASE) \
                and self._filters_present(lowered, kinds=NOT_A_RELEASE, with_categories=False):
            team = None  # "Uploader, fixVersion 1.2": the component's issues in that release, not how it is going
        elif team is not None and team.name == "release" and WHICH_ITEMS.search(lowered) \
                and self._reads_a_state(lowered):
            team = None  # "which things planned for 2026.Q4 are not finished yet?": those issues, listed
        previous = state.last_search
        if team is not None and team.name in ("sprint", "release") and previous is not None \
                and state.last_intent in ("search", "count") and FOLLOW_UP.search(lowered) and not keys:
            team = None  # "same for web sprint 50" after a list of a sprint's bugs: that list again, another sprint
        if team is None and previous is not None and previous.measure is not None and FOLLOW_UP.search(lowered) \
                and not keys and not self._narrows_a_report(lowered, state):
            # "same for DATA": the last team question again (only team intents carry a measure)
            team = TeamAsk(cast(IntentName, state.last_intent), previous.measure, lowered)
        if team is None and not keys and not (previous and FOLLOW_UP.search(lowered)) \
                and self._person_in_window(lowered):
            team = TeamAsk("activity", Measure(), lowered)
        if team is not None:
            follow_up = FOLLOW_UP.search(lowered) is not None or (refines_alone(lowered) and not keys) or (
                # "which one is the oldest?": a ranking naming no issues ranks the ones just listed
                team.name == "ranking" and previous is not None and not keys and not ISSUE_NOUNS.search(lowered)
                and len(lowered.split()) <= 6)
            return self.team.call(team, keys, lowered, state, issue_in_view, follow_up, typed=part)
        name = self._classify(asked, bool(keys or refers or in_sidebar), state)
        if not keys and name in ("search", "count", "children", "linked") and SINGULAR.search(lowered) \
                and RELATIVES.search(lowered):
            # "how many of its children are done?": the children or links of the issue the conversation is on
            keys = self.resolve_keys(lowered, state, issue_in_view, carried)[:1]
            part = IT.sub(lambda m: keys[0] + ("'s" if m.group(0).lower() == "its" else ""), part) if keys else part
        if keys and name in ("search", "count", "children") and not self._many_issues(lowered) and (
                FIELD_OF_ISSUE.search(lowered) or len(self._fields(lowered, default=False)) > 1):
            name = "metadata"  # "for DECA-188, its priority and who reported it?": the issue's own fields
        if name in ("search", "count") or (name in ("linked", "children") and keys):
            filtered = self._filtered(name, part, lowered, keys, state)
            if filtered is not None and keys and ((filtered.name in ("search", "count") and not _uses_keys(filtered))
                                                  or filtered.slots.reason == WHICH_ISSUES):
                # "when is OPS-540, the alert routing story, due?", "show me epic DATA-565": a search that leaves out
                # the issue the question names would answer over other issues; the words around the key describe it
                name = self._issue_intent(lowered)
                if name == "linked" and RULES[1][1].search(lowered):  # "how many open risks on DATA-407": counted
                    counted = self._filtered(name, part, lowered, keys, state)
                    if counted is not None:
                        return counted
            elif filtered is not None:
                return filtered
        if name == "dependencies" and not keys and CYCLES.search(lowered):
            return self._cycles(part)
        if name in NEEDS_KEY and not keys:
            keys = self.resolve_keys(lowered, state, issue_in_view, carried)
            if not keys and self._filters_present(lowered):
                # "our release history for the Uploader…": no issue to read a history of, but conditions to search
                wanted: IntentName = "count" if RULES[1][1].search(lowered) else "search"
                searched = self._filtered(wanted, part, lowered, [], state)
                if searched is not None:
                    return searched
            if not keys:
                return clarify(which_issue(self.projects))
        return IntentCall(name=name, issue_keys=keys, slots=self._slots(name, lowered))

    def _changed(self, text: str, state: ConversationState) -> IntentCall | tuple[str, ConversationState]:
        """A follow-up that moves its person to the other role, or takes earlier conditions away: the last search
        so changed, or, when it says more ("forget the sprint and show the ones created last month"), what else it
        says and the last search without those conditions; the text (any "switch to" said as the value alone) and
        the state as they were when it does neither."""
        previous = cast(Slots, state.last_search)
        lowered = text.lower()
        people = previous.assignees + previous.reporters + re.findall(r'"([^"]*)"', previous.typed_jql or "")
        names = {w for p in people for w in unicode_words((self.people.get(p) or p).lower()).split()}
        slots = role_moved(lowered, previous, names)
        if slots is None:
            # "swap to Ana": Ana in place of the earlier one; "in that component": the earlier one kept
            rest, kinds = dropped(said_before(switched(text)), lambda value: self._value_kinds(value, previous))
            if not kinds:
                return rest, state
            slots = without(previous, kinds)
            if set(unicode_words(rest.lower()).split()) - ASKS_AGAIN:  # what else it says narrows what is left
                return f"of those {rest}", state.model_copy(update={"last_search": slots})
        counted = RULES[1][1].search(lowered) or (state.last_intent == "count" and not LISTING.search(lowered))
        slots.ignored = []
        return IntentCall(name="count" if counted else "search", slots=slots,
                          jql=build_jql(slots, now=self.now().strftime(MINUTE)))

    def _value_kinds(self, value: str, previous: Slots) -> set[Kind]:
        """The conditions a value said alone is on ("in progress": the status); a person, in the role the last search
        had them in ("never mind Carla": the Carla it named)."""
        said_words = set(unicode_words(value.lower()).split())
        named: list[tuple[Kind, list[str]]] = [("assignee", previous.assignees), ("reporter", previous.reporters)]
        roles = {role for role, people in named for p in people
                 if said_words <= set(unicode_words((self.people.get(p) or p).lower()).split())}
        if roles:
            return roles
        try:
            said = self.conditions.read(value, Slots())
        except Unknown:
            return set()
        kinds = kinds_in(said)
        if said.assignees and set(said.assignees) <= set(previous.reporters) - set(previous.assignees):
            kinds = (kinds - {"assignee"}) | {"reporter"}
        return kinds

    def _typed(self, prefix: str, jql: str, state: ConversationState, refines: bool = False) -> IntentCall:
        """JQL typed as JQL, with any words before it ("how many FLUID bugs where …") read as conditions;
        `refines`: said as a change to the last search ("and status = Blocked?")."""
        # one clause typed alone after a list changes it ("project = FLOE", "priority in (Highest, High)")
        said = prefix  # ("of those" before it: the rest of a follow-up that took a condition away)
        prefix = ADDED.sub("", re.sub(r"^\W*of those\b", "", prefix))  # "add priority = High": added to the last list
        if LEFT_OUT.fullmatch(prefix) and state.last_search is not None:  # "exclude issuetype = Bug": not those
            prefix, jql, refines = "", f"NOT ({jql})", True
        refines = refines or ORDER_ALONE.match(jql) is not None or (
            not COUNT_PREFIX.sub("", prefix).strip()
            and not ONE_CLAUSE_JOINED.search(re.sub(r'"[^"]*"|\([^()]*\)', "", jql)))
        follows = state.last_search is not None and (refines or bool(FOLLOW_UP.search(said.lower())))
        try:
            where, order, subtrees, read_as = self.typed.ground(jql)
            slots = self.conditions.read(prefix, Slots(), date_field=earlier_date_field(state.last_search)
                                         if follows else None) if prefix else Slots()
        except (JqlSyntaxError, Unknown) as exc:
            if isinstance(exc, JqlSyntaxError) and (cut := self.typed.english_tail(jql)):
                return self._typed(f"{prefix} {cut[1]}".strip(), cut[0], state, refines)  # "… and unresolved"
            worded = self._worded(f"{said} {jql}", state, follows)
            return worded or clarify(f"That reads as JQL, but it cannot run: {exc}")
        slots.typed_jql, slots.order_by = where or None, order or slots.order_by
        slots.assumed += read_as
        slots.descendants_of += subtrees
        if follows and state.last_search is not None:
            slots = narrowed(state.last_search, slots, said.lower(), self.lexicon.done_statuses())
        # "and project = DATA?" after a count is a count again
        counted = RULES[1][1].search(prefix.lower()) or (follows and state.last_intent == "count"
                                                         and not LISTING.search(prefix.lower()))
        name: IntentName = "count" if counted else "search"
        return IntentCall(name=name, slots=slots, jql=build_jql(slots, now=self.now().strftime(MINUTE)))

    def _worded(self, text: str, state: ConversationState, follows: bool) -> IntentCall | None:
        """"FLUID open, env ~ Firefox", "asg Ana, desc ~ keyboard": shorthand that borrows JQL's = and ~ but is no
        JQL, read as the words it is when every word is read; None when some word is not (the JQL error is then
        the clearer answer). `follows`: said as a change to the last search, as typed JQL would be."""
        if SHORTHAND_SYMBOLS.search(text) is None or re.search(r"[<>!()]|\b(?:AND|OR|NOT|EMPTY)\b", text) or (
                state.last_search is not None and not follows):
            return None  # (after a list, whether such shorthand narrows it or starts again is not said: asked)
        words = SHORTHAND_SYMBOLS.sub(" ", text)
        if self.typed.find(words) is not None:
            return None
        call = self._part(words, state, None, [])
        if call.name not in ("search", "count") or call.slots.ignored or "text ~" in (call.jql or ""):
            return None
        lowered = words.lower()
        if follows and state.last_search is not None and not (FOLLOW_UP.search(lowered) or refines_alone(lowered)):
            call.slots = narrowed(state.last_search, call.slots, lowered, self.lexicon.done_statuses())
            call.jql = build_jql(call.slots, now=self.now().strftime(MINUTE))
        return call

    def _filtered(self, name: IntentName, part: str, lowered: str, keys: list[str],
                  state: ConversationState) -> IntentCall | None:
        """A search or count from the question's conditions; a link or child question with conditions
        beyond what those answer becomes a search over the linked issues or children. None: a plain
        link or child question."""
        follows = state.last_search is not None and bool(FOLLOW_UP.search(lowered) or (refines_alone(lowered)
                                                                                     and not keys))
        if keys:
            part = _as_described(part)
        if keys and name == "linked":  # "OPS-553 blockers": the link, not the Blocker priority
            part = re.sub(r"\bblockers?\b(?! (?:priority|bugs?|issues?|tickets?)\b)", " ", part, flags=re.IGNORECASE)
        pronoun = pronoun_in_role(lowered)
        back = people_pointed_back(lowered, state.last_search or Slots()) if pronoun else []
        if pronoun and not any(m.score == 1.0 for m in self.grounder.scan(lowered, {"person"})) and (
                back or not ROLE_NOUN.search(lowered[:lowered.find(pronoun)])):
            # "assigned to her", "her open bugs": the person the last search named, in the role said now
            pointed = [self.people.get(p, p) for p in back]
            if len(pointed) != 1:
                return clarify(f"Which person do you mean: {' or '.join(pointed)}?" if pointed else
                               f"Who do you mean by '{pronoun}'? Please name the person.")
            part = with_person(part, pointed[0])
        moved = None
        if follows:
            part, moved = adjacent_window(with_month_window(part, state.last_search), state.last_search)
        try:  # a follow-up's time said alone is on the earlier search's one date field ("and next week?")
            slots = self.conditions.read(part, Slots(), people=name != "children",
                                         terse_text=name in ("search", "count"),
                                         date_field=earlier_date_field(state.last_search) if follows else None)
        except Unknown as exc:
            return clarify(str(exc))
        slots.dates += [moved] if moved else []
        if name == "children":
            narrowing = set(_narrowing(slots))
            if narrowing <= {"parents", "issue_types"} or (  # "the epics under INIT-3": the handler walks down to them
                    narrowing == {"descendants_of", "issue_types"} and not DEEP.search(lowered)):
                return IntentCall(name="children", issue_keys=keys, slots=Slots(issue_types=slots.issue_types))
            if not slots.descendants_of:  # "children of WEB-410 and WEB-496 in Blocked": of each issue named
                linked = {link.key for link in slots.links}
                slots.parents = list(dict.fromkeys(slots.parents + [k for k in keys if k not in linked]))
            name = "search"
        elif name == "linked":
            counted = RULES[1][1].search(lowered) is not None  # "how many open risks on DATA-407": a number
            link_type = self._link_type(lowered, transitive=False)
            # ("the risks linked to INIT-2": the type the link names is no condition; "which of the issues OPS-553
            # blocks are in progress": a state is, and the answer is a search over the linked issues)
            named = {"issue_types"} if all(t.lower() in (link_type or "") for t in slots.issue_types) else set()
            if set(_narrowing(slots)) <= {"links"} | named and not counted:
                said = [w for w in slots.ignored if w in LINK_NOUNS or (link_type and w[:6] in self.link_stems)]
                return IntentCall(name="linked", issue_keys=keys, slots=slots.model_copy(update={
                    "links": [], "link_type": link_type, "ignored": [w for w in slots.ignored if w not in said]}))
            # ("the child issues of MOB-655 that are blocked": its children in that state, not what blocks it)
            if not any(link.key for link in slots.links) and keys[0] not in slots.parents + slots.descendants_of:
                slots.links.append(LinkFilter(key=keys[0], link_type=link_type))
            name = "count" if counted else "search"
        if ASKS_FOR_PERSON.search(lowered):  # "who is working on …": the role is what the list shows, no condition
            slots.ignored = [w for w in slots.ignored if w not in ROLE_WORDS]
            if name == "search" and not (slots.assignees or slots.reporters):
                # "who is overwhelmed in DATA?": a list of issues does not name the person asked for, so the words
                # that said which person are named as not used rather than answered over silently
                slots.ignored += [w for w in self.conditions.unused if w not in slots.ignored and w not in ROLE_WORDS
                                  and w not in (slots.text or "").split()]
        # an order alone ("can you show the newest at the top") orders the list just given
        follows = follows or bool(slots.order_by and not _narrowing(slots) and not keys)
        if follows and state.last_search is not None:
            slots = narrowed(state.last_search, slots, lowered, self.lexicon.done_statuses())
        elif _narrowing(slots) == ["dates"] and len(self.conditions.uncued) == len(slots.dates):
            return clarify(WHICH_ISSUES)  # "what's the weather like today?": a time alone is no condition
        settled_by_state(self.lexicon, slots)
        jql = build_jql(slots, now=self.now().strftime(MINUTE))
        # no condition read, and none said to be: a list, or a count not said to be of everything ("how many?")
        if not jql and not slots.descendants_of and (
                (name == "search" and not re.search(r"\ball (the )?(issues|tickets)\b", lowered))
                or (name == "count" and not slots.ignored and not COUNT_OF_ALL.search(lowered))):
            return clarify(WHICH_ISSUES)
        return IntentCall(name=name, slots=slots, jql=jql)

    @staticmethod
    def _order_alone(lowered: str) -> bool:
        """"oldest first", "newest at the top": an order said of the issues just asked for."""
        return bool(ORDER.search(lowered) or POINTS_ORDER.search(lowered)) and not ISSUE_NOUNS.search(lowered) \
            and len(lowered.split()) <= SHORT_ORDER

    def _narrows_a_report(self, lowered: str, state: ConversationState) -> bool:
        """"exclude done", "unassigned only" after how a release or sprint goes: its issues, narrowed ("same for
        2026.Q3", "and DATA?" ask the report again, of another release or team)."""
        return state.last_intent in ("release", "sprint") and not re.search(r"\bsame\b", lowered) \
            and (self._filters_present(lowered) or self._reads_conditions(lowered)) \
            and not self._filters_present(lowered, kinds={"project", "version", "sprint"}, with_categories=False)

    def _person_in_window(self, lowered: str) -> bool:
        """"Ana Schmidt this week", "and Bruno yesterday?": a person and a time window and nothing else ask what
        that person did then, not for the issues assigned to them that were created then."""
        windows = find_windows(lowered, self.now(), self.lexicon.sprints)
        rest = lowered
        for start, end, _ in reversed(windows):
            rest = rest[:start] + " " + rest[end:]
        words = [w for w in unicode_words(rest).split() if w not in PERSON_WINDOW_FILLER]
        return bool(windows and words and any(
            m.score == 1.0 for m in self.grounder.find("person", " ".join(words))))

    def _keys(self, part: str) -> tuple[list[str], list[str]]:
        found, unknown = [], []
        for project, number in ISSUE_KEY_IN_QUESTION.findall(part):
            key = f"{project.upper()}-{number}"
            if project.upper() in self.projects:
                if key not in found:
                    found.append(key)
            elif project.isupper() and len(project) >= 2 and f"{project.lower()} {number}" not in self.option_codes:
                unknown.append(key)
        # Words such as "covid-19" or "sev-1" are not keys: typed in lower case, only keys whose project exists count
        return found, unknown

    def _classify(self, lowered: str, about_an_issue: bool, state: ConversationState) -> IntentName:
        lowered = self._corrected(lowered)
        if (not about_an_issue and KG_WORDS.search(lowered) and not JIRA_WORDS.search(lowered)
                and not self._filters_present(lowered)):
            return "kg_question"  # "how many papers has X published?" is about the knowledge graph
        # "are any of those blocked?" over the last set asks for the instance's Blocked status, not for links
        if state.last_search is not None and FOLLOW_UP.search(lowered) and KEY_WORD not in lowered:
            stateless = self._without_states(lowered)  # once, not once per rule
            # a link or child word names no intent without an issue to start from ("only the blockers")
            # nor, after an issue's links or children were listed, the same question again ("which of those
            # children are bugs?" narrows that list)
            relatives = about_an_issue and state.last_intent not in ("linked", "children")
            if not any(pattern.search(stateless) for name, pattern in RULES
                       if name != "count" and (relatives or name not in ("linked", "children"))):
                # "sort them by priority", "only bugs"; "and in FLOE?" after a count is a count again
                listing = LISTING.search(lowered) or re.search(r"\b(?:sort|order)\b", lowered)
                counted = RULES[1][1].search(lowered) or WANTS_NUMBER.search(lowered) or (
                    state.last_intent == "count" and not listing)  # ("just give me the number")
                return "count" if counted else "search"
        if state.last_search is not None and refines_alone(lowered) and pronoun_in_role(lowered):
            return "count" if state.last_intent == "count" else "search"  # "assigned to her": the last set, narrowed
        if state.last_search is not None and self._order_alone(lowered):
            return "search"  # "oldest first", "newest at the top": the last set, listed in that order
        if about_an_issue and POINTS.search(lowered):
            return "metadata"  # "how many story points is WEB-4?" asks a field, not a count
        for name, pattern in RULES:
            if pattern.search(lowered):
                if name in ("linked", "children") and not about_an_issue:
                    continue  # "open blocker bugs" is a search, not a link question
                return name
        if about_an_issue and any(m.score == 1.0 for m in self.grounder.scan(lowered, {"link"})):
            return "linked"  # the instance's own link verbs ("supersedes", "is risk for")
        if about_an_issue and not self._filters_present(lowered, kinds=SEARCH_KINDS - {"status"},
                                                        with_categories=False):
            return "metadata"  # "is it done?" asks for a status, not for a search
        # "engage chores James wrote up": a fact word beside values of the instance (a person aside) still searches
        if not JIRA_WORDS.search(lowered) and (state.last_intent == "kg_question" or (
                KG_WORDS.search(lowered)
                and (about_an_issue or not self._filters_present(lowered, kinds=SEARCH_KINDS - {"person"})))):
            return "kg_question"
        if self._filters_present(lowered) or SEARCH_WORDS.search(lowered):
            return "search"
        if about_an_issue:
            return "metadata"
        return "search" if self._reads_conditions(lowered) else "clarify"

    def _read_alone(self, lowered: str) -> Slots:
        """The conditions `lowered` reads on its own; none when it names a value the instance lacks."""
        try:
            return self.conditions.read(lowered, Slots())
        except Unknown:
            return Slots()

    def _reads_conditions(self, lowered: str) -> bool:
        """Conditions no value names ("safari cant reproduce": a resolution said in words), besides words to
        search for: a search, not a question to ask back."""
        return bool(set(_narrowing(self._read_alone(lowered))) - {"text"})

    def _reads_a_state(self, lowered: str) -> bool:
        """A state or an unresolved said ("are not finished yet", "blocked"), in any words the reader knows."""
        slots = self._read_alone(lowered)
        return bool(slots.statuses or slots.status_categories or slots.excluded.statuses
                    or slots.excluded.status_categories or "resolution" in slots.empty)

    def _cycles(self, part: str) -> IntentCall:
        """"tickets in MOB, DATA and OPS blocking each other in a loop?": the deadlocks reaching the projects named."""
        try:
            projects = self.conditions.read(part, Slots()).projects
        except Unknown as exc:
            return clarify(str(exc))
        slots = Slots(projects=projects, link_type=self.lexicon.link_said("is blocked by"))
        jql = build_jql(slots, now=self.now().strftime(MINUTE)) or None
        return IntentCall(name="dependencies", slots=slots, jql=jql)

    def _many_issues(self, lowered: str) -> bool:
        """Whether the question names issues in the plural ("features under INIT-1"), not one issue's fields."""
        return bool(MANY_ISSUES.search(lowered)) or not self.type_plurals.isdisjoint(lowered.split())

    def _issue_intent(self, lowered: str) -> IntentName:
        """What a question about one named issue asks of it: the first issue rule that fits, else its fields."""
        return next((name for name, pattern in RULES if name in ISSUE_INTENTS and pattern.search(lowered)), "metadata")

    def _without_states(self, lowered: str) -> str:
        """`lowered` without the instance's status names said as states: "are any of them blocked?" asks for
        a status, "what blocks them" or "blocked by PROJ-3" for links."""
        return self.states.sub(" ", lowered) if self.states else lowered

    def _corrected(self, lowered: str) -> str:
        """Fix misspelt intent words ("blokcs", "sumarize") so the rules can see them; the
        instance's own words ("supersedes") and the words the typo reader knows ("assigned" is no misspelt
        "assignee") are never "corrected"."""
        words = lowered.split()
        for n, word in enumerate(words):
            bare = word.strip("?.!,;:")
            if (len(bare) >= 5 and bare not in INTENT_WORDS and bare not in self.known_words
                    and not self.typos.knows(bare)):
                # Same first letter, as misspellings keep it: "story" must not become "history".
                close = [w for w in CLOSE_INTENT_WORDS.matches(bare, n=3, cutoff=0.8) if w[0] == bare[0]]
                if close:
                    words[n] = close[0]
        return " ".join(words)

    def _filters_present(self, lowered: str, kinds: set[str] = SEARCH_KINDS, with_categories: bool = True) -> bool:
        return bool(self.grounder.scan(lowered, kinds)
                    or (with_categories and any(p.search(lowered) for _, p in CATEGORIES))
                    or parse_window(lowered, self.now(), self.lexicon.sprints))

    def resolve_keys(self, lowered: str, state: ConversationState, issue_in_view: str | None,
                     carried: list[str]) -> list[str]:
        """The issues a question without keys refers to: an ordinal or pronoun over the conversation,
        the part before it, or the issue open in the sidebar."""
        ordinal = ORDINAL.search(lowered)
        # "The second one" counts in the last answer's list, else (no list, or one issue answered on its
        # own) in the order issues were mentioned: after "MOB-44?" then "OPS-77?", the first one is MOB-44.
        listed = state.last_results if len(state.last_results) > 1 else list(reversed(state.active_keys))
        if ordinal and listed:
            position = ORDINALS.get(ordinal.group(1) or "", 0) or int(ordinal.group(2) or 0)
            index = position - 1 if position > 0 else len(listed) + position
            if 0 <= index < len(listed):
                return [listed[index]]
        if PLURAL.search(lowered) and state.last_results:
            return list(state.last_results)
        if carried:
            return list(carried)
        if state.active_keys and (SINGULAR.search(lowered) or not issue_in_view):
            return state.active_keys[:1]
        if issue_in_view:
            return [issue_in_view.upper()]
        return []

    # --- slots -----------------------------------------------------------------------------

    def _slots(self, name: str, lowered: str) -> Slots:
        slots = Slots()
        if name in ("metadata", "changelog"):
            slots.fields = self._fields(lowered, default=name == "metadata")
        if name == "changelog":
            slots.window = parse_window(lowered, self.now(), self.lexicon.sprints)
        if name in ("linked", "dependencies"):
            slots.link_type = self._link_type(lowered, transitive=name == "dependencies")
        if name == "kg_question":
            slots.text = lowered
        return slots

    def _fields(self, lowered: str, default: bool) -> list[str]:
        fields = [field for pattern, field in FIELD_WORDS if pattern.search(lowered)]
        if self.points_field and POINTS.search(lowered):
            fields.append(self.points_field)
        for match in self.grounder.scan(lowered, {"field"}):
            if match.score == 1.0 and match.term.value.startswith("customfield_") and match.term.value not in fields:
                fields.append(match.term.value)
        if not fields and default:  # no field said ("what about OPS-5?", "by what day must it be finished?"): its card
            fields = ["issuetype", "status", "assignee", "reporter", "priority", "duedate", "fixVersions",
                      *(t.value for t in (self.lexicon.sprint_field(), self.lexicon.points_field()) if t),
                      "created", "updated"]
        return list(dict.fromkeys(fields))

    def _link_type(self, lowered: str, transitive: bool) -> str | None:
        said = self._link_said(lowered, transitive)
        return self.lexicon.link_said(said) if said else None

    def _link_said(self, lowered: str, transitive: bool) -> str | None:
        named = [m for m in self.grounder.scan(lowered, {"link"}) if m.score >= 0.9]
        if named and named[0].term.value not in ("blocks", "is blocked by"):
            # the instance's own verbs: "what does X depend on" is X's "depends on"; with the key after the verb
            # ("what depends on X", "superseded by X") it is the other side's, so X's inverse
            words, said = unicode_words(lowered).split(), named[0].term.value
            if words[named[0].end:named[0].end + 1] == [KEY_WORD]:
                return self.lexicon.inverse_links.get(said, said)
            return said
        if WAITED_FOR.search(lowered):  # "which tickets are waiting for it": the issues it blocks
            return "blocks"
        if re.search(rf"\b(?:{WAITS_ON}|{HOLDS_UP})\b", lowered):
            return "is blocked by"
        if re.search(r"\bsame (?:problem|issue|bug|thing) as\b", lowered):
            return "duplicates"
        if re.search(rf"\bblocked by (it|this|that|{KEY_WORD})\b|\bdoes .+ block\b|"
                     rf"\b{KEY_WORD} (?:is )?block(?:s|ing)\b|\bdepends on (it|this|that|{KEY_WORD})\b"
                     r"|\bwhat depends on\b", lowered):
            return "blocks"
        if re.search(r"\bblock|\bdepend|\bdeadlock|\bcritical path|\bchain|\bcycle", lowered):
            return "is blocked by"
        if re.search(rf"\bduplicates of\b|\bduplicated by\b|\bduplicates? (of )?(it|this|that|{KEY_WORD})", lowered):
            return "is duplicated by"
        if re.search(r"\bduplicat", lowered):
            return "duplicates"
        if re.search(r"\b(?:risks?|threats?)\b", lowered):
            return next((t.value for t in self.lexicon.of("link") if t.value.startswith("has risk")), None)
        if re.search(r"\brelate", lowered):
            return "relates to"
        matches = self.grounder.scan(lowered, {"link"})
        return matches[0].term.value if matches else ("is blocked by" if transitive else None)


def _uses_keys(call: IntentCall) -> bool:
    """Whether a search selects through an issue the question names: its children, subtree or links."""
    slots = call.slots
    return bool(slots.parents or slots.descendants_of or any(link.key for link in slots.links)
                or (slots.typed_jql and ISSUE_KEY_IN_QUESTION.search(slots.typed_jql)))


def _as_described(part: str) -> str:
    """A question naming an issue, without what it says of that issue: its state ("until OPS-553 is finished", "WEB-74
    has been sitting in progress"), when it is due ("MOB-655 is due next week and …"), and "stuck" before the
    waiting it describes (not the Blocked status)."""
    part = re.sub(r"\bstuck (?=waiting\b)", "", part)
    part = SITTING_OF_NAMED.sub(lambda m: m.group("named"), STATE_OF_NAMED.sub(lambda m: m.group("lead") + m.group(
        "named"), part))
    return DUE_OF_NAMED.sub(lambda m: m.group("named"), part)


def _narrowing(slots: Slots) -> list[str]:
    """The names of the slots that narrow a set of issues."""
    return [name for name in ("projects", "issue_types", "statuses", "status_categories", "priorities", "assignees",
                              "reporters", "components", "labels", "fix_versions", "affected_versions", "sprints",
                              "resolutions", "options", "empty", "filled", "dates", "overdue", "sprint_state", "links",
                              "parents", "text", "was_statuses", "history", "version_state", "numbers",
                              "descendants_of", "typed_jql")
            if getattr(slots, name)] + (["excluded"] if not slots.excluded.is_empty() else [])


AGGREGATES = frozenset({"breakdown", "ranking", "stats", "workload", "risk"})


def _selection_carried(previous: IntentCall, call: IntentCall) -> IntentCall:
    """"who is handling the open k8s work, and how much each?": an aggregate that selects nothing of its own
    aggregates the issues the part before it selected."""
    if (call.name not in AGGREGATES or call.slots.measure is None or _narrowing(call.slots) or call.issue_keys
            or previous.name not in ("search", "count", *AGGREGATES) or not _narrowing(previous.slots)):
        return call
    slots = previous.slots.model_copy(update={
        "measure": call.slots.measure, "ignored": list(dict.fromkeys(previous.slots.ignored + call.slots.ignored))})
    return call.model_copy(update={"slots": slots, "jql": previous.jql})


def _without_context_parts(calls: list[IntentCall]) -> list[IntentCall]:
    """Sentences around a request ("Just the number is fine.", "Can you pull those up?") are not requests of
    their own: beside a real one, a part that could only ask back, or that found nothing but stray words, goes."""
    def context(call: IntentCall) -> bool:
        generic = call.name == "clarify" and (call.slots.reason is None or call.slots.reason.startswith(
            (WHICH_ISSUE, WHICH_ISSUES)))
        empty = (call.name in ("search", "count") and not set(_narrowing(call.slots)) - {"text"}
                 and not call.slots.typed_jql)
        return generic or empty

    real = [c for c in calls if not context(c)]
    calls = real if real and len(real) < len(calls) else calls
    # "what's left and what's blocking DATA 2026.Q4": done and open are what a progress report gives
    if any(c.name in ("release", "sprint") for c in calls):
        calls = [c for c in calls if not (c.name in ("search", "count") and not c.slots.typed_jql
                                          and set(_narrowing(c.slots)) <= PROGRESS_SLOTS)] or calls
    return calls


def _restates(call: IntentCall, earlier: IntentCall) -> bool:
    """"How many issues did Justin file in May? Count everything he reported, any status.": a later part asking of
    no issues beyond the earlier's (each condition it states, the earlier states too) only says it again."""
    if call.slots.typed_jql:
        return False
    slots, before = call.slots, earlier.slots
    return bool(_narrowing(slots)) and slots.excluded.is_empty() and all(
        all(value in getattr(before, name) for value in getattr(slots, name))
        if isinstance(getattr(slots, name), list) else getattr(slots, name) == getattr(before, name)
        for name in _narrowing(slots))


PROGRESS_SLOTS = {"statuses", "status_categories", "empty", "resolutions"}


# Control characters other than tab and line breaks, and lone surrogates (undecodable bytes as Python keeps them).
NOT_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def input_problem(text: str) -> str | None:
    """Why a text cannot be a question at all, or None."""
    stripped = text.strip()
    if not stripped:
        return "The question is empty; ask about an issue, for example 'What blocks PROJ-12?'."
    if len(stripped) > MAX_CHARS:
        return f"The question is longer than {MAX_CHARS} characters; ask one thing at a time."
    if not re.search(r"[A-Za-z0-9]", stripped):
        return "There are no words in the question to understand."
    if NOT_TEXT.search(stripped):
        return "The question holds characters that are not text (a control character or a byte that is not UTF-8)."
    return None


def _before_aside(match: re.Match[str]) -> str:
    """The words before an aside; an occasion said without a determiner or owner ("waiting for somebody to
    review") is no aside."""
    if match.re is PURPOSE and not (match.group("said") or match.group("owner")):
        return match.group(0)
    return match.group(0)[:match.start("aside") - match.start()]


def _with_restrictions_joined(parts: list[str], without_contrast: Callable[[str, str], str]) -> list[str]:
    """"Can you list the OPS bugs? Only the unassigned ones, though.", "bugs Ana filed and which are still open": a
    part that only narrows what the one before asked for is a condition of that request, never a statement to
    leave out nor a request of its own. `without_contrast`: the restriction without a contrast that only restates."""
    joined: list[str] = []
    for part in parts:
        relative = bool(joined) and RELATIVE.match(part) and not joined[-1].rstrip().endswith("?")
        # ("…; the Won't Do ones can be left out" restricts too)
        restricts = (RESTRICTS.match(part) and not REQUEST.search(re.sub(r"\bplease\b", "", part, flags=re.I))) or (
            EXCLUDED_AFTER.search(part.lower()) and not ASKS_OPENING.match(part.lower()))
        # "Which of Quinn's tickets are open? Oldest at the top.": an order said alone sorts that request's list
        # ("how many are open? list them newest first" asks for the list itself: a part of its own)
        ordered = ORDER.search(part.lower()) and len(part.split()) <= SHORT_ORDER and not ISSUE_NOUNS.search(
            part.lower()) and not re.search(r"\b(?:them|those|these|list)\b", part, re.IGNORECASE)
        if joined and (relative or restricts or ordered):  # after a "?", "which are …" asks of that set: narrowed later
            joined[-1] = f"{joined[-1].rstrip(' ?.!')}, {without_contrast(joined[-1], part) if restricts else part}"
        else:
            joined.append(part)
    return joined


def _rejoined(parts: list[str]) -> list[str]:
    """Parts split at a question mark made one again when the second points back at what the first named and
    only together they ask a team question ("pull up WEB Sprint 50? how much of it got done")."""
    joined: list[str] = []
    for part in parts:
        if (joined and not ISSUE_KEY_IN_QUESTION.search(joined[-1] + " " + part)
                and reads_together(joined[-1].lower(), part.lower())):
            joined[-1] = f"{joined[-1].rstrip()}? {part}"
        else:
            joined.append(part)
    return joined
