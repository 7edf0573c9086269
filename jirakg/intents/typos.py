"""Words typed fast: two letters swapped ("waht", "teh", "hihg") or one left out ("stil", "priorty") in a word
the parser knows. Corrected before a question is read, so that they neither become words to search for nor
hide a condition; a word the instance or the question scaffolding knows is never changed."""

from __future__ import annotations

import re
from collections.abc import Iterable

from jirakg.intents.conditions import FIELD_WORDS, FILLER, SCAFFOLD
from jirakg.intents.timewindows import MONTHS

# Question words typed most often; not every English word ("form" is no misspelt "from").
QUESTION_WORDS = frozenset("""the what which many about those these them they only just show still open with
priority status assigned unassigned reported resolved unresolved created updated please ones tickets issues
current unfinished overdue blocked stories sprint outstanding release releases version versions fixed estimated
comment comments component components deadline changed touched closed raised opened discussion mentioned
mention mentions mentioning regression regressions description summary title duplicate duplicates reproduce""".split())
# English words the reader knows though no question word: never taken for a misspelling ("till" is no "still")
ENGLISH = (FILLER | SCAFFOLD | FIELD_WORDS | QUESTION_WORDS | set(MONTHS)
           | {"till", "til", "form", "lets", "ship", "shipped",  # "Unresolved Infusion issues" names nobody
              "charge", "charges", "charged"})  # "double charges in the title" asks about no changes
WORD = re.compile(r"(?<![\w-])[A-Za-z][a-z]+(?![\w-])")  # not in keys or acronyms ("OPS-541", "SLA")
QUOTED = re.compile(r'"[^"]+"|(?<!\w)\'[^\']+\'(?!\w)')
# Chat shorthand, written out so that it is read as the words it stands for, never searched for as text
SHORTHAND = {"lst": "last", "wk": "week", "wks": "weeks", "mnth": "month", "mth": "month", "mnths": "months",
             "yr": "year", "yrs": "years", "yday": "yesterday", "yest": "yesterday", "tmrw": "tomorrow",
             "tmr": "tomorrow", "tmrrw": "tomorrow", "prio": "priority", "prios": "priorities", "plz": "please",
             "thx": "thanks", "ty": "thanks", "u": "you", "ur": "your", "r": "are", "abt": "about",
             "proj": "project", "ppl": "people", "btw": "", "fyi": "", "tbh": "", "imo": "", "pls": "please",
             "w": "with", "tix": "tickets", "tkts": "tickets", "crit": "critical",
             "sept": "september", "opn": "open", "upd": "updated", "comp": "component", "comps": "components",
             "repro": "reproduce", "smth": "something", "sth": "something", "mo": "month", "rel": "release",
             "feat": "feature", "feats": "features", "req": "request", "reqs": "requests",
             "supercedes": "supersedes", "superceded": "superseded", "supercede": "supersede", "dup'd": "duplicated",
             "duped": "duplicated", "dup": "duplicate", "dups": "duplicates", "excl": "excluding", "n": "and",
             "tht": "that", "wek": "week", "thru": "through", "cust": "customer", "rn": "right now", "wat": "what",
             "wut": "what", "fixver": "fix version", "fixvers": "fix versions", "ver": "version", "vers": "versions",
             "sp": "story points", "dupes": "duplicates", "res": "resolution", "affects-ver": "affects version",
             "env": "environment", "unres": "unresolved",
             "lbl": "label", "lbls": "labels", "chg": "changed",
             "chgd": "changed"}  # "reopened w patch in comments", "n ana?"
SHORT = re.compile(r"(?<![\w/-])(?:w/o|w/|b/c)(?![\w/])|(?<![\w-])(?:" + "|".join(SHORTHAND) + r")(?![\w-])|"
                   r"(?<=[a-z]-)prios?\b|(?<![\w-])cust(?=-[a-z])",  # "Highest-prio", "cust-reported"
                   re.IGNORECASE)
SLASHED = {"w/o": "without", "w/": "with", "b/c": "because"}
ARROW = re.compile(r"\s*-+>\s*")
STATUS_CAT = re.compile(r"\bstatus cat\b", re.IGNORECASE)
# a role written short: "rep by Colin" is reported by, "rep Colin, asg Ana" names the fields
ROLE_SHORT = re.compile(r"(?<![\w-])(?P<role>rep|asg|asgn)(?P<by> by| to)?(?![\w-])", re.IGNORECASE)
ROLES_SPELT = {"rep": ("reporter", "reported by"), "asg": ("assignee", "assigned to"),
               "asgn": ("assignee", "assigned to")}
