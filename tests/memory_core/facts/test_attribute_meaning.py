"""Attribute sameness by meaning: the word rules without a model, and the real MiniLM embedder on a real store.

Attribute names and values here are written for these tests (not the bench pairs).
"""
from __future__ import annotations

import pytest

from memory_core.facts import ledger as facts
from memory_core.facts.attribute_meaning import (AttributeMeaning, known_verdict, open_pairs, reconcile_slots)

JAN, JUN = "2025-01-05T10:00:00+00:00", "2025-06-05T10:00:00+00:00"


@pytest.mark.parametrize("a, b, verdict", [
    ("running_club", "club", True),          # the lexicon
    ("dentist", "doctor", False),            # two concepts it knows apart
    ("bakery", "bakery_van", False),         # nested words, another head noun
    ("cousin_city", "city", False),          # someone else's
    ("cleaner", "housekeeper", None),        # only meaning can tell
    ("favorite:band", "band", False),        # a favourite is no band the user plays in
    ("favorite:author", "author", False),
    ("favourite_writer", "favorite:author", True),  # spelling and an equivalent noun
    ("share_with", "flatmate", True),        # the parse's verb attribute, the rules' noun
])
def test_word_rules_decide_what_they_can_without_a_model(a, b, verdict):
    assert known_verdict(a, b) is verdict and known_verdict(b, a) is verdict


class _NoModel:
    """Fails the test if the word rules ever need the model for a pair they decide."""

    def embed(self, texts):
        raise AssertionError(f"embedder called for {texts}")


def test_no_model_is_needed_when_no_pair_is_open(store):
    with store.transaction():
        facts.add_fact(store, "user", "dentist", "Dr. Ibsen", valid_at=JAN)
        facts.add_fact(store, "user", "doctor", "Dr. Moss", valid_at=JUN)
    assert open_pairs(store) == []
    assert reconcile_slots(store, AttributeMeaning(_NoModel())) == []


def test_a_favourite_band_and_the_users_band_stay_two_facts(store):
    """The known wrong merge: "Radiohead is my favourite band" then "I play in a band, Night Tram"."""
    with store.transaction():
        favourite = facts.add_fact(store, "user", "favorite:band", "Radiohead", valid_at=JAN).fact_id
        facts.add_fact(store, "user", "band", "Night Tram", valid_at=JUN)
    assert reconcile_slots(store, AttributeMeaning(_NoModel())) == []
    assert {f.value for f in facts.current_facts(store)} == {"Radiohead", "Night Tram"}
    assert facts.get_fact(store, favourite).invalid_at is None


def test_other_names_of_one_slot_retire_the_older_value_in_the_ledger(store):
    with store.transaction():
        writer = facts.add_fact(store, "user", "favorite:writer", "Haruki Murakami", valid_at=JAN).fact_id
        shared = facts.add_fact(store, "user", "share_with", "Sven", valid_at=JAN).fact_id
        facts.add_fact(store, "user", "favourite_author", "Elena Ferrante", valid_at=JUN)
        facts.add_fact(store, "user", "flatmate", "Amara", valid_at=JUN)
    assert {f.value for f in facts.current_facts(store)} == {"Elena Ferrante", "Amara"}
    assert facts.get_fact(store, writer).invalid_at == JUN and facts.get_fact(store, shared).invalid_at == JUN


@pytest.mark.embedder
def test_a_newer_value_under_another_name_of_the_slot_retires_the_older(store, real_embedder):
    meaning = AttributeMeaning(real_embedder.load())
    with store.transaction():
        old = facts.add_fact(store, "user", "cleaning_lady", "Marta", valid_at=JAN).fact_id
        kept = facts.add_fact(store, "user", "pharmacy", "Boots", valid_at=JAN).fact_id
    reconcile_slots(store, meaning)
    with store.transaction():
        new = facts.add_fact(store, "user", "cleaner", "Ilse", valid_at=JUN).fact_id
    retired = reconcile_slots(store, meaning)
    assert retired == [old]
    assert {f.value for f in facts.current_facts(store)} == {"Ilse", "Boots"}
    assert facts.get_fact(store, new).supersedes == old
    assert facts.get_fact(store, old).invalid_at == JUN
    assert reconcile_slots(store, meaning) == []  # incremental: nothing new, nothing compared


@pytest.mark.embedder
def test_unrelated_attributes_and_other_subjects_never_retire_each_other(store, real_embedder):
    meaning = AttributeMeaning(real_embedder.load())
    with store.transaction():
        facts.add_fact(store, "user", "pharmacy", "Boots", valid_at=JAN)
        facts.add_fact(store, "user", "optician", "Specsavers", valid_at=JAN)
        facts.add_fact(store, "sister", "cleaner", "Ada", valid_at=JAN)
        facts.add_fact(store, "user", "piano_teacher", "Mr. Holt", valid_at=JUN)
        facts.add_fact(store, "user", "cleaner", "Ilse", valid_at=JUN)
    assert reconcile_slots(store, meaning) == []
    assert len(facts.current_facts(store)) == 5


@pytest.mark.embedder
def test_the_cosine_separates_a_same_slot_pair_from_a_different_one(real_embedder):
    meaning = AttributeMeaning(real_embedder.load())
    assert meaning.same_slot("cleaning_lady", "cleaner")
    assert not meaning.same_slot("cleaner", "piano_teacher")
