"""Evaluate parsed JQL against an `IssueIndex`: bitsets from postings, ranges and text terms."""

from __future__ import annotations

import calendar
from bisect import bisect_left
from collections import OrderedDict
from datetime import UTC, datetime, tzinfo

from jirakg.devjira.jql.dates import date_function, parse_date
from jirakg.devjira.jql.index import (
    FieldIndex,
    IssueIndex,
    key_parts,
    number_text,
)
from jirakg.devjira.jql.text import contains_phrase, parse_terms, wildcard_regex, words
from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.keys import ISSUE_KEY_IN_JQL
from jirakg.jql.syntax import (
    And,
    Clause,
    Empty,
    Function,
    HistoryClause,
    Not,
    Or,
    Query,
    Value,
    ValueList,
    parse,
)

DAY_MS = 86_400_000
FOREVER = 1 << 62
Interval = tuple[str | None, int, int, str | None]  # a value a field held, from ms, to ms, who set it
KEY_FIELDS = {"key", "issuekey", "id", "issue"}
OPERATORS_BY_KIND = {
    "enum": {"=", "!=", "in", "not in", "is", "is not"},
    "user": {"=", "!=", "in", "not in", "is", "is not"},
    "label": {"=", "!=", "in", "not in", "is", "is not"},
    "version": {"=", "!=", "in", "not in", "is", "is not"},
    "sprint": {"=", "!=", "in", "not in", "is", "is not"},
    "parent": {"=", "!=", "in", "not in", "is", "is not"},
    "linktype": {"=", "!=", "in", "not in", "is", "is not"},
    "datetime": {"=", "!=", "<", ">", "<=", ">=", "in", "not in", "is", "is not"},
    "date": {"=", "!=", "<", ">", "<=", ">=", "in", "not in", "is", "is not"},
    "number": {"=", "!=", "<", ">", "<=", ">=", "in", "not in", "is", "is not"},
    "text": {"~", "!~", "is", "is not"},
}
HISTORY_CAPABLE = {"status": "status", "assignee": "assignee", "reporter": "reporter", "priority": "priority",
                   "resolution": "resolution", "fixVersions": "fixVersion"}
SPRINT_FUNCTIONS = {"opensprints": "active", "closedsprints": "closed", "futuresprints": "future"}
VERSION_FUNCTIONS = {"releasedversions", "unreleasedversions", "latestreleasedversion", "earliestunreleasedversion"}
KNOWN_FUNCTIONS = ({"linkedissues", "currentuser", "now"} | set(SPRINT_FUNCTIONS) | VERSION_FUNCTIONS
                   | {f"{edge}of{unit}" for edge in ("start", "end") for unit in ("day", "week", "month", "year")})


