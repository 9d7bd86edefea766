"""A place named, then its kind ("mum's at Ashgrove House now, the care home by the big Tesco"); a child taken to a
school by name; how the coffee is taken, said "as always" or with "mine" after the coffee was named; a statement told
after a request ("... and for the record I ..."); an animal praised as the best; and someone else's short sentence,
which is no fact of the user's. Each with the controls that must stay as they were."""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger
from memory_core.facts.apposed_kinds import apposed_kind_candidates
from memory_core.facts.reading import reading_text
from memory_core.ingest import ingest_and_extract
from tests.memory_core.facts.helpers import facts_after, read_facts


@pytest.mark.parametrize("text, expected", [
    ("mums at Ashgrove House now, the care home by the big tesco, i go see her sundays",
     ("mother", "named:care_home", "Ashgrove House")),
    ("My mum is at Ashgrove House now, the care home by the big Tesco.",
     ("mother", "named:care_home", "Ashgrove House")),
    ("mums at ashgrove house now, the care home by the big tesco, i go see her sundays",
     ("mother", "named:care_home", "Ashgrove House")),
    ("Our Alfie's at Rainbow Tots now, the nursery by the park, and the staff there are so patient with him.",
     ("Alfie", "school", "Rainbow Tots")),
    ("alfie goes to Rainbow Tots nursery now, mon-wed", ("Alfie", "school", "Rainbow Tots")),
    ("Lily's at Oakwood, the primary round the corner", ("Lily", "school", "Oakwood")),
    ("We get our meat from Hendersons, the butcher on the corner.", ("user", "named:butcher", "Hendersons")),
    ("we always go to The Crown, the pub by the river", ("user", "named:pub", "The Crown")),
    ("my car i take always to murdo's garage, they are honest.", ("user", "garage", "Murdo's")),
])
def test_a_place_said_with_its_kind_is_held_under_the_kind(real_parser, text, expected):
    assert expected in read_facts(text, real_parser)


def test_the_kind_takes_the_place_of_a_workplace_read_from_is_at(real_parser):
    facts = read_facts("My mum is at Ashgrove House now, the care home by the big Tesco.", real_parser)
    assert not any(predicate == "works_at" for _, predicate, _ in facts), facts


@pytest.mark.parametrize("text", [
    "we went to The Crown, the pub by the river, for lunch",  # a visit, no place of theirs
    "Is your mum at Ashgrove House, the care home?",  # asked
    "Tesco is closed, the supermarket by the park",  # no name before the kind
    "My mum works at Ashgrove House, the care home by the park.",  # her workplace: the work frames read it
    "I only buy Clarks school shoes for the kids.",  # a thing of the kind's, not the kind
    "Tom's not at Oakwood, the primary round the corner",  # denied
])
def test_no_kind_fact_where_the_clause_does_not_hold_one(text):
    assert apposed_kind_candidates([reading_text(text)]) == []


def test_work_keeps_its_workplace(real_parser):
    assert ("mother", "works_at", "Ashgrove House") in \
        read_facts("My mum works at Ashgrove House, the care home by the park.", real_parser)


@pytest.mark.parametrize("text, expected", [
    ("Every morning, before I go to work, I drop Lily off at Oakwood School, which is just round the corner.",
     ("Lily", "school", "Oakwood School")),
    ("I pick Lily up from Oakwood School at 3.", ("Lily", "school", "Oakwood School")),
    ("I always walk Lily to St Anne's Primary", ("Lily", "school", "St Anne's Primary")),
])
def test_a_child_taken_to_a_school_by_name_goes_there(real_parser, text, expected):
    facts = read_facts(text, real_parser)
    assert expected in facts, facts


def test_a_child_taken_there_once_is_a_days_news(real_parser):
    facts = read_facts("Dropped the kids at Kingsway Primary then went to work.", real_parser)
    assert not any(predicate == "school" for _, predicate, _ in facts), facts


def test_a_person_taken_somewhere_is_no_place_to_the_matcher(store, real_parser, real_embedder):
    """The background matcher read "I drop X off at Oakwood School" as a gym and held "gym: Lily"."""
    from memory_core.facts.semantic import AttributeMatcher, run_semantic_pass

    embedder = real_embedder.load()
    ingest_and_extract(store, "t", "user", "Every morning, before I go to work, I drop Lily off at Oakwood School, "
                       "which is just round the corner.", at=parse_iso("2025-01-01T10:00:00Z"), parser=real_parser)
    run_semantic_pass(store, embedder, matcher=AttributeMatcher(embedder))
    assert not any(f.value == "Lily" for f in ledger.current_facts(store))


