"""A fact's value is the whole phrase the user said: names keep their inner "and"/"of"/"&", digits,
possessives, hyphens and titles; hedges ("I think"), time words ("at the moment") and closing
punctuation or emoji stay out of it; a new clause after "and" is no part of it.

Sentences written for these tests (not taken from any bench's phrasing pools). Each case is read the
way the fact pass reads a message: the rules, then the real spaCy parse merged in
(``resolution.parse``); the rule path alone is checked too where it is the only reader
(``MNEME_NO_PARSER=1``).
"""
from __future__ import annotations

import pytest

from memory_core.facts.extraction import extract
from memory_core.facts.resolution import parse
from memory_core.storage.store import Message

#: (sentence, the value's whole spelling, words that must not be in the value that holds it)
WHOLE_VALUES: list[tuple[str, str, tuple[str, ...]]] = [
    # inner "and" / "of" / "&" / "the" between capitalised words
    ("My local pub is the Fox and Hounds.", "Fox and Hounds", ()),
    ("I work at Marks and Spencer.", "Marks and Spencer", ()),
    ("My bank is the Bank of Scotland.", "Bank of Scotland", ()),
    ("My favourite band is Florence and the Machine.", "Florence and the Machine", ()),
    ("I'm training for the Isle of Wight Marathon.", "Isle of Wight Marathon", ()),
    ("My gym is Bodies & Souls now.", "Bodies & Souls", ("now",)),
    ("I joined a book club called Pages of Time.", "Pages of Time", ()),
    ("My employer is Procter & Gamble.", "Procter & Gamble", ()),
    ("My yoga studio is Bend and Breathe.", "Bend and Breathe", ()),
    ("My favourite film is The Lord of the Rings.", "Lord of the Rings", ()),
    ("My university is the University of Leeds.", "University of Leeds", ()),
    ("I support Brighton and Hove Albion.", "Brighton and Hove Albion", ()),
    ("My mechanic is Smith & Sons Garage.", "Smith & Sons Garage", ()),
    ("We live in Newcastle upon Tyne.", "Newcastle upon Tyne", ()),
    ("My favourite shop is Past and Present Antiques.", "Past and Present Antiques", ()),
    # digits, possessives, hyphens, initials, titles
    ("Our apartment is Flat 3B.", "Flat 3B", ()),
    ("I drive a Mazda 3 these days.", "Mazda 3", ("days",)),
    ("My phone is a Pixel 8 Pro.", "Pixel 8 Pro", ()),
    ("My supermarket is Sainsbury's.", "Sainsbury's", ()),
    ("My local is O'Neill's.", "O'Neill's", ()),
    ("My car is a Rolls-Royce.", "Rolls-Royce", ()),
    ("We live in Stratford-upon-Avon.", "Stratford-upon-Avon", ()),
    ("My dentist is Dr Aziz.", "Dr Aziz", ()),
    ("My GP is Dr. Helen Price.", "Helen Price", ()),
    ("My favourite author is Ursula K. Le Guin.", "Ursula K. Le Guin", ()),
    ('My favourite podcast is "The Rest Is History".', "Rest Is History", ('"',)),
    # trailing hedges, time words, punctuation, emoji
    ("I live in Perth I think.", "Perth", ("think", "perth i")),
    ("My gym is PureGym at the moment.", "PureGym", ("moment",)),
    ("My barber is Theo for now.", "Theo", ("for now",)),
    ("My coffee order is an oat milk flat white these days.", "oat milk flat white", ("days",)),
    ("My bank is Nationwide Building Society now.", "Nationwide Building Society", ("now",)),
    ("My therapist is Dr Aziz I believe", "Dr Aziz", ("believe",)),
    ("My go-to takeaway is Wagamama lately.", "Wagamama", ("lately",)),
    ("My team is Leeds United!!", "Leeds United", ("!",)),
    ("My favourite pub is The Crown \U0001F37A", "Crown", ("\U0001F37A",)),
    ("My dog is called Biscuit \U0001F436", "Biscuit", ("\U0001F436",)),
    ("My pharmacy is Boots for the time being.", "Boots", ("being",)),
    ("My tutor is Mr Jones right now.", "Mr Jones", ("right",)),
    ("My gym is Fitness First I reckon.", "Fitness First", ("reckon",)),
    ("My broadband provider is Virgin Media at the minute.", "Virgin Media", ("minute",)),
    ("I live in Glasgow nowadays I suppose.", "Glasgow", ("suppose", "nowadays")),
    ("my coffee order is an oat milk flat white i think", "oat milk flat white", ("think",)),
    ("My choir is Northern Voices, I guess.", "Northern Voices", ("guess",)),
    ("My barber is Theo these days, Tom before that.", "Theo", ("days", "Tom")),
    # "and" that starts a new clause is no part of the value
    ("I live in Perth and my sister lives in Sydney.", "Perth", ("sister", "Sydney")),
    ("My gym is PureGym and I go on Mondays.", "PureGym", ("Mondays", " I")),
    ("My dentist is Dr Aziz and Tom is my GP.", "Dr Aziz", ("Tom",)),
    ("I work at Google and Anna works at Meta.", "Google", ("Anna",)),
]


