"""Guards on the loose layers (a named value beside a cue word, lexicon values, rule values): junk they no longer
make, and the facts a general English construction now lets them keep. Wordings are our own, not the evaluations'."""
from __future__ import annotations

from memory_core.clock import parse_iso
from memory_core.facts import ledger as facts
from memory_core.facts.change_cues import about_someone_else
from memory_core.facts.cues import cue_candidates, implausible_value, values_of_shape
from memory_core.facts.extraction import extract
from memory_core.facts.semantic import _options, run_semantic_pass
from memory_core.ingest import ingest_and_extract

JAN = parse_iso("2025-01-01T10:00:00Z")


def _pairs(candidates) -> set[tuple[str, str | None]]:
    return {(c.predicate, c.value) for c in candidates if c.op == "assert"}


# -- a month or a weekday is when, never what -------------------------------------------------
def test_a_month_or_a_weekday_is_no_name_value():
    named = [value for _, value in values_of_shape("The choir meets on Wednesdays at Hill Hall until August.", "name")]
    assert named == ["Hill Hall"]


def test_a_cue_beside_a_month_makes_no_fact():
    assert cue_candidates("Driving lessons start in September, finally.") == []
    assert cue_candidates("my dentist moved me from 2 April to 30 April") == []


def test_a_name_that_holds_a_month_is_still_a_name():
    assert [v for _, v in values_of_shape("We always eat at August Moon on Fridays", "name")] == ["August Moon"]


# -- a cue word is the attribute, not its value ---------------------------------------------------
def test_a_value_that_is_the_cue_word_itself_is_dropped():
    assert cue_candidates("The surgery found me a GP close to work.") == []
    # the title is part of the name as the user says it (round 13: "Dr Fiona Mackay", not "Fiona Mackay")
    assert _pairs(cue_candidates("My GP is Dr Mensah, lovely woman.")) == {("doctor", "Dr Mensah")}


def test_the_background_matcher_is_not_offered_the_cue_word():
    assert [value for value, _, _ in _options("The clinic gave me a new GP last month.")] == []
    assert "June" not in [value for value, _, _ in _options("My swimming lessons got moved to June, sadly.")]


def test_the_real_matcher_places_no_cue_word(store, real_embedder):
    ingest_and_extract(store, "t", "user", "The health centre gave me a new GP after the move.", at=JAN)
    run_semantic_pass(store, real_embedder)
    assert not any(f.value == "GP" for f in facts.current_facts(store))


# -- a possessive presupposes: reports and conditions do not take "my X" back ---------------------
def test_my_device_inside_a_report_is_still_the_users():
    said = "My brother told me my Volvo V40 needs new tyres."
    assert _pairs(cue_candidates(said)) == {("car", "Volvo V40")}


def test_a_device_without_my_inside_a_report_stays_out():
    assert cue_candidates("My brother told me the Volvo V40 needs new tyres.") == []
    assert cue_candidates("My brother says his Volvo V40 needs new tyres.") == []


# -- "here" points at the place the sentence names -------------------------------------------------
def test_living_here_is_the_place_named_after_in():
    assert ("lives_in", "Bristol") in _pairs(extract("The coffee in Bristol is great and I like living here."))
    assert not any(value and value.endswith("here") for _, value in _pairs(
        extract("The coffee in Bristol is great and I like living here.")))


def test_living_here_without_a_place_or_about_someone_else_is_nothing():
    assert _pairs(extract("Honestly I love living here.")) == set()
    assert cue_candidates("My cousin Jo loves living here.") == []


# -- a company name does not run on into "and I" ---------------------------------------------------
def test_an_organisation_stops_before_and_i():
    found = _pairs(extract("My old teammates invited me to join Northwind Labs and I agreed."))
    assert ("works_at", "Northwind Labs") in found


def test_an_organisation_keeps_its_own_and():
    assert ("works_at", "Marks and Spencer") in _pairs(extract("I joined Marks and Spencer in spring."))


# -- "it's my favourite drink": the antecedent in the words before ---------------------------------
def test_its_my_favourite_takes_the_one_value_named_before():
    found = _pairs(extract("Do you know a good recipe for chai? It's my favourite drink."))
    assert ("favorite:drink", "chai") in found


def test_its_my_favourite_with_two_candidates_before_is_nothing():
    found = _pairs(extract("Chai or matcha this morning? It's my favourite drink."))
    assert not any(p == "favorite:drink" for p, _ in found)


# -- a capital after a person noun is their name, not the verb ------------------------------------
def test_a_named_relation_with_is_is_the_users_relation():
    assert not about_someone_else("my landlord Graham is visiting on Friday")
    assert about_someone_else("My landlord Graham sold the building.")


def test_a_named_boss_on_leave_is_kept_in_the_ledger(store):
    ingest_and_extract(store, "t", "user", "my manager Priyanka is off sick this week", at=JAN)
    assert ("user", "manager", "Priyanka") in {(f.subject, f.predicate, f.value) for f in facts.current_facts(store)}


def test_with_the_real_parser_junk_stays_out_and_the_facts_land(store, real_parser):
    ingest_and_extract(store, "t", "user", "Parking in Leeds is a nightmare but I love living here.", at=JAN,
                       parser=real_parser)
    ingest_and_extract(store, "t", "user", "The garage says my Skoda Fabia needs a new clutch.", at=JAN,
                       parser=real_parser)
    held = {(f.predicate, f.value) for f in facts.current_facts(store)}
    assert any(value == "Leeds" for _, value in held)
    assert any(value == "Skoda Fabia" for _, value in held)
    assert not any("here" in value for _, value in held)


