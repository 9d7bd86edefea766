"""Round 22: a fact told in a relative clause hung on a name ("a letter to the Halifax, with whom I have banked since
1990") is read as the statement the clause stands for; a clause about someone else's or about the noun before the
name adds nothing. Wordings written for these tests, not taken from any pool."""
from __future__ import annotations

import pytest

from memory_core.facts.relative_clauses import relative_statements
from tests.memory_core.facts.helpers import read_facts


@pytest.mark.parametrize("text, statement", [
    ("Please write to Halifax, with whom I have banked since 1990, about the overdraft.",
     "I have banked with Halifax since 1990."),
    ("Could you thank Priya Shah, to whom I report, for the flowers?", "I report to Priya Shah."),
    ("Draft a card for Ruth Ellis, who I report to, please.", "I report to Ruth Ellis."),
    ("A note for Dr Mensah, whom I have seen for years, would be kind.", "I have seen Dr Mensah for years."),
    ("Book a table near Bristol, where my brother lives, for Sunday.", "My brother lives in Bristol."),
    ("Cancel Tuesday at Oakwood Pilates, where I have trained since the spring.",
     "I have trained at Oakwood Pilates since the spring."),
])
def test_the_clause_is_read_as_its_statement(text, statement):
    assert relative_statements(text).endswith(" " + statement)


@pytest.mark.parametrize("text", [
    "The trip to Rome, which we booked in May, is off.",       # the trip was booked, not Rome
    "Please write to Halifax, with whom Tom has banked since 1990.",  # someone else's bank
    "Halifax is my bank.",                                        # no relative clause
])
def test_no_statement_where_the_clause_is_not_the_users_own_about_the_name(text):
    assert relative_statements(text) == text


@pytest.mark.parametrize("text, attribute, value", [
    ("Please would you draft a letter to Halifax, with whom I have held my current account since 1990, about "
     "the new card.", "bank", "Halifax"),
    ("Could you help me write a note of thanks to Priya Shah, to whom I report at work, for the flowers?",
     "manager", "Priya Shah"),
    ("Would you find me a hotel near Bristol, where my brother lives, for his fortieth?", "lives_in", "Bristol"),
])
def test_a_fact_in_a_formal_request_is_read(text, attribute, value, real_parser):
    facts = read_facts(text, real_parser)
    assert any(p == attribute and v == value for _, p, v in facts) or \
        any(v == value for s, p, v in facts if s == "brother"), facts


def test_a_named_place_the_dog_is_walked_at_is_no_name_of_the_dog(real_parser):
    facts = read_facts("We walk the dog at Hampstead Heath every morning.", real_parser)
    assert not any(p == "dog" for _, p, _ in facts), facts


def test_a_relative_clause_on_the_users_someone_is_read_as_their_statement():
    text = "Could you book a table for my mother, who lives in Truro now, and me?"
    assert relative_statements(text).endswith("My mother lives in Truro now.")
