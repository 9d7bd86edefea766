"""Facts said in the same breath as a request for help, and a liking said in the idioms of enthusiasm.

People talk to an assistant mostly to ask for something, and say what is true of their life on the way: "our cat
Dotty is sitting on my keyboard, how to do any work, you tell me?". A sentence that ends in "?" was read as a
question whole, so its statement was lost; the question is now set apart at the comma where it starts. And a
pastime said with "mad for", "obsessed with", "big on" or "spends every free minute on" is a hobby of whoever the
clause is about ("my dad's mad for lawn bowls" is the father's), as "into" already was. Each with the controls that
must stay as they were."""
from __future__ import annotations

import pytest

from memory_core.facts.extraction import extract
from memory_core.facts.reading import reading_text
from tests.memory_core.facts.helpers import read_facts


@pytest.mark.parametrize("typed, read", [
    ("Our cat Dotty is sitting on my keyboard, how to do any work, you tell me?",
     "Our cat Dotty is sitting on my keyboard. how to do any work, you tell me?"),
    ("cut hair with Joanne on sat, can suggest brunch place near there or not?",
     "cut hair with Joanne on sat. can suggest brunch place near there or not?"),
    ("I moved to Leeds last year, any tips for meeting people?",
     "I moved to Leeds last year. any tips for meeting people?"),
    ("got the statement from Vanguard, what do these charges mean?",
     "got the statement from Vanguard. what do these charges mean?"),
    # a question from its first word keeps its commas; a statement with no question after it is as it was
    ("How do I move my ISA, if it's with Vanguard, without fees?",
     "How do I move my ISA, if it's with Vanguard, without fees?"),
    ("Is it worth it if I switch my gym to PureGym, is it?", "Is it worth it if I switch my gym to PureGym, is it?"),
    ("My sister, who lives in Leeds, is she coming?", "My sister, who lives in Leeds, is she coming? "
                                                      "My sister lives in Leeds."),
    ("I bank with Monzo, which is handy.", "I bank with Monzo, which is handy."),
    # said in disbelief, "??" or "?!": a statement of the user's life
    ("apparently my pension is with Aviva?? im 17", "apparently my pension is with Aviva.  I'm 17"),
    ("my landlord wants 200 more a month?!", "my landlord wants 200 more a month. "),
    # asked from the first word, or of no one of the user's: still a question
    ("did you see my new car??", "did you see my new car??"),
    ("you moved to Leeds??", "you moved to Leeds??"),
    ("y'all see the game last night??", "y'all see the game last night??"),
])
def test_a_statement_said_with_a_question_or_in_disbelief_is_read_as_said(typed, read):
    assert reading_text(typed) == read


def test_the_statement_before_a_question_is_read(real_parser):
    facts = read_facts("Our cat Dotty is sitting on my laptop keyboard only, how to do any work, you tell me?",
                       real_parser)
    assert any(value == "Dotty" for _, _, value in facts)


@pytest.mark.parametrize("text", [
    "If I move to Leeds, how do I register with a GP?",
    "When I move to Leeds, what should I do first?",
    "Before I switch to Monzo, what should I check?",
    "If I join PureGym, can I cancel anytime?",
])
def test_a_supposition_or_a_plan_before_a_question_states_nothing(text, real_parser):
    assert read_facts(text, real_parser) == set()


def test_a_liking_that_names_a_drink_is_a_drink():
    assert ("user", "drink", "matcha") in _read("I'm obsessed with matcha.")


def _read(text: str) -> set[tuple[str, str, str]]:
    return {(c.subject, c.predicate, c.value) for c in extract(reading_text(text)) if c.op == "assert"}


@pytest.mark.parametrize("text, fact", [
    ("My dad's mad for lawn bowls.", ("father", "hobby", "lawn bowls")),
    ("Ma da's mad for lawn bowls. Out every Saturday wi' his pals.", ("father", "hobby", "lawn bowls")),
    ("My dad is into lawn bowls.", ("father", "hobby", "lawn bowls")),
    ("My dad's obsessed with golf.", ("father", "hobby", "golf")),
    ("My sister is big on hiking.", ("sister", "hobby", "hiking")),
    ("I'm crazy about salsa dancing.", ("user", "hobby", "salsa dancing")),
    ("My wife spends most weekends gardening.", ("spouse", "hobby", "gardening")),
    ("I spend all my free time on crochet.", ("user", "hobby", "crochet")),
])
def test_a_pastime_said_with_enthusiasm_is_a_hobby_of_whoever_it_is_said_of(text, fact):
    assert fact in _read(text)


@pytest.mark.parametrize("text", [
    "I'm mad about the parking fine.",          # "mad about" is anger too: only a pastime is liked with it
    "I spend every minute worrying about money.",
    "My husband spends every penny on vinyl.",  # money spent is no pastime
    "Jo's dad is mad for lawn bowls.",          # someone else's father
])
def test_anger_money_and_other_peoples_people_are_no_hobby_of_theirs(text):
    assert not any(predicate == "hobby" for _, predicate, _ in _read(text))


def test_what_is_said_in_disbelief_is_held(real_parser):
    facts = read_facts("apparently my pension from the cafe job is with Aviva?? im 17 why do i have a pension",
                       real_parser)
    assert any(value == "Aviva" for _, _, value in facts)