# -- "X's" read as "X is" only when nothing says it was a genitive or a progressive ---------------
def test_a_genitive_before_a_verb_is_no_value():
    assert not any(p == "nephew" for p, _ in _pairs(extract("My nephew's coach is a Mrs Okoro.")))
    assert not any(p == "vet" for p, _ in _pairs(extract("The vet's receptionist rang this morning.")))


def test_s_before_a_verb_in_ing_is_an_activity_not_a_value():
    assert not any(p == "neighbour" for p, _ in _pairs(extract("My neighbour's still building that shed.")))


def test_s_as_is_still_gives_values():
    assert ("bank", "Starling") in _pairs(extract("my bank's Starling"))
    assert ("hobby", "bouldering") in _pairs(extract("my hobby's bouldering"))


# -- the company kept is not an attribute's value ------------------------------------------------
def test_coffee_with_a_person_is_company_not_how_it_is_taken():
    assert not any(p == "coffee" for p, _ in _pairs(extract("Grabbed a coffee with Farida before the meeting.")))
    assert not any(p == "coffee" for p, _ in _pairs(extract("Quick coffee with my cousin, then back to work.")))
    assert ("coffee", "with oat milk") in _pairs(extract("Coffee with oat milk for me, always."))


def test_a_cue_word_after_with_the_is_company():
    assert cue_candidates("Dinner at Nandos with the team tonight.") == []


# -- "booked in for" a purpose is no value ----------------------------------------------------------
def test_booked_in_for_a_purpose_is_no_value():
    assert not any(p == "car" for p, _ in _pairs(extract("My van is booked in for an oil change next week.")))
    assert ("dentist_appointment", "9 March") in _pairs(extract("My dentist appointment is booked for 9 March."))


# -- a verbless provision fragment: "<Name> for our <attribute>" --------------------------------------
def test_a_verbless_provision_fragment_names_a_known_attribute():
    assert ("internet", "Hyperoptic") in _pairs(extract("Hyperoptic for our broadband, no complaints"))


def test_a_verbless_fragment_needs_a_known_attribute_and_no_discourse_word():
    assert _pairs(extract("Thanks for my present!")) == set()
    assert _pairs(extract("Lidl for our weekly shop")) == set()


# -- a value no one would give that attribute, whichever layer read it -------------------------------
def test_a_weekday_or_month_alone_is_no_value_of_a_named_attribute():
    assert implausible_value("club", "thursday")
    assert implausible_value("car", "March")
    assert not implausible_value("schedule:gym", "Thursdays")  # a schedule's value is a when
    assert not implausible_value("anniversary", "May 4")
    assert not implausible_value("bin day", "sunday")  # an unknown attribute: no shape to hold it to
    # (a noun of one occasion is held to one: "brunch: sunday" is one brunch's day, ``occurrences``)


def test_a_car_or_phone_must_name_a_maker_model_or_number():
    assert implausible_value("car", "garage")
    assert not implausible_value("car", "honda jazz")
    assert not implausible_value("phone", "Fairphone 5")


def test_the_rules_and_the_tree_both_drop_implausible_values(real_parser):
    from memory_core.facts.parse_extractor import parsed_candidates
    from memory_core.facts.parse_merge import merge_candidates
    for text in ("my car's at the mechanic until monday", "running club on tuesday was brutal"):
        merged = merge_candidates(extract(text), parsed_candidates(real_parser, text))
        assert not any(c.predicate in ("car", "club") for c in merged if c.op == "assert")


# -- the tree's compound modifiers are kinds, not names -------------------------------------------------
def _candidate(predicate: str, value: str, evidence: str):
    from memory_core.facts.candidate import Candidate
    return Candidate("assert", "user", predicate, value, evidence)


def test_a_modifier_of_a_known_attributes_noun_is_no_value():
    from memory_core.facts.parse_merge import merge_candidates, names_its_own_kind
    assert names_its_own_kind(_candidate("bank", "blood", "I give blood at the blood bank in town."))
    assert names_its_own_kind(_candidate("fruit_box", "fruit", "Our fruit box comes on Mondays."))
    assert merge_candidates([], [_candidate("club", "film", "The film club meets upstairs.")]) == []


def test_a_name_a_kind_word_or_an_unknown_attributes_modifier_stays():
    from memory_core.facts.parse_merge import names_its_own_kind
    assert not names_its_own_kind(_candidate("bank", "Monzo", "Monzo bank app is great."))
    assert not names_its_own_kind(_candidate("music", "jazz", "jazz music all day"))
    assert not names_its_own_kind(_candidate("practice", "oboe", "oboe practice then bed"))


# -- a lexicon word inside a proper name is the name's -----------------------------------------------
def test_a_lexicon_word_inside_a_capitalised_name_is_no_value():
    from memory_core.facts.lexicon import lexical_values
    assert lexical_values("Quiz night at The Tram Stop, then the Ferry Lane bus home") == []
    assert lexical_values("We booked tickets for Opera North in spring.") == []


def test_a_capital_that_opens_the_sentence_or_a_lowercase_word_keeps_its_kind():
    from memory_core.facts.lexicon import lexical_values
    assert [kind for _, kind, _ in lexical_values("Kombucha every morning, no exceptions")] == ["drink"]
    assert sorted(value for _, _, value in lexical_values("mostly opera and jazz lately")) == ["jazz", "opera"]
