"""General English handling (issue 12, second pass): endings need an ending construction, a fuller name the
parse read is kept, someone else's clause gives no fact of the user's, common constructions give a fact.

Sentences are written for these tests, not taken from the bench timelines. Change logic is checked on
``detect_changes`` with plain known facts (a deterministic double of the ledger); candidate merging on plain
candidates; capture with the real spaCy parser where the tree takes part.
"""
from __future__ import annotations

import pytest

from memory_core.facts.candidate import Candidate
from memory_core.facts.changes import KnownFact, detect_changes
from memory_core.facts.extraction import sentences
from memory_core.facts.parse_merge import merge_candidates


def changed(text: str, subject: str, predicate: str, value: str) -> dict[str, str | None]:
    """Old value -> new value (None: ended with no successor) for each change ``text`` makes to one known fact."""
    known = [KnownFact(1, subject, predicate, value, "chat-a", "2025-01-01T10:00:00+00:00", "other")]
    return {c.old.value: c.value for c in detect_changes(list(sentences(text)), known, "chat-b")}


# -- an ending needs an ending construction -------------------------------------------------------------
@pytest.mark.parametrize("text, fact", [
    ("The EDF statement arrived, way higher than last winter.", ("user", "energy_supplier", "EDF")),
    ("Took the Brompton out past the canal, glorious morning.", ("user", "bike", "Brompton")),
    ("Not sure why, but Pilates felt easy today.", ("user", "hobby", "Pilates")),
    ("We watched the Lakers game over a curry.", ("user", "favorite:team", "Lakers")),
    ("Nana gave me a Waitrose voucher for my birthday.", ("user", "supermarket", "Waitrose")),
    ("Pepper isn't eating much today, vet on Friday.", ("user", "cat", "Pepper")),
    ("Turned the Hive heating off before bed.", ("user", "thermostat", "Hive")),
    ("Passed the Tesco on Mill Road and it was heaving.", ("user", "supermarket", "Tesco")),
])
def test_a_passing_word_near_a_known_value_ends_nothing(text, fact):
    assert changed(text, *fact) == {}


@pytest.mark.parametrize("text, fact", [
    ("Honestly I'm so over Pilates.", ("user", "hobby", "Pilates")),
    ("Pilates is over for me.", ("user", "hobby", "Pilates")),
    ("The Lisbon trip is off, flights were silly.", ("user", "trip", "Lisbon")),
    ("They called the Lisbon trip off.", ("user", "trip", "Lisbon")),
    ("I'm not with Three any more.", ("user", "mobile_network", "Three")),
    ("Sadly Pepper died on Sunday.", ("user", "cat", "Pepper")),
    ("Pepper passed away in her sleep.", ("user", "cat", "Pepper")),
    ("Gave the Brompton away to my nephew.", ("user", "bike", "Brompton")),
])
def test_an_ending_construction_still_ends_the_value(text, fact):
    assert changed(text, *fact) == {fact[2]: None}


def test_a_handover_and_a_liking_for_another_more_still_end_the_value():
    assert changed("Turns out Mrs Kaur handed the lettings over to Hunters last week.", "user", "landlord",
                   "Mrs Kaur") == {"Mrs Kaur": "Hunters"}
    assert changed("These days I like Wet Leg way more than Blur.", "user", "favorite:band", "Blur") != {}
    assert changed("I use the Blur playlist more than I should.", "user", "favorite:band", "Blur") == {}
    assert changed("Mr Osei is taking the class over from Mrs Dunne after Easter.", "user", "child_teacher",
                   "Mrs Dunne") != {}


def test_another_value_chosen_over_the_old_one_ends_it_but_over_as_a_preposition_does_not():
    assert changed("Honestly Monzo over Barclays any day now.", "user", "bank", "Barclays") == {"Barclays": "Monzo"}
    assert changed("Spilled Cravendale over the counter.", "user", "milk", "Cravendale") == {}


@pytest.mark.parametrize("text, fact", [
    ("We aren't going to Crete after all.", ("user", "trip", "Crete")),
    ("not using Monzo, back to Barclays", ("user", "bank", "Monzo")),
    ("gave Pepper to the neighbours, she's happier there", ("user", "cat", "Pepper")),
])
def test_a_holding_verb_denied_of_the_old_value_or_giving_it_away_ends_it(text, fact):
    assert fact[2] in changed(text, *fact)


@pytest.mark.parametrize("text", ["Not sure Crete is on the cards.", "Don't forget to pack for Crete!",
                                  "Gave my sister a lift to Crete airport."])
def test_a_not_or_a_gave_that_says_nothing_of_the_old_value_ends_nothing(text):
    assert changed(text, "user", "trip", "Crete") == {}


