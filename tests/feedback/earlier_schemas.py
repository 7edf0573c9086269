"""The feedback schemas jirakg created before schema versions existed, copied from the commits that
made them, with a row of each table as that version wrote it."""

TURNS_V1 = """CREATE TABLE IF NOT EXISTS turns (
    turn_id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, question TEXT NOT NULL, intents TEXT NOT NULL,
    plans TEXT NOT NULL, answer TEXT NOT NULL, parser TEXT NOT NULL, answerer TEXT NOT NULL,
    user_id TEXT, channel TEXT, created_at TEXT NOT NULL)"""
TURNS_V3 = """CREATE TABLE IF NOT EXISTS turns (
    turn_id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, question TEXT NOT NULL, intents TEXT NOT NULL,
    parsed TEXT NOT NULL, plans TEXT NOT NULL, answer TEXT NOT NULL, parser TEXT NOT NULL, answerer TEXT NOT NULL,
    user_id TEXT, channel TEXT, created_at TEXT NOT NULL)"""
FEEDBACK_V1 = """CREATE TABLE IF NOT EXISTS feedback (
    feedback_id TEXT PRIMARY KEY, turn_id TEXT NOT NULL REFERENCES turns(turn_id),
    rating TEXT NOT NULL CHECK (rating IN ('up', 'down')), comment TEXT, user_id TEXT, channel TEXT,
    created_at TEXT NOT NULL)"""
FEEDBACK_V2 = FEEDBACK_V1.replace("rating TEXT NOT NULL CHECK", "rating TEXT CHECK")
INDEXES = ["CREATE INDEX IF NOT EXISTS feedback_turn ON feedback(turn_id)",
           "CREATE INDEX IF NOT EXISTS turns_created ON turns(created_at)"]

# version → (the commit that released it, its statements, the turn row it wrote)
OLD_TURN = ("old1", "c-old", "who owns PROJ-1?", '["metadata"]', '["plan"]', "Ada owns it.", "embedded",
            "templated", "U1", "web", "2026-10-01T10:00:00+00:00")
EARLIER = {
    1: ("5ca531d", [TURNS_V1, FEEDBACK_V1, *INDEXES], OLD_TURN),
    2: ("236cfc4", [TURNS_V1, FEEDBACK_V2, *INDEXES], OLD_TURN),
    3: ("cf31e90", [TURNS_V3, FEEDBACK_V2, *INDEXES], (*OLD_TURN[:4], '[{"name": "metadata"}]', *OLD_TURN[4:])),
}
OLD_FEEDBACK = ("f1", "old1", "up", "nice", "U2", "slack", "2026-10-01T10:05:00+00:00")
