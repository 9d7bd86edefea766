"""The day the bins go out, and its changes: a household fact said every week, in words that name no attribute."""
from __future__ import annotations

import pytest

from memory_core.facts.bin_days import bin_day_candidates
from memory_core.facts.extraction import sentences
from memory_core.facts.reading import reading_text
from tests.memory_core.facts.helpers import facts_after


def _day(text: str) -> list[str]:
    return [c.value for c in bin_day_candidates(list(sentences(reading_text(text))))]


@pytest.mark.parametrize("text, day", [
    ("bin day is Monday here, literally always forget to put them out until i hear the lorry", "Monday"),
    ("Our refuse and recycling collections take place on Tuesday mornings, alternating weekly between the green and "
     "the black bins, so I take them down to the kerb the evening before.", "Tuesday"),
    ("note to self the bins go on Monday morning so put them out the night before", "Monday"),
    ("Here the bins they are collecting on Tuesday, the black one and blue one in alternate weeks.", "Tuesday"),
    # the day that is over is not the day now
    ("The bin men told her they're not doing our street on Monday any more, it's Friday from now on.", "Friday"),
    ("Hang on, I told you the bins go on Tuesday, that's wrong. Here it's Thursday, always has been.", "Thursday"),
])
def test_the_bin_day(text, day):
    assert _day(text) == [day]


@pytest.mark.parametrize("text", [
    "My mum's bins only get collected every three weeks, which is mad with four people in the house.",
    "Is bin day Monday?",
    "Monday is my yoga night.",
    "I put the recycling in the wrong bin again.",
])
def test_no_bin_day(text):
    assert _day(text) == []


def test_a_new_bin_day_retires_the_old(store, real_parser):
    held = facts_after(store, real_parser, "note to self the bins go on Monday morning so put them out the night before",
                       "The lady at number 12 says the bin men told her they're not doing our street on Monday any "
                       "more, it's Friday from now on.")
    assert ("user", "schedule:bin_day", "Friday") in held, held
    assert ("user", "schedule:bin_day", "Monday") not in held, held


def test_another_habit_on_the_bin_day_stays(real_parser):
    from tests.memory_core.facts.helpers import read_facts
    facts = read_facts("Bin day is Monday here. Yoga is on Mondays too.", real_parser)
    assert ("user", "schedule:bin_day", "Monday") in facts, facts
    assert ("user", "schedule:yoga", "Mondays") in facts, facts


def test_someone_coming_round_is_no_collection():
    assert _day("Sorted the recycling, mum came round on Monday.") == []
