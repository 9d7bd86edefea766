"""Regular things said by their slot (issue 12, round 11): a train known by its departure time, a lesson or a
practice by its weekday, and the changes of those (retimed, given up, one occasion cancelled).

Sentences written for these tests, in other words than the changes2 pools (other places, times, activities).
"""
from __future__ import annotations

import pytest

from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.extraction import extract, sentences
from memory_core.facts.occurrences import occasion_value
from memory_core.facts.parse_extractor import parsed_candidates


def _triples(text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value) for c in extract(text)}


@pytest.mark.parametrize("text, predicate, value", [
    ("I get the 8:12 to Bristol Temple every weekday, same carriage, same seat.", "usual train",
     "the 8:12 to Bristol Temple"),
    ("im on the 17:05 from Crewe most days so text me after six", "usual train", "the 17:05 from Crewe"),
    ("We catch the 7:50 bus to Harrogate every morning with the kids.", "usual bus", "the 7:50 bus to Harrogate"),
])
def test_the_usual_service_by_its_departure_time(text, predicate, value):
    assert ("user", predicate, value) in _triples(text)


@pytest.mark.parametrize("text", [
    "I'm getting the 8:12 to Bristol Temple tomorrow for the interview.",  # one trip
    "My sister gets the 8:12 to Bristol Temple every day.",                # someone else's
    "If I got the 8:12 to Bristol Temple every day I'd never see the kids.",  # a hypothesis
])
def test_no_usual_service_from_one_trip_someone_else_or_a_hypothesis(text):
    assert not any(p and p.startswith("usual") for _, p, _ in _triples(text))


@pytest.mark.parametrize("attribute, value, one_occasion", [
    ("violin lesson", "Monday at 4pm", False),   # a lesson said by what is learnt: a series, its slot
    ("swimming_lesson", "Friday 5:30", False),
    ("first lesson", "Tuesday", True),           # one lesson
    ("lesson", "Tuesday", True),
    ("dinner", "Friday at 8", True),
])
def test_a_lesson_by_its_subject_is_a_series(attribute, value, one_occasion):
    assert occasion_value(attribute, value) is one_occasion


def test_someone_has_a_practice_on_a_weekday(real_parser):
    found = {(c.subject, c.predicate, c.value) for c in parsed_candidates(
        real_parser, "My daughter has netball practice on Thursdays after school.")}
    assert ("daughter", "netball_practice", "Thursdays") in found


def _changes(text: str, value: str, predicate: str = "usual train") -> list[tuple[str, str | None]]:
    known = [KnownFact(1, "user", predicate, value, "chat-a", "2025-01-01T10:00:00+00:00", "routine")]
    return [(c.old.value, c.value) for c in detect_changes(list(sentences(text)), known, "chat-b")]


def test_a_retimed_service_is_succeeded_by_its_new_time_past_a_later_hedge():
    text = "The 8:12 to Bristol Temple has moved, it's the 8:40 to Bristol Temple now, so a lie-in I suppose."
    assert _changes(text, "the 8:12 to Bristol Temple") == [("the 8:12 to Bristol Temple", "8:40")]


def test_a_time_is_succeeded_by_a_time_not_by_a_description():
    text = ("Gave up on the 8:12 to Bristol Temple, standing room only every day. "
            "I get the 8:40 to Bristol Temple instead, it's nearly empty.")
    assert _changes(text, "the 8:12 to Bristol Temple") == [("the 8:12 to Bristol Temple", "8:40")]


def test_not_setting_foot_somewhere_ends_it():
    text = "Since we got the dog I haven't set foot in Iron Temple Gym, and I don't miss it."
    assert _changes(text, "Iron Temple Gym", "gym") == [("Iron Temple Gym", None)]


@pytest.mark.parametrize("text", [
    "The 8:12 to Bristol Temple was cancelled again this morning, forty minutes on the platform.",
    "The 8:12 to Bristol Temple got cancelled today because of the strike.",
])
def test_one_cancelled_occasion_keeps_the_usual_service(text):
    assert _changes(text, "the 8:12 to Bristol Temple") == []


