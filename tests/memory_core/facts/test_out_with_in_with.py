"""Round 22: "out with X, in with Y" (and "out goes X, in comes Y") ends X and names Y, also after a note's label;
"out with" someone for an evening ends nothing. Wordings written for these tests."""
from __future__ import annotations

import pytest

from tests.memory_core.facts.helpers import facts_after


@pytest.mark.parametrize("before, after, old, new", [
    ("My broadband is with Virgin Media.", "broadband: out with Virgin Media, in with Zen (half the price)",
     "Virgin Media", "Zen"),
    ("I use Vodafone for my phone.", "Out goes Vodafone, in comes Three.", "Vodafone", "Three"),
    ("My dentist is Dr Pryce.", "Out with Dr Pryce and in with Dr Osei, who actually listens.", "Dr Pryce", "Dr Osei"),
])
def test_out_with_the_old_in_with_the_new(before, after, old, new, store, real_parser):
    values = {v for _, _, v in facts_after(store, real_parser, before, after)}
    assert new in values and old not in values, values


@pytest.mark.parametrize("after", [
    "I'm out with Sarah tonight, in with a chance of a late one.",
    "Going out with Sarah tonight, in with the old crowd from school.",
])
def test_an_evening_out_with_someone_ends_nothing(after, store, real_parser):
    assert ("user", "best_friend", "Sarah") in facts_after(store, real_parser, "My best friend is Sarah.", after)
