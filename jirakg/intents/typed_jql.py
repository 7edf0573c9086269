"""JQL typed as JQL runs as JQL: checked by the shared JQL syntax, its values grounded in the instance
(a display name becomes the account Jira knows, "bug" becomes "Bug", startOfMonth() the month the parser's own
now is in), and a natural-language prefix ("FLUID bugs where text ~ keyboard") read as conditions too. Periods
("-30d") and now() stay as typed: Jira counts them from its own now, wherever the user is."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from difflib import get_close_matches

from jirakg.intents.conditions import FUZZY_VALUE, Unknown, no_such
from jirakg.intents.grounding import Grounder
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.timewindows import shift
from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.render import render
from jirakg.jql.syntax import (
    And,
    Clause,
    Empty,
    Function,
    HistoryClause,
    Not,
    Operand,
    Or,
    Query,
    Value,
    ValueList,
    parse,
)

# Field name (lower case) → the lexicon kind its values are grounded in.
GROUNDED = {"project": "project", "issuetype": "type", "type": "type", "status": "status", "priority": "priority",
            "assignee": "person", "reporter": "person", "creator": "person", "component": "component",
            "fixversion": "version", "affectedversion": "version", "resolution": "resolution", "labels": "label",
            "sprint": "sprint"}
SYSTEM_FIELDS = set(GROUNDED) | {"statuscategory", "created", "createddate", "updated", "updateddate", "resolved",
                                 "resolutiondate", "due", "duedate", "text", "summary", "description", "comment",
                                 "environment", "key", "issuekey", "id", "issue", "parent", "issuelinktype",
                                 "watcher", "watchers", "votes", "lastviewed", "labels", "attachments", "level"}
TEXT_FIELDS = {"text", "summary", "description", "comment", "environment"}
DATE_FIELDS = {"created", "createddate", "updated", "updateddate", "resolved", "resolutiondate", "due", "duedate"}
CATEGORY_NAMES = {"to do": "new", "todo": "new", "new": "new", "in progress": "indeterminate",
                  "indeterminate": "indeterminate", "done": "done", "complete": "done"}
OPERATOR = (r"(?:!=|!~|<=|>=|=|~|<|>|\bnot\s+in\b|\bin\s*(?:\(|[a-z]\w*\()|\bis\s+(?:not\s+)?(?:empty|null)\b|"
            r"\bwas\b|\bchanged\b)")
# history operators typed in capitals are JQL ("status CHANGED TO Blocked"); "status changed to blocked" is English
STRONG_JQL = re.compile(r"[=~<>]|\b(?:AND|OR|ORDER BY)\b|\bis\s+(?:not\s+)?(?:empty|null)\b|\bin\s*\(|\w\(|"
                        r"(?-i:\b(?:CHANGED|WAS|FROM|AFTER|BEFORE|DURING)\b)|"
                        r"\bduring\s*\(\s*[\"']?\d{4}|"  # a history period typed as JQL
                        # "status changed to Blocked after -14d", 'assignee changed from Ana after "2026-09-01"'
                        r"\b(?:after|before|on|by)\s+(?:-\d+[dwhmy]\b|[\"']\d{4}[-/]\d\d[-/]\d\d)",
                        re.IGNORECASE)
# Words that lead into the JQL and select nothing: "how many issues match …", "count issues matching the query …"
QUERY = r"(?:(?:the|this|my|a) )?(?:query|jql|filter|search|conditions?|criteria)"
PREFIX_GLUE = re.compile(rf"\b(?:(?:that |which )?(?:match(?:es|ing)?|satisf(?:y|ies|ying)|meet(?:s|ing)?|"
                         rf"fit(?:s|ting)?)(?: {QUERY})?|(?:(?:for|with|using|from|by|run|running) )?{QUERY}|"
                         rf"(?:(?:that |which )?(?:are |is )?returned by)|"
                         rf"where|with|having|and|whose|that have|which have|such that|for)\s*:?\s*$|[:,]\s*$", re.I)
# The request verb before it ("search for …", "please execute: …"): how it is asked ("search" is no component)
PREFIX_REQUEST = re.compile(r"^\W*(?:please |pls |can you |could you |would you )?(?:search(?: for)?|find|look up|"
                            r"look for|execute|run|query(?: for)?)\b", re.I)
# Words after it that ask what it returns: "what does project = OPS return?", "can you run … for me?"
SUFFIX_GLUE = re.compile(r"(?:\s+(?:returns?|give|gives|bring back|brings back|yields?|for me|please|thanks|"
                         r"thank you))+\s*$", re.I)
QUOTES = "\"'`"
# a value of several words typed unquoted: "status = In Progress and …", "assignee in (Ana Patel, Sam Li)"
QUOTED_KINDS = {**GROUNDED, "statuscategory": "category", "issuelinktype": "link"}
VALUED = "|".join(sorted(QUOTED_KINDS, key=len, reverse=True))
UNQUOTED_VALUE = re.compile(rf"(?P<head>\b(?P<field>{VALUED})\s*(?:!=|=|\bwas not\b|\bwas\b)\s*)"
                            r"(?P<value>[\w.'-]+(?:\s+(?!(?:and|or|order|not|before|after|during|on|by|from|to|changed|"
                            r"asc|desc|is|in|was)\b)[\w.'-]+){1,3})", re.IGNORECASE)
UNQUOTED_LIST = re.compile(rf"(?P<head>\b(?P<field>{VALUED})\s*(?:not\s+)?in\s*)\((?P<items>[^()\"]*\s[^()\"]*)\)",
                           re.IGNORECASE)
# English joining two typed clauses: "sprint = X where statusCategory != Done", "project = DATA with component is
# empty"; read as AND when a clause follows
# ("issuetype = Epic in project = WEB": "in" before a whole clause, not JQL's "in (…)")
# (", " too: "SP >= 8, status = Open")
ENGLISH_JOIN = re.compile(r"\s*,\s*|\s+(?:and )?(?:where|with|having|whose|that have|which have|that are|which are|in|"
                          r"for|from|on)\s+",
                          re.IGNORECASE)
# "created in 2018": that year; ", order by created": the comma is English
YEAR_IN = re.compile(r"\b(created|createddate|updated|updateddate|resolved|resolutiondate|due|duedate)\s+in\s+"
                     r"((?:19|20)\d\d)\b", re.IGNORECASE)
COMMA_ORDER = re.compile(r"\s*,\s*(?=order\s+by\b)", re.IGNORECASE)
# "not updated > 14d", "updated > 14d ago": an age said in JQL's signs, older than 14 days (as JQL, a moment 14 days
# ahead: nothing); "updated > 14d" alone is JQL and runs as typed
AGE_TYPED = re.compile(r"\b(?:not|no)\s+(?P<field>updated|created|resolved)\s*>\s*(?P<n>\d+[dwmy])\b|"
                       r"\b(?P<field2>updated|created|resolved)\s*>\s*(?P<n2>\d+[dwmy])\s+ago\b", re.IGNORECASE)
SORT_BY = re.compile(r"\bsort(?:ed)?\s+by\b", re.IGNORECASE)  # "…, sort by SP desc": JQL's ORDER BY
# 'desc ~ screen reader': words searched for, typed unquoted, are one phrase up to the next clause or keyword
TEXT_UNQUOTED = re.compile(r"(?P<head>\b(?:summary|description|environment|comment|text)\s*!?~\s*)"
                           r"(?P<value>[\w.'-]+(?:\s+(?!(?:and|or|order|not|instead|please|only|too|thanks)\b)"
                           r"(?![\w.'-]+\s*(?:!?[=~<>]|in\b|is\b))[\w.'-]+)+)", re.IGNORECASE)
DESC_FIELD = re.compile(r"\bdesc(?=\s*(?:!?~|!?=))", re.IGNORECASE)  # 'desc ~ "screen reader"': the description
# "DATA issues in openSprints()": the sprint field left unsaid
SPRINTS_SAID = re.compile(r"\b(?:issues|tickets|items|work|stuff|things)\s+in\s+(?=(?:open|closed|future)Sprints\s*\()",
                          re.IGNORECASE)
# "resolution is unresolved": Jira wants EMPTY; the meaning is plain
IS_UNRESOLVED = re.compile(r"\bresolution\s+is\s+(?P<not>not\s+)?unresolved\b", re.IGNORECASE)
# what may stand right before a clause: a joining word, an opening bracket or comma, an operator ("ORDER BY created")
JOINED_ALREADY = re.compile(r"(?:\b(?:and|or|not|by|order|in|is|was|changed|to|from|on|after|before|during)|[(,=<>~!])"
                            r"\s*$", re.IGNORECASE)
OPENS_CLAUSE = re.compile(r"(?:(?<![\w-])NOT\s*)?(?:\(\s*)*$", re.IGNORECASE)
POINTS_NAMES = ("story points", "story point", "points", "storypoints")
EPIC_NAMES = ("epic", "epic link", "epiclink")


ORDER_ALONE = re.compile(r"^\W*order by \w+(?: (?:asc|desc))?(?:\s*,\s*\w+(?: (?:asc|desc))?)*\W*$", re.IGNORECASE)


class TypedJql:
    def __init__(self, lexicon: Lexicon, grounder: Grounder, now: Callable[[], datetime]) -> None:
        self.lexicon = lexicon
        self.grounder = grounder
        self.now = now
        own = SYSTEM_FIELDS | {alias for t in lexicon.of("field") for alias in t.aliases}
        # "story points >= 8": the points field by the name people give it, whatever the instance calls it
        points = lexicon.points_field()
        self.said_as = dict.fromkeys((n for n in POINTS_NAMES if n not in own), points.label) if points else {}
        # "epic = WEB-410", "Epic Link" = …: the older names of what Jira now calls the parent
        self.said_as |= dict.fromkeys((n for n in EPIC_NAMES if n not in own), "parent")
        self.fields = own | set(self.said_as)
        names = "|".join(sorted((re.escape(f) for f in self.fields), key=len, reverse=True))
        self.clause_start = re.compile(rf"(?<![\w-])(?:(?P<name>{names})|cf\[\d+\]|\"[^\"]+\")\s*{OPERATOR}",
                                       re.IGNORECASE)
        self.unknown_start = re.compile(rf"(?<![\w-])([a-z][\w]*)\s*{OPERATOR}", re.IGNORECASE)

    def find(self, text: str) -> tuple[str, str] | None:
        """(the natural-language prefix, the JQL) when the text holds JQL, else None."""
        text = SPRINTS_SAID.sub("sprint in ", text)
        if ORDER_ALONE.match(text):  # "ORDER BY priority DESC" after a list: that list, in that order
            return "", text.strip().rstrip("?.!")
        match = self.clause_start.search(text) or self._unknown_field(text)
        if match is None or not STRONG_JQL.search(text[match.start():]):
            return None  # "a resolution was recorded" is English; JQL has symbols, AND/OR or EMPTY
        # "(status = Blocked OR …) AND …", "NOT (status = Done)": what opens the first clause is JQL too
        opening = OPENS_CLAUSE.search(text[:match.start()])
        start = opening.start() if opening and opening.group(0).strip() else match.start()
        before, jql = text[:start].rstrip(), SUFFIX_GLUE.sub("", text[start:].strip().rstrip("?.!"))
        jql = jql.rstrip().rstrip("?.!").rstrip()
        name = match.groupdict().get("name")
        if name and " " in name:  # "story points >= 8": a field's name of two words, quoted as JQL needs
            jql = f'"{name}"{jql[len(name):]}'
        if before[-1:] and before[-1] in QUOTES and jql.endswith(before[-1]):  # quoted: "`project = OPS`"
            before, jql = before[:-1], jql[:-1]
        return PREFIX_REQUEST.sub("", PREFIX_GLUE.sub("", before).strip()).strip(), self._joined(jql)

    def _joined(self, jql: str) -> str:
        """English a person types between clauses, as JQL: "where" before a clause is AND."""
        jql = IS_UNRESOLVED.sub(lambda m: "resolution is " + ("not " if m.group("not") else "") + "EMPTY", jql)
        jql = TEXT_UNQUOTED.sub(lambda m: f'{m.group("head")}"{m.group("value")}"', DESC_FIELD.sub("description", jql))
        for name in (n for n in self.said_as if " " in n):  # "ORDER BY story points": quoted, as JQL needs
            jql = re.sub(rf'(?<!")\b{re.escape(name)}\b(?!")', f'"{name}"', jql, flags=re.IGNORECASE)
        jql = COMMA_ORDER.sub(" ", SORT_BY.sub("ORDER BY", jql))
        jql = YEAR_IN.sub(lambda m: f'{m.group(1)} >= "{m.group(2)}-01-01" AND {m.group(1)} < '
                                    f'"{int(m.group(2)) + 1}-01-01"', jql)
        def joined(part: str) -> str:
            return ENGLISH_JOIN.sub(lambda m: " AND " if self.clause_start.match(part, m.end()) else m.group(0), part)

        # never inside a quoted value
        return self._and_added("".join(part if part.startswith('"') else joined(part)
                                       for part in re.split(r'("[^"]*")', jql)))

    def _and_added(self, jql: str) -> str:
        """"labels = customer-reported created >= startOfYear()": a clause typed right after another's value, the
        AND left out."""
        quoted = [(m.start(), m.end()) for m in re.finditer(r'"[^"]*"', jql)]
        parts, last = [], 0
        for match in self.clause_start.finditer(jql):
            before = jql[last:match.start()]
            if match.start() and not any(a <= match.start() < b for a, b in quoted) and before.strip() \
                    and not JOINED_ALREADY.search(jql[:match.start()]):
                parts.append(before.rstrip() + " AND ")
                last = match.start()
        return "".join(parts) + jql[last:]

    @staticmethod
    def english_tail(jql: str) -> tuple[str, str] | None:
        """JQL that cannot run as typed but would without English words after it ("labels = tech-debt and
        unresolved", "sprint in openSprints() labeled tech-debt"): (the JQL, the words), for the words to be read as
        conditions; None when no such cut runs."""
        for cut in (m.start() for m in reversed(list(re.finditer(r"\s+", jql)))):
            head, tail = jql[:cut].rstrip(), jql[cut:].strip()
            head = re.sub(r"\s+(?:and|or)$", "", head, flags=re.IGNORECASE)
            if re.search(r"[=~<>!()\"]", tail):
                return None  # JQL after the cut: the error is in the JQL, said as it is
            try:
                parse(head)
            except JqlSyntaxError:
                continue
            return head, tail
        return None

    def _unknown_field(self, text: str) -> re.Match | None:
        """`foo = bar` with symbols: JQL with a field this Jira does not have (named in the error)."""
        match = self.unknown_start.search(text)
        return match if match and re.search(r"[=~<>!(]", match.group(0)) else None

    def ground(self, jql: str) -> tuple[str, str | None, list[str], list[str]]:
        """The typed JQL's condition and ORDER BY, values grounded, the issues whose whole subtree it asks for
        (portfolioChildIssuesOf, which the issue graph answers), and a line for each misspelt value read as the
        instance's; raises JqlSyntaxError or Unknown."""
        aged = [(m.group(0), m.group("field") or m.group("field2"), m.group("n") or m.group("n2"))
                for m in AGE_TYPED.finditer(jql)]
        for said, field, period in aged:
            jql = jql.replace(said, f"{field} < -{period}")
        query = parse(self._names_quoted(jql))
        self._descendants: list[str] = []
        self._read_as: list[str] = [f"I read '{' '.join(said.split())}' as last {field} more than {period} ago."
                                    for said, field, period in aged]
        node = self._node(query.where) if query.where is not None else None
        where = render(Query(where=node)) if node is not None else ""
        # ("ORDER BY story points": the instance's points field, as in a clause)
        keys = tuple(replace(k, field=self.said_as.get(k.field.lower(), k.field)) for k in query.order_by)
        order = render(Query(where=None, order_by=keys)).removeprefix("ORDER BY ")
        return where, order or None, self._descendants, self._read_as

    def _names_quoted(self, jql: str) -> str:
        """"status = In Progress", "assignee = Justin Obara", "component in (Offline Sync, Payments)": a value of
        several words typed unquoted, as people type it, quoted as JQL needs (Jira would reject it; the value is
        plainly meant): the longest run of words naming one of the field's values, or a person's two words."""
        def quoted(field: str, said: str) -> str:
            words = said.split()
            kind = QUOTED_KINDS[field]
            size = next((size for size in range(len(words), 1, -1) if self._names(kind, " ".join(words[:size]))),
                        2 if kind == "person" and len(words) > 1 else 0)  # two words unquoted are no JQL
            return " ".join([f'"{" ".join(words[:size])}"', *words[size:]]) if size else said

        def one(match: re.Match[str]) -> str:
            return match.group("head") + quoted(match.group("field").lower(), match.group("value"))

        def listed(match: re.Match[str]) -> str:
            field = match.group("field").lower()
            items = ", ".join(quoted(field, item.strip()) for item in match.group("items").split(","))
            return f"{match.group('head')}({items})"

        # only outside double-quoted strings: `summary ~ "status = In Progress"` is text
        return "".join(part if part.startswith('"') else UNQUOTED_VALUE.sub(one, UNQUOTED_LIST.sub(listed, part))
                       for part in re.split(r'("[^"]*")', jql))

    def _names(self, kind: str, said: str) -> bool:
        if kind == "category":
            return said.lower() in CATEGORY_NAMES
        return any(m.score == 1.0 for m in self.grounder.find(kind, said))

    def _node(self, node: object) -> object:
        if isinstance(node, And):
            parts = tuple(part for part in (self._node(p) for p in node.parts) if part is not None)
            return (And(parts) if len(parts) > 1 else parts[0]) if parts else None
        if isinstance(node, Or):
            return Or(tuple(self._node(part) for part in node.parts))
        if isinstance(node, Clause) and _subtree_of(node):
            self._descendants.append(_subtree_of(node) or "")
            return None  # resolved through the issue graph before the query runs
        if isinstance(node, Not):
            return Not(self._node(node.part))
        if isinstance(node, (Clause, HistoryClause)):
            return self._clause(node)
        return node

    def _clause(self, clause: Clause | HistoryClause) -> Clause | HistoryClause:
        field = clause.field.lower()
        if field not in self.fields and not re.fullmatch(r"cf\[\d+\]", field):
            close = get_close_matches(field, sorted(self.fields), n=3, cutoff=0.6)
            # one field a letter or two away ("asignee"): that one, said with the answer; several: asked
            meant = get_close_matches(field, sorted(self.fields), n=2, cutoff=0.85)
            if len(meant) != 1 or " " in meant[0]:
                raise Unknown(f"This Jira has no field '{clause.field}'"
                              + (f"; did you mean {', '.join(close)}?" if close else "."))
            self._read_as.append(f"I read '{clause.field}' as the {meant[0]} field.")
            clause, field = replace(clause, field=meant[0]), meant[0]
        if field in self.said_as:
            self._read_as.append(f"I read '{clause.field}' as the {self.said_as[field]} field.")
            clause = replace(clause, field=self.said_as[field])
        if isinstance(clause, HistoryClause):
            return clause
        if clause.operator in ("~", "!~") and field not in TEXT_FIELDS:
            raise Unknown(f"The operator '{clause.operator}' is not supported by the '{clause.field}' field; "
                          "it searches text fields (summary, description, comment, text).")
        if field == "resolution" and _is_value(clause.operand, "unresolved"):
            return Clause(clause.field, "is" if clause.operator == "=" else "is not", Empty())
        return Clause(clause.field, clause.operator, self._operand(field, clause.operand))

    def _operand(self, field: str, operand: Operand) -> Operand:
        if isinstance(operand, ValueList):
            return ValueList(tuple(self._operand(field, item) for item in operand.items))
        if isinstance(operand, Function) and field in DATE_FIELDS:
            moment = self._date_function(operand)
            return Value(moment) if moment else operand
        if isinstance(operand, Value) and field in DATE_FIELDS and re.fullmatch(r"(?:19|20)\d\d", operand.text):
            return Value(f"{operand.text}-01-01")  # "created < 2012": the year's first day
        if not isinstance(operand, Value):
            return operand
        if field == "statuscategory":
            return Value(CATEGORY_NAMES.get(operand.text.lower(), operand.text))
        kind = GROUNDED.get(field)
        return Value(self._grounded(kind, operand.text)) if kind else operand

    def _grounded(self, kind: str, value: str) -> str:
        """The instance's value: a misspelling ("In Reveiw") as the condition reader corrects one, said with the
        answer, when its numbers agree ("2029.Q3" is no 2025.Q3); a priority exactly."""
        digits = re.findall(r"\d+", value)
        matches = [m for m in self.grounder.find(kind, value) if m.score >= 0.9 or (
            kind != "priority" and m.score >= FUZZY_VALUE and re.findall(r"\d+", m.term.label) == digits)]
        if kind == "priority":  # typed JQL names a level exactly: "Critical" is no synonym of Highest there
            matches = [m for m in matches if get_close_matches(value.lower(), [m.term.label.lower()], cutoff=0.8)]
        if kind == "project" and value.upper() in self.lexicon.project_keys:
            return value.upper()
        if kind == "project" and (named := next((t.value for t in self.lexicon.of("project")
                                                 if t.label.lower() == value.lower()), None)):
            return named  # "Coding to Learn and Create": a name longer than the grounder's phrases
        if kind == "sprint" and value in {t.value for t in self.lexicon.of("sprint")}:
            return value  # "sprint = 272": a sprint by its id, as Jira takes it
        tied = len(matches) > 1 and matches[1].score == matches[0].score < 1.0 and matches[1].term != matches[0].term
        if matches and not tied:  # two as close: asked which
            if matches[0].score < 1.0:
                self._read_as.append(f"I read '{value}' as {matches[0].term.label}.")
            return matches[0].term.value
        if kind == "label":
            raise Unknown(f"No issue carries the label '{value}' in this Jira.")
        raise Unknown(no_such(self.lexicon, kind, value))

    def _date_function(self, function: Function) -> str | None:
        """startOfDay/Week/Month/Year() and endOf…() as dates, counted from the parser's now: a calendar
        boundary, which Jira reads in the user's zone as it would the function."""
        name = function.name.lower()
        now = self.now()
        day = now.replace(hour=0, minute=0, second=0, microsecond=0)
        starts = {"day": day, "week": day - timedelta(days=day.weekday()), "month": day.replace(day=1),
                  "year": day.replace(month=1, day=1)}
        edge, _, unit = name.partition("of")
        offset = function.args[0] if len(function.args) == 1 and re.fullmatch(r"[-+]?\d+", function.args[0]) else None
        if (function.args and offset is None) or unit not in starts or edge not in ("start", "end"):
            return None
        start = shift(starts[unit], int(offset or 0), unit)
        if edge == "start":
            return _jql_moment(start)
        return _jql_moment(shift(start, 1, unit) - timedelta(minutes=1))


def _subtree_of(clause: Clause) -> str | None:
    """The key in `issue in portfolioChildIssuesOf(KEY)` (or childIssuesOf), else None."""
    operand = clause.operand
    if (clause.field.lower() in ("issue", "key", "issuekey") and clause.operator == "in"
            and isinstance(operand, Function)
            and operand.name.lower() in ("portfoliochildissuesof", "childissuesof") and len(operand.args) == 1):
        return operand.args[0].upper()
    return None


def _is_value(operand: Operand, text: str) -> bool:
    return isinstance(operand, Value) and operand.text.lower() == text


def _jql_moment(moment: datetime) -> str:
    return moment.strftime("%Y/%m/%d %H:%M")


__all__ = ["JqlSyntaxError", "TypedJql"]