def test_a_cancellation_with_no_occasion_still_ends_it():
    assert _changes("They've cancelled the 8:12 to Bristol Temple for good.", "the 8:12 to Bristol Temple") == [
        ("the 8:12 to Bristol Temple", None)]


# -- an activity gone to at a named place; a relation "at" a place is no value of the relation --------------------
@pytest.mark.parametrize("text, attribute, value", [
    ("I go to zumba at Move Studio twice a week.", "zumba", "Move Studio"),
    ("I'm going to pottery in Clay Corner since last year, every Thursday.", "pottery", "Clay Corner"),
])
def test_an_activity_gone_to_as_a_habit_at_a_named_place(real_parser, text, attribute, value):
    found = {(c.subject, c.predicate, c.value) for c in parsed_candidates(real_parser, text)}
    assert ("user", attribute, value) in found


def test_no_activity_place_from_one_outing(real_parser):
    found = {c.value for c in parsed_candidates(real_parser, "I went to zumba at Move Studio yesterday.")}
    assert "Move Studio" not in found


def test_pilates_keeps_its_s(real_parser):
    found = {(c.predicate, c.value) for c in parsed_candidates(real_parser, "I do pilates at Core Studio on Tuesdays.")}
    assert ("pilates", "Core Studio") in found


def test_a_relation_at_a_place_is_not_the_relation(real_parser):
    """"my dad is at Fernlea now": the father is not called Fernlea."""
    found = {(c.subject, c.predicate, c.value) for c in parsed_candidates(real_parser, "My dad is at Fernlea now.")}
    assert not any(value == "Fernlea" and predicate in ("father", "dad") for _, predicate, value in found)


@pytest.mark.parametrize("text, value", [
    ("i car share with Priya Nair to work, she drives mondays", "Priya Nair"),
    ("We carpool with the Okonkwos on school days.", "Okonkwos"),
])
def test_who_the_user_car_shares_with(text, value):
    found = _triples(text)
    assert ("user", "car share", value) in found
    assert not any(p == "car" for _, p, _ in found)  # "car share" is no car called Priya Nair


@pytest.mark.parametrize("attribute, value", [("dinner", "six"), ("dinner", "by seven"), ("party", "eight")])
def test_a_time_said_in_words_is_one_occasion_for_an_occasion_noun(attribute, value):
    """"I need dinner on the table by six": the user's dinner is not "six"."""
    assert occasion_value(attribute, value)


def test_a_medicine_is_succeeded_by_the_medicine_started_next():
    assert _changes("I came off lisinopril in March. Started on losartan last week.", "lisinopril",
                    "medication") == [("lisinopril", "losartan")]


def test_a_measure_is_succeeded_by_the_other_measure_in_its_unit():
    text = "The nurse said 10,000 steps was too much after the op, so the watch is set to 6,000 steps."
    assert _changes(text, "10,000 steps", "step goal") == [("10,000 steps", "6,000 steps")]


def test_beating_anything_the_old_one_offered_is_a_switch():
    text = "Our broker found a five-year fix at Skipton that beat anything Barclays would offer, so we took it."
    assert _changes(text, "Barclays", "mortgage") == [("Barclays", "Skipton")]


def test_a_named_thing_had_every_morning_is_no_activity():
    """"I have The Observer every Sunday": the user has The Observer, no schedule of an activity called "observer"."""
    found = _triples("I have The Observer every Sunday.")
    assert not any(p and p.startswith("schedule:") for _, p, _ in found)
    assert ("user", "named_act:have", "The Observer") in found
    assert ("user", "schedule:yoga", "Tuesday") in _triples("I have yoga every Tuesday.")


def test_this_week_is_no_habit(real_parser):
    found = {c.value for c in parsed_candidates(real_parser, "I'm going to pottery at Clay Corner this week.")}
    assert "Clay Corner" not in found
