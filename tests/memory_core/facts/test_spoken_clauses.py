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


def test_the_matchers_pool_examples_agree_with_their_nearest_neighbour(real_embedder):
    """Every example taken from a pool's looked-at half either names the attribute its nearest other example
    names or has no neighbour near enough to be matched (scripts/extend_attribute_examples.py, ``edited``)."""
    from memory_core.facts.semantic import MATCH_THRESHOLD, AttributeMatcher, load_examples

    examples = load_examples()
    matcher = AttributeMatcher(real_embedder.load(), examples)
    disagreeing = []
    for index, example in enumerate(examples):
        if "from" not in example:
            continue
        nearest = matcher.match([example["text"]], exclude=index)[0]
        if nearest.similarity >= MATCH_THRESHOLD and nearest.concept != example["concept"]:
            disagreeing.append((example["text"], example["concept"], nearest.concept))
    assert not disagreeing, disagreeing[:5]


@pytest.mark.parametrize("text", ["I'm seeing Tom after work on Friday.", "We're off to the park after school on Monday."])
def test_after_work_on_a_day_dates_no_event(text, real_parser):
    assert not read_facts(text, real_parser), read_facts(text, real_parser)


def test_an_event_with_its_owner_keeps_its_date(real_parser):
    facts = read_facts("My eye test is on 3 June and I'm seeing Tom after work on Friday.", real_parser)
    assert any(v == "3 June" for _, _, v in facts) and not any(v == "Friday" for _, _, v in facts), facts


@pytest.mark.parametrize("typed, read", [
    ("our cafe is nook & bramble on the high street", "Nook & Bramble"),  # a word joined to a name by "&"
])
def test_a_name_joined_by_and_is_capitalised_whole(typed, read):
    from memory_core.facts.truecasing import truecased

    assert read in truecased(typed, all_lower=True)


@pytest.mark.parametrize("typed", ["salt & pepper on everything", "fish & chips on friday"])
def test_common_words_joined_by_and_stay_lower_case(typed):
    from memory_core.facts.truecasing import truecased

    assert "& " + typed.split("& ")[1].split()[0] in truecased(typed, all_lower=True)