def test_the_old_value_denied_after_the_new_one_is_succeeded():
    assert changed("It's Octopus now, not EDF.", "user", "energy_supplier", "EDF") == {"EDF": "Octopus"}


def test_a_mention_where_the_user_nearly_died_retires_no_name():
    """The one who "died" is the clause's subject: "I nearly died" ends nobody the user named."""
    assert changed("A kid yelled Pepper at the vet's and I nearly died laughing.", "user", "cat_nickname",
                   "Pepper") == {}
    assert changed("Pepper, our old cat, died on Sunday.", "user", "cat", "Pepper") == {"Pepper": None}


# -- the parse's whole name beats the rule's cut-short one ---------------------------------------------
def _c(predicate: str, value: str, subject: str = "user") -> Candidate:
    return Candidate("assert", subject, predicate, value, "")


@pytest.mark.parametrize("rule, parsed", [
    ("Fontaines D", "Fontaines D.C."), ("Bits", "Bits & Pieces"), ("Kings", "Kings of Leon"),
])
def test_a_name_the_rule_cut_short_is_made_whole_by_the_parse(rule, parsed):
    merged = merge_candidates([_c("favorite:band", rule)], [_c("favorite:band", parsed)])
    assert [c.value for c in merged] == [parsed]


def test_a_fuller_parse_value_of_another_attribute_or_not_a_name_is_not_taken():
    assert [c.value for c in merge_candidates([_c("club", "Bits")], [_c("gym", "Bits & Pieces")])][0] == "Bits"
    assert [c.value for c in merge_candidates([_c("club", "Bits")], [_c("club", "Bits on a Tuesday night")])] \
        == ["Bits"]
    assert [c.value for c in merge_candidates([_c("club", "Bits")], [_c("club", "Bits & Pieces", "sister")])][0] \
        == "Bits"


@pytest.mark.parametrize("evidence, rule, whole", [
    ("The quiz team is called Quiz + Chips, we meet Mondays.", "Quiz", "Quiz + Chips"),
    ("our local is Fox & Firkin.", "Fox", "Fox & Firkin"),
    ("My favourite singer is Jay Z.Q.", "Jay Z", "Jay Z.Q."),
])
def test_a_name_the_rule_cut_short_is_made_whole_from_its_sentence(evidence, rule, whole):
    merged = merge_candidates([Candidate("assert", "user", "club", rule, evidence)], [])
    assert [c.value for c in merged] == [whole]


def test_a_name_followed_by_a_full_stop_or_a_lower_case_word_is_not_widened():
    for evidence in ("I bank with HSBC. It is fine.", "I bank with HSBC & co-op savings."):
        assert [c.value for c in merge_candidates([Candidate("assert", "user", "bank", "HSBC", evidence)], [])] \
            == ["HSBC"]


def test_a_full_stop_after_the_rule_value_is_no_more_of_its_name():
    merged = merge_candidates([_c("works_at", "Brightwell Ltd")], [_c("works_at", "Brightwell Ltd.")])
    assert [c.value for c in merged] == ["Brightwell Ltd"]


def test_a_rule_value_already_whole_is_kept():
    merged = merge_candidates([_c("restaurant", "Luigi's")], [_c("favorite:restaurant", "Luigi")])
    assert [c.value for c in merged] == ["Luigi's"]


def test_whole_names_end_to_end(real_parser):
    from memory_core.facts.change_cues import user_candidates_in_scope
    from memory_core.facts.extraction import extract
    from memory_core.facts.parse_extractor import parsed_candidates
    text = "My favourite band is Fontaines D.C."
    merged = merge_candidates(user_candidates_in_scope(extract(text), list(sentences(text))),
                              parsed_candidates(real_parser, text))
    assert "Fontaines D.C." in {c.value for c in merged}


# -- someone else's clause gives that person's fact or none, never the user's ----------------------------
def _extracted(text: str) -> set[tuple[str, str | None, str | None]]:
    from memory_core.facts.extraction import extract
    return {(c.subject, c.predicate, c.value) for c in extract(text)}


@pytest.mark.parametrize("text", [
    "Once Priyanka moved to Galway, I took over her choir.",
    "When she moved to Derby the house felt empty.",
    "Since Marek moved to Gdansk, the flat is quiet.",
    "Jo's mum lives in Whitby and sends us kippers.",
])
def test_another_persons_move_is_no_home_of_the_users(text):
    assert not any(subject == "user" and predicate == "lives_in" for subject, predicate, _ in _extracted(text))


