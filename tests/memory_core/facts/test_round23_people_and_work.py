"""Round 23: a "he" or "she" opening a sentence read as the user's someone of the sentence before; new work said as
what someone became ("gave up being a barber to become a taxi driver"); a pastime switched to by the user or their
someone ("Dad has switched to ballroom dancing"); and a message whose writer does not capitalise sentences read for
its lower-case names ("my bf jack works at PwC")."""
from __future__ import annotations

import pytest

from memory_core.facts.frames import a_pastime
from memory_core.facts.person_references import person_references
from memory_core.facts.truecasing import lower_sentence_starts, truecased
from tests.memory_core.facts.helpers import facts_after


@pytest.mark.parametrize("change", [
    "I became a taxi driver.",
    "I gave up barbering to become a taxi driver.",
    "I quit being a barber and became a taxi driver.",
    "I left the salon to retrain as a taxi driver.",
])
def test_the_users_new_work_said_as_what_they_became(change, store, real_parser):
    held = facts_after(store, real_parser, "I am a barber.", change)
    assert ("user", "job_title", "taxi driver") in held, held
    assert ("user", "job_title", "barber") not in held, held


@pytest.mark.parametrize("text", [
    "I became a member of the gym.",
    "I went to the shop to become a better person.",
    "I told my brother to become a plumber.",
    "I told him to become a plumber.",  # his becoming, not the user's
    "I helped Tom to become a plumber.",
    "I asked them to become a sponsor.",  # "to" after no leaving
])
def test_becoming_no_role_is_no_job(text, store, real_parser):
    assert not any(p == "job_title" and s == "user" for s, p, _ in facts_after(store, real_parser, text))


@pytest.mark.parametrize("change", [
    "My brother gave up being a barber to become a taxi driver.",
    "Ben gave up being a barber to become a taxi driver.",
])
def test_someones_new_work_said_as_what_they_became(change, store, real_parser):
    held = facts_after(store, real_parser, "My brother Ben is a barber.", change)
    assert ("brother", "job_title", "taxi driver") in held, held
    assert ("brother", "job_title", "barber") not in held, held


def test_a_stranger_becoming_something_is_no_fact(store, real_parser):
    held = facts_after(store, real_parser, "Tom gave up teaching to become a taxi driver.")
    assert not any(v == "taxi driver" for _, _, v in held), held


@pytest.mark.parametrize("change, owner", [
    ("Dad has switched to ballroom dancing.", "father"),
    ("My dad has switched to ballroom dancing.", "father"),
])
def test_a_pastime_switched_to_by_the_users_someone(change, owner, store, real_parser):
    held = facts_after(store, real_parser, "My dad's hobby is fishing.", change)
    assert (owner, "hobby", "ballroom dancing") in held, held
    assert (owner, "hobby", "fishing") not in held, held


@pytest.mark.parametrize("value, pastime", [
    ("ballroom dancing", True), ("golf", True), ("wood-turning", True), ("fishing", True),
    ("Monzo", False), ("online banking", False), ("working from home", False), ("a new ring", False),
])
def test_a_pastime_is_named_by_the_lexicon_or_an_activitys_gerund(value, pastime):
    assert a_pastime(value) is pastime


def test_switching_to_a_service_is_no_pastime(store, real_parser):
    held = facts_after(store, real_parser, "I switched to online banking.", "We switched to Monzo.")
    assert not any(p == "hobby" for _, p, _ in held), held


@pytest.mark.parametrize("typed, read", [
    ("my bf jack works at PwC", "my bf Jack works at PwC"),
    ("lol my sister moved to Toronto. she loves it", "lol my sister moved to Toronto. she loves it"),
])
def test_a_writer_who_does_not_capitalise_sentences_gets_names_restored(typed, read):
    assert lower_sentence_starts(typed)
    assert truecased(typed, all_lower=False) == read


def test_a_brands_own_casing_is_kept():
    assert truecased("my iPhone 13 mini is dying", all_lower=False).startswith("my iPhone 13")


def test_a_writer_who_capitalises_is_left_as_typed():
    text = "My bf works at PwC. He likes the jack russell next door."
    assert not lower_sentence_starts(text)
    assert truecased(text) == text


def test_a_partners_employer_with_a_lower_case_name(store, real_parser):
    held = facts_after(store, real_parser, "my bf jack works at PwC, part time while he finishes his degree")
    assert ("partner", "works_at", "PwC") in held, held


