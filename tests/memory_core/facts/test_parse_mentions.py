"""Facts said in passing (``parse_mentions``), with the real spaCy pipeline.

Sentences written for these tests; none is copied from a bench set.
"""
from __future__ import annotations

import pytest

from memory_core.facts.parse_extractor import parsed_candidates


def _facts(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value) for c in parsed_candidates(parser, text)}


@pytest.mark.parametrize("text, expected", [
    # a name that modifies one of the user's nouns: the noun is the attribute
    ("Vodafone signal is awful in the kitchen", ("user", "signal", "Vodafone")),
    ("BT broadband keeps dropping out", ("user", "internet", "BT")),
    # one of the user's people, placed by "in" or by a "where" clause
    ("We fly out to see my dad in Lisbon every spring.", ("father", "lives_in", "Lisbon")),
    ("Every Christmas we drive up to Leeds, where my brother Sam has his house.", ("brother", "lives_in", "Leeds")),
    # where the person is, said inside the noun phrase, holds in a request too, and after "over"
    ("I need to post a parcel to my sister in Dubai.", ("sister", "lives_in", "Dubai")),
    ("My brother over in Toronto sent me a card.", ("brother", "lives_in", "Toronto")),
    # a person named, then given a role by a pronoun
    ("Liam and I go climbing on Fridays; he's my boyfriend.", ("user", "partner", "Liam")),
    ("I met Noor at the allotment years ago. She's my best friend.", ("user", "best_friend", "Noor")),
    # a regular activity named by the noun before "practice", "class", ...
    ("violin practice then dinner", ("user", "practice", "violin")),
    # a name said first, then given its attribute by "that's"
    ("Lisbon Half in May, that's the target, 4 runs a week", ("user", "target", "Lisbon Half")),
    # a habit of going somewhere named
    ("My son goes to Hillcrest Primary.", ("son", "go_to", "Hillcrest Primary")),
    # someone the user names by first name: the fact is theirs
    ("Zara's piano teacher is Mrs Lindqvist.", ("Zara", "piano_teacher", "Mrs Lindqvist")),
    ("Omar works at Arup now.", ("Omar", "works_at", "Arup")),
    # when an event is, said in a note, with "=" or with "is due on"
    ("Jamie's graduation = 14 July", ("Jamie", "graduation", "14 July")),
    ("The van's service is due on 3 March.", ("user", "van_service", "3 March")),
    # what people call the user
    ("everyone at work calls me Duck", ("user", "nickname", "Duck")),
    # a common noun written just before a name, as its label
    ("window cleaner Sparkle Bros coming tmrw", ("user", "window_cleaner", "Sparkle Bros")),
    ("gardener Mossy Greens came round today", ("user", "gardener", "Mossy Greens")),
    # a note that drops the "my", or says the noun before a pronoun
    ("piano tuner is Hal Brandt, he comes in March", ("user", "piano_tuner", "Hal Brandt")),
    ("looked at my mortgage, it's with Halifax, rates are poor", ("user", "mortgage", "Halifax")),
])
def test_said_in_passing(real_parser, text, expected):
    found = _facts(real_parser, text)
    assert expected in found, found


@pytest.mark.parametrize("text", [
    "If I get Sky wifi I'll be happy.",
    "I don't have Sky wifi.",
    "Tom got a Tesla car last week.",
    "Monday meeting ran late",
    "We might visit my aunt in Cork.",
    "Liam and Priya came for dinner; he's my boyfriend.",  # two people named: whose role is unknown
    "I go to Rome in May.",  # one date: a plan, not a habit
    "the Italian textbooks are in a box",  # a nationality is no provider
    "We've been together for three years now.",  # a duration is no date
    "thanks Sam, see you later",  # a greeting is no role
    "I don't use bank Monzo",  # a negation
    "the meeting is with Google",  # a noun with "the" is not a note about the user's own
])
def test_nothing_said_in_passing(real_parser, text):
    found = {f for f in _facts(real_parser, text) if f[2] in ("Sky", "Tesla", "Monday", "Cork", "Liam", "Priya", "Italian", "three years", "Sam",
                                                      "Monzo", "Google")
             or f[1] == "go_to"}
    assert not found, found


def test_named_person_reads_as_their_fact():
    from memory_core.facts.ledger import fact_text
    assert fact_text("Zara", "piano_teacher", "Mrs Lindqvist") == "Zara's piano teacher is Mrs Lindqvist."
    assert fact_text("Omar", "works_at", "Arup").startswith("Omar ")


