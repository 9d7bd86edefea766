"""Changes anchored on the old value, months later and in another thread than the statement.

The sentences are written for these tests (not taken from the bench pools); each test fails on the code
before its mechanism (the guards, which keep a value, pass on it too): a correction that names the value it
takes back, a contraction ("Hana's gone") that the ending cue needs, a comparison with words between the
comparative and "than", the longer name of the new value, endings said in other words.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.frame_words import clean_value
from memory_core.facts.new_values import good_new_value
from memory_core.ingest import ingest_message
from tests.memory_core.facts.helpers import assert_replaced

DAY = "2025-{:02d}-{:02d}T10:00:00+00:00"


@pytest.fixture
def say(store, real_parser):
    """Store one user message at the start of ``month`` in ``thread`` and run the fact pass with the parser."""
    def said(text: str, month: int, thread: str) -> None:
        ingest_message(store, thread, "user", text, at=parse_iso(DAY.format(month, 1)))
        run_fact_pass(store, parser=real_parser)
    return said


def stated(store, say, text: str, value: str) -> None:
    """The first statement, in its own thread; its value must be held before the change is said."""
    say(text, 1, "chat-a")
    assert value in held(store)


def held(store) -> set[str]:
    return {f.value for f in facts.current_facts(store)}


@pytest.mark.parametrize("first, correction, old, new", [
    # the correction names the value it takes back, in a later conversation
    ("My brother lives in Utrecht.", "Oops, I said Utrecht last time but I meant Leiden, that's his city.",
     "Utrecht", "Leiden"),
    ("My piano teacher is Mrs Havel.", "Sorry, I meant Mrs Brandt - Mrs Brandt teaches me, Mrs Havel is her aunt.",
     "Mrs Havel", "Mrs Brandt"),
])
def test_a_correction_in_another_thread_takes_back_the_value_it_names(store, say, first, correction, old, new):
    stated(store, say, first, old)
    say(correction, 5, "chat-b")
    assert_replaced(store, old, new)


def test_a_correction_that_names_no_known_value_changes_nothing_elsewhere(store, say):
    stated(store, say, "My brother lives in Utrecht.", "Utrecht")
    say("Sorry, I meant Friday for the dinner.", 5, "chat-b")
    assert "Utrecht" in held(store)


def test_a_contracted_ending_after_the_old_value_retires_it(store, say):
    stated(store, say, "My line manager is Hana.", "Hana")
    say("Big reshuffle at work. Hana's gone to the Leeds office.", 6, "chat-b")
    assert "Hana" not in held(store)


def test_a_contracted_verb_that_ends_nothing_keeps_the_value(store, say):
    stated(store, say, "My line manager is Hana.", "Hana")
    say("Hana's brilliant, she sorted my holiday request in a day.", 6, "chat-b")
    assert "Hana" in held(store)


@pytest.mark.parametrize("change, old, new", [
    # another name beside the two: only the comparison's shape tells which is the new gym
    ("Kestrel Gym is much better value for money than Ironworks, Jo agrees.", "Ironworks", "Kestrel Gym"),
    ("Kestrel is a far better fit for me than Ironworks was.", "Ironworks", "Kestrel"),
])
def test_a_comparison_with_words_before_than_replaces_the_old_value(store, say, change, old, new):
    stated(store, say, "My gym is Ironworks.", old)
    say(change, 6, "chat-b")
    assert_replaced(store, old, new)


def test_the_held_value_winning_a_comparison_is_kept(store, say):
    stated(store, say, "My gym is Ironworks.", "Ironworks")
    say("Ironworks is much better value for money than Kestrel Gym.", 6, "chat-b")
    assert "Ironworks" in held(store)


def test_the_longer_name_of_the_new_value_wins_over_its_last_word(store, say):
    stated(store, say, "I sing in a band called Velvet Ferry.", "Velvet Ferry")
    say("Velvet Ferry broke up in March. Me and the bassist started a new band, Monday Lanterns.", 6, "chat-b")
    assert_replaced(store, "Velvet Ferry", "Monday Lanterns")


def test_a_capitalised_old_or_new_is_part_of_the_name():
    assert clean_value("Old Spice") == "Old Spice"
    assert clean_value("New Balance") == "New Balance"
    assert clean_value("old Galaxy S21") == "Galaxy S21"  # how the user feels about it, in lower case


def test_a_possessive_alone_is_no_new_value():
    assert good_new_value("Ana's", "Mr Kowal") is None
    assert good_new_value("Ana", "Mr Kowal") == "Ana"


def test_a_common_noun_succeeds_no_name_unless_a_frame_ties_it_to_the_old_value():
    assert good_new_value("kitten", "Mango") is None
    # a frame around the old value says the new one is of its kind, whatever its case
    assert good_new_value("spirited away", "Paddington 2", tied=True) == "spirited away"


def test_a_preference_restated_in_lower_case_replaces_the_film(store, say):
    say("my favourite film is paddington 2, i've watched it about 40 times", 1, "chat-a")
    say("i've come to prefer spirited away over paddington 2, it's just a better film.", 6, "chat-b")
    held = {(f.predicate, f.value.lower()) for f in facts.current_facts(store)}
    assert any(value == "spirited away" for _, value in held) and not any("paddington" in v for _, v in held), held


@pytest.mark.parametrize("first, later, old", [
    ("My best mate is Rory.", "Rory and I drifted apart after uni.", "Rory"),
    ("My boyfriend is called Elliot.", "Since the breakup with Elliot I've been focusing on work.", "Elliot"),
    ("Our local pub is The Lamb.", "The Lamb has shut its doors, sad times.", "The Lamb"),
])
def test_endings_said_as_drifting_apart_a_breakup_or_a_closure(store, say, first, later, old):
    stated(store, say, first, old)
    say(later, 6, "chat-b")
    assert old not in held(store)


def test_what_the_user_loves_these_days_succeeds_a_value_written_alike(store, say):
    stated(store, say, "My favourite weather is snow.", "snow")
    say("Snow has lost its appeal, these days I love sunshine.", 6, "chat-b")
    assert_replaced(store, "snow", "sunshine")


def test_a_liked_thing_written_unlike_the_held_name_retires_nothing(store, say):
    stated(store, say, "My gym is Ironworks.", "Ironworks")
    say("Ironworks was rammed tonight, these days I love yoga.", 6, "chat-b")
    assert "Ironworks" in held(store)


@pytest.mark.parametrize("later", [
    "Priya was off sick on Monday so the stand-up was short.",
    "Priya is off on leave, so I'm covering her meetings.",
])
def test_someone_off_for_a_while_is_not_ended(store, say, later):
    stated(store, say, "My manager is Priya.", "Priya")
    say(later, 6, "chat-b")
    assert "Priya" in held(store)


def test_a_plan_that_is_off_is_still_ended(store, say):
    stated(store, say, "My manager is Priya.", "Priya")
    say("Priya's off, she took the job in Madrid.", 6, "chat-b")
    assert "Priya" not in held(store)


def test_a_correction_is_read_at_the_later_mention_of_the_old_value(store, say):
    say("the vet wants to see Biscuit on Thursday for his jabs", 1, "chat-a")
    say("earlier when I said the dog was called Biscuit that was the phone mishearing me again his name is Juniper "
        "not Biscuit", 6, "chat-b")
    held = {f.value for f in facts.current_facts(store)}
    assert "Juniper" in held and "Biscuit" not in held, held
