"""Changes that retire an old fact said in words the first statement never used (issue 12).

Sentences are written for these tests, not taken from the bench timelines. The logic is checked on
``detect_changes`` with plain known facts (a deterministic double of the ledger), and end to end through
the fact pass with the real parser where the ledger's lookups take part.
"""
from __future__ import annotations

import pytest

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.changes import KnownFact, detect_changes, without_destination
from memory_core.facts.extraction import sentences
from memory_core.facts.fact_pass import run_fact_pass
from memory_core.facts.mentions import find_mention
from memory_core.facts.new_values import good_new_value, is_quantity, whole_name
from memory_core.ingest import ingest_message


def changed(text: str, *known: tuple[str, str, str]) -> dict[str, str | None]:
    """Old value -> new value (None: ended with no successor) for each change ``text`` makes to ``known``."""
    ledger = [KnownFact(i, subject, predicate, value, "chat-a", "2025-01-01T10:00:00+00:00", "other")
              for i, (subject, predicate, value) in enumerate(known)]
    return {c.old.value: c.value for c in detect_changes(list(sentences(text)), ledger, "chat-b")}


# -- a measure is succeeded by a measure -------------------------------------------------------------
def test_a_measure_is_not_succeeded_by_a_word_with_no_number():
    assert is_quantity("size 9") and not is_quantity("Pixel 8")
    assert good_new_value("decades", "size 9") is None
    assert good_new_value("a size 10", "size 9") == "size 10"
    assert good_new_value("Galaxy S24", "Pixel 8") == "Galaxy S24"  # a named model is no measure


def test_the_new_measure_keeps_the_old_measures_unit():
    assert good_new_value("the whole lot again in size 44", "size 43") == "size 44"


def test_someone_putting_the_user_in_a_new_measure_replaces_the_old():
    text = "Turns out I'd worn size 9 for ages, the fitter put me in a size 10 instead and my toes can breathe."
    assert changed(text, ("user", "shoe_size", "size 9")) == {"size 9": "size 10"}


def test_being_put_on_something_of_another_shape_changes_nothing():
    assert changed("My manager put me on the night rota, I still wear size 9.", ("user", "shoe_size", "size 9")) == {}


# -- the old holder's destination is not the successor ---------------------------------------------
def test_where_the_old_person_moved_to_is_not_their_successor():
    assert changed("Dr Haddad has moved to a clinic in Lisbon.", ("user", "physio", "Dr Haddad")) == {"Dr Haddad": None}
    text = "After Joaquin moved to Porto I felt a bit lost, but Ruth and I have become really close."
    assert changed(text, ("user", "best_friend", "Joaquin")) == {"Joaquin": "Ruth"}


def test_the_new_holder_taking_the_role_over_is_the_successor():
    text = "Dr Haddad has moved on to teach in Lisbon. Ms Oyelaran runs the clinic now."
    assert changed(text, ("user", "physio", "Dr Haddad")) == {"Dr Haddad": "Ms Oyelaran"}
    text = "Mr Baptiste retired at Easter and Mrs Quigley has taken over the choir."
    assert changed(text, ("user", "choir_leader", "Mr Baptiste")) == {"Mr Baptiste": "Mrs Quigley"}


def test_without_destination_cuts_only_the_place_the_old_value_went_to():
    sentence = "Nadia relocated to Aberdeen and Tom took her desk."
    assert without_destination(sentence, len("Nadia")) == "Nadia relocated and Tom took her desk."
    assert without_destination("Nadia is lovely.", len("Nadia")) == "Nadia is lovely."


def test_a_person_by_title_is_succeeded_by_a_name_not_a_common_noun():
    assert good_new_value("coach", "Mr Baptiste") is None


# -- a person's own news is not the end of the person ----------------------------------------------
def test_a_friend_leaving_their_job_ends_the_job_not_the_friend():
    text = "Ines left Accenture last week. She starts at the Red Cross in a fortnight."
    result = changed(text, ("friend", "works_at", "Accenture"), ("user", "friend", "Ines"))
    assert "Ines" not in result
    assert result["Accenture"] == "Red Cross"


# -- a name after a common noun ---------------------------------------------------------------------
def test_a_value_with_a_common_noun_before_its_name_is_named_by_the_name():
    assert find_mention("we moved everything from Monzo to Starling", "bank Monzo").group(0) == "Monzo"
    assert find_mention("the bank sent a letter", "bank Monzo") is None
    text = "We moved everything from Monzo to Starling last spring."
    assert changed(text, ("user", "bank", "bank Monzo")) == {"bank Monzo": "Starling"}


