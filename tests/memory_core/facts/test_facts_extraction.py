"""Hot-path extraction: phrasing variety, conservative on questions, hypotheticals and other people."""
from __future__ import annotations

import pytest

from memory_core.facts import ledger as facts
from memory_core.clock import parse_iso
from memory_core.facts.extraction import extract
from memory_core.ingest import ingest_and_extract


def triples(text):
    return [(c.op, c.subject, c.predicate, c.value) for c in extract(text)]


@pytest.mark.parametrize("text, expected", [
    ("I moved to Lisbon.", ("assert", "user", "lives_in", "Lisbon")),
    ("I live in Porto now.", ("assert", "user", "lives_in", "Porto")),
    ("Update: I've moved back to London.", ("assert", "user", "lives_in", "London")),
    ("I'm based in Rio de Janeiro these days.", ("assert", "user", "lives_in", "Rio de Janeiro")),
    ("my sister's name is Ana", ("assert", "user", "sister", "Ana")),
    ("My brother Tiago just turned 30.", ("assert", "user", "brother", "Tiago")),
    ("I no longer work at Acme Corp.", ("retract", "user", "works_at", "Acme Corp")),
    ("I'm vegetarian", ("assert", "user", "diet", "vegetarian")),
    ("call me Sam", ("assert", "user", "name", "Sam")),
    ("Actually, call me Mia.", ("assert", "user", "name", "Mia")),
    ("I started at Spotify last week!", ("assert", "user", "works_at", "Spotify")),
    ("I can't stand cilantro.", ("assert", "user", "dislikes", "cilantro")),
    ("I'm allergic to peanuts.", ("assert", "user", "allergy", "peanuts")),
    ("My yoga class moved to Thursdays.", ("assert", "user", "schedule:yoga", "Thursdays")),
    ("I'm flying to Tokyo on May 3.", ("assert", "user", "plan:trip_to_tokyo", "Tokyo, May 3")),
    ("I cancelled my trip to Tokyo.", ("retract", "user", "plan:trip_to_tokyo", None)),
    ("I drive a Honda Civic.", ("assert", "user", "car", "Honda Civic")),
    ("Please text me instead of calling.", ("assert", "user", "contact_method", "text message")),
    ("My favourite colour is blue.", ("assert", "user", "favorite:color", "blue")),
    ("My brother lives in Madrid.", ("assert", "brother", "lives_in", "Madrid")),
])
def test_phrasings(text, expected):
    assert expected in triples(text)


@pytest.mark.parametrize("text", [
    "If I moved to Berlin I'd be happier.", "I used to live in Paris.", "Do I live in Porto?",
    "I'm thinking about moving to Rome.", "Call me tomorrow please", "I'd like a coffee.", "I like it.",
    "I started running last week.", "I joined a book club.", "Would I be happier if I lived in Bergen?",
    "My sister hates tea.", "",
])
def test_no_fact_from_questions_hypotheticals_and_others(text):
    assert [t for t in triples(text) if t[1] == "user" and t[0] == "assert"] == []


def test_left_then_joined_retracts_then_asserts():
    assert triples("I left Google to join Meta.") == [("retract", "user", None, "Google"),
                                                       ("assert", "user", "works_at", "Meta")]


def test_ingest_then_the_fact_pass_extracts_and_resolves(store):
    first = ingest_and_extract(store, "t", "user", "I live in Porto and I work at Acme Corp.",
                           at=parse_iso("2025-01-01T10:00:00Z"))
    assert len(first.fact_ids) == 2
    moved = ingest_and_extract(store, "t", "user", "I moved to Lisbon", at=parse_iso("2025-03-01T10:00:00Z"))
    assert moved.retired_fact_ids
    assistant = ingest_and_extract(store, "t", "assistant", "I live in the cloud.", at=parse_iso("2025-03-01T10:01:00Z"))
    assert assistant.fact_ids == []  # the assistant's words are not facts about the user
    current = {f.predicate: f.value for f in facts.current_facts(store)}
    assert current == {"lives_in": "Lisbon", "works_at": "Acme Corp"}
    lisbon = facts.current_facts(store, predicate="lives_in")[0]
    assert lisbon.message_ids == [moved.message.id]


def test_extraction_handles_huge_and_binary_text():
    big = "I live in Porto. " + "blah " * 200_000
    assert ("assert", "user", "lives_in", "Porto") in triples(big)


