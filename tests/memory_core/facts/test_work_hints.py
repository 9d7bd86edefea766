"""Work said in passing: a workmate at a firm, a shift at it, a working life "as a" role, a role "by trade", study
by its lectures; each with the controls that must give no work (an old job, a supposition, a question, a denial,
an ending, volunteering)."""
from __future__ import annotations

import pytest

from memory_core.facts.reading import reading_text
from memory_core.facts.work_hints import work_hint_candidates
from tests.memory_core.facts.helpers import facts_after, read_facts


def _hints(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in work_hint_candidates([reading_text(text)])}


@pytest.mark.parametrize("text, expected", [
    ("My boss at Tesco said I can have Friday off.", ("user", "works_at", "Tesco")),
    ("My colleagues at Deloitte are taking me out for lunch.", ("user", "works_at", "Deloitte")),
    ("my line manager at Argos wants the rota by Monday", ("user", "works_at", "Argos")),
    ("after my shift at Asda I'm shattered", ("user", "works_at", "Asda")),
    ("I'm on nights at the Royal Infirmary all week so sleep is a mess", ("user", "works_at", "Royal Infirmary")),
    ("My husband is on nights at the Royal Infirmary this week.", ("spouse", "works_at", "Royal Infirmary")),
    ("Romy's manager at Hilton sent us a big fruit basket.", ("Romy", "works_at", "Hilton")),
    ("Priya's on a late at Sainsbury's tonight so I'm doing bedtime.", ("Priya", "works_at", "Sainsbury")),
    ("My first week as a paramedic was brutal.", ("user", "job_title", "paramedic")),
    ("In my twenty years as a nurse I've never seen a winter like this.", ("user", "job_title", "nurse")),
    ("My brother can't make Saturday because it's his busiest day as a barber.", ("brother", "job_title", "barber")),
    ("My sister and her husband came over, her job as a teacher keeps her busy.", ("sister", "job_title", "teacher")),
    ("My lectures at Kings start at 9 so I can't do mornings.", ("user", "university", "Kings")),
    ("my daughter's dissertation at Exeter is due in May", ("daughter", "university", "Exeter")),
    ("I'm a plumber by trade.", ("user", "job_title", "plumber")),
    ("My brother is an electrician by trade.", ("brother", "job_title", "electrician")),
    ("junior accountant by day, dj by night haha", ("user", "job_title", "junior accountant")),
])
def test_work_said_in_passing_is_read(real_parser, text, expected):
    assert expected in _hints(text)
    assert expected in read_facts(text, real_parser)


@pytest.mark.parametrize("text", [
    "My old boss at Tesco rang me.",  # an old job
    "My boss at Tesco sacked me today.",  # an ending
    "If I got a job as a nurse I'd be happy.",  # a supposition
    "Back when I was a nurse my shifts at St James were awful.",  # the past
    "I might be on nights at the Royal Infirmary next month.",  # a hedge
    "My shift at Oxfam is on Saturdays, I volunteer there.",  # volunteering, no job
    "Can my manager at Tesco stop me taking leave?",  # a question
    "I'm not on a late at Tesco this week.",  # a denial
    "I'm on an early at the hospital tomorrow.",  # no firm named
    "She dressed as a pirate for the party.",  # no role of work
    "My first year as a mum has been hard.",  # a mother is no job
    "My brother and my sister argue, his job as a chef is the reason.",  # "his": the sentence names no one man alone
    "I applied for a job as a nurse at St James.",  # an application
    "My spin class at PureGym was packed.",  # a class is no lecture
    "My dad was a miner by trade.",  # the past
    "Is he a plumber by trade?",  # a question
    "Went by day trip to York.",  # no role
])
def test_no_work_where_the_phrase_holds_none(text):
    assert _hints(text) == set()


def test_a_first_name_the_ledger_knows_is_filed_under_its_relation(store, real_parser):
    held = facts_after(store, real_parser, "My wife is called Lorraine.",
                       "Lorraine's on a late at PwC tonight so it's me on bath duty.")
    assert ("spouse", "works_at", "PwC") in held, held


def test_the_work_said_in_passing_is_retired_by_leaving(store, real_parser):
    held = facts_after(store, real_parser, "My boss at Tesco said I can have Friday off.",
                       "I've left Tesco, I start at Aldi on Monday.")
    assert ("user", "works_at", "Aldi") in held and ("user", "works_at", "Tesco") not in held, held


def test_work_read_by_another_layer_is_not_read_twice(real_parser):
    facts = read_facts("My wife Lorraine works at PwC, and her boss at PwC is lovely.", real_parser)
    assert [f for f in facts if f[1] == "works_at"] == [("spouse", "works_at", "PwC")], facts


@pytest.mark.parametrize("text", [
    "Met my manager at Costa for a coffee.",  # where they met
    "Lunch with my colleagues at Nandos today.",
    "In my years as a teenager I smoked.",  # no work
    "My first year as a parent was hard.",
    "Our team at The Crown won the quiz again!",  # a quiz team
    "We're on two nights at the Premier Inn in York.",  # a stay
])
def test_no_work_where_the_firm_is_a_meeting_place_or_the_role_no_job(text):
    assert _hints(text) == set()