@pytest.mark.parametrize("typed, read", [
    ("My brother quit the salon. He's a taxi driver now.", "My brother quit the salon. My brother's a taxi driver now."),
    ("Mummy left the choir. She sings at St Columba's now.", "Mummy left the choir. Mummy sings at St Columba's now."),
    ("my Tatay stopped fishing. He plays golf.", "my Tatay stopped fishing. My Tatay plays golf."),
    ("My dad's retired now. He plays golf.", "My dad's retired now. My dad plays golf."),
    ("My sister got a job at Tesco. She's a manager.", "My sister got a job at Tesco. My sister's a manager."),
    ("my brother quit the salon. he's a taxi driver now", "my brother quit the salon. my brother's a taxi driver now"),
    ("ok so my dog is called Pickle\nhe's a lil cockapoo", "ok so my dog is called Pickle\nmy dog's a lil cockapoo"),
])
def test_a_pronoun_opening_a_sentence_is_the_someone_before(typed, read):
    assert person_references(typed) == read


@pytest.mark.parametrize("typed", [
    "My brother met Tom at the gym. He's a plumber.",  # the pronoun may be Tom
    "My brother and Sam went out. He's a plumber.",  # or Sam
    "My dad's friend rang. He's a plumber.",  # the friend's
    "My sister is great. He's a plumber.",  # not her pronoun
    "We saw my brother. He's a plumber.",  # the brother is no sentence's opening subject
])
def test_a_pronoun_that_may_be_someone_else_is_left(typed):
    assert person_references(typed) == typed


def test_someones_new_work_in_the_sentence_after(store, real_parser):
    held = facts_after(store, real_parser, "My brother is a barber.",
                       "My brother says enough is enough with being a barber. He's a taxi driver now, started on "
                       "Monday.")
    assert ("brother", "job_title", "taxi driver") in held, held
    assert ("brother", "job_title", "barber") not in held, held


@pytest.mark.parametrize("typed, read", [
    ("- my manager = fiona baxter (1:1 is thurs 2pm)", "- my manager = Fiona Baxter (1:1 is Thurs 2pm)"),
    ("my oldest and best friend is callum; we met at school", "my oldest and best friend is Callum; we met at school"),
    ("my best friend here is callum, we met on a course", "my best friend here is Callum, we met on a course"),
    ("a letter to nationwide, with whom i have banked for years", "a letter to Nationwide, with whom I have banked for years"),
    ("the tin lanterns, in which i play the cornet, have a gig", "the Tin Lanterns, in which I play the cornet, have a gig"),
])
def test_lower_case_names_in_a_notes_sign_and_before_a_relative_clause(typed, read):
    assert truecased(typed) == read


@pytest.mark.parametrize("typed", [
    "my manager: never again",
    "my dentist is lovely.",
    "the house, in which i grew up, is sold",
])
def test_common_words_in_those_slots_stay_lower_case(typed):
    assert truecased(typed) == typed.replace(" i ", " I ")


@pytest.mark.parametrize("text, value", [
    ("my little sisters swim coach is Mr Kowalczyk hes so strict", "Mr Kowalczyk"),
    ("My dentist is Dr Patel he's lovely", "Dr Patel"),
    ("my manager is Fiona she's great", "Fiona"),
    ("My favourite band is We Are Scientists.", "We Are Scientists"),  # a capital "We" is the name's
])
def test_a_value_ends_where_a_run_ons_next_clause_starts(text, value, store, real_parser):
    values = {v for _, _, v in facts_after(store, real_parser, text)}
    assert value in values, values


@pytest.mark.parametrize("typed, name", [
    ("i rent off harbour lettings, flat's tidy", "Harbour Lettings"),
    ("now castle garage service my car", "Castle Garage"),
    ("we signed with keystone property management", "Keystone Property Management"),
])
def test_a_lower_case_firm_named_by_its_kind(typed, name):
    assert name in truecased(typed)


@pytest.mark.parametrize("typed", [
    "took it to the local garage", "my car needs garage time", "so the car garage is shut", "and my garage is full",
])
def test_a_kind_word_after_a_common_word_stays_lower_case(typed):
    assert truecased(typed) == typed


@pytest.mark.parametrize("typed, read", [
    ("given up on bethany for lorenzo", "given up on Bethany for Lorenzo"),
    ("skye is off this year, the cottage was sold", "Skye is off this year, the cottage was sold"),
    ("cello practice then bed", "cello practice then bed"),  # the noun of a thing done follows
    ("driving a Hyundai i30 these days, loving it", "driving a Hyundai i30 these days, loving it"),
])
def test_an_uncased_vocabulary_word_in_a_message_with_no_capital_is_a_name(typed, read):
    assert truecased(typed) == read


def test_a_kin_noun_without_my_opens_no_reference_unless_it_is_a_word_for_mum_or_dad():
    assert person_references("Lab results came back. She is fine.") == "Lab results came back. She is fine."
    assert person_references("Dad retired. He golfs.") == "Dad retired. Dad golfs."