# -- schedules end with their thing -----------------------------------------------------------------
def test_a_schedules_verb_is_stopped_in_its_ing_form():
    from memory_core.facts.changes import _verb_forms
    assert _verb_forms("swim") == ["swim", "swimming"]
    assert _verb_forms("dance") == ["dance", "dancing"]
    assert _verb_forms("book club") == ["book club"]


def test_stopping_a_thing_ends_its_schedule_without_a_successor():
    text = "I've given up pilates, my back is better anyway."
    known = [KnownFact(1, "user", "schedule:pilates", "Thursdays", None, "2025-01-01", "schedule")]
    found = detect_changes(list(sentences(text)), known, "chat-b")
    assert [(c.old.value, c.value, c.named) for c in found] == [("Thursdays", None, "pilates")]


def test_switching_away_from_the_thing_ends_its_schedule():
    text = "The GP switched me from ibuprofen to naproxen."
    known = [KnownFact(1, "user", "schedule:ibuprofen", "evenings", None, "2025-01-01", "schedule")]
    assert [c.old.value for c in detect_changes(list(sentences(text)), known, "chat-b")] == ["evenings"]


@pytest.mark.parametrize("text", ["Saw a pilates studio open on our street.", "My sister quit pilates.",
                                  "I stopped at pilates on the way home to grab my mat.",
                                  "I've switched pilates to Fridays."])
def test_a_schedule_stays_when_its_thing_is_only_mentioned_or_someone_else_stops(text):
    known = [KnownFact(1, "user", "schedule:pilates", "Thursdays", None, "2025-01-01", "schedule")]
    assert detect_changes(list(sentences(text)), known, "chat-b") == []


# -- endings and successors said in other words ------------------------------------------------------
def test_the_final_bill_of_a_supplier_ends_it_and_the_first_bill_names_the_next():
    text = "The final Thames Water bill came today; the first Affinity bill is due in May."
    assert changed(text, ("user", "water", "Thames Water")) == {"Thames Water": "Affinity"}


def test_a_bill_that_is_not_the_last_ends_nothing():
    assert changed("The Thames Water bill came today, it was huge.", ("user", "water", "Thames Water")) == {}


def test_falling_down_a_ranking_ends_a_favourite_and_nothing_but_names_the_new_one():
    text = "Lately I play nothing but Fleetwood Mac; Oasis has slipped down the rankings."
    assert changed(text, ("user", "favorite:band", "Oasis")) == {"Oasis": "Fleetwood Mac"}


def test_give_me_another_any_day_names_the_successor():
    text = "I'm done with autumn, give me spring any day."
    assert changed(text, ("user", "favorite:season", "autumn")) == {"autumn": "spring"}


def test_given_to_a_charity_shop_is_an_ending():
    text = "My size 38 jeans went to the charity shop. Bought two pairs in size 36."
    assert changed(text, ("user", "jeans_size", "size 38")) == {"size 38": "size 36"}


def test_went_with_a_new_provider_after_an_ending_with_a_word_between():
    text = "My Vodafone contract ended, went pay-as-you-go with Lebara."
    assert changed(text, ("user", "network", "Vodafone")) == {"Vodafone": "Lebara"}


def test_the_actual_holder_corrects_the_one_named_before():
    text = "I mixed them up, Mr Feld is the coach of the other team. Her actual coach is Ms Romero."
    assert changed(text, ("maya", "coach", "Mr Feld")) == {"Mr Feld": "Ms Romero"}


def test_a_real_attribute_that_names_another_attribute_corrects_nothing():
    text = "Ha, Ms Romero is lovely. My real name is Alejandra, by the way."
    assert changed(text, ("maya", "coach", "Ms Romero")) == {}


@pytest.mark.parametrize("text", ["I donated to Oxfam at Christmas.", "The Civic is in the garage for its MOT."])
def test_giving_to_someone_or_parking_a_thing_ends_nothing(text):
    assert changed(text, ("user", "employer", "Oxfam"), ("user", "car", "Civic")) == {}


