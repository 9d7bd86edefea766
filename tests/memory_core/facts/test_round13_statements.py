"""Statements of issue 12's kinds read on the issue_dev pool (round 13), each shape tested on new wordings:
a title kept in a person's name, a pet's name of several words, a reflexive pronoun never a value, a race a run
is "for", a fact said of someone else's person kept as theirs, and a phone dropped in the bath still owned."""
from __future__ import annotations

import pytest

from memory_core.facts.changes import _END_CUES
from memory_core.facts.cues import implausible_value, values_of_shape
from memory_core.facts.extraction import extract


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in extract(text)}


@pytest.mark.parametrize("sentence, name", [
    ("The family doctor for us is Dr Amira Haddad, very kind.", "Dr Amira Haddad"),
    ("Dr Patel is lovely", "Dr Patel"),
    ("booked in with Dr. Nakamura's office", "Dr. Nakamura"),
])
def test_a_title_stays_with_the_name_it_opens(sentence, name):
    assert name in [value for _, value in values_of_shape(sentence, "name")]


@pytest.mark.parametrize("text, pet", [
    ("we named him Sir Percival.", "Sir Percival"),
    ("We named her Lady Marmalade after the song.", "Lady Marmalade"),
    ("we named her Bella Monday night", "Bella"),  # a weekday after the name is when
])
def test_a_pets_name_of_several_words_is_one_name(text, pet):
    assert ("user", "pet", pet) in _facts(text)


@pytest.mark.parametrize("value", ["myself", "Yourself", "themselves"])
def test_a_reflexive_pronoun_is_no_value(value):
    assert implausible_value("dislikes", value) and implausible_value("named:hate", value)
    assert not implausible_value("dislikes", "mushrooms")


def test_i_hate_myself_gives_no_dislike():
    assert not any(c.predicate == "dislikes" for c in extract("long run sunday, apparently i hate myself"))


def test_the_race_a_run_is_for():
    assert ("user", "race", "Great North Run") in _facts("Did 12 miles for the Great North Run prep.")
    assert not any(c.predicate == "race" for c in extract("running for the bus this morning"))


@pytest.mark.parametrize("text, owner", [
    ("My sister is training for the London Marathon.", "sister"),
    ("My colleague is running the London Marathon.", None),
    ("My colleague is doing the London Marathon for charity.", None),
])
def test_a_race_said_of_someone_else_is_not_the_users(text, owner):
    races = {(c.subject, c.value) for c in extract(text) if c.predicate == "race"}
    assert ("user", "London Marathon") not in races
    if owner is not None:
        assert (owner, "London Marathon") in races


def test_my_own_race_is_still_mine():
    assert ("user", "race", "Berlin Marathon") in _facts("I'm running the Berlin Marathon in September.")


@pytest.mark.parametrize("said, ends", [
    ("Dropped my iPhone 13 mini in the bath last night, it survived", False),
    ("dropped my phone down the toilet", False),
    ("dropped Lily off at Oakwood School", False),
    ("I dropped yoga in January", True),
    ("I dropped the gym", True),
])
def test_dropping_a_thing_is_no_ending_dropping_a_habit_is(said, ends):
    assert bool(_END_CUES.search(said)) is ends


@pytest.mark.parametrize("value, shape", [
    ("Volvo V70", "word"), ("iPhone 13 mini", "word"), ("MacBook Air M1", "word"), ("Pixel 8 Pro", "word"),
    ("9 June", "date"), ("June 9", "date"), ("14 March 1978", "date"), ("Monday 3rd", "date"), ("2026", "date"),
    ("Saturday 9:30", "time"),
])
def test_a_name_with_a_model_number_is_a_name_not_a_date(value, shape):
    from memory_core.facts.new_values import value_shape

    assert value_shape(value) == shape


def test_a_phone_with_a_model_number_is_succeeded_by_the_one_named_instead():
    from memory_core.facts.changes import KnownFact, detect_changes

    known = [KnownFact(1, "user", "phone", "iPhone 13 mini", "t", "2025-01-01T00:00:00Z", "possession")]
    said = ["The Pixel 8 Pro takes far better photos than the iPhone 13 mini ever did, so the old one's in the drawer "
            "and I'm on the Pixel 8 Pro now."]
    assert [(c.old.value, c.value) for c in detect_changes(said, known, "t")] == [("iPhone 13 mini", "Pixel 8 Pro")]


def test_an_acronym_said_of_a_car_is_no_car():
    assert implausible_value("car", "MOT") and implausible_value("car", "DVLA")
    assert not implausible_value("car", "BMW") and not implausible_value("phone", "HTC")
    assert not implausible_value("car", "Kia Niro EV")


@pytest.mark.parametrize("typed, read", [
    ("The Skoda failed its MOT, so that's it gone for scrap", "The Skoda failed its MOT, so that's it gone for scrap"),
    ("failed its MOT lol", "failed it's MOT lol"),  # no apostrophe anywhere: read as chat drops them
    ("I'm sure its been ages", "I'm sure it's been ages"),  # "its been" is "it's been" for anyone
])
def test_its_before_a_name_is_the_determiner_for_a_writer_who_types_apostrophes(typed, read):
    from memory_core.facts.contractions import with_apostrophes

    assert with_apostrophes(typed) == read


@pytest.mark.parametrize("text, band", [
    ("gig w Velvet Static friday at the bar, come pls", "Velvet Static"),
    ("Start rehearsing with The Paper Lanterns next week.", "The Paper Lanterns"),
])
def test_a_bands_gigs_and_rehearsals_name_the_band(text, band):
    assert ("user", "band", band) in _facts(text)


def test_a_new_gig_at_a_firm_is_still_a_job():
    assert ("user", "works_at", "Google") in _facts("my new gig at Google starts monday")


def test_the_last_gig_with_a_band_ends_it_and_the_one_rehearsed_with_next_succeeds():
    from memory_core.facts.changes import KnownFact, detect_changes

    known = [KnownFact(1, "user", "band", "Velvet Static", "t", "2025-01-01T00:00:00Z", "membership")]
    said = ["Played my last gig with Velvet Static on Saturday.", "Start rehearsing with The Paper Lanterns next week."]
    changes = detect_changes(said, known, "t")
    assert [c.old.value for c in changes] == ["Velvet Static"]
    assert changes[0].value in ("The Paper Lanterns", "Paper Lanterns")
    assert detect_changes(["Great gig with Velvet Static on Saturday."], known, "t") == []
