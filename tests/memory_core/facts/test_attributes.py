"""Attribute sameness by meaning: the pairs the threshold was chosen on (dev), both ways."""
from __future__ import annotations

import pytest

from memory_core.facts.attributes import attribute_similarity, canonical_predicate, same_attribute

SAME = [("running club", "club"), ("family doctor", "gp"), ("doctor", "physician"), ("owns:car", "car"),
        ("new gym", "gym"), ("checking account", "bank"), ("broadband", "internet provider"), ("boss", "manager"),
        ("plan:next_dental_checkup", "plan:dentist_appointment"), ("favorite:drink", "go-to drink"),
        # spellings, equivalent nouns, and a verb attribute the parse names against the noun the rules name
        ("favorite:writer", "favorite:author"), ("favourite_colour", "favorite:color"), ("favourite_author", "favorite:writer"),
        ("share_with", "flatmate"), ("roommate", "flatmate"), ("favorite:drink", "drink"), ("counsellor", "therapist"),
        # a rented plot is the allotment, under either name
        ("plot", "named:allotments"), ("named:allotment", "plot")]
DIFFERENT = [("book club", "running club"), ("gym", "bank"), ("doctor", "dentist"), ("car", "phone"),
             ("works_at", "job_title"), ("lives_in", "neighborhood"), ("favorite:color", "favorite:food"),
             ("band", "club"), ("language", "hobby"),
             # a favourite is a preference: the favourite band is not the band the user plays in
             ("favorite:band", "band"), ("favorite:band", "covers_band"), ("favorite:author", "author"),
             ("favorite:band", "favorite:writer"), ("share_with", "landlord"), ("favourite_colour", "color_scheme"),
             ("plot", "named:garden")]


@pytest.mark.parametrize("a, b", SAME)
def test_same_attribute(a, b):
    assert same_attribute(a, b) and same_attribute(b, a)


@pytest.mark.parametrize("a, b", DIFFERENT)
def test_different_attribute(a, b):
    assert not same_attribute(a, b) and not same_attribute(b, a)


def test_partial_overlap_scores_below_the_threshold():
    assert attribute_similarity("pottery class", "yoga class") == 0.5
    assert attribute_similarity("book club", "running club") == 0.0  # "book" is none of the club concept's words
    assert canonical_predicate("family doctor") == "doctor" and canonical_predicate("pottery studio") == "pottery_studio"