def test_someone_elses_short_sentence_is_not_the_users(store, real_parser, real_embedder):
    """"Ines works at Deloitte now": the matcher knew the attribute (works_at), not whose it was, and held it as
    the user's job."""
    from memory_core.facts.semantic import AttributeMatcher, run_semantic_pass

    embedder = real_embedder.load()
    for day, text in enumerate(("Ines works at Deloitte now.", "Monzo is my bank now."), start=1):
        ingest_and_extract(store, "t", "user", text, at=parse_iso(f"2025-01-0{day}T10:00:00Z"), parser=real_parser)
    run_semantic_pass(store, embedder, matcher=AttributeMatcher(embedder))
    held = {(f.subject, f.value) for f in ledger.current_facts(store)}
    assert ("user", "Deloitte") not in held
    assert ("user", "Monzo") in held  # the user's own short sentence still holds


@pytest.mark.parametrize("text, value", [
    ("on my 3rd coffee of the shift, white with two sugars as always, the vending machine one tastes like feet",
     "white with two sugars"),
    ("Shopping:\n- coffee (for me, white with two sugars - the only thing keeping me alive)\n- nappies size 4",
     "white with two sugars"),
    ("Um when the lads come round Saturday for the football can you remind me to get the good coffee in and for the "
     "record I have mine black, no sugar Denise is always getting it wrong so yeah", "black, no sugar"),
    ("um when the lads come round saturday for the football can you remind me to get the good coffee in and for the "
     "record i have mine black, no sugar denise is always getting it wrong so yeah", "black, no sugar"),
    ("I need more coffee. I have mine black.", "black"),
])
def test_how_the_coffee_is_taken(real_parser, text, value):
    facts = read_facts(text, real_parser)
    assert ("user", "coffee", value) in facts, facts


@pytest.mark.parametrize("text", [
    "coffee with Priya, white wine after",  # the company a coffee is had in
    "Tom drinks coffee. I have mine with tea",
    "Tea for the girls. I have mine black.",  # the tea's, not a coffee
])
def test_no_coffee_from_company_or_another_drink(real_parser, text):
    assert not any(predicate == "coffee" for _, predicate, _ in read_facts(text, real_parser))


@pytest.mark.parametrize("typed, read", [
    ("can you remind me to get the coffee in and for the record I have mine black",
     "can you remind me to get the coffee in\nand for the record I have mine black"),
    ("book the table, btw my sister's moved to Leeds", "book the table. btw my sister's moved to Leeds"),
    ("for the record, that's not what I said", "for the record, that's not what I said"),  # nothing before it
])
def test_a_statement_told_after_a_request_is_set_apart(typed, read):
    assert reading_text(typed) == read


@pytest.mark.parametrize("text, pet", [
    ("home for the weekend and bruno hasnt left my side since i walked in the door, best dog in the world honestly",
     "Bruno"),
    ("Home for the weekend and Bruno hasn't left my side since I walked in, best dog in the world honestly", "Bruno"),
])
def test_an_animal_praised_as_the_best_is_the_users(real_parser, text, pet):
    assert ("user", "pet", pet) in read_facts(text, real_parser)


def test_a_persons_best_dog_is_not_the_users(real_parser):
    assert not any(predicate == "pet" for _, predicate, _ in
                   read_facts("Tom says Bruno is the best dog he's ever had", real_parser))


def test_a_verb_opens_no_successor(store, real_parser):
    """"Alfie's last day at Rainbow Tots was Friday ... Starts at Treetops": the new school, not "was Friday"."""
    held = facts_after(store, real_parser, "alfie goes to Rainbow Tots nursery now, mon-wed",
                       "Alfie's last day at Rainbow Tots was Friday, they made him a card with all their handprints. "
                       "Starts at Treetops on Monday, fingers crossed.")
    assert ("Alfie", "school", "Treetops") in held, held
    assert not any(value.lower().startswith("was ") for _, _, value in held), held


@pytest.mark.parametrize("text", ["My car is in at Bay Motors for a service.",
                                  "car going into Bay Motors tmrw for its MOT"])
def test_a_firm_whose_name_says_garage_is_the_garage_not_the_car(real_parser, text):
    facts = read_facts(text, real_parser)
    assert ("user", "garage", "Bay Motors") in facts, facts
    assert not any(predicate == "car" for _, predicate, _ in facts), facts


