"""A change said without an ending word: the old value named, and another of its shape said to hold now instead.

Sentences written for these tests; none is copied from a bench set.
"""
from __future__ import annotations

from memory_core.facts.changes import KnownFact, contrast_successor, detect_changes
from memory_core.facts.frame_words import clean_value


def _known(value: str) -> KnownFact:
    return KnownFact(1, "user", "favorite:film", value, "t", "2025-01-01T10:00:00Z", "preference")


def test_another_value_said_to_hold_now_replaces_the_named_one():
    said = ["Alien has lost its spark for me.", "These days my favourite is Arrival."]
    changes = detect_changes(said, [_known("Alien")], "t")
    assert [(c.old.value, c.value) for c in changes] == [("Alien", "Arrival")]


def test_a_mention_without_contrast_changes_nothing():
    assert detect_changes(["Watched Alien again with Sam, still great."], [_known("Alien")], "t") == []


def test_a_value_kept_beside_the_new_one_is_no_change():
    assert contrast_successor(["Still love Alien, though these days Arrival is up there too."], "Alien") is None


def test_a_thing_called_by_name_keeps_only_the_name():
    assert clean_value("a podcast called Desert Island Discs") == "Desert Island Discs"
    assert clean_value("the little bakery named Crumbs") == "Crumbs"


def test_fav_is_a_spelling_of_favourite():
    from memory_core.facts.attributes import same_attribute
    assert same_attribute("fav_film", "favorite:film")
    assert not same_attribute("fav_film", "favorite:band")
