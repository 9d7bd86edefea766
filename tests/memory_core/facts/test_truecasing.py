"""Truecasing: a message typed without capitals is read with the capitals English gives its names."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from memory_core.facts.reading import reading_text
from memory_core.facts.truecasing import truecased, typed_without_capitals, word_case


def test_known_names_places_months_and_brands_get_their_capitals():
    assert truecased("went to leeds with sarah in june") == "went to Leeds with Sarah in June"
    assert truecased("cancelled netflix and got an iphone") == "cancelled Netflix and got an iPhone"


def test_common_words_stay_lower_case():
    text = "the terrier chewed my trainers while i was at the gym"
    assert truecased(text) == "the terrier chewed my trainers while I was at the gym"


def test_a_rare_word_in_an_all_lower_case_message_is_taken_for_a_name():
    assert truecased("my sister banks with zorblax now") == "my sister banks with Zorblax now"


def test_a_rare_word_after_a_determiner_or_with_a_common_ending_is_a_noun():
    assert truecased("we got a snorkelbox for the kids") == "we got a snorkelbox for the kids"
    assert truecased("he went flexitarian last year") == "he went flexitarian last year"


def test_a_form_of_a_known_word_is_no_name():
    assert truecased("been rewatching old films") == "been rewatching old films"


def test_naming_words_capitalise_what_they_name_even_common_words():
    assert truecased("our cat is called pickle") == "our cat is called Pickle"
    assert truecased("my band, the name is paper lantern, plays on fridays") == \
        "my band, the name is Paper Lantern, plays on Fridays"


def test_a_name_set_beside_what_it_is():
    assert truecased("came home to pickle, my old tabby") == "came home to Pickle, my old tabby"


def test_titles_name_the_next_word():
    assert truecased("saw dr wood about my knee") == "saw Dr Wood about my knee"


def test_model_codes_are_written_in_capitals():
    assert truecased("my phone is a pixel 7a, before that a galaxy s9") == \
        "my phone is a Pixel 7a, before that a Galaxy S9"


def test_a_maker_and_its_model_are_one_name():
    assert truecased("the dell xps 13 died, grandson got me a kia niro") == \
        "the Dell XPS 13 died, grandson got me a Kia Niro"
    assert truecased("i need to focus on work, no seat on the bus") == "I need to focus on work, no seat on the bus"


def test_a_race_by_its_place():
    assert truecased("training for the cardiff half marathon") == "training for the Cardiff Half Marathon"
    assert truecased("got a iphone 12 off my son") == "got a iPhone 12 off my son"  # its own capitals kept


def test_an_uncased_word_in_a_places_slot_is_a_place():
    assert truecased("moved from glasgow to norwich") == "moved from Glasgow to Norwich"
    assert truecased("i go to cello practice") == "I go to cello practice"


def test_the_product_line_before_a_model_code_is_a_name_but_not_a_function_word():
    assert truecased("ordered a lenovo t14 for work") == "ordered a Lenovo T14 for work"
    assert truecased("stuck on the m25 again") == "stuck on the M25 again"


def test_a_name_set_before_its_kind_noun():
    assert truecased("i sing with blue heron, the choir at church") == "I sing with Blue Heron, the choir at church"
    assert truecased("we adopted biscuit, a little spaniel") == "we adopted Biscuit, a little spaniel"
    assert truecased("the copper kettles, that's our team") == "the Copper Kettles, that's our team"
    assert truecased("went with ana (my gf) to the coast") == "went with Ana (my gf) to the coast"


def test_a_kind_noun_that_starts_a_new_clause_or_a_noun_after_a_determiner_names_nothing():
    assert truecased("we danced till late, the band was loud") == "we danced till late, the band was loud"
    assert truecased("out with my cousins, the best team") == "out with my cousins, the best team"
    assert truecased("met the twins, my nephews") == "met the twins, my nephews"


def test_someone_coordinated_with_the_user_is_named():
    assert truecased("when arlo and i moved in we had nothing") == "when Arlo and I moved in we had nothing"
    assert truecased("me and kenji went bowling") == "me and Kenji went bowling"
    assert truecased("me and the kids went bowling, then mum and i ate") == \
        "me and the kids went bowling, then mum and I ate"
    assert truecased("after lunch and i napped") == "after lunch and I napped"


def test_kin_nouns_are_never_taken_for_rare_names():
    assert truecased("my new housemate is lovely") == "my new housemate is lovely"


def test_the_pronoun_i_is_capitalised_but_not_inside_abbreviations():
    assert truecased("i think i'm done, i.e. finished") == "I think I'm done, i.e. finished"


def test_chat_words_and_relations_are_never_names():
    assert truecased("lol my nan is at uni") == "lol my nan is at uni"


def test_a_message_with_a_capitalised_name_is_left_as_typed():
    text = "Met Sarah at the zorblax stand, my dog is called pickle"
    assert not typed_without_capitals(text)
    assert truecased(text) == text


def test_sentence_starts_do_not_count_as_capitalised_names():
    assert typed_without_capitals("Went to leeds. I saw sarah! Then home")
    assert not typed_without_capitals("Went to Leeds. I saw sarah")


def test_with_capitalised_sentence_starts_the_names_the_lexicon_knows_are_restored():
    # a phone capitalises a sentence's first letter by itself: that capital says nothing of how names are spelt
    assert truecased("Went to leeds. My cat is called pip! See you on monday") == \
        "Went to Leeds. My cat is called Pip! See you on Monday"
    assert truecased("Met jonah at the climbing wall") == "Met Jonah at the climbing wall"
    assert truecased("My favourite drink is tea.") == "My favourite drink is tea."
    assert truecased("My favourite drink is cola.") == "My favourite drink is cola."  # the lexicon's "Cola" is wrong


def test_with_capitalised_sentence_starts_a_word_the_lexicon_does_not_know_is_not_guessed():
    # it may be edited English with no name in it
    assert truecased("Banking with zorblax now") == "Banking with zorblax now"
    assert truecased("I do 50 pushups every morning") == "I do 50 pushups every morning"
    assert truecased("Gave up tennis for padel.") == "Gave up tennis for padel."


def test_with_capitalised_sentence_starts_a_word_after_my_or_the_stays_as_typed():
    # the lexicon writes "WiFi" and "Guardian"; after "our" or "the", a phone-typed word is taken for a noun
    assert truecased("Starlink for our wifi at home") == "Starlink for our wifi at home"
    assert truecased("we get the guardian on saturdays") == "we get the Guardian on Saturdays"  # all lower: as before
    assert truecased("We get the guardian on saturdays") == "We get the guardian on Saturdays"


def test_after_a_name_a_word_of_no_known_case_is_its_surname():
    assert truecased("Reading the new sally rooney novel") == "Reading the new Sally Rooney novel"
    assert truecased("reading the new sally rooney novel") == "reading the new Sally Rooney novel"
    assert truecased("lunch with sarah zorblax today") == "lunch with Sarah Zorblax today"
    assert truecased("Reading the new Sally rooney novel") == "Reading the new Sally rooney novel"  # writer capitalises


def test_word_case_reads_a_known_word_without_context():
    assert word_case("tuesday", None) == "Tuesday"
    assert word_case("rose", None) == "rose"


@given(st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyz .,!?'iI\n"), max_size=80))
def test_only_letter_case_changes_and_twice_is_once(text):
    once = truecased(text)
    assert len(once) == len(text) and once.lower() == text.lower()
    assert truecased(once) == once


def test_someone_named_right_after_who_they_are_to_the_user():
    assert truecased("my sister june is moving") == "my sister June is moving"
    assert truecased("our dog pip, who is nine, limps") == "our dog Pip, who is nine, limps"
    assert truecased("My boss hugo keeps calling") == "My boss Hugo keeps calling"


def test_a_kin_noun_before_a_verb_names_nobody():
    assert truecased("my dog barked and woke us") == "my dog barked and woke us"
    assert truecased("my brother is moving") == "my brother is moving"


def test_the_kind_word_after_a_name_is_part_of_it():
    assert truecased("we walk in regent park and bank with nationwide") == \
        "we walk in Regent Park and bank with Nationwide"  # a brand that is an everyday word, by its kind's verb
    assert truecased("a parking space near the park") == "a parking space near the park"


def test_hyphened_words_and_abbreviations_without_vowels_are_no_names():
    assert truecased("the wi-fi dropped, txt me sth") == "the wi-fi dropped, txt me sth"


def test_im_read_as_i_am_keeps_a_message_all_lower_case():
    # "im" read as "I'm" before truecasing must not switch the name guess off
    assert reading_text("im at zorblax now") == "I'm at Zorblax now"
    assert reading_text("I'm at zorblax now") == "I'm at zorblax now"
    assert reading_text("I'm at tesco with sarah") == "I'm at Tesco with Sarah"  # names the lexicon knows
    assert reading_text("I'm at Tesco with sarah") == "I'm at Tesco with sarah"  # this writer capitalises


@pytest.mark.parametrize("typed, read", [
    ("gig with the rusty hinges on saturday, im on bass", "gig with the Rusty Hinges on Saturday, I'm on bass"),
    ("left backroad static. joined the low tides instead, they get paid gigs",
     "left Backroad Static. joined the Low Tides instead, they get paid gigs"),
    ("i play fiddle with velvet kettle. weddings mostly", "I play fiddle with Velvet Kettle. weddings mostly"),
    # a group of people, a word of time, a message about no band: no name
    ("gig with the lads on saturday, bass again", "gig with the lads on Saturday, bass again"),
    ("left the gym, joined the new band", "left the gym, joined the new band"),
    ("left the office early and joined the queue at the post office",
     "left the office early and joined the queue at the post office"),
    ("went fishing for bass with my uncle last week", "went fishing for bass with my uncle last week"),
])
def test_a_bands_name_of_everyday_words_is_read_where_a_band_is_named(typed, read):
    assert reading_text(typed) == read


@pytest.mark.parametrize("typed, read", [
    ("everyone at school calls me biscuit dont ask", "everyone at school calls me Biscuit don't ask"),
    ("lol the kids have started calling me biscuit at home", "lol the kids have started calling me Biscuit at home"),
    ("can you call me back", "can you call me back"),
    ("my mum calls me every sunday", "my mum calls me every Sunday"),
    ("he calls me a liar", "he calls me a liar"),
])
def test_a_nickname_is_read_where_someone_calls_the_user_it(typed, read):
    assert reading_text(typed) == read
