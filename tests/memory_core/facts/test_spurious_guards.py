"""Guards on the loose layers (a named value beside a cue word, lexicon values, rule values): junk they no longer
make, and the facts a general English construction now lets them keep. Wordings are our own, not the evaluations'."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.change_cues import about_someone_else
from memory_core.facts.cues import cue_candidates, values_of_shape
from memory_core.facts.extraction import extract
from memory_core.ingest import ingest_and_extract

JAN = parse_iso("2025-01-01T10:00:00Z")


def _pairs(candidates) -> set[tuple[str, str | None]]:
    return {(c.predicate, c.value) for c in candidates if c.op == "assert"}


# -- a month or a weekday is when, never what -------------------------------------------------
def test_a_month_or_a_weekday_is_no_name_value():
    named = [value for _, value in values_of_shape("The choir meets on Wednesdays at Hill Hall until August.", "name")]
    assert named == ["Hill Hall"]


def test_a_cue_beside_a_month_makes_no_fact():
    assert cue_candidates("Driving lessons start in September, finally.") == []
    assert cue_candidates("my dentist moved me from 2 April to 30 April") == []


def test_a_name_that_holds_a_month_is_still_a_name():
    assert [v for _, v in values_of_shape("We always eat at August Moon on Fridays", "name")] == ["August Moon"]


# -- a cue word is the attribute, not its value ---------------------------------------------------
def test_a_value_that_is_the_cue_word_itself_is_dropped():
    assert cue_candidates("The surgery found me a GP close to work.") == []
    assert _pairs(cue_candidates("My GP is Dr Mensah, lovely woman.")) == {("doctor", "Mensah")}


# -- a possessive presupposes: reports and conditions do not take "my X" back ---------------------
def test_my_device_inside_a_report_is_still_the_users():
    said = "My brother told me my Volvo V40 needs new tyres."
    assert _pairs(cue_candidates(said)) == {("car", "Volvo V40")}


def test_a_device_without_my_inside_a_report_stays_out():
    assert cue_candidates("My brother told me the Volvo V40 needs new tyres.") == []
    assert cue_candidates("My brother says his Volvo V40 needs new tyres.") == []


# -- "here" points at the place the sentence names -------------------------------------------------
def test_living_here_is_the_place_named_after_in():
    assert ("lives_in", "Bristol") in _pairs(extract("The coffee in Bristol is great and I like living here."))
    assert not any(value and value.endswith("here") for _, value in _pairs(
        extract("The coffee in Bristol is great and I like living here.")))


def test_living_here_without_a_place_or_about_someone_else_is_nothing():
    assert _pairs(extract("Honestly I love living here.")) == set()
    assert cue_candidates("My cousin Jo loves living here.") == []


# -- a company name does not run on into "and I" ---------------------------------------------------
def test_an_organisation_stops_before_and_i():
    found = _pairs(extract("My old teammates invited me to join Northwind Labs and I agreed."))
    assert ("works_at", "Northwind Labs") in found


def test_an_organisation_keeps_its_own_and():
    assert ("works_at", "Marks and Spencer") in _pairs(extract("I joined Marks and Spencer in spring."))


# -- "it's my favourite drink": the antecedent in the words before ---------------------------------
def test_its_my_favourite_takes_the_one_value_named_before():
    found = _pairs(extract("Do you know a good recipe for chai? It's my favourite drink."))
    assert ("favorite:drink", "chai") in found


def test_its_my_favourite_with_two_candidates_before_is_nothing():
    found = _pairs(extract("Chai or matcha this morning? It's my favourite drink."))
    assert not any(p == "favorite:drink" for p, _ in found)


# -- a capital after a person noun is their name, not the verb ------------------------------------
def test_a_named_relation_with_is_is_the_users_relation():
    assert not about_someone_else("my landlord Graham is visiting on Friday")
    assert about_someone_else("My landlord Graham sold the building.")


def test_a_named_boss_on_leave_is_kept_in_the_ledger(store):
    ingest_and_extract(store, "t", "user", "my manager Priyanka is off sick this week", at=JAN)
    assert ("user", "manager", "Priyanka") in {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}


def test_with_the_real_parser_junk_stays_out_and_the_facts_land(store, real_parser):
    ingest_and_extract(store, "t", "user", "Parking in Leeds is a nightmare but I love living here.", at=JAN,
                       parser=real_parser)
    ingest_and_extract(store, "t", "user", "The garage says my Skoda Fabia needs a new clutch.", at=JAN,
                       parser=real_parser)
    held = {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert any(value == "Leeds" for _, value in held)
    assert any(value == "Skoda Fabia" for _, value in held)
    assert not any("here" in value for _, value in held)
