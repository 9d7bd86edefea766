"""What a sentence's first words say about its speaker: "My" before the cue word is the user's own thing, however
it is capitalised ("My alarm goes off at 5:30"), and "As a vegan, I ..." says the speaker's diet."""
from __future__ import annotations

import pytest

from memory_core.facts.cues import cue_subject
from tests.memory_core.facts.helpers import read_facts


@pytest.mark.parametrize("text", ["My alarm goes off at 5:30 every weekday.",
                                  "my alarm goes off at 5:30 every weekday.",
                                  "Our alarm goes off at 5:30 every weekday."])
def test_the_users_own_thing_is_theirs_capitalised_or_not(real_parser, text):
    assert cue_subject(text, text.index("alarm")) == "user"
    assert ("user", "wake_time", "5:30") in read_facts(text, real_parser)


def test_a_name_before_the_cue_is_still_someone_else():
    text = "Maya alarm goes off at 5:30 every weekday."
    assert cue_subject(text, text.index("alarm")) is None


@pytest.mark.parametrize("text, diet", [
    ("As a vegan I struggle with work lunches.", "vegan"),
    ("Being vegetarian, the wedding menu was a nightmare.", "vegetarian"),
    ("As a lifelong pescatarian, I never order the steak.", "pescatarian"),
])
def test_the_speakers_diet_said_first(real_parser, text, diet):
    assert ("user", "diet", diet) in read_facts(text, real_parser)


@pytest.mark.parametrize("text", ["As a vegan friend told me, tofu is great.", "Being vegan is hard, says my sister.",
                                  "As a vegan, what should I eat at a steakhouse?"])
def test_no_diet_where_the_words_are_not_the_speakers(real_parser, text):
    assert not [f for f in read_facts(text, real_parser) if f[1] == "diet"]


def test_a_capitalised_our_before_the_cue_is_read_by_the_rules(real_parser):
    assert ("user", "internet", "Lumen Fibre") in read_facts("Our home internet comes from Lumen Fibre.", real_parser)
