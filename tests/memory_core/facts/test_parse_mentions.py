"""Facts said in passing (``parse_mentions``), with the real spaCy pipeline.

Sentences written for these tests; none is copied from a bench set.
"""
from __future__ import annotations

import pytest

from memory_core.facts.parse_extractor import parsed_candidates


def _facts(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value) for c in parsed_candidates(parser, text)}


@pytest.mark.parametrize("text, expected", [
    # a name that modifies one of the user's nouns: the noun is the attribute
    ("Vodafone signal is awful in the kitchen", ("user", "signal", "Vodafone")),
    ("BT broadband keeps dropping out", ("user", "internet", "BT")),
    # one of the user's people, placed by "in" or by a "where" clause
    ("We fly out to see my dad in Lisbon every spring.", ("father", "lives_in", "Lisbon")),
    ("Every Christmas we drive up to Leeds, where my brother Sam has his house.", ("brother", "lives_in", "Leeds")),
    # a person named, then given a role by a pronoun
    ("Liam and I go climbing on Fridays; he's my boyfriend.", ("user", "partner", "Liam")),
    ("I met Noor at the allotment years ago. She's my best friend.", ("user", "best_friend", "Noor")),
    # a regular activity named by the noun before "practice", "class", ...
    ("violin practice then dinner", ("user", "practice", "violin")),
    # a name said first, then given its attribute by "that's"
    ("Lisbon Half in May, that's the target, 4 runs a week", ("user", "target", "Lisbon Half")),
    # a habit of going somewhere named
    ("My son goes to Hillcrest Primary.", ("son", "go_to", "Hillcrest Primary")),
])
def test_said_in_passing(real_parser, text, expected):
    found = _facts(real_parser, text)
    assert expected in found, found


@pytest.mark.parametrize("text", [
    "If I get Sky wifi I'll be happy.",
    "I don't have Sky wifi.",
    "Tom got a Tesla car last week.",
    "Monday meeting ran late",
    "We might visit my aunt in Cork.",
    "Liam and Priya came for dinner; he's my boyfriend.",  # two people named: whose role is unknown
    "I go to Rome in May.",  # one date: a plan, not a habit
])
def test_nothing_said_in_passing(real_parser, text):
    found = {f for f in _facts(real_parser, text) if f[2] in ("Sky", "Tesla", "Monday", "Cork", "Liam", "Priya")
             or f[1] == "go_to"}
    assert not found, found
