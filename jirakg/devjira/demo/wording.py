"""Vocabulary for the demo organisation: people's names and the text of issues and comments."""

from __future__ import annotations

import random

FIRST_NAMES = [
    "Ana", "Bruno", "Chen", "Divya", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas",
    "Kemi", "Lars", "Maya", "Nikhil", "Olga", "Pedro", "Quinn", "Rosa", "Samir", "Tara",
    "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zoe", "Amara", "Ben", "Carla", "Dmitri",
]
LAST_NAMES = [
    "Souza", "Okafor", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Kowalski", "Nguyen",
    "Fernandes", "Schmidt", "Mensah", "Rossi", "Patel", "Novak", "Garcia", "Kim", "Ivanova",
    "Dubois", "Achebe", "Larsen", "Costa", "Sato", "Weber", "Ortiz", "Mwangi", "Berg",
]

THEMES = {
    "INIT": ["enterprise customers", "self-serve onboarding", "EU data residency", "the partner marketplace",
             "accessibility compliance", "mobile-first checkout", "real-time analytics", "platform reliability"],
    "PROJ": ["single sign-on", "invoice generation", "rate limiting", "webhook delivery", "audit logging",
             "API keys", "usage metering", "search indexing", "email notifications", "tenant isolation"],
    "MOB": ["offline mode", "biometric login", "push notification settings", "in-app purchases",
            "deep links", "dark mode", "app start-up time", "crash reporting", "order tracking"],
    "WEB": ["guest checkout", "product filters", "wish lists", "keyboard navigation", "gift cards",
            "promo codes", "product reviews", "address autocomplete", "the cart page", "screen reader labels"],
    "DATA": ["event ingestion", "the customer 360 table", "daily revenue reports", "feature store",
             "schema migrations", "data retention", "GDPR deletion requests", "churn model", "dbt models"],
    "OPS": ["cluster upgrades", "alert routing", "log retention", "the deploy pipeline", "secret rotation",
            "backup restores", "on-call handover", "TLS certificates", "cost dashboards", "DNS failover"],
}

PERSONAS = ["shopper", "admin", "support agent", "developer", "analyst", "account owner", "new user"]
ACTIONS = ["see", "export", "filter", "configure", "share", "undo changes to", "get notified about", "search"]
BENEFITS = ["I save time", "I can trust the numbers", "my team stays informed", "I can finish without help",
            "I avoid mistakes", "we meet our compliance duties"]
TASK_VERBS = ["Migrate", "Refactor", "Document", "Upgrade", "Benchmark", "Automate", "Clean up", "Instrument"]
SUBTASK_VERBS = ["Write unit tests for", "Update API docs for", "Add metrics to", "Review copy for",
                 "Add feature flag for", "Write migration for", "QA sign-off for"]
SYMPTOMS = ["fails with a 500 error", "shows stale data", "times out", "crashes the app",
            "renders incorrectly", "double-charges the customer", "loses user input", "is very slow"]
CONDITIONS = ["on Safari", "after a password reset", "with more than 100 items", "when offline",
              "for users in the EU", "during peak traffic", "on first login", "after the last release"]
RISKS = ["vendor contract for {t} may not renew in time", "key engineer on {t} leaves mid-quarter",
         "load on {t} may exceed capacity during the launch", "regulatory review of {t} may slip",
         "third-party API used by {t} is being deprecated", "security audit may block {t}"]
ENVIRONMENTS = ["Production", "Staging", "iOS 18.2, iPhone 15", "Android 15, Pixel 8",
                "Chrome 131 on Windows 11", "Safari 18 on macOS"]
COMMENTS = [
    "I looked into this; the root cause is in {t}.",
    "Can we pair on this tomorrow? I have context on {t}.",
    "Moved to the next sprint, waiting on review.",
    "PR is up, please take a look.",
    "Confirmed on staging, closing once deployed.",
    "This is blocked until the {t} change lands.",
    "Customer reported this again today.",
    "Updated the estimate after the spike.",
]
LABELS = ["customer-reported", "tech-debt", "security", "performance", "ux", "quick-win",
          "regression", "needs-design", "compliance", "q-planning"]


def summary(rng: random.Random, issue_type: str, project: str) -> str:
    theme = rng.choice(THEMES[project])
    if issue_type == "Initiative":
        return f"{rng.choice(['Win', 'Grow', 'Deliver', 'Launch'])} {theme}"
    if issue_type == "Feature":
        return f"{theme.capitalize()} for {rng.choice(PERSONAS)}s"
    if issue_type == "Epic":
        return f"{theme.capitalize()} v{rng.randint(1, 3)}"
    if issue_type == "Story":
        return (f"As a {rng.choice(PERSONAS)}, I want to {rng.choice(ACTIONS)} {theme} "
                f"so that {rng.choice(BENEFITS)}")
    if issue_type == "Task":
        return f"{rng.choice(TASK_VERBS)} {theme}"
    if issue_type == "Sub-task":
        return f"{rng.choice(SUBTASK_VERBS)} {theme}"
    if issue_type == "Bug":
        return f"{theme.capitalize()} {rng.choice(SYMPTOMS)} {rng.choice(CONDITIONS)}"
    return "Risk: " + rng.choice(RISKS).format(t=theme)


def description(rng: random.Random, summary_text: str, project: str) -> str:
    theme = rng.choice(THEMES[project])
    return (f"{summary_text}.\n\nContext: this touches {theme} and needs agreement with the owners. "
            f"Acceptance criteria:\n* behaviour is covered by tests\n* docs are updated\n"
            f"* metrics show no regression")


def comment(rng: random.Random, project: str) -> str:
    return rng.choice(COMMENTS).format(t=rng.choice(THEMES[project]))
