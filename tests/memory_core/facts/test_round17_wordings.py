"""Changes told as a commitment (round 17): the old value compared with one new name of its kind, and the user
saying they have taken the new one on, with no word that ends the old ("Y is cheaper than X ... I've switched").
Each tested on wordings other than the dev pools' that found it, with the controls that must keep the old value."""
from __future__ import annotations

import pytest

from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.extraction import sentences
from memory_core.facts.later_successors import committed
from memory_core.facts.reading import reading_text


def _changes(text: str, old: str, predicate: str, subject: str = "user") -> list:
    known = [KnownFact(1, subject, predicate, old, "a", "2025-01-01T10:00:00+00:00", "provider")]
    return [c.value for c in detect_changes(list(sentences(reading_text(text))), known, "b")]


@pytest.mark.parametrize("text, old, predicate, new", [
    ("Honestly Halifax pays better interest than Barclays, and the app works. I moved my salary across on Friday.",
     "Barclays", "bank", "Halifax"),
    ("The Gym Group is half the price of David Lloyd and open all night, so that's where I go now.",
     "David Lloyd", "gym", "The Gym Group"),
    ("Tried Dr Okafor for a second opinion, far more patient than Dr Hale. Switched surgeries in May.",
     "Dr Hale", "doctor", "Dr Okafor"),
    ("I think Octopus Energy makes more sense than British Gas for us, so we signed up last week.",
     "British Gas", "energy supplier", "Octopus Energy"),
    ("Looked round Hillcrest Academy, it beats Elm Park School on every count. She starts there in January.",
     "Elm Park School", "school", "Hillcrest Academy"),
    ("Had a free class at Core Pilates Studio and it's miles better than Flow Studio. Signed up for ten weeks.",
     "Flow Studio", "pilates", "Core Pilates Studio"),
    ("Had it with Vodafone, third outage this month. moved everything over to Three on my lunch break",
     "Vodafone", "mobile network", "Three"),
])
def test_a_commitment_names_the_successor(text, old, predicate, new):
    assert _changes(text, old, predicate) == [new]


@pytest.mark.parametrize("text, old, predicate", [
    ("Halifax pays better interest than Barclays, but I'm not switching, too much hassle.", "Barclays", "bank"),
    ("My brother says The Gym Group is cheaper than David Lloyd and he switched last year.", "David Lloyd", "gym"),
    ("Should I move to Halifax? It pays better interest than Barclays apparently.", "Barclays", "bank"),
    ("Might sign up at Core Pilates Studio, it looks nicer than Flow Studio.", "Flow Studio", "pilates"),
])
def test_a_comparison_without_the_users_commitment_ends_nothing(text, old, predicate):
    assert _changes(text, old, predicate) == []


def test_a_price_compared_never_succeeds_a_name():
    text = "Did a month at PureGym: no queues, and it's £6 a week cheaper than Snap Fitness. I've switched."
    assert _changes(text, "Snap Fitness", "gym") == ["PureGym"]


@pytest.mark.parametrize("text, expected", [
    ("So I've switched, easy decision.", True),
    ("Signed up for the monthly pass.", True),
    ("From now on it's oat milk.", True),
    ("He starts there after Easter.", True),
    ("I cancelled the old one last week.", True),
    ("I might have switched if it were cheaper.", False),
    ("Have you switched yet?", False),
    ("They switched the lights off.", False),
])
def test_what_counts_as_a_commitment(text, expected):
    assert committed([text]) is expected


@pytest.mark.parametrize("typed, read", [
    ("remind me ive got pilates at Core Studio tonight", "I've got pilates at Core Studio tonight"),
    ("Note to self: our boiler man is Ray Hendry", "our boiler man is Ray Hendry"),
    ("can you remind me that my passport runs out in June", "my passport runs out in June"),
    ("Don't let me forget our dentist is Dr Shah", "our dentist is Dr Shah"),
])
def test_a_statement_is_read_without_the_request_to_remember_it(typed, read):
    assert reading_text(typed) == read


@pytest.mark.parametrize("typed", [
    "remind me to ring Ray Hendry about the boiler",  # a request to do something wraps no statement
    "I remember my first car was a Mini.",
    "remember when we went to Rome",
])
def test_a_request_to_do_something_is_read_as_it_is(typed):
    assert reading_text(typed) == typed