def test_a_date_said_again_for_the_same_thing_moves_it(store, real_parser):
    """"vet checkup on 3 April", then "vet check now 9 May": the thing's own word ("vet") is shared and both
    values are dates, so the new date replaces the old although the attribute is worded otherwise."""
    from memory_core.clock import parse_iso
    from memory_core.facts import ledger as facts
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.ingest import ingest_message

    ingest_message(store, "t", "user", "My vet checkup is on 3 April.", at=parse_iso("2025-01-01T10:00:00Z"))
    run_fact_pass(store, parser=real_parser)
    ingest_message(store, "t", "user", "vet check on 9 May now, they rang", at=parse_iso("2025-02-01T10:00:00Z"))
    run_fact_pass(store, parser=real_parser)
    values = {f.value for f in facts.current_facts(store)}
    assert "9 May" in values and "3 April" not in values, values


@pytest.mark.parametrize("text, expected", [
    # run-on chat: a request or a worry after a comma, a dash or a semicolon holds up no other statement
    ("small thing before lunch - Ravi's tutor is Mr Osei, can you remind me to pay him", ("Ravi", "tutor", "Mr Osei")),
    ("The trailer's service is due on 9 October; I'll take it in myself.", ("user", "trailer_service", "9 October")),
    ("My oldest and dearest friend is Hamish; we met at school.", ("user", "friend", "Hamish")),
])
def test_run_on_statements_are_read_one_by_one(real_parser, text, expected):
    found = _facts(real_parser, text)
    assert expected in found, found


def test_clauses_keep_the_length_and_the_holds():
    from memory_core.facts.parse_extractor import clauses
    for text in ("my gran's op is on 8 May, shes nervous", "If we move, we'd live in Leeds",
                 "Dr. Patel - my GP", "My mother, she lives in Faro"):
        assert len(clauses(text)) == len(text)
    assert clauses("my gran's op is on 8 May, shes nervous") == "my gran's op is on 8 May. shes nervous"
    assert clauses("If we move, we'd live in Leeds") == "If we move, we'd live in Leeds"  # the condition holds
    assert clauses("Dr. Patel - my GP") == "Dr. Patel - my GP"  # a role and its name
    assert clauses("My mother, she lives in Faro") == "My mother, she lives in Faro"  # the subject picked up


def test_a_parse_value_that_says_more_than_a_rules_value_is_kept():
    from memory_core.facts.candidate import Candidate
    from memory_core.facts.parse_merge import merge_candidates
    rule = Candidate("assert", "user", "car", "June", "Test for driving is on 10 June.")
    parsed = Candidate("assert", "user", "test", "10 June", "Test for driving is on 10 June.")
    part = Candidate("assert", "user", "employer", "Acme", "I left Acme Corp to join Globex.")
    ended = Candidate("retract", "user", None, "Acme Corp", "I left Acme Corp to join Globex.")
    assert parsed in merge_candidates([rule], [parsed])
    assert part not in merge_candidates([ended], [part])  # what the rules ended is not re-added


def test_a_named_person_is_linked_to_their_relation(store, real_parser):
    """"My son Arlo goes to X", then "Arlo goes to Y now": the name the ledger knows as the son makes the new
    school the son's, and replaces the old one; the son's name is not replaced by the school."""
    from memory_core.clock import parse_iso
    from memory_core.facts import ledger as facts
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.ingest import ingest_message

    ingest_message(store, "t", "user", "My son Arlo goes to Brookfield Primary.", at=parse_iso("2025-01-01T10:00:00Z"))
    run_fact_pass(store, parser=real_parser)
    ingest_message(store, "t", "user", "Arlo goes to Kingsway Academy now.", at=parse_iso("2025-06-01T10:00:00Z"))
    run_fact_pass(store, parser=real_parser)
    held = {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}
    assert ("son", "school", "Kingsway Academy") in held and ("user", "son", "Arlo") in held, held
    assert not any(value == "Brookfield Primary" for _, _, value in held), held


@pytest.mark.parametrize("text", [
    "Write a Python function that reverses a list, in a code block.",  # a request to the assistant
    "Can you draft an Excel formula for my budget?",
    "Grabbed a Tesco meal deal for lunch.",  # a new thing, not one of the user's
    "Give me another Netflix recommendation.",
])
def test_a_name_on_a_new_thing_is_no_fact_of_the_users(real_parser, text):
    assert _facts(real_parser, text) == set()


def test_a_name_on_the_users_own_thing_still_is(real_parser):
    assert ("user", "internet", "Zen") in _facts(real_parser, "The Zen wifi is down again.")
    assert ("user", "contract", "Vodafone") in _facts(real_parser, "My Vodafone contract ends soon.")
