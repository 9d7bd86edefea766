"""Names that say their kind, said in passing (``facts.kind_names``), in wordings of these tests' own."""
from __future__ import annotations

import pytest

from memory_core.facts.candidate import Candidate
from memory_core.facts.extraction import sentences
from memory_core.facts.kind_names import kind_name_candidates


def _read(text: str, taken: list[Candidate] | None = None) -> set[tuple[str, str]]:
    return {(c.predicate, c.value) for c in kind_name_candidates(list(sentences(text)), taken or [])}


@pytest.mark.parametrize("text, fact", [
    ("spin class at Bannatyne Health Club wrecked me", ("gym", "Bannatyne Health Club")),
    ("Swim at Castle Leisure Centre before school run.", ("gym", "Castle Leisure Centre")),
    ("Phone Skipton Building Society about the ISA.", ("bank", "Skipton Building Society")),
    ("all my bills go through Metro Bank, easiest app going", ("bank", "Metro Bank")),
    ("twelve weeks till the Manchester Marathon and my calves hate me", ("race", "Manchester Marathon")),
    ("Physio cleared me for the Great South Run in October.", ("race", "Great South Run")),
    ("got my blood results back from Dr Hannah Okoro at the surgery", ("doctor", "Dr Hannah Okoro")),
    ("cracked the screen on my Google Pixel 7 again", ("phone", "Google Pixel 7")),
])
def test_a_name_that_says_its_kind_is_a_fact_of_that_kind(text, fact):
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "My sister's gym is Bannatyne Health Club.",          # someone else's
    "Tom's bank is Metro Bank.",
    "Is Castle Leisure Centre any good?",                # asked
    "I'm not doing the Manchester Marathon.",            # denied
    "Thinking of joining Bannatyne Health Club.",        # hedged
    "Cancelled Bannatyne Health Club yesterday.",        # an ending: a change, read elsewhere
    "Dr Hannah Okoro was on the radio this morning.",    # a title with no visit: anyone's doctor, or no one's
    "She said Metro Bank closed her account.",           # someone else's news
])
def test_no_fact_from_someone_elses_asked_denied_hedged_or_ended_name(text):
    assert _read(text) == set()


def test_a_name_another_layer_read_is_left_to_it():
    rule = Candidate("assert", "user", "club", "Castle Leisure Centre", "")
    assert _read("Swim at Castle Leisure Centre before work.", [rule]) == set()


def test_a_note_s_opening_verb_is_no_part_of_the_name():
    assert _read("Ring Skipton Building Society re: the mortgage.") == {("bank", "Skipton Building Society")}


def test_a_race_already_run_is_no_goal_race():
    assert _read("Ran the Bath Half this morning, legs gone.") == set()
    assert _read("Did 14 miles for the Bath Half on Sunday.") == {("race", "Bath Half")}


def test_two_names_of_one_kind_in_a_sentence_are_left_to_the_changes():
    assert _read("Moving everything over to the Pixel 8 Pro, the iPhone 12 goes to my niece.") == set()
    assert _read("Tried Snap Fitness on a day pass, so much nicer than PureGym Leith.") == set()


def test_a_language_said_with_the_words_of_learning_it():
    assert _read("week 30 of my duolingo streak, Welsh is hard") == {("language", "Welsh")}
    assert _read("Scottish Gaelic homework on the bus again.") == {("language", "Scottish Gaelic")}
    assert _read("We had Italian food for dinner.") == set()
    assert _read("My sister's Polish tutor cancelled.") == set()


def test_his_or_her_owns_only_what_it_stands_before():
    assert _read("Mum gave me her place in the Cardiff Half!") == {("race", "Cardiff Half")}
    assert _read("Swim at her Bannatyne Health Club later.") == set()


def test_a_name_compared_is_left_to_the_changes():
    assert _read("Ironworks is far better value for money than Kestrel Gym.") == set()


def test_a_second_name_of_the_kind_read_by_another_layer_still_makes_a_switch():
    rule = Candidate("assert", "user", "phone", "Nokia G42", "")
    assert _read("The shop gave me a Nokia G42 in exchange for my Galaxy S23.", [rule]) == set()


def test_a_kind_word_alone_or_inside_a_value_already_read_is_no_name():
    assert _read("I'm training for the berlin Marathon.") == set()
    rule = Candidate("assert", "user", "race", "berlin Marathon", "")
    assert _read("I'm training for the berlin Marathon.", [rule]) == set()


@pytest.mark.parametrize("text, fact", [
    ("started bouldering at The Climbing Hangar, arms are jelly", ("bouldering", "Climbing Hangar")),
    ("kickboxing classes at Phoenix on Thursdays now", ("kickboxing", "Phoenix")),
    ("Pottery at Clayworks Studio every Sunday morning.", ("pottery", "Clayworks Studio")),
])
def test_a_place_named_by_what_the_user_does_there(text, fact):
    assert fact in _read(text)


def test_a_place_after_no_activity_is_nothing():
    assert _read("Had lunch at Dishoom with the team.") == set()
    assert _read("Met up at Costa before work.") == set()

