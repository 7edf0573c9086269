"""JQL syntax: tokens, the abstract syntax tree, and a recursive-descent parser.

Precedence follows Jira: NOT binds tighter than AND, which binds tighter than OR.
Error messages follow Jira's wording, with the position of the offending token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from jirakg.jql.errors import JqlSyntaxError

KEYWORDS = {"and", "or", "not", "in", "is", "empty", "null", "was", "changed", "order", "by",
            "asc", "desc", "from", "to", "after", "before", "during", "on"}
OPERATORS = ("!=", "!~", "<=", ">=", "=", "<", ">", "~")
VALID_OPERATORS = ("'=', '!=', '<', '>', '<=', '>=', '~', '!~', 'IN', 'NOT IN', 'IS', 'IS NOT', "
                   "'WAS', 'WAS IN', 'WAS NOT', 'WAS NOT IN' and 'CHANGED'")
RESERVED_CHARS = set("{}[]|&%^$#@;?+*/\\`")
# Characters allowed inside an unquoted word besides letters and digits.
WORD_EXTRA = set("-_.:@*/+?[]$#%&|^;`{}\\")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", " ": " "}


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "string" (quoted), "word", "op", "(", ")", ",", "end"
    text: str
    position: int  # 1-based character in the query

    @property
    def keyword(self) -> str | None:
        return self.text.lower() if self.kind == "word" and self.text.lower() in KEYWORDS else None


# --- syntax tree -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Value:
    text: str
    quoted: bool = False


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Empty:
    pass


@dataclass(frozen=True, slots=True)
class ValueList:
    items: tuple  # of Value | Function


Operand = Value | Function | Empty | ValueList


@dataclass(frozen=True, slots=True)
class Clause:
    field: str
    operator: str  # "=", "!=", "<", ">", "<=", ">=", "~", "!~", "in", "not in", "is", "is not"
    operand: Operand


@dataclass(frozen=True, slots=True)
class HistoryClause:
    field: str
    operator: str  # "was", "was not", "was in", "was not in", "changed"
    operand: Operand | None
    predicates: tuple[tuple[str, Operand], ...] = ()


@dataclass(frozen=True, slots=True)
class And:
    parts: tuple


@dataclass(frozen=True, slots=True)
class Or:
    parts: tuple


@dataclass(frozen=True, slots=True)
class Not:
    part: object


@dataclass(frozen=True, slots=True)
class SortKey:
    field: str
    ascending: bool = True


@dataclass(frozen=True, slots=True)
class Query:
    where: object | None
    order_by: tuple[SortKey, ...] = field(default=())


# --- lexer -----------------------------------------------------------------------------------

def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace():
            i += 1
            continue
        start = i + 1
        if char in "\"'":
            value, i = _quoted(text, i)
            tokens.append(Token("string", value, start))
            continue
        if char in "(),":
            tokens.append(Token(char, char, start))
            i += 1
            continue
        if text.startswith("&&", i) or text.startswith("||", i):
            tokens.append(Token("word", "and" if char == "&" else "or", start))
            i += 2
            continue
        operator = next((op for op in OPERATORS if text.startswith(op, i)), None)
        if operator:
            tokens.append(Token("op", operator, start))
            i += len(operator)
            continue
        if char == "!":
            tokens.append(Token("word", "not", start))
            i += 1
            continue
        if char.isalnum() or char in WORD_EXTRA or ord(char) > 127:
            j = i
            while j < n and (text[j].isalnum() or text[j] in WORD_EXTRA or ord(text[j]) > 127):
                j += 1
            word = text[i:j]
            bad = next((c for c in word if c in RESERVED_CHARS and not _allowed_in_word(word, c)), None)
            if bad is not None:
                raise JqlSyntaxError(f"Error in the JQL Query: The character '{bad}' is a reserved JQL character. "
                               f"You must enclose it in a string or use the escape '\\u{ord(bad):04x}' instead. "
                               f"(line 1, character {i + word.index(bad) + 1})")
            tokens.append(Token("word", word, start))
            i = j
            continue
        raise JqlSyntaxError(f"Error in the JQL Query: The character '{char}' is a reserved JQL character. "
                       f"You must enclose it in a string or use the escape '\\u{ord(char):04x}' instead. "
                       f"(line 1, character {start})")
    tokens.append(Token("end", "", n + 1))
    return tokens


def _allowed_in_word(word: str, char: str) -> bool:
    """Unquoted words may hold '*' (wildcards), '/' and '+' (dates, increments), '@' (emails),
    and '[' ']' only in the custom-field form cf[12345]."""
    if char in "*/+@?":
        return True
    if char in "[]":
        return re.fullmatch(r"(?i)cf\[\d+\]", word) is not None
    return False


def _quoted(text: str, i: int) -> tuple[str, int]:
    quote, start = text[i], i
    i += 1
    out = []
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2:i + 6] or ""):
                out.append(chr(int(text[i + 2:i + 6], 16)))
                i += 6
                continue
            if nxt in ESCAPES:
                out.append(ESCAPES[nxt])
                i += 2
                continue
            # Lucene-style escapes such as \- are kept for the text matcher.
            out.append(char + nxt)
            i += 2
            continue
        if char == quote:
            return "".join(out), i + 1
        out.append(char)
        i += 1
    raise JqlSyntaxError(f"Error in the JQL Query: The quoted string '{text[start + 1:]}' has not been completed. "
                   f"(line 1, character {start + 1})")


# --- parser ----------------------------------------------------------------------------------

def parse(text: str) -> Query:
    return _Parser(tokenize(text)).query()


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.i = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.i]

    def advance(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def error(self, expected: str) -> JqlSyntaxError:
        token = self.token
        if token.kind == "end":
            return JqlSyntaxError(f"Error in the JQL Query: Expecting {expected} before the end of the query.")
        return JqlSyntaxError(f"Error in the JQL Query: Expecting {expected} but got '{token.text}'. "
                        f"(line 1, character {token.position})")

    def query(self) -> Query:
        where = None
        if not (self.token.kind == "end" or self.token.keyword == "order"):
            where = self.or_expr()
        order: tuple[SortKey, ...] = ()
        if self.token.keyword == "order":
            self.advance()
            if self.token.keyword != "by":
                raise self.error("'by'")
            self.advance()
            order = self.sort_keys()
        if self.token.kind != "end":
            raise self.error("either 'OR' or 'AND'" if where is not None and not order else "either ',' or the end")
        return Query(where, order)

    def sort_keys(self) -> tuple[SortKey, ...]:
        keys = []
        while True:
            name = self.field_name()
            ascending = True
            if self.token.keyword in ("asc", "desc"):
                ascending = self.advance().keyword == "asc"
            keys.append(SortKey(name, ascending))
            if self.token.kind != ",":
                return tuple(keys)
            self.advance()

    def or_expr(self):
        parts = [self.and_expr()]
        while self.token.keyword == "or":
            self.advance()
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def and_expr(self):
        parts = [self.not_expr()]
        while self.token.keyword == "and":
            self.advance()
            parts.append(self.not_expr())
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def not_expr(self):
        if self.token.keyword == "not":
            self.advance()
            return Not(self.not_expr())
        if self.token.kind == "(":
            self.advance()
            inner = self.or_expr()
            if self.token.kind != ")":
                raise self.error("')'")
            self.advance()
            return inner
        return self.clause()

    def field_name(self) -> str:
        token = self.token
        if token.kind == "string" or (token.kind == "word" and token.keyword is None):
            self.advance()
            return token.text
        raise self.error("a field name")

    def clause(self):
        name = self.field_name()
        token = self.token
        if token.kind == "op":
            self.advance()
            # Lists after = and friends are refused by the evaluator, with a clearer message.
            return Clause(name, token.text, self.operand(list_allowed=True))
        keyword = token.keyword
        if keyword == "in":
            self.advance()
            return Clause(name, "in", self.operand(list_allowed=True))
        if keyword == "not":
            self.advance()
            if self.token.keyword != "in":
                raise self.error("'IN'")
            self.advance()
            return Clause(name, "not in", self.operand(list_allowed=True))
        if keyword == "is":
            self.advance()
            operator = "is"
            if self.token.keyword == "not":
                self.advance()
                operator = "is not"
            if self.token.keyword not in ("empty", "null"):
                raise self.error("'EMPTY' or 'NULL'")
            self.advance()
            return Clause(name, operator, Empty())
        if keyword == "was":
            self.advance()
            operator = "was"
            if self.token.keyword == "not":
                self.advance()
                operator += " not"
            if self.token.keyword == "in":
                self.advance()
                operator += " in"
            operand = self.operand(list_allowed=operator.endswith("in"))
            return HistoryClause(name, operator, operand, self.predicates())
        if keyword == "changed":
            self.advance()
            return HistoryClause(name, "changed", None, self.predicates())
        raise self.error(f"operator but got '{token.text}'. The valid operators are {VALID_OPERATORS}"
                         if token.kind != "end" else "operator")

    def predicates(self) -> tuple[tuple[str, Operand], ...]:
        found: list[tuple[str, Operand]] = []
        while (name := self.token.keyword) in ("from", "to", "by", "after", "before", "on", "during"):
            self.advance()
            if name == "during":
                operand = self.operand(list_allowed=True)
                if not isinstance(operand, ValueList) or len(operand.items) != 2:
                    raise JqlSyntaxError("Error in the JQL Query: DURING needs two dates, "
                                         "as in DURING (\"2024/01/01\", \"2024/02/01\").")
            else:
                operand = self.operand(list_allowed=name in ("from", "to", "by"))
            found.append((name, operand))
        return tuple(found)

    def operand(self, list_allowed: bool) -> Operand:
        token = self.token
        if token.keyword in ("empty", "null"):
            self.advance()
            return Empty()
        if token.kind == "(":
            if not list_allowed:
                raise self.error("a value")
            self.advance()
            items = [self.single_value()]
            while self.token.kind == ",":
                self.advance()
                items.append(self.single_value())
            if self.token.kind != ")":
                raise self.error("')'")
            self.advance()
            return ValueList(tuple(items))
        return self.single_value()

    def single_value(self) -> Value | Function | Empty:
        token = self.token
        if token.keyword in ("empty", "null"):
            self.advance()
            return Empty()
        if token.kind == "string":
            self.advance()
            return Value(token.text, quoted=True)
        if token.kind == "word" and token.keyword is None:
            self.advance()
            if self.token.kind == "(":
                return self.function_call(token.text)
            return Value(token.text)
        raise self.error("either a value, list or function")

    def function_call(self, name: str) -> Function:
        self.advance()  # "("
        args = []
        while self.token.kind != ")":
            token = self.token
            if token.kind not in ("string", "word"):
                raise self.error("a function argument or ')'")
            args.append(self.advance().text)
            if self.token.kind == ",":
                self.advance()
            elif self.token.kind != ")":
                raise self.error("',' or ')'")
        self.advance()
        return Function(name, tuple(args))
