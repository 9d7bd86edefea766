"""Allergies are listed ("to penicillin, latex and wasp stings"): each item is a fact; and the people in the
user's life have allergies too ("my son is allergic to eggs"), which the answer cautions read."""
from __future__ import annotations

from memory_core.facts.extraction import extract, listed_after


def _facts(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.subject, c.predicate or "", c.value) for c in extract(text) if c.op == "assert"]


def test_every_item_of_a_listed_allergy_is_a_fact():
    assert _facts("I'm allergic to aspirin, ibuprofen and bee stings.") == [
        ("user", "allergy", "aspirin"), ("user", "allergy", "ibuprofen"), ("user", "allergy", "bee stings")]
    assert _facts("I am allergic to kiwi or pineapple") == [("user", "allergy", "kiwi"), ("user", "allergy", "pineapple")]


def test_a_list_ends_where_the_next_clause_begins():
    assert _facts("I'm allergic to pollen and I sneeze all spring") == [("user", "allergy", "pollen")]
    assert _facts("I'm allergic to mould and have been for years") == [("user", "allergy", "mould")]
    assert _facts("I'm allergic to soy and lupin because of eczema") == [("user", "allergy", "soy"),
                                                                           ("user", "allergy", "lupin")]


def test_listed_after_reads_only_from_where_the_first_item_ended():
    sentence = "allergic to oats, rye, and barley so bread is hard"
    assert listed_after(sentence, sentence.index(",")) == (["rye", "barley"], sentence.index(" so"))
    assert listed_after("allergic to oats.", len("allergic to oats")) == ([], len("allergic to oats"))


def test_an_allergy_of_someone_in_the_users_life_is_theirs():
    assert _facts("My husband is allergic to cats") == [("spouse", "allergy", "cats")]
    assert _facts("dad has a severe walnut allergy") == [("father", "allergy", "walnut")]
    assert ("son", "allergy", "milk") in _facts("My son Theo is allergic to milk and soya")
    assert ("son", "allergy", "soya") in _facts("My son Theo is allergic to milk and soya")


def test_no_allergy_from_a_question_a_denial_or_a_hedge():
    for text in ("Is my daughter allergic to dogs?", "my daughter isn't allergic to dogs",
                 "if my daughter is allergic to dogs we can't adopt one"):
        assert not [f for f in _facts(text) if f[1] == "allergy"], text
