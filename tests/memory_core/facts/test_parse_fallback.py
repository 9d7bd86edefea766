"""The parse fallback (``parse_fallback``): one fact for a statement that names a thing of the user's and that no
other layer read; nothing for questions, negations, wishes, other people's one-off events or dates.

Sentences written for these tests; none is copied from a bench set.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger
from memory_core.facts.attributes import same_attribute
from memory_core.facts.candidate import Candidate
from memory_core.facts.parse_extractor import parsed_sentences
from memory_core.facts.parse_fallback import fallback_candidates
from memory_core.facts.parse_tokens import ParsedSentence, Token
from memory_core.facts.attributes import from_parse_fallback
from memory_core.facts.resolution import parse
from memory_core.ingest import ingest_and_extract
from memory_core.storage.store import Message


def _fallback(parser, text: str) -> set[tuple[str, str | None, str | None]]:
    candidates = parse(Message(1, "t", "user", text, "2025-01-01T10:00:00+00:00"), parser).candidates
    return {(c.subject, c.predicate, c.value) for c in candidates if from_parse_fallback(c.predicate)}


@pytest.mark.parametrize("text, expected", [
    # chat's dropped "I" with a progressive: the verb is the attribute
    ("been streaming Desert Island Discs on the train most mornings",
     ("user", "named_act:stream", "Desert Island Discs")),
    # a relation without "my", the verb with its object and preposition
    ("grandad buys his paper from Patel News every morning",
     ("grandfather", "named_act:buy_the_paper_from", "Patel News")),
    # a note: the label before the colon is the attribute
    ("comfort food after a long shift: Pot Noodle", ("user", "named:comfort_food", "Pot Noodle")),
    # a fragment comma-spliced before a verbless remark keeps its own truth
    ("wearing Jo Malone Peony today, feeling fancy", ("user", "named_act:wear", "Jo Malone Peony")),
    # a title with "of the" inside; a passive keeps its "be"
    ("dad is watching Gardeners of the World again", ("father", "named_act:watch", "Gardeners of the World")),
    ("my sister is obsessed with BTS", ("sister", "named_act:be_obsess_with", "BTS")),
])
def test_the_fallback_names_what_no_rule_read(real_parser, text, expected):
    assert expected in _fallback(real_parser, text)


@pytest.mark.parametrize("text", [
    "Have you tried the new menu at Pret?",  # a question
    "I never shop at Lidl",  # denied
    "I'd love to visit Kyoto someday",  # wished
    "If we move, we'd join Riverside Rowing.",  # conditional
    "Tom flew to Madrid last week.",  # someone else's one-off event
    "My sister went to Berlin for a conference.",  # a one-off event in the past, no habit
    "see you Monday",  # a weekday is when, not what
    "off to the coast for New Year's Eve with the girls",  # a feast's name
    "Thanks Priya, that helps",  # a greeting's name
    "Apple released a new phone today.",  # news of no one in the user's life
    "the van's booked into Kwik Wheels on friday",  # a bare participle: no dropped "I"
    "my manager wants the report for Acme by Friday",  # a verb whose object says the event
    "writing a cover letter for Google, wish me luck",  # "a" new thing: one event
    "heading to Edinburgh for a conference next week",  # a progressive set in the future: an arrangement
    "just finished reading Dune, what a book",  # the past of the verb it completes
])
def test_the_fallback_gives_nothing_for_what_states_no_fact_of_the_users(real_parser, text):
    assert _fallback(real_parser, text) == set()


def _sentence(words: list[tuple[str, str, str, str, int]]) -> ParsedSentence:
    """A hand-built parse: (text, lemma, pos, dep, head) per word, tags from the part of speech."""
    tags = {"VERB": "VBG", "AUX": "VBN", "PROPN": "NNP", "ADP": "IN", "NOUN": "NN"}
    text, tokens, at = "", [], 0
    for i, (word, lemma, pos, dep, head) in enumerate(words):
        text += ("" if not text else " ") + word
        at = len(text) - len(word)
        tokens.append(Token(i, word, lemma, pos, tags.get(pos, "XX"), dep, head, "", at))
    return ParsedSentence(text, tuple(tokens))


#: "been reading Tidal Notes": a dropped "I", a progressive, a two-word name its object.
_READING = _sentence([("been", "be", "AUX", "aux", 1), ("reading", "read", "VERB", "ROOT", 1),
                      ("Tidal", "tidal", "PROPN", "compound", 3), ("Notes", "notes", "PROPN", "dobj", 1)])


def test_one_fact_from_a_hand_built_parse():
    found = fallback_candidates([_READING], [])
    assert [(c.subject, c.predicate, c.value) for c in found] == [("user", "named_act:read", "Tidal Notes")]


def test_a_sentence_another_layer_read_gives_no_fallback_fact():
    rule = Candidate("assert", "user", "favorite:magazine", "Tidal Notes", "been reading Tidal Notes")
    assert fallback_candidates([_READING], [rule]) == []


def test_the_fallback_reads_as_a_sentence_and_keeps_its_own_category():
    assert ledger.fact_text("user", "named_act:stream", "Desert Island Discs") == \
        "The user streams Desert Island Discs."
    assert ledger.fact_text("grandfather", "named_act:buy_the_paper_from", "Patel News") == \
        "The user's grandfather buys the paper from Patel News."
    assert ledger.fact_text("user", "named:comfort_food", "Pot Noodle") == "The user's comfort food is Pot Noodle."
    assert ledger.fact_text("sister", "named_act:be_obsess_with", "BTS") == "The user's sister is obsessed with BTS."
    assert ledger.predicate_info("named:comfort_food").category == "named"
    assert ledger.CATEGORY_TTL_DAYS["named"] is not None


def test_a_fallback_attribute_is_compared_by_its_words_not_its_family():
    assert same_attribute("named:university", "university")
    assert same_attribute("named_act:stream", "named:stream")
    assert not same_attribute("named_act:stream", "named_act:buy_the_paper_from")


def test_unrelated_fallback_facts_do_not_retire_each_other(store, real_parser):
    ingest_and_extract(store, "t", "user", "been streaming Desert Island Discs on the train most mornings",
                       at=parse_iso("2025-01-01T10:00:00Z"), parser=real_parser)
    ingest_and_extract(store, "t", "user", "comfort food after a long shift: Pot Noodle",
                       at=parse_iso("2025-02-01T10:00:00Z"), parser=real_parser)
    values = {f.value for f in ledger.current_facts(store)}
    assert {"Desert Island Discs", "Pot Noodle"} <= values


def test_someone_named_by_a_first_name_alone_is_kept_as_someone_in_the_users_life(store, real_parser):
    """A user names the people of their own life by first name: the fallback's fact about them is stored."""
    ingest_and_extract(store, "t", "user", "Jonah is obsessed with Warhammer, he paints every night",
                       at=parse_iso("2025-01-01T10:00:00Z"), parser=real_parser)
    held = [(f.subject, f.predicate, f.value) for f in ledger.current_facts(store) if f.predicate.startswith("named")]
    assert held == [("Jonah", "named_act:be_obsess_with", "Warhammer")]


