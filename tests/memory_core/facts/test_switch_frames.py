"""A switch that names its attribute and both values says what holds now, even when the old value was never
stored. Sentences written for these tests; the first test fails on the code before ``switch_frames``."""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.switch_frames import switched_values
from memory_core.ingest import ingest_message


def current_values(store) -> set[str]:
    return {f.value for f in facts.current_facts(store)}


@pytest.mark.parametrize("text, value", [
    ("We finally changed our broadband over from Virgin to Community Fibre.", "Community Fibre"),
    ("I've switched vets, from Oakfield to Riverside Veterinary.", "Riverside Veterinary"),
    ("Moved my ISA from Hargreaves Lansdown to Vanguard last week.", "Vanguard"),
])
def test_a_switch_with_no_stored_old_value_stores_the_new_one(store, real_parser, text, value):
    ingest_message(store, "chat", "user", text, at=parse_iso("2025-03-01T10:00:00+00:00"))
    run_fact_pass(store, parser=real_parser)
    assert value in current_values(store)


def test_the_switch_names_its_attribute():
    [candidate] = switched_values(["I've switched vets, from Oakfield to Riverside Veterinary."])
    assert (candidate.subject, candidate.predicate, candidate.value) == ("user", "vet", "Riverside Veterinary")


@pytest.mark.parametrize("text", [
    "My sister switched her bank from Monzo to Starling.",  # her news
    "I might switch my bank from Monzo to Starling.",  # a thought
    "They moved the quiz from Tuesday to Thursday.",  # a date moved: ``moved_dates``
    "We moved everything from the loft to the garage.",  # no attribute
])
def test_no_switch_of_the_user_is_read(text):
    assert switched_values([text]) == []


@pytest.mark.parametrize("text, predicate, value", [
    ("Our broadband has switched from Virgin to Hyperoptic.", "internet", "Hyperoptic"),
    ("My current account moved from Barclays over to Starling in May.", "bank", "Starling"),
])
def test_a_switch_said_of_the_held_thing_itself_is_read(text, predicate, value):
    """The verb intransitive, the possessive on the thing that moved: still the user's switch."""
    [candidate] = switched_values([text])
    assert (candidate.subject, candidate.predicate, candidate.value) == ("user", predicate, value)


@pytest.mark.parametrize("text", [
    "My team moved from Slack to Teams.",  # a team is no service held
    "My mood changed from calm to cross.",
    "My family moved from Leeds to York.",
    "My brother's insurance switched from Aviva to Direct Line.",  # his
])
def test_an_intransitive_switch_of_no_held_thing_is_not_read(text):
    assert switched_values([text]) == []