@pytest.mark.parametrize("text, new", [
    ("Cut ties with Nationwide after the fees went up; First Direct from now on.", "First Direct"),
    ("My Nationwide account lapsed and I never reopened it.", None),
    ("My time at Nationwide is up, onwards to Santander.", "Santander"),
    ("Nationwide made me redundant in the spring.", None),
    ("Nationwide lost me as a customer, I'm a Santander convert.", "Santander"),
])
def test_endings_said_as_idioms_of_parting(text, new):
    assert changed(text, ("user", "employer", "Nationwide")) == {"Nationwide": new}


def test_other_peoples_layoffs_and_a_rusty_skill_end_nothing():
    from memory_core.facts.change_cues import EXTRA_END_CUES
    assert not EXTRA_END_CUES.search("the firm laid 200 staff off in Swindon")
    assert EXTRA_END_CUES.search("I was laid off in March")
    assert changed("My Portuguese has lapsed a bit since Nationwide sent me to Leeds.",
                   ("user", "employer", "Nationwide")) == {}


def test_a_couple_parting_and_a_pet_put_to_sleep_are_endings():
    assert changed("Noor and I went our separate ways in the summer.", ("user", "partner", "Noor")) == {"Noor": None}
    assert changed("Noor and I called it quits.", ("user", "partner", "Noor")) == {"Noor": None}
    assert changed("We had to put Pickle down on Tuesday.", ("user", "dog", "Pickle")) == {"Pickle": None}


# -- end to end: the ledger's lookups ---------------------------------------------------------------
DAY = "2025-{:02d}-01T10:00:00+00:00"


