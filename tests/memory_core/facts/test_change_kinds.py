"""Each kind of change, and unrelated news that must change nothing, through the real store and fact pass.

The sentences are written for these tests (not taken from the bench pools). Each change test checks
the old value retired, the new one current and linked by ``supersedes``; each keep test checks the
old value still current and nothing invented for the user.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.ingest import ingest_message
from tests.memory_core.facts.helpers import assert_replaced

DAY = "2025-{:02d}-{:02d}T10:00:00+00:00"


def say(store, text, month=1, day=1, thread="t"):
    message = ingest_message(store, thread, "user", text, at=parse_iso(DAY.format(month, day)))
    run_fact_pass(store)
    return message


def values(store):
    return {f.value for f in facts.current_facts(store)}


@pytest.mark.parametrize("first, change, old, new", [
    # a comparison puts the new value first
    ("My broadband provider is Hyperoptic.", "Zen Internet is far cheaper than Hyperoptic, so that's that.",
     "Hyperoptic", "Zen Internet"),
    ("My favourite drink is cola.", "Honestly, ginger beer tastes nicer than cola.", "cola", "ginger beer"),
    # from X to Y after a verb of change, no ending word
    ("My phone network is Three.", "Transferred my number from Three to Lebara yesterday.", "Three", "Lebara"),
    # a name changed: the pet renamed
    ("Our hamster is called Biscotti.", "we renamed Biscotti, she's Crumble now.", "Biscotti", "Crumble"),
    # the role holder replaced, the new one named in the sentence before
    ("My physio is Dr. Reyes.", "New physio: Hamid. Dr. Reyes retired in the spring.", "Dr. Reyes", "Hamid"),
    # a partner replaced, the new one in the next sentence
    ("My girlfriend is called Maren.", "Maren and I split up in the autumn. I'm seeing Tobias now.",
     "Maren", "Tobias"),
])
def test_a_change_said_in_other_words(store, first, change, old, new):
    say(store, first, 1)
    say(store, change, 6)
    assert_replaced(store, old, new)


def test_an_ending_finished_in_the_next_message(store):
    say(store, "I work at Brightwell Foods.", 1)
    say(store, "I handed in my notice at Brightwell Foods today.", 6, 1)
    assert "Brightwell Foods" not in values(store)
    say(store, "Starting at Kestrel Analytics on Monday!", 6, 2)
    assert_replaced(store, "Brightwell Foods", "Kestrel Analytics")


def test_an_ending_stays_open_only_a_few_turns(store):
    say(store, "I work at Brightwell Foods.", 1)
    say(store, "I handed in my notice at Brightwell Foods today.", 6, 1)
    for day in range(2, 6):
        say(store, "The weather has been grim all week.", 6, day)
    say(store, "Starting at Kestrel Analytics on Monday!", 6, 9)
    kestrel = [f for f in facts.current_facts(store) if f.value == "Kestrel Analytics"]
    assert all(f.supersedes is None for f in kestrel)


def test_an_ending_in_another_thread_is_not_finished_here(store):
    say(store, "I work at Brightwell Foods.", 1)
    say(store, "I handed in my notice at Brightwell Foods today.", 6, 1, thread="a")
    say(store, "Starting at Kestrel Analytics on Monday!", 6, 2, thread="b")
    kestrel = [f for f in facts.current_facts(store) if f.value == "Kestrel Analytics"]
    assert all(f.supersedes is None for f in kestrel)


@pytest.mark.parametrize("first, later, kept", [
    # someone else's news
    ("My broadband provider is Hyperoptic.", "My uncle just switched to Zen Internet.", "Hyperoptic"),
    ("I work at Brightwell Foods.", "My girlfriend left her job and joined Kestrel Analytics.", "Brightwell Foods"),
    ("My phone network is Three.", "My cousin moved from Three to Lebara last month.", "Three"),
    ("I take the tram to work.", "My coworker started taking the bus to work.", "tram"),
    # a thought, a denial, a question
    ("I sing in a choir called Northern Voices.", "Now and then I think about leaving Northern Voices.",
     "Northern Voices"),
    ("I sing in a choir called Northern Voices.", "I'm not quitting Northern Voices, whatever happens.",
     "Northern Voices"),
    ("I work at Brightwell Foods.", "If I ever left Brightwell Foods I would miss the canteen.",
     "Brightwell Foods"),
])
def test_news_that_changes_nothing_of_the_user(store, first, later, kept):
    say(store, first, 1)
    before = values(store)
    assert kept in before
    say(store, later, 6)
    assert kept in values(store)


def test_unrelated_facts_never_retire_each_other(store):
    statements = ["My dentist is Dr. Okoye.", "I bank with Monzo.", "My phone network is Three.",
                  "I work at Brightwell Foods.", "My favourite drink is cola."]
    for day, text in enumerate(statements, start=1):
        say(store, text, 1, day)
    held = values(store)
    assert {"Dr. Okoye", "Monzo", "Three", "Brightwell Foods", "cola"} <= held
    say(store, "Booked a haircut for Friday and the car goes in for its MOT next week.", 6)
    assert {"Dr. Okoye", "Monzo", "Three", "Brightwell Foods", "cola"} <= values(store)


def test_a_preference_said_again_is_not_an_ending(store):
    say(store, "I prefer Signal over email.", 1, 1)
    say(store, "I prefer Signal over email.", 1, 2)
    assert "Signal" in values(store)


def test_a_new_fact_after_an_ending_is_not_taken_as_its_successor(store):
    say(store, "I bank with Monzo.", 1)
    say(store, "I closed my Monzo account today.", 6, 1)
    say(store, "Actually I live in Porto now.", 6, 2)
    held = {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert ("lives_in", "Porto") in held and not any(v == "Porto" and p != "lives_in" for p, v in held)


@pytest.mark.parametrize("first, change, old, new", [
    # an appointment moved, the old date never said again
    ("My haircut appointment is on March 3.", "They moved my haircut to March 10.", "March 3", "March 10"),
    ("My vet appointment is on July 2.", "The vet appointment got pushed back to July 9.", "July 2", "July 9"),
    # corrections name the new value, with or without the old
    ("My bank is Barclays.", "Sorry, I meant Nationwide, not Barclays.", "Barclays", "Nationwide"),
    ("Our anniversary is on April 9.", "Actually it's April 19, I mixed it up.", "April 9", "April 19"),
    # abandoning one taste for another in the same breath
    ("I'm into jazz.", "Can't stand jazz these days, I've gone totally over to opera.", "jazz", "opera"),
    ("I play tennis.", "Gave up tennis for padel.", "tennis", "padel"),
])
def test_moves_corrections_and_abandonment(store, first, change, old, new):
    say(store, first, 1)
    say(store, change, 6)
    assert_replaced(store, old, new)


def test_a_cancellation_retires_without_a_successor(store):
    say(store, "I'm going to Crete in August.", 1)
    assert any("Crete" in v for v in values(store))
    say(store, "The Crete trip is off, money's tight.", 6)
    assert not any("Crete" in v for v in values(store))


def test_someone_else_s_appointment_moving_changes_nothing(store):
    say(store, "My haircut appointment is on March 3.", 1)
    say(store, "My sister moved her haircut to March 10.", 2)
    say(store, "My nephew's haircut got moved to March 12.", 3)
    assert "March 3" in values(store) and not {"March 10", "March 12"} & values(store)


def test_a_correction_in_the_next_message_retires_the_value_just_stated(store):
    say(store, "My piano lesson is on March 4.", 1, 1)
    say(store, "Sorry, I meant March 14.", 1, 1)
    assert "March 4" not in values(store) and "March 14" in values(store)


def test_a_correction_in_another_chat_does_not_reach_back(store):
    say(store, "My piano lesson is on March 4.", 1, 1, thread="a")
    say(store, "Sorry, I meant March 14.", 1, 2, thread="b")
    assert "March 4" in values(store)
