"""The demo organisation the parser tests read (seed 31, 800 issues), its metadata and the
lexicon built from both."""

from __future__ import annotations

from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.intents.lexicon import Lexicon

ORG, STREAM = generate(seed=31, issues=800)
ISSUES = list(STREAM)
META = organisation_metadata(ORG)
LEXICON = Lexicon.build(fields=META["fields"], statuses=META["statuses"], priorities=META["priorities"],
                        issue_types=META["issuetypes"], link_types=META["issueLinkTypes"],
                        projects=META["projects"], issues=ISSUES)