def _held(values: list[str], spelling: str, forbidden: tuple[str, ...]) -> bool:
    """Some value holds the spelling (case-insensitive, as the fact checks read it) and none of the forbidden words."""
    return any(spelling.casefold() in v.casefold() and not any(f.casefold() in v.casefold() for f in forbidden)
               for v in values)


def _values(candidates) -> list[str]:
    return [c.value for c in candidates if c.op == "assert" and c.value]


@pytest.mark.parametrize("text, spelling, forbidden", WHOLE_VALUES)
def test_the_value_is_the_whole_phrase(real_parser, text, spelling, forbidden):
    message = Message(1, "t", "user", text, "2026-01-01T00:00:00Z")
    values = _values(parse(message, real_parser).candidates)
    assert _held(values, spelling, forbidden), values


#: The rule path alone (no parser installed) reads these shapes whole too.
RULE_SHAPES = [case for case in WHOLE_VALUES if case[0] in {
    "My local pub is the Fox and Hounds.", "I work at Marks and Spencer.", "My bank is the Bank of Scotland.",
    "My yoga studio is Bend and Breathe.", "I live in Perth I think.", "My gym is PureGym at the moment.",
    "My barber is Theo for now.", "My coffee order is an oat milk flat white these days.",
    "My bank is Nationwide Building Society now.", "My therapist is Dr Aziz I believe",
    "My pharmacy is Boots for the time being.", "I live in Perth and my sister lives in Sydney.",
    "My dentist is Dr Aziz and Tom is my GP.", "My employer is Procter & Gamble.",
    "My favourite band is Florence and the Machine.", "I live in Glasgow nowadays I suppose."}]


@pytest.mark.parametrize("text, spelling, forbidden", RULE_SHAPES)
def test_the_rules_alone_read_the_whole_phrase(text, spelling, forbidden):
    values = _values(extract(text))
    assert _held(values, spelling, forbidden), values


@pytest.mark.parametrize("text, not_a_value", [
    # a clause with "I" after a noun ends no value there unless it is a hedge: the noun is no value
    ("After my grandad's funeral I took a week off work.", "funeral"),
    ("When my brother moved to Leeds I was gutted.", "Leeds"),
    # a direction after a verb that names its attribute is no thing
    ("When I drive to my gran's I take my Ford Fiesta.", "to my gran"),
])
def test_what_is_no_value_stays_out(real_parser, text, not_a_value):
    message = Message(1, "t", "user", text, "2026-01-01T00:00:00Z")
    values = _values(c for c in parse(message, real_parser).candidates if c.subject == "user")
    assert not any(v.casefold() == not_a_value.casefold() or v.casefold().startswith("to ") for v in values), values
