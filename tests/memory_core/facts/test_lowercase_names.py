"""A name typed in lower case is read whole (facts/lowercase_names.py): truecasing capitalises the one rare word
of "lotus tree yoga", and the value was that word alone."""
from __future__ import annotations

import pytest

from memory_core.facts.lowercase_names import LowerCaseNames, whole_name
from memory_core.facts.reading import reading_text
from tests.memory_core.facts.helpers import facts_after


def _values(held: set[tuple[str, str, str]]) -> set[str]:
    return {value.lower() for _, _, value in held}


@pytest.mark.parametrize("text, name", [
    ("started doing yoga at lotus tree yoga lol, going like 3 times a week", "lotus tree yoga"),
    ("my son is going to nursery little acorns, three days a week.", "little acorns"),
    ("the race i'm building up to this year is the great north run.", "great north run"),
    ("every six weeks toni & guy cuts my hair.", "toni & guy"),
    ("biscuit only eats royal canin renal now, the vet put him on it", "royal canin renal"),
])
def test_a_lower_case_name_is_held_whole(text, name, store, real_parser):
    assert name in _values(facts_after(store, real_parser, text))


def test_what_the_named_one_is_to_the_user_stays_out_of_the_name(store, real_parser):
    held = facts_after(store, real_parser, "my sister jane lives in leeds")
    assert ("user", "sister", "Jane") in held
    assert not any("sister jane" in value for value in _values(held))


def test_a_writer_who_capitalises_delimits_their_own_names(store, real_parser):
    # the capital is the user's, not truecasing's: "Lotus" is what they wrote as the name
    held = facts_after(store, real_parser, "Started doing yoga at Lotus tree yoga, going 3 times a week")
    assert not any("lotus tree yoga" in value for value in _values(held))


@pytest.mark.parametrize("typed, restored, expected", [
    ("I'm glued to the Arsenal game", "Arsenal", None),  # a noun said of the name is not part of it
    ("gig with backroad static at the caxton on friday", "Backroad", "Backroad static"),
    ("bad news bean & bramble has shut down", "Bean", "Bean & Bramble"),  # "bad news" is what the message is
])
def test_whole_name_reads_the_noun_the_word_modifies(typed, restored, expected, real_parser):
    reading = reading_text(typed)  # as the fact pass reads it: truecasing gives the one capital
    tree = next(t for t in real_parser.parse(reading) if restored in t.text)
    whole = whole_name(tree, restored)
    assert (whole.lower() if whole else None) == (expected.lower() if expected else None)


def test_a_change_to_a_lower_case_name_holds_the_whole_new_name(store, real_parser):
    held = facts_after(store, real_parser, "our takeaway every friday is from luigi's, it is near our flat.",
                       "istanbul grill is in a different league to luigi's, we're never going back, that's our "
                       "friday sorted.")
    assert "istanbul grill" in _values(held)
    assert "luigi's" not in _values(held)


@pytest.mark.parametrize("typed, read", [
    ("we named him sir barnaby", "we named him Sir Barnaby"),  # the one named comes first: "him" is no name
    ("the lads have always called me jazzy", "the lads have always called me Jazzy"),
    ("my dog is called biscuit", "my dog is called Biscuit"),
])
def test_the_one_named_before_the_name_keeps_its_case(typed, read):
    assert reading_text(typed) == read


@pytest.mark.parametrize("typed, label, value", [
    ("solicitor: moss & reid.", "solicitor", "moss & reid"),
    ("cleaner: danuta, fridays.", "cleaner", "danuta"),
])
def test_a_notes_label_typed_in_lower_case_names_its_value(typed, label, value, store, real_parser):
    held = facts_after(store, real_parser, typed)
    assert any(label in predicate and found.lower() == value for _, predicate, found in held), held



def test_a_new_name_said_in_a_later_sentence_than_its_evidence_is_read_whole(real_parser):
    # a change's evidence is the sentence that ends the old choir; the new one is named in the next sentence
    typed = ("our conductor says st cuthbert's choir is folding at easter. most of us are going over to the "
             "riverside rock choir.")
    trees = tuple(real_parser.parse(reading_text(typed)))
    names = LowerCaseNames(trees, typed)
    assert names.whole("Riverside", trees[0].text).lower() == "riverside rock choir"
    assert names.whole("Riverside", "").lower() == "riverside rock choir"
    assert LowerCaseNames().whole("Riverside") == "Riverside"  # a message typed with capitals: as it is
