"""Round 9's general shapes of change, each in sentences written for these tests (not the r9 pool's): idioms of
no longer liking, a value taken back as wrong, a value named by its head or its model code, a successor given
by apposition, a move said with a particle, and the near misses that must change nothing.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.changes import named_in_apposition
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.mentions import find_mention
from memory_core.ingest import ingest_message
from tests.memory_core.facts.helpers import assert_replaced

DAY = "2025-{:02d}-{:02d}T10:00:00+00:00"


def say(store, text, month=1, day=1, thread="t"):
    ingest_message(store, thread, "user", text, at=parse_iso(DAY.format(month, day)))
    run_fact_pass(store)


def values(store):
    return {f.value for f in facts.current_facts(store)}


def folded_values(store):
    """The current values, case folded: a message typed in lower case may have its names capitalised."""
    return {value.casefold() for value in values(store)}


@pytest.mark.parametrize("first, later, old", [
    ("My favourite cheese is Stilton.", "Stilton has lost its charm for me, honestly.", "Stilton"),
    ("My favourite band is Blur.", "I can't bear Blur any longer.", "Blur"),
    ("My favourite snack is pretzels.", "I'm fed up with pretzels, too salty.", "pretzels"),
    ("My favourite game is Tetris.", "Tetris isn't really doing it for me lately.", "Tetris"),
    ("My favourite show is Taskmaster.", "Taskmaster's not my cup of tea these days.", "Taskmaster"),
    ("My favourite cafe is Bean There.", "We've gone sour on Bean There since the refit.", "Bean There"),
    ("My favourite crisps are Quavers.", "I've gone completely off Quavers.", "Quavers"),
    ("My favourite poet is Larkin.", "Larkin leaves me cold now.", "Larkin"),
    ("Our holiday is a week in Rhodes.", "Rhodes isn't going ahead, the villa owner cancelled on us.", "Rhodes"),
    ("My barber is Ahmet's.", "I took my business elsewhere, Ahmet's kept me waiting an hour.", "Ahmet's"),
    ("I work at Fenwick.", "Last shift at Fenwick was a tearful one.", "Fenwick"),
])
def test_an_idiom_of_no_longer_liking_ends_the_favourite(store, first, later, old):
    say(store, first, 1)
    say(store, later, 6, thread="u")
    assert old not in values(store)


def test_a_couple_said_to_be_done_ends_the_partner(store):
    say(store, "My girlfriend is Imogen.", 1)
    say(store, "Imogen and me are done, it's been a rough week.", 6, thread="u")
    assert "Imogen" not in values(store)


def test_done_with_the_day_is_no_ending(store):
    say(store, "My colleague is Farah.", 1)
    say(store, "Farah and I were done for the day by four.", 6, thread="u")
    assert "Farah" in values(store)


def test_a_value_said_to_be_wrong_is_ended(store):
    say(store, "My car is a Vauxhall Astra.", 1)
    say(store, "The Astra was wrong, sorry.", 6, thread="u")
    assert not any("Astra" in value for value in values(store))


def test_a_correction_that_restates_the_attribute_in_another_chat(store):
    say(store, "My optician is Vision Express on the high street.", 1)
    say(store, "Scratch that, optician is Leightons not Vision Express.", 6, thread="u")
    assert_replaced(store, "Vision Express on the high street", "Leightons")


@pytest.mark.parametrize("opener", ["My bad, it's", "I meant to say", "What I meant was"])
def test_a_correction_opened_in_other_words(store, opener):
    say(store, "My niece is called Orla.", 1)
    say(store, f"{opener} Aoife, not Orla.", 1, 2)
    assert "Orla" not in values(store) and "Aoife" in values(store)


def test_a_value_is_named_by_its_head_and_its_model_code():
    assert find_mention("Rowan Books went bust", "Rowan Books on Mill Lane") is not None
    assert find_mention("the Grand was lovely", "Grand Hotel") is None  # one word is too little for a name
    assert find_mention("the Crown Court was packed", "Crown Court Hotel") is not None
    assert find_mention("my XC60 has gone", "Volvo XC60") is not None
    assert find_mention("the M5 was closed", "BMW M5") is None  # one digit is too little for a code


def test_a_name_in_apposition_succeeds_a_description_or_a_street():
    assert named_in_apposition("we go to the new bakery, Crust & Crumb, now", "new bakery") == "Crust & Crumb"
    assert named_in_apposition("I use the garage on Mill Road, Tyre Pros, now", "Mill Road") == "Tyre Pros"
    assert named_in_apposition("Tyre Pros, obviously", "Tyre Pros") is None


def test_a_move_with_a_particle_and_a_new_home_in_lowercase(store):
    say(store, "I live in Bath.", 1)
    say(store, "We moved down to Exeter in March.", 6, thread="u")
    assert_replaced(store, "Bath", "Exeter")


def test_a_lowercase_new_flat_is_where_the_user_lives(store):
    say(store, "new house in frome has a massive garden, i'm thrilled", 1)
    assert "Frome" in values(store)  # read with the capital the truecaser gives a town


@pytest.mark.parametrize("first, later, kept", [
    ("My GP is Dr Varga.", "Dr Varga's off on Fridays, so I saw the nurse.", "Dr Varga"),
    ("I live in Ely.", "Lovely to get out of Ely for the day, we went to the coast.", "Ely"),
])
def test_near_misses_change_nothing(store, first, later, kept):
    say(store, first, 1)
    say(store, later, 6, thread="u")
    assert kept in values(store)


def test_an_aside_about_the_user_leaves_another_person_s_news_theirs(store):
    say(store, "My favourite biscuit is Hobnobs.", 1)
    say(store, "My flatmate has gone right off Hobnobs, more for me.", 6, thread="u")
    assert "Hobnobs" in values(store)


def test_the_user_in_the_other_person_s_own_clause_is_still_the_user_s(store):
    say(store, "My favourite biscuit is Hobnobs.", 1)
    say(store, "Me and my flatmate have gone right off Hobnobs.", 6, thread="u")
    assert "Hobnobs" not in values(store)


def test_a_home_described_then_placed_is_its_place(store):
    say(store, "I live in Norwich.", 1)
    say(store, "We sold up and bought a bungalow in Sheringham, bye bye Norwich!", 6, thread="u")
    assert_replaced(store, "Norwich", "Sheringham")


def test_my_subscription_names_no_brand_my():
    from memory_core.facts.extraction import extract
    found = extract("My subscription is Disney Plus, the kids insist.")
    assert all(candidate.value.lower() != "my" for candidate in found)
    assert any(candidate.value == "Spotify" for candidate in extract("I pay for a Spotify subscription."))


def test_a_question_naming_the_old_value_then_i_meant(store):
    say(store, "My physio is Dr Quayle.", 1)
    say(store, "Did I say Dr Quayle? I meant Dr Okonjo.", 6, thread="u")
    assert_replaced(store, "Dr Quayle", "Dr Okonjo")


@pytest.mark.parametrize("later", ["Handed my notice in at Boots, first day at Greggs is Monday.",
                                   "Six years at Boots came to an end last week, first week at Greggs was lovely."])
def test_a_job_left_in_other_words_and_the_first_day_at_the_next(store, later):
    say(store, "I work at Boots.", 1)
    say(store, later, 6, thread="u")
    assert "Boots" not in values(store) and "Greggs" in values(store)


@pytest.mark.parametrize("later", ["We're Truro-based now.", "Slowly settling into life in Truro, the sea helps."])
def test_a_home_said_as_based_or_settling_in(store, later):
    say(store, "I live in Exeter.", 1)
    say(store, later, 6, thread="u")
    assert_replaced(store, "Exeter", "Truro")


def test_gone_downhill_ends_a_favourite(store):
    say(store, "My favourite pub is the Red Lion.", 1)
    say(store, "The Red Lion has gone right downhill since the new landlord.", 6, thread="u")
    assert not any("Red Lion" in value for value in values(store))


def test_a_correction_takes_back_no_value_named_in_a_later_clause(store):
    say(store, "My physio is Dr Quayle.", 1)
    say(store, "Did I say Monday? I meant Wednesday, Dr Quayle's away on Mondays.", 6, thread="u")
    assert "Dr Quayle" in values(store)


def test_a_landform_name_is_named_without_its_kind_and_second_thoughts_are_no_hedge(store):
    assert find_mention("we never get to Malham now", "Malham Cove") is not None
    assert find_mention("we never get to Ilam now", "Ilam Cove") is None  # a name of five letters or more
    say(store, "My favourite swim spot is Wastwater.", 1)
    say(store, "Thinking about it, I should have said Buttermere, not Wastwater.", 6, thread="u")
    assert "Wastwater" not in values(store)


@pytest.mark.parametrize("later", ["Leaving drinks were on Thursday. Start at Ocado Monday.",
                                   "My first day at Ocado was a blur of passwords."])
def test_a_new_job_begun_with_its_day_replaces_the_employer(store, later):
    say(store, "I work at Sainsbury's.", 1)
    say(store, later, 6, thread="u")
    assert "Sainsbury's" not in values(store) and "Ocado" in values(store)


def test_a_child_s_first_day_or_a_family_break_is_no_job():
    from memory_core.facts.extraction import extract
    assert not extract("Lily's first day at Oakwood Primary!")
    assert not any(c.predicate == "works_at" for c in extract("we start at Center Parcs on Friday"))


def test_a_subjectless_texting_move_in_lowercase(store):
    say(store, "i live in hull", 1)
    say(store, "living in grimsby now!! the rent is half", 6, thread="u")
    assert "hull" not in folded_values(store) and "grimsby" in folded_values(store)


def test_a_common_noun_is_named_by_its_plural_and_a_list_by_whose_it_is(store):
    assert find_mention("Flapjacks are dead to me", "a flapjack") is not None
    assert find_mention("the Hills were lovely", "Hill") is None  # a name keeps its own form
    say(store, "My physio is Dr Marsh.", 1)
    say(store, "I've been moved onto Dr Pryce's list, Dr Marsh retired.", 6, thread="u")
    assert "Dr Marsh" not in values(store) and any(v.endswith("Pryce") for v in values(store))


def test_an_emoji_ends_a_thought_so_a_later_question_leaves_the_statement_asserted(store):
    from memory_core.facts.extraction import sentences
    assert list(sentences("new job is mad busy 😅 you ok?")) == ["new job is mad busy 😅", "you ok?"]
    say(store, "i live in hull", 1)
    say(store, "new flat in beverley is lush 😍 hull who??", 6, thread="u")
    assert "hull" not in folded_values(store) and "beverley" in folded_values(store)


def test_a_correction_takes_back_a_value_said_after_it_to_be_someone_else(store):
    say(store, "My neighbour is Gethin.", 1)
    say(store, "Sorry, I meant Idris, Gethin is his brother.", 6, thread="u")
    assert "Gethin" not in values(store) and "Idris" in values(store)



def test_a_switch_from_a_name_that_starts_like_a_month_is_no_date_moved(store):
    """Only a whole month, weekday or feast is a when: "Marnie" is a person, not March."""
    say(store, "I changed my hairdresser from Marnie to Tessa last month.", 1)
    assert any("Tessa" in value for value in values(store))

