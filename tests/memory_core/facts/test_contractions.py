"""Apostrophes chat drops ("im", "dont", "my sisters flat") put back for the fact pass, only where English leaves
no doubt; the stored message is never changed."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import memory_core.facts.reading as reading
from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.contractions import with_apostrophes
from memory_core.facts.semantic import pending
from memory_core.ingest import ingest_and_extract

JAN = parse_iso("2025-01-10T09:00:00Z")


@pytest.mark.parametrize("typed, read", [
    ("im off to the allotment", "I'm off to the allotment"),
    ("Im knackered", "I'm knackered"),
    ("ive started pilates", "I've started pilates"),
    ("so Ive joined a choir", "so I've joined a choir"),
    ("the heating doesnt come on", "the heating doesn't come on"),
    ("Dont remind me", "Don't remind me"),
    ("I DIDNT", "I DIDN'T"),
    ("theyre lovely, youve met them", "they're lovely, you've met them"),
    ("thats my cousin, hes a chef", "that's my cousin, he's a chef"),
    ("whats the plan? theres none", "what's the plan? there's none"),
    ("we cant, it wont fit", "we can't, it won't fit"),
    ("shes retired and weve moved", "she's retired and we've moved"),
    ("everyones invited", "everyone's invited"),
])
def test_a_contraction_whose_bare_form_is_no_word_is_always_restored_in_its_case(typed, read):
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("ill be late tonight", "I'll be late tonight"),
    ("id rather walk", "I'd rather walk"),
    ("its been raining all week", "it's been raining all week"),
    ("Its called The Anchor", "It's called The Anchor"),
    ("shed never say so", "she'd never say so"),
    ("wed love a dog", "we'd love a dog"),
    ("its with Nationwide now", "it's with Nationwide now"),
    ("mostly its Spotify", "mostly it's Spotify"),
    ("hell probably call", "he'll probably call"),
    ("Were still looking for a flat", "We're still looking for a flat"),
    ("were moving to Derby", "we're moving to Derby"),
])
def test_a_bare_word_before_the_start_of_a_verb_phrase_is_the_contraction(typed, read):
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize("typed", [
    "she was ill for a fortnight", "I feel ill", "bring your id card", "the cat licked its paw",
    "its own garden", "the shed roof leaks", "see you on wed at noon", "what the hell", "they were moving out",
    "Were you at the match?", "well, fine", "she lets me borrow it", "as is his wont", "IM me later",
    "Jony Ive designed it", "my friends live in Bath", "my brothers and I", "my sisters Ana and Bea",
    "Rhys new van", "the Kennedys are coming", "Mums are the best", "email me at im.here@example.org",
    "my older sisters are twins", "the kids been fed", "Marcus been busy", "the Saints coach", "Hughes teacher",
    "in its Twitter bio", "its fair share", "the dog and its lead", "Toms new bike", "Dads love it",
])
def test_english_words_and_plurals_stay_as_typed(typed):
    assert with_apostrophes(typed) == typed


@pytest.mark.parametrize("typed, read", [
    ("my sisters flat", "my sister's flat"),
    ("our nans old house", "our nan's old house"),
    ("at a friends barbecue", "at a friend's barbecue"),
    ("mums in hospital", "mum's in hospital"),
    ("Dads just retired", "Dad's just retired"),
    ("Maisys first day at school", "Maisy's first day at school"),
    ("the Dennys breakfast menu", "the Denny's breakfast menu"),
    ("my younger sisters boyfriend", "my younger sister's boyfriend"),
    ("my dads been in hospital", "my dad's been in hospital"),
    ("Priyas gone back to Leicester", "Priya's gone back to Leicester"),
    ("Tomass teacher", "Tomass teacher"),
    ("Lenas dad drives them", "Lena's dad drives them"),
    ("met Joshs new boyfriend", "met Josh's new boyfriend"),
    ("Grans birthday is on Sunday", "Gran's birthday is on Sunday"),
    ("Jacks cat Miso", "Jack's cat Miso"),
])
def test_a_kin_nouns_possessive_and_a_y_names_s(typed, read):
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize("written", [
    "I'm sure it's fine, isn't it? My sister's flat is in Leeds.",
    "We're off; they'll call. Don't wait, I'd say.",
    "Rock ’n’ roll, I’m told, doesn’t die.",
])
def test_a_text_written_with_apostrophes_comes_back_unchanged(written):
    assert with_apostrophes(written) == written


_WORDS = ["im", "Im", "ive", "dont", "its", "ill", "id", "were", "wed", "shed", "hell", "well", "my", "a",
          "sisters", "mums", "friends", "be", "been", "called", "flat", "in", "the", "Poppys", "Were", "I'm",
          "it's", "rather", "not", "wont", "to", "his", "Tom", ",", ".", "?", "\n", "little", "gone", "been",
          "Gordons", "teacher", "Netflix", "on", "best"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=12))
def test_restoring_twice_is_restoring_once(words):
    text = " ".join(words)
    once = with_apostrophes(text)
    assert with_apostrophes(once) == once


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abimnotdsely' ’.,?I\n")), max_size=40))
def test_restoring_is_idempotent_on_any_text_and_keeps_its_other_characters(text):
    once = with_apostrophes(text)
    assert with_apostrophes(once) == once
    assert once.replace("'", "").replace("I", "i") == text.replace("'", "").replace("I", "i")


def _restoring_off(monkeypatch) -> None:
    monkeypatch.setattr(reading, "with_apostrophes", lambda text: text)


def _held(store) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}


@pytest.mark.parametrize("typed, fact", [
    ("Im a baker at Crumb & Co.", ("user", "works_at", "Crumb & Co")),
    ("Im with Octopus for the energy now", ("user", "energy", "Octopus")),
    ("my sisters flat is in Hove", ("sister", "lives_in", "Hove")),
])
def test_the_fact_pass_reads_a_message_typed_without_apostrophes(store, real_parser, typed, fact):
    result = ingest_and_extract(store, "t", "user", typed, at=JAN, parser=real_parser)
    assert fact in _held(store)
    assert store.message(result.message.id).text == typed  # the stored message is as typed


@pytest.mark.parametrize("typed, fact", [
    ("Im a baker at Crumb & Co.", ("user", "works_at", "Crumb & Co")),
    ("my sisters flat is in Hove", ("sister", "lives_in", "Hove")),
])
def test_without_the_apostrophes_put_back_the_same_message_gave_no_such_fact(store, real_parser, monkeypatch,
                                                                            typed, fact):
    _restoring_off(monkeypatch)
    ingest_and_extract(store, "t", "user", typed, at=JAN, parser=real_parser)
    assert fact not in _held(store)


def test_the_background_matcher_weighs_the_sentence_as_the_rule_pass_reads_it(store):
    """``semantic.pending`` masks values in the reading text: "Ive done" weighs as "I've done"."""
    ingest_and_extract(store, "a", "user", "Ever since uni Ive done the books for Pellow Joinery.", at=JAN)
    ingest_and_extract(store, "b", "user", "Ever since uni I've done the books for Pellow Joinery.", at=JAN)
    _, options = pending(store)
    by_thread = [sorted(o.masked for o in options if o.message_index == index) for index in (0, 1)]
    assert by_thread[0] and by_thread[0] == by_thread[1]