def test_a_stopped_schedule_is_retired_and_the_stopped_thing_is_not_stored_as_a_new_fact(store, real_parser):
    ingest_message(store, "chat-a", "user", "I swim every Saturday morning.", at=parse_iso(DAY.format(1)))
    run_fact_pass(store, parser=real_parser)
    before = {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert any(p.startswith("schedule:") for p, _ in before), before
    ingest_message(store, "chat-b", "user", "I've stopped swimming, my shoulder can't take it.",
                   at=parse_iso(DAY.format(6)))
    run_fact_pass(store, parser=real_parser)
    assert not [f for f in facts.current_facts(store) if f.predicate.startswith("schedule:")]


# -- the whole name of the new value ------------------------------------------------------------------
def test_a_capital_the_and_a_name_going_on_over_and_or_of_belong_to_the_new_value():
    assert whole_name("Lately it's The Observer on Sundays.", "Observer") == "The Observer"
    assert whole_name("We meet at The Rose and Crown now.", "Rose") == "The Rose and Crown"
    assert whole_name("Moved it all to Bank of Ireland.", "Bank") == "Bank of Ireland"
    # a sentence's first word is capital anyway: its "The" is the name's only when the sentence predicates about it
    assert whole_name("The Observer is fine.", "Observer") == "The Observer"
    assert whole_name("The Observer on Sundays, always.", "Observer") == "Observer"
    assert whole_name("I shop at Lidl and Aldi.", "Lidl") == "Lidl"  # two names, not one
    assert whole_name("it's the gym now", "gym") == "gym"


def test_a_successor_found_by_a_frame_keeps_its_whole_name():
    assert changed("The Red Lion has gone downhill. These days we drink at The Rose and Crown.",
                   ("user", "pub", "The Red Lion")) == {"The Red Lion": "The Rose and Crown"}
    assert changed("I quit the Express. It's The Observer on my doormat now.",
                   ("user", "newspaper", "Express")) == {"Express": "The Observer"}


def test_moving_down_the_road_to_another_place_names_it():
    text = "The Red Lion closed for good. The quiz team moved down the road to The Plough."
    assert changed(text, ("user", "quiz_pub", "The Red Lion")) == {"The Red Lion": "The Plough"}


# -- a favourite of no named thing -------------------------------------------------------------------
def _favourites(store, real_parser, first: str, later: str) -> set[tuple[str, str]]:
    ingest_message(store, "chat-a", "user", first, at=parse_iso(DAY.format(1)))
    run_fact_pass(store, parser=real_parser)
    ingest_message(store, "chat-b", "user", later, at=parse_iso(DAY.format(6)))
    run_fact_pass(store, parser=real_parser)
    return {(f.predicate, f.value) for f in facts.current_facts(store)}


def test_a_favourite_said_to_hold_now_replaces_the_favourite_of_no_named_thing(store, real_parser):
    held = _favourites(store, real_parser, "Blur forever", "My favourite band now is Pulp.")
    assert ("favorite", "Blur") not in held and ("favorite:band", "Pulp") in held, held
    successor = next(f for f in facts.current_facts(store) if f.value == "Pulp")
    assert facts.get_fact(store, successor.supersedes).value == "Blur"


def test_a_favourite_of_another_thing_said_without_now_keeps_the_unnamed_one(store, real_parser):
    held = _favourites(store, real_parser, "Blur forever", "My favourite film is Heat.")
    assert ("favorite", "Blur") in held, held


# -- put away for good; the successor said just before --------------------------------------------------
def test_things_put_away_in_a_box_end_and_the_clause_before_that_says_now_names_the_successor():
    text = "These days my weekends are for bouldering; the tennis racket is in the attic."
    assert changed(text, ("user", "hobby", "tennis")) == {"tennis": "bouldering"}


def test_a_clause_before_without_now_names_no_successor():
    text = "My weekends are for bouldering as well; the tennis racket is in the attic."
    assert changed(text, ("user", "hobby", "tennis")) == {"tennis": None}


# -- an attribute narrowed by its value ---------------------------------------------------------------
def _plans(store, later: str, *firsts: str) -> set[tuple[str, str]]:
    for first in firsts:
        ingest_message(store, "chat-a", "user", first, at=parse_iso(DAY.format(1)))
        run_fact_pass(store)
    ingest_message(store, "chat-b", "user", later, at=parse_iso(DAY.format(6)))
    run_fact_pass(store)
    return {(f.predicate, f.value) for f in facts.current_facts(store)}


def test_a_value_said_to_hold_now_replaces_the_one_attribute_narrowed_by_the_old_value(store):
    held = _plans(store, "our trip is to Chile now", "we're off to Peru in march")
    assert not [p for p, _ in held if p.startswith("plan:trip_to")], held
    assert ("trip", "Chile") in held, held


def test_two_narrowed_attributes_leave_both_when_which_is_meant_is_not_said(store):
    held = _plans(store, "our trip is to Chile now", "we're off to Peru in march", "we're off to Oslo in june")
    assert len([p for p, _ in held if p.startswith("plan:trip_to")]) == 2, held


# -- attribute wordings that are one slot (``attributes``) ---------------------------------------------
def test_an_attribute_narrowed_by_a_value_is_the_plain_attribute():
    from memory_core.facts.attributes import narrows
    assert narrows("plan:trip_to_peru", "trip")
    assert narrows("course_in_welsh", "course")
    assert not narrows("trip", "trip")  # the same words: the ledger's own slot
    assert not narrows("book_club", "club")  # a modifier before the head is another thing
    assert not narrows("trip_planner", "trip")  # no value after a linking word


def test_dated_things_are_one_when_one_lies_within_the_other():
    from memory_core.facts.attributes import same_dated_thing
    assert same_dated_thing("plan:dentist_appt", "dental appointment")
    assert same_dated_thing("plan:knee_op", "plan:op")
    assert not same_dated_thing("plan:eye_test", "plan:driving_test")  # they share only "test"
    assert not same_dated_thing("plan:appointment", "plan:op")  # no thing named


# -- the old value named retires its fact whatever attribute was guessed for it --------------------------
def _two_messages(store, real_parser, first: str, later: str) -> list:
    ingest_message(store, "chat-a", "user", first, at=parse_iso(DAY.format(1)))
    run_fact_pass(store, parser=real_parser)
    guessed = {f.value: f.predicate for f in facts.current_facts(store)}
    ingest_message(store, "chat-b", "user", later, at=parse_iso(DAY.format(6)))
    run_fact_pass(store, parser=real_parser)
    return guessed


@pytest.mark.parametrize("later", ["no more Vodafone, it's Lebara now", "I left Vodafone for Lebara last month."])
def test_naming_the_old_value_retires_it_and_the_new_value_takes_its_attribute(store, real_parser, later):
    guessed = _two_messages(store, real_parser, "my Vodafone contract renews in May", later)
    assert guessed.get("Vodafone") == "contract", guessed  # the attribute guessed from the noun the name modifies
    now = {f.value: f for f in facts.current_facts(store)}
    assert "Vodafone" not in now and "Lebara" in now, now
    assert now["Lebara"].predicate == "contract"
    assert facts.get_fact(store, now["Lebara"].supersedes).value == "Vodafone"


def test_naming_the_old_value_in_passing_retires_nothing(store, real_parser):
    _two_messages(store, real_parser, "my Vodafone contract renews in May", "Saw Vodafone in the news today.")
    assert "Vodafone" in {f.value for f in facts.current_facts(store)}
