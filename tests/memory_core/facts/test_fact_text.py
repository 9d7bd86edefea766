"""Fact text reads as an English sentence for every attribute name the extractor produces.

``PRODUCED_ON_DEV`` lists the (subject, predicate) pairs the rules and the dependency parse produced on the DEV
timelines (``python -m bench.list_fact_predicates``, 2026-12-01); ``VERB_ATTRIBUTES`` adds verb + preposition
attributes the parse names for verbs outside its table ("I volunteer at Y").
"""
from __future__ import annotations

import re

import pytest

from memory_core.facts import ledger
from memory_core.facts.fact_wording import third_person, verb_phrase
from memory_core.facts.parse_verbs import VERB_ATTRIBUTES as PARSE_VERBS

PRODUCED_ON_DEV = [
    ("daughter", "band"), ("daughter", "school"), ("friend", "lives_in"), ("mother", "lives_in"),
    ("sister", "lives_in"), ("user", "band"), ("user", "barber"), ("user", "big_shop"), ("user", "car"),
    ("user", "coffee"), ("user", "commute"), ("user", "dentist_appointment"), ("user", "diet"), ("user", "doctor"),
    ("user", "dog"), ("user", "drink"), ("user", "energy_supplier"), ("user", "favorite:author"),
    ("user", "favorite:band"), ("user", "favorite:writer"), ("user", "flat"), ("user", "flatmate"),
    ("user", "food_shopping"), ("user", "gas"), ("user", "hair"), ("user", "hobby"), ("user", "instrument"),
    ("user", "internet"), ("user", "job_title"), ("user", "landlord"), ("user", "likes"), ("user", "lives_in"),
    ("user", "manager"), ("user", "mobile_number"), ("user", "owns:bike"), ("user", "owns:phone"),
    ("user", "partner"), ("user", "pet"), ("user", "phone"), ("user", "phone_network"),
    ("user", "plan:dentist_appointment"), ("user", "profession"), ("user", "race"), ("user", "share_with"),
    ("user", "sister"), ("user", "skill"), ("user", "supermarket"), ("user", "team"), ("user", "therapist"),
    ("user", "therapy"), ("user", "wake_time"), ("user", "weekly_shop"), ("user", "works_at"),
]
VERB_ATTRIBUTES = [("user", "volunteer_at"), ("user", "teach_at"), ("sister", "share_with"), ("user", "swim_with"),
                   ("user", "be_base_in"), ("user", "study_at"), ("user", "coach_for"), ("user", "play_in")]
#: The same, under the families and concepts every attribute word of the verb table can become.
TABLE_ATTRIBUTES = [("user", words.replace(" ", "_")) for words in sorted(set(PARSE_VERBS.values())) if words]
_PREPOSITIONS = r"(?:in|at|for|with|on|to|by|from|as)"


def _looks_grammatical(text: str, value: str) -> list[str]:
    problems = []
    if value not in text:
        problems.append("value not verbatim")
    if not text.endswith(".") or text.endswith(".."):
        problems.append("does not end with one full stop")
    if re.search(rf"'s (?:\w+ )*?\w+ {_PREPOSITIONS} is\b", text):
        problems.append("a verb attribute after 's")
    if re.search(r":", text.replace(value, "")):
        problems.append("a keyword list (colon)")
    words = re.findall(r"[\w'-]+", text.replace(value, "").lower().replace("favourite", "favorite"))
    if any(a == b for a, b in zip(words, words[1:])):
        problems.append("a doubled word")
    if not text.startswith("The user"):
        problems.append("does not start with the user")
    return problems


@pytest.mark.parametrize("subject,predicate", PRODUCED_ON_DEV + VERB_ATTRIBUTES + TABLE_ATTRIBUTES)
def test_every_produced_attribute_reads_as_a_sentence(subject, predicate):
    value = "Sven Olsen"
    text = ledger.fact_text(subject, predicate, value)
    assert _looks_grammatical(text, value) == [], text


def test_verb_attributes_read_as_verbs():
    assert ledger.fact_text("user", "share_with", "Sven") == "The user shares with Sven."
    assert ledger.fact_text("sister", "share_with", "Sven") == "The user's sister shares with Sven."
    assert ledger.fact_text("user", "volunteer_at", "Oxfam") == "The user volunteers at Oxfam."
    assert ledger.fact_text("user", "be_base_in", "Leeds") == "The user is based in Leeds."
    assert ledger.fact_text("user", "gym", "FitHub") == "The user's gym is FitHub."
    assert ledger.fact_text("sister", "lives_in", "Porto") == "The user's sister lives in Porto."
    assert ledger.fact_text("user", "team", "Celtic") == "The user supports Celtic."


def test_the_value_is_kept_verbatim_even_with_its_own_full_stop():
    assert ledger.fact_text("user", "favorite:writer", "Ursula K. Le Guin") == \
        "The user's favorite writer is Ursula K. Le Guin."
    assert ledger.fact_text("user", "favorite:band", "Fontaines D.C.") == "The user's favorite band is Fontaines D.C."


@pytest.mark.parametrize("verb,expected", [("share", "shares"), ("teach", "teaches"), ("study", "studies"),
                                           ("play", "plays"), ("be", "is"), ("go", "goes"), ("fix", "fixes")])
def test_third_person(verb, expected):
    assert third_person(verb) == expected


def test_particle_verbs_conjugate_the_verb():
    assert verb_phrase("wake up at") == "wakes up at"


def test_the_checker_can_fail():
    assert _looks_grammatical("The user's share with is Sven.", "Sven")
    assert _looks_grammatical("The user plans trip: Iceland.", "Iceland")
    assert _looks_grammatical("The user's favorite favourite band is X.", "X")


def test_the_timeline_line_is_one_sentence_with_its_span():
    """The facts list shows text + validity: 'The user lives in Porto, since Jan 2025.' (no '., since')."""
    from memory_core.facts.listing import FactItem, validity_text

    current = FactItem(1, "user", "lives_in", "Porto", "The user lives in Porto.", "home",
                       "2025-01-10T09:00:00+00:00", None, None, None)
    past = FactItem(2, "user", "lives_in", "Lisbon", "The user lives in Lisbon.", "home",
                    "2024-01-10T09:00:00+00:00", "2025-01-10T09:00:00+00:00", None, "Porto")
    assert validity_text(current).startswith("The user lives in Porto, since ")
    assert validity_text(current).endswith(".") and ".," not in validity_text(current)
    assert validity_text(past).endswith(", superseded by Porto.") and ".," not in validity_text(past)


@pytest.mark.parametrize("value, text", [
    ("nurse at the city hospital", "The user works as a nurse at the city hospital."),
    ("electrician", "The user works as an electrician."),
    ("a nurse", "The user works as a nurse."),
    ("head of sales", "The user works as head of sales."),
    ("Lead Designer", "The user works as Lead Designer."),
])
def test_a_bare_role_gets_its_article_and_the_value_stays_verbatim(value, text):
    assert ledger.fact_text("user", "job_title", value) == text
