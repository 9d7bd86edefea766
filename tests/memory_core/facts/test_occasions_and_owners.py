"""Junk facts from ordinary chat, round 9 (issue 12): nouns of one occasion, someone else's things, a cue word in
another clause, a naming of a thing met, a progressive read as a job, "going to" read as travel.

Each rule is a general pattern of English, tested in sentences written for these tests (none from a bench set or
a chat-line pool), with the fact each rule must still let through beside it.
"""
from __future__ import annotations

import pytest

from memory_core.facts.cues import cue_candidates, implausible_value, owned_by_another
from memory_core.facts.extraction import extract
from memory_core.facts.occurrences import occasion_value, occurrence_head, one_occasion_time
from memory_core.facts.resolution import parse
from memory_core.storage.store import Message


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in extract(text)}


def _parsed(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    candidates = parse(Message(1, "t", "user", text, "2025-01-01T10:00:00+00:00"), parser).candidates
    return {(c.subject, c.predicate, c.value) for c in candidates}


# -- nouns of one occasion ---------------------------------------------------------------------------------------

def test_a_singular_noun_of_one_occasion_is_an_occurrence_head_and_its_plural_a_series():
    assert occurrence_head("first_piano_lesson") and occurrence_head("stroll") and occurrence_head("night out")
    assert not occurrence_head("piano lessons")  # the series: a habit, not one occasion
    assert not occurrence_head("commute") and not occurrence_head("gym") and not occurrence_head("class")


@pytest.mark.parametrize("value", ["7:30pm", "Friday", "9 tonight", "next Thursday", "half 6"])
def test_a_clock_time_a_weekday_or_a_day_from_today_is_one_occasions_time(value):
    assert one_occasion_time(value)


@pytest.mark.parametrize("value", ["4 March", "the 9th", "Thursdays", "every Thursday", "5k", "vegan"])
def test_a_calendar_day_a_habit_or_a_measure_is_no_one_occasions_time(value):
    assert not one_occasion_time(value)


def test_a_name_or_one_occasions_time_is_no_value_of_an_occurrence():
    assert occasion_value("stroll", "Brighton Pier")  # where it was, not what the user holds
    assert occasion_value("fiasco", "Gemma Hart")  # who was in it
    assert occasion_value("hike", "8am")
    assert implausible_value("dentist_appointment", "9 tomorrow")
    assert implausible_value("ferry crossing", "Saturday")


def test_an_occurrence_keeps_a_calendar_day_a_habit_and_a_measure():
    assert not occasion_value("party", "12 April")
    assert not occasion_value("swim", "every Sunday")
    assert not occasion_value("run", "5k")
    assert not implausible_value("plan:barbecue", "Saturday")  # a plan is the dated layer's, left alone


def test_a_day_said_from_today_is_no_lasting_value_of_any_attribute():
    assert occasion_value("gym", "tomorrow")
    assert not occasion_value("gym", "Iron Works")


def test_a_name_beside_a_noun_of_one_occasion_gives_no_fact(real_parser):
    assert not any(v == "Brighton Pier" for _, _, v in _parsed(real_parser, "My stroll along Brighton Pier got rained off."))
    assert not any(v == "Gemma Hart" for _, _, v in
                   _parsed(real_parser, "Since the fiasco Gemma Hart made of the booking we do it ourselves."))
    assert not any(v == "Boxing Day" for _, _, v in _parsed(real_parser, "Boxing Day sale at Argos, kettles half price"))


def test_one_occasions_time_gives_no_fact(real_parser):
    assert not any(v and "tomorrow" in v for _, _, v in _parsed(real_parser, "I've got a physio appointment at 9 tomorrow"))
    assert not any(v == "8:15am" for _, _, v in _parsed(real_parser, "Our ferry to Bilbao is at 8:15am, with Brittany Ferries"))
    assert not any(v == "Thursday" for _, _, v in _parsed(real_parser, "Had my first violin lesson with Ann Cole on Thursday."))


def test_a_noun_that_is_had_or_used_still_takes_a_name(real_parser):
    assert ("user", "gym", "Iron Works") in _parsed(real_parser, "My gym is Iron Works.")


# -- someone else's things ---------------------------------------------------------------------------------------

def test_a_possessive_of_someone_else_opens_their_thing():
    sentence = "She gave me a lift in her old Volvo"
    assert owned_by_another(sentence, sentence.index("Volvo"))
    sentence = "Isla's ballet lesson is at four"
    assert owned_by_another(sentence, sentence.index("ballet"))
    sentence = "I drive my old Volvo"
    assert not owned_by_another(sentence, sentence.index("Volvo"))


def test_a_thing_of_someone_elses_gives_the_user_no_fact():
    assert not any(p in ("car", "owns:car") for _, p, _ in _facts("She gave me a lift in her old Volvo, so comfy"))
    assert not any(v == "ballet" for _, _, v in _facts("Isla's ballet lesson is at four"))


def test_the_users_own_thing_still_gives_the_fact():
    assert {p for _, p, v in _facts("Gave my sister a lift in my old Volvo") if v == "Volvo"} & {"car", "owns:car"}


# -- a cue word in another clause --------------------------------------------------------------------------------

def test_a_cue_word_in_another_clause_is_no_attribute_of_the_name():
    assert not cue_candidates("Had to let Bronwen go, money's short this month.")
    assert not cue_candidates("Sacked Callum this morning, the worst bit of the job")


def test_a_name_and_its_appositive_across_a_comma_still_pair():
    assert [(c.predicate, c.value) for c in cue_candidates("I train at Iron Works, the gym by the station.")] == \
        [("gym", "Iron Works")]
    assert [(c.predicate, c.value) for c in cue_candidates("my bank, Nationwide, is fine")] == [("bank", "Nationwide")]


# -- naming, roles and travel ------------------------------------------------------------------------------------

def test_a_thing_met_and_named_is_not_the_users():
    assert not any(p == "pet" for _, p, _ in _facts("Lost a tenner at the track on a dog called Speedy Boy"))
    assert not any(v == "Terry" for _, _, v in _facts("The electrician, a bloke named Terry, was brilliant"))


def test_a_thing_the_user_has_and_names_is_still_theirs():
    assert ("user", "pet", "Pepper") in _facts("We adopted a greyhound called Pepper.")
    assert ("user", "pet", "Pepper") in _facts("got a new puppy called Pepper")


def test_a_progressive_before_at_is_no_job_title():
    assert not any(p == "works_at" for _, p, _ in _facts("I'm grabbing coffee with Tom at Costa later"))
    assert not any(p == "works_at" for _, p, _ in _facts("I'm volunteering at Oxfam on Saturdays"))


def test_a_job_title_before_at_still_names_the_workplace():
    assert ("user", "works_at", "Smile Clinic") in _facts("I'm a dental nurse at Smile Clinic")
    assert ("user", "works_at", "Halifax") in _facts("I'm head of risk at Halifax")


def test_going_to_and_a_verb_is_the_future_not_a_trip():
    assert not any(p.startswith("plan:trip") for _, p, _ in _facts("We're going to watch Wicked on the 3rd"))
    assert any(p.startswith("plan:trip") for _, p, _ in _facts("We're going to Porto on the 3rd"))


# -- a sum with no rate, a verb of having, a preposition read as a verb -----------------------------------------

def test_a_sum_with_no_rate_is_what_one_thing_cost(real_parser):
    assert not any(v and "£" in v for _, _, v in _parsed(real_parser, "Won £40 at the bingo with my nan"))
    assert any(v and "£60 a month" in v for _, _, v in _parsed(real_parser, "I pay £60 a month for my phone"))


def test_someone_having_the_users_thing_does_no_job_for_them(real_parser):
    assert not any(v == "Priya Das" for _, _, v in _parsed(real_parser, "Priya Das has the paperwork now."))
    assert ("user", "dog_walk", "Ciara") in _parsed(real_parser, "Ciara walks our dog")


def test_a_preposition_of_place_is_no_verb(real_parser):
    assert not any(v == "Asics" for _, _, v in
                   _parsed(real_parser, "I do my short runs round the common in Asics, my son picked them."))


# -- where a value ends, and what is no attribute ----------------------------------------------------------------

def test_a_place_said_with_a_possessive_ends_the_value(real_parser):
    found = _parsed(real_parser, "I work at Barclays in their Canary Wharf branch")
    assert ("user", "works_at", "Barclays") in found
    assert not any("Canary Wharf" in (v or "") and p == "works_at" for _, p, v in found)


def test_a_preposition_alone_is_no_attribute(real_parser):
    found = _parsed(real_parser, "I work for Aviva in their Norwich office")
    assert not any(p in ("in", "at", "for") for _, p, _ in found)
    assert ("user", "work_in", "Norwich office") in found  # the verb stays in the attribute


# -- values that name nothing: what a thing is doing, a word said against another value, a compound's head ---------

def test_what_a_thing_is_doing_is_no_value_of_it():
    assert implausible_value("boiler", "making a funny noise")
    assert implausible_value("bathroom_fan", "rattling")
    assert implausible_value("roses", "finally blooming")
    assert not any(p == "boiler" for _, p, _ in _facts("Our boiler is rattling again."))


def test_an_activity_in_ing_is_still_the_value_of_an_attribute_that_holds_one():
    assert not implausible_value("hobby", "knitting")
    assert not implausible_value("main_thing", "running")
    assert not implausible_value("favorite:meal", "stuffing")  # a thing in -ing, no verb


def test_a_word_said_against_another_value_names_none():
    assert implausible_value("email_address", "the same")
    assert implausible_value("likes", "most")
    assert not implausible_value("email_address", "sam@example.org")


def test_a_compound_is_its_last_noun():
    assert implausible_value("phone", "phone charger")
    assert not implausible_value("phone", "Pixel 8")


# -- a doing is what a thing is doing, never what the user likes doing ---------------------------------------------

def test_a_progressive_is_no_value_of_a_thing():
    assert implausible_value("boiler", "making a funny noise again")
    assert implausible_value("roses", "finally flowering")


@pytest.mark.parametrize("text, value", [("I like cycling on weekends.", "cycling on weekends"),
                                         ("I enjoy rowing on Saturday mornings.", "rowing on Saturday mornings"),
                                         ("I hate ironing.", "ironing")])
def test_what_the_user_likes_or_hates_doing_is_still_a_fact(text, value):
    assert value in {v for _, _, v in _facts(text)}
    assert not implausible_value("likes", "cycling on weekends")