@pytest.mark.parametrize("text, expected", [
    ("Massive news, mum moved to Whitby!", ("mother", "lives_in", "Whitby")),
    ("dad's moved to Swansea", ("father", "lives_in", "Swansea")),
    ("mum works at the garden centre", ("mother", "works_at", "the garden centre")),
    ("Finally moved to Whitby last month.", ("user", "lives_in", "Whitby")),
])
def test_a_kin_word_used_as_a_name_is_that_relations_subject(text, expected):
    assert expected in _extracted(text)


@pytest.mark.parametrize("text", ["Since Oisin started at Arup, I barely see him.",
                                  "Ever since Mel moved to Hove, the flat's been quiet."])
def test_a_frame_in_another_persons_clause_gives_no_fact_of_the_users(text):
    assert not any(subject == "user" and predicate in ("works_at", "lives_in") for subject, predicate, _ in
                   _extracted(text))


def test_a_frame_in_the_users_clause_after_someone_elses_is_kept():
    assert ("user", "works_at", "Arup") in _extracted("Since Oisin left, I started at Arup.") or \
        any(v == "Arup" for _, _, v in _extracted("Since Oisin left, I started at Arup."))


def test_a_kin_word_of_someone_elses_is_not_the_users_relation():
    assert not any(subject == "mother" for subject, _, _ in _extracted("his mum works at the garden centre"))


def test_the_cue_subject_of_a_clause():
    from memory_core.facts.cues import cue_subject
    text = "After Callum moved to Perth, we moved to Leeds"
    assert cue_subject(text, text.index("moved to Perth")) is None
    assert cue_subject(text, text.index("moved to Leeds")) == "user"
    assert cue_subject("She has just moved to Rhyl", len("She has just ")) is None
    assert cue_subject("Just moved to Rhyl", len("Just ")) == "user"  # no subject said: the user's own news


# -- common constructions that say a fact ----------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("I'm on ramipril since the heart scare.", "ramipril"),
    ("I take 50mg of losartan with breakfast", "losartan"),
    ("I've been prescribed omeprazole for the reflux.", "omeprazole"),
    ("Honestly I'm still on fluoxetine and it helps.", "fluoxetine"),
    ("The consultant has me on bisoprolol now.", "bisoprolol"),
    ("Collected my atorvastatin on the way home.", "atorvastatin"),
])
def test_a_medicine_the_user_takes_is_their_medication(text, value):
    assert ("user", "medication", value) in _extracted(text)


@pytest.mark.parametrize("text", [
    "I'm on the night bus home.",
    "My gran takes warfarin.",
    "I'm not on ramipril.",
    "If I'm on ramipril the dizziness could be why.",
    "I take Caroline to swimming on Saturdays.",
])
def test_being_on_or_taking_something_that_is_no_medicine_of_the_users_is_refused(text):
    assert not any(predicate == "medication" for _, predicate, _ in _extracted(text))


@pytest.mark.parametrize("text, value", [
    ("We have Disney+ for the kids.", "Disney+"), ("we've got Virgin Media now", "Virgin Media"),
])
def test_a_named_service_the_household_has_is_a_subscription(text, value):
    assert ("user", "subscription", value) in _extracted(text)


@pytest.mark.parametrize("text", ["We have Gemma over on Saturday.", "If we got Disney+ the kids would be thrilled."])
def test_having_a_guest_or_a_wish_is_no_subscription(text):
    assert not any(predicate == "subscription" for _, predicate, _ in _extracted(text))


def test_coming_off_a_medicine_ends_it():
    assert changed("I finally came off ramipril in June.", "user", "medication", "ramipril") == {"ramipril": None}


def test_the_background_matcher_reads_no_fact_from_someone_elses_news(store):
    """The MiniLM matcher runs on sentences the rules left; another person's switch must not reach it."""
    from memory_core.clock import parse_iso
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.facts.semantic import pending
    from memory_core.ingest import ingest_message
    ingest_message(store, "chat-a", "user", "My cousin switched to Plusnet broadband.",
                   at=parse_iso("2025-01-01T10:00:00+00:00"))
    ingest_message(store, "chat-a", "user", "Switched to Plusnet broadband at last.",
                   at=parse_iso("2025-01-02T10:00:00+00:00"))
    run_fact_pass(store)
    _, options = pending(store)
    assert all(not option.sentence.startswith("My cousin") for option in options)


def test_the_background_matcher_still_reads_who_the_users_someone_is(store):
    from memory_core.clock import parse_iso
    from memory_core.facts.fact_pass import run_fact_pass
    from memory_core.facts.semantic import pending
    from memory_core.ingest import ingest_message
    ingest_message(store, "chat-a", "user", "My manager in the new team is Ms Adeyemi, tough but kind.",
                   at=parse_iso("2025-01-01T10:00:00+00:00"))
    run_fact_pass(store)
    _, options = pending(store)
    assert any("Adeyemi" in option.value for option in options)
