"""The slot schema the LLM fills is generated from `Slots`: every slot a model may set is in it and
in its prompt, every value list is grounded in a lexicon kind, and every slot it fills reaches `Slots`."""

from __future__ import annotations

from datetime import UTC, datetime

from jirakg.intents.grounding import Grounder
from jirakg.intents.lexicon import KINDS
from jirakg.intents.llm_grounding import SlotGrounder, order_by
from jirakg.intents.llm_parser import SLOT_HINTS
from jirakg.intents.llm_schema import INTERNAL_SLOTS, LLM_SLOTS, VALUE_KINDS, LlmAnswer, LlmIntent, skeleton
from jirakg.intents.models import Slots, ValueFilters
from jirakg.intents.registry import INTENTS
from tests.intents.demo_lexicon import LEXICON

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
GROUNDER = SlotGrounder(Grounder(LEXICON), LEXICON, lambda: NOW)


def label(kind: str) -> str:
    return LEXICON.of(kind)[0].label


# One value a model could give for each slot, all of which name something in the demo organisation.
SAMPLES = {
    **{name: [label(kind)] for name, kind in VALUE_KINDS.items()},
    "excluded": {name: [label(kind)] for name, kind in VALUE_KINDS.items()},
    "empty": ["assignee"], "filled": ["duedate"], "dates": [{"field": "resolved", "phrase": "last week"}],
    "overdue": True, "every_label": True, "every_sprint": True, "sprint_state": "open", "sprint_state_excluded": True,
    "carried_over": True,
    "links": [{"key": "PROJ-1", "link_type": "is blocked by"}],
    "parents": ["PROJ-2"], "text": "login page", "order_by": "priority DESC", "fields": ["assignee"],
    "link_type": "blocks", "window": "yesterday", "measure": {"group_by": ["status"]},
    "was_statuses": [label("status")],
    "version_state": "unreleased", "descendants_of": ["PROJ-3"], "text_field": "summary",
    "numbers": [{"field": "story points", "operator": ">=", "value": 8}],
}


def test_every_slot_a_model_may_set_is_in_the_schema() -> None:
    assert set(LLM_SLOTS) == set(Slots.model_fields) - INTERNAL_SLOTS
    excluded = LlmIntent.model_fields["excluded"].annotation.model_fields
    assert set(excluded) == set(ValueFilters.model_fields) - INTERNAL_SLOTS


def test_every_value_list_is_grounded_in_a_lexicon_kind() -> None:
    assert set(VALUE_KINDS) == set(ValueFilters.model_fields) - INTERNAL_SLOTS
    assert set(VALUE_KINDS.values()) <= set(KINDS)
    assert all(LlmIntent.model_fields[name].annotation == list[str] for name in VALUE_KINDS)


def test_the_prompt_skeleton_and_hints_name_every_slot() -> None:
    outline = skeleton(LlmAnswer)
    assert all(f'"{name}": ' in outline for name in [*LLM_SLOTS, *VALUE_KINDS, "phrase", "field"])
    assert not any(f'"{name}": ' in outline for name in [*INTERNAL_SLOTS, "start", "end"])
    assert set(SLOT_HINTS) == set(LLM_SLOTS) - set(VALUE_KINDS)


def test_intents_name_only_real_slots() -> None:
    for spec in INTENTS.values():
        assert set(spec.slots) <= set(Slots.model_fields), spec.name


def test_every_slot_the_model_fills_reaches_the_slots() -> None:
    intent = LlmIntent.model_validate({"name": "changelog", **SAMPLES})
    slots = GROUNDER.slots(intent)
    unset = [name for name in LLM_SLOTS if getattr(slots, name) == Slots.model_fields[name].get_default(
        call_default_factory=True)]
    assert unset == []
    assert slots.excluded.model_dump(exclude=INTERNAL_SLOTS) == {name: getattr(slots, name) for name in VALUE_KINDS}
    assert (slots.dates[0].field, slots.dates[0].start) == ("resolved", "2026-10-19T00:00:00Z")


def test_slots_only_the_parsers_set_are_not_taken_from_a_model() -> None:
    intent = LlmIntent.model_validate({"name": "search", "reason": "x", "ignored": ["y"], "typed_jql": "project = X"})
    assert GROUNDER.slots(intent) == Slots()


def test_sort_order_is_rebuilt_from_known_fields_only() -> None:
    assert order_by("ORDER BY Priority desc, created") == "priority DESC, created"
    assert order_by("summary ASC") is None
    assert order_by('priority DESC, key ~ "x"') is None
    assert order_by("priority; DROP") is None
