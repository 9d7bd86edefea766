"""Facts a user would miss or see wrong (issue 12), each read by a general rule of English: a job said as the person
who does it ("my job is a locksmith"), an appositive that names a thing said only by its kind ("a laptop, a Lenovo
Yoga"), a name set beside "my <kind>," ("my club, Harrow Hill Athletic"), and a negation that denies only its own
clause. Sentences written for these tests, with counter-examples for each rule."""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.extraction import extract
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.frame_words import names_a_role
from memory_core.ingest import ingest_message


def asserted(text: str) -> set[tuple[str, str]]:
    return {(c.predicate, c.value) for c in extract(text) if c.op == "assert" and c.value}


# -- the job said as the person who does it ----------------------------------------------------------------
@pytest.mark.parametrize("text, title", [
    ("My job is a locksmith.", "locksmith"),
    ("My job's an optician these days.", "optician"),
    ("my day job is a paralegal at a firm in town", "paralegal"),
    ("My new job is a school librarian.", "school librarian"),
    ("My job is a nurse at the Royal Infirmary.", "nurse"),
    ("I'm working as a welder.", "welder"),
    ("I've been employed as a sous chef since March.", "sous chef"),
    ("I currently work as a dog groomer.", "dog groomer"),
])
def test_my_job_is_a_role_noun_is_the_job_title(text, title):
    assert ("job_title", title) in asserted(text)


@pytest.mark.parametrize("text", [
    "My job is a nightmare.",
    "my job's a total joke lol",
    "My job is a disaster this month.",
    "My job is an improvement on the last one.",
    "My job is exhausting.",
    "My job is not a locksmith.",
    "My brother's job is a locksmith.",
    "I'm working as a team on the launch.",
    "I'm working as fast as I can.",
])
def test_my_job_rated_denied_or_someone_elses_is_no_job_title(text):
    assert not any(p == "job_title" for p, _ in asserted(text))


def test_a_role_noun_by_its_agent_suffix_or_as_a_plain_role():
    assert all(names_a_role(p) for p in ("welder", "florist", "electrician", "accountant", "chef", "midwife"))
    assert not any(names_a_role(p) for p in ("nightmare", "killer", "improvement", "lot of admin", "pain"))


def test_my_job_at_a_place_stays_the_workplace():
    assert ("works_at", "Halfords") in asserted("My job is at Halfords.")


# -- an appositive names a thing said by its kind ----------------------------------------------------------
@pytest.mark.parametrize("text, fact", [
    ("I have a laptop, a Lenovo Yoga.", ("laptop", "Lenovo Yoga")),
    ("I bought a car, a battered old Skoda Fabia, last spring.", ("car", "Skoda Fabia")),
    ("I got a new phone, a Pixel 9.", ("phone", "Pixel 9")),
])
def test_an_appositive_after_a_kind_noun_is_the_things_name(text, fact):
    found = asserted(text)
    assert fact in found and (fact[0], fact[0]) not in found


@pytest.mark.parametrize("text", [
    "I have a car, a shed and a greenhouse.",  # a list of things, not the car's name
    "I have a car, Priya doesn't.",  # a clause
    "I have a phone, a cheap one.",  # no name
])
def test_a_list_or_a_clause_after_a_kind_noun_names_nothing(text):
    assert not any(value[:1].isupper() for _, value in asserted(text))


# -- "my <kind>, <Name>" -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text, fact", [
    ("Sunday league with my club, Harrow Hill Athletic.", ("club", "Harrow Hill Athletic")),
    ("Dropped in at my bank, Bank of Scotland.", ("bank", "Bank of Scotland")),
    ("Gigging tonight with my band, The Velvet Owls.", ("band", "The Velvet Owls")),
])
def test_a_name_set_beside_my_kind_is_its_value(text, fact):
    assert fact in asserted(text)


def test_my_kind_then_a_description_is_no_name():
    assert not any(p == "band" for p, _ in asserted("My band, the one from college, split up."))


# -- a negation denies its own clause ----------------------------------------------------------------------
def test_a_negation_in_another_clause_leaves_the_cued_fact():
    assert ("gym", "Iron Temple") in asserted("Not a morning person, but gym sessions at Iron Temple keep me sane.")


def test_in_a_sentence_that_denies_a_name_and_a_cue_in_different_clauses_are_no_pair():
    said = "The office relocated to Slough, so I commute on foot now, the bus doesn't run any more."
    assert ("commute", "Slough") not in asserted(said)


@pytest.mark.parametrize("text", [
    "I never go to the gym at Iron Temple.",
    "Iron Temple gym isn't for me.",
])
def test_a_negation_over_the_value_and_its_cue_blocks_it(text):
    assert not any(p == "gym" for p, _ in asserted(text))


# -- through the fact pass, with the real parser -----------------------------------------------------------
def _say(store, parser, text: str) -> None:
    ingest_message(store, "chat", "user", text, at=parse_iso("2025-03-01T10:00:00+00:00"))
    run_fact_pass(store, parser=parser)


def test_the_fact_pass_stores_the_role_and_the_named_thing(store, real_parser):
    _say(store, real_parser, "My job is a locksmith.")
    _say(store, real_parser, "I have a laptop, a Lenovo Yoga.")
    current = {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert ("job_title", "locksmith") in current and ("laptop", "Lenovo Yoga") in current
    assert ("laptop", "laptop") not in current