@pytest.mark.parametrize("text, expected", [
    ("My favourite novelist is Iain M. Banks.", ("assert", "user", "favorite:novelist", "Iain M. Banks")),
    ("My favorite poet is T. S. Eliot these days.", ("assert", "user", "favorite:poet", "T. S. Eliot")),
    ("I live in the US. It's sunny.", ("assert", "user", "lives_in", "the US")),
])
def test_a_middle_initial_does_not_cut_the_value(text, expected):
    """A lone capital's period before a capitalised word is an initial, not the value's end."""
    assert triples(text) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("Most months, since it opened, Smith & Sons cuts my hair.", ("assert", "user", "barber", "Smith & Sons")),
    ("I'm a lifelong Brighton & Hove Albion fan.", ("assert", "user", "team", "Brighton & Hove Albion")),
    ("Our car is insured with Hastings & Co.", ("assert", "user", "insurance", "Hastings & Co")),
])
def test_an_ampersand_joins_a_named_provider(text, expected):
    """"&" inside a capitalised name keeps the whole name, not its last word."""
    assert expected in triples(text)


@pytest.mark.parametrize("text, expected", [
    ("I see Dr Okafor for counselling.", ("assert", "user", "therapist", "Dr Okafor")),
    ("We go to Dr Lindqvist for our teeth.", ("assert", "user", "dentist", "Dr Lindqvist")),
    ("I usually go to Clip Joint for my haircuts.", ("assert", "user", "barber", "Clip Joint")),
])
def test_what_the_user_goes_to_a_provider_for_names_the_attribute(text, expected):
    """"for <purpose>" names the provider: a Dr seen for counselling is a therapist, not a doctor."""
    assert triples(text) == [expected]


@pytest.mark.parametrize("text", [
    "I use Olaplex for my hair.",
    "My brother goes to Clip Joint for his hair.",
    "I don't go to Clip Joint for my hair anymore.",
    "I go to Harbour Cafe for the view.",
])
def test_no_provider_from_a_product_someone_else_a_denial_or_an_unknown_purpose(text):
    assert [t for t in triples(text) if t[2] in ("barber", "therapist", "dentist")] == []


@pytest.mark.parametrize("text, value", [
    ("Fleetwood Mac forever!", "Fleetwood Mac"),
    ("Hibernian til I die", "Hibernian"),
    ("Terry Pratchett is the GOAT.", "Terry Pratchett"),
])
def test_a_verbless_fan_exclamation_names_a_favourite(text, value):
    assert triples(text) == [("assert", "user", "favorite", value)]


@pytest.mark.parametrize("text", [
    "Dad forever!",
    "My brother forever",
    "We are best mates forever.",
    "Hibernian lost again, I will support them till I die.",
    "Terry Pratchett is the best.",
])
def test_no_favourite_from_love_for_people_a_longer_sentence_or_mere_praise(text):
    assert [t for t in triples(text) if t[2] == "favorite"] == []


@pytest.mark.parametrize("news", [
    "Tomasz moved to the Leeds office.",
    "Greta just started at Arup.",
    "Bilal is moving to Cork.",
])
def test_a_named_persons_news_is_no_user_fact(store, news):
    """A sentence opened by another person's name and a verb of change is their news, not the user's."""
    ingest_and_extract(store, "t", "user", "I live in Porto.", at=parse_iso("2025-01-01T10:00:00Z"))
    result = ingest_and_extract(store, "t", "user", news, at=parse_iso("2025-02-01T10:00:00Z"))
    assert result.fact_ids == [] and result.retired_fact_ids == []
    assert [(f.predicate, f.value) for f in facts.current_facts(store)] == [("lives_in", "Porto")]


@pytest.mark.parametrize("text, expected", [
    ("Finally moved to Cork!", ("lives_in", "Cork")),
    ("Bilal and I moved to Cork.", ("lives_in", "Cork")),
])
def test_the_users_own_move_still_counts(store, text, expected):
    ingest_and_extract(store, "t", "user", text, at=parse_iso("2025-02-01T10:00:00Z"))
    assert expected in [(f.predicate, f.value) for f in facts.current_facts(store)]


@pytest.mark.parametrize("text, expected", [
    ("Favourite poet these days: Mary Oliver.", ("assert", "user", "favorite:poet", "Mary Oliver")),
    ("fave album rn - Blue Lines", ("assert", "user", "favorite:album", "Blue Lines")),
    ("My favorite podcast at the moment is Desert Island Discs.",
     ("assert", "user", "favorite:podcast", "Desert Island Discs")),
])
def test_a_favourite_said_as_a_fragment_with_a_colon_or_a_time_word(text, expected):
    assert triples(text) == [expected]


def test_someone_elses_favourite_fragment_is_not_the_users():
    assert [t for t in triples("Ravi's favourite poet: Mary Oliver.") if t[2].startswith("favorite")] == []
