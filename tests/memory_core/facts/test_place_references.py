"""Round 22: "there" read as the place it points back to ("a flat in Hull ... my brother has lived there for years").
Wordings written for these tests."""
from __future__ import annotations

import pytest

from memory_core.facts.place_references import place_references
from tests.memory_core.facts.helpers import read_facts


@pytest.mark.parametrize("text, read", [
    ("Can you find a B&B in Whitby for May? My aunt has lived there for years.", "has lived in Whitby for years"),
    ("Please draft a letter to Brightwell Foods about my pension. I worked there until 2015.",
     "worked at Brightwell Foods until 2015"),
    ("We drove to Hexham on Sunday; my cousin has just bought a house there.", "bought a house in Hexham"),
])
def test_there_is_read_as_the_place_named_before(text, read):
    assert read in place_references(text)


@pytest.mark.parametrize("text", [
    "We went to Paris in May. There is a lovely cafe there.",   # no verb of living or working before it
    "My brother lives there too.",                               # no place named before
    "I went to the gym on Monday. My brother lives there too.",  # a day is no place
])
def test_there_without_a_place_to_point_back_to_stays(text):
    assert place_references(text) == text


@pytest.mark.parametrize("text, who, place", [
    ("Could you look up hotels in Whitby for the bank holiday? My aunt has lived there since she retired.",
     "aunt", "Whitby"),
    ("I'd like a card for my brother, who has lived in Hull for ten years, please.", "brother", "Hull"),
])
def test_a_relatives_home_said_by_pointing_back_is_read(text, who, place, real_parser):
    facts = read_facts(text, real_parser)
    assert any(v == place and (s == who or who in p) for s, p, v in facts), facts


def test_a_workplace_said_by_pointing_back_is_read(real_parser):
    facts = read_facts("Can you help me write to Brightwell Foods about my pension? I have worked there for 20 years.",
                       real_parser)
    assert any(v == "Brightwell Foods" for _, _, v in facts), facts


@pytest.mark.parametrize("text", [
    "Please write to Halifax, with whom I have banked since 1990, about the overdraft.",
    "Could you book a table for my mother, who lives in Truro now, and me?",
    "Can you find a B&B in Whitby for May? My aunt has lived there for years.",
    "can you put in the calendar im meeting baz at the leisure centre after work on tuesday we're doing legs god help "
    "me and also remind denise its her sisters birthday on the friday because she'll forget she always does so yeah",
])
def test_the_reading_read_again_is_the_same(text):
    """The rules read a message's reading, and the parse reads it again: what the reading adds is added once."""
    from memory_core.facts.reading import reading_text

    once = reading_text(text)
    assert reading_text(once) == once


def test_an_account_closed_at_a_name_is_no_account_there(real_parser):
    facts = read_facts("I've closed my account at Nationwide.", real_parser)
    assert not any(p in ("bank", "account") for _, p, _ in facts), facts
