"""Defects read on the issue_dev pool (round 14), each tested on other wordings: a couple's own wedding said with
"my wife and I", a drink described "with" what goes in it, a preposition left at a successor's end, and a brand
the parser tags a place succeeding an organisation."""
from __future__ import annotations

import pytest

from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.dated_events import with_dated_events
from memory_core.facts.extraction import sentences
from memory_core.facts.later_successors import same_kind_of_name


def _events(text: str, parser) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in with_dated_events([], text, parser)}


def test_a_wedding_said_with_and_i_is_the_users(real_parser):
    assert ("user", "plan:wedding", "2 October") in _events(
        "My fiancé and I are getting married on 2 October.", real_parser)
    assert ("sister", "plan:wedding", "5 May") in _events(
        "My sister and her boyfriend are getting married on 5 May.", real_parser)


def test_a_wedding_long_past_is_no_upcoming_event(real_parser):
    assert _events("My husband and I were married on 2 June 1990 in Galway.", real_parser) == set()
    assert _events("Ciara was married on 30 April, lovely day.", real_parser) == set()


def _successor(text: str, old: str, predicate: str, entities: dict[str, str] | None = None) -> list:
    known = [KnownFact(1, "user", predicate, old, "a", "2025-01-01T10:00:00+00:00", "preference")]
    return [c.value for c in detect_changes(list(sentences(text)), known, "b", entities=entities)]


@pytest.mark.parametrize("text, new", [
    ("Gone right off cappuccino, it's tea with oat milk for me now.", "tea with oat milk"),
    ("Stopped having cappuccino, so it's espresso with hot water from now on.", "espresso with hot water"),
])
def test_a_drink_described_with_what_goes_in_it_is_one_value(text, new):
    assert _successor(text, "cappuccino", "drink") == [new]


def test_no_successor_ends_on_a_preposition():
    assert _successor("Quit cappuccino. It's green tea from now on.", "cappuccino", "drink") == ["green tea"]


def test_an_organisations_successor_may_be_a_brand_the_parser_calls_a_place():
    assert same_kind_of_name("Coventry Building Society", "Starling", {"Starling": "GPE"})
    assert not same_kind_of_name("Zephyr Net", "Lisbon", {"Lisbon": "GPE"})
    text = "Closed my account at Coventry Building Society last week. Wages go into Starling from May."
    assert _successor(text, "Coventry Building Society", "bank", {"Starling": "GPE"}) == ["Starling"]


@pytest.mark.parametrize("text, old, predicate, new", [
    ("The Kindle Paperwhite has taken over from the Kobo Clara on my bedside table.", "Kobo Clara", "ereader",
     "Kindle Paperwhite"),
    ("Shona takes over from Mrs Doyle as his teacher after Easter.", "Mrs Doyle", "teacher", "Shona"),
])
def test_taken_over_from_names_the_successor(text, old, predicate, new):
    assert _successor(text, old, predicate) == [new]


def test_falling_off_a_diets_wagon_ends_it():
    assert len(_successor("Totally fell off the keto wagon over Christmas.", "keto", "diet")) == 1  # ended
    assert _successor("Fell off the paleo wagon, flexitarian these days.", "paleo", "diet") == ["flexitarian"]