@pytest.mark.parametrize("typed, read", [
    ("payday finally. nationwide app says i had 4 quid left", "payday finally. Nationwide app says I had 4 quid left"),
    ("repeat prescription sent to boots", "repeat prescription sent to Boots"),
    ("support arsenal. have done since i was a boy.", "support Arsenal. have done since I was a boy."),
    ("my three contract is up in may", "my Three contract is up in may"),
    # an everyday word with nothing of its kind beside it stays as typed
    ("the sky is blue today", "the sky is blue today"),
    ("three of us went", "three of us went"),
    ("new boots for the walk", "new boots for the walk"),
])
def test_a_brand_that_is_an_everyday_word_typed_in_lower_case_is_read_by_its_kinds_words(typed, read):
    assert reading_text(typed)[1:] == read[1:]  # (a sentence's first letter as the reader chose)


def test_a_child_finished_at_a_school_moves_to_the_next(store, real_parser):
    held = facts_after(store, real_parser, "I drop Lily off at Oakwood School every morning.",
                       "Lily finished at Oakwood School in July and started at Riverside Primary in September.")
    assert ("Lily", "school", "Riverside Primary") in held, held
    assert ("Lily", "school", "Oakwood School") not in held, held


def test_finishing_at_work_for_the_day_ends_nothing(store, real_parser):
    held = facts_after(store, real_parser, "I work at Acme.", "Finished at Acme at 5 today, knackered.")
    assert ("user", "works_at", "Acme") in held, held


def test_a_brands_thing_had_for_someone_else_is_not_the_users(real_parser):
    facts = read_facts("picked up a prescription from boots for mum.", real_parser)
    assert not any(predicate == "pharmacy" for _, predicate, _ in facts), facts


@pytest.mark.parametrize("text, expected", [
    ("the grandchildren had me sign up for now tv; there's far too much on it",
     ("user", "streaming", "Now TV")),
    ("since we moved in, and the house only had one option then, our internet has been sky.",
     ("user", "internet", "Sky")),
])
def test_a_provider_tied_by_its_kinds_words_in_lower_case(real_parser, text, expected):
    facts = read_facts(text, real_parser)
    assert expected in facts, facts


def test_the_sky_is_no_provider(real_parser):
    assert read_facts("the sky is blue and our internet is slow", real_parser) == set()


@pytest.mark.parametrize("typed, read", [
    # the someone's thing, then "he"/"she": the someone
    ("Daddy's birthday is coming up. He spends every free minute on fishing.",
     "Daddy's birthday is coming up. Daddy spends every free minute on fishing."),
    ("My dad's knee is bad. He has quit golf.", "My dad's knee is bad. My dad has quit golf."),
    # another person of theirs, then "he"/"she": maybe that person, read as said
    ("My dad's friend rang. He is moving to Leeds.", "My dad's friend rang. He is moving to Leeds."),
    ("My dad's new girlfriend is nice. She works at Tesco.", "My dad's new girlfriend is nice. She works at Tesco."),
])
def test_a_pronoun_after_someones_thing_is_that_someone(typed, read):
    assert reading_text(typed) == read


def test_a_hobby_said_before_a_request_for_ideas(real_parser):
    facts = read_facts("Daddy's birthday is coming up. He spends every free minute on fishing, so maybe something for "
                       "that? Abeg give me ideas under £100.", real_parser)
    assert ("father", "hobby", "fishing") in facts, facts


def test_a_pastime_that_is_someones_whole_personality(real_parser):
    facts = read_facts("dads whole personality is lawn bowls now lol, its literally all he does on weekends",
                       real_parser)
    assert ("father", "hobby", "lawn bowls") in facts, facts
    assert not any(s == "father" for s, _, _ in read_facts("Jo's mum's whole personality is golf", real_parser))


def test_an_account_closed_is_no_provider_of_the_users(store, real_parser, real_embedder):
    """"I've closed my account at Nationwide" held "gym: Nationwide" (the matcher) and "closes the account at:
    Nationwide" (the parse fallback), both current; the new bank said in the same breath still holds."""
    from memory_core.facts.semantic import AttributeMatcher, run_semantic_pass

    embedder = real_embedder.load()
    for day, text in enumerate(("I've closed my account at Nationwide.",
                                "I've closed my account at Barclays, the wages go into Monzo from now on."), start=1):
        ingest_and_extract(store, "t", "user", text, at=parse_iso(f"2025-01-0{day}T10:00:00Z"), parser=real_parser)
    run_semantic_pass(store, embedder, matcher=AttributeMatcher(embedder))
    held = {f.value for f in ledger.current_facts(store)}
    assert "Nationwide" not in held and "Barclays" not in held, held
    assert "Monzo" in held, held