class JqlEngine:
    """Answers JQL over one `IssueIndex`; results are positions in key order unless sorted."""

    def __init__(self, index: IssueIndex, cache_size: int = 64) -> None:
        self.index = index
        self._cache: OrderedDict[tuple, list[int]] = OrderedDict()
        self._cache_size = cache_size
        self._intervals: dict[str, dict[int, list[Interval]]] = {}
        self.users = self._user_aliases()

    def search(self, jql: str, now_ms: int, current_user: str | None = None, zone: tzinfo = UTC) -> list[int]:
        """Positions of matching issues; dates are read in `zone`, the searching user's time zone."""
        key = (jql, current_user, now_ms // 60_000, str(zone))
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        query = parse(jql)
        run = _Run(self, now_ms, current_user, zone)
        mask = self.index.all if query.where is None else run.evaluate(query.where)
        result = run.order(self.index.positions(mask), query)
        self._cache[key] = result
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return result

    def _user_aliases(self) -> dict[str, set[str]]:
        aliases: dict[str, set[str]] = {}
        for index in self.index.fields.values():
            if index.kind == "user":
                for alias, canonicals in index.aliases.items():
                    aliases.setdefault(alias, set()).update(canonicals)
        for changes in (self.index.changes.get("assignee", {}), self.index.changes.get("reporter", {})):
            for position_changes in changes.values():
                for change in position_changes:
                    for value in (change.from_value, change.to_value):
                        if value:
                            aliases.setdefault(value, {value})
        return aliases

    def intervals(self, history_field: str) -> dict[int, list[Interval]]:
        """Per issue, (value, from ms, to ms, who set it) for every value the field has held."""
        cached = self._intervals.get(history_field)
        if cached is None:
            field_id = next(f for f, h in HISTORY_CAPABLE.items() if h == history_field)
            cached = self._intervals[history_field] = {
                position: _intervals_of(self, history_field, field_id, position) for position in range(self.index.size)}
        return cached


def _intervals_of(engine: JqlEngine, history_field: str, field_id: str, position: int) -> list[Interval]:
    index = engine.index
    current = _current_values(index, field_id, position)
    changes = index.changes.get(history_field, {}).get(position, [])
    created = index.created_ms[position]
    if history_field == "fixVersion":
        present = set(current)
        for change in reversed(changes):
            present.discard(change.to_value)
            if change.from_value:
                present.add(change.from_value)
        open_since: dict[str | None, tuple[int, str | None]] = dict.fromkeys(present, (created, None))
        spans: list[Interval] = []
        for change in changes:
            if change.from_value in open_since:
                start, author = open_since.pop(change.from_value)
                spans.append((change.from_value, start, change.at_ms, author))
            if change.to_value:
                open_since[change.to_value] = (change.at_ms, change.author)
        spans += [(value, start, FOREVER, author) for value, (start, author) in open_since.items()]
        if not spans:
            spans.append((None, created, FOREVER, None))
        return spans
    if not changes:
        return [(current[0] if current else None, created, FOREVER, None)]
    spans = [(changes[0].from_value, created, changes[0].at_ms, None)]
    for change, following in zip(changes, [*changes[1:], None], strict=True):
        spans.append((change.to_value, change.at_ms, following.at_ms if following else FOREVER, change.author))
    return spans


def _current_values(index: IssueIndex, field_id: str, position: int) -> list[str]:
    fields = index.issues[position].get("fields", {})
    value = fields.get(field_id)
    if not value:
        return []
    if field_id in ("assignee", "reporter"):
        return [(value.get("accountId") or value.get("key") or value.get("name") or "").lower()]
    if isinstance(value, list):
        return [item["name"].lower() for item in value]
    return [value["name"].lower()]


class _Run:
    """One evaluation: the clock and the user are fixed for the whole query."""

    def __init__(self, engine: JqlEngine, now_ms: int, current_user: str | None, zone: tzinfo) -> None:
        self.engine = engine
        self.index = engine.index
        self.now_ms = now_ms
        self.zone = zone
        self.current_user = current_user.lower() if current_user else None

    # --- boolean structure ---------------------------------------------------------------

    def evaluate(self, node) -> int:
        if isinstance(node, And):
            mask = self.index.all
            for part in node.parts:
                mask &= self.evaluate(part)
                if not mask:
                    break
            return mask
        if isinstance(node, Or):
            mask = 0
            for part in node.parts:
                mask |= self.evaluate(part)
            return mask
        if isinstance(node, Not):
            return self.index.all & ~self.evaluate(node.part)
        if isinstance(node, HistoryClause):
            return self.history(node)
        return self.clause(node)

    def field(self, name: str) -> FieldIndex:
        field_id = self.index.clause_names.get(name.lower())
        if field_id is None:
            raise JqlSyntaxError(f"Field '{name}' does not exist or you do not have permission to view it.")
        return self.index.fields[field_id]

    # --- clauses -------------------------------------------------------------------------

    def clause(self, clause: Clause) -> int:
        if clause.field.lower() in KEY_FIELDS:
            return self.key_clause(clause)
        field = self.field(clause.field)
        operator = clause.operator
        ordered = field.field_id == "priority" and operator in ("<", ">", "<=", ">=")
        if operator not in OPERATORS_BY_KIND[field.kind] and not ordered:
            raise JqlSyntaxError(f"The operator '{operator.upper()}' is not supported by the '{clause.field}' field.")
        if isinstance(clause.operand, Empty) or operator in ("is", "is not"):
            if not isinstance(clause.operand, Empty):
                raise JqlSyntaxError(f"The operator '{operator.upper()}' only supports 'EMPTY' or 'NULL'.")
            present = self.present(field)
            return present if operator in ("!=", "is not") else self.index.all & ~present
        if field.kind == "text":
            return self.text(field, clause)
        if operator in ("<", ">", "<=", ">="):
            return self.compare(field, clause)
        if isinstance(clause.operand, ValueList) and operator in ("=", "!="):
            raise JqlSyntaxError(f"The operator '{operator}' does not support a list of values; use IN or NOT IN.")
        matched, wants_empty = self.match(field, clause.operand)
        if operator in ("=", "in"):
            return matched | (self.index.all & ~self.present(field) if wants_empty else 0)
        # != and NOT IN never match issues where the field is empty, as in Jira.
        return self.present(field) & ~matched

    def present(self, field: FieldIndex) -> int:
        return self.index.present_mask(field.field_id)

    def items(self, operand) -> tuple:
        return operand.items if isinstance(operand, ValueList) else (operand,)

    def match(self, field: FieldIndex, operand) -> tuple[int, bool]:
        """Issues whose field equals any operand value; and whether EMPTY was among them."""
        positions: list[int] = []
        mask = 0
        wants_empty = False
        for item in self.items(operand):
            if isinstance(item, Empty):
                wants_empty = True
                continue
            if field.kind in ("datetime", "date"):
                moment = self.moment(field, item)
                width = 60_000 if field.kind == "datetime" else 1
                mask |= self.index.range_mask(field.field_id, moment, moment + width, True, False)
                continue
            for canonical in self.canonical(field, item):
                if canonical is None:
                    wants_empty = True
                else:
                    positions.extend(field.postings.get(canonical, ()))
        return mask | self.index.mask(positions), wants_empty

    def canonical(self, field: FieldIndex, item) -> set[str | None]:
        """The stored values an operand item stands for; unknown values are Jira's errors."""
        if isinstance(item, Function):
            return self.function_values(field, item)
        text = item.text
        lowered = text.lower()
        if field.kind == "number":
            try:
                return {number_text(float(text))}
            except ValueError as exc:
                raise JqlSyntaxError(f"Value '{text}' is invalid for the '{field.name}' field.") from exc
        if field.field_id == "resolution" and lowered == "unresolved" and "unresolved" not in field.aliases:
            return {None}
        if field.kind == "parent":
            return {self.issue_key(text, field.name)}
        aliases = self.engine.users if field.kind == "user" else field.aliases
        found = aliases.get(lowered)
        if found:
            return set(found)
        if not field.validated:
            return {lowered}
        raise JqlSyntaxError(f"The value '{text}' does not exist for the field '{field.name}'.")

    def function_values(self, field: FieldIndex, function: Function) -> set[str | None]:
        name = function.name.lower()
        if name not in KNOWN_FUNCTIONS:
            raise JqlSyntaxError(f"Unable to find JQL function '{function.name}()'.")
        if name == "currentuser" and field.kind == "user":
            return {self.current_user} if self.current_user else set()
        if name in SPRINT_FUNCTIONS and field.kind == "sprint":
            state = SPRINT_FUNCTIONS[name]
            return {sid for sid, sprint in self.index.sprints.items() if sprint.get("state") == state}
        if name in VERSION_FUNCTIONS and field.kind == "version":
            return self.version_function(name, function.args)
        raise JqlSyntaxError(f"The function '{function.name}' is not supported by the '{field.name}' field.")

    def version_function(self, name: str, args: tuple[str, ...]) -> set[str | None]:
        project = args[0].lower() if args else None
        if project is not None:
            known = self.index.fields["project"].aliases.get(project)
            if not known:
                raise JqlSyntaxError(f"The value '{args[0]}' does not exist for the field 'project'.")
            project = next(iter(known))
        versions = []
        for version_name, seen in self.index.versions.items():
            for version in seen:
                if project is None or version["project"] == project:
                    versions.append((version.get("releaseDate") or "9999", version_name, bool(version.get("released"))))
                    break
        released = sorted(v for v in versions if v[2])
        unreleased = sorted(v for v in versions if not v[2])
        chosen = {"releasedversions": released, "unreleasedversions": unreleased,
                  "latestreleasedversion": released[-1:], "earliestunreleasedversion": unreleased[:1]}[name]
        return {version_name for _, version_name, _ in chosen}

    def issue_key(self, text: str, field_name: str) -> str:
        position = self.position_of(text, field_name)
        return self.index.issues[position]["key"].lower()

    def position_of(self, text: str, field_name: str) -> int:
        stripped = text.strip()
        if stripped.isdigit():
            position = self.index.positions_by_id.get(stripped)
            if position is None:
                raise JqlSyntaxError(f"An issue with id '{stripped}' does not exist for field '{field_name}'.")
            return position
        if not ISSUE_KEY_IN_JQL.match(stripped):
            raise JqlSyntaxError(f"The issue key '{text}' for field '{field_name}' is invalid.")
        position = self.index.positions_by_key.get(stripped.lower())
        if position is None:
            raise JqlSyntaxError(f"An issue with key '{stripped.upper()}' does not exist for field '{field_name}'.")
        return position

    def key_clause(self, clause: Clause) -> int:
        operator = clause.operator
        if operator in ("~", "!~"):
            raise JqlSyntaxError(f"The operator '{operator}' is not supported by the '{clause.field}' field.")
        if isinstance(clause.operand, Empty):
            return 0 if operator in ("=", "is", "in") else self.index.all
        if operator in ("<", ">", "<=", ">="):
            if not isinstance(clause.operand, Value):
                raise JqlSyntaxError(f"The operator '{operator}' needs a single issue key for field '{clause.field}'.")
            position = self.position_of(clause.operand.text, clause.field)
            project, number = key_parts(self.index.issues[position]["key"])
            compare = {"<": number.__gt__, ">": number.__lt__, "<=": number.__ge__, ">=": number.__le__}[operator]
            return self.index.mask(p for p in self.index.project_positions[project]
                                   if compare(key_parts(self.index.issues[p]["key"])[1]))
        positions: list[int] = []
        for item in self.items(clause.operand):
            if isinstance(item, Function):
                positions.extend(self.linked_issues(item))
            elif isinstance(item, Value):
                positions.append(self.position_of(item.text, clause.field))
        mask = self.index.mask(positions)
        return mask if operator in ("=", "in") else self.index.all & ~mask

    def linked_issues(self, function: Function) -> list[int]:
        if function.name.lower() != "linkedissues":
            if function.name.lower() in KNOWN_FUNCTIONS:
                raise JqlSyntaxError(f"The function '{function.name}' is not supported by the 'issuekey' field.")
            raise JqlSyntaxError(f"Unable to find JQL function '{function.name}()'.")
        if not 1 <= len(function.args) <= 2:
            raise JqlSyntaxError("Function 'linkedIssues' expects an issue key and optionally a link type, "
                           "as in linkedIssues(PROJ-1, \"blocks\").")
        source = self.position_of(function.args[0], "issuekey")
        wanted = function.args[1].lower() if len(function.args) == 2 else None
        # The argument is a link description ("is blocked by"); a bare type name means both directions.
        by_description = wanted in self.index.link_descriptions
        if wanted is not None and not by_description and wanted not in self.index.link_type_names:
            raise JqlSyntaxError(f"Issue link type '{function.args[1]}' does not exist.")
        found = []
        for other, kind, description in self.index.links.get(source, ()):
            if wanted is None or wanted == (description if by_description else kind):
                position = self.index.positions_by_key.get(other)
                if position is not None:
                    found.append(position)
        return found

    # --- comparisons, dates and text -----------------------------------------------------

    def moment(self, field: FieldIndex, item) -> int:
        if isinstance(item, Function):
            if item.name.lower() not in KNOWN_FUNCTIONS:
                raise JqlSyntaxError(f"Unable to find JQL function '{item.name}()'.")
            moment = date_function(item.name, item.args, self.now_ms, self.zone)
            if moment is None:
                raise JqlSyntaxError(f"The function '{item.name}' is not supported by the '{field.name}' field.")
            return moment
        if isinstance(item, Empty):
            raise JqlSyntaxError(f"The operator does not support 'EMPTY' for the '{field.name}' field here.")
        moment = parse_date(item.text, self.now_ms, field.name, self.zone)
        if field.kind == "date":  # dates compare by the day the user means, stored as that day's UTC midnight
            day = datetime.fromtimestamp(moment / 1000, self.zone).date()
            moment = calendar.timegm(day.timetuple()) * 1000
        return moment

    def compare(self, field: FieldIndex, clause: Clause) -> int:
        operator, operand = clause.operator, clause.operand
        if isinstance(operand, ValueList):
            raise JqlSyntaxError(f"The operator '{operator}' does not support a list of values.")
        if field.field_id == "priority":
            targets = self.canonical(field, operand)
            ranks = self.index.priority_rank
            target = min(ranks.get(t, 99) for t in targets if t)
            # A higher priority has a lower rank.
            test = {">": target.__gt__, "<": target.__lt__, ">=": target.__ge__, "<=": target.__le__}[operator]
            return self.index.mask(p for name, postings in field.postings.items()
                                   if test(ranks.get(name, 99)) for p in postings)
        if field.kind == "number":
            value = float("nan")
            if isinstance(operand, Value):
                try:
                    value = float(operand.text)
                except ValueError as exc:
                    raise JqlSyntaxError(f"Value '{operand.text}' is invalid for the '{field.name}' field.") from exc
        elif field.kind in ("datetime", "date"):
            value = self.moment(field, operand)
        else:
            raise JqlSyntaxError(f"The operator '{operator}' is not supported by the '{clause.field}' field.")
        if operator in (">", ">="):
            return self.index.range_mask(field.field_id, value, None, low_inclusive=operator == ">=")
        return self.index.range_mask(field.field_id, None, value, high_inclusive=operator == "<=")

    def text(self, field: FieldIndex, clause: Clause) -> int:
        operand = clause.operand
        if not isinstance(operand, Value):
            raise JqlSyntaxError(f"The operator '{clause.operator}' needs a text value for the '{clause.field}' field.")
        terms = parse_terms(operand.text)
        postings = self.index.text_postings.get(field.field_id, {})
        mask = self.present(field)
        included = False
        for term in terms:
            term_mask = self.term_mask(field, postings, term)
            if term.excluded:
                mask &= ~term_mask
            else:
                mask &= term_mask
                included = True
        if not included:
            mask = 0  # only stop words or exclusions: Jira finds nothing
        return mask if clause.operator == "~" else self.index.all & ~mask

    def term_mask(self, field: FieldIndex, postings: dict, term) -> int:
        if term.kind == "word":
            return self.index.mask(postings.get(term.stems[0], ()))
        if term.kind == "wildcard":
            vocabulary = self.index.text_vocabulary.get(field.field_id, [])
            core = term.pattern
            if core.endswith("*") and "*" not in core[:-1] and "?" not in core:
                prefix = core[:-1]
                start = bisect_left(vocabulary, prefix)
                matched = []
                for word in vocabulary[start:]:
                    if not word.startswith(prefix):
                        break
                    matched.extend(postings[word])
                return self.index.mask(matched)
            regex = wildcard_regex(core)
            return self.index.mask(p for word in vocabulary if regex.match(word) for p in postings[word])
        candidates = self.index.all
        for stemmed in term.stems:
            if stemmed in postings:
                candidates &= self.index.mask(postings[stemmed])
        hits = [p for p in self.index.positions(candidates & self.present(field))
                if contains_phrase(words(self.field_text(field.field_id, p)), term.stems)]
        return self.index.mask(hits)

    def field_text(self, field_id: str, position: int) -> str:
        fields = self.index.issues[position].get("fields", {})
        comments = " ".join(c.get("body") or "" for c in (fields.get("comment") or {}).get("comments") or [])
        if field_id == "comment":
            return comments
        if field_id == "text":
            parts = [fields.get(n) for n in ("summary", "description", "environment")]
            return " ".join(p for p in parts if isinstance(p, str)) + " " + comments
        value = fields.get(field_id)
        return value if isinstance(value, str) else ""

    # --- history -------------------------------------------------------------------------

    def history(self, clause: HistoryClause) -> int:
        field = self.field(clause.field)
        history_field = HISTORY_CAPABLE.get(field.field_id)
        if history_field is None:
            raise JqlSyntaxError(f"History searches do not support the '{clause.field}' field.")
        predicates = [(name, self.predicate(field, name, operand)) for name, operand in clause.predicates]
        intervals = self.engine.intervals(history_field)
        if clause.operator == "changed":
            changes = self.index.changes.get(history_field, {})
            return self.index.mask(p for p, found in changes.items()
                                   if any(self.change_matches(c, predicates) for c in found))
        values: set[str | None] = set()
        for item in self.items(clause.operand):
            values |= {None} if isinstance(item, Empty) else self.canonical(field, item)
        for name, _ in predicates:
            if name in ("from", "to"):
                raise JqlSyntaxError(f"The predicate '{name.upper()}' is only supported by the CHANGED operator.")
        matched = self.index.mask(p for p, spans in intervals.items()
                                  if any(v in values and self.span_matches(s, e, who, predicates)
                                         for v, s, e, who in spans))
        return matched if clause.operator in ("was", "was in") else self.index.all & ~matched

    def predicate(self, field: FieldIndex, name: str, operand):
        if name == "by":
            users: set = set()
            for item in self.items(operand):
                if isinstance(item, Function) and item.name.lower() == "currentuser":
                    users |= {self.current_user} if self.current_user else set()
                elif isinstance(item, Value):
                    found = self._user(item.text)
                    users |= found
            return users
        if name in ("from", "to"):
            values: set = set()
            for item in self.items(operand):
                values |= {None} if isinstance(item, Empty) else self.canonical(field, item)
            return values
        if name == "during":
            low, high = (self.moment_any(item) for item in operand.items)
            return low, high
        return self.moment_any(operand)

    def _user(self, text: str) -> set[str]:
        found = self.engine.users.get(text.lower())
        if not found:
            raise JqlSyntaxError(f"The user '{text}' does not exist.")
        return set(found)

    def moment_any(self, item) -> int:
        if isinstance(item, Function):
            moment = date_function(item.name, item.args, self.now_ms, self.zone)
            if moment is None:
                raise JqlSyntaxError(f"Unable to find JQL function '{item.name}()'.")
            return moment
        if not isinstance(item, Value):
            raise JqlSyntaxError("A history predicate needs a date here.")
        return parse_date(item.text, self.now_ms, "date", self.zone)

    @staticmethod
    def span_matches(start: int, end: int, author, predicates) -> bool:
        for name, value in predicates:
            if name == "after" and not end > value:
                return False
            if name == "before" and not start < value:
                return False
            if name == "on" and not (start < value + DAY_MS and end > value):
                return False
            if name == "during" and not (start <= value[1] and end >= value[0]):
                return False
            if name == "by" and author not in value:
                return False
        return True

    @staticmethod
    def change_matches(change, predicates) -> bool:
        for name, value in predicates:
            if name == "from" and change.from_value not in value:
                return False
            if name == "to" and change.to_value not in value:
                return False
            if name == "by" and change.author not in value:
                return False
            if name == "after" and not change.at_ms > value:
                return False
            if name == "before" and not change.at_ms < value:
                return False
            if name == "on" and not value <= change.at_ms < value + DAY_MS:
                return False
            if name == "during" and not value[0] <= change.at_ms <= value[1]:
                return False
        return True

    # --- ordering ------------------------------------------------------------------------

    def order(self, positions: list[int], query: Query) -> list[int]:
        """Sort by ORDER BY; ties and the default keep key order. Empty values sort last ascending."""
        ordered = positions
        for sort in reversed(query.order_by):
            name = sort.field.lower()
            if name in KEY_FIELDS:
                ordered = sorted(ordered, reverse=not sort.ascending)
                continue
            field = self.field(sort.field)
            if field.kind == "text" and field.field_id != "summary":
                raise JqlSyntaxError(f"Field '{sort.field}' does not support sorting.")
            keys = self.sort_keys(field)
            ordered = sorted(ordered, key=lambda p: (0, keys[p]) if p in keys else (1, 0),
                             reverse=not sort.ascending)
        return ordered

    def sort_keys(self, field: FieldIndex) -> dict[int, object]:
        if field.field_id == "priority":
            ranks = self.index.priority_rank
            return {p: -ranks.get(name, 99) for name, postings in field.postings.items() for p in postings}
        if field.field_id == "summary":
            return {p: (issue["fields"].get("summary") or "").lower() for p, issue in enumerate(self.index.issues)}
        return field.sort_keys
