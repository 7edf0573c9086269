"""The turn pipeline: parse → plan → fetch → answer → record, with per-conversation history."""
