"""Facts from the dependency parse, with the real spaCy pipeline: the tree shapes, what they refuse, the merge.

Sentences are written for these tests, in shapes not copied from the bench's phrasing pools.
"""
from __future__ import annotations

import pytest

from memory_core.facts.candidate import Candidate
from memory_core.facts.parse_extractor import parsed_candidates
from memory_core.facts.parse_merge import merge_candidates


def _facts(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    return {(c.subject, c.predicate, c.value) for c in parsed_candidates(parser, text)}


@pytest.mark.parametrize("text, expected", [
    # possessive copula, and its mirror
    ("My dentist these days is Dr Okafor.", ("user", "dentist", "Dr Okafor")),
    ("Brightwater Fitness is my gym.", ("user", "gym", "Brightwater Fitness")),
    ("My cat's name is Tofu.", ("user", "cat", "Tofu")),
    ("Our wedding anniversary is on October 12th.", ("user", "anniversary", "October 12th")),
    # naming
    ("We adopted a tortoise named Sheldon last spring.", ("user", "pet", "Sheldon")),
    ("I sing in a choir called Northern Voices.", ("user", "choir", "Northern Voices")),
    ("Kazuo Ishiguro, my favourite novelist, has a new book out.", ("user", "favorite:novelist", "Kazuo Ishiguro")),
    # verbs that name the attribute
    ("Right now I'm training for the Cork City Marathon.", ("user", "race", "Cork City Marathon")),
    ("These days we bank with Starling.", ("user", "bank", "Starling")),
    ("I've been learning Korean on the train.", ("user", "language", "Korean")),
    ("On weekdays I get up at 5:45.", ("user", "wake_time", "5:45")),
    ("I drive an old Skoda Octavia.", ("user", "car", "Skoda Octavia")),
    ("I take my espresso black.", ("user", "espresso", "black")),
    ("I'm on a low-carb diet.", ("user", "diet", "low-carb diet")),
    ("We buy our bread from Hoxton Bakehouse.", ("user", "bread", "Hoxton Bakehouse")),
    # a possessed noun as the subject: a fact about that person
    ("My brother lives in Valparaíso.", ("brother", "lives_in", "Valparaíso")),
    ("My cousin still works for Siemens.", ("cousin", "works_at", "Siemens")),
])
def test_tree_shapes_give_the_fact(real_parser, text, expected):
    found = _facts(real_parser, text)
    assert expected in found, found


@pytest.mark.parametrize("text", [
    "I don't have a dog named Rex.",
    "If we get a parrot, we'll call it Captain.",
    "Should I bank with Monzo?",
    "Do you think I should learn Japanese?",
    "I want to train for the Boston Marathon one day.",
    "I would never drive a Tesla.",
    "My sister doesn't live in Oslo anymore.",
    "I'm not training for any race this year.",
    "Maybe I'll join a band called The Loops.",
    "I never wake up at 5am.",
    "What's your favourite band?",
    "I've worked for the last ten years.",
])
def test_negated_hypothetical_and_questions_give_nothing(real_parser, text):
    assert _facts(real_parser, text) == set()


def test_pronouns_are_never_values(real_parser):
    found = _facts(real_parser, "My favourite mug is that one. I bank with them.")
    assert not any(value and value.lower() in ("that one", "one", "them", "that") for _, _, value in found), found


def test_values_are_words_of_the_message(real_parser):
    text = "My running club is Harbour Harriers, which meets on Tuesdays."
    for candidate in parsed_candidates(real_parser, text):
        assert candidate.value in text and candidate.evidence in text
    assert ("user", "club", "Harbour Harriers") in _facts(real_parser, text)  # not "..., which meets"


def test_rules_win_and_the_parse_adds_what_they_missed():
    rule = Candidate("assert", "user", "lives_in", "Porto", "I live in Porto.")
    same_slot = Candidate("assert", "user", "home", "Porto city centre", "...")
    same_value = Candidate("assert", "user", "hometown", "porto", "...")
    new = Candidate("assert", "user", "race", "Lisbon Half", "...")
    merged = merge_candidates([rule], [same_slot, same_value, new])
    assert merged == [rule, new]


def test_a_rule_retraction_keeps_the_parse_from_re_adding_the_value():
    left = Candidate("retract", "user", "works_at", "Acme", "I left Acme to join Beta.")
    joined = Candidate("assert", "user", "works_at", "Beta", "I left Acme to join Beta.")
    parsed_old = Candidate("assert", "user", "employer", "Acme", "...")
    merged = merge_candidates([left, joined], [parsed_old])
    assert merged == [left, joined]


def test_a_retraction_of_one_value_leaves_the_parse_free_to_add_another():
    quit_role = Candidate("retract", "user", None, "junior accountant", "I quit being a junior accountant.")
    new_role = Candidate("assert", "user", "job_title", "payroll manager", "These days I'm a payroll manager.")
    assert merge_candidates([quit_role], [new_role]) == [quit_role, new_role]


@pytest.mark.parametrize("text, ended", [
    ("We moved our broadband from Plusnet to Zen.", "Plusnet"),
    ("I've switched my insurance from Aviva to Direct Line.", "Aviva"),
])
def test_the_value_a_switch_left_is_no_fact(real_parser, text, ended):
    assert not any(value == ended for _, _, value in _facts(real_parser, text))


@pytest.mark.parametrize("text, expected", [
    ("Usually I sleep at 11pm.", ("user", "bedtime", "11pm")),
    ("Our anniversary is on the 3rd of May.", ("user", "anniversary", "3rd of May")),
])
def test_times_and_dates_keep_all_their_words(real_parser, text, expected):
    assert expected in _facts(real_parser, text)


def test_a_one_off_purchase_is_no_provider(real_parser):
    assert _facts(real_parser, "Yesterday I bought batteries at Boots.") == set()


def test_a_verbless_description_names_its_place_only_for_a_habit(real_parser):
    assert ("user", "haircut", "Rush") in _facts(real_parser, "The haircut I get at Rush.")
    assert _facts(real_parser, "The guy I met at Google.") == set()


@pytest.mark.parametrize("text, expected", [
    ("The plumber (Kev Doyle) finally turned up.", None),
    ("Our plumber (Kev Doyle) finally turned up.", ("user", "plumber", "Kev Doyle")),
    ("Had lunch with Mireille (my fiancée) by the river.", ("user", "partner", "Mireille")),
    ("My GP (Dr Marsh) is retiring.", ("user", "doctor", "Dr Marsh")),
    ("Tomasz (housemate) left the heating on again.", ("user", "housemate", "Tomasz")),
])
def test_a_role_and_a_name_in_parentheses(real_parser, text, expected):
    found = _facts(real_parser, text)
    if expected is None:  # a role no lexicon knows and nobody said was theirs: no fact
        assert found == set(), found
    else:
        assert expected in found, found


def test_an_apposition_names_the_noun_even_in_a_negated_clause(real_parser):
    assert ("user", "sister", "Ana") in _facts(real_parser, "My sister, Ana, doesn't live in Oslo.")
    assert not any(value == "Oslo" for _, _, value in _facts(real_parser, "My sister, Ana, doesn't live in Oslo."))


@pytest.mark.parametrize("text, denied", [
    ("My birthday is in March, not April.", "April"),
    ("These days I report to Marguerite rather than Sol.", "Sol"),
    ("I train at Gymbox now instead of at Third Space.", "Third Space"),
])
def test_a_value_said_not_to_hold_is_no_fact(real_parser, text, denied):
    assert not any(value == denied for _, _, value in _facts(real_parser, text))


def test_a_person_word_needs_a_name_for_its_value(real_parser):
    found = _facts(real_parser, "My husband is vegetarian. My partner is Wen.")
    assert not any(value == "vegetarian" for _, _, value in found) and ("user", "partner", "Wen") in found


def test_starting_something_at_a_place_is_no_job(real_parser):
    assert not any(p == "works_at" for _, p, _ in _facts(real_parser, "I've started pottery lessons at Clayworks."))
    assert ("user", "works_at", "Clayworks") in _facts(real_parser, "I start at Clayworks next week.")


@pytest.mark.parametrize("text, expected", [
    ("I've started learning the banjo.", ("user", "instrument", "banjo")),
    ("These days I'm learning the trombone.", ("user", "instrument", "trombone")),
    ("I am learning Italian.", ("user", "language", "Italian")),
])
def test_learning_an_instrument_names_the_instrument_not_a_skill(real_parser, text, expected):
    assert expected in _facts(real_parser, text)
