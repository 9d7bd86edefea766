"""A name held under the noun it is the name OF: a label "Noun: Name.", a name before its kind ("X boots"),
a second clause after a first fact ("..., and my tutor is Y"). Nouns and names here are not the pools'."""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger
from memory_core.facts.attributes import from_parse_fallback, same_attribute
from memory_core.facts.parse_extractor import clauses
from memory_core.facts.resolution import parse
from memory_core.ingest import ingest_and_extract
from memory_core.storage.store import Message


def _candidates(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value)
            for c in parse(Message(1, "t", "user", text, "2025-01-01T10:00:00+00:00"), parser).candidates}


def _fallback(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    return {c for c in _candidates(parser, text) if from_parse_fallback(c[1])}


@pytest.mark.parametrize("text, expected", [
    # a label the tagger reads as a proper noun (capitalised at the start): still the noun the name is of
    ("Vet: Oakfield & Brown.", ("user", "named:vet", "Oakfield & Brown")),
    ("Architect: Lowe and Partners.", ("user", "named:architect", "Lowe and Partners")),
    # the label's noun said again after the name: the name is the value, the noun its attribute
    ("Church: St Aidan's church.", ("user", "named:church", "St Aidan")),
    ("Marina: Porthleven marina. Berth 9.", ("user", "named:marina", "Porthleven")),
    # a word before the one who teaches it is no cue for its own attribute: a driving tutor is no car
    ("Driving tutor: Sam Okoye.", ("user", "named:driving_tutor", "Sam Okoye")),
    ("Singing teacher: Rhona Kerr.", ("user", "named:singing_teacher", "Rhona Kerr")),
    # the label's own words are no name, though the first is capitalised
    ("Trail shoes: Inov8.", ("user", "named:trail_shoes", "Inov8")),
])
def test_a_label_names_the_attribute_of_the_name_after_its_colon(real_parser, text, expected):
    subject, attribute, value = expected  # a rule that reads the same attribute is as good as the fallback
    assert any(s == subject and v == value and same_attribute(p or "", attribute)
               for s, p, v in _candidates(real_parser, text)), _candidates(real_parser, text)


@pytest.mark.parametrize("text", [
    "Note: call the bank.",  # no name: a note to self
    "Reminder: Tuesday.",  # a weekday is when, not what
    "PS: love you",
    "Update: Kettering Motors rang back.",  # a note's kind is no thing the user has
    "Reminder: Harbour Dental at 3.",
])
def test_a_notes_label_makes_no_fact(real_parser, text):
    assert _fallback(real_parser, text) == set()


@pytest.mark.parametrize("text, expected", [
    # "X boots": the noun after the name says what X is the name of
    ("I only ever wear Salomon boots on the hills.", ("user", "named:boots", "Salomon")),
    ("I only buy Clarks school shoes for the kids.", ("user", "named:school_shoes", "Clarks")),
    ("my daughter goes to Sunflower nursery now", ("daughter", "named:nursery", "Sunflower")),
    # "got" with the wait over: had from now on
    ("got a stall at Ropewalk market finally!", ("user", "named:market", "Ropewalk")),
])
def test_a_name_before_its_kind_is_held_under_the_kind(real_parser, text, expected):
    assert expected in _fallback(real_parser, text)


@pytest.mark.parametrize("text", [
    "I'm reading a Stephen King novel on the train.",  # "a": one new thing, not one the user keeps
    "Jen's brother always wears Salomon boots.",  # someone else's
    "I want Salomon boots for my birthday.",  # a wish
    "I bought Salomon boots yesterday.",  # a one-off past
    "got a stall at Ropewalk market for the weekend",  # no wait ended: one weekend
    "Debugging a race condition in the Rails app all day.",  # the day's task, not a thing the user keeps
])
def test_a_name_before_a_noun_is_no_fact_when_no_holding_thing_of_the_users(real_parser, text):
    assert _fallback(real_parser, text) == set()


def test_a_coordinated_clause_with_its_own_subject_is_a_statement_of_its_own():
    """", and my tutor is Y" opens an independent clause: a question said before it holds it up no more."""
    text = "I've taken up the oboe, would you believe it, and my tutor is Ms Varga."
    assert "believe it. and my tutor is" in clauses(text)
    # a clause held up by its subordinator stays with it ("if ..., and my ...")
    assert "agrees, and my" in clauses("If the landlord agrees, and my partner is happy, we'll stay.")
    assert "Kim, and my" in clauses("Ben and Kim, and my cousin live nearby.")  # a short noun phrase stays whole


def test_a_second_clause_keeps_its_own_fact(real_parser):
    found = _candidates(real_parser, "I've taken up the oboe, would you believe it, and my tutor is Ms Varga, "
                                     "very kind to me.")
    assert any(value == "Ms Varga" for _, _, value in found), found


def test_the_matcher_does_not_rename_a_noun_the_user_said(store, real_parser, real_embedder):
    """"Running shoes: Mizuno.": the user named the attribute; the background matcher may not hold the value
    under another one it guesses from the sentence (it guessed a running club)."""
    from memory_core.facts.semantic import AttributeMatcher, run_semantic_pass

    embedder = real_embedder.load()
    ingest_and_extract(store, "t", "user", "Running shoes: Mizuno.", at=parse_iso("2025-01-01T10:00:00Z"),
                       parser=real_parser)
    run_semantic_pass(store, embedder, matcher=AttributeMatcher(embedder))
    held = [(f.predicate, f.value) for f in ledger.current_facts(store) if "Mizuno" in f.value]
    assert held == [("named:running_shoes", "Mizuno")]


@pytest.mark.parametrize("sentence, names", [
    ("the kids go to Quick Steps Dance now", ["Quick Steps Dance"]),  # an adjective that opens a firm's name
    ("Busy Lizzie Florists do our flowers", ["Busy Lizzie Florists"]),
    ("Busy week, Harlow Motors rang twice", ["Harlow Motors"]),  # the sentence's "Busy" is no name
    ("Bad Monday. Busy Tuesday too", []),  # a weekday after it: when, not what
])
def test_a_capitalised_adjective_before_a_name_is_the_names_first_word(sentence, names):
    from memory_core.facts.cues import values_of_shape
    assert [value for _, value in values_of_shape(sentence, "name")] == names


@pytest.mark.parametrize("text", ["I'm a baritone, apparently.", "turns out im a mezzo"])
def test_a_voice_part_is_no_job(real_parser, text):
    assert not any(predicate == "job_title" for _, predicate, _ in _candidates(real_parser, text))


@pytest.mark.parametrize("text, ended", [
    ("Gave the keys back at Marlowe Court on Friday, what a relief.", True),  # a tenancy given up
    ("Handed back our keys to Marlowe Court this morning.", True),
    ("Picked up the keys at Marlowe Court today!", False),  # keys taken: a beginning
])
def test_keys_given_back_end_what_they_opened(text, ended):
    from memory_core.facts.changes import KnownFact, detect_changes
    from memory_core.facts.extraction import sentences
    flat = KnownFact(1, "user", "named:flat", "Marlowe Court", "t", "2024-01-01T00:00:00+00:00", "")
    assert bool(detect_changes(list(sentences(text)), [flat], "t")) == ended
