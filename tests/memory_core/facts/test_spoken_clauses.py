"""Round 22: a dictated message (one run of forty words, no full stop, fillers) is read one spoken clause at a time,
so a request or a hedge in one clause holds up no other. Written text keeps its sentences."""
from __future__ import annotations

import pytest

from memory_core.facts.extraction import sentences
from memory_core.facts.reading import reading_text
from memory_core.facts.spoken import SPOKEN_RUN_WORDS, spoken_clauses
from tests.memory_core.facts.helpers import read_facts

DICTATED = ("ok so um can you add eggs to the shopping list and the good bread not the cheap one and also my dentist "
            "is Dr Okafor at the Riverside practice I always forget his name so yeah")


def test_a_dictated_run_is_read_as_its_clauses():
    read = list(sentences(reading_text(DICTATED)))
    assert len(read) >= 3
    assert any(s.startswith("And also my dentist is Dr Okafor") for s in read), read
    assert not any(" um " in f" {s} " for s in read)


def test_a_new_subject_after_a_finished_clause_starts_a_clause():
    text = ("can you put it in the diary that I'm seeing Priya at the garden centre on Sunday afternoon we're "
            "looking at sheds for the allotment and the weather might hold")
    assert "Sunday afternoon. We're looking at sheds" in spoken_clauses(text)


@pytest.mark.parametrize("text", [
    # a word that leads into the next one: no clause ends after it
    "I think we're going to be late again tonight because the trains are off and the buses are packed with people "
    "who all had the same idea as us this morning",
])
def test_no_clause_ends_after_a_word_that_leads_on(text):
    assert "think. " not in spoken_clauses(text) and "because. " not in spoken_clauses(text)


def test_written_text_is_read_as_it_is():
    text = ("My dentist is Dr Okafor. I always forget his name, so I'm writing it down here. Can you remind me on "
            "Friday to book the check-up? We're away the week after.")
    assert spoken_clauses(text) == text


def test_a_short_run_is_no_speech():
    text = "my dentist is dr okafor and we're off to see him on friday"
    assert len(text.split()) < SPOKEN_RUN_WORDS
    assert spoken_clauses(text) == text


def test_a_fact_in_the_middle_of_dictation_is_read(real_parser):
    facts = read_facts(DICTATED, real_parser)
    assert any(value == "Dr Okafor" for _, _, value in facts), facts


def test_a_request_in_the_same_run_still_holds_up_its_own_clause(real_parser):
    text = ("um right can you remind me to ring the Halifax about the mortgage on Monday morning and also the car "
            "needs new tyres before the trip so yeah that's everything for now I think")
    values = {value for _, _, value in read_facts(text, real_parser)}
    assert "Halifax" not in values, values


def test_a_long_written_sentence_with_its_commas_is_no_speech():
    text = ("I'll admit I'm still getting used to parking the new van, which is a fair bit bigger than anything I've "
            "driven before, and which I only bought because the old one failed its inspection so badly that the "
            "mechanic laughed.")
    assert spoken_clauses(text) == text
