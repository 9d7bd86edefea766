"""The user's home said in passing ("here in X", "X, where I live", a commute from X), with the controls that
must give no home: a trip, a question, a denial, the past, someone else's flat."""
from __future__ import annotations

import pytest

from memory_core.facts.home_hints import home_hint_candidates
from memory_core.facts.reading import reading_text
from tests.memory_core.facts.helpers import facts_after, read_facts


def _homes(text: str) -> list[str]:
    return [c.value for c in home_hint_candidates([reading_text(text)])]


@pytest.mark.parametrize("text, place", [
    ("The weather here in Leeds has been awful all week.", "Leeds"),
    ("It's been raining for days here in Cork.", "Cork"),
    ("Traffic in Bristol where I live is a nightmare.", "Bristol"),
    ("Bristol, where we live, is gridlocked again.", "Bristol"),
    ("The commute from Drogheda is killing me.", "Drogheda"),
    ("commuting in from Swindon every day is grim", "Swindon"),
])
def test_the_home_said_in_passing_is_read(real_parser, text, place):
    assert _homes(text) == [place]
    assert ("user", "lives_in", place) in read_facts(text, real_parser)


@pytest.mark.parametrize("text", [
    "It's gorgeous here in Rome, loving the holiday.",  # a trip
    "Here in Lisbon for a conference till Friday.",  # a trip
    "When I lived in Leeds, the commute from Headingley was easy.",  # the past
    "Is it cold here in Oslo?",  # a question
    "We're not here in Leeds for long, moving in May.",  # denied, and a move
    "My sister's flat in Berlin has a balcony.",  # someone else's home
    "If we lived here in York we'd walk everywhere.",  # a supposition
    "Here in Leeds for the match, come on you whites!",  # an occasion
    "Snowing here in Aviemore, so pretty.",  # where the user is today: no while, no daily life said
])
def test_no_home_where_the_sentence_holds_none(text):
    assert _homes(text) == []


def test_a_home_another_layer_read_is_kept(real_parser):
    facts = read_facts("We live in Glasgow now and the weather here in Glasgow is grim.", real_parser)
    assert [f for f in facts if f[1] == "lives_in"] == [("user", "lives_in", "Glasgow")], facts


def test_a_move_retires_the_home_said_in_passing(store, real_parser):
    held = facts_after(store, real_parser, "The weather here in Leeds has been awful all week.",
                       "We've moved to York, the new house is lovely.")
    assert ("user", "lives_in", "York") in held and ("user", "lives_in", "Leeds") not in held, held


def test_a_word_opening_with_a_month_is_no_date():
    from memory_core.facts.cues import values_of_shape

    assert [v for _, v in values_of_shape("So we will no longer mark 3 March.", "date")] == ["3 March"]
    assert values_of_shape("the junior 5 a side league", "date") == []


def test_a_home_said_in_passing_never_replaces_a_stated_one(store, real_parser):
    held = facts_after(store, real_parser, "We live in York.", "It's been raining for days here in Cork.")
    assert ("user", "lives_in", "York") in held and ("user", "lives_in", "Cork") not in held, held


def test_work_said_in_passing_fills_a_gap_but_never_replaces_stated_work(store, real_parser):
    held = facts_after(store, real_parser, "I work at Aldi.", "My boss at Tesco said I can have Friday off.")
    assert ("user", "works_at", "Aldi") in held and ("user", "works_at", "Tesco") not in held, held
