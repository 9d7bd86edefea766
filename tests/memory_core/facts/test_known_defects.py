"""Junk facts of known kinds, in our own wording: a value running into the next clause's "I", an adverb shouted in
capitals read as a name, the user's own job title read as someone in a role, a person placed by a preposition read as
someone else's news, and a capital "The" dropped from a new value on the change paths."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.change_cues import about_someone_else, someone_else_until
from memory_core.facts.cues import cue_candidates, implausible_value, values_of_shape
from memory_core.facts.extraction import extract
from memory_core.facts.frame_words import clean_value
from memory_core.facts.switch_frames import switched_values
from memory_core.ingest import ingest_and_extract

JAN, MAR = (parse_iso(f"2025-{m}-01T10:00:00Z") for m in ("01", "03"))


def _values(store) -> set[tuple[str, str]]:
    return {(f.predicate, f.value) for f in facts.current_facts(store)}


# -- 1. the next clause's "I" is no part of a value ------------------------------------------------------------
def test_a_value_loses_the_pronoun_of_the_clause_after_it():
    assert clean_value("Hull I") == "Hull"
    assert clean_value("Dundee I") == "Dundee"


def test_a_regnal_numeral_is_kept():
    assert clean_value("King Henry I") == "King Henry I"
    assert not implausible_value("favorite:king", "Queen Elizabeth I")


def test_a_value_ending_in_the_pronoun_is_implausible_from_any_layer():
    assert implausible_value("brother_lives_in", "Hull I")
    assert implausible_value("gym", "Core Fitness I")
    assert not implausible_value("gym", "Core Fitness")


# -- 2. a shouted adverb is no name -----------------------------------------------------------------------------
def test_an_adverb_in_capitals_is_no_name():
    assert values_of_shape("our Virgin router dropped out AGAIN", "name") == [(4, "Virgin")]
    assert values_of_shape("the boiler is STILL broken", "name") == []
    assert values_of_shape("NEVER flying Ryanair", "name") == [(13, "Ryanair")]


def test_an_acronym_that_is_no_adverb_stays_a_name():
    assert values_of_shape("our broadband is from EE", "name") == [(22, "EE")]
    assert values_of_shape("We use BT for broadband", "name") == [(7, "BT")]


def test_an_adverb_is_no_value_of_any_attribute():
    assert implausible_value("internet", "again")
    assert implausible_value("bank", "ALWAYS")
    assert not implausible_value("internet", "Virgin Media")


def test_a_shouted_complaint_about_a_provider_stores_no_adverb(store):
    ingest_and_extract(store, "t", "user", "Our internet provider is Plusnet.", at=JAN)
    ingest_and_extract(store, "t", "user", "Plusnet router dead AGAIN this morning", at=MAR)
    assert not any(value.lower() == "again" for _, value in _values(store))


# -- 3. the user's own role is a job title, not a person in that role ------------------------------------------
def test_the_users_own_title_is_no_manager_of_theirs():
    assert cue_candidates("I'm the night supervisor at the Majestic") == []
    assert cue_candidates("I work as a duty manager at the Grand Hotel") == []
    assert cue_candidates("As a locum dentist at Smile Clinic I move around a lot") == []
    assert not any(c.predicate == "manager" for c in extract("I'm the payroll supervisor at the Regent"))


def test_a_manager_of_the_users_is_still_read():
    assert {(c.predicate, c.value) for c in cue_candidates("my supervisor is Grainne")} == {("manager", "Grainne")}
    assert {(c.predicate, c.value) for c in cue_candidates("I report to Desmond")} == {("manager", "Desmond")}


# -- 4. "my boss at work is X" says who the user's boss is -------------------------------------------------------
def test_a_person_placed_by_a_preposition_and_said_to_be_someone_is_the_users_relation():
    assert not about_someone_else("My manager at the bakery is Olu, very patient")
    assert not about_someone_else("my neighbour across the hall is called Rita")
    assert not about_someone_else("My supervisor on the night shift was Tess")


def test_a_person_placed_by_a_preposition_who_does_something_is_their_news():
    assert about_someone_else("my manager at the bakery quit last week")
    assert about_someone_else("My neighbour across the hall sold her flat")
    assert someone_else_until("my boss at work moved to Leeds") == len("my boss")


# -- 5. a capital "The" of a new value's name is kept ------------------------------------------------------------
def test_a_switch_keeps_the_capital_the_of_the_new_name():
    found = switched_values(["I changed my local from the Plough to The Bell Inn"])
    assert [(c.predicate, c.value) for c in found] == [("local", "The Bell Inn")]


def test_a_change_keeps_the_capital_the_of_the_new_name(store):
    ingest_and_extract(store, "t", "user", "My local is the Plough.", at=JAN)
    ingest_and_extract(store, "t", "user", "Went from the Plough to The Bell Inn, better beer.", at=MAR)
    held = _values(store)
    assert ("local", "The Bell Inn") in held and ("local", "Bell Inn") not in held


def test_a_lowercase_the_is_still_the_sentences(store):
    ingest_and_extract(store, "t", "user", "My local is the Plough.", at=JAN)
    ingest_and_extract(store, "t", "user", "Went from the Plough to the Bell, better beer.", at=MAR)
    assert ("local", "Bell") in _values(store)


def test_a_brand_that_opens_with_a_capitalised_adverb_keeps_it():
    assert values_of_shape("we watch the racing on NOW TV", "name") == [(23, "NOW TV")]
    assert values_of_shape("ordering from JUST EAT tonight", "name") == [(14, "JUST EAT")]


# -- found in ordinary chat: "my neighbour's dog ..." is the neighbour's dog, not who the neighbour is ----------
def test_a_persons_possession_is_not_the_person():
    for said in ("My flatmate's cat sleeps on the stairs", "my landlord's van blocks the drive every Friday",
                 "My cousin's band plays tonight"):
        assert not any(c.predicate in ("flatmate", "landlord", "cousin") for c in extract(said)), said


def test_who_a_person_is_after_an_is_contraction_is_still_read():
    assert ("landlord", "Mr Osei") in {(c.predicate, c.value) for c in extract("my landlord's Mr Osei")}
    assert ("flatmate", "Priya") in {(c.predicate, c.value) for c in extract("my flatmate's called Priya")}


def test_a_visit_to_someone_in_a_role_is_not_holding_it():
    assert {(c.predicate, c.value) for c in cue_candidates("I'm seeing the barber, Tomasz")} == {("barber", "Tomasz")}
    assert {(c.predicate, c.value) for c in cue_candidates("I'm off to the barber Tomasz")} == {("barber", "Tomasz")}
    assert cue_candidates("I'm a barber at Sharp Cuts") == []