@pytest.mark.parametrize("text", [
    "Jonah Briggs is obsessed with Warhammer",  # a full name: a public figure's shape
    "Coach Jonah is obsessed with Warhammer",  # a title
])
def test_a_full_name_or_a_title_is_no_one_of_the_users(real_parser, text):
    assert _fallback(real_parser, text) == set()


def test_a_name_typed_lower_case_by_a_writer_who_starts_no_sentence_with_a_capital_is_a_person(real_parser):
    """Round 23: such a writer's capitals are a brand's own ("Warhammer"); the names the case lexicon knows are
    restored, as in a message a phone capitalised, so "jonah" here is Jonah (before, no one)."""
    assert ("Jonah", "named_act:be_obsess_with", "Warhammer") in \
        _fallback(real_parser, "jonah is obsessed with Warhammer")


def test_a_lowercase_name_is_a_person_when_a_personal_pronoun_follows(real_parser):
    assert ("Jonah", "named_act:be_obsess_with", "Warhammer") in \
        _fallback(real_parser, "jonah is obsessed with Warhammer, he paints every night")


def test_the_matcher_names_the_attribute_the_fallback_held_under_its_verb(store, real_parser, real_embedder):
    """"our connection at home comes from X": the fallback holds X under "come from"; the background matcher knows the
    attribute (the internet provider), and the fallback's fact gives way: one current fact for X."""
    from memory_core.facts.semantic import AttributeMatcher, run_semantic_pass

    embedder = real_embedder.load()
    ingest_and_extract(store, "t", "user", "Our connection at home comes from Lumen Fibre.",
                       at=parse_iso("2025-01-01T10:00:00Z"), parser=real_parser)
    assert any(f.predicate.startswith("named") for f in ledger.current_facts(store))
    run_semantic_pass(store, embedder, matcher=AttributeMatcher(embedder))
    held = [(f.predicate, f.value) for f in ledger.current_facts(store) if "Lumen" in f.value]
    assert held == [("internet", "Lumen Fibre")]


# -- measured values (``parse_measures``) --------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    # a size names itself; what it is a size in stays in the value
    ("fyi I'm a size 12 in jeans", ("user", "named:size", "size 12 in jeans")),
    # a verb that says what the measure is of, with its rate
    ("I usually swim 40 lengths a week", ("user", "named_act:swim", "40 lengths a week")),
    ("I drink 2 litres a day", ("user", "named_act:drink", "2 litres a day")),
    # a height said with "I'm"
    ("I'm 6'1, legroom matters", ("user", "named:height", "6'1")),
    # a light verb: the unit is the attribute
    ("I do 50 pushups every morning before work", ("user", "named:pushups", "50 pushups every morning")),
])
def test_a_measured_value_is_the_fallbacks_value(real_parser, text, expected):
    assert expected in _fallback(real_parser, text)


@pytest.mark.parametrize("text", [
    "I cycled 30 km yesterday",  # one day's quantity
    "the bus came 20 minutes late",  # late: one-off, and not the user's
    "just 2 more weeks of this job",  # more: what is left
    "the tickets were £45 each",  # not the user's
    "see you at 7pm",  # a time of one day
    "I've lived here for 6 years",  # a span after "for"
    "I ate 3 biscuits",  # a one-off past
    "I have 2 cats",  # a count of things is no measure
    "I can't walk 5 miles",  # denied
])
def test_a_one_off_or_anothers_quantity_is_no_measured_fact(real_parser, text):
    assert {f for f in _fallback(real_parser, text) if f[0] == "user"} == set()


def test_a_size_said_again_replaces_the_old_size(store, real_parser):
    ingest_and_extract(store, "t", "user", "fyi I'm a size 12 in jeans", at=parse_iso("2025-01-01T10:00:00Z"),
                       parser=real_parser)
    ingest_and_extract(store, "t", "user", "I'm a size 10 in jeans now!", at=parse_iso("2025-03-01T10:00:00Z"),
                       parser=real_parser)
    sizes = [f.value for f in ledger.current_facts(store) if f.predicate == "named:size"]
    assert sizes == ["size 10 in jeans"]


def test_a_size_reads_as_a_value_not_a_date():
    assert ledger.fact_text("user", "named:size", "size 8") == "The user's size is size 8."
    assert ledger.fact_text("user", "eye_test", "May 12") == "The user's eye test is on May 12."