# "desc" is the description only beside an emptiness ("empty desc", "no desc"): elsewhere it sorts ("updated desc")
EMPTY_DESC = re.compile(r"\b(?P<empty>(?:no|empty|blank|missing|without) )desc\b|\bdesc(?= (?:empty|blank|missing)\b)",
                        re.IGNORECASE)
# A weekday written short, only where a day is expected ("since Mon", "by fri"; "sat on it" is no Saturday)
WEEKDAY_SHORT = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
                 "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"}
# A month written short, only before a day or a year ("mar 15", "oct 2012"; "Jan" alone may be a person)
MONTH_SHORT = {"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
               "aug": "august", "sep": "september", "oct": "october", "nov": "november", "dec": "december"}
SHORT_MONTH = re.compile(rf"\b(?P<month>{'|'.join(MONTH_SHORT)})\.?(?= \d{{1,4}}\b)", re.IGNORECASE)
SHORT_WEEKDAY = re.compile(r"\b(?P<before>(?:since|by|on|last|next|this|until|till|before|after|from) (?:this |last )?)"
                           rf"(?P<day>{'|'.join(WEEKDAY_SHORT)})\b\.?", re.IGNORECASE)


class Typos:
    def __init__(self, known: Iterable[str]) -> None:
        self.known = {w for w in known if w.isalpha() and len(w) > 1} | QUESTION_WORDS  # ("carla m": no word "m")
        self._by_letters: dict[str, set[str]] = {}
        self._by_dropped: dict[str, set[str]] = {}  # "stil": {"still"}
        for word in self.known:
            self._by_letters.setdefault("".join(sorted(word)), set()).add(word)
        # a letter left out only of question words: a value's own misspelling is the grounder's to judge
        for word in QUESTION_WORDS:
            if len(word) >= 5:
                for n in range(len(word)):
                    self._by_dropped.setdefault(word[:n] + word[n + 1:], set()).add(word)

    def corrected(self, text: str) -> str:
        """`text` with slips and shorthand spelt out; quoted words are searched for as typed."""
        parts = QUOTED.split(text)
        quotes = QUOTED.findall(text)
        return "".join(self._corrected(part) + (quotes[i] if i < len(quotes) else "") for i, part in enumerate(parts))

    def _corrected(self, text: str) -> str:
        text = SHORT_WEEKDAY.sub(lambda m: m.group("before") + WEEKDAY_SHORT[m.group("day").lower()], text)
        text = SHORT_MONTH.sub(lambda m: MONTH_SHORT[m.group("month").lower()], text)
        text = EMPTY_DESC.sub(lambda m: f"{m.group('empty') or ''}description", text)
        text = ROLE_SHORT.sub(self._role_spelt_out, text)
        text = ARROW.sub(" to ", STATUS_CAT.sub("status category", text))  # "status chg -> Blocked", "status cat"
        return WORD.sub(lambda m: self._word(m.group()), SHORT.sub(self._spelt_out, text))

    def _spelt_out(self, match: re.Match) -> str:
        typed = match.group().lower()
        if typed in SLASHED:
            return SLASHED[typed] + " "
        return match.group() if typed in self.known else SHORTHAND[typed]  # a name is kept as typed ("TY")

    def _role_spelt_out(self, match: re.Match) -> str:
        short = match.group("role").lower()
        return match.group() if short in self.known else ROLES_SPELT[short][bool(match.group("by"))]

    def knows(self, word: str) -> bool:
        """`word` (lower case) is a word the reader knows as it is: never a misspelling of another."""
        return word in self.known or word in ENGLISH

    def _word(self, typed: str) -> str:
        word = typed.lower()
        if len(word) < 3 or self.knows(word):
            return typed
        candidates = {t for t in self._by_letters.get("".join(sorted(word)), ()) if _swapped(word, t)
                      and (len(word) > 3 or t in QUESTION_WORDS)}  # "end" is no misspelt "Ned": short words vary
        if len(word) >= 4:  # "resolve" is no "resolved" typed short: another form of the word, not a slip
            candidates |= {t for t in self._by_dropped.get(word, set()) if t[:-1] != word or t[-1] not in "des"}
        return candidates.pop() if len(candidates) == 1 else typed


def _swapped(typed: str, word: str) -> bool:
    """`typed` is `word` with two neighbouring letters swapped."""
    diff = [n for n, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and typed[diff[0]] == word[diff[1]]

