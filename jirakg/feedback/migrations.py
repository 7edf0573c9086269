"""Versioned schema migrations of the feedback database, applied at start-up in one transaction.

Each migration is one step from the previous version, written for SQLite and for PostgreSQL. The
version lives in `schema_version`; databases made before versions existed are recognised by their
columns (the three schemas released before are versions 1 to 3). Add a step by appending a Migration."""

from __future__ import annotations

from dataclasses import dataclass

from jirakg.feedback.database import Database, Dialect, Statements
from jirakg.feedback.errors import FeedbackStoreError


@dataclass(frozen=True)
class Migration:
    version: int
    why: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]

    def statements(self, dialect: Dialect) -> tuple[str, ...]:
        return self.sqlite if dialect == "sqlite" else self.postgres


FIRST = (
    """CREATE TABLE turns (
        turn_id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, question TEXT NOT NULL, intents TEXT NOT NULL,
        plans TEXT NOT NULL, answer TEXT NOT NULL, parser TEXT NOT NULL, answerer TEXT NOT NULL,
        user_id TEXT, channel TEXT, created_at TEXT NOT NULL)""",
    """CREATE TABLE feedback (
        feedback_id TEXT PRIMARY KEY, turn_id TEXT NOT NULL REFERENCES turns(turn_id),
        rating TEXT NOT NULL CHECK (rating IN ('up', 'down')), comment TEXT, user_id TEXT, channel TEXT,
        created_at TEXT NOT NULL)""",
    "CREATE INDEX feedback_turn ON feedback(turn_id)",
    "CREATE INDEX turns_created ON turns(created_at)")
PARSED = ("ALTER TABLE turns ADD COLUMN parsed TEXT NOT NULL DEFAULT '[]'",)
AUDIT = ("ALTER TABLE turns ADD COLUMN account_id TEXT",
         "ALTER TABLE turns ADD COLUMN shown TEXT NOT NULL DEFAULT '[]'")
ACTIONS = ("""CREATE TABLE actions (
    action_id TEXT PRIMARY KEY, kind TEXT NOT NULL, issue_key TEXT, account_id TEXT, user_id TEXT, channel TEXT,
    request TEXT NOT NULL, changes TEXT NOT NULL, outcome TEXT NOT NULL, detail TEXT, created_at TEXT NOT NULL)""",
           "CREATE INDEX actions_created ON actions(created_at)")

MIGRATIONS = [
    Migration(1, "turns and the ratings on them", FIRST, FIRST),
    Migration(2, "a comment may come without a rating",
              # SQLite cannot drop a NOT NULL: the table is rebuilt with the same rows.
              ("""CREATE TABLE feedback_v2 (
                  feedback_id TEXT PRIMARY KEY, turn_id TEXT NOT NULL REFERENCES turns(turn_id),
                  rating TEXT CHECK (rating IN ('up', 'down')), comment TEXT, user_id TEXT, channel TEXT,
                  created_at TEXT NOT NULL)""",
               "INSERT INTO feedback_v2 SELECT feedback_id, turn_id, rating, comment, user_id, channel, created_at "
               "FROM feedback",
               "DROP TABLE feedback",
               "ALTER TABLE feedback_v2 RENAME TO feedback",
               "CREATE INDEX feedback_turn ON feedback(turn_id)"),
              ("ALTER TABLE feedback ALTER COLUMN rating DROP NOT NULL",)),
    Migration(3, "each turn keeps its parsed intents with their slots",
              PARSED, PARSED),
    Migration(4, "each turn keeps who asked (their Jira account) and which issues the answer showed",
              AUDIT, AUDIT),
    Migration(5, "every confirmed change to Jira: who, what, before and after, and how it ended",
              ACTIONS, ACTIONS),
]
LATEST = MIGRATIONS[-1].version


def migrate(database: Database) -> int:
    """Bring the database to LATEST; returns the version it was at. One transaction: a failed step
    leaves the database as it was, and two processes starting together migrate once."""
    return database.transaction(lambda sql: _migrate(sql, database.dialect))


def _migrate(sql: Statements, dialect: Dialect) -> int:
    if dialect == "postgres":
        sql.execute("SELECT pg_advisory_xact_lock(1604)")  # SQLite's BEGIN IMMEDIATE already serialises
    sql.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    rows = sql.execute("SELECT version FROM schema_version")
    found = rows[0][0] if rows else _unversioned(sql, dialect)
    if found > LATEST:
        raise FeedbackStoreError(f"The feedback database has schema version {found}, newer than this jirakg "
                                 f"knows ({LATEST}); run the newer jirakg or upgrade this one.")
    for step in MIGRATIONS:
        if step.version > found:
            for statement in step.statements(dialect):
                sql.execute(statement)
    sql.execute("DELETE FROM schema_version")
    sql.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST,))
    return found


def _unversioned(sql: Statements, dialect: Dialect) -> int:
    """The version of a database made before schema_version existed, read off its columns."""
    turns, feedback = _columns(sql, dialect, "turns"), _columns(sql, dialect, "feedback")
    if not turns:
        return 0
    if "parsed" in turns:
        return 3
    return 1 if feedback.get("rating") else 2


def _columns(sql: Statements, dialect: Dialect, table: str) -> dict[str, bool]:
    """Each column of `table` and whether it is NOT NULL; empty when there is no such table."""
    if dialect == "sqlite":
        return {name: bool(not_null) for _, name, _, not_null, _, _ in sql.execute(f"PRAGMA table_info({table})")}
    rows = sql.execute("SELECT column_name, is_nullable FROM information_schema.columns "
                       "WHERE table_schema = current_schema() AND table_name = ?", (table,))
    return {name: nullable == "NO" for name, nullable in rows}
