"""Messages that name a known value without ending it keep the fact current (issue 12, round 9, f-guard).

Written in other words than the keep-controls pool (other kinds and names). The rule: words of ending, complaint
or dislike end a value only when they govern the value itself; not a thing at or of it ("the car park at X"),
not the value acting on a thing of its own ("X shut the cafe upstairs"), not what came before it ("before we
found X"), not a complaint the user says they put up with, and a stand-in while the holder is away succeeds no
one. Beside each guard, a true change in the same words still ends the value.
"""
from __future__ import annotations

import pytest

from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.extraction import sentences
from memory_core.facts.kept_values import (after_a_past, own_business, temporary_absence, thing_of_value,
                                           user_stays)


def _fact(value: str, predicate: str) -> KnownFact:
    return KnownFact(1, "user", predicate, value, "chat-a", "2025-01-01T10:00:00+00:00", "preference")


def changed(text: str, old: str, predicate: str) -> list[tuple[str, str | None]]:
    return [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), [_fact(old, predicate)], "chat-b")]


@pytest.mark.parametrize("text, old, predicate", [
    # a dislike of a thing at or of the value
    ("Honestly can't stand the car park at Morrisby Retail Park, took ages to get out.", "Morrisby Retail Park",
     "shopping centre"),
    ("So fed up with the lifts in Harlow Towers, broken every other week.", "Harlow Towers", "office"),
    ("The Kestrel Bank website has gone downhill since the redesign.", "Kestrel Bank", "bank"),
    ("Quillfield's booking system broke again this morning.", "Quillfield", "dentist"),
    # the value acting on a thing of its own
    ("Brambles Bistro scrapped the Sunday roast, shame, the rest is still great.", "Brambles Bistro", "restaurant"),
    ("Northway Leisure closed the sauna for repairs.", "Northway Leisure", "gym"),
    ("Lumen Fibre has moved to a new office by the docks.", "Lumen Fibre", "broadband"),
    # the value as what came after a past
    ("We were with a tiny firm for years before we found Carrow & Lane.", "Carrow & Lane", "solicitor"),
    ("Before Dr Ferreira I had to drive forty minutes to see anyone.", "Dr Ferreira", "doctor"),
    # a complaint the user keeps
    ("Tired of Tidewater Energy's hold music, but I'm sticking with them, the tariff is unbeatable.",
     "Tidewater Energy", "energy supplier"),
    # a stand-in while the holder is away
    ("Mrs Okoro is on maternity leave, Mr Hale is covering for her until Easter.", "Mrs Okoro", "piano teacher"),
    # a leaving do is an event, not an ending
    ("Off to a leaving do at Pennant Logistics tonight for one of the drivers.", "Pennant Logistics", "employer"),
])
def test_words_that_govern_something_else_keep_the_value(text: str, old: str, predicate: str) -> None:
    assert changed(text, old, predicate) == []


@pytest.mark.parametrize("text, old, predicate", [
    ("Honestly can't stand Morrisby Retail Park any more, we shop online now.", "Morrisby Retail Park",
     "shopping centre"),
    ("Kestrel Bank has gone downhill, I moved my account to Fenwick Mutual.", "Kestrel Bank", "bank"),
    ("Brambles Bistro closed for good last month.", "Brambles Bistro", "restaurant"),
    ("Left Carrow & Lane after the mess with the lease.", "Carrow & Lane", "solicitor"),
    ("Tired of Tidewater Energy, switched to Solent Power.", "Tidewater Energy", "energy supplier"),
])
def test_the_same_words_said_of_the_value_still_end_it(text: str, old: str, predicate: str) -> None:
    assert [value for value, _ in changed(text, old, predicate)] == [old]


def test_thing_of_value_reads_a_place_or_an_owner() -> None:
    text = "sick of the noise at Hollin Lane every night"
    start = text.index("Hollin")
    assert thing_of_value(text, start, start + len("Hollin Lane"))
    text = "sick of Hollin Lane"
    assert not thing_of_value(text, text.index("Hollin"), len(text))
    text = "the Ashby app keeps crashing"
    assert thing_of_value(text, 4, 9)
    text = "Ashby has gone downhill"
    assert not thing_of_value(text, 0, 5)


def test_own_business_and_other_guards() -> None:
    assert own_business("Pico Pizza changed the dough recipe", len("Pico Pizza"))
    assert not own_business("Pico Pizza changed hands", len("Pico Pizza"))
    assert after_a_past("we rented for ages before we found Elm Cottage", len("we rented for ages before we found "))
    assert not after_a_past("we left Elm Cottage before Christmas", len("we left "))
    assert user_stays("the hold times are awful but we're not going anywhere")
    assert not user_stays("the hold times are awful so we're off")
    assert temporary_absence("she's off till next month, a locum is in")
    assert not temporary_absence("she retired and a new one started")


@pytest.mark.parametrize("text, old, predicate", [
    # a kinship word used as a name, "'s" as "has" after the person, a plural of people
    ("Grandpa sold his Rover and got a little Kia.", "Rover", "car"),
    ("My cousin's just left Halden Insurance for a job in Dubai.", "Halden Insurance", "employer"),
    ("Both my brothers switched from Kestrel Bank to an app bank.", "Kestrel Bank", "bank"),
    # a wish is no change
    ("I fancy swapping the Rover for something electric one day.", "Rover", "car"),
])
def test_someone_elses_change_or_a_wish_keeps_the_users_value(text: str, old: str, predicate: str) -> None:
    assert changed(text, old, predicate) == []


def test_the_users_own_change_in_those_words_still_ends_it() -> None:
    assert [v for v, _ in changed("Sold the Rover and got a little Kia.", "Rover", "car")] == ["Rover"]


@pytest.mark.parametrize("text, old, predicate", [
    ("The Corner Deli has closed its doors, sad times.", "Corner Deli", "cafe"),
    ("Ashgrove Pharmacy closed the shop for good in June.", "Ashgrove Pharmacy", "pharmacy"),
    ("Finished up at Harrow Freight on Friday, new job next month.", "Harrow Freight", "employer"),
])
def test_closing_its_doors_or_finishing_up_still_ends_it(text: str, old: str, predicate: str) -> None:
    assert [v for v, _ in changed(text, old, predicate)] == [old]


def test_staying_somewhere_new_is_no_keeping() -> None:
    assert not user_stays("Since May I stay in Cork, Galway was too wet for me.")
    assert user_stays("The fees went up, but we're staying with them.")
