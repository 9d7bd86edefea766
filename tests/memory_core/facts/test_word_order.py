"""Second-language word order read in English order (``facts.word_order``), and through the fact rules."""
from __future__ import annotations

import pytest

from memory_core.facts.extraction import extract
from memory_core.facts.reading import reading_text
from memory_core.facts.word_order import in_english_order


@pytest.mark.parametrize("said, read", [
    ("In the morning I drink always oat milk latte.", "In the morning I always drink oat milk latte."),
    ("We go usually to Lidl on Saturdays.", "We usually go to Lidl on Saturdays."),
    ("I take normally the 7:42.", "I normally take the 7:42."),
])
def test_a_frequency_adverb_after_the_verb_is_read_before_it(said, read):
    assert in_english_order(said) == read


@pytest.mark.parametrize("said", [
    "I am always late.",  # "be" takes the adverb after it in English
    "I have always liked Lisbon.",  # an auxiliary
    "I really always forget.",  # no verb before the adverb
    "I think usually, but not today.",  # a comma after the adverb: another clause
    "I walked often as a child.",  # a past tense: left as said
])
def test_english_order_is_left_as_it_is(said):
    assert in_english_order(said) == said


def test_the_rules_read_the_object_a_second_language_puts_after_always():
    # as said, the rules read the last word alone ("latte"), without the milk the user takes
    assert [(c.predicate, c.value) for c in extract("I drink always oat milk latte.")] == [("drink", "latte")]
    # read in English order, the whole drink; a coffee drink the user has is their coffee (round 24's frame)
    assert [(c.predicate, c.value) for c in extract(reading_text("I drink always oat milk latte."))] == \
        [("coffee", "oat milk latte")]
