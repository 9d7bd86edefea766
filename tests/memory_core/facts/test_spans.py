"""Wrong spans and junk in stored facts (issue 12), each fixed by a pattern of English and tested in our own
words: a finite verb is no part of a value, a dropped-subject verb opens a diary sentence, a title opens a person's
name, a capital "The" of a name the sentence predicates about, a first-person role at a named place, a cue word
after "is a" classifies, and the parse's name modifiers of works, plurals and someone else's labels."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.cues import cue_candidates, values_of_shape
from memory_core.facts.extraction import extract, role_workplace
from memory_core.facts.frame_words import clean_value, opening_verb, person_by_title
from memory_core.facts.new_values import whole_name
from memory_core.facts.parse_extractor import parsed_candidates
from memory_core.ingest import ingest_and_extract

JAN, MAR = (parse_iso(f"2025-{m}-01T10:00:00Z") for m in ("01", "03"))


def _current(store) -> set[tuple[str, str]]:
    return {(f.predicate, f.value) for f in facts.current_facts(store)}


def _rules(text: str) -> set[tuple[str, str | None]]:
    return {(c.predicate, c.value) for c in extract(text)}


def _parsed(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value) for c in parsed_candidates(parser, text)}


# -- 1. a finite "be"/"have" ends a value; "for" a month says when ---------------------------------------------
def test_a_trailing_finite_verb_is_no_part_of_the_value():
    assert clean_value("Leeds is") == "Leeds"
    assert clean_value("March were") == "March"
    assert clean_value("October are sorted") == "October"
    assert clean_value("The Rest Is History") == "The Rest Is History"
    assert clean_value("Florence and the Machine") == "Florence and the Machine"


def test_tickets_for_a_month_do_not_succeed_a_favourite(store):
    ingest_and_extract(store, "t", "user", "My favourite singer is Adele.", at=JAN)
    ingest_and_extract(store, "t", "user", "Adele seats for October are sorted!", at=MAR)
    held = _current(store)
    assert ("favorite:singer", "Adele") in held, held
    assert not any(value.startswith("October") for _, value in held), held


def test_a_month_booked_for_is_no_dated_event(real_parser):
    assert not any(v == "October" for _, _, v in _parsed(real_parser, "Glastonbury passes for October are sorted!"))
    assert ("user", "eye_test", "3 June") in _parsed(real_parser, "eye test on 3 June")


# -- 2. a diary sentence's verb is no part of a name -------------------------------------------------------------
def test_a_dropped_subject_verb_opens_the_sentence():
    assert opening_verb("Polished the Toyota Yaris on Sunday") == (0, 8)
    assert opening_verb("Gave the cat her pills") == (0, 4)
    assert opening_verb("Biscuit the beagle is three") is None  # a name, not a verb form
    assert opening_verb("Parked in town") is None  # no determiner after it


def test_the_verb_before_a_car_is_left_out_of_its_name():
    assert values_of_shape("Polished the Toyota Yaris on Sunday", "name") == [(13, "Toyota Yaris")]
    assert [(c.predicate, c.value) for c in cue_candidates("Polished the Toyota Yaris on Sunday")] == \
        [("car", "Toyota Yaris")]


def test_the_verb_before_an_animal_is_no_pet_name():
    assert not any(p == "pet" for p, _ in _rules("Gave the cat her pills and went to work."))
    assert not any(p == "pet" for p, _ in _rules("Brushed the spaniel after the beach."))
    assert ("pet", "Biscuit") in _rules("Biscuit the beagle is three today.")


# -- 3. a title opens a person's name ---------------------------------------------------------------------------
def test_a_role_before_a_title_and_a_place_after_the_name_are_not_the_person():
    assert person_by_title("dentist Dr Mensah") == "Dr Mensah"
    assert person_by_title("Mrs Begum at the Grove surgery") == "Mrs Begum"
    assert person_by_title("Dr Mensah") == "Dr Mensah"
    assert clean_value("Bank of Scotland") == "Bank of Scotland"


def test_the_doctor_is_the_titled_name(store):
    ingest_and_extract(store, "t", "user", "Seeing my physio Ms Adebayo on Thursday", at=JAN)
    ingest_and_extract(store, "t", "user", "My optician is Mr Kaur in the high street.", at=JAN)
    held = _current(store)
    assert ("optician", "Mr Kaur") in held, held
    assert not any(value.startswith("physio ") for _, value in held), held


# -- 4. a preference between two named things ---------------------------------------------------------------------
def test_the_one_preferred_keeps_its_capital_the_and_reads_as_a_verb(real_parser):
    found = _parsed(real_parser, "I prefer The Observer to the Telegraph")
    assert ("user", "prefer", "The Observer") in found, found
    assert facts.fact_text("user", "prefer", "The Observer") == "The user prefers The Observer."


# -- 5. a sentence-initial "The" before a name the sentence predicates about ------------------------------------
def test_a_sentence_initial_the_is_the_names_when_the_sentence_says_something_of_it():
    assert whole_name("The Swan has a beer garden.", "Swan") == "The Swan"
    assert whole_name("The Swan's cheaper anyway.", "Swan") == "The Swan"
    assert whole_name("The Swan on Fridays, though.", "Swan") == "Swan"
    assert whole_name("The Pixel 9 beats it easily.", "Pixel 9") == "Pixel 9"  # a model takes no "The" of its own


def test_a_new_local_said_first_in_its_sentence_keeps_the(store):
    ingest_and_extract(store, "t", "user", "Our local is the Plough.", at=JAN)
    ingest_and_extract(store, "t", "user", "Gave up on the Plough. The Swan has a beer garden so we go there now.",
                       at=MAR)
    held = _current(store)
    assert ("local", "The Swan") in held, held


# -- 6. a first-person role at a named place --------------------------------------------------------------------
def test_a_role_at_a_named_place_is_the_workplace():
    assert role_workplace("I'm the night porter at the Grand").value == "Grand"
    assert role_workplace("I'm the sous chef at The Wolseley").value == "The Wolseley"
    assert role_workplace("I'm a regular at the Grand") is None  # using the place, no job
    assert role_workplace("I'm sitting at the Grand") is None  # no role


def test_a_job_title_ends_where_its_place_begins():
    found = _rules("I work as a lab technician at Oxford Instruments")
    assert ("job_title", "lab technician") in found and ("works_at", "Oxford Instruments") in found, found


# -- a cue word after "is a" classifies ----------------------------------------------------------------------------
def test_a_cue_word_after_is_a_classifies_the_subject():
    assert cue_candidates("Ugh, the A12 is a car park again") == []
    assert [(c.predicate, c.value) for c in cue_candidates("Typing this on my Pixel 8 lol")] == [("phone", "Pixel 8")]


# -- the parse: works, plurals, someone else's label, a preposition ------------------------------------------------
def test_a_name_before_a_work_or_a_plural_is_no_attribute(real_parser):
    assert not _parsed(real_parser, "The Kinks biopic on Channel 4 was rubbish.")
    assert not _parsed(real_parser, "Spent all day styling the Tailwind buttons.")
    assert ("user", "bank", "Nationwide") in _parsed(real_parser, "My Nationwide account is overdrawn")


def test_someone_elses_labelled_pet_is_not_the_users(real_parser):
    assert not any(s == "user" for s, _, _ in _parsed(real_parser, "Priya's rabbit Clover escaped last night."))
    assert ("user", "dog", "Clover") in _parsed(real_parser, "our dog Clover escaped last night.") or \
        ("user", "pet", "Clover") in _parsed(real_parser, "our dog Clover escaped last night.")


def test_a_place_after_a_preposition_is_no_label(real_parser):
    assert not any(p == "round" for _, p, _ in _parsed(real_parser, "Jogged the spaniel round Hyde Park."))


def test_a_day_of_a_month_said_with_of(real_parser):
    assert ("Noor", "recital", "2nd of May") in _parsed(real_parser, "Noor's recital is on the 2nd of May.")
