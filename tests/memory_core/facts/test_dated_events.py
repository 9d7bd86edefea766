"""Dated things in a person's life through the real store and fact pass: stated, moved, cancelled and
rebooked, corrected; and what must change nothing (a question, a hedge, a denial, a past one-off, another
event's date, someone else's event).

The sentences are written for these tests, not taken from any bench set. The pass runs without the
dependency parser unless a test says otherwise (``MNEME_NO_PARSER=1`` is that path).
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.ingest import ingest_message

DAY = "2025-{:02d}-{:02d}T10:00:00+00:00"


def say(store, text, month=1, day=1, thread="t", parser=None):
    ingest_message(store, thread, "user", text, at=parse_iso(DAY.format(month, day)))
    run_fact_pass(store, parser=parser)


def dated(store):
    """Current ``plan:`` facts as (subject, predicate, value)."""
    return {(f.subject, f.predicate, f.value) for f in facts.current_facts(store) if f.predicate.startswith("plan:")}


def successor_of(store, value):
    fact = next(f for f in facts.current_facts(store) if f.value == value)
    return facts.get_fact(store, fact.supersedes).value if fact.supersedes else None


@pytest.mark.parametrize("text, expected", [
    ("Nan's cataract op = 14 March.", ("grandmother", "plan:cataract_operation", "14 March")),
    ("Hearing test for me on 2 April, finally.", ("user", "plan:hearing_test", "2 April")),
    ("Our Rosa's christening is on the 9th of August", ("Rosa", "plan:christening", "9th of August")),
    ("van MOT due 30 October, must book it", ("user", "plan:van_MOT", "30 October")),
    ("Mairead from work is getting married on June 21st.", ("Mairead", "plan:wedding", "June 21st")),
    ("Booked the boiler service for 3rd November.", ("user", "plan:boiler_service", "3rd November")),
])
def test_a_dated_event_is_a_fact_of_its_owner(store, text, expected):
    say(store, text)
    assert expected in dated(store)


def test_the_fact_reads_as_a_sentence_with_its_date(store):
    say(store, "Nan's cataract op = 14 March.")
    say(store, "Mairead from work is getting married on June 21st.", 1, 2)
    texts = {f.text for f in facts.current_facts(store)}
    assert "The user's grandmother's cataract operation is on 14 March." in texts
    assert "Mairead's wedding is on June 21st." in texts


@pytest.mark.parametrize("text", [
    "Is my scan on 11 March?",                                # a question
    "If the scan is on 11 March I'll take the train.",       # a hypothetical
    "My scan isn't on 11 March.",                             # a denial
    "I had my scan on 11 March last year.",                   # a past one-off
])
def test_unasserted_dates_neither_state_nor_move(store, text):
    say(store, "My scan is on 4 March.", 1)
    say(store, text, 2)
    assert dated(store) == {("user", "plan:scan", "4 March")}


@pytest.mark.parametrize("first, later, old, new", [
    ("My dad's hip op is on 11 March.", "They've pushed dad's op back to 25 March.", "11 March", "25 March"),
    ("Citizenship ceremony for me on 5 February.", "The ceremony is now the 19th of February instead.",
     "5 February", "19th of February"),
    ("My viva is on 17 September.", "Sorry, I meant 27 September for the viva, not 17 September.",
     "17 September", "27 September"),
    ("Piano exam for me on 2 May.", "Piano exam moved from 2 May to 16 May, the examiner is ill.", "2 May", "16 May"),
])
def test_a_new_date_for_the_same_event_supersedes_the_old(store, first, later, old, new):
    say(store, first, 1)
    say(store, later, 2)
    held = {value for _, _, value in dated(store)}
    assert old not in held and new in held, held
    assert successor_of(store, new) == old


def test_a_cancelled_event_rebooked_in_the_next_sentence_keeps_its_owner(store):
    say(store, "Gran's scan is on 8 April.", 1)
    say(store, "The 8 April scan got cancelled. New date for gran: 29 April.", 2)
    assert dated(store) == {("grandmother", "plan:scan", "29 April")}
    assert successor_of(store, "29 April") == "8 April"


def test_an_event_rebooked_without_its_owner_changes_the_owner_s_fact(store):
    say(store, "Oisin's driving test is on 4 June.", 1)
    say(store, "The driving test got moved, they rebooked it for 18 June.", 2)
    assert ("Oisin", "plan:driving_test", "18 June") in dated(store)
    assert "4 June" not in {value for _, _, value in dated(store)}


def test_another_event_s_date_retires_nothing(store):
    say(store, "My hearing test is on 2 April.", 1)
    say(store, "My driving lesson is on 9 April.", 2)
    assert {("user", "plan:hearing_test", "2 April"), ("user", "plan:driving_lesson", "9 April")} <= dated(store)


def test_someone_else_s_same_event_retires_nothing(store):
    say(store, "My eye test is on 2 April.", 1)
    say(store, "My husband's eye test is on 20 April.", 2)
    assert {("user", "plan:eye_test", "2 April"), ("spouse", "plan:eye_test", "20 April")} <= dated(store)


def test_the_parse_reads_an_event_said_by_its_verb(store, real_parser):
    say(store, "My sister gets married on 3 August.", parser=real_parser)
    say(store, "Dad is being operated on 4 March at the Royal.", 1, 2, parser=real_parser)
    assert {("sister", "plan:wedding", "3 August"), ("father", "plan:operation", "4 March")} <= dated(store)


def test_two_tests_are_two_events(store):
    say(store, "My eye test is on 2 April.", 1)
    say(store, "My driving test is on 9 April.", 2)
    assert {("user", "plan:eye_test", "2 April"), ("user", "plan:driving_test", "9 April")} <= dated(store)
