"""An instrument said by its lessons, exams and recitals, of whoever has them; with the controls that must give no
instrument (given up, a question, a supposition, a denial, a piano tuner)."""
from __future__ import annotations

import pytest

from memory_core.facts.lesson_hints import lesson_hint_candidates
from memory_core.facts.reading import reading_text
from tests.memory_core.facts.helpers import facts_after, read_facts


def _lessons(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in lesson_hint_candidates([reading_text(text)])}


@pytest.mark.parametrize("text, expected", [
    ("Ella's violin lesson is at 4 today.", ("Ella", "instrument", "violin")),
    ("My son has his grade 3 piano exam on Friday.", ("son", "instrument", "piano")),
    ("I have to pick up my daughter after her cello lesson.", ("daughter", "instrument", "cello")),
    ("My nephew Paolo has a recital for the trumpet on Sunday and I need to leave work early.",
     ("Paolo", "instrument", "trumpet")),
    ("I have a guitar lesson at 6.", ("user", "instrument", "guitar")),
    ("Sam's got his guitar lesson tonight.", ("Sam", "instrument", "guitar")),
    ("My son Tom has his drum lesson at 5.", ("son", "instrument", "drums")),
])
def test_an_instrument_said_by_its_lessons_is_read(real_parser, text, expected):
    assert expected in _lessons(text)
    assert expected in read_facts(text, real_parser)


@pytest.mark.parametrize("text", [
    "Ella has given up her piano lessons.",  # an ending
    "Would piano lessons help my son?",  # a question
    "If my son had drum lessons we'd never sleep.",  # a supposition
    "Ella's not got her violin lesson this week.",  # a denial
    "Dad has a piano tuner coming.",  # a tuner is no lesson
])
def test_no_instrument_where_the_sentence_holds_none(text):
    assert _lessons(text) == set()


def test_the_instrument_said_by_its_lessons_is_kept_by_a_later_mention(store, real_parser):
    held = facts_after(store, real_parser, "My daughter has her cello lesson on Tuesday.",
                       "My daughter's cello teacher says she's ready for grade 4.")
    assert ("daughter", "instrument", "cello") in held, held
