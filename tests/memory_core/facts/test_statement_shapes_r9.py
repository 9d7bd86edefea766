"""Statement shapes of general English that gave no fact (issue 12, round 9's statement pool).

Sentences are written for these tests in other words than the pool's. Rules are checked on ``extract`` (the
rule layer alone, deterministic); the comma-set relative clause with the real spaCy parser, as it is the tree
that reads it.
"""
from __future__ import annotations

import pytest

from memory_core.facts.extraction import extract
from memory_core.facts.parse_extractor import parsed_candidates


def facts(text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value) for c in extract(text) if c.op == "assert"}


# -- "I am" reads as "I'm" -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, fact", [
    ("I am a huge fan of Bruce Springsteen.", ("user", "likes", "Bruce Springsteen")),
    ("I am not a fan of Marmite.", ("user", "dislikes", "Marmite")),
    ("I am type 2 diabetic.", ("user", "condition", "type 2 diabetic")),
    ("I am epileptic, well controlled.", ("user", "condition", "epileptic")),
])
def test_the_full_i_am_reads_as_the_contraction(text, fact):
    assert fact in facts(text)


# -- the allergy noun with its preposition ---------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("I have an allergy to sesame.", "sesame"),
    ("I have allergy on bee stings.", "bee stings"),
    ("I've got a serious allergy to cashews.", "cashews"),
])
def test_an_allergy_said_as_a_noun_names_what_it_is_to(text, value):
    assert ("user", "allergy", value) in facts(text)


def test_an_allergy_season_names_no_allergen():
    assert not any(p == "allergy" for _, p, _ in facts("I have allergy season coming up."))


# -- where people settled; the wider family; an aside after the person -----------------------------------
@pytest.mark.parametrize("text, fact", [
    ("We settled in Inverness after the wedding.", ("user", "lives_in", "Inverness")),
    ("My aunt has settled down in Truro.", ("aunt", "lives_in", "Truro")),
    ("My grandad lives in Wexford.", ("grandfather", "lives_in", "Wexford")),
    ("My cousin, poor thing, moved to Slough.", ("cousin", "lives_in", "Slough")),
    ("My sister, typically, has moved to Bath.", ("sister", "lives_in", "Bath")),
])
def test_a_relatives_home_stays_theirs(text, fact):
    found = facts(text)
    assert fact in found
    assert not any(subject == "user" and predicate == "lives_in" for subject, predicate, _ in found) or fact[0] == "user"


# -- a favourite's scope and aside ---------------------------------------------------------------------
@pytest.mark.parametrize("text, fact", [
    ("My favourite city in the whole world is Kyoto.", ("user", "favorite:city", "Kyoto")),
    ("My favourite poet of all time is Seamus Heaney.", ("user", "favorite:poet", "Seamus Heaney")),
    ("My favourite biscuit, no contest, is a Hobnob.", ("user", "favorite:biscuit", "a Hobnob")),
])
def test_a_favourite_said_over_a_scope_or_with_an_aside(text, fact):
    assert fact in facts(text)


# -- a workplace by its kind and then its name -----------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("I work at a garden centre called Greenfingers.", "Greenfingers"),
    ("i work for a firm named dobson and co", "dobson and co"),
])
def test_a_workplace_called_by_name_is_the_name(text, value):
    assert ("user", "works_at", value) in facts(text)


# -- a provider one is "with" for a service --------------------------------------------------------------
@pytest.mark.parametrize("text, fact", [
    ("For water we're with Severn Trent.", ("user", "water", "Severn Trent")),
    ("We are with Vodafone for our mobiles.", ("user", None, "Vodafone")),
])
def test_a_provider_for_a_service(text, fact):
    found = facts(text) if fact[1] else {(subject, None, value) for subject, _, value in facts(text)}
    assert fact in found


@pytest.mark.parametrize("text", ["I'm with Priya for lunch today.", "For now we're with Grandma."])
def test_company_kept_is_no_provider(text):
    assert facts(text) == set()


# -- a comma-set relative clause keeps a role (real parser) ----------------------------------------------
def test_a_role_with_a_comment_after_a_comma_is_still_the_role(real_parser):
    found = {(c.subject, c.predicate, c.value) for c in parsed_candidates(real_parser, "I'm an electrician, which pays the bills.")}
    assert ("user", "job_title", "electrician") in found


def test_a_relative_clause_without_a_comma_narrows_the_noun(real_parser):
    found = {c.predicate for c in parsed_candidates(real_parser, "I'm a person who hates queues.")}
    assert "job_title" not in found


# -- a wake time with "I'm" left out, kept to a habit -----------------------------------------------------
def test_a_wake_time_without_i_am_in_an_aside_is_a_habit():
    assert ("user", "wake_time", "4:45") in facts("Lark by nature, up at 4:45 most days.")


def test_a_time_up_in_an_aside_on_one_day_is_no_habit():
    assert not any(p == "wake_time" for _, p, _ in facts("Knackered, up at 3 with the baby last night."))
